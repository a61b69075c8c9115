/*
** protocol.h -- the line protocol between the referee and a bot program.
**
** A bot program is the student's four functions linked with the kit's
** driver (solution/bot-challenge/driver.c).  The referee
** writes one request line to its stdin and reads one reply line from its
** stdout, ASCII, '\n'-terminated, numbers in decimal:
**
**   request                                   reply
**   init PLAYERS SIZE P0 P1 P2 P3 P4 P5 ME    ok      InitChineseCheckers
**   move                                      R1 C1 R2 C2   YourMove
**   opponent SEAT R1 C1 R2 C2                 ok      OpponentMove
**   term                                      ok      TermChineseCheckers
**
** End of input (the referee closed the pipe) ends the program with
** status 0.  init may come again after term, for a new game; the
** referee does not do it: each game gets a fresh program in a fresh
** sandbox, so that nothing of one game -- memory, files, a process left
** running, a verdict -- reaches the next, and a game's record depends on
** its bots and seed alone, whatever games a worker played before it (a
** tournament resumed or sharded plays the same games).  That costs a
** sandbox's start and end per bot and game (make bench-tournament
** measures it against bots kept for many games).  The driver keeps the protocol on descriptors of its own and
** points the program's stdout at its stderr and its stdin at /dev/null,
** so that a bot that prints or reads cannot corrupt a conversation; what
** it prints is kept (up to a cap) for its report.  A reply line longer
** than PROTOCOL_LINE_MAX bytes, its '\n' included, a reply with a NUL
** byte, or anything but the reply expected, is a bad reply: the bot
** leaves the game.  Bytes a bot writes after its reply line are read as
** the start of its next reply.
**
** The replies' exact grammar (what the driver writes; nothing else is
** accepted):
**
**   reply   = ( "ok" | move ) "\n"
**   move    = integer " " integer " " integer " " integer
**   integer = "0" | [ "-" ] nonzero { digit }      (within a long)
**   nonzero = "1" .. "9"
**
** So no sign "+", no "-0", no leading zeros, exactly one blank (a space)
** between numbers and none before or after, no "\r", tab, "\v" or "\f".
*/
#ifndef REFEREE_PROTOCOL_H
#define REFEREE_PROTOCOL_H

#define PROTOCOL_LINE_MAX 128

/* Reads a move reply (its '\n' removed) by the grammar above into
** move[0..3] (r1 c1 r2 c2): 0, or -1 for anything else (move[] then
** unspecified). */
int protocol_move_reply(const char *line, long move[4]);

#endif /* REFEREE_PROTOCOL_H */

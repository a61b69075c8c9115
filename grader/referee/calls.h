/*
** calls.h -- the names the referee gives a bot's four calls in its
** messages ("YourMove used 1.2 s of CPU ...", "OpponentMove: replied ...").
**
** The referee plays any game of the board library between bot programs
** that answer the four requests of protocol.h; what a bot's author calls
** those requests is the assignment's business.  The assignment's build
** passes its names (the bot challenge's: grader/assignments/bot-challenge/
** calls.mk, the functions of its header); without them the messages use
** the protocol's own words.
*/
#ifndef REFEREE_CALLS_H
#define REFEREE_CALLS_H

#ifndef REFEREE_CALL_INIT
#define REFEREE_CALL_INIT "init"
#endif
#ifndef REFEREE_CALL_MOVE
#define REFEREE_CALL_MOVE "move"
#endif
#ifndef REFEREE_CALL_OPPONENT
#define REFEREE_CALL_OPPONENT "opponent"
#endif
#ifndef REFEREE_CALL_TERM
#define REFEREE_CALL_TERM "term"
#endif

#endif /* REFEREE_CALLS_H */

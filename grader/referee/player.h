/*
** player.h -- one seat's bot as the referee sees it: the challenge's four
** functions behind a table, whatever runs them.
**
** Two kinds fill the table:
**   rplayer_house()    a house bot (house.h) in the referee's own process:
**                      for tests, and for the in-process games that give
**                      `make bench-tournament` its limit;
**   rplayer_process()  a bot program in the grader's sandbox, spoken to
**                      over pipes (player_process.c, protocol.h).
** Every call returns 0, or -1 when the bot has left the game: its verdict
** (RPLAYER_CRASHED, ...) and a sentence are then in the player, and every
** later call returns -1 at once.  The referee charges each call's CPU
** time from rplayer_cpu() before and after it.
**
** Memory: the constructors allocate; rplayer_close() ends the bot (a
** process is killed at once: it has answered Term or left the game) and
** frees everything (NULL accepted).
*/
#ifndef REFEREE_PLAYER_H
#define REFEREE_PLAYER_H

#include <stdint.h>

#include "house.h"

enum rplayer_verdict {
    RPLAYER_PLAYING,
    RPLAYER_ILLEGAL,        /* claimed an illegal move (set by the referee)  */
    RPLAYER_CRASHED,        /* exited or was killed by a signal              */
    RPLAYER_TIMEOUT,        /* a call passed its CPU or wall-clock limit     */
    RPLAYER_MEMORY,         /* passed its memory limit                       */
    RPLAYER_BAD_REPLY,      /* answered what the protocol does not allow     */
    RPLAYER_FLOOD,          /* printed past its output cap                   */
    RPLAYER_FAILED          /* could not be started (the grader's failure)   */
};

struct rplayer;

struct rplayer_ops {
    int (*init)(struct rplayer *p, long players, long size, const long points[6], long me);
    int (*move)(struct rplayer *p, long move[4]);       /* r1 c1 r2 c2      */
    int (*opponent)(struct rplayer *p, long seat, const long move[4]);
    int (*term)(struct rplayer *p);
    double (*cpu)(struct rplayer *p);                   /* seconds so far   */
    void (*close)(struct rplayer *p);                   /* frees p          */
};

/* What every kind of player starts with; a kind's own struct embeds it
** first. */
struct rplayer {
    const struct rplayer_ops *ops;
    enum rplayer_verdict verdict;
    char detail[200];               /* why it is out, visible (report/visible.h) */
    double call_cpu_limit;          /* seconds of CPU one call may use; 0: none */
};

/* A house bot in this process (house.h's arguments); NULL when out of
** memory or strength is out of range. */
struct rplayer *rplayer_house(enum hbot_kind kind, int strength, uint64_t seed);

/* The four calls and the CPU figure; each returns -1 at once for a player
** already out.  A call that uses more than call_cpu_limit seconds of CPU
** puts the player out with RPLAYER_TIMEOUT. */
int rplayer_init(struct rplayer *p, long players, long size, const long points[6], long me);
int rplayer_move(struct rplayer *p, long move[4]);
int rplayer_opponent(struct rplayer *p, long seat, const long move[4]);
int rplayer_term(struct rplayer *p);
double rplayer_cpu(struct rplayer *p);
void rplayer_close(struct rplayer *p);

/* Puts p out with verdict v and a sentence (printf-style), made visible:
** a reply of the bot quoted in it cannot carry a control byte or break
** the records' UTF-8. */
void rplayer_fail(struct rplayer *p, enum rplayer_verdict v, const char *fmt, ...);

/* "playing", "illegal move", "crashed", "timeout", "memory", "bad reply",
** "flood", "could not start" */
const char *rplayer_verdict_name(enum rplayer_verdict v);

#endif /* REFEREE_PLAYER_H */

/*
** player_process.h -- a bot program as a player (player.h): run in the
** grader's sandbox (grader/sandbox/sandbox.h, conversations), one
** sandbox and uid slot per bot, spoken to over protocol.h's lines.
**
** Limits: `limits` holds for the whole game (the sandbox's CPU, wall,
** memory, process and output caps; the CPU cap is the bot's budget for
** the game); call_cpu_seconds and call_wall_seconds bound each call.  A
** bot that passes one leaves the game with RPLAYER_TIMEOUT; one killed by
** the sandbox gets the verdict the sandbox gives (crash, memory, flood,
** timeout).
*/
#ifndef REFEREE_PLAYER_PROCESS_H
#define REFEREE_PLAYER_PROCESS_H

#include "../sandbox/sandbox.h"
#include "player.h"

struct rplayer_program {
    const char *const *argv;            /* argv[0]: the program's absolute path */
    const char *const *readonly_paths;  /* what it may read (its folder)        */
    struct sandbox_limits limits;       /* for the whole game                   */
    double call_cpu_seconds;            /* per call; 0: none                    */
    double call_wall_seconds;           /* per call; 0: 10 s                    */
};

/* A player running prog.  Never NULL but when out of memory: a program
** that cannot be started gives a player already out (RPLAYER_FAILED). */
struct rplayer *rplayer_process(const struct rplayer_program *prog);

#endif /* REFEREE_PLAYER_PROCESS_H */

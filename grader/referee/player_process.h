/*
** player_process.h -- a bot program as a player (player.h): run in the
** grader's sandbox (grader/sandbox/sandbox.h, conversations), one
** sandbox and uid slot per bot, spoken to over protocol.h's lines.
**
** Limits: `limits` holds for the whole game (the sandbox's CPU, wall,
** memory, process and output caps; the CPU cap is the bot's budget for
** the game); call_cpu_seconds and call_wall_seconds bound each call, and
** game_wall_seconds the wall-clock time of all its calls together (from
** each request sent to its reply read: the time the game waits for this
** bot).  A bot that passes one leaves the game with RPLAYER_TIMEOUT; one
** killed by the sandbox gets the verdict the sandbox gives (crash,
** memory, flood, timeout).
**
** Time after a game: once a bot has answered Term, or has left the game,
** it is stopped at once (its sandbox killed, no grace): a bot that keeps
** running after Term costs no game any time.
**
** rplayer_program_limits() derives every limit from the two CPU budgets
** the rules give (per call, per game), never from the machine's speed:
** a call may take RPLAYER_WALL_FACTOR times its CPU budget of wall time,
** plus a second, and a bot's calls in a game together RPLAYER_WALL_FACTOR
** times the game's CPU budget, plus a second.  So a game of n bots waits
** at most n (RPLAYER_WALL_FACTOR game_cpu + 1) s for its bots, however
** they spend it (sleeping, blocked reads): a bot that sleeps instead of
** computing slows a tournament at most RPLAYER_WALL_FACTOR times as much
** as one that spends its whole CPU budget in every game
** (tests/referee/bots/sleeper.c).  The factor leaves a correct bot room on
** a machine whose load stretches wall time against CPU time.
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
    double game_wall_seconds;           /* all its calls in the game; 0: none   */
};

#define RPLAYER_WALL_FACTOR 3

/* Sets prog's limits from the rules' CPU budgets: call_cpu seconds a call,
** game_cpu a game (both > 0), and memory_bytes of memory; 4 processes,
** 64 KiB of stderr (see above for the wall-clock limits).  The sandbox's
** own wall limit for the bot's whole life is a backstop past the longest
** game of RGAME_MAX_SEATS bots. */
void rplayer_program_limits(struct rplayer_program *prog, double call_cpu, double game_cpu, size_t memory_bytes);

/* A player running prog.  Never NULL but when out of memory: a program
** that cannot be started gives a player already out (RPLAYER_FAILED). */
struct rplayer *rplayer_process(const struct rplayer_program *prog);

#endif /* REFEREE_PLAYER_PROCESS_H */

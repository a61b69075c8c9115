/*
** schedule.h -- which games a bot tournament plays: for every board size,
** player count and round, a block of games in which every bot plays as
** often as every other, every pair of bots meets as often as every other
** pair, and every bot sits at every seat index (seat 0 moves first) as
** often as at any other.  Pure: no I/O, no clock, no global state; the
** same configuration always gives the same games with the same ids.
**
** A block is the games of one (size, players k, round).  Its design:
**
**   TSCHED_FULL     every k-subset of the bots, each in the k cyclic
**                   rotations of a seeded seat order: k * C(B, k) games.
**                   Per bot k * C(B-1, k-1) games, C(B-1, k-1) at each
**                   seat; per pair k * C(B-2, k-2) meetings.  Used
**                   whenever it holds at most the block cap of games,
**                   and always for k = 2: B (B-1) games, each ordered
**                   pair once (for an even B no smaller design gives
**                   every bot as many first moves as second).
**   TSCHED_PRIME    B prime and the full design over the cap: the
**                   affine development over Z_B of one seeded base block
**                   S (k residues in seat order): the game (u, t) seats
**                   bot u * S[i] + t at seat i, u = 1 .. (B-1)/2,
**                   t = 0 .. B-1 (bots relabelled by a seeded
**                   permutation).  B (B-1) / 2 games; per bot k (B-1)/2
**                   games, (B-1)/2 at each seat; per pair exactly
**                   C(k, 2) meetings (multiplying by u and -u reaches
**                   every nonzero difference once).
**   TSCHED_SAMPLED  B composite and the full design over the cap: the
**                   cyclic development (t = 0 .. B-1) of m seeded base
**                   blocks, chosen among random candidates by a local
**                   search that evens out how often each difference of
**                   bot numbers (hence each pair) is covered;
**                   m = ceil(4 * floor(B/2) / C(k, 2)), so a pair meets
**                   about 4 times.  Games per bot (k m) and per seat (m)
**                   are exact; pair meetings only approximately equal
**                   (no small exactly balanced design exists for every
**                   B): every pair meets, and meetings differ by at most
**                   3 (checked by the tests for B up to 32).
**
** Star points: seat i of a k-player game uses tsched_points(k)[i], the
** challenge's playerPosition[] (so each bot also gets each point equally
** often).  Ids: "s<size>-p<k>-r<round>-g<index, 4 digits>", index within
** its block.  A block depends only on (bots, seed, block cap, size, k,
** round), never on the other sizes, counts or rounds configured: adding
** rounds or sizes to a tournament keeps every earlier game and its id,
** which is what resuming an interrupted tournament relies on.
*/
#ifndef GRADER_TOURNAMENT_SCHEDULE_H
#define GRADER_TOURNAMENT_SCHEDULE_H

#include <stddef.h>
#include <stdint.h>

#define TSCHED_MAX_PLAYERS 6
#define TSCHED_ID_MAX 48
/* The default block cap: the most games a full-design block may hold. */
#define TSCHED_BLOCK_CAP 20000L

enum tsched_design { TSCHED_FULL, TSCHED_PRIME, TSCHED_SAMPLED };

struct tsched_config {
    int bots;                     /* B >= 2, numbered 0 .. B-1            */
    const int *player_counts;     /* each 2..6 and <= bots, no repeats    */
    size_t n_player_counts;       /* >= 1                                 */
    const int *sizes;             /* star sizes, each 1..9999, no repeats */
    size_t n_sizes;               /* >= 1                                 */
    int rounds;                   /* >= 1: blocks per (size, count)       */
    uint64_t seed;
    long block_cap;               /* 0: TSCHED_BLOCK_CAP                  */
};

struct tsched_game {
    char id[TSCHED_ID_MAX];       /* e.g. "s4-p3-r0-g0007", unique        */
    int size, players, round;
    int index;                    /* its place in its block, from 0       */
    int seats[TSCHED_MAX_PLAYERS];   /* the bot at each seat 0..players-1 */
    int points[TSCHED_MAX_PLAYERS];  /* the star point of each seat       */
};

/* The games, owned by the schedule (tsched_free releases them).  Order:
** by round, then size, then player count (each in the order configured),
** then index. */
struct tsched_schedule {
    struct tsched_game *games;
    size_t count;
};

/* Fills *out with every game of the tournament cfg describes.  Returns 0,
** or -1 with errno EINVAL (a field out of range, a repeated size or
** count; *out is then empty), ENOMEM or EOVERFLOW (too many games).
** Example: bots 3, counts {2}, sizes {4}, rounds 1 gives the six games
** s4-p2-r0-g0000 .. g0005, each ordered pair of bots once. */
int tsched_build(const struct tsched_config *cfg, struct tsched_schedule *out);

/* Releases the games; s may be NULL or already freed. */
void tsched_free(struct tsched_schedule *s);

/* The default star points of a k-player game (2: 0 3; 3: 0 2 4;
** 4: 1 2 4 5; 5: 0 1 2 3 4; 6: 0..5), or NULL for k outside 2..6. */
const int *tsched_points(int players);

/* The design a block of `players` among `bots` uses under block_cap
** (0: the default), and how many games it holds; -1 for arguments out of
** range (bots < 2, players outside 2..min(6, bots)). */
int tsched_design(int bots, int players, long block_cap);
long tsched_block_games(int bots, int players, long block_cap);

#endif /* GRADER_TOURNAMENT_SCHEDULE_H */

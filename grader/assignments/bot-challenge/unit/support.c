/*
** support.c -- games between the submission and house bots, refereed by
** the kit (support.h).
*/
#define _POSIX_C_SOURCE 200809L
#include "support.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

static const char *const kind_names[] = {"random", "greedy", "strong"};

void bc_default_points(int players, int points[6])
{
    static const int seats[7][6] = {
        [2] = {0, 3}, [3] = {0, 2, 4}, [4] = {1, 2, 4, 5},
        [5] = {0, 1, 2, 3, 4}, [6] = {0, 1, 2, 3, 4, 5},
    };

    memcpy(points, seats[players], sizeof seats[players]);
}

const char *bc_describe(const struct bc_game *game)
{
    static char text[160];
    int n = snprintf(text, sizeof text, "size %d, %d players, your seat %d, seed %llu, vs", game->size,
                     game->players, game->me, (unsigned long long)game->seed);

    for (int s = 0; s < game->players && n < (int)sizeof text; s++)
        if (s != game->me)
            n += snprintf(text + n, sizeof text - (size_t)n, " %s", kind_names[game->house[s]]);
    return text;
}

static double thread_cpu(void)
{
    struct timespec t;

    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* The submission's call `what` took `used` seconds: counted. */
static void charge(struct bc_result *r, double used)
{
    r->cpu_total += used;
    if (used > r->cpu_max)
        r->cpu_max = used;
}

static long points_of(const struct bc_game *game, long out[6])
{
    for (int s = 0; s < 6; s++)
        out[s] = s < game->players ? game->points[s] : 0;
    return 0;
}

/* Tells every seat but `mover` of its move. */
static void tell(const struct bc_game *game, struct hbot **bots, struct rgame *g, int mover, const long mv[4],
                 struct bc_result *r)
{
    for (int s = 0; s < game->players; s++) {
        if (s == mover || rgame_is_out(g, s))
            continue;
        if (s == game->me) {
            Position from = {mv[0], mv[1]}, to = {mv[2], mv[3]};
            double t = thread_cpu();
            OpponentMove(mover, from, to);
            charge(r, thread_cpu() - t);
        } else {
            hbot_opponent(bots[s], mover, mv[0], mv[1], mv[2], mv[3]);
        }
    }
}

/* One turn of seat s; fails the test on an illegal move of the submission. */
static void turn(const struct bc_game *game, struct hbot **bots, struct rgame *g, int s, struct bc_result *r)
{
    long mv[4];
    char why[200];

    if (s == game->me) {
        Position from = {-1, -1}, to = {-1, -1};
        double t = thread_cpu();
        YourMove(&from, &to);
        charge(r, thread_cpu() - t);
        mv[0] = from.row, mv[1] = from.col, mv[2] = to.row, mv[3] = to.col;
        r->moves++;
    } else {
        double t = thread_cpu();
        hbot_move(bots[s], &mv[0], &mv[1], &mv[2], &mv[3]);
        r->house_cpu += thread_cpu() - t;
        r->house_moves++;
    }
    enum rgame_claim c = rgame_claim(g, mv[0], mv[1], mv[2], mv[3], NULL, NULL, why, sizeof why);
    cr_assert(c != RGAME_ILLEGAL || s != game->me, "%s: your move %d, (%ld,%ld) to (%ld,%ld), is illegal: %s",
              bc_describe(game), r->moves, mv[0], mv[1], mv[2], mv[3], why);
    cr_assert(c != RGAME_ILLEGAL, "%s: the house bot at seat %d moved illegally (%s): a fault of the kit",
              bc_describe(game), s, why);
    tell(game, bots, g, s, mv, r);
}

void bc_play(const struct bc_game *game, struct bc_result *r)
{
    struct hbot *bots[6] = {0};
    long points[6];
    int cap = game->cap > 0 ? game->cap : rgame_default_cap(game->size, game->players, game->points);
    struct rgame *g = rgame_new(game->size, game->players, game->points, cap);
    int victim = (game->me + 1) % game->players, victim_turns = 0;

    memset(r, 0, sizeof *r);
    cr_assert_not_null(g, "the kit could not set up the game (%s)", bc_describe(game));
    points_of(game, points);
    for (int s = 0; s < game->players; s++) {
        if (s == game->me) {
            double t = thread_cpu();
            InitChineseCheckers(game->players, game->size, points, s);
            charge(r, thread_cpu() - t);
            continue;
        }
        bots[s] = hbot_new(game->house[s], game->strength ? game->strength : 1, game->seed + (uint64_t)s);
        cr_assert(bots[s] && hbot_init(bots[s], game->players, game->size, points, s) == 0,
                  "the kit could not start its bots");
    }
    for (int s; (s = rgame_to_move(g)) >= 0;) {
        if (s == victim && game->out_after > 0 && victim_turns++ == game->out_after) {
            rgame_out(g, victim);
            continue;
        }
        turn(game, bots, g, s, r);
    }
    double t = thread_cpu();
    TermChineseCheckers();
    charge(r, thread_cpu() - t);
    rgame_result(g, &r->result);
    for (int s = 0; s < game->players; s++)
        hbot_free(bots[s]);
    rgame_free(g);
}

void bc_first_move(int size, int players, const int points[6], int me)
{
    long pts[6] = {0};
    int order[6], n = 0;
    char why[200];
    Position from = {-1, -1}, to = {-1, -1};

    for (int s = 0; s < players; s++)
        pts[s] = points[s];
    /* The kit's game with `me` moving first: its points rotated so that
    ** seat 0 of the referee is `me`'s point. */
    for (int s = 0; s < players; s++)
        order[n++] = points[(me + s) % players];
    struct rgame *g = rgame_new(size, players, order, 10);
    cr_assert_not_null(g, "the kit could not set up a game of size %d", size);
    InitChineseCheckers(players, size, pts, me);
    YourMove(&from, &to);
    enum rgame_claim c = rgame_claim(g, from.row, from.col, to.row, to.col, NULL, NULL, why, sizeof why);
    cr_assert(c == RGAME_MOVED, "size %d, %d players, seat %d at point %d: your first move (%ld,%ld) to "
              "(%ld,%ld) is not a legal move of the start: %s", size, players, me, points[me], from.row,
              from.col, to.row, to.col, c == RGAME_PASSED ? "a pass, with moves to make" : why);
    TermChineseCheckers();
    rgame_free(g);
}

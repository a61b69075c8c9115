/*
** hidden/blocked.c -- the bot with no legal move: it must pass by naming
** one of its own pieces as both from and to (chinese_checkers_bot.h,
** "Moves"), and move again once a move opens.
**
** The position: three players on the star of size 3, the submission in
** seat 2 at home in point 1, seats 0 and 1 in points 0 and 2.  The other
** seats walk nine pieces, one step at a time, onto every cell next to the
** submission's home and every cell a hop out of it would land on, so that
** none of its pieces can step or hop (the cells are worked out from the
** rules below, on the kit's board, not taken from any bot).  The
** submission sees only InitChineseCheckers and these OpponentMove calls:
** the header lets turns come in any order ("do not count on turns coming
** in seat order"), and nothing of its own moves is needed to get there.
** Every step is a legal move of its seat, checked by the kit's referee
** (rgame_setup puts the position and the seat to move, rgame_claim
** judges), and the referee also judges the submission's answers: a pass
** is legal only when it had no move.
**
** The point-1 home puts the submission's first piece in reading order
** at row 3, column 3, away from row 0, column 0 and the star's last cell,
** so a pass that names a wrong cell is not one of its pieces by chance.
** Seat 0 brings all six of its pieces, the one on (0, 0) -- the first cell
** of the board -- among them.
**
** The second test walls in each of the six homes the same way (the
** others on the two points beside it) and, each time in a new game, lets
** one blocker beyond the home step away: the one hop that opens leaves
** the home in a direction set by the home and the blocker, so a bot that
** has lost one direction of its neighbour tables passes where it must
** move.
*/
#include <stdint.h>
#include <string.h>

#include "graded_test.h"
#include "support.h"

#define SIZE 3
#define PLAYERS 3
#define ME 2

struct scene {
    int points[PLAYERS];
    struct rgame *g;
    const eg_board *b;
    int8_t owner[6 * SIZE * (SIZE + 1) + 1];
    int moves;                              /* opponent steps so far  */
};

static void copy_owner(struct scene *s)
{
    memcpy(s->owner, rgame_position(s->g)->owner, sizeof s->owner);
}

/* The cells that must be occupied so that no piece of `me` can move:
** each empty neighbour of one of its pieces, and the cell beyond it
** (where a hop over the blocker would land). */
static int needed_cells(const struct scene *s, int me, int need[], int room)
{
    int n = 0;
    char mark[sizeof s->owner] = {0};

    for (int c = 0; c < s->b->cells; c++) {
        if (s->owner[c] != me)
            continue;
        for (int d = 0; d < s->b->dirs; d++) {
            int step = eg_next(s->b, c, d), land = eg_beyond(s->b, c, d);
            if (step >= 0 && s->owner[step] != me && !mark[step] && n < room)
                mark[step] = 1, need[n++] = step;
            if (step >= 0 && land >= 0 && s->owner[land] != me && !mark[land] && n < room)
                mark[land] = 1, need[n++] = land;
        }
    }
    return n;
}

/* Moves one piece of `seat` (not one already placed) to `target` by
** single steps over empty cells it may stop on; each step is judged by
** the referee and told to the submission. */
static void walk_to(struct scene *s, int seat, int target, char placed[])
{
    int from[sizeof s->owner], queue[sizeof s->owner], head = 0, tail = 0, start = -1;

    for (int c = 0; c < s->b->cells; c++)
        from[c] = -2;
    from[target] = -1;
    queue[tail++] = target;
    while (head < tail && start < 0) {
        int c = queue[head++];
        for (int d = 0; d < s->b->dirs && start < 0; d++) {
            int m = eg_next(s->b, c, d);
            if (m < 0 || from[m] != -2)
                continue;
            if (s->owner[m] == seat && !placed[m]) {
                from[m] = c;
                start = m;
            } else if (s->owner[m] < 0 && !(s->b->barred && (s->b->barred[m] >> seat & 1))) {
                from[m] = c;
                queue[tail++] = m;
            }
        }
    }
    cr_assert(start >= 0, "the kit's test cannot bring a piece of seat %d to cell %d: a fault of the test", seat,
              target);
    for (int c = start; c != target; c = from[c]) {
        long r1, c1, r2, c2;
        char why[200];

        rgame_rowcol(s->g, c, &r1, &c1);
        rgame_rowcol(s->g, from[c], &r2, &c2);
        cr_assert(rgame_setup(s->g, s->owner, seat, 1) == 0, "the kit's test set up a wrong position");
        enum rgame_claim claim = rgame_claim(s->g, r1, c1, r2, c2, NULL, NULL, why, sizeof why);
        cr_assert(claim == RGAME_MOVED, "the kit's test made an illegal step for seat %d: %s", seat, why);
        copy_owner(s);
        OpponentMove(seat, (Position){r1, c1}, (Position){r2, c2});
        s->moves++;
    }
    placed[target] = 1;
}

/* Asks the submission for its move in the scene; returns the referee's
** verdict on it, with the move in from/to and the reason in why. */
static enum rgame_claim ask(struct scene *s, Position *from, Position *to, char *why, size_t whylen)
{
    *from = (Position){-1, -1};
    *to = (Position){-1, -1};
    cr_assert(rgame_setup(s->g, s->owner, ME, 1) == 0, "the kit's test set up a wrong position");
    YourMove(from, to);
    return rgame_claim(s->g, from->row, from->col, to->row, to->col, NULL, NULL, why, whylen);
}

/* 1 when cell touches a piece of the submission. */
static int next_to_home(const struct scene *s, int cell)
{
    for (int d = 0; d < s->b->dirs; d++) {
        int m = eg_next(s->b, cell, d);
        if (m >= 0 && s->owner[m] == ME)
            return 1;
    }
    return 0;
}

/* Seat 0 brings all its pieces first, seat 1 the rest; the cells next to
** the home are filled before those beyond them. */
static void block(struct scene *s, const int need[], int n)
{
    char placed[sizeof s->owner] = {0};
    int order[sizeof s->owner], k = 0;

    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < n; i++)
            if (next_to_home(s, need[i]) == (pass == 0))
                order[k++] = need[i];
    for (int i = 0; i < k; i++)
        walk_to(s, i < s->b->pieces ? 0 : 1, order[i], placed);
}

/* A new game with the submission's home on point `home` and the two
** points beside it for the others, walled in: the submission must pass.
** Returns the number of blockers (their cells in need[]). */
static int walled_in(struct scene *s, int home, int need[], int room)
{
    long pts[6] = {0};
    Position from, to;
    char why[200];

    memset(s, 0, sizeof *s);
    s->points[0] = (home + 5) % 6;
    s->points[1] = (home + 1) % 6;
    s->points[2] = home;
    s->g = rgame_new(SIZE, PLAYERS, s->points, 100);
    cr_assert_not_null(s->g, "the kit could not set up the game");
    s->b = rgame_board(s->g);
    copy_owner(s);
    for (int p = 0; p < PLAYERS; p++)
        pts[p] = s->points[p];
    InitChineseCheckers(PLAYERS, SIZE, pts, ME);
    int n = needed_cells(s, ME, need, room);
    cr_assert(n > 0 && n <= 2 * s->b->pieces, "the kit's test needs %d blockers: a fault of the test", n);
    block(s, need, n);
    enum rgame_claim c = ask(s, &from, &to, why, sizeof why);
    cr_assert(c == RGAME_PASSED, "size 3, 3 players at points %d, %d, %d, your seat 2: after %d moves of the "
              "others none of your pieces can move, and you must pass by naming one of your pieces as from and "
              "to; you answered (%ld,%ld) to (%ld,%ld): %s", s->points[0], s->points[1], s->points[2], s->moves,
              from.row, from.col, to.row, to.col, c == RGAME_MOVED ? "a move, which cannot be" : why);
    return n;
}

/* The blocker on `cell` (not next to the home) steps to an empty cell it
** may stop on; returns 0, or -1 when it has none. */
static int step_away(struct scene *s, int cell)
{
    int seat = s->owner[cell];
    char why[200];

    for (int d = 0; d < s->b->dirs; d++) {
        int m = eg_next(s->b, cell, d);
        if (m < 0 || s->owner[m] >= 0 || (s->b->barred && (s->b->barred[m] >> seat & 1)))
            continue;
        long r1, c1, r2, c2;
        rgame_rowcol(s->g, cell, &r1, &c1);
        rgame_rowcol(s->g, m, &r2, &c2);
        cr_assert(rgame_setup(s->g, s->owner, seat, 1) == 0, "the kit's test set up a wrong position");
        cr_assert(rgame_claim(s->g, r1, c1, r2, c2, NULL, NULL, why, sizeof why) == RGAME_MOVED,
                  "the kit's test made an illegal step: %s", why);
        copy_owner(s);
        OpponentMove(seat, (Position){r1, c1}, (Position){r2, c2});
        return 0;
    }
    return -1;
}

/* The submission must move (a hop has opened); fails the test if not. */
static void must_move(struct scene *s, long r, long c)
{
    Position from, to;
    char why[200];
    enum rgame_claim claim = ask(s, &from, &to, why, sizeof why);

    cr_assert(claim == RGAME_MOVED, "size 3, 3 players at points %d, %d, %d, your seat 2: after your pass the "
              "piece on (%ld,%ld) moved away and a hop opened for you; you answered (%ld,%ld) to (%ld,%ld): %s",
              s->points[0], s->points[1], s->points[2], r, c, from.row, from.col, to.row, to.col,
              claim == RGAME_PASSED ? "a pass" : why);
}

GRADED_TEST(blocked, no_move_is_a_pass_then_a_move_again)
{
    struct bc_game warm_up = {.size = 5, .players = 2, .me = 0, .seed = 31, .cap = 12};
    struct bc_result r;
    struct scene s;
    int need[64], n, freed = -1;

    /* A short game on another board and seating first: the position
    ** below must come from this game's InitChineseCheckers alone. */
    bc_default_points(2, warm_up.points);
    warm_up.house[1] = HBOT_GREEDY;
    bc_play(&warm_up, &r);

    n = walled_in(&s, 1, need, 64);
    for (int i = 0; i < n && freed < 0; i++)
        if (!next_to_home(&s, need[i]) && step_away(&s, need[i]) == 0)
            freed = need[i];
    cr_assert(freed >= 0, "the kit's test found no blocker to move away: a fault of the test");
    long row, col;
    rgame_rowcol(s.g, freed, &row, &col);
    must_move(&s, row, col);
    TermChineseCheckers();
    rgame_free(s.g);
}

/* Every home, and in each every blocker beyond the home stepping away in
** turn (a new game each time): the hop it opens leads out of the home in
** a direction that depends on the home and the blocker, so that between
** them every direction on rows of both parities is asked for. */
GRADED_TEST(blocked, each_hop_that_opens_in_every_home)
{
    int scenes = 0;

    for (int home = 0; home < 6; home++)
        for (int i = 0;; i++) {
            struct scene s;
            int need[64], n = walled_in(&s, home, need, 64), k = -1;

            for (int j = 0, seen = 0; j < n && k < 0; j++)
                if (!next_to_home(&s, need[j]) && seen++ == i)
                    k = need[j];
            if (k >= 0 && step_away(&s, k) == 0) {
                long row, col;
                rgame_rowcol(s.g, k, &row, &col);
                must_move(&s, row, col);
                scenes++;
            }
            TermChineseCheckers();
            rgame_free(s.g);
            if (k < 0)
                break;
        }
    cr_assert_geq(scenes, 6, "the kit's test opened only %d hops: a fault of the test", scenes);
}

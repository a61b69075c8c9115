/*
** support.c -- games between the submission and house bots, refereed by
** the kit (support.h).  The submission's four functions run in the callee
** process (forward.c); the house bots and the referee run here.
*/
#define _POSIX_C_SOURCE 200809L
#include "support.h"

#include <criterion/criterion.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "callee.h"
#include "forward.h"

static const char *const kind_names[] = {"random", "greedy", "strong"};

/* The record of the game being played (bc_last_record), grown as it goes. */
static char *record;
static size_t record_len, record_room;

static void record_add(const char *format, ...) __attribute__((format(printf, 1, 2)));

static void record_add(const char *format, ...)
{
    va_list ap;
    char piece[512];

    va_start(ap, format);
    int n = vsnprintf(piece, sizeof piece, format, ap);
    va_end(ap);
    if (n < 0 || (size_t)n >= sizeof piece)
        return;
    if (record_len + (size_t)n + 1 > record_room) {
        size_t room = record_room ? 2 * record_room : 8192;
        while (room < record_len + (size_t)n + 1)
            room *= 2;
        char *more = realloc(record, room);
        if (!more)
            return;
        record = more;
        record_room = room;
    }
    memcpy(record + record_len, piece, (size_t)n + 1);
    record_len += (size_t)n;
}

const char *bc_last_record(void)
{
    return record ? record : "";
}

void bc_show_record(const char *text)
{
    fputs(text, stderr);
    fflush(stderr);
}

/* The record's opening: the game, the bots, no turn yet. */
static void record_start(const struct bc_game *game, int cap)
{
    record_len = 0;
    record_add("a record of this game (save the JSON below as game.json; build/replay-html game.json "
               "game.html draws it):\n{\"format\": \"cc-bot-game 1\", \"id\": \"unit-test\", \"size\": %d, "
               "\"players\": %d, \"points\": [", game->size, game->players);
    for (int s = 0; s < game->players; s++)
        record_add("%s%d", s ? ", " : "", game->points[s]);
    record_add("], \"bots\": [");
    for (int s = 0; s < game->players; s++)
        record_add("%s\"%s\"", s ? ", " : "", s == game->me ? "yours" : kind_names[game->house[s]]);
    record_add("], \"turn_cap\": %d, \"moves\": [", cap);
}

static void record_turn(int seat, const long (*path)[2], int n, int first)
{
    record_add("%s{\"p\": %d, ", first ? "" : ", ", seat);
    if (n < 2) {
        record_add("\"pass\": [%ld, %ld]}", path[0][0], path[0][1]);
        return;
    }
    record_add("\"from\": [%ld, %ld], \"to\": [%ld, %ld], \"path\": [", path[0][0], path[0][1],
               path[n - 1][0], path[n - 1][1]);
    for (int i = 0; i < n; i++)
        record_add("%s[%ld, %ld]", i ? ", " : "", path[i][0], path[i][1]);
    record_add("]}");
}

static void record_end(const struct bc_game *game, const struct rgame_result *r)
{
    record_add("], \"result\": {\"end\": \"%s\", \"turns\": %d, \"rank\": [", rgame_end_name(r->end), r->turns);
    for (int s = 0; s < game->players; s++)
        record_add("%s%d", s ? ", " : "", r->rank[s]);
    record_add("], \"outcome\": [");
    for (int s = 0; s < game->players; s++)
        record_add("%s\"%s\"", s ? ", " : "", rgame_outcome_name(r->outcome[s]));
    record_add("]}}\n");
}

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

/* The submission's last call took `used` seconds of the callee's CPU:
** counted. */
static void charge(struct bc_result *r, double used)
{
    r->cpu_total += used;
    if (used > r->cpu_max)
        r->cpu_max = used;
}

/* The floor of a call's limit.  The greedy bot's few microseconds a move
** put the limit at the floor up to a size of about 30, where the
** reference's own calls take up to 25 ms under ASan on a quiet machine:
** a floor of 50 ms failed it on a loaded one (its long_games call took
** more).  Half a second is twenty times that call. */
#define CALL_FLOOR 0.5

double bc_call_limit(double greedy_per_move)
{
    double limit = 300 * greedy_per_move;

    return limit > CALL_FLOOR ? limit : CALL_FLOOR;
}

/* The handout's limit on one move call on a board of `size` (bc_call_limit):
** the greedy house bot's CPU time per move is measured here, over its first
** moves of a game of that size and seating (cached per size, which is what
** its cost grows with: a few microseconds a move up to size 10, half a
** millisecond on size 63).  At the floor of 0.5 s on every size. */
static double move_limit(int size, int players, const long points[6])
{
    enum { MOVES = 4 };
    static double per_move[64];
    long r1, c1, r2, c2;

    if (size < 1 || size > 63)
        return bc_call_limit(0);
    if (per_move[size] <= 0) {
        struct hbot *greedy = hbot_new(HBOT_GREEDY, 1, 0);
        cr_assert(greedy && hbot_init(greedy, players, size, points, 0) == 0,
                  "the kit could not start its greedy bot on size %d", size);
        double t = thread_cpu();
        for (int i = 0; i < MOVES; i++)
            hbot_move(greedy, &r1, &c1, &r2, &c2);
        per_move[size] = (thread_cpu() - t) / MOVES;
        hbot_free(greedy);
    }
    return bc_call_limit(per_move[size]);
}

static long points_of(const struct bc_game *game, long out[6])
{
    for (int s = 0; s < 6; s++)
        out[s] = s < game->players ? game->points[s] : 0;
    return 0;
}

/* The calls of bc_game.junk, after the submission heard of `mover`'s move
** to (mv[2], mv[3]): that piece to and from positions off the board, and
** a pass of each of `mover`'s pieces -- none changes the position. */
static void junk_calls(const struct bc_game *game, struct rgame *g, int mover, const long mv[4],
                       struct bc_result *r)
{
    long edge = 4L * game->size;
    /* Rows and columns just past the star's bounding box on each side,
    ** and its corner (0, -4n), which holds no cell. */
    const Position off[] = {{-1, 0}, {edge + 1, 0}, {0, -edge - 1}, {edge, edge + 1}, {0, -edge}};
    const Position at = {mv[2], mv[3]};
    const eg_position *pos = rgame_position(g);

    for (size_t i = 0; i < sizeof off / sizeof *off; i++) {
        OpponentMove(mover, off[i], at);
        charge(r, callee_last_cpu());
        OpponentMove(mover, at, off[i]);
        charge(r, callee_last_cpu());
    }
    for (int c = 0; c < rgame_cells(g); c++) {
        Position p;
        if (pos->owner[c] != mover)
            continue;
        rgame_rowcol(g, c, &p.row, &p.col);
        OpponentMove(mover, p, p);
        charge(r, callee_last_cpu());
    }
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
            OpponentMove(mover, from, to);
            charge(r, callee_last_cpu());
            if (game->junk && (mv[0] != mv[2] || mv[1] != mv[3]))
                junk_calls(game, g, mover, mv, r);
        } else {
            hbot_opponent(bots[s], mover, mv[0], mv[1], mv[2], mv[3]);
        }
    }
}

/* One turn of seat s; fails the test on an illegal move of the submission. */
static void turn(const struct bc_game *game, struct hbot **bots, struct rgame *g, int s, struct bc_result *r,
                 long (*path)[2], int first)
{
    long mv[4];
    char why[200];
    int n = 0;

    if (s == game->me) {
        Position from = {-1, -1}, to = {-1, -1};
        YourMove(&from, &to);
        charge(r, callee_last_cpu());
        mv[0] = from.row, mv[1] = from.col, mv[2] = to.row, mv[3] = to.col;
        r->moves++;
    } else {
        double t = thread_cpu();
        hbot_move(bots[s], &mv[0], &mv[1], &mv[2], &mv[3]);
        r->house_cpu += thread_cpu() - t;
        r->house_moves++;
    }
    enum rgame_claim c = rgame_claim(g, mv[0], mv[1], mv[2], mv[3], path, &n, why, sizeof why);
    if (c == RGAME_ILLEGAL && s == game->me) {
        record_add("%s{\"p\": %d, \"out\": \"illegal move\", \"detail\": \"(%ld,%ld) to (%ld,%ld): %s\"}]}\n",
                   first ? "" : ", ", s, mv[0], mv[1], mv[2], mv[3], why);
        bc_show_record(bc_last_record());
    }
    cr_assert(c != RGAME_ILLEGAL || s != game->me, "%s: your move %d, (%ld,%ld) to (%ld,%ld), is illegal: %s",
              bc_describe(game), r->moves, mv[0], mv[1], mv[2], mv[3], why);
    cr_assert(c != RGAME_ILLEGAL, "%s: the house bot at seat %d moved illegally (%s): a fault of the kit",
              bc_describe(game), s, why);
    if (c == RGAME_PASSED) {
        path[0][0] = mv[0];
        path[0][1] = mv[1];
    }
    record_turn(s, (const long (*)[2])path, c == RGAME_PASSED ? 1 : n, first);
    tell(game, bots, g, s, mv, r);
}

void bc_play(const struct bc_game *game, struct bc_result *r)
{
    struct hbot *bots[6] = {0};
    long points[6];
    int cap = game->cap > 0 ? game->cap : rgame_default_cap(game->size, game->players, game->points);
    struct rgame *g = rgame_new(game->size, game->players, game->points, cap);
    int victim = (game->me + 1) % game->players, victim_turns = 0, first = 1;
    long (*path)[2] = g ? malloc(sizeof *path * (size_t)rgame_cells(g)) : NULL;

    memset(r, 0, sizeof *r);
    cr_assert(g && path, "the kit could not set up the game (%s)", bc_describe(game));
    record_start(game, cap);
    points_of(game, points);
    bc_forward_move_limit(move_limit(game->size, game->players, points));
    for (int s = 0; s < game->players; s++) {
        if (s == game->me) {
            InitChineseCheckers(game->players, game->size, points, s);
            charge(r, callee_last_cpu());
            continue;
        }
        bots[s] = hbot_new(game->house[s], game->strength ? game->strength : 1, game->seed + (uint64_t)s);
        cr_assert(bots[s] && hbot_init(bots[s], game->players, game->size, points, s) == 0,
                  "the kit could not start its bots");
    }
    for (int s; (s = rgame_to_move(g)) >= 0;) {
        if (s == victim && game->out_after > 0 && victim_turns++ == game->out_after) {
            rgame_out(g, victim);
            record_add("%s{\"p\": %d, \"out\": \"timeout\", \"detail\": \"put out by the test\"}", first ? "" : ", ",
                       victim);
            first = 0;
            continue;
        }
        turn(game, bots, g, s, r, path, first);
        first = 0;
    }
    TermChineseCheckers();
    charge(r, callee_last_cpu());
    rgame_result(g, &r->result);
    record_end(game, &r->result);
    for (int s = 0; s < game->players; s++)
        hbot_free(bots[s]);
    free(path);
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
    bc_forward_move_limit(move_limit(size, players, pts));
    InitChineseCheckers(players, size, pts, me);
    YourMove(&from, &to);
    enum rgame_claim c = rgame_claim(g, from.row, from.col, to.row, to.col, NULL, NULL, why, sizeof why);
    cr_assert(c == RGAME_MOVED, "size %d, %d players, seat %d at point %d: your first move (%ld,%ld) to "
              "(%ld,%ld) is not a legal move of the start: %s", size, players, me, points[me], from.row,
              from.col, to.row, to.col, c == RGAME_PASSED ? "a pass, with moves to make" : why);
    TermChineseCheckers();
    rgame_free(g);
}

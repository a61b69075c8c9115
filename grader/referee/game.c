/*
** game.c -- the bot challenge's rules (game.h) on the board library.
**
** The position's to_move is set to the claiming seat before each check,
** since out seats are skipped and the library's turn order knows nothing
** of them.  A round is complete when the last seat still in the game has
** moved: only then is the end looked for, so that every seat has had as
** many turns as seat 0.
*/
#include "game.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "search.h"

struct rgame {
    int size, players, turn_cap;
    eg_board *board;
    eg_position *pos;
    eg_eval *eval;                      /* distances to each goal            */
    int32_t *index;                     /* (row, col) -> cell, see cell_of() */
    int32_t *way;                       /* eg_chain()'s path                 */
    eg_move *moves;                     /* for the pass check                */
    int out[RGAME_MAX_SEATS];
    int seat;                           /* to move; -1 when over             */
    int rounds;                         /* rounds started                    */
    enum rgame_end end;
};

/* Columns run from -4 size to 4 size: the index's rows are 8 size + 1 wide. */
static long index_width(int size)
{
    return 8L * size + 1;
}

static int build_index(struct rgame *g)
{
    long w = index_width(g->size);

    g->index = malloc(sizeof *g->index * (size_t)((4L * g->size + 1) * w));
    if (!g->index)
        return -1;
    for (long i = 0; i < (4L * g->size + 1) * w; i++)
        g->index[i] = -1;
    for (int c = 0; c < g->board->cells; c++) {
        long row, col;
        eg_star_to_challenge(g->board, g->size, c, &row, &col);
        g->index[row * w + col + 4L * g->size] = c;
    }
    return 0;
}

struct rgame *rgame_new(int size, int players, const int points[], int turn_cap)
{
    struct rgame *g = calloc(1, sizeof *g);

    if (!g || turn_cap < 1)
        goto fail;
    g->size = size;
    g->players = players;
    g->turn_cap = turn_cap;
    g->board = eg_star_seated(size, players, points, 1);
    if (!g->board)
        goto fail;
    g->pos = eg_position_new(g->board, 0);
    g->eval = eg_eval_new(g->board, EG_EVAL_BFS);
    g->way = malloc(sizeof *g->way * (size_t)g->board->cells);
    g->moves = malloc(sizeof *g->moves * (size_t)EG_MOVES_MAX(g->board));
    if (!g->pos || !g->eval || !g->way || !g->moves || build_index(g) != 0)
        goto fail;
    g->rounds = 1;
    return g;
fail:
    rgame_free(g);
    return NULL;
}

void rgame_free(struct rgame *g)
{
    if (!g)
        return;
    eg_eval_free(g->eval);
    eg_position_free(g->pos);
    eg_board_free(g->board);
    free(g->index);
    free(g->way);
    free(g->moves);
    free(g);
}

int rgame_default_cap(int size, int players, const int points[])
{
    eg_board *b = eg_star_seated(size, players, points, 1);
    eg_position *pos = b ? eg_position_new(b, 0) : NULL;
    eg_eval *e = b ? eg_eval_new(b, EG_EVAL_BFS) : NULL;
    long cap = -1;

    if (pos && e)
        cap = eg_distance_sum(e, pos, 0) + 4L * size;
    eg_eval_free(e);
    eg_position_free(pos);
    eg_board_free(b);
    return (int)cap;
}

int rgame_to_move(const struct rgame *g)
{
    return g->seat;
}

int rgame_cells(const struct rgame *g)
{
    return g->board->cells;
}

const eg_board *rgame_board(const struct rgame *g)
{
    return g->board;
}

const eg_position *rgame_position(const struct rgame *g)
{
    return g->pos;
}

void rgame_rowcol(const struct rgame *g, int cell, long *row, long *col)
{
    eg_star_to_challenge(g->board, g->size, cell, row, col);
}

int rgame_cell(const struct rgame *g, long row, long col)
{
    if (row < 0 || row > 4L * g->size || col < -4L * g->size || col > 4L * g->size)
        return -1;
    return g->index[row * index_width(g->size) + col + 4L * g->size];
}

int rgame_setup(struct rgame *g, const int8_t *owner, int to_move, int round)
{
    if (to_move < 0 || to_move >= g->players || round < 1 || round > g->turn_cap ||
        eg_position_set(g->pos, owner, to_move) != 0)
        return -1;
    memset(g->out, 0, sizeof g->out);
    g->seat = to_move;
    g->rounds = round;
    g->end = RGAME_PLAYING;
    return 0;
}

int rgame_is_out(const struct rgame *g, int seat)
{
    return seat >= 0 && seat < g->players && g->out[seat];
}

static int seats_in(const struct rgame *g)
{
    int n = 0;

    for (int s = 0; s < g->players; s++)
        n += !g->out[s];
    return n;
}

/* 1 when every piece of seat s stands in its goal. */
static int finished(const struct rgame *g, int s)
{
    return eg_distance_sum(g->eval, g->pos, s) == 0;
}

/* The last seat of a round: the highest one still in the game. */
static int last_seat(const struct rgame *g)
{
    int s = g->players - 1;

    while (s > 0 && g->out[s])
        s--;
    return s;
}

/* After `seat` has played: ends the game or hands the turn on. */
static void advance(struct rgame *g, int seat)
{
    if (seats_in(g) <= 1) {
        g->end = RGAME_ONE_LEFT;
        g->seat = -1;
        return;
    }
    if (seat >= last_seat(g)) {
        for (int s = 0; s < g->players; s++)
            if (!g->out[s] && finished(g, s))
                g->end = RGAME_FINISHED;
        if (!g->end && g->rounds >= g->turn_cap)
            g->end = RGAME_TURN_CAP;
        if (g->end) {
            g->seat = -1;
            return;
        }
        g->rounds++;
    }
    int next = (seat + 1) % g->players;
    while (g->out[next])
        next = (next + 1) % g->players;
    g->seat = next;
}

/* Checks a pass: from == to on a piece of the seat, which has no move. */
static enum rgame_claim claim_pass(struct rgame *g, int cell, long r, long c, char *why, size_t whylen)
{
    if (g->pos->owner[cell] != g->seat) {
        snprintf(why, whylen, "a pass must name one of your pieces, and (%ld,%ld) is not one", r, c);
        return RGAME_ILLEGAL;
    }
    int n = eg_moves(g->pos, g->moves);
    if (n > 0) {
        long r1, c1, r2, c2;
        rgame_rowcol(g, g->moves[0].from, &r1, &c1);
        rgame_rowcol(g, g->moves[0].to, &r2, &c2);
        snprintf(why, whylen, "passed with %d legal moves, e.g. (%ld,%ld) to (%ld,%ld)", n, r1, c1, r2, c2);
        return RGAME_ILLEGAL;
    }
    return RGAME_PASSED;
}

/* Why a claimed move from `from` to `to` (cells, both on the board) is
** illegal, the path being empty. */
static void explain(const struct rgame *g, int from, int to, long r1, long c1, long r2, long c2,
                    char *why, size_t whylen)
{
    unsigned bar = g->board->barred ? 1u << g->seat : 0;

    if (g->pos->owner[from] != g->seat)
        snprintf(why, whylen, "(%ld,%ld) is not one of your pieces", r1, c1);
    else if (g->pos->owner[to] >= 0)
        snprintf(why, whylen, "(%ld,%ld) to (%ld,%ld): the destination is occupied", r1, c1, r2, c2);
    else if (g->board->barred[to] & bar)
        snprintf(why, whylen, "(%ld,%ld) to (%ld,%ld): a move may not end in a neutral zone", r1, c1, r2, c2);
    else if (g->board->barred[from] & bar)
        snprintf(why, whylen, "(%ld,%ld) to (%ld,%ld): a move may not begin in a neutral zone", r1, c1, r2, c2);
    else
        snprintf(why, whylen, "(%ld,%ld) to (%ld,%ld): no step or chain of hops", r1, c1, r2, c2);
}

enum rgame_claim rgame_claim(struct rgame *g, long r1, long c1, long r2, long c2, long (*path)[2],
                             int *path_len, char *why, size_t whylen)
{
    int from = rgame_cell(g, r1, c1), to = rgame_cell(g, r2, c2), n;
    enum rgame_claim verdict = RGAME_MOVED;

    if (path_len)
        *path_len = 0;
    if (g->seat < 0) {
        snprintf(why, whylen, "the game is over");
        return RGAME_ILLEGAL;
    }
    if (from < 0 || to < 0) {
        snprintf(why, whylen, "(%ld,%ld) is not a position of the board", from < 0 ? r1 : r2, from < 0 ? c1 : c2);
        return RGAME_ILLEGAL;
    }
    eg_set_turn(g->pos, g->seat);
    if (from == to) {
        verdict = claim_pass(g, from, r1, c1, why, whylen);
    } else {
        n = eg_chain(g->pos, from, to, g->way);
        if (n <= 0) {
            if (n < 0)
                snprintf(why, whylen, "the referee ran out of memory");
            else
                explain(g, from, to, r1, c1, r2, c2, why, whylen);
            return RGAME_ILLEGAL;
        }
        for (int i = 0; path && i < n; i++)
            rgame_rowcol(g, g->way[i], &path[i][0], &path[i][1]);
        if (path_len)
            *path_len = n;
        eg_make(g->pos, (eg_move){from, to});
    }
    if (verdict != RGAME_ILLEGAL)
        advance(g, g->seat);
    return verdict;
}

void rgame_out(struct rgame *g, int seat)
{
    if (seat < 0 || seat >= g->players || g->out[seat])
        return;
    g->out[seat] = 1;
    if (g->seat < 0)
        return;             /* over already: only the result changes */
    if (g->seat == seat)
        advance(g, seat);
    else if (seats_in(g) <= 1)
        advance(g, g->seat);
}

/* Whether seat s is among the winners of a game that ended as g->end. */
static int wins(const struct rgame *g, int s, const long *distance, long best)
{
    if (g->out[s])
        return 0;
    switch (g->end) {
    case RGAME_FINISHED: return distance[s] == 0;
    case RGAME_TURN_CAP: return distance[s] == best;
    case RGAME_ONE_LEFT: return 1;
    default: return 0;
    }
}

void rgame_result(const struct rgame *g, struct rgame_result *r)
{
    long best = -1;
    int winners = 0;

    memset(r, 0, sizeof *r);
    r->end = g->end;
    r->turns = g->rounds;
    for (int s = 0; s < g->players; s++) {
        r->distance[s] = eg_distance_sum(g->eval, g->pos, s);
        if (!g->out[s] && (best < 0 || r->distance[s] < best))
            best = r->distance[s];
    }
    for (int s = 0; s < g->players; s++)
        winners += wins(g, s, r->distance, best);
    /* Rank: 1 + the seats strictly ahead (winners, then closer to the
    ** goal, out seats last). */
    for (int s = 0; s < g->players; s++) {
        int ahead = 0, won = wins(g, s, r->distance, best);
        for (int o = 0; o < g->players; o++) {
            int o_won = wins(g, o, r->distance, best);
            if (o == s || g->out[o] > g->out[s])
                continue;
            if (g->out[o] < g->out[s] || (o_won && !won) ||
                (!o_won && !won && !g->out[s] && r->distance[o] < r->distance[s]))
                ahead++;
        }
        r->rank[s] = ahead + 1;
        r->outcome[s] = g->out[s] ? RGAME_OUT : !won || g->end == RGAME_PLAYING ? RGAME_LOSS
                      : winners == 1 ? RGAME_WIN : RGAME_DRAW;
    }
}

const char *rgame_outcome_name(enum rgame_outcome o)
{
    static const char *const names[] = {"win", "draw", "loss", "out"};

    return names[o];
}

const char *rgame_end_name(enum rgame_end e)
{
    static const char *const names[] = {"playing", "finished", "turn cap", "one left"};

    return names[e];
}

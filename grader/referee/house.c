/*
** house.c -- the kit's random, greedy and strong bots (house.h).
**
** Each holds a board with the challenge's neutral zones and a position on
** it; told moves are made with the mover's turn set first (seats that are
** out of the game are skipped by the referee, so turns cannot be assumed
** to follow 0, 1, 2, ...).  An opponent's move comes in the challenge's
** (row, col), looked up in a table built once a game (rows[], cell_at[]):
** the board library's own lookup searches every cell, which on the
** size-63 star costs more than the greedy bot's whole move.  The strong
** bot's search is in house_search.c, which a student's kit leaves out.
*/
#include "house.h"

#include <stdlib.h>
#include <string.h>

#include "house_search.h"

struct hbot {
    enum hbot_kind kind;
    int strength;
    uint64_t random;                    /* xorshift64 state                  */
    int size, me;
    eg_board *board;
    eg_position *pos;
    eg_eval *eval;
    eg_move *moves;
    struct hbot_row *rows;              /* 4 size + 1 rows, see cell_of()   */
    int32_t *cell_at;                   /* the cells, row by row, by column */
};

/* A row of the star: its leftmost column, and where its cells begin in
** cell_at[] (the cells of a row have consecutive columns). */
struct hbot_row {
    long first_col;
    int32_t start, count;
};

struct hbot *hbot_new(enum hbot_kind kind, int strength, uint64_t seed)
{
    struct hbot *b;

    if (kind == HBOT_STRONG && (!hbot_has_strong() || strength < 1 || strength > 4))
        return NULL;
    b = calloc(1, sizeof *b);
    if (!b)
        return NULL;
    b->kind = kind;
    b->strength = strength;
    b->random = seed ? seed : 0x9e3779b97f4a7c15u;
    return b;
}

void hbot_term(struct hbot *b)
{
    eg_eval_free(b->eval);
    eg_position_free(b->pos);
    eg_board_free(b->board);
    free(b->moves);
    free(b->rows);
    free(b->cell_at);
    b->eval = NULL;
    b->pos = NULL;
    b->board = NULL;
    b->moves = NULL;
    b->rows = NULL;
    b->cell_at = NULL;
}

void hbot_free(struct hbot *b)
{
    if (!b)
        return;
    hbot_term(b);
    free(b);
}

int hbot_kind_of(const char *name)
{
    static const char *const names[] = {"random", "greedy", "strong"};

    for (int k = 0; k < 3; k++)
        if (strcmp(name, names[k]) == 0)
            return k;
    return -1;
}

/* Builds rows[] and cell_at[] from the board; 0, or -1 (no memory). */
static int build_rows(struct hbot *b)
{
    int nrows = 4 * b->size + 1, cells = b->board->cells;

    b->rows = calloc((size_t)nrows, sizeof *b->rows);
    b->cell_at = malloc(sizeof *b->cell_at * (size_t)cells);
    if (!b->rows || !b->cell_at)
        return -1;
    for (int c = 0; c < cells; c++) {
        long row, col;
        eg_star_to_challenge(b->board, b->size, c, &row, &col);
        struct hbot_row *r = &b->rows[row];
        if (r->count == 0 || col < r->first_col)
            r->first_col = col;
        r->count++;
    }
    for (int row = 1; row < nrows; row++)
        b->rows[row].start = b->rows[row - 1].start + b->rows[row - 1].count;
    for (int c = 0; c < cells; c++) {
        long row, col;
        eg_star_to_challenge(b->board, b->size, c, &row, &col);
        long i = col - b->rows[row].first_col;
        if (i >= b->rows[row].count)
            return -1;                  /* a row with a gap: not a star's */
        b->cell_at[b->rows[row].start + i] = c;
    }
    return 0;
}

/* The cell at the challenge's (row, col), or -1 off the board.  O(1). */
static int cell_of(const struct hbot *b, long row, long col)
{
    if (row < 0 || row > 4L * b->size)
        return -1;
    const struct hbot_row *r = &b->rows[row];
    long i = col - r->first_col;
    return i >= 0 && i < r->count ? b->cell_at[r->start + i] : -1;
}

int hbot_init(struct hbot *b, long players, long size, const long points[6], long me)
{
    int seats[6];

    hbot_term(b);
    if (players < 2 || players > 6 || size < 3 || size > 63 || me < 0 || me >= players)
        return -1;
    for (int p = 0; p < players; p++)
        seats[p] = (int)points[p];
    b->size = (int)size;
    b->me = (int)me;
    b->board = eg_star_seated((int)size, (int)players, seats, 1);
    b->pos = b->board ? eg_position_new(b->board, 0) : NULL;
    b->eval = b->board ? eg_eval_new(b->board, EG_EVAL_BFS) : NULL;
    b->moves = b->board ? malloc(sizeof *b->moves * (size_t)EG_MOVES_MAX(b->board)) : NULL;
    if (!b->pos || !b->eval || !b->moves || build_rows(b) != 0) {
        hbot_term(b);
        return -1;
    }
    b->eval->straggler = 1;
    return 0;
}

static uint64_t next_random(struct hbot *b)
{
    b->random ^= b->random << 13;
    b->random ^= b->random >> 7;
    b->random ^= b->random << 17;
    return b->random;
}

/* The greedy choice: the largest gain in distance to the goal, then the
** piece that stood farthest from it. */
static eg_move greedy(struct hbot *b, int n)
{
    const int32_t *d = b->eval->distance[b->me];
    eg_move best = b->moves[0];
    long best_score = 0;

    for (int i = 0; i < n; i++) {
        eg_move m = b->moves[i];
        long score = (long)(d[m.from] - d[m.to]) * 4096 + d[m.from];
        if (i == 0 || score > best_score) {
            best = m;
            best_score = score;
        }
    }
    return best;
}

int hbot_has_strong(void)
{
    return hbot_search != NULL;
}

/* The strong choice: the library's search at the bot's depth (a strong
** bot exists only where hbot_search does: hbot_new). */
static eg_move strong(struct hbot *b, int n)
{
    eg_move best = {-1, -1};

    hbot_search(b->eval, b->pos, b->strength, &best);
    return best.from >= 0 ? best : greedy(b, n);
}

static void to_challenge(const struct hbot *b, int cell, long *r, long *c)
{
    eg_star_to_challenge(b->board, b->size, cell, r, c);
}

void hbot_move(struct hbot *b, long *r1, long *c1, long *r2, long *c2)
{
    *r1 = *c1 = *r2 = *c2 = 0;
    if (!b->pos)
        return;
    eg_set_turn(b->pos, b->me);
    int n = eg_moves(b->pos, b->moves);
    if (n == 0) {
        to_challenge(b, b->pos->piece[b->me][0], r1, c1);
        *r2 = *r1;
        *c2 = *c1;
        return;
    }
    eg_move m = b->kind == HBOT_RANDOM   ? b->moves[next_random(b) % (uint64_t)n]
              : b->kind == HBOT_GREEDY ? greedy(b, n)
                                       : strong(b, n);
    to_challenge(b, m.from, r1, c1);
    to_challenge(b, m.to, r2, c2);
    eg_make(b->pos, m);
}

void hbot_opponent(struct hbot *b, long seat, long r1, long c1, long r2, long c2)
{
    int from, to;

    if (!b->pos || seat < 0 || seat >= b->board->players)
        return;
    from = cell_of(b, r1, c1);
    to = cell_of(b, r2, c2);
    if (from < 0 || to < 0 || from == to || b->pos->owner[from] != seat || b->pos->owner[to] >= 0)
        return;
    eg_set_turn(b->pos, (int)seat);
    eg_make(b->pos, (eg_move){from, to});
}

/*
** checks.c -- one implementation of halma.h against the model, position
** by position (see checks.h).  The expected answers all come from model.c;
** the only knowledge of the implementation's data is the layout halma.h
** documents (bit s % 32 of word s / 32, colour bits p & 1 and p & 2).
*/
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "checks.h"

long long check_calls;
int check_failures;

static char context[192];
static const struct model *context_position;
static int position_shown;

/* Numbers that name no square. */
static const int off_board[] = {-1, -2, -16, -17, -32, 256, 257, 271, 272, 288, 512,
                                INT_MIN, INT_MIN + 1, INT_MAX, INT_MAX - 1};
#define OFF_BOARD_COUNT ((int)(sizeof off_board / sizeof off_board[0]))

void check_context(const struct model *m, const char *fmt, ...)
{
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(context, sizeof context, fmt, ap);
    va_end(ap);
    context_position = m;
    position_shown = 0;
}

static void show_position(const struct model *m)
{
    static const char symbol[4] = {'W', 'B', 'R', 'G'};

    printf("      the position (W B R G: players 0-3):\n");
    for (int y = 0; y < MODEL_SIDE; y++) {
        printf("      %2d ", y);
        for (int x = 0; x < MODEL_SIDE; x++)
            printf(" %c", m->who[x][y] == MODEL_EMPTY ? '.' : symbol[m->who[x][y]]);
        printf("\n");
    }
}

void check_report(const char *fmt, ...)
{
    va_list ap;

    printf("FAIL: %s: ", context);
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    printf("\n");
    if (context_position != NULL && !position_shown) {
        show_position(context_position);
        position_shown = 1;
    }
    if (++check_failures >= CHECK_MAX_REPORTS) {
        printf("(stopped after %d reports)\n", check_failures);
        fflush(stdout);
        exit(1);
    }
}

int check_square(struct spot p)
{
    return MODEL_SIDE * p.y + p.x;
}

struct spot check_spot(int s)
{
    return (struct spot){s % MODEL_SIDE, s / MODEL_SIDE};
}

/* "37 (5,2)" or "256"; in a rotating buffer. */
static const char *name(int s)
{
    static char buffers[8][32];
    static unsigned next;
    char *out = buffers[next++ % 8];

    if (s >= 0 && s < SQUARES)
        snprintf(out, 32, "%d (%d,%d)", s, s % MODEL_SIDE, s / MODEL_SIDE);
    else
        snprintf(out, 32, "%d", s);
    return out;
}

static int bit(const h_bitset set, int s)
{
    return (set[s / 32] >> (s % 32)) & 1u;
}

void check_model_to_board(const struct model *m, h_board *b)
{
    memset(b, 0, sizeof *b);
    b->players = m->players;
    b->pieces = m->pieces;
    for (int s = 0; s < SQUARES; s++) {
        struct spot p = check_spot(s);
        int who = m->who[p.x][p.y];
        uint32_t mask = (uint32_t)1 << (s % 32);

        if (who == MODEL_EMPTY)
            continue;
        b->occupied[s / 32] |= mask;
        if (who & 1)
            b->colour[0][s / 32] |= mask;
        if (who & 2)
            b->colour[1][s / 32] |= mask;
        b->position[who][m->which[p.x][p.y]] = (unsigned char)s;
    }
}

int check_board(const h_board *b, const struct model *m, const char *what)
{
    static const char *const holder[5] = {"nothing", "player 0", "player 1", "player 2",
                                          "player 3"};
    int before = check_failures;
    int where[4][19];

    memset(where, -1, sizeof where);
    if (b->players != m->players || b->pieces != m->pieces) {
        check_report("%s: players %d and pieces %d, the model has %d and %d", what,
                     b->players, b->pieces, m->players, m->pieces);
        return 0;
    }
    for (int s = 0; s < SQUARES && check_failures == before; s++) {
        struct spot p = check_spot(s);
        int who = m->who[p.x][p.y], empty = who == MODEL_EMPTY;

        if (bit(b->occupied, s) != !empty || bit(b->colour[0], s) != (!empty && (who & 1))
            || bit(b->colour[1], s) != (!empty && (who & 2)))
            check_report("%s: square %s has bits occupied %d colour[0] %d colour[1] %d; "
                         "the model has %s there", what, name(s), bit(b->occupied, s),
                         bit(b->colour[0], s), bit(b->colour[1], s),
                         holder[who + 1]);
        if (!empty)
            where[who][m->which[p.x][p.y]] = s;
    }
    for (int p = 0; p < m->players && check_failures == before; p++)
        for (int i = 0; i < m->pieces && check_failures == before; i++)
            if (b->position[p][i] != where[p][i])
                check_report("%s: position[%d][%d] is %s, the model has that piece on %s",
                             what, p, i, name(b->position[p][i]), name(where[p][i]));
    return check_failures == before;
}

static const char *result_name(int r)
{
    return r == VALID_MOVE ? "VALID_MOVE" : r == INVALID_MOVE ? "INVALID_MOVE" : "neither";
}

static int model_step(const struct model *m, int from, int to)
{
    if (from < 0 || from >= SQUARES || to < 0 || to >= SQUARES)
        return INVALID_MOVE;
    return model_can_step(m, check_spot(from), check_spot(to)) ? VALID_MOVE : INVALID_MOVE;
}

static int model_hop(const struct model *m, int from, int to, int kangaroo)
{
    if (from < 0 || from >= SQUARES || to < 0 || to >= SQUARES)
        return INVALID_MOVE;
    return model_can_hop(m, check_spot(from), check_spot(to), kangaroo) ? VALID_MOVE
                                                                         : INVALID_MOVE;
}

/* check_step and check_hop (option 0, 1 and 5) of one pair. */
static void check_pair(const h_board *b, const struct model *m, int from, int to)
{
    static const int options[3] = {0, 1, 5};
    int got = check_step(b, from, to), want = model_step(m, from, to);

    check_calls += 4;
    if (got != want)
        check_report("check_step(b, %s, %s) is %s, the model says %s", name(from), name(to),
                     result_name(got), result_name(want));
    for (int k = 0; k < 3; k++) {
        got = check_hop(b, from, to, options[k]);
        want = model_hop(m, from, to, options[k]);
        if (got != want)
            check_report("check_hop(b, %s, %s, %d) is %s, the model says %s", name(from),
                         name(to), options[k], result_name(got), result_name(want));
    }
}

static void check_squares(const h_board *b, const struct model *m)
{
    for (int s = 0; s < SQUARES; s++) {
        struct spot p = check_spot(s);
        int who = m->who[p.x][p.y], got_empty = is_empty(b, s), got_owner = owner(b, s);

        check_calls += 2;
        if (got_empty != (who == MODEL_EMPTY))
            check_report("is_empty(b, %s) is %d, the model says %d", name(s), got_empty,
                         who == MODEL_EMPTY);
        if (got_owner != (who == MODEL_EMPTY ? NO_PLAYER : who))
            check_report("owner(b, %s) is %d, the model says %d", name(s), got_owner,
                         who == MODEL_EMPTY ? NO_PLAYER : who);
    }
    for (int i = 0; i < OFF_BOARD_COUNT; i++) {
        check_calls += 2;
        if (is_empty(b, off_board[i]) != 0 || owner(b, off_board[i]) != NO_PLAYER)
            check_report("is_empty(b, %d) is %d and owner(b, %d) is %d; a number that names "
                         "no square is never empty and has no player", off_board[i],
                         is_empty(b, off_board[i]), off_board[i], owner(b, off_board[i]));
    }
}

void check_position(const h_board *b, const struct model *m, int all_pairs,
                    unsigned (*random_below)(unsigned))
{
    h_board before = *b;
    int from_random[16], got, want;

    check_squares(b, m);
    for (int i = 0; i < 16; i++)
        from_random[i] = (int)random_below(SQUARES);
    for (int from = 0; from < SQUARES; from++) {
        struct spot p = check_spot(from);
        int chosen = all_pairs || m->who[p.x][p.y] != MODEL_EMPTY;

        for (int i = 0; i < 16 && !chosen; i++)
            chosen = from_random[i] == from;
        if (!chosen)
            continue;
        for (int to = 0; to < SQUARES; to++)
            check_pair(b, m, from, to);
        for (int i = 0; i < OFF_BOARD_COUNT; i++) {
            check_pair(b, m, from, off_board[i]);
            check_pair(b, m, off_board[i], from);
        }
    }
    got = winner(b);
    want = model_winner(m);
    check_calls++;
    if (got != want)
        check_report("winner(b) is %d, the model says %d", got, want);
    if (memcmp(&before, b, sizeof before) != 0)
        check_report("a function given the board as const changed it");
}

/* The squares the piece on `from` can move to, found the game's way. */
static void found_by_game(const h_board *b, int from, int kangaroo, int reach[SQUARES])
{
    int queue[SQUARES], visited[SQUARES] = {0}, head = 0, tail = 0;

    for (int to = 0; to < SQUARES; to++)
        reach[to] = check_step(b, from, to) == VALID_MOVE;
    visited[from] = 1;
    queue[tail++] = from;
    while (head < tail) {
        int at = queue[head++];
        h_board moved = *b;

        if (at != from && apply_move(&moved, from, at) != 0) {
            check_report("apply_move(b, %s, %s) refused a move the chain made", name(from),
                         name(at));
            return;
        }
        for (int to = 0; to < SQUARES; to++)
            if (!visited[to] && check_hop(&moved, at, to, kangaroo) == VALID_MOVE) {
                visited[to] = reach[to] = 1;
                queue[tail++] = to;
            }
    }
}

void check_moves(const h_board *b, const struct model *m, int player, int kangaroo)
{
    for (int from = 0; from < SQUARES; from++) {
        struct spot p = check_spot(from);
        int game[SQUARES], model[MODEL_SIDE][MODEL_SIDE];

        if (m->who[p.x][p.y] != player)
            continue;
        found_by_game(b, from, kangaroo, game);
        model_destinations(m, p, kangaroo, model, NULL);
        for (int to = 0; to < SQUARES; to++) {
            struct spot q = check_spot(to);

            if (game[to] != model[q.x][q.y])
                check_report("the piece on %s %s move to %s (%s); the model says it %s",
                             name(from), game[to] ? "can" : "cannot", name(to),
                             kangaroo ? "Kangaroo" : "no Kangaroo",
                             model[q.x][q.y] ? "can" : "cannot");
        }
    }
}

long long check_perft(const h_board *b, int player, int depth, int kangaroo)
{
    long long total = 0;

    if (depth == 0)
        return 1;
    for (int from = 0; from < SQUARES; from++) {
        int reach[SQUARES];

        if (owner(b, from) != player)
            continue;
        found_by_game(b, from, kangaroo, reach);
        for (int to = 0; to < SQUARES; to++) {
            h_board next = *b;

            if (!reach[to])
                continue;
            if (depth == 1) {
                total++;
            } else if (apply_move(&next, from, to) != 0) {
                check_report("apply_move(b, %s, %s) refused a move", name(from), name(to));
            } else {
                total += check_perft(&next, (player + 1) % b->players, depth - 1, kangaroo);
            }
        }
    }
    return total;
}

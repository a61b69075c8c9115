/*
** support.c -- boards, directions, names and checked calls for the Halma
** unit tests (see support.h).  A test bug found here (a board set up
** against the rules) fails the test with cr_assert_fail, like any failed
** assertion, and says so.
*/
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "support.h"

#define WORD_BITS 32

const struct direction DIRECTIONS[8] = {
    {-1, 0, "left"},     {1, 0, "right"},    {0, -1, "up"},
    {0, 1, "down"},      {-1, -1, "up-left"}, {1, -1, "up-right"},
    {-1, 1, "down-left"}, {1, 1, "down-right"},
};

/* Row lengths of a camp counted from its corner (PLAYERS AND CAMPS). */
static const int camp_rows_two[] = {5, 5, 4, 3, 2};
static const int camp_rows_four[] = {4, 4, 3, 2};

int on_board(long long x, long long y)
{
    return x >= 0 && x < BOARD_SIDE && y >= 0 && y < BOARD_SIDE;
}

static int is_square(long long s)
{
    return s >= 0 && s < SQUARES;
}

void set_clear(h_bitset set)
{
    for (int w = 0; w < BITSET_WORDS; w++)
        set[w] = 0;
}

void set_fill(h_bitset set)
{
    for (int w = 0; w < BITSET_WORDS; w++)
        set[w] = 0xffffffffu;
}

void set_put(h_bitset set, int s)
{
    if (!is_square(s))
        cr_assert_fail("test bug: set_put(%d) names no square", s);
    set[s / WORD_BITS] |= (uint32_t)1 << (s % WORD_BITS);
}

void set_take(h_bitset set, int s)
{
    if (!is_square(s))
        cr_assert_fail("test bug: set_take(%d) names no square", s);
    set[s / WORD_BITS] &= ~((uint32_t)1 << (s % WORD_BITS));
}

int set_has(const h_bitset set, int s)
{
    return is_square(s) && ((set[s / WORD_BITS] >> (s % WORD_BITS)) & 1u);
}

int camp_has(int players, int player, int x, int y)
{
    const int *rows = players == 2 ? camp_rows_two : camp_rows_four;
    int row_count = players == 2 ? (int)COUNT(camp_rows_two) : (int)COUNT(camp_rows_four);

    if (!on_board(x, y))
        return 0;
    /* Turn the player's corner into the top-left one. */
    if (player == BLACK || player == RED)
        x = BOARD_SIDE - 1 - x;
    if (player == BLACK || player == GREEN)
        y = BOARD_SIDE - 1 - y;
    return y < row_count && x < rows[y];
}

int goal_of(int player)
{
    static const int goal[MAX_PLAYERS] = {BLACK, WHITE, GREEN, RED};

    return goal[player];
}

void board_blank(h_board *b, int players)
{
    memset(b, 0, sizeof *b);
    b->players = players;
    b->pieces = players == 2 ? PIECES_TWO_PLAYERS : PIECES_FOUR_PLAYERS;
}

void board_start(h_board *b, int players)
{
    board_blank(b, players);
    for (int p = 0; p < players; p++)
        for (int s = 0; s < SQUARES; s++)
            if (camp_has(players, p, s % BOARD_SIDE, s / BOARD_SIDE))
                board_put(b, p, s);
}

int board_player_at(const h_board *b, int s)
{
    if (!set_has(b->occupied, s))
        return NO_PLAYER;
    return set_has(b->colour[0], s) | set_has(b->colour[1], s) << 1;
}

void board_place(h_board *b, int player, int piece, int s)
{
    if (player < 0 || player >= b->players || piece < 0 || piece >= b->pieces
        || !is_square(s) || set_has(b->occupied, s))
        cr_assert_fail("test bug: board_place(player %d, piece %d, square %d) "
                       "on a %d-player board", player, piece, s, b->players);
    set_put(b->occupied, s);
    if (player & 1)
        set_put(b->colour[0], s);
    if (player & 2)
        set_put(b->colour[1], s);
    b->position[player][piece] = (unsigned char)s;
}

/* How many pieces of `player` stand on the board. */
static int pieces_on_board(const h_board *b, int player)
{
    int n = 0;

    for (int s = 0; s < SQUARES; s++)
        n += board_player_at(b, s) == player;
    return n;
}

int board_put(h_board *b, int player, int s)
{
    int piece = pieces_on_board(b, player);

    board_place(b, player, piece, s);
    return piece;
}

void board_put_any(h_board *b, int s)
{
    int fewest = 0, count = pieces_on_board(b, 0);

    for (int p = 1; p < b->players; p++) {
        int n = pieces_on_board(b, p);

        if (n < count)
            fewest = p, count = n;
    }
    board_put(b, fewest, s);
}

void board_take(h_board *b, int s)
{
    if (!set_has(b->occupied, s))
        cr_assert_fail("test bug: board_take(%d): no piece there", s);
    set_take(b->occupied, s);
    set_take(b->colour[0], s);
    set_take(b->colour[1], s);
}

void board_move(h_board *b, int from, int to)
{
    int player = board_player_at(b, from);

    if (player == NO_PLAYER || !is_square(to) || set_has(b->occupied, to))
        cr_assert_fail("test bug: board_move(%d, %d)", from, to);
    for (int i = 0; i < b->pieces; i++)
        if (b->position[player][i] == from) {
            board_take(b, from);
            board_place(b, player, i, to);
            return;
        }
    cr_assert_fail("test bug: board_move(%d, %d): no list entry", from, to);
}

void scribble(void *p, size_t size)
{
    unsigned char *bytes = p;

    for (size_t i = 0; i < size; i++)
        bytes[i] = (unsigned char)(0xa5 ^ (i * 7));
}

/* ------------------------------------------------------------- names */

/* A small rotating store of message texts. */
static char *next_buffer(void)
{
    static char buffers[16][96];
    static unsigned next;

    return buffers[next++ % 16];
}

const char *player_name(int player)
{
    static const char *const names[MAX_PLAYERS] = {"WHITE", "BLACK", "RED", "GREEN"};
    char *out;

    if (player >= 0 && player < MAX_PLAYERS)
        return names[player];
    if (player == NO_PLAYER)
        return "NO_PLAYER";
    out = next_buffer();
    snprintf(out, 96, "%d", player);
    return out;
}

const char *move_result_name(int result)
{
    char *out;

    if (result == VALID_MOVE)
        return "VALID_MOVE";
    if (result == INVALID_MOVE)
        return "INVALID_MOVE";
    out = next_buffer();
    snprintf(out, 96, "%d", result);
    return out;
}

const char *square_name(long long s)
{
    char *out = next_buffer();

    if (is_square(s))
        snprintf(out, 96, "%lld (%lld,%lld)", s, s % BOARD_SIDE, s / BOARD_SIDE);
    else
        snprintf(out, 96, "%lld (no square)", s);
    return out;
}

const char *square_text(const h_board *b, long long s)
{
    char *out = next_buffer();

    if (!is_square(s))
        snprintf(out, 96, "%lld names no square", s);
    else if (board_player_at(b, (int)s) == NO_PLAYER)
        snprintf(out, 96, "(%lld,%lld) empty", s % BOARD_SIDE, s / BOARD_SIDE);
    else
        snprintf(out, 96, "(%lld,%lld) %s", s % BOARD_SIDE, s / BOARD_SIDE,
                 player_name(board_player_at(b, (int)s)));
    return out;
}

/* The squares strictly between `from` and `to` when both are squares on
** one of the eight lines, as "(6,7) BLACK, (7,7) empty"; "" otherwise. */
static void describe_line(const h_board *b, int from, int to, char *out, size_t cap)
{
    int fx = from % BOARD_SIDE, fy = from / BOARD_SIDE;
    int dx, dy, ux, uy, length;
    size_t used = 0;

    out[0] = '\0';
    if (!is_square(from) || !is_square(to))
        return;
    dx = to % BOARD_SIDE - fx;
    dy = to / BOARD_SIDE - fy;
    if (dx != 0 && dy != 0 && dx != dy && dx != -dy)
        return;
    ux = (dx > 0) - (dx < 0);
    uy = (dy > 0) - (dy < 0);
    length = dx != 0 ? (dx > 0 ? dx : -dx) : (dy > 0 ? dy : -dy);
    used += (size_t)snprintf(out, cap, "; between:");
    for (int i = 1; i < length && used < cap; i++)
        used += (size_t)snprintf(out + used, cap - used, " %s%s",
                                 square_text(b, SQUARE(fx + i * ux, fy + i * uy)),
                                 i + 1 < length ? "," : "");
}

/* ------------------------------------------------------ checked calls */

/* A function given its set or board as const runs on a copy in the
** callee; forward.c fails the test when it changed that copy. */

void assert_contains(const h_bitset set, int s, int expected, const char *why)
{
    int got = bitset_contains(set, s);

    cr_assert_eq(got, expected,
                 "bitset_contains(set, %s) returned %d, expected %d -- %s "
                 "[the word %s holds 0x%08x]",
                 square_name(s), got, expected, why,
                 is_square(s) ? "of the square" : "0",
                 (unsigned)(is_square(s) ? set[s / WORD_BITS] : set[0]));
}

void assert_empty(const h_board *b, int s, int expected, const char *why)
{
    int got = is_empty(b, s);

    cr_assert_eq(got, expected, "is_empty(b, %s) returned %d, expected %d -- %s [%s]",
                 square_name(s), got, expected, why, square_text(b, s));
}

void assert_owner(const h_board *b, int s, int expected, const char *why)
{
    int got = owner(b, s);

    cr_assert_eq(got, expected, "owner(b, %s) returned %s, expected %s -- %s [%s]",
                 square_name(s), player_name(got), player_name(expected), why,
                 square_text(b, s));
}

void assert_step(const h_board *b, int from, int to, int expected, const char *why)
{
    int got = check_step(b, from, to);

    cr_assert_eq(got, expected,
                 "check_step(b, %s, %s) returned %s, expected %s -- %s [from %s, to %s]",
                 square_name(from), square_name(to), move_result_name(got),
                 move_result_name(expected), why, square_text(b, from), square_text(b, to));
}

void assert_hop(const h_board *b, int from, int to, int kangaroo, int expected,
                const char *why)
{
    char line[1024];
    int got = check_hop(b, from, to, kangaroo);

    if (got != expected) {
        describe_line(b, from, to, line, sizeof line);
        cr_assert_fail("check_hop(b, %s, %s, %d) returned %s, expected %s -- %s "
                       "[from %s, to %s%s]",
                       square_name(from), square_name(to), kangaroo, move_result_name(got),
                       move_result_name(expected), why, square_text(b, from),
                       square_text(b, to), line);
    }
}

void assert_winner(const h_board *b, int expected, const char *why)
{
    int got = winner(b);

    cr_assert_eq(got, expected, "winner(b) returned %s, expected %s -- %s",
                 player_name(got), player_name(expected), why);
}

void assert_init(h_board *b, int players, int expected, const char *why)
{
    int got = board_init(b, players);

    cr_assert_eq(got, expected, "board_init(b, %d) returned %d, expected %d -- %s",
                 players, got, expected, why);
}

void assert_add(h_board *b, int player, int piece, int s, int expected,
                const char *why)
{
    int got = add_piece(b, player, piece, s);

    cr_assert_eq(got, expected,
                 "add_piece(b, %d, %d, %s) returned %d, expected %d -- %s "
                 "[a %d-player board; %s]",
                 player, piece, square_name(s), got, expected, why, b->players,
                 square_text(b, s));
}

void assert_apply(h_board *b, int from, int to, int expected, const char *why)
{
    const char *from_text = square_text(b, from), *to_text = square_text(b, to);
    int got = apply_move(b, from, to);

    cr_assert_eq(got, expected,
                 "apply_move(b, %s, %s) returned %d, expected %d -- %s "
                 "[before the call: from %s, to %s]",
                 square_name(from), square_name(to), got, expected, why,
                 from_text, to_text);
}

/* ------------------------------------------------------- comparisons */

void assert_set_equals(const h_bitset got, const h_bitset expected, const char *what)
{
    for (int s = 0; s < SQUARES; s++)
        cr_assert_eq(set_has(got, s), set_has(expected, s),
                     "%s: square %s is %s the set, expected %s "
                     "[word %d is 0x%08x, expected 0x%08x]",
                     what, square_name(s), set_has(got, s) ? "in" : "not in",
                     set_has(expected, s) ? "in it" : "not in it", s / WORD_BITS,
                     (unsigned)got[s / WORD_BITS], (unsigned)expected[s / WORD_BITS]);
}

/* Fails unless bitset `name` of the two boards agree. */
static void assert_plane_equals(const h_bitset got, const h_bitset expected,
                                const char *name, const h_board *got_board,
                                const h_board *expected_board, const char *what)
{
    for (int s = 0; s < SQUARES; s++)
        cr_assert_eq(set_has(got, s), set_has(expected, s),
                     "%s: square %s is %s %s, expected %s "
                     "[it should hold %s; the board has %s]",
                     what, square_name(s), set_has(got, s) ? "in" : "not in", name,
                     set_has(expected, s) ? "in it" : "not in it",
                     square_text(expected_board, s), square_text(got_board, s));
}

void assert_board_equals(const h_board *got, const h_board *expected, const char *what)
{
    cr_assert_eq(got->players, expected->players, "%s: players is %d, expected %d",
                 what, got->players, expected->players);
    cr_assert_eq(got->pieces, expected->pieces, "%s: pieces is %d, expected %d",
                 what, got->pieces, expected->pieces);
    assert_plane_equals(got->occupied, expected->occupied, "occupied", got, expected, what);
    assert_plane_equals(got->colour[0], expected->colour[0], "colour[0]", got, expected, what);
    assert_plane_equals(got->colour[1], expected->colour[1], "colour[1]", got, expected, what);
    for (int p = 0; p < expected->players; p++)
        for (int i = 0; i < expected->pieces; i++)
            cr_assert_eq(got->position[p][i], expected->position[p][i],
                         "%s: position[%d][%d] (piece %d of %s) is %s, expected %s",
                         what, p, i, i, player_name(p), square_name(got->position[p][i]),
                         square_name(expected->position[p][i]));
}

void assert_board_untouched(const h_board *got, const h_board *before, const char *what)
{
    assert_board_equals(got, before, what);
    for (int p = 0; p < MAX_PLAYERS; p++)
        for (int i = 0; i < MAX_PIECES; i++)
            cr_assert_eq(got->position[p][i], before->position[p][i],
                         "%s: position[%d][%d], an entry no piece uses on this %d-player "
                         "board, changed from %d to %d", what, p, i, before->players,
                         before->position[p][i], got->position[p][i]);
    cr_assert(memcmp(got, before, sizeof *got) == 0, "%s: the board changed", what);
}

/*
** halma.c -- the board code: the eleven required functions of halma.h.
**
** Each function below is a stub that compiles and returns a harmless
** answer ("no", "nothing", "not found") so that the program runs from the
** first day.  Replace each stub with a real implementation, guided by its
** TODO and by the comment above its prototype in halma.h, which is the
** specification the unit tests check.  You may add static helpers here.
*/
#include "halma.h"

/*
** Before you start: almost every function takes square numbers that may
** be anything at all (-1, 256, INT_MIN, INT_MAX).  One small static helper
** "is s a square of the board?" used at the top of each function keeps the
** range check in one place; one forgotten check is all it takes to fail
** the AddressSanitizer tests.  Another helper, "the player whose piece
** stands on s", makes owner, check_step and apply_move short.
*/

void bitset_include(h_bitset set, int s)
{
    /*
    ** TODO: set bit (s % 32) of word set[s / 32], only when 0 <= s < 256.
    **   - Shift an unsigned 32-bit one (UINT32_C(1) or 1u): 1 << 31 on a
    **     signed int is undefined behaviour.
    **   - The bit index is s % 32, the number of BITS in a word, not
    **     s % sizeof(uint32_t), which is the number of BYTES (4).
    */
    (void)set;
    (void)s;
}

void bitset_exclude(h_bitset set, int s)
{
    /* TODO: clear the same bit bitset_include sets; nothing else changes. */
    (void)set;
    (void)s;
}

int bitset_contains(const h_bitset set, int s)
{
    /* TODO: 1 if the bit of s is set, 0 if not or if s is off the board. */
    (void)set;
    (void)s;
    return 0;
}

int board_init(h_board *b, int players)
{
    /*
    ** TODO: for 2 or 4 players, empty the three bitsets, set b->players and
    ** b->pieces (19 or 13), and put every player's pieces on its camp
    ** with add_piece, numbered 0, 1, 2, ... in increasing square order.
    ** Any other count: return -1 and change nothing.
    **   - Describe a camp once, as its row lengths from the corner (5 5 4
    **     3 2, or 4 4 3 2), and mirror it: the other corners are (15 - x, y),
    **     (x, 15 - y) and (15 - x, 15 - y).  Count the pieces you place: 19
    **     or 13, not 15.
    */
    (void)b;
    (void)players;
    return -1;
}

int add_piece(h_board *b, int player, int piece, int s)
{
    /*
    ** TODO: check player (0 .. b->players - 1), piece (0 .. b->pieces - 1)
    ** and s (a square, empty); then set occupied, the two colour bits of
    ** `player` (bit 0 in colour[0], bit 1 in colour[1]) and
    ** position[player][piece].  Return 0, or -1 having changed nothing.
    **   - position has a row per player: position[player][piece], never
    **     position[piece].
    */
    (void)b;
    (void)player;
    (void)piece;
    (void)s;
    return -1;
}

int is_empty(const h_board *b, int s)
{
    /* TODO: 1 for a square of the board that is not in b->occupied. */
    (void)b;
    (void)s;
    return 0;
}

int owner(const h_board *b, int s)
{
    /* TODO: NO_PLAYER for an empty square or a number off the board;
    ** otherwise the player number made of the two colour bits. */
    (void)b;
    (void)s;
    return NO_PLAYER;
}

int check_step(const h_board *b, int from, int to)
{
    /*
    ** TODO: VALID_MOVE when `from` holds a piece, `to` is empty, and `to`
    ** is one of the eight neighbours of `from`.
    **   - Compare columns and rows (s % 16 and s / 16), not square numbers:
    **     squares 15 and 16 differ by one but are at opposite ends of the
    **     board.
    */
    (void)b;
    (void)from;
    (void)to;
    return INVALID_MOVE;
}

int check_hop(const h_board *b, int from, int to, int kangaroo)
{
    /*
    ** TODO: VALID_MOVE when the piece on `from` can hop onto the empty
    ** square `to`: along one of the eight lines, over exactly one piece
    ** halfway, every other square between empty.  Without kangaroo the
    ** distance must be 2; with it, any even distance.
    **   - A table of the eight directions (dx, dy) serves check_step,
    **     check_hop and your game loop alike.
    */
    (void)b;
    (void)from;
    (void)to;
    (void)kangaroo;
    return INVALID_MOVE;
}

int apply_move(h_board *b, int from, int to)
{
    /*
    ** TODO: when `from` holds a piece and `to` is an empty square, move it:
    ** clear `from` in all three sets, set `to` for the same player, and
    ** update the piece's entry in position[][].  Return 0, else -1.
    */
    (void)b;
    (void)from;
    (void)to;
    return -1;
}

int winner(const h_board *b)
{
    /*
    ** TODO: the player (0 .. b->players - 1) whose goal -- the camp in the
    ** opposite corner -- holds its own pieces on every square; NO_PLAYER
    ** if none.  Read the bitsets (owner), not position[][].
    */
    (void)b;
    return NO_PLAYER;
}

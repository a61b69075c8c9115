/*
** halma.h -- the required interface of the Halma assignment.
**
** This header is your manual.  Every submission is compiled against its
** declarations.  You may add your own to your copy (constants, prototypes
** of your helpers): the grader checks your copy and keeps it.  Do not
** change a name, a value or a prototype given here: a copy that does is
** replaced by the grader's own, and the report names each difference.
**
** SQUARES
**   The board has 16 x 16 squares.  x is the column, 0..15 from the left;
**   y is the row, 0..15 from the top.  Square (x, y) has the number
**   SQUARE(x, y) = 16 * y + x, 0..255: square 0 is the top-left corner,
**   15 the top-right, 240 the bottom-left and 255 the bottom-right.  Every
**   function below takes square numbers and accepts any int: a number
**   outside 0..255 names no square, is never empty, holds no piece and is
**   never part of a valid move.  The unit tests pass -1, 256, INT_MIN and
**   INT_MAX under AddressSanitizer.
**
** DIRECTIONS
**   The eight neighbours of (x, y) are (x+dx, y+dy) for dx, dy in -1..1,
**   not both 0, when they are on the board.  The board does not wrap:
**   square 15's right-hand neighbour does not exist (square 16 is the
**   first square of the next row).
**
** PLAYERS AND CAMPS
**   Two or four players, numbered 0..3, with the colours below.  Each
**   starts with its pieces filling its camp, in one corner, and wins by
**   moving all of them into its goal, the camp in the diagonally opposite
**   corner.  Players move in number order (0, 1, 0, 1, ... or 0, 1, 2, 3,
**   0, ...).
**     2 players: camps of 19 squares, rows of 5, 5, 4, 3, 2 counted from
**       the corner.  Player 0 (WHITE) has the top-left corner: x 0..4 on
**       rows 0 and 1, x 0..3 on row 2, x 0..2 on row 3, x 0..1 on row 4.
**       Player 1 (BLACK) has the bottom-right corner, the same shape
**       turned half a turn (square s becomes 255 - s).
**     4 players: camps of 13 squares, rows of 4, 4, 3, 2.  Player 0
**       (WHITE) top-left, player 1 (BLACK) bottom-right, player 2 (RED)
**       top-right, player 3 (GREEN) bottom-left.  So the goal of 0 is 1's
**       camp and the other way round, and likewise for 2 and 3.
**
** MOVES
**   A move takes one of your pieces and is either
**     a step: to one of the eight neighbours, which must be empty; or
**     a chain of hops: each hop jumps over the neighbour in one of the
**       eight directions, which must hold a piece (of any colour), onto
**       the empty square right behind it.  Nothing is ever removed.  The
**       same piece may hop again, in any direction, but never onto a
**       square it has already stood on during this move.
**   Kangaroo Halma (an option) also allows long hops: along one of the
**   eight lines, over exactly one piece at distance k >= 1, onto the
**   square at distance k beyond it (so 2k from the start); every square
**   between the start and the piece, and between the piece and the
**   landing square, must be empty.  k = 1 is the ordinary hop.  The hops
**   of one chain may have different lengths.
**
** THE TRADE-OFF (see the handout)
**   An h_board keeps the same facts twice: the bitsets say what stands on
**   each square, the piece lists say where each piece stands.  Finding a
**   player's pieces is then 13 or 19 reads instead of 256 tests; the price
**   is that add_piece and apply_move must keep both in step.  With four
**   players a colour takes two bits, so the colour is kept in two bitsets
**   ("bit planes"): bit 0 of the player number in colour[0], bit 1 in
**   colour[1].
**
** GRADING
**   Unit tests call each function directly on boards they set up
**   themselves (category "unit"); scripted sessions compare your whole
**   program's output byte for byte (category "transcript").  See the
**   handout for the points.
*/
#ifndef HALMA_H
#define HALMA_H

#include <stdint.h>

/* The board: BOARD_SIDE x BOARD_SIDE squares, numbered 0..SQUARES-1. */
#define BOARD_SIDE 16
#define SQUARES (BOARD_SIDE * BOARD_SIDE)
#define SQUARE(x, y) (BOARD_SIDE * (y) + (x))

/* Players (also their colours) and the absence of one. */
#define WHITE 0
#define BLACK 1
#define RED 2
#define GREEN 3
#define NO_PLAYER (-1)
#define MAX_PLAYERS 4

/* Pieces per player: 19 in the 2-player game, 13 in the 4-player one. */
#define PIECES_TWO_PLAYERS 19
#define PIECES_FOUR_PLAYERS 13
#define MAX_PIECES 19

/* Results of check_step and check_hop. */
#define VALID_MOVE 1
#define INVALID_MOVE 0

/* The Kangaroo option of check_hop. */
#define KANGAROO 1
#define NO_KANGAROO 0

/*
** A set of squares: bit (s % 32) of word s / 32 is square s.  Unsigned,
** so that bit 31 is an ordinary bit (1 << 31 on a signed int is undefined
** behaviour), and exactly 32 bits a word, whatever the size of an int.
*/
#define BITSET_WORDS (SQUARES / 32)
typedef uint32_t h_bitset[BITSET_WORDS];

/*
** The board.  A square holds a piece of player p when it is in occupied,
** in colour[0] exactly when p & 1, and in colour[1] exactly when p & 2.
** An empty square is in none of the three sets.  position[p][i] is the
** square of piece i of player p, for p < players and i < pieces; the
** other entries are unused.  board_init numbers each player's pieces in
** increasing order of their squares.
*/
typedef struct {
    h_bitset occupied;
    h_bitset colour[2];
    unsigned char position[MAX_PLAYERS][MAX_PIECES];
    int players;        /* 2 or 4                                      */
    int pieces;         /* pieces per player: 19 or 13                 */
} h_board;

/*
** bitset_include -- add square s to the set.
** bitset_exclude -- remove square s from the set.
** bitset_contains -- 1 if square s is in the set, else 0.
**   A number s outside 0..SQUARES-1 changes nothing (include, exclude)
**   and is never in the set (contains).  No other bit may change.
**   Example: after bitset_include(set, 37) on an empty set, word 1 is
**   1u << 5, every other word is 0, and bitset_contains(set, 37) is 1.
** Graded by unit tests "bitset".
*/
void bitset_include(h_bitset set, int s);
void bitset_exclude(h_bitset set, int s);
int bitset_contains(const h_bitset set, int s);

/*
** board_init -- set up the start of a game for `players` players.
**   Empties the board, sets players and pieces, and puts every player's
**   pieces on its camp (see PLAYERS AND CAMPS), numbered in increasing
**   order of their squares.  Returns 0; for a player count other than 2
**   or 4 returns -1 and leaves *b unchanged.
**   Example: after board_init(b, 2), position[0][0] is 0, position[0][18]
**   is SQUARE(1, 4) = 65, position[1][0] is SQUARE(14, 11) = 190.
** Graded by unit tests "board_init".
*/
int board_init(h_board *b, int players);

/*
** add_piece -- put piece `piece` of `player` on square s.
**   Marks s occupied, sets its colour bits for `player`, and records s as
**   position[player][piece].  It does not clear the square the piece was
**   on before (use apply_move to move pieces).  Returns 0; returns -1 and
**   changes nothing when player is not 0..b->players-1, piece is not
**   0..b->pieces-1, s names no square, or s is already occupied.
** Graded by unit tests "add_piece".
*/
int add_piece(h_board *b, int player, int piece, int s);

/*
** is_empty -- 1 if s is a square of the board with no piece on it, else 0.
** Graded by unit tests "is_empty".
*/
int is_empty(const h_board *b, int s);

/*
** owner -- the player whose piece stands on s, or NO_PLAYER when s is
**   empty or names no square.
** Graded by unit tests "owner".
*/
int owner(const h_board *b, int s);

/*
** check_step -- VALID_MOVE if a piece stands on `from` and `to` is one of
**   its eight neighbours and empty, else INVALID_MOVE.  Whose piece it is
**   does not matter here.
**   Example: on the 2-player start, check_step(b, SQUARE(4, 1),
**   SQUARE(5, 2)) is VALID_MOVE; check_step(b, SQUARE(15, 0),
**   SQUARE(0, 1)) is INVALID_MOVE ((15, 0) is empty, and (0, 1) is not
**   one of its neighbours anyway: the board does not wrap).
** Graded by unit tests "check_step".
*/
int check_step(const h_board *b, int from, int to);

/*
** check_hop -- VALID_MOVE if a piece stands on `from` and may make one
**   hop onto `to`, else INVALID_MOVE (so always INVALID_MOVE when `from`
**   is empty).  Whose piece it is does not matter here.  Without Kangaroo
**   (kangaroo == 0): `to` is two squares away along one of the eight
**   lines, the square between holds a piece and `to` is empty.  With
**   Kangaroo (kangaroo != 0): also the long hops described under MOVES,
**   whose landing square `to` must be empty too.  A square already
**   visited in a chain is the caller's concern, not check_hop's.
**   Example: on the 2-player start, check_hop(b, SQUARE(4, 0),
**   SQUARE(4, 2), 0) is VALID_MOVE (over the piece on (4, 1));
**   check_hop(b, SQUARE(3, 2), SQUARE(5, 2), 0) is INVALID_MOVE ((4, 2)
**   is empty).
** Graded by unit tests "check_hop" and "kangaroo".
*/
int check_hop(const h_board *b, int from, int to, int kangaroo);

/*
** apply_move -- move the piece on `from` to `to`, both given as valid by
**   the caller (a step or a hop; nothing is checked but that `from` holds
**   a piece and `to` is an empty square).  Updates occupied, the colour
**   bits of both squares and the piece's entry in position[][].  Returns
**   0, or -1 and changes nothing when the move is not possible as said.
** Graded by unit tests "apply_move".
*/
int apply_move(h_board *b, int from, int to);

/*
** winner -- the player every square of whose goal holds one of its own
**   pieces (so all its pieces stand there), or NO_PLAYER when there is
**   none; when two players have filled their goals (two that swapped
**   camps), the lower-numbered one.  Reads the bitsets, not the piece
**   lists, so that a board set up with add_piece alone is judged right.
** Graded by unit tests "winner".
*/
int winner(const h_board *b);

#endif /* HALMA_H */

/*
** chinese-checkers.h -- the required interface of Project 1.
**
** This header is your manual.  Every submission is compiled against this
** exact file (the grader supplies it as "chinese-checkers.h" and as
** "chinese_checkers.h", and its copy wins over yours), so do not change a
** name, a value or a prototype.  Edit your .c files instead.
**
** COORDINATES
**   x is the column, 0..24; y is the row, 0..16.  The board is stored as
**   the_board[y][x] -- row first.  A cell is a space of the star when x+y
**   is even and either (y <= 12 and |x-12| <= y) or (y >= 4 and
**   |x-12| <= 16-y).  That gives 121 spaces; every other cell holds DA.
**   The centre of the star is (12, 8).
**
** NEIGHBOURS
**   The six neighbours of (x, y) are
**       (x-2, y)  (x+2, y)                 left, right
**       (x-1, y-1)  (x+1, y-1)             up-left, up-right
**       (x-1, y+1)  (x+1, y+1)             down-left, down-right
**   Example: the neighbours of (12, 8) are (10,8) (14,8) (11,7) (13,7)
**   (11,9) (13,9).
**
** OFF-BOARD ARGUMENTS
**   Every function below accepts any int for every coordinate, negative or
**   huge, and must never read or write outside the_board: a coordinate off
**   the array is treated exactly like a DA cell.  The unit tests call your
**   functions with values such as -1, 25, 17, -1000000 and INT_MAX under
**   AddressSanitizer, so an unchecked index fails the test.
**
** GRADING
**   Unit tests call each function directly on boards they set up
**   themselves (category "unit"); scripted sessions compare your whole
**   program's output byte for byte (category "transcript").  See the
**   handout for the points.
*/
#ifndef CHINESE_CHECKERS_H
#define CHINESE_CHECKERS_H

/* Size of the_board: BOARD_SIZE_X columns by BOARD_SIZE_Y rows. */
#define BOARD_SIZE_X 25
#define BOARD_SIZE_Y 17

/* Truth values returned by is_jumper. */
#define TRUE 1
#define FALSE 0

/* Results of check_neighbor, check_jump and check_move. */
#define VALID_MOVE 1
#define INVALID_MOVE 2

/* Cell values stored in the_board. */
#define DA 0 /* not a space of the board ("dead area")   */
#define RE 1 /* a red marble                              */
#define GR 2 /* a green marble                            */
#define EM 7 /* an empty space                            */

/*
** The game board, defined (with its starting layout) in your code.
** Row y, column x is the_board[y][x].  At the start, rows 0-3 of the star
** hold RE, rows 13-16 hold GR (10 marbles each), all other spaces hold EM
** and all cells that are not spaces hold DA.  The unit tests overwrite it
** freely before calling your functions, so your functions must read the
** board through the_board and keep no copy of their own.
*/
extern int the_board[BOARD_SIZE_Y][BOARD_SIZE_X];

/*
** print_board -- print the_board to standard output.
**
** Line 1: two spaces, then every column number x = 0..24 printed as "%3d",
**         then one space, then a newline.
** Then, for each row y = 0..16: the row number as "%2d " followed by one
**         3-character cell per column -- " R " for RE, " G " for GR,
**         " - " for EM and three spaces for DA (and for any other value)
**         -- then a newline.
** Then one empty line (a lone newline).
**
** It prints nothing else: no prompt, no leading blank line.
** Example: the first two lines at the start of a game are
**   "    0  1  2  3 ... 23 24 \n"
**   " 0                                      R                     ... \n"
** (row 0 has exactly one space of the star, at x = 12).
*/
void print_board(void);

/*
** check_neighbor -- is (x_to, y_to) one of the six neighbours of
** (x_from, y_from)?
**
** Returns VALID_MOVE if (x_to - x_from, y_to - y_from) is one of
** (-2,0) (2,0) (-1,-1) (1,-1) (-1,1) (1,1); INVALID_MOVE otherwise.
** Pure geometry: the board is not consulted, so the answer does not depend
** on what the cells hold or whether they are spaces at all.  Beware of
** overflow when subtracting huge coordinates.
**
** Examples: check_neighbor(6, 14, 5, 13) == VALID_MOVE
**           check_neighbor(6, 14, 6, 13) == INVALID_MOVE  (straight up is
**                                                         not a neighbour)
**           check_neighbor(6, 14, 6, 14) == INVALID_MOVE  (same cell)
*/
int check_neighbor(int x_from, int y_from, int x_to, int y_to);

/*
** check_jump -- is the move from (x_from, y_from) to (x_to, y_to) a jump
** over a marble?
**
** Returns VALID_MOVE if (x_to, y_to) is (x_from, y_from) + 2*d for one of
** the six neighbour offsets d, and the cell in between, (x_from, y_from) + d,
** holds RE or GR (either colour may be jumped).  Returns INVALID_MOVE
** otherwise, including when the cell in between is EM, DA or off the array.
** It need not look at the source or the landing cell: check_move does that.
** (The tests never depend on whether it checks the landing.)
**
** Examples, on the starting board:
**   check_jump(10, 2, 12, 4) == VALID_MOVE     jumps the red marble at (11,3)
**   check_jump(12, 4, 14, 6) == INVALID_MOVE   (13,5) is empty
**   check_jump(10, 2, 13, 3) == INVALID_MOVE   not twice a neighbour offset
*/
int check_jump(int x_from, int y_from, int x_to, int y_to);

/*
** check_move -- may the player of colour `color` move the marble at
** (x_from, y_from) to (x_to, y_to) in one step or one jump?
**
** Returns VALID_MOVE when all of these hold, INVALID_MOVE otherwise:
**   1. the source cell holds `color` (RE or GR);
**   2. the landing cell holds EM (so it is a space of the board, and empty);
**   3. check_neighbor or check_jump returns VALID_MOVE for the move.
** It knows nothing about multi-jump turns: the game loop checks that a
** chained jump moves the same marble and does not jump straight back.
** It does not change the board.
**
** Examples, on the starting board:
**   check_move(RE, 9, 3, 10, 4)  == VALID_MOVE     a step
**   check_move(RE, 10, 2, 12, 4) == VALID_MOVE     a jump over (11,3)
**   check_move(GR, 9, 3, 10, 4)  == INVALID_MOVE   not green's marble
**   check_move(RE, 11, 3, 13, 3) == INVALID_MOVE   (13,3) is occupied
**   check_move(RE, 9, 3, 9, 5)   == INVALID_MOVE   not a neighbour or jump
*/
int check_move(int color, int x_from, int y_from, int x_to, int y_to);

/*
** is_jumper -- after a jump, can the marble jump again?
**
** Call it after the jump from (x_from, y_from) to (x_to, y_to) has been
** made on the_board.  Returns TRUE if the marble now at (x_to, y_to) has
** at least one jump -- over a neighbouring RE or GR onto an EM cell --
** whose landing is not (x_from, y_from); FALSE otherwise.  The cell it
** came from is empty now, so without that exception every jump would look
** like it could continue.  It does not change the board.
**
** Example: red jumps 10 2 -> 12 4 over (11,3) on the starting board.  From
** (12,4) the only marble beside it is (11,3), and jumping it lands on
** (10,2), where it came from, so is_jumper(10, 2, 12, 4) == FALSE.
*/
int is_jumper(int x_from, int y_from, int x_to, int y_to);

#endif /* CHINESE_CHECKERS_H */

/*
** chinese_checkers_bot.h -- Project 4: the Chinese Checkers bot challenge.
**
** You write a bot: the four functions below, which a referee calls to play
** games of Chinese Checkers against other bots, on a six-pointed star of
** any size, by 2 to 6 players.  The kit's driver (driver.c, given: do not
** change it) holds main(): it receives the referee's requests on standard
** input and calls your functions.  Anything your functions print goes to
** standard error (kept for your report, up to a cap), never to the
** referee; they must not read standard input.
**
** ---- The board -----------------------------------------------------------
** A star of size n (3..63) has 4n+1 rows, numbered 0 (top) to 4n.  Row r
** has r+1 positions for r < n, 4n+1-r for n <= r < 2n, r+1 for
** 2n <= r <= 3n, and 4n+1-r for r > 3n.  Columns are numbered around 0: a
** row with c positions runs from -(c-1)/2 to (c-1)/2 when r is even, and
** from -(c/2)+1 to c/2 when r is odd.  Neighbours of (r, c), when they
** exist: (r, c-1), (r, c+1), and
**     r even: (r+1, c), (r+1, c+1), (r-1, c), (r-1, c+1);
**     r odd:  (r+1, c), (r+1, c-1), (r-1, c), (r-1, c-1).
** The six points of the star are numbered 0..5 clockwise from the one at
** row 0 (0 top, 1 upper right, 2 lower right, 3 bottom, 4 lower left,
** 5 upper left).  A player's home is one point, filled with its
** n(n+1)/2 pieces at the start; its goal is the opposite point; the other
** four points are its neutral zones.  Example, n = 4 (121 cells): rows 0-3
** are point 0, rows 13-16 point 3; row 4 runs from column -6 to 6, and
** its columns -6..-3 belong to point 5, -2..2 to the central hexagon,
** 3..6 to point 1.
**
** ---- Moves ---------------------------------------------------------------
** A move takes one of your pieces either to an empty neighbour (a step), or
** along a chain of hops: each hop jumps over an occupied neighbour (any
** player's piece) onto the empty position just beyond it, on the same
** line; a chain may go on as long as you like and never returns to a
** position it has left.  No piece is ever removed.  A move may not start
** or end in one of your neutral zones (a chain may pass through one).
** You report a move by its first and last position only; the referee
** finds a chain between them.  You may not pass, except that when you
** have no legal move at all you must name one of your pieces as both from
** and to.  An illegal move puts you out of the game.
**
** ---- The game (the handout's "Rules of the game" has every detail) ------
** Seats move in order 0, 1, 2, ...  A game ends when a player has all its
** pieces in its goal and every seat has had as many turns as seat 0 (the
** round is finished); the players who have finished then win (several:
** a draw).  A game no one finishes within the turn cap is won by the
** player(s) whose pieces are closest to their goal in all.  A bot that
** crashes, runs past its time, or moves illegally is out: its pieces stay
** where they are, its turns are skipped, and it loses.
** Score of a series: 2 per win, 1 per draw, minus 1 per second of CPU time
** your four functions used, as the referee's sandbox measures it.
**
** ---- When memory runs out ------------------------------------------------
** If malloc, calloc or realloc returns NULL, your functions must carry on
** without crashing or touching memory they do not own: answer legally
** (perhaps a weaker move), or lose the game cleanly -- a move that is not
** legal then only puts you out.  TermChineseCheckers must still free
** everything you allocated.  The hidden unit suite `memory` fails your
** allocations one at a time to check this.
*/
#ifndef CHINESE_CHECKERS_BOT_H
#define CHINESE_CHECKERS_BOT_H

typedef struct Position {
    long row;               /* 0 .. 4 * gameSize                         */
    long col;               /* see "The board"                           */
} Position;

/*
** A new game.  numPlayers: 2..6.  gameSize: 3..63 (the home triangle's
** base; you have gameSize * (gameSize + 1) / 2 pieces).  playerPosition[i]
** (0..5) is the point where player i's home is, for i < numPlayers (the
** rest is unused).  yourIndex: your seat, 0..numPlayers-1; player 0 moves
** first.  Called again for every new game, after TermChineseCheckers:
** forget everything of the last game.
** Example: InitChineseCheckers(2, 4, {0, 3}, 1): two players, the 121-cell
** board; you are player 1, at home in point 3 (rows 13-16), and your goal
** is point 0 (rows 0-3).
** Graded by the unit suite `init` (and every game of the others).
*/
void InitChineseCheckers(long numPlayers, long gameSize, long playerPosition[6], long yourIndex);

/*
** Your turn: set *from to the position of one of your pieces and *to to
** where it goes (a step or a chain of hops, as above), or both to the
** same piece when you have no legal move.  Your board must then show the
** move made: the referee does not tell you of your own moves.
** Graded by the unit suites `move` and `games`.
*/
void YourMove(Position *from, Position *to);

/*
** Player `opponent` (its index in playerPosition[]) moved from `from` to
** `to` (a step or a chain; from == to when it had no move).  Called for
** every other player's move, in order; a player that is out of the game
** makes no more moves, so do not count on turns coming in seat order.
** Trust nothing in a call: one whose `from` or `to` is no position of the
** board, or whose `from` is not one of that player's pieces, changes
** nothing, and neither does a pass, whenever it comes.
** Graded by the unit suites `opponent` (hidden tests only; they also make
** such calls between the real ones) and `games`.
*/
void OpponentMove(long opponent, Position from, Position to);

/*
** The game is over: free what you allocated for it.  Another game may
** follow (InitChineseCheckers again).  Graded by the memory checks.
*/
void TermChineseCheckers(void);

#endif /* CHINESE_CHECKERS_BOT_H */

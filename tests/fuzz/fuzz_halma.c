/*
** fuzz_halma.c -- fuzz target for the Halma reference's input handling
** (solution/halma/game.c with solution/halma/halma.c).
**
** Each input is one whole game.  Its first byte picks the command line,
** one option a bit (tests/fuzz/halma.conf says the same for the seed
** builder):
**     bit 0  --kangaroo
**     bit 1  --players 4  (else the default, 2 players)
**     bit 2  --echo
** and the remaining bytes are what the program reads on stdin.  The
** game's source is included below with its main() renamed, so that this
** file can put back what a game changes before the next one starts
** (game.c's static `echo_moves`; the board is play_game()'s own), and
** with apply_move() and board_init() renamed to checking wrappers: every
** move the game makes, and the board it starts from, are checked as they
** happen.  How a game is run, and the checks every game target makes,
** are in fuzz_game.h.
**
** Besides the sanitizers (any out-of-bounds access, signed overflow while
** parsing a number or turning coordinates into a square, ...) and
** libFuzzer's -timeout (a game that never ends on end of input), every
** game is checked for:
**   - a start as the options ask: board_init() accepts the player count,
**     and the board then holds 2 or 4 players of 19 or 13 pieces;
**   - moves that are moves: each one the game applies takes a piece, is a
**     step or a hop (check_step, or check_hop with the game's Kangaroo
**     option), and apply_move() accepts it;
**   - a board that still makes sense after every move: every player has
**     all its pieces, no more, and its piece list names exactly the
**     squares that hold them; colour bits only on occupied squares;
**   - without --echo, output of printable ASCII and '\n' only;
**   - a zero exit status.
** A failed check prints what went wrong and aborts, which libFuzzer
** reports as a crash with the input saved.
**
** Built two ways (tests/fuzz/run.sh, tests/fuzz.test.sh): with libFuzzer,
** and with tests/fuzz/replay_main.c for replaying saved inputs.  The
** replay build (-DFUZZ_REPLAY) also plays every game twice and checks
** both printed the same bytes (state that leaks from one game into the
** next), and writes each transcript to $FUZZ_TRANSCRIPT when that is set.
*/
#define _GNU_SOURCE /* fopencookie, fmemopen */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The reference game loop, its main() renamed and its calls of
** apply_move() and board_init() sent through the checks below. */
#define main halma_main
#define apply_move checked_apply_move
#define board_init checked_board_init
#include "game.c"
#undef board_init
#undef apply_move
#undef main

/* The real ones, in solution/halma/halma.c (halma.h's declarations of
** them were renamed above). */
int apply_move(h_board *b, int from, int to);
int board_init(h_board *b, int players);

/* The options of the game being played. */
static struct {
    int kangaroo, players, echo;
    unsigned long moves;    /* moves applied so far */
} game;

#define FUZZ_NAME "fuzz_halma"
#include "fuzz_game.h"

static void fuzz_fail(const char *what, int from, int to)
{
    fprintf(stderr, FUZZ_NAME ": %s", what);
    if (from >= 0)
        fprintf(stderr, " (move %lu: square %d (%d, %d) to %d (%d, %d))", game.moves + 1, from,
                from % BOARD_SIDE, from / BOARD_SIDE, to, to % BOARD_SIDE, to / BOARD_SIDE);
    fprintf(stderr, " [%d players%s%s]\n", game.players, game.kangaroo ? ", --kangaroo" : "",
            game.echo ? ", --echo" : "");
    abort();
}

/* Every player has all its pieces and no more, its piece list names
** exactly those squares, and no colour bit is set on an empty square. */
static void check_board(const h_board *b, int from, int to)
{
    int count[MAX_PLAYERS] = {0};

    if (b->players != game.players)
        fuzz_fail("the board's player count is not the game's", from, to);
    if (b->pieces != (game.players == 2 ? PIECES_TWO_PLAYERS : PIECES_FOUR_PLAYERS))
        fuzz_fail("the board's piece count is wrong for its players", from, to);
    for (int s = 0; s < SQUARES; s++) {
        int occupied = bitset_contains(b->occupied, s);
        int p = owner(b, s);
        if (!occupied && (bitset_contains(b->colour[0], s) || bitset_contains(b->colour[1], s)))
            fuzz_fail("an empty square has colour bits", from, to);
        if (occupied && (p < 0 || p >= b->players))
            fuzz_fail("a square holds a piece of no player of this game", from, to);
        if (occupied)
            count[p]++;
    }
    for (int p = 0; p < b->players; p++) {
        if (count[p] != b->pieces) {
            fprintf(stderr, FUZZ_NAME ": player %d has %d pieces on the board, not %d\n",
                    p, count[p], b->pieces);
            fuzz_fail("pieces appeared or vanished", from, to);
        }
        for (int i = 0; i < b->pieces; i++) {
            int s = b->position[p][i];
            if (owner(b, s) != p)
                fuzz_fail("a piece list names a square without that player's piece", from, to);
            for (int j = 0; j < i; j++)
                if (b->position[p][j] == s)
                    fuzz_fail("a piece list names one square twice", from, to);
        }
    }
}

int checked_board_init(h_board *b, int players)
{
    if (players != game.players)
        fuzz_fail("the game set up another player count than its options say", -1, -1);
    if (board_init(b, players) != 0)
        fuzz_fail("board_init refused the game's player count", -1, -1);
    check_board(b, -1, -1);
    return 0;
}

int checked_apply_move(h_board *b, int from, int to)
{
    int mover = owner(b, from);

    if (mover == NO_PLAYER)
        fuzz_fail("the game moves from a square without a piece", from, to);
    if (check_step(b, from, to) != VALID_MOVE && check_hop(b, from, to, game.kangaroo) != VALID_MOVE)
        fuzz_fail("the game makes a move that is neither a step nor a hop", from, to);
    if (apply_move(b, from, to) != 0)
        fuzz_fail("apply_move refused a move the game made", from, to);
    if (owner(b, to) != mover || !is_empty(b, from))
        fuzz_fail("the piece did not move", from, to);
    check_board(b, from, to);
    game.moves++;
    return 0;
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc, (void)argv;
    fuzz_sink_init();
    return 0;
}

/* Plays one game on `input` with the options of `mode` (the first byte). */
static void play(const uint8_t *input, size_t len, unsigned mode)
{
    static char prog[] = "halma", kangaroo[] = "--kangaroo", players[] = "--players",
                four[] = "4", echo[] = "--echo";
    char *argv[6];
    int argc = 0;

    argv[argc++] = prog;
    if (mode & 1)
        argv[argc++] = kangaroo;
    if (mode & 2)
        argv[argc++] = players, argv[argc++] = four;
    if (mode & 4)
        argv[argc++] = echo;
    argv[argc] = NULL;
    game.kangaroo = mode & 1;
    game.players = mode & 2 ? 4 : 2;
    game.echo = (mode & 4) != 0;
    game.moves = 0;
    echo_moves = 0;
    fuzz_run_game(halma_main, argc, argv, input, len, !game.echo);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 0)
        fuzz_play_twice(play, data + 1, size - 1, data[0]);
    return 0;
}

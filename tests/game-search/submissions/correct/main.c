/*
** main.c -- the game-search program: reads commands, one per line, and
** answers each with one line (`show` and `moves` with more).  Given to
** students as it is; the scripted sessions run it.
**
**   start                the start position, WHITE to move
**   position             the next lines are a position (gs_read's format)
**   show                 prints the position
**   moves                prints how many moves there are, then the moves
**   play c1-d2           plays a legal move
**   winner               who has won: white, black or none
**   minimax D            the value at depth D, and how many evaluations
**   alphabeta D          the value at depth D, by alphabeta()
**   parallel D T         the value at depth D, by parallel_search() on T
**                        threads
**   choose D             checks choose_move(): the value of the position
**                        after the chosen move, at depth D - 1
**   quit                 ends the program, as the end of the input does
** Blank lines and lines starting with '#' are skipped.  Evaluations are
** by gs_manhattan().  Depths are 0..MAX_DEPTH (choose: 1..MAX_DEPTH).
*/
#include "game_search.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_DEPTH 6

static long evaluations;

/* gs_manhattan(), counted: for minimax, which runs on one thread. */
static int counted(const gs_position *p)
{
    evaluations++;
    return gs_manhattan(p);
}

/* The number in `word` if it is one of lo..hi, else -1. */
static int number(const char *word, int lo, int hi)
{
    char *end;

    if (!word)
        return -1;
    long n = strtol(word, &end, 10);
    return *end != '\0' || end == word || n < lo || n > hi ? -1 : (int)n;
}

static int legal(const gs_position *p, gs_move m)
{
    gs_move moves[GS_MAX_MOVES];
    int n = gs_moves(p, moves);

    for (int i = 0; i < n; i++)
        if (moves[i].from == m.from && moves[i].to == m.to)
            return 1;
    return 0;
}

static void print_moves(const gs_position *p)
{
    gs_move moves[GS_MAX_MOVES];
    int n = gs_moves(p, moves);
    char from[3], to[3];

    printf("moves: %d\n", n);
    for (int i = 0; i < n; i++) {
        gs_cell_name(moves[i].from, from);
        gs_cell_name(moves[i].to, to);
        printf("%s%s-%s", i % 8 ? " " : "", from, to);
        if (i % 8 == 7 || i == n - 1)
            putchar('\n');
    }
}

static void play(gs_position *p, const char *word)
{
    gs_move m;

    if (!word)
        printf("play: which move? (write it as c1-d2)\n");
    else if (gs_parse_move(word, &m) != 0)
        printf("play %s: not a move (write it as c1-d2)\n", word);
    else if (!legal(p, m))
        printf("play %s: not a legal move\n", word);
    else {
        gs_play(p, m);
        printf("play %s: ok\n", word);
    }
}

static void choose(gs_position *p, int depth)
{
    gs_move m;
    char from[3], to[3];
    int v = choose_move(p, depth, gs_manhattan, &m);

    if (m.from == GS_NO_CELL && m.to == GS_NO_CELL) {
        printf("choose %d: no move, value %d\n", depth, v);
        return;
    }
    gs_cell_name(m.from % GS_CELLS, from);
    gs_cell_name(m.to % GS_CELLS, to);
    if (m.from >= GS_CELLS || m.to >= GS_CELLS || !legal(p, m)) {
        printf("choose %d: %s-%s is not a legal move\n", depth, from, to);
        return;
    }
    gs_play(p, m);
    int worth = minimax(p, depth - 1, gs_manhattan);
    gs_undo(p, m);
    printf("choose %d: a move worth %d\n", depth, worth);
}

/* Runs one command line; returns 0 to go on, 1 to stop. */
static int command(gs_position *p, char *line, FILE *in)
{
    char *name = strtok(line, " \t\r\n"), *a = strtok(NULL, " \t\r\n"), *b = strtok(NULL, " \t\r\n");
    int d = number(a, 0, MAX_DEPTH);
    char why[100];

    if (!name || name[0] == '#')
        return 0;
    if (strcmp(name, "quit") == 0)
        return 1;
    if (strcmp(name, "start") == 0)
        gs_start(p);
    else if (strcmp(name, "position") == 0)
        printf("position: %s\n", gs_read(p, in, why) == 0 ? "ok" : why);
    else if (strcmp(name, "show") == 0)
        gs_write(p, stdout);
    else if (strcmp(name, "moves") == 0)
        print_moves(p);
    else if (strcmp(name, "play") == 0)
        play(p, a);
    else if (strcmp(name, "winner") == 0) {
        int w = gs_winner(p);
        printf("winner: %s\n", w == GS_WHITE ? "white" : w == GS_BLACK ? "black" : "none");
    } else if (strcmp(name, "minimax") == 0 && d >= 0) {
        evaluations = 0;
        int v = minimax(p, d, counted);
        printf("minimax %d: %d (%ld evaluations)\n", d, v, evaluations);
    } else if (strcmp(name, "alphabeta") == 0 && d >= 0)
        printf("alphabeta %d: %d\n", d, alphabeta(p, d, -GS_INF, GS_INF, gs_manhattan));
    else if (strcmp(name, "parallel") == 0 && d >= 0 && number(b, 1, GS_MAX_THREADS) > 0)
        printf("parallel %d %s: %d\n", d, b, parallel_search(p, d, number(b, 1, GS_MAX_THREADS), gs_manhattan));
    else if (strcmp(name, "choose") == 0 && d >= 1)
        choose(p, d);
    else if (strcmp(name, "minimax") == 0 || strcmp(name, "alphabeta") == 0
             || strcmp(name, "parallel") == 0 || strcmp(name, "choose") == 0)
        printf("%s: needs a depth %d..%d%s\n", name, strcmp(name, "choose") == 0, MAX_DEPTH,
               strcmp(name, "parallel") == 0 ? " and 1..16 threads" : "");
    else
        printf("unknown command: %s\n", name);
    return 0;
}

int main(void)
{
    gs_position p;
    char line[256];

    gs_start(&p);
    while (fgets(line, sizeof line, stdin))
        if (command(&p, line, stdin))
            break;
    return 0;
}

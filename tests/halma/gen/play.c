/*
** play.c -- plays a whole game of Halma with a simple greedy player and
** prints its moves, one line each, as input for the reference program.
** The long and winning sessions of sample_io/halma/ are made with it.
**
** Usage: play [--players 2|4] [--kangaroo] [--seed N] [--moves N [--eof-mid-move]]
**             [--stats]
**   --players N  2 (default) or 4 players, as the program's option.
**   --kangaroo   long hops too; the session must then be run with
**                --kangaroo as well.
**   --seed N     0 (default) breaks ties between equally good moves by
**                square number; any other N breaks them with a seeded
**                splitmix64 stream, for other games.
**   --moves N    stop after N moves (a chain is one move) and end with
**                "-1 -1 -1 -1" instead of playing to the win.
**   --eof-mid-move  with --moves: end instead with the first two numbers
**                of the next move and no newline, as if the input were cut.
**   --stats      print what the game held to standard error: moves, hops,
**                the longest chain, chains ended by -1, the winner.
**
** The player scores a position by what is left to do (position_cost()):
** a camp is exactly the squares at a squared Euclidean distance of 17 (19
** squares) or 10 (13 squares) or less from its corner, a piece in the
** goal costs its squared distance to the corner, and a piece outside
** costs much more, growing with its distance to the nearest goal square
** it does not hold yet.  Each turn it makes the move that lowers its cost
** the most, among every step and every square a chain of hops reaches;
** the chain taken is a shortest one.  A chain that stops while the piece
** could still hop on is closed with "-1 -1 -1 -1", as the program then
** prompts again.  Ties go to the piece farthest behind.  The player is not
** clever: now and then it walls an opponent's last piece in (mostly with
** --kangaroo), and the game never ends; choose another seed then.
**
** It uses the reference's rules (halma.h) for single steps and hops, but
** the chain rules (no square twice, when a chain goes on) are its own, so
** a disagreement with solution/halma/game.c shows in the transcript.
**
** Exit status 0 when the game was played as asked; 1 when no player won
** within the move limit (a note says so on standard error); 2 for bad
** arguments.
*/
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "halma.h"

/* A game longer than this is stuck: no greedy game needs so many. */
#define MOVE_LIMIT 3000

/* One candidate move: a step, or a chain of hops along path[0..hops]. */
struct plan {
    long gain;                  /* cost it removes; higher is better     */
    int behind;                 /* the piece's distance before the move  */
    uint64_t tie;               /* the seeded tie-break                  */
    int hops;                   /* 0 for a step                          */
    int path[SQUARES];          /* squares the piece stands on, in order */
};

struct stats { long moves, hops, longest, closed; };

static int kangaroo;
static uint64_t rng_state;
static int seeded;

static uint64_t splitmix64(void)
{
    uint64_t z = (rng_state += UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

/* Squared distance from square s to the corner of `player`'s goal, which
** is the corner of player ^ 1's camp. */
static int corner_distance(int player, int s)
{
    static const int corner_x[MAX_PLAYERS] = {15, 0, 0, 15};
    static const int corner_y[MAX_PLAYERS] = {15, 0, 15, 0};
    int dx = s % BOARD_SIDE - corner_x[player], dy = s / BOARD_SIDE - corner_y[player];
    return dx * dx + dy * dy;
}

/* 1 if square s is in `player`'s goal: a camp is a quarter disc. */
static int in_goal(const h_board *b, int player, int s)
{
    return corner_distance(player, s) <= (b->players == 4 ? 10 : 17);
}

/* King moves from square a to square b. */
static int king_distance(int a, int b)
{
    int dx = abs(a % BOARD_SIDE - b % BOARD_SIDE), dy = abs(a / BOARD_SIDE - b / BOARD_SIDE);
    return dx > dy ? dx : dy;
}

/*
** How far `player` is from winning; lower is better.  A piece in the goal
** costs its squared distance to the corner (so pieces move in deep and
** leave room behind them); a piece outside costs far more, growing with
** its distance to the nearest goal square it does not hold yet, so that
** the last pieces head for the holes that are left.
*/
static long position_cost(const h_board *b, int player)
{
    int open[SQUARES], holes = 0;
    long cost = 0;

    for (int s = 0; s < SQUARES; s++)
        if (in_goal(b, player, s) && owner(b, s) != player)
            open[holes++] = s;
    for (int i = 0; i < b->pieces; i++) {
        int s = b->position[player][i], nearest = 2 * BOARD_SIDE;
        if (in_goal(b, player, s)) {
            cost += corner_distance(player, s);
            continue;
        }
        for (int h = 0; h < holes; h++)
            if (king_distance(s, open[h]) < nearest)
                nearest = king_distance(s, open[h]);
        cost += 1000 + 40 * nearest + corner_distance(player, s);
    }
    return cost;
}

/* 1 if plan a is to be preferred to plan b. */
static int better(const struct plan *a, const struct plan *b)
{
    if (a->gain != b->gain)
        return a->gain > b->gain;
    if (a->behind != b->behind)
        return a->behind > b->behind;
    return a->tie < b->tie;
}

/* Offers the move of the piece on path[0] to path[hops] as a candidate. */
static void consider(const h_board *b, int player, const int *path, int hops,
                     struct plan *best, int *found)
{
    struct plan p;
    int last = hops > 0 ? hops : 1;     /* a step is path[0] to path[1] */
    h_board after = *b;

    apply_move(&after, path[0], path[last]);
    p.hops = hops;
    memcpy(p.path, path, (size_t)(last + 1) * sizeof *path);
    p.behind = corner_distance(player, path[0]);
    p.gain = position_cost(b, player) - position_cost(&after, player);
    p.tie = seeded ? splitmix64() : (uint64_t)path[0] * SQUARES + (uint64_t)path[last];
    if (!*found || better(&p, best))
        *best = p;
    *found = 1;
}

/*
** Breadth-first search of the squares the piece on `from` reaches by hops
** (its start square empty behind it), each by a shortest chain; every one
** is offered to consider().  parent[] links each square to the one it was
** reached from.
*/
static void hop_plans(const h_board *b, int player, int from, struct plan *best, int *found)
{
    int parent[SQUARES], queue[SQUARES], head = 0, tail = 0, path[SQUARES];

    for (int s = 0; s < SQUARES; s++)
        parent[s] = -1;
    parent[from] = from;
    queue[tail++] = from;
    while (head < tail) {
        int at = queue[head++];
        h_board here = *b;
        if (at != from)
            apply_move(&here, from, at);
        for (int to = 0; to < SQUARES; to++) {
            if (parent[to] >= 0 || check_hop(&here, at, to, kangaroo) != VALID_MOVE)
                continue;
            parent[to] = at;
            queue[tail++] = to;
            int hops = 0;
            for (int s = to; s != from; s = parent[s])
                hops++;
            for (int s = to, i = hops; i >= 0; s = parent[s], i--)
                path[i] = s;
            consider(b, player, path, hops, best, found);
        }
    }
}

/* The best move of `player`; 0 when it has none at all. */
static int choose(const h_board *b, int player, struct plan *best)
{
    int found = 0;

    for (int i = 0; i < b->pieces; i++) {
        int from = b->position[player][i];
        for (int to = 0; to < SQUARES; to++)
            if (check_step(b, from, to) == VALID_MOVE) {
                int path[2] = {from, to};
                consider(b, player, path, 0, best, &found);
            }
        hop_plans(b, player, from, best, &found);
    }
    return found;
}

static void print_move(int from, int to)
{
    printf("%d %d %d %d\n", from % BOARD_SIDE, from / BOARD_SIDE, to % BOARD_SIDE, to / BOARD_SIDE);
}

/* 1 if, after the chain of `p` (made on *b), the piece could hop on to a
** square the chain has not visited: the program then prompts again. */
static int could_hop_on(const h_board *b, const struct plan *p)
{
    int at = p->path[p->hops];

    for (int to = 0; to < SQUARES; to++) {
        int visited = 0;
        for (int i = 0; i <= p->hops; i++)
            visited |= p->path[i] == to;
        if (!visited && check_hop(b, at, to, kangaroo) == VALID_MOVE)
            return 1;
    }
    return 0;
}

/* Makes and prints the planned move. */
static void play(h_board *b, const struct plan *p, struct stats *st)
{
    int last = p->hops > 0 ? p->hops : 1;

    for (int i = 0; i < last; i++) {
        print_move(p->path[i], p->path[i + 1]);
        apply_move(b, p->path[i], p->path[i + 1]);
    }
    st->moves++;
    st->hops += p->hops;
    if (p->hops > st->longest)
        st->longest = p->hops;
    if (p->hops > 0 && winner(b) == NO_PLAYER && could_hop_on(b, p)) {
        printf("-1 -1 -1 -1\n");
        st->closed++;
    }
}

/* The command line. */
struct options {
    int players, show_stats, cut;
    long move_cap;              /* -1: play to the win */
};

/* Reads the command line into *opt (and the globals kangaroo, rng_state,
** seeded); returns 0, or -1 when it is not understood. */
static int parse_options(int argc, char **argv, struct options *opt)
{
    *opt = (struct options){2, 0, 0, -1};
    for (int i = 1; i < argc; i++) {
        int has_value = i + 1 < argc;
        if (strcmp(argv[i], "--players") == 0 && has_value)
            opt->players = atoi(argv[++i]);
        else if (strcmp(argv[i], "--kangaroo") == 0)
            kangaroo = KANGAROO;
        else if (strcmp(argv[i], "--seed") == 0 && has_value) {
            rng_state = strtoull(argv[++i], NULL, 10);
            seeded = rng_state != 0;
        } else if (strcmp(argv[i], "--moves") == 0 && has_value)
            opt->move_cap = atol(argv[++i]);
        else if (strcmp(argv[i], "--eof-mid-move") == 0)
            opt->cut = 1;
        else if (strcmp(argv[i], "--stats") == 0)
            opt->show_stats = 1;
        else
            return -1;
    }
    return opt->cut && opt->move_cap < 0 ? -1 : 0;
}

/* Plays from *b until a win, the move cap or MOVE_LIMIT; then ends the
** input as asked. */
static void play_game(h_board *b, const struct options *opt, struct stats *st)
{
    static struct plan best;    /* 1 KiB of path: not on the stack */
    int player = 0;

    while (winner(b) == NO_PLAYER && st->moves != opt->move_cap && st->moves < MOVE_LIMIT
           && choose(b, player, &best)) {
        play(b, &best, st);
        player = (player + 1) % b->players;
    }
    if (winner(b) != NO_PLAYER)
        return;
    if (opt->cut && choose(b, player, &best))
        printf("%d %d", best.path[0] % BOARD_SIDE, best.path[0] / BOARD_SIDE);
    else
        printf("-1 -1 -1 -1\n");
}

int main(int argc, char **argv)
{
    struct options opt;
    struct stats st = {0, 0, 0, 0};
    h_board b;

    if (parse_options(argc, argv, &opt) != 0 || board_init(&b, opt.players) != 0) {
        fprintf(stderr, "usage: play [--players 2|4] [--kangaroo] [--seed N]"
                        " [--moves N [--eof-mid-move]] [--stats]\n");
        return 2;
    }
    play_game(&b, &opt, &st);
    if (opt.show_stats)
        fprintf(stderr, "moves %ld, hops %ld, longest chain %ld, chains ended by -1: %ld, winner %d\n",
                st.moves, st.hops, st.longest, st.closed, winner(&b));
    if (winner(&b) == NO_PLAYER && opt.move_cap < 0) {
        fprintf(stderr, "play: no winner after %ld moves\n", st.moves);
        return 1;
    }
    return 0;
}

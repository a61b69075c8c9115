/*
** bench_tournament.c -- build/bench-tournament: the figures of `make
** bench-tournament` (tests/referee/bench_tournament.sh runs it several
** times and takes medians).  One measurement per run, on stdout:
**
**   bench-tournament games BOT WORKERS GAMES
**       GAMES games of 2 players on the size-4 star between two sandboxed
**       copies of the bot program BOT (e.g. "build/bots/house greedy",
**       words split on spaces), played by WORKERS forked processes.  Prints
**         games G workers W wall S rate R
**       and, from worker 0's games, the mean wall time of each step:
**         split start MS move US opponent US end MS
**       (start: a player made and its Init answered; move, opponent: one
**       YourMove, one OpponentMove round trip, referee's side; end: Term
**       answered and the bot ended).
**   bench-tournament kept BOT WORKERS GAMES
**       the same, but each worker keeps its two bots for all its games,
**       sending Init again after Term (the protocol allows it): what
**       starting a sandboxed bot for every game costs.
**   bench-tournament inprocess WORKERS GAMES
**       the same games between house greedy bots in the workers' own
**       processes (rplayer_house: no sandbox, no pipe): the limit.
**   bench-tournament chain SIZE REPS
**       the referee's check of one claimed move on the star of SIZE with 2
**       players (rgame_claim(): cells looked up, eg_chain() finding the
**       way, the path converted, the move made): a chain of hops along
**       the middle row, and a single step, REPS times each; prints
**         chain SIZE hops H median US step median US
**
** Exit status 0, or 2 for a bad command line or a failure of the
** referee's (a game that could not be played).
*/
#define _DEFAULT_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "referee/match.h"
#include "referee/player_process.h"

static double now(void)
{
    struct timespec t;

    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* ---- a player that times the calls of another ------------------------ */

enum { CALL_START, CALL_MOVE, CALL_OPPONENT, CALL_END, CALL_INIT, CALLS };

static double spent[CALLS];             /* seconds, this process's games   */
static long calls[CALLS];

struct timed {
    struct rplayer base;
    struct rplayer *inner;
    double made;                        /* when the inner player was made   */
    int started;                        /* its first Init has been answered */
};

/* Charges the time since t0 to call kind k; passes on the inner verdict. */
static int timed_done(struct timed *t, int k, double t0, int status)
{
    spent[k] += now() - t0;
    calls[k]++;
    if (status != 0)
        rplayer_fail(&t->base, t->inner->verdict, "%s", t->inner->detail);
    return status;
}

/* The first Init is the bot's start; a later one (a bot kept for
** another game) a round trip like the others. */
static int timed_init(struct rplayer *p, long players, long size, const long points[6], long me)
{
    struct timed *t = (struct timed *)p;
    int first = !t->started;
    double t0 = first ? t->made : now();

    t->started = 1;
    return timed_done(t, first ? CALL_START : CALL_INIT, t0, t->inner->ops->init(t->inner, players, size, points, me));
}

static int timed_move(struct rplayer *p, long move[4])
{
    struct timed *t = (struct timed *)p;
    double t0 = now();
    return timed_done(t, CALL_MOVE, t0, t->inner->ops->move(t->inner, move));
}

static int timed_opponent(struct rplayer *p, long seat, const long move[4])
{
    struct timed *t = (struct timed *)p;
    double t0 = now();
    return timed_done(t, CALL_OPPONENT, t0, t->inner->ops->opponent(t->inner, seat, move));
}

/* Term's time is charged with the close, below: the end of a bot. */
static int timed_term(struct rplayer *p)
{
    struct timed *t = (struct timed *)p;
    t->made = now();
    int status = t->inner->ops->term(t->inner);
    if (status != 0)
        rplayer_fail(&t->base, t->inner->verdict, "%s", t->inner->detail);
    return status;
}

static double timed_cpu(struct rplayer *p)
{
    return rplayer_cpu(((struct timed *)p)->inner);
}

static void timed_close(struct rplayer *p)
{
    struct timed *t = (struct timed *)p;

    rplayer_close(t->inner);
    spent[CALL_END] += now() - t->made;
    calls[CALL_END]++;
    free(t);
}

static const struct rplayer_ops timed_ops = {
    timed_init, timed_move, timed_opponent, timed_term, timed_cpu, timed_close,
};

static struct rplayer *timed(struct rplayer *inner, double made)
{
    struct timed *t = inner ? calloc(1, sizeof *t) : NULL;

    if (!t) {
        rplayer_close(inner);
        return NULL;
    }
    t->base.ops = &timed_ops;
    t->inner = inner;
    t->made = made;
    return &t->base;
}

/* ---- games ----------------------------------------------------------- */

struct bot {
    const char *argv[8];
    const char *readonly[2];
    char words[1024], path[4096], folder[4096];
};

/* The bot program of spec ("PATH ARGS..."), as the referee runs one. */
static int bot_parse(struct bot *b, const char *spec)
{
    int n = 0;

    snprintf(b->words, sizeof b->words, "%s", spec);
    for (char *w = strtok(b->words, " "); w && n < 7; w = strtok(NULL, " "))
        b->argv[n++] = w;
    if (n == 0 || !realpath(b->argv[0], b->path))
        return -1;
    b->argv[0] = b->path;
    snprintf(b->folder, sizeof b->folder, "%s", b->path);
    *strrchr(b->folder, '/') = '\0';
    b->readonly[0] = b->folder;
    return 0;
}

static struct rplayer *make_player(const struct bot *b)
{
    double t0 = now();

    if (!b)
        return timed(rplayer_house(HBOT_GREEDY, 0, 1), t0);
    struct rplayer_program prog = {.argv = b->argv, .readonly_paths = b->readonly};
    /* The tournament's default limits, wall-clock budgets included. */
    rplayer_program_limits(&prog, 2, 60, (size_t)256 << 20);
    return timed(rplayer_process(&prog), t0);
}

/* Plays `games` games, each between two bots of its own, or (keep) the
** same two bots for all, Init sent again after Term; 0, or -1. */
static int play_games(const struct bot *b, int games, int keep)
{
    const char *names[2] = {"a", "b"};
    struct rplayer *seat[2] = {NULL, NULL};
    int status = 0;

    for (int g = 0; status == 0 && g < games; g++) {
        struct rmatch_config cfg = {"bench", 4, 2, {0}, 0};
        struct rmatch_outcome out;

        for (int s = 0; s < 2; s++)
            if (!seat[s])
                seat[s] = make_player(b);
        rmatch_default_points(2, cfg.points);
        status = seat[0] && seat[1] ? rmatch_play(&cfg, seat, names, &out, NULL) : -1;
        if (status != 0 || out.verdict[0] != RPLAYER_PLAYING || out.verdict[1] != RPLAYER_PLAYING) {
            fprintf(stderr, "bench-tournament: game %d was not played to its end\n", g);
            status = -1;
        }
        for (int s = 0; s < 2 && (!keep || status != 0 || g + 1 == games); s++) {
            rplayer_close(seat[s]);
            seat[s] = NULL;
        }
    }
    return status;
}

static int games(const struct bot *b, int workers, int total, int keep)
{
    double t0 = now();
    int failed = 0;

    for (int w = 0; w < workers; w++) {
        int share = total / workers + (w < total % workers);
        pid_t pid = fork();
        if (pid < 0)
            return 2;
        if (pid == 0) {
            int status = play_games(b, share, keep);
            if (w == 0 && status == 0)
                printf("split start %.3f move %.1f opponent %.1f end %.3f\n",
                       1e3 * spent[CALL_START] / (double)(calls[CALL_START] ? calls[CALL_START] : 1),
                       1e6 * spent[CALL_MOVE] / (double)(calls[CALL_MOVE] ? calls[CALL_MOVE] : 1),
                       1e6 * spent[CALL_OPPONENT] / (double)(calls[CALL_OPPONENT] ? calls[CALL_OPPONENT] : 1),
                       1e3 * spent[CALL_END] / (double)(calls[CALL_END] ? calls[CALL_END] : 1));
            fflush(stdout);
            _exit(status == 0 ? 0 : 1);
        }
    }
    for (int w = 0, st; w < workers; w++)
        if (wait(&st) < 0 || !WIFEXITED(st) || WEXITSTATUS(st) != 0)
            failed = 1;
    double wall = now() - t0;
    printf("games %d workers %d wall %.3f rate %.2f\n", total, workers, wall, total / wall);
    return failed ? 2 : 0;
}

/* ---- the referee's check of a chain ----------------------------------- */

static int compare_doubles(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* A position of the 2-player star of `size`: seat 1's pieces at home but
** `hops` of them on every other cell of the middle row from its second
** cell on, seat 0's at home but one on the row's first cell: that piece
** can hop along the whole row.  Fills row[] with the row's cells. */
static void chain_position(const struct rgame *g, int size, int8_t *owner, int *row, int *hops)
{
    const eg_board *b = rgame_board(g);
    const eg_position *start = rgame_position(g);
    int n = 0, moved[2] = {0, 0};

    for (long col = -4L * size; col <= 4L * size; col++)
        if (rgame_cell(g, 2L * size, col) >= 0)
            row[n++] = rgame_cell(g, 2L * size, col);
    memcpy(owner, start->owner, (size_t)b->cells);
    *hops = (n - 1) / 2;
    owner[row[0]] = 0;
    for (int h = 0; h < *hops; h++)
        owner[row[2 * h + 1]] = 1;
    /* As many home cells emptied as pieces placed on the row. */
    for (int c = 0; c < b->cells; c++) {
        int s = start->owner[c];
        if (s >= 0 && moved[s] < (s == 0 ? 1 : *hops)) {
            owner[c] = -1;
            moved[s]++;
        }
    }
}

/* The median time of `reps` claims of from -> to on the position, the
** way's length in cells in *way; -1 when the position or the move is
** refused (message on stderr). */
static double claim_median(struct rgame *g, const int8_t *owner, int from, int to, int reps, int *way)
{
    double *t = malloc(sizeof *t * (size_t)reps), median;
    long (*path)[2] = malloc(sizeof *path * (size_t)rgame_cells(g));
    long r1, c1, r2, c2;
    char why[200];
    int n;

    rgame_rowcol(g, from, &r1, &c1);
    rgame_rowcol(g, to, &r2, &c2);
    for (int i = 0; t && path && i < reps; i++) {
        if (rgame_setup(g, owner, 0, 1) != 0) {
            fprintf(stderr, "bench-tournament: the position is refused\n");
            reps = 0;
            break;
        }
        double t0 = now();
        enum rgame_claim c = rgame_claim(g, r1, c1, r2, c2, path, &n, why, sizeof why);
        t[i] = now() - t0;
        if (c != RGAME_MOVED) {
            fprintf(stderr, "bench-tournament: (%ld,%ld) to (%ld,%ld) refused: %s\n", r1, c1, r2, c2, why);
            reps = 0;
        }
        *way = n;
    }
    median = reps > 0 && t ? (qsort(t, (size_t)reps, sizeof *t, compare_doubles), t[reps / 2]) : -1;
    free(t);
    free(path);
    return median;
}

/* A step of seat 0 on the position: a move whose way is two cells.
** 0, or -1 when there is none. */
static int find_step(const struct rgame *g, const int8_t *owner, int *from, int *to)
{
    const eg_board *b = rgame_board(g);
    eg_position *pos = eg_position_new(b, 0);
    eg_move *moves = malloc(sizeof *moves * (size_t)EG_MOVES_MAX(b));
    int32_t *way = malloc(sizeof *way * (size_t)b->cells);
    int found = -1;

    if (pos && moves && way && eg_position_set(pos, owner, 0) == 0)
        for (int i = 0, n = eg_moves(pos, moves); found != 0 && i < n; i++)
            if (eg_chain(pos, moves[i].from, moves[i].to, way) == 2) {
                *from = moves[i].from;
                *to = moves[i].to;
                found = 0;
            }
    eg_position_free(pos);
    free(moves);
    free(way);
    return found;
}

static int chain(int size, int reps)
{
    int points[RGAME_MAX_SEATS];
    rmatch_default_points(2, points);
    struct rgame *g = rgame_new(size, 2, points, 1000);
    int8_t *owner = g ? malloc((size_t)rgame_cells(g)) : NULL;
    int *row = g ? malloc(sizeof *row * (8 * (size_t)size + 1)) : NULL, hops = 0, from, to, way = 0, status = 2;

    if (owner && row && reps > 0) {
        chain_position(g, size, owner, row, &hops);
        double long_one = claim_median(g, owner, row[0], row[2 * hops], reps, &way);
        int way_of_step = 0;
        double step = find_step(g, owner, &from, &to) == 0 ? claim_median(g, owner, from, to, reps, &way_of_step) : -1;
        if (long_one >= 0 && step >= 0) {
            printf("chain %d cells %d hops %d way %d chain_us %.2f step_us %.2f\n", size, rgame_cells(g), hops,
                   way, long_one * 1e6, step * 1e6);
            status = 0;
        }
    }
    free(owner);
    free(row);
    rgame_free(g);
    return status;
}

int main(int argc, char **argv)
{
    struct bot b;

    if (argc == 5 && strcmp(argv[1], "games") == 0 && bot_parse(&b, argv[2]) == 0)
        return games(&b, atoi(argv[3]), atoi(argv[4]), 0);
    if (argc == 5 && strcmp(argv[1], "kept") == 0 && bot_parse(&b, argv[2]) == 0)
        return games(&b, atoi(argv[3]), atoi(argv[4]), 1);
    if (argc == 4 && strcmp(argv[1], "inprocess") == 0)
        return games(NULL, atoi(argv[2]), atoi(argv[3]), 0);
    if (argc == 4 && strcmp(argv[1], "chain") == 0)
        return chain(atoi(argv[2]), atoi(argv[3]));
    fprintf(stderr, "usage: bench-tournament games|kept BOT WORKERS GAMES\n"
                    "       bench-tournament inprocess WORKERS GAMES\n"
                    "       bench-tournament chain SIZE REPS\n");
    return 2;
}

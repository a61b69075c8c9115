/*
** support.c -- positions, rules, searches, evaluations and clocks of the
** game-search unit tests (support.h).
*/
#define _GNU_SOURCE
#include "support.h"

#include <criterion/criterion.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

/* ---- positions ---- */

static int inside(int x, int y)
{
    return x >= 0 && x < GS_SIDE && y >= 0 && y < GS_SIDE;
}

void pos_start(gs_position *p)
{
    for (int y = 0; y < GS_SIDE; y++)
        for (int x = 0; x < GS_SIDE; x++)
            p->cell[GS_CELL(x, y)] = x + y <= 3 ? GS_WHITE : x + y >= 11 ? GS_BLACK : GS_EMPTY;
    p->side = GS_WHITE;
}

void pos_from_text(gs_position *p, const char *rows, int side)
{
    cr_assert_eq(strlen(rows), (size_t)GS_CELLS, "test bug: a position of %zu cells", strlen(rows));
    for (int c = 0; c < GS_CELLS; c++)
        p->cell[c] = rows[c] == 'W' ? GS_WHITE : rows[c] == 'B' ? GS_BLACK : GS_EMPTY;
    p->side = side;
}

void pos_walled_in(gs_position *p, int side)
{
    pos_from_text(p, "WBB....." "BB......" "B.B....." "........"
                     "........" "........" "........" "........", side);
}

void pos_white_won(gs_position *p)
{
    pos_from_text(p, "........" "........" "BB......" "BB......"
                     "BB.....W" "BB....WW" "B....WWW" "B...WWWW", GS_BLACK);
}

int pos_equal(const gs_position *a, const gs_position *b)
{
    return memcmp(a->cell, b->cell, sizeof a->cell) == 0 && a->side == b->side;
}

const char *pos_text(const gs_position *p)
{
    static char text[GS_SIDE * (GS_SIDE + 1) + 16];
    char *t = text;

    for (int y = 0; y < GS_SIDE; y++) {
        for (int x = 0; x < GS_SIDE; x++)
            *t++ = ".WB"[p->cell[GS_CELL(x, y)] % 3];
        *t++ = '\n';
    }
    strcpy(t, p->side == GS_WHITE ? "white to move" : "black to move");
    return text;
}

/* ---- rules ---- */

static int progress(int side, gs_move m)
{
    int ahead = m.to % GS_SIDE + m.to / GS_SIDE - m.from % GS_SIDE - m.from / GS_SIDE;

    return side == GS_WHITE ? ahead : -ahead;
}

/* Marks in seen[] every cell a chain of hops from (x, y) can land on. */
static void hops(const gs_position *p, int x, int y, unsigned char seen[GS_CELLS])
{
    for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++) {
            int lx = x + 2 * dx, ly = y + 2 * dy;
            if ((dx || dy) && inside(lx, ly) && p->cell[GS_CELL(x + dx, y + dy)] != GS_EMPTY
                && p->cell[GS_CELL(lx, ly)] == GS_EMPTY && !seen[GS_CELL(lx, ly)]) {
                seen[GS_CELL(lx, ly)] = 1;
                hops(p, lx, ly, seen);
            }
        }
}

int rules_moves(const gs_position *p, gs_move *out)
{
    gs_position lifted = *p;
    int n = 0;

    for (int from = 0; from < GS_CELLS; from++) {
        if (p->cell[from] != p->side)
            continue;
        unsigned char seen[GS_CELLS] = {0};
        int x = from % GS_SIDE, y = from / GS_SIDE;
        lifted.cell[from] = GS_EMPTY;
        seen[from] = 1;
        hops(&lifted, x, y, seen);
        seen[from] = 0;
        for (int dy = -1; dy <= 1; dy++)
            for (int dx = -1; dx <= 1; dx++)
                if ((dx || dy) && inside(x + dx, y + dy) && p->cell[GS_CELL(x + dx, y + dy)] == GS_EMPTY)
                    seen[GS_CELL(x + dx, y + dy)] = 1;
        lifted.cell[from] = p->cell[from];
        for (int to = 0; to < GS_CELLS; to++)
            if (seen[to])
                out[n++] = (gs_move){(unsigned char)from, (unsigned char)to};
    }
    return n;
}

int rules_winner(const gs_position *p)
{
    for (int player = GS_WHITE; player <= GS_BLACK; player++) {
        int all = 1, any = 0;
        for (int c = 0; c < GS_CELLS; c++) {
            int sum = c % GS_SIDE + c / GS_SIDE;
            if (p->cell[c] != player)
                continue;
            any = 1;
            if (player == GS_WHITE ? sum < 11 : sum > 3)
                all = 0;
        }
        if (all && any)
            return player;
    }
    return GS_EMPTY;
}

int rules_is_move(const gs_position *p, gs_move m)
{
    gs_move moves[GS_MAX_MOVES];
    int n = rules_moves(p, moves);

    for (int i = 0; i < n; i++)
        if (moves[i].from == m.from && moves[i].to == m.to)
            return 1;
    return 0;
}

void rules_play(gs_position *p, gs_move m)
{
    p->cell[m.to] = p->cell[m.from];
    p->cell[m.from] = GS_EMPTY;
    p->side = GS_WHITE + GS_BLACK - p->side;
}

void rules_undo(gs_position *p, gs_move m)
{
    p->cell[m.from] = p->cell[m.to];
    p->cell[m.to] = GS_EMPTY;
    p->side = GS_WHITE + GS_BLACK - p->side;
}

gs_move greedy_move(const gs_position *p)
{
    gs_move moves[GS_MAX_MOVES];
    int n = rules_moves(p, moves), best = 0;

    for (int i = 1; i < n; i++)
        if (progress(p->side, moves[i]) > progress(p->side, moves[best]))
            best = i;
    return moves[best];
}

void pos_played(gs_position *p, unsigned seed, int plies)
{
    gs_move moves[GS_MAX_MOVES];
    unsigned state = seed * 2654435761u + 12345u;

    pos_start(p);
    for (int i = 0; i < plies && rules_winner(p) == GS_EMPTY; i++) {
        int n = rules_moves(p, moves), pick = 0;
        if (n == 0)
            break;
        state = state * 1103515245u + 12345u;
        pick = (int)((state >> 8) % (unsigned)n);
        if ((state >> 20) % 3 != 0)  /* two times in three, go forward */
            for (int k = 0; k < n; k++)
                if (progress(p->side, moves[k]) > progress(p->side, moves[pick]))
                    pick = k;
        rules_play(p, moves[pick]);
    }
}

/* ---- searches ---- */

static int is_leaf(const gs_position *p, int depth, int n)
{
    return depth == 0 || n == 0 || rules_winner(p) != GS_EMPTY;
}

static int window(gs_position *p, int depth, int alpha, int beta, gs_eval_fn *eval);

/* The tests ask for the same position's value or leaves several times in
** a row (once per thread count, say): the last answer is kept.  Values
** come from the kit's own alpha-beta (exact at the root with a full
** window, at a fraction of minimax's cost: the tests' time goes to the
** student's searches, not to the yardstick's). */
static struct {
    gs_position p;
    int depth;
    gs_eval_fn *eval;
    long answer;
} last_value = {.depth = -1}, last_leaves = {.depth = -1};

int expect_value(gs_position *p, int depth, gs_eval_fn *eval)
{
    if (depth != last_value.depth || eval != last_value.eval || !pos_equal(p, &last_value.p)) {
        last_value.p = *p;
        last_value.depth = depth;
        last_value.eval = eval;
        last_value.answer = window(p, depth, -GS_INF, GS_INF, eval);
    }
    return (int)last_value.answer;
}

static long leaves_below(gs_position *p, int depth);

long expect_leaves(gs_position *p, int depth)
{
    if (depth != last_leaves.depth || !pos_equal(p, &last_leaves.p)) {
        last_leaves.p = *p;
        last_leaves.depth = depth;
        last_leaves.answer = leaves_below(p, depth);
    }
    return last_leaves.answer;
}

long leaves_beyond(gs_position *p, int depth, long enough)
{
    gs_move moves[GS_MAX_MOVES];
    int n = depth > 0 ? rules_moves(p, moves) : 0;
    long leaves = 0;

    if (is_leaf(p, depth, n))
        return 1;
    for (int i = 0; i < n && leaves <= enough; i++) {
        rules_play(p, moves[i]);
        leaves += leaves_below(p, depth - 1);
        rules_undo(p, moves[i]);
    }
    return leaves;
}

static long leaves_below(gs_position *p, int depth)
{
    gs_move moves[GS_MAX_MOVES];
    int n = depth > 0 ? rules_moves(p, moves) : 0;
    long leaves = 0;

    if (is_leaf(p, depth, n))
        return 1;
    if (depth == 1)         /* every child is a leaf: count, don't play */
        return n;
    for (int i = 0; i < n; i++) {
        rules_play(p, moves[i]);
        leaves += leaves_below(p, depth - 1);
        rules_undo(p, moves[i]);
    }
    return leaves;
}

/* Sorts moves[0..n-1] by progress for `side`, most forward first, keeping
** the library's order among equals (insertion sort). */
static void forward_first(int side, gs_move *moves, int n)
{
    for (int i = 1; i < n; i++)
        for (int k = i; k > 0 && progress(side, moves[k]) > progress(side, moves[k - 1]); k--) {
            gs_move t = moves[k];
            moves[k] = moves[k - 1];
            moves[k - 1] = t;
        }
}

/* Negamax-free alpha-beta, fail-soft, moves tried most forward first. */
static int window(gs_position *p, int depth, int alpha, int beta, gs_eval_fn *eval)
{
    gs_move moves[GS_MAX_MOVES];
    int n = depth > 0 ? rules_moves(p, moves) : 0;

    if (is_leaf(p, depth, n))
        return eval(p);
    forward_first(p->side, moves, n);
    int white = p->side == GS_WHITE, best = white ? -GS_INF : GS_INF;
    for (int i = 0; i < n && alpha < beta; i++) {
        rules_play(p, moves[i]);
        int v = window(p, depth - 1, alpha, beta, eval);
        rules_undo(p, moves[i]);
        if (white ? v > best : v < best)
            best = v;
        if (white && best > alpha)
            alpha = best;
        if (!white && best < beta)
            beta = best;
    }
    return best;
}

int yardstick_alphabeta(gs_position *p, int depth, gs_eval_fn *eval)
{
    return window(p, depth, -GS_INF, GS_INF, eval);
}

struct shared {
    gs_position root;
    gs_move moves[GS_MAX_MOVES];
    int n, next, best, depth;
    gs_eval_fn *eval;
    pthread_mutex_t lock;
};

static void *share_work(void *arg)
{
    struct shared *s = arg;
    gs_position mine = s->root;
    int white = mine.side == GS_WHITE;

    for (;;) {
        pthread_mutex_lock(&s->lock);
        int i = s->next++, bound = s->best;
        pthread_mutex_unlock(&s->lock);
        if (i >= s->n)
            return NULL;
        rules_play(&mine, s->moves[i]);
        int v = white ? window(&mine, s->depth - 1, bound, GS_INF, s->eval)
                      : window(&mine, s->depth - 1, -GS_INF, bound, s->eval);
        rules_undo(&mine, s->moves[i]);
        pthread_mutex_lock(&s->lock);
        if (white ? v > s->best : v < s->best)
            s->best = v;
        pthread_mutex_unlock(&s->lock);
    }
}

int yardstick_parallel(gs_position *p, int depth, int threads, gs_eval_fn *eval)
{
    static struct shared s;
    pthread_t id[GS_MAX_THREADS];
    int started = 0;

    s.root = *p;
    s.n = rules_moves(p, s.moves);
    if (is_leaf(p, depth, s.n))
        return eval(p);
    forward_first(p->side, s.moves, s.n);
    s.depth = depth;
    s.eval = eval;
    s.best = p->side == GS_WHITE ? -GS_INF : GS_INF;
    pthread_mutex_init(&s.lock, NULL);
    /* The first move alone sets the bound the others work against. */
    int all = s.n;
    s.n = 1;
    s.next = 0;
    share_work(&s);
    s.n = all;
    s.next = 1;
    for (int t = 1; t < threads && t < GS_MAX_THREADS; t++)
        if (pthread_create(&id[started], NULL, share_work, &s) == 0)
            started++;
    share_work(&s);
    for (int t = 0; t < started; t++)
        pthread_join(id[t], NULL);
    pthread_mutex_destroy(&s.lock);
    return s.best;
}

/* ---- evaluations ---- */

/* The counts: all calls since the last reset, and per thread.  A thread
** takes a slot the first time it evaluates after a reset (the reset bumps
** the generation); threads beyond the slots share the last one, which
** only makes the busiest thread look busier. */
#define SLOTS EVAL_SLOTS
static atomic_long calls, per_slot[SLOTS];
static atomic_int generation = 1, threads_seen;
static _Thread_local int seen_in;   /* the generation this thread last counted in */
static _Thread_local int slot;      /* its slot in that generation */
static unsigned long long key;

static void count_call(void)
{
    int g = atomic_load(&generation);

    atomic_fetch_add(&calls, 1);
    if (seen_in != g) {
        seen_in = g;
        slot = atomic_fetch_add(&threads_seen, 1);
        if (slot >= SLOTS)
            slot = SLOTS - 1;
    }
    atomic_fetch_add(&per_slot[slot], 1);
}

static int manhattan(const gs_position *p)
{
    int white = 0, black = 0;

    switch (rules_winner(p)) {
    case GS_WHITE: return GS_WIN;
    case GS_BLACK: return -GS_WIN;
    }
    for (int c = 0; c < GS_CELLS; c++) {
        int sum = c % GS_SIDE + c / GS_SIDE;
        if (p->cell[c] == GS_WHITE)
            white += 2 * (GS_SIDE - 1) - sum;
        else if (p->cell[c] == GS_BLACK)
            black += sum;
    }
    return black - white;
}

int eval_plain(const gs_position *p)
{
    count_call();
    return manhattan(p);
}

int eval_secret(const gs_position *p)
{
    unsigned long long h = key;

    count_call();
    for (int c = 0; c < GS_CELLS; c++) {
        h ^= (unsigned long long)(p->cell[c] % 3) << (c % 2);
        h *= 0x100000001b3ull;
        h ^= h >> 29;
    }
    return 8 * manhattan(p) + (int)(h % 15) - 7;
}

int eval_game(const gs_position *p)
{
    unsigned long long h = 11;  /* the key that makes the games tie-free */

    count_call();
    switch (rules_winner(p)) {
    case GS_WHITE: return 999000;
    case GS_BLACK: return -999000;
    }
    for (int c = 0; c < GS_CELLS; c++) {
        h ^= (unsigned long long)p->cell[c] + 1;
        h *= 0x100000001b3ull;
        h ^= h >> 29;
    }
    return 4096 * manhattan(p) + (int)(h & 4095);
}

void eval_new_key(void)
{
    FILE *f = fopen("/dev/urandom", "rb");

    last_value.depth = -1;  /* eval_secret's values change with the key */
    cr_assert_not_null(f, "the test cannot read /dev/urandom");
    cr_assert_eq(fread(&key, sizeof key, 1, f), 1u, "the test cannot read /dev/urandom");
    fclose(f);
}

void eval_reset(void)
{
    atomic_store(&calls, 0);
    for (int i = 0; i < SLOTS; i++)
        atomic_store(&per_slot[i], 0);
    atomic_store(&threads_seen, 0);
    atomic_fetch_add(&generation, 1);
}

long eval_busiest(void)
{
    long most = 0;

    for (int i = 0; i < SLOTS; i++)
        if (atomic_load(&per_slot[i]) > most)
            most = atomic_load(&per_slot[i]);
    return most;
}

long eval_calls(void)
{
    return atomic_load(&calls);
}

int eval_threads(void)
{
    return atomic_load(&threads_seen);
}

/* ---- the evaluations' state, carried to the callee and back ---- */

void eval_state_save(struct eval_state *s)
{
    memset(s, 0, sizeof *s);
    s->calls = atomic_load(&calls);
    for (int i = 0; i < SLOTS; i++)
        s->per_slot[i] = atomic_load(&per_slot[i]);
    s->generation = atomic_load(&generation);
    s->threads_seen = atomic_load(&threads_seen);
    s->key = key;
}

void eval_state_load(const struct eval_state *s)
{
    atomic_store(&generation, s->generation);
    key = s->key;
    eval_counts_load(s);
}

/* n, or the nearest of 0 and `most`. */
static long clamp(long n, long most)
{
    return n < 0 ? 0 : n > most ? most : n;
}

void eval_counts_load(const struct eval_state *s)
{
    atomic_store(&calls, clamp(s->calls, EVAL_COUNT_MAX));
    for (int i = 0; i < SLOTS; i++)
        atomic_store(&per_slot[i], clamp(s->per_slot[i], EVAL_COUNT_MAX));
    atomic_store(&threads_seen, (int)clamp(s->threads_seen, EVAL_THREADS_MAX));
}

/* ---- threads ---- */

int threads_running(void)
{
    FILE *f = fopen("/proc/self/status", "r");
    char line[256];
    int n = -1;

    if (!f)
        return -1;
    while (n < 0 && fgets(line, sizeof line, f))
        if (sscanf(line, "Threads: %d", &n) != 1)
            n = -1;
    fclose(f);
    return n;
}

/* ---- time ---- */

double now_wall(void)
{
    struct timespec t;

    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + t.tv_nsec / 1e9;
}

double now_cpu(void)
{
    struct timespec t;

    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec + t.tv_nsec / 1e9;
}

/* ---- checked calls ---- */

long check_minimax(const gs_position *p, int depth, gs_eval_fn *eval, const char *what)
{
    gs_position mine = *p, copy = *p;
    int want = expect_value(&copy, depth, eval);
    long leaves = expect_leaves(&copy, depth);

    eval_reset();
    int got = minimax(&mine, depth, eval);
    long n = eval_calls();
    cr_assert_eq(got, want, "minimax(%s, depth %d) returned %d, the value is %d\n%s", what, depth,
                 got, want, pos_text(p));
    cr_assert(pos_equal(&mine, p), "minimax(%s, depth %d) changed the position", what, depth);
    cr_assert_eq(n, leaves, "minimax(%s, depth %d) called eval %ld times; the tree has %ld leaves, "
                 "and eval is called once per leaf, at no other node", what, depth, n, leaves);
    return n;
}

long check_alphabeta(const gs_position *p, int depth, gs_eval_fn *eval, const char *what)
{
    gs_position mine = *p, copy = *p;
    int want = expect_value(&copy, depth, eval);
    long leaves = expect_leaves(&copy, depth);

    eval_reset();
    int got = alphabeta(&mine, depth, -GS_INF, GS_INF, eval);
    long n = eval_calls();
    cr_assert_eq(got, want, "alphabeta(%s, depth %d, full window) returned %d, the value is %d\n%s",
                 what, depth, got, want, pos_text(p));
    cr_assert(pos_equal(&mine, p), "alphabeta(%s, depth %d) changed the position", what, depth);
    cr_assert(n >= 1 && n <= leaves, "alphabeta(%s, depth %d) called eval %ld times; the tree has "
              "%ld leaves (at most one call each)", what, depth, n, leaves);
    return n;
}

long check_parallel(const gs_position *p, int depth, int threads, gs_eval_fn *eval,
                    const char *what)
{
    gs_position mine = *p, copy = *p;
    int want = expect_value(&copy, depth, eval);

    eval_reset();
    int got = parallel_search(&mine, depth, threads, eval);
    long n = eval_calls();
    cr_assert_eq(got, want, "parallel_search(%s, depth %d, %d threads) returned %d, the value is "
                 "%d\n%s", what, depth, threads, got, want, pos_text(p));
    cr_assert(pos_equal(&mine, p), "parallel_search(%s, depth %d, %d threads) changed the position",
              what, depth, threads);
    return n;
}

long check_choose(const gs_position *p, int depth, gs_eval_fn *eval, const char *what,
                  gs_move *chosen)
{
    gs_position mine = *p, copy = *p;
    int want = expect_value(&copy, depth, eval);
    gs_move m = {GS_NO_CELL - 1, GS_NO_CELL - 1};

    eval_reset();
    int got = choose_move(&mine, depth, eval, &m);
    long n = eval_calls();
    cr_assert(pos_equal(&mine, p), "choose_move(%s, depth %d) changed the position", what, depth);
    cr_assert_eq(got, want, "choose_move(%s, depth %d) returned %d, the value is %d\n%s", what,
                 depth, got, want, pos_text(p));
    cr_assert(m.from < GS_CELLS && m.to < GS_CELLS && rules_is_move(p, m),
              "choose_move(%s, depth %d) chose cells %d -> %d, not a move of the position\n%s",
              what, depth, m.from, m.to, pos_text(p));
    rules_play(&copy, m);
    int worth = expect_value(&copy, depth - 1, eval);
    cr_assert_eq(worth, want, "choose_move(%s, depth %d) chose %c%c-%c%c, worth %d; the best is "
                 "worth %d\n%s", what, depth, 'a' + m.from % 8, '1' + m.from / 8, 'a' + m.to % 8,
                 '1' + m.to / 8, worth, want, pos_text(p));
    if (chosen)
        *chosen = m;
    return n;
}

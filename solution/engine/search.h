/*
** search.h -- evaluation and game-tree search on the board library.
**
** Evaluation.  eg_eval_new(b, kind) prepares, for every player, the
** distance of every cell to that player's goal: EG_EVAL_BFS counts steps
** along the board's graph to the nearest goal cell (exact on any board,
** holes and bends included); EG_EVAL_MANHATTAN is |dx| + |dy| to the goal
** cell farthest into the goal's corner, on square boards (the measure of
** the parallel-minimax report, kept for comparisons).  A player's score is
** the sum of its pieces' distances (0: all home in the goal).
**
** eg_evaluate(e, pos, player): how good pos is for `player`, higher better:
** with two players, the opponent's distance sum minus the player's; with
** more, the other players' sums divided by their number minus the
** player's (paranoid search takes it for the root player).  A position
** where some player has all pieces in its goal is a win for that player:
** EG_WIN for it, -EG_WIN for the others.  Every call is counted in
** e->calls, which the tests (and graders) read to compare searches.
** Two optional terms, off unless their weights are set (e->straggler,
** e->mobility): a side's score also loses `straggler` times the distance
** of its piece farthest from the goal (so a piece left behind is brought
** along before it blocks the end of the race), and gains `mobility`
** eighths of the moves it would have if it were to move (counted by the move
** generator; two players only, and dearer: a move generation per side
** per evaluation; eg_evaluate then gives the turn to each side in pos for
** a moment and puts it back, so pos must be a writable position that no
** other thread reads meanwhile, as every search's is).  Whether they pay is measured, not assumed:
** build/engine-match plays them against the plain evaluation (make
** bench-eval; solution/engine/README.md has the figures).
**
** Search.  All return the value for the player to move at pos and write
** the best move into *best (from == to == -1 when there is none: no move
** at the root, or depth 0).  The position is unchanged on return.  The
** value is exact and the same for every search at the same depth;
** eg_minimax keeps the first best move in eg_moves() order, the others
** return a move of that same value (which one may differ, as their move
** order differs).
**   eg_minimax    every move to `depth` plies (two players: negamax).
**   eg_alphabeta  the same value, pruning with alpha-beta; moves ordered
**                 by the mover's gain in distance, so fewer evaluations.
**   eg_paranoid   any player count: the player to move maximises, every
**                 other player minimises the root player's value; with
**                 alpha-beta.  For two players it equals eg_alphabeta.
**   eg_best_reply best-reply search, any player count: the root player's
**                 moves alternate with one move of whichever opponent
**                 replies best (the lowest root value); the others pass.
**                 depth counts plies of that alternation.  With alpha-
**                 beta; for two players it equals eg_alphabeta.
** A win ends the search below it: the value is EG_WIN (or -EG_WIN) minus
** (plus) the plies it took, so a quicker win is preferred.
*/
#ifndef EG_SEARCH_H
#define EG_SEARCH_H

#include <stdint.h>

#include "position.h"

#define EG_WIN 1000000

enum eg_eval_kind { EG_EVAL_BFS, EG_EVAL_MANHATTAN };

typedef struct eg_eval {
    const eg_board *board;
    enum eg_eval_kind kind;
    int32_t *distance[EG_MAX_PLAYERS];  /* distance[p][c] to p's goal    */
    uint64_t calls;                     /* eg_evaluate() calls so far    */
    /* Optional terms (0 after eg_eval_new: the distance sums alone):   */
    int straggler;                      /* weight of the last piece      */
    int mobility;                       /* the same, in eighths, of moves */
} eg_eval;

/* NULL when memory runs out or kind is MANHATTAN on a board without a
** square layout (8 directions). */
eg_eval *eg_eval_new(const eg_board *b, enum eg_eval_kind kind);
void eg_eval_free(eg_eval *e);

/* The sum of the distances of `player`'s pieces to its goal. */
long eg_distance_sum(const eg_eval *e, const eg_position *pos, int player);

/* The player with every piece in its goal (the lowest such), or -1. */
int eg_winner(const eg_eval *e, const eg_position *pos);

long eg_evaluate(eg_eval *e, const eg_position *pos, int player);

long eg_minimax(eg_eval *e, eg_position *pos, int depth, eg_move *best);

/* Alpha-beta below a node `ply` plies from the root, in the window
** (alpha, beta): the exact value when it lies inside, else a bound on the
** same side (fail-soft).  For the parallel searches (parallel.c). */
long eg_search_window(eg_eval *e, eg_position *pos, int depth, int ply, long alpha, long beta);

/* The moves of pos in alpha-beta's order (the mover's gain in distance,
** largest first); returns how many. */
int eg_search_root_moves(eg_eval *e, eg_position *pos, eg_move *out);
long eg_alphabeta(eg_eval *e, eg_position *pos, int depth, eg_move *best);
long eg_paranoid(eg_eval *e, eg_position *pos, int depth, eg_move *best);
long eg_best_reply(eg_eval *e, eg_position *pos, int depth, eg_move *best);

/*
** eg_deepen: iterative deepening (depth 1, 2, ..., depth) of alpha-beta
** with a transposition table of 2^table_bits entries (1..30), each
** iteration's best moves tried first by the next.  The value is
** eg_alphabeta's at the same depth (an entry cuts a search short only at
** the same remaining depth).  On 8x8 Halma at depth 4 it evaluates about
** as many positions as eg_alphabeta (the earlier iterations cost what the
** better order saves); it is the base of a search with a time limit.
** Returns 0 with *best = (-1, -1) when the table cannot be allocated.
*/
long eg_deepen(eg_eval *e, eg_position *pos, int depth, int table_bits, eg_move *best);

/*
** Parallel search with `threads` POSIX threads (1..64), each with its own
** copy of the position and its own evaluation counter (added into e->calls
** at the end).  Two players (negamax values); the value is the same as
** eg_alphabeta's at the same depth for every scheme and thread count; the
** move is one of that value.
**   EG_SPLIT_STATIC  the report's "top-level parallel": root move i goes
**                    to thread i % threads, each searched with a full
**                    window, no sharing.
**   EG_SPLIT_SHARED  the report's "chunked with shared bounds": threads
**                    take the next root move from a shared counter and
**                    search it against the best value found so far.
**   EG_SPLIT_YBW     Young Brothers Wait at the root: the first (best
**                    ordered) move is searched alone to set a bound, then
**                    the others in parallel as in EG_SPLIT_SHARED.
**   EG_SPLIT_LAZY    Lazy SMP (parallel_lazy.c): every thread runs
**                    eg_deepen's iterative deepening on one shared
**                    transposition table of 2^20 entries; a thread defers
**                    a move whose position another thread is searching
**                    (ABDADA), so they spread over the tree.  The calling
**                    thread's last iteration gives the value and move;
**                    the others only fill the table.
**   EG_SPLIT_PV      principal-variation splitting (parallel_pv.c) over
**                    eg_deepen's iterative deepening, one shared table of
**                    2^20 entries: down the PV the eldest brother first,
**                    then the younger brothers shared out among the
**                    threads, searched against the best value so far.
**                    The strongest.
** Returns 0 and *best = (-1, -1) when threads or memory cannot be had
** (Lazy SMP only when its table cannot: it does without a helper thread
** it cannot start).
*/
enum eg_split { EG_SPLIT_STATIC, EG_SPLIT_SHARED, EG_SPLIT_YBW, EG_SPLIT_LAZY, EG_SPLIT_PV };

long eg_parallel(eg_eval *e, eg_position *pos, int depth, int threads, enum eg_split split,
                 eg_move *best);

/* EG_SPLIT_LAZY with a table of 2^table_bits entries (1..30): the same
** value; 0 and *best = (-1, -1) when the table cannot be allocated (a
** helper thread that cannot be started is done without). */
long eg_lazy_smp(eg_eval *e, eg_position *pos, int depth, int threads, int table_bits, eg_move *best);

/* EG_SPLIT_PV with a table of 2^table_bits entries (1..30): the same
** value; 0 and *best = (-1, -1) when memory runs out (a helper thread
** that cannot be started is done without). */
long eg_pv_split(eg_eval *e, eg_position *pos, int depth, int threads, int table_bits, eg_move *best);

/*
** The transposition table (tt.c) of eg_deepen and of the Lazy SMP search,
** safe to share between threads: lockless, each slot checked against its
** key, so that a slot torn by two threads writing at once reads as empty.
** eg_tt_new(bits, busy): 2^bits slots (1..30), with ABDADA's busy marks
** when `busy`; NULL when memory runs out.  eg_tt_free accepts NULL.
** eg_tt_probe: 1 and *out when the slot of `key` holds key's entry, else 0.
** eg_tt_store always replaces (values beyond 32 bits are not stored).
** eg_tt_mark / eg_tt_unmark / eg_tt_busy: a position being searched by
** some thread (a hint: a clash of keys makes it wrong, harmlessly).
** eg_tt_stop / eg_tt_stopped: the flag that ends the helpers' searches.
*/
typedef struct eg_tt eg_tt;
enum eg_tt_kind { EG_TT_EXACT, EG_TT_LOWER, EG_TT_UPPER };
typedef struct {
    long value;
    int depth;
    enum eg_tt_kind kind;
    eg_move move;
} eg_tt_entry;

eg_tt *eg_tt_new(int bits, int busy);
void eg_tt_free(eg_tt *t);
int eg_tt_probe(eg_tt *t, uint64_t key, eg_tt_entry *out);
void eg_tt_store(eg_tt *t, uint64_t key, long value, int depth, enum eg_tt_kind kind, eg_move move);
int eg_tt_busy(eg_tt *t, uint64_t key);
void eg_tt_mark(eg_tt *t, uint64_t key);
void eg_tt_unmark(eg_tt *t, uint64_t key);
void eg_tt_stop(eg_tt *t);
int eg_tt_stopped(eg_tt *t);

/*
** One iteration of eg_deepen: alpha-beta to `depth` with a full window on
** table t, into *value and *best.  With `shared` (other threads search
** the same table) it defers moves other threads are searching, marks its
** own, and gives up as soon as eg_tt_stopped(t), storing nothing of the
** part given up (*value is then meaningless).  Returns 0, or -1 when
** memory runs out.
*/
int eg_deepen_iteration(eg_eval *e, eg_position *pos, int depth, eg_tt *t, int shared, long *value,
                        eg_move *best);

/*
** eg_deepen's search below a node `ply` plies from the root, in the
** window (alpha, beta), on table t (which other threads may use at the
** same time: no marks, no stop): the exact value when it lies inside,
** else a bound on the same side (fail-soft), as eg_search_window.  Sets
** *failed (and returns 0) when memory runs out.  For the PV split
** (parallel_pv.c).
*/
long eg_deepen_window(eg_eval *e, eg_position *pos, int depth, int ply, long alpha, long beta,
                      eg_tt *t, eg_move *best, int *failed);

/*
** The value at `ply` plies of a table entry's value, and back: win values
** count the plies from the entry's own position (deepen.c).
*/
long eg_tt_value_out(long stored, int ply);
long eg_tt_value_in(long value, int ply);

/*
** eg_tt_cutoff: probes t for key at `depth` plies left, `ply` from the
** root: 1 and the entry's value in *v when it settles the window (alpha,
** beta) -- exact, or a bound beyond it, made at that same depth -- else 0;
** either way *hint is the entry's move, or (-1, -1) without an entry.
** eg_hint_first: moves hint, if it is among m[0..n-1], to the front,
** keeping the others' order.  (deepen.c; for the PV split too.)
*/
int eg_tt_cutoff(eg_tt *t, uint64_t key, int depth, int ply, long alpha, long beta, long *v,
                 eg_move *hint);
void eg_hint_first(eg_move *m, int n, eg_move hint);

#endif /* EG_SEARCH_H */

#!/bin/sh
# bench_search.sh -- make bench-search: the search methods on a seeded
# suite of 8x8 Halma positions reached by 10..40 random moves, with the
# parallel-minimax report's Manhattan evaluation, as that report measured
# one mid-game move at depth 3 (sequential minimax 14.81 s, alpha-beta
# 0.79 s; 12 threads 0.39 s and 0.15 s).  Prints, per depth, the mean time
# and evaluations per position of each method and the ratio against the
# target of 5 ms for alpha-beta at depth 3 on one thread.  Numbers, not
# assertions.
set -eu
cd "$(dirname "$0")/../.."
SEARCH=build/engine-search
[ -x "$SEARCH" ] || { echo "bench-search: $SEARCH is missing (make build/engine-search)" >&2; exit 2; }

echo "search on 8x8 Halma, Manhattan evaluation, 20 positions (seed 2026), one thread"
for depth in 2 3 4; do
    "$SEARCH" square 8 2 "$depth" 20 2026 manhattan | awk -v d="$depth" '
        $1 == "pos" { n++; em += $15; ea += $16; ep += $17 }
        $1 == "mean" { tm = $4; ta = $6; tp = $8 }
        END {
            printf "  depth %d: minimax %9.3f ms %10.0f evals | alpha-beta %7.3f ms %8.0f evals | paranoid %7.3f ms\n",
                   d, tm * 1000, em / n, ta * 1000, ea / n, tp * 1000
            if (d == 3) printf "           alpha-beta / 5 ms target: %.3f; the report: minimax 14.81 s, alpha-beta 0.79 s\n", ta / 0.005
        }'
done
# Parallel speed-up: wall time on 1 thread over wall time on 2, per split,
# where a search takes long enough to be worth splitting (target: 1.7 on
# 2 cores where a search takes a second or more).
for depth in 3 5; do
    "$SEARCH" square 8 2 "$depth" 6 2026 manhattan no-minimax | awk -v d="$depth" '
        $1 == "parallel" {
            printf "  depth %d parallel, mean per position: static %.3f s -> %.3f s (x%.2f), shared %.3f s -> %.3f s (x%.2f), YBW %.3f s -> %.3f s (x%.2f)\n",
                d, $9, $10, $9 / $10, $12, $13, $12 / $13, $15, $16, $15 / $16 }'
done

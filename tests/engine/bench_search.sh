#!/bin/sh
# bench_search.sh -- make bench-search: the search methods on a seeded
# suite of 8x8 Halma positions reached by 10..40 random moves, with the
# parallel-minimax report's Manhattan evaluation, as that report measured
# one mid-game move at depth 3 (sequential minimax 14.81 s, alpha-beta
# 0.79 s; 12 threads 0.39 s and 0.15 s).  Prints, per depth, the mean time
# and evaluations per position of each method and the ratio against the
# target of 5 ms for alpha-beta at depth 3 on one thread; then each
# parallel scheme on 1 and 2 threads; then Lazy SMP and the PV split
# against the best sequential search at depth 7 (BENCH_DEPTH,
# BENCH_POSITIONS and BENCH_REPEATS change it), with nodes, time, nodes a
# second and speed-up.
# Numbers, not assertions.
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
# The report's root splits and Lazy SMP, 1 thread against 2, where the
# root splits were measured before (means per position, wall time).
for depth in 3 5; do
    "$SEARCH" square 8 2 "$depth" 6 2026 manhattan no-minimax | awk -v d="$depth" '
        $1 == "parallel" {
            printf "  depth %d parallel, mean per position: static %.3f s -> %.3f s (x%.2f), shared %.3f s -> %.3f s (x%.2f), YBW %.3f s -> %.3f s (x%.2f), lazy %.3f s -> %.3f s (x%.2f), PV split %.3f s -> %.3f s (x%.2f)\n",
                d, $9, $10, $9 / $10, $12, $13, $12 / $13, $15, $16, $15 / $16, $18, $19, $18 / $19, $21, $22, $21 / $22 }'
done

# Lazy SMP and the PV split against the best sequential search (target:
# x1.7 on 2 threads where a search takes a second or more; at depth 7 one
# takes about 1 s of CPU on the development machine).  Medians over the
# repeats of each position, then over the positions.  "evaluations" are
# the positions evaluated, the leaves: the node count the library keeps.
DEPTH=${BENCH_DEPTH:-7} POSITIONS=${BENCH_POSITIONS:-6} REPEATS=${BENCH_REPEATS:-3}
for scheme in lazy pv; do
    title=$([ "$scheme" = pv ] && echo "PV split" || echo "Lazy SMP")
    echo "$title, depth $DEPTH, $POSITIONS positions (seed 2026) x $REPEATS repeats, medians; load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
    "$SEARCH" square 8 2 "$DEPTH" "$POSITIONS" 2026 manhattan bench "$REPEATS" "$scheme" | awk -v title="$title" '
    $1 == "bench" && $NF != 1 { print "  values differ on position " $2 "!"; bad = 1 }
    $1 == "median" {
        printf "  %-26s %9s %9s %12s %13s %9s\n", "method", "wall s", "CPU s", "evaluations", "evals/s", "speed-up"
        name["alphabeta"] = "alpha-beta (sequential)"; name["deepen"] = "deepening + table (seq.)"
        name["lazy1"] = "Lazy SMP, 1 thread"; name["lazy2"] = "Lazy SMP, 2 threads"
        name["pv1"] = "PV split, 1 thread"; name["pv2"] = "PV split, 2 threads"
        for (k = 2; k <= 14; k += 4) {
            up = $(k) ~ /1$/ ? sprintf("x%.2f", $19) : $(k) ~ /2$/ ? sprintf("x%.2f", $20) : "-"
            printf "  %-26s %9.3f %9.3f %12.0f %13.0f %9s\n", name[$(k)], $(k + 1), $(k + 2), $(k + 3),
                   $(k + 3) / $(k + 1), up
        }
        printf "  speed-up on 2 threads (median over positions of the best sequential wall time over %s'"'"'s): x%.2f, %.2f of the x1.7 target\n", title, $20, $20 / 1.7
        printf "  the same in the main thread'"'"'s CPU time (what a busy machine disturbs least): x%.2f on 1 thread, x%.2f on 2, %.2f of the target\n", $22, $23, $23 / 1.7
        printf "  cores the 2-thread runs really had (process CPU / wall, median): %.2f", $25
        if ($25 < 1.8) printf " -- the machine was busy: the wall-clock speed-up is not the scheme'"'"'s"
        printf "\n"
    }
    END { exit bad }'
done

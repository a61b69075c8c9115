#!/bin/sh
# bench_eval.sh -- make bench-eval: do the evaluation's optional terms
# (search.h: the straggler term, the mobility term) pay?  Each line is a
# match of build/engine-match: game pairs from seeded random openings, the
# evaluation with the term against the plain distance sums, alpha-beta on
# both sides at the depths shown (each opening played once with each side
# first; a game still on after 100 moves each goes to the shorter way
# home).  Score and Elo are the term's side's, with a 95% margin; the
# seconds are each side's thinking time, so that a term that wins at equal
# depth but costs more than a ply shows it.  Numbers, not assertions.
set -eu
cd "$(dirname "$0")/../.."
MATCH=build/engine-match
[ -x "$MATCH" ] || { echo "bench-eval: $MATCH is missing (make build/engine-match)" >&2; exit 2; }

# match LABEL BOARD SIZE DEPTH PAIRS STRAGGLER MOBILITY PLAIN_DEPTH
match() {
    label=$1
    shift
    "$MATCH" "$1" "$2" "$3" "$4" 2026 "$5" "$6" "$7" | awk -v label="$label" -v d="$3" -v pd="$7" '
        $1 == "match" {
            printf "  %-34s depth %d vs %d: %3d games, +%d =%d -%d, score %.2f, Elo %s +- %s; seconds %.2f vs %.2f\n",
                   label, d, pd, $3, $5, $7, $9, $11, $13, $15, $17, $18 }'
}

echo "evaluation terms against the plain distance sums (seed 2026); load average: $(cut -d' ' -f1-3 /proc/loadavg)"
match "star 4, straggler 1"               star 4 2 20 1 0 2
match "star 4, straggler 1"               star 4 3 10 1 0 3
match "Halma 8x8, straggler 1"            square 8 2 20 1 0 2
match "Halma 8x8, straggler 2"            square 8 2 20 2 0 2
match "star 4, mobility 1/8"              star 4 2 20 0 1 2
match "star 4, mobility 1/8, plain deeper" star 4 2 20 0 1 3
match "star 4, mobility 1/8, plain deeper" star 4 3 10 0 1 4

#!/bin/sh
# bench.sh -- time grading one submission with the full default rubric.
#
# Usage: sh tests/bench.sh [RUNS] [SUBMISSION]   (defaults: 7, solution)
# Grades SUBMISSION RUNS times with `build/grade --timing` and prints the
# median of each step (collect, build, run, score) and of the total wall
# time.  Numbers, not assertions: the budget is checked by reading them.
set -eu
cd "$(dirname "$0")/.."
runs=${1:-7}
submission=${2:-solution}
log=$(mktemp)
trap 'rm -f "$log"' EXIT

i=0
while [ "$i" -lt "$runs" ]; do
    build/grade --timing --format json -o /dev/null "$submission" 2>>"$log"
    i=$((i + 1))
done

median() {
    sort -n | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else printf "%.3f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}
echo "grading $submission, $runs runs, $(nproc) cores"
for step in collect build run score total; do
    value=$(sed -n "s/.* $step \([0-9.]*\) s.*/\1/p" "$log" | median)
    printf '  %-8s median %s s\n' "$step" "$value"
done

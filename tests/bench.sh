#!/bin/sh
# bench.sh -- time grading an assignment's reference with the full default
# rubric.
#
# Usage: sh tests/bench.sh [RUNS] [ID...]   (defaults: 7, every assignment
# of the Makefile's ASSIGNMENTS, as `make bench` passes them; `make bench
# ASSIGNMENT=ID`: one)
# Per assignment: grades solution/ID RUNS times with `build/grade --timing`
# and prints the median of each step (collect, build, run, score) and of
# the total wall time; then the grader's CPU per grading beside the same
# checks run bare (tests/bench_bare.sh), one grading of the assignment's
# looping example beside the reference's median (what a submission that
# never returns costs: target about three times the reference at most),
# and one grading on each deliberately slowed machine (as root).
# Numbers, not assertions: the budget is checked by reading them.
set -eu
cd "$(dirname "$0")/.."
runs=${1:-7}
[ $# -gt 0 ] && shift
ids=${*:-chinese-checkers}
log=$(mktemp)
trap 'rm -f "$log" "$log.t" "$log.json"' EXIT

median() {
    sort -n | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else printf "%.3f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# The CPU time (user + system) of a command, in seconds.
cpu_of() {
    /usr/bin/time -f '%U %S' -o "$log.t" "$@" >/dev/null 2>&1
    awk '{ printf "%.3f\n", $1 + $2 }' "$log.t"
}

# g / b with two decimals.
ratio() { awk -v g="$1" -v b="$2" 'BEGIN { printf "%.2f", g / b }'; }

# looping_example ID: the example submission of ID whose code never
# returns, or whose calls run far past their limits: the program's main
# loop, a required function that spins, a search that never cuts, a bot
# that spins on its third move.
looping_example() {
    case $1 in
        chinese-checkers) echo hostile_infinite_loop ;;
        halma) echo hostile_step_hangs ;;
        game-search) echo alphabeta_never_cuts ;;
        bot-challenge) echo loops_on_third_move ;;
    esac
}

# bench_looping ID REFERENCE-SECONDS: grades ID's looping example once
# and prints its wall time beside the reference's median.
bench_looping() {
    name=$(looping_example "$1")
    [ -n "$name" ] || return 0
    dir=$(mktemp -d)
    if sh tests/submissions.sh "$1" "$dir" "$name" >/dev/null; then
        /usr/bin/time -f '%e' -o "$log.t" build/grade -a "$1" --format json -o "$log.json" "$dir/$name" 2>/dev/null
        score=$(jq -r '"\(.score)/\(.max_score)"' "$log.json" 2>/dev/null)
        awk -v n="$name" -v s="$score" -v r="$2" '{ printf "looping example %s: score %s, %.1f s wall, %.2f times the reference'"'"'s %.1f s (target <= 3)\n", n, s, $1, $1 / r, r }' "$log.t"
    fi
    rm -rf "$dir"
}

# bench_one ID: the figures of one assignment's reference.
bench_one() {
    id=$1
    submission=solution/$id
    : >"$log"
    i=0
    while [ "$i" -lt "$runs" ]; do
        build/grade -a "$id" --timing --format json -o /dev/null "$submission" 2>>"$log"
        i=$((i + 1))
    done

    echo "grading $submission (-a $id), $runs runs, $(nproc) cores"
    for step in collect build run score total; do
        value=$(sed -n "s/.* $step \([0-9.]*\) s.*/\1/p" "$log" | median)
        printf '  %-8s median %s s\n' "$step" "$value"
    done
    bench_looping "$id" "$value"

    # What a grading costs beside what its checks cost run bare
    # (tests/bench_bare.sh: the same builds by the same compiler commands, and
    # the same binaries of the reference on the same sessions, with no grader
    # and no sandbox), and beside the runs alone.  The first ratio is the
    # grader's overhead; the target is 1.3 or less.
    grader_cpu=$(for i in 1 2 3; do cpu_of build/grade -a "$id" --format json -o /dev/null "$submission"; done | median)
    bare_cpu=$(for i in 1 2 3; do cpu_of sh tests/bench_bare.sh --build "$id"; done | median)
    runs_cpu=$(for i in 1 2 3; do cpu_of sh tests/bench_bare.sh "$id"; done | median)
    echo "CPU per grading (median of 3): grader $grader_cpu s; the same checks run bare" \
         "$bare_cpu s (builds $(awk -v a="$bare_cpu" -v b="$runs_cpu" 'BEGIN { printf "%.3f", a - b }') s," \
         "runs $runs_cpu s)"
    echo "  grader / bare checks: $(ratio "$grader_cpu" "$bare_cpu") (target <= 1.3);" \
         "grader / bare runs alone: $(ratio "$grader_cpu" "$runs_cpu")"

    # The same grading on deliberately slowed machines (tests/slow/slowed.sh):
    # score, wall and CPU time; the limits stay those measured above.
    if [ "$(id -u)" -eq 0 ] && [ -f build/slow/spin.so ]; then
        for kind in spin quota busy; do
            /usr/bin/time -f '%e %U %S' -o "$log.t" sh tests/slow/slowed.sh "$kind" \
                build/grade -a "$id" --format json -o "$log.json" "$submission" 2>/dev/null
            score=$(jq -r '"\(.score)/\(.max_score)"' "$log.json" 2>/dev/null)
            awk -v k="$kind" -v s="$score" '{ printf "slowed (%s): score %s, %.1f s wall, %.1f s CPU\n", k, s, $1, $2 + $3 }' "$log.t"
        done
    fi
}

for id in $ids; do
    bench_one "$id"
    echo
done

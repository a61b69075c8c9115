#!/bin/sh
# run.sh -- run every test suite of the kit and print the totals.
#
# Usage: sh tests/run.sh [SUITE...]   (default: every tests/*.test.sh and
# tests/<id>/*.test.sh)
# Run from the repository root after `make`.  The last line is
# "N passed, N failed, N skipped"; the exit status is 1 if anything failed.
# With CI=true a skipped test also counts as failed.  The suites run in
# two lanes at once (see MACHINE_LANE below); CHECK_LANES=1 runs them one
# after the other.  Each suite's output is printed whole when it ends.
set -u
cd "$(dirname "$0")/.." || exit 2

TEST_RESULTS=$(mktemp)
export TEST_RESULTS

suites=${*:-$(ls tests/*.test.sh tests/*/*.test.sh)}
TIMES=$(mktemp)
LOCK=$(mktemp)
trap 'rm -f "$TEST_RESULTS" "$TIMES" "$LOCK"' EXIT

# Two lanes by default, one with CHECK_LANES=1.  Most suites keep one
# core busy at most, so a second lane saves about a third of the wall
# time on two cores.  The load that adds is fair to every grading in the
# suites: each time limit a run hits, the job's own or a unit test's, and
# a build's, is confirmed against the reference's same run or build before
# it is a verdict (grader/run/jobs.h, grader/grade/unit_confirm.h,
# grader/grade/grade_build.h).  The machine lane
# holds the suites that share something machine-wide and so must not
# overlap each other: submissions.test.sh's listener port and
# /tmp/cc-hostile-marker-* files, which slowed.test.sh's sample reuses.  Every other suite works in
# its own temporary folders.
MACHINE_LANE="tests/slowed.test.sh tests/submissions.test.sh"
LANES=${CHECK_LANES:-2}

# run_suite SUITE: runs it with its output held back, then prints that
# output whole (under LOCK, so that two lanes never interleave lines).
run_suite() {
    out=$(mktemp)
    started=$(date +%s)
    sh "$1" >"$out" 2>&1 </dev/null
    took=$(($(date +%s) - started))
    {
        flock 9
        echo "== $1"
        cat "$out"
        echo "   ($1: $took s)"
    } 9>>"$LOCK"
    echo "$took $1" >>"$TIMES"
    rm -f "$out"
}

# run_lane SUITE...: one suite after the other.
run_lane() {
    for suite in "$@"; do run_suite "$suite"; done
}

if [ "$LANES" = 1 ] || ! command -v flock >/dev/null 2>&1; then
    run_lane $suites
else
    machine= others=
    for suite in $suites; do
        case " $MACHINE_LANE " in
            *" $suite "*) machine="$machine $suite" ;;
            *) others="$others $suite" ;;
        esac
    done
    echo "running $(echo $suites | wc -w) suites in two lanes:$machine apart from the rest"
    run_lane $machine &
    lane1=$!
    run_lane $others &
    lane2=$!
    trap 'kill $lane1 $lane2 2>/dev/null; exit 130' INT TERM
    wait $lane1 $lane2
fi

# Where the time went, slowest first, so that a suite that grows past its
# share of CI's hour is seen before it costs the hour.
echo "time per suite, slowest first:"
sort -rn "$TIMES" | awk '{ total += $1; printf "  %5d s  %s\n", $1, $2 } END { printf "  %5d s  in all\n", total }'

passed=$(grep -c '^pass ' "$TEST_RESULTS")
failed=$(grep -c '^fail ' "$TEST_RESULTS")
skipped=$(grep -c '^skip ' "$TEST_RESULTS")
# CI installs everything every suite needs (.ci/run), so a skip there
# means a suite lost sight of what it tests: count it as a failure.
if [ "${CI:-}" = true ] && [ "$skipped" -gt 0 ]; then
    echo "skipped under CI, counted as failed:"
    sed -n 's/^skip /  /p' "$TEST_RESULTS"
    failed=$((failed + skipped))
fi
if [ "$failed" -gt 0 ]; then
    echo "failed tests:"
    sed -n 's/^fail /  /p' "$TEST_RESULTS"
fi
echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]

#!/bin/sh
# run.sh -- run every test suite of the kit and print the totals.
#
# Usage: sh tests/run.sh [SUITE...]   (default: every tests/*.test.sh and
# tests/<id>/*.test.sh)
# Run from the repository root after `make`.  The last line is
# "N passed, N failed, N skipped"; the exit status is 1 if anything failed.
# With CI=true a skipped test also counts as failed.
set -u
cd "$(dirname "$0")/.." || exit 2

TEST_RESULTS=$(mktemp)
export TEST_RESULTS

suites=${*:-$(ls tests/*.test.sh tests/*/*.test.sh)}
TIMES=$(mktemp)
trap 'rm -f "$TEST_RESULTS" "$TIMES"' EXIT
for suite in $suites; do
    echo "== $suite"
    started=$(date +%s)
    sh "$suite"
    took=$(($(date +%s) - started))
    echo "   ($suite: $took s)"
    echo "$took $suite" >>"$TIMES"
done

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

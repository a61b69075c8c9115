# lib.sh -- the kit's tiny test harness, sourced by every tests/*.test.sh.
#
#   check NAME CMD...   run CMD; it passes when it exits 0.  Its output is
#                       kept and shown only when it fails.
#   skip NAME REASON    record a test that cannot run here, and why.
#
# Results are appended to $TEST_RESULTS (one "pass|fail|skip NAME" line
# each) so tests/run.sh can total every suite.

: "${TEST_RESULTS:?run the suites through tests/run.sh}"

check() {
    _t_name=$1
    shift
    _t_log=$(mktemp)
    if "$@" >"$_t_log" 2>&1; then
        echo "pass $_t_name" >>"$TEST_RESULTS"
        printf '  ok    %s\n' "$_t_name"
    else
        echo "fail $_t_name" >>"$TEST_RESULTS"
        printf '  FAIL  %s\n' "$_t_name"
        sed -n '1,40s/^/        | /p' "$_t_log"
    fi
    rm -f "$_t_log"
}

skip() {
    echo "skip $1" >>"$TEST_RESULTS"
    printf '  skip  %s (%s)\n' "$1" "$2"
}

# lib.sh -- the kit's tiny test harness, sourced by every tests/*.test.sh.
#
#   check NAME CMD...   run CMD; it passes when it exits 0.  Its output is
#                       kept and shown only when it fails.
#   skip NAME REASON    record a test that cannot run here, and why.
#   compat_dir          where the original course's test vectors are.
#   staff_kit DIR ID SOURCES RUBRIC [PROGRAM...]
#                       a staff kit of assignment ID alone, for
#                       build/grade --kit (see below).
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

# compat_dir: the folder of the original course's test vectors, which live
# beside the kit, not in it (shared/compat next to the checkout): first
# $COMPAT_DIR, then ../shared/compat, then, in a clone of a local
# checkout, shared/compat beside the checkout it was cloned from.  Prints
# nothing when none exists.
compat_dir() {
    _c_origin=$(git config --get remote.origin.url 2>/dev/null || true)
    for _c_dir in "${COMPAT_DIR:-}" ../shared/compat "${_c_origin:+$_c_origin/../shared/compat}"; do
        if [ -n "$_c_dir" ] && [ -d "$_c_dir" ]; then
            echo "$_c_dir"
            return
        fi
    done
}

# criterion NAME BINARY [ARGS...]: run a Criterion test binary and count
# each of its tests in the totals (its own summary line is shown too).
criterion() {
    _t_name=$1
    shift
    _t_log=$(mktemp)
    "$@" >"$_t_log" 2>&1
    _t_rc=$?
    _t_sum=$(grep 'Synthesis: Tested:' "$_t_log" | tail -n 1)
    _t_pass=$(printf '%s\n' "$_t_sum" | sed -n 's/.*Passing: \([0-9]*\).*/\1/p')
    _t_fail=$(printf '%s\n' "$_t_sum" | sed -n 's/.*Failing: \([0-9]*\).*/\1/p')
    if [ -z "$_t_pass" ] || { [ "$_t_rc" -ne 0 ] && [ "${_t_fail:-0}" -eq 0 ]; }; then
        _t_pass=0 _t_fail=1    # it did not run to its summary
    fi
    _t_i=0
    while [ "$_t_i" -lt "$_t_pass" ]; do echo "pass $_t_name" >>"$TEST_RESULTS"; _t_i=$((_t_i + 1)); done
    _t_i=0
    while [ "$_t_i" -lt "$_t_fail" ]; do echo "fail $_t_name" >>"$TEST_RESULTS"; _t_i=$((_t_i + 1)); done
    if [ "$_t_fail" -eq 0 ]; then
        printf '  ok    %s: %s\n' "$_t_name" "$_t_sum"
    else
        printf '  FAIL  %s: %s\n' "$_t_name" "${_t_sum:-no summary}"
        grep -v '^\[----\] *$' "$_t_log" | sed -n '1,60s/^/        | /p'
    fi
    rm -f "$_t_log"
}

# grader_objects: the object files of the grader's generic and assignment
# code as today's sources name them (build/obj may also hold stale ones
# from files that moved), without the mains, the harness and the bot
# challenge's house bot program (bot-side code), nor the staff's class-wide
# similarity check and its lexer (a program of their own, with a main).
grader_objects() {
    find grader -name '*.c' ! -path 'grader/unit/*' ! -path 'grader/exec/*' \
         ! -path 'grader/*/unit/*' ! -path 'grader/cli/*' ! -path 'grader/dist/*' \
         ! -path 'grader/assignments/*/house_bot/*' ! -path 'grader/similarity/*' \
         ! -path 'grader/clex/*' |
        sort | sed 's|^grader/\(.*\)\.c$|build/obj/\1.o|'
}

# staff_kit DIR ID SOURCES RUBRIC [PROGRAM...]: a staff kit of assignment
# ID alone in DIR, all that build/grade --kit needs to calibrate and grade
# it: ID's sample_io/ sessions, its built unit objects and test lists, the
# scripts that vet objects, binaries and hooks, the .h and .c files of
# folder SOURCES as its reference (solution/ID/), RUBRIC as its rubric, and
# build/grade, build/sandbox-exec and each build/PROGRAM (grade-all, ...).
# Fails when a file is missing (run make first).
staff_kit() {
    _k=$1 _id=$2 _src=$3 _rubric=$4
    shift 4
    mkdir -p "$_k/build/unit/$_id" "$_k/grader/unit" "$_k/grader/run" \
             "$_k/grader/assignments/$_id" "$_k/solution/$_id" "$_k/sample_io" &&
    cp -R "sample_io/$_id" "$_k/sample_io/" &&
    cp "build/unit/$_id/graded_test.o" "build/unit/$_id/public.o" "build/unit/$_id/hidden.o" \
       "build/unit/$_id/public.list" "build/unit/$_id/hidden.list" "$_k/build/unit/$_id/" &&
    cp grader/unit/vet-objects.sh grader/unit/vet-binary.sh "$_k/grader/unit/" &&
    cp grader/run/vet-hooks.sh "$_k/grader/run/" &&
    cp "$_src"/*.h "$_src"/*.c "$_k/solution/$_id/" &&
    cp "$_rubric" "$_k/grader/assignments/$_id/rubric.txt" &&
    cp build/grade build/sandbox-exec "$_k/build/" &&
    for _p in "$@"; do cp "build/$_p" "$_k/build/" || return 1; done
}

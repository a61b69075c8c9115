#!/bin/sh
# unit.test.sh -- checks the unit-test harness's callee process
# (grader/unit/callee.h, callee.c, callee_serve.c) on a tiny assignment of
# its own, tests/unit_fixtures/callee/: seven required functions (calls.h)
# each showing one thing the callee must do with code under test, its
# forward.c, its tests and a "submission" (student.c).  Built as the
# grader builds a submission (one object, required names kept global, then
# renamed NAME -> student_NAME, linked into the callee's binary only;
# grader/run/build.c), run with a nonce as
# the grader runs it, and checked:
#   - add, say, linger and reach pass (reach: none of the ways out of its
#     process that grader/unit/callee_filter.c refuses works): results come back, output printed in the
#     callee is captured where the test captures it (cr_redirect_stdout);
#   - spin (computes forever) is stopped at its call's own CPU limit, nap
#     (sleeps forever) at the default call limit's wall time
#     (GRADED_CALL_SECONDS), doze (sleeps under a 0.05-s limit) at the
#     2-s floor of the wall time, all reported naming the call and the limit,
#     not by Criterion's 60-s timeout; crash and quit are reported naming
#     the call;
#   - no process of the submission outlives the run: linger's thread that
#     never ends dies with its callee (no process carries the run's mark
#     in its environment afterwards);
#   - forge, which reads its own process's memory for the nonce and writes
#     a PASS line for every test (the attack of
#     tests/chinese-checkers/submissions/hostile_unit_reads_nonce), forges
#     nothing; built the old way, the functions called in the worker
#     itself, it forges every test -- why the callee exists;
#   - run by hand, with no nonce, the tests still run (in their callees)
#     and Criterion's report says which pass; no PASS line is written;
#   - the worker's binary (unit) is linked without the submission, which
#     only the callee's binary beside it (unit-callee) holds, as
#     grader/run/build.c links them: the submission's poll() (interposes.c,
#     GNU unique, linked here without the vetting that refuses it) is not
#     in the worker's binary, while linked the old way (old/unit) it binds
#     the harness's calls in the worker and forges every test.
# Takes about 20 s.
#
# Run from the repository root: sh tests/run.sh tests/unit.test.sh
. tests/lib.sh
set -u

ROOT=$(pwd)
OUT=build/unit-selftest/callee
FIX=tests/unit_fixtures/callee
CC=${CC:-gcc}
FLAGS="-std=gnu11 -Wall -Wextra -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined \
-Igrader/unit -I$FIX"
NAMES="add say spin nap doze crash quit forge linger reach"

if [ ! -f /usr/include/criterion/criterion.h ] || ! command -v objcopy >/dev/null 2>&1; then
    skip "unit: the callee process" "needs $CC, binutils and libcriterion-dev (sh grader/install-deps.sh)"
    exit 0
fi
rm -rf "$OUT"
mkdir -p "$OUT/runs"

build() {
    for part in graded_test:grader/unit/graded_test.c forward:$FIX/forward.c tests:$FIX/tests.c \
                student:$FIX/student.c interposes:$FIX/interposes.c; do
        # shellcheck disable=SC2086 -- flag lists are meant to split
        $CC $FLAGS -c "${part#*:}" -o "$OUT/${part%%:*}.o" || return 1
    done
    $CC -O2 -c "$FIX/stubs.c" -o "$OUT/stubs.o" || return 1
    keep= rename=
    for name in $NAMES; do
        keep="$keep -G $name" rename="$rename --redefine-sym $name=student_$name"
    done
    harness="$OUT/graded_test.o $OUT/forward.o $OUT/tests.o $OUT/stubs.o"
    # shellcheck disable=SC2086
    ld -r -o "$OUT/submission.o" "$OUT/student.o" "$OUT/interposes.o" &&
        objcopy $keep "$OUT/submission.o" && objcopy $rename "$OUT/submission.o" &&
        $CC $FLAGS -o "$OUT/unit-callee" -Wl,-Map="$OUT/unit-callee.map" "$OUT/submission.o" $harness -lcriterion &&
        $CC $FLAGS -o "$OUT/unit" -Wl,-Map="$OUT/unit.map" $harness -lcriterion &&
        mkdir -p "$OUT/old" &&
        $CC $FLAGS -o "$OUT/old/unit" -Wl,-Map="$OUT/old/unit.map" "$OUT/submission.o" $harness -lcriterion &&
        $CC $FLAGS -o "$OUT/unit-in-worker" "$OUT/student.o" "$OUT/graded_test.o" "$OUT/tests.o" -lcriterion
}
check "unit: the callee's self-test builds as the grader builds a submission" build

# run NAME BIN [ARGS...]: BIN with a fresh nonce, its calls limited to 0.5 s of CPU
# by default, and a mark in its environment; $OUT/runs/NAME.{nonce,out,err,passed}.
run() {
    run=$OUT/runs/$1 bin=$2
    shift 2
    nonce=$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')
    mark=$(od -An -N8 -tx1 /dev/urandom | tr -d ' \n')
    echo "$nonce" >"$run.nonce"
    echo "$mark" >"$run.mark"
    (cd "$OUT/runs" && echo "$nonce" | CALLEE_SELFTEST_MARK=$mark GRADED_CALL_SECONDS=0.5 \
        timeout 120 "$ROOT/$bin" --jobs=1 --timeout=60 "$@" >"$ROOT/$run.out" 2>"$ROOT/$run.err")
    sed -n "s/^$nonce PASS //p" "$run.out" | sort >"$run.passed"
}
run callee "$OUT/unit"
# (add alone: the forging needs one call)
run old "$OUT/old/unit" --filter 'add/*'
# (forge alone: in the worker, spin and nap would run into the timeout)
run in-worker "$OUT/unit-in-worker" --filter 'forge/*'

# said PATTERN: the run's output says PATTERN (an extended regex).
said() {
    grep -Eq "$1" "$OUT/runs/callee.out" "$OUT/runs/callee.err" && return 0
    echo "no line matches: $1"
    grep -E 'Assertion|did not|ended|crashed|FAIL|Timed' "$OUT/runs/callee.err" | head -20
    return 1
}

passes_exactly() {
    printf '%s\n' add/many_calls_in_one_test add/two_and_three_make_five \
        linger/passes_and_leaves_nothing_alive reach/reaches_no_other_process say/output_is_captured \
        >"$OUT/runs/want"
    diff "$OUT/runs/want" "$OUT/runs/callee.passed" && return 0
    tail -n 30 "$OUT/runs/callee.err"
    return 1
}
check "unit: callee: results come back, captured output is captured, only the passing tests pass" \
    passes_exactly

limits() {
    said 'spin did not return within (its limit of 0\.5 s of CPU|5 s \(its limit is 0\.5 s of CPU)' &&
        said 'nap did not return within 5 s \(its limit is 0\.5 s of CPU' &&
        said 'doze did not return within 2 s \(its limit is 0\.05 s of CPU' &&
        ! said 'Timed out'
}
check "unit: callee: a call that computes or sleeps forever is stopped at its own limit (wall: 10 times the CPU limit, at least 2 s), named" limits

ends() {
    said 'crash ended its process \(exit status [0-9]+\)|crash crashed: segmentation fault' &&
        said 'AddressSanitizer: SEGV' && said 'quit ended its process \(exit status [0-9]+\)'
}
check "unit: callee: a crash or an exit in the code under test fails its test, naming the call" ends

nothing_alive() {
    mark=$(cat "$OUT/runs/callee.mark")
    alive=$(grep -l "CALLEE_SELFTEST_MARK=$mark" /proc/[0-9]*/environ 2>/dev/null)
    [ -z "$alive" ] && return 0
    echo "still alive after the run: $alive"
    return 1
}
check "unit: callee: nothing of the submission outlives the run (a thread that never ends included)" \
    nothing_alive

forges_nothing() {
    said 'forge returned' || return 1
    if grep -q '^forge/' "$OUT/runs/callee.passed"; then
        echo "the callee's forge forged PASS lines"
        return 1
    fi
}
check "unit: callee: reading its own memory for the nonce forges nothing" forges_nothing

forges_in_worker() {
    for test in forge/forges_nothing spin/is_stopped_at_its_limit crash/is_named; do
        grep -qx "$test" "$OUT/runs/in-worker.passed" || {
            echo "in the worker, forge did not forge $test: the demonstration is broken"
            return 1
        }
    done
}
check "unit: (why the callee) run in the worker that holds the nonce, forge forges every test" \
    forges_in_worker

# Run by hand (a TA reproducing a test: no nonce on stdin), the tests still
# run, each in its worker with its callee, and Criterion's own report says
# which pass; no PASS line is written.
by_hand() {
    (cd "$OUT/runs" && GRADED_CALL_SECONDS=0.5 timeout 120 "$ROOT/$OUT/unit" --jobs=1 --filter 'add/*' \
        </dev/null >"$ROOT/$OUT/runs/hand.out" 2>"$ROOT/$OUT/runs/hand.err")
    grep -q 'Synthesis: Tested: 2 | Passing: 2 | Failing: 0' "$OUT/runs/hand.err" \
        && ! grep -q ' PASS ' "$OUT/runs/hand.out" && return 0
    tail -n 20 "$OUT/runs/hand.err"
    return 1
}
check "unit: run by hand, without a nonce, the tests run in their callees and none writes a PASS line" by_hand

# The split: the worker's binary holds nothing of the submission -- no
# poll() of its (GNU unique, which objcopy -G cannot make local), no
# function of its, nothing the link map takes from submission.o -- so
# the submission's poll() is not the worker's, and the split run above
# passes exactly its four tests; vet-binary.sh --worker says so.  Linked
# the old way, the submission in the worker's binary (and no -callee
# beside it), its poll() binds the harness's calls in the worker and
# forges every test: the check fails on that layout.
worker_holds_nothing() { # BINARY
    if nm "$1" | grep -Eq ' [TtDdBbRru] (poll|interposed_poll|unit_reads_nonce|student_[a-z]+)$'; then
        echo "$1 defines a symbol of the submission:"
        nm "$1" | grep -E ' [TtDdBbRru] (poll|interposed_poll|unit_reads_nonce|student_[a-z]+)$' | head -5
        return 1
    fi
    sh grader/unit/vet-binary.sh --worker "$1" "$1.map" "$OUT/submission.o"
}
split_worker() {
    worker_holds_nothing "$OUT/unit" || return 1
    nm "$OUT/unit-callee" | grep -q ' u poll$' || { echo "the callee's binary has no submission poll: the fixture is broken"; return 1; }
    if worker_holds_nothing "$OUT/old/unit" >/dev/null; then
        echo "the old layout's worker passes the check: the check cannot fail"
        return 1
    fi
    if sh grader/unit/vet-binary.sh --worker "$OUT/old/unit" "$OUT/old/unit.map" "$OUT/submission.o" >/dev/null; then
        echo "vet-binary.sh --worker accepts the old layout's worker"
        return 1
    fi
    for test in forge/forges_nothing spin/is_stopped_at_its_limit crash/is_named; do
        grep -qx "$test" "$OUT/runs/old.passed" || {
            echo "linked the old way, the submission's poll did not forge $test: the demonstration is broken"
            return 1
        }
    done
}
check "unit: the worker's binary holds nothing of the submission (its poll() included), which forges every test when linked in" \
    split_worker

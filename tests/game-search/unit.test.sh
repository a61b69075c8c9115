#!/bin/sh
# unit.test.sh -- tests the game-search unit tests
# (grader/assignments/game-search/unit/) themselves.
#
# The tests are built the way the Makefile builds them (the harness, the
# tests' support, forward.c and the weak stand-ins of stubs.c as one
# object, each set of tests as another), and each submission the way the
# grader builds its unit binaries (every .c with the sanitizers, vetted by
# grader/unit/vet-objects.sh, merged with ld -r, main renamed, every
# symbol but the four required ones made local, and those four renamed
# student_NAME, which forward.c runs in the callee process), all in
# build/game-search-unit/; like the grader, the build takes the kit's
# header, and the kit's copy of each file students are given (board.c,
# board_text.c, main.c) that a submission does not hand in.  Each binary
# runs with a fresh nonce on stdin, and then:
#   - the reference (solution/game-search/) passes every test, public and
#     hidden;
#   - tests/game-search/submissions/correct, written apart from it (its
#     search.c alone), passes every test too;
#   - each example with an expect/NAME.unit file fails exactly the tests
#     listed there ("public/SUITE/NAME" or "hidden/SUITE/NAME" lines), and
#     the tests' report holds each pattern of its expect/NAME.report, if
#     there is one;
#   - search functions that answer 0, 1 or -1 whatever they are asked (and
#     choose that number for both cells of the move) fail every test: each
#     test checks a value that no constant gives;
#   - a submission with none of the four functions still links, through
#     stubs.c, and fails every test.
# The hostile examples are left to tests/submissions.test.sh, which grades
# them inside the grader's sandbox: some of them are built to hurt a test
# run that has no limits.  This takes a few minutes on two cores.
#
# Settings (environment):
#   GAME_SEARCH_REFERENCE=DIR  the reference to test (default
#                              solution/game-search)
#
# Run from the repository root: sh tests/run.sh tests/game-search/unit.test.sh
# The flag lists below are meant to split:
# shellcheck disable=SC2086
. tests/lib.sh
set -u

ROOT=$(pwd)
OUT=build/game-search-unit
CC=${CC:-gcc}
TESTS=grader/assignments/game-search/unit
HARNESS=grader/unit
HEADER_DIR=solution/game-search
REFERENCE=${GAME_SEARCH_REFERENCE:-solution/game-search}
SUBMISSIONS=tests/game-search/submissions
GIVEN="board.c board_text.c main.c"
SAN="-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all"
TEST_CFLAGS="-std=gnu11 -Wall -Wextra -Wpedantic -g -O1 $SAN"
STUDENT_CFLAGS="-std=c11 -Wall -Wextra -Wpedantic -g -O1 $SAN"
PLAIN_CFLAGS="-std=c11 -Wall -Wextra -Wpedantic -O1 -g"
UNIT_LIBS="-Wl,-Bstatic -lcriterion -lboxfort -lprotobuf-nanopb -Wl,-Bdynamic -lnanomsg -lm"
REQUIRED="minimax alphabeta parallel_search choose_move"
# descriptor.c's .forwarded: renamed student_NAME, run in the callee by forward.c
FORWARDED=$REQUIRED

if [ ! -f /usr/include/criterion/criterion.h ] || ! command -v objcopy >/dev/null 2>&1 \
   || ! command -v "$CC" >/dev/null 2>&1 || ! command -v patch >/dev/null 2>&1; then
    skip "game-search unit: every check" "needs $CC, binutils, patch and libcriterion-dev"
    exit 0
fi

rm -rf "$OUT"
mkdir -p "$OUT/harness" "$OUT/runs" "$OUT/sources"

# ------------------------------------------------------------ building

# compile OBJ SRC CFLAGS...: one file of the tests; any word from the
# compiler is an error.
compile() {
    obj=$1 src=$2
    shift 2
    if ! "$CC" "$@" -I"$HEADER_DIR" -I"$TESTS" -I"$HARNESS" -c "$src" -o "$obj" >"$obj.log" 2>&1 \
       || [ -s "$obj.log" ]; then
        echo "compiling $src:"
        cat "$obj.log"
        return 1
    fi
}

build_harness() {
    h=$OUT/harness
    compile "$h/graded_test.o" "$HARNESS/graded_test.c" $TEST_CFLAGS &&
        compile "$h/support.o" "$TESTS/support.c" $TEST_CFLAGS &&
        compile "$h/forward.o" "$TESTS/forward.c" $TEST_CFLAGS &&
        compile "$h/stubs.o" "$TESTS/stubs.c" $PLAIN_CFLAGS &&
        compile "$h/no_git_diff.o" "$HARNESS/no_git_diff.c" $PLAIN_CFLAGS &&
        ld -r -o "$h/harness.o" "$h/graded_test.o" "$h/support.o" "$h/forward.o" "$h/stubs.o" \
            "$h/no_git_diff.o" || return 1
    for set in public hidden; do
        for src in "$TESTS/$set"/*.c; do
            compile "$h/$set-$(basename "$src" .c).o" "$src" $TEST_CFLAGS || return 1
        done
        ld -r -o "$h/$set.o" "$h/$set"-*.o || return 1
    done
}

# build_submission NAME DIR: DIR's .c files, with the kit's header and
# the kit's copies of the given files DIR lacks, compiled as the grader
# compiles them and linked with each set of tests into
# $OUT/NAME/unit-{public,hidden}; the compiler's warnings go to
# $OUT/NAME/warnings.
build_submission() {
    dir=$OUT/$1
    rm -rf "$dir" && mkdir -p "$dir/obj" "$dir/src" && cp "$2"/*.c "$dir/src/" &&
        cp "$HEADER_DIR/game_search.h" "$dir/src/" || return 1
    for f in $GIVEN; do
        [ -f "$dir/src/$f" ] || cp "$HEADER_DIR/$f" "$dir/src/" || return 1
    done
    src=$dir/src
    : >"$dir/warnings"
    for c in "$src"/*.c; do
        "$CC" $STUDENT_CFLAGS -I"$src" -c "$c" -o "$dir/obj/$(basename "$c" .c).o" \
            >>"$dir/warnings" 2>&1 || {
            echo "$1: $c does not compile:"
            cat "$dir/warnings"
            return 1
        }
    done
    keep="-G student_main" rename=
    for f in $REQUIRED; do keep="$keep -G $f"; done
    for f in $FORWARDED; do rename="$rename --redefine-sym $f=student_$f"; done
    sh "$HARNESS/vet-objects.sh" "$dir"/obj/*.o &&
        ld -r -o "$dir/student.o" "$dir"/obj/*.o &&
        objcopy --redefine-sym main=student_main "$dir/student.o" &&
        objcopy $keep "$dir/student.o" &&
        objcopy $rename "$dir/student.o" || return 1
    for set in public hidden; do
        "$CC" $SAN -o "$dir/unit-$set" "$dir/student.o" "$OUT/harness/harness.o" \
            "$OUT/harness/$set.o" $UNIT_LIBS || return 1
    done
}

# ------------------------------------------------------------ running

# run_set NAME SET: runs $OUT/NAME/unit-SET with a fresh nonce; the tests
# that printed their PASS line go to $OUT/runs/NAME-SET.passed as
# SET/SUITE/NAME lines.
run_set() {
    run=$OUT/runs/$1-$2
    nonce=$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')
    (cd "$OUT/runs" && printf '%s\n' "$nonce" |
        ASAN_OPTIONS=detect_leaks=0 timeout 600 "$ROOT/$OUT/$1/unit-$2" -j2 --ascii \
            >"$ROOT/$run.out" 2>"$ROOT/$run.err")
    sed -n "s|^$nonce PASS |$2/|p" "$run.out" | sort >"$run.passed"
}

# run_both NAME: both sets; $OUT/runs/NAME.failed lists every declared
# test that printed no PASS line.
run_both() {
    run_set "$1" public && run_set "$1" hidden || return 1
    sort "$OUT/runs/$1-public.passed" "$OUT/runs/$1-hidden.passed" >"$OUT/runs/$1.passed"
    comm -23 "$OUT/runs/declared" "$OUT/runs/$1.passed" >"$OUT/runs/$1.failed"
}

# declared: every SET/SUITE/NAME of a GRADED_TEST, sorted.
declared() {
    for set in public hidden; do
        sed -n "s|^GRADED_TEST(\([A-Za-z0-9_]*\), *\([A-Za-z0-9_]*\)).*|$set/\1/\2|p" \
            "$TESTS/$set"/*.c
    done | sort
}

show_failures() {
    grep -h -A3 'Assertion Failed\|runtime error\|ERROR: AddressSanitizer\|Timed out\|CRASH' \
        "$OUT/runs/$1-public.err" "$OUT/runs/$1-hidden.err" | head -n 30
}

# fails_exactly NAME FILE: the tests NAME failed are FILE's lines.
fails_exactly() {
    grep -v '^#' "$2" | sed '/^[[:space:]]*$/d' | sort >"$OUT/runs/$1.want"
    if ! cmp -s "$OUT/runs/$1.failed" "$OUT/runs/$1.want"; then
        echo "failed tests differ from the expected (< expected to fail, > failed):"
        diff "$OUT/runs/$1.want" "$OUT/runs/$1.failed" | grep '^[<>]'
        show_failures "$1"
        return 1
    fi
    echo "$(wc -l <"$OUT/runs/$1.failed") tests failed, as expected"
}

# reports_say NAME: each line of expect/NAME.report (grep -E) is found in
# the tests' report.
reports_say() {
    [ -f "$SUBMISSIONS/expect/$1.report" ] || return 0
    grep -v '^#' "$SUBMISSIONS/expect/$1.report" | while IFS= read -r pattern; do
        [ -n "$pattern" ] || continue
        cat "$OUT/runs/$1-public.err" "$OUT/runs/$1-hidden.err" | grep -q -E -- "$pattern" || {
            echo "the report does not say: $pattern"
            exit 1
        }
    done
}

# passes_nothing NAME WHY: NAME's run printed no PASS line.
passes_nothing() {
    if [ -s "$OUT/runs/$1.passed" ]; then
        echo "these tests pass $2:"
        cat "$OUT/runs/$1.passed"
        return 1
    fi
}

# ------------------------------------------------------------ the checks

check "game-search unit: harness and tests build without a warning" build_harness
if [ ! -f "$OUT/harness/public.o" ] || [ ! -f "$OUT/harness/hidden.o" ]; then
    skip "game-search unit: the remaining checks" "the tests did not build"
    exit 0
fi
declared >"$OUT/runs/declared"

count_tests() {
    public=$(grep -c '^public/' "$OUT/runs/declared")
    hidden=$(grep -c '^hidden/' "$OUT/runs/declared")
    suites=$(cut -d/ -f2 "$OUT/runs/declared" | sort -u | tr '\n' ' ')
    echo "public: $public, hidden: $hidden, suites: $suites"
    [ "$suites" = "alphabeta choose_move minimax parallel " ] &&
        [ "$(sort -u "$OUT/runs/declared" | wc -l)" -eq "$((public + hidden))" ] &&
        [ "$public" -ge 4 ] && [ "$hidden" -ge 12 ]
}
check "game-search unit: the header's four suites, public and hidden tests, names unique" \
    count_tests

if [ -f "$REFERENCE/search.c" ]; then
    reference_passes() {
        build_submission reference "$REFERENCE" && run_both reference || return 1
        fails_exactly reference /dev/null
    }
    check "game-search unit: the reference ($REFERENCE) passes every public and hidden test" \
        reference_passes
else
    skip "game-search unit: the reference passes every test" "$REFERENCE/search.c does not exist"
fi

check "game-search unit: every example submission is correct/ with its bug.patch applied" \
    sh tests/submissions.sh game-search "$OUT/sources"

correct_passes() {
    build_submission correct "$OUT/sources/correct" && run_both correct || return 1
    if [ -s "$OUT/correct/warnings" ]; then
        echo "correct/ compiles with warnings:"
        cat "$OUT/correct/warnings"
        return 1
    fi
    fails_exactly correct /dev/null
}
check "game-search unit: submissions/correct compiles warning-free and passes every test" \
    correct_passes

for expect in "$SUBMISSIONS"/expect/*.unit; do
    [ -f "$expect" ] || continue
    name=$(basename "$expect" .unit)
    buggy_fails() {
        build_submission "$name" "$OUT/sources/$name" && run_both "$name" &&
            fails_exactly "$name" "$expect" && reports_say "$name"
    }
    check "game-search unit: submissions/$name fails exactly the tests in its expect/$name.unit" \
        buggy_fails
done

# constant_fails_all N: four functions that answer N, choose N for both
# cells and change nothing.
constant_fails_all() {
    src=$OUT/sources/constant_$1
    mkdir -p "$src" || return 1
    cat >"$src/constant.c" <<CONSTANT
#include "game_search.h"
int minimax(gs_position *p, int d, gs_eval_fn *e) { (void)p, (void)d, (void)e; return $1; }
int alphabeta(gs_position *p, int d, int a, int b, gs_eval_fn *e)
{ (void)p, (void)d, (void)a, (void)b, (void)e; return $1; }
int parallel_search(gs_position *p, int d, int t, gs_eval_fn *e)
{ (void)p, (void)d, (void)t, (void)e; return $1; }
int choose_move(gs_position *p, int d, gs_eval_fn *e, gs_move *m)
{ (void)p, (void)d, (void)e; m->from = m->to = (unsigned char)$1; return $1; }
CONSTANT
    build_submission "constant_$1" "$src" && run_both "constant_$1" || return 1
    passes_nothing "constant_$1" "though every function answers $1"
}
for answer in 0 1 -1; do
    check "game-search unit: search functions that always answer $answer fail every test" \
        constant_fails_all "$answer"
done

stubs_fail_all() {
    src=$OUT/sources/missing
    mkdir -p "$src" &&
        printf 'int main(void)\n{\n    return 0;\n}\n' >"$src/main.c" &&
        build_submission missing "$src" && run_both missing || return 1
    passes_nothing missing "with none of the four functions defined"
}
check "game-search unit: a submission defining none of the functions links (stubs.c) and fails every test" \
    stubs_fail_all

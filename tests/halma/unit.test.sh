#!/bin/sh
# unit.test.sh -- checks the Halma unit tests (grader/assignments/halma/unit/)
# themselves.
#
# Builds the public and hidden unit tests the way the Makefile builds the
# first assignment's (one relocatable object per set, the harness with
# forward.c, which runs every required function in the callee process, and
# the weak stand-ins of stubs.c, Criterion linked statically), and each
# submission the way the grader does (each .c with the sanitizers, vetted
# by grader/unit/vet-objects.sh, merged with ld -r, main renamed, every
# symbol but the required ones made local, each required NAME renamed
# student_NAME), all into build/halma-unit/.
# Then runs them with a random nonce on stdin and checks that
#   - the reference (solution/halma/) passes every test, public and hidden;
#   - tests/halma/submissions/correct passes every test too;
#   - each buggy example submission fails exactly the tests listed in its
#     expect/NAME.unit file ("public/SUITE/NAME" or "hidden/SUITE/NAME"
#     lines), and its tests' report says what its expect/NAME.report file
#     (if any) asks for (grep -E patterns: a sanitizer's words, say);
#   - a submission whose functions always give the same answer (0, 1 or -1,
#     changing nothing) fails every test: each test checks both answers;
#   - a submission missing every function still links (stubs.c) and fails
#     every test;
#   - forward.c defines exactly the required functions, which the
#     descriptor forwards, and a function that changes the set or board
#     it was given as const fails its tests though it answers right.
# Takes about a minute on two cores.
#
# Settings (environment):
#   HALMA_REFERENCE=DIR  test DIR/halma.c and DIR/game.c as the reference
#                        (default solution/halma; skipped while it has no
#                        halma.c)
#
# Run from the repository root: sh tests/run.sh tests/halma/unit.test.sh
# The flag lists below are meant to split:
# shellcheck disable=SC2086
. tests/lib.sh
set -u

ROOT=$(pwd)
OUT=build/halma-unit
CC=${CC:-gcc}
TESTS=grader/assignments/halma/unit
HARNESS=grader/unit
HEADER_DIR=solution/halma
REFERENCE=${HALMA_REFERENCE:-solution/halma}
SUBMISSIONS=tests/halma/submissions
SAN="-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all"
# The tests' own code: the Makefile's UNIT_CFLAGS, no recovery, -Wpedantic.
TEST_CFLAGS="-std=gnu11 -Wall -Wextra -Wpedantic -g -O1 $SAN"
# A submission's code: the grader's language flags, warnings shown.
STUDENT_CFLAGS="-std=c11 -Wall -Wextra -Wpedantic -g -O1 $SAN"
PLAIN_CFLAGS="-std=c11 -Wall -Wextra -Wpedantic -O1 -g"
UNIT_LIBS="-Wl,-Bstatic -lcriterion -lboxfort -lprotobuf-nanopb -Wl,-Bdynamic -lnanomsg -lm"
REQUIRED="bitset_include bitset_exclude bitset_contains board_init add_piece is_empty \
owner check_step check_hop apply_move winner"

if [ ! -f /usr/include/criterion/criterion.h ] || ! command -v objcopy >/dev/null 2>&1 \
   || ! command -v "$CC" >/dev/null 2>&1 || ! command -v patch >/dev/null 2>&1; then
    skip "halma unit: every check" "needs $CC, binutils, patch and libcriterion-dev"
    exit 0
fi

rm -rf "$OUT"
mkdir -p "$OUT/harness" "$OUT/runs" "$OUT/sources"

# ---------------------------------------------------------------- helpers

# compile OBJ SRC INCLUDE_DIR CFLAGS...: compiles; any compiler output is
# an error here.
compile() {
    obj=$1 src=$2 inc=$3
    shift 3
    if ! "$CC" "$@" -I"$inc" -I"$TESTS" -I"$HARNESS" -c "$src" -o "$obj" >"$obj.log" 2>&1 \
       || [ -s "$obj.log" ]; then
        echo "compiling $src:"
        cat "$obj.log"
        return 1
    fi
}

# build_harness: the harness and stand-ins as one object, each set of
# tests as one object, as the Makefile does for the first assignment.
build_harness() {
    h=$OUT/harness
    compile "$h/graded_test.o" "$HARNESS/graded_test.c" "$HEADER_DIR" $TEST_CFLAGS &&
        compile "$h/support.o" "$TESTS/support.c" "$HEADER_DIR" $TEST_CFLAGS &&
        compile "$h/forward.o" "$TESTS/forward.c" "$HEADER_DIR" $TEST_CFLAGS &&
        compile "$h/stubs.o" "$TESTS/stubs.c" "$HEADER_DIR" $PLAIN_CFLAGS &&
        compile "$h/no_git_diff.o" "$HARNESS/no_git_diff.c" "$HEADER_DIR" $PLAIN_CFLAGS &&
        ld -r -o "$h/harness.o" "$h/graded_test.o" "$h/support.o" "$h/forward.o" \
            "$h/stubs.o" "$h/no_git_diff.o" || return 1
    for set in public hidden; do
        for src in "$TESTS/$set"/*.c; do
            compile "$h/$set-$(basename "$src" .c).o" "$src" "$HEADER_DIR" $TEST_CFLAGS ||
                return 1
        done
        ld -r -o "$h/$set.o" "$h/$set"-*.o || return 1
    done
}

# build_submission NAME DIR: DIR's .c files as the grader builds them, then
# both test binaries, into $OUT/NAME/.  Compiler warnings are kept in
# $OUT/NAME/warnings.
build_submission() {
    dir=$OUT/$1 src=$2
    rm -rf "$dir" && mkdir -p "$dir/obj" || return 1
    : >"$dir/warnings"
    for c in "$src"/*.c; do
        obj=$dir/obj/$(basename "$c" .c).o
        "$CC" $STUDENT_CFLAGS -I"$src" -c "$c" -o "$obj" >>"$dir/warnings" 2>&1 || {
            echo "$1: $c does not compile:"
            cat "$dir/warnings"
            return 1
        }
    done
    keep="-G student_main" rename=
    for f in $REQUIRED; do keep="$keep -G $f" rename="$rename --redefine-sym $f=student_$f"; done
    sh "$HARNESS/vet-objects.sh" "$dir"/obj/*.o &&
        ld -r -o "$dir/student.o" "$dir"/obj/*.o &&
        objcopy --redefine-sym main=student_main "$dir/student.o" &&
        objcopy $keep "$dir/student.o" && objcopy $rename "$dir/student.o" || return 1
    for set in public hidden; do
        "$CC" $SAN -o "$dir/unit-$set" "$dir/student.o" "$OUT/harness/harness.o" \
            "$OUT/harness/$set.o" $UNIT_LIBS || return 1
    done
}

new_nonce() {
    od -An -N16 -tx1 /dev/urandom | tr -d ' \n'
}

# run_set NAME SET: runs $OUT/NAME/unit-SET with a fresh nonce; leaves the
# tests that printed their PASS line in $OUT/runs/NAME-SET.passed, as
# SET/SUITE/NAME lines.
run_set() {
    run=$OUT/runs/$1-$2
    nonce=$(new_nonce)
    (cd "$OUT/runs" && printf '%s\n' "$nonce" |
        ASAN_OPTIONS=detect_leaks=0 timeout 300 "$ROOT/$OUT/$1/unit-$2" -j2 --ascii \
            >"$ROOT/$run.out" 2>"$ROOT/$run.err")
    sed -n "s|^$nonce PASS |$2/|p" "$run.out" | sort >"$run.passed"
}

# run_both NAME: both sets; $OUT/runs/NAME.failed lists every declared
# test without a PASS line.
run_both() {
    run_set "$1" public && run_set "$1" hidden || return 1
    sort "$OUT/runs/$1-public.passed" "$OUT/runs/$1-hidden.passed" >"$OUT/runs/$1.passed"
    comm -23 "$OUT/runs/declared" "$OUT/runs/$1.passed" >"$OUT/runs/$1.failed"
}

# declared: every SET/SUITE/NAME declared with GRADED_TEST, sorted.
declared() {
    for set in public hidden; do
        sed -n "s|^GRADED_TEST(\([A-Za-z0-9_]*\), *\([A-Za-z0-9_]*\)).*|$set/\1/\2|p" \
            "$TESTS/$set"/*.c
    done | sort
}

# show_failures NAME: the Criterion report of the failed tests, shortened.
show_failures() {
    grep -h -A3 'Assertion Failed\|runtime error\|ERROR: AddressSanitizer\|Timed out\|CRASH' \
        "$OUT/runs/$1-public.err" "$OUT/runs/$1-hidden.err" | head -n 30
}

# fails_exactly NAME EXPECTED_FILE: the failed tests are the expected ones.
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

# reports_say NAME: every line of expect/NAME.report, if there is one, is
# a grep -E pattern found in the tests' report (their stderr): a failure
# for the reason meant, e.g. a sanitizer's.
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

# ------------------------------------------------------------ the tests

check "halma unit: harness and tests build without a warning" build_harness
if [ ! -f "$OUT/harness/public.o" ] || [ ! -f "$OUT/harness/hidden.o" ]; then
    skip "halma unit: the remaining checks" "the tests did not build"
    exit 0
fi
declared >"$OUT/runs/declared"

count_tests() {
    public=$(grep -c '^public/' "$OUT/runs/declared")
    hidden=$(grep -c '^hidden/' "$OUT/runs/declared")
    echo "public: $public, hidden: $hidden"
    suites=$(cut -d/ -f2 "$OUT/runs/declared" | sort -u | tr '\n' ' ')
    [ "$suites" = "add_piece apply_move bitset board_init check_hop check_step is_empty kangaroo owner winner " ] || {
        echo "suites: $suites"
        return 1
    }
    [ "$(sort -u "$OUT/runs/declared" | wc -l)" -eq "$((public + hidden))" ] &&
        [ "$public" -ge 10 ] && [ "$public" -le 16 ] &&
        [ "$hidden" -ge 40 ] && [ "$hidden" -le 80 ]
}
check "halma unit: 10-16 public and 40-80 hidden tests, the header's ten suites, names unique" \
    count_tests

# The reference.
if [ -f "$REFERENCE/halma.c" ]; then
    reference_passes() {
        build_submission reference "$REFERENCE" && run_both reference || return 1
        if [ -s "$OUT/runs/reference.failed" ]; then
            echo "failed against the reference:"
            cat "$OUT/runs/reference.failed"
            show_failures reference
            return 1
        fi
        echo "$(wc -l <"$OUT/runs/reference.passed") tests passed"
    }
    check "halma unit: the reference ($REFERENCE) passes every public and hidden test" \
        reference_passes
else
    skip "halma unit: the reference passes every test" "$REFERENCE/halma.c does not exist yet"
fi

# The example submissions.
materialize() {
    sh tests/submissions.sh halma "$OUT/sources"
}
check "halma unit: every example submission is correct/ with its bug.patch applied" materialize

header_copy_current() {
    cmp "$HEADER_DIR/halma.h" "$SUBMISSIONS/correct/halma.h" || {
        echo "submissions/correct/halma.h is not a copy of $HEADER_DIR/halma.h; copy it again:"
        diff "$HEADER_DIR/halma.h" "$SUBMISSIONS/correct/halma.h" | head -n 10
        return 1
    }
}
check "halma unit: the submissions' halma.h is the official header, unchanged" header_copy_current

correct_passes() {
    build_submission correct "$OUT/sources/correct" && run_both correct || return 1
    if [ -s "$OUT/correct/warnings" ]; then
        echo "correct/ compiles with warnings:"
        cat "$OUT/correct/warnings"
        return 1
    fi
    fails_exactly correct /dev/null
}
check "halma unit: submissions/correct compiles warning-free and passes every test" correct_passes

for expect in "$SUBMISSIONS"/expect/*.unit; do
    [ -f "$expect" ] || continue
    name=$(basename "$expect" .unit)
    buggy_fails() {
        build_submission "$name" "$OUT/sources/$name" && run_both "$name" &&
            fails_exactly "$name" "$expect" && reports_say "$name"
    }
    check "halma unit: submissions/$name fails exactly the tests in its expect/$name.unit" buggy_fails
done

# Submissions that answer the same whatever they are asked.
constant_fails_all() {
    src=$OUT/sources/constant_$1
    mkdir -p "$src" && cp "$HEADER_DIR/halma.h" "$src/" || return 1
    cat >"$src/constant.c" <<CONSTANT
#include "halma.h"
void bitset_include(h_bitset set, int s) { (void)set, (void)s; }
void bitset_exclude(h_bitset set, int s) { (void)set, (void)s; }
int bitset_contains(const h_bitset set, int s) { (void)set, (void)s; return $1; }
int board_init(h_board *b, int players) { (void)b, (void)players; return $1; }
int add_piece(h_board *b, int p, int i, int s) { (void)b, (void)p, (void)i, (void)s; return $1; }
int is_empty(const h_board *b, int s) { (void)b, (void)s; return $1; }
int owner(const h_board *b, int s) { (void)b, (void)s; return $1; }
int check_step(const h_board *b, int f, int t) { (void)b, (void)f, (void)t; return $1; }
int check_hop(const h_board *b, int f, int t, int k) { (void)b, (void)f, (void)t, (void)k; return $1; }
int apply_move(h_board *b, int f, int t) { (void)b, (void)f, (void)t; return $1; }
int winner(const h_board *b) { (void)b; return $1; }
CONSTANT
    build_submission "constant_$1" "$src" && run_both "constant_$1" || return 1
    if [ -s "$OUT/runs/constant_$1.passed" ]; then
        echo "these tests pass though every function answers $1 and changes nothing:"
        cat "$OUT/runs/constant_$1.passed"
        return 1
    fi
}
for answer in 0 1 -1; do
    check "halma unit: functions that always answer $answer and change nothing fail every test" \
        constant_fails_all "$answer"
done

# Nothing but main: every required name comes from stubs.c.
stubs_fail_all() {
    src=$OUT/sources/missing
    mkdir -p "$src" && cp "$HEADER_DIR/halma.h" "$src/" &&
        printf 'int main(void)\n{\n    return 0;\n}\n' >"$src/main.c" &&
        build_submission missing "$src" && run_both missing || return 1
    if [ -s "$OUT/runs/missing.passed" ]; then
        echo "these tests pass with no required function defined:"
        cat "$OUT/runs/missing.passed"
        return 1
    fi
}
check "halma unit: a submission defining none of the functions links (stubs.c) and fails every test" \
    stubs_fail_all

# forward.c defines the required functions, every one of which the
# descriptor forwards, and nothing else: a name it lacked would run in the
# test's own process, one it had beyond the descriptor's would clash with
# the submission's at the link.
forward_defines_the_required() {
    nm -g --defined-only "$OUT/harness/forward.o" | awk '$2 == "T" { print $3 }' | sort \
        >"$OUT/runs/forward.defined"
    printf '%s\n' $REQUIRED | sort >"$OUT/runs/required"
    sed -n '/^static const char \*const required\[\]/,/};/p' grader/assignments/halma/descriptor.c |
        grep -o '"[a-z_]*"' | tr -d '"' | sort >"$OUT/runs/descriptor.required"
    diff "$OUT/runs/required" "$OUT/runs/forward.defined" &&
        diff "$OUT/runs/required" "$OUT/runs/descriptor.required" &&
        grep -q '^ *\.forwarded = required,' grader/assignments/halma/descriptor.c
}
check "halma unit: forward.c defines exactly the required functions, all of them forwarded" \
    forward_defines_the_required

# Right answers, but each function taking a const set or board changes it
# (an unused position entry; a bit of the set) after working its answer
# out: the callee's copy changes, the caller's cannot, and forward.c must
# fail the test all the same.
const_writer_fails() {
    src=$OUT/sources/const_writer
    mkdir -p "$src" && cp "$OUT/sources/correct/halma.h" "$OUT/sources/correct/game.c" "$src/" &&
        sed -e 's/^int \(is_empty\|owner\|check_step\|check_hop\|winner\)(const h_board/static int right_\1(const h_board/' \
            -e 's/^int bitset_contains(const h_bitset/static int right_bitset_contains(const h_bitset/' \
            "$OUT/sources/correct/halma.c" >"$src/halma.c" || return 1
    [ "$(grep -c '^static int right_' "$src/halma.c")" -eq 6 ] || {
        echo "correct/halma.c does not define the six functions the way this check expects"
        return 1
    }
    sed -i '/^#include "halma.h"$/a static int right_is_empty(const h_board *, int);\
static int right_owner(const h_board *, int);\
static int right_check_step(const h_board *, int, int);\
static int right_check_hop(const h_board *, int, int, int);\
static int right_winner(const h_board *);\
static int right_bitset_contains(const h_bitset, int);' "$src/halma.c" || return 1
    cat >>"$src/halma.c" <<'WRITER'

/* Each answers right, then writes to what it was given as const. */
int is_empty(const h_board *b, int s) { int r = right_is_empty(b, s); ((h_board *)b)->position[3][18]++; return r; }
int owner(const h_board *b, int s) { int r = right_owner(b, s); ((h_board *)b)->position[3][18]++; return r; }
int check_step(const h_board *b, int f, int t) { int r = right_check_step(b, f, t); ((h_board *)b)->position[3][18]++; return r; }
int check_hop(const h_board *b, int f, int t, int k) { int r = right_check_hop(b, f, t, k); ((h_board *)b)->position[3][18]++; return r; }
int winner(const h_board *b) { int r = right_winner(b); ((h_board *)b)->position[3][18]++; return r; }
int bitset_contains(const h_bitset set, int s) { int r = right_bitset_contains(set, s); ((uint32_t *)set)[s == 0] ^= 1u; return r; }
WRITER
    build_submission const_writer "$src" && run_both const_writer || return 1
    grep -E '^[a-z]+/(is_empty|owner|check_step|check_hop|kangaroo|winner)/' "$OUT/runs/declared" |
        cat - "$OUT/runs/const_writer.passed" | sort | uniq -d >"$OUT/runs/const_writer.wrong"
    if [ -s "$OUT/runs/const_writer.wrong" ] ||
       grep -qx 'hidden/bitset/contains_reads_only_its_own_bit' "$OUT/runs/const_writer.passed"; then
        echo "these tests pass though the function changes what it was given as const:"
        cat "$OUT/runs/const_writer.wrong"
        return 1
    fi
    for f in is_empty owner check_step check_hop winner 'bitset_contains(set, [0-9-]*)'; do
        cat "$OUT/runs/const_writer-public.err" "$OUT/runs/const_writer-hidden.err" |
            grep -q "$f changed the [a-z]* it was given as const" || {
                echo "the report does not say: $f changed ... it was given as const"
                return 1
            }
    done
}
check "halma unit: a function changing the set or board it was given as const fails though it answers right" \
    const_writer_fails

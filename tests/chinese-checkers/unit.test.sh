#!/bin/sh
# unit.test.sh -- checks the Chinese Checkers unit tests
# (grader/assignments/chinese-checkers/unit/) themselves.
#
# Builds the public and hidden unit tests against the reference solution,
# exactly as the grader builds them against a submission (see
# grader/unit/README.md: the five functions renamed student_NAME and
# reached through forward.c), into build/unit-selftest/chinese-checkers/, runs them with a
# random nonce on stdin and checks that every test passes, that no valid
# nonce means no PASS line, that --filter picks one test and that each test
# sees the board the program starts with.  Then checks that results cannot be forged: the same
# tests built against deliberately bad versions of check_neighbor
# (tests/unit_fixtures/) -- one that calls exit(0), one that prints fake
# success, one that reads out of bounds, one that loops, one that calls the
# harness itself, one that forks, one that replaces write(2), one that
# moves marbles on the_board -- earn no PASS line for the tests they should
# fail, while the tests they cannot affect still pass; that a test's code may start a thread but not fork, exec,
# ptrace or read another process's memory (the harness's seccomp filter,
# tests/unit_fixtures/neighbor_spawns.c); that grader/unit/vet-objects.sh refuses what the harness
# cannot stop (constructors of every priority, destructors, array entries
# by attribute, by section type, by .pushsection and hidden beside the
# sanitizer's own with the assembler's `unique` flag, .init code, a fake
# sanitizer constructor, ifuncs, Criterion tests and tables of the
# submission's own, references to the harness and to __start_cr_tst), with
# the forgeries those would allow shown on unvetted builds; that
# grader/unit/vet-binary.sh refuses the same attacks on the linked binary,
# and references to the harness or Criterion under names the object
# vetting does not know; and that a submission's main() and its own
# definitions of the harness's names earn nothing.
# Takes about 90 s.
#
# Run from the repository root: sh tests/run.sh tests/chinese-checkers/unit.test.sh
. tests/lib.sh
set -u

ROOT=$(pwd)
OUT=build/unit-selftest/chinese-checkers
CC=${CC:-gcc}
SAN_CFLAGS="-std=c11 -Wall -Wextra -Wpedantic -O1 -g -fno-omit-frame-pointer \
-fsanitize=address,undefined -fno-sanitize-recover=all"
PLAIN_CFLAGS="-std=c11 -Wall -Wextra -Wpedantic -O1 -g"
INCLUDES="-Isolution/chinese-checkers -Igrader/unit -Igrader/assignments/chinese-checkers/unit"
KEEP="-G the_board -G print_board -G check_neighbor -G check_jump -G check_move \
-G is_jumper -G student_main"
# The functions that run in the callee process, as descriptor.c's
# .forwarded lists them: the build renames each NAME to student_NAME in the
# submission's object, and forward.c's NAME runs student_NAME there.
FORWARDED=$(sed -n '/forwarded\[\] = {/,/};/p' grader/assignments/chinese-checkers/descriptor.c |
    grep -o '"[a-z_]*"' | tr -d '"' | tr '\n' ' ')
# Tests of whole suites the bad check_neighbor variants cannot reach: the
# reference's check_jump, is_jumper and print_board never call it.
UNREACHED='^(check_jump|is_jumper|print_board|initial_board)/'

if [ ! -f /usr/include/criterion/criterion.h ] || ! command -v objcopy >/dev/null 2>&1 \
   || ! command -v "$CC" >/dev/null 2>&1; then
    skip "unit: tests pass against the reference" \
         "needs $CC, binutils and libcriterion-dev (sh grader/install-deps.sh)"
    exit 0
fi

rm -rf "$OUT/reference" "$OUT/fixtures" "$OUT/runs"
mkdir -p "$OUT/reference" "$OUT/harness" "$OUT/fixtures" "$OUT/runs"

# ---------------------------------------------------------------- helpers

# compile OBJ SRC CFLAGS...: compiles; any compiler output is an error here.
compile() {
    obj=$1 src=$2
    shift 2
    # shellcheck disable=SC2086 -- flag lists are meant to split
    if ! "$CC" "$@" $INCLUDES -c "$src" -o "$obj" >"$obj.log" 2>&1 || [ -s "$obj.log" ]; then
        echo "compiling $src:"
        cat "$obj.log"
        return 1
    fi
}

# rename_forwarded OBJ...: renames each forwarded NAME to student_NAME in
# each OBJ, as the grader's build does (grader/run/build.c).
rename_forwarded() {
    renames=$(for name in $FORWARDED; do
        printf ' --redefine-sym %s=student_%s --redefine-sym __odr_asan.%s=__odr_asan.student_%s' \
            "$name" "$name" "$name" "$name"; done)
    for obj in "$@"; do
        # shellcheck disable=SC2086 -- the list is meant to split
        objcopy $renames "$obj" || return 1
    done
}

# make_submission DIR OBJ...: what the grader does to a submission's
# objects -- one relocatable object, main renamed, every global symbol but
# the required ones made local, the forwarded functions renamed -- into
# DIR/student.o.
make_submission() {
    dir=$1
    shift
    mkdir -p "$dir"
    ld -r -o "$dir/student.o" "$@" &&
        objcopy --redefine-sym main=student_main "$dir/student.o" &&
        # shellcheck disable=SC2086
        objcopy $KEEP "$dir/student.o" &&
        rename_forwarded "$dir/student.o"
}

# link_tests BIN STUDENT_OBJ SET [EXTRA_OBJ...]: links the SET (public or
# hidden) tests with the harness (forward.c included) against a submission
# object.
link_tests() {
    bin=$1 student=$2 set=$3
    shift 3
    # shellcheck disable=SC2086
    "$CC" $SAN_CFLAGS -o "$bin" "$student" "$OUT/harness/graded_test.o" \
        "$OUT/harness/support.o" "$OUT/harness/forward.o" "$OUT/harness/$set"-*.o "$@" \
        "$OUT/harness/stubs.o" -Wl,-Map="$bin.map" -lcriterion
}

new_nonce() {
    od -An -N16 -tx1 /dev/urandom | tr -d ' \n'
}

# run_tests NAME BIN [CRITERION_ARGS...]: runs BIN with a fresh nonce on
# stdin; leaves $OUT/runs/NAME.{nonce,out,err,passed}.  The run is cut off
# after 120 s whatever happens.
run_tests() {
    run=$OUT/runs/$1 bin=$2
    shift 2
    nonce=$(new_nonce)
    printf '%s\n' "$nonce" >"$run.nonce"
    # From a scratch directory: files a bad fixture writes land there.
    (cd "$OUT/runs" && printf '%s\n' "$nonce" |
        timeout 120 "$ROOT/$bin" "$@" >"$ROOT/$run.out" 2>"$ROOT/$run.err")
    sed -n "s/^$nonce PASS //p" "$run.out" | sort >"$run.passed"
}

# declared SET...: every suite/name declared with GRADED_TEST in the sets.
declared() {
    for set in "$@"; do
        sed -n 's/^GRADED_TEST(\([A-Za-z0-9_]*\), *\([A-Za-z0-9_]*\)).*/\1\/\2/p' \
            grader/assignments/chinese-checkers/unit/"$set"/*.c
    done | sort
}

# passes_exactly NAME EXPECTED_FILE: the run's PASS set is the expected one.
passes_exactly() {
    run=$OUT/runs/$1
    if ! cmp -s "$run.passed" "$2"; then
        echo "PASS lines differ from the expected tests (< expected, > got):"
        diff "$2" "$run.passed" | grep '^[<>]'
        echo "--- stderr (last 30 lines):"
        tail -n 30 "$run.err"
        return 1
    fi
    if [ "$(grep -c " PASS " "$run.out")" -ne "$(wc -l <"$2")" ]; then
        echo "expected $(wc -l <"$2") lines containing ' PASS ', got:"
        grep " PASS " "$run.out"
        return 1
    fi
}

# none_pass NAME REGEX: no test whose name matches REGEX has a PASS line.
none_pass() {
    if grep -E "$2" "$OUT/runs/$1.passed"; then
        echo "^ these earned a PASS line but should not have"
        return 1
    fi
}

# all_pass NAME REGEX SET: every declared test of SET matching REGEX passed.
all_pass() {
    declared "$3" | grep -E "$2" >"$OUT/runs/$1.want"
    missing=$(comm -23 "$OUT/runs/$1.want" "$OUT/runs/$1.passed")
    if [ -n "$missing" ]; then
        echo "these tests should still have passed:"
        echo "$missing"
        echo "--- stderr (last 30 lines):"
        tail -n 30 "$OUT/runs/$1.err"
        return 1
    fi
}

# ---------------------------------------------------------------- builds

build_all() {
    compile "$OUT/reference/checkers.o" solution/chinese-checkers/checkers.c $SAN_CFLAGS &&
    compile "$OUT/reference/game.o" solution/chinese-checkers/game.c $SAN_CFLAGS &&
    make_submission "$OUT/reference" "$OUT/reference/checkers.o" "$OUT/reference/game.o" &&
    compile "$OUT/harness/graded_test.o" grader/unit/graded_test.c $SAN_CFLAGS &&
    compile "$OUT/harness/support.o" grader/assignments/chinese-checkers/unit/support.c $SAN_CFLAGS &&
    compile "$OUT/harness/forward.o" grader/assignments/chinese-checkers/unit/forward.c $SAN_CFLAGS &&
    compile "$OUT/harness/stubs.o" grader/assignments/chinese-checkers/unit/stubs.c $PLAIN_CFLAGS || return 1
    for set in public hidden; do
        for src in grader/assignments/chinese-checkers/unit/$set/*.c; do
            compile "$OUT/harness/$set-$(basename "$src" .c).o" "$src" $SAN_CFLAGS || return 1
        done
        link_tests "$OUT/unit-$set" "$OUT/reference/student.o" "$set" || return 1
    done
}

check "unit: harness and tests build against the reference without a warning" build_all

declared public >"$OUT/runs/public.want"
declared hidden >"$OUT/runs/hidden.want"

count_tests() {
    public=$(wc -l <"$OUT/runs/public.want")
    hidden=$(wc -l <"$OUT/runs/hidden.want")
    echo "public: $public, hidden: $hidden"
    [ "$(sort -u "$OUT/runs/public.want" | wc -l)" -eq "$public" ] &&
        [ "$(sort -u "$OUT/runs/hidden.want" | wc -l)" -eq "$hidden" ] &&
        [ "$public" -ge 8 ] && [ "$public" -le 12 ] &&
        [ "$hidden" -ge 25 ] && [ "$hidden" -le 35 ]
}
check "unit: 8-12 public and 25-35 hidden tests, names unique" count_tests

# forward.c must use exactly what the build renames: a name it forwards
# that the descriptor does not list is defined twice at the link, and one
# listed but not forwarded is never defined under its own name.  The board
# is among them: the tests' process keeps its own, and the submission's is
# only ever touched in the callee (hostile_board_alias).
same_forwarded() {
    listed=$(printf '%s\n' $FORWARDED | sort)
    called=$(nm -u "$OUT/harness/forward.o" | sed -n 's/^ *U student_//p' | sort)
    echo "descriptor.c: $(echo $listed); forward.c runs: $(echo $called)"
    [ -n "$listed" ] && [ "$listed" = "$called" ] &&
        [ "$listed" = "$(printf '%s\n' the_board print_board check_neighbor check_jump check_move is_jumper | sort)" ]
}
check "unit: descriptor.c's .forwarded and forward.c name the same six names (the_board and the five functions)" same_forwarded

run_tests public "$OUT/unit-public"
run_tests hidden "$OUT/unit-hidden"
check "unit: every public test passes against the reference" \
    passes_exactly public "$OUT/runs/public.want"
check "unit: every hidden test passes against the reference" \
    passes_exactly hidden "$OUT/runs/hidden.want"

# ------------------------------------------------------- the nonce protocol

no_nonce_no_pass() {
    for stdin in /dev/null short bad; do
        case $stdin in
            /dev/null) feed=":" ;;
            short) feed="echo 0123abcd" ;;
            bad) feed="echo 0123456789abcdef0123456789abcdeg" ;;
        esac
        $feed | timeout 60 "$OUT/unit-public" >"$OUT/runs/nonce-$stdin.out" 2>&1
        if grep " PASS " "$OUT/runs/nonce-$stdin.out"; then
            echo "^ printed with no valid nonce ($stdin)"
            return 1
        fi
    done
}
check "unit: no valid nonce on stdin, no PASS line" no_nonce_no_pass

one_by_filter() {
    run_tests filter "$OUT/unit-hidden" --filter 'print_board/empty_star' &&
        echo "print_board/empty_star" >"$OUT/runs/filter.want" &&
        passes_exactly filter "$OUT/runs/filter.want"
}
check "unit: --filter suite/name runs that one test" one_by_filter

fresh_board_per_test() {
    compile "$OUT/fixtures/scribble_first.o" tests/unit_fixtures/scribble_first.c $SAN_CFLAGS &&
        link_tests "$OUT/fixtures/unit-scribble" "$OUT/reference/student.o" public \
            "$OUT/fixtures/scribble_first.o" &&
        run_tests scribble "$OUT/fixtures/unit-scribble" -j1 || return 1
    { cat "$OUT/runs/public.want"; echo "aaa_scribble/fills_the_board_with_red"; } |
        sort >"$OUT/runs/scribble.want"
    passes_exactly scribble "$OUT/runs/scribble.want" || return 1
    # With -j1 the PASS lines come out in the order the tests ran.
    order=$(sed -n "s/^$(cat "$OUT/runs/scribble.nonce") PASS //p" "$OUT/runs/scribble.out" |
        grep -n -E '^(aaa_scribble|initial_board)/' | cut -d: -f1 | tr '\n' ' ')
    set -- $order
    if [ "$#" -ne 2 ] || [ "$1" -ge "$2" ]; then
        echo "the scribbling test did not run before initial_board (lines: $order)"
        return 1
    fi
}
check "unit: each test sees the_board as the program starts (-j1, after a test that changes it)" \
    fresh_board_per_test

# ------------------------------------------------ forgery: bad submissions

# bad_build FIXTURE [plain]: the reference with check_neighbor replaced by
# tests/unit_fixtures/FIXTURE.c, linked with the hidden tests into
# $OUT/fixtures/FIXTURE/unit-hidden.  With `plain`, the submission's
# symbols are not made local (to show why the grader must); the forwarded
# functions are still renamed, without which nothing links.
bad_build() {
    fixture=$1 mode=${2:-}
    dir=$OUT/fixtures/$fixture$mode
    mkdir -p "$dir"
    cp "$OUT/reference/checkers.o" "$dir/checkers.o" &&
        objcopy --weaken-symbol=check_neighbor "$dir/checkers.o" &&
        compile "$dir/fixture.o" "tests/unit_fixtures/$fixture.c" $SAN_CFLAGS || return 1
    if [ "$mode" = plain ]; then
        cp "$OUT/reference/game.o" "$dir/game.o" &&
            objcopy --redefine-sym main=student_main "$dir/game.o" &&
            rename_forwarded "$dir/checkers.o" "$dir/game.o" "$dir/fixture.o" &&
            link_tests "$dir/unit-hidden" "$dir/checkers.o" hidden "$dir/game.o" "$dir/fixture.o"
    else
        make_submission "$dir" "$dir/checkers.o" "$OUT/reference/game.o" "$dir/fixture.o" &&
            link_tests "$dir/unit-hidden" "$dir/student.o" hidden
    fi
}

# bad_run FIXTURE [plain]: builds and runs it; the run is named FIXTURE[plain].
bad_run() {
    bad_build "$@" && run_tests "$1${2:-}" "$OUT/fixtures/$1${2:-}/unit-hidden"
}

exits() {
    bad_run neighbor_exits &&
        none_pass neighbor_exits '^check_neighbor/' &&
        all_pass neighbor_exits "$UNREACHED" hidden
}
check "unit: forgery: check_neighbor calling exit(0) earns nothing" exits

fakes_output() {
    bad_run neighbor_fakes_output || return 1
    grep -q 'Synthesis: Tested: 35 | Passing: 35' "$OUT/runs/neighbor_fakes_output.out" || {
        echo "the fixture's fake output did not reach stdout; the check proves nothing"
        return 1
    }
    none_pass neighbor_fakes_output '^(check_neighbor|overflow/geometry)' &&
        all_pass neighbor_fakes_output "$UNREACHED" hidden &&
        sort -c -u "$OUT/runs/neighbor_fakes_output.passed"
}
check "unit: forgery: fake [PASS]/synthesis/'<hex> PASS name' output earns nothing" fakes_output

reads_out_of_bounds() {
    bad_run neighbor_reads_out_of_bounds &&
        none_pass neighbor_reads_out_of_bounds \
            '^(check_neighbor/neighbours_off_the_board_are_still_neighbours|check_neighbor/non_neighbours_off_the_board_are_rejected|overflow/geometry_with_extreme_coordinates)$' &&
        all_pass neighbor_reads_out_of_bounds \
            "$UNREACHED|^check_neighbor/(non_neighbour_offsets_are_rejected|answer_ignores_board_contents)$" hidden || return 1
    grep -q 'AddressSanitizer: global-buffer-overflow' "$OUT/runs/neighbor_reads_out_of_bounds.err" || {
        echo "no AddressSanitizer global-buffer-overflow report on stderr"
        return 1
    }
}
check "unit: forgery: an out-of-bounds read fails under AddressSanitizer" reads_out_of_bounds

# The grader passes --timeout (limits.h derives it from the reference);
# each looping test must be stopped alone by Criterion and reported as
# timed out, and the binary must still finish and print its synthesis --
# not be killed whole by run_tests' outer timeout.
loops() {
    bad_build neighbor_loops || return 1
    run_tests neighbor_loops "$OUT/fixtures/neighbor_loops/unit-hidden" --timeout=2 || return 1
    run=$OUT/runs/neighbor_loops
    grep -q 'Timed out' "$run.out" "$run.err" || { echo "no test was reported as timed out"; return 1; }
    grep -q 'Synthesis: Tested' "$run.out" "$run.err" || { echo "the binary did not finish"; return 1; }
    none_pass neighbor_loops '^check_neighbor/answer_ignores_board_contents$' &&
        all_pass neighbor_loops \
            "$UNREACHED|^check_neighbor/(non_neighbour_offsets_are_rejected|neighbours_off_the_board_are_still_neighbours|non_neighbours_off_the_board_are_rejected)$|^overflow/" \
            hidden
}
check "unit: forgery: a function that never returns times out alone (--timeout), the rest still report" loops

# In the callee, which holds no nonce and runs no test, the harness's
# functions do nothing: the fixture's right answers pass, on their merit,
# and its calls add no PASS line.
calls_harness() {
    bad_run neighbor_calls_harness &&
        all_pass neighbor_calls_harness "$UNREACHED|^check_neighbor/" hidden &&
        sort -c -u "$OUT/runs/neighbor_calls_harness.passed" || return 1
    lines=$(grep -c " PASS " "$OUT/runs/neighbor_calls_harness.out")
    [ "$lines" -eq "$(wc -l <"$OUT/runs/neighbor_calls_harness.passed")" ] ||
        { echo "$lines lines hold ' PASS ', more than the tests that passed"; return 1; }
}
check "unit: forgery: graded_test_begin/graded_test_passed called by the code under test do nothing" calls_harness

forks() {
    bad_run neighbor_forks &&
        none_pass neighbor_forks '^check_neighbor/' &&
        all_pass neighbor_forks "$UNREACHED" hidden
}
check "unit: forgery: a forked copy that gets the answers right earns nothing" forks

spawns() {
    bad_run neighbor_spawns &&
        all_pass neighbor_spawns '^check_neighbor/' hidden
}
check "unit: code under test may start threads, but not fork, exec, ptrace or read another process" spawns

# The board a function leaves in the callee comes back: a check_neighbor
# that makes the step it approves (so check_move moves marbles) loses
# check_move/leaves_the_board_unchanged.
moves_marble() {
    bad_run neighbor_moves_marble &&
        none_pass neighbor_moves_marble '^check_move/leaves_the_board_unchanged$' &&
        all_pass neighbor_moves_marble "$UNREACHED" hidden
}
check "unit: a function that changes the_board in the callee changes the test's board" moves_marble

interposes_write() {
    bad_run neighbor_interposes_write &&
        none_pass neighbor_interposes_write '^check_neighbor/' &&
        all_pass neighbor_interposes_write "$UNREACHED" hidden
}
check "unit: forgery: a write() defined by the submission is made local and never called" \
    interposes_write

# Not a property of the harness but of the link: without objcopy -G the
# interposed write() does steal the nonce.  Kept as a check so that the
# reason for the grader's link step stays demonstrated.
unlocalized_write_steals() {
    bad_run neighbor_interposes_write plain || return 1
    if ! grep -q '^check_neighbor/' "$OUT/runs/neighbor_interposes_writeplain.passed"; then
        echo "the unlocalized write() forged nothing: the demonstration is broken"
        return 1
    fi
}
check "unit: (why the grader localizes symbols) without objcopy -G, an interposed write() forges PASS lines" \
    unlocalized_write_steals

# ------------------------------------------- vetting a submission's objects

vet_accepts_reference() {
    sh grader/unit/vet-objects.sh "$OUT/reference/checkers.o" "$OUT/reference/game.o"
}
check "unit: vet-objects.sh accepts the reference's objects" vet_accepts_reference

# vet_refuses OBJ PATTERN: vet-objects.sh refuses OBJ, saying PATTERN.
vet_refuses() {
    if verdict=$(sh grader/unit/vet-objects.sh "$1"); then
        echo "vet-objects.sh accepted $1"
        return 1
    fi
    echo "$verdict"
    printf '%s\n' "$verdict" | grep -q -- "$2" || {
        echo "expected a message matching '$2'"
        return 1
    }
}

vet_refuses_bad() {
    dir=$OUT/fixtures/vet
    mkdir -p "$dir"
    for fixture in has_constructor has_ifunc registers_test neighbor_calls_harness; do
        compile "$dir/$fixture.o" "tests/unit_fixtures/$fixture.c" $SAN_CFLAGS || return 1
    done
    # Priorities up to 100 are reserved, hence -w for this one.
    # shellcheck disable=SC2086
    "$CC" $SAN_CFLAGS -w -DPRIORITY=99 $INCLUDES -c tests/unit_fixtures/has_constructor.c \
        -o "$dir/has_constructor_99.o" || return 1
    vet_refuses "$dir/has_constructor.o" 'section \.init_array of type INIT_ARRAY' &&
        vet_refuses "$dir/has_constructor_99.o" 'section \.init_array\.00099 of type INIT_ARRAY' &&
        vet_refuses "$dir/has_ifunc.o" 'defines an ifunc (check_neighbor)' &&
        vet_refuses "$dir/registers_test.o" 'section cr_tst' &&
        vet_refuses "$dir/neighbor_calls_harness.o" 'graded_test_begin'
}
check "unit: vet-objects.sh refuses constructors (even at the sanitizer's priority), ifuncs, tests of its own, calls into the harness" \
    vet_refuses_bad

# compile_fixture OBJ FIXTURE [FLAGS...]: FIXTURE.c with the sanitizer
# flags and FLAGS, warnings allowed (some fixtures do odd things on purpose).
compile_fixture() {
    obj=$1 fixture=$2
    shift 2
    # shellcheck disable=SC2086
    "$CC" $SAN_CFLAGS -w "$@" $INCLUDES -c "tests/unit_fixtures/$fixture.c" -o "$obj"
}

# Every way found to run code before the harness, or to reach Criterion's
# table of tests, is refused, whatever the section's name, type or
# uniqueness and whatever the symbol is called in the source.  Each line:
# fixture, flags, what the refusal must say.
vet_refuses_siblings() {
    dir=$OUT/fixtures/vet-siblings
    mkdir -p "$dir"
    n=0
    while IFS='|' read -r fixture flags pattern; do
        n=$((n + 1))
        # shellcheck disable=SC2086 -- flags are meant to split
        compile_fixture "$dir/$n.o" "$fixture" $flags || { echo "cannot compile $fixture $flags"; return 1; }
        echo "-- $fixture $flags"
        vet_refuses "$dir/$n.o" "$pattern" || return 1
    done <<'LIST'
unique_init_array||2 sections \.init_array\.00099: a constructor hidden
unique_init_array|-DPUSHSECTION|2 sections \.init_array\.00099
unique_init_array||refers to the test harness or to Criterion (__start_cr_tst)
has_constructor|-DPRIORITY=101|section \.init_array\.00101 of type INIT_ARRAY
has_constructor|-DPRIORITY=65535|section \.init_array of type INIT_ARRAY
has_destructor||section \.fini_array of type FINI_ARRAY
array_entry|-DSECTION=".init_array"|section \.init_array of type INIT_ARRAY
array_entry|-DSECTION=".init_array.00101"|section \.init_array\.00101 of type INIT_ARRAY
array_entry|-DSECTION=".preinit_array"|section \.preinit_array of type PREINIT_ARRAY
array_entry|-DSECTION=".fini_array"|section \.fini_array of type FINI_ARRAY
array_entry|-DSECTION=".ctors"|section \.ctors of type PROGBITS
array_entry|-DSECTION=".dtors"|section \.dtors of type PROGBITS
array_entry|-DSECTION="cr_tst"|registers tests or hooks with Criterion (section cr_tst)
array_entry|-DSECTION="my_table"|adds to a table the linker builds (section my_table
array_by_type||section \.settings of type INIT_ARRAY
code_in_init||section \.init of type PROGBITS
refers_to_harness|-DLABEL=graded_test_passed|refers to the test harness or to Criterion (graded_test_passed)
refers_to_harness||refers to the test harness or to Criterion (__start_cr_tst)
odd_section|-DNAME=.rela.data.zz|a section named like relocations that is not one (section \.rela\.data\.zz of type PROGBITS)
odd_section|-DNAME=.rela.data.zz -DTYPE=rela|a section named like relocations that is not one (section \.rela\.data\.zz of type RELA)
odd_section|-DNAME=.gnu.lto_.inline.1|carries code for link-time optimisation (section \.gnu\.lto_\.inline\.1)
odd_section|-DNAME=.got.plt|a section of the linker's or the loader's own (\.got\.plt)
odd_section|-DBLANKS|a section whose name holds blanks
global_by_binding||defines poll with a binding that stays global in the test binary (UNIQUE)
global_by_binding|-DCOMMON|defines stdout with a binding that stays global in the test binary (COMMON)
LIST
    # Without the sanitizer, so that the compiler adds no constructor of
    # its own beside the fake one: the body must give it away.
    "$CC" -std=c11 -O1 $INCLUDES -c tests/unit_fixtures/fake_sanitizer_constructor.c \
        -o "$dir/fake.o" &&
        vet_refuses "$dir/fake.o" 'the entry of \.init_array\.00099 is not the sanitizer'"'"'s own'
}
check "unit: vet-objects.sh refuses every constructor, destructor, array entry (by type or name, unique or not), table of its own and reference to Criterion's table, naming each" \
    vet_refuses_siblings

# vet-binary.sh on the binaries the grader links (reference: nothing to say).
vet_binary_accepts_reference() {
    for set in public hidden; do
        sh grader/unit/vet-binary.sh "$OUT/unit-$set" "$OUT/unit-$set.map" "$OUT/reference/student.o" \
            the_board print_board check_neighbor check_jump check_move is_jumper student_main || return 1
    done
}
check "unit: vet-binary.sh accepts the reference's public and hidden binaries" vet_binary_accepts_reference

# fixture_binary NAME FIXTURE [plain|static] [FLAGS...]: the reference
# with check_neighbor replaced by the fixture (and the reference's main
# renamed away, so that only a fixture's main counts), linked with the
# hidden tests, unvetted, into $OUT/fixtures/NAME/unit-hidden (with its
# map).  With `plain`, the submission's main is not renamed away (the
# forwarded functions still are); with
# `static`, Criterion is linked from its static archives, as the grader
# links it (grader/run/build.c).
fixture_binary() {
    name=$1 fixture=$2 mode=
    shift 2
    case ${1:-} in plain|static) mode=$1; shift ;; esac
    dir=$OUT/fixtures/$name
    mkdir -p "$dir"
    cp "$OUT/reference/checkers.o" "$dir/checkers.o" &&
        objcopy --weaken-symbol=check_neighbor "$dir/checkers.o" &&
        cp "$OUT/reference/game.o" "$dir/game.o" &&
        objcopy --redefine-sym main=game_main "$dir/game.o" &&
        compile_fixture "$dir/fixture.o" "$fixture" "$@" || return 1
    if [ "$mode" = plain ]; then
        ld -r -o "$dir/student.o" "$dir/checkers.o" "$dir/game.o" "$dir/fixture.o" &&
            rename_forwarded "$dir/student.o" || return 1
    else
        make_submission "$dir" "$dir/checkers.o" "$dir/game.o" "$dir/fixture.o" || return 1
    fi
    if [ "$mode" = static ]; then
        compile "$dir/no_git_diff.o" grader/unit/no_git_diff.c $SAN_CFLAGS &&
            link_tests "$dir/unit-hidden" "$dir/student.o" hidden "$dir/no_git_diff.o" \
                -Wl,-Bstatic -lcriterion -lboxfort -lprotobuf-nanopb -Wl,-Bdynamic -lnanomsg
    else
        link_tests "$dir/unit-hidden" "$dir/student.o" hidden
    fi
}

# vet_binary_refuses NAME PATTERN: vet-binary.sh refuses the fixture's
# binary, saying PATTERN.
vet_binary_refuses() {
    dir=$OUT/fixtures/$1
    if verdict=$(sh grader/unit/vet-binary.sh "$dir/unit-hidden" "$dir/unit-hidden.map" "$dir/student.o" \
                 the_board print_board check_neighbor check_jump check_move is_jumper student_main); then
        echo "vet-binary.sh accepted $1"
        return 1
    fi
    echo "$verdict"
    printf '%s\n' "$verdict" | grep -q -- "$2" || {
        echo "expected a message matching '$2'"
        return 1
    }
}

# The second line: what the linker made, whatever the object vetting
# missed -- here, objects it would have refused, linked anyway, and two
# references it cannot see by name.
vet_binary_refuses_bad() {
    fixture_binary b-unique unique_init_array &&
        vet_binary_refuses b-unique 'an entry of \.init_array points into it' &&
        vet_binary_refuses b-unique 'refers to the test harness or to Criterion (__start_cr_tst)' &&
        fixture_binary b-ctor has_constructor -DPRIORITY=101 &&
        vet_binary_refuses b-ctor 'an entry of \.init_array points into it' &&
        fixture_binary b-dtor has_destructor &&
        vet_binary_refuses b-dtor 'an entry of \.fini_array points into it' &&
        fixture_binary b-preinit array_entry '-DSECTION=".preinit_array"' &&
        vet_binary_refuses b-preinit 'an entry of \.preinit_array points into it' &&
        fixture_binary b-fake fake_sanitizer_constructor &&
        vet_binary_refuses b-fake '_sub_I_00099_0, listed in \.init_array, is not the sanitizer' &&
        fixture_binary b-ifunc has_ifunc &&
        vet_binary_refuses b-ifunc 'the ifunc student_check_neighbor' &&
        fixture_binary b-test registers_test &&
        vet_binary_refuses b-test 'adds entries to the table cr_tst' &&
        fixture_binary b-support refers_to_harness -DLABEL=capture_stdout &&
        vet_binary_refuses b-support 'refers to the test harness or to Criterion (capture_stdout)' &&
        fixture_binary b-criterion refers_to_harness static -DLABEL=pipe_in &&
        vet_binary_refuses b-criterion 'refers to the test harness or to Criterion (pipe_in)' &&
        fixture_binary b-main main_forges plain &&
        vet_binary_refuses b-main 'where the program starts or ends (main' &&
        fixture_binary b-binding global_by_binding &&
        vet_binary_refuses b-binding 'defines poll for the whole test binary (UNIQUE)' &&
        fixture_binary b-common global_by_binding -DCOMMON &&
        vet_binary_refuses b-common 'defines stdout for the whole test binary'
}
check "unit: vet-binary.sh refuses array entries, ifuncs and main into the submission's code, tables of its own, symbols left global and references to the harness or Criterion under any name" \
    vet_binary_refuses_bad

# A submission's main and its definitions of the harness's own names are
# harmless once the grader renames main and makes them local.
renamed_and_local_earn_nothing() {
    for fixture in main_forges defines_harness_symbols; do
        fixture_binary "$fixture" "$fixture" &&
            run_tests "$fixture" "$OUT/fixtures/$fixture/unit-hidden" &&
            none_pass "$fixture" '^check_neighbor/' &&
            all_pass "$fixture" "$UNREACHED" hidden || return 1
    done
}
check "unit: a submission's main() and its own graded_test_passed/graded_test_begin earn nothing" \
    renamed_and_local_earn_nothing

# What vetting prevents, shown: left in, a constructor (one hidden beside the
# sanitizer's too) or a Criterion test of the submission's own forges PASS
# lines for tests its check_neighbor fails.
unvetted_forges() {
    for fixture in has_constructor unique_init_array registers_test; do
        bad_run "$fixture" || return 1
        if ! grep -q '^check_neighbor/' "$OUT/runs/$fixture.passed"; then
            echo "$fixture forged nothing: the demonstration is broken"
            return 1
        fi
    done
}
check "unit: (why the grader vets objects) unvetted, a constructor, a unique .init_array.00099 or a test of its own forges PASS lines" \
    unvetted_forges

missing_function_links() {
    dir=$OUT/fixtures/missing_is_jumper
    mkdir -p "$dir"
    cp "$OUT/reference/checkers.o" "$dir/checkers.o" &&
        objcopy --strip-symbol=is_jumper "$dir/checkers.o" &&
        make_submission "$dir" "$dir/checkers.o" "$OUT/reference/game.o" &&
        link_tests "$dir/unit-hidden" "$dir/student.o" hidden &&
        run_tests missing_is_jumper "$dir/unit-hidden" || return 1
    none_pass missing_is_jumper '^is_jumper/' &&
        all_pass missing_is_jumper '^(check_|print_board|initial_board)' hidden
}
check "unit: a submission without is_jumper still links (weak stubs); only tests using it fail" \
    missing_function_links

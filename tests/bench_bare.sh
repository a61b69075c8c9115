#!/bin/sh
# bench_bare.sh -- the checks of one grading of the reference, run bare:
# no grader, no sandbox, no comparing.  With --build (what tests/bench.sh
# times), first the builds a grading makes, by the same compiler commands
# as grader/run/build.c: the program, the ASan objects and program, the
# merged object for the unit tests and the two unit binaries.  Then the
# runs: 48 sessions plain and under ASan, Valgrind on the two sessions the
# default rubric grades, the two unit-test binaries (fed a nonce, as the
# grader does).  tests/bench.sh times it beside a real grading to show the
# grader's overhead.
cd "$(dirname "$0")/.." || exit 2
if [ "${1:-}" = --build ]; then
    tmp=$(mktemp -d) || exit 2
    trap 'rm -rf "$tmp"' EXIT
    SAN="-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all"
    LIBS="-Wl,-Bstatic -lcriterion -lboxfort -lprotobuf-nanopb -Wl,-Bdynamic -lnanomsg -lm"
    gcc -std=c11 -Wall -Wextra -Wpedantic -O0 -g -Isolution/chinese-checkers solution/chinese-checkers/*.c -o "$tmp/prog" -lm &
    for c in solution/chinese-checkers/*.c; do
        # shellcheck disable=SC2086 -- the flags are meant to split
        gcc -std=c11 -w -O1 -g $SAN -Isolution/chinese-checkers -c "$c" -o "$tmp/$(basename "$c" .c).o"
    done
    # shellcheck disable=SC2086
    gcc $SAN -o "$tmp/prog-asan" "$tmp"/*.o -lm
    ld -r -o "$tmp/student.o" "$tmp"/*.o && objcopy --redefine-sym main=student_main "$tmp/student.o"
    for set in public hidden; do
        # shellcheck disable=SC2086
        gcc $SAN "$tmp/student.o" build/unit/chinese-checkers/graded_test.o build/unit/chinese-checkers/$set.o -o "$tmp/unit-$set" $LIBS
    done
    wait
fi
for in in sample_io/chinese-checkers/*/*.in; do
    build/chinese-checkers <"$in" >/dev/null
    ASAN_OPTIONS=detect_leaks=1 build/chinese-checkers-asan <"$in" >/dev/null
done
for in in sample_io/chinese-checkers/public/chain_two_jumps.in sample_io/chinese-checkers/hidden/junk_first_then_chain.in; do
    valgrind -q --leak-check=full --track-origins=yes --read-inline-info=no \
        build/chinese-checkers <"$in" >/dev/null
done
for set in public hidden; do
    echo 0123456789abcdef0123456789abcdef |
        ASAN_OPTIONS=detect_leaks=0:quarantine_size_mb=0 build/unit/chinese-checkers/reference-$set --jobs=1 >/dev/null 2>&1
done
exit 0

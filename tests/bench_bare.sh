#!/bin/sh
# bench_bare.sh -- the checks of one grading of an assignment's reference,
# run bare: no grader, no sandbox, no comparing.  With --build (what
# tests/bench.sh times), first the builds a grading makes, by the same
# compiler commands as grader/run/build.c: the program, the ASan objects
# and program, the merged object for the unit tests and the two unit
# binaries.  Then the runs: every session plain and under ASan (with its
# NAME.args), Valgrind on the sessions the assignment's rubric grades with
# it, the two unit-test binaries (fed a nonce, as the grader does).
# tests/bench.sh times it beside a real grading to show the grader's
# overhead.
#
# usage: sh tests/bench_bare.sh [--build] [ID]   (ID: default chinese-checkers;
# after make, which builds build/ID, build/ID-asan and build/unit/ID/)
cd "$(dirname "$0")/.." || exit 2
build=0
[ "${1:-}" = --build ] && { build=1; shift; }
id=${1:-chinese-checkers}
src=solution/$id
[ -d "$src" ] && [ -x "build/$id" ] || { echo "bench_bare: no $src or build/$id (run make)" >&2; exit 2; }

# The words of a session's NAME.args, if it has one.
args_of() {
    if [ -f "${1%.in}.args" ]; then cat "${1%.in}.args"; fi
}

if [ "$build" = 1 ]; then
    tmp=$(mktemp -d) || exit 2
    trap 'rm -rf "$tmp"' EXIT
    SAN="-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all"
    LIBS="-Wl,-Bstatic -lcriterion -lboxfort -lprotobuf-nanopb -Wl,-Bdynamic -lnanomsg -lm"
    gcc -std=c11 -Wall -Wextra -Wpedantic -O0 -g -I"$src" "$src"/*.c -o "$tmp/prog" -lm &
    for c in "$src"/*.c; do
        # shellcheck disable=SC2086 -- the flags are meant to split
        gcc -std=c11 -w -O1 -g $SAN -I"$src" -c "$c" -o "$tmp/$(basename "$c" .c).o"
    done
    # shellcheck disable=SC2086
    gcc $SAN -o "$tmp/prog-asan" "$tmp"/*.o -lm
    # The functions the assignment's forward.c runs in the callee are
    # renamed NAME -> student_NAME, as the grader renames them.
    forwarded=
    [ -f "build/unit/$id/parts/forward.o" ] &&
        forwarded=$(nm -u "build/unit/$id/parts/forward.o" |
            sed -n 's/^ *U student_\(.*\)/--redefine-sym \1=student_\1 --redefine-sym __odr_asan.\1=__odr_asan.student_\1/p')
    # shellcheck disable=SC2086 -- the renames are meant to split
    ld -r -o "$tmp/student.o" "$tmp"/*.o &&
        objcopy --redefine-sym main=student_main $forwarded "$tmp/student.o"
    for set in public hidden; do
        # shellcheck disable=SC2086
        gcc $SAN "$tmp/student.o" "build/unit/$id/graded_test.o" "build/unit/$id/$set.o" -o "$tmp/unit-$set" $LIBS
    done
    wait
fi
for in in sample_io/"$id"/*/*.in; do
    # shellcheck disable=SC2046 -- a session's options are words
    "build/$id" $(args_of "$in") <"$in" >/dev/null
    # shellcheck disable=SC2046
    ASAN_OPTIONS=detect_leaks=1 "build/$id-asan" $(args_of "$in") <"$in" >/dev/null
done
# The sessions the rubric grades under Valgrind: memory/valgrind/SET/NAME.
for name in $(sed -n 's|^memory/valgrind/\([a-z]*/[^ *]*\) .*|\1|p' "grader/assignments/$id/rubric.txt"); do
    in=sample_io/$id/$name.in
    # shellcheck disable=SC2046
    valgrind -q --leak-check=full --track-origins=yes --read-inline-info=no \
        "build/$id" $(args_of "$in") <"$in" >/dev/null
done
for set in public hidden; do
    echo 0123456789abcdef0123456789abcdef |
        ASAN_OPTIONS=detect_leaks=0:quarantine_size_mb=0 "build/unit/$id/reference-$set" --jobs=1 >/dev/null 2>&1
done
exit 0

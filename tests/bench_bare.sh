#!/bin/sh
# bench_bare.sh -- the checks of one grading of the reference, run bare:
# no grader, no sandbox, no comparing.  48 sessions plain and under ASan,
# Valgrind on the two sessions the default rubric grades, the two unit-test
# binaries (fed a nonce, as the grader does).  tests/bench.sh times it
# beside a real grading to show the grader's overhead.
cd "$(dirname "$0")/.." || exit 2
for in in sample_io/*/*.in; do
    build/chinese-checkers <"$in" >/dev/null
    ASAN_OPTIONS=detect_leaks=1 build/chinese-checkers-asan <"$in" >/dev/null
done
for in in sample_io/public/chain_two_jumps.in sample_io/hidden/junk_first_then_chain.in; do
    valgrind -q --leak-check=full --track-origins=yes --read-inline-info=no \
        build/chinese-checkers <"$in" >/dev/null
done
for set in public hidden; do
    echo 0123456789abcdef0123456789abcdef |
        ASAN_OPTIONS=detect_leaks=0:quarantine_size_mb=0 build/unit/reference-$set --jobs=1 >/dev/null 2>&1
done
exit 0

#!/bin/sh
# run.sh -- `make fuzz`: coverage-guided fuzzing of the reference
# program's input handling (fuzz_reference.c) and of the grader's
# transcript comparison and feedback (fuzz_compare.c), each for a bounded
# time.
#
# Builds both targets with clang -fsanitize=fuzzer,address,undefined
# -fno-sanitize-recover=all into build/fuzz/, builds the seed corpus from
# sample_io/ (make_corpus.sh) into build/fuzz/seeds/, then runs each target
# on its working corpus build/fuzz/corpus/TARGET/ (kept from run to run),
# its seeds and its saved regression inputs tests/fuzz/regressions/TARGET/
# (libFuzzer only reads those two; new inputs go to the working corpus).
# Prints one line per target: executions, time, rate, coverage, corpus.
# A crash, sanitizer report, hang (-timeout) or memory blow-up
# (-rss_limit_mb) leaves the input in build/fuzz/artifacts/TARGET/, prints
# the report and makes the script fail.  Keep such an input as a
# regression test: copy it into tests/fuzz/regressions/TARGET/ (the suite
# tests/fuzz.test.sh replays every file there).
#
# Environment:
#   FUZZ_SECONDS  time limit per target, in seconds (default 60; 0 means
#                 none, then set FUZZ_RUNS)
#   FUZZ_RUNS     stop after this many executions per target instead
#                 (libFuzzer -runs=; whichever limit comes first)
#   FUZZ_TARGETS  targets to run (default "reference compare")
#   FUZZ_ARGS     more libFuzzer options, e.g. "-seed=1" (not -jobs: its
#                 per-job logs would land in the current directory)
#   FUZZ_CC       the compiler (default clang; needs its libFuzzer runtime,
#                 Debian package clang / libclang-rt-14-dev)
#   FUZZ_OUT      where everything goes instead of build/fuzz (the smoke
#                 test in tests/fuzz.test.sh uses its own)
# Exit status: 0 when every target ran clean, 1 on a finding, 2 when the
# targets could not be built.
#
# Run from anywhere: sh tests/fuzz/run.sh
set -u
cd "$(dirname "$0")/../.." || exit 2

FUZZ_SECONDS=${FUZZ_SECONDS:-60}
FUZZ_RUNS=${FUZZ_RUNS:-}
FUZZ_TARGETS=${FUZZ_TARGETS:-reference compare}
FUZZ_ARGS=${FUZZ_ARGS:-}
FUZZ_CC=${FUZZ_CC:-clang}
OUT=${FUZZ_OUT:-build/fuzz}

FLAGS="-std=c11 -g -O1 -fno-omit-frame-pointer -Wall -Wextra \
-fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all"
COMPARE_SRC="grader/compare/compare.c grader/compare/compare_move.c grader/compare/compare_render.c grader/compare/compare_visible.c grader/compare/compare_text.c"

if ! command -v "$FUZZ_CC" >/dev/null 2>&1; then
    echo "fuzz: $FUZZ_CC not found; install it: apt-get install clang" >&2
    exit 2
fi
mkdir -p "$OUT" || exit 2

build() {
    case $1 in
    reference) "$FUZZ_CC" $FLAGS -Isolution/chinese-checkers tests/fuzz/fuzz_reference.c solution/chinese-checkers/checkers.c \
                   -o "$OUT/fuzz_reference" ;;
    compare)   "$FUZZ_CC" $FLAGS -Igrader tests/fuzz/fuzz_compare.c $COMPARE_SRC \
                   -o "$OUT/fuzz_compare" ;;
    *)         echo "fuzz: unknown target '$1' (reference, compare)" >&2; return 1 ;;
    esac
}

for target in $FUZZ_TARGETS; do
    if ! build "$target"; then
        echo "fuzz: could not build $target with $FUZZ_CC -fsanitize=fuzzer" \
             "(is libFuzzer installed? apt-get install clang)" >&2
        exit 2
    fi
done
sh tests/fuzz/make_corpus.sh "$OUT/seeds" || exit 2

# Stack traces for UBSan reports too; ASan's defaults are right already.
UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
export UBSAN_OPTIONS

# Longest input libFuzzer makes up, per target: every seed fits.
max_len() {
    case $1 in
    reference) echo 4096 ;;
    compare)   echo 12288 ;;
    esac
}

# final_stat NAME LOG: the value of libFuzzer's final "stat::NAME:" line.
final_stat() {
    sed -n "s/^stat::$1: *//p" "$2" | tail -n 1
}

failed=0
for target in $FUZZ_TARGETS; do
    corpus=$OUT/corpus/$target
    artifacts=$OUT/artifacts/$target
    log=$OUT/$target.log
    mkdir -p "$corpus" "$artifacts" "tests/fuzz/regressions/$target"
    runs=${FUZZ_RUNS:+-runs=$FUZZ_RUNS}
    echo "fuzz $target: up to ${FUZZ_SECONDS}s${FUZZ_RUNS:+ or $FUZZ_RUNS runs} (log: $log)"
    start=$(date +%s)
    # shellcheck disable=SC2086 # FUZZ_ARGS and runs are lists of options
    "$OUT/fuzz_$target" -max_total_time="$FUZZ_SECONDS" $runs \
        -timeout=2 -rss_limit_mb=1024 -max_len="$(max_len "$target")" \
        -dict="tests/fuzz/$target.dict" -artifact_prefix="$artifacts/" \
        -print_final_stats=1 $FUZZ_ARGS \
        "$corpus" "$OUT/seeds/$target" "tests/fuzz/regressions/$target" >"$log" 2>&1
    status=$?
    seconds=$(( $(date +%s) - start ))
    execs=$(final_stat number_of_executed_units "$log")
    rate=$(final_stat average_exec_per_sec "$log")
    cov=$(grep -o 'cov: [0-9]* ft: [0-9]* corp: [0-9]*/[0-9a-zA-Z]*' "$log" | tail -n 1)
    echo "fuzz $target: ${execs:-?} executions in ${seconds}s (${rate:-?}/s), ${cov:-no coverage line}"
    if [ "$status" -ne 0 ]; then
        failed=1
        echo "fuzz $target: FOUND SOMETHING (libFuzzer exit status $status); the report:"
        grep -n -m 1 -E 'ERROR: |runtime error|fuzz_(reference|compare):|ALARM|out-of-memory|deadly signal' "$log" \
            | cut -d: -f1 | while read -r line; do
                sed -n "$((line > 5 ? line - 5 : 1)),$((line + 40))p" "$log"
            done
        echo "fuzz $target: inputs saved in $artifacts/:"
        ls -l "$artifacts"
        echo "fuzz $target: reproduce with $OUT/fuzz_$target FILE; keep it with" \
             "cp FILE tests/fuzz/regressions/$target/"
    fi
done
[ "$failed" -eq 0 ] && echo "fuzz: no crash, hang or sanitizer report"
exit "$failed"

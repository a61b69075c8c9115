#!/bin/sh
# run.sh -- `make fuzz`: coverage-guided fuzzing of each assignment's
# reference program's input handling (fuzz_<id>.c), of the grader's
# transcript comparison and feedback (fuzz_compare.c) and of the grader's
# parsers of hostile input (fuzz_<parser>.c with a `src` line in its
# <parser>.conf), each for a bounded time.
#
# usage: sh tests/fuzz/run.sh [TARGET...]
#   TARGET  an assignment's id (its target tests/fuzz/fuzz_<id>.c, with
#           tests/fuzz/<id>.conf), compare, or a grader parser's target
#           (tests/fuzz/<parser>.conf names its sources); default: every
#           tests/fuzz/fuzz_*.c.  `make fuzz` runs them all, `make fuzz
#           ASSIGNMENT=<id>` that assignment's alone.
#
# Builds the targets with clang -fsanitize=fuzzer,address,undefined
# -fno-sanitize-recover=all into build/fuzz/ (an assignment's target
# includes its game.c and is linked with solution/<id>/'s other .c files;
# a parser's target with the files of its conf's `src` lines, `cflags`
# and `libs` added), builds the seed corpus from sample_io/ (make_corpus.sh) into
# build/fuzz/seeds/, then runs each target on its working corpus
# build/fuzz/corpus/TARGET/ (kept from run to run), its seeds and its
# saved regression inputs tests/fuzz/regressions/TARGET/ (libFuzzer only
# reads those two; new inputs go to the working corpus).  What the target
# itself prints is discarded while it is fuzzed (libFuzzer's
# -close_fd_mask=3: the parsers write a diagnostic for nearly every bad
# input, which grew the log by megabytes a second and cost a third of the
# executions); libFuzzer's and the sanitizers' reports still reach the
# log, and each saved input of a finding is run once more with stderr
# open, so a harness's failed check is in the log too.  Prints one line
# per target: executions, time, rate, coverage, corpus.  A crash,
# sanitizer report, hang (-timeout) or memory blow-up (-rss_limit_mb)
# leaves the input in build/fuzz/artifacts/TARGET/, prints the report and
# makes the script fail.  Keep such an input as a regression test: copy
# it into tests/fuzz/regressions/TARGET/ (the suite tests/fuzz.test.sh
# replays every file there).
#
# Environment:
#   FUZZ_SECONDS  time limit per target, in seconds (default 60; 0 means
#                 none, then set FUZZ_RUNS)
#   FUZZ_RUNS     stop after this many executions per target instead
#                 (libFuzzer -runs=; whichever limit comes first)
#   FUZZ_TARGETS  targets to run, when none is named on the command line
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
FUZZ_TARGETS=${*:-${FUZZ_TARGETS:-$(for f in tests/fuzz/fuzz_*.c; do t=${f##*/fuzz_}; echo "${t%.c}"; done)}}
FUZZ_ARGS=${FUZZ_ARGS:-}
FUZZ_CC=${FUZZ_CC:-clang}
OUT=${FUZZ_OUT:-build/fuzz}

FLAGS="-std=c11 -g -O1 -fno-omit-frame-pointer -Wall -Wextra \
-fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all"
# compare_visible.c shows bytes through grader/report/visible.c, which
# reads UTF-8 with report_util.c (which names statuses with result.c).
COMPARE_SRC="grader/compare/compare.c grader/compare/compare_move.c grader/compare/compare_render.c grader/compare/compare_visible.c grader/compare/compare_text.c grader/report/visible.c grader/report/report_util.c grader/result.c"

if ! command -v "$FUZZ_CC" >/dev/null 2>&1; then
    echo "fuzz: $FUZZ_CC not found; install it: apt-get install clang" >&2
    exit 2
fi
mkdir -p "$OUT" || exit 2

# assignment_sources ID: the .c files of solution/ID/ that its target
# does not #include itself (it includes the game, to rename its main()).
assignment_sources() {
    for f in solution/"$1"/*.c; do
        grep -q "^#include \"$(basename "$f")\"" "tests/fuzz/fuzz_$1.c" || echo "$f"
    done
}

# conf_words TARGET KEY: the words of the lines "KEY WORD..." of the
# target's conf (nothing when it has none).
conf_words() {
    [ -f "tests/fuzz/$1.conf" ] || return 0
    awk -v key="$2" '$1 == key { for (i = 2; i <= NF; i++) printf "%s ", $i }' "tests/fuzz/$1.conf"
}

build() {
    case $1 in
    compare) "$FUZZ_CC" $FLAGS -Igrader -Igrader/compare tests/fuzz/fuzz_compare.c $COMPARE_SRC \
                 -lm -o "$OUT/fuzz_compare" ;;
    *)       if [ -n "$(conf_words "$1" src)" ]; then
                 # shellcheck disable=SC2046 # lists of options and files
                 "$FUZZ_CC" $FLAGS -Igrader $(conf_words "$1" cflags) "tests/fuzz/fuzz_$1.c" \
                     $(conf_words "$1" src) $(conf_words "$1" libs) -o "$OUT/fuzz_$1"
                 return
             fi
             if [ ! -f "tests/fuzz/fuzz_$1.c" ] || [ ! -f "tests/fuzz/$1.conf" ] || [ ! -d "solution/$1" ]; then
                 echo "fuzz: unknown target '$1' (no tests/fuzz/fuzz_$1.c, tests/fuzz/$1.conf or solution/$1/)" >&2
                 return 1
             fi
             # shellcheck disable=SC2046 # a list of files
             "$FUZZ_CC" $FLAGS -I"solution/$1" "tests/fuzz/fuzz_$1.c" $(assignment_sources "$1") \
                 -o "$OUT/fuzz_$1" ;;
    esac
}

for target in $FUZZ_TARGETS; do
    if ! build "$target"; then
        echo "fuzz: could not build $target with $FUZZ_CC -fsanitize=fuzzer" \
             "(is libFuzzer installed? apt-get install clang)" >&2
        exit 2
    fi
done
# shellcheck disable=SC2086 # a list of targets
sh tests/fuzz/make_corpus.sh "$OUT/seeds" $FUZZ_TARGETS || exit 2

# Stack traces for UBSan reports too; ASan's defaults are right already.
UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
export UBSAN_OPTIONS

# Longest input libFuzzer makes up, per target: every seed fits.
max_len() {
    case $1 in
    compare) echo 12288 ;;
    *) awk '$1 == "max_len" { n = $2 } END { print n ? n : 4096 }' "tests/fuzz/$1.conf" ;;
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
    stamp=$OUT/$target.start
    : >"$stamp"
    # shellcheck disable=SC2086 # FUZZ_ARGS and runs are lists of options
    "$OUT/fuzz_$target" -max_total_time="$FUZZ_SECONDS" $runs \
        -timeout=2 -rss_limit_mb=1024 -max_len="$(max_len "$target")" \
        -dict="tests/fuzz/$target.dict" -artifact_prefix="$artifacts/" \
        -print_final_stats=1 -close_fd_mask=3 $FUZZ_ARGS \
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
        grep -n -m 1 -E 'ERROR: |runtime error|fuzz_[a-z-]+:|ALARM|out-of-memory|deadly signal' "$log" \
            | cut -d: -f1 | while read -r line; do
                sed -n "$((line > 5 ? line - 5 : 1)),$((line + 40))p" "$log"
            done
        # The run discarded the target's own output (-close_fd_mask), so
        # a harness's failed check is heard only now: each saved input
        # once more, with stderr open (also kept in the log).
        find "$artifacts" -type f -newer "$stamp" | while read -r input; do
            echo "fuzz $target: $input, run again:"
            "$OUT/fuzz_$target" -timeout=2 -rss_limit_mb=1024 "$input" 2>&1 \
                | tee -a "$log" | grep -a -v '^INFO: ' | head -n 40
        done
        echo "fuzz $target: inputs saved in $artifacts/:"
        ls -l "$artifacts"
        echo "fuzz $target: reproduce with $OUT/fuzz_$target FILE; keep it with" \
             "cp FILE tests/fuzz/regressions/$target/"
    fi
done
[ "$failed" -eq 0 ] && echo "fuzz: no crash, hang or sanitizer report"
exit "$failed"

#!/bin/sh
# demo.sh -- what the kit does, in about a minute: grade a small class of
# example submissions (correct, buggy and hostile ones from
# tests/chinese-checkers/submissions/) with grade-all, then show the gradebook and where the
# class summary and each student's report are.
#
# Usage: sh grader/demo.sh [OUTDIR]     (default build/demo; run by `make demo`)
# The class is copied to OUTDIR/class first: grade-all reads it, and never
# writes into a submission.
set -eu
cd "$(dirname "$0")/.."
OUT=${1:-build/demo}
# One of each kind, each with what a TA would expect it to get.
CLASS="split_files single_file header_extended prompt_one_space jump_over_empty
leak_per_move unused_variable syntax_error hostile_infinite_loop hostile_fork_bomb"

rm -rf "$OUT/class"
# Most examples are kept as a change to a base; this writes them out whole.
sh tests/submissions.sh chinese-checkers "$OUT/class" $CLASS
echo "demo: grading $(ls "$OUT/class" | wc -l) example submissions (tests/chinese-checkers/submissions/README.md says what each is)"
build/grade-all -a chinese-checkers "$OUT/class" -o "$OUT/graded" --force || [ $? -eq 1 ]
echo
echo "Gradebook ($OUT/graded/grades.csv):"
tr -d '\r' <"$OUT/graded/grades.csv" |
    awk -F, '{ printf "  %-24s %7s %6s %5s %11s %7s %6s  %s\n", $1, $2, $3, $4, $5, $6, $7, $8 }'
echo
echo "Class summary: $OUT/graded/summary.html"
echo "One student's report: $OUT/graded/<student>/report.html (for example $OUT/graded/jump_over_empty/report.html)"
echo "The same for one submission, as text: build/grade $OUT/class/jump_over_empty"

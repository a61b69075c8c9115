#!/bin/sh
# demo.sh -- what the kit does, in about a minute: a small class of
# example submissions (correct, buggy and hostile ones from
# tests/chinese-checkers/submissions/), handed in through Canvas, graded
# by one grade-all, and given back to Canvas: the gradebook, where the
# class summary and each student's report are, and the two files to
# import (the gradebook filled, the reports zipped for "Re-upload
# submissions").
#
# Usage: sh grader/demo.sh [OUTDIR]     (default build/demo; run by `make demo`)
# Written in OUTDIR: class/ (the submissions, one folder each), canvas/
# (the same packed as Canvas's "Download Submissions" packs them: loose
# NAME_USERID_FILEID_FILE files, a zip for a submission with folders),
# gradebook.csv (as Canvas's Grades > Export writes it) and graded/.
set -eu
cd "$(dirname "$0")/.."
OUT=${1:-build/demo}
# One of each kind, each with what a TA would expect it to get.
CLASS="split_files single_file header_extended prompt_one_space jump_over_empty
leak_per_move unused_variable syntax_error hostile_infinite_loop hostile_fork_bomb"

rm -rf "$OUT/class" "$OUT/canvas"
# Most examples are kept as a change to a base; this writes them out whole.
sh tests/submissions.sh chinese-checkers "$OUT/class" $CLASS
mkdir -p "$OUT/canvas"
printf 'Student,ID,SIS User ID,SIS Login ID,Section,Chinese Checkers (4411)\r\n' >"$OUT/gradebook.csv"
printf '    Points Possible,,,,,100.00\r\n' >>"$OUT/gradebook.csv"
user=1000
file=900000
for s in $CLASS; do
    user=$((user + 1))
    name=$(echo "$s" | tr -d _)             # Canvas's NAME: no blanks or punctuation
    printf '"Example, %s",%s,S%s,%s,CS 101,\r\n' "$s" $user $user "$name" >>"$OUT/gradebook.csv"
    if [ -n "$(find "$OUT/class/$s" -mindepth 2 -print -quit)" ]; then
        file=$((file + 1))                  # folders: the student uploaded a zip
        (cd "$OUT/class/$s" && zip -qr "../../canvas/${name}_${user}_${file}_submission.zip" .)
    else
        for f in "$OUT/class/$s"/*; do
            file=$((file + 1))
            cp "$f" "$OUT/canvas/${name}_${user}_${file}_${f##*/}"
        done
    fi
done
echo "demo: grading $(ls "$OUT/class" | wc -l) example submissions as Canvas hands them over ($OUT/canvas; tests/chinese-checkers/submissions/README.md says what each is)"
build/grade-all -a chinese-checkers "$OUT/canvas" -o "$OUT/graded" --force \
    --roster "$OUT/gradebook.csv" --canvas-column "Chinese Checkers" || [ $? -eq 1 ]
echo
echo "Gradebook ($OUT/graded/grades.csv):"
tr -d '\r' <"$OUT/graded/grades.csv" |
    awk -F, '{ printf "  %-26s %7s %6s %5s %11s %7s %6s  %s\n", $1, $2, $3, $4, $5, $6, $7, $8 }'
echo
echo "Class summary: $OUT/graded/summary.html"
echo "One student's report: $OUT/graded/<student>/report.html (for example $OUT/graded/jumpoverempty_1005/report.html)"
echo "The same for one submission, as text: build/grade $OUT/class/jump_over_empty"
echo
echo "Back to Canvas (grader/README.md, \"A term with Canvas, Moodle or Gradescope\"):"
echo "  Grades > Import:                      $OUT/graded/canvas-gradebook.csv (its Chinese Checkers column filled)"
echo "  the assignment, Re-upload submissions: $OUT/graded/canvas-feedback.zip ($(unzip -Z1 "$OUT/graded/canvas-feedback.zip" 2>/dev/null | grep -c .) reports)"

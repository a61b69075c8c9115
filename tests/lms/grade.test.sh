# grade.test.sh -- one Canvas student graded end to end from the download
# and the gradebook CSV: grades.csv holds the graded student and the
# enrolled one who handed nothing in ("missing", 0 points), and a second
# run regrades nobody (the intake is redone identically, so the staged
# folder's fingerprint stands).  One student, public tests: a few seconds.
#
# Canvas's gradebook back (--canvas-column): tests/lms/canvas-export.csv
# (as Canvas exports it, then saved by Excel: a byte order mark, CRLF;
# another assignment's column, "Current Score", a student enrolled whose
# cell already holds 12) must come back as tests/lms/canvas-import-expected.csv,
# checked by hand: only the "Chinese Checkers (4411)" cells of the three
# students change (45, and 0 for the two missing), byte for byte.  A
# student the grader could not grade (here: a timeout) keeps the cell as
# exported and is named on stderr.
. tests/lib.sh

if [ ! -x build/grade-all ] || [ ! -x build/grade ]; then
    skip lms_grade "build/grade-all or build/grade is missing (run make)"
    exit 0
fi

TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
A=chinese-checkers

# The reference, as Canvas names a student's three uploads.
mkdir -p "$TMP/download"
n=1
for f in solution/$A/*; do
    cp "$f" "$TMP/download/doejane_12345_90000${n}_$(basename "$f")"
    n=$((n + 1))
done
cat >"$TMP/gradebook.csv" <<'CSV'
Student,ID,SIS User ID,SIS Login ID,Section,Chinese Checkers (4411)
    Points Possible,,,,,100.00
"Doe, Jane",12345,S001,jdoe,CS 101,
"Absent, Al",78901,S007,aabsent,CS 101,
CSV

run() {
    build/grade-all "$TMP/download" -o "$TMP/out" -a $A --tests public -j 1 \
        --roster "$TMP/gradebook.csv" >"$TMP/run.log" 2>&1
}

graded_and_missing_rows() {
    run || { cat "$TMP/run.log"; return 1; }
    grep -q '^absental_78901,0,0,0,0,0,0,missing' "$TMP/out/grades.csv" &&
    grep -q '^doejane_12345,[0-9.]*,5,.*,graded' "$TMP/out/grades.csv" &&
    grep -q '^doejane_12345 <- doejane_12345: 3 files' "$TMP/out/intake.txt" ||
    { cat "$TMP/out/grades.csv" "$TMP/run.log"; return 1; }
}

rerun_regrades_nobody() {
    run && grep -q '0 to grade with 1 worker, 1 unchanged, 1 not gradable' "$TMP/run.log" ||
    { cat "$TMP/run.log"; return 1; }
}

canvas_gradebook_back() {
    build/grade-all "$TMP/download" -o "$TMP/book" -a $A --tests public -j 1 \
        --roster tests/lms/canvas-export.csv --canvas-column "Chinese Checkers" \
        >"$TMP/book.log" 2>&1 &&
    cmp "$TMP/book/canvas-gradebook.csv" tests/lms/canvas-import-expected.csv ||
    { cat "$TMP/book.log"; od -c "$TMP/book/canvas-gradebook.csv" | head -20; return 1; }
}

canvas_gradebook_keeps_the_ungraded() {
    build/grade-all "$TMP/download" -o "$TMP/late" -a $A --tests public -j 1 --timeout 0.01 \
        --roster tests/lms/canvas-export.csv --canvas-column "Chinese Checkers (4411)" \
        >"$TMP/late.log" 2>&1
    [ $? -eq 1 ] &&
    grep -q 'canvas-export.csv:3: Doe, Jane (12345) left as exported: grader timeout' "$TMP/late.log" &&
    grep -q '^"Doe, Jane",12345,S001,jdoe,CS 101,9.00,,55.5' "$TMP/late/canvas-gradebook.csv" &&
    grep -q '^"Absent, Al",78901,S007,aabsent,CS 101,8.00,0,' "$TMP/late/canvas-gradebook.csv" ||
    { cat "$TMP/late.log" "$TMP/late/canvas-gradebook.csv"; return 1; }
}

canvas_column_checked_before_grading() {
    ! build/grade-all "$TMP/download" -o "$TMP/nocol" -a $A --roster tests/lms/canvas-export.csv \
        --canvas-column "Halma" >"$TMP/nocol.log" 2>&1 &&
    grep -q 'canvas-export.csv:1: no column of that assignment' "$TMP/nocol.log" &&
    [ ! -e "$TMP/nocol/grades.csv" ]
}

# --similarity on a Canvas download compares the students under the ids
# of the gradebook, each student's files taken together (the intake's
# links, OUTDIR/.intake/ids): two who handed in the same three files are
# one flagged pair, doejane_12345 and smithbob_23456; before, the raw
# download went to build/similarity, which took each loose file for a
# student of its own.
similarity_by_gradebook_ids() {
    mkdir -p "$TMP/pair"
    cp "$TMP"/download/* "$TMP/pair/" &&
    for f in "$TMP"/download/doejane_*; do
        cp "$f" "$TMP/pair/smithbob_23456_8$(basename "$f" | cut -d_ -f3 | cut -c2-)_$(basename "$f" | cut -d_ -f4-)"
    done &&
    build/grade-all "$TMP/pair" -o "$TMP/sim" -a $A --tests public -j 1 --similarity \
        >"$TMP/sim.log" 2>&1 &&
    [ "$(grep -c . "$TMP/sim/similarity.csv")" -eq 2 ] &&
    sed -n 2p "$TMP/sim/similarity.csv" | grep -q 'doejane_12345.*smithbob_23456' ||
    { cat "$TMP/sim.log" "$TMP/sim/similarity.csv"; ls "$TMP/pair"; return 1; }
}

check lms_grade_graded_and_missing_rows graded_and_missing_rows
check lms_grade_rerun_regrades_nobody rerun_regrades_nobody
check lms_grade_canvas_gradebook_back canvas_gradebook_back
check lms_grade_canvas_gradebook_keeps_the_ungraded canvas_gradebook_keeps_the_ungraded
check lms_grade_canvas_column_checked_before_grading canvas_column_checked_before_grading
check lms_grade_similarity_by_gradebook_ids similarity_by_gradebook_ids

# grade.test.sh -- one Canvas student graded end to end from the download
# and the gradebook CSV: grades.csv holds the graded student and the
# enrolled one who handed nothing in ("missing", 0 points), and a second
# run regrades nobody (the intake is redone identically, so the staged
# folder's fingerprint stands).  One student, public tests: a few seconds.
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

check lms_grade_graded_and_missing_rows graded_and_missing_rows
check lms_grade_rerun_regrades_nobody rerun_regrades_nobody

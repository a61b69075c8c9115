# e2e.test.sh -- a small class from each LMS to that LMS's import files, by
# one command: the download (zipped as the LMS zips it) and the roster in,
# the gradebook or worksheet filled and the feedback zip out, compared
# byte for byte with files checked by hand (tests/lms/e2e/); then the same
# run killed with kill -9 once a student is graded, and run again: the
# same files, nobody lost, nobody twice.  Gradescope, whose grades come
# from its own autograder, is checked on grades.csv (gradescope-grades.csv,
# written by hand: a row per member of Sam and Pat's group submission,
# Larry's bad archive, Al missing), with nobody to grade in full.
#
# The class (written here from solution/ and the example submissions of
# tests/chinese-checkers/submissions/):
#   Jane Doe      the reference                         graded, full marks
#   John Smith    Canvas: two uploads of game.c, the newer the reference,
#                 late                                  graded (the newest)
#   Eve Escape    Moodle: hostile_terminal_escapes      graded
#   Larry Link    hostile_symlink, zipped (a link to /etc/passwd)
#                                                       bad archive: 0
#   Ed Zero       an empty file (Moodle: online text)   missing: 0
#   Sam Stranger  hostile: #include "/etc/passwd"; not in the roster
#                                                       build failed, noted
#   Al Absent     in the roster only                    missing: 0
# Late work (late.h): canvas-late.txt gives Jane an extension and costs
# John's LATE mark one day (10 points); moodle-late.txt reads the
# worksheet's times in UTC: Eve an hour late (10 points), Jane within her
# extension, Sam's time from moodle-times.csv (he is not in the worksheet).
# Grading uses tests/lms/e2e/rubric.txt (the build, two sessions): the
# grading itself is tested elsewhere; here what goes back to the LMS is.
# A run whose grader times out writes no grade for anyone (the cells stay
# as exported).
#
# Expected files, checked by hand: canvas-import.csv (only the "Chinese
# Checkers (4411)" cells change: 100 for Jane, 90 for John (100 less the
# late day), 0 for Larry, Ed and Al -- Al's 12 overwritten; the byte
# order mark, CRLF, "Lab 1" and "Current Score" as exported),
# moodle-import.csv (Grade and Feedback comments of each enrolled
# student: Eve 40, her comment giving the 10 late points off the 50
# earned, naming the public session she failed and counting the hidden
# one; Al's old comment becomes "No submission."; all else as
# exported), and the names in each feedback
# zip (canvas-feedback.txt, moodle-feedback.txt): one report per student
# graded or whose build failed, named as the download named the
# student's files (Canvas: the first file kept, by name: 900101 for Jane,
# 900104 for John).
. tests/lib.sh

if [ ! -x build/grade-all ] || [ ! -x build/grade ]; then
    skip lms_e2e "build/grade-all or build/grade is missing (run make)"
    exit 0
fi

TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
A=chinese-checkers
E=tests/lms/e2e
sh tests/submissions.sh $A "$TMP/examples" hostile_terminal_escapes hostile_symlink >/dev/null

# class: each student's files, as handed in, in $TMP/by/NAME.
class() {
    b=$TMP/by && mkdir -p "$b/jane" "$b/john1" "$b/john2" "$b/ed" "$b/sam" &&
    cp solution/$A/* "$b/jane/" && cp solution/$A/* "$b/john2/" &&
    printf 'int main(void) { return 1; }\n' >"$b/john1/game.c" &&
    cp -R "$TMP/examples/hostile_terminal_escapes" "$b/eve" &&
    (cd "$TMP/examples/hostile_symlink" && zip -qy "$b/larry.zip" ./*) &&
    : >"$b/ed/game.c" &&
    printf '#include "/etc/passwd"\n' >"$b/sam/game.c"
}

# Canvas's "Download Submissions": loose NAME_[late_]USERID_FILEID_FILE.
canvas_download() {
    d=$TMP/canvas && mkdir -p "$d" && n=100 &&
    for f in "$TMP"/by/jane/*; do n=$((n + 1)); cp "$f" "$d/doejane_12345_900${n}_${f##*/}"; done &&
    cp "$TMP/by/john1/game.c" "$d/smithjohn_late_23456_900201_game.c" &&
    for f in "$TMP"/by/john2/*; do
        n=$((n + 1)); g=${f##*/}; [ "$g" = game.c ] && g=game-1.c
        cp "$f" "$d/smithjohn_late_23456_900${n}_$g"
    done &&
    cp "$TMP/by/larry.zip" "$d/linklarry_45678_900301_hw1.zip" &&
    cp "$TMP/by/ed/game.c" "$d/zeroed_56789_900302_game.c" &&
    cp "$TMP/by/sam/game.c" "$d/strangersam_99999_900303_game.c" &&
    (cd "$d" && zip -qX "$TMP/canvas.zip" ./*)
}

# Moodle's "Download all submissions": a folder per student and plugin.
moodle_download() {
    d=$TMP/moodle && mkdir -p "$d" &&
    cp -R "$TMP/by/jane" "$d/Jane Doe_2001_assignsubmission_file_" &&
    cp -R "$TMP/by/eve" "$d/Ève Escape_2003_assignsubmission_file" &&
    mkdir "$d/Larry O'Link_2004_assignsubmission_file_" &&
    cp "$TMP/by/larry.zip" "$d/Larry O'Link_2004_assignsubmission_file_/hw1.zip" &&
    mkdir "$d/Ed Zero_2005_assignsubmission_onlinetext_" &&
    printf '<p>see the text</p>\n' >"$d/Ed Zero_2005_assignsubmission_onlinetext_/onlinetext.html" &&
    cp -R "$TMP/by/sam" "$d/Sam Stranger_2099_assignsubmission_file_" &&
    (cd "$d" && zip -qrX "$TMP/moodle.zip" .)
}

# Gradescope's "Export Submissions": a folder per submission and the
# metadata naming its submitters; Sam and Pat handed in together.
gradescope_download() {
    d=$TMP/gs/assignment_77_export && mkdir -p "$d/submission_1" "$d/submission_2" &&
    cp "$TMP/by/sam/game.c" "$d/submission_1/" && cp "$TMP/by/larry.zip" "$d/submission_2/hw1.zip" &&
    printf '%s\n' 'submission_1:' '  :submitters:' '  - :name: Sam Stranger' "    :sid: '3001'" \
        '  - :name: Pat Partner' "    :sid: '3002'" 'submission_2:' '  :submitters:' \
        '  - :name: Larry Link' "    :sid: '3004'" >"$d/submission_metadata.yml" &&
    (cd "$TMP/gs" && zip -qrX "$TMP/gradescope.zip" .)
}

class && canvas_download && moodle_download && gradescope_download || { echo "e2e: cannot build the class"; exit 1; }

# grade LMS OUTDIR [options]: the one command.
grade() {
    _l=$1 _o=$2
    shift 2
    build/grade-all "$TMP/$_l.zip" -o "$_o" -a $A --rubric $E/rubric.txt -j 2 "$@"
}

# Each LMS's roster and late policy (the rest of the one command).
CANVAS="--roster $E/canvas-gradebook.csv --late $E/canvas-late.txt"
MOODLE="--roster $E/moodle-worksheet.csv --late $E/moodle-late.txt --times $E/moodle-times.csv"

# same OUTDIR LMS: OUTDIR's import files are the expected ones.
same() {
    _o=$1 _l=$2
    if [ "$_l" = canvas ]; then
        cmp "$_o/canvas-gradebook.csv" $E/canvas-import.csv || return 1
    else
        cmp "$_o/moodle-worksheet.csv" $E/moodle-import.csv || return 1
    fi
    unzip -Z1 "$_o/$_l-feedback.zip" >"$_o.names" && cmp "$_o.names" $E/$_l-feedback.txt &&
    [ "$(grep -c . "$_o/grades.csv")" -eq 7 ] &&
    [ -z "$(cut -d, -f1 "$_o/grades.csv" | sort | uniq -d)" ]
}

canvas_round_trip() {
    grade canvas "$TMP/c" $CANVAS --canvas-column "Chinese Checkers" >"$TMP/c.log" 2>&1
    [ $? -eq 0 ] && same "$TMP/c" canvas &&
    grep -q 'strangersam_99999: matches nobody' "$TMP/c.log" &&
    grep -q 'linklarry_45678: no report in canvas-feedback.zip (bad archive' "$TMP/c.log" ||
    { cat "$TMP/c.log" "$TMP/c/canvas-gradebook.csv" "$TMP/c.names"; return 1; }
}

moodle_round_trip() {
    grade moodle "$TMP/m" $MOODLE >"$TMP/m.log" 2>&1
    [ $? -eq 0 ] && same "$TMP/m" moodle &&
    grep -q "Sam Stranger_2099: matches nobody" "$TMP/m.log" ||
    { cat "$TMP/m.log" "$TMP/m/moodle-worksheet.csv" "$TMP/m.names"; return 1; }
}

# kill_and_resume LMS OPTIONS...: the run (one worker, so that the others
# are still to do) killed with kill -9 once a student is graded, then run
# again: the same files as an unbroken run.
kill_and_resume() {
    _l=$1
    shift
    _o=$TMP/k$_l
    # grade-all itself in the background (not a subshell running it)
    build/grade-all "$TMP/$_l.zip" -o "$_o" -a $A --rubric $E/rubric.txt -j 1 "$@" \
        >"$_o.log1" 2>&1 &
    _pid=$!
    _i=0
    until ls "$_o"/*/fingerprint >/dev/null 2>&1 || [ $_i -ge 1200 ]; do
        sleep 0.05
        _i=$((_i + 1))
    done
    kill -9 $_pid 2>/dev/null
    wait $_pid
    # its workers die with it (batch_worker.c), releasing OUTDIR's lock
    flock -w 30 "$_o/.lock" true &&
    ! grep -q 'done in' "$_o.log1" &&
    grade $_l "$_o" "$@" >"$_o.log2" 2>&1 && same "$_o" $_l &&
    grep -q ' [1-9][0-9]* to grade with .*, [1-9][0-9]* unchanged' "$_o.log2" ||
    { cat "$_o.log1" "$_o.log2"; return 1; }
}

canvas_killed_and_resumed() {
    kill_and_resume canvas $CANVAS --canvas-column "Chinese Checkers"
}

moodle_killed_and_resumed() {
    kill_and_resume moodle $MOODLE
}

# Gradescope takes its grades from its own autograder: grades.csv is what
# this gives, a row per member of a group (nobody here is worth grading
# in full: the build fails, the zip links out).
gradescope_round_trip() {
    grade gradescope "$TMP/g" --roster $E/gradescope-roster.csv >"$TMP/g.log" 2>&1
    [ $? -eq 0 ] && cmp "$TMP/g/grades.csv" $E/gradescope-grades.csv ||
    { cat "$TMP/g.log" "$TMP/g/grades.csv"; return 1; }
}

# A grader that times out: no grade, no comment, no report for anyone it
# timed out on (a student whose build fails at once may finish first).
moodle_timeout_writes_no_grade() {
    grade moodle "$TMP/t" $MOODLE --timeout 0.01 >"$TMP/t.log" 2>&1
    [ $? -eq 1 ] &&
    grep -q "moodle-worksheet.csv:2: Jane Doe (Participant 2001) left as exported: grader timeout" "$TMP/t.log" &&
    grep -qx 'Participant 2001,Jane Doe,jane@example.edu,Submitted for grading,,100.00,Yes,"Monday, 2 March 2026, 10:00 AM",,-,' \
        "$TMP/t/moodle-worksheet.csv" &&
    ! unzip -Z1 "$TMP/t/moodle-feedback.zip" 2>&1 | grep -q -e 'Jane Doe' -e 'Escape' ||
    { cat "$TMP/t.log" "$TMP/t/moodle-worksheet.csv"; return 1; }
}

check lms_e2e_canvas_round_trip canvas_round_trip
check lms_e2e_moodle_round_trip moodle_round_trip
check lms_e2e_canvas_killed_and_resumed canvas_killed_and_resumed
check lms_e2e_moodle_killed_and_resumed moodle_killed_and_resumed
check lms_e2e_moodle_timeout_writes_no_grade moodle_timeout_writes_no_grade
check lms_e2e_gradescope_round_trip gradescope_round_trip

# batch.test.sh -- `grade-all`, grading a class: folders and archives,
# the gradebook, hostile archives, resuming, --force, a kill -9 in the
# middle, --timeout, shards and --merge, progress lines.  Run through
# tests/run.sh after `make`.
#
# The graders run against a snapshot of the kit taken at the start, so
# that a rebuild of build/unit or an edit of sample_io by someone else
# during the suite cannot change fingerprints between two runs.  The
# main class is graded with every test (the reference must get 100);
# the runs that only exercise grade-all's own machinery use --tests
# public, which is three times faster.
. tests/lib.sh

if [ ! -x build/grade-all ] || [ ! -x build/grade ]; then
    skip batch "build/grade-all or build/grade is missing (run make)"
    exit 0
fi

TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
KIT=$TMP/kit
CLASS=$TMP/class
OUT=$TMP/out

# ---- the kit snapshot --------------------------------------------------

# A kit of one assignment, Chinese Checkers, as a staff kit has it.
A=chinese-checkers
# The reference's sources come too, as a staff kit has them: grade-all
# measures what the reference costs on this machine before the class
# (grader/grade/calibrate.h); without them the rubric's floors would be the
# limits, too tight on a slow machine.
staff_kit "$KIT" $A solution/$A "grader/assignments/$A/rubric.txt" grade-all || exit 1
GA="$KIT/build/grade-all --kit $KIT"

# ---- the main class ----------------------------------------------------
#   ref/            the reference, a folder              -> 100, graded
#   zipped.zip      the reference, zipped                -> 100, graded
#   tarred.tar.gz   swapped_xy (buggy), tar.gz           -> < 100, graded
#   broken/         syntax_error                         -> build failed
#   evil.tgz        a member named ../escaped-main.c     -> bad archive
#   notes.txt       not a submission at all              -> bad archive
#   odd "id", 1.rar an unknown type, and a name to quote -> bad archive

mkdir -p "$CLASS" "$TMP/src/a"
cp -R "solution/$A" "$CLASS/ref"
(cd "solution/$A" && zip -qr "$CLASS/zipped.zip" .)
sh tests/submissions.sh chinese-checkers "$TMP/examples" swapped_xy syntax_error
tar -czf "$CLASS/tarred.tar.gz" -C "$TMP/examples/swapped_xy" .
cp -R "$TMP/examples/syntax_error" "$CLASS/broken"
echo 'int escaped;' >"$TMP/src/escaped-main.c"
(cd "$TMP/src/a" && tar -czPf "$CLASS/evil.tgz" ../escaped-main.c 2>/dev/null)
echo "not a submission" >"$CLASS/notes.txt"
echo "an odd name" >"$CLASS/odd \"id\", 1.rar"

$GA "$CLASS" -o "$OUT" -j 2 >"$TMP/run1.out" 2>"$TMP/run1.err"
run1=$?
CSV=$OUT/grades.csv

# row ID: the CSV line of student ID
row() { grep "^$1," "$CSV"; }
# field ID N: the Nth CSV field of student ID (unquoted fields only)
field() { row "$1" | cut -d, -f"$2"; }

run_completed() {
    [ "$run1" -eq 0 ] || { cat "$TMP/run1.err"; return 1; }
}

csv_header_and_sorted_rows() {
    [ "$(head -n 1 "$CSV")" = "$(printf 'student,total,build,unit,transcript,memory,style,status\r')" ] &&
    [ "$(tail -n +2 "$CSV" | cut -c1-4 | tr '\n' ' ')" = "brok evil note \"odd ref, tarr zipp " ] &&
    [ "$(grep -c "$(printf '\r$')" "$CSV")" -eq 8 ]
}

measured_the_reference_first() {
    grep -q 'measuring what the reference costs' "$TMP/run1.err" &&
        grep -q '^source reference (solution/)' "$KIT/build/calibration-$A.txt"
}

reference_folder_and_zip_get_100() {
    [ "$(row ref)" = "$(printf 'ref,100,5,40,40,10,5,graded\r')" ] &&
    [ "$(row zipped)" = "$(printf 'zipped,100,5,40,40,10,5,graded\r')" ] && return 0
    # What went wrong, for a failure seen only on some machine.
    row ref; row zipped
    for s in ref zipped; do
        jq -r '(.tests[] | select(.status != "passed") | "\(.name): \(.status) \(.output // "" | .[0:200])"), .limits' \
            "$OUT/$s/result.json" 2>/dev/null | head -20
    done
    return 1
}

buggy_tarball_graded_below_100() {
    total=$(field tarred 2)
    [ -n "$total" ] && [ "$(echo "$total < 100 && $total > 0" | bc)" -eq 1 ] &&
    [ "$(field tarred 8 | tr -d '\r')" = graded ]
}

syntax_error_is_build_failed() {
    [ "$(row broken)" = "$(printf 'broken,0,0,0,0,0,0,build failed\r')" ]
}

# A status holding a comma is quoted (RFC 4180).
bad_entries_are_verdicts_and_quoted() {
    row evil | grep -q "^evil,0,0,0,0,0,0,bad archive: member '../escaped-main.c' climbs out" &&
    row notes.txt | grep -q '^notes.txt,0,0,0,0,0,0,"bad archive: not a folder or a .zip, .tar.gz, .tgz or .tar file"' &&
    grep -q '^"odd ""id"", 1.rar",0,0,0,0,0,0,"bad archive: not a folder' "$CSV"
}

category_points_add_up() {
    jq -e 'all(.students[] | select(.total != null);
               ((.categories | add) - .total | fabs) < 0.01)' "$OUT/class.json"
}

per_student_files() {
    for s in ref zipped tarred broken; do
        jq -e '.tests | length > 0' "$OUT/$s/result.json" >/dev/null &&
        grep -q '</html>' "$OUT/$s/report.html" &&
        jq -e '.status | length > 0' "$OUT/$s/status.json" >/dev/null &&
        grep -q '^fnv1a64 [0-9a-f]\{16\}$' "$OUT/$s/fingerprint" || return 1
    done
    grep -q '</html>' "$OUT/summary.html" && [ ! -e "$OUT/evil/result.json" ] && [ ! -e "$OUT/.work" ]
}

progress_lines_without_terminal() {
    grep -q '^\[[ 0-9]*/7\] ref: graded (' "$TMP/run1.err" &&
    grep -q '^\[[ 0-9]*/7\] notes.txt: bad archive' "$TMP/run1.err" &&
    grep -q '^grade-all: done in' "$TMP/run1.err" &&
    ! grep -q "$(printf '\033')" "$TMP/run1.err"
}

check "grade-all: the class is graded, exit 0" run_completed
check "grade-all: grades.csv header, sorted rows, CRLF" csv_header_and_sorted_rows
check "grade-all: measures the reference on this machine before the class" measured_the_reference_first
check "grade-all: reference folder and .zip get 100" reference_folder_and_zip_get_100
check "grade-all: buggy .tar.gz graded below 100" buggy_tarball_graded_below_100
check "grade-all: syntax error is 'build failed' with 0" syntax_error_is_build_failed
check "grade-all: bad entries are verdicts, RFC 4180 quoting" bad_entries_are_verdicts_and_quoted
check "grade-all: category points add up to the total" category_points_add_up
check "grade-all: result.json, report.html, status, fingerprint" per_student_files
check "grade-all: progress lines when not a terminal" progress_lines_without_terminal

# ---- hostile archives ----------------------------------------------------
# None is graded; each must be that student's "bad archive: WHY", and no
# file may appear outside OUTDIR/.work while unpacking them.

EVIL=$TMP/evil
EVOUT=$TMP/evil-out
ABS=$TMP/abs-target
mkdir -p "$EVIL" "$TMP/e/d/sub" "$ABS"
(
    cd "$TMP/e" || exit 1
    echo 'int ok;' >d/ok.c
    echo 'int up;' >up.c
    (cd d/sub && tar -czPf "$EVIL/dotdot.tar.gz" ../ok.c ../../up.c 2>/dev/null)
    (cd d && zip -q "$EVIL/zipdotdot.zip" ../up.c)
    echo 'int abs;' >"$ABS/escaped-abs.c"
    tar -czPf "$EVIL/absolute.tgz" "$ABS/escaped-abs.c" 2>/dev/null
    rm "$ABS/escaped-abs.c"
    ln -s /etc/passwd d/link.c
    tar -czf "$EVIL/symlink.tar.gz" d
    rm d/link.c
    ln -s "$ABS" through
    tar -cf "$EVIL/through.tar" through
    tar -rf "$EVIL/through.tar" --transform 's,^d,through,' d/ok.c
    rm through
    ln d/ok.c d/hard.c
    tar -czf "$EVIL/hardlink.tar.gz" d
    rm d/hard.c
    mkdir many
    i=0
    while [ $i -lt 520 ]; do : >many/f$i.c; i=$((i + 1)); done
    zip -qr "$EVIL/many.zip" many
    head -c 40000000 /dev/zero >d/big.c
    zip -q "$EVIL/bomb.zip" d/big.c
    rm d/big.c
    printf 'PK\003\004 truncated' >"$EVIL/corrupt.zip"
)
mkdir "$EVIL/twice"
cp "$EVIL/corrupt.zip" "$EVIL/twice.zip"

$GA "$EVIL" -o "$EVOUT" -j 2 >/dev/null 2>"$TMP/evil.err"
evil_rc=$?

# verdict ID WORDS: the student's status is "bad archive: ...WORDS..."
verdict() {
    grep "^$1," "$EVOUT/grades.csv" | grep -q "bad archive: .*$2" ||
        { echo "$1: $(grep "^$1," "$EVOUT/grades.csv")"; return 1; }
}

hostile_verdicts() {
    verdict dotdot "climbs out with '..'" &&
    verdict zipdotdot "climbs out with '..'" &&
    verdict absolute "has an absolute name" &&
    verdict symlink "symbolic link 'd/link.c' points outside" &&
    verdict through "symbolic link 'through' points outside" &&
    verdict hardlink "is a hard link" &&
    verdict many "more than 500 members" &&
    verdict bomb "more than the size cap" &&
    verdict corrupt '\(unreadable\|cannot open\|truncated\)'
}

hostile_scores_zero() {
    [ "$(grep -c ',0,0,0,0,0,0,"*bad archive' "$EVOUT/grades.csv")" -eq 9 ]
}

nothing_written_outside() {
    [ -z "$(ls -A "$ABS")" ] &&
    [ -z "$(find "$TMP" -name 'up.c' ! -path "$TMP/e/*")" ] &&
    [ -z "$(find "$TMP" -name 'ok.c' ! -path "$TMP/e/*")" ] &&
    [ ! -e "$EVOUT/.work" ] &&
    [ -z "$(find "$EVOUT" -type f ! -name '*.json' ! -name grades.csv ! -name summary.html \
            ! -name .lock ! -name fingerprint ! -name grade.log ! -name assignment ! -name intake.txt)" ]
}

duplicate_ids_are_not_graded() {
    [ "$evil_rc" -eq 1 ] &&
    grep -q '^twice,,,,,,,duplicate: twice and twice.zip' "$EVOUT/grades.csv"
}

check "grade-all: hostile archives get 'bad archive: why'" hostile_verdicts
check "grade-all: hostile archives score 0" hostile_scores_zero
check "grade-all: hostile archives write nothing outside" nothing_written_outside
check "grade-all: duplicate ids: no grade, exit 1" duplicate_ids_are_not_graded

# ---- resuming -------------------------------------------------------------
# A re-run must leave unchanged students alone (same result.json inode
# and time: every save is a new file renamed into place) and regrade the
# one whose submission changed.

# stamp ID: identity of the student's result.json (inode, mtime)
stamp() { stat -c '%i %y' "$OUT/$1/result.json"; }
for s in ref zipped tarred broken; do stamp "$s" >"$TMP/stamp.$s"; done
echo '/* edited after the first run */' >>"$CLASS/broken/game.c"
$GA "$CLASS" -o "$OUT" -j 2 >/dev/null 2>"$TMP/run2.err"
run2=$?

resume_skips_unchanged() {
    [ "$run2" -eq 0 ] &&
    for s in ref zipped tarred; do
        [ "$(stamp "$s")" = "$(cat "$TMP/stamp.$s")" ] || return 1
        grep -q "] $s: skipped (unchanged: graded)" "$TMP/run2.err" || return 1
    done
}

resume_regrades_changed() {
    [ "$(stamp broken)" != "$(cat "$TMP/stamp.broken")" ] &&
    grep -q '] broken: build failed (' "$TMP/run2.err" &&
    [ "$(grep -c '^tarred,\|^ref,\|^zipped,\|^broken,' "$CSV")" -eq 4 ]
}

check "grade-all: a re-run skips unchanged students" resume_skips_unchanged
check "grade-all: a re-run regrades a changed student" resume_regrades_changed

# ---- the small class: --force, kill -9, timeout ---------------------------

MINI=$TMP/mini
mkdir "$MINI"
cp -R "solution/$A" "$MINI/m1"
cp -R tests/chinese-checkers/submissions/single_file "$MINI/m2"
(cd "$TMP/examples/swapped_xy" && zip -qr "$MINI/m3.zip" .)
$GA "$MINI" -o "$TMP/mini-out" -j 2 --tests public >/dev/null 2>&1
stamp_mini() { stat -c '%i %y' "$TMP/mini-out/$1/result.json"; }
stamp_mini m1 >"$TMP/mini.m1"

force_regrades() {
    $GA "$MINI" -o "$TMP/mini-out" -j 2 --tests public --force 2>"$TMP/force.err" &&
    [ "$(stamp_mini m1)" != "$(cat "$TMP/mini.m1")" ] &&
    ! grep -q skipped "$TMP/force.err" &&
    grep -q '^m1,45,' "$TMP/mini-out/grades.csv"
}

# No process of ours is left once grade-all is gone: every grader of the
# run has its OUTDIR in its command line.
no_graders_left() {
    i=0
    while pgrep -f "$1" >/dev/null; do
        [ $i -lt 50 ] || { pgrep -af "$1"; return 1; }
        sleep 0.1
        i=$((i + 1))
    done
}

# Killed with -9 as soon as the first student is saved (the others are
# then mid-grading); the re-run must finish the class with valid files.
kill_9_then_rerun_completes() {
    k=$TMP/kill-out
    $GA "$MINI" -o "$k" -j 2 --tests public >/dev/null 2>&1 &
    pid=$!
    i=0
    while [ -z "$(ls "$k"/*/fingerprint 2>/dev/null)" ] && [ $i -lt 1200 ]; do
        sleep 0.05
        i=$((i + 1))
    done
    kill -9 "$pid"
    wait "$pid" 2>/dev/null
    saved=$(ls "$k"/*/fingerprint 2>/dev/null | wc -l)
    no_graders_left "$k" || return 1
    $GA "$MINI" -o "$k" -j 2 --tests public >/dev/null 2>"$TMP/kill.err" || return 1
    [ "$(grep -c skipped "$TMP/kill.err")" -eq "$saved" ] &&
    for s in m1 m2 m3; do
        jq -e . "$k/$s/result.json" >/dev/null && jq -e . "$k/$s/status.json" >/dev/null || return 1
    done &&
    jq -e '.students | length == 3 and all(.status == "graded")' "$k/class.json" &&
    [ "$(grep -c ',graded' "$k/grades.csv")" -eq 3 ] &&
    [ -z "$(find "$k" -name '.*' ! -name .lock)" ]
}

# The graders killed for the timeout leave no scratch directory behind
# (grade-all removes each one's TMPDIR): run with a TMPDIR of the test's.
timeout_is_grader_timeout() {
    t=$TMP/timeout-out
    # (The sandbox's uids must be able to search every folder above it.)
    tmpdir=$(mktemp -d) && chmod 755 "$tmpdir" || return 1
    TMPDIR=$tmpdir $GA "$MINI" -o "$t" -j 2 --tests public --timeout 0.5 >/dev/null 2>&1
    rc=$?
    left=$(ls -A "$tmpdir")
    rm -rf "$tmpdir"
    [ $rc -eq 1 ] &&
    [ "$(grep -c '^m[123],,,,,,,grader timeout' "$t/grades.csv")" -eq 3 ] &&
    [ ! -e "$t/m1/result.json" ] && [ ! -e "$t/m1/fingerprint" ] &&
    no_graders_left "$t" || return 1
    [ -z "$left" ] || { echo "left in TMPDIR: $left"; return 1; }
}

check "grade-all: --force regrades" force_regrades
check "grade-all: kill -9 mid-run, the re-run completes" kill_9_then_rerun_completes
check "grade-all: --timeout gives 'grader timeout', kills all, leaves no scratch directory" \
    timeout_is_grader_timeout

# ---- shards and merge -----------------------------------------------------
# Each shard starts from a copy of the full output, so its run grades
# nothing (fingerprints match) and only its choice of students is tested.

cp -R "$OUT" "$TMP/shard1"
cp -R "$OUT" "$TMP/shard2"
$GA "$CLASS" -o "$TMP/shard1" --shard 1/2 >/dev/null 2>&1
$GA "$CLASS" -o "$TMP/shard2" --shard 2/2 >/dev/null 2>&1
students_of() { jq -r '.students[].student' "$1/class.json"; }

shards_cover_everyone_once() {
    students_of "$TMP/shard1" >"$TMP/s1"
    students_of "$TMP/shard2" >"$TMP/s2"
    [ -s "$TMP/s1" ] && [ -s "$TMP/s2" ] &&
    [ "$(sort "$TMP/s1" "$TMP/s2" | uniq -d)" = "" ] &&
    [ "$(sort "$TMP/s1" "$TMP/s2" | tr '\n' ' ')" = "$(students_of "$OUT" | sort | tr '\n' ' ')" ]
}

merge_equals_single_run() {
    $GA --merge "$TMP/shard1" "$TMP/shard2" -o "$TMP/merged" 2>"$TMP/merge.err" &&
    cmp "$TMP/merged/grades.csv" "$CSV" &&
    jq -e . "$TMP/merged/ref/result.json" >/dev/null &&
    grep -q '</html>' "$TMP/merged/summary.html"
}

merge_refuses_conflicts() {
    cp -R "$TMP/shard1" "$TMP/conflict"
    one=$(head -n 1 "$TMP/s1")
    printf '{"tests": [], "score": 1}\n' >"$TMP/conflict/$one/result.json"
    $GA --merge "$TMP/shard1" "$TMP/conflict" -o "$TMP/refused" 2>"$TMP/conflict.err"
    [ $? -eq 2 ] && grep -q "student '$one' is in both" "$TMP/conflict.err" &&
    [ ! -e "$TMP/refused/grades.csv" ]
}

merge_accepts_identical_copies() {
    $GA --merge "$TMP/shard1" "$TMP/shard1" "$TMP/shard2" -o "$TMP/merged2" 2>/dev/null &&
    cmp "$TMP/merged2/grades.csv" "$CSV"
}

# ---- one assignment per OUTDIR ---------------------------------------------

outdir_records_its_assignment() {
    [ "$(cat "$OUT/assignment")" = chinese-checkers ] &&
    [ "$(cat "$TMP/merged/assignment")" = chinese-checkers ]
}

another_assignment_is_refused() {
    cp "$OUT/grades.csv" "$TMP/grades.before"
    $GA -a halma "$CLASS" -o "$OUT" >/dev/null 2>"$TMP/other.err"
    [ $? -eq 2 ] || return 1
    grep -q "holds the grades of assignment 'chinese-checkers', not 'halma'" "$TMP/other.err" &&
    cmp "$OUT/grades.csv" "$TMP/grades.before"
}

merge_refuses_two_assignments() {
    cp -R "$TMP/shard2" "$TMP/other-assignment"
    echo halma >"$TMP/other-assignment/assignment"
    $GA --merge "$TMP/shard1" "$TMP/other-assignment" -o "$TMP/refused2" 2>"$TMP/merge2.err"
    [ $? -eq 2 ] && grep -q "cannot merge grades of assignment" "$TMP/merge2.err" &&
    [ ! -e "$TMP/refused2/grades.csv" ]
}

# An OUTDIR written before OUTDIR/assignment existed is taken and marked.
old_outdir_is_resumed() {
    cp -R "$OUT" "$TMP/old-out" && rm "$TMP/old-out/assignment"
    $GA "$CLASS" -o "$TMP/old-out" >/dev/null 2>&1
    [ $? -le 1 ] && [ "$(cat "$TMP/old-out/assignment")" = chinese-checkers ] &&
    cmp "$TMP/old-out/grades.csv" "$CSV"
}

# ---- what the merge's inputs were graded with (batch_origin.c) ------------
# A class of bad archives only: every run is free, and class.json records
# the rubric, the kit and the shard all the same.

mkdir -p "$TMP/notes"
for n in 1 2 3 4 5 6; do echo "not a submission" >"$TMP/notes/student$n.txt"; done
{ cat "grader/assignments/$A/rubric.txt"; echo "# edited"; } >"$TMP/other-rubric.txt"

origin_is_recorded() {
    $GA "$TMP/notes" -o "$TMP/n-all" >/dev/null 2>&1
    [ "$(jq -r .shard "$TMP/n-all/class.json")" = 1/1 ] &&
    jq -r .kit "$TMP/n-all/class.json" | grep -q '^fnv1a64 [0-9a-f]\{16\}$' &&
    jq -r .rubric "$TMP/n-all/class.json" | grep -q '^fnv1a64 [0-9a-f]\{16\}$'
}

merge_refuses_other_rubric() {
    $GA "$TMP/notes" -o "$TMP/n-r1" --shard 1/2 >/dev/null 2>&1
    $GA "$TMP/notes" -o "$TMP/n-r2" --shard 2/2 --rubric "$TMP/other-rubric.txt" >/dev/null 2>&1
    $GA --merge "$TMP/n-r1" "$TMP/n-r2" -o "$TMP/n-refused" 2>"$TMP/n-rubric.err"
    [ $? -eq 2 ] && grep -q "graded with different rubrics" "$TMP/n-rubric.err" &&
    [ ! -e "$TMP/n-refused/grades.csv" ]
}

merge_refuses_other_kit() {
    $GA "$TMP/notes" -o "$TMP/n-k2" --shard 2/2 --tests public >/dev/null 2>&1
    $GA --merge "$TMP/n-r1" "$TMP/n-k2" -o "$TMP/n-refused" 2>"$TMP/n-kit.err"
    [ $? -eq 2 ] && grep -q "graded with different kits" "$TMP/n-kit.err" &&
    [ ! -e "$TMP/n-refused/grades.csv" ]
}

merge_refuses_missing_shard() {
    $GA "$TMP/notes" -o "$TMP/n-s1" --shard 1/3 >/dev/null 2>&1
    $GA "$TMP/notes" -o "$TMP/n-s3" --shard 3/3 >/dev/null 2>&1
    $GA --merge "$TMP/n-s1" "$TMP/n-s3" -o "$TMP/n-refused" 2>"$TMP/n-shard.err"
    [ $? -eq 2 ] && grep -q "shard 2/3 is missing" "$TMP/n-shard.err" &&
    [ ! -e "$TMP/n-refused/grades.csv" ] &&
    $GA "$TMP/notes" -o "$TMP/n-s2" --shard 2/3 >/dev/null 2>&1
    $GA --merge "$TMP/n-s1" "$TMP/n-s2" "$TMP/n-s3" -o "$TMP/n-merged" 2>/dev/null &&
    cmp "$TMP/n-merged/grades.csv" "$TMP/n-all/grades.csv" &&
    [ "$(jq -r .shard "$TMP/n-merged/class.json")" = 1/1 ]
}

merge_refuses_unrecorded_origin() {
    jq 'del(.kit)' "$TMP/n-r1/class.json" >"$TMP/n-r1/class.json.new" &&
    mv "$TMP/n-r1/class.json.new" "$TMP/n-r1/class.json"
    $GA --merge "$TMP/n-r1" -o "$TMP/n-refused" 2>"$TMP/n-old.err"
    [ $? -eq 2 ] && grep -q "does not say which kit, rubric and shard graded it" "$TMP/n-old.err"
}

check "grade-all: --shard 1/2 and 2/2 cover each student once" shards_cover_everyone_once
check "grade-all: --merge of the shards equals one run" merge_equals_single_run
check "grade-all: --merge refuses conflicting duplicates" merge_refuses_conflicts
check "grade-all: --merge takes identical duplicates once" merge_accepts_identical_copies
check "grade-all: OUTDIR/assignment names the graded assignment (run and merge)" \
    outdir_records_its_assignment
check "grade-all: an OUTDIR of another assignment is refused, untouched" another_assignment_is_refused
check "grade-all: --merge refuses outputs of two assignments" merge_refuses_two_assignments
check "grade-all: an OUTDIR without OUTDIR/assignment (older kit) is resumed" old_outdir_is_resumed
check "grade-all: class.json records the kit, the rubric and the shard graded" origin_is_recorded
check "grade-all: --merge refuses shards graded with another rubric" merge_refuses_other_rubric
check "grade-all: --merge refuses shards graded with another kit (--tests)" merge_refuses_other_kit
check "grade-all: --merge refuses shards of N that miss one, takes all N" merge_refuses_missing_shard
check "grade-all: --merge refuses a class.json without kit, rubric and shard" \
    merge_refuses_unrecorded_origin

# ---- usage ----------------------------------------------------------------

bad_usage_is_exit_2() {
    for args in "$CLASS" "$CLASS -o $TMP/u --shard 3/2" "$CLASS -o $TMP/u -j 0" \
                "$CLASS -o $TMP/u --tests some" "$TMP/missing -o $TMP/u" \
                "$CLASS -o $CLASS/inside" "--merge -o $TMP/u"; do
        # shellcheck disable=SC2086
        $GA $args >/dev/null 2>&1
        [ $? -eq 2 ] || { echo "not exit 2: $args"; return 1; }
    done
    [ ! -e "$CLASS/inside" ]
}

check "grade-all: bad usage is exit 2" bad_usage_is_exit_2

# late.test.sh -- late work by policy (grader/batch/late.h): grade-all
# --late and --times, and each source of submission times.
#
# Cheap: a stand-in grader scores each submission by its score.txt (out of
# 100), so grade-all's whole path -- intake, late plan, workers, gradebook,
# resume, shards, merge -- runs in about a second per class, and every
# total below is computed by hand from the rule in late.h.
#
# The policy: due 2026-03-01T23:59-08:00, grace 15m, 10% per day begun,
# cap 30%, last day 2026-03-05T23:59-08:00, `extended` given +2d.
#
#   student     raw  handed in (-08:00)    late          days  %    total
#   ontime      80   03-01 23:00           no            0     0    80
#   grace       80   03-02 00:10           11 min        0     0    80  (within grace)
#   dayandhalf  80   03-03 11:59 (as Z)    36 h          2     20   60  (1.5 days: 2 begun)
#   lowscore     5   03-04 12:00           2 d 12 h 1 m  3     30    0  (penalty at most raw)
#   capped      90   03-05 20:00           3 d 20 h 1 m  4     30   60  (40% capped at 30%)
#   afterlast   95   03-06 00:00           past last     -     -     0
#   extended    70   03-04 10:00           10 h 1 m      1     10   60  (due 03-03 23:59)
#
# Then 2.5% per hour (3 h 1 m late: 4 hours, 10%), Canvas's LATE mark (one
# day, 10%), Gradescope's :created_at: and Moodle's worksheet (36 h: 20%).
#
# The runs set TZ to odd zones (+13:45, -03:30): no time is read in
# the machine's zone, so the gradebooks must be byte for byte the same.
. tests/lib.sh

if [ ! -x build/grade-all ]; then
    skip late "build/grade-all is missing (run make)"
    exit 0
fi

T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
GA="build/grade-all -a chinese-checkers -j 1 --grader $T/grade"

# The stand-in grader: `grade ... -o JSON ... FOLDER`.  A file `slow` in
# the submission makes it take a second (for the kill -9 test).
cat >"$T/grade" <<'EOF'
#!/bin/sh
[ "$1" = --calibrate ] && exit 0
out=
while [ $# -gt 1 ]; do [ "$1" = -o ] && out=$2; shift; done
s=$(cat "$1/score.txt")
[ -e "$1/slow" ] && sleep 1
printf '{"score": %s, "max_score": 100, "tests": [{"name": "build/compiles", "category": "build", "status": "passed", "score": %s, "max_score": 100}]}\n' "$s" "$s" >"$out"
EOF
chmod +x "$T/grade"

cat >"$T/late.txt" <<'EOF'
# the course's late policy
due 2026-03-01T23:59:00-08:00
grace 15m
penalty 10% per day     # of the maximum points, per day begun
cap 30%
last 2026-03-05T23:59:00-08:00
extension +2d extended
EOF

grep -v '^extension' "$T/late.txt" >"$T/plain.txt"   # for other classes

mkdir "$T/class"
printf 'student,time\r\n' >"$T/times.csv"
while read -r id raw when; do
    mkdir "$T/class/$id"
    echo "$raw" >"$T/class/$id/score.txt"
    printf '%s,%s\r\n' "$id" "$when" >>"$T/times.csv"
done <<'EOF'
ontime 80 2026-03-01T23:00:00-08:00
grace 80 2026-03-02T00:10:00-08:00
dayandhalf 80 2026-03-03T19:59:00Z
lowscore 5 2026-03-04T12:00:00-08:00
capped 90 2026-03-05T20:00:00-08:00
afterlast 95 2026-03-06T00:00:00-08:00
extended 70 2026-03-04T10:00:00-08:00
EOF

printf '%s\r\n' \
    'student,total,build,unit,transcript,memory,style,status,raw,late_days,penalty' \
    'afterlast,0,95,0,0,0,0,graded,95,4.00,95' \
    'capped,60,90,0,0,0,0,graded,90,3.83,30' \
    'dayandhalf,60,80,0,0,0,0,graded,80,1.50,20' \
    'extended,60,70,0,0,0,0,graded,70,0.42,10' \
    'grace,80,80,0,0,0,0,graded,80,0.01,0' \
    'lowscore,0,5,0,0,0,0,graded,5,2.50,5' \
    'ontime,80,80,0,0,0,0,graded,80,0,0' >"$T/expected.csv"

grade() {  # grade OUTDIR [options...]: the class with the policy and times
    o=$1
    shift
    TZ=Pacific/Chatham $GA "$T/class" -o "$o" --late "$T/late.txt" --times "$T/times.csv" "$@" \
        >"$o.log" 2>&1
}

same_book() {  # same_book OUTDIR: its grades.csv is the hand-computed one
    cmp "$1/grades.csv" "$T/expected.csv" || { diff "$1/grades.csv" "$T/expected.csv"; cat "$1.log"; return 1; }
}

hand_computed_penalties() {
    grade "$T/a" && same_book "$T/a"
}

# The same class under another zone: the same bytes in every file the
# policy touches.
any_machine_zone() {
    TZ=America/St_Johns $GA "$T/class" -o "$T/b" --late "$T/late.txt" --times "$T/times.csv" \
        >"$T/b.log" 2>&1 &&
    same_book "$T/b" &&
    [ "$(jq -S 'del(.students[].seconds)' "$T/a/class.json")" = "$(jq -S 'del(.students[].seconds)' "$T/b/class.json")" ] &&
    for s in ontime dayandhalf afterlast extended; do cmp "$T/a/$s/late.json" "$T/b/$s/late.json" || return 1; done
}

reports_show_raw_lateness_penalty() {
    grep -q 'raw score <b>80</b>, late penalty <b>&minus;20</b>' "$T/a/dayandhalf/report.html" &&
    grep -q '1d 12h 0m late: 2 days counted, 20% of the points' "$T/a/dayandhalf/report.html" &&
    grep -q 'id="score">60 ' "$T/a/dayandhalf/report.html" &&
    grep -q 'within the grace period: no penalty' "$T/a/grace/report.html" &&
    grep -q 'after the last day (2026-03-06T07:59:00Z): scores 0' "$T/a/afterlast/report.html" &&
    grep -q 'due 2026-03-04T07:59:00Z' "$T/a/extended/report.html" &&
    grep -q '<th>late</th>' "$T/a/summary.html" &&
    grep -q '&minus;30 of 90: 3d 20h 1m late: 4 days counted, 30% of the points' "$T/a/summary.html" &&
    jq -e '.students[] | select(.student == "capped") | .total == 60 and .raw == 90 and .late.penalty == 30' \
        "$T/a/class.json" >/dev/null
}

# A re-run regrades nobody and writes the gradebook again: still once.
rerun_applies_once() {
    grade "$T/a" && grep -q '0 to grade' "$T/a.log" && same_book "$T/a"
}

# Killed with -9 while grading (the second student is slow), then run
# again: the penalty is taken once, nothing lost or doubled.
kill_9_then_resume() {
    : >"$T/class/capped/slow"
    TZ=Pacific/Chatham $GA "$T/class" -o "$T/k" --late "$T/late.txt" --times "$T/times.csv" \
        >"$T/k.log" 2>&1 &
    pid=$!
    i=0
    while [ ! -e "$T/k/afterlast/fingerprint" ] && [ $i -lt 300 ]; do sleep 0.05; i=$((i + 1)); done
    kill -9 $pid
    wait $pid 2>/dev/null
    rm "$T/class/capped/slow"
    [ ! -e "$T/k/grades.csv" ] && grade "$T/k" && same_book "$T/k"
}

shards_then_merge() {
    grade "$T/s1" --shard 1/2 && grade "$T/s2" --shard 2/2 &&
    build/grade-all --merge "$T/s1" "$T/s2" -o "$T/m" >"$T/m.log" 2>&1 && same_book "$T/m" &&
    build/grade-all --merge "$T/m" "$T/s1" "$T/s2" -o "$T/m2" >"$T/m2.log" 2>&1 && same_book "$T/m2"
}

# Shards decided under two policies (one without the extension) are not
# merged: the merged gradebook would treat students by two rules.
merge_refuses_two_policies() {
    [ -f "$T/s1/class.json" ] || grade "$T/s1" --shard 1/2 || return 1
    TZ=Pacific/Chatham $GA "$T/class" -o "$T/s2p" --late "$T/plain.txt" --times "$T/times.csv" --shard 2/2 \
        >"$T/s2p.log" 2>&1 || { cat "$T/s2p.log"; return 1; }
    if build/grade-all --merge "$T/s1" "$T/s2p" -o "$T/mp" >"$T/mp.log" 2>&1; then
        echo "merged shards of two late policies"; return 1
    fi
    cat "$T/mp.log"
    grep -q 'different late policies' "$T/mp.log" && [ ! -e "$T/mp/grades.csv" ]
}

# Without the policy on the same OUTDIR: no late column, no late.json,
# the raw totals, reports made again without the penalty.
policy_removed() {
    cp -R "$T/a" "$T/off" && rm -f "$T/off.log" &&
    TZ=Pacific/Chatham $GA "$T/class" -o "$T/off" >"$T/off.log" 2>&1 &&
    head -n 1 "$T/off/grades.csv" | grep -q '^student,total,build,unit,transcript,memory,style,status.$' &&
    grep -q '^dayandhalf,80,' "$T/off/grades.csv" && [ ! -e "$T/off/dayandhalf/late.json" ] &&
    ! grep -q 'late penalty' "$T/off/dayandhalf/report.html"
}

# refused POLICY-TEXT MESSAGE [grade-all options]: nothing graded, the
# message names the file and line, no gradebook.
refused() {
    printf '%s\n' "$1" >"$T/bad.txt"
    msg=$2
    shift 2
    rm -rf "$T/bad"
    ! TZ=Pacific/Chatham $GA "$T/class" -o "$T/bad" --late "$T/bad.txt" "$@" >"$T/bad.log" 2>&1 &&
    grep -q "$msg" "$T/bad.log" && [ ! -e "$T/bad/grades.csv" ] && [ ! -e "$T/bad/ontime" ] ||
    { cat "$T/bad.log"; return 1; }
}

bad_policy_input() {
    P='due 2026-03-01T23:59:00-08:00
penalty 10% per day'
    refused 'due 2026-03-01 23:59
penalty 10% per day' "bad.txt:1: '2026-03-01 23:59' has no time zone" --times "$T/times.csv" &&
    refused 'due 2026-02-30T23:59:00Z
penalty 10% per day' "bad.txt:1: '2026-02-30T23:59:00Z' is not a time" --times "$T/times.csv" &&
    refused "$(printf 'due 2026-03-01T23:59:00-08:00\n# a comment\npenalty -5%% per day')" \
        "bad.txt:3: the penalty must be a percent from 0% to 100%, not '-5%'" --times "$T/times.csv" &&
    refused "$P
extension +1d nobody" "bad.txt:3: extension for 'nobody', who is not in the class" --times "$T/times.csv" &&
    refused "$P
extension 2026-02-01T00:00:00Z ontime" "bad.txt:3: the extension of ontime ends before the due date" \
        --times "$T/times.csv" &&
    refused "$P
cap 30" "bad.txt:3: cap takes a percent" --times "$T/times.csv" &&
    refused "$(printf 'due 2026-03-01T23:59:00-08:00\npenalty 0x10%% per day')" \
        "bad.txt:2: the penalty must be a percent from 0% to 100%, not '0x10%'" --times "$T/times.csv" &&
    refused "penalty 10% per day" "needs a line 'due TIME'" --times "$T/times.csv" &&
    refused "$P
due 2026-03-02T00:00:00Z" "bad.txt:3: a second 'due' line (the first is line 1)" --times "$T/times.csv" &&
    refused "$P
zone Mars/Olympus_Mons" "bad.txt:3: 'Mars/Olympus_Mons' is not a time zone" --times "$T/times.csv" &&
    { cp "$T/times.csv" "$T/t2.csv"; printf 'stranger,2026-03-01T00:00:00Z\r\n' >>"$T/t2.csv"; } &&
    refused "$P" "t2.csv:9: no student 'stranger' in the class" --times "$T/t2.csv" &&
    { grep -v '^grace,' "$T/times.csv" >"$T/t3.csv"; } &&
    refused "$P" "grace: no submission time for the late policy" --times "$T/t3.csv" &&
    { printf 'ontime,2026-03-01T23:00:00-08:00\nontime,2026-03-01T23:00:00-08:00\n' >"$T/t4.csv"; } &&
    refused "$P" "t4.csv:2: a second time for ontime (first on line 1)" --times "$T/t4.csv"
}

# A NUL byte (a damaged export) would end the text there: the rest of a
# roster, a late policy or a --times file silently unread.  Each is
# refused, naming file and line.
nul_bytes_refused() {
    P='due 2026-03-01T23:59:00-08:00
penalty 10% per day'
    printf '%s\n\000\nextension +7d ontime\n' "$P" >"$T/nul.txt" &&
    ! $GA "$T/class" -o "$T/bad" --late "$T/nul.txt" --times "$T/times.csv" >"$T/bad.log" 2>&1 &&
    grep -q "nul.txt:3: a NUL byte" "$T/bad.log" && [ ! -e "$T/bad/grades.csv" ] &&
    { cat "$T/times.csv"; printf 'x\000y\r\n'; } >"$T/t5.csv" &&
    refused "$P" "t5.csv:9: a NUL byte" --times "$T/t5.csv" &&
    printf 'student\nontime\ngrace\000\ncapped\n' >"$T/roster.csv" &&
    refused "$P" "roster.csv:3: a NUL byte" --times "$T/times.csv" --roster "$T/roster.csv"
}

# Per hour: 2.5% an hour begun; 3 h 1 m late is 4 hours, 10%.
per_hour() {
    mkdir -p "$T/hourly/h" && echo 80 >"$T/hourly/h/score.txt" &&
    printf 'due 2026-03-01T23:59:00-08:00\npenalty 2.5%% per hour\n' >"$T/hour.txt" &&
    printf 'h,2026-03-02T03:00:00-08:00\n' >"$T/hour.csv" &&
    TZ=Pacific/Chatham $GA "$T/hourly" -o "$T/h" --late "$T/hour.txt" --times "$T/hour.csv" >"$T/h.log" 2>&1 &&
    grep -q '^h,70,80,0,0,0,0,graded,80,0.13,10.$' "$T/h/grades.csv" &&
    grep -q '3h 1m late: 4 hours counted, 10% of the points' "$T/h/h/report.html" ||
    { cat "$T/h.log" "$T/h/grades.csv"; return 1; }
}

# Canvas: no times, only the LATE mark -- one day's penalty; an
# extension with only the mark is refused.
canvas_late_mark() {
    mkdir "$T/canvas" &&
    echo 80 >"$T/canvas/doejane_12345_900001_score.txt" &&
    echo 80 >"$T/canvas/smithjohn_late_23456_900002_score.txt" &&
    TZ=America/St_Johns $GA "$T/canvas" -o "$T/c" --late "$T/plain.txt" >"$T/c.log" 2>&1 &&
    grep -q '^doejane_12345,80,80,0,0,0,0,graded,80,0,0.$' "$T/c/grades.csv" &&
    grep -q '^smithjohn_23456,70,80,0,0,0,0,graded,80,,10.$' "$T/c/grades.csv" &&
    grep -q 'marked late by Canvas, no time known: 1 day counted, 10% of the points' "$T/c/smithjohn_23456/report.html" &&
    printf 'due 2026-03-01T23:59:00-08:00\npenalty 10%% per day\nextension +1d smithjohn_23456\n' >"$T/cx.txt" &&
    ! $GA "$T/canvas" -o "$T/cx" --late "$T/cx.txt" >"$T/cx.log" 2>&1 &&
    grep -q 'smithjohn_23456: marked late by Canvas and extended in .*cx.txt: give the time' "$T/cx.log" &&
    [ ! -e "$T/cx/grades.csv" ] || { cat "$T/c.log" "$T/c/grades.csv" "$T/cx.log"; return 1; }
}

# Gradescope: :created_at: in submission_metadata.yml, as Ruby writes it.
gradescope_created_at() {
    mkdir -p "$T/gs/submission_1" "$T/gs/submission_2" &&
    echo 80 >"$T/gs/submission_1/score.txt" && echo 80 >"$T/gs/submission_2/score.txt" &&
    cat >"$T/gs/submission_metadata.yml" <<'EOF' &&
---
submission_1:
  :submitters:
  - :name: Ana Ruiz
    :sid: '1001'
  :created_at: 2026-03-03 11:59:00.250000000 -08:00
:submission_2:
  :submitters:
  - :name: Bo Li
    :sid: '1002'
  :created_at: 2026-03-01 23:59:00.999999000 -08:00
EOF
    TZ=Pacific/Chatham $GA "$T/gs" -o "$T/g" --late "$T/plain.txt" >"$T/g.log" 2>&1 &&
    grep -q '^Ana Ruiz_1001,60,80,0,0,0,0,graded,80,1.50,20.$' "$T/g/grades.csv" &&
    grep -q '^Bo Li_1002,80,80,0,0,0,0,graded,80,0,0.$' "$T/g/grades.csv" ||
    { cat "$T/g.log" "$T/g/grades.csv"; return 1; }
}

# Moodle: the worksheet's "Last modified (submission)", in the zone the
# policy names (without one: refused, naming the worksheet's line).
moodle_worksheet_times() {
    mkdir -p "$T/moodle/Anna Lee_1002_assignsubmission_file_" "$T/moodle/Carl Both_1005_assignsubmission_file_" &&
    echo 80 >"$T/moodle/Anna Lee_1002_assignsubmission_file_/score.txt" &&
    echo 80 >"$T/moodle/Carl Both_1005_assignsubmission_file_/score.txt" &&
    cat >"$T/sheet.csv" <<'EOF' &&
Identifier,Full name,Email address,Status,Grade,Maximum Grade,Grade can be changed,Last modified (submission),Online text,Last modified (grade),Feedback comments
Participant 1002,Anna Lee,anna@example.edu,Submitted for grading,,100.00,Yes,"Tuesday, 3 March 2026, 11:59 AM",,-,
Participant 1005,Carl Both,carl@example.edu,Submitted for grading,,100.00,Yes,"Sunday, March 1, 2026, 11:00 PM",,-,
EOF
    { cat "$T/plain.txt"; echo 'zone America/Los_Angeles'; } >"$T/mz.txt" &&
    TZ=America/St_Johns $GA "$T/moodle" -o "$T/mo" --roster "$T/sheet.csv" --late "$T/mz.txt" >"$T/mo.log" 2>&1 &&
    grep -q '^Anna Lee_1002,60,80,0,0,0,0,graded,80,1.50,20.$' "$T/mo/grades.csv" &&
    grep -q '^Carl Both_1005,80,80,0,0,0,0,graded,80,0,0.$' "$T/mo/grades.csv" &&
    ! $GA "$T/moodle" -o "$T/mn" --roster "$T/sheet.csv" --late "$T/plain.txt" >"$T/mn.log" 2>&1 &&
    grep -q "sheet.csv:2: 'Tuesday, 3 March 2026, 11:59 AM' has no time zone" "$T/mn.log" ||
    { cat "$T/mo.log" "$T/mo/grades.csv" "$T/mn.log"; return 1; }
}

# --list checks the policy and shows what it says of each student,
# grading nobody.
list_shows_the_policy() {
    TZ=Pacific/Chatham $GA "$T/class" -o "$T/l" --late "$T/late.txt" --times "$T/times.csv" --list \
        >"$T/l.out" 2>"$T/l.log" &&
    grep -q "$(printf '^student dayandhalf\tto grade\tlate policy: 1d 12h 0m late: 2 days counted, 20%% of the points$')" "$T/l.out" &&
    grep -q "$(printf '^student grace\tto grade\tlate policy: 11m 0s late, within the grace period: no penalty$')" "$T/l.out" &&
    [ ! -e "$T/l/grades.csv" ] && [ ! -e "$T/l/ontime" ] &&
    ! $GA "$T/class" -o "$T/l2" --late "$T/late.txt" --list >"$T/l2.out" 2>&1 &&
    grep -q 'ontime: no submission time for the late policy' "$T/l2.out" || { cat "$T/l.out" "$T/l.log" "$T/l2.out"; return 1; }
}

help_names_the_options() {
    build/grade-all --help | grep -q -- '--late FILE' && build/grade-all --help | grep -q -- '--times CSV'
}

check late_hand_computed_penalties hand_computed_penalties
check late_same_bytes_in_any_machine_zone any_machine_zone
check late_reports_show_raw_lateness_and_penalty reports_show_raw_lateness_penalty
check late_rerun_applies_the_penalty_once rerun_applies_once
check late_kill_9_then_resume_applies_it_once kill_9_then_resume
check late_shards_then_merge_apply_it_once shards_then_merge
check late_merge_refuses_shards_of_two_policies merge_refuses_two_policies
check late_policy_removed_leaves_raw_totals policy_removed
check late_bad_policy_input_named_by_file_and_line bad_policy_input
check late_nul_bytes_refused_by_file_and_line nul_bytes_refused
check late_per_hour per_hour
check late_canvas_late_mark_counts_one_unit canvas_late_mark
check late_gradescope_created_at gradescope_created_at
check late_moodle_worksheet_times moodle_worksheet_times
check late_list_shows_what_the_policy_says list_shows_the_policy
check late_help_names_the_options help_names_the_options

#!/bin/sh
# submissions.test.sh -- grades the example submissions end to end and
# checks each report against what the submission's bug must cost it.
#
# For each assignment <id> with example submissions, every folder of
# tests/<id>/submissions/ is graded once by build/grade -a <id> (JSON
# report), and then:
#   - the grader exited 0 and wrote a well-formed report of at most 8 MiB,
#     with every score within [0, max_score] and every status one of the
#     documented ten;
#   - each line of tests/<id>/submissions/expect/NAME.expect holds (the
#     format is in tests/chinese-checkers/submissions/README.md), each line
#     being one test here;
#   - the submission folder is byte for byte what it was before (the
#     grader never writes into it), symbolic link included;
#   - for hostile_* folders: no process of the sandbox uids 60000-60063
#     and none named cc-hostile-* is left once the grader has returned, no
#     /tmp/cc-hostile-marker-* file appeared, and (hostile_network) the
#     listener this suite opens on 127.0.0.1:47651 got no connection.
# Also solution/<id>/ must get full marks, starter/<id>/ must build and
# score at most 20, and each buggy folder's expect file must reject the
# report of solution/<id>/ (else its lines would not notice the bug).
# Check names start with "<id>/".  At the end the
# suite waits until the daemon of hostile_setsid_daemon would have written
# its marker (35 s after it was graded), then checks for markers again.
#
# Environment:
#   GRADE        the grader to run (default build/grade)
#   GRADE_FLAGS  extra flags for every run, e.g. "--kit /path -j 1"
#   ASSIGNMENTS  the assignments whose examples to grade (default: every
#                tests/<id>/submissions/)
#   SUBMISSIONS  names of the folders to grade (default: all of them, and
#                then solution/<id>/ and starter/<id>/ too)
# Other graders may run on the machine meanwhile: a process of a uid whose
# slot lock (/tmp/cc-grader-slot-N.lock) a running grader holds is that
# grader's, not a leftover.
#
# Note: lib.sh's check() sets the globals `name` and `log`, so no function
# here uses those names.
#
# Run from the repository root: sh tests/run.sh tests/submissions.test.sh
. tests/lib.sh
set -u

GRADE=${GRADE:-build/grade}
GRADE_FLAGS=${GRADE_FLAGS:-}
ASSIGNMENTS=${ASSIGNMENTS:-$(ls -d tests/*/submissions/expect 2>/dev/null | cut -d/ -f2)}
LISTEN_PORT=47651

if [ ! -x "$GRADE" ]; then
    skip "submissions: every example is graded as expected" \
         "$GRADE does not exist yet (run make)"
    exit 0
fi
if ! command -v jq >/dev/null 2>&1; then
    skip "submissions: every example is graded as expected" \
         "jq is not installed (sh grader/install-deps.sh)"
    exit 0
fi

tmp=$(mktemp -d)
listener=
cleanup() {
    [ -n "$listener" ] && kill "$listener" 2>/dev/null
    rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 2' INT TERM

# ------------------------------------------------------------ evaluation

# The jq program behind every expectation line.  Arguments: $kind, $glob,
# $op, $value, $statuses ("a|b"), $category.  Prints "ok", or what went
# wrong, with the tests concerned.
EVALUATE='
def glob_re:
    "^" + (gsub("(?<c>[.+^$(){}|\\\\])"; "\\\(.c)") | gsub("\\*"; ".*")
           | gsub("\\?"; ".") | gsub("\\[!"; "[^")) + "$";
def eps: 0.000001;
def holds($a; $b):
    if $op == "==" then ($a - $b) <= eps and ($b - $a) <= eps
    elif $op == "!=" then ($a - $b) > eps or ($b - $a) > eps
    elif $op == "<" then $a < $b - eps
    elif $op == "<=" then $a <= $b + eps
    elif $op == ">" then $a > $b + eps
    elif $op == ">=" then $a >= $b - eps
    else error("unknown comparison \($op)") end;
def target($max): if $value == "max" then $max else ($value | tonumber) end;
def show: map("    \(.name): \(.status) (\(.score) of \(.max_score))") | join("\n");
def matching: ($glob | glob_re) as $re | [.tests[] | select(.name | test($re))];
($statuses | split("|")) as $wanted
| if $kind == "score" then
      target(.max_score) as $t
      | if holds(.score; $t) then "ok"
        else "the score is \(.score) of \(.max_score); expected \($op) \($t)" end
  elif $kind == "category" then
      [.tests[] | select(.category == $category)] as $c
      | if ($c | length) == 0 then "no test of category \($category)"
        else ($c | map(.score) | add) as $s | ($c | map(.max_score) | add) as $m
             | target($m) as $t
             | if holds($s; $t) then "ok"
               else "category \($category) scored \($s) of \($m); expected \($op) \($t)\n"
                    + ($c | show) end end
  else
      matching as $m
      | if ($m | length) == 0 then "no test matches \($glob)"
        elif $kind == "count" then
            if holds($m | length; $value | tonumber) then "ok"
            else "\($m | length) tests match \($glob); expected \($op) \($value)" end
        elif $kind == "pass" then
            ($m | map(select(.status != "passed"))) as $bad
            | if ($bad | length) == 0 then "ok"
              else "expected every test matching \($glob) to pass; these did not:\n"
                   + ($bad | show) end
        elif $kind == "fail" then
            ($m | map(select(.status == "passed"))) as $bad
            | if ($bad | length) == 0 then "ok"
              else "expected no test matching \($glob) to pass; these did:\n"
                   + ($bad | show) end
        elif $kind == "says" then
            ($m | map(select((.output // "") | contains($statuses) | not))) as $bad
            | if ($bad | length) == 0 then "ok"
              else "expected the feedback of every test matching \($glob) to say \"\($statuses)\"; "
                   + "these do not:\n" + ($bad | show) end
        elif $kind == "some-fail" then
            if any($m[]; .status != "passed") then "ok"
            else "expected at least one test matching \($glob) not to pass; all did:\n"
                 + ($m | show) end
        elif $kind == "status" then
            ($m | map(select(.status as $s | any($wanted[]; . == $s) | not))) as $bad
            | if ($bad | length) == 0 then "ok"
              else "expected status \($statuses) for every test matching \($glob); these differ:\n"
                   + ($bad | show) end
        elif $kind == "some-status" then
            if any($m[]; .status as $s | any($wanted[]; . == $s)) then "ok"
            else "expected status \($statuses) for at least one test matching \($glob):\n"
                 + ($m | show) end
        else error("unknown expectation \($kind)") end
  end'

# evaluate JSON KIND GLOB OP VALUE STATUSES CATEGORY: runs EVALUATE.
evaluate() {
    verdict=$(jq -r --arg kind "$2" --arg glob "$3" --arg op "$4" --arg value "$5" \
        --arg statuses "$6" --arg category "$7" "$EVALUATE" "$1" 2>&1)
    [ "$verdict" = ok ] && return 0
    echo "$verdict"
    return 1
}

# expect_line JSON LINE: checks one expectation line against a report.
expect_line() {
    json=$1 line=$2
    set -f
    # shellcheck disable=SC2086 -- the words of the line are its fields
    set -- $line
    set +f
    kind=$1
    case $kind in
        score)
            [ $# -eq 3 ] || { echo "malformed: $line"; return 1; }
            evaluate "$json" score "" "$2" "$3" "" "" ;;
        category)
            [ $# -eq 4 ] || { echo "malformed: $line"; return 1; }
            evaluate "$json" category "" "$3" "$4" "" "$2" ;;
        count)
            [ $# -eq 4 ] || { echo "malformed: $line"; return 1; }
            evaluate "$json" count "$2" "$3" "$4" "" "" ;;
        pass | fail | some-fail)
            [ $# -eq 2 ] || { echo "malformed: $line"; return 1; }
            evaluate "$json" "$kind" "$2" "" "" "" "" ;;
        status | some-status)
            [ $# -ge 3 ] || { echo "malformed: $line"; return 1; }
            glob=$2
            shift 2
            evaluate "$json" "$kind" "$glob" "" "" "$*" "" ;;
        lacks)
            text=${line#lacks }
            if grep -F -e "$text" "$json"; then
                echo "^ the report contains \"$text\""
                return 1
            fi ;;
        says)
            [ $# -ge 3 ] || { echo "malformed: $line"; return 1; }
            glob=$2
            text=${line#says "$glob" }
            evaluate "$json" says "$glob" "" "" "$text" "" ;;
        note)
            text=${line#note }
            if ! jq -r .notes "$json" | grep -q -F -e "$text"; then
                echo "the report's notes lack \"$text\"; they are:"
                jq -r .notes "$json"
                return 1
            fi ;;
        *)
            echo "unknown expectation: $line"
            return 1 ;;
    esac
}

# expectations FILE: the expectation lines of FILE (no comments, no args).
expectations() {
    sed -e 's/^[[:space:]]*//' -e 's/[[:space:]]*$//' "$1" |
        grep -v -e '^#' -e '^$' -e '^args[[:space:]]'
}

# grader_args FILE: the extra grader arguments of an expect file.
grader_args() {
    sed -n 's/^[[:space:]]*args[[:space:]]\{1,\}//p' "$1"
}

# report_ok JSON: the report is well formed and its numbers make sense.
report_ok() {
    jq -e '
        def statuses: ["passed", "partial", "failed", "timeout", "crashed",
                       "memory limit", "output limit", "exit status",
                       "build failed", "skipped"];
        (.score | type) == "number" and (.max_score | type) == "number"
        and .score >= -0.000001 and .score <= .max_score + 0.000001
        and (.tests | type) == "array" and (.tests | length) > 0
        and all(.tests[]; (.name | type) == "string"
                          and (.status as $s | statuses | index([$s]) != null)
                          and .score >= -0.000001
                          and .score <= .max_score + 0.000001)' "$1" >/dev/null || {
        echo "malformed report $1:"
        head -c 2000 "$1"
        return 1
    }
}

# ------------------------------------------------------- side effects

# listing DIR: every entry of DIR with its type, mode, size, mtime and
# content checksum (symbolic links by target, never followed).
listing() {
    find "$1" -exec stat -c '%n|%F|%a|%s|%Y|%N' {} + | sort
    find "$1" -type f -exec sha256sum {} + | sort
}

unchanged() {
    if ! diff "$1" "$2"; then
        echo "^ the folder changed while it was graded (< before, > after)"
        return 1
    fi
}

# owned_by_live_grader UID: a running grader holds the lock of that uid's
# slot (sandbox.c: 60000 + N is claimed by an flock on
# /tmp/cc-grader-slot-N.lock), so the process is its, not a leftover.
# Matters only when something else grades on this machine meanwhile.
owned_by_live_grader() {
    lock=/tmp/cc-grader-slot-$(($1 - 60000)).lock
    command -v flock >/dev/null 2>&1 && [ -f "$lock" ] && ! flock -n "$lock" true
}

# leftovers: processes of the sandbox uids that no running grader owns, or
# named like the hostile fixtures; waits up to 2 s for them to go.
leftovers() {
    tries=0
    while :; do
        left=$(ps -e -o uid=,pid=,ppid=,stat=,comm= |
            awk '($1 >= 60000 && $1 < 60064) || $5 ~ /^cc-hostile/' |
            while read -r uid pid ppid stat comm; do
                case $comm in
                    cc-hostile*) ;;
                    *) owned_by_live_grader "$uid" && continue ;;
                esac
                echo "$uid $pid $ppid $stat $comm"
            done)
        [ -z "$left" ] && return 0
        tries=$((tries + 1))
        if [ "$tries" -ge 20 ]; then
            echo "still running after grading (uid pid ppid stat comm):"
            echo "$left"
            return 1
        fi
        sleep 0.1
    done
}

no_markers() {
    found=$(ls -d /tmp/cc-hostile-marker-* 2>/dev/null)
    [ -z "$found" ] && return 0
    echo "a hostile submission wrote outside its sandbox:"
    echo "$found"
    return 1
}

no_connection() {
    if [ -s "$tmp/connections" ]; then
        echo "the listener on 127.0.0.1:$LISTEN_PORT was reached:"
        cat "$tmp/connections"
        return 1
    fi
}

# start_listener: accepts (and logs) connections on 127.0.0.1:LISTEN_PORT
# in the background; returns 1 when that is not possible here.
start_listener() {
    command -v perl >/dev/null 2>&1 || return 1
    : >"$tmp/connections"
    rm -f "$tmp/listening"
    perl -MIO::Socket::INET -e '
        my ($port, $log, $ready) = @ARGV;
        my $s = IO::Socket::INET->new(LocalAddr => "127.0.0.1", LocalPort => $port,
                                      Listen => 5, ReuseAddr => 1) or exit 1;
        open(my $r, ">", $ready); close $r;
        $SIG{ALRM} = sub { exit 0 }; alarm 900;
        while (my $c = $s->accept) {
            open(my $f, ">>", $log); print $f "connection from " . $c->peerhost . "\n";
            close $f; close $c;
        }' "$LISTEN_PORT" "$tmp/connections" "$tmp/listening" &
    listener=$!
    tries=0
    while [ ! -e "$tmp/listening" ]; do
        tries=$((tries + 1))
        if [ "$tries" -ge 50 ] || ! kill -0 "$listener" 2>/dev/null; then
            kill "$listener" 2>/dev/null
            listener=
            return 1
        fi
        sleep 0.1
    done
}

stop_listener() {
    [ -n "$listener" ] && kill "$listener" 2>/dev/null && wait "$listener" 2>/dev/null
    listener=
}

# ------------------------------------------------------------ grading

# grade NAME DIR ARGS...: grades DIR into $tmp/NAME.json; leaves the exit
# status in $tmp/NAME.rc and the grader's stderr in $tmp/NAME.err.
grade() {
    report=$1 dir=$2
    shift 2
    # shellcheck disable=SC2086 -- GRADE_FLAGS is a list of flags
    timeout 900 "$GRADE" $GRADE_FLAGS -a "$A" --tests all "$@" --format json \
        -o "$tmp/$report.json" "$dir" 2>"$tmp/$report.err"
    echo $? >"$tmp/$report.rc"
}

graded_ok() {
    rc=$(cat "$tmp/$1.rc")
    if [ "$rc" -ne 0 ]; then
        echo "grade exited with status $rc$( [ "$rc" -eq 124 ] && echo ' (killed after 900 s)'):"
        tail -n 20 "$tmp/$1.err"
        return 1
    fi
    [ -s "$tmp/$1.json" ] || { echo "no report written"; return 1; }
    size=$(wc -c <"$tmp/$1.json")
    if [ "$size" -gt $((8 << 20)) ]; then
        echo "the report is $size bytes: student output must be cut short"
        return 1
    fi
    report_ok "$tmp/$1.json"
}

# check_submission NAME: grades tests/<id>/submissions/NAME, written out
# whole into SUBS, and checks it all.
check_submission() {
    sub=$1
    expect=$DIR/expect/$sub.expect
    hostile=0
    case $sub in hostile_*) hostile=1 ;; esac

    listing "$SUBS/$sub" >"$tmp/$sub.before"
    listening=0
    if [ "$sub" = hostile_network ]; then
        if start_listener; then
            listening=1
        else
            skip "$sub: no connection reaches 127.0.0.1:$LISTEN_PORT" \
                 "cannot listen there (no perl, or the port is taken)"
        fi
    fi
    set -f
    # shellcheck disable=SC2046 -- the args line is a list of words
    grade "$sub" "$SUBS/$sub" $(grader_args "$expect")
    set +f
    [ "$listening" -eq 1 ] && stop_listener
    listing "$SUBS/$sub" >"$tmp/$sub.after"

    check "$A/$sub: graded, exit status 0, well-formed report" graded_ok "$sub"
    if [ "$(cat "$tmp/$sub.rc")" -eq 0 ] && [ -s "$tmp/$sub.json" ]; then
        expectations "$expect" >"$tmp/$sub.lines"
        while IFS= read -r line; do
            check "$A/$sub: $line" expect_line "$tmp/$sub.json" "$line"
        done <"$tmp/$sub.lines"
    fi
    check "$A/$sub: the submission folder is unchanged" \
        unchanged "$tmp/$sub.before" "$tmp/$sub.after"
    if [ "$hostile" -eq 1 ]; then
        check "$A/$sub: no process left running" leftovers
        check "$A/$sub: no marker file outside the sandbox" no_markers
    fi
    [ "$listening" -eq 1 ] && check "$A/$sub: no connection reached 127.0.0.1:$LISTEN_PORT" no_connection
    return 0
}

# rejects_reference FILE: at least one line of FILE fails on the report of
# solution/.
rejects_reference() {
    expectations "$1" >"$tmp/reference.lines"
    while IFS= read -r line; do
        expect_line "$tmp/solution.json" "$line" >/dev/null 2>&1 || return 0
    done <"$tmp/reference.lines"
    echo "every line of $1 also holds for the reference solution's report,"
    echo "so these expectations would not notice the bug"
    return 1
}

# ------------------------------------------------------------ the suite

every_folder_has_expectations() {
    status=0
    for d in "$DIR"/*/; do
        entry=$(basename "$d")
        [ "$entry" = expect ] && continue
        [ -f "$DIR/expect/$entry.expect" ] || { echo "no expect/$entry.expect"; status=1; }
    done
    for e in "$DIR"/expect/*.expect; do
        entry=$(basename "$e" .expect)
        [ -d "$DIR/$entry" ] || { echo "expect/$entry.expect has no folder $entry/"; status=1; }
        [ -n "$(expectations "$e")" ] || { echo "expect/$entry.expect expects nothing"; status=1; }
    done
    return $status
}
# Markers from an earlier run would look like escapes of this one.
rm -f /tmp/cc-hostile-marker-*
daemon_graded=

# suite ID: every check of assignment ID's examples, solution and starter.
suite() {
A=$1 DIR=tests/$1/submissions SUBS=$tmp/submissions/$1
check "$A/submissions: every folder has an expect file and every expect file a folder" \
    every_folder_has_expectations
# The folders as students hand them in (tests/submissions.sh).
check "$A/submissions: every example can be written out" sh tests/submissions.sh "$A" "$SUBS"

names=${SUBMISSIONS:-$(cd "$DIR/expect" && ls ./*.expect | sed 's|^\./||; s|\.expect$||')}
# The daemon goes first so that its 30-second sleep ends during the suite.
ordered=$(printf '%s\n' $names | grep -x hostile_setsid_daemon)
ordered="$ordered $(printf '%s\n' $names | grep -vx hostile_setsid_daemon)"

for folder in $ordered; do
    if [ ! -f "$DIR/expect/$folder.expect" ]; then
        check "$A/$folder: has an expect file" false
        continue
    fi
    [ "$folder" = hostile_setsid_daemon ] && daemon_graded=$(date +%s)
    check_submission "$folder"
done

# The reference solution and the starter code, graded like submissions.
if [ -z "${SUBMISSIONS:-}" ]; then
    for kit_folder in solution starter; do
        listing "$kit_folder/$A" >"$tmp/$kit_folder.before"
        grade "$kit_folder" "$kit_folder/$A"
        listing "$kit_folder/$A" >"$tmp/$kit_folder.after"
        check "$A/$kit_folder: graded, exit status 0, well-formed report" graded_ok "$kit_folder"
        check "$A/$kit_folder: the folder is unchanged" \
            unchanged "$tmp/$kit_folder.before" "$tmp/$kit_folder.after"
    done
    if [ -s "$tmp/solution.json" ]; then
        check "$A/solution: full marks" expect_line "$tmp/solution.json" "score == max"
        check "$A/solution: every test passes" expect_line "$tmp/solution.json" "pass *"
    fi
    # Expectations that a perfect report also meets would not notice the
    # bug: each buggy folder's file must reject the reference's report.
    if [ -s "$tmp/solution.json" ]; then
        for e in "$DIR"/expect/*.expect; do
            folder=$(basename "$e" .expect)
            case $folder in hostile_*) continue ;; esac
            expectations "$e" | grep -qx 'score == max' && continue
            check "$A/$folder: its expectations reject the reference's report" \
                rejects_reference "$e"
        done
    fi
    if [ -s "$tmp/starter.json" ]; then
        check "$A/starter: builds" expect_line "$tmp/starter.json" "pass build/compiles"
        # game-search's starter holds the finished program and library
        # (given files): build, style, the commands session and the memory
        # checks of stubs that do nothing unsafe earn 27.5; none of its
        # unit tests may pass.
        most=20
        if [ "$A" = game-search ]; then
            most=30
            check "$A/starter: no unit test passes" expect_line "$tmp/starter.json" "fail unit/*"
        fi
        check "$A/starter: scores at most $most" expect_line "$tmp/starter.json" "score <= $most"
    fi
fi
rm -f "$tmp"/*.json
}

for assignment in $ASSIGNMENTS; do
    suite "$assignment"
done

# The daemon sleeps 30 s before it writes its marker: give it time to.
if [ -n "$daemon_graded" ]; then
    waited=$(($(date +%s) - daemon_graded))
    [ "$waited" -lt 35 ] && sleep $((35 - waited))
    check "hostile_setsid_daemon: no marker 35 s later" no_markers
    check "hostile_setsid_daemon: nothing left running 35 s later" leftovers
fi

# unit_timeouts.test.sh -- a unit test stopped by Criterion's per-test
# timeout is confirmed against the reference's same test before it
# becomes a verdict (grader/grade/unit_confirm.h).  Run through
# tests/run.sh after `make`.
#
# The machine is made "slower than when the limits were measured" the
# way a quota or a loaded server makes it, but exactly: the kit's
# calibration says its reference's hidden unit binary took 0.1 s (so a
# test may take 2 s, the rubric's floor), and one winner test of the
# submission under test sleeps 2.2 s.
#   - With the reference's build as calibrated (its test takes a few
#     hundredths), the timeout is confirmed and stands.
#   - With the reference's build replaced by one whose same test sleeps
#     2.2 s too -- the reference now costs what the student's program
#     costs -- the test runs again with the timeout raised, and passes.
. tests/lib.sh

if [ ! -x build/grade ]; then
    skip unit_timeouts "build/grade is missing (run make)"
    exit 0
fi

TMP=$(mktemp -d)
trap '[ -n "$KEEP" ] || rm -rf "$TMP"' EXIT
A=halma
TEST=unit/hidden/winner/the_goal_is_the_camp_of_the_player_count

# kit DIR SOLUTION: a staff kit of Halma alone with SOLUTION's sources as
# its reference.
kit() {
    staff_kit "$1" $A "$2" "$RUBRIC"
}

# The rubric: Halma's limits, the one unit test (the unit binary still
# runs all its tests; only this one is graded), and the public sessions
# plain and under ASan, which a calibration needs.
RUBRIC=$TMP/rubric.txt
grep '^option' grader/assignments/$A/rubric.txt | sed 's/^option unit_timeout .*/option unit_timeout 2/' \
    >"$RUBRIC"
printf '%s\n' "$TEST 10 unit visible" "transcript/public/* 5 transcript visible" \
    "memory/asan/public/* 5 memory visible" >>"$RUBRIC"

# The slow program: winner() sleeps 2.2 s on the second call of a process
# when the first was on a 4-player board and this one is on a 2-player
# board -- the one test above does that.
mkdir -p "$TMP/slow"
cp solution/$A/*.h solution/$A/*.c "$TMP/slow/"
sed -i 's/^int winner(const h_board \*b)$/static int winner_at_once(const h_board *b)/' "$TMP/slow/halma.c"
cat >>"$TMP/slow/halma.c" <<'C'

#include <unistd.h>

int winner(const h_board *b)
{
    static int calls, first;

    if (++calls == 1)
        first = player_count(b);
    else if (calls == 2 && first == 4 && player_count(b) == 2)
        usleep(2200000);
    return winner_at_once(b);
}
C

kit "$TMP/fast" solution/$A
kit "$TMP/slowref" "$TMP/slow"
for k in fast slowref; do
    "$TMP/$k/build/grade" --kit "$TMP/$k" -a $A --calibrate >"$TMP/$k.cal" 2>&1 || {
        sed 's/^/    /' "$TMP/$k.cal"; exit 1; }
done
# As if measured on a faster machine: the whole hidden binary in 0.1 s.
sed -i 's/^unit .*/unit 0.0500 0.1000 11.2/' "$TMP/fast/build/calibration-$A.txt"

# grade_slow NAME: grades the slow program in the fast kit into NAME.json.
grade_slow() {
    "$TMP/fast/build/grade" --kit "$TMP/fast" -a $A --format json -j 2 "$TMP/slow" \
        >"$TMP/$1.json" 2>"$TMP/$1.err"
}
# status NAME: the graded test's status, then the report's limits text.
status() {
    jq -r --arg t "$TEST" '(.tests[] | select(.name == $t) | .status), .limits' "$TMP/$1.json"
}

grade_slow stands
timeout_stands_when_the_reference_is_as_fast_as_measured() {
    status stands
    [ "$(status stands | head -n 1)" = timeout ] &&
        ! grep -q 'ran again' "$TMP/stands.json" &&
        grep -q 'one unit test 2.00 s' "$TMP/stands.json"
}
check "unit_timeouts: a test past its timeout stands when the reference's same test is fast" \
    timeout_stands_when_the_reference_is_as_fast_as_measured

# The reference now costs what the slow program costs.
cp "$TMP/slowref/build/calibration-$A/unit-hidden/unit-hidden-callee" \
   "$TMP/fast/build/calibration-$A/unit-hidden/"
grade_slow raised
timeout_raised_when_the_reference_is_slower_now() {
    status raised
    [ "$(status raised | head -n 1)" = passed ] &&
        [ "$(jq '.score == .max_score' "$TMP/raised.json")" = true ] &&
        grep -q '1 unit test(s) that hit the time limit ran again with the limit raised' \
            "$TMP/raised.json"
}
check "unit_timeouts: a test past its timeout passes when the reference's same test is as slow now" \
    timeout_raised_when_the_reference_is_slower_now

# The kit lies in a folder of mode 0700 that the sandbox's uids cannot
# enter: the grader still runs its jobs through the exec helper (from a
# copy in its scratch file system), as a kit in an open folder does.
helper_used_from_a_closed_folder() {
    mode=$(jq -r .sandbox_mode "$TMP/stands.json")
    echo "    $mode"
    case $mode in
    bubblewrap*) ! printf '%s' "$mode" | grep -q 'without build/sandbox-exec' ;;
    *) echo "    (bubblewrap does not run here: nothing to compare)" ;;
    esac
}
check "unit_timeouts: a kit in a folder of mode 0700 still runs its jobs through build/sandbox-exec" \
    helper_used_from_a_closed_folder

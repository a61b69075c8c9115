# grader_cli.test.sh -- the `grade` command as instructors and TAs use it:
# exit statuses, report formats, --show, --test, --explain, the fallback
# sandbox and the skipped-Valgrind path.  Run through tests/run.sh.
. tests/lib.sh

GRADE=build/grade
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

# One full grading of the reference in JSON, reused by several checks.
$GRADE --format json -o "$TMP/ref.json" solution 2>"$TMP/ref.err"
ref_status=$?

reference_full_marks() {
    [ "$ref_status" -eq 0 ] || { cat "$TMP/ref.err"; return 1; }
    jq -e '.score == 100 and .max_score == 100 and (.tests | length) > 100
           and all(.tests[]; .status == "passed")' "$TMP/ref.json"
}

json_has_required_fields() {
    jq -e '.tests | all(has("name") and has("category") and has("score")
           and has("max_score") and has("status") and has("output"))' "$TMP/ref.json"
}

missing_dir_is_exit_2() {
    $GRADE "$TMP/no-such-dir" >/dev/null 2>"$TMP/err"
    [ $? -eq 2 ] && grep -q 'cannot read' "$TMP/err"
}

bad_option_is_exit_2() {
    $GRADE --tests some solution >/dev/null 2>&1
    [ $? -eq 2 ] || return 1
    $GRADE --format yaml solution >/dev/null 2>&1
    [ $? -eq 2 ]
}

bad_rubric_is_exit_2_with_line() {
    printf 'build/compiles 5 build visible\nunit/* lots unit visible\n' >"$TMP/bad.rubric"
    $GRADE --rubric "$TMP/bad.rubric" solution >/dev/null 2>"$TMP/err"
    [ $? -eq 2 ] && grep -q "bad.rubric:2:" "$TMP/err"
}

# --tests public never runs (or even lists) a hidden test.
public_only() {
    $GRADE --tests public --format json -o "$TMP/pub.json" solution &&
    jq -e '(.tests | length) > 20 and all(.tests[]; (.name | contains("/hidden/")) | not)' "$TMP/pub.json"
}

only_matching_test() {
    $GRADE --test 'transcript/public/chain_two_jumps' --format json -o "$TMP/one.json" solution &&
    jq -e '(.tests | length) == 1 and .tests[0].name == "transcript/public/chain_two_jumps"
           and .tests[0].status == "passed"' "$TMP/one.json"
}

gradescope_format() {
    $GRADE --tests public --format gradescope -o "$TMP/gs.json" solution &&
    jq -e '(.tests | length) > 0 and all(.tests[]; has("max_score")) and (.score - ([.tests[].max_score] | add) | fabs) < 1e-6' "$TMP/gs.json"
}

autolab_last_line() {
    $GRADE --tests public --format autolab solution >"$TMP/al.txt" &&
    tail -n 1 "$TMP/al.txt" | jq -e '.scores.transcript > 0 and .scores.unit > 0'
}

junit_well_formed() {
    $GRADE --tests public --format junit -o "$TMP/j.xml" solution &&
    if command -v xmllint >/dev/null; then xmllint --noout "$TMP/j.xml"; else grep -q '<testsuites' "$TMP/j.xml"; fi
}

text_has_total_and_no_colour_in_a_file() {
    $GRADE --tests public -o "$TMP/t.txt" solution &&
    grep -q 'Total' "$TMP/t.txt" && ! grep -q "$(printf '\033')" "$TMP/t.txt"
}

# --show replays a session with each move after its prompt.
show_session() {
    $GRADE --show public/chain_two_jumps >"$TMP/show.txt" &&
    grep -Eq "^(RED|GREEN)'s move:  -?[0-9]+ -?[0-9]+ -?[0-9]+ -?[0-9]+$" "$TMP/show.txt" &&
    ! $GRADE --show no_such_session >/dev/null 2>&1
}

explain_sums_to_100() {
    $GRADE --explain >"$TMP/explain.txt" && grep -Eiq 'total.*100' "$TMP/explain.txt"
}

# Where namespaces are refused, the rlimit fallback still grades, and the
# report says which isolation was in effect.
fallback_sandbox_grades() {
    GRADER_SANDBOX=rlimits $GRADE --tests public --format json -o "$TMP/fb.json" solution &&
    jq -e '.score == .max_score and (.sandbox_mode | startswith("rlimits"))' "$TMP/fb.json"
}

valgrind_missing_is_skipped() {
    GRADER_VALGRIND=/nonexistent $GRADE --tests public --format json -o "$TMP/nv.json" solution &&
    jq -e '[.tests[] | select(.name | startswith("memory/valgrind"))]
           | length > 0 and all(.status == "skipped" and .max_score == 0)' "$TMP/nv.json" &&
    jq -e '.notes | contains("Valgrind")' "$TMP/nv.json"
}

# A running program sees its own binary's folder and nothing else of the
# build: not the unit-test binaries or objects (hidden tests), not the
# sources folder.  The probe prints SEEN for anything it can open.
build_secrets_invisible() {
    mkdir -p "$TMP/peek" && cat >"$TMP/peek/peek.c" <<'EOF_C'
#include <libgen.h>
#include <stdio.h>
#include <unistd.h>
int main(void)
{
    static const char *const names[] = {"unit-hidden/unit-hidden", "unit-public/unit-public",
        "link/unit-hidden.o", "link/harness.o", "student.o", "src", "compile.sh"};
    char exe[4096], path[8192];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0)
        return 0;
    exe[n] = '\0';
    char *top = dirname(dirname(exe));
    for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
        snprintf(path, sizeof path, "%s/%s", top, names[i]);
        if (access(path, F_OK) == 0)
            printf("SEEN %s\n", path);
    }
    return 0;
}
EOF_C
    $GRADE --test 'transcript/public/eof_without_quit' --format json -o "$TMP/peek.json" "$TMP/peek" &&
    jq -e '.tests | length == 1' "$TMP/peek.json" &&
    ! grep -q SEEN "$TMP/peek.json"
}

# A hard link to a file the submission folder's owner does not own (a
# root-only secret here; a student can make one where
# fs.protected_hardlinks is 0) is skipped with a note, never read: the
# grader reads as itself or as root, and the compiler would quote the
# secret in the report.  Needs root, to give the folder another owner.
foreign_hard_link_skipped() {
    mkdir -p "$TMP/linked" && cp solution/chinese-checkers/*.c solution/chinese-checkers/*.h "$TMP/linked/" &&
    printf 'TOPSECRET-root-only\n' >"$TMP/secret" && chmod 600 "$TMP/secret" &&
    chown -R 65534 "$TMP/linked" && ln "$TMP/secret" "$TMP/linked/zz.c" &&
    $GRADE --test 'transcript/public/eof_without_quit' --format json -o "$TMP/linked.json" "$TMP/linked" &&
    jq -e '.score == .max_score and (.notes | test("zz.c: skipped, a file not everyone may read"))' \
        "$TMP/linked.json" &&
    ! grep -q TOPSECRET "$TMP/linked.json" || return 1
    # The same in a folder of root's (a shared drop folder, or /tmp reached
    # through a symbolic link): its owner owns the secret too.
    mkdir -p "$TMP/drop" && cp solution/chinese-checkers/*.c solution/chinese-checkers/*.h "$TMP/drop/" &&
    ln "$TMP/secret" "$TMP/drop/zz.c" && ln -s "$TMP/drop" "$TMP/drop-link" &&
    $GRADE --test 'transcript/public/eof_without_quit' --format json -o "$TMP/drop.json" "$TMP/drop-link" &&
    jq -e '.score == .max_score and (.notes | test("zz.c: skipped, a file not everyone may read"))' \
        "$TMP/drop.json" &&
    ! grep -q TOPSECRET "$TMP/drop.json"
}

# An assignment that gives students files to keep (game-search: the board
# library and main.c): a submission of search.c alone is graded with the
# kit's copies, and says so; a student's own copy of a given file is the
# one graded (here a main.c that prints nothing fails the transcripts).
given_files_added() {
    mkdir -p "$TMP/given" "$TMP/given_own" &&
    cp solution/game-search/search.c "$TMP/given/" &&
    cp solution/game-search/search.c solution/game-search/board.c solution/game-search/board_text.c \
        "$TMP/given_own/" &&
    printf 'int main(void)\n{\n    return 0;\n}\n' >"$TMP/given_own/main.c" &&
    $GRADE -a game-search --test 'transcript/public/*' --format json -o "$TMP/given.json" "$TMP/given" &&
    jq -e '.score == .max_score and (.notes | test("main.c: not in your submission"))
           and (.notes | test("board.c: not in your submission"))' "$TMP/given.json" &&
    $GRADE -a game-search --test 'transcript/public/*' --format json -o "$TMP/own.json" "$TMP/given_own" &&
    jq -e '.score == 0 and (.notes | test("not in your submission") | not)' "$TMP/own.json"
}

check "reference gets full marks" reference_full_marks
check "given files: the kit's copies stand in for missing ones, a student's own is kept" given_files_added
check "a running program cannot see the build's other files" build_secrets_invisible
if [ "$(id -u)" -eq 0 ]; then
    check "a hard link to another owner's file is skipped, never read" foreign_hard_link_skipped
else
    skip "a hard link to another owner's file" "needs root, to give the folder another owner"
fi
check "JSON tests carry the required fields" json_has_required_fields
check "missing submission folder: exit 2" missing_dir_is_exit_2
check "bad options: exit 2" bad_option_is_exit_2
check "bad rubric: exit 2 naming FILE:LINE" bad_rubric_is_exit_2_with_line
check "--tests public runs no hidden test" public_only
check "--test GLOB grades one test" only_matching_test
check "gradescope results.json" gradescope_format
check "autolab last line is the scores JSON" autolab_last_line
check "junit XML is well formed" junit_well_formed
check "text report to a file: total, no colour" text_has_total_and_no_colour_in_a_file
check "--show replays a session like a terminal" show_session
check "--explain totals 100" explain_sums_to_100
check "rlimit fallback grades and says so" fallback_sandbox_grades
check "missing Valgrind: checks skipped with a note" valgrind_missing_is_skipped

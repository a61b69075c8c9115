# tsan.test.sh -- the grader's ThreadSanitizer runs (memory/tsan/SET/NAME):
# a racy two-thread program gets ThreadSanitizer's "data race" verdict
# inside the sandbox, a race-free one passes, a TSan build that fails is
# reported like the ASan build's, a run that passes its resident cap is
# stopped with the memory verdict, and when no rule names memory/tsan/
# nothing is built or run for TSan.  Run through tests/run.sh after make.
#
# The submissions (tests/tsan_fixtures/) are graded against a small kit
# made here: one of the kit's assignments (its header and unit-test
# objects, which these programs do not use) with one session of its own,
# whose transcript is the programs' one line.  The rubrics set
# time_factor 0, so nothing is calibrated and no time is asserted.
. tests/lib.sh

GRADE=build/grade
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

if ! printf 'int main(void){return 0;}\n' | gcc -fsanitize=thread -x c - -o "$TMP/probe" 2>/dev/null; then
    skip "tsan" "gcc cannot build with -fsanitize=thread here (libtsan missing)"
    exit 0
fi

# The kit: the first assignment's header and unit objects, one session.
line=$($GRADE --list-assignments | head -n 1)
id=$(echo "$line" | cut -f1)
header=$(echo "$line" | cut -f3)
KIT=$TMP/kit
mkdir -p "$KIT/solution/$id" "$KIT/sample_io/$id/public" "$KIT/build/unit/$id" "$KIT/grader/unit"
cp "solution/$id/$header" "$KIT/solution/$id/"
cp "build/unit/$id/public.list" "build/unit/$id/graded_test.o" "build/unit/$id/public.o" "$KIT/build/unit/$id/"
cp grader/unit/vet-objects.sh grader/unit/vet-binary.sh "$KIT/grader/unit/"
mkdir -p "$KIT/grader/run" && cp grader/run/vet-hooks.sh "$KIT/grader/run/"
: >"$KIT/sample_io/$id/public/threads.in"
echo counted >"$KIT/sample_io/$id/public/threads.out"

rubric() {
    printf 'option time_factor 0\noption memory_mb %s\n%s\n' "$1" "$2" >"$TMP/rubric"
}

# grade NAME PROGRAM.c: grades a submission of that one file into
# $TMP/NAME.json, its progress (-v) in $TMP/NAME.err.
grade() {
    mkdir -p "$TMP/$1" && cp "$2" "$TMP/$1/main.c" &&
    $GRADE -v --kit "$KIT" -a "$id" --rubric "$TMP/rubric" --format json \
        -o "$TMP/$1.json" "$TMP/$1" 2>"$TMP/$1.err"
}

racy_program_gets_data_race() {
    rubric 64 'memory/tsan/* 10 memory visible'
    grade racy tests/tsan_fixtures/racy.c || { cat "$TMP/racy.err"; return 1; }
    jq -e '.tests | length == 1 and .[0].name == "memory/tsan/public/threads"
           and .[0].status == "failed" and .[0].score == 0
           and (.[0].output | startswith("ThreadSanitizer reported a data race:"))
           and (.[0].output | contains("WARNING: ThreadSanitizer: data race"))' "$TMP/racy.json" ||
        { jq . "$TMP/racy.json"; return 1; }
    grep -q 'ThreadSanitizer build: made' "$TMP/racy.err"
}

race_free_program_passes() {
    rubric 64 'memory/tsan/* 10 memory visible'
    grade clean tests/tsan_fixtures/race_free.c || { cat "$TMP/clean.err"; return 1; }
    jq -e '.score == 10 and .tests[0].status == "passed"' "$TMP/clean.json" || { jq . "$TMP/clean.json"; return 1; }
    grep -q 'bubblewrap' "$TMP/clean.err" || { echo "not graded in the bubblewrap sandbox:"; cat "$TMP/clean.err"; return 1; }
}

# The program builds, but not with -fsanitize=thread: the TSan tests say
# so with the compiler's message; the plain program's tests are unharmed.
tsan_build_failure_is_reported() {
    rubric 64 'memory/tsan/* 10 memory visible
transcript/* 10 transcript visible'
    { printf '#ifdef __SANITIZE_THREAD__\n#error refuses ThreadSanitizer\n#endif\n'
      cat tests/tsan_fixtures/race_free.c; } >"$TMP/refuses.c"
    grade refuses "$TMP/refuses.c" || { cat "$TMP/refuses.err"; return 1; }
    jq -e '[.tests[] | select(.name == "memory/tsan/public/threads")][0]
             | .status == "build failed" and (.output | contains("refuses ThreadSanitizer"))' "$TMP/refuses.json" &&
    jq -e '[.tests[] | select(.name == "transcript/public/threads")][0].status == "passed"' "$TMP/refuses.json" ||
        { jq . "$TMP/refuses.json"; return 1; }
}

# memory_mb 16 gives a TSan run 128 MiB resident (limits.c); the program
# touches up to 512 MiB and would then sleep: the sandbox's watch stops it.
memory_cap_stops_a_tsan_run() {
    rubric 16 'memory/tsan/* 10 memory visible'
    cat >"$TMP/hog.c" <<'EOF_C'
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
int main(void)
{
    for (int i = 0; i < 64; i++) {
        char *p = malloc(8 << 20);
        if (p)
            memset(p, 1, 8 << 20);
    }
    sleep(30);
    return 0;
}
EOF_C
    grade hog "$TMP/hog.c" || { cat "$TMP/hog.err"; return 1; }
    jq -e '.tests[0].status == "memory limit"' "$TMP/hog.json" || { jq . "$TMP/hog.json"; return 1; }
}

no_tsan_rule_builds_and_runs_nothing() {
    rubric 64 'transcript/* 10 transcript visible'
    grade plain tests/tsan_fixtures/racy.c || { cat "$TMP/plain.err"; return 1; }
    grep -q 'ThreadSanitizer build: not made' "$TMP/plain.err" || { cat "$TMP/plain.err"; return 1; }
    grep -q 'grade: 1 sandboxed runs' "$TMP/plain.err" || { cat "$TMP/plain.err"; return 1; }
    jq -e '.score == 10 and all(.tests[]; .name | startswith("memory/tsan") | not)' "$TMP/plain.json"
}

# --explain lists the TSan tests, which a rule takes or not.
explain_lists_tsan_tests() {
    rubric 64 'memory/tsan/public/* 10 memory visible'
    $GRADE --kit "$KIT" -a "$id" --rubric "$TMP/rubric" --explain >"$TMP/explain" &&
    grep -q 'memory/tsan/public/threads' "$TMP/explain" || { cat "$TMP/explain"; return 1; }
}

check "tsan: a racy program gets the data-race verdict in the sandbox" racy_program_gets_data_race
check "tsan: a race-free threaded program passes" race_free_program_passes
check "tsan: a failed TSan build is reported on its tests, the rest graded" tsan_build_failure_is_reported
check "tsan: a run past its resident cap gets the memory verdict" memory_cap_stops_a_tsan_run
check "tsan: no rule naming memory/tsan/: nothing built or run for it" no_tsan_rule_builds_and_runs_nothing
check "tsan: --explain lists the TSan tests" explain_lists_tsan_tests

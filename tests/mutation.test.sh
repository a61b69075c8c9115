#!/bin/sh
# mutation.test.sh -- fast tests of the mutation analysis (tests/mutation/)
# that never run the grader: the mutator on a small input, the verdicts
# grade-one.sh reaches without grading, and the report on made-up verdicts.
#
# The mutator runs on tests/mutation/fixture/fixture.c, whose every mutant
# was worked out by hand, line by line, from the operator rules in
# mutate.c and written down in fixture/fixture.expect (the manifest, tabs
# shown as |).  Each operator is one check, so a broken operator is named;
# then: the whole manifest, no mutant outside function bodies and one-line
# initialisers, -x and -c, each written mutant differs from the input in
# exactly its manifest line, --ops lists every operator and each has a
# mutant in the fixture, the mutator is warning-free, grade-one.sh calls a
# mutant that does not compile stillborn and one that compiles to the
# reference's object code equivalent, and report.sh counts, scores and
# lists what it should.  Takes a few seconds.
#
# Run from the repository root: sh tests/run.sh tests/mutation.test.sh
. tests/lib.sh
set -u

FIX=tests/mutation/fixture
TMP=$(mktemp -d "${TMPDIR:-/tmp}/mutation-test.XXXXXX") || exit 2
trap 'rm -rf "$TMP"' EXIT
MUTATE=$TMP/mutate

if ! command -v cc >/dev/null 2>&1 || ! command -v jq >/dev/null 2>&1; then
    skip "mutation: mutator and report" "needs cc and jq (sh grader/install-deps.sh)"
    exit 0
fi

# ---------------------------------------------------------------- helpers

build_warning_free() {
    cc -std=c11 -Wall -Wextra -Wpedantic -O2 -o "$MUTATE" tests/mutation/mutate.c \
        > "$TMP/cc.log" 2>&1 && ! [ -s "$TMP/cc.log" ] || { cat "$TMP/cc.log"; return 1; }
}

# The expected manifest, comments dropped.
expected() {
    grep -v '^#' "$FIX/fixture.expect"
}

# The manifest the mutator writes for the fixture, tabs shown as |.
actual() {
    "$MUTATE" "$@" "$FIX/fixture.c" | tr '\t' '|'
}

# same_lines EXPECTED ACTUAL: compares, showing the difference on failure.
same_lines() {
    if [ "$1" != "$2" ]; then
        printf 'expected:\n%s\nactual:\n%s\n' "$1" "$2"
        return 1
    fi
}

# The mutants of one operator, IDs left out (one missing mutant would
# renumber all the others).
operator_mutants() {
    op=$1
    same_lines "$(expected | awk -F'|' -v op="$op" '$3 == op' | cut -d'|' -f2-)" \
               "$(actual | awk -F'|' -v op="$op" '$3 == op' | cut -d'|' -f2-)"
}

whole_manifest() {
    same_lines "$(expected)" "$(actual)"
}

# Lines 1-13 hold a comment, preprocessor lines, an enum, a multi-line
# table and the one-line initialiser of line 8 (its only mutable code).
nothing_outside_code() {
    same_lines 8 "$(actual | awk -F'|' '$4 < 14 { print $4 }' | sort -u)"
}

# -x verbose leaves out the if guarded by `verbose` (lines 39-40), and
# nothing else.
exclude_guarded() {
    same_lines "$(expected | awk -F'|' '$4 < 39')" "$(actual -x verbose)"
}

category_flag() {
    same_lines "$(expected | sed 's/^\([^|]*\)|code|/\1|game|/')" "$(actual -c game)"
}

# Every file written with -o differs from the input in exactly the line
# the manifest names, and that line reads as the manifest says.
one_line_each() {
    mkdir -p "$TMP/out"
    "$MUTATE" -o "$TMP/out" "$FIX/fixture.c" > "$TMP/manifest.tsv" || return 1
    [ "$(wc -l < "$TMP/manifest.tsv")" -eq "$(expected | wc -l)" ] || return 1
    while IFS='	' read -r id _ _ line _ text; do
        diff "$FIX/fixture.c" "$TMP/out/$id.c" > "$TMP/d" && { echo "$id: no change"; return 1; }
        [ "$(grep -c '^[<>]' "$TMP/d")" -eq 2 ] && [ "$(head -n 1 "$TMP/d")" = "${line}c$line" ] \
            && [ "$(sed -n "${line}p" "$TMP/out/$id.c")" = "$text" ] \
            || { echo "$id:"; cat "$TMP/d"; return 1; }
    done < "$TMP/manifest.tsv"
}

every_operator_used() {
    ops=$("$MUTATE" --ops | awk '{ print $1 }')
    [ "$(printf '%s\n' "$ops" | wc -l)" -eq 17 ] || { echo "--ops: $ops"; return 1; }
    for op in $ops; do
        expected | awk -F'|' -v op="$op" '$3 == op { found = 1 } END { exit !found }' \
            || { echo "no mutant of $op in the fixture"; return 1; }
    done
}

# grade_one ID MUTANT-TEXT-COMMAND: runs grade-one.sh on a hand-made
# mutant of solution/chinese-checkers/checkers.c and prints its verdict.
grade_one() {
    work=$TMP/work-$1
    mkdir -p "$work/src" "$work/sub" "$work/out"
    export MUT_WORK="$work" MUT_OUT="$work/out" GRADE=false
    sh tests/mutation/grade-one.sh --reference || return 1
    sed "$2" solution/chinese-checkers/checkers.c > "$work/src/checkers-$1.c"
    sh tests/mutation/grade-one.sh "checkers-$1" 2>/dev/null
    cut -f2 "$work/out/checkers-$1.status"
}

# A one-byte-shorter stack buffer compiles to the same -O2 code (the
# frame is padded) but not to the same sanitizer code: it must be graded,
# and here the stand-in grader `false` fails, hence "error".
shorter_buffer_is_graded() {
    work=$TMP/work-903
    mkdir -p "$work/src" "$work/sub" "$work/out"
    export MUT_WORK="$work" MUT_OUT="$work/out" GRADE=false
    sh tests/mutation/grade-one.sh --reference || return 1
    sed 's/char text\[ECHO_TOKEN_MAX + 1\]/char text[ECHO_TOKEN_MAX - 1]/' solution/chinese-checkers/game.c > "$work/src/game-903.c"
    cmp -s solution/chinese-checkers/game.c "$work/src/game-903.c" && { echo "sed changed nothing"; return 1; }
    sh tests/mutation/grade-one.sh game-903 2>/dev/null
    same_lines error "$(cut -f2 "$work/out/game-903.status")"
}

stillborn_without_grading() {
    same_lines stillborn "$(grade_one 901 's/return DA;/return DA/')"
}

# A blank line and a comment change nothing in the object code.
equivalent_object_code() {
    same_lines equivalent-object "$(grade_one 902 's|return DA;|return /* off */ DA;   |')"
}

# A made-up run: six mutants with the verdicts of each path of
# grade-one.sh (one killed only by a compiler warning), a reference with
# three tests, and a list that declares one survivor equivalent.
fake_run() {
    out=$TMP/run
    mkdir -p "$out/mutants"
    printf '%s\n' \
        'game-001	game	cmp	10	main+3	    if (a <= b)' \
        'game-002	output	str-char	12	main+5	    printf("x");' \
        'game-003	memory	index	14	main+7	    t[x][y] = 0;' \
        'game-004	game	del-stmt	15	main+8	' \
        'game-005	game	name	16	main+9	    c = GR;' \
        'game-006	game	del-stmt	17	main+10	' > "$out/manifest.tsv"
    echo '{"tests":[{"name":"unit/a"},{"name":"transcript/b"},{"name":"memory/c"}]}' \
        > "$out/reference.json"
    printf 'game-001\tkilled\t80\tunit/a transcript/b\t\n' > "$out/mutants/game-001.status"
    printf 'game-002\tsurvived\t100\t\t\n' > "$out/mutants/game-002.status"
    printf 'game-003\tstillborn\t\t\tdoes not compile\n' > "$out/mutants/game-003.status"
    printf 'game-004\tsurvived\t100\t\t\n' > "$out/mutants/game-004.status"
    printf 'game-005\tequivalent-object\t\t\t\n' > "$out/mutants/game-005.status"
    printf 'game-006\tkilled\t95\tstyle/no_warnings\t\n' > "$out/mutants/game-006.status"
    printf '%s\n' '@@ -12 +12 @@' '-    printf("X");' '+    printf("x");' > "$out/mutants/game-002.diff"
    printf '%s\n' '# a comment' 'same game.c main+8 del-stmt ::  :: nothing reads it' \
        'same game.c main+3 cmp :: if (a <= b) :: wrong: it was killed' \
        'no-args game.c main+40 cmp :: gone :: stale' 'maybe game.c main+3 cmp :: x :: bad kind' \
        > "$TMP/equivalent.txt"
    sh tests/mutation/report.sh "$out" "$TMP/equivalent.txt" 75 2
}

report_score_line() {
    same_lines 'mutation score: 2/3 killed (66.7%)' "$(fake_run | tail -n 1)"
}

report_lists_survivor_with_diff() {
    fake_run > "$TMP/report" || return 1
    sed -n '/^surviving mutants: 1$/,/^$/p' "$TMP/report" | grep -q '^      +    printf("x");$' \
        && grep -q '^  game-004 .*\[same\] nothing reads it$' "$TMP/report" \
        && grep -q '^  game-005 ' "$TMP/report" && grep -q '^  game-003 ' "$TMP/report" \
        && grep -q '^run time: 1 min 15 s$' "$TMP/report" || { cat "$TMP/report"; return 1; }
}

report_style_only() {
    fake_run > "$TMP/report" || return 1
    same_lines "killed only by style/no_warnings (a compiler warning): 1
  game-006 del-stmt main+10" "$(sed -n '/^killed only by style/,/^$/p' "$TMP/report" | sed '/^$/d')"
}

# Entries that contradict a verdict, match nothing, or are malformed.
report_warnings() {
    fake_run > "$TMP/report" || return 1
    same_lines "warnings:
  equivalent.txt:5: not KIND FILE PLACE OPERATOR :: LINE :: WHY
  equivalent.txt:3: game-001 is listed but was killed
  equivalent.txt:4: matches no mutant of this run (stale?)" \
        "$(sed -n '/^warnings:$/,/^$/p' "$TMP/report" | sed '/^$/d')"
}

report_idle_tests() {
    fake_run > "$TMP/report" || return 1
    same_lines "tests that kill nothing: 1 of 3
  memory/c" "$(sed -n '/^tests that kill nothing/,/^$/p' "$TMP/report" | sed '/^$/d')"
}

report_by_category() {
    fake_run > "$TMP/report" || return 1
    grep -q '^  game loop  *2/2  *100.0% ' "$TMP/report" \
        && grep -q '^  output format  *0/1  *0.0% ' "$TMP/report" || { cat "$TMP/report"; return 1; }
}

# A sample of 3 of 10 lines takes lines 2, 6 and 10 (stride 4, from the
# middle of the first); 0 or a large N keeps all; junk is refused.
sample_spread() {
    seq 1 10 | sh tests/mutation/sample.sh 3 | tr '\n' ' ' | grep -qx '2 6 10 ' \
        && [ "$(seq 1 10 | sh tests/mutation/sample.sh 0 | wc -l)" -eq 10 ] \
        && [ "$(seq 1 10 | sh tests/mutation/sample.sh 50 | wc -l)" -eq 10 ] \
        && ! seq 1 3 | sh tests/mutation/sample.sh x 2>/dev/null
}

# ------------------------------------------------------------------ tests

check "mutation: mutate.c builds without warnings" build_warning_free
for op in cmp arith logic not const name if-true if-false drop-term del-stmt del-print \
          ternary index str-space- str-space+ str-char char; do
    check "mutation: operator $op makes the hand-checked mutants" operator_mutants "$op"
done
check "mutation: whole manifest of the fixture" whole_manifest
check "mutation: comments, types and tables are not mutated" nothing_outside_code
check "mutation: -x leaves guarded code alone" exclude_guarded
check "mutation: -c sets the default category" category_flag
check "mutation: each mutant changes exactly its manifest line" one_line_each
check "mutation: --ops lists 17 operators, each used by the fixture" every_operator_used
check "mutation: a mutant that does not compile is stillborn" stillborn_without_grading
check "mutation: the same object code is equivalent, not graded" equivalent_object_code
check "mutation: a shorter buffer is not taken for equivalent" shorter_buffer_is_graded
check "mutation: report scores killed / (killed + survived)" report_score_line
check "mutation: report shows survivors and the equivalents" report_lists_survivor_with_diff
check "mutation: report names the tests that kill nothing" report_idle_tests
check "mutation: report counts per category" report_by_category
check "mutation: report lists kills made only by a warning" report_style_only
check "mutation: MUTATION_SAMPLE spreads the sample evenly" sample_spread
check "mutation: report warns about wrong equivalent.txt entries" report_warnings

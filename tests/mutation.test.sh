#!/bin/sh
# mutation.test.sh -- fast tests of the mutation analysis (tests/mutation/)
# that never run the grader: the mutator on a small input, the verdicts
# grade-one.sh reaches without grading, the report on made-up verdicts,
# the seeded sample, every assignment's mutation.conf, and the driver
# run.sh itself on a made-up assignment with a stand-in grader.
#
# The mutator runs on tests/mutation/fixture/fixture.c, whose every mutant
# was worked out by hand, line by line, from the operator rules in
# tests/mutation/mutate/ and written down in fixture/fixture.expect (the
# manifest, tabs shown as |; the names RE and GR swapped by -n RE/GR).
# Each operator is one check, so a broken operator is named; then: the
# whole manifest, no mutant outside function bodies and one-line
# initialisers, -x, -c, -s, -b and -P, each written mutant differs from
# the input in exactly its manifest line, --ops lists every operator and
# each has a mutant in the fixture, the mutator is warning-free,
# grade-one.sh calls a mutant that does not compile stillborn and one that
# compiles to the reference's object code equivalent, report.sh counts,
# scores and lists what it should, sample.sh picks the same mutants for
# the same seed, each assignment's conf names files that exist and
# mutate, and run.sh analyses a made-up assignment end to end (scores,
# exit status, the survivors list a full run writes and the CI sample
# grades again).  About 12 s of CPU time.
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
    cc -std=c11 -Wall -Wextra -Wpedantic -O2 -o "$MUTATE" tests/mutation/mutate/*.c \
        > "$TMP/cc.log" 2>&1 && ! [ -s "$TMP/cc.log" ] || { cat "$TMP/cc.log"; return 1; }
}

# The expected manifest, comments dropped.
expected() {
    grep -v '^#' "$FIX/fixture.expect"
}

# The manifest the mutator writes for the fixture, tabs shown as |.
actual() {
    "$MUTATE" -n RE/GR "$@" "$FIX/fixture.c" | tr '\t' '|'
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
    "$MUTATE" -n RE/GR -o "$TMP/out" "$FIX/fixture.c" > "$TMP/manifest.tsv" || return 1
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
export MUT_SOLUTION=solution/chinese-checkers MUT_ASSIGNMENT=chinese-checkers MUT_RETRY_SECONDS=0
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
        'game-006	game	del-stmt	17	main+10	' \
        'game-007	required	cmp	18	main+11	    if (n < 3)' > "$out/manifest.tsv"
    echo '{"tests":[{"name":"unit/a"},{"name":"transcript/b"},{"name":"memory/c"}]}' \
        > "$out/reference.json"
    printf 'game-001\tkilled\t80\tunit/a transcript/b\t\n' > "$out/mutants/game-001.status"
    printf 'game-002\tsurvived\t100\t\t\n' > "$out/mutants/game-002.status"
    printf 'game-003\tstillborn\t\t\tdoes not compile\n' > "$out/mutants/game-003.status"
    printf 'game-004\tsurvived\t100\t\t\n' > "$out/mutants/game-004.status"
    printf 'game-005\tequivalent-object\t\t\t\n' > "$out/mutants/game-005.status"
    printf 'game-006\tkilled\t95\tstyle/no_warnings\t\n' > "$out/mutants/game-006.status"
    printf 'game-007\tsurvived\t100\t\t\n' > "$out/mutants/game-007.status"
    printf '%s\n' '@@ -12 +12 @@' '-    printf("X");' '+    printf("x");' > "$out/mutants/game-002.diff"
    printf '%s\n' '# a comment' 'same game.c main+8 del-stmt ::  :: nothing reads it' \
        'same game.c main+3 cmp :: if (a <= b) :: wrong: it was killed' \
        'no-args game.c main+40 cmp :: gone :: stale' 'maybe game.c main+3 cmp :: x :: bad kind' \
        'contract game.c main+11 cmp :: if (n < 3) :: only for a board the header rules out' \
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

# A contract entry leaves the score, is listed with its reason, and is
# counted among the survivors in the stricter score.
report_contract_kind() {
    fake_run > "$TMP/report" || return 1
    grep -q '^  game-007 .*\[contract\] only for a board the header rules out$' "$TMP/report" \
        && grep -q '^(counting the 1 no-args and contract mutants as survivors instead: 2/4, 50.0%)$' "$TMP/report" \
        && grep -q '1 reviewed (contract)$' "$TMP/report" || { cat "$TMP/report"; return 1; }
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
  $TMP/equivalent.txt:5: not KIND FILE PLACE OPERATOR :: LINE :: WHY
  $TMP/equivalent.txt:3: game-001 is listed but was killed
  $TMP/equivalent.txt:4: matches no mutant of this run (stale?)" \
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

# The title and the reasons of idle tests come from the run's folder, and
# the survivors' keys go to survivors.txt (what a full run commits).
report_title_idle_survivors() {
    fake_run > /dev/null || return 1
    echo 'Mutation analysis of demo (solution/demo/game.c)' > "$TMP/run/title.txt"
    printf 'memory/\tnothing to free here\n' > "$TMP/run/idle.txt"
    sh tests/mutation/report.sh "$TMP/run" "$TMP/equivalent.txt" 75 2 > "$TMP/report" || return 1
    same_lines 'Mutation analysis of demo (solution/demo/game.c)' "$(head -n 1 "$TMP/report")" \
        && grep -qx '  memory/c  (nothing to free here)' "$TMP/report" \
        && same_lines 'game.c main+5 str-char :: printf("x");' "$(cat "$TMP/run/survivors.txt")"
}

# A made-up manifest of N mutants over two files.
made_up_manifest() {
    awk -v n="$1" 'BEGIN { for (i = 1; i <= n; i++)
        printf "%s-%03d\tgame\tcmp\t%d\tf+%d\t    x = %d;\n", i % 2 ? "a" : "b", i, i, i, i }'
}

# The same seed picks the same mutants, another seed others; 0 or a
# large N keeps all; junk is refused.
sample_seeded() {
    made_up_manifest 200 > "$TMP/m200"
    one=$(sh tests/mutation/sample.sh 10 1 < "$TMP/m200" 2>/dev/null)
    [ "$(printf '%s\n' "$one" | wc -l)" -eq 10 ] || { echo "not 10: $one"; return 1; }
    same_lines "$one" "$(sh tests/mutation/sample.sh 10 1 < "$TMP/m200" 2>/dev/null)" || return 1
    [ "$one" != "$(sh tests/mutation/sample.sh 10 2 < "$TMP/m200" 2>/dev/null)" ] || return 1
    # in the manifest's order
    same_lines "$one" "$(printf '%s\n' "$one" | sort -t'	' -k4,4n)" || return 1
    [ "$(sh tests/mutation/sample.sh 0 < "$TMP/m200" | wc -l)" -eq 200 ] \
        && [ "$(sh tests/mutation/sample.sh 500 3 < "$TMP/m200" | wc -l)" -eq 200 ] \
        && ! sh tests/mutation/sample.sh x < "$TMP/m200" 2>/dev/null \
        && ! sh tests/mutation/sample.sh 3 y < "$TMP/m200" 2>/dev/null
}

# The sample follows the mutants' keys, not their numbers: renumbered
# (an edit elsewhere in the file), the same mutants are picked.
sample_follows_keys() {
    made_up_manifest 200 > "$TMP/m200"
    awk -F'\t' 'BEGIN { OFS = "\t" } { n = $1; sub(/^.-/, "", n); $1 = substr($1, 1, 2) (n + 500) } 1' \
        "$TMP/m200" > "$TMP/m200x"
    same_lines "$(sh tests/mutation/sample.sh 12 5 < "$TMP/m200" 2>/dev/null | cut -f2-)" \
               "$(sh tests/mutation/sample.sh 12 5 < "$TMP/m200x" 2>/dev/null | cut -f2-)"
}

# Every mutant named in the survivors list joins the sample.
sample_adds_survivors() {
    made_up_manifest 200 > "$TMP/m200"
    printf '%s\n' '# survivors' 'a.c f+7 cmp :: x = 7;' 'b.c f+100 cmp :: x = 100;' \
        'b.c f+1 cmp :: x = 1;' > "$TMP/surv"
    sh tests/mutation/sample.sh 5 1 "$TMP/surv" < "$TMP/m200" > "$TMP/s" 2> "$TMP/s.err"
    grep -q '^a-007	' "$TMP/s" && grep -q '^b-100	' "$TMP/s" && ! grep -q '^b-001	' "$TMP/s" \
        && [ "$(wc -l < "$TMP/s")" -eq $((5 + $(sed -n 's/.* and \([0-9]*\) more .*/\1/p' "$TMP/s.err"))) ] \
        || { cat "$TMP/s" "$TMP/s.err"; return 1; }
}

# A full run whose 20 survivors CI's sample (20 of 200, seed 3) misses:
# the sample reads 100%, the whole 90%, and ci_gap.sh warns; once the
# survivors list names them (CI grades them again) it says nothing.
ci_gap_warns() {
    out=$TMP/gap
    rm -rf "$out" && mkdir -p "$out/mutants"
    made_up_manifest 200 > "$out/manifest-all.tsv"
    cp "$out/manifest-all.tsv" "$out/manifest.tsv"
    echo '{"tests":[{"name":"unit/a"}]}' > "$out/reference.json"
    sh tests/mutation/sample.sh 20 3 < "$out/manifest-all.tsv" 2>/dev/null | cut -f1 > "$TMP/picked"
    cut -f1 "$out/manifest-all.tsv" | grep -vxF -f "$TMP/picked" | head -n 20 > "$TMP/missed"
    cut -f1 "$out/manifest-all.tsv" | while read -r id; do
        if grep -qx "$id" "$TMP/missed"; then printf '%s\tsurvived\t100\t\t\n' "$id"
        else printf '%s\tkilled\t0\tunit/a\t\n' "$id"; fi > "$out/mutants/$id.status"
    done
    sh tests/mutation/report.sh "$out" /dev/null 60 1 > "$out/report.txt" || return 1
    grep -q '(90.0%)$' "$out/report.txt" || { tail -n 1 "$out/report.txt"; return 1; }
    warning=$(sh tests/mutation/ci_gap.sh "$out" 20 3 /dev/null /dev/null) || return 1
    same_lines "WARNING: CI's sample (20 mutants) scores 100.0% on these verdicts, 10.0 points above this full run: it hides survivors; raise ci_sample or change ci_seed in mutation.conf" "$warning" || return 1
    grep -F -f "$TMP/missed" "$out/manifest-all.tsv" |
        awk -F'\t' '{ f = $1; sub(/-[0-9]+$/, "", f); print f ".c " $5 " " $3 " :: " substr($6, 5) }' > "$TMP/gap-surv"
    [ "$(wc -l < "$TMP/gap-surv")" -eq 20 ] || return 1
    quiet=$(sh tests/mutation/ci_gap.sh "$out" 20 3 "$TMP/gap-surv" /dev/null) || return 1
    same_lines "" "$quiet"
}

# -s NAME makes a comparison with NAME a bounds check, -b F makes F's
# changes memory ones, -P F makes F print (del-print, output); a malformed
# -n is refused.
options_set_categories() {
    printf '%s\n' 'void f(int i)' '{' '    show(i);' '    if (i < SIZE)' '        i = 0;' '}' > "$TMP/opt.c"
    cats() { "$MUTATE" "$@" "$TMP/opt.c" | awk -F'\t' '$4 == 3 || ($4 == 4 && $3 == "cmp") { print $4 ":" $3 ":" $2 }' | tr '\n' ' '; }
    same_lines '3:del-stmt:code 4:cmp:code ' "$(cats)" \
        && same_lines '3:del-print:output 4:cmp:code ' "$(cats -P show)" \
        && same_lines '3:del-stmt:code 4:cmp:memory ' "$(cats -s SIZE)" \
        && same_lines '3:del-stmt:memory 4:cmp:memory ' "$(cats -b f)" \
        && ! "$MUTATE" -n RE "$TMP/opt.c" 2>/dev/null && ! "$MUTATE" -n /GR "$TMP/opt.c" 2>/dev/null
}

# Every assignment's tests/<id>/mutation.conf names files of its
# solution/<id>/ that mutate, a CI sample, and an equivalent list whose
# entries are well formed.
every_conf_works() {
    found=0
    for conf in tests/*/mutation.conf; do
        [ -f "$conf" ] || continue
        found=1
        id=$(basename "$(dirname "$conf")")
        common=$(awk '$1 == "options" { for (i = 2; i <= NF; i++) printf "%s ", $i }' "$conf")
        awk '$1 == "source" { print $2 }' "$conf" > "$TMP/sources"
        [ -s "$TMP/sources" ] || { echo "$conf: no source line"; return 1; }
        for file in $(awk '$1 == "source" { print $2 }' "$conf"); do
            opts=$(awk -v f="$file" '$1 == "source" && $2 == f { for (i = 3; i <= NF; i++) printf "%s ", $i }' "$conf")
            # shellcheck disable=SC2086 # lists of options
            n=$("$MUTATE" $common $opts "solution/$id/$file" | wc -l) || return 1
            [ "$n" -gt 0 ] || { echo "$conf: no mutant of $file"; return 1; }
        done
        grep -q '^ci_sample [1-9][0-9]*$' "$conf" || { echo "$conf: no ci_sample"; return 1; }
        if [ -f "tests/$id/equivalent.txt" ]; then
            awk '!/^[ \t]*(#|$)/ && !/^(same|no-args|contract) [^ ]+\.c [^ ]+\+[0-9]+ [^ ]+ :: .* :: ./ {
                print FILENAME ":" FNR ": " $0; bad = 1 } END { exit bad }' "tests/$id/equivalent.txt" || return 1
        fi
    done
    [ "$found" -eq 1 ]
}

# run.sh itself, on a made-up kit: an assignment "demo" whose reference is
# the fixture's function pick(), and a stand-in grader that gives full
# marks to the reference and to every mutant whose number ends in 5.  A
# full run scores below 95% (exit 1) and writes the survivors list; a
# resumed run (MUTATION_RESUME) grades only the mutants without a verdict;
# a CI sample grades the seeded mutants and every listed survivor; with
# every survivor listed as equivalent the run passes (exit 0).
# demo_kit KIT: a made-up kit in KIT with assignment "demo", the
# fixture's pick() as its reference; the caller writes KIT/bin/grade.
demo_kit() {
    rm -rf "$1"
    mkdir -p "$1/tests/mutation/mutate" "$1/grader/clex" "$1/tests/demo" "$1/solution/demo" "$1/bin"
    cp tests/mutation/*.sh "$1/tests/mutation/"
    cp tests/mutation/mutate/* "$1/tests/mutation/mutate/"
    cp grader/clex/clex.c grader/clex/clex.h "$1/grader/clex/"
    { echo 'enum { RE = 1, GR = 2 };'; sed -n '/^int pick/,/^}/p' "$FIX/fixture.c"; } \
        > "$1/solution/demo/demo.c"
    printf '%s\n' 'options -n RE/GR' 'source demo.c -c required' 'ci_sample 4' 'ci_seed 3' \
        'idle ^unit/b$ never runs' > "$1/tests/demo/mutation.conf"
}

driver_end_to_end() {
    kit=$TMP/kit
    demo_kit "$kit"
    cat > "$kit/bin/grade" <<'GRADER'
#!/bin/sh
out=; while [ $# -gt 1 ]; do [ "$1" = -o ] && out=$2; shift; done
echo "$1" >> "${0%/*}/graded.log"
case $1 in solution/*|*5) s=100 ;; *) s=60 ;; esac
printf '{"score":%d,"max_score":100,"tests":[{"name":"build/compiles","status":"passed","score":0,"max_score":0},{"name":"unit/a","status":"x","score":%d,"max_score":100},{"name":"unit/b","status":"x","score":0,"max_score":0}]}\n' "$s" "$s" > "$out"
GRADER
    chmod +x "$kit/bin/grade"
    export GRADE="$kit/bin/grade"
    sh "$kit/tests/mutation/run.sh" demo > "$TMP/full.out" 2>&1
    [ $? -eq 1 ] || { echo "full run: not exit 1"; cat "$TMP/full.out"; return 1; }
    report=$kit/build/mutation/demo/report.txt
    survived=$(awk -F'\t' '$2 == "survived"' "$kit"/build/mutation/demo/mutants/*.status | wc -l)
    grep -q "^mutation score: .*" "$report" && [ "$survived" -gt 0 ] \
        && [ "$(grep -vc '^#' "$kit/tests/demo/mutation-survivors.txt")" -eq "$survived" ] \
        && same_lines 'Mutation analysis of demo (solution/demo/demo.c)' "$(head -n 1 "$report")" \
        && grep -qx '  unit/b  (never runs)' "$report" || { cat "$TMP/full.out"; return 1; }
    # An interrupted run resumed: only the mutants without a verdict, or
    # whose grader failed, are graded again (and the reference).
    rm "$kit/build/mutation/demo/mutants/demo-002.status" "$kit/build/mutation/demo/mutants/demo-004.status"
    sed -i 's/	killed	/	error	/' "$kit/build/mutation/demo/mutants/demo-001.status"
    : > "$kit/bin/graded.log"
    MUTATION_RESUME=1 sh "$kit/tests/mutation/run.sh" demo > "$TMP/resume.out" 2>&1
    same_lines "demo-001
demo-002
demo-004
solution/demo" "$(sed 's|.*/sub/||' "$kit/bin/graded.log" | LC_ALL=C sort)" \
        && same_lines "$(tail -n 1 "$TMP/full.out")" "$(tail -n 1 "$TMP/resume.out")" \
        || { echo "resumed:"; cat "$TMP/resume.out"; return 1; }
    cp "$kit/tests/demo/mutation-survivors.txt" "$TMP/surv-before"
    MUTATION_SAMPLE=ci sh "$kit/tests/mutation/run.sh" demo > "$TMP/ci.out" 2>&1
    more=$(sed -n 's/^sample: 4 of .* and \([0-9]*\) more .*/\1/p' "$TMP/ci.out")
    [ -n "$more" ] && [ "$(wc -l < "$kit/build/mutation/demo/manifest.tsv")" -eq $((4 + more)) ] \
        && [ "$(awk -F'\t' '$2 == "survived"' "$kit"/build/mutation/demo/mutants/*.status | wc -l)" -eq "$survived" ] \
        && cmp -s "$TMP/surv-before" "$kit/tests/demo/mutation-survivors.txt" \
        && grep -q 'a sample of 4' "$TMP/ci.out" || { echo "CI sample:"; cat "$TMP/ci.out"; return 1; }
    grep -v '^#' "$kit/tests/demo/mutation-survivors.txt" | sed 's/^/same /; s/$/ :: made up/' \
        > "$kit/tests/demo/equivalent.txt"
    sh "$kit/tests/mutation/run.sh" demo > "$TMP/eq.out" 2>&1 \
        || { echo "with every survivor equivalent:"; cat "$TMP/eq.out"; return 1; }
    tail -n 1 "$TMP/eq.out" | grep -q '(100.0%)$'
}

# A sample is judged in two stages (MUTATION_STAGED): every test but the
# memory checks first, the whole suite only for a mutant that stage left
# at full marks.  The stand-in grader here kills the mutants whose number
# ends in 1 in a unit test, those ending in 3 only in a memory check, and
# gives full marks to the rest.  Each kind must get its verdict, a unit
# kill after one grading (--test '[bstu]*'), the others after two; the
# report leaves the memory checks out of "tests that kill nothing".
staged_judging() {
    kit=$TMP/staged
    demo_kit "$kit"
    cat > "$kit/bin/grade" <<'GRADER'
#!/bin/sh
out=; stage=all
while [ $# -gt 1 ]; do
    [ "$1" = -o ] && out=$2; [ "$1" = --test ] && stage=$2; shift
done
echo "${1##*/} $stage" >> "${0%/*}/graded.log"
u=100 m=100
case $1 in *1) u=0 ;; *3) [ "$stage" = all ] && m=0 ;; esac
printf '{"score":%d,"max_score":200,"tests":[{"name":"build/compiles","status":"passed","score":0,"max_score":0},{"name":"unit/a","status":"failed","score":%d,"max_score":100},{"name":"memory/a","status":"failed","score":%d,"max_score":100}]}\n' \
    $((u + m)) "$u" "$m" > "$out"
GRADER
    chmod +x "$kit/bin/grade"
    GRADE="$kit/bin/grade" MUTATION_SAMPLE=100 sh "$kit/tests/mutation/run.sh" demo > "$TMP/staged.out" 2>&1
    log=$kit/bin/graded.log st=$kit/build/mutation/demo/mutants
    same_lines "demo-001 [bstu]*" "$(grep '^demo-001 ' "$log")" \
        && same_lines "demo-003 [bstu]*
demo-003 all" "$(grep '^demo-003 ' "$log")" \
        && same_lines "demo-002 [bstu]*
demo-002 all" "$(grep '^demo-002 ' "$log")" \
        && same_lines "killed killed survived" \
            "$(cut -f2 "$st/demo-001.status" "$st/demo-003.status" "$st/demo-002.status" | tr '\n' ' ' | sed 's/ $//')" \
        && same_lines "memory/a" "$(cut -f4 "$st/demo-003.status")" \
        && grep -q 'the 1 memory checks are left out' "$TMP/staged.out" \
        || { cat "$log" "$TMP/staged.out"; return 1; }
}

# ------------------------------------------------------------------ tests

check "mutation: the mutator builds without warnings" build_warning_free
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
check "mutation: a contract equivalent leaves the score and counts in the stricter one" report_contract_kind
check "mutation: report's title, idle reasons, survivors' keys" report_title_idle_survivors
check "mutation: the sample is the same for the same seed" sample_seeded
check "mutation: the sample follows the mutants' keys, not their numbers" sample_follows_keys
check "mutation: the sample adds the last full run's survivors" sample_adds_survivors
check "mutation: a full run warns when CI's sample reads more than 5 points above it" ci_gap_warns
check "mutation: -s, -b and -P set categories; a bad -n is refused" options_set_categories
check "mutation: every assignment's mutation.conf mutates its files" every_conf_works
check "mutation: run.sh on a made-up assignment (full run, CI sample, equivalents)" driver_end_to_end
check "mutation: a sample is judged in two stages, the memory checks last" staged_judging
check "mutation: report warns about wrong equivalent.txt entries" report_warnings

#!/bin/sh
# run.sh -- mutation analysis of the reference: plants one small bug at a
# time in solution/chinese-checkers/checkers.c and solution/chinese-checkers/game.c and counts how many of
# these mutants the kit's tests (build/grade's full default suite: build,
# unit tests, every transcript, ASan and Valgrind) catch.  `make mutation`
# runs it, after `make`.
#
# usage: sh tests/mutation/run.sh
# Environment:
#   MUTATION_JOBS  mutants graded at a time (default 2; each grader -j 1)
#   MUTATION_ONLY  an extended regular expression: grade only the mutants
#                  whose ID matches (e.g. 'game-0(1|2)'), for a quick rerun
#   MUTATION_SAMPLE  N: grade about N mutants spread evenly over the
#                  (filtered) list (sample.sh), so every function keeps a
#                  share; CI grades a sample, a full run (the default, 0)
#                  is for before a release
#   GRADE          the grader (default build/grade)
#
# Steps: build tests/mutation/mutate.c into build/mutation/; write every
# mutant into a temporary folder (removed at the end); grade solution/
# itself, which must score full marks; judge each mutant with
# grade-one.sh, MUTATION_JOBS at a time; write the report with report.sh
# to stdout and build/mutation/report.txt.  Per-mutant verdicts, diffs and
# JSON reports stay in build/mutation/mutants/.  The last line is
# "mutation score: K/N killed (P%)"; the exit status is 0 when P >= 95,
# 1 when below, 2 when the analysis could not run or left a mutant
# unjudged (the grader failed on it).
set -u
cd "$(dirname "$0")/../.." || exit 2

OUT=build/mutation
JOBS=${MUTATION_JOBS:-2}
ONLY=${MUTATION_ONLY:-.}
SAMPLE=${MUTATION_SAMPLE:-0}
GRADE=${GRADE:-build/grade}
THRESHOLD=95

# Writes every mutant and prints the manifest.  -c names the category of
# the mutants that are neither output nor memory changes; -x leaves alone
# the code guarded by echo_moves or argc: it runs only with command-line
# arguments (--echo, a wrong one), which the grader never passes.
mutate_all() {
    "$OUT/mutate" -o "$MUT_WORK/src" -c required solution/chinese-checkers/checkers.c \
        && "$OUT/mutate" -o "$MUT_WORK/src" -c game -x echo_moves -x argc solution/chinese-checkers/game.c
}

load_now() {
    cut -d' ' -f1 /proc/loadavg 2>/dev/null || echo '?'
}

# Judges every mutant of the manifest, $JOBS at a time: worker K takes
# mutants K, K+JOBS, K+2*JOBS... (neighbours, often alike, are spread over
# the workers).
judge_all() {
    k=0
    while [ "$k" -lt "$JOBS" ]; do
        awk -F '\t' -v n="$JOBS" -v k="$k" '(NR - 1) % n == k { print $1 }' "$OUT/manifest.tsv" |
            while read -r id; do sh tests/mutation/grade-one.sh "$id" < /dev/null; done &
        k=$((k + 1))
    done
    wait
}

die() {
    echo "mutation: $*" >&2
    exit 2
}

[ -x "$GRADE" ] || die "$GRADE is missing: run make first"
command -v jq >/dev/null || die "jq is missing"
start=$(date +%s)
load_start=$(load_now)
mkdir -p "$OUT" || die "cannot create $OUT"
rm -rf "$OUT/mutants" && mkdir -p "$OUT/mutants" || die "cannot clear $OUT/mutants"
cc -std=c11 -O2 -Wall -Wextra -Wpedantic -o "$OUT/mutate" tests/mutation/mutate.c \
    || die "cannot build the mutator"

MUT_WORK=$(mktemp -d "${TMPDIR:-/tmp}/mutation.XXXXXX") || die "no temporary folder"
MUT_OUT=$OUT/mutants
export MUT_WORK MUT_OUT GRADE
trap 'rm -rf "$MUT_WORK"' EXIT
trap 'exit 130' INT TERM
mkdir -p "$MUT_WORK/src" "$MUT_WORK/sub"

mutate_all > "$MUT_WORK/manifest.tsv" || die "mutate failed"
cp "$MUT_WORK/manifest.tsv" "$OUT/manifest-all.tsv" || die "cannot write $OUT"
awk -F '\t' -v only="$ONLY" '$1 ~ only' "$OUT/manifest-all.tsv" |
    sh tests/mutation/sample.sh "$SAMPLE" > "$OUT/manifest.tsv" || die "bad MUTATION_SAMPLE"

sh tests/mutation/grade-one.sh --reference || die "the reference does not compile"

"$GRADE" -a chinese-checkers --format json -j 1 -o "$OUT/reference.json" solution/chinese-checkers || die "cannot grade solution/chinese-checkers/"
jq -e '.score == .max_score' "$OUT/reference.json" >/dev/null \
    || die "solution/ itself does not get full marks: see $OUT/reference.json"

total=$(wc -l < "$OUT/manifest.tsv")
echo "mutation: grading $total mutants, $JOBS at a time (k killed, S survived, x stillborn, = equivalent)" >&2
judge_all
echo >&2

end=$(date +%s)
load="load average $load_start at the start and $(load_now) at the end, $(getconf _NPROCESSORS_ONLN) cores"
sh tests/mutation/report.sh "$OUT" tests/mutation/equivalent.txt $((end - start)) "$JOBS" "$load" \
    > "$OUT/report.txt" || die "cannot write the report"
cat "$OUT/report.txt"
grep -q '^  NOT JUDGED' "$OUT/report.txt" && die "some mutants were not judged: see the report"
tail -n 1 "$OUT/report.txt" | awk -v t="$THRESHOLD" '
    { p = $NF; gsub(/[(%)]/, "", p); exit (p + 0 >= t ? 0 : 1) }'

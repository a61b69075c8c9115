#!/bin/sh
# run.sh -- mutation analysis of each assignment's reference: plants one
# small bug at a time in the files of solution/<id>/ that the assignment's
# tests/<id>/mutation.conf names, and counts how many of these mutants
# the kit's tests (build/grade -a <id>'s full default suite: build, unit
# tests, every transcript, ASan and Valgrind; a sample in two stages,
# the memory checks last: MUTATION_STAGED below) catch.  `make mutation`
# runs it, after `make`, for every assignment (ASSIGNMENT=<id>: one).
#
# usage: sh tests/mutation/run.sh [ID...]
#   ID  an assignment with a tests/ID/mutation.conf (default: every one)
# Environment:
#   MUTATION_JOBS    mutants graded at a time (default 2; each grader -j 1)
#   MUTATION_ONLY    an extended regular expression: grade only the mutants
#                    whose ID matches (e.g. 'game-0(1|2)'), for a quick rerun
#   MUTATION_SAMPLE  0 (the default): every mutant, a full run.  N: per
#                    assignment, N mutants picked by a seeded hash of each
#                    mutant's key, plus every mutant that survived the last
#                    full run (sample.sh); "ci": N is the conf's ci_sample.
#                    The same mutants every time, whatever else changed
#   MUTATION_SEED    the sample's seed (default: the conf's ci_seed, or 1)
#   MUTATION_RESUME  1: finish an interrupted run instead of starting
#                    afresh: the verdicts already in build/mutation/<id>/
#                    stay, and only the mutants without one (or whose
#                    grader failed) are judged; the mutants must be the
#                    same as that run's
#   MUTATION_STAGED  1: judge each mutant in two stages, every test but
#                    the memory checks first, and grade the whole suite
#                    only for a mutant the first stage left at full marks
#                    (grade-one.sh); 0: the whole suite at once.  Default:
#                    1 for a sample, 0 for a full run, whose report's
#                    "tests that kill nothing" needs every test run on
#                    every mutant
#   GRADE            the grader (default build/grade)
#
# Per assignment: build the mutator (tests/mutation/mutate/) into
# build/mutation/; write every mutant into a temporary folder (removed at
# the end); grade solution/<id> itself, which must score full marks;
# judge each mutant with grade-one.sh, MUTATION_JOBS at a time; write the
# report with report.sh to stdout and build/mutation/<id>/report.txt.
# Per-mutant verdicts, diffs and JSON reports stay in
# build/mutation/<id>/mutants/.  Each report's last line is "mutation
# score: K/N killed (P%)"; a full run's report warns above it when CI's
# sample would have scored more than 5 points higher (ci_gap.sh).  A
# full run (no MUTATION_ONLY, no sample) that
# judged every mutant also rewrites tests/<id>/mutation-survivors.txt, the
# survivors that CI's sample always grades again.  The exit status is 0
# when every assignment scores P >= 95, 1 when one is below, 2 when the
# analysis could not run or left a mutant unjudged (the grader failed).
set -u
cd "$(dirname "$0")/../.." || exit 2

JOBS=${MUTATION_JOBS:-2}
ONLY=${MUTATION_ONLY:-.}
SAMPLE=${MUTATION_SAMPLE:-0}
GRADE=${GRADE:-build/grade}
THRESHOLD=95

die() {
    echo "mutation: $*" >&2
    exit 2
}

load_now() {
    cut -d' ' -f1 /proc/loadavg 2>/dev/null || echo '?'
}

# conf_values KEY: the words after KEY on every "KEY ..." line of $CONF.
conf_values() {
    awk -v k="$1" '$1 == k { for (i = 2; i <= NF; i++) printf "%s ", $i }' "$CONF"
}

# Writes every mutant of every "source FILE OPTIONS..." line of $CONF and
# prints the manifest.  Options from "options" lines apply to every file.
mutate_all() {
    common=$(conf_values options)
    awk '$1 == "source"' "$CONF" |
        while read -r _ file opts; do
            [ -f "$SOLUTION/$file" ] || { echo "mutation: $CONF: no $SOLUTION/$file" >&2; exit 1; }
            # shellcheck disable=SC2086 # lists of options
            "$MUTATE" -o "$MUT_WORK/src" $common $opts "$SOLUTION/$file" || exit 1
        done
}

# Judges every mutant of the manifest, $JOBS at a time: worker K takes
# mutants K, K+JOBS, K+2*JOBS... (neighbours, often alike, are spread over
# the workers).
judge_all() {
    k=0
    while [ "$k" -lt "$JOBS" ]; do
        awk -F '\t' -v n="$JOBS" -v k="$k" '(NR - 1) % n == k { print $1 }' "$OUT/manifest.tsv" |
            while read -r id; do
                [ -f "$OUT/mutants/$id.status" ] || sh tests/mutation/grade-one.sh "$id" < /dev/null
            done &
        k=$((k + 1))
    done
    wait
}

# The sample size for this assignment: 0 (all), or N.
sample_size() {
    case $SAMPLE in
        ci) n=$(conf_values ci_sample | awk '{ print $1 }')
            echo "${n:-0}" ;;
        *) echo "$SAMPLE" ;;
    esac
}

# analyse ID: the whole analysis of one assignment.  Exits (it runs in a
# subshell) with run.sh's status for that assignment.
analyse() {
    MUT_ASSIGNMENT=$1
    CONF=tests/$1/mutation.conf
    EQUIVALENT=tests/$1/equivalent.txt
    SURVIVORS=tests/$1/mutation-survivors.txt
    SOLUTION=solution/$1
    OUT=build/mutation/$1
    [ -f "$CONF" ] || die "$1: no $CONF (tests/mutation/README.md says what it holds)"
    [ -d "$SOLUTION" ] || die "$1: no $SOLUTION/"
    [ -f "$EQUIVALENT" ] || EQUIVALENT=/dev/null
    start=$(date +%s)
    load_start=$(load_now)
    elapsed=0
    if [ "${MUTATION_RESUME:-0}" = 1 ] && [ -f "$OUT/manifest.tsv" ]; then
        mv "$OUT/manifest-all.tsv" "$OUT/manifest-before.tsv" && mv "$OUT/manifest.tsv" "$OUT/judged-before.tsv" \
            || die "cannot resume in $OUT"
        elapsed=$(cat "$OUT/elapsed" 2>/dev/null || echo 0)
        # a verdict "error" (the grader failed) is judged again
        grep -l "	error	" "$OUT"/mutants/*.status 2>/dev/null | while read -r f; do rm -f "$f"; done
    else
        rm -rf "$OUT" && mkdir -p "$OUT/mutants" || die "cannot clear $OUT"
    fi

    MUT_WORK=$(mktemp -d "${TMPDIR:-/tmp}/mutation.XXXXXX") || die "no temporary folder"
    MUT_OUT=$OUT/mutants
    MUT_STAGED=${MUTATION_STAGED:-$([ "$(sample_size)" = 0 ] && echo 0 || echo 1)}
    export MUT_WORK MUT_OUT GRADE MUT_ASSIGNMENT MUT_SOLUTION="$SOLUTION" MUT_STAGED
    trap 'rm -rf "$MUT_WORK"' EXIT
    trap 'exit 130' INT TERM
    mkdir -p "$MUT_WORK/src" "$MUT_WORK/sub"

    mutate_all > "$MUT_WORK/manifest.tsv" || die "$1: mutate failed"
    cp "$MUT_WORK/manifest.tsv" "$OUT/manifest-all.tsv" || die "cannot write $OUT"
    if [ -f "$OUT/manifest-before.tsv" ]; then
        cmp -s "$OUT/manifest-all.tsv" "$OUT/manifest-before.tsv" \
            || die "$1: cannot resume: the mutants are not those of the interrupted run (rerun without MUTATION_RESUME)"
        rm -f "$OUT/manifest-before.tsv"
    fi
    n=$(sample_size)
    seed=${MUTATION_SEED:-$(conf_values ci_seed | awk '{ print $1 }')}
    awk -F '\t' -v only="$ONLY" '$1 ~ only' "$OUT/manifest-all.tsv" |
        sh tests/mutation/sample.sh "$n" "${seed:-1}" "$SURVIVORS" > "$OUT/manifest.tsv" \
        || die "bad MUTATION_SAMPLE or MUTATION_SEED"
    if [ -f "$OUT/judged-before.tsv" ]; then
        cmp -s "$OUT/manifest.tsv" "$OUT/judged-before.tsv" \
            || die "$1: cannot resume: another sample or MUTATION_ONLY than the interrupted run's"
        rm -f "$OUT/judged-before.tsv"
    fi

    sh tests/mutation/grade-one.sh --reference || die "$1: the reference does not compile"
    "$GRADE" -a "$1" --format json -j 1 -o "$OUT/reference.json" "$SOLUTION" \
        || die "cannot grade $SOLUTION/"
    jq -e '.score == .max_score' "$OUT/reference.json" >/dev/null \
        || die "$SOLUTION/ itself does not get full marks: see $OUT/reference.json"

    total=$(wc -l < "$OUT/manifest.tsv")
    all=$(wc -l < "$OUT/manifest-all.tsv")
    what="$total mutants"
    [ "$n" != 0 ] && [ "$ONLY" = . ] && what="$total of $all mutants (a sample of $n, seed ${seed:-1}, with the last full run's survivors)"
    left=$(cut -f1 "$OUT/manifest.tsv" | while read -r id; do [ -f "$OUT/mutants/$id.status" ] || echo "$id"; done | wc -l)
    [ "$left" -lt "$total" ] && what="$what (resumed: $left still to judge)"
    echo "mutation $1: grading $what, $JOBS at a time (k killed, S survived, x stillborn, = equivalent)" >&2
    judge_all
    echo >&2

    end=$(date +%s)
    echo $((elapsed + end - start)) > "$OUT/elapsed"
    load="load average $load_start at the start and $(load_now) at the end, $(getconf _NPROCESSORS_ONLN) cores"
    awk -v id="$1" -v d="$SOLUTION" '
        $1 == "source" { files = files (files == "" ? "" : ", ") d "/" $2 }
        END { printf "Mutation analysis of %s (%s)\n", id, files }' "$CONF" > "$OUT/title.txt"
    awk '$1 == "idle" { p = $2; sub(/^[ \t]*idle[ \t]+[^ \t]+[ \t]+/, ""); print p "\t" $0 }' \
        "$CONF" > "$OUT/idle.txt"
    sh tests/mutation/report.sh "$OUT" "$EQUIVALENT" $((elapsed + end - start)) "$JOBS" "$load" \
        > "$OUT/report.txt" || die "cannot write the report"
    if [ "$total" -eq "$all" ]; then
        ci_n=$(conf_values ci_sample | awk '{ print $1 }')
        ci_seed=$(conf_values ci_seed | awk '{ print $1 }')
        [ -n "$ci_n" ] && gap=$(sh tests/mutation/ci_gap.sh "$OUT" "$ci_n" "${ci_seed:-1}" "$SURVIVORS" "$EQUIVALENT") \
            && [ -n "$gap" ] && { sed '$d' "$OUT/report.txt"; echo "$gap"; tail -n 1 "$OUT/report.txt"; } \
                > "$OUT/report.tmp" && mv "$OUT/report.tmp" "$OUT/report.txt"
    fi
    cat "$OUT/report.txt"
    grep -q '^  NOT JUDGED' "$OUT/report.txt" && die "$1: some mutants were not judged: see the report"
    if [ "$total" -eq "$all" ]; then
        { echo "# mutation-survivors.txt -- the mutants of $1 that survived"
          echo "# the last full mutation run ($(date -u +%Y-%m-%d): $(tail -n 1 "$OUT/report.txt" | sed 's/^mutation score: //'))."
          echo "# Written by tests/mutation/run.sh; CI's sample (MUTATION_SAMPLE=ci)"
          echo "# grades each of them again.  Each line is FILE PLACE OPERATOR ::"
          echo "# MUTATED LINE, as in equivalent.txt."
          cat "$OUT/survivors.txt"; } > "$SURVIVORS.tmp" && mv "$SURVIVORS.tmp" "$SURVIVORS" \
            || die "cannot write $SURVIVORS"
    fi
    tail -n 1 "$OUT/report.txt" | awk -v t="$THRESHOLD" '
        { p = $NF; gsub(/[(%)]/, "", p); exit (p + 0 >= t ? 0 : 1) }'
}

[ -x "$GRADE" ] || command -v "$GRADE" >/dev/null || die "$GRADE is missing: run make first"
command -v jq >/dev/null || die "jq is missing"
case $SAMPLE in ci | *[!0-9]* | '') [ "$SAMPLE" = ci ] || die "MUTATION_SAMPLE must be a number or ci, not '$SAMPLE'" ;; esac
ids=${*:-$(for c in tests/*/mutation.conf; do [ -f "$c" ] && basename "$(dirname "$c")"; done)}
[ -n "$ids" ] || die "no tests/<id>/mutation.conf"

mkdir -p build/mutation || die "cannot create build/mutation"
MUTATE=build/mutation/mutate
export MUTATE
cc -std=c11 -O2 -Wall -Wextra -Wpedantic -o "$MUTATE" tests/mutation/mutate/*.c \
    || die "cannot build the mutator"
trap 'exit 130' INT TERM

status=0
summary=
for id in $ids; do
    (analyse "$id")
    s=$?
    [ "$s" -gt "$status" ] && status=$s
    line=$(tail -n 1 "build/mutation/$id/report.txt" 2>/dev/null)
    case $line in "mutation score: "*) ;; *) line="no score (the analysis stopped)" ;; esac
    summary="$summary$(printf '  %-18s %s%s' "$id" "${line#mutation score: }" \
        "$([ "$s" -eq 1 ] && echo "  BELOW $THRESHOLD%")")
"
done
if [ "$(echo "$ids" | wc -w)" -gt 1 ]; then
    echo
    echo "mutation scores (reports in build/mutation/<id>/report.txt):"
    printf '%s' "$summary"
fi
exit "$status"

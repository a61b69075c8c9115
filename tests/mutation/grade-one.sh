#!/bin/sh
# grade-one.sh -- judge one mutant for run.sh (which runs several at once).
#
# usage: sh tests/mutation/grade-one.sh ID
#        sh tests/mutation/grade-one.sh --reference    (once, before any ID)
# Environment (set by run.sh): MUT_WORK, the temporary folder holding
# src/ID.c (the mutated file), where --reference compiles the reference's
# objects into obj/; MUT_OUT, where ID.diff, ID.json and ID.status go;
# MUT_SOLUTION, the reference's folder (solution/<id>); MUT_ASSIGNMENT,
# its assignment's id (build/grade -a); GRADE, the grader.
#
# The mutant submission is the reference's folder with one file (game.c
# for an ID game-NNN, halma.c for halma-NNN) replaced by the mutant.  That file is
# first compiled alone, without debug information, twice: with gcc -O2,
# and with -O1 and the grader's sanitizers (ASan and UBSan).  A mutant
# that does not compile is "stillborn".  One whose two object files are
# byte for byte the reference's is "equivalent-object": whole objects are
# compared, not only .text, so a changed table in .rodata is never taken
# for equivalent; and the sanitizer build is compared too because -O2
# alone can hide a memory bug (a stack array one byte shorter is laid out
# in the same padded frame, while ASan's red zones see the difference).
# Anything else is graded with the full default suite, build/grade -a ID -j 1;
# with MUT_STAGED=1 (run.sh sets it for a sample), first with every test
# but the memory checks (--test '[bstu]*': build, style, transcript and
# unit tests), whose loss of any point is already a kill, and with the
# whole suite only when that stage gave full marks or lost points to
# time-outs alone.  The memory checks (ASan, UBSan and Valgrind sessions)
# cost more than the rest together, and the last full runs saw nine kills
# in ten made by the other tests too.
# A grade below full marks is "killed", full marks "survived", and a
# failed build "stillborn".  A kill made only of time-outs is graded once
# more (the machine may just have been busy), and the second verdict
# stands.  When the grader itself fails (exit status 2: it could not
# grade), it is tried once more a minute later (MUT_RETRY_SECONDS), and a
# second failure is the verdict "error".  ID.status is one line of tab-separated fields:
#     ID  STATUS  SCORE  FAILING-TESTS (space-separated)  NOTE
# and one character goes to stderr as progress: k killed, S survived,
# x stillborn, = equivalent.
set -u
id=$1
file=${id%-*}.c
sub=$MUT_WORK/sub/$id
grade=${GRADE:-build/grade}
solution=${MUT_SOLUTION:?set by run.sh}
assignment=${MUT_ASSIGNMENT:?set by run.sh}

# compile DIR FILE SUFFIX: FILE of DIR into $MUT_WORK/obj/FILE.SUFFIX.o,
# both ways.
compile() {
    (cd "$1" && gcc -std=c11 -O2 -c "$2" -o "$MUT_WORK/obj/$2.$3.o" \
        && gcc -std=c11 -O1 -fsanitize=address,undefined -c "$2" -o "$MUT_WORK/obj/$2.$3.san.o")
}

same_objects() {
    cmp -s "$MUT_WORK/obj/$file.$id.o" "$MUT_WORK/obj/$file.ref.o" \
        && cmp -s "$MUT_WORK/obj/$file.$id.san.o" "$MUT_WORK/obj/$file.ref.san.o"
}

write_status() {
    printf '%s\t%s\t%s\t%s\t%s\n' "$id" "$1" "$2" "$3" "$4" > "$MUT_OUT/$id.status"
    case $1 in
        killed) printf k ;; survived) printf S ;; stillborn) printf x ;; *) printf '=' ;;
    esac >&2
}

# Prints "SCORE<TAB>BUILD-STATUS<TAB>FAILING<TAB>FAILING-STATUSES" for a report.
summarise() {
    jq -r '[.score,
            ([.tests[] | select(.name == "build/compiles")][0].status // "missing"),
            ([.tests[] | select(.score < .max_score) | .name] | join(" ")),
            ([.tests[] | select(.score < .max_score) | .status] | unique | join(","))]
           | @tsv' "$1"
}

# grade_once [ARGS...]: grades the mutant (ARGS: more of the grader's
# options, such as --test GLOB) and summarises the report.
grade_once() {
    "$grade" -a "$assignment" --format json -j 1 "$@" -o "$MUT_OUT/$id.json" "$sub" 2>"$MUT_OUT/$id.stderr" \
        && summarise "$MUT_OUT/$id.json"
}

# grade_or_retry [ARGS...]: grade_once, and once more a minute later when
# the grader itself failed (a rebuild of build/ under way, a busy machine).
grade_or_retry() {
    grade_once "$@" && return 0
    sleep "${MUT_RETRY_SECONDS:-60}"
    grade_once "$@"
}

# first_stage: with MUT_STAGED=1, grades every test but the memory checks
# and writes the verdict when that is enough: stillborn, or killed by a
# loss that is not time-outs alone.  Returns 1 when the whole suite must
# judge.
first_stage() {
    [ "${MUT_STAGED:-0}" = 1 ] || return 1
    line=$(grade_or_retry --test '[bstu]*') || return 1
    failing=$(printf '%s' "$line" | cut -f3)
    if [ "$(printf '%s' "$line" | cut -f2)" != passed ]; then
        write_status stillborn "$(printf '%s' "$line" | cut -f1)" "" "the grader's build failed"
    elif [ -n "$failing" ] && [ "$(printf '%s' "$line" | cut -f4)" != timeout ]; then
        write_status killed "$(printf '%s' "$line" | cut -f1)" "$failing" ""
    else
        return 1
    fi
}

judge() {
    note=
    line=$(grade_or_retry) || { write_status error "" "" "the grader failed (twice)"; return; }
    if [ "$(printf '%s' "$line" | cut -f4)" = timeout ]; then
        note="timeouts only: graded twice"
        line=$(grade_or_retry) || { write_status error "" "" "the grader failed (twice)"; return; }
    fi
    score=$(printf '%s' "$line" | cut -f1)
    build=$(printf '%s' "$line" | cut -f2)
    failing=$(printf '%s' "$line" | cut -f3)
    if [ "$build" != passed ]; then
        write_status stillborn "$score" "" "the grader's build failed"
    elif [ -n "$failing" ]; then
        write_status killed "$score" "$failing" "$note"
    else
        write_status survived "$score" "" "$note"
    fi
}

if [ "$id" = --reference ]; then
    mkdir -p "$MUT_WORK/obj" "$MUT_WORK/ref" && cp "$solution"/*.[ch] "$MUT_WORK/ref/" || exit 2
    for f in "$MUT_WORK"/ref/*.c; do
        compile "$MUT_WORK/ref" "${f##*/}" ref || exit 2
    done
    exit 0
fi

mkdir -p "$sub"
cp "$solution"/*.[ch] "$sub/"
cp "$MUT_WORK/src/$id.c" "$sub/$file"
{ printf -- '--- a/%s/%s\n+++ b/%s/%s\n' "$solution" "$file" "$solution" "$file"
  diff -U0 "$solution/$file" "$sub/$file" | tail -n +3; } > "$MUT_OUT/$id.diff"
if ! compile "$sub" "$file" "$id" 2>/dev/null; then
    write_status stillborn "" "" "does not compile"
elif same_objects; then
    write_status equivalent-object "" "" "same object code as the reference"
elif ! first_stage; then
    judge
fi
rm -rf "$sub" "$MUT_WORK/obj/$file.$id.o" "$MUT_WORK/obj/$file.$id.san.o"

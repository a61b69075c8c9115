#!/bin/sh
# slurm.test.sh -- the cluster path under a real Slurm: a one-node cluster
# started by grader/slurm/local-cluster.sh (slurmctld, slurmd and munged
# of Debian's packages, state in this test's folder), then
#   - a class of 40 (correct, buggy and hostile examples, a zip, a tar.gz,
#     two bad archives) graded by grade-array.sbatch as a 4-task array,
#     task 2 cancelled half way (scancel): the merge job (afterany) is
#     refused naming shard 2, the array submitted again (to a drained
#     node, which runs nothing until resumed) grades only
#     what task 2 left (the other tasks find everyone unchanged), and the
#     merge's grades.csv and class.json equal one grade-all on one
#     machine student by student (seconds aside);
#   - every task's end read from Slurm (scontrol show job): COMPLETED
#     0:0, the cancelled one CANCELLED 143:0, the refused merge FAILED 2:0;
#   - a tournament of the example bots as 2 array tasks of
#     tournament-array.sbatch, merged: the same games, results and
#     ratings as one tournament with the same seed;
#   - a task killed by its time limit (TIMEOUT), submitted again: it
#     grades only the students the first attempt left, each once.
# Grading is cut to what the cluster path needs: a rubric of the build and
# one transcript (the examples' verdicts are tests/submissions.test.sh's).
# Skipped, saying why, only where the cluster cannot start (not root, no
# Slurm: sh grader/install-deps.sh installs it).  Run through tests/run.sh
# after `make`.
. tests/lib.sh

A=chinese-checkers
for program in build/grade-all build/grade build/tournament build/referee build/bots/house; do
    if [ ! -x "$program" ]; then
        skip "slurm" "$program is missing (run make)"
        exit 0
    fi
done

TMP=$(mktemp -d)
# As root every sandbox runs under a uid of its own, and munged as munge:
# both must reach their folders below.
chmod 755 "$TMP"
LOCAL_SLURM_DIR=$TMP/cluster
export LOCAL_SLURM_DIR
trap 'sh grader/slurm/local-cluster.sh stop 2>/dev/null; rm -rf "$TMP"' EXIT

if ! sh grader/slurm/local-cluster.sh start >"$TMP/start.out" 2>"$TMP/start.err"; then
    skip "slurm" "the local cluster cannot start: $(tail -n 1 "$TMP/start.err")"
    exit 0
fi
. "$TMP/start.out"            # export SLURM_CONF=...

# ---- the class and the rubric ------------------------------------------------

CLASS=$TMP/class
EX=$TMP/examples
mkdir -p "$CLASS"
# 35 example folders: every kind of tests/chinese-checkers/submissions.
NAMES="split_files single_file two_files header_extended header_copy_changed
chain_any_marble chain_quit_ends_game eof_invalid_loop invalid_msg_one_space
jump_ignores_middle jump_over_empty jumper_allows_back leak_per_move
neighbor_missing_diagonal no_bounds_check print_board_no_blank_line
prompt_one_space syntax_error uninit_variable
hostile_fork_bomb hostile_infinite_loop hostile_memory_hog hostile_stdout_flood
hostile_stderr_flood hostile_kill_parent hostile_network hostile_escape_writes
hostile_symlink hostile_terminal_escapes hostile_fake_output hostile_setsid_daemon
hostile_orphan_callee hostile_dev_zero hostile_slow hostile_cpu_laundering"
# shellcheck disable=SC2086 -- the names are meant to split
sh tests/submissions.sh "$A" "$EX" $NAMES swapped_xy >/dev/null
for name in $NAMES; do mv "$EX/$name" "$CLASS/"; done
cp -R "solution/$A" "$CLASS/reference"
(cd "solution/$A" && zip -qr "$CLASS/zipped.zip" .)
tar -czf "$CLASS/tarred.tar.gz" -C "$EX/swapped_xy" .
printf 'int main(void) { return 0; }\n' >"$TMP/escape.c"
tar -czf "$CLASS/escaping.tgz" -P --transform 's|^.*escape.c|../escaped.c|' "$TMP/escape.c"
echo "not a submission" >"$CLASS/notes.txt"

RUBRIC=$TMP/rubric.txt
{
    grep '^option' "grader/assignments/$A/rubric.txt"
    echo "build/compiles                   40  build       visible"
    echo "transcript/public/chain_two_jumps 60 transcript  visible"
} >"$RUBRIC"
OPTS="-a $A --rubric $RUBRIC --timeout 300"

# book DIR: class.json's students without their seconds, one a line.
book() {
    jq -c '.students[] | del(.seconds)' "$1/class.json"
}

# state JOB: JobState and ExitCode of job or array task JOB, as Slurm says.
state() {
    scontrol show job "$1" | tr ' ' '\n' | sed -n 's/^JobState=//p; s/^ExitCode=//p' | tr '\n' ' '
}

# wait_done JOB...: until none of JOB (or their tasks) is pending or
# running; Slurm's own account, with a bound far above any grading here.
wait_done() {
    waited=0
    while squeue -h -j "$(echo "$@" | tr ' ' ,)" -t PD,R,CG,S 2>/dev/null | grep -q .; do
        sleep 2
        waited=$((waited + 2))
        [ "$waited" -lt 1800 ] || { echo "jobs $* still running after 1800 s"; return 1; }
    done
}

# ---- one machine, then the array -------------------------------------------

started=$(date +%s)
build/grade-all "$CLASS" -o "$TMP/one" -j 2 $OPTS >"$TMP/one.log" 2>&1
ONE_RC=$?
ONE_WALL=$(($(date +%s) - started))

SBATCH_OPTS="--cpus-per-task=1 --mem-per-cpu=100M --chdir=$PWD"
# shellcheck disable=SC2086
submit_array() {
    sbatch --parsable --array="$1" $SBATCH_OPTS --output="$TMP/log/grade-%A_%a.log" \
        grader/slurm/grade-array.sbatch "$CLASS" "$TMP/shards" $OPTS
}
mkdir -p "$TMP/log"
started=$(date +%s)
JOB1=$(submit_array 1-4)
# shellcheck disable=SC2086
MERGE1=$(sbatch --parsable $SBATCH_OPTS --dependency=afterany:"$JOB1" --output="$TMP/log/merge1.log" \
    --wrap "build/grade-all --merge $TMP/shards/shard-* -o $TMP/class-out")

# Task 2 is cancelled once it has finished one student and before its last.
cancel_half_way() {
    waited=0
    while [ "$waited" -lt 900 ]; do
        done_now=$(ls "$TMP"/shards/shard-2/*/fingerprint 2>/dev/null | wc -l)
        [ "$done_now" -ge 1 ] && break
        sleep 1
        waited=$((waited + 1))
    done
    scancel "${JOB1}_2"
    echo "task 2 cancelled after $done_now students"
}
cancel_half_way >"$TMP/cancel.log" 2>&1
wait_done "$JOB1" "$MERGE1"
FIRST_WALL=$(($(date +%s) - started))
FIRST_STATES=$(for t in 1 2 3 4; do echo "$t: $(state "${JOB1}_$t")"; done)
MERGE1_STATE=$(state "$MERGE1")
MERGE1_WROTE=$(ls "$TMP/class-out/grades.csv" 2>/dev/null)

# The node drained while the array is submitted again: nothing starts
# until it is resumed.
started=$(date +%s)
scontrol update nodename=kitnode state=drain reason=slurm.test.sh
JOB2=$(submit_array 1-4)
sleep 3
DRAINED_RUNNING=$(squeue -h -j "$JOB2" -t R,CG | wc -l)
DRAINED_PENDING=$(squeue -h -j "$JOB2" -t PD | wc -l)
scontrol update nodename=kitnode state=resume
# shellcheck disable=SC2086
MERGE2=$(sbatch --parsable $SBATCH_OPTS --dependency=afterany:"$JOB2" --output="$TMP/log/merge2.log" \
    --wrap "build/grade-all --merge $TMP/shards/shard-* -o $TMP/class-out")
wait_done "$JOB2" "$MERGE2"
SECOND_WALL=$(($(date +%s) - started))

one_machine_grades_the_class() {
    [ "$ONE_RC" -eq 0 ] || { tail "$TMP/one.log"; return 1; }
    book "$TMP/one" >"$TMP/one.book"
    jq -r .status "$TMP/one.book" | sort | uniq -c
    [ "$(wc -l <"$TMP/one.book")" -eq 40 ] &&
    [ "$(jq -s 'map(select(.status == "graded")) | length' "$TMP/one.book")" -ge 25 ] &&
    [ "$(jq -s 'map(select(.status == "build failed")) | length' "$TMP/one.book")" -ge 1 ] &&
    [ "$(jq -s 'map(select(.status | startswith("bad archive"))) | length' "$TMP/one.book")" -eq 2 ]
}

tasks_end_as_meant() {
    echo "$FIRST_STATES"
    echo "merge: $MERGE1_STATE"
    # 143: the script's shell, stopped by Slurm's TERM once grade-all was.
    echo "$FIRST_STATES" | grep -qx '2: CANCELLED 143:0 ' &&
    [ "$(echo "$FIRST_STATES" | grep -c ': COMPLETED 0:0 $')" -eq 3 ] &&
    [ "$MERGE1_STATE" = "FAILED 2:0 " ] &&
    for t in 1 2 3 4; do
        [ "$(state "${JOB2}_$t")" = "COMPLETED 0:0 " ] || { echo "again $t: $(state "${JOB2}_$t")"; return 1; }
    done &&
    [ "$(state "$MERGE2")" = "COMPLETED 0:0 " ]
}

cancelled_merge_is_refused() {
    cat "$TMP/cancel.log" "$TMP/log/merge1.log"
    grep -q "shard-2/class.json is missing or unreadable" "$TMP/log/merge1.log" &&
    [ -z "$MERGE1_WROTE" ]
}

# "K to grade" in a task's log of its second run: task 2 grades what it
# had not finished, the others nothing.
resubmission_grades_only_what_is_missing() {
    graded_before=$(grep -c '' "$TMP/cancel.log")
    for t in 1 3 4; do
        grep -q ' 0 to grade' "$TMP/log/grade-${JOB2}_$t.log" ||
            { echo "task $t:"; cat "$TMP/log/grade-${JOB2}_$t.log"; return 1; }
    done
    in_shard=$(jq '.students | length' "$TMP/shards/shard-2/class.json")
    again=$(sed -n 's/.* \([0-9][0-9]*\) to grade.*/\1/p' "$TMP/log/grade-${JOB2}_2.log" | head -n 1)
    echo "shard 2: $in_shard students, $again graded again ($graded_before)"
    [ -n "$again" ] && [ "$again" -ge 1 ] && [ "$again" -lt "$in_shard" ]
}

merged_equals_one_machine() {
    [ -s "$TMP/class-out/grades.csv" ] || { cat "$TMP/log/merge2.log"; return 1; }
    cmp "$TMP/class-out/grades.csv" "$TMP/one/grades.csv" &&
    book "$TMP/one" >"$TMP/one.book" && book "$TMP/class-out" >"$TMP/array.book" &&
    diff "$TMP/one.book" "$TMP/array.book" &&
    [ "$(jq -r .kit "$TMP/class-out/class.json")" = "$(jq -r .kit "$TMP/one/class.json")" ]
}

check "slurm: one grade-all grades the class of 40 (the reference gradebook)" one_machine_grades_the_class
check "slurm: the merge after a cancelled task is refused, naming its shard" cancelled_merge_is_refused
nothing_runs_on_a_drained_node() {
    echo "while drained: $DRAINED_RUNNING running, $DRAINED_PENDING pending"
    [ "$DRAINED_RUNNING" -eq 0 ] && [ "$DRAINED_PENDING" -ge 1 ]
}

check "slurm: a drained node runs no task; resumed, it runs them all" nothing_runs_on_a_drained_node
check "slurm: the array again grades only what the cancelled task left" \
    resubmission_grades_only_what_is_missing
check "slurm: 4-task array, merged: grades.csv and class.json equal one machine's" \
    merged_equals_one_machine
check "slurm: every task ends as Slurm says it should (COMPLETED, CANCELLED, FAILED 2)" \
    tasks_end_as_meant

# ---- a tournament of the example bots ---------------------------------------

TOURN=$TMP/tournament
mkdir -p "$TOURN"
sh tests/submissions.sh bot-challenge "$TOURN/bots" correct hostile_exit_in_move >/dev/null
cat >"$TOURN/t.conf" <<EOF
sizes 3
players 2 3
rounds 1
seed 23
game_cpu 30
bot greedy house greedy
bot random house random
bot correct submission $TOURN/bots/correct
bot exits submission $TOURN/bots/hostile_exit_in_move
EOF

# results DIR: the journal without CPU figures, sorted; standings DIR:
# scores.csv without rank, CPU and score; ratings DIR: ratings.csv.
results() { jq -c 'del(.cpu)' "$1/games.jsonl" | sort; }
standings() { cut -d, -f2-7,10- "$1/scores.csv" | sort; }

build/tournament "$TOURN/t.conf" -o "$TOURN/one" -j 2 --quiet >"$TOURN/one.log" 2>&1
TJOB=$(sbatch --parsable --array=0-1 $SBATCH_OPTS --output="$TMP/log/tournament-%A_%a.log" \
    grader/slurm/tournament-array.sbatch "$TOURN/t.conf" "$TOURN/shards")
TMERGE=$(sbatch --parsable $SBATCH_OPTS --dependency=afterany:"$TJOB" --output="$TMP/log/tmerge.log" \
    --wrap "build/tournament --merge $TOURN/shards/shard-* -o $TOURN/merged")
wait_done "$TJOB" "$TMERGE"

tournament_shards_equal_one_run() {
    for t in 0 1; do
        [ "$(state "${TJOB}_$t")" = "COMPLETED 0:0 " ] ||
            { echo "task $t: $(state "${TJOB}_$t")"; cat "$TMP/log/tournament-${TJOB}_$t.log"; return 1; }
    done
    [ "$(state "$TMERGE")" = "COMPLETED 0:0 " ] || { cat "$TMP/log/tmerge.log"; return 1; }
    [ -s "$TOURN/one/games.jsonl" ] &&
    results "$TOURN/one" >"$TMP/a" && results "$TOURN/merged" >"$TMP/b" && diff "$TMP/a" "$TMP/b" &&
    standings "$TOURN/one" >"$TMP/a" && standings "$TOURN/merged" >"$TMP/b" && diff "$TMP/a" "$TMP/b" &&
    diff "$TOURN/one/ratings.csv" "$TOURN/merged/ratings.csv"
}

check "slurm: a tournament as 2 array tasks, merged, equals one run with the same seed" \
    tournament_shards_equal_one_run

# ---- a task killed by its time limit --------------------------------------

# 30 submissions whose program sleeps past a session's wall limit: each
# costs its build and that limit (a few seconds, more on a slower
# machine, never less), so one task grading all of them runs well past
# the minute it is given (--time=1; Slurm checks time limits about every
# 30 s and gives KillWait, 10 s here, between TERM and KILL).  Submitted
# again without the limit, the task grades only those the first left.
SLOW=$TMP/sleepers
for i in $(seq 10 39); do
    mkdir -p "$SLOW/s$i"
    printf '#include <unistd.h>\nint main(void) { sleep(60); return 0; }\n' >"$SLOW/s$i/main.c"
done
# shellcheck disable=SC2086
TL1=$(sbatch --parsable --array=1 --time=1 $SBATCH_OPTS --output="$TMP/log/limit-%A_%a.log" \
    grader/slurm/grade-array.sbatch "$SLOW" "$TMP/slowshards" $OPTS)
wait_done "$TL1"
TL1_STATE=$(state "${TL1}_1")
TL1_DONE=$(ls "$TMP"/slowshards/shard-1/*/fingerprint 2>/dev/null | wc -l)
TL1_ELAPSED=$(scontrol show job "${TL1}_1" | tr ' ' '\n' | sed -n 's/^RunTime=//p')
# shellcheck disable=SC2086
TL2=$(sbatch --parsable --array=1 $SBATCH_OPTS --output="$TMP/log/limit-%A_%a.log" \
    grader/slurm/grade-array.sbatch "$SLOW" "$TMP/slowshards" $OPTS)
wait_done "$TL2"

time_limit_kills_and_resubmission_completes() {
    echo "killed at its limit: $TL1_STATE after $TL1_DONE of 30 students"
    again=$(sed -n 's/.* \([0-9][0-9]*\) to grade.*/\1/p' "$TMP/log/limit-${TL2}_1.log" | head -n 1)
    echo "again: $(state "${TL2}_1"), $again to grade"
    case $TL1_STATE in TIMEOUT*) ;; *) return 1 ;; esac
    [ "$TL1_DONE" -ge 1 ] && [ "$TL1_DONE" -lt 30 ] &&
    [ "$(state "${TL2}_1")" = "COMPLETED 0:0 " ] &&
    [ "$again" = "$((30 - TL1_DONE))" ] &&
    [ "$(jq '.students | length' "$TMP/slowshards/shard-1/class.json")" -eq 30 ] &&
    [ "$(jq -r '.students[].student' "$TMP/slowshards/shard-1/class.json" | sort -u | wc -l)" -eq 30 ] &&
    [ "$(jq '[.students[] | select(.status == "graded")] | length' "$TMP/slowshards/shard-1/class.json")" -eq 30 ]
}
check "slurm: a task killed by its time limit (TIMEOUT), submitted again, grades only what it left" \
    time_limit_kills_and_resubmission_completes

# The cluster's cost beside one machine's, for the manual's figures.
echo "  (one machine -j 2: $ONE_WALL s; array, task 2 cancelled: $FIRST_WALL s; again: $SECOND_WALL s;"
echo "   the task with --time=1: $TL1_STATE after $TL1_ELAPSED, $TL1_DONE of 30 graded)"

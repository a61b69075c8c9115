#!/bin/sh
# tournament.test.sh -- build/tournament end to end: a small tournament of
# house bots (greedy, random, strong 1, all sandboxed programs) and a bot
# program that crashes (build/bots/test-crash), on sizes 3 and 4 with 2
# and 3 players, completes; every recorded game replays on the rules;
# every bot plays as many games of each player count and moves first as
# often; the crash bot has outs, the others none; a run killed with -9
# and run again ends as an uninterrupted one, no game twice; two shards
# merged equal one run, and merges that would mix tournaments or repeat a
# game are refused; submissions are built in the sandbox, one that does
# not build gets a verdict and plays nothing, hostile names are escaped;
# the pages load in headless Chromium without a console message and the
# leaderboard's screenshot holds a picture.
#
# Run through tests/run.sh after
# `make build/tournament build/referee build/bots/house build/bots/test-crash`.
. tests/lib.sh

TOURNAMENT=build/tournament
REFEREE=build/referee
TMP=$(mktemp -d)
# As root every bot runs under a uid of its own: it must reach OUTDIR/bots.
chmod 755 "$TMP"
trap 'rm -rf "$TMP"' EXIT

for program in "$TOURNAMENT" "$REFEREE" build/bots/house build/bots/test-crash; do
    if [ ! -x "$program" ]; then
        check "tournament: $program exists (make it)" false
        exit 0
    fi
done

# 4 bots; per size: 2 players 12 games, 3 players 12 games: 48 in all.
GAMES=48
cat >"$TMP/t.conf" <<EOF
# the test's tournament
sizes 3 4
players 2 3
rounds 1
seed 11
call_cpu 2
game_cpu 30
memory_mb 256
bot greedy house greedy
bot random house random
bot strong1 house strong 1
bot crashy program $PWD/build/bots/test-crash
EOF

# results DIR: the journal without CPU figures, sorted: what must not
# depend on how, in how many runs or shards, the games were played.
results() {
    jq -c 'del(.cpu)' "$1/games.jsonl" | sort
}

# standings DIR: scores.csv without rank, CPU and score (CPU differs from
# run to run), by bot.
standings() {
    cut -d, -f2-7,10- "$1/scores.csv" | sort
}

# column DIR BOT FIELD: one figure of scores.csv.
column() {
    awk -F, -v bot="$2" -v field="$3" \
        'NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next } $2 == bot { print $col[field] }' "$1/scores.csv"
}

full_run() {
    start=$(date +%s.%N)
    "$TOURNAMENT" "$TMP/t.conf" -o "$TMP/full" -j 2 >"$TMP/full.out" 2>"$TMP/full.err" || { cat "$TMP/full.err"; return 1; }
    end=$(date +%s.%N)
    echo "$GAMES games in $(echo "$end - $start" | bc) s: $(echo "scale=1; $GAMES / ($end - $start)" | bc) games/s on -j 2"
    [ "$(wc -l <"$TMP/full/games.jsonl")" -eq "$GAMES" ] &&
    [ "$(ls "$TMP/full/games" | wc -l)" -eq "$GAMES" ] &&
    [ "$(ls "$TMP/full/replays" | wc -l)" -eq "$GAMES" ] &&
    for f in scores.txt scores.csv ratings.txt ratings.csv crosstable.txt index.html tournament.conf \
             bots/greedy.html bots/random.html bots/strong1.html bots/crashy.html; do
        [ -s "$TMP/full/$f" ] || { echo "no $f"; return 1; }
    done
}

every_game_replays() {
    "$REFEREE" --replay "$TMP"/full/games/*.json >"$TMP/replay.out"
    status=$?
    grep -v ': ok$' "$TMP/replay.out"
    [ "$status" -eq 0 ] && [ "$(grep -c ': ok$' "$TMP/replay.out")" -eq "$GAMES" ]
}

# Every bot: 12 two-player and 18 three-player games, and as many first
# moves (seat 0) as each other bot, per player count.
fair() {
    cat "$TMP/full/scores.txt"
    for bot in greedy random strong1 crashy; do
        [ "$(column "$TMP/full" "$bot" games_p2)" -eq 12 ] && [ "$(column "$TMP/full" "$bot" games_p3)" -eq 18 ] ||
            { echo "$bot: unequal games"; return 1; }
    done
    firsts=$(jq -r '"\(.players) \(.bots[0])"' "$TMP/full/games.jsonl" | sort | uniq -c)
    echo "$firsts"
    [ "$(echo "$firsts" | wc -l)" -eq 8 ] && [ "$(echo "$firsts" | awk '{print $1, $2}' | sort -u | wc -l)" -eq 2 ]
}

crash_bot_has_outs() {
    [ "$(column "$TMP/full" crashy outs)" -eq 30 ] &&
    for bot in greedy random strong1; do
        [ "$(column "$TMP/full" "$bot" outs)" -eq 0 ] || { echo "$bot has outs"; return 1; }
    done &&
    grep -q 'crashed' "$TMP/full/bots/crashy.html" && grep -q 'signal 11' "$TMP/full/bots/crashy.html" &&
    grep -q 'None: it finished every game it played' "$TMP/full/bots/greedy.html"
}

# Killed with -9 once some games are journaled, then run again.
killed_and_resumed() {
    "$TOURNAMENT" "$TMP/t.conf" -o "$TMP/killed" -j 2 --quiet 2>"$TMP/killed.err" &
    pid=$!
    tries=0
    until [ "$(cat "$TMP/killed/games.jsonl" 2>/dev/null | wc -l)" -ge 6 ] || [ $tries -ge 600 ]; do
        sleep 0.05
        tries=$((tries + 1))
    done
    kill -9 "$pid"
    wait "$pid" 2>/dev/null
    before=$(wc -l <"$TMP/killed/games.jsonl")
    echo "$before games journaled when killed"
    [ "$before" -lt "$GAMES" ] || { echo "the run ended before the kill"; return 1; }
    "$TOURNAMENT" "$TMP/t.conf" -o "$TMP/killed" -j 2 --quiet 2>"$TMP/resumed.err" || { cat "$TMP/resumed.err"; return 1; }
    cat "$TMP/resumed.err"
    grep -q "$before already played" "$TMP/resumed.err" &&
    [ -z "$(jq -r .id "$TMP/killed/games.jsonl" | sort | uniq -d)" ] &&
    [ -z "$(ls "$TMP/killed/games" | grep -v '\.json$')" ] &&
    results "$TMP/full" >"$TMP/a" && results "$TMP/killed" >"$TMP/b" && diff "$TMP/a" "$TMP/b" &&
    standings "$TMP/full" >"$TMP/a" && standings "$TMP/killed" >"$TMP/b" && diff "$TMP/a" "$TMP/b"
}

finished_run_plays_nothing() {
    "$TOURNAMENT" "$TMP/t.conf" -o "$TMP/full" -j 2 2>"$TMP/again.err" &&
    grep -q "$GAMES already played, 0 to play" "$TMP/again.err" &&
    [ "$(wc -l <"$TMP/full/games.jsonl")" -eq "$GAMES" ]
}

shards_merge_to_one_run() {
    for i in 0 1; do
        "$TOURNAMENT" "$TMP/t.conf" -o "$TMP/shard$i" --shard $i/2 -j 2 --quiet 2>/dev/null || return 1
    done
    "$TOURNAMENT" --merge "$TMP/shard0" "$TMP/shard1" -o "$TMP/merged" || return 1
    [ "$(wc -l <"$TMP/shard0/games.jsonl")" -eq $((GAMES / 2)) ] &&
    results "$TMP/full" >"$TMP/a" && results "$TMP/merged" >"$TMP/b" && diff "$TMP/a" "$TMP/b" &&
    standings "$TMP/full" >"$TMP/a" && standings "$TMP/merged" >"$TMP/b" && diff "$TMP/a" "$TMP/b" &&
    [ "$(ls "$TMP/merged/replays" | wc -l)" -eq "$GAMES" ]
}

# refused MESSAGE ARGS...: build/tournament exits 2 saying MESSAGE.
refused() {
    message=$1
    shift
    if "$TOURNAMENT" "$@" >/dev/null 2>"$TMP/refused.err"; then
        echo "accepted: $*"
        return 1
    fi
    cat "$TMP/refused.err"
    grep -q -- "$message" "$TMP/refused.err"
}

merges_refused() {
    sed 's/^seed 11/seed 12/' "$TMP/t.conf" >"$TMP/other.conf"
    refused "is in both" --merge "$TMP/shard0" "$TMP/shard0" -o "$TMP/twice" &&
    refused "is in both" --merge "$TMP/shard0" "$TMP/full" -o "$TMP/twice" &&
    refused "one of its inputs" --merge "$TMP/shard0" "$TMP/shard1" -o "$TMP/shard0" &&
    refused "holds another tournament" "$TMP/other.conf" -o "$TMP/full" &&
    [ ! -e "$TMP/twice" ]
}

bad_configurations() {
    printf 'sizes 3\nbot a house greedy\n' >"$TMP/one.conf"
    printf 'bot a house greedy\nbot b house clever\n' >"$TMP/kind.conf"
    printf 'bot a house greedy\nbot b house random\nsize 4\n' >"$TMP/key.conf"
    printf 'bot a house greedy\nbot a house random\n' >"$TMP/twice.conf"
    refused "at least two bots" "$TMP/one.conf" -o "$TMP/bad" &&
    refused "kind.conf:2: bot b: house bots are" "$TMP/kind.conf" -o "$TMP/bad" &&
    refused "key.conf:3: unknown key 'size'" "$TMP/key.conf" -o "$TMP/bad" &&
    refused "is taken" "$TMP/twice.conf" -o "$TMP/bad" &&
    mkdir -p "$TMP/one-student/ana" && cp tests/referee/bots/illegal.c "$TMP/one-student/ana/bot.c" &&
    printf 'class %s\n' "$TMP/one-student" >"$TMP/lonely.conf" &&
    printf 'bot a house greedy\nclass %s blackboard\n' "$TMP/one-student" >"$TMP/lms.conf" &&
    printf 'bot a house greedy\nclass %s\nclass %s\n' "$TMP/one-student" "$TMP/one-student" >"$TMP/classes.conf" &&
    refused "a tournament needs at least two bots, and it has 1" "$TMP/lonely.conf" -o "$TMP/bad-lonely" &&
    refused "'blackboard' is not auto, canvas, moodle, gradescope or folders" "$TMP/lms.conf" -o "$TMP/bad-lms" &&
    refused "classes.conf:3: a second class line" "$TMP/classes.conf" -o "$TMP/bad" &&
    refused "usage" "$TMP/t.conf" &&
    refused "usage" "$TMP/t.conf" -o "$TMP/bad" --shard 2/2
}

# A submission built in the sandbox (a bot that claims an off-board move),
# one that does not build, and a name that is markup.
HOSTILE='<b>x&"y'"'"
submissions() {
    mkdir -p "$TMP/subs/plays" "$TMP/subs/broken"
    cp tests/referee/bots/illegal.c "$TMP/subs/plays/bot.c"
    printf 'int main(void) { return syntax error }\n' >"$TMP/subs/broken/bot.c"
    printf 'sizes 3\nbot greedy house greedy\nbot %s submission %s\nbot broken submission %s\n' \
        "$HOSTILE" "$TMP/subs/plays" "$TMP/subs/broken" >"$TMP/s.conf"
    "$TOURNAMENT" "$TMP/s.conf" -o "$TMP/subs/out" -j 2 >"$TMP/s.out" 2>&1 || { cat "$TMP/s.out"; return 1; }
    out=$TMP/subs/out
    cat "$out/scores.txt"
    [ -x "$out/bots/_b_x__y_/bot" ] && [ "$(cat "$out/bots/_b_x__y_/build.txt")" = ok ] &&
    grep -q '^build failed: src/bot.c:1:[0-9]*: error' "$out/bots/broken/build.txt" &&
    [ "$(column "$out" broken games)" -eq 0 ] && column "$out" broken status | grep -q '^build failed' &&
    grep -q -F ",\"<b>x&\"\"y'\",2,0,0,2,2," "$out/scores.csv" &&
    grep -q 'not a position of the board' "$out/bots/_b_x__y_.html" &&
    grep -q "error" "$out/bots/broken.html" && grep -q 'it plays no game' "$out/bots/broken.html" &&
    for page in "$out/index.html" "$out/bots/_b_x__y_.html" "$out/bots/greedy.html"; do
        ! grep -q '<b>x' "$page" && grep -q '&lt;b&gt;x&amp;&quot;y&#39;' "$page" ||
            { echo "$page: the name is not escaped"; return 1; }
    done
}

check "tournament: 4 bots, sizes 3 and 4, 2 and 3 players, on 2 workers" full_run
check "tournament: every recorded game replays on the rules" every_game_replays
check "tournament: every bot plays and moves first equally often per player count" fair
check "tournament: the crash bot is out of all its games, the others of none" crash_bot_has_outs
check "tournament: killed with -9 and run again: the same results, no game twice" killed_and_resumed
check "tournament: a finished tournament run again plays nothing" finished_run_plays_nothing
check "tournament: --shard 0/2 and 1/2 merged equal one run" shards_merge_to_one_run
check "tournament: merges of other tournaments or repeated games are refused" merges_refused
check "tournament: bad configurations and command lines are refused" bad_configurations
check "tournament: submissions built in the sandbox; a failed build plays nothing; names escaped" submissions

# A detail whose multi-byte character straddles the bytes the journal
# keeps (tests/referee/bots/utf8_cut.c): games.jsonl and the records stay
# UTF-8, the character left out whole.
journal_stays_utf8() {
    cat >"$TMP/u8.conf" <<EOF
sizes 3
players 2
rounds 1
seed 5
bot cutter program $PWD/build/bots/test-utf8_cut
bot greedy house greedy
EOF
    "$TOURNAMENT" "$TMP/u8.conf" -o "$TMP/u8" >"$TMP/u8.out" 2>&1 || { cat "$TMP/u8.out"; return 1; }
    jq -r '.detail[]' "$TMP/u8/games.jsonl" | grep -q 'replied' &&
    iconv -f UTF-8 -t UTF-8 "$TMP/u8/games.jsonl" >/dev/null &&
    for f in "$TMP"/u8/games/*.json; do iconv -f UTF-8 -t UTF-8 "$f" >/dev/null || return 1; done
}
check "tournament: a bot's detail cut for the journal stays UTF-8" journal_stays_utf8

# Submissions read within the grader's intake limits, build verdicts that
# two shards agree on, file names that never collide (issue 20, section
# 3), in one sharded run: "padded" has a sparse 3 GB header (refused
# before a byte of it is read), "onerr" fails to link in a function named
# on_error (the linker's line quotes a random object name; the verdict
# must not), and bots "x" and "x.html" once shared bots/x.html (x's page,
# x.html's build folder: "Is a directory", exit 2).
intake_names_and_shards() {
    d=$TMP/intake
    mkdir -p "$d/plays" "$d/padded" "$d/onerr" &&
    cp tests/referee/bots/illegal.c "$d/plays/bot.c" &&
    cp tests/referee/bots/illegal.c "$d/padded/bot.c" && truncate -s 3G "$d/padded/pad.h" &&
    cp tests/referee/bots/illegal.c "$d/onerr/bot.c" &&
    printf 'void missing_helper(void);\nvoid on_error(void) { missing_helper(); }\n' >"$d/onerr/err.c" &&
    printf 'sizes 3\nplayers 2\nbot greedy house greedy\nbot x house random\nbot x.html submission %s\n%s\n%s\n' \
        "$d/plays" "bot padded submission $d/padded" "bot onerr submission $d/onerr" >"$d/t.conf" || return 1
    for i in 0 1; do
        "$TOURNAMENT" "$d/t.conf" -o "$d/shard$i" --shard $i/2 --quiet >"$d/run$i.out" 2>&1 ||
            { cat "$d/run$i.out"; return 1; }
    done
    "$TOURNAMENT" --merge "$d/shard0" "$d/shard1" -o "$d/merged" >"$d/merge.out" 2>&1 || { cat "$d/merge.out"; return 1; }
    cat "$d/shard0/bots/padded/build.txt" "$d/shard0/bots/onerr/build.txt"
    grep -q '^build failed: refused: pad.h is larger than the 512 KiB' "$d/shard0/bots/padded/build.txt" &&
    [ "$(du -s "$d/shard0" | cut -f1)" -lt 100000 ] &&
    cmp "$d/shard0/bots/onerr/build.txt" "$d/shard1/bots/onerr/build.txt" &&
    ! grep -q '/tmp' "$d/shard0/bots/onerr/build.txt" &&
    [ -f "$d/merged/bots/x.html" ] && [ -f "$d/merged/bots/x_html.html" ] && [ -x "$d/shard0/bots/x_html/bot" ] &&
    [ "$(wc -l <"$d/merged/games.jsonl")" -eq 6 ]
}
check "tournament: intake limits, reproducible build verdicts, names that cannot collide" intake_names_and_shards

# A folder holding a hard link to a file its owner does not own (a
# root-only secret here; a student can make one where
# fs.protected_hardlinks is 0) is refused before that file is read: the
# compiler once quoted the secret in build.log and on the bot's page.
# Needs root, to give the folder another owner.
foreign_hard_link_refused() {
    d=$TMP/foreign
    mkdir -p "$d/linker" && cp tests/referee/bots/illegal.c "$d/linker/bot.c" &&
    printf 'TOPSECRET-root-only\n' >"$d/secret" && chmod 600 "$d/secret" &&
    chown 65534 "$d/linker" "$d/linker/bot.c" && ln "$d/secret" "$d/linker/zz.c" &&
    printf 'sizes 3\nplayers 2\nbot greedy house greedy\nbot random house random\nbot linker submission %s\n' \
        "$d/linker" >"$d/t.conf" || return 1
    "$TOURNAMENT" "$d/t.conf" -o "$d/out" --quiet >"$d/run.out" 2>&1 || { cat "$d/run.out"; return 1; }
    cat "$d/out/bots/linker/build.txt"
    grep -q "^build failed: refused: zz.c: not everyone may read it, and it is a hard link or another's" \
        "$d/out/bots/linker/build.txt" &&
    ! grep -rq TOPSECRET "$d/out"
}
if [ "$(id -u)" -eq 0 ]; then
    check "tournament: a hard link to another owner's file is refused, never read" foreign_hard_link_refused
else
    skip "tournament: a hard link to another owner's file" "needs root, to give the folder another owner"
fi

# Bot names go into records, which promise UTF-8, as they are: a name
# that is not UTF-8 text is refused (one with 0xFF and an ESC once made
# games.jsonl unreadable to Python).  A class's id longer than a name is
# never cut to a name of its own: two ids of 41 bytes that differ in
# their last byte were both cut to the first 40, which went to whichever
# came first, so a late student took another's name and games.
names_are_text_and_never_cut() {
    d=$TMP/names
    long=aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa
    mkdir -p "$d/class/${long}X" "$d/class/${long}Y" &&
    cp tests/referee/bots/illegal.c "$d/class/${long}X/bot.c" &&
    cp tests/referee/bots/illegal.c "$d/class/${long}Y/bot.c" &&
    printf 'sizes 3\nplayers 2\nbot greedy house greedy\nbot x\377\033[31m house random\n' >"$d/bytes.conf" &&
    printf 'sizes 3\nplayers 2\nbot greedy house greedy\nclass %s folders\n' "$d/class" >"$d/class.conf" ||
        return 1
    if "$TOURNAMENT" "$d/bytes.conf" -o "$d/bytes" --quiet >"$d/bytes.out" 2>&1; then
        echo "accepted"; return 1
    fi
    "$TOURNAMENT" "$d/class.conf" -o "$d/class-out" --quiet >"$d/class.out" 2>&1 || { cat "$d/class.out"; return 1; }
    cat "$d/bytes.out"
    ls "$d/class-out/bots"
    grep -q 'UTF-8 without control characters' "$d/bytes.out" &&
    [ ! -e "$d/class-out/bots/$long.html" ] &&
    [ "$(ls "$d/class-out/bots" | grep -c "^${long%??????????}.*_[0-9a-f]\{8\}\.html$")" -eq 2 ]
}
check "tournament: a bot name that is not UTF-8 text is refused; a long class id is never cut to a name" \
    names_are_text_and_never_cut

# A class as Canvas hands it over (issue 21): one zip of loose files
# NAME_USERID_SUBMISSIONID_FILE, taken in by grade-all's intake.  Ana's
# bot.c and bob's own zip become bots named after their ids; carl's zip is
# cut short: listed with "bad archive", no game.  tournament.conf keeps
# the class line, not its bots, so two shards read the class again and
# merge.
class_from_canvas() {
    d=$TMP/class
    mkdir -p "$d/dl" "$d/bob" || return 1
    cp solution/bot-challenge/bot.c "$d/dl/anamariaoneil_1001_5001_bot.c" &&
    cp tests/referee/bots/illegal.c "$d/bob/bot.c" &&
    ( cd "$d/bob" && zip -q ../dl/bob_1002_5002_mybot.zip bot.c ) &&
    head -c 60 "$d/dl/bob_1002_5002_mybot.zip" >"$d/dl/carl_1003_5003_bot.zip" &&
    ( cd "$d/dl" && zip -q ../submissions.zip ./* ) || return 1
    printf 'sizes 3\nplayers 2\nbot greedy house greedy\nclass %s canvas\n' "$d/submissions.zip" >"$d/t.conf"
    for i in 0 1; do
        "$TOURNAMENT" "$d/t.conf" -o "$d/shard$i" --shard $i/2 --quiet >"$d/run$i.out" 2>&1 ||
            { cat "$d/run$i.out"; return 1; }
    done
    "$TOURNAMENT" --merge "$d/shard0" "$d/shard1" -o "$d/merged" >"$d/merge.out" 2>&1 || { cat "$d/merge.out"; return 1; }
    m=$d/merged
    cut -d, -f2- "$m/scores.csv"
    grep -q '^class .*submissions.zip canvas$' "$d/shard0/tournament.conf" &&
    ! grep -q '^bot anamariaoneil' "$d/shard0/tournament.conf" &&
    [ "$(column "$m" anamariaoneil_1001 games)" -eq 4 ] && [ "$(column "$m" bob_1002 games)" -eq 4 ] &&
    [ "$(column "$m" carl_1003 games)" -eq 0 ] && column "$m" carl_1003 status | grep -q '^bad archive' &&
    [ "$(wc -l <"$m/games.jsonl")" -eq 6 ] && grep -q 'format: canvas' "$d/shard0/intake.txt"
}
check "tournament: a class from Canvas's download: a bot per student, a bad archive plays nothing, shards merge" \
    class_from_canvas

# Names that depend on one student only, and builds that follow the
# sources (an attack on the class line): a Gradescope export without SIDs
# gives ids "Name_EMAIL" over 40 bytes that share their last 40 (the
# domain).  Each bot keeps its student's name across runs when a student
# who sorts first arrives, and the newcomer's broken bot.c never plays
# with a kept build of another's.
class_names_and_kept_builds() {
    d=$TMP/gsclass dom=students.engineering.example-university.edu
    mkdir -p "$d/dl" || return 1
    gs_student() {
        mkdir -p "$d/dl/submission_$1" &&
        printf ':submission_%s:\n  :submitters:\n  - :name: %s\n    :email: %s@%s\n' "$1" "$2" "$3" "$dom" \
            >>"$d/dl/submission_metadata.yml"
    }
    gs_student 1 Alice alice && gs_student 2 Bob bob &&
    cp solution/bot-challenge/bot.c "$d/dl/submission_1/" && cp tests/referee/bots/illegal.c "$d/dl/submission_2/bot.c" &&
    printf 'sizes 3\nplayers 2\nclass %s gradescope\n' "$d/dl" >"$d/t.conf" || return 1
    "$TOURNAMENT" "$d/t.conf" -o "$d/out" --quiet >"$d/run1.out" 2>&1 || { cat "$d/run1.out"; return 1; }
    cut -d, -f2,3,11 "$d/out/scores.csv" | sort >"$d/first"
    gs_student 0 Aaron aaron && printf 'int broken(\n' >"$d/dl/submission_0/bot.c" || return 1
    "$TOURNAMENT" "$d/t.conf" -o "$d/out" --quiet >"$d/run2.out" 2>&1 || { cat "$d/run2.out"; return 1; }
    cut -d, -f2,3,11 "$d/out/scores.csv" | sort >"$d/second"
    cat "$d/first" "$d/second"
    alice=$(grep '^Alice_' "$d/first" | cut -d, -f1) bob=$(grep '^Bob_' "$d/first" | cut -d, -f1)
    [ -n "$alice" ] && [ -n "$bob" ] && [ "$alice" != "$bob" ] &&
    grep -q "^$alice,2,plays" "$d/second" && grep -q "^$bob,2,plays" "$d/second" &&
    grep -q '^Aaron_[^,]*,0,build failed' "$d/second" &&
    grep -q "bot $alice: student Alice_alice@$dom" "$d/out/intake.txt" || return 1
    # A folder handed in again is built again, never played as the old build.
    printf 'int broken(\n' >"$d/dl/submission_1/bot.c"
    "$TOURNAMENT" "$d/t.conf" -o "$d/out" --quiet >"$d/run3.out" 2>&1 || { cat "$d/run3.out"; return 1; }
    [ "$(column "$d/out" "$alice" status | cut -c1-12)" = "build failed" ]
}
check "tournament: class bots keep their students' names across runs; a changed folder is built again" \
    class_names_and_kept_builds

# ---- in a browser -------------------------------------------------------------

CHROMIUM=$(command -v chromium || command -v chromium-browser)

# in_browser MODE OUT URL: headless Chromium, a fresh profile; MODE is
# --dump-dom or --screenshot=FILE.  Fails on any console message.
in_browser() {
    mode=$1 out=$2 url=$3
    timeout 120 "$CHROMIUM" --headless --no-sandbox --disable-gpu --no-first-run --disable-sync \
        --disable-background-networking --disable-component-update --enable-logging=stderr --v=0 \
        --user-data-dir="$(mktemp -d "$TMP/profile.XXXXXX")" --window-size=1200,1000 \
        "$mode" "$url" >"$out" 2>"$out.log" || { cat "$out.log"; return 1; }
    if grep ':CONSOLE' "$out.log"; then
        return 1
    fi
}

pages_load() {
    first=$(ls "$TMP/full/replays" | head -n 1)
    for page in bots/crashy.html "replays/$first"; do
        in_browser --dump-dom "$TMP/page.dom" "file://$TMP/full/$page" || { echo "in $page"; return 1; }
    done
    in_browser --dump-dom "$TMP/index.dom" "file://$TMP/full/index.html" &&
    grep -q 'id="leaderboard"' "$TMP/index.dom" && grep -q 'id="cross-p3"' "$TMP/index.dom" &&
    in_browser --dump-dom "$TMP/hostile.dom" "file://$TMP/subs/out/index.html" && ! grep -q '<b>x' "$TMP/hostile.dom"
}

# A blank page of that size compresses to a few kilobytes.
screenshot() {
    printf '<!DOCTYPE html><title>blank</title>' >"$TMP/blank.html"
    in_browser "--screenshot=$TMP/blank.png" "$TMP/blank.out" "file://$TMP/blank.html" &&
    in_browser "--screenshot=$TMP/index.png" "$TMP/index.out" "file://$TMP/full/index.html" &&
    echo "leaderboard $(wc -c <"$TMP/index.png") bytes, blank $(wc -c <"$TMP/blank.png") bytes" &&
    [ "$(wc -c <"$TMP/index.png")" -gt $((5 * $(wc -c <"$TMP/blank.png"))) ]
}

if [ -z "$CHROMIUM" ]; then
    skip "tournament in a browser: pages load" "chromium is not installed"
    skip "tournament in a browser: a screenshot" "chromium is not installed"
else
    check "tournament in a browser: leaderboard, bot and replay pages load cleanly" pages_load
    check "tournament in a browser: the leaderboard's screenshot holds a picture" screenshot
fi

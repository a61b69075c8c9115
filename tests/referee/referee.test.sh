#!/bin/sh
# referee.test.sh -- build/referee: house bots play games on stars of
# several sizes with 2..6 players, every game's record replays on the
# rules, and records that were tampered with are refused with a reason.
# (The rules themselves: tests/referee/game_test.c.)
#
# Run from the repository root after make: sh tests/run.sh tests/referee/referee.test.sh
. tests/lib.sh
set -u

TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
REFEREE=build/referee

# play NAME ARGS...: games into $TMP/NAME/, every one reported.
play() {
    name=$1
    shift
    mkdir -p "$TMP/$name" &&
    "$REFEREE" --records "$TMP/$name" "$@" >"$TMP/$name.out" &&
    cat "$TMP/$name.out" &&
    [ "$(grep -c '^game ' "$TMP/$name.out")" -eq "$(ls "$TMP/$name" | wc -l)" ]
}

every_record_replays() {
    "$REFEREE" --replay "$TMP"/*/*.json >"$TMP/replay.out"
    status=$?
    grep -v ': ok$' "$TMP/replay.out"
    [ "$status" -eq 0 ] && [ "$(grep -c ': ok$' "$TMP/replay.out")" -eq "$(ls "$TMP"/*/*.json | wc -l)" ] &&
        [ "$(ls "$TMP"/*/*.json | wc -l)" -ge 15 ]
}

# The strong bot beats the random one at size 4, first or second.
strong_beats_random() {
    "$REFEREE" --games 2 house:strong:2 house:random >"$TMP/sr.out" &&
    cat "$TMP/sr.out" &&
    [ "$(grep -c 'house:strong:2 win' "$TMP/sr.out")" -eq 2 ]
}

# tamper NAME JQ-FILTER REASON: a record changed by the filter is refused
# with a reason containing REASON.
tamper() {
    src=$(ls "$TMP"/two/*.json | head -n 1)
    jq -c "$2" "$src" >"$TMP/$1.json" || return 1
    if "$REFEREE" --replay "$TMP/$1.json" >"$TMP/$1.out"; then
        echo "accepted:"; cat "$TMP/$1.out"; return 1
    fi
    cat "$TMP/$1.out"
    grep -q -- "$3" "$TMP/$1.out"
}

junk_is_refused() {
    printf 'not json' >"$TMP/junk.json"
    printf '{"format": "something else"}' >"$TMP/other.json"
    ! "$REFEREE" --replay "$TMP/junk.json" >"$TMP/junk.out" &&
    grep -q 'not JSON' "$TMP/junk.out" &&
    ! "$REFEREE" --replay "$TMP/other.json" >"$TMP/other.out" &&
    grep -q 'not a game record' "$TMP/other.out"
}

bad_command_lines() {
    "$REFEREE" house:greedy >/dev/null 2>&1; [ $? -eq 2 ] || return 1
    "$REFEREE" --size 64 house:greedy house:greedy >/dev/null 2>&1; [ $? -eq 2 ] || return 1
    "$REFEREE" --points 0,0 house:greedy house:greedy >/dev/null 2>&1; [ $? -eq 2 ] || return 1
    "$REFEREE" house:nobody house:greedy >/dev/null 2>&1; [ $? -eq 2 ]
}

if [ ! -x "$REFEREE" ]; then
    check "referee: build/referee exists (run make)" false
    exit
fi
check "referee: 2 players, size 4: greedy, random and strong bots, seats rotated" \
    play two --games 4 house:greedy house:strong:1
check "referee: 2 players, size 3, on points 1 and 4" play two-side --size 3 --points 1,4 --games 2 house:greedy house:random
for n in 3 4 5 6; do
    bots=$(for i in $(seq "$n"); do printf 'house:greedy '; done)
    # shellcheck disable=SC2086
    check "referee: $n players, size 3" play "p$n-s3" --size 3 --games 2 $bots
    # shellcheck disable=SC2086
    check "referee: $n players, size 5, strong bots among greedy ones" play "p$n-s5" --size 5 --seed 7 \
        house:strong:1 $(echo $bots | cut -d' ' -f2-)
done
check "referee: a random bot on the size-10 star, turn cap 30" play ten --size 10 --cap 30 --games 1 house:random house:greedy
check "referee: the strong bot beats the random one" strong_beats_random
check "referee: every recorded game replays on the rules" every_record_replays
if command -v jq >/dev/null 2>&1; then
    check "referee: a move made by the wrong seat is refused" tamper seat '.moves[1].p = 0' "turn"
    check "referee: an illegal move is refused" tamper illegal '.moves[0].to = [8, 0]' "no step or chain"
    check "referee: a changed result is refused" tamper result '.result.outcome |= reverse' "not as recorded"
    check "referee: a record cut short is refused" tamper short '.moves |= .[0:3]' "still on"
else
    skip "referee: tampered records" "jq is not installed"
fi
check "referee: junk and other formats are refused" junk_is_refused

# ---- bot programs in the sandbox ------------------------------------------

sandboxed_games_replay() {
    play sandboxed --games 2 "build/bots/house greedy" "build/bots/house strong 1" &&
    "$REFEREE" --replay "$TMP"/sandboxed/*.json
}

# misbehaves BOT VERDICT DETAIL [CALL_CPU [GAME_CPU]]: BOT leaves its
# first game with VERDICT, the house bot wins, and the record says why.
# CALL_CPU: the CPU seconds a call may take (default 0.3); GAME_CPU: a
# game (default 60).
misbehaves() {
    dir=$TMP/bad-$1
    mkdir -p "$dir" &&
    "$REFEREE" --call-cpu "${4:-0.3}" --game-cpu "${5:-60}" --records "$dir" "build/bots/test-$1" house:greedy \
        >"$dir.out" &&
    cat "$dir.out" &&
    grep -q "test-$1 out, house:greedy win" "$dir.out" &&
    jq -e --arg v "$2" --arg d "$3" \
        '[.moves[] | select(.out)] | length == 1 and .[0].out == $v and (.[0].detail | contains($d))' \
        "$dir/g0001.json" &&
    "$REFEREE" --replay "$dir/g0001.json"
}

check "referee: sandboxed house bots play, their records replay" sandboxed_games_replay
check "referee: a bot that crashes is out (signal 11)" misbehaves crash crashed "signal 11"
check "referee: a bot that spins in YourMove is out (timeout)" misbehaves spin timeout "CPU time"
# The same waste hidden in a chain of children that the kernel reaps (the
# bot ignores SIGCHLD): charged all the same, out the same way.
check "referee: a bot that burns its CPU in self-reaped children is out (timeout), as the spinning one" \
    misbehaves launder timeout "CPU time"
# Past the game's CPU rather than a call's, the sandbox ends the bot (its
# tree's total) and the referee sees only its output close: still a
# timeout, not a crash, whether the bot or its children spent the time.
check "referee: a bot that spins past the game's CPU (not a call's) is out (timeout)" \
    misbehaves spin timeout "CPU time a game allows" 5 0.5
check "referee: a bot whose self-reaped children pass the game's CPU is out (timeout)" \
    misbehaves launder timeout "CPU time a game allows" 5 0.5
check "referee: a bot that floods its output is out" misbehaves flood flood "output cap"
check "referee: a bot that claims an off-board move is out" misbehaves illegal "illegal move" "not a position"
check "referee: bad command lines get status 2" bad_command_lines

# ---- bots that misbehave in other ways (issue 12, section 5) ---------------

# Nothing of build/bots/test-NAME runs once the referee is done: the
# sandbox killed its whole tree, children that detached included.
nothing_left_of() {
    if pgrep -f "bots/test-$1" >/dev/null; then
        echo "still running:"; pgrep -af "bots/test-$1"; return 1
    fi
}

# The bomb in the background: the game goes on, the house bot (a program
# in its own sandbox) plays exactly the moves it plays against itself, the
# fork bot is charged the bomb's CPU time (at least the 0.3 s its child
# spends before the first move, whatever the load: bots/fork.c), and
# nothing of it is left.
background_fork_bomb() {
    dir=$TMP/fork-bg
    mkdir -p "$dir/bomb" "$dir/plain" &&
    "$REFEREE" --call-cpu 5 --records "$dir/bomb" build/bots/test-fork "build/bots/house greedy" >"$dir.out" &&
    "$REFEREE" --records "$dir/plain" "build/bots/house greedy" "build/bots/house greedy" >>"$dir.out" &&
    cat "$dir.out" &&
    jq -e '[.moves[] | select(.out)] | length == 0' "$dir/bomb/g0001.json" >/dev/null &&
    jq -c '[.moves[] | .path], .result.outcome' "$dir/bomb/g0001.json" >"$dir/bomb.moves" &&
    jq -c '[.moves[] | .path], .result.outcome' "$dir/plain/g0001.json" >"$dir/plain.moves" &&
    cmp "$dir/bomb.moves" "$dir/plain.moves" &&
    jq -e '.result.cpu[0] >= 0.3 and .result.cpu[0] > 2 * .result.cpu[1]' "$dir/bomb/g0001.json" &&
    "$REFEREE" --replay "$dir/bomb/g0001.json" && nothing_left_of fork
}

foreground_fork_bomb() {
    misbehaves "fork now" timeout "CPU time" && nothing_left_of fork
}

# alone_together BOT: two copies of BOT play each other, each in its
# sandbox; neither leaves the game (the snooping and talking bots exit with
# 100 + what they found when they find anything: tests/referee/bots/), and
# the record replays.
alone_together() {
    dir=$TMP/pair-$1
    mkdir -p "$dir" &&
    "$REFEREE" --records "$dir" "build/bots/test-$1" "build/bots/test-$1" >"$dir.out" &&
    cat "$dir.out" || return 1
    if ! jq -e '[.moves[] | select(.out)] | length == 0' "$dir/g0001.json" >/dev/null; then
        jq -c '.moves[] | select(.out)' "$dir/g0001.json"; return 1
    fi
    "$REFEREE" --replay "$dir/g0001.json" && nothing_left_of "$1"
}

# The probe works: without bubblewrap's namespaces the snooping bot does
# see the other copy (its processes, its marker in /dev/shm) and says so.
snoop_sees_without_namespaces() {
    dir=$TMP/rlimits-snoop
    mkdir -p "$dir" &&
    GRADER_SANDBOX=rlimits "$REFEREE" --records "$dir" build/bots/test-snoop build/bots/test-snoop >"$dir.out" &&
    cat "$dir.out" &&
    jq -e '[.moves[] | select(.out)][0].detail | test("exited with status 1[0-9][0-9]")' "$dir/g0001.json"
}

bubblewrap_works() {
    [ "${GRADER_SANDBOX:-auto}" != rlimits ] && command -v bwrap >/dev/null 2>&1 &&
        bwrap --unshare-all --die-with-parent --ro-bind / / /bin/true 2>/dev/null
}

check "referee: a fork bomb in YourMove is out (timeout), nothing of it left" foreground_fork_bomb
check "referee: a detached fork bomb is charged to its bot, the other plays as ever, nothing left" \
    background_fork_bomb
# (Touching 256 MiB takes a loaded machine more than 0.3 s of CPU.)
check "referee: a bot that allocates without limit is out (memory)" misbehaves memory memory "memory limit" 5
check "referee: a bot that passes with the same piece while it has moves is out" \
    misbehaves same_piece "illegal move" "passed with"
check "referee: a bot that writes junk on its protocol descriptor is out (bad reply)" \
    misbehaves junk "bad reply" "longer than the protocol allows"
check "referee: a bot that exits inside OpponentMove is out" misbehaves exit_in_opponent crashed "OpponentMove: exited with status 0"

# A reply made of what a terminal obeys (ESC, the C1 CSI encoded and as a
# lone byte, a Latin-1 byte) is quoted visible (grader/report/visible.h):
# the record stays UTF-8 and no ESC reaches the referee's output.
escapes_are_quoted_visible() {
    misbehaves escapes "bad reply" 'InitChineseCheckers: replied "\x1B[2J\xC2\x9B2J\x9Bcaf\xE9" instead of ok' &&
    iconv -f UTF-8 -t UTF-8 "$TMP/bad-escapes/g0001.json" >/dev/null &&
    ! LC_ALL=C grep -q "$(printf '\033')" "$TMP/bad-escapes.out"
}
check "referee: a reply of control bytes is quoted as \\xHH in the detail and the record" escapes_are_quoted_visible
if bubblewrap_works; then
    check "referee: two snooping bots see nothing of each other, the referee or the kit" alone_together snoop
    check "referee: two bots that try to talk (signals, /tmp, /dev/shm, sockets, queues) reach no one" \
        alone_together talk
else
    skip "referee: snooping and talking bots" "bubblewrap is not available: the rlimits fallback hides nothing"
fi
check "referee: without namespaces the snooping bot does see the other copy" snoop_sees_without_namespaces

# ---- time between and after calls (issue 20, section 1) --------------------

# A bot that sleeps 1.4 s in every call passes no call's limit (1.6 s of
# wall time with 0.2 s of CPU a call) but the game's: its calls may take
# 3 x 0.3 + 1 s in all (grader/referee/player_process.h), so it is out in
# its second call instead of holding the game to the sandbox's limit.
check "referee: a bot that sleeps just under a call's wall limit is out of the game's wall time" \
    misbehaves sleeper timeout "wall time a game allows" 0.2 0.3

# A bot that keeps running after it has answered Term (its exit handler
# sleeps, then leaves a file in a folder it is given) is stopped at once:
# the file never appears.  Seen only without namespaces, where the bot
# shares the file system.
stopped_at_term() {
    dir=$TMP/linger
    mkdir -p "$dir/games" && chmod 711 "$TMP" && chmod 1777 "$dir" &&
    GRADER_SANDBOX=rlimits "$REFEREE" --records "$dir/games" "build/bots/test-linger $dir" house:greedy \
        >"$dir.out" &&
    cat "$dir.out" &&
    jq -e '[.moves[] | select(.out)] | length == 0' "$dir/games/g0001.json" >/dev/null &&
    sleep 1 && [ ! -e "$dir/lingered" ]
}
check "referee: a bot still running after it answered Term is stopped at once" stopped_at_term

# ---- referee and records (issue 20, section 2) -----------------------------

# Replies spelt as sscanf("%ld") reads them but the protocol's grammar
# (grader/referee/protocol.h) does not: each is a bad reply in YourMove.
lax_replies_are_bad() {
    for form in plus zero minus0 tab cr vt ff lead trail two; do
        misbehaves "lax_reply $form" "bad reply" "YourMove: replied" || { echo "accepted: $form"; return 1; }
    done
}
check "referee: a move reply with a sign, a leading zero, -0 or other blanks is a bad reply" lax_replies_are_bad

# A bot that fails its Init cannot win, whoever failed first: two copies
# that crash there are both out (seat 1 was credited a win when seat 0's
# failure had already ended the game).  One that crashes in Term is out
# of the game it had played.
crashed_seats_do_not_win() {
    dir=$TMP/init-crash
    mkdir -p "$dir" &&
    "$REFEREE" --records "$dir" build/bots/test-crash_init build/bots/test-crash_init >"$dir.out" &&
    cat "$dir.out" &&
    jq -e '.result.outcome == ["out", "out"] and .result.out == ["crashed", "crashed"]' "$dir/g0001.json" &&
    "$REFEREE" --replay "$dir/g0001.json"
}
check "referee: two bots that crash in Init are both out, neither wins" crashed_seats_do_not_win

crash_in_term_is_out() {
    dir=$TMP/term-crash
    mkdir -p "$dir" &&
    "$REFEREE" --records "$dir" build/bots/test-crash_term house:greedy >"$dir.out" &&
    cat "$dir.out" &&
    jq -e '.result.outcome[0] == "out" and .result.out[0] == "crashed" and .result.end != "one left"' \
        "$dir/g0001.json" &&
    "$REFEREE" --replay "$dir/g0001.json"
}
check "referee: a bot that crashes in Term is out of the game it played" crash_in_term_is_out

# Records with one lie each (tests/referee/forged/README.md): every one is
# refused, for its reason.
forged_records_are_refused() {
    while IFS='|' read -r name reason; do
        if "$REFEREE" --replay "tests/referee/forged/$name.json" >"$TMP/forged.out"; then
            echo "accepted: $name"; return 1
        fi
        grep -q -- "$reason" "$TMP/forged.out" || { cat "$TMP/forged.out"; echo "($name: '$reason' expected)"; return 1; }
    done <<EOF
dup-moves|appears twice
path|is not what the referee records
out-after-end|not as recorded
result-out|"result" is not what replaying
result-cpu|CPU total
fractional|no move, pass or out
extra-field|"result" is not what replaying
detail-control|visible bytes
out-verdict|verdicts
many-fields|past its 16 fields
latin1-name|not UTF-8
second-record|more than one JSON value
nul-after|NUL byte
nul-escape-name|U+0000
raw-tab-name|control character that JSON does not allow
leading-zero|a number JSON does not allow
bom|byte-order mark
size-as-float|a whole number written with a fraction
EOF
    [ "$(ls tests/referee/forged/*.json | wc -l)" -eq 18 ]
}
check "referee: a record with a lie (a key twice, a path, a result, a figure, a fraction, text other readers read otherwise) is refused" \
    forged_records_are_refused

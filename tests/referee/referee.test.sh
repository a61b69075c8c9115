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

# misbehaves BOT VERDICT DETAIL: BOT leaves its first game with VERDICT,
# the house bot wins, and the record says why.
misbehaves() {
    dir=$TMP/bad-$1
    mkdir -p "$dir" &&
    "$REFEREE" --call-cpu 0.3 --records "$dir" "build/bots/test-$1" house:greedy >"$dir.out" &&
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
check "referee: a bot that floods its output is out" misbehaves flood flood "output cap"
check "referee: a bot that claims an off-board move is out" misbehaves illegal "illegal move" "not a position"
check "referee: bad command lines get status 2" bad_command_lines

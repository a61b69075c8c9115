#!/bin/sh
# records.test.sh -- a game a bot loses or leaves in a graded unit test
# is in its report as a record (grader/referee/RECORD.md) that the kit's
# tools take: build/referee --replay checks a whole game, build/replay-html
# draws it; a game cut by an illegal move ends with the bot's leaving,
# the referee's reason in its detail.
#
# Run from the repository root after make: sh tests/run.sh tests/bot-challenge/records.test.sh
. tests/lib.sh
set -u

TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

# record_of NAME: grades example NAME, writes the first record its report
# shows into $TMP/NAME.json.
record_of() {
    sh tests/submissions.sh bot-challenge "$TMP/subs" "$1" >/dev/null &&
    build/grade -a bot-challenge --tests all --format json -o "$TMP/$1.report" "$TMP/subs/$1" >/dev/null 2>&1
    jq -r '.tests[] | select(.status == "failed") | .output' "$TMP/$1.report" |
        sed -n 's/^ *\({"format": "cc-bot-game 1".*\)$/\1/p' | head -n 1 >"$TMP/$1.json"
    [ -s "$TMP/$1.json" ] || { echo "no record in the report of $1"; return 1; }
}

lost_game_replays() {
    record_of greedy_only &&
    build/referee --replay "$TMP/greedy_only.json" &&
    build/replay-html "$TMP/greedy_only.json" "$TMP/greedy_only.html" &&
    grep -q '<svg' "$TMP/greedy_only.html"
}

illegal_move_ends_the_record() {
    record_of neutral_zone_ignored &&
    jq -e '.moves[-1].out == "illegal move" and (.moves[-1].detail | contains("neutral zone"))' \
        "$TMP/neutral_zone_ignored.json" &&
    build/replay-html "$TMP/neutral_zone_ignored.json" "$TMP/neutral_zone_ignored.html"
}

if [ ! -x build/grade ] || [ ! -x build/referee ] || [ ! -x build/replay-html ]; then
    check "bot-challenge records: build/grade, build/referee and build/replay-html exist (run make)" false
    exit
fi
check "bot-challenge records: a game lost in a unit test is in the report, and replays" lost_game_replays
check "bot-challenge records: a game cut by an illegal move ends with the move and the reason" \
    illegal_move_ends_the_record

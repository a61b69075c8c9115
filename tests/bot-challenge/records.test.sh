#!/bin/sh
# records.test.sh -- a game a bot loses or leaves in a graded unit test
# is in its report as a record (grader/referee/RECORD.md) that the kit's
# tools take: build/referee --replay checks a whole game, build/replay-html
# draws it; a game cut by an illegal move ends with the bot's leaving,
# the referee's reason in its detail.  The HTML report draws each such
# game as a replay (grader/assignments/bot-challenge/replay_section.h),
# which loads cleanly in headless Chromium.
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

# The HTML report of greedy_only: one replay per failing test whose output
# holds a record, each a sandboxed frame.
report_draws_replays() {
    sh tests/submissions.sh bot-challenge "$TMP/subs" greedy_only >/dev/null &&
    build/grade -a bot-challenge --tests all --format json -o "$TMP/g.json" "$TMP/subs/greedy_only" \
        >/dev/null 2>&1
    build/grade -a bot-challenge --tests all --format html -o "$TMP/g.html" "$TMP/subs/greedy_only" \
        >/dev/null 2>&1
    want=$(jq '[.tests[] | select(.status != "passed" and (.output | contains("{\"format\": \"cc-bot-game 1\"")))]
               | length' "$TMP/g.json")
    got=$(grep -c '<iframe sandbox="allow-scripts" ' "$TMP/g.html")
    [ "$want" -ge 1 ] && [ "$got" -eq "$want" ] || { echo "$got replays drawn, $want failing tests with a record"; return 1; }
}

CHROMIUM=$(command -v chromium || command -v chromium-browser)

# The report with its replays, in a browser: nothing logged to the console
# (the frames' scripts run), and a screenshot far from blank.
report_in_browser() {
    [ -f "$TMP/g.html" ] || report_draws_replays || return 1
    printf '<!DOCTYPE html><title>blank</title>' >"$TMP/blank.html"
    for page in blank g; do
        timeout 120 "$CHROMIUM" --headless --no-sandbox --disable-gpu --no-first-run \
            --disable-background-networking --disable-component-update --disable-sync \
            --user-data-dir="$(mktemp -d "$TMP/profile.XXXXXX")" --enable-logging=stderr --v=0 \
            --window-size=1200,2200 --screenshot="$TMP/$page.png" "file://$TMP/$page.html" \
            >/dev/null 2>"$TMP/$page.log" || return 1
        ! grep ':CONSOLE' "$TMP/$page.log" || return 1
    done
    [ "$(wc -c <"$TMP/g.png")" -gt $((10 * $(wc -c <"$TMP/blank.png"))) ] ||
        { echo "no real screenshot: $(wc -c <"$TMP/g.png") bytes"; return 1; }
}

if [ ! -x build/grade ] || [ ! -x build/referee ] || [ ! -x build/replay-html ]; then
    check "bot-challenge records: build/grade, build/referee and build/replay-html exist (run make)" false
    exit
fi
check "bot-challenge records: a game lost in a unit test is in the report, and replays" lost_game_replays
check "bot-challenge records: a game cut by an illegal move ends with the move and the reason" \
    illegal_move_ends_the_record
check "bot-challenge records: the HTML report draws each game a failing test shows as a replay" \
    report_draws_replays
if [ -z "$CHROMIUM" ]; then
    skip "bot-challenge records: the report's replays in a browser" "chromium is not installed"
else
    check "bot-challenge records: the report's replays in a browser, nothing on the console" report_in_browser
fi

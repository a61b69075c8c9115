# replay.test.sh -- the replay viewer (grader/tournament/replay_html.h)
# through build/replay-html: a page for every example record of
# tests/tournament/records/, each a single file with no outside asset; a
# hostile bot name shown as text, never as markup; junk records refused
# with a reason, a failing exit status and no page.  Then in headless
# Chromium: no console message, one circle per cell of the star, the
# opening's pieces where the homes are, and at "#turn=N" the Nth turn
# played (its piece on `to`, none on `from`, its hop path drawn), passes
# and bots leaving the game in words, a size-63 star drawn quickly, a
# screenshot with a real picture in it.  Run through tests/run.sh after
# `make build/replay-html` (REPLAY_HTML=PATH tries another build).
. tests/lib.sh

REPLAY=${REPLAY_HTML:-build/replay-html}
RECORDS=tests/tournament/records
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

# A missing program fails, never skips: a skip goes unnoticed.
if [ ! -x "$REPLAY" ]; then
    check "replay: $REPLAY exists (make build/replay-html)" false
    exit 0
fi

# ---- pages ------------------------------------------------------------------

render_every_record() {
    for rec in "$RECORDS"/*.json; do
        page=$TMP/$(basename "$rec" .json).html
        "$REPLAY" "$rec" "$page" || { echo "cannot render $rec"; return 1; }
        grep -q '<script type="application/json" id="record">' "$page" &&
        grep -q '<svg id="board"' "$page" && grep -q 'id="legend"' "$page" ||
            { echo "$page lacks its parts"; return 1; }
    done
}

# No stylesheet, script, image or font from elsewhere: the only URL is the
# SVG namespace; url(#arrow) points inside the page.
pages_are_self_contained() {
    for page in "$TMP"/*.html; do
        if grep -o -E '(src=|href=|@import|url\([^#]|https?://)[^ >]*' "$page" |
           grep -v -x -e 'http://www.w3.org/2000/svg"' -e "http://www.w3.org/2000/svg'[,)]*"; then
            echo "external reference in $page"
            return 1
        fi
    done
}

# A name that would close the data's <script>, open a comment, start a
# tag and break attributes, and an "out" detail in the same spirit.
HOSTILE_NAME='</script><script>alert(1)</script><!-- "q'"'"' & <b>bold</b>'
hostile_page() {
    jq --arg name "$HOSTILE_NAME" \
       '.bots[0] = $name | .moves[-1].detail = "</SCRIPT >& <img onerror=x>"' \
       "$RECORDS/s3-p2-hops-out.json" >"$TMP/hostile.json" &&
    "$REPLAY" "$TMP/hostile.json" "$TMP/hostile.html"
}

hostile_name_is_text() {
    f=$TMP/hostile.html
    # Only the two script elements close; nothing of the name is markup.
    [ "$(grep -o -i '</script' "$f" | wc -l)" -eq 2 ] &&
    ! grep -q '<script>alert' "$f" && ! grep -q '<b>bold' "$f" &&
    ! grep -q '<img' "$f" && ! grep -q '<!-- "q' "$f" &&
    grep -q '&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;!-- &quot;q&#39; &amp; &lt;b&gt;bold' "$f"
}

# junk NAME TEXT: a record the viewer must refuse.
junk() {
    printf '%s' "$2" >"$TMP/junk-$1.json"
}

junk_is_refused() {
    good=$(cat "$RECORDS/s3-p2-hops-out.json")
    junk empty ''
    junk text 'not a record'
    junk array '[1, 2, 3]'
    junk cut "$(printf '%s' "$good" | head -c 300)"
    junk format "$(printf '%s' "$good" | jq -c '.format = "cc-bot-game 2"')"
    junk no-format "$(printf '%s' "$good" | jq -c 'del(.format)')"
    junk size "$(printf '%s' "$good" | jq -c '.size = 64')"
    junk size-text "$(printf '%s' "$good" | jq -c '.size = "3"')"
    junk players "$(printf '%s' "$good" | jq -c '.players = 7')"
    junk points "$(printf '%s' "$good" | jq -c '.points = [0, 0]')"
    junk bots "$(printf '%s' "$good" | jq -c '.bots = ["alone"]')"
    junk moves "$(printf '%s' "$good" | jq -c '.moves = {}')"
    junk seat "$(printf '%s' "$good" | jq -c '.moves[0].p = 2')"
    junk off-star "$(printf '%s' "$good" | jq -c '.moves[0].to = [0, 1]')"
    junk path "$(printf '%s' "$good" | jq -c '.moves[4].path[1] = [13, 0]')"
    junk pass "$(printf '%s' "$good" | jq -c '.moves[0] = {"p": 0, "pass": "me"}')"
    junk out "$(printf '%s' "$good" | jq -c '.moves[-1].out = 3')"
    head -c 5000 /dev/zero | tr '\0' '[' >"$TMP/junk-deep.json"
    printf '\377\376\000{"format"\001' >"$TMP/junk-bytes.json"
    for f in "$TMP"/junk-*.json "$TMP/no-such-record.json"; do
        out=$TMP/refused.html
        rm -f "$out"
        if "$REPLAY" "$f" "$out" 2>"$TMP/refused.err"; then
            echo "accepted: $f"
            return 1
        fi
        [ -s "$TMP/refused.err" ] || { echo "no reason given for $f"; return 1; }
        [ ! -e "$out" ] || { echo "a page was left for $f"; return 1; }
    done
}

# The reason names the field, and the turn when a turn is at fault.
refusal_says_why() {
    "$REPLAY" "$TMP/junk-format.json" "$TMP/refused.html" 2>&1 |
        grep -q '"format" is not "cc-bot-game 1"' &&
    "$REPLAY" "$TMP/junk-path.json" "$TMP/refused.html" 2>&1 |
        grep -q 'turn 5 has a "path" through a cell off the star'
}

# The forged records of tests/referee/forged/ (one lie each, the shape
# right): the viewer draws only what replays on the rules.
forged_records_are_not_drawn() {
    for f in tests/referee/forged/*.json; do
        rm -f "$TMP/forged.html"
        if "$REPLAY" "$f" "$TMP/forged.html" 2>/dev/null || [ -e "$TMP/forged.html" ]; then
            echo "drawn: $f"; return 1
        fi
    done
}

check "replay: a page for every example record" render_every_record
check "replay: a record that does not replay on the rules is not drawn" forged_records_are_not_drawn
check "replay: a page with a hostile bot name" hostile_page
check "replay: pages are self-contained" pages_are_self_contained
check "replay: hostile text escaped, script intact" hostile_name_is_text
check "replay: junk records refused with a reason, no page" junk_is_refused
check "replay: the reason names the field and the turn" refusal_says_why

# ---- in a browser -------------------------------------------------------------

CHROMIUM=$(command -v chromium || command -v chromium-browser)

# open_page PAGE MODE OUT: loads PAGE (a file, maybe ending in #turn=N)
# in headless Chromium with a fresh profile; MODE is --dump-dom or
# --screenshot=FILE.  Its output goes to OUT, its log to OUT.log.  Fails
# when the page logged anything to the console: every page here must
# load cleanly.
open_page() {
    profile=$(mktemp -d "$TMP/profile.XXXXXX")
    timeout 120 "$CHROMIUM" --headless --no-sandbox --disable-gpu --no-first-run \
        --disable-background-networking --disable-component-update --disable-sync \
        --user-data-dir="$profile" --enable-logging=stderr --v=0 \
        --window-size=1200,900 "$2" "file://$1" >"$3" 2>"$3.log" || return 1
    ! grep ':CONSOLE' "$3.log"
}

# cell_class DOM ROW COL: the class attribute of that cell's circle.
cell_class() {
    grep -o "<circle class=\"[^\"]*\" data-row=\"$2\" data-col=\"$3\"" "$1" |
        sed 's/^<circle class="\([^"]*\)".*/\1/'
}

# cells_with DOM PATTERN: how many cells have a class matching PATTERN.
cells_with() {
    grep -o "<circle class=\"cell[^\"]*\" data-row" "$1" | grep -c -E "$2"
}

# turn_shows NAME N: the page of record NAME opened at #turn=N shows the
# Nth turn played: every cell drawn, its piece on `to`, `from` empty, its
# path drawn through every landing.
turn_shows() {
    rec=$RECORDS/$1.json dom=$TMP/$1-$2.dom
    size=$(jq .size "$rec")
    open_page "$TMP/$1.html#turn=$2" --dump-dom "$dom" || return 1
    cells=$(grep -o '<circle class="cell' "$dom" | wc -l)
    [ "$cells" -eq $((6 * size * (size + 1) + 1)) ] ||
        { echo "$cells cells drawn for size $size"; return 1; }
    set -- "$dom" $(jq -r ".moves[$2 - 1] | [.p, .from[], .to[], (.path | length)] | @tsv" "$rec")
    cell_class "$1" "$5" "$6" | grep -q -w "seat-$2" || { echo "no piece of seat $2 on ($5, $6)"; return 1; }
    cell_class "$1" "$3" "$4" | grep -q 'seat-' && { echo "($3, $4) still holds a piece"; return 1; }
    shown=$(grep -o '<polyline id="path" class="" points="[^"]*"' "$1" | sed 's/.*points="//; s/"$//' | wc -w)
    [ "$shown" -eq "$7" ] || { echo "path of $shown points, $7 recorded"; return 1; }
}

# The turn of each record with the longest path (its first if several).
longest_turn() {
    jq '[.moves | to_entries[] | select(.value.path) | {t: (.key + 1), l: (.value.path | length)}]
        | max_by(.l) | .t' "$RECORDS/$1.json"
}

every_turn_shown() {
    for rec in "$RECORDS"/*.json; do
        name=$(basename "$rec" .json)
        turn_shows "$name" "$(longest_turn "$name")" || { echo "in $name"; return 1; }
        turn_shows "$name" "$(jq '[.moves | to_entries[] | select(.value.path)] | last | .key + 1' "$rec")" ||
            { echo "in $name"; return 1; }
    done
}

# At turn 0 each seat has its size*(size+1)/2 pieces, all in its home.
opening_is_set() {
    rec=$RECORDS/s4-p6-opening.json dom=$TMP/opening.dom
    open_page "$TMP/s4-p6-opening.html" --dump-dom "$dom" || return 1
    for p in 0 1 2 3 4 5; do
        [ "$(cells_with "$dom" " seat-$p\"")" -eq 10 ] &&
        [ "$(cells_with "$dom" "home-$p seat-$p\"")" -eq 10 ] ||
            { echo "seat $p does not have its 10 pieces at home"; return 1; }
    done
    grep -q '<polyline id="path" class="off"' "$dom" &&
    grep -q '<output id="turn-number">0 / 12</output>' "$dom"
}

# s3-p6-pass.json is a game made for it (seat 0 moves a piece out and
# back while the five others fill every cell its moves could reach, until
# it has none): it ends, cut short, with seat 0's pass.
pass_and_out_in_words() {
    open_page "$TMP/s3-p6-pass.html#turn=25" --dump-dom "$TMP/pass.dom" &&
    grep -q 'blocked (seat 0) passes: no legal move; it names its piece at (0, 0)' "$TMP/pass.dom" &&
    grep -q '<circle id="ring-to" class="ring"' "$TMP/pass.dom" &&
    grep -q '<polyline id="path" class="off"' "$TMP/pass.dom" &&
    open_page "$TMP/s3-p2-hops-out.html#turn=999" --dump-dom "$TMP/out.dom" &&
    grep -q 'slowpoke (seat 1) is out of the game: timeout' "$TMP/out.dom" &&
    grep -q 'The game ends here: one left' "$TMP/out.dom" &&
    grep -q '<output id="turn-number">8 / 8</output>' "$TMP/out.dom" &&
    grep -q '<tr id="seat-1" class="now">' "$TMP/out.dom"
}

hostile_in_browser() {
    dom=$TMP/hostile.dom
    open_page "$TMP/hostile.html#turn=1" --dump-dom "$dom" &&
    [ "$(grep -o '<circle class="cell' "$dom" | wc -l)" -eq 73 ] &&
    grep -q 'Turn 1: &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;!-- "q'"'"' &amp; &lt;b&gt;bold&lt;/b&gt; (seat 0) steps' "$dom" &&
    ! grep -q '<b>bold' "$dom"
}

# The controls, driven by a probe script added to a copy of the page: it
# presses keys, clicks buttons and moves the slider, and writes the turn
# counter after each into <pre id="probe">, then the address's fragment.
controls_work() {
    sed 's|</body>|<script>\
var seen = [], counter = document.getElementById("turn-number");\
function key(k) { document.dispatchEvent(new KeyboardEvent("keydown", { key: k })); }\
function note() { seen.push(counter.textContent); }\
key("ArrowRight"); note(); key("ArrowLeft"); key("ArrowLeft"); note();\
key("End"); note(); key("Home"); note(); key("ArrowLeft"); note();\
document.getElementById("next").click(); note();\
document.getElementById("last").click(); note();\
document.getElementById("prev").click(); note();\
document.getElementById("first").click(); note();\
var s = document.getElementById("slider"); s.value = 5;\
s.dispatchEvent(new Event("input")); note(); seen.push(location.hash);\
document.body.insertAdjacentHTML("beforeend", "<pre id=probe>" + seen.join(";") + "</pre>");\
</script></body>|' "$TMP/s3-p2-hops-out.html" >"$TMP/probe.html" &&
    open_page "$TMP/probe.html#turn=2" --dump-dom "$TMP/probe.dom" &&
    grep -q '<pre id="probe">3 / 8;1 / 8;8 / 8;0 / 8;0 / 8;1 / 8;8 / 8;7 / 8;0 / 8;5 / 8;#turn=5</pre>' "$TMP/probe.dom" ||
        { grep -o '<pre id="probe">[^<]*' "$TMP/probe.dom"; return 1; }
}

# The largest star, six full homes: every cell, drawn in well under the
# few seconds a page may take.
big_star() {
    jq '.size = 63 | .moves = [{"p": 0, "from": [62, 0], "to": [63, 0], "path": [[62, 0], [63, 0]]}] |
        del(.result)' \
        "$RECORDS/s4-p6-opening.json" >"$TMP/big.json" &&
    "$REPLAY" "$TMP/big.json" "$TMP/big.html" &&
    open_page "$TMP/big.html#turn=1" --dump-dom "$TMP/big.dom" &&
    [ "$(grep -o '<circle class="cell' "$TMP/big.dom" | wc -l)" -eq 24193 ] &&
    [ "$(cells_with "$TMP/big.dom" ' seat-[0-5]"')" -eq $((6 * 2016)) ] || return 1
    ms=$(sed -n 's/.*data-draw-ms="\([0-9]*\)".*/\1/p' "$TMP/big.dom")
    echo "drawn in ${ms:-?} ms"
    [ -n "$ms" ] && [ "$ms" -lt 3000 ]
}

# A blank page of that size compresses to a few kilobytes.
screenshot() {
    printf '<!DOCTYPE html><title>blank</title>' >"$TMP/blank.html"
    open_page "$TMP/blank.html" "--screenshot=$TMP/blank.png" "$TMP/blank.out" &&
    open_page "$TMP/s3-p2-hops-out.html#turn=5" "--screenshot=$TMP/replay.png" "$TMP/shot.out" &&
    [ -f "$TMP/replay.png" ] &&
    [ "$(wc -c <"$TMP/replay.png")" -gt $((10 * $(wc -c <"$TMP/blank.png"))) ] ||
        { echo "no real screenshot: $(wc -c <"$TMP/replay.png") bytes"; return 1; }
}

if [ -z "$CHROMIUM" ]; then
    for name in "each record's turns played" "the opening set" "passes and outs in words" \
                "hostile name in the page" "the controls" "a size-63 star" "a screenshot"; do
        skip "replay in a browser: $name" "chromium is not installed"
    done
else
    check "replay in a browser: each record's turns played at #turn=N" every_turn_shown
    check "replay in a browser: the opening has every piece at home" opening_is_set
    check "replay in a browser: passes and outs in words, #turn clamped" pass_and_out_in_words
    check "replay in a browser: hostile name shown as text" hostile_in_browser
    check "replay in a browser: keys, buttons and slider go to their turns" controls_work
    check "replay in a browser: a size-63 star of 24,193 cells, quickly" big_star
    check "replay in a browser: the screenshot holds a picture" screenshot
fi

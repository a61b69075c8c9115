#!/bin/sh
# hostile_text.test.sh -- bytes a student chose, on the instructor's
# terminal and in the gradebooks.
#
# Terminal (grader/report/visible.h): a hostile submission -- the fixture
# hostile_terminal_escapes, whose program prints CSI and OSC sequences,
# put in a folder whose name carries a CSI, with a file whose name carries
# an OSC and a line the compiler quotes in a warning carrying ESC, CSI,
# OSC and a lone 8-bit CSI -- graded by build/grade in every format, by
# build/grade-all beside entries and archive members named with such
# bytes, and merged; a session carrying them replayed by `grade --show`;
# bots so named in a referee's games, and a tournament's refusal of such
# a name: no byte 0x1B,
# no other C0 control but newline and tab, no DEL and no C1 control,
# UTF-8 encoded or a lone byte, may reach stdout or stderr, and each
# hostile byte must be shown as \xHH.
#
# Gradebooks (grader/report/csv.h, grader/batch/batch_list.c): an entry
# named with a Latin-1 byte is graded under an id with the byte shown as
# \xE9, grades.csv stays UTF-8 and class.json JSON, a re-run and --merge
# find its folder again; ids that start a formula (=, +, -, @, tab) are
# neutralised in grades.csv and the tournament's CSVs while a negative
# score stays a number.
#
# Run through tests/run.sh after `make`.
. tests/lib.sh

for program in build/grade build/grade-all build/tournament build/referee build/bots/test-crash \
               build/chinese-checkers; do
    if [ ! -x "$program" ]; then
        skip "hostile text: $program" "missing (run make)"
        exit 0
    fi
done

TMP=$(mktemp -d)
# As root every sandboxed program runs under a uid of its own.
chmod 755 "$TMP"
trap 'rm -rf "$TMP"' EXIT

ESC=$(printf '\033')
CSI=$(printf '\302\233')      # U+009B, UTF-8 encoded
OSC=$(printf '\302\235')      # U+009D
RAW_CSI=$(printf '\233')      # the lone 8-bit byte
BEL=$(printf '\007')

# terminal_safe FILE...: each file is valid UTF-8 (so a byte 0x80..0x9F
# can only continue a character), without NUL, without C0 controls but
# newline and tab, without DEL, and without C1 controls (C2 80..C2 9F).
terminal_safe() {
    for f in "$@"; do
        iconv -f UTF-8 -t UTF-8 "$f" >/dev/null 2>&1 || { echo "$f: not UTF-8"; od -c "$f" | head; return 1; }
        [ "$(tr -d '\000' <"$f" | wc -c)" -eq "$(wc -c <"$f")" ] || { echo "$f: a NUL"; return 1; }
        if LC_ALL=C grep -q "$(printf '[\001-\010\013-\037\177]')" "$f"; then
            echo "$f: a C0 control or DEL"
            LC_ALL=C grep -n "$(printf '[\001-\010\013-\037\177]')" "$f" | head -3 | od -c | head
            return 1
        fi
        if LC_ALL=C grep -q "$(printf '\302[\200-\237]')" "$f"; then
            echo "$f: a C1 control"
            LC_ALL=C grep -n "$(printf '\302[\200-\237]')" "$f" | head -3 | od -c | head
            return 1
        fi
    done
}

# shows FILE TEXT: FILE holds TEXT (fixed string).
shows() {
    grep -q -F -e "$2" "$1" || { echo "$1 lacks: $2"; sed -n '1,20p' "$1"; return 1; }
}

# ---- the hostile submission -------------------------------------------------

sh tests/submissions.sh chinese-checkers "$TMP/fixtures" hostile_terminal_escapes >/dev/null || exit 1
SUB=$TMP/sub${ESC}[2J${CSI}31m
mv "$TMP/fixtures/hostile_terminal_escapes" "$SUB"
printf 'int quoted_line(void)\n{\n    int unused = 0; /* %s[2J %s2J %s0;owned%s %s31m */\n    return 0;\n}\n' \
    "$ESC" "$CSI" "$OSC" "$BEL" "$RAW_CSI" >"$SUB/warn${OSC}0;t.c"

build/grade --tests public "$SUB" >"$TMP/grade.out" 2>"$TMP/grade.err"
grade_rc=$?

text_report_is_safe() {
    [ "$grade_rc" -eq 0 ] || { cat "$TMP/grade.err"; return 1; }
    terminal_safe "$TMP/grade.out" "$TMP/grade.err" &&
    shows "$TMP/grade.out" 'Submission: '"$TMP"'/sub\x1B[2J\xC2\x9B31m' &&
    shows "$TMP/grade.out" 'src/warn\xC2\x9D0;t.c:3:' &&
    shows "$TMP/grade.out" '/* \x1B[2J \xC2\x9B2J \xC2\x9D0;owned\x07 \x9B31m */' &&
    shows "$TMP/grade.out" '\x1B[2J\x1B]0;owned\x07\xC2\x9B2J\xC2\x9D0;owned\x07\x9B31mTotal'
}

other_formats_are_safe() {
    for format in json gradescope autolab junit; do
        build/grade --test 'transcript/public/chain_two_jumps' --format "$format" "$SUB" \
            >"$TMP/$format.out" 2>"$TMP/$format.err" || { cat "$TMP/$format.err"; return 1; }
        terminal_safe "$TMP/$format.out" "$TMP/$format.err" || { echo "format $format"; return 1; }
    done
    shows "$TMP/json.out" 'warn\u009d0;t.c'
}

messages_show_paths_visible() {
    build/grade "$SUB/missing${CSI}" >"$TMP/missing.out" 2>"$TMP/missing.err"
    [ $? -eq 2 ] && terminal_safe "$TMP/missing.out" "$TMP/missing.err" &&
    shows "$TMP/missing.err" 'sub\x1B[2J\xC2\x9B31m/missing\xC2\x9B'
}

# --show replays a session through the reference, which echoes each input
# line: a kit of one session holding the bytes.
show_is_safe() {
    kit=$TMP/show-kit
    mkdir -p "$kit/build" "$kit/sample_io/chinese-checkers/public"
    cp build/chinese-checkers "$kit/build/"
    printf '1 2 3 4\n%s[2J%s2J%s0;owned%s %s\n-1 -1 -1 -1\n' "$ESC" "$CSI" "$OSC" "$BEL" "$RAW_CSI" \
        >"$kit/sample_io/chinese-checkers/public/hostile.in"
    build/grade --kit "$kit" -a chinese-checkers --show hostile >"$TMP/show.out" 2>"$TMP/show.err" &&
    terminal_safe "$TMP/show.out" "$TMP/show.err" &&
    shows "$TMP/show.out" "move:  \\x1B[2J\\xC2\\x9B2J\\xC2\\x9D0;owned\\x07"
}

check "hostile text: grade's text report shows every control byte of the submission as \\xHH" text_report_is_safe
check "hostile text: grade's json, gradescope, autolab and junit reports carry no control byte" \
    other_formats_are_safe
check "hostile text: grade's messages show a hostile path as \\xHH" messages_show_paths_visible
check "hostile text: grade --show shows a session's control bytes as \\xHH" show_is_safe

# ---- a class --------------------------------------------------------------------
#   caf\351/            the hostile submission, a Latin-1 name     -> graded
#   esc ESC[2J CSI x/   a name with control characters            -> bad archive
#   member.tar          a member named ../CSI2J.c                 -> bad archive
#   =HYPERLINK(...).txt, +1.txt, -2.txt, @SUM(A1).txt, TAB=1.txt   -> bad archive

CLASS=$TMP/class
OUT=$TMP/out
mkdir -p "$CLASS" "$TMP/member/in"
cp -R "$SUB" "$CLASS/caf$(printf '\351')"
mkdir "$CLASS/esc${ESC}[2J${CSI}x"
: >"$TMP/member/${CSI}2J.c"
(cd "$TMP/member/in" && tar -cPf "$CLASS/member.tar" "../${CSI}2J.c")
for name in '=HYPERLINK("http:x","open")' +1 -2 '@SUM(A1)' "$(printf '\t')=1"; do
    echo "not a submission" >"$CLASS/$name.txt"
done

build/grade-all "$CLASS" -o "$OUT" -j 2 --tests public >"$TMP/all.out" 2>"$TMP/all.err"
all_rc=$?
CSV=$OUT/grades.csv
LATIN=caf'\xE9'

grade_all_lines_are_safe() {
    [ "$all_rc" -eq 0 ] || { cat "$TMP/all.err"; return 1; }
    terminal_safe "$TMP/all.out" "$TMP/all.err" &&
    shows "$TMP/all.err" "] $LATIN: graded (" &&
    shows "$TMP/all.err" '] esc\x1B[2J\xC2\x9Bx: bad archive: the name has control characters' &&
    shows "$TMP/all.err" "] member: bad archive: member '../\\xC2\\x9B2J.c'"
}

merge_lines_are_safe() {
    build/grade-all --merge "$OUT" -o "$TMP/merged" >"$TMP/merge.out" 2>"$TMP/merge.err" &&
    build/grade-all --merge "$TMP/none${CSI}" -o "$TMP/merged2" >>"$TMP/merge.out" 2>>"$TMP/merge.err"
    [ $? -eq 2 ] && terminal_safe "$TMP/merge.out" "$TMP/merge.err" &&
    shows "$TMP/merge.err" 'none\xC2\x9B'
}

check "hostile text: grade-all's progress lines show hostile names and statuses as \\xHH" grade_all_lines_are_safe
check "hostile text: grade-all --merge's lines carry no control byte" merge_lines_are_safe

# ---- the gradebook ---------------------------------------------------------------

gradebook_is_utf8_and_json() {
    iconv -f UTF-8 -t UTF-8 "$CSV" >/dev/null && iconv -f UTF-8 -t UTF-8 "$OUT/class.json" >/dev/null &&
    jq -e . "$OUT/class.json" >/dev/null && jq -e . "$OUT/$LATIN/status.json" >/dev/null &&
    tr -d '\r' <"$CSV" >"$TMP/grades.lf" &&    # CRLF line ends are the CSV's own
    terminal_safe "$TMP/grades.lf" "$OUT/class.json" "$OUT/summary.html" &&
    grep -q "^$(printf '%s' "$LATIN" | sed 's/\\/\\\\/g'),[0-9.]*,[0-9.]*,[0-9.]*,[0-9.]*,[0-9.]*,[0-9.]*,graded" "$CSV" &&
    jq -e --arg id "$LATIN" '[.students[] | select(.student == $id and .status == "graded")] | length == 1' \
        "$OUT/class.json" >/dev/null &&
    jq -e . "$OUT/$LATIN/result.json" >/dev/null &&
    shows "$OUT/summary.html" "$LATIN"
}

formulas_are_neutralised() {
    shows "$CSV" "\"'=HYPERLINK(\"\"http:x\"\",\"\"open\"\").txt\",0,0,0,0,0,0,\"bad archive" &&
    shows "$CSV" "\"'+1.txt\",0,0,0,0,0,0," &&
    shows "$CSV" "\"'-2.txt\",0,0,0,0,0,0," &&
    shows "$CSV" "\"'@SUM(A1).txt\",0,0,0,0,0,0," &&
    shows "$CSV" '\x09=1.txt,0,0,0,0,0,0,bad archive: the name has control characters' &&
    ! grep -q "^[=+@-]" "$CSV" && ! LC_ALL=C grep -q "$(printf '^\t')" "$CSV"
}

rerun_finds_the_folder() {
    stamp=$(stat -c '%i %y' "$OUT/$LATIN/result.json")
    build/grade-all "$CLASS" -o "$OUT" -j 2 --tests public >/dev/null 2>"$TMP/rerun.err" &&
    shows "$TMP/rerun.err" "] $LATIN: skipped (unchanged: graded)" &&
    [ "$(stat -c '%i %y' "$OUT/$LATIN/result.json")" = "$stamp" ] &&
    [ "$(ls "$OUT" | grep -c '^caf')" -eq 1 ]
}

merge_finds_the_folder() {
    jq -e . "$TMP/merged/$LATIN/result.json" >/dev/null && cmp "$TMP/merged/grades.csv" "$CSV" &&
    cmp "$TMP/merged/class.json" "$OUT/class.json"
}

check "hostile text: a Latin-1 entry: grades.csv UTF-8, class.json JSON, id shown as \\xE9" gradebook_is_utf8_and_json
check "hostile text: grades.csv neutralises ids that start a formula (= + - @ tab)" formulas_are_neutralised
check "hostile text: a re-run finds the Latin-1 student's folder and skips it" rerun_finds_the_folder
check "hostile text: --merge finds the Latin-1 student's folder" merge_finds_the_folder

# ---- the bot challenge: a tournament and the referee ------------------------------

# A name a configuration gives may hold no control character (records
# promise UTF-8 and carry names as they are; grader/tournament/config.h):
# the tournament refuses it, its message showing the name as \xHH.  Names
# that start a formula are text like any other.
printf 'sizes 3\nplayers 2\nbot =HYPERLINK("x")%s[2J house greedy\nbot other house random\n' "$ESC" \
    >"$TMP/esc.conf"
build/tournament "$TMP/esc.conf" -o "$TMP/esctour" >"$TMP/esctour.out" 2>"$TMP/esctour.err"
esc_rc=$?
cat >"$TMP/t.conf" <<EOF
sizes 3
players 2
bot =HYPERLINK("x") house greedy
bot -crash program $PWD/build/bots/test-crash
EOF
build/tournament "$TMP/t.conf" -o "$TMP/tour" -j 2 >"$TMP/tour.out" 2>"$TMP/tour.err"
tour_rc=$?

tournament_refuses_control_names() {
    [ "$esc_rc" -eq 2 ] && [ ! -e "$TMP/esctour/games.jsonl" ] &&
    terminal_safe "$TMP/esctour.out" "$TMP/esctour.err" &&
    shows "$TMP/esctour.err" "bot name '=HYPERLINK(\"x\")\\x1B[2J': 1..40 bytes of UTF-8 without control characters"
}

tournament_lines_and_tables_are_safe() {
    [ "$tour_rc" -eq 0 ] || { cat "$TMP/tour.err"; return 1; }
    terminal_safe "$TMP/tour.out" "$TMP/tour.err" "$TMP/tour/scores.txt" "$TMP/tour/ratings.txt" \
        "$TMP/tour/crosstable.txt" &&
    shows "$TMP/tour.out" ': =HYPERLINK("x") win' &&
    shows "$TMP/tour/scores.txt" '-crash'
}

tournament_csvs_neutralise_names_not_numbers() {
    iconv -f UTF-8 -t UTF-8 "$TMP/tour/scores.csv" >/dev/null &&
    iconv -f UTF-8 -t UTF-8 "$TMP/tour/ratings.csv" >/dev/null &&
    shows "$TMP/tour/scores.csv" "1,\"'=HYPERLINK(\"\"x\"\")\",2,2,0,0,0," &&
    grep -q "^2,\"'-crash\",2,0,0,2,2,[0-9.]*,-[0-9.]*,2,plays$" "$TMP/tour/scores.csv" &&
    shows "$TMP/tour/ratings.csv" "\"'-crash\",1" ||
    { cat "$TMP/tour/scores.csv" "$TMP/tour/ratings.csv"; return 1; }
}

referee_lines_are_safe() {
    mkdir -p "$TMP/bots"
    cp build/bots/test-crash "$TMP/bots/crash${CSI}x"
    chmod 755 "$TMP/bots"
    build/referee --games 1 house:greedy "$TMP/bots/crash${CSI}x" >"$TMP/ref.out" 2>"$TMP/ref.err"
    terminal_safe "$TMP/ref.out" "$TMP/ref.err" && shows "$TMP/ref.out" 'crash\xC2\x9Bx'
}

# A submission whose file name carries ESC and C1 bytes and does not
# build: the compiler's first error quotes the name, and build.txt, which
# the tournament's README sends instructors to, must show it as \xHH.
mkdir -p "$TMP/badbot"
printf 'int main(void) { return syntax error }\n' >"$TMP/badbot/e${ESC}[31m${CSI}${RAW_CSI}z.c"
chmod -R a+rX "$TMP/badbot"
printf 'sizes 3\nplayers 2\nbot greedy house greedy\nbot broken submission %s\n' "$TMP/badbot" >"$TMP/b.conf"
build/tournament "$TMP/b.conf" -o "$TMP/btour" -j 2 >"$TMP/btour.out" 2>&1
btour_rc=$?

tournament_build_verdict_is_safe() {
    [ "$btour_rc" -eq 0 ] || { cat "$TMP/btour.out"; return 1; }
    terminal_safe "$TMP/btour/bots/broken/build.txt" "$TMP/btour.out" &&
    shows "$TMP/btour/bots/broken/build.txt" 'e\x1B[31m\xC2\x9B\x9Bz.c'
}

check "hostile text: a tournament bot name with a control character is refused, shown as \\xHH" \
    tournament_refuses_control_names
check "hostile text: the tournament's lines and text tables stay terminal-safe" \
    tournament_lines_and_tables_are_safe
check "hostile text: the tournament's CSVs neutralise formula names; a negative score stays a number" \
    tournament_csvs_neutralise_names_not_numbers
check "hostile text: the referee's lines show a bot's name as \\xHH" referee_lines_are_safe
check "hostile text: a bot's failed build verdict (build.txt) shows its file name as \\xHH" \
    tournament_build_verdict_is_safe

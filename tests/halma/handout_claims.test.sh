#!/bin/sh
# handout_claims.test.sh -- what Halma's handout says of the input and the
# command line is what the reference does.  Each claim of "Command line"
# and "Reading moves" that no session pins down is played here against
# build/halma, with the handout's own words checked beside it where they
# are easy to find:
#
#   - tab, \r, \v and \f are whitespace (a file with \r\n line ends reads
#     as any other);
#   - a junk token that ends its line spoils its move only: the next line
#     is read whole;
#   - junk as the last token of the input is refused (message, prompt
#     again), then the program ends, exit status 0;
#   - `-01 -1 -1 -0001` stops the program like `-1 -1 -1 -1`;
#   - `--players` takes exactly 2 or 4 as the next argument: `=4`, `04`,
#     `+4`, none at all exit 2 with nothing on standard output and the
#     usage line the handout quotes on standard error; the last
#     `--players` counts;
#   - `--echo` prints the tokens read for the move (junk included, the
#     rest of its line not), then a newline.
# Run from the repository root after `make`:
#   sh tests/run.sh tests/halma/handout_claims.test.sh
. tests/lib.sh
set -u

REF=build/halma
HANDOUT=handout/halma/handout.md
if [ ! -x "$REF" ]; then
    skip "halma handout claims" "run make first (no $REF)"
    exit 0
fi
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

# play INPUT [OPTIONS...]: what the reference prints for INPUT (with
# printf's backslash escapes), its boards left out, into $TMP/out.
play() {
    input=$1
    shift
    printf '%b' "$input" | "$REF" "$@" >"$TMP/raw" 2>"$TMP/err"
    status=$?
    grep -av '^ *[0-9]' "$TMP/raw" | grep -av '^$' >"$TMP/out"
    return $status
}

# handout_says TEXT: the handout holds TEXT, its line breaks taken as spaces.
handout_says() {
    tr '\n' ' ' <"$HANDOUT" | sed 's/  */ /g' | grep -qF -e "$1" ||
        { echo "the handout no longer says: $1"; return 1; }
}

whitespace_bytes() {
    handout_says "carriage return" &&
    play '0\t4\v1\f5\r\n15 11 14 10\r\n' && cat "$TMP/out" &&
    [ "$(grep -c INVALID "$TMP/out")" -eq 0 ] && [ "$(grep -c "move:" "$TMP/out")" -eq 3 ]
}

junk_ending_its_line_keeps_the_next() {
    handout_says "when the junk token is the last of its line, that next line is kept whole" &&
    play '0 4 1 x\n0 4 1 5\n' && cat "$TMP/out" &&
    [ "$(grep -c INVALID "$TMP/out")" -eq 1 ] && grep -q "BLACK's move:" "$TMP/out"
}

junk_at_the_end_of_input() {
    handout_says "Junk as the very last token of the input is refused" &&
    play '0 4 1 5\nx' && cat "$TMP/out" &&
    [ "$(tail -n 2 "$TMP/out" | head -n 1)" = "BLACK's move:  INVALID MOVE.  TRY AGAIN!!" ] &&
    [ "$(tail -c 15 "$TMP/raw")" = "BLACK's move:  " ]
}

stop_by_value() {
    handout_says '`-01 -1 -1 -0001` is the stop command too' &&
    play '-01 -1 -1 -0001\n0 4 1 5\n' && cat "$TMP/out" &&
    [ "$(grep -c "move:" "$TMP/out")" -eq 1 ]
}

players_option() {
    handout_says '(`--players=4`, `--players 04` and `--players +4` are refused)' || return 1
    usage=$(tr '\n' ' ' <"$HANDOUT" | sed 's/  */ /g' | grep -o 'prints `usage: [^`]*`' |
        sed 's/^prints `//; s/`$//')
    [ -n "$usage" ] || { echo "the handout quotes no usage line"; return 1; }
    for words in "--players=4" "--players 04" "--players +4" "--players" "--players 3"; do
        # shellcheck disable=SC2086 -- the words are the options
        (cd "$(dirname "$REF")" && ./halma $words </dev/null >"$TMP/o" 2>"$TMP/e")
        status=$?
        echo "$words: exit $status, stderr: $(cat "$TMP/e")"
        [ $status -eq 2 ] && [ ! -s "$TMP/o" ] && [ "$(cat "$TMP/e")" = "$usage" ] || return 1
    done
    play '' --players 4 --players 2 && grep -q "WHITE's move:" "$TMP/out" &&
        ! grep -aq ' R ' "$TMP/raw"
}

echo_prints_the_tokens_read() {
    handout_says "the tokens read for the move, junk included, separated by single spaces" &&
    play '0 4 x 5 5\n0   4\t1 5\n' --echo && cat "$TMP/out" &&
    grep -qx "WHITE's move:  0 4 x" "$TMP/out" && grep -qx "WHITE's move:  0 4 1 5" "$TMP/out"
}

check "halma handout: tab, CR, VT and FF are whitespace" whitespace_bytes
check "halma handout: junk that ends its line keeps the next line" junk_ending_its_line_keeps_the_next
check "halma handout: junk as the last token is refused, then the end" junk_at_the_end_of_input
check "halma handout: -01 -1 -1 -0001 stops the program" stop_by_value
check "halma handout: --players takes exactly 2 or 4, the usage line as quoted" players_option
check "halma handout: --echo prints the tokens read for the move" echo_prints_the_tokens_read

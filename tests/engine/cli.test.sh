#!/bin/sh
# cli.test.sh -- build/engine, the best move of a position given as text:
# every method gives the same value on a hand-written mid-game position of
# 8x8 Halma and on the start of the star, -m parallel with each scheme of
# -s (lazy, ybw, shared, static) on 1 to 3 threads included; Lazy SMP is
# the default scheme; the move it prints is one of the position's moves; a position written back (-w) reads back the same; bad
# positions and options are refused with status 2 and a message.
#
# Run from the repository root after make: sh tests/run.sh tests/engine/cli.test.sh
. tests/lib.sh
set -u

ENGINE=build/engine
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

# A mid-game position, written by hand: both armies have left their
# corners; WHITE (0) to move.  Ten pieces each.
cat >"$TMP/mid.pos" <<'POS'
# 8x8 Halma, mid-game
board square 8 2
to-move 0
cells
0.0.....
.0..1...
..00..1.
.0.0.1..
..0..1..
..1.0.1.
...0..1.
.1..1..1
POS

value_of() {
    sed -n 's/.* value \([-0-9]*\) .*/\1/p'
}

# same_value FILE EVAL DEPTH: every method agrees.
same_value() {
    want=$("$ENGINE" -m minimax -e "$2" -d "$3" "$1" | value_of)
    [ -n "$want" ] || { echo "minimax printed no value"; return 1; }
    for args in "-m alphabeta" "-m paranoid" "-m best-reply" "-m deepen" "-m parallel -j 2" "-m parallel -j 3" \
                "-m parallel -s lazy -j 1" "-m parallel -s lazy -j 2" "-m parallel -s pv -j 2" "-m parallel -s ybw -j 2" \
                "-m parallel -s shared -j 3" "-m parallel -s static -j 2"; do
        # shellcheck disable=SC2086 -- the options are words
        got=$("$ENGINE" $args -e "$2" -d "$3" "$1" | value_of)
        [ "$got" = "$want" ] || { echo "$args: value $got, minimax $want"; return 1; }
    done
}
check "engine cli: every method gives minimax's value on a mid-game 8x8 position (Manhattan, depth 3)" \
    same_value "$TMP/mid.pos" manhattan 3
printf 'board star 4 2\n' >"$TMP/star.pos"
check "engine cli: every method gives minimax's value from the star's start (depth 3)" \
    same_value "$TMP/star.pos" bfs 3

# The PV split (like Lazy SMP) on one thread is iterative deepening on
# the same table: the same evaluations as -m deepen.
one_thread_is_deepening() {
    evals_of() { sed -n 's/.* evaluations \([0-9]*\) .*/\1/p'; }
    want=$("$ENGINE" -m deepen -e manhattan -d 4 "$TMP/mid.pos" | evals_of)
    got=$("$ENGINE" -m parallel -j 1 -e manhattan -d 4 "$TMP/mid.pos" | evals_of)
    [ -n "$want" ] && [ "$got" = "$want" ] || { echo "deepen $want evaluations, parallel -j 1 $got"; return 1; }
}
check "engine cli: -m parallel (the PV split unless -s says otherwise) on one thread evaluates what deepening does" one_thread_is_deepening

# The evaluation's optional terms (search.h) change the value where they
# should: on a position where player 0 left a piece at home and player 1
# did not, -S 0 is the distance sums alone, the default (-S 1) also
# charges each side its last piece, -M 8 adds the difference in moves;
# every method agrees with minimax on them.
cat >"$TMP/lag.pos" <<'POS'
board square 8 2
to-move 0
cells
0.......
........
..0000..
..0000..
..0.11..
...1111.
..1111..
........
POS
eval_terms() {
    plain=$("$ENGINE" -m minimax -S 0 -d 1 "$TMP/lag.pos" | value_of)
    straggler=$("$ENGINE" -m minimax -d 1 "$TMP/lag.pos" | value_of)
    mobile=$("$ENGINE" -m minimax -S 0 -M 8 -d 1 "$TMP/lag.pos" | value_of)
    [ "$plain" = 6 ] && [ "$straggler" = 4 ] && [ "$mobile" = 14 ] \
        || { echo "values: plain $plain, straggler $straggler, mobility $mobile"; return 1; }
    for args in "-m alphabeta" "-m deepen" "-m parallel -j 2" "-m best-reply"; do
        # shellcheck disable=SC2086 -- the options are words
        got=$("$ENGINE" $args -S 2 -M 3 -d 3 "$TMP/mid.pos" | value_of)
        want=$("$ENGINE" -m minimax -S 2 -M 3 -d 3 "$TMP/mid.pos" | value_of)
        [ "$got" = "$want" ] || { echo "$args -S 2 -M 3: $got, minimax $want"; return 1; }
    done
}
check "engine cli: the straggler and mobility terms change the evaluation, and every method agrees on them" eval_terms

best_is_a_move() {
    printf 'board square 8 2\n' | "$ENGINE" -d 3 >"$TMP/best" || return 1
    move=$(awk '{ print "move", $2, $3 }' "$TMP/best")
    build/engine-perft square 8 2 1 --moves 2>/dev/null | grep -qx "$move" \
        || { echo "$move is not a move of the start"; cat "$TMP/best"; return 1; }
}
check "engine cli: the best move printed is one of the position's moves" best_is_a_move

round_trip() {
    "$ENGINE" -w "square 8 2" "$TMP/mid.pos" >"$TMP/w1" && "$ENGINE" -w "square 8 2" "$TMP/w1" >"$TMP/w2" \
        && cmp "$TMP/w1" "$TMP/w2" && [ "$(grep -o 0 "$TMP/w1" | wc -l)" -eq 11 ]
}
check "engine cli: a position written back reads back the same" round_trip

# refused TEXT EXPECTED [OPTIONS]: the position TEXT (printf format) is
# refused with status 2 and EXPECTED in the message.
refused() {
    text=$1 expected=$2
    shift 2
    # shellcheck disable=SC2059 -- the text is a format on purpose
    printf "$text" | timeout 10 "$ENGINE" "$@" >/dev/null 2>"$TMP/err"
    [ $? -eq 2 ] && grep -q "$expected" "$TMP/err" || { echo "$text: $(cat "$TMP/err")"; return 1; }
}
bad_input() {
    refused '' "no board line" &&
    refused 'board hexagon 3\n' "stdin:1: board hexagon 3" &&
    refused 'board star 4 7\n' "expected star SIZE" &&
    refused 'board star 4 2\nto-move 5\n' "to-move 5" &&
    refused 'cells\n' "stdin:1: expected board" &&
    refused 'board square 8 2\ncells\n0000\n' "4 cells given, the board has 64" &&
    refused 'board square 8 2\ncells\n0000x...\n' "cell 4: 'x'" &&
    refused "board square 8 2\ncells\n$(printf '%064d' 0)\n" "exactly 10 pieces" &&
    refused 'board star 4 2\n' "usage" -m maximin &&
    refused 'board star 4 2\n' "usage" -d 0 &&
    refused 'board star 4 2\n' "usage" -m parallel -s lazier &&
    refused 'board star 4 2\n' "usage" -S -1 &&
    refused 'board star 4 2\n' "usage" -M 1x &&
    refused 'board star 4 2\n' "does not fit the board" -e manhattan &&
    refused 'board map /nonexistent.map\n' "cannot open it"
}
check "engine cli: bad positions and options are refused with a message" bad_input

#!/bin/sh
# perft.test.sh -- the board library's move generation (solution/engine/)
# checked by move counts: the counts issue 11 gives for the star and for
# 8x8 Halma (each computed independently twice), and for 16x16 Halma the
# counts of the Halma assignment's own reference (build/halma-perft, a
# separate implementation of the same rules), with and without Kangaroo.
# Every count is also made by the ASan/UBSan build, which must stay silent.
#
# Run from the repository root after make: sh tests/run.sh tests/engine/perft.test.sh
. tests/lib.sh
set -u

PERFT=build/engine-perft
ASAN=build/engine-perft-asan
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

# counts PROGRAM BOARD SIZE PLAYERS DEPTH [--kangaroo]: the counts 1..DEPTH
# on one line.
counts() {
    prog=$1
    shift
    "$prog" "$@" 2>"$TMP/err" | awk '{ printf "%s%s", sep, $3; sep = " " } END { print "" }'
}

# same BOARD SIZE PLAYERS DEPTH "EXPECTED" [--kangaroo]
same() {
    board=$1 size=$2 players=$3 depth=$4 expected=$5
    shift 5
    got=$(counts "$PERFT" "$board" "$size" "$players" "$depth" "$@")
    [ "$got" = "$expected" ] || { echo "$board $size, $players players $*: got $got, expected $expected"; return 1; }
    got=$(counts "$ASAN" "$board" "$size" "$players" "$((depth < 4 ? depth : 4))" "$@")
    [ -s "$TMP/err" ] && grep -q 'runtime error\|AddressSanitizer' "$TMP/err" && { cat "$TMP/err"; return 1; }
    case "$expected" in "$got"*) ;; *) echo "ASan build: got $got"; return 1 ;; esac
}

check "engine perft: star 4, 2 players: 14 196 4760 115600 3188520" \
    same star 4 2 5 "14 196 4760 115600 3188520"
check "engine perft: Halma 8x8, 2 players, camps of 10: 24 576 20050" \
    same square 8 2 3 "24 576 20050"

# 16x16 against the Halma reference's own perft.
halma_same() {
    players=$1
    shift
    expected=$(build/halma-perft --players "$players" "$@" 3 | awk '{ printf "%s%s", sep, $3; sep = " " } END { print "" }')
    [ -n "$expected" ] || { echo "build/halma-perft printed nothing"; return 1; }
    same square 16 "$players" 3 "$expected" "$@"
}
for players in 2 4; do
    check "engine perft: Halma 16x16, $players players, agrees with build/halma-perft" halma_same "$players"
    check "engine perft: Halma 16x16, $players players, Kangaroo, agrees with build/halma-perft" \
        halma_same "$players" --kangaroo
done

# Every seating of the star builds, with size * (size + 1) / 2 pieces a
# player and moves for player 0; the largest board too.
seats() {
    for size in 3 4 9 63; do
        for players in 2 3 4 5 6; do
            n=$(counts "$ASAN" star "$size" "$players" 1)
            [ "${n:-0}" -gt 0 ] || { echo "star $size, $players players: no moves ($n)"; cat "$TMP/err"; return 1; }
            grep -q "$((6 * size * (size + 1) + 1)) cells" "$TMP/err" || { cat "$TMP/err"; return 1; }
        done
    done
}
check "engine perft: stars 3, 4, 9 and 63 seat 2..6 players, 6n(n+1)+1 cells, under ASan" seats

refuses() {
    for args in "star 2 2 1" "star 64 2 1" "star 4 7 1" "square 8 4 1" "square 10 2 1" "nothing 4 2 1"; do
        # shellcheck disable=SC2086 -- the arguments are words
        "$PERFT" $args >/dev/null 2>&1
        [ $? -eq 2 ] || { echo "engine-perft $args: not refused with status 2"; return 1; }
    done
}
check "engine perft: boards out of range are refused (status 2)" refuses

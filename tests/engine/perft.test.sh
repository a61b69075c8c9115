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

# The three ways to count agree: eg_perft (counts reused over the last two
# plies), eg_perft_plain (every last ply afresh) and the general generator,
# and the bitset generator's portable path as well as its BMI2 path.
# agree BOARD SIZE PLAYERS DEPTH [--kangaroo]
agree() {
    want=$(counts "$PERFT" "$@" --general)
    [ -n "$want" ] || { echo "$* --general: no counts"; cat "$TMP/err"; return 1; }
    for way in "" --plain --portable "--plain --portable"; do
        # shellcheck disable=SC2086 -- $way is zero, one or two words
        got=$(counts "$PERFT" "$@" $way)
        [ "$got" = "$want" ] || { echo "$* $way: $got, general generator: $want"; return 1; }
    done
}
three_ways() {
    agree star 3 2 5 && agree star 4 3 4 && agree star 4 6 4 && agree star 5 2 4 &&
        agree star 6 4 3 && agree square 8 2 4 && agree square 16 2 3 && agree square 16 4 3 &&
        agree map solution/engine/maps/holes.map - 4 && agree map solution/engine/maps/bend.map - 4 &&
        agree map solution/engine/maps/star4.map - 4 && agree square 8 2 3 --kangaroo
}
check "engine perft: reused, plain and general counts agree (stars 3..6, Halma, the maps)" three_ways

# Star 4, 2 players, perft 6 and 7: our own counts (perft 7 by eg_perft and,
# once, by eg_perft_plain in 18 s, both 2,774,031,156; perft 6 by both here).
star_deep() {
    got=$("$PERFT" star 4 2 6 --plain --only 2>/dev/null)
    [ "$got" = "perft 6 87946884" ] || { echo "plain: $got"; return 1; }
    got=$("$PERFT" star 4 2 7 --only 2>/dev/null)
    [ "$got" = "perft 7 2774031156" ] || { echo "reused: $got"; return 1; }
}
check "engine perft: star 4, 2 players: perft 6 = 87,946,884 (plain), perft 7 = 2,774,031,156" star_deep

# A planted bug in the reuse: a piece's count that watches only its
# neighbours, not the cells its hops depend on, must make eg_perft differ
# from eg_perft_plain.
reuse_plant() {
    rm -rf "$TMP/lib" && cp -r solution/engine "$TMP/lib" || return 1
    sed -i 's/watch\[j\] |= m\[j\] | m\[f->words + j\];/(void)m;/' "$TMP/lib/fast.c"
    cmp -s solution/engine/fast.c "$TMP/lib/fast.c" && { echo "the plant changed nothing"; return 1; }
    gcc -std=c11 -O2 -I"$TMP/lib" "$TMP"/lib/*.c tests/engine/perft_main.c -o "$TMP/perft" || return 1
    # (From the star's start the two sides stay apart for five plies, so a
    # board where they meet sooner tells.)
    for board in "square 8 2 5" "star 4 6 4"; do
        # shellcheck disable=SC2086 -- the board is words
        a=$("$TMP/perft" $board --only 2>/dev/null)
        # shellcheck disable=SC2086
        b=$("$TMP/perft" $board --only --plain 2>/dev/null)
        [ "$a" != "$b" ] || { echo "$board: not caught: $a and $b"; return 1; }
    done
}
check "engine perft: reuse that does not watch what hops depend on is caught" reuse_plant

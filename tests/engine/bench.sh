#!/bin/sh
# bench.sh -- make bench-engine: perft speed of the board library.
#
# Per board, the median of 3 timed runs (CPU seconds, measured by
# build/engine-perft itself around the deepest count) of
#   perft        eg_perft: the last ply counted, not made, and each piece's
#                count reused over the last two plies unless the move
#                touched a cell it depends on (solution/engine/moves.c);
#   plain        eg_perft_plain: every last-ply position counted afresh
#                (the bitset generator's own speed: popcounts of each
#                piece's reachable set);
# the leaf moves counted a second, and the ratio against issue 11's target
# of 300 million a second on one core.  Then the bytes a position takes.
# Numbers, not assertions: the tests never time anything.
set -eu
cd "$(dirname "$0")/../.."
PERFT=build/engine-perft
[ -x "$PERFT" ] || { echo "bench-engine: $PERFT is missing (make build/engine-perft)" >&2; exit 2; }
TMP=$(mktemp)
trap 'rm -f "$TMP"' EXIT

median() {
    sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'
}

# bench LABEL WAY ARGS...: ARGS as for engine-perft (the last the depth),
# WAY "perft" or "plain".
bench() {
    label=$1 way=$2
    shift 2
    flag=
    [ "$way" = plain ] && flag=--plain
    for i in 1 2 3; do
        # shellcheck disable=SC2086 -- $flag is empty or one word
        "$PERFT" "$@" --only $flag 2>>"$TMP.err" | awk '{ print $3 }' >"$TMP"
        sed -n 's/.* in \([0-9.]*\) s$/\1/p' "$TMP.err" | tail -n 1
    done | median >"$TMP.secs"
    awk -v l="$label" -v w="$way" -v n="$(cat "$TMP")" -v s="$(cat "$TMP.secs")" -v d="$4" 'BEGIN {
        rate = s > 0 ? n / s : 0
        printf "  %-24s %-5s perft %d = %13.0f leaves  %7.3f s  %7.1f M leaves/s  %5.2f x 300M\n",
               l, w, d, n, s, rate / 1e6, rate / 3e8 }'
    rm -f "$TMP.err"
}

echo "board library perft, one core, median of 3 runs ($(nproc) cores here)"
bench "star 4, 2 players" perft star 4 2 7
bench "star 4, 2 players" plain star 4 2 6
bench "star 4, 6 players" perft star 4 6 6
bench "star 4, 6 players" plain star 4 6 6
bench "Halma 8x8, 2 players" perft square 8 2 6
bench "Halma 8x8, 2 players" plain square 8 2 5
bench "Halma 16x16, 2 players" perft square 16 2 5
bench "Halma 16x16, 2 players" plain square 16 2 4
bench "Halma 16x16, 4 players" perft square 16 4 5
bench "Halma 16x16, 4 players" plain square 16 4 4
echo "memory per position (eg_position_bytes: the struct, owners, piece lists and slots, the"
echo "general generator's scratch; the board is shared):"
for b in "star 4 2" "star 4 6" "square 8 2" "square 16 2" "star 63 6"; do
    # shellcheck disable=SC2086 -- the board is words
    "$PERFT" $b 1 2>&1 >/dev/null | sed -n 's/^\(.*\): \([0-9]*\) cells, \([0-9]*\) bytes a position.*/  \1: \2 cells, \3 bytes/p'
done

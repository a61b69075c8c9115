#!/bin/sh
# bench.sh -- make bench-engine: perft speed of the board library.
#
# Per board: the median of 5 timed perft runs at a depth that takes about
# a second here, the leaf moves counted per second (moves at the last ply
# are counted, not made), and the ratio against the target of 300 million
# a second on one core (issue 11).  Numbers, not assertions.
set -eu
cd "$(dirname "$0")/../.."
PERFT=build/engine-perft
[ -x "$PERFT" ] || { echo "bench-engine: $PERFT is missing (make build/engine-perft)" >&2; exit 2; }

median() {
    sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'
}

# bench LABEL ARGS...: ARGS as for engine-perft, the last one the depth.
bench() {
    label=$1
    shift
    leaves=$("$PERFT" "$@" 2>/dev/null | tail -n 1 | awk '{ print $3 }')
    secs=$(for i in 1 2 3 4 5; do
               "$PERFT" "$@" 2>&1 >/dev/null | sed -n 's/.* in \([0-9.]*\) s$/\1/p'
           done | median)
    awk -v l="$label" -v n="$leaves" -v s="$secs" -v d="$4" 'BEGIN {
        rate = s > 0 ? n / s : 0
        printf "  %-28s perft %d = %12d leaves, median %7.3f s, %6.1f M leaves/s, %.2f of 300M\n",
               l, d, n, s, rate / 1e6, rate / 3e8 }'
}

echo "board library perft, one core, median of 5 runs ($(nproc) cores here)"
bench "star 4, 2 players" star 4 2 6
bench "star 4, 6 players" star 4 6 5
bench "Halma 8x8, 2 players" square 8 2 5
bench "Halma 16x16, 2 players" square 16 2 4
bench "Halma 16x16, 4 players" square 16 4 4
echo "memory per position (owner byte and piece slot per cell, piece lists; the board is shared; move generation adds 8 bytes a cell of scratch):"
for b in "star 4 2" "square 8 2" "square 16 2" "star 63 6"; do
    set -- $b
    awk -v k="$1" -v s="$2" -v p="$3" 'BEGIN {
        cells = k == "star" ? 6 * s * (s + 1) + 1 : s * s
        pieces = k == "star" ? s * (s + 1) / 2 : (s == 8 ? 10 : 19)
        printf "  %-6s %2d, %d players: %d cells, %d bytes\n", k, s, p, cells, cells * (1 + 4) + p * pieces * 4 }'
done

#!/bin/sh
# challenge.test.sh -- the star in the bot challenge's numbering
# (chinese-checkers-programming-challenge; solution/engine/board.h):
# for stars of several sizes, each row has the number of positions the
# challenge's table gives, its columns run over the ranges it gives for
# even and odd rows, and each cell's neighbours are exactly those of the
# challenge's parity rules.  The rules are written here from the
# document, apart from the library's code.
#
# Run from the repository root after make: sh tests/run.sh tests/engine/challenge.test.sh
. tests/lib.sh
set -u

TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

numbering() {
    n=$1
    build/engine-perft star "$n" 2 1 --cells 2>/dev/null | awk -v n="$n" '
    function positions(r) { return r < n ? r + 1 : r < 2 * n ? 4 * n + 1 - r : r <= 3 * n ? r + 1 : 4 * n + 1 - r }
    $1 == "cell" {
        c = $2; row[c] = $8; col[c] = $10; at[$8, $10] = c; count[$8]++; cells++
        for (i = 11; i <= NF; i += 2) nbs[c, $(i + 1)] = 1
        degree[c] = (NF - 10) / 2
    }
    END {
        for (r = 0; r <= 4 * n; r++) {
            p = positions(r)
            if (count[r] != p) { printf "row %d: %d positions, expected %d\n", r, count[r], p; bad = 1 }
            lo = r % 2 == 0 ? -(p - 1) / 2 : -int(p / 2) + 1
            hi = r % 2 == 0 ? (p - 1) / 2 : int(p / 2)
            for (k = lo; k <= hi; k++) if (!((r, k) in at)) { printf "row %d: no column %d\n", r, k; bad = 1 }
        }
        for (c = 0; c < cells; c++) {
            r = row[c]; k = col[c]; m = 0
            split(r % 2 == 0 ? "0 -1 0 1 1 0 1 1 -1 0 -1 1" : "0 -1 0 1 1 0 1 -1 -1 0 -1 -1", d, " ")
            for (i = 1; i <= 12; i += 2)
                if ((r + d[i], k + d[i + 1]) in at) {
                    m++
                    if (!((c, at[r + d[i], k + d[i + 1]]) in nbs)) { printf "(%d,%d): neighbour (%d,%d) missing\n", r, k, r + d[i], k + d[i + 1]; bad = 1 }
                }
            got = degree[c]
            if (got != m) { printf "(%d,%d): %d neighbours, the rules give %d\n", r, k, got, m; bad = 1 }
        }
        exit bad
    }' >"$TMP/out"
    status=$?
    head -5 "$TMP/out"
    [ "$status" -eq 0 ]
}
for n in 3 4 5 10; do
    check "engine challenge: star $n in the challenge's rows, columns and neighbours" numbering "$n"
done

# Seated stars with neutral zones, and eg_chain() (tests/engine/chain_main.c
# says what is checked; its hops are checked with the parity rules above).
check "engine challenge: seatings, neutral zones and chains on random positions (stars 3..6, 2..6 players)" \
    build/engine-chain 200

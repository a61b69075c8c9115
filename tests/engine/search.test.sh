#!/bin/sh
# search.test.sh -- the search methods (solution/engine/search.h) on seeded
# suites of positions reached by random play (build/engine-search): with
# two players minimax, alpha-beta and paranoid give the same value at each
# depth, alpha-beta's move is worth that value (checked by minimax one ply
# deeper), and alpha-beta evaluates fewer positions than minimax in total
# and never more on a position; with 3 to 6 players paranoid search equals
# a plain paranoid search without pruning written in the test driver.  On
# 8x8 Halma with the report's Manhattan evaluation and with distances by
# breadth-first search, on the star.  The parallel searches (static,
# shared-bound and Young Brothers Wait root splits on 1, 2 and 4 threads,
# Lazy SMP on 1, 2 and 3 threads: depths 1 to 4) give alpha-beta's value
# on every position, and so does iterative deepening with a transposition
# table; best-reply search equals a plain best-reply search written in the
# driver, and alpha-beta with two players.  Under ASan and UBSan, and the
# parallel ones (the lockless shared table included) under
# ThreadSanitizer.  No timing is asserted.
#
# Run from the repository root after make: sh tests/run.sh tests/engine/search.test.sh
. tests/lib.sh
set -u

TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

# agree PROGRAM BOARD SIZE PLAYERS DEPTH POSITIONS SEED [EVAL]
agree() {
    timeout 600 "$@" >"$TMP/out" 2>"$TMP/err" || { cat "$TMP/err"; return 1; }
    grep -q 'runtime error\|AddressSanitizer\|ThreadSanitizer' "$TMP/err" && { cat "$TMP/err"; return 1; }
    players=$4 depth=$5
    awk -v players="$players" -v depth="$depth" '
        $1 == "pos" {
            n++
            if (players == 2 && ($5 != $7 || $5 != $9)) { print "values differ: " $0; bad = 1 }
            if ($9 != $11) { print "paranoid differs from the plain paranoid: " $0; bad = 1 }
            if ($13 != 1) { print "alpha-beta move not worth the value: " $0; bad = 1 }
            if (players == 2 && $15 > 0 && $16 > $15) { print "alpha-beta evaluated more: " $0; bad = 1 }
            for (k = 19; k <= 27; k++)
                if ($18 != "parallel" || $k != $7) { print "a parallel search (field " k ") differs: " $0; bad = 1; break }
            for (k = 29; k <= 31; k++)
                if ($28 != "lazy" || $k != $7) { print "Lazy SMP (field " k ") differs: " $0; bad = 1; break }
            for (k = 33; k <= 35; k++)
                if ($32 != "pv" || $k != $7) { print "the PV split (field " k ") differs: " $0; bad = 1; break }
            if ($36 != "deepening" || $37 != $7) { print "iterative deepening differs: " $0; bad = 1 }
            if ($40 != "best-reply" || $41 != $43 || (players == 2 && $41 != $7)) {
                print "best-reply search differs: " $0; bad = 1 }
            em += $15; ea += $16
        }
        END {
            if (n == 0) { print "no positions"; bad = 1 }
            if (players == 2 && depth >= 2 && em > 0 && ea >= em) { print "alpha-beta saved nothing"; bad = 1 }
            exit bad
        }' "$TMP/out"
}

for depth in 1 2 3; do
    check "engine search: Halma 8x8, Manhattan, depth $depth: minimax = alpha-beta = paranoid, fewer evaluations" \
        agree build/engine-search square 8 2 "$depth" 12 7 manhattan
done
check "engine search: Halma 8x8, Manhattan, depth 4: alpha-beta = paranoid = parallel = deepening" \
    agree build/engine-search square 8 2 4 6 19 manhattan no-minimax
check "engine search: Halma 8x8, Manhattan, depth 5: the PV split, which splits below the root from depth 4, = alpha-beta" \
    agree build/engine-search square 8 2 5 3 29 manhattan no-minimax
check "engine search: Halma 8x8, BFS distances, depth 3" \
    agree build/engine-search square 8 2 3 12 11 bfs
check "engine search: star 4, 2 players, depth 3" agree build/engine-search star 4 2 3 6 3
for players in 3 4 6; do
    check "engine search: star 4, $players players, depth 3: paranoid = plain paranoid" \
        agree build/engine-search star 4 "$players" 3 3 5
done
check "engine search: under ASan and UBSan (Halma 8x8, depth 2)" \
    agree build/engine-search-asan square 8 2 2 4 13 manhattan
check "engine search: parallel searches under ThreadSanitizer (Halma 8x8, depth 3)" \
    agree build/engine-search-tsan square 8 2 3 3 17 manhattan
check "engine search: parallel searches under ThreadSanitizer (Halma 8x8, BFS distances, depth 4)" \
    agree build/engine-search-tsan square 8 2 4 2 23 bfs no-minimax

# build/engine-match (make bench-eval) plays each opening once with each
# side first: an evaluation against itself plays the same game twice, won
# by the same seat, so it scores exactly one half whatever the games.
self_match() {
    timeout 300 build/engine-match star 4 2 3 5 0 0 >"$TMP/match" 2>&1 || { cat "$TMP/match"; return 1; }
    grep -q '^match games 6 .* score 0.500 ' "$TMP/match" || { cat "$TMP/match"; return 1; }
    timeout 300 build/engine-match square 8 1 2 5 1 1 >"$TMP/match" 2>&1 || { cat "$TMP/match"; return 1; }
    grep -q '^match games 4 wins [0-9]* draws [0-9]* losses [0-9]* score ' "$TMP/match" || { cat "$TMP/match"; return 1; }
}
check "engine match: an evaluation against itself scores exactly one half; a match with terms reports" self_match

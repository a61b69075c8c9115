#!/bin/sh
# reference.test.sh -- the game-tree search assignment itself: its
# reference program and sessions, its board library's move counts, and its
# values checked against the board library's own search (build/engine,
# solution/engine/, written apart); its starter and its handout.
#
# Run from the repository root (after make): 
#   sh tests/run.sh tests/game-search/reference.test.sh
. tests/lib.sh
set -u

REF=build/game-search
ASAN=build/game-search-asan
TSAN=build/game-search-tsan
VALUES=build/game-search-values
ENGINE=build/engine
SESSIONS=sample_io/game-search
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

make -s $REF $ASAN $TSAN $VALUES $ENGINE >/dev/null || exit 1

warning_free() {
    for src in solution/game-search/*.c tests/game-search/values.c; do
        gcc -std=c11 -Wall -Wextra -Wpedantic -Werror -Isolution/game-search -fsyntax-only "$src" \
            || return 1
    done
}

# The starter gives the library and the program as they are.
starter_shares_the_library() {
    for f in game_search.h board.c board_text.c main.c; do
        cmp "solution/game-search/$f" "starter/game-search/$f" || return 1
    done
}

# Move counts from the start, a move being a distinct (from, to) pair:
# 24, 576 and 20,050 sequences of 1, 2 and 3 moves (the engine's own
# perft gives the same: tests/engine/perft.test.sh).
perft() {
    printf 'start\nminimax 1\nminimax 2\nminimax 3\n' | $REF >"$TMP/perft" || return 1
    grep -q '^minimax 1: .* (24 evaluations)$' "$TMP/perft" &&
    grep -q '^minimax 2: .* (576 evaluations)$' "$TMP/perft" &&
    grep -q '^minimax 3: .* (20050 evaluations)$' "$TMP/perft"
}

sessions_complete() {
    public=$(ls $SESSIONS/public/*.in | wc -l)
    hidden=$(ls $SESSIONS/hidden/*.in | wc -l)
    echo "public $public, hidden $hidden"
    for in in $SESSIONS/*/*.in; do
        [ -f "${in%.in}.out" ] || { echo "no ${in%.in}.out"; return 1; }
    done
    [ "$public" -ge 4 ] && [ "$hidden" -gt "$public" ]
}

# transcript PROGRAM IN: PROGRAM prints IN's committed transcript.
transcript() {
    timeout 60 "$1" <"$2" >"$TMP/t.out" 2>"$TMP/t.err" || { cat "$TMP/t.err"; return 1; }
    diff "${2%.in}.out" "$TMP/t.out" && [ ! -s "$TMP/t.err" ]
}

# engine_value K D: position K's minimax value at depth D by build/engine,
# from WHITE's side (the engine gives it for the player to move), and its
# evaluation count.
engine_value() {
    $VALUES "$1" >"$TMP/pos" || return 1
    side=$(sed -n 's/^to-move //p' "$TMP/pos")
    $ENGINE -m minimax -e manhattan -d "$2" "$TMP/pos" |
        awk -v side="$side" '{ for (i = 1; i < NF; i++) {
            if ($i == "value") v = $(i + 1); if ($i == "evaluations") n = $(i + 1) }
            print (side == 1 ? -v : v), n }'
}

# Every method of the reference gives the engine's minimax value on
# positions 0..23 at depths 1..3 (0..7 at depth 3), and minimax evaluates
# as many leaves as the engine's.  Positions where a win is within reach
# are skipped: the engine prefers quicker wins, the assignment does not.
values_agree() {
    compared=0
    for d in 1 2 3; do
        last=23; [ "$d" -eq 3 ] && last=7
        for k in $(seq 0 $last); do
            set -- $($VALUES "$k" "$d")
            mm=$2 evals=$4 ab=$6 p1=$8 p2=$9 p3=${10} ch=${12}
            set -- $(engine_value "$k" "$d")
            [ "${1#-}" -ge 10000 ] && continue
            compared=$((compared + 1))
            for got in "$mm" "$ab" "$p1" "$p2" "$p3" "$ch"; do
                [ "$got" = "$1" ] || { echo "position $k depth $d: $got, engine $1"; return 1; }
            done
            [ "$evals" = "$2" ] || { echo "position $k depth $d: $evals leaves, engine $2"; return 1; }
        done
    done
    echo "$compared comparisons"
    [ "$compared" -ge 50 ]
}

# The ThreadSanitizer build of the reference reports nothing on the
# sessions that search on several threads.
tsan_clean() {
    for in in $SESSIONS/*/*.in; do
        grep -q '^parallel' "$in" || continue
        TSAN_OPTIONS=halt_on_error=1:exitcode=66 timeout 120 $TSAN <"$in" >/dev/null 2>"$TMP/tsan" ||
            { echo "$in"; head -30 "$TMP/tsan"; return 1; }
    done
}

check "game-search: reference and tests compile warning-free" warning_free
check "game-search: the starter's library, header and program are the reference's" starter_shares_the_library
check "game-search: 24, 576, 20,050 moves from the start" perft
check "game-search: every session has its transcript" sessions_complete
for in in $SESSIONS/*/*.in; do
    name=${in#$SESSIONS/}
    check "game-search: reference transcript $name" transcript $REF "$in"
    check "game-search: ASan/UBSan reference transcript $name" transcript $ASAN "$in"
done
check "game-search: every method's value is the engine's minimax value" values_agree
check "game-search: ThreadSanitizer finds no race in the reference" tsan_clean
check "game-search: the handout renders" make -s handout-game-search

#!/bin/sh
# map.test.sh -- boards from map files (solution/engine/map.c): the star
# drawn as a map is the built-in star, cell for cell; the built-in star is
# the Chinese Checkers assignment's board; a bend turns a hop's line as the
# format says (a case worked out by hand); the shipped maps build under
# ASan and UBSan; broken maps are refused with their file and line, never
# a crash or a hang.
#
# Run from the repository root after make: sh tests/run.sh tests/engine/map.test.sh
. tests/lib.sh
set -u

PERFT=build/engine-perft
ASAN=build/engine-perft-asan
MAPS=solution/engine/maps
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

star_map_is_the_star() {
    # (the star's lines also carry the challenge's row and column)
    "$PERFT" star 4 2 4 --cells 2>/dev/null | sed 's/ row [-0-9]* col [-0-9]*//' >"$TMP/star" &&
        "$PERFT" map "$MAPS/star4.map" - 4 --cells >"$TMP/map" 2>/dev/null &&
        cmp "$TMP/star" "$TMP/map"
}
check "engine map: star4.map has the star's cells, coordinates, homes, goals and perft 1..4" \
    star_map_is_the_star

# The cells of the_board in the Chinese Checkers reference, as "x y KIND"
# (KIND RE, GR or EM), against the star's cells, player 0's home (RE) and
# player 1's (GR).
star_is_the_first_board() {
    awk -F'[{}]' '/^\/\* *[0-9]+ *\*\/ *\{/ {
        n = split($2, v, /, */)
        for (i = 1; i <= n; i++) if (v[i] != "DA") print i - 1, y + 0, v[i]
        y++ }' solution/chinese-checkers/checkers.c | sort >"$TMP/cc"
    [ "$(wc -l <"$TMP/cc")" -eq 121 ] || { echo "read $(wc -l <"$TMP/cc") cells of the_board"; return 1; }
    "$PERFT" star 4 2 1 --cells 2>/dev/null | awk '
        $1 == "cell" { x[$2] = $4; y[$2] = $6; kind[$2] = "EM" }
        $1 == "player" { kind[$4] = $2 == 0 ? "RE" : "GR" }
        END { for (c in x) print x[c], y[c], kind[c] }' | sort >"$TMP/engine"
    cmp "$TMP/cc" "$TMP/engine" || { diff "$TMP/cc" "$TMP/engine" | head; return 1; }
}
check "engine map: star 4's (x, y) and homes are the_board of the Chinese Checkers reference" \
    star_is_the_first_board

# A 3x3 map, (1, 1) a hole: WHITE on (0, 0), BLACK on (1, 0).  The bend at
# (1, 0) turns a line going right (4) into down-right (7), so WHITE's hop
# over BLACK lands on (2, 1), cell 4, not on (2, 0).  WHITE's moves: that
# hop, and the step down to (0, 1), cell 3.  Nothing else.
bend_turns_the_hop() {
    printf '%s\n' 'geometry square' 'players 2' 'goal 0 1' 'goal 1 0' \
        'row 01.' 'row .#.' 'row ...' 'bend 1 0 4 7' >"$TMP/bend.map"
    got=$("$ASAN" map "$TMP/bend.map" - 1 --moves 2>"$TMP/err" | grep '^move' | sort | tr '\n' ' ')
    [ "$got" = "move 0 3 move 0 4 " ] || { echo "moves: $got"; cat "$TMP/err"; return 1; }
}
check "engine map: a bend turns a hop's line (hand-worked 3x3 case)" bend_turns_the_hop

shipped_maps_build() {
    for map in "$MAPS"/*.map; do
        for k in "" --kangaroo; do
            # shellcheck disable=SC2086 -- no option is an empty word
            "$ASAN" map "$map" - 3 $k >"$TMP/out" 2>"$TMP/err" \
                && ! grep -q 'runtime error\|AddressSanitizer' "$TMP/err" \
                && [ "$(grep -c '^perft' "$TMP/out")" -eq 3 ] \
                || { echo "$map $k:"; cat "$TMP/err"; return 1; }
        done
    done
}
check "engine map: every shipped map builds and plays 3 plies under ASan and UBSan" shipped_maps_build

# broken_file NAME EXPECTED-TEXT: $TMP/NAME.map, already written, is refused
# with status 2 and a message naming the file and EXPECTED-TEXT.
broken_file() {
    timeout 10 "$ASAN" map "$TMP/$1.map" - 1 >/dev/null 2>"$TMP/err"
    status=$?
    [ "$status" -eq 2 ] && grep -q "$TMP/$1.map.*$2" "$TMP/err" \
        && ! grep -q 'runtime error\|AddressSanitizer' "$TMP/err" \
        || { echo "$1: status $status"; cat "$TMP/err"; return 1; }
}

# broken NAME EXPECTED-TEXT CONTENT...: the map of those lines is refused
# with status 2, a message naming the file (and EXPECTED-TEXT), quickly.
broken() {
    name=$1 expected=$2
    shift 2
    printf '%s\n' "$@" >"$TMP/$name.map"
    broken_file "$name" "$expected"
}
H='geometry square'
P='players 2'
G='goal 0 1'
G2='goal 1 0'
refused() {
    broken empty "incomplete" '' &&
    broken unknown ":1: not a map line" 'hexagon' &&
    broken geometry ":1: geometry round" 'geometry round' &&
    broken players ":2: players 9" "$H" 'players 9' &&
    broken row_first ":1: a row before" 'row 0.1' &&
    broken bad_char ":3: '\\*' in a row" "$H" "$P" 'row 0*1' &&
    broken no_such_player ":3: home of player 2" "$H" "$P" 'row 0.2' &&
    broken unequal "player 1 has 1 home cells, player 0 has 2" "$H" "$P" "$G" "$G2" 'row 00.1' &&
    broken no_goal "no goal line for player 1" "$H" "$P" "$G" 'row 0.1' &&
    broken self_goal ":3: goal 1 1" "$H" "$P" 'goal 1 1' &&
    broken bend_hole ":6: bend at (1, 0)" "$H" "$P" "$G" "$G2" 'row 0#1' 'bend 1 0 4 7' &&
    broken bend_dir ":2: bend: directions" "$H" 'bend 0 0 9 1' &&
    broken no_cells "no cells" "$H" "$P" "$G" "$G2" 'row ###' &&
    broken long_line "longer than" "$H" "$(head -c 3000 /dev/zero | tr '\0' '.')" &&
    broken binary ":1: a control character" "$(printf 'geometry square\001\002')" &&
    { printf 'geometry square\000\nplayers 2\n' >"$TMP/nul.map"; broken_file nul ":1: a NUL byte"; }
}
check "engine map: broken maps are refused with file, line and reason, under ASan" refused

missing() {
    "$PERFT" map "$TMP/nothing.map" - 1 >/dev/null 2>"$TMP/err"
    [ $? -eq 2 ] && grep -q "nothing.map: cannot open it" "$TMP/err"
}
check "engine map: a missing file is refused" missing

#!/bin/sh
# property.test.sh -- the board library's moves, hashing and make/unmake
# against a slow independent model (tests/engine/model.c) on seeded random
# positions of every built-in board kind and of a map with holes
# (tests/engine/property.c says which), with and without Kangaroo; the
# same under ASan and UBSan; and planted bugs that the check must catch.
#
# Run from the repository root after make: sh tests/run.sh tests/engine/property.test.sh
. tests/lib.sh
set -u

SEED=20261125
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

check "engine property: the library agrees with the model (100 seeds a board, seeds $SEED+)" \
    timeout 600 build/engine-property "$SEED" 100
check "engine property: the same under ASan and UBSan (10 seeds a board)" \
    timeout 600 build/engine-property-asan "$SEED" 10

# caught NAME SED-EXPRESSION FILE: the library with that change planted in
# FILE (a copy) must fail the property check.
caught() {
    rm -rf "$TMP/lib" && cp -r solution/engine "$TMP/lib" || return 1
    sed -i "$2" "$TMP/lib/$3"
    cmp -s "solution/engine/$3" "$TMP/lib/$3" && { echo "the plant $1 changed nothing"; return 1; }
    gcc -std=c11 -O2 -I"$TMP/lib" "$TMP"/lib/*.c tests/engine/model.c tests/engine/walk.c tests/engine/property.c \
        -o "$TMP/property" || return 1
    ! timeout 600 "$TMP/property" "$SEED" 10 >/dev/null
}
check "engine property: a piece that does not leave its start cell is caught" \
    caught unlifted 's/^    pos->owner\[from\] = -1;$/    (void)0;/' moves.c
check "engine property: a chain that may revisit a cell is caught" \
    caught revisit 's/|| pos->seen\[to\] == stamp)/)/' moves.c
check "engine property: a Kangaroo hop with a short far side is caught" \
    caught short 's/for (int i = 0; i <= k; i++) {/for (int i = 0; i < k; i++) {/' moves.c
check "engine property: a hash that forgets the side to move is caught" \
    caught turnless 's/pos->hash ^= zt\[pos->to_move\] ^ zt\[next\];/(void)zt;/' position.c

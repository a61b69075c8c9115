#!/bin/sh
# property.test.sh -- the board library's moves, hashing and make/unmake
# against a slow independent model (tests/engine/model.c) on seeded random
# positions of every built-in board kind (stars 3 to 63, every player
# count), of a map with holes and of one whose bends close a ring
# (tests/engine/property.c says which), with and without Kangaroo, by the
# general and the bitset generators (both paths of the latter); the same
# under ASan and UBSan; and planted bugs that the check must catch.
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

# The bitset generator (fast.c): its BMI2 path and its portable path each.
# (Lifting the piece cannot matter on these boards: fast.c floods a
# piece's hops only over cells of other classes, lattice-wise, so a flood
# that forgot to lift it would pass; the general generator's plant above
# covers the lifting.)
check "engine property: a BMI2 flood that stops after the first hop is caught" \
    caught pext-one-hop 's/visited\[i\] |= landed, todo\[i\] |= landed;/visited[i] |= landed;/' fast.c
check "engine property: bitset steps onto occupied cells are caught" \
    caught fast-steps 's/(f->near\[from \* W + i\] & ~occ\[i\])/f->near[from * W + i]/' fast.c
check "engine property: a BMI2 hop onto an occupied cell is caught" \
    caught pext-landing 's/_pext_u64(occ\[i\] | visited\[i\], land\[i\])/_pext_u64(visited[i], land[i])/' fast.c
check "engine property: a portable-path hop onto an occupied cell is caught" \
    caught loop-landing 's/blocked\[i\] = occ\[i\] | visited\[i\], landed/blocked[i] = visited[i], landed/' fast.c

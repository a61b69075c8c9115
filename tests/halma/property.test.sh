#!/bin/sh
# property.test.sh -- property tests of the Halma reference against an
# independent model of the moves (tests/halma/property/).
#
# Builds tests/halma/property/ with the implementation under test, under
# AddressSanitizer and UndefinedBehaviorSanitizer, into build/halma-property/,
# and checks that
#   - the model's perft counts (moves as distinct (from, to) pairs, players
#     in turn) are 40, 1,600, 85,440 from the 2-player start and 32, 1,024,
#     32,768 from the 4-player start, and that the implementation's own
#     move generation (check_step, check_hop, apply_move, the way the game
#     uses them) counts the same, with and without Kangaroo;
#   - on seeded random games and scattered positions, 2 and 4 players, with
#     and without Kangaroo, every answer of the implementation agrees with
#     the model (tests/halma/property/README.md says which calls);
#   - tests/halma/submissions/correct, a second implementation, agrees too;
#   - planted bugs (example submissions) are caught, each by name.
# About 20 s of CPU time.
#
# Settings (environment):
#   HALMA_PROPERTY_ITEMS=N       items (games or sets of positions), default 32
#   HALMA_PROPERTY_SEED=S        item i uses seed S+i (default 20250101)
#   HALMA_PROPERTY_SOLUTION=DIR  test DIR/halma.c instead of solution/halma
# A failure names its seed: `build/halma-property/property SEED 1` repeats it.
#
# Run from the repository root: sh tests/run.sh tests/halma/property.test.sh
# The flag lists below are meant to split:
# shellcheck disable=SC2086
. tests/lib.sh
set -u

OUT=build/halma-property
CC=${CC:-gcc}
ITEMS=${HALMA_PROPERTY_ITEMS:-32}
SEED=${HALMA_PROPERTY_SEED:-20250101}
SOL=${HALMA_PROPERTY_SOLUTION:-solution/halma}
SRC=tests/halma/property
FLAGS="-std=c11 -Wall -Wextra -Wpedantic -O2 -g -fno-omit-frame-pointer \
-fsanitize=address,undefined -fno-sanitize-recover=all"

if ! command -v "$CC" >/dev/null 2>&1; then
    skip "halma property: every check" "needs $CC"
    exit 0
fi
if [ ! -f "$SOL/halma.c" ]; then
    skip "halma property: every check" "$SOL/halma.c does not exist"
    exit 0
fi

# build_tools: the model and the checker, once; they must build
# warning-free.
build_tools() {
    mkdir -p "$OUT/tools"
    for src in "$SRC"/*.c; do
        obj=$OUT/tools/$(basename "$src" .c).o
        if ! "$CC" $FLAGS -Isolution/halma -I"$SRC" -c "$src" -o "$obj" >"$obj.log" 2>&1 ||
           [ -s "$obj.log" ]; then
            echo "compiling $src:"
            cat "$obj.log"
            return 1
        fi
    done
}

# build NAME DIR: the checker linked with DIR/halma.c into $OUT/NAME.  The
# implementation's warnings are shown but are not this suite's business.
build() {
    if ! "$CC" $FLAGS -I"$2" -c "$2/halma.c" -o "$OUT/$1.o" 2>"$OUT/$1.build.log" ||
       ! "$CC" $FLAGS -o "$OUT/$1" "$OUT"/tools/*.o "$OUT/$1.o" 2>>"$OUT/$1.build.log"; then
        cat "$OUT/$1.build.log"
        return 1
    fi
}

rm -rf "$OUT"
mkdir -p "$OUT"
build_all() {
    build_tools && build property "$SOL"
}
check "halma property: the model and checker build warning-free, and with $SOL" build_all
if [ ! -x "$OUT/property" ]; then
    skip "halma property: the remaining checks" "the build failed"
    exit 0
fi

check "halma property: perft from both starts is 40 1600 85440 and 32 1024 32768, the model's and $SOL's moves count the same (with and without Kangaroo)" \
    timeout 300 "$OUT/property" --perft 3

agree() {
    timeout 900 "$OUT/$1" "$SEED" "$2"
}
check "halma property: $SOL agrees with the model on $ITEMS seeded games and sets of positions (seeds $SEED+)" \
    agree property "$ITEMS"

# The example submissions, written out whole (tests/submissions.sh).  If
# that fails, every check below fails with it: a broken example set must
# not pass for a skipped one.
sh tests/submissions.sh halma "$OUT/submissions" >"$OUT/materialize.log" 2>&1 \
    || cat "$OUT/materialize.log"

correct_agrees() {
    build correct "$OUT/submissions/correct" && agree correct $((ITEMS / 2))
}
check "halma property: submissions/correct agrees with the model too" correct_agrees

# caught NAME FUNCTION: the checker built with submission NAME reports a
# disagreement of FUNCTION (or a sanitizer's error) within 8 items.
caught() {
    build "$1" "$OUT/submissions/$1" || return 1
    if agree "$1" 8 >"$OUT/$1.log" 2>&1; then
        echo "no disagreement found"
        tail -n 3 "$OUT/$1.log"
        return 1
    fi
    grep -q -E "^FAIL: .*$2|runtime error: .*$2" "$OUT/$1.log" || {
        echo "the reports do not name $2:"
        head -n 5 "$OUT/$1.log"
        return 1
    }
}
for planted in step_wraps_rows:check_step kangaroo_unchecked_path:check_hop \
               apply_move_stale_colour:apply_move winner_any_colour:winner \
               owner_ignores_second_plane:owner lecture_piece_list_no_colour:position \
               lecture_signed_words:'left shift of 1 by 31'; do
    check "halma property: a planted bug (submissions/${planted%%:*}) is caught" \
        caught "${planted%%:*}" "${planted#*:}"
done

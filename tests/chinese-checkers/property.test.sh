#!/bin/sh
# property.test.sh -- property tests of the reference (tests/chinese-checkers/property/).
#
# Seeded random games (tests/chinese-checkers/property/sessiongen.c, on top of tests/gen's
# move model) are played through an independent transcript model
# (tests/chinese-checkers/property/model.c with rules.c), and:
#   - at every position reached, the reference's check_neighbor,
#     check_jump, check_move and is_jumper, built with ASan+UBSan, answer
#     as the model's rules do, for all pairs of spaces, every step and
#     jump offset, near misses and wild coordinates up to INT_MIN/INT_MAX
#     (tests/chinese-checkers/property/positions.c says exactly which calls);
#   - the reference game prints, byte for byte, the transcript the model
#     computes from each session's input (every 10th session also runs
#     under ASan+UBSan: exit 0, nothing on standard error);
#   - the model itself reproduces every committed sample_io transcript,
#     which is what makes it trustworthy as an oracle;
#   - a planted bug (is_jumper allowing the jump straight back) is caught,
#     so the checks above are not vacuous.
# Everything is built here with gcc into build/property/.  About 11 s of
# CPU time (positions and the replay run side by side on two cores).
#
# Settings (environment):
#   PROPERTY_GAMES=N       games per run (default 300)
#   PROPERTY_SEED=S        base seed; game i uses seed S+i (default 20250101)
#   PROPERTY_SOLUTION=DIR  test DIR/checkers.c and DIR/game.c instead of
#                          solution/ (e.g. a modified copy)
# A failure names its seed; `build/property/positions SEED 1` and
# `build/property/sessions print SEED` repeat it.
#
# Run from the repository root: sh tests/run.sh tests/chinese-checkers/property.test.sh
. tests/lib.sh
set -u

OUT=build/property
CC=${CC:-gcc}
GAMES=${PROPERTY_GAMES:-300}
SEED=${PROPERTY_SEED:-20250101}
SOL=${PROPERTY_SOLUTION:-solution/chinese-checkers}
WARN="-std=c11 -Wall -Wextra -Wpedantic"
SAN="-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer"
INCLUDES="-Isolution/chinese-checkers -Itests/chinese-checkers/gen -Itests/chinese-checkers/property"
TOOLS="tests/chinese-checkers/property/rules.c tests/chinese-checkers/property/model.c tests/chinese-checkers/property/sessiongen.c \
tests/chinese-checkers/gen/movegen.c tests/chinese-checkers/gen/rng.c tests/chinese-checkers/gen/writer.c tests/chinese-checkers/gen/bad_entry.c"
MAX_SHOWN=3

if ! command -v "$CC" >/dev/null 2>&1; then
    skip "property: every check" "needs $CC"
    exit 0
fi

# compile OUTPUT ARGS...: builds the tests' own code; a warning counts as
# a failure.  lenient OUTPUT ARGS...: builds the code under test, whose
# warnings are shown but are not this suite's business.
compile() {
    output=$1
    shift
    # flag lists are meant to split:
    # shellcheck disable=SC2086
    if ! "$CC" $WARN $INCLUDES "$@" -o "$output" >"$output.log" 2>&1 || [ -s "$output.log" ]; then
        echo "building $output:"
        cat "$output.log"
        return 1
    fi
}

lenient() {
    output=$1
    shift
    # shellcheck disable=SC2086
    "$CC" $WARN $INCLUDES "$@" -o "$output" >"$output.log" 2>&1
    status=$?
    [ -s "$output.log" ] && { echo "building $output:"; cat "$output.log"; }
    return "$status"
}

# build_tool_objects: the position checker's own code, with sanitizers,
# compiled once into $OUT/san/ (and linked again for the planted bug).
build_tool_objects() {
    mkdir -p "$OUT/san"
    rm -f "$OUT"/san/*.o
    for src in $TOOLS tests/chinese-checkers/property/positions.c; do
        # shellcheck disable=SC2086
        compile "$OUT/san/$(basename "$src" .c).o" -O2 -g $SAN -c "$src" || return 1
    done
}

# build_checked DIR SOLUTION_DIR: the position checker linked with
# SOLUTION_DIR/checkers.c, and the game, both built from SOLUTION_DIR.
build_checked() {
    mkdir -p "$1"
    rm -f "$1/positions" "$1/checkers-san.o" "$1/chinese-checkers"
    # shellcheck disable=SC2086
    lenient "$1/checkers-san.o" -O2 -g $SAN -c "$2/checkers.c" &&
        compile "$1/positions" $SAN "$OUT"/san/*.o "$1/checkers-san.o" &&
        lenient "$1/chinese-checkers" -O2 -g "$2/checkers.c" "$2/game.c"
}

# build_all: the session writer and model, what build_checked builds from
# $SOL, and an ASan+UBSan build of that game.
build_all() {
    mkdir -p "$OUT"
    rm -f "$OUT/sessions" "$OUT/chinese-checkers-asan"
    # shellcheck disable=SC2086
    compile "$OUT/sessions" -O2 -g $TOOLS tests/chinese-checkers/property/sessions.c &&
        build_tool_objects &&
        build_checked "$OUT" "$SOL" &&
        lenient "$OUT/chinese-checkers-asan" -O1 -g $SAN "$SOL/checkers.c" "$SOL/game.c"
}

# ------------------------------------------------------------ the model

model_reproduces_samples() {
    n=0 bad=0
    for in in sample_io/chinese-checkers/*/*.in "$(compat_dir)/course-vector-1.in"; do
        [ -e "$in" ] || continue
        n=$((n + 1))
        "$OUT/sessions" model <"$in" >"$OUT/sample.out" || return 1
        if ! cmp -s "$OUT/sample.out" "${in%.in}.out"; then
            bad=$((bad + 1))
            echo "the model differs from $in's transcript (< committed, > model):"
            diff "${in%.in}.out" "$OUT/sample.out" | head -n 6
        fi
    done
    echo "$n transcripts, $bad differ"
    [ "$n" -ge 30 ] && [ "$bad" -eq 0 ]
}

# ------------------------------------------------------------ positions

run_positions() {
    timeout $((600 + GAMES / 5)) "$1/positions" "$SEED" "$GAMES"
}

# The run started in the background below, while the sessions replay.
positions_agree() {
    wait "$positions_pid"
    status=$?
    cat "$OUT/positions.out"
    return "$status"
}

# ------------------------------------------------------------- sessions

# replay_one DIR GAME SEED [asan]: runs the game on DIR/SEED.in; 0 when its
# output is DIR/SEED.want exactly, it exits 0 and prints nothing on stderr.
replay_one() {
    base=$1/$3
    timeout 20 "$2" <"$base.in" >"$base.got" 2>"$base.err"
    rc=$?
    if [ "$rc" -eq 0 ] && [ ! -s "$base.err" ] && cmp -s "$base.got" "$base.want"; then
        return 0
    fi
    echo "seed $3${4:+ ($4)}: the game's transcript is not the model's (exit $rc)"
    head -n 5 "$base.err"
    cmp "$base.want" "$base.got" 2>&1 | sed 's/^/  /'
    diff "$base.want" "$base.got" | head -n 8 | sed 's/^/  /'
    echo "  input: $base.in; to watch it: build/property/sessions print $3 |" \
         "$2 --echo"
    return 1
}

# replay DIR COUNT: every session through DIR/chinese-checkers, every 10th
# also through DIR/chinese-checkers-asan if there is one.  Sessions are
# written 100 at a time; passing ones' files are removed, failing ones
# stay in DIR/replay/.
replay() {
    dir=$1/replay
    rm -rf "$dir" && mkdir -p "$dir" || return 1
    i=0 failed=0
    while [ "$i" -lt "$2" ] && [ "$failed" -lt "$MAX_SHOWN" ]; do
        seed=$((SEED + i))
        if [ $((i % 100)) -eq 0 ]; then
            batch=$(($2 - i < 100 ? $2 - i : 100))
            "$OUT/sessions" write "$seed" "$batch" "$dir" || return 1
        fi
        if replay_one "$dir" "$1/chinese-checkers" "$seed" &&
            { [ $((i % 10)) -ne 0 ] || [ ! -x "$1/chinese-checkers-asan" ] ||
              replay_one "$dir" "$1/chinese-checkers-asan" "$seed" "ASan+UBSan build"; }; then
            rm -f "$dir/$seed".*
        else
            failed=$((failed + 1))
        fi
        i=$((i + 1))
    done
    echo "$i sessions from seed $SEED replayed, $failed differ"
    [ "$failed" -eq 0 ]
}

# ----------------------------------------------------- a planted bug

# The reference with is_jumper's "not straight back" test removed.  When
# that line cannot be found (the reference changed), the check is skipped.
plant_bug() {
    mkdir -p "$OUT/planted/src"
    sed 's/\(if (land_x == x_from && land_y == y_from\))/\1 \&\& 0)/' solution/chinese-checkers/checkers.c \
        >"$OUT/planted/src/checkers.c" &&
        cp solution/chinese-checkers/game.c solution/chinese-checkers/chinese-checkers.h "$OUT/planted/src/" &&
        ! cmp -s solution/chinese-checkers/checkers.c "$OUT/planted/src/checkers.c"
}

planted_bug_caught() {
    build_checked "$OUT/planted" "$OUT/planted/src" || return 1
    if run_positions "$OUT/planted" >"$OUT/planted/positions.log" 2>&1; then
        echo "positions did not notice the planted bug"
        return 1
    fi
    if ! grep -q '^FAIL: seed' "$OUT/planted/positions.log" ||
        ! grep -q 'is_jumper(' "$OUT/planted/positions.log"; then
        echo "positions failed, but not with a report on is_jumper:"
        head -n 20 "$OUT/planted/positions.log"
        return 1
    fi
    if replay "$OUT/planted" 40 >"$OUT/planted/replay.log" 2>&1; then
        echo "the replayed transcripts did not notice the planted bug"
        return 1
    fi
    grep -q 'is not the model' "$OUT/planted/replay.log"
}

# ------------------------------------------------------------------ run

check "property: the tools build warning-free (-std=c11 -Wall -Wextra -Wpedantic), and $SOL builds" \
    build_all
if [ ! -x "$OUT/sessions" ] || [ ! -x "$OUT/positions" ] ||
   [ ! -x "$OUT/chinese-checkers" ] || [ ! -x "$OUT/chinese-checkers-asan" ]; then
    skip "property: the remaining checks" "the build failed"
    exit 0
fi
run_positions "$OUT" >"$OUT/positions.out" 2>&1 &
positions_pid=$!
check "property: the transcript model reproduces every committed sample_io transcript" \
    model_reproduces_samples
check "property: $GAMES generated sessions replay to the model's transcript byte for byte (every 10th under ASan+UBSan too)" \
    replay "$OUT" "$GAMES"
check "property: $SOL's required functions agree with the model at every position of $GAMES games (seeds $SEED+)" \
    positions_agree
if [ -z "${PROPERTY_SOLUTION:-}" ] && plant_bug; then
    check "property: a planted bug (is_jumper allows the jump straight back) is caught by both checks" \
        planted_bug_caught
else
    skip "property: a planted bug is caught" "testing another solution, or is_jumper's line changed"
fi

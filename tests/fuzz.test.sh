# fuzz.test.sh -- the fuzz targets of `make fuzz` (tests/fuzz/), replayed
# without libFuzzer so that they run in seconds on any machine with gcc.
#
# Builds each target with tests/fuzz/replay_main.c (a main that runs the
# target once per file) under ASan and UBSan into build/fuzz/replay/, then:
#   - replays every saved finding, tests/fuzz/regressions/TARGET/*, one
#     test per file, and the whole seed corpus (tests/fuzz/make_corpus.sh);
#   - checks that the reference target really plays the reference: the
#     transcript it captures for each sample_io session equals the
#     committed NAME.out, and with --echo what build/chinese-checkers
#     --echo prints;
#   - checks that the targets catch what they are meant to catch, on
#     copies of the reference and of the grader's comparison code with one
#     bug planted each (an unchecked board index, a marble not removed, a
#     turn colour that survives into the next game, control bytes shown
#     raw, a read one byte past an output): each must make the replay fail
#     with the right report.  A plant whose source line has changed is
#     skipped with a note, not failed;
#   - when clang's libFuzzer is installed, runs tests/fuzz/run.sh itself
#     for a few hundred executions per target (in build/fuzz/smoke/).
#
# Run from the repository root: sh tests/run.sh tests/fuzz.test.sh
. tests/lib.sh
set -u

CC=${CC:-gcc}
OUT=build/fuzz/replay
SAN="-std=c11 -Wall -Wextra -Wpedantic -O1 -g -fno-omit-frame-pointer \
-fsanitize=address,undefined -fno-sanitize-recover=all"
COMPARE_SRC="grader/compare/compare.c grader/compare/compare_move.c grader/compare/compare_render.c grader/compare/compare_visible.c grader/compare/compare_text.c"
UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
export UBSAN_OPTIONS
mkdir -p "$OUT"

# build_reference BINARY [DIR]: the reference target, its game.c and
# checkers.c taken from DIR first when given (a planted copy).
build_reference() {
    _dir=${2:-solution/chinese-checkers}
    $CC $SAN -Werror -DFUZZ_REPLAY -I"$_dir" -Isolution/chinese-checkers tests/fuzz/fuzz_reference.c \
        "$_dir/checkers.c" tests/fuzz/replay_main.c -o "$1"
}

# build_compare BINARY [DIR]: the compare target, grader/compare/compare*.c taken
# from DIR when given.
build_compare() {
    _dir=${2:-grader}
    $CC $SAN -Werror -Igrader tests/fuzz/fuzz_compare.c \
        $(for f in $COMPARE_SRC; do echo "$_dir/$(basename "$f")"; done) \
        tests/fuzz/replay_main.c -o "$1"
}

if ! command -v "$CC" >/dev/null 2>&1; then
    skip "fuzz: targets replayed" "needs $CC"
    exit 0
fi

check "fuzz: reference target builds warning-free (replay build)" \
    build_reference "$OUT/reference"
check "fuzz: compare target builds warning-free (replay build)" \
    build_compare "$OUT/compare"
check "fuzz: seed corpus builds from sample_io" \
    sh tests/fuzz/make_corpus.sh "$OUT/seeds"

# replay TARGET PATH...: runs the replay build; passes when it exits 0.
replay() {
    _target=$1
    shift
    timeout 600 "$OUT/$_target" -v "$@"
}

for target in reference compare; do
    [ -x "$OUT/$target" ] || continue
    found=0
    for input in tests/fuzz/regressions/$target/*; do
        [ -f "$input" ] || continue
        found=1
        check "fuzz: $target regression $(basename "$input")" replay "$target" "$input"
    done
    [ "$found" -eq 1 ] || echo "  (no saved $target regression inputs)"
    check "fuzz: $target seed corpus replays clean ($(ls "$OUT/seeds/$target" 2>/dev/null | wc -l) inputs)" \
        replay "$target" "$OUT/seeds/$target"
done

# The reference target captures exactly what the program prints.
transcripts_match() {
    _tmp=$OUT/transcript
    _bad=0
    for _in in sample_io/chinese-checkers/*/*.in; do
        { printf 0; cat "$_in"; } >"$_tmp.in"
        rm -f "$_tmp.out"
        FUZZ_TRANSCRIPT=$_tmp.out "$OUT/reference" "$_tmp.in" >/dev/null || _bad=1
        cmp "$_tmp.out" "${_in%.in}.out" || { echo "differs: $_in"; _bad=1; }
        [ "${1:-}" = echo ] || continue
        { printf 1; cat "$_in"; } >"$_tmp.in"
        rm -f "$_tmp.out"
        FUZZ_TRANSCRIPT=$_tmp.out "$OUT/reference" "$_tmp.in" >/dev/null || _bad=1
        build/chinese-checkers --echo <"$_in" | cmp - "$_tmp.out" \
            || { echo "differs with --echo: $_in"; _bad=1; }
    done
    rm -f "$_tmp.in" "$_tmp.out"
    return "$_bad"
}
if [ -x "$OUT/reference" ]; then
    if [ -x build/chinese-checkers ]; then
        check "fuzz: reference target prints every session's transcript, with and without --echo" \
            transcripts_match echo
    else
        check "fuzz: reference target prints every session's committed transcript" \
            transcripts_match
    fi
fi

# plant NAME FILE SED_SCRIPT: a copy of FILE's folder in $OUT/plant-NAME/
# with SED_SCRIPT applied to FILE.  Fails when the script changed nothing.
plant() {
    _to=$OUT/plant-$1
    rm -rf "$_to"
    mkdir -p "$_to"
    cp "$(dirname "$2")"/*.c "$(dirname "$2")"/*.h "$_to"/
    sed "$3" "$2" >"$_to/$(basename "$2")"
    ! cmp -s "$2" "$_to/$(basename "$2")"
}

# caught TARGET BUILD_FN NAME MESSAGE: builds the target on plant NAME and
# passes when replaying the seeds fails with MESSAGE in the report.
caught() {
    _bin=$OUT/plant-$3/fuzz
    "$2" "$_bin" "$OUT/plant-$3" || return 1
    if timeout 600 "$_bin" "$OUT/seeds/$1" >"$_bin.log" 2>&1; then
        echo "the replay passed on a planted bug"
        return 1
    fi
    grep -m 1 -E "$4" "$_bin.log" && return 0
    echo "the replay failed, but not with /$4/:"
    tail -n 20 "$_bin.log"
    return 1
}

# planted TARGET FILE NAME SED_SCRIPT MESSAGE WHAT
planted() {
    if plant "$3" "$2" "$4"; then
        check "fuzz: $1 target catches $6" caught "$1" "build_$1" "$3" "$5"
    else
        skip "fuzz: $1 target catches $6" "the line to plant it in $2 has changed"
    fi
}

planted reference solution/chinese-checkers/checkers.c no-bounds \
    's/if (x < 0 || x >= BOARD_SIZE_X || y < 0 || y >= BOARD_SIZE_Y)/if (0)/' \
    'AddressSanitizer|runtime error' "an unchecked board index"
planted reference solution/chinese-checkers/game.c marble-kept \
    's/^\( *\)the_board\[m->y_from\]\[m->x_from\] = EM;/\1;/' \
    'marbles appeared or vanished' "a move that does not empty its source"
planted reference solution/chinese-checkers/game.c static-colour \
    's/^\( *\)int color = RE;/\1static int color = RE;/' \
    'state left over' "state kept from one game to the next"
planted compare grader/compare/compare_visible.c raw-controls \
    's/s\[0\] >= 0x20 && s\[0\] < 0x7F/s[0] >= 0x01 \&\& s[0] < 0x7F/' \
    'control byte' "control bytes shown raw"
planted compare grader/compare/compare.c read-past-end \
    's/while (i < n && a\[i\] == b\[i\])/while (i <= n \&\& a[i] == b[i])/' \
    'heap-buffer-overflow' "a read one byte past an output"

# The libFuzzer builds and tests/fuzz/run.sh itself, briefly.
smoke() {
    FUZZ_OUT=build/fuzz/smoke FUZZ_RUNS=300 FUZZ_SECONDS=120 sh tests/fuzz/run.sh
}
probe=$OUT/probe
printf 'int LLVMFuzzerTestOneInput(const char *d, unsigned long n) { (void)d; return (int)(n & 0); }\n' \
    >"$probe.c"
if command -v clang >/dev/null 2>&1 \
   && clang -fsanitize=fuzzer "$probe.c" -o "$probe" >/dev/null 2>&1; then
    check "fuzz: make fuzz runs both libFuzzer targets (300 executions each)" smoke
else
    skip "fuzz: make fuzz runs both libFuzzer targets" \
         "needs clang with libFuzzer (apt-get install clang)"
fi
rm -f "$probe" "$probe.c"

# fuzz.test.sh -- the fuzz targets of `make fuzz` (tests/fuzz/), replayed
# without libFuzzer so that they run in seconds on any machine with gcc.
#
# Builds each target -- every assignment's (tests/fuzz/fuzz_<id>.c), the
# grader's comparison's (fuzz_compare.c) and each grader parser's
# (fuzz_<parser>.c, its sources named by the `src` lines of
# <parser>.conf) -- with
# tests/fuzz/replay_main.c (a main that runs the target once per file)
# under ASan and UBSan into build/fuzz/replay/, then:
#   - replays every saved finding, tests/fuzz/regressions/TARGET/*, one
#     test per file, and the whole seed corpus (tests/fuzz/make_corpus.sh;
#     a parser's seeds are tests/fuzz/seeds/<parser>/);
#   - checks that each assignment's target really plays its reference:
#     the transcript it captures for each sample_io/<id> session, given
#     the seed built from the session (its NAME.args turned into the mode
#     byte), equals the committed NAME.out, and with --echo what
#     build/<id> ARGS --echo prints;
#   - checks that the targets catch what they are meant to catch, on
#     copies of a reference and of the grader's comparison code with one
#     bug planted each (Chinese Checkers: an unchecked board index, a
#     marble not removed, a turn colour that survives into the next game;
#     Halma: coordinates not checked before they make a square, a piece
#     list not updated by a move, a move made without its legality check,
#     a turn that survives into the next game; the comparison: control
#     bytes shown raw, a read one byte past an output; the reply parser:
#     a leading zero accepted; the tournament's configuration: two bots of
#     one name or file name): each must make the replay fail with the
#     right report.  A plant whose source line has changed is skipped
#     with a note, not failed;
#   - when clang's libFuzzer is installed, runs tests/fuzz/run.sh itself
#     for a few hundred executions per target (in build/fuzz/smoke/): the
#     assignments', compare and one parser's (protocol), each kind of
#     build once; the other parsers' libFuzzer builds differ from their
#     replay builds by the compiler alone, and cost CI time.
#
# Run from the repository root: sh tests/run.sh tests/fuzz.test.sh
. tests/lib.sh
set -u

CC=${CC:-gcc}
OUT=build/fuzz/replay
SAN="-std=c11 -Wall -Wextra -Wpedantic -O1 -g -fno-omit-frame-pointer \
-fsanitize=address,undefined -fno-sanitize-recover=all"
COMPARE_SRC="grader/compare/compare.c grader/compare/compare_move.c grader/compare/compare_render.c grader/compare/compare_visible.c grader/compare/compare_text.c"
COMPARE_LIB="grader/report/visible.c grader/report/report_util.c grader/result.c"
UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
export UBSAN_OPTIONS
mkdir -p "$OUT"

# The targets: every assignment with a tests/fuzz/fuzz_<id>.c, compare,
# and every grader parser (a conf with `src` lines).
is_parser() {
    grep -q '^src ' "tests/fuzz/$1.conf" 2>/dev/null
}
ASSIGNMENTS=$(for f in tests/fuzz/fuzz_*.c; do
    t=${f##*/fuzz_}; t=${t%.c}; [ "$t" = compare ] || is_parser "$t" || echo "$t"; done)
PARSERS=$(for f in tests/fuzz/fuzz_*.c; do
    t=${f##*/fuzz_}; t=${t%.c}; ! is_parser "$t" || echo "$t"; done)
TARGETS="$ASSIGNMENTS compare $PARSERS"

# build_assignment ID BINARY [DIR]: the target of assignment ID; its .c
# files taken from DIR first when given (a planted copy), else from
# solution/ID/.  The game, which the target #includes, comes from DIR
# through -I.
build_assignment() {
    _id=$1 _dir=${3:-solution/$1}
    _srcs=
    for _f in solution/"$_id"/*.c; do
        _b=$(basename "$_f")
        grep -q "^#include \"$_b\"" "tests/fuzz/fuzz_$_id.c" || _srcs="$_srcs $_dir/$_b"
    done
    # shellcheck disable=SC2086 # lists of options and files
    $CC $SAN -Werror -DFUZZ_REPLAY -I"$_dir" -I"solution/$_id" "tests/fuzz/fuzz_$_id.c" \
        $_srcs tests/fuzz/replay_main.c -o "$2"
}

# build_compare BINARY [DIR]: the compare target, grader/compare/compare*.c
# taken from DIR when given; what they use of grader/report/ (the visible
# escapes and the UTF-8 reader, $COMPARE_LIB) always from the tree, found through
# -Igrader/compare by a planted copy too.
build_compare() {
    _dir=${2:-grader/compare}
    # shellcheck disable=SC2046 # a list of files
    $CC $SAN -Werror -Igrader -Igrader/compare tests/fuzz/fuzz_compare.c \
        $(for f in $COMPARE_SRC; do echo "$_dir/$(basename "$f")"; done) $COMPARE_LIB \
        tests/fuzz/replay_main.c -lm -o "$1"
}

# conf_words TARGET KEY: the words of the target's conf lines "KEY WORD...".
conf_words() {
    awk -v key="$2" '$1 == key { for (i = 2; i <= NF; i++) printf "%s ", $i }' "tests/fuzz/$1.conf"
}

# build_parser TARGET BINARY [DIR]: a grader parser's target, each of its
# conf's `src` files taken from DIR instead when DIR has one of that name
# (a planted copy, which finds what it includes of other folders through
# -I of its original's folder).
build_parser() {
    _srcs= _incs=
    for _f in $(conf_words "$1" src); do
        if [ -n "${3:-}" ] && [ -f "$3/$(basename "$_f")" ]; then
            _srcs="$_srcs $3/$(basename "$_f")"
            _incs="$_incs -I$(dirname "$_f")"   # its "../report/x.h", as from the tree
        else
            _srcs="$_srcs $_f"
        fi
    done
    # shellcheck disable=SC2046,SC2086 # lists of options and files
    $CC $SAN -Werror -Igrader $_incs $(conf_words "$1" cflags) "tests/fuzz/fuzz_$1.c" $_srcs \
        tests/fuzz/replay_main.c $(conf_words "$1" libs) -o "$2"
}

# build TARGET BINARY [DIR]
build() {
    if [ "$1" = compare ]; then
        shift
        build_compare "$@"
    elif is_parser "$1"; then
        build_parser "$@"
    else
        build_assignment "$@"
    fi
}

if ! command -v "$CC" >/dev/null 2>&1; then
    skip "fuzz: targets replayed" "needs $CC"
    exit 0
fi

for target in $TARGETS; do
    check "fuzz: $target target builds warning-free (replay build)" build "$target" "$OUT/$target"
done
# shellcheck disable=SC2086 # a list of targets
check "fuzz: seed corpus builds from sample_io" sh tests/fuzz/make_corpus.sh "$OUT/seeds" $TARGETS

# replay TARGET PATH...: runs the replay build; passes when it exits 0.
replay() {
    _target=$1
    shift
    timeout 600 "$OUT/$_target" -v "$@"
}

for target in $TARGETS; do
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

# transcripts_match ID [echo]: the target captures exactly what the
# program prints, for the seed of every session (plain-SET-NAME: the
# options of NAME.args), and with echo also for echo-SET-NAME, compared
# with build/ID ARGS --echo.
transcripts_match() {
    _id=$1
    _tmp=$OUT/transcript-$_id
    _bad=0
    for _in in sample_io/"$_id"/*/*.in; do
        _seed=$OUT/seeds/$_id/plain-$(basename "$(dirname "$_in")")-$(basename "$_in" .in)
        [ -f "$_seed" ] || { echo "no seed $_seed"; _bad=1; continue; }
        rm -f "$_tmp.out"
        FUZZ_TRANSCRIPT=$_tmp.out "$OUT/$_id" "$_seed" >/dev/null || _bad=1
        cmp "$_tmp.out" "${_in%.in}.out" || { echo "differs: $_in"; _bad=1; }
        [ "${2:-}" = echo ] || continue
        _args=
        [ -f "${_in%.in}.args" ] && _args=$(cat "${_in%.in}.args")
        rm -f "$_tmp.out"
        FUZZ_TRANSCRIPT=$_tmp.out "$OUT/$_id" "$OUT/seeds/$_id/echo-${_seed##*/plain-}" >/dev/null || _bad=1
        # shellcheck disable=SC2086 # NAME.args is a list of words
        "build/$_id" $_args --echo <"$_in" | cmp - "$_tmp.out" \
            || { echo "differs with --echo: $_in"; _bad=1; }
    done
    rm -f "$_tmp.out"
    return "$_bad"
}
for id in $ASSIGNMENTS; do
    [ -x "$OUT/$id" ] && [ -d "$OUT/seeds/$id" ] || continue
    if [ -x "build/$id" ]; then
        check "fuzz: $id target prints every session's transcript, with and without --echo" \
            transcripts_match "$id" echo
    else
        check "fuzz: $id target prints every session's committed transcript" \
            transcripts_match "$id"
    fi
done

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

# caught TARGET NAME MESSAGE: builds the target on plant NAME and passes
# when replaying the seeds fails with MESSAGE in the report.
caught() {
    _bin=$OUT/plant-$2/fuzz
    build "$1" "$_bin" "$OUT/plant-$2" || return 1
    if timeout 600 "$_bin" "$OUT/seeds/$1" >"$_bin.log" 2>&1; then
        echo "the replay passed on a planted bug"
        return 1
    fi
    grep -m 1 -E "$3" "$_bin.log" && return 0
    echo "the replay failed, but not with /$3/:"
    tail -n 20 "$_bin.log"
    return 1
}

# planted TARGET FILE NAME SED_SCRIPT MESSAGE WHAT
planted() {
    if plant "$3" "$2" "$4"; then
        check "fuzz: $1 target catches $6" caught "$1" "$3" "$5"
    else
        skip "fuzz: $1 target catches $6" "the line to plant it in $2 has changed"
    fi
}

planted chinese-checkers solution/chinese-checkers/checkers.c no-bounds \
    's/if (x < 0 || x >= BOARD_SIZE_X || y < 0 || y >= BOARD_SIZE_Y)/if (0)/' \
    'AddressSanitizer|runtime error' "an unchecked board index"
planted chinese-checkers solution/chinese-checkers/game.c marble-kept \
    's/^\( *\)the_board\[m->y_from\]\[m->x_from\] = EM;/\1;/' \
    'marbles appeared or vanished' "a move that does not empty its source"
planted chinese-checkers solution/chinese-checkers/game.c static-colour \
    's/^\( *\)int color = RE;/\1static int color = RE;/' \
    'state left over' "state kept from one game to the next"
planted halma solution/halma/game.c halma-no-square-check \
    's/if (x < 0 || x >= BOARD_SIDE || y < 0 || y >= BOARD_SIDE)/if (0)/' \
    'runtime error|AddressSanitizer' "coordinates made into a square unchecked"
planted halma solution/halma/halma.c halma-stale-list \
    's/b->position\[player\]\[piece\] = (unsigned char)to;/(void)piece;/' \
    'piece list names a square' "a move that leaves the piece list behind"
planted halma solution/halma/game.c halma-no-legality \
    's/if (!move_is_legal(&b, player, from, to, &ch, opt->kangaroo)) {/if (!move_is_legal(\&b, player, from, to, \&ch, opt->kangaroo) \&\& 0) {/' \
    'the game moves from a square without a piece|neither a step nor a hop' \
    "moves made without their legality check"
planted halma solution/halma/game.c halma-static-player \
    's/^\( *\)int player = 0;/\1static int player = 0;/' \
    'state left over' "a turn kept from one game to the next"
planted compare grader/compare/compare_visible.c raw-controls \
    's/s\[0\] >= 0x20 && s\[0\] < 0x7F/s[0] >= 0x01 \&\& s[0] < 0x7F/' \
    'control byte' "control bytes shown raw"
planted compare grader/compare/compare.c read-past-end \
    's/while (i < n && a\[i\] == b\[i\])/while (i <= n \&\& a[i] == b[i])/' \
    'heap-buffer-overflow' "a read one byte past an output"
planted protocol grader/referee/protocol.c protocol-leading-zero \
    's/(negative || (s\[1\] >= .0. && s\[1\] <= .9.))/negative/' \
    'accepted a reply outside the grammar' "a reply with a leading zero accepted"
planted tconfig grader/tournament/config.c tconfig-file-name-clash \
    's/if (strcmp(mine, c->bots\[b\].file) == 0)/if (0)/' \
    'two bots share a file name|tconfig_find does not find a bot' "two bots of one name or file name accepted"

# The libFuzzer builds and tests/fuzz/run.sh itself, briefly.
smoke() {
    # shellcheck disable=SC2086 # a list of targets
    FUZZ_OUT=build/fuzz/smoke FUZZ_RUNS=300 FUZZ_SECONDS=120 sh tests/fuzz/run.sh $ASSIGNMENTS compare protocol
}
probe=$OUT/probe
printf 'int LLVMFuzzerTestOneInput(const char *d, unsigned long n) { (void)d; return (int)(n & 0); }\n' \
    >"$probe.c"
if command -v clang >/dev/null 2>&1 \
   && clang -fsanitize=fuzzer "$probe.c" -o "$probe" >/dev/null 2>&1; then
    check "fuzz: make fuzz runs the assignments', compare's and protocol's libFuzzer targets (300 executions each)" smoke
else
    skip "fuzz: make fuzz runs the assignments', compare's and protocol's libFuzzer targets" \
         "needs clang with libFuzzer (apt-get install clang)"
fi
rm -f "$probe" "$probe.c"

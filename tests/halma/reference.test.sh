#!/bin/sh
# reference.test.sh -- the Halma assignment itself: its reference program,
# the perft counts of its move rules, its scripted sessions and their
# generator, its starter and its handout.
#
# Builds what it needs (build/halma, build/halma-asan, build/halma-perft,
# build/halma-play) with the root Makefile, through
# grader/assignments/halma/assignment.mk (named with -f while the root
# Makefile does not include it yet).
#
# Run from the repository root: sh tests/run.sh tests/halma/reference.test.sh
. tests/lib.sh
set -u

REF=build/halma
ASAN=build/halma-asan
PERFT=build/halma-perft
PLAY=build/halma-play
SESSIONS=sample_io/halma
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

# The options of the session NAME.in: the words of NAME.args, if any.
session_args() {
    if [ -f "${1%.in}.args" ]; then cat "${1%.in}.args"; fi
}

build_all() {
    targets="$REF $ASAN $PERFT $PLAY"
    if make -n $targets >/dev/null 2>&1; then
        make -s $targets
    else
        make -s -f Makefile -f grader/assignments/halma/assignment.mk $targets
    fi
}

reference_warning_free() {
    for src in solution/halma/halma.c solution/halma/game.c tests/halma/perft.c \
               tests/halma/gen/play.c handout/halma/board-svg.c; do
        gcc -std=c11 -Wall -Wextra -Wpedantic -Werror -Isolution/halma -fsyntax-only "$src" || return 1
    done
}

header_identical() {
    cmp solution/halma/halma.h starter/halma/halma.h
}

# perft PLAYERS EXPECTED: the counts of move sequences of length 1, 2, 3
# from the start, a move being a distinct (from, to) pair.
perft() {
    "$PERFT" --players "$1" 3 >"$TMP/perft" || return 1
    printf 'depth 1: %s\ndepth 2: %s\ndepth 3: %s\n' $2 >"$TMP/perft.want"
    diff "$TMP/perft.want" "$TMP/perft"
}

enough_sessions() {
    public=$(ls $SESSIONS/public/*.in 2>/dev/null | wc -l)
    hidden=$(ls $SESSIONS/hidden/*.in 2>/dev/null | wc -l)
    echo "public $public, hidden $hidden"
    [ "$public" -ge 10 ] && [ "$hidden" -gt "$public" ]
}

# Every NAME.in has its NAME.out, and every NAME.args one line of options.
sessions_complete() {
    status=0
    for in in $SESSIONS/*/*.in; do
        [ -f "${in%.in}.out" ] || { echo "no ${in%.in}.out"; status=1; }
    done
    for args in $SESSIONS/*/*.args; do
        [ -e "$args" ] || continue
        [ -f "${args%.args}.in" ] || { echo "$args has no .in"; status=1; }
        [ "$(wc -l <"$args")" -eq 1 ] || { echo "$args is not one line"; status=1; }
    done
    return $status
}

# The committed transcript is what the reference prints today.
transcript_current() {
    # shellcheck disable=SC2046 -- the options are words on purpose
    timeout 10 "$REF" $(session_args "$1") <"$1" >"$TMP/t.out" || return 1
    diff "${1%.in}.out" "$TMP/t.out" | head -20
    cmp -s "${1%.in}.out" "$TMP/t.out"
}

# The sanitizer build prints the same transcript, exits 0, says nothing.
asan_clean() {
    # shellcheck disable=SC2046
    timeout 20 "$ASAN" $(session_args "$1") <"$1" >"$TMP/a.out" 2>"$TMP/a.err" ||
        { cat "$TMP/a.err"; return 1; }
    cat "$TMP/a.err"
    [ ! -s "$TMP/a.err" ] && cmp -s "$TMP/a.out" "${1%.in}.out"
}

valgrind_clean() {
    # shellcheck disable=SC2046
    timeout 60 valgrind -q --error-exitcode=99 --leak-check=full \
        --errors-for-leak-kinds=all "$REF" $(session_args "$1") <"$1" >/dev/null
}

# A bad command line: a usage line on stderr, nothing on stdout, status 2.
usage_error() {
    "$REF" "$@" </dev/null >"$TMP/u.out" 2>"$TMP/u.err"
    status=$?
    echo "halma $*: status $status, stderr: $(cat "$TMP/u.err")"
    [ "$status" -eq 2 ] && [ ! -s "$TMP/u.out" ] && grep -q '^usage: .*--players 2|4' "$TMP/u.err"
}

usage_errors() {
    for args in "--players 3" "--players" "--players 4x" "--players=4" "--bogus" \
                "extra" "-k" "--echo --players 0" "--Players 4" "--kangaroo 4"; do
        # shellcheck disable=SC2086
        usage_error $args || return 1
    done
}

# Good command lines start a game: the board, then WHITE's prompt.
options_accepted() {
    for args in "" "--players 2" "--players 4" "--kangaroo" "--echo" \
                "--kangaroo --players 4 --echo" "--players 4 --players 2"; do
        # shellcheck disable=SC2086
        "$REF" $args </dev/null >"$TMP/o.out" 2>"$TMP/o.err" || { echo "halma $args failed"; return 1; }
        [ ! -s "$TMP/o.err" ] && [ "$(tail -c 15 "$TMP/o.out")" = "WHITE's move:  " ] ||
            { echo "halma $args: no board and prompt"; return 1; }
    done
}

# --echo prints each move after its prompt, junk included, as typed.
echo_shows_moves() {
    printf '3 1 4 2\n12 14 x 13 rest\n12 14 11 13 -1 -1 -1 -1\n' |
        timeout 5 "$REF" --players 4 --echo >"$TMP/echo.out" || return 1
    grep -qx "WHITE's move:  3 1 4 2" "$TMP/echo.out" &&
    grep -qx "BLACK's move:  12 14 x" "$TMP/echo.out" &&
    grep -qx "BLACK's move:  12 14 11 13" "$TMP/echo.out" &&
    grep -qx "RED's move:  -1 -1 -1 -1" "$TMP/echo.out"
}

# Without --echo the same input prints no move at all.
no_echo_by_default() {
    printf '4 1 5 2\n-1 -1 -1 -1\n' | timeout 5 "$REF" >"$TMP/plain.out" || return 1
    ! grep -q '4 1 5 2' "$TMP/plain.out"
}

# Every won game's transcript ends with its winner's line, and no other
# session has one.
wins_announced() {
    for out in $SESSIONS/*/*.out; do
        last=$(tail -n 1 "$out")
        case $(basename "$out") in
        win_*) echo "$last" | grep -Eqx '(WHITE|BLACK|RED|GREEN) WINS!' ||
                   { echo "$out ends with: $last"; return 1; } ;;
        *) ! grep -q 'WINS!' "$out" || { echo "$out has a WINS line"; return 1; } ;;
        esac
    done
}

# The handout's two start boards and its sample session are what the
# reference prints.
handout_current() {
    hand=handout/halma/handout.md
    for players in 2 4; do
        "$REF" --players "$players" </dev/null | head -n 17 >"$TMP/start$players"
        grep -Fxq -f "$TMP/start$players" "$hand" || { echo "no $players-player start board"; return 1; }
        # All 17 lines, in order, right after one another.
        awk -v want="$TMP/start$players" 'BEGIN { while ((getline l < want) > 0) w[n++] = l }
            { line[NR] = $0 } END { for (i = 1; i <= NR; i++) { for (j = 0; j < n && line[i + j] == w[j]; j++); if (j == n) exit 0 } exit 1 }' \
            "$hand" || { echo "the $players-player start board differs"; return 1; }
    done
    "$REF" --echo <$SESSIONS/public/handout_example.in | grep -a -e "'s move:" -e 'INVALID' >"$TMP/session.ref"
    sed -n '/^## A sample session/,/^What happened/p' "$hand" | grep -e "'s move:" -e 'INVALID' >"$TMP/session.hand"
    diff "$TMP/session.ref" "$TMP/session.hand"
}

handout_renders() {
    pandoc --standalone --self-contained --toc --metadata title="Project 2: Halma" \
        --css handout/handout.css --resource-path=handout/halma \
        -o "$TMP/handout.html" handout/halma/handout.md &&
    [ -s "$TMP/handout.html" ] && ! grep -Eq '(src|href)="(https?:)?//' "$TMP/handout.html"
}

board_svg_current() {
    gcc -std=c11 -Wall -Wextra -Wpedantic -o "$TMP/board-svg" handout/halma/board-svg.c &&
    "$TMP/board-svg" | cmp - handout/halma/board.svg
}

# The starter builds warning-free and runs every public session without
# hanging or crashing; with the reference's sources in it, make test passes.
starter_builds_and_runs() {
    rm -rf "$TMP/starter" && cp -r starter/halma "$TMP/starter" &&
    make -s -C "$TMP/starter" CFLAGS='-std=c11 -Wall -Wextra -Wpedantic -Werror -g' halma || return 1
    for in in $SESSIONS/public/*.in; do
        # shellcheck disable=SC2046
        timeout 5 "$TMP/starter/halma" $(session_args "$in") <"$in" >/dev/null || { echo "starter on $in"; return 1; }
    done
}

# make test runs the kit's grader on the public tests (full marks), and
# make test-diff the plain diff of every public session (none fails).
starter_test_passes_reference() {
    rm -rf "$TMP/filled" && cp -r starter/halma "$TMP/filled" &&
    cp solution/halma/halma.c solution/halma/game.c "$TMP/filled/" &&
    make -s -C "$TMP/filled" test KIT="$(pwd)" >"$TMP/filled.log" 2>&1
    status=$?
    tail -n 3 "$TMP/filled.log"
    [ "$status" -eq 0 ] && grep -q '^Total .*(100%)$' "$TMP/filled.log" || return 1
    make -s -C "$TMP/filled" test-diff KIT="$(pwd)" >"$TMP/diff.log" 2>&1
    status=$?
    tail -n 1 "$TMP/diff.log"
    [ "$status" -eq 0 ] && grep -q ' 0 failed$' "$TMP/diff.log"
}

if ! build_all >"$TMP/build.log" 2>&1; then
    check "reference and test helpers build" sh -c "cat '$TMP/build.log'; false"
    exit 0
fi
check "reference and test helpers build" true
check "reference builds warning-free" reference_warning_free
check "halma.h identical in solution/ and starter/" header_identical
check "perft from the 2-player start: 40, 1600, 85440" perft 2 "40 1600 85440"
check "perft from the 4-player start: 32, 1024, 32768" perft 4 "32 1024 32768"
check "usage errors: stderr, status 2, nothing on stdout" usage_errors
check "every good command line starts a game" options_accepted
check "--echo shows moves after prompts" echo_shows_moves
check "no echo without --echo" no_echo_by_default
check "enough sessions, more hidden than public" enough_sessions
check "every session has its .out; .args are one line" sessions_complete
check "generated sessions match tests/halma/gen" sh tests/halma/gen/generated_sessions.sh check "$PLAY"
check "won games end with WINS!, others never" wins_announced
check "handout's boards and sample session are current" handout_current
check "handout board picture is current" board_svg_current
if command -v pandoc >/dev/null; then
    check "handout renders self-contained" handout_renders
else
    skip "handout renders self-contained" "pandoc missing"
fi
check "starter builds warning-free and runs every public session" starter_builds_and_runs
check "starter's make test passes with the reference's sources" starter_test_passes_reference
for in in $SESSIONS/*/*.in; do
    [ -e "$in" ] || continue
    name=${in#$SESSIONS/}
    check "transcript current: $name" transcript_current "$in"
    check "asan+ubsan clean: $name" asan_clean "$in"
    if command -v valgrind >/dev/null; then
        check "valgrind clean: $name" valgrind_clean "$in"
    else
        skip "valgrind clean: $name" "valgrind missing"
    fi
done

# assignment.test.sh -- the assignment itself: header, reference, sessions,
# starter and handout.  Run through tests/run.sh after `make`.
. tests/lib.sh

REF=build/chinese-checkers
ASAN=build/chinese-checkers-asan
VECTOR=$(compat_dir)/course-vector-1
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

header_identical() {
    cmp solution/chinese-checkers/chinese-checkers.h starter/chinese-checkers/chinese-checkers.h
}

reference_warning_free() {
    gcc -std=c11 -Wall -Wextra -Wpedantic -Werror -Isolution/chinese-checkers -fsyntax-only solution/chinese-checkers/*.c
}

course_vector() {
    [ -f "$VECTOR.in" ] || { echo "the course's test vector is missing: shared/compat beside the checkout, or COMPAT_DIR"; return 1; }
    timeout 10 "$REF" <"$VECTOR.in" >"$TMP/vector.out" && cmp "$TMP/vector.out" "$VECTOR.out"
}

enough_sessions() {
    public=$(ls sample_io/chinese-checkers/public/*.in 2>/dev/null | wc -l)
    hidden=$(ls sample_io/chinese-checkers/hidden/*.in 2>/dev/null | wc -l)
    echo "public $public, hidden $hidden"
    [ "$public" -ge 5 ] && [ "$hidden" -gt "$public" ] && [ $((public + hidden)) -ge 30 ]
}

# The committed transcript is what the reference prints today.
transcript_current() {
    timeout 10 "$REF" <"$1" >"$TMP/t.out" || return 1
    diff "${1%.in}.out" "$TMP/t.out" | head -20
    cmp -s "${1%.in}.out" "$TMP/t.out"
}

# The sanitizer build prints the same transcript, exits 0, says nothing.
asan_clean() {
    timeout 20 "$ASAN" <"$1" >"$TMP/a.out" 2>"$TMP/a.err" || { cat "$TMP/a.err"; return 1; }
    cat "$TMP/a.err"
    [ ! -s "$TMP/a.err" ] && cmp -s "$TMP/a.out" "${1%.in}.out"
}

valgrind_clean() {
    timeout 60 valgrind -q --error-exitcode=99 --leak-check=full \
        --errors-for-leak-kinds=all "$REF" <"$1" >/dev/null
}

# End of input in the middle of a move ends the game quietly: the output
# is exactly the start board and one prompt (hand-checked prefix of the
# course vector: its first 19 lines are the start board).
eof_mid_move() {
    printf '9 3 10' | timeout 5 "$REF" >"$TMP/eof.out" || return 1
    { head -n 19 "$VECTOR.out"; printf "RED's move:  "; } >"$TMP/eof.want"
    cmp "$TMP/eof.out" "$TMP/eof.want"
}

# A junk token spoils its move and the rest of its line, then play goes on.
junk_discards_line() {
    printf '9 x 10 4 9 3 10 4\n-1 -1 -1 -1\n' | timeout 5 "$REF" >"$TMP/junk.out" || return 1
    [ "$(grep -c 'INVALID MOVE\.  TRY AGAIN!!$' "$TMP/junk.out")" -eq 1 ] &&
    [ "$(grep -c '^RED.s move:  ' "$TMP/junk.out")" -eq 2 ] &&
    ! grep -q GREEN "$TMP/junk.out"
}

# --echo prints each move after its prompt, as typed moves would appear.
echo_shows_moves() {
    printf '9 3 10 4\n11 13 12 12 -1 -1 -1 -1\n' | timeout 5 "$REF" --echo >"$TMP/echo.out" || return 1
    grep -qx "RED's move:  9 3 10 4" "$TMP/echo.out" &&
    grep -qx "GREEN's move:  11 13 12 12" "$TMP/echo.out" &&
    grep -qx "RED's move:  -1 -1 -1 -1" "$TMP/echo.out"
}

starter_builds_and_runs() {
    rm -rf "$TMP/starter" && cp -r starter/chinese-checkers "$TMP/starter" &&
    make -s -C "$TMP/starter" CFLAGS='-std=c11 -Wall -Wextra -Wpedantic -Werror -g' chinese-checkers &&
    printf '9 3 10 4\n-1 -1 -1 -1\n' | timeout 5 "$TMP/starter/chinese-checkers" >/dev/null &&
    timeout 5 "$TMP/starter/chinese-checkers" </dev/null >/dev/null
}

# The handout renders to one self-contained page, and its sample session
# is still what the reference prints.
handout_renders() {
    make -s handout-chinese-checkers && [ -s build/handout-chinese-checkers.html ] &&
    ! grep -Eq '(src|href)="(https?:)?//' build/handout-chinese-checkers.html
}

check "header identical in solution/ and starter/" header_identical
check "reference builds warning-free" reference_warning_free
check "reference reproduces course vector 1" course_vector
check "at least 30 sessions, public and hidden" enough_sessions
check "EOF mid-move ends quietly" eof_mid_move
check "junk token discards the rest of its line" junk_discards_line
check "--echo shows moves after prompts" echo_shows_moves
check "starter builds warning-free and runs" starter_builds_and_runs
if command -v pandoc >/dev/null; then
    check "handout renders self-contained" handout_renders
else
    skip "handout renders self-contained" "pandoc missing"
fi
check "generated sessions match tests/gen" sh tests/chinese-checkers/gen/generated_sessions.sh check build/random_game
for in in sample_io/chinese-checkers/*/*.in; do
    [ -e "$in" ] || continue
    name=${in#sample_io/}
    check "transcript current: $name" transcript_current "$in"
    check "asan+ubsan clean: $name" asan_clean "$in"
    check "valgrind clean: $name" valgrind_clean "$in"
done

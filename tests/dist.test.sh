#!/bin/sh
# dist.test.sh -- the packages of `make dist` (grader/dist/make-dist.sh),
# each used the way its users will use it.  Run through tests/run.sh, after
# `make` (it needs build/unit/*.list; it renders build/handout.html with
# `make handout` when that is missing).
#
#   - make-dist.sh writes the five files, twice byte for byte the same;
#   - the student tarball holds what a student needs and nothing hidden:
#     no entry of a hidden kind (solution sources, hidden sessions or unit
#     tests, tests/, build/), no file with the content of a hidden file,
#     no hidden unit test's name anywhere in it;
#   - unpacked in a temporary folder, `make -C starter` and
#     `make -C starter test` build the grader from the tarball and grade
#     the starter (a low score), and with the reference solution's .c files
#     in starter/ the same commands give full marks on the public tests;
#   - the Gradescope zip, unpacked into a fake /autograder tree: setup.sh
#     builds it without installing anything when every package is present
#     (a fake apt-get records any call), run_autograder writes a
#     results.json Gradescope accepts, 100 points for the reference, a low
#     score for the starter, and no results.json when grading fails;
#   - Autolab: autograde.tar and a handin (tar and zip) in an empty folder,
#     autograde-Makefile run as `make` there: the last line is
#     {"scores": {...}} with the rubric's categories.
# All of it on a copy of the kit in a temporary folder.  Takes 30 to 60 s.
. tests/lib.sh
set -u

TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
DIST=$TMP/dist
TOP=chinese-checkers
STUDENT=$TMP/student/$TOP

for tool in jq tar gzip zip unzip cmp; do
    if ! command -v "$tool" >/dev/null 2>&1; then
        skip "dist: packages" "needs $tool (sh grader/install-deps.sh)"
        exit 0
    fi
done
if [ ! -f build/unit/public.list ] || [ ! -f build/unit/hidden.list ]; then
    skip "dist: packages" "run make first (no build/unit/*.list)"
    exit 0
fi
[ -f build/handout.html ] || make -s handout >/dev/null 2>&1
if [ ! -f build/handout.html ]; then
    skip "dist: packages" "build/handout.html could not be rendered (make handout)"
    exit 0
fi

# Everything below works on a copy of what make-dist.sh reads, so that
# files edited meanwhile cannot make two runs differ.
KIT=$TMP/kit
copy_kit() {
    mkdir -p "$KIT/build/unit" &&
    cp -R Makefile grader handout sample_io solution starter "$KIT/" &&
    cp build/unit/public.list build/unit/hidden.list "$KIT/build/unit/" &&
    cp build/handout.html "$KIT/build/"
}
if ! copy_kit; then
    skip "dist: packages" "could not copy the kit to $KIT"
    exit 0
fi
cd "$KIT" || exit 1

# ------------------------------------------------------------ make-dist.sh

make_dist_writes_every_package() {
    sh grader/dist/make-dist.sh "$DIST" || return 1
    for f in student-starter.tar.gz gradescope-autograder.zip \
             autolab/autograde-Makefile autolab/autograde.tar README.md; do
        [ -s "$DIST/$f" ] || { echo "no $DIST/$f"; return 1; }
    done
}

make_dist_is_reproducible() {
    sh grader/dist/make-dist.sh "$TMP/again" >/dev/null || return 1
    for f in student-starter.tar.gz gradescope-autograder.zip \
             autolab/autograde-Makefile autolab/autograde.tar README.md; do
        cmp "$DIST/$f" "$TMP/again/$f" || return 1
    done
}

check "dist: make-dist.sh writes every package" make_dist_writes_every_package
check "dist: a second run gives the same bytes" make_dist_is_reproducible
if [ ! -s "$DIST/student-starter.tar.gz" ]; then
    skip "dist: the packages themselves" "make-dist.sh failed"
    exit 0
fi

# ------------------------------------------------------- student tarball

tar -tzf "$DIST/student-starter.tar.gz" >"$TMP/student.list"
mkdir -p "$TMP/student"
tar -xzf "$DIST/student-starter.tar.gz" -C "$TMP/student"

# cksum (CRC and size) of every file of the kit the students must not get
# (but empty ones, which tell nothing).
hidden_sums() {
    for f in solution/chinese-checkers/*.c sample_io/chinese-checkers/hidden/* grader/assignments/chinese-checkers/unit/hidden/* build/unit/hidden.list; do
        [ -s "$f" ] && cksum <"$f"
    done | sort -u
}

student_tarball_lists_nothing_hidden() {
    # One top folder, and no entry of a kind that is never for students.
    if grep -v "^$TOP/" "$TMP/student.list"; then
        echo "^ outside $TOP/"
        return 1
    fi
    if grep -E "^$TOP/(solution/.*\.c$|sample_io/chinese-checkers/hidden|grader/assignments/chinese-checkers/unit/hidden|tests/|build/|grader/dist/)|\.o$|hidden\.list$|/\.git" \
        "$TMP/student.list"; then
        echo "^ hidden or built files in the tarball"
        return 1
    fi
}

student_files_hold_no_hidden_content() {
    hidden_sums >"$TMP/hidden.sums"
    [ -s "$TMP/hidden.sums" ] || { echo "no hidden file found in the kit"; return 1; }
    find "$STUDENT" -type f -exec sh -c 'for f; do echo "$(cksum <"$f") $f"; done' sh {} + \
        >"$TMP/student.sums"
    if awk 'NR == FNR { hidden[$1 " " $2] = 1; next }
            ($1 " " $2) in hidden { print $3; found = 1 }
            END { exit !found }' "$TMP/hidden.sums" "$TMP/student.sums"; then
        echo "^ these files have the content of hidden files"
        return 1
    fi
}

student_files_name_no_hidden_test() {
    # A hidden unit test (not also a public one) named in any file, as the
    # grader names it (suite/name) or as its source declares it.
    LC_ALL=C sort build/unit/public.list >"$TMP/public.sorted"
    LC_ALL=C sort build/unit/hidden.list | LC_ALL=C comm -23 - "$TMP/public.sorted" |
        awk -F/ '{ print $1 "/" $2; print $1 ", *" $2 "[)]" }' >"$TMP/hidden.only"
    [ -s "$TMP/hidden.only" ] || { echo "no hidden-only test to look for"; return 1; }
    if grep -rlE -f "$TMP/hidden.only" "$STUDENT"; then
        echo "^ these files name hidden unit tests"
        return 1
    fi
}

student_tarball_has_what_make_test_needs() {
    for f in Makefile README.md starter/Makefile starter/README.md starter/checkers.c \
             starter/game.c starter/chinese-checkers.h handout/chinese-checkers/handout.md \
             handout/handout.html grader/assignments/chinese-checkers/rubric.txt grader/install-deps.sh \
             grader/unit/vet-objects.sh grader/unit/graded_test.c \
             grader/unit/graded_test.h grader/assignments/chinese-checkers/unit/public.list \
             solution/chinese-checkers/chinese-checkers.h; do
        [ -f "$STUDENT/$f" ] || { echo "missing: $f"; return 1; }
    done
    for f in grader/*.c grader/*.h grader/assignments/chinese-checkers/unit/public/*.c sample_io/chinese-checkers/public/*; do
        [ -f "$STUDENT/$f" ] || { echo "missing: $f"; return 1; }
    done
    cmp build/handout.html "$STUDENT/handout/handout.html" &&
    cmp solution/chinese-checkers/chinese-checkers.h "$STUDENT/solution/chinese-checkers/chinese-checkers.h" &&
    cmp starter/chinese-checkers.h "$STUDENT/starter/chinese-checkers.h" &&
    cmp build/unit/public.list "$STUDENT/grader/assignments/chinese-checkers/unit/public.list"
}

# With no command on PATH, install-deps.sh --check lists every package whose
# probe is a command: --kit (what the kit's `make deps` and Gradescope's
# setup.sh run) must list the compiler, bubblewrap and Valgrind but none
# of the staff's tools; the full list has them.
student_kit_installs_only_grading_needs() {
    deps=$STUDENT/grader/install-deps.sh
    grep -q 'install-deps.sh --kit' "$STUDENT/Makefile" || { echo "kit Makefile: deps without --kit"; return 1; }
    kit=$(PATH=/nonexistent /bin/sh "$deps" --kit --check 2>&1)
    all=$(PATH=/nonexistent /bin/sh "$deps" --check 2>&1)
    echo "--kit: $kit"
    echo "full:  $all"
    for p in gcc make bubblewrap valgrind; do
        echo "$kit" | grep -qw "$p" || { echo "--kit lacks $p"; return 1; }
    done
    for p in pandoc chromium jq zip libxml2-utils; do
        echo "$kit" | grep -qw -- "$p" && { echo "--kit installs the staff's $p"; return 1; }
        echo "$all" | grep -qw -- "$p" || { echo "the full list lacks $p"; return 1; }
    done
    return 0
}

# The precomputed list names exactly the tests the public sources declare.
student_public_list_matches_sources() {
    sed -n 's/^GRADED_TEST(\([A-Za-z0-9_]*\), *\([A-Za-z0-9_]*\)).*/\1\/\2/p' \
        "$STUDENT"/grader/assignments/chinese-checkers/unit/public/*.c | LC_ALL=C sort >"$TMP/declared"
    LC_ALL=C sort "$STUDENT/grader/assignments/chinese-checkers/unit/public.list" | diff "$TMP/declared" -
}

# kit-Makefile builds the grader and the unit objects with the kit's flags.
# def FILE NAME: the definition of NAME in FILE, continuation lines joined.
def() {
    awk -v name="$2" '
        $0 ~ "^" name " *=" { on = 1 }
        on { line = line $0; if ($0 !~ /\\$/) { print line; exit } }' "$1" |
        sed 's/\\//g; s/  */ /g'
}
kit_makefile_flags_match_root() {
    for var in CC CFLAGS UNIT_CFLAGS CJSON_CFLAGS CJSON_LIBS; do
        a=$(def Makefile "$var")
        b=$(def grader/dist/kit-Makefile "$var")
        if [ -z "$a" ] || [ "$a" != "$b" ]; then
            echo "$var: root '$a', kit-Makefile '$b'"
            return 1
        fi
    done
}

student_starter_builds_and_is_graded() {
    ( cd "$STUDENT" && make -C starter ) || return 1
    ( cd "$STUDENT" && make -C starter test ) >"$TMP/starter-test.txt" 2>&1
    rc=$?
    cat "$TMP/starter-test.txt"
    [ "$rc" -eq 0 ] || { echo "make test: exit status $rc"; return 1; }
    ! grep -q 'Falling back' "$TMP/starter-test.txt" &&
    grep -Eq '^Total +[0-9.]+/[0-9.]+ \([0-9]+%\)' "$TMP/starter-test.txt" &&
    ! grep -E '^Total ' "$TMP/starter-test.txt" | grep -q '(100%)' &&
    [ -x "$STUDENT/build/grade" ] && [ ! -e "$STUDENT/build/unit/hidden.o" ]
}

student_reference_gets_full_public_marks() {
    cp solution/chinese-checkers/*.c "$STUDENT/starter/" || return 1
    ( cd "$STUDENT" && make -C starter && make -C starter test ) >"$TMP/ref-test.txt" 2>&1
    rc=$?
    [ "$rc" -eq 0 ] || { cat "$TMP/ref-test.txt"; echo "exit status $rc"; return 1; }
    grep -E '^Total ' "$TMP/ref-test.txt" | grep -q '(100%)' ||
        { cat "$TMP/ref-test.txt"; return 1; }
    # The same, checked test by test in the JSON report.
    ( cd "$STUDENT" && build/grade --tests public --format json -o "$TMP/ref.json" starter ) &&
    jq -e '.score == .max_score and .max_score > 0 and (.tests | length) > 20
           and all(.tests[]; .status == "passed")
           and any(.tests[]; .name | startswith("unit/public/"))
           and all(.tests[]; .name | contains("/hidden/") | not)' "$TMP/ref.json"
}

check "dist: student tarball lists nothing hidden" student_tarball_lists_nothing_hidden
check "dist: no student file has the content of a hidden one" student_files_hold_no_hidden_content
check "dist: no student file names a hidden unit test" student_files_name_no_hidden_test
check "dist: student tarball has what make test needs" student_tarball_has_what_make_test_needs
check "dist: the student kit installs only what grading needs" student_kit_installs_only_grading_needs
check "dist: student public.list matches the public tests" student_public_list_matches_sources
check "dist: kit-Makefile uses the root Makefile's flags" kit_makefile_flags_match_root
check "dist: student copy: make -C starter test grades the starter" student_starter_builds_and_is_graded
check "dist: student copy: the reference gets full public marks" student_reference_gets_full_public_marks

# -------------------------------------------------------------- Gradescope

GS=$TMP/gs/autograder

gradescope_zip_layout() {
    unzip -Z1 "$DIST/gradescope-autograder.zip" >"$TMP/gs.list" || return 1
    if ! grep -qx setup.sh "$TMP/gs.list" || ! grep -qx run_autograder "$TMP/gs.list"; then
        echo "setup.sh and run_autograder must be at the root of the zip"
        return 1
    fi
    for f in setup.sh run_autograder; do
        unzip -Z "$DIST/gradescope-autograder.zip" "$f" | grep -q '^-rwx' ||
            { echo "$f is not executable in the zip"; return 1; }
    done
    if grep -E '^tests/|^build/' "$TMP/gs.list"; then
        echo "^ not for the autograder"
        return 1
    fi
    # The reference's sources are there for measuring it (calibrate.h).
    for f in sample_io/chinese-checkers/hidden/*.in grader/assignments/chinese-checkers/unit/hidden/*.c solution/chinese-checkers/*.c; do
        grep -qx "$f" "$TMP/gs.list" || { echo "missing: $f"; return 1; }
    done
}

gradescope_setup_builds_without_installing() {
    mkdir -p "$GS/source" "$GS/submission" "$TMP/fakebin" &&
    unzip -q "$DIST/gradescope-autograder.zip" -d "$GS/source" || return 1
    printf '#!/bin/sh\necho "apt-get $*" >>"%s"\nexit 1\n' "$TMP/apt.log" >"$TMP/fakebin/apt-get"
    chmod +x "$TMP/fakebin/apt-get"
    ( cd "$GS/source" && PATH="$TMP/fakebin:$PATH" sh ./setup.sh ) || return 1
    [ ! -e "$TMP/apt.log" ] || { cat "$TMP/apt.log"; return 1; }
    [ -x "$GS/source/build/grade" ] && [ -f "$GS/source/build/unit/hidden.o" ]
}

# run_gradescope SUBMISSION_FILES...: a fresh submission/ and results/,
# then run_autograder as Gradescope runs it (a copy in /autograder).
run_gradescope() {
    rm -rf "$GS/submission" "$GS/results" &&
    mkdir -p "$GS/submission" && cp "$@" "$GS/submission/" &&
    cp "$GS/source/run_autograder" "$GS/run_autograder" &&
    ( cd "$GS" && AUTOGRADER_ROOT="$GS" ./run_autograder )
}

# The fields Gradescope reads, on every test.
well_formed_results='
    (.score | type == "number")
    and (.tests | length) > 100
    and all(.tests[]; (.name | type == "string")
                      and (.score | type == "number")
                      and (.max_score | type == "number")
                      and (.status == "passed" or .status == "failed")
                      and (.visibility | IN("visible", "hidden", "after_due_date", "after_published")))
    and ((([.tests[].score] | add) - .score) | fabs) < 1e-6
    and ((([.tests[].max_score] | add) - 100) | fabs) < 1e-6
    and any(.tests[]; .name | startswith("unit/hidden/"))
    and any(.tests[]; .name | startswith("transcript/hidden/"))'

gradescope_reference_full_marks() {
    run_gradescope solution/chinese-checkers/*.c || return 1
    jq -e "$well_formed_results
           and (.score - 100 | fabs) < 1e-6 and all(.tests[]; .status == \"passed\")" \
        "$GS/results/results.json"
}

gradescope_starter_low_score() {
    run_gradescope starter/*.c starter/*.h || return 1
    jq -e "$well_formed_results
           and .score < 50 and any(.tests[]; .status == \"failed\")" "$GS/results/results.json"
}

# No submission folder: the grader cannot grade; a results.json left from
# an earlier run must not survive either.
gradescope_no_results_when_grading_fails() {
    rm -rf "$GS/submission" "$GS/results" && mkdir -p "$GS/results" &&
    echo '{"score": 100}' >"$GS/results/results.json" &&
    cp "$GS/source/run_autograder" "$GS/run_autograder" || return 1
    if ( cd "$GS" && AUTOGRADER_ROOT="$GS" ./run_autograder ); then
        echo "run_autograder succeeded without a submission"
        return 1
    fi
    [ ! -e "$GS/results/results.json" ]
}

check "dist: gradescope zip has setup.sh and run_autograder at its root" gradescope_zip_layout
missing=""
for package in gcc make binutils pkg-config libcriterion-dev libboxfort-dev libnanomsg-dev \
               libnanopb-dev libcjson-dev libarchive-dev libc6-dbg \
               valgrind bubblewrap; do
    dpkg-query -W -f='${Status}\n' "$package" 2>/dev/null | grep -q 'ok installed' ||
        missing="$missing $package"
done
if [ -n "$missing" ]; then
    skip "dist: gradescope setup.sh and run_autograder" "packages missing here:$missing"
else
    check "dist: gradescope setup.sh builds, installing nothing" gradescope_setup_builds_without_installing
    check "dist: gradescope run_autograder: the reference gets 100" gradescope_reference_full_marks
    check "dist: gradescope run_autograder: the starter scores low" gradescope_starter_low_score
    check "dist: gradescope run_autograder: no results.json when it cannot grade" \
        gradescope_no_results_when_grading_fails
fi

# ----------------------------------------------------------------- Autolab

# run_autolab DIR HANDIN: DIR as Autolab prepares it (Makefile,
# autograde.tar, the handin), then `make` there; the output in DIR.out.
run_autolab() {
    mkdir -p "$1" &&
    cp "$DIST/autolab/autograde-Makefile" "$1/Makefile" &&
    cp "$DIST/autolab/autograde.tar" "$2" "$1/" || return 1
    # As Autolab does: a top-level make (under `make check` the inherited
    # MAKEFLAGS/MAKELEVEL would add "Leaving directory" after the scores).
    if ! ( cd "$1" && env -u MAKEFLAGS -u MAKELEVEL -u MFLAGS make ) >"$1.out" 2>&1; then
        cat "$1.out"
        return 1
    fi
    tail -n 1 "$1.out" | jq -e '(.scores | keys) == ["build", "memory", "style", "transcript", "unit"]
                                and all(.scores[]; type == "number")' >/dev/null ||
        { tail -n 5 "$1.out"; return 1; }
}

autolab_reference_tar_handin() {
    mkdir -p "$TMP/handin" && cp solution/chinese-checkers/*.c "$TMP/handin/" &&
    tar -cf "$TMP/handin.tar" -C "$TMP/handin" . &&
    run_autolab "$TMP/autolab-ref" "$TMP/handin.tar" &&
    tail -n 1 "$TMP/autolab-ref.out" |
        jq -e '(([.scores[]] | add) - 100 | fabs) < 1e-6 and (.scoreboard[0] - 100 | fabs) < 1e-6'
}

autolab_starter_zip_handin() {
    mkdir -p "$TMP/zipped/mywork" && cp starter/*.c starter/*.h "$TMP/zipped/mywork/" &&
    ( cd "$TMP/zipped" && zip -q -r "$TMP/handin.zip" mywork ) &&
    run_autolab "$TMP/autolab-starter" "$TMP/handin.zip" &&
    tail -n 1 "$TMP/autolab-starter.out" |
        jq -e '([.scores[]] | add) < 50 and .scores.build == 5'
}

if [ -n "$missing" ]; then
    skip "dist: autolab autograde-Makefile" "packages missing here:$missing"
else
    check "dist: autolab make: the reference (handin.tar) gets 100" autolab_reference_tar_handin
    check "dist: autolab make: the starter (handin.zip) scores low" autolab_starter_zip_handin
fi

#!/bin/sh
# dist.test.sh -- the packages of `make dist ASSIGNMENT=ID`
# (grader/dist/make-dist.sh), each used the way its users will use it, for
# chinese-checkers and, once the kit builds them (in the root Makefile's
# ASSIGNMENTS; halma also needs solution/halma/*.c), halma, game-search and
# bot-challenge.  Run
# through tests/run.sh, after `make` (it needs build/unit/ID/*.list; it
# renders build/handout-ID.html with `make handout-ID` when that is
# missing).
#
#   - `make dist` with an unknown ASSIGNMENT (or make-dist.sh with an
#     unknown --assignment) fails at once, naming it and the known ones,
#     and writes nothing; `make dist` without ASSIGNMENT packages the one
#     grader/kit.conf names, and passes its handout's title;
#   - the kit-Makefile uses the root Makefile's compiler flags;
#   - for each assignment ID:
#     - make-dist.sh writes the five files into dist/ID/ (by default), twice
#       byte for byte the same;
#     - the student tarball holds ID/ only, what a student needs and nothing
#       hidden: no entry of a hidden kind (solution sources, hidden sessions
#       or unit tests, tests/, build/, objects), nothing of another
#       assignment but its descriptor and plug-ins, no program or object a
#       build left in starter/ID/, no file with the content of a hidden
#       file of any assignment, no hidden unit test's name anywhere in it,
#       no hidden session's name but in the rubric's rules; only the
#       official header in solution/ID/; every source the root Makefile
#       builds the grader from; a Makefile set to ID;
#     - unpacked in a temporary folder, `make` and `make -C starter/ID
#       test` build the grader from the tarball and grade the starter (a
#       low score) on the public tests, and with the reference solution's
#       .c files in starter/ID/ instead, full marks, test by test;
#     - the Gradescope zip, unpacked into a fake /autograder tree: setup.sh
#       builds it without installing anything when every package is
#       present (a fake apt-get records any call), run_autograder writes a
#       results.json Gradescope accepts, 100 points for the reference, a
#       low score for the starter, and no results.json when grading fails;
#       the zip holds the hidden tests and the reference of ID only;
#     - what ID's dist.files names goes to every package (`all`) or to
#       the staff's only (`staff`), and counts as public only where it
#       goes; the bot challenge's student kit plays `make play` with its
#       referee, and has no strong house bot;
#     - Autolab: autograde.tar and a handin (tar and zip) in an empty
#       folder, autograde-Makefile run as `make` there: the last line is
#       {"scores": {...}} with the rubric's categories.
# All of it on a copy of the kit in a temporary folder.  Takes about 3
# minutes per assignment.
. tests/lib.sh
set -u

TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

for tool in jq tar gzip zip unzip cmp; do
    if ! command -v "$tool" >/dev/null 2>&1; then
        skip "dist: packages" "needs $tool (sh grader/install-deps.sh)"
        exit 0
    fi
done

# The root Makefile's value of a variable (after its includes).
make_var() {
    env -u MAKEFLAGS -u MAKELEVEL -u MFLAGS \
        make -s --no-print-directory --eval "dist-test-print: ; @echo \$($1)" dist-test-print
}

# The assignments to package: chinese-checkers, and halma once the kit
# builds it.
KNOWN=$(make_var ASSIGNMENTS)
IDS=chinese-checkers
if ls solution/halma/*.c >/dev/null 2>&1; then
    case " $KNOWN " in
        *" halma "*) IDS="$IDS halma" ;;
    esac
fi
for id in game-search bot-challenge; do
    case " $KNOWN " in
        *" $id "*) IDS="$IDS $id" ;;
    esac
done
DEFAULT_ID=$(sed -n 's/^[[:space:]]*assignment[[:space:]][[:space:]]*\([^[:space:]]*\).*/\1/p' \
    grader/kit.conf | head -n 1)

ready=
for id in $IDS; do
    if [ ! -f "build/unit/$id/public.list" ] || [ ! -f "build/unit/$id/hidden.list" ]; then
        skip "dist $id: packages" "run make first (no build/unit/$id/*.list)"
        continue
    fi
    [ -f "build/handout-$id.html" ] || make -s "handout-$id" >/dev/null 2>&1
    if [ ! -f "build/handout-$id.html" ]; then
        skip "dist $id: packages" "build/handout-$id.html could not be rendered (make handout-$id)"
        continue
    fi
    ready="$ready $id"
done

# Everything below works on a copy of what make-dist.sh reads, so that
# files edited meanwhile cannot make two runs differ.  Its starter folders
# get what a build there leaves (a program, an object), which no package
# may take.
KIT=$TMP/kit
copy_kit() {
    mkdir -p "$KIT/build" &&
    cp -R Makefile grader handout sample_io solution starter "$KIT/" || return 1
    rm -rf "$KIT/dist"
    for id in $ready; do
        mkdir -p "$KIT/build/unit/$id" &&
        cp "build/unit/$id/public.list" "build/unit/$id/hidden.list" "$KIT/build/unit/$id/" &&
        cp "build/handout-$id.html" "$KIT/build/" || return 1
        printf 'built\n' >"$KIT/starter/$id/$id" && chmod +x "$KIT/starter/$id/$id" &&
        printf 'object\n' >"$KIT/starter/$id/leftover.o" || return 1
    done
}
if ! copy_kit; then
    skip "dist: packages" "could not copy the kit to $KIT"
    exit 0
fi
cd "$KIT" || exit 1

missing=""
for package in gcc make binutils pkg-config libcriterion-dev libboxfort-dev libnanomsg-dev \
               libnanopb-dev libcjson-dev libarchive-dev libc6-dbg \
               valgrind bubblewrap; do
    dpkg-query -W -f='${Status}\n' "$package" 2>/dev/null | grep -q 'ok installed' ||
        missing="$missing $package"
done

# ---------------------------------------------------------- choosing one

clean_make() {
    env -u MAKEFLAGS -u MAKELEVEL -u MFLAGS make --no-print-directory "$@"
}

make_dist_refuses_unknown_assignment() {
    if clean_make dist ASSIGNMENT=no-such-assignment >"$TMP/unknown.out" 2>&1; then
        cat "$TMP/unknown.out"
        echo "make dist ASSIGNMENT=no-such-assignment succeeded"
        return 1
    fi
    cat "$TMP/unknown.out"
    grep -q "no assignment 'no-such-assignment'" "$TMP/unknown.out" &&
    grep -q "chinese-checkers" "$TMP/unknown.out" &&
    ! grep -q '^gcc\|install-deps' "$TMP/unknown.out" &&
    [ ! -e dist ] || { echo "no clear message, or something was built or written"; return 1; }
}

make_dist_sh_refuses_unknown_assignment() {
    if sh grader/dist/make-dist.sh --assignment no-such-assignment "$TMP/unknown" \
        >"$TMP/unknown2.out" 2>&1; then
        echo "make-dist.sh --assignment no-such-assignment succeeded"
        return 1
    fi
    cat "$TMP/unknown2.out"
    grep -q "no assignment 'no-such-assignment'.*chinese-checkers" "$TMP/unknown2.out" &&
    [ ! -e "$TMP/unknown" ] || return 1
    # Known to the caller but without its folders: named, nothing written.
    if sh grader/dist/make-dist.sh --known "chinese-checkers ghost" --assignment ghost \
        "$TMP/unknown" >"$TMP/unknown3.out" 2>&1; then
        echo "make-dist.sh --assignment ghost succeeded"
        return 1
    fi
    cat "$TMP/unknown3.out"
    grep -q "ghost" "$TMP/unknown3.out" && [ ! -e "$TMP/unknown" ]
}

# `make -n dist`: what it would run, without building anything (-W: as
# if the handout's source had changed, to see it rendered first).
make_dist_defaults_to_kit_conf() {
    clean_make -n -W "handout/$DEFAULT_ID/handout.md" dist >"$TMP/dist-n.out" 2>&1 ||
        { cat "$TMP/dist-n.out"; return 1; }
    title=$(make_var "${DEFAULT_ID}_TITLE")
    grep -A1 'make-dist.sh' "$TMP/dist-n.out"
    grep -q "make-dist.sh --assignment '$DEFAULT_ID' --title '$title'" "$TMP/dist-n.out" &&
    grep -q -- "-o build/handout-$DEFAULT_ID.html" "$TMP/dist-n.out"
}

check "dist: make dist ASSIGNMENT=unknown fails at once, naming the known ones" \
    make_dist_refuses_unknown_assignment
check "dist: make-dist.sh refuses an unknown assignment" make_dist_sh_refuses_unknown_assignment
check "dist: make dist packages grader/kit.conf's assignment by default" make_dist_defaults_to_kit_conf

# kit-Makefile builds the grader, the sandbox helper and the unit objects
# with the kit's flags and sources.
# def FILE NAME: the definition of NAME in FILE, continuation lines joined.
def() {
    awk -v name="$2" '
        index($0, name) == 1 && substr($0, length(name) + 1) ~ /^ *=/ { on = 1 }
        on { line = line $0; if ($0 !~ /\\$/) { print line; exit } }' "$1" |
        sed 's/\\//g; s/  */ /g'
}
kit_makefile_flags_match_root() {
    for var in CC CFLAGS UNIT_FLAGS CJSON_CFLAGS CJSON_LIBS SANDBOX_EXEC_SRC; do
        a=$(def Makefile "$var")
        b=$(def grader/dist/kit-Makefile "$var")
        if [ -z "$a" ] || [ "$a" != "$b" ]; then
            echo "$var: root '$a', kit-Makefile '$b'"
            return 1
        fi
    done
    # The root's per-assignment unit flags, $(1) being the assignment.
    a=$(def Makefile '$(1)_UNIT_CFLAGS' | sed 's/^[^=]*= *//; s/\$\$/$/g; s/\$(1)/$(ASSIGNMENT)/g')
    # (The kit-Makefile's adds the assignment's own, its unit.mk's, which
    # the root's assignment.mk adds too.)
    b=$(def grader/dist/kit-Makefile UNIT_CFLAGS | sed 's/^[^=]*= *//; s/ \$(\$(ASSIGNMENT)_UNIT_CFLAGS)$//')
    if [ -z "$a" ] || [ "$a" != "$b" ]; then
        echo "unit flags: root '$a', kit-Makefile '$b'"
        return 1
    fi
}
check "dist: kit-Makefile uses the root Makefile's flags" kit_makefile_flags_match_root

# The sources the root Makefile builds the grader from (but grade-all's
# main), and the generic headers.
# The grader's sources a package carries: all but the bot challenge's
# referee and tournament tools, though the replay viewer is in
# (grader/dist/make-dist.sh says why).
GRADER_SRC=$(make_var GRADER_SRC | tr ' ' '\n' |
    grep -v -e '^grader/referee/' -e '/referee_main\.c$' -e '/tournament_main\.c$' |
    awk '!/^grader\/tournament\// || /^grader\/tournament\/replay_html/')

# -------------------------------------------------------- one assignment

# The kit's hidden files, of every assignment, but those the packaged
# assignment ($ID) publishes.
hidden_files() {
    published_files "$ID" >"$TMP/published"
    for f in solution/*/*.c sample_io/*/hidden/* grader/assignments/*/unit/hidden/* \
             build/unit/*/hidden.list; do
        [ -f "$f" ] && ! is_given "$f" && ! grep -qxF "$f" "$TMP/published" && echo "$f"
    done
}

# dist_files ID WHO: the files that grader/assignments/ID/dist.files
# names for WHO (all: every package; staff: the staff's only), one a line.
dist_files() {
    [ -f "grader/assignments/$1/dist.files" ] || return 0
    sed 's/#.*//' "grader/assignments/$1/dist.files" | while read -r group paths; do
        [ "$group" = "$2" ] || continue
        for f in $paths; do echo "$f"; done
    done
}

# published_files ID: what ID's packages give students besides its own
# folders (dist.files' `all` lines).
published_files() {
    dist_files "$1" all
}

# given_files ID: the files the descriptor of ID gives students to keep
# (static const char *const given[] = {"board.c", ...}), one a line.
given_files() {
    sed -n 's/.*given\[\][[:space:]]*=[[:space:]]*{\(.*\)}.*/\1/p' grader/assignments/"$1"/*.c |
        tr ',' '\n' | sed -n 's/^[[:space:]]*"\([^"]*\)".*/\1/p'
}

# is_given solution/ID/FILE: FILE is one of ID's given files, public by
# design (the starter holds the same).
is_given() {
    _id=${1#solution/}
    _id=${_id%%/*}
    case $1 in solution/*) given_files "$_id" | grep -qx "$(basename "$1")" ;; *) return 1 ;; esac
}

# cksum (CRC and size) of every file of the kit the students must not get
# -- but empty ones, a session's command line (NAME.args, a few words like
# "--players 4" that public sessions share) and a hidden session's
# expected output when a public session has the same (the same game typed
# another way): they tell nothing the student does not have.
hidden_sums() {
    for f in sample_io/*/public/*.out; do [ -s "$f" ] && cksum <"$f"; done | LC_ALL=C sort -u >"$TMP/public.sums"
    hidden_files | grep -v '\.args$' | while IFS= read -r f; do
        [ -s "$f" ] && cksum <"$f"
    done | LC_ALL=C sort -u | LC_ALL=C comm -23 - "$TMP/public.sums"
}

make_dist_writes_every_package() {
    sh grader/dist/make-dist.sh --assignment "$ID" "$DIST" || return 1
    for f in $PACKAGE_FILES; do
        [ -s "$DIST/$f" ] || { echo "no $DIST/$f"; return 1; }
    done
    grep -q "$ID" "$DIST/README.md" && ! grep -q '@[A-Z]*@' "$DIST/README.md"
}

# The second run writes where `make dist` does: dist/ID/ (for the
# default assignment, with no option at all).
make_dist_is_reproducible() {
    rm -rf "dist/$ID"
    if [ "$ID" = "$DEFAULT_ID" ]; then
        sh grader/dist/make-dist.sh >/dev/null || return 1
    else
        sh grader/dist/make-dist.sh --assignment "$ID" >/dev/null || return 1
    fi
    for f in $PACKAGE_FILES; do
        cmp "$DIST/$f" "dist/$ID/$f" || return 1
    done
}

student_tarball_lists_nothing_hidden() {
    # One top folder, and no entry of a kind that is never for students.
    if grep -v "^$ID/" "$TMP/$ID-student.list"; then
        echo "^ outside $ID/"
        return 1
    fi
    { given_files "$ID" | sed "s|^|$ID/solution/$ID/|"; published_files "$ID" | sed "s|^|$ID/|"; } >"$TMP/given"
    if grep -vxF -f "$TMP/given" "$TMP/$ID-student.list" |
        grep -E "^$ID/(solution/.*\.c$|sample_io/[^/]*/hidden|grader/assignments/[^/]*/unit/hidden|tests/|build/|dist/|grader/dist/)|\.o$|hidden\.list$|/\.git"; then
        echo "^ hidden or built files in the tarball"
        return 1
    fi
}

# Another assignment is there only as its descriptor and plug-ins
# (grader/assignments/OTHER/*.c, *.h), which the registry needs.
student_tarball_holds_one_assignment() {
    sed "s|^$ID/||" "$TMP/$ID-student.list" |
        grep -E '^(sample_io|starter|handout|solution)/[^/]+/|^grader/assignments/[^/]+/' |
        grep -Ev "^(sample_io|starter|handout|solution)/$ID/|^grader/assignments/$ID/" |
        grep -Ev '^grader/assignments/[^/]+/$|^grader/assignments/[^/]+/[^/]+\.[ch]$' |
        grep -vxF -f "$TMP/published-$ID" >"$TMP/others"
    if [ -s "$TMP/others" ]; then
        cat "$TMP/others"
        echo "^ another assignment's files"
        return 1
    fi
    for f in "$STUDENT/starter/$ID/$ID" "$STUDENT/starter/$ID/leftover.o"; do
        [ ! -e "$f" ] || { echo "a build's leftover is packaged: $f"; return 1; }
    done
}

student_files_hold_no_hidden_content() {
    hidden_sums >"$TMP/hidden.sums"
    [ -s "$TMP/hidden.sums" ] || { echo "no hidden file found in the kit"; return 1; }
    find "$STUDENT" -type f -exec sh -c 'for f; do echo "$(cksum <"$f") $f"; done' sh {} + \
        >"$TMP/$ID-student.sums"
    if awk 'NR == FNR { hidden[$1 " " $2] = 1; next }
            ($1 " " $2) in hidden { print $3; found = 1 }
            END { exit !found }' "$TMP/hidden.sums" "$TMP/$ID-student.sums"; then
        echo "^ these files have the content of hidden files"
        return 1
    fi
}

student_files_name_no_hidden_test() {
    # A hidden unit test (of any assignment; not also a public one of this
    # one) named in any file, as the grader names it (suite/name) or as
    # its source declares it.
    LC_ALL=C sort "build/unit/$ID/public.list" >"$TMP/public.sorted"
    cat build/unit/*/hidden.list | LC_ALL=C sort -u | LC_ALL=C comm -23 - "$TMP/public.sorted" |
        awk -F/ '{ print $1 "/" $2; print $1 ", *" $2 "[)]" }' >"$TMP/hidden.only"
    [ -s "$TMP/hidden.only" ] || { echo "no hidden-only test to look for"; return 1; }
    if grep -rlE -f "$TMP/hidden.only" "$STUDENT"; then
        echo "^ these files name hidden unit tests"
        return 1
    fi
}

# A hidden session (not also a public one) named as hidden/NAME, NAME.in,
# NAME.out or `NAME` (as sample_io's README names sessions), anywhere in
# the student's kit, its rubric included: the staff's rubric names one in
# a rule, which the student's copy leaves out.
student_files_name_no_hidden_session() {
    for f in sample_io/"$ID"/hidden/*.in; do basename "$f" .in; done | LC_ALL=C sort >"$TMP/hs"
    for f in sample_io/"$ID"/public/*.in; do basename "$f" .in; done | LC_ALL=C sort >"$TMP/ps"
    LC_ALL=C comm -23 "$TMP/hs" "$TMP/ps" |
        awk '{ print "hidden/" $1 "([^A-Za-z0-9_]|$)"; print "(^|[^A-Za-z0-9_])" $1 "\\.(in|out|args)"
               print "`" $1 "`" }' \
        >"$TMP/hs.patterns"
    [ -s "$TMP/hs.patterns" ] || { echo "no hidden-only session to look for"; return 1; }
    found=$(grep -rlE -f "$TMP/hs.patterns" "$STUDENT")
    if [ -n "$found" ]; then
        echo "$found"
        echo "^ these files name hidden sessions"
        return 1
    fi
    # A staff rule on one hidden test becomes a comment in the copy.
    if awk '$1 ~ /\/hidden\// && $1 !~ /[*?[]/ { found = 1 } END { exit !found }' \
           "grader/assignments/$ID/rubric.txt"; then
        grep -q 'left out of this copy' "$STUDENT/grader/assignments/$ID/rubric.txt" ||
            { echo "the rubric's rule on one hidden session was not left out"; return 1; }
    fi
    return 0
}

student_tarball_has_what_make_test_needs() {
    for f in Makefile README.md starter/"$ID"/Makefile starter/"$ID"/README.md \
             handout/"$ID"/handout.md handout/"$ID"/handout.html handout/handout.css \
             grader/assignments/"$ID"/rubric.txt grader/install-deps.sh \
             grader/unit/vet-objects.sh grader/unit/vet-binary.sh grader/run/vet-hooks.sh \
             grader/unit/graded_test.c grader/unit/graded_test.h \
             grader/assignments/"$ID"/unit/public.list grader/assignments/registry.c; do
        [ -f "$STUDENT/$f" ] || { echo "missing: $f"; return 1; }
    done
    for f in grader/*.c grader/*.h grader/assignments/*/*.c grader/assignments/*/*.h \
             grader/assignments/"$ID"/unit/*.c grader/assignments/"$ID"/unit/*.h \
             grader/assignments/"$ID"/unit/public/*.c sample_io/"$ID"/public/* \
             starter/"$ID"/*.c starter/"$ID"/*.h handout/"$ID"/*.svg handout/"$ID"/*.png \
             $GRADER_SRC; do
        case $f in *"*"*) continue ;; esac
        [ -f "$STUDENT/$f" ] || { echo "missing: $f"; return 1; }
    done
    # solution/ID/ holds the official header and the files the descriptor
    # gives students to keep, each the starter's copy, and nothing else.
    given=$(given_files "$ID")
    header=
    for f in "$STUDENT/solution/$ID"/*; do
        f=$(basename "$f")
        case " $(echo $given) " in *" $f "*) cmp "starter/$ID/$f" "$STUDENT/solution/$ID/$f" || return 1; continue ;; esac
        [ -n "${header:-}" ] && { echo "solution/$ID/ holds $header and $f"; return 1; }
        header=$f
    done
    case $header in *.h) ;; *) echo "solution/$ID/$header is not a header"; return 1 ;; esac
    cmp "solution/$ID/$header" "$STUDENT/solution/$ID/$header" &&
    cmp "starter/$ID/$header" "$STUDENT/starter/$ID/$header" &&
    cmp "build/handout-$ID.html" "$STUDENT/handout/$ID/handout.html" &&
    cmp "build/unit/$ID/public.list" "$STUDENT/grader/assignments/$ID/unit/public.list" &&
    grep -qx "ASSIGNMENT = $ID" "$STUDENT/Makefile" &&
    grep -qx "assignment $ID" "$STUDENT/grader/kit.conf" &&
    ! grep -q '@[A-Z]*@' "$STUDENT/README.md"
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
    cat "$STUDENT/grader/assignments/$ID/unit/public"/*.c |
        sed -n 's/^GRADED_TEST(\([A-Za-z0-9_]*\), *\([A-Za-z0-9_]*\)).*/\1\/\2/p' |
        LC_ALL=C sort >"$TMP/declared"
    LC_ALL=C sort "$STUDENT/grader/assignments/$ID/unit/public.list" | diff "$TMP/declared" -
}

# `make` at the kit's root, then `make -C starter/ID test`, as the student
# README says.
student_starter_builds_and_is_graded() {
    ( cd "$STUDENT" && make && make -C "starter/$ID" ) >"$TMP/$ID-starter-build.txt" 2>&1 ||
        { cat "$TMP/$ID-starter-build.txt"; return 1; }
    ( cd "$STUDENT" && make -C "starter/$ID" test ) >"$TMP/$ID-starter-test.txt" 2>&1
    rc=$?
    cat "$TMP/$ID-starter-test.txt"
    [ "$rc" -eq 0 ] || { echo "make test: exit status $rc"; return 1; }
    ! grep -q 'Falling back' "$TMP/$ID-starter-test.txt" &&
    grep -Eq '^Total +[0-9.]+/[0-9.]+ \([0-9.]+%\)' "$TMP/$ID-starter-test.txt" &&
    ! grep -E '^Total ' "$TMP/$ID-starter-test.txt" | grep -q '(100%)' &&
    [ -x "$STUDENT/build/grade" ] && [ -f "$STUDENT/build/unit/$ID/public.o" ] &&
    [ ! -e "$STUDENT/build/unit/$ID/hidden.o" ]
}

student_reference_gets_full_public_marks() {
    rm -f "$STUDENT/starter/$ID"/*.c && cp solution/"$ID"/*.c "$STUDENT/starter/$ID/" || return 1
    ( cd "$STUDENT" && make -C "starter/$ID" && make -C "starter/$ID" test ) >"$TMP/$ID-ref-test.txt" 2>&1
    rc=$?
    [ "$rc" -eq 0 ] || { cat "$TMP/$ID-ref-test.txt"; echo "exit status $rc"; return 1; }
    grep -E '^Total ' "$TMP/$ID-ref-test.txt" | grep -q '(100%)' ||
        { cat "$TMP/$ID-ref-test.txt"; return 1; }
    # The same, checked test by test in the JSON report: every public
    # unit test and session is there.
    units=$(wc -l <"build/unit/$ID/public.list")
    sessions=$(ls sample_io/"$ID"/public/*.in | wc -l)
    ( cd "$STUDENT" && build/grade --tests public --format json -o "$TMP/$ID-ref.json" "starter/$ID" ) &&
    jq -e --argjson min "$((units + sessions))" \
        '.score == .max_score and .max_score > 0 and (.tests | length) > $min
         and all(.tests[]; .status == "passed")
         and any(.tests[]; .name | startswith("unit/public/"))
         and any(.tests[]; .name | startswith("transcript/public/"))
         and all(.tests[]; .name | contains("/hidden/") | not)' "$TMP/$ID-ref.json"
}

# What dist.files keeps for the staff is in the staff's packages and not
# in the student's; what it gives every package is in both.
dist_files_go_where_they_say() {
    unzip -Z1 "$DIST/gradescope-autograder.zip" >"$TMP/$ID-gs.files" || return 1
    n=0
    for f in $(dist_files "$ID" staff); do
        grep -qxF "$ID/$f" "$TMP/$ID-student.list" && { echo "the student's kit has the staff's $f"; return 1; }
        grep -qxF "$f" "$TMP/$ID-gs.files" || { echo "Gradescope's zip lacks $f"; return 1; }
        n=$((n + 1))
    done
    for f in $(published_files "$ID"); do
        cmp -s "$f" "$STUDENT/$f" || { echo "the student's kit lacks $f"; return 1; }
        grep -qxF "$f" "$TMP/$ID-gs.files" || { echo "Gradescope's zip lacks $f"; return 1; }
        n=$((n + 1))
    done
    echo "$n files where dist.files says"
}

# The bot challenge's student kit grades the starter (which loses games)
# into an HTML report: each failing game is drawn, none refused, which
# needs the referee's rules linked into the kit's build/grade.
student_report_draws_games() {
    rm -rf "$TMP/$ID-starter" && mkdir -p "$TMP/$ID-starter" &&
    cp starter/"$ID"/*.c starter/"$ID"/*.h "$TMP/$ID-starter/" || return 1
    "$STUDENT/build/grade" -a "$ID" --format html -o "$TMP/$ID-starter.html" "$TMP/$ID-starter" \
        >"$TMP/$ID-starter.log" 2>&1
    ! grep -q 'could not be replayed' "$TMP/$ID-starter.html" ||
        { grep -m1 'could not be replayed' "$TMP/$ID-starter.html"; return 1; }
    grep -q '<iframe sandbox="allow-scripts" ' "$TMP/$ID-starter.html" ||
        { echo "no game drawn"; tail -n 5 "$TMP/$ID-starter.log"; return 1; }
}

# The bot challenge's student kit, with the reference bot in starter/
# (student_reference_gets_full_public_marks put it there): `make play`
# builds the kit's referee and plays two games whose records replay; the
# strong house bot is refused with the reason, as it is not in the kit.
student_kit_plays_games() {
    ( cd "$STUDENT/starter/$ID" && make play ) >"$TMP/$ID-play.txt" 2>&1 ||
        { cat "$TMP/$ID-play.txt"; return 1; }
    grep -q '^game g0002: ' "$TMP/$ID-play.txt" &&
    "$STUDENT/build/referee" --replay "$STUDENT/starter/$ID/games/g0001.json" &&
    "$STUDENT/build/replay-html" "$STUDENT/starter/$ID/games/g0002.json" "$TMP/$ID-play.html" &&
    grep -q '<svg id="board"' "$TMP/$ID-play.html" || { cat "$TMP/$ID-play.txt"; return 1; }
    if ( cd "$STUDENT/starter/$ID" && make play OPPONENT=house:strong:2 ) >"$TMP/$ID-strong.txt" 2>&1; then
        echo "the strong house bot played in a student's kit"; return 1
    fi
    grep -q 'no strong house bot' "$TMP/$ID-strong.txt" || { cat "$TMP/$ID-strong.txt"; return 1; }
}

# ------------------------------------------------------------- Gradescope

gradescope_zip_layout() {
    unzip -Z1 "$DIST/gradescope-autograder.zip" >"$TMP/$ID-gs.list" || return 1
    if ! grep -qx setup.sh "$TMP/$ID-gs.list" || ! grep -qx run_autograder "$TMP/$ID-gs.list"; then
        echo "setup.sh and run_autograder must be at the root of the zip"
        return 1
    fi
    for f in setup.sh run_autograder; do
        unzip -Z "$DIST/gradescope-autograder.zip" "$f" | grep -q '^-rwx' ||
            { echo "$f is not executable in the zip"; return 1; }
    done
    if grep -E '^tests/|^build/|^dist/|^grader/dist/|^starter/' "$TMP/$ID-gs.list"; then
        echo "^ not for the autograder"
        return 1
    fi
    # The reference's sources are there for measuring it (calibrate.h).
    for f in sample_io/"$ID"/hidden/*.in grader/assignments/"$ID"/unit/hidden/*.c \
             solution/"$ID"/*.c grader/assignments/"$ID"/unit/hidden.list; do
        grep -qx "$f" "$TMP/$ID-gs.list" || { echo "missing: $f"; return 1; }
    done
    # Of another assignment, only its descriptor and plug-ins; besides,
    # what ID's dist.files names.
    { dist_files "$ID" all; dist_files "$ID" staff; } >"$TMP/$ID-gs.extras"
    if grep -E '^(sample_io|solution)/|^grader/assignments/[^/]+/' "$TMP/$ID-gs.list" |
        grep -Ev "^(sample_io|solution)/$ID/|^grader/assignments/$ID/" |
        grep -Ev '^grader/assignments/[^/]+/[^/]+\.[ch]$' | grep -vxF -f "$TMP/$ID-gs.extras"; then
        echo "^ another assignment's files"
        return 1
    fi
}

gradescope_setup_builds_without_installing() {
    mkdir -p "$GS/source" "$GS/submission" "$TMP/fakebin" &&
    unzip -q "$DIST/gradescope-autograder.zip" -d "$GS/source" || return 1
    printf '#!/bin/sh\necho "apt-get $*" >>"%s"\nexit 1\n' "$TMP/apt.log" >"$TMP/fakebin/apt-get"
    chmod +x "$TMP/fakebin/apt-get"
    rm -f "$TMP/apt.log"
    ( cd "$GS/source" && PATH="$TMP/fakebin:$PATH" sh ./setup.sh ) || return 1
    [ ! -e "$TMP/apt.log" ] || { cat "$TMP/apt.log"; return 1; }
    [ -x "$GS/source/build/grade" ] && [ -f "$GS/source/build/unit/$ID/hidden.o" ]
}

# run_gradescope SUBMISSION_FILES...: a fresh submission/ and results/,
# then run_autograder as Gradescope runs it (a copy in /autograder).
run_gradescope() {
    rm -rf "$GS/submission" "$GS/results" &&
    mkdir -p "$GS/submission" && cp "$@" "$GS/submission/" &&
    cp "$GS/source/run_autograder" "$GS/run_autograder" &&
    ( cd "$GS" && AUTOGRADER_ROOT="$GS" ./run_autograder )
}

# The fields Gradescope reads, on every test; every test of both sets is
# there (unit tests and sessions at least).
well_formed_results() {
    units=$(cat "build/unit/$ID/public.list" "build/unit/$ID/hidden.list" | wc -l)
    sessions=$(ls sample_io/"$ID"/public/*.in sample_io/"$ID"/hidden/*.in | wc -l)
    jq -e --argjson min "$((units + sessions))" '
    (.score | type == "number")
    and (.tests | length) > $min
    and all(.tests[]; (.name | type == "string")
                      and (.score | type == "number")
                      and (.max_score | type == "number")
                      and (.status == "passed" or .status == "failed")
                      and (.visibility | IN("visible", "hidden", "after_due_date", "after_published")))
    and ((([.tests[].score] | add) - .score) | fabs) < 1e-6
    and ((([.tests[].max_score] | add) - 100) | fabs) < 1e-6
    and any(.tests[]; .name | startswith("unit/hidden/"))
    and any(.tests[]; .name | startswith("transcript/hidden/"))' "$GS/results/results.json"
}

gradescope_reference_full_marks() {
    run_gradescope solution/"$ID"/*.c || return 1
    well_formed_results || return 1
    jq -e '(.score - 100 | fabs) < 1e-6 and all(.tests[]; .status == "passed")' \
        "$GS/results/results.json" >/dev/null && return 0
    # What the reference lost, for whoever reads the log.
    jq -r '"score \(.score)", (.tests[] | select(.status != "passed") | "\(.name): \(.output)")' \
        "$GS/results/results.json" | head -n 60
    return 1
}

gradescope_starter_low_score() {
    run_gradescope starter/"$ID"/*.c starter/"$ID"/*.h || return 1
    well_formed_results &&
    jq -e '.score < 50 and any(.tests[]; .status == "failed")' "$GS/results/results.json"
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

# ---------------------------------------------------------------- Autolab

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
    rm -rf "$TMP/handin" "$TMP/handin.tar" &&
    mkdir -p "$TMP/handin" && cp solution/"$ID"/*.c "$TMP/handin/" &&
    tar -cf "$TMP/handin.tar" -C "$TMP/handin" . &&
    run_autolab "$TMP/$ID-autolab-ref" "$TMP/handin.tar" &&
    tail -n 1 "$TMP/$ID-autolab-ref.out" |
        jq -e '(([.scores[]] | add) - 100 | fabs) < 1e-6 and (.scoreboard[0] - 100 | fabs) < 1e-6'
}

autolab_starter_zip_handin() {
    rm -rf "$TMP/zipped" "$TMP/handin.zip" &&
    mkdir -p "$TMP/zipped/mywork" && cp starter/"$ID"/*.c starter/"$ID"/*.h "$TMP/zipped/mywork/" &&
    ( cd "$TMP/zipped" && zip -q -r "$TMP/handin.zip" mywork ) &&
    run_autolab "$TMP/$ID-autolab-starter" "$TMP/handin.zip" &&
    tail -n 1 "$TMP/$ID-autolab-starter.out" |
        jq -e '([.scores[]] | add) < 50 and .scores.build > 0'
}

# ------------------------------------------------------------------ runs

PACKAGE_FILES="student-starter.tar.gz gradescope-autograder.zip autolab/autograde-Makefile
               autolab/autograde.tar README.md"

for ID in $ready; do
    DIST=$TMP/dist-$ID
    STUDENT=$TMP/student-$ID/$ID
    GS=$TMP/gs-$ID/autograder

    check "dist $ID: make-dist.sh writes every package" make_dist_writes_every_package
    check "dist $ID: a second run gives the same bytes, in dist/$ID/" make_dist_is_reproducible
    if [ ! -s "$DIST/student-starter.tar.gz" ]; then
        skip "dist $ID: the packages themselves" "make-dist.sh failed"
        continue
    fi

    tar -tzf "$DIST/student-starter.tar.gz" >"$TMP/$ID-student.list"
    # What ID publishes, with its folders (the tarball lists them too).
    published_files "$ID" | while IFS= read -r f; do
        echo "$f"
        d=$(dirname "$f")
        while [ "$d" != . ]; do echo "$d/"; d=$(dirname "$d"); done
    done | LC_ALL=C sort -u >"$TMP/published-$ID"
    mkdir -p "$TMP/student-$ID"
    tar -xzf "$DIST/student-starter.tar.gz" -C "$TMP/student-$ID"

    check "dist $ID: student tarball lists nothing hidden" student_tarball_lists_nothing_hidden
    check "dist $ID: student tarball holds this assignment only, no build leftovers" \
        student_tarball_holds_one_assignment
    check "dist $ID: no student file has the content of a hidden one" student_files_hold_no_hidden_content
    check "dist $ID: no student file names a hidden unit test" student_files_name_no_hidden_test
    check "dist $ID: no student file names a hidden session (but the rubric's rules)" \
        student_files_name_no_hidden_session
    check "dist $ID: student tarball has what make test needs" student_tarball_has_what_make_test_needs
    check "dist $ID: the student kit installs only what grading needs" student_kit_installs_only_grading_needs
    check "dist $ID: student public.list matches the public tests" student_public_list_matches_sources
    check "dist $ID: student copy: make -C starter/$ID test grades the starter" \
        student_starter_builds_and_is_graded
    check "dist $ID: student copy: the reference gets full public marks" \
        student_reference_gets_full_public_marks
    if [ -f "grader/assignments/$ID/dist.files" ]; then
        check "dist $ID: dist.files: the staff's files in the staff's packages only, the rest in all" \
            dist_files_go_where_they_say
    fi
    if [ "$ID" = bot-challenge ]; then
        check "dist $ID: student copy: make play plays with the kit's referee, no strong bot" \
            student_kit_plays_games
        check "dist $ID: student copy: the HTML report draws the games of failing tests" \
            student_report_draws_games
    fi

    check "dist $ID: gradescope zip has setup.sh and run_autograder at its root" gradescope_zip_layout
    if [ -n "$missing" ]; then
        skip "dist $ID: gradescope setup.sh and run_autograder" "packages missing here:$missing"
        skip "dist $ID: autolab autograde-Makefile" "packages missing here:$missing"
        continue
    fi
    check "dist $ID: gradescope setup.sh builds, installing nothing" gradescope_setup_builds_without_installing
    check "dist $ID: gradescope run_autograder: the reference gets 100" gradescope_reference_full_marks
    check "dist $ID: gradescope run_autograder: the starter scores low" gradescope_starter_low_score
    check "dist $ID: gradescope run_autograder: no results.json when it cannot grade" \
        gradescope_no_results_when_grading_fails

    check "dist $ID: autolab make: the reference (handin.tar) gets 100" autolab_reference_tar_handin
    check "dist $ID: autolab make: the starter (handin.zip) scores low" autolab_starter_zip_handin
done

# An assignment whose folder holds a no-dist file is refused with its
# reason, and nothing is written (tried on a copy of the kit's first
# assignment given one).
no_dist_is_refused() {
    id=$(echo $IDS | cut -d' ' -f1) out=$TMP/no-dist
    printf 'its tests need something packages lack\n' >"grader/assignments/$id/no-dist"
    sh grader/dist/make-dist.sh --assignment "$id" --known "$KNOWN" "$out" >"$out.log" 2>&1
    rc=$?
    rm -f "grader/assignments/$id/no-dist"
    [ "$rc" -ne 0 ] || { echo "$id was packaged"; return 1; }
    grep -q "cannot be packaged yet: its tests need something packages lack" "$out.log" ||
        { cat "$out.log"; return 1; }
    [ ! -e "$out" ] || { echo "$out was written"; return 1; }
}

# A dist.files line of another group, or a path that names no file, stops
# make-dist with the reason, and nothing is written.
bad_dist_files_are_refused() {
    id=$(echo $IDS | cut -d' ' -f1) f=grader/assignments/$(echo $IDS | cut -d' ' -f1)/dist.files
    [ -f "$f" ] && cp "$f" "$TMP/dist.files.saved"
    status=0
    for line in 'students grader/rubric.c' 'all grader/no-such-file.c'; do
        printf '%s\n' "$line" >"$f"
        if sh grader/dist/make-dist.sh --assignment "$id" --known "$KNOWN" "$TMP/bad" >"$TMP/bad.log" 2>&1 ||
           [ -e "$TMP/bad" ] || ! grep -q -e 'neither all nor staff' -e 'no-such-file.c is missing' "$TMP/bad.log"; then
            echo "dist.files line '$line' was not refused:"; cat "$TMP/bad.log"; status=1
        fi
    done
    if [ -f "$TMP/dist.files.saved" ]; then mv "$TMP/dist.files.saved" "$f"; else rm -f "$f"; fi
    return $status
}
check "dist: an assignment that cannot be packaged says why, and nothing is written" no_dist_is_refused
check "dist: a wrong dist.files stops make-dist with the reason, and nothing is written" bad_dist_files_are_refused

#!/bin/sh
# make-dist.sh -- package one assignment of the kit for students, Gradescope
# and Autolab.
#
# Usage: sh grader/dist/make-dist.sh [--assignment ID] [--title TITLE]
#                                    [--known "ID ..."] [--student-only] [OUTDIR]
#   --assignment ID   the assignment to package (default: the one
#                     grader/kit.conf names on its `assignment ID` line)
#   --title TITLE     its handout's title, for the packages' Makefile
#                     (default: ID_TITLE of grader/assignments/ID/
#                     assignment.mk, else the descriptor's title, else ID)
#   --known "ID ..."  the kit's assignments (default: the root Makefile's
#                     ASSIGNMENTS line); any other ID is refused
#   --student-only    write only OUTDIR/student-starter.tar.gz (for the
#                     kit's tests of the student kit: a few seconds)
#   OUTDIR            default dist/ID
# Run by `make dist [ASSIGNMENT=ID]` after `make all handout-ID`: it takes
# the rendered handout (build/handout-ID.html) and the unit-test lists
# (build/unit/ID/SET.list) from build/, and everything else from the
# working tree.  It compiles nothing.  It writes:
#
#   OUTDIR/student-starter.tar.gz       ID/: a kit of that one assignment:
#       starter/ID/, handout/ID/ (with the rendered handout.html) and
#       handout/handout.css, sample_io/ID/public/, the grader's sources
#       with the assignment's rubric and public unit tests, solution/ID/
#       with only the official header, and a Makefile
#       (grader/dist/kit-Makefile) that builds the grader for
#       `make -C starter/ID test`.  Nothing hidden: no solution source, no
#       hidden session, no hidden unit test, no kit test.
#   OUTDIR/gradescope-autograder.zip    setup.sh and run_autograder at its
#       root, beside the same kit with both test sets and the reference
#       (see grader/dist/gradescope/)
#   OUTDIR/autolab/autograde-Makefile, OUTDIR/autolab/autograde.tar
#       Autolab's pair; the tar holds the same kit under autograde/
#   OUTDIR/README.md                    how to install each of them
#
# Every package holds the generic grader (grader/*.c, *.h and its folders
# of generic code) and, because grader/assignments/registry.c names every
# assignment, every assignment's descriptor and plug-in files
# (grader/assignments/*/*.c, *.h: no tests, rubric or solution in them);
# only the packaged assignment has sessions, so the grader needs no -a.
# Only the staff packages (Gradescope, Autolab) hold the reference's
# sources, for measuring what it costs on the grading machine; the
# student's never does.  An assignment whose tests or tools need more of
# the kit names it in grader/assignments/ID/dist.files (which files go to
# every package, which to the staff's only) and builds it with its
# dist.mk, which the packages' Makefile includes.  The test lists are shipped precomputed
# (grader/assignments/ID/unit/SET.list).  Archives are reproducible: sorted
# entries, one timestamp (SOURCE_DATE_EPOCH, else the last commit's, else
# a constant), owner 0, no gzip name or time.
set -eu

cd "$(dirname "$0")/../.."
DIST=grader/dist

die() {
    echo "make-dist: $*" >&2
    exit 1
}

ID= TITLE= KNOWN= OUT= STUDENT_ONLY=0
while [ $# -gt 0 ]; do
    case $1 in
        -a|--assignment) [ $# -ge 2 ] || die "$1 needs an id"; ID=$2; shift 2 ;;
        --title) [ $# -ge 2 ] || die "$1 needs a title"; TITLE=$2; shift 2 ;;
        --known) [ $# -ge 2 ] || die "$1 needs a list"; KNOWN=$2; shift 2 ;;
        --student-only) STUDENT_ONLY=1; shift ;;
        -*) die "unknown option $1 (usage: make-dist.sh [--assignment ID] [--title TITLE] [--known \"ID ...\"] [--student-only] [OUTDIR])" ;;
        *) [ -z "$OUT" ] || die "one OUTDIR only"; OUT=$1; shift ;;
    esac
done

# ---- which assignment

[ -n "$KNOWN" ] || KNOWN=$(sed -n 's/^ASSIGNMENTS *:*= *//p' Makefile 2>/dev/null | head -n 1)
if [ -z "$ID" ]; then
    ID=$(sed -n 's/^[[:space:]]*assignment[[:space:]][[:space:]]*\([^[:space:]]*\).*/\1/p' \
        grader/kit.conf 2>/dev/null | head -n 1)
    [ -n "$ID" ] || die "no assignment given and grader/kit.conf names none; say which with ASSIGNMENT=ID (one of: $KNOWN)"
fi
case " $KNOWN " in
    *" $ID "*) ;;
    *) die "no assignment '$ID' in this kit (ASSIGNMENT=ID, one of: $KNOWN)" ;;
esac
case $ID in
    *[!A-Za-z0-9_.-]*|.*) die "'$ID' is not an assignment id" ;;
esac
for dir in solution/$ID starter/$ID handout/$ID sample_io/$ID/public sample_io/$ID/hidden \
           grader/assignments/$ID/unit/public; do
    [ -d "$dir" ] || die "assignment '$ID': $dir/ is missing"
done
OUT=${OUT:-dist/$ID}
A=grader/assignments/$ID
# An assignment that cannot be packaged yet says why in its no-dist file.
[ -f "$A/no-dist" ] && die "assignment '$ID' cannot be packaged yet: $(sed -n 1p "$A/no-dist")"

# The official header: the descriptor's `.header`, else the one .h of
# solution/ID/.
HEADER=$(sed -n 's/^[[:space:]]*\.header[[:space:]]*=[[:space:]]*"\([^"]*\)".*/\1/p' "$A"/*.c 2>/dev/null | head -n 1)
if [ -z "$HEADER" ]; then
    set -- solution/"$ID"/*.h
    [ $# -eq 1 ] && [ -f "$1" ] ||
        die "assignment '$ID': no descriptor in $A/ names its header (.header), and solution/$ID/ has not exactly one .h"
    HEADER=$(basename "$1")
fi
if [ -z "$TITLE" ]; then
    TITLE=$(sed -n "s/^$ID""_TITLE[[:space:]]*=[[:space:]]*//p" "$A/assignment.mk" 2>/dev/null | head -n 1)
fi
if [ -z "$TITLE" ]; then
    TITLE=$(sed -n 's/^[[:space:]]*\.title[[:space:]]*=[[:space:]]*"\([^"]*\)".*/\1/p' "$A"/*.c 2>/dev/null | head -n 1)
fi
TITLE=${TITLE:-$ID}

for need in build/handout-"$ID".html build/unit/"$ID"/public.list build/unit/"$ID"/hidden.list \
            "$A/rubric.txt" "solution/$ID/$HEADER" "starter/$ID/$HEADER"; do
    [ -f "$need" ] || die "$need is missing (run: make all handout-$ID)"
done
cmp -s "solution/$ID/$HEADER" "starter/$ID/$HEADER" ||
    die "starter/$ID/$HEADER differs from solution/$ID/$HEADER"

# The files students get to keep as they are (the descriptor's `given`,
# e.g. static const char *const given[] = {"board.c", "main.c", NULL};):
# the grader adds the kit's copy when a submission lacks one, so every
# package carries them.  They are public: the starter's copies.
GIVEN=$(sed -n 's/.*given\[\][[:space:]]*=[[:space:]]*{\(.*\)}.*/\1/p' "$A"/*.c 2>/dev/null |
        tr ',' '\n' | sed -n 's/^[[:space:]]*"\([^"]*\)".*/\1/p')
for f in $GIVEN; do
    cmp -s "solution/$ID/$f" "starter/$ID/$f" ||
        die "starter/$ID/$f differs from solution/$ID/$f, which the descriptor gives students as it is"
done
for tool in tar gzip zip; do
    command -v "$tool" >/dev/null 2>&1 || die "$tool is not installed"
done

# The names a set's sources declare, one "suite/test" a line, sorted.
declared_tests() {
    cat "$A/unit/$1"/*.c 2>/dev/null |
        sed -n 's/^GRADED_TEST(\([A-Za-z0-9_]*\), *\([A-Za-z0-9_]*\)).*/\1\/\2/p' | LC_ALL=C sort
}
for set in public hidden; do
    if [ "$(declared_tests "$set")" != "$(LC_ALL=C sort "build/unit/$ID/$set.list")" ]; then
        die "build/unit/$ID/$set.list does not name the tests of $A/unit/$set/ (run: make all)"
    fi
done

EPOCH=${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || echo 1700000000)}
STAGE=$(mktemp -d)
trap 'rm -rf "$STAGE"' EXIT
umask 022

# put DEST FILE...: copies each FILE (a path relative to the kit) to
# DEST/FILE, creating folders.
put() {
    dest=$1
    shift
    for file in "$@"; do
        [ -f "$file" ] || die "$file is missing"
        mkdir -p "$dest/$(dirname "$file")"
        cp "$file" "$dest/$file"
    done
}

# files DIR [FIND-TESTS...]: the regular files under DIR (that pass the
# tests), sorted, one a line.
files() {
    dir=$1
    shift
    [ -d "$dir" ] || return 0
    find "$dir" "$@" -type f | LC_ALL=C sort
}

# put_files DEST DIR [FIND-TESTS...]: put of files DIR ...
put_files() {
    dest=$1
    shift
    files "$@" >"$STAGE/files"
    while IFS= read -r file; do
        put "$dest" "$file"
    done <"$STAGE/files"
}

# sub FILE: FILE with @ID@, @TITLE@ and @HEADER@ replaced.
sub() {
    esc() { printf '%s\n' "$1" | sed 's/[&|\\]/\\&/g'; }
    sed -e "s|@ID@|$(esc "$ID")|g" -e "s|@TITLE@|$(esc "$TITLE")|g" \
        -e "s|@HEADER@|$(esc "$HEADER")|g" "$1"
}

# The generic grader: grader/*.c, *.h, install-deps.sh, every folder of
# generic code (not assignments/, dist/, slurm/: their .c, .h and .sh;
# nor similarity/ and clex/, the staff's comparison of a whole class;
# nor the bot challenge's referee/ and tournament/ with their mains,
# staff's tools built on the board library, which a package does not
# carry; but the replay viewer of tournament/, which a report section
# draws with), the registry and every assignment's descriptor and plug-ins,
# and a kit.conf naming the one assignment.
put_grader() {
    dest=$1
    put "$dest" grader/*.c grader/*.h grader/install-deps.sh
    for folder in grader/*/; do
        folder=${folder%/}
        case $folder in
            grader/assignments|grader/dist|grader/slurm|grader/referee|grader/tournament) continue ;;
            grader/similarity|grader/clex) continue ;;  # staff's class-wide tool and its lexer
        esac
        put_files "$dest" "$folder" \( -name '*.c' -o -name '*.h' -o -name '*.sh' \)
    done
    rm -f "$dest/grader/cli/referee_main.c" "$dest/grader/cli/tournament_main.c"
    # The replay viewer, which an assignment's report section draws with.
    put_files "$dest" grader/tournament -name 'replay_html*.[ch]'
    put_files "$dest" grader/assignments -maxdepth 2 \( -name '*.c' -o -name '*.h' \)
    {
        echo "# kit.conf -- this package holds one assignment, which the grader"
        echo "# picks by itself (grader/assignment.h); named here for people."
        echo "assignment $ID"
    } >"$dest/grader/kit.conf"
}

# public_rubric FILE: in a student's kit, a rule whose pattern names one
# hidden test (no wildcard) would tell the student what a hidden session
# is called; such a rule becomes a comment that says so.  The kit has no
# hidden tests to grade, so nothing else changes.
public_rubric() {
    awk '$1 ~ /\/hidden\// && $1 !~ /[*?[]/ {
             print "# (a rule worth " $2 " points on one hidden test; left out of this copy)"; next }
         { print }' "$1" >"$1.tmp" && mv "$1.tmp" "$1"
}

# put_extras DEST WHO: the files the assignment's dist.files names for
# every package (its `all` lines) and, when WHO is staff, for the staff's
# (its `staff` lines).  A path that names no file stops make-dist.
put_extras() {
    [ -f "$A/dist.files" ] || return 0
    sed 's/#.*//' "$A/dist.files" >"$STAGE/extras"
    while read -r group paths; do
        case $group in
            '') continue ;;
            all) ;;
            staff) [ "$2" = staff ] || continue ;;
            *) die "$A/dist.files: '$group' is neither all nor staff" ;;
        esac
        for f in $paths; do
            put "$1" "$f"
        done
    done <"$STAGE/extras"
}

# put_kit DEST SET...: what the grader needs to be built and to grade the
# assignment with the given test sets (public, hidden).
put_kit() {
    dest=$1
    shift
    put_grader "$dest"
    # the rubric and grader/RUBRIC.md, the manual of its format it names
    put "$dest" "$A/rubric.txt" grader/RUBRIC.md "solution/$ID/$HEADER"
    for f in $GIVEN; do
        put "$dest" "solution/$ID/$f"
    done
    put_files "$dest" "$A/unit" -maxdepth 1 \( -name '*.c' -o -name '*.h' \)
    for set in "$@"; do
        put_files "$dest" "$A/unit/$set" -name '*.c'
        put_files "$dest" "sample_io/$ID/$set" -maxdepth 1
        cp "build/unit/$ID/$set.list" "$dest/$A/unit/$set.list"
    done
    # Staff packages carry the reference's sources: the grader measures
    # what the reference costs on the grading machine and derives every
    # time limit from it (grader/grade/calibrate.h).  A student's kit measures
    # the starter instead.
    case " $* " in
        *" hidden "*)
            put_files "$dest" "solution/$ID" -maxdepth 1 \( -name '*.c' -o -name '*.h' \)
            put_extras "$dest" staff ;;
        *)
            public_rubric "$dest/$A/rubric.txt"
            put_extras "$dest" student ;;
    esac
    # The Makefile, set to this assignment ($ and # escaped for make).
    mk_title=$(printf '%s\n' "$TITLE" | sed 's/\$/$$/g; s/#/\\#/g; s/[&|\\]/\\&/g')
    sed -e "s|^ASSIGNMENT = .*|ASSIGNMENT = $ID|" -e "s|^TITLE      = .*|TITLE      = $mk_title|" \
        $DIST/kit-Makefile >"$dest/Makefile"
    grep -qx "ASSIGNMENT = $ID" "$dest/Makefile" || die "$DIST/kit-Makefile has no ASSIGNMENT line"
}

# The public part of sample_io/ID/README.md: its "Public sessions" section.
public_sessions_readme() {
    printf '%s\n\n' "# sample_io/$ID -- the public sessions"
    printf '%s\n' "Each \`NAME.in\` in \`public/\` is the input of one scripted game and"
    printf '%s\n\n' "\`NAME.out\` is exactly what the reference program prints for it."
    awk '/^## / { keep = ($0 == "## Public sessions") } keep' "sample_io/$ID/README.md"
}

# Sets every timestamp under DIR to EPOCH.
stamp() {
    find "$1" -exec touch -h -d "@$EPOCH" {} +
}

# tarball DIR MEMBER OUTPUT: a reproducible tar of DIR/MEMBER.
tarball() {
    stamp "$1/$2"
    tar -C "$1" --sort=name --format=gnu --owner=0 --group=0 --numeric-owner \
        --mode='u+rw,go+r,go-w' --mtime="@$EPOCH" -cf "$3" "$2"
}

# ---- student-starter.tar.gz: one folder, ID/
S=$STAGE/student/$ID
put_kit "$S" public
# The starter as students get it: its Makefile and sources, its notes; no
# program or object a build in the working tree left there.
put_files "$S" "starter/$ID" \( -name Makefile -o -name '*.c' -o -name '*.h' -o -name '*.md' -o -name '*.txt' \)
put "$S" handout/handout.css
put_files "$S" "handout/$ID"
cp "build/handout-$ID.html" "$S/handout/$ID/handout.html"
if [ -f "sample_io/$ID/README.md" ] && grep -q '^## Public sessions$' "sample_io/$ID/README.md"; then
    public_sessions_readme >"$S/sample_io/$ID/README.md"
fi
sub $DIST/student-README.md >"$S/README.md"
mkdir -p "$STAGE/out/autolab"
tarball "$STAGE/student" "$ID" "$STAGE/student.tar"
gzip -n -9 <"$STAGE/student.tar" >"$STAGE/out/student-starter.tar.gz"

if [ "$STUDENT_ONLY" = 1 ]; then
    mkdir -p "$OUT"
    rm -f "$OUT/student-starter.tar.gz"
    chmod u+rw,go+r,go-w "$STAGE/out/student-starter.tar.gz"
    mv "$STAGE/out/student-starter.tar.gz" "$OUT/"
    echo "make-dist: $ID: wrote $OUT/student-starter.tar.gz"
    exit 0
fi

# ---- gradescope-autograder.zip: setup.sh and run_autograder at the root
G=$STAGE/gradescope
put_kit "$G" public hidden
cp $DIST/gradescope/setup.sh $DIST/gradescope/run_autograder "$G/"
chmod -R u+rw,go+r,go-w "$G"
chmod 755 "$G/setup.sh" "$G/run_autograder"
stamp "$G"
(cd "$G" && find . -type f | sed 's|^\./||' | LC_ALL=C sort |
    TZ=UTC zip -q -X -9 -@ "$STAGE/out/gradescope-autograder.zip")

# ---- autolab/: autograde-Makefile and autograde.tar (autograde/ inside)
put_kit "$STAGE/autolab/autograde" public hidden
tarball "$STAGE/autolab" autograde "$STAGE/out/autolab/autograde.tar"
cp $DIST/autolab/autograde-Makefile "$STAGE/out/autolab/"

sub $DIST/README.md >"$STAGE/out/README.md"

# Replace only what this script makes; OUTDIR may hold other things.
mkdir -p "$OUT"
rm -rf "$OUT/autolab" "$OUT/student-starter.tar.gz" "$OUT/gradescope-autograder.zip" "$OUT/README.md"
chmod -R u+rw,go+r,go-w "$STAGE/out"
mv "$STAGE/out"/* "$OUT"/
echo "make-dist: $ID: wrote $OUT/student-starter.tar.gz, $OUT/gradescope-autograder.zip," \
     "$OUT/autolab/autograde-Makefile, $OUT/autolab/autograde.tar, $OUT/README.md"

#!/bin/sh
# make-dist.sh -- package the kit for students, Gradescope and Autolab.
#
# Usage: sh grader/dist/make-dist.sh [OUTDIR]      (default OUTDIR: dist)
# Run by `make dist` after `make all handout`: it takes the rendered
# handout (build/handout.html) and the unit-test lists (build/unit/*.list)
# from build/, and everything else from the working tree.  It compiles
# nothing.  It writes:
#
#   OUTDIR/student-starter.tar.gz       chinese-checkers/: the starter, the
#       handout, the public sessions and unit tests, the grader's sources,
#       and a Makefile (grader/dist/kit-Makefile) that builds the grader
#       for `make -C starter test`.  Nothing hidden: no solution source, no
#       hidden session, no hidden unit test, no kit test.
#   OUTDIR/gradescope-autograder.zip    setup.sh and run_autograder at its
#       root, beside the kit with both test sets (see grader/dist/gradescope/)
#   OUTDIR/autolab/autograde-Makefile, OUTDIR/autolab/autograde.tar
#       Autolab's pair; the tar holds the same kit under autograde/
#   OUTDIR/README.md                    how to install each of them
#
# Only the staff packages (Gradescope, Autolab) hold the reference's
# sources, for measuring what it costs on the grading machine; the
# student's never does.  The test lists are shipped precomputed
# (grader/unit/SET.list).  Archives are reproducible: sorted entries, one
# timestamp (SOURCE_DATE_EPOCH, else the last commit's, else a constant),
# owner 0, no gzip name or time.
set -eu

cd "$(dirname "$0")/../.."
OUT=${1:-dist}
DIST=grader/dist
TOP=chinese-checkers

die() {
    echo "make-dist: $*" >&2
    exit 1
}

for need in build/handout.html build/unit/public.list build/unit/hidden.list \
            solution/chinese-checkers/chinese-checkers.h starter/chinese-checkers.h; do
    [ -f "$need" ] || die "$need is missing (run: make all handout)"
done
cmp -s solution/chinese-checkers/chinese-checkers.h starter/chinese-checkers.h ||
    die "starter/chinese-checkers.h differs from solution/chinese-checkers/chinese-checkers.h"
for tool in tar gzip zip; do
    command -v "$tool" >/dev/null 2>&1 || die "$tool is not installed"
done

# The names a set's sources declare, one "suite/test" a line, sorted.
declared_tests() {
    sed -n 's/^GRADED_TEST(\([A-Za-z0-9_]*\), *\([A-Za-z0-9_]*\)).*/\1\/\2/p' \
        grader/unit/"$1"/*.c | LC_ALL=C sort
}
for set in public hidden; do
    if [ "$(declared_tests "$set")" != "$(LC_ALL=C sort build/unit/$set.list)" ]; then
        die "build/unit/$set.list does not name the tests of grader/unit/$set/ (run: make all)"
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

# put_kit DEST SET...: what the grader needs to be built and to grade with
# the given test sets (public, hidden).
put_kit() {
    dest=$1
    shift
    put "$dest" grader/*.c grader/*.h grader/exec/*.c grader/assignments/chinese-checkers/rubric.txt grader/install-deps.sh \
        grader/unit/*.c grader/unit/*.h grader/unit/vet-objects.sh \
        solution/chinese-checkers/chinese-checkers.h
    for set in "$@"; do
        put "$dest" grader/unit/"$set"/*.c sample_io/"$set"/*.in sample_io/"$set"/*.out
        cp build/unit/"$set".list "$dest/grader/unit/$set.list"
    done
    # Staff packages carry the reference's sources: the grader measures
    # what the reference costs on the grading machine and derives every
    # time limit from it (grader/calibrate.h).  A student's kit measures
    # the starter instead.
    case " $* " in
        *" hidden "*) put "$dest" solution/chinese-checkers/*.c ;;
    esac
    cp $DIST/kit-Makefile "$dest/Makefile"
}

# The public part of sample_io/chinese-checkers/README.md: its "Public sessions" section.
public_sessions_readme() {
    printf '%s\n\n' "# sample_io -- the public sessions"
    printf '%s\n' "Each \`NAME.in\` in \`public/\` is the input of one scripted game and"
    printf '%s\n\n' "\`NAME.out\` is exactly what the reference program prints for it."
    awk '/^## / { keep = ($0 == "## Public sessions") } keep' sample_io/chinese-checkers/README.md
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

# ---- student-starter.tar.gz
S=$STAGE/student/$TOP
put_kit "$S" public
put "$S" starter/Makefile starter/README.md starter/*.c starter/*.h handout/*
cp build/handout.html "$S/handout/handout.html"
if [ -f sample_io/chinese-checkers/README.md ] && grep -q '^## Public sessions$' sample_io/chinese-checkers/README.md; then
    public_sessions_readme >"$S/sample_io/chinese-checkers/README.md"
fi
cp $DIST/student-README.md "$S/README.md"
mkdir -p "$STAGE/out/autolab"
tarball "$STAGE/student" "$TOP" "$STAGE/student.tar"
gzip -n -9 <"$STAGE/student.tar" >"$STAGE/out/student-starter.tar.gz"

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

cp $DIST/README.md "$STAGE/out/README.md"

# Replace only what this script makes; dist/ may hold other things.
mkdir -p "$OUT"
rm -rf "$OUT/autolab" "$OUT/student-starter.tar.gz" "$OUT/gradescope-autograder.zip" "$OUT/README.md"
chmod -R u+rw,go+r,go-w "$STAGE/out"
mv "$STAGE/out"/* "$OUT"/
echo "make-dist: wrote $OUT/student-starter.tar.gz, $OUT/gradescope-autograder.zip," \
     "$OUT/autolab/autograde-Makefile, $OUT/autolab/autograde.tar, $OUT/README.md"

#!/bin/sh
# setup.sh -- Gradescope's image setup for an assignment's autograder (the
# zip `make dist ASSIGNMENT=ID` writes: a kit of that one assignment).
#
# Gradescope unpacks the autograder zip into /autograder/source and runs
# this script there once, as root, while it builds the image.  It installs
# the Debian/Ubuntu packages the grader needs (only those missing, so a
# machine that has them all needs no network) and builds the kit next to
# this script: build/grade, the unit-test objects and their lists.  The
# kit holds one assignment, which the grader picks by itself (no -a).
set -eu

KIT=$(cd "$(dirname "$0")" && pwd)
# The packages grading needs, from the kit's one list (only those
# missing are installed).
sh "$KIT/grader/install-deps.sh" --kit

jobs=$(nproc 2>/dev/null || echo 2)
make -C "$KIT" -j"$jobs" all
"$KIT/build/grade" --kit "$KIT" --tests all --explain >/dev/null
echo "setup.sh: the grader is ready in $KIT/build/grade"

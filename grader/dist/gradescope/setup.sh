#!/bin/sh
# setup.sh -- Gradescope's image setup for the Chinese Checkers autograder.
#
# Gradescope unpacks the autograder zip into /autograder/source and runs
# this script there once, as root, while it builds the image.  It installs
# the Debian/Ubuntu packages the grader needs (only those missing, so a
# machine that has them all needs no network) and builds the kit next to
# this script: build/grade, the unit-test objects and their lists.
set -eu

KIT=$(cd "$(dirname "$0")" && pwd)
PACKAGES="gcc make binutils pkg-config libcriterion-dev libboxfort-dev libnanomsg-dev
libnanopb-dev libcjson-dev libarchive-dev valgrind libc6-dbg bubblewrap"

missing=""
for package in $PACKAGES; do
    if ! dpkg-query -W -f='${Status}\n' "$package" 2>/dev/null | grep -q 'ok installed'; then
        missing="$missing $package"
    fi
done
if [ -n "$missing" ]; then
    echo "setup.sh: installing$missing"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    # The package list is meant to split into words.
    # shellcheck disable=SC2086
    apt-get install -y -qq --no-install-recommends $missing
fi

jobs=$(nproc 2>/dev/null || echo 2)
make -C "$KIT" -j"$jobs" all
"$KIT/build/grade" --kit "$KIT" --tests all --explain >/dev/null
echo "setup.sh: the grader is ready in $KIT/build/grade"

#!/bin/sh
# materialize.sh -- writes the example Halma submissions out as the folders
# a student would hand in (halma.h, halma.c, game.c and nothing else).
#
# Usage: sh tests/halma/submissions/materialize.sh DEST [NAME...]
#   DEST/NAME/ for every submission (default: all of them).
#
# `correct/` is stored whole.  Every other submission is `correct` with one
# bug put in, stored as NAME/bug.patch (a unified diff against correct/,
# opening with a paragraph that says what the bug is) beside NAME/expect-unit,
# the unit tests it must fail.  Neither file is part of the submission.
# Exit status 0, or 1 with a message when a patch no longer applies.
set -u

here=$(dirname "$0")
dest=${1:?usage: materialize.sh DEST [NAME...]}
shift
names=${*:-$(cd "$here" && for d in */; do echo "${d%/}"; done)}

for name in $names; do
    out=$dest/$name
    rm -rf "$out"
    mkdir -p "$out" || exit 1
    cp "$here/correct/halma.h" "$here/correct/halma.c" "$here/correct/game.c" "$out/" || exit 1
    [ "$name" = correct ] && continue
    if ! patch -s -p1 -d "$out" <"$here/$name/bug.patch" >"$out.patch.log" 2>&1; then
        echo "materialize.sh: $name/bug.patch does not apply to correct/:"
        cat "$out.patch.log"
        exit 1
    fi
    rm -f "$out.patch.log" "$out"/*.orig
done

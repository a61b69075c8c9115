#!/bin/sh
# submissions.sh -- write out the example submissions of an assignment.
#
# Usage: sh tests/submissions.sh ID OUTDIR [NAME...]
#
# Most examples differ from a correct program by one bug, so a folder of
# tests/ID/submissions/ keeps only what is its own.  A folder with a file
# named `from` is derived: its first line names another folder (the base,
# itself possibly derived), whose files are copied first; then each
# *.patch of the folder is applied (patch -p1, in name order); then every
# other file of the folder is copied over the result.  A folder without
# `from` is taken as it is (symbolic links stay links).  Each NAME (default:
# every folder but expect/) becomes OUTDIR/NAME, a submission as a student
# would hand it in, with neither `from` nor patches in it.
#
# Exit status 0, or 1 with a message naming the folder that cannot be made
# (a missing base, a patch that does not apply, a cycle of bases).
set -eu
[ $# -ge 2 ] || { echo "usage: sh tests/submissions.sh ID OUTDIR [NAME...]" >&2; exit 2; }
id=$1 out=$2
shift 2
src=tests/$id/submissions
mkdir -p "$out"
out=$(cd "$out" && pwd)    # absolute: make_one copies from inside $src
[ -d "$src" ] || { echo "submissions.sh: no folder $src" >&2; exit 1; }

# make_one NAME DEST DEPTH: writes submission NAME into DEST.  (local is
# not POSIX, but every sh this kit runs on -- dash, bash -- has it.)
make_one() {
    local name=$1 dest=$2 depth=$3 base p
    [ "$depth" -lt 8 ] || { echo "submissions.sh: $name: bases nest too deep (a cycle?)" >&2; return 1; }
    [ -d "$src/$name" ] || { echo "submissions.sh: no submission '$name' in $src" >&2; return 1; }
    mkdir -p "$dest"
    if [ -f "$src/$name/from" ]; then
        base=$(sed -n 1p "$src/$name/from")
        make_one "$base" "$dest" $((depth + 1)) || return 1
        for p in "$src/$name"/*.patch; do
            [ -e "$p" ] || continue
            patch -s -p1 -d "$dest" --no-backup-if-mismatch <"$p" ||
                { echo "submissions.sh: $name: $(basename "$p") does not apply" >&2; return 1; }
        done
    fi
    (cd "$src/$name" && find . -mindepth 1 -maxdepth 1 ! -name from ! -name '*.patch' \
        -exec cp -a {} "$dest/" \;)
}

status=0
names=${*:-$(cd "$src" && ls -d */ | tr -d / | grep -vx expect)}
for name in $names; do
    rm -rf "${out:?}/$name"
    make_one "$name" "$out/$name" 0 || status=1
done
exit $status

#!/bin/sh
# slowed.test.sh -- a correct program loses nothing to a slow or loaded
# machine, and no example submission's verdicts change there.
#
# The reference is measured first (grade --calibrate) on the machine as it
# is; then the machine is slowed in three ways (tests/slow/slowed.sh) --
# every process burns 60 ms of CPU first; a CPU quota of a quarter core;
# another grading keeping both cores busy -- and under each:
#   - the reference gets full marks;
#   - a sample of tests/submissions gets what its expect file says, the
#     same as on the idle machine (tests/submissions.test.sh, GRADE set to
#     the slowed grader).
# The limits were derived before the slowing, so this is the hard case:
# every limit hit must be confirmed against a fresh run of the reference.
# SLOWED_SUBMISSIONS names another sample ("all": every folder); CI runs
# the default sample.  Needs root; skips itself otherwise.
. tests/lib.sh
set -u

if [ "$(id -u)" -ne 0 ] || [ ! -x build/grade ] || [ ! -f build/slow/spin.so ]; then
    skip "slowed machines" "needs root, build/grade and build/slow/spin.so (make check builds it)"
    exit 0
fi
SAMPLE=${SLOWED_SUBMISSIONS:-single_file jump_over_empty leak_per_move hostile_infinite_loop}
if [ "$SAMPLE" = all ]; then
    SAMPLE=$(cd tests/chinese-checkers/submissions && ls -d */ | tr -d / | grep -v '^expect$')
fi
# Every assignment the kit builds (a reference program in build/).
IDS=$(for r in grader/assignments/*/rubric.txt; do
          id=$(basename "$(dirname "$r")"); [ -x "build/$id" ] && echo "$id"; done)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
KIT=$(pwd)

for id in $IDS; do
    build/grade -a "$id" --calibrate >"$tmp/calibration" 2>&1 || { cat "$tmp/calibration"; exit 1; }
done

# reference_full KIND ID: assignment ID's reference gets max_score on the
# KIND machine.
reference_full() {
    sh tests/slow/slowed.sh "$1" build/grade -a "$2" --format json -o "$tmp/ref.json" "solution/$2"
    status=$?
    [ "$status" -eq 77 ] && { echo "cannot slow this machine that way"; return 0; }
    [ "$status" -eq 0 ] || return 1
    jq -e '.score == .max_score' "$tmp/ref.json" >/dev/null && return 0
    jq -r '"score \(.score)/\(.max_score)", (.tests[] | select(.status != "passed") | "\(.name): \(.status)"), .limits' \
        "$tmp/ref.json"
    return 1
}

for kind in spin quota busy; do
    for id in $IDS; do
        check "slowed ($kind): the $id reference gets full marks" reference_full "$kind" "$id"
    done
    printf '#!/bin/sh\nexec sh "%s/tests/slow/slowed.sh" %s "%s/build/grade" "$@"\n' \
        "$KIT" "$kind" "$KIT" >"$tmp/grade-$kind"
    chmod +x "$tmp/grade-$kind"
    echo "  (slowed: $kind) the example submissions keep their verdicts:"
    GRADE="$tmp/grade-$kind" ASSIGNMENTS=chinese-checkers SUBMISSIONS="$SAMPLE" sh tests/submissions.test.sh
done

# build_timeouts.test.sh -- a build stopped at its time limit is confirmed
# against the reference's build made now before it becomes a verdict
# (grader/grade/grade_build.h).  Run through tests/run.sh after `make`.
#
# A Halma kit whose rubric says time_factor 2 and a build floor of 1 s is
# calibrated here, so its build limit is twice what its reference's
# costliest build script costs on this machine, whatever its speed.
#   - A submission that adds to the reference a source file gcc needs many
#     times that long for is stopped at the limit, and the stop stands:
#     the reference, built again, costs about what it cost (when a little
#     more, the submission is built once more with that little more, and
#     is stopped again).
#   - The reference's own sources, graded after the calibration is edited
#     to say its build took 0.1 s (as if measured on a much faster
#     machine: the limit falls to the 1-s floor), are stopped too; but the
#     reference built again costs several times that, so they are built
#     once more with the limit raised, and get full marks.
. tests/lib.sh

if [ ! -x build/grade ]; then
    skip build_timeouts "build/grade is missing (run make)"
    exit 0
fi

TMP=$(mktemp -d)
trap '[ -n "$KEEP" ] || rm -rf "$TMP"' EXIT
A=halma
KIT=$TMP/kit

grep '^option' grader/assignments/$A/rubric.txt |
    sed -e 's/^option build_seconds .*/option build_seconds 1/' \
        -e 's/^option time_factor .*/option time_factor 2/' >"$TMP/rubric.txt"
printf '%s\n' "build/compiles 5 build visible" "unit/public/* 5 unit visible" \
    "transcript/public/* 5 transcript visible" "memory/asan/public/* 5 memory visible" \
    >>"$TMP/rubric.txt"
staff_kit "$KIT" $A solution/$A "$TMP/rubric.txt" || exit 1

"$KIT/build/grade" --kit "$KIT" -a $A --calibrate >"$TMP/cal" 2>&1 || {
    sed 's/^/    /' "$TMP/cal"; exit 1; }

# The slow submission: the reference and 2,500 small functions, which gcc
# compiles in several seconds (under ASan several times that) where the
# reference's own files take a fraction of one.
mkdir -p "$TMP/slow"
cp solution/$A/*.h solution/$A/*.c "$TMP/slow/"
awk 'BEGIN {
    n = 2500
    print "int slow_sum(int x);"
    for (i = 0; i < n; i++)
        printf "static int f%d(int x) { int y = x * %d + 3; if (y %% 7 == %d) y += x / 3; " \
               "else y -= %d; return y ^ %d; }\n", i, i, i % 7, i, i
    print "int slow_sum(int x)\n{\n    int s = 0;"
    for (i = 0; i < n; i++)
        printf "    s += f%d(x + s);\n", i
    print "    return s;\n}"
}' >"$TMP/slow/slow.c"

# grade NAME DIR: grades DIR into NAME.json.
grade() {
    "$KIT/build/grade" --kit "$KIT" -a $A --format json -j 2 "$2" >"$TMP/$1.json" 2>"$TMP/$1.err"
}
# show NAME: what a failing check prints.
show() {
    jq -r '.limits, .build_log' "$TMP/$1.json" | sed 's/^/    /'
    sed 's/^/    /' "$TMP/$1.err"
}

grade stands "$TMP/slow"
slow_build_stands() {
    show stands
    [ "$(jq -r '.tests[] | select(.name == "build/compiles") | .status' "$TMP/stands.json")" = failed ] &&
        jq -r .build_log "$TMP/stands.json" | grep -q 'build stopped: timeout' &&
        grep -q 'The build hit its time limit' "$TMP/stands.json"
}
check "build_timeouts: a build past its limit stands when the reference builds as fast as measured" \
    slow_build_stands

# As if measured on a much faster machine: every build script in 0.1 s.
sed -i 's/^build .*/build 0.0500 0.1000 0.0/' "$KIT/build/calibration-$A.txt"
grade raised "$KIT/solution/$A"
reference_build_raised() {
    show raised
    [ "$(jq '.score == .max_score' "$TMP/raised.json")" = true ] &&
        grep -q 'The build hit its time limit while the reference' "$TMP/raised.json" &&
        grep -q 'it ran again with the limit raised' "$TMP/raised.json"
}
check "build_timeouts: a correct build past its limit is built again when the reference is as slow now" \
    reference_build_raised

#!/bin/sh
# similarity_bench.sh -- time build/similarity on a made-up class of N
# (default 300) Chinese Checkers submissions: `make bench-similarity`.
#
# Each student is one of four independent-or-derived correct programs
# the kit holds (the reference, split_files, two_files, single_file),
# disguised (tests/similarity/disguise.c, every disguise and random
# statements of its own, seeded by the student's number) so that no two
# are alike, yet a quarter of the class shares each program: a hard case
# for the index (long lists of holders), where most of it is dropped as
# common to the class.  Prints the size of a student (words of C), the
# wall time and peak memory of one run (GNU time), and the pairs found.
# Needs `make` (build/similarity, build/tests/similarity_disguise).
set -eu
cd "$(dirname "$0")/.."
N=${1:-300}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
sh tests/submissions.sh chinese-checkers "$WORK/kit" >/dev/null 2>&1
set -- solution/chinese-checkers "$WORK/kit/split_files" "$WORK/kit/two_files" "$WORK/kit/single_file"
i=0
while [ "$i" -lt "$N" ]; do
    eval "base=\${$((i % 4 + 1))}"
    dir=$WORK/class/student$i
    for f in $(cd "$base" && find . -name '*.c'); do
        mkdir -p "$dir/$(dirname "$f")"
        build/tests/similarity_disguise -m rlodwsn -s "$i" "$base/$f" "$dir/$f"
    done
    i=$((i + 1))
done
mkdir -p "$WORK/out"
tokens=$(cat "$WORK"/class/*/*.c "$WORK"/class/*/*/*/*.c 2>/dev/null | wc -w)
echo "bench-similarity: $N submissions, about $((tokens / N)) words of C each"
/usr/bin/time -f "bench-similarity: %e s wall, %U s user, peak memory %M KB" \
    build/similarity -a chinese-checkers "$WORK/class" -o "$WORK/out"

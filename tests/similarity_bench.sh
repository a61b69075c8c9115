#!/bin/sh
# similarity_bench.sh -- time build/similarity on a made-up class of N
# (default 300) submissions of the Chinese Checkers size:
# `make bench-similarity`.
#
# The class is made as distinct as a real one.  Each student starts from
# one of the kit's eight programs written independently of each other
# (the references of Chinese Checkers, Halma, game-search and the bot
# challenge, and the example of each written apart from its reference:
# split_files, correct), taken in turn, disguised with every disguise of
# tests/similarity/disguise.c and random statements of the student's own
# (seeded by the student's number, so no two students are alike), and
# adds helpers.c: eight functions built at random from that number
# (tests/similarity/helpers.awk), the code of a student's own that no
# one else wrote.  About 37 students share each starting program, so the
# index still sees long lists of holders, as a class where many started
# from the same lecture example would.  One student in 60 copied the
# student before (that submission disguised once more, helpers and all):
# the bench also says how many of those copies were flagged.
#
# Prints the size of a student (words of C), then two runs: a fresh one
# into an empty class folder and a re-run over it (every student from the
# cache), each with its wall time, CPU time and peak memory (GNU time),
# and the time of each step (--timing).  The target: a fresh run under
# 10 s on 2 cores (build/similarity uses one).
# Needs `make` (build/similarity, build/tests/similarity_disguise).
set -eu
cd "$(dirname "$0")/.."
N=${1:-300}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
for id in chinese-checkers halma game-search bot-challenge; do
    sh tests/submissions.sh "$id" "$WORK/kit/$id" split_files correct >/dev/null 2>&1 ||
        sh tests/submissions.sh "$id" "$WORK/kit/$id" correct >/dev/null 2>&1 ||
        sh tests/submissions.sh "$id" "$WORK/kit/$id" split_files >/dev/null 2>&1
done
set -- solution/chinese-checkers "$WORK/kit/chinese-checkers/split_files" \
       solution/halma "$WORK/kit/halma/correct" \
       solution/game-search "$WORK/kit/game-search/correct" \
       solution/bot-challenge "$WORK/kit/bot-challenge/correct"
nfam=0
for base in "$@"; do
    [ -d "$base" ] || { echo "bench-similarity: $base is missing" >&2; exit 1; }
    nfam=$((nfam + 1))
    eval "fam$nfam=\$base"
done
# student I DIR: student I's own submission into DIR.
student() {
    eval "base=\$fam$(($1 % nfam + 1))"
    for f in $(cd "$base" && find . -name '*.c'); do
        mkdir -p "$2/$(dirname "$f")"
        build/tests/similarity_disguise -m rlodwsfn -s "$(($1 + 1))" "$base/$f" "$2/$f"
    done
    awk -v seed="$(($1 + 1))" -v funcs=8 -f tests/similarity/helpers.awk >"$2/helpers.c"
}
# copy FROM DIR: FROM's submission disguised again into DIR.
copy() {
    for f in $(cd "$1" && find . -name '*.c'); do
        mkdir -p "$2/$(dirname "$f")"
        build/tests/similarity_disguise -m rlow -s 7 "$1/$f" "$2/$f"
    done
}
i=0 copies=0
while [ "$i" -lt "$N" ]; do
    if [ $((i % 60)) -eq 59 ]; then
        copy "$WORK/class/student$((i - 1))" "$WORK/class/student$i"
        echo "student$((i - 1)),student$i" >>"$WORK/copies"
        copies=$((copies + 1))
    else
        student "$i" "$WORK/class/student$i"
    fi
    i=$((i + 1))
done
mkdir -p "$WORK/out"
words=$(find "$WORK/class" -name '*.c' -exec cat {} + | wc -w)
echo "bench-similarity: $N submissions from $nfam independent programs, about $((words / N)) words of C each"
for run in fresh re-run; do
    /usr/bin/time -f "bench-similarity ($run): %e s wall, %U s user, %S s system, peak memory %M KB" \
        build/similarity -a chinese-checkers --timing "$WORK/class" -o "$WORK/out"
done
found=$(awk -F, 'NR == FNR { copy[$1 "," $2] = 1; next }
                 $9 == "yes" { if (($2 "," $3) in copy) tp++; else fp++ }
                 END { printf "%d of the copies flagged, %d other pairs flagged", tp, fp }' \
        "$WORK/copies" "$WORK/out/similarity.csv" 2>/dev/null || echo "no copies planted")
echo "bench-similarity: $copies planted copies: $found"


#!/bin/sh
# lms_bench.sh -- time grade-all's intake of a Canvas download: unpacking
# and grouping, grading excluded (--list).
#
# Usage: sh tests/lms_bench.sh [N] [RUNS]   (default 300 students, 5 runs;
# after make)
#
# Builds Canvas's "Download Submissions" zip for a class of N: each student
# hands in the reference's three files (checkers.c, chinese-checkers.h,
# game.c) as loose NAME_USERID_FILEID_FILE entries; every fourth uploads a
# zip of them instead (unpacked by the intake), every fifth uploads game.c
# twice (game-1.c: the newest kept), every seventh is marked late; with
# the gradebook export as --roster.  Then runs `grade-all --list` RUNS
# times into a fresh OUTDIR and prints each wall time and the median.
# Numbers only, no pass/fail: the machine may be shared (the load average
# is printed beside them).
set -eu
cd "$(dirname "$0")/.."
n=${1:-300}
runs=${2:-5}
case $n$runs in *[!0-9]*) echo "usage: sh tests/lms_bench.sh [N] [RUNS]" >&2; exit 2 ;; esac
[ -x build/grade-all ] || { echo "lms_bench: build/grade-all is missing; run make" >&2; exit 2; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
d=$tmp/download
mkdir "$d"
printf 'Student,ID,SIS User ID,SIS Login ID,Section,Chinese Checkers (4411)\r\n' >"$tmp/gradebook.csv"
(cd solution/chinese-checkers && zip -q "$tmp/hw.zip" ./*)
i=0
file=100000
while [ $i -lt "$n" ]; do
    i=$((i + 1))
    user=$((20000 + i))
    name=student$i
    late=
    [ $((i % 7)) -eq 0 ] && late=late_
    printf '"Student, %s",%s,S%s,s%s,CS 101,\r\n' $i $user $user $i >>"$tmp/gradebook.csv"
    if [ $((i % 4)) -eq 0 ]; then
        file=$((file + 1))
        cp "$tmp/hw.zip" "$d/${name}_${late}${user}_${file}_hw.zip"
        continue
    fi
    for f in solution/chinese-checkers/*; do
        file=$((file + 1))
        cp "$f" "$d/${name}_${late}${user}_${file}_${f##*/}"
    done
    if [ $((i % 5)) -eq 0 ]; then
        file=$((file + 1))
        cp solution/chinese-checkers/game.c "$d/${name}_${late}${user}_${file}_game-1.c"
    fi
done
(cd "$d" && zip -q "$tmp/submissions.zip" ./*)
echo "lms_bench: $n students, $(ls "$d" | wc -l) files, $(wc -c <"$tmp/submissions.zip") bytes zipped"

times=$tmp/times
for r in $(seq "$runs"); do
    rm -rf "$tmp/out"
    start=$(date +%s.%N)
    build/grade-all "$tmp/submissions.zip" -o "$tmp/out" --roster "$tmp/gradebook.csv" --list >"$tmp/list" 2>&1
    end=$(date +%s.%N)
    t=$(awk "BEGIN { printf \"%.3f\", $end - $start }")
    echo "$t" >>"$times"
    echo "run $r: $t s (load $(cut -d' ' -f1-3 /proc/loadavg))"
done
[ "$(grep -c '	to grade$' "$tmp/list")" -eq "$n" ] || { echo "lms_bench: not every student was taken in" >&2; exit 1; }
echo "median of $runs: $(sort -n "$times" | sed -n "$(( (runs + 1) / 2 ))p") s"

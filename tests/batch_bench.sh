#!/bin/sh
# batch_bench.sh -- time `grade-all` on a made-up class, with -j1 and -j2.
#
# Usage: sh tests/batch_bench.sh [N]     (default 100 students; after make)
#
# Builds a class of N students in a temporary folder by cycling through
# the reference solution and every example submission in tests/submissions
# (correct, buggy and hostile ones), handing in every fourth as a .zip and
# the one after it as a .tar.gz.  Grades it twice into fresh output folders,
# with -j 1 and with -j 2, and prints the wall time of each, the speed-up,
# the CPU time the graders used (user + system of every process reaped),
# the load average around each run (the machine may be shared), and where
# the time went: the students by status with their mean grading time.
# Numbers only, no pass/fail: the budget is judged by reading them.
set -eu
cd "$(dirname "$0")/.."
n=${1:-100}
case $n in ''|*[!0-9]*) echo "usage: sh tests/batch_bench.sh [N]" >&2; exit 2 ;; esac
[ -x build/grade-all ] || { echo "batch_bench: build/grade-all is missing; run make" >&2; exit 2; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
class=$tmp/class
mkdir "$class"

# The sources, one per line: the reference first, then every example.
sources=$tmp/sources
sh tests/submissions.sh chinese-checkers "$tmp/examples"
{ echo solution/chinese-checkers; for d in "$tmp"/examples/*/; do
      d=${d%/}; [ "${d##*/}" = expect ] || echo "$d"; done; } >"$sources"
nsources=$(wc -l <"$sources")

i=1
while [ "$i" -le "$n" ]; do
    src=$(sed -n "$(( (i - 1) % nsources + 1 ))p" "$sources")
    id=$(printf 's%03d-%s' "$i" "${src##*/}")
    case $(( i % 4 )) in
    0) (cd "$src" && zip -qry "$class/$id.zip" .) ;;
    1) tar -czf "$class/$id.tar.gz" -C "$src" . ;;
    *) cp -R "$src" "$class/$id" ;;
    esac
    i=$((i + 1))
done

# CPU seconds of reaped children so far, from the shell's own `times`
# (not in a subshell: a fork starts counting from zero).
child_cpu() {
    times >"$tmp/times"
    sed -n 2p "$tmp/times" | awk '{ t = 0; for (i = 1; i <= 2; i++) { split($i, p, "m");
        sub("s", "", p[2]); t += p[1] * 60 + p[2] } printf "%.1f\n", t }'
}

# run J: grades the class with -j J; sets $wall and prints a line.
run() {
    out=$tmp/out-j$1
    load0=$(cut -d' ' -f1-3 /proc/loadavg)
    child_cpu >"$tmp/cpu0"
    t0=$(date +%s.%N)
    build/grade-all "$class" -o "$out" -j "$1" >/dev/null 2>"$tmp/log-j$1" || true
    t1=$(date +%s.%N)
    child_cpu >"$tmp/cpu1"
    load1=$(cut -d' ' -f1-3 /proc/loadavg)
    wall=$(echo "$t1 - $t0" | bc)
    printf '  -j%s  wall %6.1f s   grader CPU %6.1f s   load average before %s, after %s\n' \
        "$1" "$wall" "$(echo "$(cat "$tmp/cpu1") - $(cat "$tmp/cpu0")" | bc)" "$load0" "$load1"
}

echo "grade-all on $n students ($nsources sources), $(nproc) cores"
run 1
w1=$wall
run 2
w2=$wall
printf '  speed-up -j2 over -j1: %.2fx   (target: >= 1.7x; 100 students in <= 180 s)\n' \
    "$(echo "$w1 / $w2" | bc -l)"

if command -v jq >/dev/null; then
    echo "where the time went (-j2 run; status: students, mean seconds each):"
    jq -r '.students | group_by(.status | sub(":.*"; "")) | .[] |
           "  \(.[0].status | sub(":.*"; "")): \(length), \((map(.seconds) | add / length) * 10 | round / 10) s"' \
        "$tmp/out-j2/class.json"
fi

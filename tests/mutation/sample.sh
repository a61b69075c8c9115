#!/bin/sh
# sample.sh -- picks a fixed sample of a manifest: N mutants chosen by a
# seeded hash, plus the survivors of the last full run.
#
# usage: sh tests/mutation/sample.sh N [SEED [SURVIVORS]] < manifest > sample
# With N = 0, or N at least the number of lines, every line is kept.
# Otherwise the N lines whose keys hash lowest under SEED (default 1) are
# kept, and with them every line whose key is listed in SURVIVORS (a
# tests/<id>/mutation-survivors.txt; a missing file lists none).  The key
# of a mutant is its file, its place (FUNCTION+N), its operator and its
# mutated line, trimmed -- what equivalent.txt and the survivors list
# name -- so the same manifest and seed always give the same sample, and
# an edit elsewhere in the file (which renumbers the mutants) keeps it.
# The sample keeps the manifest's order.  The number of survivors found
# goes to stderr.
n=${1:-0}
seed=${2:-1}
survivors=${3:-/dev/null}
case $n in *[!0-9]* | '') echo "sample.sh: N must be a number, not '$n'" >&2; exit 2 ;; esac
case $seed in *[!0-9]* | '') echo "sample.sh: SEED must be a number, not '$seed'" >&2; exit 2 ;; esac
[ -f "$survivors" ] || survivors=/dev/null
awk -F '\t' -v n="$n" -v seed="$seed" -v SURV="$survivors" '
function trim(s) { sub(/^[ \t]+/, "", s); sub(/[ \t]+$/, "", s); return s }
# A key of a manifest line: "FILE PLACE OPERATOR :: LINE".
function key_of(   f) { f = $1; sub(/-[0-9]+$/, "", f); return f ".c " $5 " " $3 " :: " trim($6) }
# A 31-bit hash of s under the seed: a polynomial hash, then a few rounds
# of the Park-Miller generator (every product stays below 2^53, exact in
# awk).
function hash(s,   h, i, r) {
    h = (seed * 7919 + 17) % 2147483647
    for (i = 1; i <= length(s); i++)
        h = (h * 131 + ord[substr(s, i, 1)]) % 2147483647
    for (r = 0; r < 3; r++)
        h = (h * 48271 + seed) % 2147483647
    return h
}
BEGIN {
    for (i = 1; i < 256; i++) ord[sprintf("%c", i)] = i
    while ((getline l < SURV) > 0) {
        if (l ~ /^[ \t]*(#|$)/) continue
        p = index(l, " ::")
        if (p == 0) continue
        split(trim(substr(l, 1, p - 1)), head, /[ \t]+/)
        listed[head[1] " " head[2] " " head[3] " :: " trim(substr(l, p + 3))] = 1
    }
}
{ line[NR] = $0; key[NR] = key_of(); h[NR] = hash(key[NR]) }
END {
    if (n == 0 || NR <= n) {
        for (i = 1; i <= NR; i++) print line[i]
        exit
    }
    # Selection of the n lowest hashes (ties by line number).
    for (i = 1; i <= NR; i++) order[i] = i
    for (i = 1; i <= n; i++) {
        best = i
        for (j = i + 1; j <= NR; j++)
            if (h[order[j]] < h[order[best]] || (h[order[j]] == h[order[best]] && order[j] < order[best]))
                best = j
        t = order[i]; order[i] = order[best]; order[best] = t
        keep[order[i]] = 1
    }
    found = 0
    for (i = 1; i <= NR; i++)
        if (key[i] in listed) { found += !keep[i]; keep[i] = 1 }
    for (i = 1; i <= NR; i++) if (keep[i]) print line[i]
    printf "sample: %d of %d mutants (seed %d), and %d more that survived the last full run\n",
        n, NR, seed, found > "/dev/stderr"
}'

#!/bin/sh
# sample.sh -- picks about N lines spread evenly over a manifest.
#
# usage: sh tests/mutation/sample.sh N < manifest > sample
# With N = 0, or N at least the number of lines, every line is kept.
# Otherwise every K-th line is kept, K = ceil(lines / N), starting in the
# middle of the first stride so that the strides do not all land on the
# first mutant of a function.  The same input always gives the same sample.
n=${1:-0}
case $n in *[!0-9]* | '') echo "sample.sh: N must be a number, not '$n'" >&2; exit 2 ;; esac
awk -v n="$n" '
    { line[NR] = $0 }
    END {
        step = (n > 0 && NR > n) ? int((NR + n - 1) / n) : 1
        for (i = int((step + 1) / 2); i <= NR; i += step) print line[i]
    }'

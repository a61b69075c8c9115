#!/bin/sh
# ci_gap.sh -- after a full mutation run: would CI's sample have told the
# truth?  Scores the mutants CI's sample picks (sample.sh with the conf's
# ci_sample and ci_seed, and the survivors list CI had) on the full run's
# own verdicts, and prints one warning line when that score is more than
# GAP points above the full run's; nothing otherwise.
#
# usage: sh tests/mutation/ci_gap.sh OUT N SEED SURVIVORS EQUIVALENT [GAP]
#   OUT         a full run's folder (manifest-all.tsv, reference.json,
#               mutants/*.status, report.txt), as run.sh leaves it
#   N SEED      the conf's ci_sample and ci_seed
#   SURVIVORS   tests/<id>/mutation-survivors.txt as it was before the run
#   EQUIVALENT  tests/<id>/equivalent.txt
#   GAP         points (default 5)
# run.sh puts the line in the report, above its score line.  A sample
# that reads far better than the whole means CI no longer watches the
# tests' weak spots: CI would pass a kit whose full score is too low.
set -u
out=$1 n=$2 seed=$3 survivors=$4 equivalent=$5 gap=${6:-5}
dir=$out/ci-gap
rm -rf "$dir" && mkdir -p "$dir" || exit 2
sh tests/mutation/sample.sh "$n" "$seed" "$survivors" < "$out/manifest-all.tsv" \
    > "$dir/manifest.tsv" 2>/dev/null || exit 2
cp "$out/manifest-all.tsv" "$out/reference.json" "$dir/" || exit 2
mkdir -p "$dir/mutants"
cut -f1 "$dir/manifest.tsv" | while read -r id; do
    [ -f "$out/mutants/$id.status" ] && cp "$out/mutants/$id.status" "$dir/mutants/"
done
sh tests/mutation/report.sh "$dir" "$equivalent" 0 1 > "$dir/report.txt" 2>/dev/null || exit 2
percent() { tail -n 1 "$1" | sed -n 's/^mutation score: .*(\([0-9.]*\)%)$/\1/p'; }
awk -v c="$(percent "$dir/report.txt")" -v f="$(percent "$out/report.txt")" -v g="$gap" \
    -v n="$(wc -l < "$dir/manifest.tsv")" 'BEGIN {
    if (c != "" && f != "" && c - f > g)
        printf "WARNING: CI'\''s sample (%d mutants) scores %.1f%% on these verdicts, %.1f points above this full run: it hides survivors; raise ci_sample or change ci_seed in mutation.conf\n", n, c, c - f
}'
rm -rf "$dir"

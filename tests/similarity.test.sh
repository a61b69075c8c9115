# similarity.test.sh -- build/similarity (grader/similarity/) finds
# disguised copies, passes independent work and the starter, and takes
# any input.
#
#   - A disguise corpus: independent implementations the kit holds (the
#     references and the examples written apart from them: Chinese Checkers'
#     split_files, Halma's correct), each with four disguised copies made by
#     build/tests/similarity_disguise (tests/similarity/disguise.c):
#     renamed, re-laid-out, reordered, dead code, for -> while, declarations
#     reordered, functions split in two, in four mixes.  Every pair of one family (a copy pair) must
#     rank above every pair of two families (independent work, sharing at
#     most the starter), every copy pair must be flagged and no independent
#     pair; precision and recall at the default threshold are printed, and
#     the same figures of Debian's sim_c on the corpus when it is installed.
#   - A class of four who kept the starter unchanged (laid out anew) has no
#     flagged pair, and the page says how much base code was removed.
#   - Bad input: a binary file, ill-formed UTF-8, an empty submission, a
#     file of prose named .c, a 10 MB source, a broken archive (a good .zip
#     is compared) and hostile names and contents (also opened in Chromium):
#     exit 0 and a note for each, and nothing student-made unescaped in
#     the pages.
#   - Behaviour: two independent programs sharing a wrong output no one
#     else printed are flagged for it (not for their code); one most of
#     the class printed flags no pair.
#   - --earlier: an earlier term's students are paired with this class's,
#     never with each other.
#   - grade-all --similarity writes the pages beside summary.html, and
#     without the option nothing is written; no student page links to it.
#   - Resuming: a re-run reuses every student's cached fingerprints and
#     writes the same bytes; a changed submission alone is computed again;
#     a run killed with -9 (and a cached entry torn in half) is resumed to
#     the files a fresh run writes.
# Run through tests/run.sh after `make` (seconds).
. tests/lib.sh

SIM=build/similarity
DISGUISE=build/tests/similarity_disguise
if [ ! -x "$SIM" ] || [ ! -x "$DISGUISE" ]; then
    check "similarity: build/similarity and its disguise generator are built (make)" false
    exit 0
fi
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

# disguise FAMILY SOURCE_DIR CLASS_DIR: the family's original and four
# disguised copies into CLASS_DIR, as FAMILY__orig, FAMILY__mixN.
disguise() {
    mkdir -p "$3/$1__orig"
    cp -r "$2"/. "$3/$1__orig/"
    n=0
    for mix in rlodwsf rlw lo dsf; do
        n=$((n + 1))
        (cd "$2" && find . -name '*.[ch]') | while read -r f; do
            mkdir -p "$3/$1__mix$n/$(dirname "$f")"
            "$DISGUISE" -m "$mix" -s "$n" "$2/$f" "$3/$1__mix$n/$f" || exit 1
        done
    done
}

# verdicts CSV CLASS_DIR: one line per pair of the class, "copy" or
# "independent", its similarity (0 when not reported) and its flag.
verdicts() {
    ls "$2" | awk -v csv="$1" '
        BEGIN { FS = ","
                while ((getline line < csv) > 0) {
                    sub(/\r$/, "", line)
                    split(line, f, ",")
                    sim[f[2] SUBSEP f[3]] = f[4]; flag[f[2] SUBSEP f[3]] = f[9] } }
        { id[n++] = $0 }
        END { for (i = 0; i < n; i++) for (j = i + 1; j < n; j++) {
                  a = id[i]; b = id[j]; sub(/__.*/, "", a); sub(/__.*/, "", b)
                  k = id[i] SUBSEP id[j]
                  print (a == b ? "copy" : "independent"), (k in sim ? sim[k] : 0), (flag[k] == "yes" ? "flagged" : "-") } }'
}

# corpus ID FAMILY DIR ...: the class of those families, graded for
# similarity; its verdicts in $WORK/ID.verdicts.
corpus() {
    id=$1
    shift
    mkdir -p "$WORK/$id/class" "$WORK/$id/out"
    while [ $# -gt 0 ]; do
        disguise "$1" "$2" "$WORK/$id/class"
        shift 2
    done
    "$SIM" -a "$id" "$WORK/$id/class" -o "$WORK/$id/out" >/dev/null &&
        verdicts "$WORK/$id/out/similarity.csv" "$WORK/$id/class" >"$WORK/$id.verdicts"
}

corpus chinese-checkers reference solution/chinese-checkers \
    apart tests/chinese-checkers/submissions/split_files
corpus halma reference solution/halma apart tests/halma/submissions/correct
cat "$WORK/chinese-checkers.verdicts" "$WORK/halma.verdicts" >"$WORK/all.verdicts"

copies_rank_first() {
    for v in "$WORK/chinese-checkers.verdicts" "$WORK/halma.verdicts"; do
        awk '$1 == "copy" && (low == "" || $2 < low) { low = $2 }
             $1 == "independent" && $2 > high { high = $2 }
             END { printf "lowest copy pair %s, highest independent pair %s\n", low, high + 0
                   exit !(low != "" && low > high + 0) }' "$v" || return 1
    done
}
check "similarity: every disguised copy pair ranks above every independent pair" copies_rank_first

check "similarity: every disguised copy pair is flagged" \
    sh -c "! grep '^copy .* -\$' '$WORK/all.verdicts'"
check "similarity: no pair of independent implementations (sharing the starter) is flagged" \
    sh -c "! grep '^independent .* flagged\$' '$WORK/all.verdicts'"
# The same corpus through Debian's sim_c (similarity-tester), when it is
# installed, for comparison only: a pair's score is the larger of its two
# "A consists for N % of B material" (0 when sim_c names none), each
# student's files joined into one.  Figures, no check.
simc_figures() {
    for id in chinese-checkers halma; do
        mkdir -p "$WORK/simc-$id"
        for d in "$WORK/$id/class"/*/; do
            find "$d" -name '*.[ch]' | sort | xargs cat >"$WORK/simc-$id/$(basename "$d").c"
        done
        (cd "$WORK/simc-$id" && sim_c -p -e -t 1 ./*.c) 2>/dev/null |
            sed -n 's#^\./\(.*\)\.c consists for \([0-9]*\) % of \./\(.*\)\.c material#\1 \3 \2#p' >"$WORK/simc-$id.pct"
        ls "$WORK/$id/class" | awk -v pct="$WORK/simc-$id.pct" '
            BEGIN { while ((getline < pct) > 0) { k = ($1 < $2) ? $1 SUBSEP $2 : $2 SUBSEP $1
                                                  if ($3 / 100 > s[k]) s[k] = $3 / 100 } }
            { id[n++] = $0 }
            END { for (i = 0; i < n; i++) for (j = i + 1; j < n; j++) {
                      a = id[i]; b = id[j]; sub(/__.*/, "", a); sub(/__.*/, "", b)
                      print (a == b ? "copy" : "independent"), s[id[i] SUBSEP id[j]] + 0,
                            (s[id[i] SUBSEP id[j]] >= 0.40 ? "flagged" : "-") } }'
    done
}
figures() {
    awk '$1 == "copy" && (low == "" || $2 < low) { low = $2 } $1 != "copy" && $2 > high { high = $2 }
         $3 == "flagged" && $1 == "copy" { tp++ } $3 == "flagged" && $1 != "copy" { fp++ }
         $3 != "flagged" && $1 == "copy" { fn++ }
         END { printf "  figures (%s): %d copy pairs, %d independent; lowest copy pair %.3f, highest independent %.3f; at 0.40 precision %.2f, recall %.2f\n",
                      who, tp + fn, NR - tp - fn, low, high, tp + fp ? tp / (tp + fp) : 1, tp + fn ? tp / (tp + fn) : 1 }' who="$1" "$2"
}
figures similarity "$WORK/all.verdicts"
if command -v sim_c >/dev/null 2>&1; then
    simc_figures >"$WORK/simc.verdicts"
    figures "sim_c, the same corpus" "$WORK/simc.verdicts"
fi

# Resuming: each student's prepared submission is cached in
# CLASS_DIR/similarity/cache, keyed by the submission's bytes; the count
# "(N from the cache)" on the summary line shows how many were reused.
R=$WORK/resume
mkdir -p "$R"
cp -r "$WORK/chinese-checkers/class" "$R/class"
cp -r "$WORK/chinese-checkers/out" "$R/first"
"$SIM" -a chinese-checkers "$R/class" -o "$WORK/chinese-checkers/out" >"$R/again.log" 2>&1
check "similarity: a re-run over the same class reuses every cached student, its files byte-identical" \
    sh -c "grep -q '10 submissions (10 from the cache)' '$R/again.log' && diff -r '$R/first' '$WORK/chinese-checkers/out'"
printf 'int late_helper(int q) { while (q > 1) q = q %% 2 ? 3 * q + 1 : q / 2; return q; }\n' >>"$R/class/apart__mix2/src/game/main.c"
cp -r "$R/first" "$R/changed"
"$SIM" -a chinese-checkers "$R/class" -o "$R/changed" >"$R/changed.log" 2>&1
mkdir -p "$R/fresh"
"$SIM" -a chinese-checkers "$R/class" -o "$R/fresh" >/dev/null 2>&1
check "similarity: a changed submission is computed again, the rest reused, as a fresh run" \
    sh -c "grep -q '10 submissions (9 from the cache)' '$R/changed.log' && diff -r '$R/fresh' '$R/changed'"
# Killed with -9 once a student is cached (or after the end, on a fast
# machine: the check holds either way), and one cached entry cut in half
# as a torn write would leave it: the re-run trusts only whole entries
# and writes what a fresh run writes.
killed_run_resumes() {
    mkdir -p "$R/killed"
    "$SIM" -a chinese-checkers "$R/class" -o "$R/killed" >/dev/null 2>&1 &
    pid=$!
    i=0
    while [ -z "$(ls "$R/killed/similarity/cache" 2>/dev/null)" ] && [ $i -lt 600 ]; do
        sleep 0.01
        i=$((i + 1))
    done
    kill -9 "$pid" 2>/dev/null
    wait "$pid" 2>/dev/null
    saved=$(ls "$R/killed/similarity/cache" | wc -l)
    torn=$(ls "$R/killed/similarity/cache" | head -n 1)
    [ "$saved" -ge 1 ] || return 1
    head -c 1000 "$R/killed/similarity/cache/$torn" >"$R/torn" && mv "$R/torn" "$R/killed/similarity/cache/$torn"
    "$SIM" -a chinese-checkers "$R/class" -o "$R/killed" >"$R/killed.log" 2>&1 || return 1
    echo "  figures (resuming): $saved cached before the kill, one torn; re-run: $(sed -n 's/.*(\([0-9]* from the cache\)).*/\1/p' "$R/killed.log")" >"$R/figures"
    grep -q "($((saved - 1)) from the cache)" "$R/killed.log" && diff -r "$R/fresh" "$R/killed"
}
check "similarity: a run killed with -9 and run again writes what a fresh run writes" killed_run_resumes
cat "$R/figures" 2>/dev/null

# A class that kept the starter unchanged: no flagged pair.
mkdir -p "$WORK/starter/class" "$WORK/starter/out"
for n in 1 2 3 4; do
    mkdir -p "$WORK/starter/class/s$n"
    for f in starter/chinese-checkers/*.c starter/chinese-checkers/*.h; do
        "$DISGUISE" -m l -s "$n" "$f" "$WORK/starter/class/s$n/$(basename "$f")"
    done
done
"$SIM" -a chinese-checkers "$WORK/starter/class" -o "$WORK/starter/out" >"$WORK/starter/log" 2>&1
check "similarity: a class that kept the starter unchanged has no flagged pair" \
    sh -c "grep -q ' 0 flagged' '$WORK/starter/log' && ! grep -q ',yes\$' '$WORK/starter/out/similarity.csv'"
check "similarity: the page says how much base code was removed" \
    grep -q 'Removed as base code ([0-9]* starter, header and given files): [1-9]' "$WORK/starter/out/similarity.html"

# Bad input, one student each, and two students sharing hostile code.
B=$WORK/bad/class
mkdir -p "$B/binary" "$B/latin1" "$B/empty" "$B/prose" "$B/big" "$B/<b>x&\"" "$B/copy" "$WORK/bad/out"
cp solution/chinese-checkers/*.c "$B/binary/"
printf 'int x;\000\001\002\377' >"$B/binary/junk.c"
sed "s#^int main#/* caf$(printf '\351') */ &#" tests/chinese-checkers/submissions/split_files/src/game/main.c >"$B/latin1/main.c"
printf 'This is my report.\nIt has no code in it, only words\n' >"$B/prose/notes.c"
echo 'readme' >"$B/prose/README.txt"
awk 'BEGIN { for (i = 0; i < 200000; i++) printf "int f%d(int x) { return x * %d + 1; }\n", i, i }' >"$B/big/big.c"
cp solution/chinese-checkers/checkers.c "$B/copy/"
cp solution/chinese-checkers/checkers.c "$B/<b>x&\"/<script>.c"
printf '/* </pre><script>alert(1)</script> */\nconst char *h(void) { return "</a><script>alert(2)</script>"; }\n' | tee -a "$B/copy/checkers.c" >>"$B/<b>x&\"/<script>.c"
(cd solution/chinese-checkers && zip -q "$B/zipped.zip" checkers.c game.c)
printf 'PK\003\004 not a zip' >"$B/broken.zip"
"$SIM" -a chinese-checkers "$B" -o "$WORK/bad/out" >"$WORK/bad/log" 2>&1
echo "exit $?" >>"$WORK/bad/log"
check "similarity: bad input is no error (exit 0, pages written)" \
    sh -c "grep -q '^exit 0' '$WORK/bad/log' && test -s '$WORK/bad/out/similarity.html' && test -s '$WORK/bad/out/similarity/pair-1.html'"
for note in 'binary: junk.c: binary, skipped' 'latin1: main.c: not UTF-8' 'empty: no C source' \
            'prose: notes.c: does not look like C' 'prose: 1 file not .c or .h ignored' \
            'big: big.c: larger than 1024 KiB' 'broken: bad archive'; do
    check "similarity: a note says '$note'" \
        grep -q "<li>${note%%: *}: .*${note#*: }" "$WORK/bad/out/similarity.html"
done
check "similarity: a student's .zip is unpacked and compared under its id" \
    grep -q ',zipped,1.000,.*,yes,' "$WORK/bad/out/similarity.csv"
check "similarity: hostile names and file contents are escaped in every page" \
    sh -c "! grep -rq --exclude-dir=cache '<script>\|<b>x' '$WORK/bad/out/similarity.html' '$WORK/bad/out/similarity/' &&
           grep -q '&lt;script&gt;alert(1)' '$WORK/bad/out/similarity/pair-1.html' &&
           grep -q '&lt;script&gt;alert(2)' '$WORK/bad/out/similarity/pair-1.html'"

# The hostile pair's page in a browser: the student's "<script>" stays
# text, the matched regions are links.
CHROMIUM=$(command -v chromium || command -v chromium-browser)
hostile_page_in_browser() {
    timeout 120 "$CHROMIUM" --headless --no-sandbox --disable-gpu \
        --disable-background-networking --disable-component-update --disable-sync \
        --no-first-run --user-data-dir="$WORK/profile" --dump-dom \
        "file://$WORK/bad/out/similarity/pair-1.html" >"$WORK/pair.dom" 2>/dev/null &&
    grep -q '<a class="m" id="a-0" href="#b-0">' "$WORK/pair.dom" &&
    grep -q '&lt;script&gt;alert(2)' "$WORK/pair.dom" &&
    ! grep -q '<script' "$WORK/pair.dom"
}
if [ -n "$CHROMIUM" ]; then
    check "similarity: in Chromium, a side-by-side page of hostile code runs none of it" hostile_page_in_browser
else
    skip "similarity: side-by-side page in Chromium" "chromium is not installed"
fi

# Behaviour: two independent programs that printed the same wrong output,
# which no one else did, are flagged beside their code; a wrong output
# most of the class printed flags no one.  The graded class is made up:
# each student's result.json names the failing tests and their output.
V=$WORK/behaviour
mkdir -p "$V/class/alice" "$V/class/bob" "$V/out"
cp solution/chinese-checkers/*.c "$V/class/alice/"
cp -r tests/chinese-checkers/submissions/split_files/. "$V/class/bob/"
for id in carol dan erin; do
    mkdir -p "$V/class/$id"
    cp starter/chinese-checkers/*.c "$V/class/$id/"
done
rare='{"name": "transcript/hidden/chain", "category": "transcript", "status": "failed", "output": "> RED wins\u001b"}'
common='{"name": "transcript/hidden/quit", "category": "transcript", "status": "failed", "output": "> Bye"}'
passed='{"name": "transcript/public/start", "category": "transcript", "status": "passed", "output": ""}'
for id in alice bob carol dan erin; do
    mkdir -p "$V/out/$id"
    case $id in
        alice) tests="$rare, $common" ;;
        bob) tests="$rare, $passed" ;;
        *) tests="$common, $passed" ;;
    esac
    printf '{"score": 50, "tests": [%s]}\n' "$tests" >"$V/out/$id/result.json"
done
"$SIM" -a chinese-checkers "$V/class" -o "$V/out" >"$V/log" 2>&1
check "similarity: independent programs with the same rare wrong output are flagged for it, not for their code" \
    grep -q '^[0-9]*,alice,bob,[^,]*,[^,]*,[^,]*,[^,]*,[^,]*,no,1,1,[0-9.]*,yes' "$V/out/similarity.csv"
check "similarity: a wrong output most of the class printed flags no pair" \
    sh -c "! grep -E ',(carol|dan|erin),.*,yes.\$' '$V/out/similarity.csv'"

# An earlier term: its students are compared with this class, never with
# each other.
T=$WORK/terms
mkdir -p "$T/now/carol" "$T/now/dave" "$T/2025-fall/x" "$T/2025-fall/y" "$T/out"
cp solution/chinese-checkers/*.c "$T/now/carol/"
cp -r tests/chinese-checkers/submissions/split_files/. "$T/now/dave/"
cp solution/chinese-checkers/*.c "$T/2025-fall/x/"
cp solution/chinese-checkers/*.c "$T/2025-fall/y/"
"$SIM" -a chinese-checkers "$T/now" --earlier "$T/2025-fall" -o "$T/out" >/dev/null 2>&1
check "similarity: --earlier pairs this class with an earlier term's students, not those among themselves" \
    sh -c "grep -q ',carol,2025-fall/x,1.000,.*,yes,' '$T/out/similarity.csv' &&
           ! grep -q '2025-fall/x,2025-fall/y' '$T/out/similarity.csv'"

# grade-all --similarity runs it after grading (a stand-in grader keeps this
# cheap: the students' verdicts do not matter here), and only then.
G=$WORK/grade-all
mkdir -p "$G/subs" "$G/out" "$G/plain"
cp -r solution/chinese-checkers "$G/subs/alice"
cp -r solution/chinese-checkers "$G/subs/bob"
printf '#!/bin/sh\necho "{}"\n' >"$G/grade"
chmod +x "$G/grade"
build/grade-all -a chinese-checkers --grader "$G/grade" --similarity "$G/subs" -o "$G/out" >/dev/null 2>&1
build/grade-all -a chinese-checkers --grader "$G/grade" "$G/subs" -o "$G/plain" >/dev/null 2>&1
check "similarity: grade-all --similarity writes similarity.html and .csv beside summary.html" \
    sh -c "grep -q '^1,alice,bob,1.000,.*,yes' '$G/out/similarity.csv' && test -s '$G/out/similarity.html'"
check "similarity: grade-all without --similarity writes none of it, and no student page links to it" \
    sh -c "test ! -e '$G/plain/similarity.html' && ! grep -rlq similarity '$G/out/summary.html' '$G/out/alice' '$G/out/bob'"

#!/bin/sh
# report.sh -- turns the verdicts of a mutation run into its report.
#
# usage: sh tests/mutation/report.sh OUT EQUIVALENT SECONDS JOBS [LOAD]
#   OUT         the run's folder: manifest.tsv (the mutants judged),
#               reference.json (the grade of the reference), mutants/ID.status
#               and ID.diff (from grade-one.sh), and manifest-all.tsv (every
#               mutant, when only some were judged: an entry of EQUIVALENT
#               is stale only if it matches none; made from manifest.tsv
#               when missing); optional: title.txt, the report's first
#               line, and idle.txt, lines "REGEX<TAB>REASON" saying why the
#               tests whose names match REGEX cannot kill any mutant
#   EQUIVALENT  the reviewed list, tests/<id>/equivalent.txt
#   SECONDS     the run's wall time;  JOBS  mutants graded at a time
#   LOAD        optional: the machine's load when the run began, as text
# Prints the report; its last line is "mutation score: K/N killed (P%)".
# Writes OUT/survivors.txt: the key of each surviving mutant, one a line
# (FILE PLACE OPERATOR :: MUTATED LINE), for tests/<id>/mutation-survivors.txt.
#
# A survivor whose key is in EQUIVALENT is an equivalent mutant, as is one
# whose object code is the reference's (grade-one.sh); neither counts, nor
# does a stillborn one.  N is killed + survived.  The key of a mutant is
# its file, its place (FUNCTION+LINE) and operator, and its mutated line
# with the outer white space trimmed.  run.sh calls this; it is separate so
# that tests/mutation.test.sh can feed it made-up verdicts.
set -u
out=$1 equivalent=$2 seconds=$3 jobs=$4 load=${5:-}

jq -r '.tests[].name' "$out/reference.json" > "$out/tests.txt" || exit 2
[ -f "$out/title.txt" ] || echo "Mutation analysis of the reference" > "$out/title.txt"
[ -f "$out/idle.txt" ] || : > "$out/idle.txt"
cat "$out"/mutants/*.status > "$out/results.tsv" 2>/dev/null || : > "$out/results.tsv"
all=$out/manifest-all.tsv
[ -f "$all" ] || cp "$out/manifest.tsv" "$all" || exit 2

awk -v TESTS="$out/tests.txt" -v EQUIV="$equivalent" -v IDLE="$out/idle.txt" -v TITLE="$out/title.txt" \
    -v SURVIVORS="$out/survivors.txt" -v ENAME="$equivalent" -v MANIFEST="$out/manifest.tsv" \
    -v RESULTS="$out/results.tsv" -v ALL="$all" -v DIFFS="$out/mutants" -v SECONDS="$seconds" -v JOBS="$jobs" -v LOAD="$load" \
    -v STAGED="${MUT_STAGED:-0}" '
function trim(s) { sub(/^[ \t]+/, "", s); sub(/[ \t]+$/, "", s); return s }
function file_of(id,   f) { f = id; sub(/-[0-9]+$/, "", f); return f ".c" }
function key_of(id) { return file_of(id) SUBSEP place[id] SUBSEP op[id] SUBSEP trim(text[id]) }
function key_of_row(   f) { f = $1; sub(/-[0-9]+$/, "", f); return f ".c" SUBSEP $5 SUBSEP $3 SUBSEP trim($6) }
function pct(k, n) { return n ? sprintf("%.1f%%", 100 * k / n) : "-" }
function show_diff(id,   path, l) {
    path = DIFFS "/" id ".diff"
    while ((getline l < path) > 0)
        print "      " l
    close(path)
}
# Why some tests cannot kill any mutant of this analysis.
function idle_reason(test,   i) {
    if (test == "build/compiles")
        return "  (fails only for stillborn mutants, which are not scored)"
    for (i = 1; i <= nidler; i++)
        if (test ~ idler[i])
            return "  (" idlewhy[i] ")"
    return ""
}
function read_equivalent(   parts, head, n) {
    if ($0 ~ /^[ \t]*(#|$)/)
        return
    n = split($0, parts, / :: /)
    split(trim(parts[1]), head, /[ \t]+/)
    if (n != 3 || (head[1] != "same" && head[1] != "no-args" && head[1] != "contract")) {
        warn[++nwarn] = ENAME ":" FNR ": not KIND FILE PLACE OPERATOR :: LINE :: WHY"
        return
    }
    k = head[2] SUBSEP head[3] SUBSEP head[4] SUBSEP trim(parts[2])
    ekind[k] = head[1]; ewhy[k] = trim(parts[3]); eline[k] = FNR
}
BEGIN {
    FS = "\t"
    ncat = split("required game output memory", cats, " ")
    cname["required"] = "required function"; cname["game"] = "game loop"
    cname["output"] = "output format"; cname["memory"] = "memory"
}
FILENAME == TESTS { tests[++ntests] = $0; next }
FILENAME == TITLE { title = $0; next }
FILENAME == IDLE { idler[++nidler] = $1; idlewhy[nidler] = $2; next }
FILENAME == EQUIV { read_equivalent(); next }
FILENAME == MANIFEST {
    ids[++n] = $1; cat[$1] = $2; op[$1] = $3; line[$1] = $4; place[$1] = $5; text[$1] = $6
    if (!($3 in opseen)) { opseen[$3] = 1; ops[++nops] = $3 }
    if (!($2 in cname)) { cname[$2] = $2; cats[++ncat] = $2 }
    next
}
FILENAME == RESULTS { st[$1] = $2; fail[$1] = $4; note[$1] = $5; next }
FILENAME == ALL { exists[key_of_row()] = 1; nall++; next }
END {
    for (i = 1; i <= n; i++) {
        id = ids[i]; s = (id in st) ? st[id] : "missing"; k = key_of(id)
        if (k in ekind) {
            if (s == "survived")
                s = "equivalent-" ekind[k]
            else
                warn[++nwarn] = ENAME ":" eline[k] ": " id " is listed but was " s
        }
        verdict[id] = s
        count[s]++; bycat[cat[id], s]++; byop[op[id], s]++
        if (s == "killed") {
            m = split(fail[id], f, " ")
            for (j = 1; j <= m; j++)
                killer[f[j]]++
            if (fail[id] == "style/no_warnings")
                style_only[++nstyle] = id
        }
        if (note[id] != "" && (s == "killed" || s == "survived"))
            noted[++nnoted] = id
    }
    for (k in ekind)
        if (!(k in exists))
            warn[++nwarn] = ENAME ":" eline[k] ": matches no mutant of this run (stale?)"
    K = count["killed"] + 0; N = K + count["survived"]
    eqv = count["equivalent-object"] + count["equivalent-same"] + count["equivalent-no-args"] + count["equivalent-contract"]
    soft = count["equivalent-no-args"] + count["equivalent-contract"]

    print title
    print "graded by the grader with its full default suite, " JOBS " mutants at a time"
    print ""
    if (nall > n)
        printf "mutants judged              %4d   a sample of the %d generated: a full\n" \
            "                                   run (make mutation) judges every one\n", n, nall
    else
        printf "mutants generated           %4d\n", n
    printf "  stillborn (no build)      %4d   not in the score\n", count["stillborn"]
    printf "  equivalent                %4d   not in the score: %d same object code,\n", eqv, count["equivalent-object"]
    printf "                                   %d reviewed (same), %d reviewed (no-args),\n" \
        "                                   %d reviewed (contract)\n", count["equivalent-same"], count["equivalent-no-args"], count["equivalent-contract"]
    printf "  killed                    %4d\n", K
    printf "  survived                  %4d\n", count["survived"]
    if (count["missing"] + count["error"])
        printf "  NOT JUDGED                %4d   (interrupted or the grader failed)\n", count["missing"] + count["error"]
    print ""
    print "by category              killed/scored  score    stillborn  equivalent"
    for (c = 1; c <= ncat; c++) {
        x = cats[c]; kk = bycat[x, "killed"] + 0; nn = kk + bycat[x, "survived"]
        e = bycat[x, "equivalent-object"] + bycat[x, "equivalent-same"] + bycat[x, "equivalent-no-args"] + bycat[x, "equivalent-contract"]
        printf "  %-22s %5d/%-5d  %-7s  %9d  %10d\n", cname[x], kk, nn, pct(kk, nn), bycat[x, "stillborn"], e
    }
    print ""
    print "by operator   generated  killed  survived  stillborn  equivalent"
    for (o = 1; o <= nops; o++) {
        x = ops[o]; g = 0
        for (i = 1; i <= n; i++) g += op[ids[i]] == x
        e = byop[x, "equivalent-object"] + byop[x, "equivalent-same"] + byop[x, "equivalent-no-args"] + byop[x, "equivalent-contract"]
        printf "  %-11s %9d  %6d  %8d  %9d  %10d\n", x, g, byop[x, "killed"], byop[x, "survived"], byop[x, "stillborn"], e
    }
    print ""
    printf "killed only by style/no_warnings (a compiler warning): %d\n", nstyle
    for (i = 1; i <= nstyle; i++) printf "  %s %s %s\n", style_only[i], op[style_only[i]], place[style_only[i]]
    print ""
    printf "surviving mutants: %d\n", count["survived"]
    printf "" > SURVIVORS
    for (i = 1; i <= n; i++) {
        id = ids[i]
        if (verdict[id] != "survived") continue
        printf "%s %s %s :: %s\n", file_of(id), place[id], op[id], trim(text[id]) > SURVIVORS
        printf "  %s  %s, %s at %s\n", id, cname[cat[id]], op[id], place[id]
        show_diff(id)
    }
    print ""
    printf "equivalent mutants, reviewed (%s): %d\n", ENAME, count["equivalent-same"] + count["equivalent-no-args"] + count["equivalent-contract"]
    for (i = 1; i <= n; i++) {
        id = ids[i]
        if (verdict[id] !~ /^equivalent-(same|no-args|contract)$/) continue
        k = key_of(id)
        printf "  %s  %s, %s at %s [%s] %s\n", id, cname[cat[id]], op[id], place[id], ekind[k], ewhy[k]
        show_diff(id)
    }
    print ""
    printf "equivalent mutants, same object code as the reference: %d\n", count["equivalent-object"]
    for (i = 1; i <= n; i++)
        if (verdict[ids[i]] == "equivalent-object")
            printf "  %s  %-10s %-18s %s\n", ids[i], op[ids[i]], place[ids[i]], trim(text[ids[i]])
    print ""
    printf "stillborn mutants: %d\n", count["stillborn"]
    for (i = 1; i <= n; i++)
        if (verdict[ids[i]] == "stillborn")
            printf "  %s  %-10s %-18s %s\n", ids[i], op[ids[i]], place[ids[i]], trim(text[ids[i]])
    nidle = 0; nstaged = 0
    for (t = 1; t <= ntests; t++)
        if (STAGED == 1 && tests[t] ~ /^memory\//) nstaged++
        else if (!(tests[t] in killer)) idle[++nidle] = tests[t]
    print ""
    printf "tests that kill nothing: %d of %d\n", nidle, ntests - nstaged
    if (nstaged)
        printf "  (the %d memory checks are left out: graded in two stages, a mutant met them only when the other tests gave it full marks)\n", nstaged
    for (t = 1; t <= nidle; t++) print "  " idle[t] idle_reason(idle[t])
    if (nnoted) {
        print ""
        print "notes:"
        for (i = 1; i <= nnoted; i++) printf "  %s: %s (%s)\n", noted[i], note[noted[i]], verdict[noted[i]]
    }
    if (nwarn) {
        print ""
        print "warnings:"
        for (i = 1; i <= nwarn; i++) print "  " warn[i]
    }
    print ""
    if (soft)
        printf "(counting the %d no-args and contract mutants as survivors instead: %d/%d, %s)\n",
               soft, K, N + soft, pct(K, N + soft)
    printf "run time: %d min %02d s%s\n", SECONDS / 60, SECONDS % 60, LOAD == "" ? "" : " (" LOAD ")"
    printf "mutation score: %d/%d killed (%s)\n", K, N, N ? sprintf("%.1f%%", 100 * K / N) : "0.0%"
}' "$out/tests.txt" "$out/title.txt" "$out/idle.txt" "$equivalent" "$out/manifest.tsv" "$out/results.tsv" "$all"

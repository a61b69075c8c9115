#!/bin/sh
# kit_docs.test.sh -- every student kit's documents name only what the kit
# has, and state the limits the grader applies.
#
# For each assignment of the root Makefile's ASSIGNMENTS, the student kit
# is built as `make dist` builds it (grader/dist/make-dist.sh
# --student-only: the tarball alone) and unpacked; its documents are the
# kit's README.md, starter/ID/ (README.md, Makefile, headers, sources),
# handout/ID/handout.md, sample_io/ID/README.md, the rubric and, where the
# kit has it, grader/referee/RECORD.md.  For each kit:
#
#   - paths: every file or folder a document names (a path with a '/', or
#     a file name in `backticks`) exists in the kit -- beside the document,
#     from the kit's root, in starter/ID/ or in sample_io/ID/public/.
#     Placeholders (NAME.in, ID), files the student makes (games/, dist/,
#     report.html, ...) and what a build makes (build/X: then X must be a
#     target of the kit's Makefile) are not files to look for;
#   - make targets: every `make TARGET` a document shows is a target of
#     starter/ID/Makefile or of the kit's Makefile;
#   - unit suites: every suite a document names ("Graded by the unit
#     suite(s) ...", "Suites: ...") has tests (the kit's public.list and
#     the staff's hidden.list), and the handout names every suite;
#   - sections: every link #anchor of the handout is one of its headings,
#     and every section another document quotes (the handout's "X",
#     handout: "X") is a heading or a bold paragraph title of it;
#   - limits: every number a document gives for a rubric option (`NAME` N,
#     "N times what the reference ...", "N seconds per unit test", "N
#     seconds wall-clock", "N seconds of CPU time per session") is the
#     rubric's;
#   - the header: a document that says the grader compiles against its
#     own copy also says when the student's copy is kept (intact);
#   - the build: the starter Makefile builds a .c file put in a
#     sub-folder, as the grader does;
#   - install-deps.sh --kit --check says "all present" when it exits 0,
#     and names what is missing otherwise.
# Run from the repository root after `make` (it needs build/unit/ID/*.list
# and renders build/handout-ID.html with `make handout-ID` when missing):
# sh tests/run.sh tests/kit_docs.test.sh.  About 20 seconds.
. tests/lib.sh
set -u

TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

ASSIGNMENTS=${ASSIGNMENTS:-$(sed -n 's/^ASSIGNMENTS *:*= *//p' Makefile | head -n 1)}

# rubric_value RUBRIC OPTION: the option's value in the rubric.
rubric_value() {
    sed -n "s/^option[[:space:]]\{1,\}$2[[:space:]]\{1,\}\([^[:space:]]*\).*/\1/p" "$1" | head -n 1
}

# docs: the documents of the kit $K for assignment $ID, one a line.
docs() {
    for f in README.md starter/$ID/README.md starter/$ID/Makefile starter/$ID/*.h starter/$ID/*.c \
             handout/$ID/handout.md sample_io/$ID/README.md grader/assignments/$ID/rubric.txt \
             grader/referee/RECORD.md; do
        [ -f "$K/$f" ] && echo "$f"
    done
}

# named_paths DOC: the paths DOC names, one a line: words with a '/' that
# end in a known extension or a '/', and bare file names in `backticks`.
named_paths() {
    grep -oE '[A-Za-z0-9_.@-]*(/[A-Za-z0-9_.@-]+)+(\.(c|h|md|txt|sh|list|json|mk|html|css|svg|in|out|args)\b|/)' "$K/$1" |
        sed 's/[.]$//'
    case $1 in
        *.md) grep -oE '`[A-Za-z0-9_.-]+\.(c|h|md|txt|sh|list|json|mk|html|in|out|args)`' "$K/$1" | tr -d '`' ;;
    esac
}

# not_a_file PATH: placeholders and things the student or a build makes.
not_a_file() {
    case $1 in
        *NAME* | *@ID@* | */ID/* | ID/* | .* | /* | */SET.list | *'<'* | *GAME_ID*) return 0 ;;
        games/* | dist/* | report.html | game.html | game.json | mine.in | result.json) return 0 ;;
        ROOT/* | KIT/* | BUILD/* | SUBMISSION_DIR* | DEST/* | OUTDIR/*) return 0 ;;
    esac
    # the other names the grader accepts for the header (the descriptor's
    # aliases): a name, not a file of the kit
    sed -n 's/.*aliases\[\] = {\(.*\)};.*/\1/p' "$K/grader/assignments/$ID/descriptor.c" |
        tr -d '",' | tr ' ' '\n' | grep -qxF -e "$1"
}

# kit_target DIR TARGET: TARGET is a rule of DIR's Makefile (make's own
# database, with its includes; nothing is run), read once per folder.
kit_target() {
    db=$TMP/rules-$(echo "$1" | tr '/' '_')
    [ -f "$db" ] || make -C "$1" -qp 2>/dev/null | sed -n 's/^\([^#[:space:]][^:=]*\):.*/\1/p' >"$db"
    grep -qxF -e "$2" "$db"
}

paths_exist() {
    bad=0
    for doc in $(docs); do
        dir=$(dirname "$doc")
        for p in $(named_paths "$doc" | sort -u); do
            not_a_file "$p" && continue
            case $p in
                build/*)
                    kit_target "$K" "$p" || kit_target "$K" "${p%/}" ||
                        { echo "$doc names $p, which the kit's Makefile does not build"; bad=1; }
                    continue ;;
            esac
            case $doc:$p in    # the rubric's rules name tests, not files
                *rubric.txt:unit/* | *rubric.txt:transcript/* | *rubric.txt:memory/*) continue ;;
            esac
            for base in "$K/$dir" "$K" "$K/starter/$ID" "$K/sample_io/$ID/public" "$K/sample_io/$ID" \
                        "$K/handout/$ID"; do
                [ -e "$base/$p" ] && continue 2
            done
            echo "$doc names $p: not in the student kit"
            bad=1
        done
    done
    return $bad
}

# shown_commands DOC: the text where DOC shows commands: `code`, fenced or
# indented blocks, and a Makefile's comment lines.
shown_commands() {
    case $1 in
        *Makefile) sed -n 's/^#[[:space:]]*//p' "$K/$1" ;;
        *.md) { grep -o '`[^`]*`' "$K/$1"
                awk '/^```/ { inside = !inside; next } inside || /^    / { print }' "$K/$1"; } ;;
        *) grep -oE '`[^`]*`|"[^"]*"' "$K/$1" ;;    # a comment's commands are quoted
    esac
}

# named_targets DOC: the targets of every `make ...` DOC shows.
named_targets() {
    # one space between the words of a command: "make    build ./halma"
    # is a table of commands and what they do; apt-get's "make" is a package
    shown_commands "$1" | tr -d '`' | grep -v 'apt-get' |
        grep -oE '(^|[^A-Za-z./-])make( (-C [^ ]+|-f [^ ]+|-j[0-9]*|--no-print-directory|[A-Z_]+=[^ ]*))* [a-z][a-z0-9-]*\b' |
        sed -E 's/.* ([a-z][a-z0-9-]*)$/\1/' | sort -u
}

targets_exist() {
    bad=0
    for doc in $(docs); do
        for t in $(named_targets "$doc"); do
            case $t in
                a | an | the | it | sure | your | one | them | this | all) [ "$t" = all ] || continue ;;
            esac
            kit_target "$K/starter/$ID" "$t" || kit_target "$K" "$t" ||
                { echo "$doc shows make $t: no such target in starter/$ID/Makefile or the kit's Makefile"; bad=1; }
        done
    done
    return $bad
}

# suites: every suite with a test, public or hidden.
suites() {
    cat "build/unit/$ID/public.list" "build/unit/$ID/hidden.list" 2>/dev/null | cut -d/ -f1 | sort -u
}

# named_suites DOC: the suites DOC names after "unit suite(s)", "unit
# tests" or "Suites:", up to the end of the sentence.
named_suites() {
    # "unit tests" names suites only in quotes or bold: "unit tests come
    # precomputed" does not
    tr '\n' ' ' <"$K/$1" | sed 's/\*\*/`/g; s/[*]//g; s/#  */ /g; s/  */ /g' |
        grep -oE '([Uu]nit suites? ["`]?|[Uu]nit tests ["`]|Suites: )[a-z_]+["`]?((,| and|, and| or) ["`]?[a-z_]+["`]?)*' |
        sed -E 's/^([Uu]nit (suites?|tests)|Suites:) //' | tr ',' '\n' | sed 's/ and / /; s/ or / /' |
        tr ' ' '\n' | tr -d '"`' | grep -E '^[a-z_]+$' | grep -vxE 'and|or'
}

suites_exist() {
    bad=0
    all=$(suites)
    for doc in $(docs); do
        for s in $(named_suites "$doc" | sort -u); do
            echo "$all" | grep -qx "$s" || { echo "$doc names the unit suite $s, which has no test"; bad=1; }
        done
    done
    for s in $all; do
        grep -qE "(\`|\*\*|\"|[ (])$s(\`|\*\*|\"|[ ,.)])" "$K/handout/$ID/handout.md" ||
            { echo "the handout never names the unit suite $s"; bad=1; }
    done
    return $bad
}

# anchors: the handout's heading ids, as pandoc makes them.
anchors() {
    sed -n 's/^#\{1,6\} \(.*\)/\1/p' "$K/handout/$ID/handout.md" |
        tr 'A-Z' 'a-z' | sed 's/[^a-z0-9 _.-]//g; s/ /-/g'
}

sections_exist() {
    bad=0
    hd=$K/handout/$ID/handout.md
    ids=$(anchors)
    for a in $(grep -oE '\]\(#[^)]+\)' "$hd" | sed 's/^](#//; s/)$//' | sort -u); do
        echo "$ids" | grep -qx "$a" || { echo "the handout links to #$a: no such heading"; bad=1; }
    done
    for doc in $(docs); do
        tr '\n' ' ' <"$K/$doc" | sed 's/#  */ /g; s/\*\*  */ /g; s/  */ /g' |
            grep -oE "handout('s|:| \() ?\"[^\"]+\"" | sed 's/^[^"]*"//; s/"$//' | sort -u |
            while IFS= read -r title; do
                grep -qxF -e "# $title" -e "## $title" -e "### $title" "$hd" ||
                    grep -qF "**$title.**" "$hd" ||
                    { echo "$doc quotes the handout's section \"$title\": no such heading"; exit 1; }
            done || bad=1
    done
    return $bad
}

# stated DOC OPTION PATTERN: the numbers DOC states for OPTION by PATTERN
# (an extended regex whose first number is the value).
limits_agree() {
    bad=0
    rubric=$K/grader/assignments/$ID/rubric.txt
    for doc in $(docs); do
        text=$(tr '\n' ' ' <"$K/$doc" | sed 's/\*\*//g; s/#  */ /g; s/  */ /g')
        for opt in $(sed -n 's/^option[[:space:]]\{1,\}\([a-z_]*\).*/\1/p' "$rubric"); do
            want=$(rubric_value "$rubric" "$opt")
            for got in $(echo "$text" | grep -oE "\`$opt\`,? [0-9.]+" | grep -oE '[0-9.]+$'); do
                [ "$got" = "$want" ] || { echo "$doc: \`$opt\` $got, the rubric's is $want"; bad=1; }
            done
        done
        check_phrase() {    # OPTION REGEX
            want=$(rubric_value "$rubric" "$1")
            for got in $(echo "$text" | grep -oE "$2" | grep -oE '^[^0-9]*[0-9.]+' | grep -oE '[0-9.]+$'); do
                [ "$got" = "$want" ] ||
                    { echo "$doc: \"$(echo "$text" | grep -oE "$2" | head -n 1)\", the rubric's $1 is $want"; bad=1; }
            done
        }
        check_phrase time_factor '[0-9]+ times what the reference'
        check_phrase unit_timeout '[0-9]+ seconds? per unit test'
        check_phrase unit_timeout '[0-9]+-second per-test'
        check_phrase wall_seconds '[0-9]+ seconds? wall-clock'
        check_phrase cpu_seconds '[0-9]+ seconds? of CPU time per session'
    done
    return $bad
}

header_rule_true() {
    bad=0
    for doc in $(docs); do
        if tr '\n' ' ' <"$K/$doc" | sed 's/#  */ /g; s/  */ /g' |
                grep -qE "(against|with) its own cop(y|ies)"; then
            grep -q "intact" "$K/$doc" ||
                { echo "$doc says the grader compiles with its own copy of the header, not when yours is kept"; bad=1; }
        fi
    done
    return $bad
}

makefile_builds_subfolders() {
    mkdir -p "$K/starter/$ID/tests"
    printf 'int my_own_test_main(void);\n' >"$K/starter/$ID/tests/my_test.c"
    out=$(make -C "$K/starter/$ID" -n 2>&1)
    rm -rf "$K/starter/$ID/tests"
    echo "$out" | grep -q 'tests/my_test.c' ||
        { echo "make in starter/$ID does not build tests/my_test.c; it runs:"; echo "$out"; return 1; }
}

deps_check_speaks() {
    out=$(sh "$K/grader/install-deps.sh" --kit --check 2>&1)
    rc=$?
    echo "install-deps.sh --kit --check: exit $rc, said: $out"
    if [ $rc -eq 0 ]; then
        echo "$out" | grep -q "all present"
    else
        echo "$out" | grep -q "missing"
    fi
}

for ID in $ASSIGNMENTS; do
    if [ ! -f "build/unit/$ID/public.list" ]; then
        skip "kit_docs: $ID" "run make first (no build/unit/$ID/public.list)"
        continue
    fi
    if [ ! -f "build/handout-$ID.html" ] && ! make "handout-$ID" >/dev/null 2>&1; then
        skip "kit_docs: $ID" "cannot render build/handout-$ID.html (pandoc)"
        continue
    fi
    if ! sh grader/dist/make-dist.sh --assignment "$ID" --student-only "$TMP/dist-$ID" >"$TMP/dist-$ID.log" 2>&1; then
        check "kit_docs: $ID: make-dist.sh --student-only" sh -c "cat '$TMP/dist-$ID.log'; false"
        continue
    fi
    mkdir -p "$TMP/kit"
    tar xzf "$TMP/dist-$ID/student-starter.tar.gz" -C "$TMP/kit"
    K=$TMP/kit/$ID
    check "kit_docs: $ID: every path the documents name is in the kit" paths_exist
    check "kit_docs: $ID: every make target shown exists" targets_exist
    check "kit_docs: $ID: every unit suite named has tests, and the handout names each" suites_exist
    check "kit_docs: $ID: every section linked or quoted is a heading of the handout" sections_exist
    check "kit_docs: $ID: every limit stated is the rubric's" limits_agree
    check "kit_docs: $ID: the header's rule is stated whole" header_rule_true
    check "kit_docs: $ID: the starter Makefile builds sub-folders as the grader does" makefile_builds_subfolders
    check "kit_docs: $ID: install-deps.sh --kit --check speaks" deps_check_speaks
done

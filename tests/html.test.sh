# html.test.sh -- the HTML reports (grader/report/html/html.h) end to end: grades two
# example submissions to JSON, renders a student report and a class
# summary with a small driver compiled here against the grader's objects,
# checks their content and that they are single files with no outside
# asset, then opens both in headless Chromium: the page must load without
# a console message, the boards, the histogram and the sorting script must
# be in the live DOM, and the screenshots must hold a real picture.  Also
# `grade --format html` once the command offers it.  Run through
# tests/run.sh after `make`.
. tests/lib.sh

GRADE=build/grade
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

# Missing objects fail, not skip: a renamed object once turned this whole
# suite into a skip that nobody noticed.
if [ ! -x "$GRADE" ] || [ ! -f build/obj/report/html/html_report.o ]; then
    check "html: build/grade and build/obj/report/html/html_report.o exist (run make)" false
    exit 0
fi

# A submission whose transcripts differ with both boards printed, and one
# that does not build.  Grading failures show in the checks below.
SUBS=$TMP/submissions
sh tests/submissions.sh chinese-checkers "$SUBS" jump_ignores_middle syntax_error
$GRADE --format json -o "$TMP/jim.json" $SUBS/jump_ignores_middle 2>"$TMP/grade.err"
$GRADE --format json -o "$TMP/syn.json" $SUBS/syntax_error 2>>"$TMP/grade.err"

# Everything a student's program might print, in a test's output and name.
jq '.tests[0].output = "<script>alert(1)</script> \u0001 \u001b[31m" |
    .tests[0].name = "a&b\"<i>"' "$TMP/syn.json" >"$TMP/hostile.json" 2>/dev/null

# The driver: `driver report IN.json NAME OUT` or `driver summary OUT
# ID=IN.json...` (a missing file stands for a submission not graded).
cat >"$TMP/driver.c" <<'EOF'
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "report/html/html.h"

static cJSON *load(const char *path)
{
    static char buf[1 << 22];
    FILE *f = fopen(path, "rb");
    size_t n = f ? fread(buf, 1, sizeof buf - 1, f) : 0;

    if (f) fclose(f);
    buf[n] = '\0';
    return n ? cJSON_Parse(buf) : NULL;
}

int main(int argc, char **argv)
{
    struct html_student s[16];
    int summary = argc > 2 && strcmp(argv[1], "summary") == 0;
    FILE *out = argc > 2 ? fopen(argv[summary ? 2 : 4], "w") : NULL;
    int i, n = 0, rc = -1;

    if (out && !summary && argc == 5)
        rc = html_student_report(load(argv[2]), argv[3], out);
    for (i = 3; out && summary && i < argc && n < 16; i++, n++) {
        char *eq = strchr(argv[i], '=');

        if (eq == NULL)
            return 2;
        *eq = '\0';
        s[n].id = argv[i];
        s[n].result = load(eq + 1);
        s[n].status = s[n].result ? "graded" : "grading failed";
        s[n].seconds = html_json_num(s[n].result, "seconds");
    }
    if (out && summary)
        rc = html_summary(s, (size_t)n, out);
    return out && fclose(out) == 0 && rc == 0 ? 0 : 1;
}
EOF

driver_builds() {
    objs=$(grader_objects)
    # shellcheck disable=SC2086
    gcc -std=c11 -Wall -Wextra -Igrader \
        $(pkg-config --cflags libcjson 2>/dev/null) "$TMP/driver.c" $objs -o "$TMP/driver" \
        build/obj/engine/libengine.a $(pkg-config --libs libcjson 2>/dev/null || echo -lcjson) -larchive -lm -pthread
}

render() {
    for one in jim syn hostile; do
        mkdir -p "$TMP/site/$one" &&
        "$TMP/driver" report "$TMP/$one.json" "$one" "$TMP/site/$one/report.html" ||
            { echo "cannot render $one"; return 1; }
    done &&
    "$TMP/driver" summary "$TMP/site/summary.html" jim="$TMP/jim.json" \
        syn="$TMP/syn.json" lost="$TMP/no-such.json"
}

report_has_its_parts() {
    f=$TMP/site/jim/report.html
    for want in 'id="score"' 'id="categories"' 'id="build-log"' 'id="memory"' \
                'id="first-mismatch"' 'id="board-expected"' 'id="board-actual"' \
                '<circle class="ring"' '<details class="test bad"' \
                '<span class="diff">' '<kbd class="move">' 'after due date'; do
        grep -q "$want" "$f" || { echo "missing: $want"; return 1; }
    done
    [ "$(grep -c 'id="first-mismatch"' "$f")" -eq 1 ]
}

build_failure_shows_the_compiler() {
    f=$TMP/site/syn/report.html
    grep -q '<span class="err"><mark class="loc">src/game.c:156</mark>' "$f" &&
    grep -q 'the program did not build' "$f"
}

hostile_text_is_escaped() {
    f=$TMP/site/hostile/report.html
    ! grep -q '<script>alert' "$f" && ! grep -q '<i>' "$f" &&
    grep -q '&lt;script&gt;alert(1)&lt;/script&gt;' "$f" &&
    grep -q 'a&amp;b&quot;&lt;i&gt;' "$f" &&
    ! LC_ALL=C grep -q "$(printf '[\001-\010\013-\037]')" "$f"
}

summary_has_its_parts() {
    f=$TMP/site/summary.html
    for want in 'id="histogram"' 'id="verdicts"' 'id="pass-rates"' \
                'id="build-failures"' 'id="slowest"' 'id="students"' \
                'href="jim/report.html"' 'grading failed'; do
        grep -q "$want" "$f" || { echo "missing: $want"; return 1; }
    done
}

# No stylesheet, script, image or font from elsewhere: the only URL is the
# SVG namespace.
pages_are_self_contained() {
    for f in "$TMP"/site/*/report.html "$TMP/site/summary.html"; do
        if grep -o -E '(src=|@import|url\([^#]|https?://)[^ >]*' "$f" |
           grep -v -x 'http://www.w3.org/2000/svg"'; then
            echo "external reference in $f"
            return 1
        fi
    done
}

check "html: driver builds against the grader's objects" driver_builds
check "html: report and summary render" render
check "html: report has score, boards, rings, expanded failures" report_has_its_parts
check "html: build log and build failure shown" build_failure_shows_the_compiler
check "html: hostile text escaped, no control bytes" hostile_text_is_escaped
check "html: summary has histogram, rates, failures, table" summary_has_its_parts
check "html: pages are self-contained" pages_are_self_contained

# ---- in a browser -------------------------------------------------------

CHROMIUM=$(command -v chromium || command -v chromium-browser)

# browse PAGE MODE OUT: MODE is --dump-dom or --screenshot=OUT; the
# browser's log goes to OUT.log.
browse() {
    timeout 120 "$CHROMIUM" --headless --no-sandbox --disable-gpu \
        --disable-background-networking --disable-component-update --disable-sync \
        --no-first-run --user-data-dir="$(mktemp -d "$TMP/profile.XXXXXX")" \
        --enable-logging=stderr --v=0 --window-size=1200,2000 "$2" \
        "file://$1" >"$3" 2>"$3.log"
}

no_console_message() {
    if grep ':CONSOLE' "$1.log"; then
        return 1
    fi
}

report_in_browser() {
    browse "$TMP/site/jim/report.html" --dump-dom "$TMP/report.dom" &&
    no_console_message "$TMP/report.dom" &&
    grep -q 'id="score"' "$TMP/report.dom" &&
    grep -q '<svg class="board" id="board-expected"' "$TMP/report.dom" &&
    [ "$(grep -o '<circle class="cell ' "$TMP/report.dom" | wc -l)" -ge 242 ]
}

summary_in_browser() {
    browse "$TMP/site/summary.html" --dump-dom "$TMP/summary.dom" &&
    no_console_message "$TMP/summary.dom" &&
    [ "$(grep -o '<rect class="col"' "$TMP/summary.dom" | wc -l)" -eq 10 ] &&
    grep -q 'class="num sortable"' "$TMP/summary.dom"   # the script ran
}

# A blank page of that size compresses to a few kilobytes.
screenshots() {
    for page in jim/report summary; do
        png=$TMP/$(basename "$page").png
        browse "$TMP/site/$page.html" "--screenshot=$png" "$TMP/shot.out" &&
        [ -f "$png" ] && [ "$(wc -c <"$png")" -gt 50000 ] ||
            { echo "no real screenshot of $page"; return 1; }
    done
}

if [ -z "$CHROMIUM" ]; then
    skip "html: report in a browser" "chromium is not installed"
    skip "html: summary in a browser" "chromium is not installed"
    skip "html: screenshots" "chromium is not installed"
else
    check "html: report loads in Chromium, boards drawn" report_in_browser
    check "html: summary loads in Chromium, script sorts" summary_in_browser
    check "html: screenshots hold a picture" screenshots
fi

# ---- grade --format html --------------------------------------------------

grade_writes_html() {
    $GRADE --format html -o "$TMP/grade.html" "$SUBS/syntax_error" &&
    grep -q '<h1 id="student">syntax_error</h1>' "$TMP/grade.html" &&
    grep -q 'id="score"' "$TMP/grade.html"
}

if $GRADE --format html --explain >/dev/null 2>&1; then
    check "html: grade --format html" grade_writes_html
else
    skip "html: grade --format html" "grade does not offer the html format yet"
fi

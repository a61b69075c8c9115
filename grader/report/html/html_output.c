/*
** html_output.c -- a test's text feedback as HTML (html_output in
** html.h): a <pre> whose lines are tagged by what they are -- the
** differing line of a transcript diff and its caret line, the move being
** processed, the omitted-lines notes, the error lines of Valgrind and the
** sanitizers -- with the student's source locations ("game.c:131")
** marked inside them; and a compiler's log, its warnings and errors
** coloured.  The text itself is written as it is, escaped.
*/
#include "html.h"

#include <string.h>

/* Characters a file name of a source location may hold. */
static int path_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
           (c >= '0' && c <= '9') || c == '_' || c == '.' || c == '/' ||
           c == '-';
}

static int digit(char c)
{
    return c >= '0' && c <= '9';
}

/* The first location in [s, end) of a student's file: sets *len and
** returns its start, or returns NULL. */
static const char *next_location(const char *s, const char *end, size_t *len)
{
    const char *p;

    for (p = s; p + 3 < end; p++) {
        const char *start = p, *stop = p + 3;

        if (p[0] != '.' || (p[1] != 'c' && p[1] != 'h') || p[2] != ':' ||
            !digit(p[3]))
            continue;
        while (start > s && path_char(start[-1]))
            start--;
        while (stop < end && digit(*stop))
            stop++;
        if (start == p || *start == '/' || strncmp(start, "../", 3) == 0 ||
            strncmp(start, "grader/", 7) == 0)
            continue;
        *len = (size_t)(stop - start);
        return start;
    }
    return NULL;
}

void html_each_location(const char *text,
                        void (*found)(const char *loc, size_t len, void *arg),
                        void *arg)
{
    const char *end = text + strlen(text), *loc;
    size_t len;

    while ((loc = next_location(text, end, &len)) != NULL) {
        found(loc, len, arg);
        text = loc + len;
    }
}

/* Writes s[0, n) escaped, each source location in a <mark>. */
static void put_marked(FILE *out, const char *s, size_t n)
{
    const char *end = s + n, *loc;
    size_t len;

    while ((loc = next_location(s, end, &len)) != NULL) {
        html_text_n(out, s, (size_t)(loc - s));
        fputs("<mark class=\"loc\">", out);
        html_text_n(out, loc, len);
        fputs("</mark>", out);
        s = loc + len;
    }
    html_text_n(out, s, (size_t)(end - s));
}

/* Does line[0, n) contain `needle`? */
static int has(const char *line, size_t n, const char *needle)
{
    size_t k = strlen(needle), i;

    for (i = 0; i + k <= n; i++)
        if (memcmp(line + i, needle, k) == 0)
            return 1;
    return 0;
}

/* A line of only spaces, bars and carets, with a caret: it points at the
** differing column of the line above. */
static int caret_line(const char *line, size_t n)
{
    return n > 0 && strspn(line, " |^") >= n && has(line, n, "^");
}

/* Words that start the lines worth reading in a tool's report. */
static const char *const alarms[] = {
    "ERROR", "SUMMARY:", "Assertion Failed", "runtime error",
    "definitely lost", "indirectly lost", "Invalid read", "Invalid write",
    "Invalid free", "uninitialised", "Crashed:", "FAILED", "WARNING: ThreadSanitizer",
};

/* The CSS class of line[0, n), NULL for none; `after_diff` tells whether
** the line before was the differing one. */
static const char *line_class(const char *line, size_t n, int after_diff)
{
    size_t i;

    if (n > 0 && line[0] == '>')
        return "diff";
    if (after_diff && caret_line(line, n))
        return "caret";
    if (n >= 22 && strncmp(line, "input being processed:", 22) == 0)
        return "move";
    if (has(line, n, "lines omitted"))
        return "omit";
    for (i = 0; i < sizeof alarms / sizeof alarms[0]; i++)
        if (has(line, n, alarms[i]))
            return "alarm";
    return NULL;
}

void html_output(FILE *out, const char *text)
{
    int after_diff = 0;

    fputs("<pre class=\"output\">", out);
    while (text != NULL && *text != '\0') {
        size_t n = strcspn(text, "\n");
        const char *cls = line_class(text, n, after_diff);

        if (cls != NULL)
            fprintf(out, "<span class=\"%s\">", cls);
        put_marked(out, text, n);
        if (cls != NULL)
            fputs("</span>", out);
        fputc('\n', out);
        after_diff = cls != NULL && strcmp(cls, "diff") == 0;
        text += n + (text[n] == '\n');
    }
    fputs("</pre>\n", out);
}

void html_log(FILE *out, const char *text)
{
    fputs("<pre class=\"log\">", out);
    while (text != NULL && *text != '\0') {
        size_t n = strcspn(text, "\n");
        const char *cls = has(text, n, "error:") ? "err"
                        : has(text, n, "warning:") ? "warn" : NULL;

        if (cls != NULL)
            fprintf(out, "<span class=\"%s\">", cls);
        put_marked(out, text, n);
        if (cls != NULL)
            fputs("</span>", out);
        fputc('\n', out);
        text += n + (text[n] == '\n');
    }
    fputs("</pre>\n", out);
}

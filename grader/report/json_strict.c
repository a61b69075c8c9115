/*
** json_strict.c -- JSON text read as every other reader reads it
** (json_strict.h): cJSON's parse, fenced by checks of the bytes around it.
*/
#include "json_strict.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"

/* The offset of the first byte of text[0, len) that is not well-formed
** UTF-8, or len. */
static size_t first_ill_formed(const char *text, size_t len)
{
    size_t i = 0;

    while (i < len) {
        long cp;
        size_t k = report_utf8_decode(text + i, len - i, &cp);
        if (cp < 0)
            return i;
        i += k;
    }
    return len;
}

static int blank(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

static int digit(char c)
{
    return c >= '0' && c <= '9';
}

/* The length of the number token at s[0, n) when JSON's grammar allows it
** (-?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?, ending where a token
** may end), else 0: cJSON reads with strtod, which also takes "01",
** "1." and "-.5", which other readers refuse. */
static size_t number_length(const char *s, size_t n)
{
    size_t i = s[0] == '-';

    if (i < n && s[i] == '0')
        i++;
    else if (i < n && digit(s[i]))
        while (i < n && digit(s[i]))
            i++;
    else
        return 0;
    if (i < n && s[i] == '.') {
        if (++i >= n || !digit(s[i]))
            return 0;
        while (i < n && digit(s[i]))
            i++;
    }
    if (i < n && (s[i] == 'e' || s[i] == 'E')) {
        i += i + 1 < n && (s[i + 1] == '+' || s[i + 1] == '-') ? 2 : 1;
        if (i >= n || !digit(s[i]))
            return 0;
        while (i < n && digit(s[i]))
            i++;
    }
    return i < n && s[i] != '\0' && (digit(s[i]) || strchr("+-.eE", s[i])) ? 0 : i;
}

/* What makes the number token s[0, n) (of JSON's grammar) read
** differently by other readers, or NULL: a whole number written with a
** fraction or an exponent (3.0, 1e2: Python reads a float where cJSON
** cannot tell it from 3), an integer past 2^53 (Python reads it exactly,
** cJSON and a browser round it), or -0 (a browser keeps its sign). */
static const char *number_problem(const char *s, size_t n)
{
    char token[64];
    int whole_form = !memchr(s, '.', n) && !memchr(s, 'e', n) && !memchr(s, 'E', n);

    if (n >= sizeof token)
        return "a number of more digits than a double holds";
    memcpy(token, s, n);
    token[n] = '\0';
    double v = strtod(token, NULL);
    if (!whole_form && v == floor(v))   /* infinity too: 1e999 */
        return "a whole number written with a fraction or an exponent (Python reads a float)";
    if (whole_form && fabs(v) > 9007199254740991.0)
        return "an integer past 2^53 (readers round it differently)";
    if (whole_form && token[0] == '-' && v == 0)
        return "-0 (a browser keeps its sign)";
    return NULL;
}

/* Where other readers part from cJSON in the JSON text text[0, len),
** which cJSON has parsed whole: the offset of the first control byte
** (below 0x20) that is not a blank between tokens -- cJSON skips any of
** them there, and takes them raw inside strings --, of a number that
** JSON's grammar refuses, or of the first \u0000 escape inside a string;
** len when there is none, else the reason in
** *what.  Outside strings a backslash cannot stand; inside, each escape is
** skipped whole, so the seven characters "\\u0000" (an escaped
** backslash, then u0000) are text. */
static size_t first_difference(const char *text, size_t len, const char **what)
{
    int in_string = 0;

    for (size_t i = 0; i < len; i++) {
        if ((unsigned char)text[i] < 0x20 && (in_string || !blank(text[i]))) {
            *what = "a control character that JSON does not allow there";
            return i;
        }
        if (!in_string && (text[i] == '-' || text[i] == '+' || text[i] == '.' || digit(text[i]))) {
            size_t n = number_length(text + i, len - i);
            if (n == 0) {
                *what = "a number JSON does not allow (a leading zero, a '.' without a digit on each side)";
                return i;
            }
            if ((*what = number_problem(text + i, n)) != NULL)
                return i;
            i += n - 1;
        } else if (text[i] == '"')
            in_string = !in_string;
        else if (in_string && text[i] == '\\') {
            if (i + 5 < len && text[i + 1] == 'u' && strncmp(text + i + 2, "0000", 4) == 0) {
                *what = "a string holds U+0000 (\\u0000)";
                return i;
            }
            i++;    /* the escaped character: never a quote that ends */
        }
    }
    return len;
}

cJSON *json_strict_parse(const char *text, size_t len, char *why, size_t whylen)
{
    const char *nul = text ? memchr(text, '\0', len) : NULL, *end = NULL, *what = NULL;
    size_t bad;

    if (text == NULL || len == 0)
        return snprintf(why, whylen, "it is empty"), NULL;
    if (len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0)
        return snprintf(why, whylen, "it starts with a byte-order mark, which Python's and a browser's "
                        "readers refuse"), NULL;
    if (nul != NULL)
        return snprintf(why, whylen, "it holds a NUL byte (byte %zu)", (size_t)(nul - text)), NULL;
    if ((bad = first_ill_formed(text, len)) < len)
        return snprintf(why, whylen, "it is not UTF-8 (byte %zu)", bad), NULL;
    cJSON *tree = cJSON_ParseWithLengthOpts(text, len, &end, 0);
    if (tree == NULL)
        return snprintf(why, whylen, "it is not JSON"), NULL;
    size_t used = (size_t)(end - text);
    while (used < len && blank(text[used]))
        used++;
    if (used < len) {
        snprintf(why, whylen, "more than one JSON value: text follows the first (byte %zu)", used);
    } else if ((bad = first_difference(text, len, &what)) < len) {
        snprintf(why, whylen, "%s (byte %zu)", what, bad);
    } else {
        return tree;
    }
    cJSON_Delete(tree);
    return NULL;
}

/*
** build_main.c -- a plain sentence for a main defined twice (build_main.h).
**
** GNU ld writes, with debug information (the plain build has -g):
**   SRC/tests/test_board.c:3: multiple definition of `main';
**   /tmp/cc1.o:SRC/game.c:311: first defined here
** The file before the first ":LINE:" of the line is the second
** definition; the one before ":LINE: first defined here" is the first.
** Either may be missing (no line information): the sentence then names
** what it has.
*/
#define _GNU_SOURCE
#include "build_main.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAIN_TWICE "multiple definition of `main'"
#define FIRST_HERE ": first defined here"
#define NAME_MAX_SHOWN 200

/* The file name that ends just before ":LINE" at `end` (the colon), in
** [start, end): everything after the last "SRC/" in it, else after the
** last ':' (an object's "cc1.o:" prefix).  Copies at most NAME_MAX_SHOWN
** bytes into `name`; "" when there is no such name. */
static void file_before(const char *start, const char *end, const char *src, char *name)
{
    const char *colon = end;
    name[0] = '\0';
    /* step back over ":LINE" to the colon that ends the file name */
    if (colon <= start || *colon != ':')
        return;
    const char *digits = colon;
    while (digits > start && digits[-1] >= '0' && digits[-1] <= '9')
        digits--;
    if (digits == colon || digits == start || digits[-1] != ':')
        return;
    const char *stop = digits - 1, *from = start;
    for (const char *p = start; p < stop; p++)
        if (*p == ':' || *p == ' ')
            from = p + 1;
    size_t srclen = strlen(src);
    for (const char *p = from; srclen && p + srclen < stop; p++)
        if (memcmp(p, src, srclen) == 0 && p[srclen] == '/')
            from = p + srclen + 1;
    size_t len = (size_t)(stop - from);
    if (len > NAME_MAX_SHOWN)
        len = NAME_MAX_SHOWN;
    memcpy(name, from, len);
    name[len] = '\0';
}

char *build_main_note(const char *log, const char *src)
{
    const char *hit = log ? strstr(log, MAIN_TWICE) : NULL;
    if (!hit)
        return NULL;
    const char *line = hit;
    while (line > log && line[-1] != '\n')
        line--;
    const char *eol = strchr(hit, '\n');
    if (!eol)
        eol = hit + strlen(hit);
    char second[NAME_MAX_SHOWN + 1], first[NAME_MAX_SHOWN + 1];
    file_before(line, hit - 2, src, second);          /* "...:3: multiple" */
    first[0] = '\0';
    const char *here = strstr(hit, FIRST_HERE);
    if (here && here < eol)
        file_before(hit, here, src, first);
    char *note = NULL;
    int n;
    if (first[0] && second[0])
        n = asprintf(&note, "main is defined twice, in %s and in %s:", first, second);
    else
        n = asprintf(&note, "main is defined more than once:");
    if (n < 0)
        return NULL;
    char *whole = NULL;
    n = asprintf(&whole, "%s the grader builds every .c file you hand in, in every "
                 "sub-folder, into one program, so exactly one of them may define main "
                 "(leave your own test programs out of what you hand in).\n", note);
    free(note);
    return n < 0 ? NULL : whole;
}

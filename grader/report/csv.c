/*
** csv.c -- a CSV text cell, visible and never a formula (csv.h).
*/
#include "csv.h"

#include <stdlib.h>
#include <string.h>

#include "visible.h"

/* What a spreadsheet reads as the start of a formula (OWASP's list of
** CSV injection triggers). */
static const char formula_starts[] = "=+-@\t\r";

void csv_text(FILE *out, const char *s)
{
    char *shown = visible_copy(s, 0);
    const char *p = shown ? shown : "?";
    int formula = *p != '\0' && strchr(formula_starts, *p) != NULL;

    if (!formula && !strpbrk(p, ",;\"")) {
        fputs(p, out);
    } else {
        fputs(formula ? "\"'" : "\"", out);
        for (; *p; p++) {
            if (*p == '"')
                fputc('"', out);
            fputc(*p, out);
        }
        fputc('"', out);
    }
    free(shown);
}

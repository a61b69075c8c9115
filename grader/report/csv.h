/*
** csv.h -- the text cells of every CSV file the kit writes (grade-all's
** grades.csv, the tournament's scores.csv and ratings.csv).
**
** A text cell is written made visible (visible.h: valid UTF-8, each
** control character or invalid byte written "\xHH"), so the file is UTF-8
** and every row is one line.  RFC 4180: the cell is quoted when it holds a
** comma, a semicolon or a double quote, its quotes doubled.  The
** semicolon matters because Excel in the many locales whose list
** separator is ';' (de, fr, es, ...) splits an opened .csv on ';': bare,
** "x;=HYPERLINK(..)" would be two cells, the second a formula; quoted, it
** is one cell in either locale, and only its start need be checked.  And
** a spreadsheet must not take a cell for a formula: a text that begins
** with '=', '+', '-' or '@' (or would begin with a tab or a carriage
** return, which are already "\x09" and "\x0D" here) is written with a
** single quote before it, and quoted -- Excel, LibreOffice and Google
** Sheets then show it as text.  Numbers are not text cells: the callers
** write them with printf, so a negative score stays a number.
**
** Examples: alice -> alice;  a,b -> "a,b";  x;=SUM(1) -> "x;=SUM(1)";
** =HYPERLINK("x") -> "'=HYPERLINK(""x"")";  -3 as text -> "'-3".
*/
#ifndef GRADER_CSV_H
#define GRADER_CSV_H

#include <stdio.h>

/* Writes `s` (NULL: "") as one text cell.  Errors are left in
** ferror(out); a visible copy that cannot be made (memory) is written as
** "?". */
void csv_text(FILE *out, const char *s);

#endif /* GRADER_CSV_H */

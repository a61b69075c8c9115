/*
** replay_section.c -- the bot challenge's games in the HTML report
** (replay_section.h).
**
** A unit test that loses a game, or sees the bot put out of one, prints
** the game's record on stderr before its failing assertion
** (unit/support.c, bc_show_record): one line that starts with the
** record's opening, {"format": "cc-bot-game 1".  That line is drawn by
** the tournament's replay viewer (grader/tournament/replay_html.h) into a
** page of its own, and the page is put in the report as the srcdoc of a
** sandboxed iframe: its script runs, but in an opaque origin, so nothing
** in a record -- which the bot's own output could imitate -- reaches the
** report's page.
*/
#define _POSIX_C_SOURCE 200809L
#include "replay_section.h"

#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "../../report/html/html.h"
#include "../../report/json_strict.h"
#include "../../tournament/replay_html.h"

/* How a record line starts (unit/support.c writes it so). */
static const char opening[] = "{\"format\": \"cc-bot-game";

/* Replays drawn per test at most: the unit tests show one game each. */
enum { MAX_REPLAYS = 2 };

/* The viewer's page of the record `line` (`len` bytes), malloc'd, its
** length in *size; NULL with the reason in `why` when the record is
** refused or the page cannot be written. */
static char *viewer_page(const char *line, size_t len, size_t *size, char *why, size_t whylen)
{
    char problem[120];
    cJSON *record = json_strict_parse(line, len, problem, sizeof problem);
    if (record == NULL) {
        snprintf(why, whylen, "it is not one JSON value as every reader reads it (%s; was the output cut short?)",
                 problem);
        return NULL;
    }
    int ok = treplay_check(record, why, whylen) == 0;
    cJSON_Delete(record);
    if (!ok)
        return NULL;
    char *page = NULL;
    FILE *mem = open_memstream(&page, size);
    ok = mem != NULL && treplay_write(mem, line, len, "The game of this test") == 0;
    if (mem != NULL && fclose(mem) != 0)
        ok = 0;
    if (!ok) {
        free(page);
        snprintf(why, whylen, "the replay page could not be written");
        return NULL;
    }
    return page;
}

/* Draws the record `line` (`len` bytes, no newline), or says why not. */
static void replay(FILE *out, const char *line, size_t len)
{
    char why[256];
    size_t size = 0;
    char *page = viewer_page(line, len, &size, why, sizeof why);

    if (page == NULL) {
        fputs("<p class=\"muted\">The game record below could not be replayed: ", out);
        html_text(out, why);
        fputs("</p>\n", out);
        return;
    }
    fputs("<figure class=\"replay\">\n<figcaption>The game, turn by turn (the record below drawn: "
          "use the buttons or the arrow keys once you click into it)</figcaption>\n"
          "<iframe sandbox=\"allow-scripts\" title=\"the game replayed\" "
          "style=\"width:100%;height:56em;border:1px solid #ccc\" srcdoc=\"", out);
    html_text_n(out, page, size);
    fputs("\"></iframe>\n</figure>\n", out);
    free(page);
}

void bc_replay_section(FILE *out, const char *output)
{
    int drawn = 0;

    for (const char *line = output; line != NULL && *line != '\0' && drawn < MAX_REPLAYS;) {
        const char *end = strchr(line, '\n');
        size_t len = end ? (size_t)(end - line) : strlen(line);
        const char *start = line + strspn(line, " \t");

        if ((size_t)(start - line) < len && strncmp(start, opening, sizeof opening - 1) == 0) {
            replay(out, start, len - (size_t)(start - line));
            drawn++;
        }
        line = end ? end + 1 : NULL;
    }
}

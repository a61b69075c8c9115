/*
** replay_html.c -- the replay viewer (replay_html.h).  C checks the record
** lightly and writes what reads without a script: the kit's page head and
** stylesheet (html.h), the game's facts, the legend and the controls.
** The inline script then draws the star, places the pieces and replays
** the moves; it reads the record from the JSON embedded in the page, so
** C and script share one copy of the game.
**
** Geometry (the challenge's numbering, as in RECORD.md): rows 0..4 size;
** row r holds r + 1 cells above the middle band, 4 size + 1 - r inside
** it, and so on; a display column x = 3 size + 2 col - (row odd), so
** neighbours are 2 apart along a row and the picture is a regular star
** once y is scaled by sqrt(3).
*/
#include "replay_html.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "../report/html/html.h"
#include "../report/json_strict.h"
#include "replay_html_assets.h"
#include "../report/visible.h"

/* The rules' replay (grader/referee/record.h, replay.c), referenced weakly:
** the packages of the other assignments carry the viewer, which the bot
** challenge's report section links, but not the referee; there no game is
** ever drawn, and a record the rules cannot check is refused (fail closed). */
extern int rrecord_replay(const cJSON *rec, char *why, size_t whylen) __attribute__((weak));

enum { MIN_SIZE = 3, MAX_SIZE = 63, MIN_PLAYERS = 2, MAX_PLAYERS = 6 };

/* ---- checking a record ---------------------------------------------- */

static const cJSON *field(const cJSON *obj, const char *key)
{
    return cJSON_GetObjectItemCaseSensitive(obj, key);
}

/* 1 when `item` is a number without fraction in lo..hi (NaN is not). */
static int whole(const cJSON *item, int lo, int hi)
{
    double v;

    if (!cJSON_IsNumber(item))
        return 0;
    v = item->valuedouble;
    return v >= lo && v <= hi && v == (double)(int)v;
}

static int row_length(int size, int row)
{
    if (row < size)
        return row + 1;
    if (row < 2 * size)
        return 4 * size + 1 - row;
    return row <= 3 * size ? row + 1 : 4 * size + 1 - row;
}

/* The column of a row's first cell: rows are centred on column 0. */
static int row_first(int size, int row)
{
    int c = row_length(size, row);

    return row % 2 ? 1 - c / 2 : -((c - 1) / 2);
}

/* 1 when `cell` is [row, col] of a cell of the star of `size`. */
static int on_star(int size, const cJSON *cell)
{
    const cJSON *row = cJSON_GetArrayItem(cell, 0);
    int first;

    if (!cJSON_IsArray(cell) || cJSON_GetArraySize(cell) != 2 ||
        !whole(row, 0, 4 * size))
        return 0;
    first = row_first(size, (int)row->valuedouble);
    return whole(cJSON_GetArrayItem(cell, 1), first,
                 first + row_length(size, (int)row->valuedouble) - 1);
}

/* What is wrong with one turn, or NULL when the viewer can show it. */
static const char *turn_problem(const cJSON *turn, int size, int players)
{
    const cJSON *path = field(turn, "path"), *cell;

    if (!cJSON_IsObject(turn))
        return "is not an object";
    if (!whole(field(turn, "p"), 0, players - 1))
        return "has no seat \"p\" of the game";
    if (field(turn, "out") != NULL)
        return cJSON_IsString(field(turn, "out")) ? NULL : "has an \"out\" that is not a string";
    if (field(turn, "pass") != NULL)
        return on_star(size, field(turn, "pass")) ? NULL : "passes naming no cell of the star";
    if (!on_star(size, field(turn, "from")) || !on_star(size, field(turn, "to")))
        return "is no out, no pass, and no move with \"from\" and \"to\" on the star";
    if (path == NULL)
        return NULL;
    if (!cJSON_IsArray(path) || cJSON_GetArraySize(path) < 2)
        return "has a \"path\" that is not a list of two or more cells";
    cJSON_ArrayForEach(cell, path)
        if (!on_star(size, cell))
            return "has a \"path\" through a cell off the star";
    return NULL;
}

/* Writes the reason into `why` and returns -1. */
static int refuse(char *why, size_t size, const char *format, ...)
{
    va_list ap;

    if (size > 0) {
        va_start(ap, format);
        vsnprintf(why, size, format, ap);
        va_end(ap);
    }
    return -1;
}

/* 1 when `list` is an array of `count` items of which `ok` approves. */
static int list_of(const cJSON *list, int count, cJSON_bool (*ok)(const cJSON *))
{
    const cJSON *item;

    if (!cJSON_IsArray(list) || cJSON_GetArraySize(list) != count)
        return 0;
    cJSON_ArrayForEach(item, list)
        if (!ok(item))
            return 0;
    return 1;
}

/* 1 when the seats' points are all different points 0..5. */
static int points_apart(const cJSON *points)
{
    const cJSON *point;
    unsigned seen = 0;

    cJSON_ArrayForEach(point, points) {
        if (!whole(point, 0, 5) || seen & 1u << (int)point->valuedouble)
            return 0;
        seen |= 1u << (int)point->valuedouble;
    }
    return 1;
}

int treplay_check(const cJSON *record, char *why, size_t size)
{
    const cJSON *format = field(record, "format"), *turn;
    int n, players, t = 0;

    if (!cJSON_IsObject(record))
        return refuse(why, size, "the record is not a JSON object");
    if (!cJSON_IsString(format) || strcmp(format->valuestring, TREPLAY_FORMAT) != 0)
        return refuse(why, size, "\"format\" is not \"%s\"", TREPLAY_FORMAT);
    if (!whole(field(record, "size"), MIN_SIZE, MAX_SIZE))
        return refuse(why, size, "\"size\" is not a whole number %d..%d", MIN_SIZE, MAX_SIZE);
    if (!whole(field(record, "players"), MIN_PLAYERS, MAX_PLAYERS))
        return refuse(why, size, "\"players\" is not a whole number %d..%d",
                      MIN_PLAYERS, MAX_PLAYERS);
    n = field(record, "size")->valueint;
    players = field(record, "players")->valueint;
    if (!list_of(field(record, "points"), players, cJSON_IsNumber) ||
        !points_apart(field(record, "points")))
        return refuse(why, size, "\"points\" is not %d different points 0..5", players);
    if (!list_of(field(record, "bots"), players, cJSON_IsString))
        return refuse(why, size, "\"bots\" is not %d names", players);
    if (!cJSON_IsArray(field(record, "moves")))
        return refuse(why, size, "\"moves\" is not a list of turns");
    cJSON_ArrayForEach(turn, field(record, "moves")) {
        const char *problem = turn_problem(turn, n, players);

        t++;
        if (problem != NULL)
            return refuse(why, size, "turn %d %s", t, problem);
    }
    /* Drawn only when true: the page's script reads the record as it is,
    ** so it must be the game the rules replay, field for field. */
    char replayed[300];
    if (!rrecord_replay)
        return refuse(why, size, "the rules that would check it are not in this build");
    if (rrecord_replay(record, replayed, sizeof replayed) != 0)
        return refuse(why, size, "the record does not replay on the rules: %s", replayed);
    return 0;
}

/* ---- writing the page ----------------------------------------------- */

/* JSON text as the content of a <script> element: <, > and & stand only
** inside JSON strings, where their \u escapes mean the same, and without
** them no "</script" or "<!--" can end or bend the element. */
static void write_json(FILE *out, const char *json)
{
    for (; *json != '\0'; json++) {
        if (*json == '<')
            fputs("\\u003c", out);
        else if (*json == '>')
            fputs("\\u003e", out);
        else if (*json == '&')
            fputs("\\u0026", out);
        else
            fputc(*json, out);
    }
}

/* An inline asset: the opening tag, each piece up to NULL. */
static void write_pieces(FILE *out, const char *open, const char *const *piece)
{
    fputs(open, out);
    for (; *piece != NULL; piece++)
        fputs(*piece, out);
}

static void write_style(FILE *out)
{
    int p;

    write_pieces(out, "<style>\n", treplay_style);
    for (p = 0; p < MAX_PLAYERS; p++) {
        const struct treplay_seat_colour *c = &treplay_seat_colours[p];

        fprintf(out, "#board .home-%d{fill:%s}#board .goal-%d{stroke:%s;"
                "stroke-width:.22}#board .cell.seat-%d{fill:%s;stroke:%s;"
                "stroke-width:.16}"
                ".sw-%d{background:%s}\n", p, c->tint, p, c->piece,
                p, c->piece, c->edge, p, c->piece);
    }
    fputs("</style>\n", out);
}

/* The title and what kind of game it was. */
static void write_facts(FILE *out, const cJSON *record, const char *title)
{
    const cJSON *result = field(record, "result");
    int n = field(record, "size")->valueint;

    fputs("<header class=\"top\"><div><h1 id=\"game\">", out);
    html_text(out, title);
    fputs("</h1><div class=\"muted\">replay of game ", out);
    html_text(out, html_json_str(record, "id"));
    fprintf(out, "</div></div>\n<dl class=\"facts\"><dt>board</dt><dd>star of "
            "size %d, %d cells</dd><dt>players</dt><dd>%d</dd>", n,
            6 * n * (n + 1) + 1, field(record, "players")->valueint);
    fprintf(out, "<dt>turns recorded</dt><dd>%d", cJSON_GetArraySize(field(record, "moves")));
    if (cJSON_IsNumber(field(record, "turn_cap")))
        fprintf(out, " (cap: %g a player)", html_json_num(record, "turn_cap"));
    fputs("</dd>", out);
    fputs("<dt>end</dt><dd>", out);
    html_text(out, cJSON_IsString(field(result, "end")) ? html_json_str(result, "end") : "-");
    if (cJSON_IsNumber(field(result, "turns")))
        fprintf(out, ", after %g turns of seat 0", html_json_num(result, "turns"));
    fputs("</dd></dl></header>\n", out);
}

/* One seat's row of the legend; the result's fields may be missing. */
static void write_seat(FILE *out, const cJSON *record, int p)
{
    const cJSON *result = field(record, "result");
    const cJSON *outcome = cJSON_GetArrayItem(field(result, "outcome"), p);
    const cJSON *rank = cJSON_GetArrayItem(field(result, "rank"), p);
    const cJSON *why = cJSON_GetArrayItem(field(result, "out"), p);
    const cJSON *cpu = cJSON_GetArrayItem(field(result, "cpu"), p);
    int point = cJSON_GetArrayItem(field(record, "points"), p)->valueint;

    fprintf(out, "<tr id=\"seat-%d\"><td><span class=\"swatch sw-%d\"></span>"
            "%d</td><td class=\"bot\">", p, p, p);
    html_text(out, cJSON_GetArrayItem(field(record, "bots"), p)->valuestring);
    fprintf(out, "</td><td>%d &#x2192; %d</td><td>", point, (point + 3) % 6);
    if (cJSON_IsString(outcome))
        html_badge(out, outcome->valuestring);
    else
        fputs("-", out);
    if (cJSON_IsNumber(rank))
        fprintf(out, "</td><td class=\"num\">%g</td><td>", rank->valuedouble);
    else
        fputs("</td><td class=\"num\">-</td><td>", out);
    html_text(out, cJSON_IsString(why) ? why->valuestring : "");
    if (cJSON_IsNumber(cpu))
        fprintf(out, "</td><td class=\"num\">%.4f</td></tr>\n", cpu->valuedouble);
    else
        fputs("</td><td class=\"num\">-</td></tr>\n", out);
}

static void write_panel(FILE *out, const cJSON *record)
{
    int p, players = field(record, "players")->valueint;

    fprintf(out, "<aside class=\"panel\">\n<div class=\"controls\">"
            "<button type=\"button\" id=\"first\" title=\"the opening (Home)\">"
            "|&#x25C0;</button><button type=\"button\" id=\"prev\" title=\""
            "one turn back (left arrow)\">&#x25C0;</button><button type=\""
            "button\" id=\"play\">play</button><button type=\"button\" id=\""
            "next\" title=\"one turn on (right arrow)\">&#x25B6;</button>"
            "<button type=\"button\" id=\"last\" title=\"the end (End)\">"
            "&#x25B6;|</button>\n<input type=\"range\" id=\"slider\" min=\"0\""
            " max=\"%d\" value=\"0\" aria-label=\"turn\"><output id=\"turn-"
            "number\">0 / %d</output></div>\n", cJSON_GetArraySize(field(record,
            "moves")), cJSON_GetArraySize(field(record, "moves")));
    fputs("<p id=\"turn-text\" class=\"turn-text\">The board needs "
          "JavaScript.</p>\n<div class=\"wide\"><table id=\"legend\"><thead><tr><th>seat</th>"
          "<th>bot</th><th>home&#x2192;goal</th><th>outcome</th>"
          "<th class=\"num\">rank</th><th>out</th><th class=\"num\">"
          "CPU s</th></tr></thead>\n<tbody>\n", out);
    for (p = 0; p < players; p++)
        write_seat(out, record, p);
    fputs("</tbody></table></div>\n<p class=\"muted small\">Cell under the pointer: "
          "<span id=\"cell-name\">-</span> (row, column).</p>\n</aside>\n", out);
}

static void write_board(FILE *out, int n)
{
    fprintf(out, "<div class=\"stage\"><svg id=\"board\" class=\"star\" "
            "xmlns=\"http://www.w3.org/2000/svg\" role=\"img\" aria-label=\""
            "the board\" data-size=\"%d\" viewBox=\"-1.6 -1.6 %d %.3f\">\n"
            "<defs><marker id=\"arrow\" viewBox=\"0 0 10 10\" refX=\"7\" "
            "refY=\"5\" markerWidth=\"3.2\" markerHeight=\"3.2\" orient=\"auto\">"
            "<path d=\"M0 0L10 5L0 10z\"/></marker></defs>\n<g id=\"cells\"></g>"
            "<circle id=\"ring-from\" class=\"ring from off\" r=\"1.2\"/>"
            "<circle id=\"ring-to\" class=\"ring off\" r=\"1.2\"/>"
            "<polyline id=\"path\" class=\"off\" points=\"\" marker-mid=\""
            "url(#arrow)\" marker-end=\"url(#arrow)\"/></svg></div>\n",
            n, 6 * n + 4, 4 * n * 1.7320508 + 3.2);
}

static int write_page(FILE *out, const cJSON *record, const char *json,
                      const char *title)
{
    html_page_begin(out, "Replay", title);
    /* In <body>: html_page_begin closes <head>; browsers apply it alike. */
    write_style(out);
    write_facts(out, record, title);
    fputs("<div class=\"replay\">\n", out);
    write_board(out, field(record, "size")->valueint);
    write_panel(out, record);
    fputs("</div>\n<script type=\"application/json\" id=\"record\">", out);
    write_json(out, json);
    write_pieces(out, "</script>\n<script>\n", treplay_script);
    fputs("</script>\n", out);
    return html_page_end(out);
}

int treplay_write(FILE *out, const char *record_json, size_t len, const char *title)
{
    char why[160], *json = NULL;
    cJSON *record = json_strict_parse(record_json, len, why, sizeof why);
    int status = -1;

    if (record == NULL)
        visible_printf(stderr, "replay: the record is not one JSON value as every reader reads it: %s\n", why);
    else if (treplay_check(record, why, sizeof why) != 0)
        visible_printf(stderr, "replay: not a game record the viewer can show: %s\n", why);
    else if ((json = cJSON_PrintUnformatted(record)) == NULL)
        visible_printf(stderr, "replay: out of memory\n");
    else if ((status = write_page(out, record, json, title ? title :
                                  html_json_str(record, "id"))) != 0)
        visible_printf(stderr, "replay: cannot write the page\n");
    cJSON_free(json);
    cJSON_Delete(record);
    return status;
}

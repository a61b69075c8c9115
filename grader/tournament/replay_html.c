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

enum { MIN_SIZE = 3, MAX_SIZE = 63, MIN_PLAYERS = 2, MAX_PLAYERS = 6 };

/* Each seat's colours: its pieces, their outline, and the light tint of
** its home's empty cells.  Chosen apart for common colour blindness as
** far as six colours allow; the legend names the seat beside each. */
static const struct seat_colour {
    const char *piece, *edge, *tint;
} seat_colours[MAX_PLAYERS] = {
    {"#d7263d", "#5c0f19", "#f6d5d9"},      /* red    */
    {"#1f63c6", "#0b2550", "#d5e2f6"},      /* blue   */
    {"#2a9d3f", "#0f3d18", "#d6eedb"},      /* green  */
    {"#e9a100", "#5e4100", "#f8ebc8"},      /* amber  */
    {"#7b3fb5", "#2f1547", "#e6daf2"},      /* purple */
    {"#15a0a0", "#074040", "#d2eeee"},      /* teal   */
};

/* The page's own rules, after the kit's stylesheet; the per-seat colours
** are written from seat_colours. */
static const char *const replay_style[] = {
    ".replay{display:flex;flex-wrap:wrap;gap:1em 2em;align-items:flex-start;"
    "margin-top:1em}.stage{flex:3 1 520px;min-width:300px}"
    ".panel{flex:2 1 400px;min-width:300px}\n"
    "svg.star{display:block;width:100%;height:auto;max-height:86vh;"
    "background:#fbf8f0;border:1px solid var(--line);border-radius:10px}\n"
    /* #board: above the kit's rules for its own board pictures */
    "#board .cell{fill:#e9e3d3;stroke:#b7ad95;stroke-width:.1}\n"
    "#board .ring{fill:none;stroke:#111;stroke-width:.3}"
    "#board .ring.from{stroke-dasharray:.5 .35;stroke:#555}\n"
    "#path{fill:none;stroke:#111;stroke-width:.3;stroke-linejoin:round;"
    "stroke-linecap:round;opacity:.85}#arrow path{fill:#111}.off{display:none}\n"
    ".controls{display:flex;flex-wrap:wrap;gap:.4em;align-items:center}"
    ".controls button{font:inherit;min-width:2.6em;padding:.25em .6em;"
    "border:1px solid var(--line);border-radius:6px;background:#fff;"
    "cursor:pointer}.controls button:hover{background:var(--bg)}"
    ".controls input{flex:1 1 10em}.wide{overflow-x:auto}\n"
    ".turn-text{min-height:3em;background:var(--bg);border:1px solid "
    "var(--line);border-radius:8px;padding:.5em .8em}\n"
    ".swatch{display:inline-block;width:.9em;height:.9em;border-radius:50%;"
    "margin-right:.4em;vertical-align:-.1em;border:1px solid #0006}\n"
    "#legend{font-size:.9em}#legend tr.now{background:#fff3c4}"
    "#legend .bot{overflow-wrap:anywhere;min-width:7em;max-width:14em}\n"
    ".st-win{background:#2e7d32}.st-draw{background:#b26a00}"
    ".st-loss{background:#607080}.st-out{background:#c62828}\n",
    NULL
};

/* The viewer.  It trusts the checks of treplay_check (every cell is one
** of the star) and reads every optional field with care. */
static const char *const replay_script[] = {
    "(function () {\n'use strict';\n"
    "var rec = JSON.parse(document.getElementById('record').textContent);\n"
    "var n = rec.size, moves = rec.moves, bots = rec.bots, H = Math.sqrt(3);\n"
    "var svg = document.getElementById('board'), t0 = performance.now();\n"
    "var rows = 4 * n + 1, rowStart = [], total = 0;\n"
    "var cells = [], base = [], X = [], Y = [], start = [];\n"
    "function rowLength(r) {\n"
    "  return r < n ? r + 1 : r < 2 * n ? 4 * n + 1 - r : r <= 3 * n ? r + 1"
    " : 4 * n + 1 - r;\n}\n"
    "function rowFirst(r) {\n"
    "  var c = rowLength(r);\n  return r % 2 ? 1 - (c >> 1) : -((c - 1) >> 1);\n}\n"
    "function xOf(r, c) { return 3 * n + 2 * c - r % 2; }\n"
    /* axial q, a (s = -q - a) centred on the middle cell; the star is the
    ** two triangles |q|, |a|, |s| <= n on either side, the points the
    ** cells beyond one bound */
    "function pointOf(r, c) {\n"
    "  var a = r - 2 * n, q = (xOf(r, c) - a - 3 * n) / 2, s = -q - a;\n"
    "  return a < -n ? 0 : q > n ? 1 : s < -n ? 2 : a > n ? 3 : q < -n ? 4"
    " : s > n ? 5 : -1;\n}\n"
    "function indexOf(cell) {\n"
    "  var r = Array.isArray(cell) ? cell[0] : -1, c = Array.isArray(cell) ?"
    " cell[1] : 0;\n"
    "  if (r !== (r | 0) || r < 0 || r >= rows || c !== (c | 0)) return -1;\n"
    "  c -= rowFirst(r);\n"
    "  return c >= 0 && c < rowLength(r) ? rowStart[r] + c : -1;\n}\n"
    "function kind(m) {\n"
    "  return !m || typeof m !== 'object' ? 'none' : 'out' in m ? 'out' :"
    " 'pass' in m ? 'pass' : 'move';\n}\n",

    /* the star, once: a home cell is tinted for its seat, a goal ringed */
    "function drawStar() {\n"
    "  var home = [-1, -1, -1, -1, -1, -1], goal = home.slice();\n"
    "  var group = document.getElementById('cells');\n"
    "  var all = document.createDocumentFragment();\n"
    "  rec.points.forEach(function (k, p) { home[k] = p; goal[(k + 3) % 6] ="
    " p; });\n"
    "  for (var r = 0; r < rows; r++) {\n"
    "    rowStart[r] = total;\n"
    "    for (var c = rowFirst(r), end = c + rowLength(r); c < end; c++) {\n"
    "      var k = pointOf(r, c), e = document.createElementNS("
    "'http://www.w3.org/2000/svg', 'circle');\n"
    "      base[total] = 'cell' + (k < 0 ? '' : home[k] >= 0 ? ' home-' +"
    " home[k] : goal[k] >= 0 ? ' goal-' + goal[k] : '');\n"
    "      start[total] = k < 0 ? -1 : home[k];\n"
    "      X[total] = xOf(r, c);\n      Y[total] = +(r * H).toFixed(3);\n"
    "      e.setAttribute('class', base[total]);\n"
    "      e.setAttribute('data-row', r);\n      e.setAttribute('data-col', c);\n"
    "      e.setAttribute('cx', X[total]);\n      e.setAttribute('cy', Y[total]);\n"
    "      e.setAttribute('r', 0.8);\n"
    "      all.appendChild(e);\n      cells[total++] = e;\n    }\n  }\n"
    "  group.appendChild(all);\n}\n"
    "drawStar();\n"
    /* on a big star a ring of one cell is lost: marks grow with the size */
    "['ring-from', 'ring-to', 'path'].forEach(function (id) {\n"
    "  var e = document.getElementById(id), mark = Math.max(1, n / 12);\n"
    "  e.style.strokeWidth = 0.3 * mark + 'px';\n"
    "  if (id !== 'path') e.setAttribute('r', 1.2 * mark);\n});\n"
    "var occ = new Int8Array(total), shown = new Int8Array(total).fill(-2),"
    " at = 0;\n"
    "function reset() { occ.set(start); at = 0; }\n"
    "function apply(m) {\n"
    "  if (kind(m) !== 'move') return;\n"
    "  var a = indexOf(m.from), b = indexOf(m.to);\n"
    "  if (a >= 0 && b >= 0) { occ[a] = -1; occ[b] = m.p; }\n}\n",

    /* a turn in words */
    "function who(p) { return bots[p] + ' (seat ' + p + ')'; }\n"
    "function where(cell) { return '(' + cell[0] + ', ' + cell[1] + ')'; }\n"
    "function seconds(x) {\n"
    "  return typeof x !== 'number' ? '' : x >= 1 ? ' (' + x.toFixed(2) +"
    " ' s CPU)' : ' (' + (x * 1000).toPrecision(3) + ' ms CPU)';\n}\n"
    "function adjacent(a, b) {\n"
    "  var dx = Math.abs(X[a] - X[b]), dr = Math.abs(Y[a] - Y[b]) / H;\n"
    "  return (dx === 2 && dr < 0.5) || (dx === 1 && Math.abs(dr - 1) < 0.01);\n}\n"
    "function describe(m, t) {\n"
    "  var res = rec.result || {}, said, k = kind(m);\n"
    "  if (k === 'none') return 'The opening position; ' + who(0) +"
    " ' moves first.';\n"
    "  said = 'Turn ' + t + ': ' + who(m.p);\n"
    "  if (k === 'out') said += ' is out of the game: ' + m.out + (m.detail ?"
    " ' (' + m.detail + ')' : '') + '; its pieces stay where they are.';\n"
    "  else if (k === 'pass') said += ' passes: no legal move; it names its"
    " piece at ' + where(m.pass) + seconds(m.cpu) + '.';\n"
    "  else {\n"
    "    var hops = Array.isArray(m.path) ? m.path.length - 1 : 1;\n"
    "    var step = hops === 1 && adjacent(indexOf(m.from), indexOf(m.to));\n"
    "    said += (step ? ' steps' : hops === 1 ? ' hops' : ' hops ' + hops +"
    " ' times') + ' from ' + where(m.from) + ' to ' + where(m.to) +"
    " seconds(m.cpu) + '.';\n  }\n"
    "  if (t === moves.length && typeof res.end === 'string')\n"
    "    said += ' The game ends here: ' + res.end + '.';\n"
    "  return said;\n}\n",

    /* the current turn: changed cells, rings, path, words, controls */
    "var slider = document.getElementById('slider');\n"
    "var text = document.getElementById('turn-text');\n"
    "var counter = document.getElementById('turn-number');\n"
    "var path = document.getElementById('path');\n"
    "function ring(id, i) {\n"
    "  var e = document.getElementById(id);\n"
    "  e.classList.toggle('off', i < 0);\n"
    "  if (i >= 0) { e.setAttribute('cx', X[i]); e.setAttribute('cy', Y[i]); }\n}\n"
    "function show() {\n"
    "  var m = at > 0 ? moves[at - 1] : null, k = kind(m), points = [];\n"
    "  for (var i = 0; i < total; i++) if (occ[i] !== shown[i]) {\n"
    "    shown[i] = occ[i];\n"
    "    cells[i].setAttribute('class', occ[i] < 0 ? base[i] : base[i] +"
    " ' seat-' + occ[i]);\n  }\n"
    "  if (k === 'move') (Array.isArray(m.path) ? m.path : [m.from, m.to])"
    ".forEach(function (cell) {\n"
    "    var j = indexOf(cell);\n"
    "    if (j >= 0) points.push(X[j] + ',' + Y[j]);\n  });\n"
    "  path.setAttribute('points', points.join(' '));\n"
    "  path.classList.toggle('off', points.length < 2);\n"
    "  ring('ring-from', k === 'move' ? indexOf(m.from) : -1);\n"
    "  ring('ring-to', k === 'move' ? indexOf(m.to) : k === 'pass' ?"
    " indexOf(m.pass) : -1);\n"
    "  text.textContent = describe(m, at);\n"
    "  slider.value = at;\n  counter.textContent = at + ' / ' + moves.length;\n"
    "  document.querySelectorAll('#legend tbody tr').forEach(function (tr, p) {\n"
    "    tr.classList.toggle('now', k !== 'none' && m.p === p);\n  });\n"
    "  try { history.replaceState(null, '', '#turn=' + at); } catch (e) {}\n}\n",

    /* going to a turn, and what asks for it */
    "function goTo(t) {\n"
    "  t = Math.max(0, Math.min(moves.length, t | 0));\n"
    "  if (t < at) reset();\n"
    "  while (at < t) apply(moves[at++]);\n"
    "  show();\n}\n"
    "var timer = 0, play = document.getElementById('play');\n"
    "function stop() {\n"
    "  if (timer) { clearInterval(timer); timer = 0; }\n"
    "  play.textContent = 'play';\n}\n"
    "function jump(t) { stop(); goTo(t); }\n"
    "function turnInAddress() {\n"
    "  var found = /turn=(\\d+)/.exec(location.hash);\n"
    "  return found ? Math.min(+found[1], moves.length) : 0;\n}\n"
    "document.getElementById('first').onclick = function () { jump(0); };\n"
    "document.getElementById('prev').onclick = function () { jump(at - 1); };\n"
    "document.getElementById('next').onclick = function () { jump(at + 1); };\n"
    "document.getElementById('last').onclick = function () {"
    " jump(moves.length); };\n"
    "slider.oninput = function () { jump(+slider.value); };\n"
    "play.onclick = function () {\n"
    "  if (timer) { stop(); return; }\n"
    "  if (at >= moves.length) goTo(0);\n"
    "  play.textContent = 'pause';\n"
    "  timer = setInterval(function () { if (at >= moves.length) stop();"
    " else goTo(at + 1); }, 700);\n};\n"
    "document.addEventListener('keydown', function (e) {\n"
    "  if (e.altKey || e.ctrlKey || e.metaKey || e.target === slider) return;\n"
    "  var keys = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End:"
    " moves.length };\n"
    "  if (!Object.prototype.hasOwnProperty.call(keys, e.key)) return;\n"
    "  e.preventDefault();\n  jump(keys[e.key]);\n});\n"
    "window.addEventListener('hashchange', function () {"
    " jump(turnInAddress()); });\n"
    "svg.addEventListener('mousemove', function (e) {\n"
    "  var d = e.target.dataset;\n"
    "  if (d && d.row !== undefined) document.getElementById('cell-name')"
    ".textContent = '(' + d.row + ', ' + d.col + ')';\n});\n"
    "reset();\ngoTo(turnInAddress());\n"
    "svg.setAttribute('data-draw-ms', Math.round(performance.now() - t0));\n"
    "})();\n",
    NULL
};

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

    write_pieces(out, "<style>\n", replay_style);
    for (p = 0; p < MAX_PLAYERS; p++) {
        const struct seat_colour *c = &seat_colours[p];

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
    write_pieces(out, "</script>\n<script>\n", replay_script);
    fputs("</script>\n", out);
    return html_page_end(out);
}

int treplay_write(FILE *out, const char *record_json, size_t len, const char *title)
{
    cJSON *record = record_json ? cJSON_ParseWithLength(record_json, len) : NULL;
    char why[160], *json = NULL;
    int status = -1;

    if (record == NULL)
        fprintf(stderr, "replay: the record is not JSON\n");
    else if (treplay_check(record, why, sizeof why) != 0)
        fprintf(stderr, "replay: not a game record the viewer can show: %s\n", why);
    else if ((json = cJSON_PrintUnformatted(record)) == NULL)
        fprintf(stderr, "replay: out of memory\n");
    else if ((status = write_page(out, record, json, title ? title :
                                  html_json_str(record, "id"))) != 0)
        fprintf(stderr, "replay: cannot write the page\n");
    cJSON_free(json);
    cJSON_Delete(record);
    return status;
}

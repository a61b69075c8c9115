/*
** pages.c -- a tournament's HTML pages (pages.h): the leaderboard, one
** page per bot, one replay per game.  Each page is printed into memory
** and written atomically.
*/
#define _DEFAULT_SOURCE
#include "pages.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "../report/html/html.h"
#include "replay_html.h"
#include "../report/visible.h"

/* Badge colours of game outcomes, which the kit's stylesheet lacks. */
static const char outcome_style[] =
    "<style>.st-win{background:#2e7d32}.st-draw{background:#b26a00}.st-loss{background:#607d8b}"
    ".st-out{background:#7f0000}td.out{max-width:40em}td.num,th.num{white-space:nowrap}</style>\n";

typedef void page_fn(FILE *out, const struct tresults *r, int bot);

/* Prints page `fill` for `bot` into memory, then to OUTDIR/NAME. */
static int page(const char *outdir, const char *name, page_fn *fill, const struct tresults *r, int bot)
{
    char *buf = NULL, path[4096];
    size_t len = 0;
    FILE *out = open_memstream(&buf, &len);
    int ok = out != NULL;

    if (ok) {
        fill(out, r, bot);
        ok = html_page_end(out) == 0;
        ok = fclose(out) == 0 && ok;
    }
    ok = ok && snprintf(path, sizeof path, "%s/%s", outdir, name) < (int)sizeof path &&
         tjournal_write_file(path, buf, len) == 0;
    if (!ok)
        visible_printf(stderr, "tournament: cannot write the page %s\n", name);
    free(buf);
    return ok ? 0 : -1;
}

/* A bot's build verdict after its badge: "build failed: WHY" without the
** words the badge says. */
static void verdict(FILE *out, const struct tentrant *e)
{
    static const char prefix[] = "build failed: ";

    html_badge(out, "build failed");
    fputc(' ', out);
    html_text(out, e->verdict + (strncmp(e->verdict, prefix, sizeof prefix - 1) ? 0 : sizeof prefix - 1));
}

/* <a href="PREFIX FILE.html">NAME</a> for bot b. */
static void bot_link(FILE *out, const struct tresults *r, int b, const char *prefix)
{
    fprintf(out, "<a href=\"%s", prefix);
    html_url_segment(out, r->entrants[b].file);
    fputs(".html\">", out);
    html_text(out, r->names[b]);
    fputs("</a>", out);
}

static void replay_link(FILE *out, const char *id, const char *prefix)
{
    fprintf(out, "<a href=\"%sreplays/", prefix);
    html_url_segment(out, id);
    fputs(".html\">", out);
    html_text(out, id);
    fputs("</a>", out);
}

static void facts(FILE *out, const struct tresults *r)
{
    const struct tconfig *c = r->conf;

    fprintf(out, "<dl class=\"facts\"><dt>games</dt><dd>%zu of %zu scheduled</dd><dt>sizes</dt><dd>", r->n_games,
            r->scheduled);
    for (int i = 0; i < c->n_sizes; i++)
        fprintf(out, "%s%d", i ? ", " : "", c->sizes[i]);
    fputs("</dd><dt>players</dt><dd>", out);
    for (int i = 0; i < c->n_counts; i++)
        fprintf(out, "%s%d", i ? ", " : "", c->counts[i]);
    fprintf(out, "</dd><dt>rounds</dt><dd>%d</dd><dt>seed</dt><dd>%llu</dd><dt>limits</dt><dd>%g s CPU a call, "
                 "%g s a game, %d MiB</dd></dl>\n",
            c->rounds, (unsigned long long)c->seed, c->call_cpu, c->game_cpu, c->memory_mb);
}

static void leaderboard(FILE *out, const struct tresults *r)
{
    fputs("<h2>Leaderboard</h2>\n<p class=\"muted\">Score: 2 a win, 1 a draw, minus 1 a second of CPU time "
          "(measured by the sandbox). Elo from two-player games (95% interval); Weng-Lin from games of more "
          "players, mu - 3 sigma.</p>\n<table id=\"leaderboard\"><tr><th>#</th><th>bot</th><th class=\"num\">"
          "games</th><th class=\"num\">wins</th><th class=\"num\">draws</th><th class=\"num\">losses</th>"
          "<th class=\"num\">outs</th><th class=\"num\">CPU s</th><th class=\"num\">score</th>"
          "<th class=\"num\">Elo</th><th class=\"num\">Weng-Lin</th>", out);
    for (int k = 0; k < r->conf->n_counts; k++)
        fprintf(out, "<th class=\"num\" title=\"games of %d players\">p%d</th>", r->conf->counts[k], r->conf->counts[k]);
    fputs("<th>status</th></tr>\n", out);
    for (int i = 0; i < r->conf->n_bots; i++) {
        int b = r->order[i];
        const struct trating_score *s = &r->score[b];
        fprintf(out, "<tr><td class=\"num\">%d</td><td>", i + 1);
        bot_link(out, r, b, "bots/");
        fprintf(out, "</td><td class=\"num\">%ld</td><td class=\"num\">%ld</td><td class=\"num\">%ld</td>"
                     "<td class=\"num\">%ld</td><td class=\"num\">%ld</td><td class=\"num\">%.3f</td>"
                     "<td class=\"num\">%.3f</td><td class=\"num\">",
                s->games, s->wins, s->draws, s->losses, s->disqualified, s->cpu_seconds, s->score);
        if (r->have_elo && !(r->elo[b].flags & TRATING_ELO_NO_GAMES))
            fprintf(out, "%.0f &plusmn; %.0f", r->elo[b].rating, r->elo[b].high - r->elo[b].rating);
        else
            fputs("&ndash;", out);
        fputs("</td><td class=\"num\">", out);
        if (r->have_wl && r->wl_games[b])
            fprintf(out, "%.2f", trating_wl_conservative(r->wl[b]));
        else
            fputs("&ndash;", out);
        fputs("</td>", out);
        for (int k = 0; k < r->conf->n_counts; k++)
            fprintf(out, "<td class=\"num\">%ld</td>", tresults_count_games(r, k, b));
        fputs("<td>", out);
        if (r->entrants[b].ready)
            fputs("plays", out);
        else
            verdict(out, &r->entrants[b]);
        fputs("</td></tr>\n", out);
    }
    fputs("</table>\n", out);
}

static void crosstables(FILE *out, const struct tresults *r)
{
    int n = r->conf->n_bots;

    fputs("<h2>Crosstables</h2>\n<p class=\"muted\">Row against column: how often it finished ahead, level, "
          "behind, in the games both played.</p>\n", out);
    for (int k = 0; k < r->conf->n_counts; k++) {
        fprintf(out, "<h3>%d-player games</h3>\n<table class=\"cross\" id=\"cross-p%d\"><tr><th></th>",
                r->conf->counts[k], r->conf->counts[k]);
        for (int j = 0; j < n; j++) {
            fputs("<th>", out);
            html_text(out, r->names[r->order[j]]);
            fputs("</th>", out);
        }
        fputs("</tr>\n", out);
        for (int i = 0; i < n; i++) {
            int a = r->order[i];
            fputs("<tr><th>", out);
            bot_link(out, r, a, "bots/");
            fputs("</th>", out);
            for (int j = 0; j < n; j++) {
                int b = r->order[j];
                if (a == b)
                    fputs("<td class=\"num\">&ndash;</td>", out);
                else
                    fprintf(out, "<td class=\"num\">%ld-%ld-%ld</td>", tresults_cross(r, k, a, b, TRESULTS_AHEAD),
                            tresults_cross(r, k, a, b, TRESULTS_LEVEL), tresults_cross(r, k, a, b, TRESULTS_BEHIND));
            }
            fputs("</tr>\n", out);
        }
        fputs("</table>\n", out);
    }
}

static void index_page(FILE *out, const struct tresults *r, int bot)
{
    (void)bot;
    html_page_begin(out, "Bot tournament", NULL);
    fputs(outcome_style, out);
    fputs("<header class=\"top\"><h1>Bot tournament</h1></header>\n", out);
    facts(out, r);
    leaderboard(out, r);
    crosstables(out, r);
    fputs("<p class=\"muted\">Files: scores.txt, scores.csv, ratings.txt, ratings.csv, crosstable.txt, "
          "games.jsonl (one line a game), games/ID.json (records).</p>\n", out);
}

/* Its build log, when there is one. */
static void build_log(FILE *out, const struct tresults *r, int b)
{
    char path[4096], text[16384];
    FILE *f;

    snprintf(path, sizeof path, "%s/bots/%s/build.log", r->outdir, r->entrants[b].file);
    if (!(f = fopen(path, "r")))
        return;
    size_t n = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[n] = '\0';
    if (n) {
        fputs("<h2>Build log</h2>\n", out);
        html_log(out, text);
    }
}

static int seat_of(const struct tjournal_game *g, int b)
{
    for (int s = 0; s < g->players; s++)
        if (g->bots[s] == b)
            return s;
    return -1;
}

static void outs(FILE *out, const struct tresults *r, int b)
{
    fprintf(out, "<h2 id=\"outs\">Games it left (%ld)</h2>\n", r->score[b].disqualified);
    if (!r->score[b].disqualified) {
        fputs("<p>None: it finished every game it played.</p>\n", out);
        return;
    }
    fputs("<table id=\"out-list\"><tr><th>game</th><th>verdict</th><th>detail</th></tr>\n", out);
    for (size_t i = 0; i < r->n_games; i++) {
        const struct tjournal_game *g = &r->games[i];
        int s = seat_of(g, b);
        if (s < 0 || g->outcome[s] != TJOURNAL_OUT)
            continue;
        fputs("<tr><td>", out);
        replay_link(out, g->id, "../");
        fputs("</td><td>", out);
        html_badge(out, g->out[s]);
        fputs("</td><td class=\"out\">", out);
        html_text(out, g->detail[s]);
        fputs("</td></tr>\n", out);
    }
    fputs("</table>\n", out);
}

static void games(FILE *out, const struct tresults *r, int b)
{
    fputs("<h2>Games</h2>\n<table id=\"games\"><tr><th>game</th><th class=\"num\">size</th><th class=\"num\">"
          "seat</th><th>opponents</th><th>end</th><th>outcome</th><th class=\"num\">rank</th><th class=\"num\">"
          "CPU s</th></tr>\n", out);
    for (size_t i = 0; i < r->n_games; i++) {
        const struct tjournal_game *g = &r->games[i];
        int s = seat_of(g, b);
        if (s < 0)
            continue;
        fputs("<tr><td>", out);
        replay_link(out, g->id, "../");
        fprintf(out, "</td><td class=\"num\">%d</td><td class=\"num\">%d</td><td>", g->size, s);
        for (int o = 0, first = 1; o < g->players; o++)
            if (o != s) {
                fputs(first ? "" : ", ", out);
                bot_link(out, r, g->bots[o], "");
                first = 0;
            }
        fputs("</td><td>", out);
        html_text(out, g->end);
        fputs("</td><td>", out);
        html_badge(out, tjournal_outcome_name(g->outcome[s]));
        fprintf(out, "</td><td class=\"num\">%d</td><td class=\"num\">%.4f</td></tr>\n", g->rank[s], g->cpu[s]);
    }
    fputs("</table>\n", out);
}

static void bot_page(FILE *out, const struct tresults *r, int b)
{
    static const char *const kinds[] = {"house bot", "bot program", "submission"};
    const struct tconfig_bot *bot = r->entrants[b].bot;
    const struct trating_score *s = &r->score[b];

    html_page_begin(out, "Bot", r->names[b]);
    fputs(outcome_style, out);
    fputs("<header class=\"top\"><h1>", out);
    html_text(out, r->names[b]);
    fprintf(out, "</h1></header>\n<p><a href=\"../index.html\">Leaderboard</a></p>\n<dl class=\"facts\">"
                 "<dt>kind</dt><dd>%s: ", kinds[bot->kind]);
    html_text(out, bot->kind == TCONFIG_HOUSE ? bot->house : bot->path);
    fprintf(out, "</dd><dt>games</dt><dd>%ld: %ld won, %ld drawn, %ld lost, %ld left</dd><dt>CPU</dt><dd>%.3f s"
                 "</dd><dt>score</dt><dd>%.3f</dd></dl>\n",
            s->games, s->wins, s->draws, s->losses, s->disqualified, s->cpu_seconds, s->score);
    if (!r->entrants[b].ready) {
        fputs("<p id=\"verdict\">", out);
        verdict(out, &r->entrants[b]);
        fputs(" &mdash; it plays no game.</p>\n", out);
    }
    build_log(out, r, b);
    if (r->entrants[b].ready) {
        outs(out, r, b);
        games(out, r, b);
    }
}

/* The replay page of game g, unless one newer than its record exists. */
static int replay_page(const struct tresults *r, const struct tjournal_game *g)
{
    char record[4096], path[4096], *json = NULL, *buf = NULL;
    struct stat rs, ps;
    size_t len = 0, size = 0;
    FILE *f;
    int ok = 0;

    snprintf(record, sizeof record, "%s/games/%s.json", r->outdir, g->id);
    snprintf(path, sizeof path, "%s/replays/%s.html", r->outdir, g->id);
    if (stat(record, &rs) != 0) {
        visible_printf(stderr, "tournament: game %s has no record %s\n", g->id, record);
        return -1;
    }
    if (stat(path, &ps) == 0 && ps.st_mtime > rs.st_mtime)
        return 0;
    if ((f = fopen(record, "r")) != NULL && (json = malloc((size_t)rs.st_size + 1)) != NULL) {
        len = fread(json, 1, (size_t)rs.st_size, f);
        FILE *out = open_memstream(&buf, &size);
        ok = out && treplay_write(out, json, len, NULL) == 0;
        ok = out && fclose(out) == 0 && ok;
        ok = ok && tjournal_write_file(path, buf, size) == 0;
    }
    if (f)
        fclose(f);
    free(json), free(buf);
    if (!ok)
        visible_printf(stderr, "tournament: no replay page for game %s\n", g->id);
    return ok ? 0 : -1;
}

int tpages_write(const struct tresults *r)
{
    const char *outdir = r->outdir;
    char dir[4096], name[4096];
    int status = page(outdir, "index.html", index_page, r, -1);

    snprintf(dir, sizeof dir, "%s/replays", outdir);
    mkdir(dir, 0755);
    snprintf(dir, sizeof dir, "%s/bots", outdir);
    mkdir(dir, 0755);
    for (int b = 0; b < r->conf->n_bots; b++) {
        snprintf(name, sizeof name, "bots/%s.html", r->entrants[b].file);
        if (page(outdir, name, bot_page, r, b) != 0)
            status = -1;
    }
    for (size_t i = 0; i < r->n_games; i++)
        if (replay_page(r, &r->games[i]) != 0)
            status = -1;
    return status;
}

/*
** sim_html.c -- similarity.html, the class page of the similarity check,
** beside the class summary (staff only: no student page links to it).
**
** It says what was compared and what was taken out (base code, common
** fragments: how many fingerprints each removed), lists the clusters of
** students linked by flagged pairs, every reported pair best first (the
** first SIM_MAX_PAGES linked to a side-by-side page similarity/pair-N.html)
** and every note on a submission.  Each pair shows its code similarity
** and, beside it, its behaviour evidence (sim_behaviour.c).  Every student-made string is escaped
** by report/html (html_text).
*/
#include "similarity.h"

#include <stdlib.h>

#include "../report/html/html.h"

#define SIM_MAX_PAGES 100

static void percent(FILE *out, double x)
{
    fprintf(out, "%.0f%%", 100 * x);
}

static void removed_summary(const struct sim_class *c, FILE *out)
{
    size_t all = 0, base = 0, common = 0;
    for (size_t i = 0; i < c->n; i++) {
        all += c->s[i].nfp_winnowed;
        base += c->s[i].removed_base;
        common += c->s[i].removed_common;
    }
    fprintf(out, "<p>%zu submissions, %zu fingerprints (k = %d tokens, window %d). "
            "Removed as base code (%zu starter, header and given files): %zu (",
            c->n, all, c->opt.k, c->opt.w, c->base_files, base);
    percent(out, all ? (double)base / (double)all : 0);
    fprintf(out, "). Removed as common to more than %zu submissions: %zu (", c->common_cap, common);
    percent(out, all ? (double)common / (double)all : 0);
    fprintf(out, ").</p>\n<p>A pair is flagged when its similarity reaches ");
    percent(out, c->opt.threshold);
    fprintf(out, " with at least %d shared fingerprints. Behaviour, beside it: of %zu graded "
            "students, the failing tests where both printed the same wrong output; one that at most "
            "%zu students printed is rare and flags the pair. Similar code or output is evidence for "
            "a person to judge, never a verdict: read the side-by-side pages.</p>\n",
            SIM_MIN_SHARED, c->behaviour_students, c->rare_cap);
}

static void clusters(const struct sim_class *c, FILE *out)
{
    size_t *cl = sim_alloc(NULL, (c->n + 1) * sizeof *cl), shown = 0;
    sim_clusters(c, cl);
    fputs("<section id=\"clusters\">\n<h2>Clusters</h2>\n<ul>\n", out);
    for (size_t root = 0; root < c->n; root++) {
        size_t members = 0;
        for (size_t i = 0; i < c->n; i++)
            members += cl[i] == root;
        if (members < 2)
            continue;
        fprintf(out, "<li>%zu students:", members);
        for (size_t i = 0; i < c->n; i++)
            if (cl[i] == root) {
                fputc(' ', out);
                html_text(out, c->s[i].id);
            }
        fputs("</li>\n", out);
        shown++;
    }
    if (!shown)
        fputs("<li>no pair reaches the threshold</li>\n", out);
    fputs("</ul>\n</section>\n", out);
    free(cl);
}

static void pair_row(const struct sim_class *c, size_t i, FILE *out)
{
    const struct sim_pair *p = &c->pairs[i];
    fprintf(out, "<tr%s><td class=\"num\">%zu</td><td>", p->flagged ? " class=\"flagged\"" : "", i + 1);
    html_text(out, c->s[p->a].id);
    fputs("</td><td>", out);
    html_text(out, c->s[p->b].id);
    fputs("</td><td class=\"num\">", out);
    percent(out, p->similarity);
    fputs("</td><td class=\"num\">", out);
    percent(out, p->share_a);
    fputs("</td><td class=\"num\">", out);
    percent(out, p->share_b);
    fprintf(out, "</td><td class=\"num\">%u</td><td class=\"num\">%u (%u rare)</td><td>%s%s%s</td><td>",
            (unsigned)p->longest, (unsigned)p->same_wrong, (unsigned)p->rare_wrong,
            p->flagged ? "similar code" : "", p->flagged && p->rare_wrong ? ", " : "",
            p->rare_wrong ? "same rare wrong output" : "");
    if (i < SIM_MAX_PAGES)
        fprintf(out, "<a href=\"similarity/pair-%zu.html\">side by side</a>", i + 1);
    fputs("</td></tr>\n", out);
}

static void notes(const struct sim_class *c, FILE *out)
{
    fputs("<section id=\"notes\">\n<h2>Notes on submissions</h2>\n<ul>\n", out);
    for (size_t i = 0; i < c->n; i++)
        if (c->s[i].notes) {
            fputs("<li>", out);
            html_text(out, c->s[i].id);
            fputs(": ", out);
            html_text(out, c->s[i].notes);
            fputs("</li>\n", out);
        }
    fputs("</ul>\n</section>\n", out);
}

int sim_write_html(const struct sim_class *c, FILE *out)
{
    html_page_begin(out, "Similarity", NULL);
    fputs("<style>tr.flagged td{background:#fde8c8}</style>\n<h1>Similar code</h1>\n", out);
    removed_summary(c, out);
    clusters(c, out);
    fputs("<section id=\"pairs\">\n<h2>Pairs, most similar first</h2>\n<table>\n"
          "<tr><th>rank</th><th>student A</th><th>student B</th><th class=\"num\">similarity</th>"
          "<th class=\"num\">of A matched</th><th class=\"num\">of B matched</th>"
          "<th class=\"num\">longest run (tokens)</th><th class=\"num\">same wrong outputs</th>"
          "<th>flag</th><th>page</th></tr>\n", out);
    for (size_t i = 0; i < c->npairs; i++)
        pair_row(c, i, out);
    fputs("</table>\n</section>\n", out);
    notes(c, out);
    return html_page_end(out);
}

int sim_has_page(size_t i)
{
    return i < SIM_MAX_PAGES;
}

/*
** sim_html_pair.c -- one pair side by side: similarity/pair-N.html.
**
** Both submissions' files are shown whole, in two columns; each matched
** region is a link to its counterpart in the other column (region R of
** side A has id "a-R" and links to "#b-R", and back).  Where regions of
** one side overlap (two places of A matching one of B), the first is
** marked and the rest of it shown plainly.  Every byte of a file and of
** its name goes through html_text: a file cannot close the <pre> or add
** markup.
*/
#include "similarity.h"

#include <stdlib.h>

#include "../report/html/html.h"

struct span {
    uint32_t file, from, to;   /* bytes of the file */
    size_t region;
};

static int by_place(const void *x, const void *y)
{
    const struct span *a = x, *b = y;
    if (a->file != b->file)
        return (a->file > b->file) - (a->file < b->file);
    return (a->from > b->from) - (a->from < b->from);
}

/* The byte spans of one side's regions, sorted by place. */
static struct span *spans_of(const struct sim_submission *s, const struct sim_pair *p, int side_b)
{
    struct span *sp = sim_alloc(NULL, (p->nregions + 1) * sizeof *sp);
    for (size_t r = 0; r < p->nregions; r++) {
        uint32_t from = side_b ? p->regions[r].b_from : p->regions[r].a_from;
        uint32_t to = side_b ? p->regions[r].b_to : p->regions[r].a_to;
        const struct sim_token *f = &s->tok[from], *l = &s->tok[to - 1];
        sp[r] = (struct span){ f->file, f->off, l->off + l->len, r };
    }
    qsort(sp, p->nregions, sizeof *sp, by_place);
    return sp;
}

static void column(const struct sim_submission *s, const struct sim_pair *p, int side_b, FILE *out)
{
    struct span *sp = spans_of(s, p, side_b);
    const char *me = side_b ? "b" : "a", *other = side_b ? "a" : "b";
    size_t r = 0;
    fputs("<div class=\"side\"><h2>", out);
    html_text(out, s->id);
    fputs("</h2>\n", out);
    for (uint32_t f = 0; f < s->nfiles; f++) {
        const char *t = s->files[f].text;
        uint32_t at = 0;
        fputs("<h3>", out);
        html_text(out, s->files[f].path);
        fputs("</h3>\n<pre>", out);
        for (; r < p->nregions && sp[r].file == f; r++) {
            if (sp[r].from < at)
                continue;   /* overlaps the span just marked */
            html_text_n(out, t + at, sp[r].from - at);
            fprintf(out, "<a class=\"m\" id=\"%s-%zu\" href=\"#%s-%zu\">", me, sp[r].region, other, sp[r].region);
            html_text_n(out, t + sp[r].from, sp[r].to - sp[r].from);
            fputs("</a>", out);
            at = sp[r].to;
        }
        html_text_n(out, t + at, s->files[f].size - at);
        fputs("</pre>\n", out);
    }
    fputs("</div>\n", out);
    free(sp);
}

int sim_write_pair_html(const struct sim_class *c, const struct sim_pair *p,
                        size_t rank, FILE *out)
{
    const struct sim_submission *a = &c->s[p->a], *b = &c->s[p->b];
    char title[64];
    snprintf(title, sizeof title, "Similarity, pair %zu", rank);
    html_page_begin(out, title, NULL);
    fputs("<style>.pair{display:grid;grid-template-columns:1fr 1fr;gap:1em}"
          ".side pre{white-space:pre-wrap;font-size:85%}"
          "a.m{background:#fde8c8;color:inherit;text-decoration:none}"
          "a.m:target{background:#f9b96b}</style>\n<p><a href=\"../similarity.html\">all pairs</a></p>\n<h1>", out);
    html_text(out, a->id);
    fputs(" and ", out);
    html_text(out, b->id);
    fprintf(out, "</h1>\n<p>Similarity %.0f%%; %.0f%% of the first and %.0f%% of the second "
            "matched (base code excluded); longest run %u tokens; %zu matched regions, "
            "highlighted: follow one to its counterpart.</p>\n<div class=\"pair\">\n",
            100 * p->similarity, 100 * p->share_a, 100 * p->share_b, (unsigned)p->longest, p->nregions);
    column(a, p, 0, out);
    column(b, p, 1, out);
    fputs("</div>\n", out);
    return html_page_end(out);
}

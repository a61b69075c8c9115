/*
** sim_report.c -- the similarity's table for machines (similarity.csv)
** and its clusters.
**
** similarity.csv: one row per reported pair, best first, CRLF line ends
** and text cells through report/csv.h like grades.csv:
**   rank,student_a,student_b,similarity,share_a,share_b,longest_run,
**   shared_fingerprints,flagged,same_wrong_outputs,rare_wrong_outputs,
**   behaviour_weight,behaviour_flagged
** similarity, share_a and share_b are fractions (0..1, three decimals);
** longest_run is in tokens; flagged (by the code) and behaviour_flagged
** (a rare wrong output shared) are "yes" or "no"; the behaviour columns
** are sim_behaviour.c's.  Pairs flagged only by behaviour come last.
**
** A cluster is a set of students linked by flagged pairs (connected
** components, found by union-find).
*/
#include "similarity.h"

#include "../report/csv.h"

int sim_write_csv(const struct sim_class *c, FILE *out)
{
    fputs("rank,student_a,student_b,similarity,share_a,share_b,longest_run,"
          "shared_fingerprints,flagged,same_wrong_outputs,rare_wrong_outputs,"
          "behaviour_weight,behaviour_flagged\r\n", out);
    for (size_t i = 0; i < c->npairs; i++) {
        const struct sim_pair *p = &c->pairs[i];
        fprintf(out, "%zu,", i + 1);
        csv_text(out, c->s[p->a].id);
        fputc(',', out);
        csv_text(out, c->s[p->b].id);
        fprintf(out, ",%.3f,%.3f,%.3f,%u,%u,%s,%u,%u,%.2f,%s\r\n", p->similarity, p->share_a,
                p->share_b, (unsigned)p->longest, (unsigned)p->shared, p->flagged ? "yes" : "no",
                (unsigned)p->same_wrong, (unsigned)p->rare_wrong, p->behaviour_weight,
                p->rare_wrong ? "yes" : "no");
    }
    return ferror(out) ? -1 : 0;
}

static size_t find(size_t *parent, size_t i)
{
    while (parent[i] != i)
        i = parent[i] = parent[parent[i]];
    return i;
}

void sim_clusters(const struct sim_class *c, size_t *cluster)
{
    for (size_t i = 0; i < c->n; i++)
        cluster[i] = i;
    for (size_t i = 0; i < c->npairs; i++) {
        if (!c->pairs[i].flagged)
            continue;
        size_t x = find(cluster, c->pairs[i].a), y = find(cluster, c->pairs[i].b);
        if (x != y)
            cluster[x > y ? x : y] = x < y ? x : y;
    }
    for (size_t i = 0; i < c->n; i++)
        cluster[i] = find(cluster, i);
}

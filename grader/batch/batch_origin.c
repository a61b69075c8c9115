/*
** batch_origin.c -- what a gradebook was graded with, and the merge's
** check that its inputs agree (batch.h, MERGE).
**
** class.json records, beside its students:
**   "kit":    "fnv1a64 HEX"  the hash of everything that decides a grade
**                            (batch_kit_hash(): tests, references, unit
**                            objects, header, rubric, grade, --tests)
**   "rubric": "fnv1a64 HEX"  the rubric's bytes alone
**   "late":   "fnv1a64 HEX"  the late policy and its --times file, or
**                            that there was none (batch_late_hash())
**   "shard":  "I/N"          the part of the class the run graded
**                            ("1/1": all of it, or a merge of every shard)
** A student's fingerprint says the same of one student, but a student is
** in one shard only: without this record, shards graded with two rubrics
** (or two builds of the kit) would merge into one gradebook without a
** word.  The merge refuses inputs whose rubric, late policy or kit differ, an input
** without the record (written by a grade-all before it existed: a re-run
** there regrades nobody and writes it), and shards of N that do not cover
** 1..N (a task that never wrote its class.json: resubmit it).
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "batch_internal.h"
#include "../report/visible.h"

void batch_origin_write(cJSON *root, const struct batch_origin *g)
{
    char shard[32];
    if (!g->kit[0])
        return;
    snprintf(shard, sizeof shard, "%u/%u", g->shard, g->shards);
    cJSON_AddStringToObject(root, "kit", g->kit);
    cJSON_AddStringToObject(root, "rubric", g->rubric);
    cJSON_AddStringToObject(root, "late", g->late);
    cJSON_AddStringToObject(root, "shard", shard);
}

/* A "fnv1a64 HEX" string of `root`'s `key` into `out`; 0, or -1. */
static int read_hash(const cJSON *root, const char *key, char *out, size_t size)
{
    const char *v = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(root, key));
    if (!v || strncmp(v, "fnv1a64 ", 8) != 0 || strlen(v) >= size)
        return -1;
    strcpy(out, v);
    return 0;
}

int batch_origin_read(const cJSON *root, const char *dir, struct batch_origin *g)
{
    const char *shard = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(root, "shard"));
    char extra;
    memset(g, 0, sizeof *g);
    if (read_hash(root, "kit", g->kit, sizeof g->kit) == 0
        && read_hash(root, "rubric", g->rubric, sizeof g->rubric) == 0
        && read_hash(root, "late", g->late, sizeof g->late) == 0
        && shard && sscanf(shard, "%u/%u%c", &g->shard, &g->shards, &extra) == 2
        && g->shard >= 1 && g->shard <= g->shards && g->shards <= 1000)
        return 0;
    visible_printf(stderr, "grade-all: %s/%s does not say which kit, rubric and shard graded it "
            "(an older grade-all wrote it): run grade-all there again, which regrades nobody "
            "unchanged, then merge\n", dir, BATCH_CLASS);
    return -1;
}

/* Refuses two inputs graded differently; the rubric is named first, being
** the likelier cause and the one the staff edits. */
static int same_grading(const struct batch_origin *a, const char *a_dir,
                        const struct batch_origin *b, const char *b_dir)
{
    if (strcmp(a->rubric, b->rubric) != 0) {
        visible_printf(stderr, "grade-all: cannot merge %s and %s: they were graded with "
                "different rubrics (%s, %s); grade both with the same rubric\n",
                a_dir, b_dir, a->rubric, b->rubric);
        return -1;
    }
    if (strcmp(a->late, b->late) != 0) {
        visible_printf(stderr, "grade-all: cannot merge %s and %s: they were graded with "
                "different late policies (late.txt or --times differ, or one had none: %s, %s); "
                "grade both with the same policy\n", a_dir, b_dir, a->late, b->late);
        return -1;
    }
    if (strcmp(a->kit, b->kit) != 0) {
        visible_printf(stderr, "grade-all: cannot merge %s and %s: they were graded with "
                "different kits (tests, references, header, grader or --tests differ: %s, %s); "
                "grade both with one kit\n", a_dir, b_dir, a->kit, b->kit);
        return -1;
    }
    return 0;
}

/* Shards of N must all be there, and agree on N. */
static int shards_complete(const struct batch_origin *in, const char *const *dirs, size_t n)
{
    unsigned shards = 0;
    size_t first = 0;
    for (size_t i = 0; i < n; i++) {
        if (in[i].shards <= 1)
            continue;
        if (shards && in[i].shards != shards) {
            visible_printf(stderr, "grade-all: cannot merge %s (shard %u/%u) with %s "
                    "(shard %u/%u): the class was split two ways\n", dirs[first],
                    in[first].shard, shards, dirs[i], in[i].shard, in[i].shards);
            return -1;
        }
        if (!shards)
            shards = in[i].shards, first = i;
    }
    for (unsigned s = 1; s <= shards; s++) {
        size_t i = 0;
        while (i < n && !(in[i].shards == shards && in[i].shard == s))
            i++;
        if (i == n) {
            visible_printf(stderr, "grade-all: shard %u/%u is missing (its grade-all did not "
                    "finish, or its folder was not named): grade it, then merge again\n",
                    s, shards);
            return -1;
        }
    }
    return 0;
}

int batch_origin_join(const struct batch_origin *in, const char *const *dirs, size_t n,
                      struct batch_origin *out)
{
    for (size_t i = 1; i < n; i++)
        if (same_grading(&in[0], dirs[0], &in[i], dirs[i]) != 0)
            return -1;
    if (shards_complete(in, dirs, n) != 0)
        return -1;
    *out = n ? in[0] : (struct batch_origin){0};
    out->shard = out->shards = 1;
    return 0;
}

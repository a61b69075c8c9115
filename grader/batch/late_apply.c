/*
** late_apply.c -- the late policy's arithmetic (late.h, THE RULE): one
** student's outcome, kept as OUTDIR/ID/late.json, and what the gradebook
** makes of it.
**
** The outcome holds no points: only the lateness and the percent.  The
** points are taken off when a gradebook or a report is written, from the
** raw result.json, which is never changed -- so however often the
** gradebook is written (re-runs, resumes, merges), the penalty is taken
** once.
*/
#define _GNU_SOURCE
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "late_internal.h"
#include "../report/visible.h"

void late_judge(const struct late_policy *p, late_instant due, late_instant when,
                int mark_only, struct late_outcome *out)
{
    late_instant last = p->last + (due - p->due);
    out->due = due;
    out->extended = due != p->due;
    out->late_seconds = 0;
    out->units = 0;
    out->percent = 0;
    out->zero = 0;
    if (mark_only) {                       /* late by one unit past the grace */
        out->units = 1;
        out->percent = fmin(p->cap, p->percent);
        return;
    }
    out->late_seconds = when > due ? when - due : 0;
    if (p->has_last && when > last)
        out->zero = 1;
    else if (out->late_seconds > p->grace) {
        out->units = (long)((out->late_seconds + p->unit - 1) / p->unit);
        out->percent = fmin(p->cap, (double)out->units * p->percent);
    }
}

static int fill_json(FILE *f, void *arg)
{
    char *text = cJSON_Print(arg);
    int rc = text && fputs(text, f) >= 0 && fputc('\n', f) != EOF ? 0 : -1;
    free(text);
    return rc;
}

cJSON *late_outcome_json(const struct late_policy *p, const struct late_outcome *o)
{
    char due[40], last[40];
    cJSON *j = cJSON_CreateObject();
    late_time_text(o->due, due, sizeof due);
    late_time_text(p->last + (o->due - p->due), last, sizeof last);
    cJSON_AddStringToObject(j, "due", due);
    if (p->has_last)
        cJSON_AddStringToObject(j, "last", last);
    cJSON_AddBoolToObject(j, "extended", o->extended);
    cJSON_AddStringToObject(j, "submitted", o->submitted);
    cJSON_AddStringToObject(j, "source", o->source);
    if (strcmp(o->source, "canvas late mark") == 0)
        cJSON_AddNullToObject(j, "late_seconds");
    else
        cJSON_AddNumberToObject(j, "late_seconds", (double)o->late_seconds);
    cJSON_AddNumberToObject(j, "grace_seconds", (double)p->grace);
    cJSON_AddStringToObject(j, "unit", p->unit == 3600 ? "hour" : "day");
    cJSON_AddNumberToObject(j, "units", (double)o->units);
    cJSON_AddNumberToObject(j, "percent", o->percent);
    cJSON_AddBoolToObject(j, "zero", o->zero);
    return j;
}

int late_save(const char *sdir, const struct late_policy *p, const struct late_outcome *o)
{
    cJSON *j = late_outcome_json(p, o);
    int rc = j && batch_mkdir(sdir) == 0 ? batch_write_atomic(sdir, LATE_FILE, fill_json, j) : -1;
    cJSON_Delete(j);
    return rc;
}

cJSON *late_load(const char *sdir)
{
    char path[4096];
    if (batch_path(path, sizeof path, sdir, LATE_FILE) != 0)
        return NULL;
    char *text = batch_read(path, 1 << 16);
    cJSON *j = text ? cJSON_Parse(text) : NULL;
    free(text);
    if (j && !cJSON_IsObject(j)) {
        cJSON_Delete(j);
        j = NULL;
    }
    return j;
}

double late_penalty(const cJSON *late, double raw, double max)
{
    if (!late || raw <= 0)
        return 0;
    if (cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(late, "zero")))
        return raw;
    double pct = cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(late, "percent"));
    if (!(pct > 0))
        return 0;
    double pen = round(max * pct / 100 * 1e6) / 1e6;
    return pen < raw ? pen : raw;
}

static const char *str(const cJSON *o, const char *key)
{
    const char *s = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(o, key));
    return s ? s : "";
}

static double num(const cJSON *o, const char *key)
{
    double v = cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(o, key));
    return v == v ? v : 0;
}

/* The outcome in words: "1d 12h 0m late: 2 days counted, 20% of the
** points". */
void late_text(const cJSON *late, char *buf, size_t size)
{
    char dur[64];
    double units = num(late, "units"), pct = num(late, "percent");
    const char *unit = str(late, "unit");
    const cJSON *secs = cJSON_GetObjectItemCaseSensitive(late, "late_seconds");
    late_duration_text((int64_t)num(late, "late_seconds"), dur, sizeof dur);
    if (cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(late, "zero")))
        snprintf(buf, size, "%s late, after the last day (%s): scores 0", dur, str(late, "last"));
    else if (cJSON_IsNull(secs))
        snprintf(buf, size, "marked late by Canvas, no time known: 1 %s counted, %g%% of the points",
                 unit, pct);
    else if (num(late, "late_seconds") <= 0)
        snprintf(buf, size, "on time");
    else if (units == 0)
        snprintf(buf, size, "%s late, within the grace period: no penalty", dur);
    else
        snprintf(buf, size, "%s late: %g %s%s counted, %g%% of the points", dur, units, unit,
                 units == 1 ? "" : "s", pct);
}

cJSON *late_result(const cJSON *result, const cJSON *late)
{
    cJSON *r = cJSON_Duplicate(result, 1);
    cJSON *l = cJSON_Duplicate(late, 1);
    char text[300];
    if (!r || !l) {
        cJSON_Delete(r);
        cJSON_Delete(l);
        return NULL;
    }
    double raw = num(result, "score");
    double pen = late_penalty(late, raw, num(result, "max_score"));
    late_text(late, text, sizeof text);
    cJSON_AddNumberToObject(l, "raw", raw);
    cJSON_AddNumberToObject(l, "penalty", pen);
    cJSON_AddStringToObject(l, "text", text);
    cJSON_DeleteItemFromObjectCaseSensitive(r, "score");
    cJSON_AddNumberToObject(r, "score", round((raw - pen) * 1e6) / 1e6);
    cJSON_DeleteItemFromObjectCaseSensitive(r, "late");
    cJSON_AddItemToObject(r, "late", l);
    return r;
}

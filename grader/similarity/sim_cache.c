/*
** sim_cache.c -- each student's prepared submission kept between runs,
** so that a re-run (after an interruption, or with late submissions
** added) reads, cuts and fingerprints only the students that changed.
**
** What is kept is everything about one student that does not depend on
** the rest of the class: the files as read (for the side-by-side pages),
** the tokens, which tokens lie in base code, the winnowed fingerprints
** with the base's removed (sorted, unique: before the class-wide filter
** of common fragments), the counts removed, and the notes.  The
** threshold and --share are applied afterwards, so they never invalidate
** it.
**
** Key: FNV-1a 64 of the entry's bytes as grade-all fingerprints them
** (batch_fingerprint: the entry's name, and a folder's names, types and
** contents recursively, or an archive's bytes), seeded by the salt
** (sim_cache_salt: this format's version, K, W, the read limits and every
** k-gram of the base code).  The file is CACHE_DIR/<key in hex>.  FNV
** detects change; it is no defence against a forged collision (as for
** grade-all's own fingerprints, the forger only gets an earlier result).
**
** Failure: a cache entry is written to a temporary file (a name starting
** with '.') and renamed, so a run killed at any point leaves each entry
** whole or absent; an entry that is unreadable, short, of another
** version or inconsistent (a token or fingerprint pointing outside its
** files) is a miss and is computed again.  A cache that cannot be written
** only costs time: nothing stops.
*/
#define _GNU_SOURCE
#include "similarity.h"

#include <dirent.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../batch/batch_internal.h"

static const char magic[8] = "simc\0\0\0\3";   /* bump when the layout changes */

uint64_t sim_cache_salt(const struct sim_class *c)
{
    uint64_t h = batch_fnv(BATCH_FNV_INIT, magic, sizeof magic);
    uint64_t v[4] = { (uint64_t)c->opt.k, (uint64_t)c->opt.w, SIM_MAX_FILE_BYTES, SIM_MAX_FILES };
    h = batch_fnv(h, v, sizeof v);
    return batch_fnv(h, c->base_hashes, c->nbase * sizeof *c->base_hashes);
}

int sim_cache_key(const char *entry, uint64_t salt, uint64_t *key)
{
    struct batch_student b = { .path = (char *)entry };
    if (batch_fingerprint(&b, salt) != 0)
        return -1;
    *key = strtoull(b.fingerprint + strlen("fnv1a64 "), NULL, 16);
    return 0;
}

static void cache_path(char *path, size_t size, const char *dir, uint64_t key, const char *dot)
{
    snprintf(path, size, "%s/%s%016llx", dir, dot, (unsigned long long)key);
}

/* ---- writing ---- */

static void put(FILE *f, const void *p, size_t n)
{
    if (n)
        fwrite(p, 1, n, f);
}

static void put_n(FILE *f, uint64_t n)
{
    put(f, &n, sizeof n);
}

void sim_cache_store(const struct sim_submission *s, const char *dir, uint64_t key)
{
    char path[PATH_MAX], tmp[PATH_MAX];
    cache_path(path, sizeof path, dir, key, "");
    cache_path(tmp, sizeof tmp, dir, key, ".");
    FILE *f = fopen(tmp, "wb");
    if (!f)
        return;
    put(f, magic, sizeof magic);
    put_n(f, key);
    put_n(f, s->nfiles);
    for (size_t i = 0; i < s->nfiles; i++) {
        put_n(f, strlen(s->files[i].path));
        put(f, s->files[i].path, strlen(s->files[i].path));
        put_n(f, s->files[i].size);
        put(f, s->files[i].text, s->files[i].size);
    }
    put_n(f, s->ntok);
    put(f, s->tok, s->ntok * sizeof *s->tok);
    put(f, s->base, s->ntok);
    put_n(f, s->nfp);
    for (size_t i = 0; i < s->nfp; i++) {   /* field by field: no padding bytes */
        put(f, &s->fp[i].hash, sizeof s->fp[i].hash);
        put(f, &s->fp[i].pos, sizeof s->fp[i].pos);
    }
    uint64_t counts[4] = { s->own_tokens, s->nfp_winnowed, s->removed_base,
                           s->notes ? strlen(s->notes) : 0 };
    put(f, counts, sizeof counts);
    put(f, s->notes, counts[3]);
    if (ferror(f) | (fclose(f) != 0) || rename(tmp, path) != 0)
        unlink(tmp);
}

/* ---- reading ---- */

struct reader {
    const char *p;
    size_t left;
    int bad;
};

/* The next n bytes, or NULL (and r->bad) when fewer are left. */
static const char *take(struct reader *r, size_t n)
{
    if (r->bad || n > r->left) {
        r->bad = 1;
        return NULL;
    }
    const char *p = r->p;
    r->p += n;
    r->left -= n;
    return p;
}

static uint64_t take_n(struct reader *r)
{
    uint64_t n = 0;
    const char *p = take(r, sizeof n);
    if (p)
        memcpy(&n, p, sizeof n);
    return n;
}

/* A copy of the next n bytes (NUL-terminated), or NULL. */
static void *take_copy(struct reader *r, uint64_t n, size_t unit)
{
    if (n > r->left / (unit ? unit : 1)) {
        r->bad = 1;
        return NULL;
    }
    const char *p = take(r, n * unit);
    char *q = p ? sim_alloc(NULL, n * unit + 1) : NULL;
    if (q) {
        memcpy(q, p, n * unit);
        q[n * unit] = '\0';
    }
    return q;
}

/* s->nfp fingerprints, each its hash then its position. */
static void take_fingerprints(struct reader *r, struct sim_submission *s)
{
    const size_t each = sizeof s->fp->hash + sizeof s->fp->pos;
    if (s->nfp > r->left / each) {
        r->bad = 1;
        return;
    }
    s->fp = sim_alloc(NULL, (s->nfp + 1) * sizeof *s->fp);
    for (size_t i = 0; i < s->nfp; i++) {
        const char *p = take(r, each);
        memcpy(&s->fp[i].hash, p, sizeof s->fp[i].hash);
        memcpy(&s->fp[i].pos, p + sizeof s->fp[i].hash, sizeof s->fp[i].pos);
    }
}

/* Whether every token and fingerprint points inside s's files. */
static int consistent(const struct sim_submission *s)
{
    for (size_t i = 0; i < s->ntok; i++) {
        const struct sim_token *t = &s->tok[i];
        if (t->file >= s->nfiles || t->off > s->files[t->file].size
            || t->len > s->files[t->file].size - t->off)
            return 0;
    }
    for (size_t i = 0; i < s->nfp; i++)
        if (s->fp[i].pos >= s->ntok)
            return 0;
    return s->nfp <= s->nfp_winnowed && s->own_tokens <= s->ntok;
}

static void parse_entry(struct reader *r, struct sim_submission *s, uint64_t key)
{
    const char *m = take(r, sizeof magic);
    if (!m || memcmp(m, magic, sizeof magic) != 0 || take_n(r) != key) {
        r->bad = 1;
        return;
    }
    uint64_t nfiles = take_n(r);
    if (nfiles > SIM_MAX_FILES)
        r->bad = 1;
    for (uint64_t i = 0; i < nfiles && !r->bad; i++) {
        s->files = sim_alloc(s->files, (s->nfiles + 1) * sizeof *s->files);
        struct sim_file *f = &s->files[s->nfiles++];
        *f = (struct sim_file){0};
        f->path = take_copy(r, take_n(r), 1);
        f->size = take_n(r);
        f->text = take_copy(r, f->size, 1);
    }
    s->ntok = take_n(r);
    s->tok = take_copy(r, s->ntok, sizeof *s->tok);
    s->base = take_copy(r, s->ntok, 1);
    s->nfp = take_n(r);
    take_fingerprints(r, s);
    s->own_tokens = take_n(r);
    s->nfp_winnowed = take_n(r);
    s->removed_base = take_n(r);
    uint64_t nnotes = take_n(r);
    s->notes = nnotes ? take_copy(r, nnotes, 1) : NULL;
    if (r->left != 0 || (!r->bad && !consistent(s)))
        r->bad = 1;
}

int sim_cache_load(struct sim_submission *s, const char *dir, uint64_t key)
{
    char path[PATH_MAX];
    cache_path(path, sizeof path, dir, key, "");
    FILE *f = fopen(path, "rb");
    if (!f)
        return -1;
    struct stat st;
    char *data = NULL;
    int ok = fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode) && st.st_size < (1L << 30)
          && (data = sim_alloc(NULL, (size_t)st.st_size + 1))
          && fread(data, 1, (size_t)st.st_size, f) == (size_t)st.st_size;
    fclose(f);
    struct reader r = { data, ok ? (size_t)st.st_size : 0, !ok };
    if (ok)
        parse_entry(&r, s, key);
    free(data);
    if (!r.bad)
        return 0;
    char *id = s->id;
    s->id = NULL;
    sim_submission_free(s);
    s->id = id;
    return -1;
}

/* ---- tidying ---- */

static int cmp_key(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

void sim_cache_prune(const char *dir, uint64_t *keys, size_t n)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    if (!d)
        return;
    qsort(keys, n, sizeof *keys, cmp_key);
    while ((e = readdir(d))) {
        char *end;
        uint64_t key = strtoull(e->d_name, &end, 16);
        int ours = strlen(e->d_name) == 16 && *end == '\0';
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..")
            || (ours && n && bsearch(&key, keys, n, sizeof *keys, cmp_key)))
            continue;
        char path[PATH_MAX];
        if ((size_t)snprintf(path, sizeof path, "%s/%s", dir, e->d_name) < sizeof path)
            unlink(path);
    }
    closedir(d);
}

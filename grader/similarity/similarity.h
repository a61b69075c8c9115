/*
** similarity.h -- code similarity across a class, the starter subtracted:
** the engine behind `build/similarity` (similarity_main.c).
**
** THEORY OF OPERATION.  Each submission (every .c and .h file of a
** student's folder or archive, taken together) is cut into C tokens
** (sim_lex.c) with comments, preprocessor lines and layout dropped and
** every identifier, number, string and character literal replaced by its
** kind: renaming variables or reformatting changes nothing.  Hashes of
** every run of K consecutive tokens (k-grams, never across a file's end)
** are computed, and winnowing (Schleimer, Wilkerson and Aiken, SIGMOD
** 2003) keeps the smallest hash of each window of W consecutive k-grams
** (sim_fingerprint.c): any run of K + W - 1 tokens two submissions share
** yields at least one fingerprint both hold, and a submission keeps about
** 2 / (W + 1) of its k-grams.
**
** Then (sim_index.c) every fingerprint equal to any k-gram of the base
** code -- the starter's .c and .h files, the required header and the
** files the descriptor lists as given -- is dropped, and so is every
** fingerprint held by more than max(SIM_COMMON_FLOOR, share x class
** size) submissions (an idiom everyone writes, or code from the handout).
** The fingerprints left are sorted into an inverted index (fingerprint ->
** submissions holding it), and each group adds one to the count of every
** pair in it: the cost is that of sorting the fingerprints plus the
** pairs that truly share something, never a comparison of all pairs'
** tokens.
**
** A pair's similarity is the Dice coefficient of their kept fingerprint
** sets, 2|A n B| / (|A| + |B|).  For the pairs reported (sim_match.c), the
** shared fingerprints are grown token by token into maximal matched
** regions of both sides, which give each side's matched share (its
** matched tokens over its own tokens, base code excluded), the longest
** matched run and the highlighted regions of the side-by-side pages.
**
** Behaviour evidence (sim_behaviour.c), shown beside the code's and never
** mixed into it: pairs whose programs failed the same tests with
** byte-identical wrong output in grading (CLASS_DIR/ID/result.json),
** weighted by how rare that output is in the class.
**
** Resuming (sim_cache.c): what the steps above make of one student
** before the class-wide filter is kept in CLASS_DIR/similarity/cache,
** keyed by the submission's bytes, K, W and the base code, so that a
** re-run prepares only new or changed submissions; the class-wide steps
** (common fragments, pairs, regions, pages) are always done again, from
** the same data, so the files are those a fresh run writes.
**
** Everything is evidence for a person to judge: two submissions are
** "similar", never more.  Failure: bad student input (binary, empty, not
** C, too big, ill-formed UTF-8) is a note on that student, never an
** error; only the tool's own failures (memory, unwritable output) stop it.
*/
#ifndef GRADER_SIMILARITY_H
#define GRADER_SIMILARITY_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define SIM_DEFAULT_K          20     /* tokens in a k-gram                  */
#define SIM_DEFAULT_W          12     /* k-grams in a winnowing window       */
#define SIM_DEFAULT_THRESHOLD  0.40   /* similarity from which a pair is flagged */
#define SIM_DEFAULT_SHARE      0.20   /* fingerprints in more of the class ignored */
#define SIM_COMMON_FLOOR       10     /* ... but only when held by more than this */
#define SIM_MIN_SHARED         8      /* fewer shared fingerprints never flag */
#define SIM_REPORT_FLOOR       0.10   /* pairs below this are not reported   */
#define SIM_MAX_REPORTED       1000   /* pairs reported at most, best first  */
#define SIM_MAX_FILE_BYTES     ((size_t)1 << 20)  /* a file is read up to this */
#define SIM_MAX_FILES          200    /* .c/.h files of one submission read  */

/* One token: its normalised symbol and where it came from. */
struct sim_token {
    uint32_t sym;      /* hash of the normalised text ("id", "num", "while") */
    uint32_t file;     /* index into the submission's files                 */
    uint32_t off, len; /* bytes of that file's text                         */
};

struct sim_file {
    char *path;        /* relative to the submission, as read (raw bytes)   */
    char *text;        /* NUL-terminated; may hold other NULs if binary     */
    size_t size;
};

struct sim_fingerprint {
    uint64_t hash;
    uint32_t pos;      /* index of the k-gram's first token                 */
};

struct sim_submission {
    char *id;                    /* the student id, made visible            */
    struct sim_file *files;
    size_t nfiles;
    struct sim_token *tok;
    size_t ntok;
    unsigned char *base;         /* per token: 1 if inside base code        */
    size_t own_tokens;           /* tokens not in base code                 */
    struct sim_fingerprint *fp;  /* winnowed; after sim_index_build, only
                                 ** the kept ones, sorted by hash, unique   */
    size_t nfp, nfp_winnowed;
    size_t removed_base, removed_common;  /* fingerprints dropped           */
    char *notes;                 /* "; "-separated notes for staff, or NULL */
    int earlier;                 /* from an earlier term: its pairs with
                                 ** other earlier students are not reported */
};

struct sim_options {
    int k, w;
    double threshold, share;
};

/* One reported pair, a < b indexes into the class. */
struct sim_region { uint32_t a_from, a_to, b_from, b_to; };  /* tokens, [from, to) */

struct sim_pair {
    uint32_t a, b;
    uint32_t shared;             /* fingerprints both hold                  */
    double similarity;           /* Dice of kept fingerprints               */
    double share_a, share_b;     /* matched own tokens / own tokens         */
    uint32_t longest;            /* tokens in the longest matched region    */
    int flagged;                 /* by its code                             */
    uint32_t same_wrong;         /* failing tests with identical output     */
    uint32_t rare_wrong;         /* ... of them, rare in the class: flags it */
    double behaviour_weight;     /* sum of ln(R / holders) over same_wrong  */
    struct sim_region *regions;
    size_t nregions;
};

struct sim_class {
    struct sim_submission *s;
    size_t n;
    struct sim_options opt;
    uint64_t *base_hashes;       /* every k-gram of the base code, sorted   */
    size_t nbase;
    size_t base_files;
    struct sim_pair *pairs;      /* reported, best first                    */
    size_t npairs;
    size_t common_cap;           /* more holders than this: ignored         */
    size_t behaviour_students;   /* students with a readable result.json    */
    size_t rare_cap;             /* a wrong output this rare flags a pair   */
};

/* sim_lex.c: tokens of one file appended to s->tok (file index `file`).
** Returns how many were added.  Never fails on any bytes; exits only when
** memory runs out. */
size_t sim_lex(struct sim_submission *s, uint32_t file);
/* The symbol value tokens of kind "identifier" get (renaming is free). */
uint32_t sim_symbol(const char *text, size_t len);

/* sim_fingerprint.c: every k-gram of s (per file, in token order) in a
** new array, *n of them (the array is never NULL). */
struct sim_fingerprint *sim_kgrams(const struct sim_submission *s, int k, size_t *n);
/* Winnows s's k-grams with window w into s->fp. */
void sim_winnow(struct sim_submission *s, int k, int w);

/* sim_collect.c: reads the submission at `path` (a folder, or a .zip,
** .tar.gz, .tgz or .tar archive) into s; problems become notes.  Returns
** 0, or -1 when the entry is not a submission at all (a note says why). */
int sim_collect(struct sim_submission *s, const char *path);
/* Reads the base code of an assignment: the .c/.h files of `starter`,
** and `extra` paths (NULL-terminated; missing ones skipped). */
int sim_collect_base(struct sim_submission *s, const char *starter,
                     const char *const *extra);
void sim_note(struct sim_submission *s, const char *fmt, ...);
void sim_submission_free(struct sim_submission *s);

/* sim_index.c: base subtraction, the common-fragment filter, and the
** pair counts through the inverted index.  sim_index_base records every
** k-gram of the base code in c; sim_index_prepare then readies one
** submission alone (base marked and its fingerprints removed, the rest
** winnowed, sorted, unique: what sim_cache.c keeps); sim_index_build,
** once every submission is ready, drops the fragments common to the
** class and fills c->pairs with every pair whose similarity reaches
** SIM_REPORT_FLOOR (at most SIM_MAX_REPORTED, best first) without
** regions.  Returns 0, -1 when memory ran out. */
void sim_index_base(struct sim_class *c, const struct sim_submission *base);
void sim_index_prepare(const struct sim_class *c, struct sim_submission *s);
int sim_index_build(struct sim_class *c);
/* The place of pair (a, b), a < b < n, in a triangular array of
** n(n-1)/2 entries. */
size_t sim_pair_slot(size_t n, size_t a, size_t b);

/* sim_cache.c: each student's prepared submission kept between runs in
** a cache folder, keyed by the entry's bytes and the salt (the options
** and base code that shape it).  sim_cache_key returns -1 when the entry
** cannot be read (then it is not cached); sim_cache_load returns 0 when
** s was filled from the cache, -1 on a miss (s left empty but for its
** id); sim_cache_store writes s whole or not at all and never fails
** loudly; sim_cache_prune removes every file of the folder but the
** entries of `keys` (sorted here). */
uint64_t sim_cache_salt(const struct sim_class *c);
int sim_cache_key(const char *entry, uint64_t salt, uint64_t *key);
int sim_cache_load(struct sim_submission *s, const char *dir, uint64_t key);
void sim_cache_store(const struct sim_submission *s, const char *dir, uint64_t key);
void sim_cache_prune(const char *dir, uint64_t *keys, size_t n);

/* sim_behaviour.c: the behaviour evidence from CLASS_DIR/ID/result.json
** added to the reported pairs (pairs that share a rare wrong output are
** appended when missing).  Call after sim_index_build, before sim_match. */
void sim_behaviour(struct sim_class *c, const char *outdir);

/* sim_match.c: the matched regions, shares and longest run of pair p. */
void sim_match(const struct sim_class *c, struct sim_pair *p);

/* sim_report.c: similarity.csv; clusters of flagged pairs. */
int sim_write_csv(const struct sim_class *c, FILE *out);
/* cluster[i]: the smallest index linked to i by flagged pairs. */
void sim_clusters(const struct sim_class *c, size_t *cluster);

/* sim_html.c, sim_html_pair.c: the class page and one side-by-side page
** (pair number `rank`, 1-based). */
int sim_write_html(const struct sim_class *c, FILE *out);
int sim_write_pair_html(const struct sim_class *c, const struct sim_pair *p,
                        size_t rank, FILE *out);
/* Whether pair number i (0-based, best first) gets a side-by-side page. */
int sim_has_page(size_t i);

/* Memory that must be had: exits (status 2) when it cannot. */
void *sim_alloc(void *p, size_t n);

#endif /* GRADER_SIMILARITY_H */

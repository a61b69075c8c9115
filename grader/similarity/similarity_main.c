/*
** similarity_main.c -- `similarity`: code similarity across a graded
** class (similarity.h has the theory of operation).
**
**   similarity [-a ID] SUBMISSIONS_DIR -o CLASS_DIR [--threshold X]
**              [--share X] [-k K] [-w W] [--kit DIR] [--earlier DIR]...
**              [--timing]
**
** SUBMISSIONS_DIR is the folder grade-all graded (one folder or archive
** per student, ids as grade-all makes them), CLASS_DIR the folder it
** wrote (beside summary.html).  Each --earlier DIR (at most 16) is an
** earlier term's submissions folder, laid out alike: its students are
** compared with this class, named "DIR's last folder/ID", and no pair of
** two earlier students is reported.  Writes CLASS_DIR/similarity.csv,
** CLASS_DIR/similarity.html and CLASS_DIR/similarity/pair-N.html, each
** file whole or not at all (written aside, then renamed; pair pages of an
** earlier run past this run's last are removed).  Each student's
** prepared submission is cached in CLASS_DIR/similarity/cache
** (sim_cache.c): a re-run, after an interruption or with late
** submissions, reads and fingerprints only the entries that changed, and
** writes what a fresh run would.  The students'
** CLASS_DIR/ID/result.json give the behaviour evidence (sim_behaviour.c).
** Prints one line: submissions (and how many came from the cache), pairs
** reported, pairs flagged by code and by behaviour; with --timing, then
** the wall time of each step and the peak memory on stderr.
**
** Exit status: 0 when the pages are written (student problems are notes
** in them); 2 when the tool could not work (arguments, unreadable
** SUBMISSIONS_DIR, unwritable CLASS_DIR, memory), the reason on stderr.
*/
#define _GNU_SOURCE
#include "similarity.h"

#include <dirent.h>
#include <errno.h>
#include <getopt.h>
#include <libgen.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "../assignment.h"
#include "../batch/archive.h"
#include "../report/visible.h"

static const char usage[] =
    "usage: similarity [-a ID] SUBMISSIONS_DIR -o CLASS_DIR [options]\n"
    "  -a, --assignment ID  the assignment (as for grade-all)\n"
    "  -o DIR               the graded class folder (grade-all's OUTDIR)\n"
    "  --threshold X        flag pairs from this similarity, 0..1 (default 0.40)\n"
    "  --share X            ignore fragments held by more of the class, 0..1 (default 0.20)\n"
    "  -k K, -w W           k-gram length and winnowing window, in tokens (20, 12)\n"
    "  --kit DIR            the kit's root (default: the folder above build/)\n"
    "  --earlier DIR        an earlier term's submissions, compared with this class\n"
    "                       but not among themselves (repeatable)\n"
    "  --timing             print each step's time and the peak memory on stderr\n";

static void die(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("similarity: ", stderr);
    visible_vprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    exit(2);
}

struct cli {
    const char *assignment, *outdir, *kit, *submissions;
    const char *earlier[16];
    int nearlier, timing;
    struct sim_options opt;
};

/* --timing: wall seconds spent in each step, summed over students. */
enum step { LEX, FINGERPRINT, CACHE, INDEX, REGIONS, REPORTS, STEPS };
static const char *const step_name[STEPS] = {
    "reading and lexing", "fingerprints", "cache", "index and pair counts",
    "matched regions and behaviour", "reports" };
static double spent[STEPS];

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + t.tv_nsec / 1e9;
}

/* Adds the time since *since to `step`, and restarts *since. */
static void lap(enum step step, double *since)
{
    double t = now();
    spent[step] += t - *since;
    *since = t;
}

static void print_timing(void)
{
    struct rusage ru;
    double total = 0;
    fputs("similarity: time:", stderr);
    for (int i = 0; i < STEPS; i++) {
        fprintf(stderr, "%s %s %.3f s", i ? "," : "", step_name[i], spent[i]);
        total += spent[i];
    }
    getrusage(RUSAGE_SELF, &ru);
    fprintf(stderr, "; in all %.3f s; peak memory %ld KB\n", total, ru.ru_maxrss);
}

static double fraction(const char *arg, const char *what)
{
    char *end;
    double x = strtod(arg, &end);
    if (*end || !(x >= 0 && x <= 1))
        die("%s takes a number from 0 to 1, not '%s'", what, arg);
    return x;
}

static int tokens(const char *arg, const char *what)
{
    char *end;
    long x = strtol(arg, &end, 10);
    if (*end || x < 2 || x > 200)
        die("%s takes 2 to 200 tokens, not '%s'", what, arg);
    return (int)x;
}

static void parse(int argc, char **argv, struct cli *c)
{
    static const struct option longs[] = {
        {"assignment", required_argument, 0, 'a'}, {"threshold", required_argument, 0, 't'},
        {"share", required_argument, 0, 's'}, {"kit", required_argument, 0, 'K'},
        {"earlier", required_argument, 0, 'E'}, {"timing", no_argument, 0, 'T'},
        {"help", no_argument, 0, 'h'}, {0, 0, 0, 0}};
    int opt;
    c->opt = (struct sim_options){ SIM_DEFAULT_K, SIM_DEFAULT_W, SIM_DEFAULT_THRESHOLD, SIM_DEFAULT_SHARE };
    while ((opt = getopt_long(argc, argv, "a:o:k:w:h", longs, NULL)) != -1)
        switch (opt) {
        case 'a': c->assignment = optarg; break;
        case 'o': c->outdir = optarg; break;
        case 't': c->opt.threshold = fraction(optarg, "--threshold"); break;
        case 's': c->opt.share = fraction(optarg, "--share"); break;
        case 'k': c->opt.k = tokens(optarg, "-k"); break;
        case 'w': c->opt.w = tokens(optarg, "-w"); break;
        case 'K': c->kit = optarg; break;
        case 'E':
            if (c->nearlier == 16)
                die("%s", "at most 16 --earlier folders");
            c->earlier[c->nearlier++] = optarg;
            break;
        case 'T': c->timing = 1; break;
        case 'h': fputs(usage, stdout); exit(0);
        default: fputs(usage, stderr); exit(2);
        }
    if (!c->outdir || optind != argc - 1) {
        fputs(usage, stderr);
        exit(2);
    }
    c->submissions = argv[optind];
}

/* The kit's root: --kit, $GRADER_KIT, or the folder above this program's. */
static const char *kit_root(const char *given)
{
    static char path[PATH_MAX + 4];
    if (!given)
        given = getenv("GRADER_KIT");
    if (given && *given)
        return given;
    ssize_t n = readlink("/proc/self/exe", path, PATH_MAX - 1);
    if (n <= 0)
        die("%s", "cannot find my own executable");
    path[n] = '\0';
    char *dir = dirname(path);
    memmove(path, dir, strlen(dir) + 1);
    strcat(path, "/..");
    return path;
}

/* The assignment's base code: its starter, required header, given files. */
static void read_base(const char *kit, const struct assignment *a, struct sim_submission *base)
{
    char starter[PATH_MAX], *extra[16] = {0};
    size_t n = 0;
    if (assignment_path(starter, sizeof starter, kit, a, "starter/", "") != 0)
        die("%s", "kit path too long");
    char rest[PATH_MAX];
    snprintf(rest, sizeof rest, "/%s", a->header);
    extra[n] = sim_alloc(NULL, PATH_MAX);
    assignment_path(extra[n++], PATH_MAX, kit, a, "solution/", rest);
    for (size_t i = 0; a->given && a->given[i] && n < 15; i++) {
        snprintf(rest, sizeof rest, "/%s", a->given[i]);
        extra[n] = sim_alloc(NULL, PATH_MAX);
        assignment_path(extra[n++], PATH_MAX, kit, a, "solution/", rest);
    }
    base->id = strdup("(base)");
    sim_collect_base(base, starter, (const char *const *)extra);
    for (size_t i = 0; i < n; i++)
        free(extra[i]);
}

static int by_name(const void *x, const void *y)
{
    return strcmp(*(char *const *)x, *(char *const *)y);
}

/* The cache of prepared submissions (sim_cache.c) for this run. */
struct cache {
    char dir[PATH_MAX];          /* CLASS_DIR/similarity/cache              */
    uint64_t salt;
    uint64_t *keys;              /* the entries this run used               */
    size_t nkeys, reused;
};

/* Fills s from the entry at `path`: from the cache when it holds the
** entry as it is now, else read, cut and fingerprinted, then cached. */
static void read_entry(struct cache *k, const struct sim_class *c,
                       struct sim_submission *s, const char *path)
{
    uint64_t key;
    double t = now();
    int keyed = sim_cache_key(path, k->salt, &key) == 0;
    if (keyed) {
        k->keys = sim_alloc(k->keys, (k->nkeys + 1) * sizeof *k->keys);
        k->keys[k->nkeys++] = key;
        int hit = sim_cache_load(s, k->dir, key) == 0;
        lap(CACHE, &t);
        if (hit) {
            k->reused++;
            return;
        }
    }
    sim_collect(s, path);
    lap(LEX, &t);
    sim_index_prepare(c, s);
    lap(FINGERPRINT, &t);
    if (keyed)
        sim_cache_store(s, k->dir, key);
    lap(CACHE, &t);
}

/* Reads every entry of the submissions folder (names starting with '.'
** skipped), in byte order of their names; the id is the name without an
** archive's suffix, made visible, as grade-all names it -- after
** "TERM/" for an earlier term's folder (`earlier` set). */
static void read_class(const char *dir, struct sim_class *c, int earlier, struct cache *k)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    char **names = NULL;
    size_t n = 0;
    if (!d)
        die("%s: %s", dir, strerror(errno));
    while ((e = readdir(d)))
        if (e->d_name[0] != '.') {
            names = sim_alloc(names, (n + 1) * sizeof *names);
            names[n++] = strdup(e->d_name);
        }
    closedir(d);
    qsort(names, n, sizeof *names, by_name);
    c->s = sim_alloc(c->s, (c->n + n + 1) * sizeof *c->s);
    for (size_t i = 0; i < n; i++) {
        struct sim_submission *s = &c->s[c->n++];
        char path[PATH_MAX];
        enum unpack_format format;
        size_t suffix = 0;
        memset(s, 0, sizeof *s);
        if ((size_t)snprintf(path, sizeof path, "%s/%s", dir, names[i]) >= sizeof path) {
            sim_note(s, "path too long, skipped");
            sim_index_prepare(c, s);
        } else
            read_entry(k, c, s, path);
        if (unpack_format_of(names[i], &format, &suffix) == 0)
            names[i][strlen(names[i]) - suffix] = '\0';
        s->earlier = earlier;
        if (earlier) {
            char term[PATH_MAX + 2], *copy = strdup(dir);
            snprintf(term, sizeof term, "%s/%s", basename(copy), names[i]);
            free(copy);
            s->id = visible_copy(term, 0);
        } else
            s->id = visible_copy(names[i], 0);
        if (!s->id)
            die("%s", "out of memory");
        free(names[i]);
    }
    free(names);
}

/* Writes CLASS_DIR/NAME through NAME.tmp and a rename. */
static void write_file(const char *outdir, const char *name, const struct sim_class *c,
                       const struct sim_pair *p, size_t rank)
{
    char path[PATH_MAX], tmp[PATH_MAX + 8];
    if ((size_t)snprintf(path, sizeof path, "%s/%s", outdir, name) >= sizeof path)
        die("%s", "output path too long");
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    FILE *out = fopen(tmp, "w");
    if (!out)
        die("%s: %s", tmp, strerror(errno));
    int rc = p ? sim_write_pair_html(c, p, rank, out)
           : strstr(name, ".csv") ? sim_write_csv(c, out) : sim_write_html(c, out);
    if (fclose(out) != 0 || rc != 0 || rename(tmp, path) != 0)
        die("cannot write %s", path);
}

/* CLASS_DIR/NAME as a folder. */
static void make_dir(const char *outdir, const char *name, char *dir, size_t size)
{
    if ((size_t)snprintf(dir, size, "%s/%s", outdir, name) >= size)
        die("%s", "output path too long");
    if (mkdir(dir, 0755) != 0 && errno != EEXIST)
        die("%s: %s", dir, strerror(errno));
}

/* The pages, then the table, then the class page; pair pages an earlier
** run wrote past this run's last are removed. */
static void write_all(const char *outdir, const struct sim_class *c)
{
    char name[64], path[PATH_MAX + 64];
    size_t i;
    for (i = 0; i < c->npairs && sim_has_page(i); i++) {
        snprintf(name, sizeof name, "similarity/pair-%zu.html", i + 1);
        write_file(outdir, name, c, &c->pairs[i], i + 1);
    }
    do
        snprintf(path, sizeof path, "%s/similarity/pair-%zu.html", outdir, ++i);
    while (unlink(path) == 0);
    write_file(outdir, "similarity.csv", c, NULL, 0);
    write_file(outdir, "similarity.html", c, NULL, 0);
}

int main(int argc, char **argv)
{
    struct cli cli = {0};
    struct sim_class c = {0};
    struct sim_submission base = {0};
    struct stat st;
    parse(argc, argv, &cli);
    const char *kit = kit_root(cli.kit);
    const struct assignment *a = assignment_choose(kit, cli.assignment, NULL);
    if (!a)
        return 2;
    if (stat(cli.outdir, &st) != 0 || !S_ISDIR(st.st_mode))
        die("%s is not a folder", cli.outdir);
    c.opt = cli.opt;
    read_base(kit, a, &base);
    c.base_files = base.nfiles;
    sim_index_base(&c, &base);
    struct cache cache = { .salt = sim_cache_salt(&c) };
    char pages[PATH_MAX];
    make_dir(cli.outdir, "similarity", pages, sizeof pages);
    make_dir(cli.outdir, "similarity/cache", cache.dir, sizeof cache.dir);
    read_class(cli.submissions, &c, 0, &cache);
    for (int i = 0; i < cli.nearlier; i++)
        read_class(cli.earlier[i], &c, 1, &cache);
    double t = now();
    if (sim_index_build(&c) != 0)
        die("%s", "out of memory");
    lap(INDEX, &t);
    sim_behaviour(&c, cli.outdir);
    for (size_t i = 0; i < c.npairs; i++)
        sim_match(&c, &c.pairs[i]);
    lap(REGIONS, &t);
    write_all(cli.outdir, &c);
    lap(REPORTS, &t);
    sim_cache_prune(cache.dir, cache.keys, cache.nkeys);
    lap(CACHE, &t);
    size_t flagged = 0, behaviour = 0;
    for (size_t i = 0; i < c.npairs; i++) {
        flagged += c.pairs[i].flagged;
        behaviour += c.pairs[i].rare_wrong > 0;
    }
    printf("similarity: %zu submissions (%zu from the cache), %zu pairs reported, "
           "%zu flagged by code, %zu by behaviour: %s/similarity.html\n",
           c.n, cache.reused, c.npairs, flagged, behaviour, cli.outdir);
    fflush(stdout);
    if (cli.timing)
        print_timing();
    return 0;
}

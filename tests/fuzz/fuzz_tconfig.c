/*
** fuzz_tconfig.c -- fuzz target for the tournament's configuration
** reader, tconfig_parse() and tconfig_write() (grader/tournament/config.c).
**
** Input: CONFIG [RS IDS] -- the configuration file's text, NULs
** allowed, then, after a byte 0x1E, student ids one a line (what a class
** line's LMS download names its students: anyone's bytes), each added
** with tconfig_add_student() to a configuration read.  Checks what
** config.h states of a configuration read: at least two bots (or a
** class line to bring them), each name -- a student's too --
** 1..TCONFIG_NAME_MAX bytes of UTF-8 without control characters (as the
** C library decodes it) with no '/' and no leading '.', no two bots
** with one name or one file name, tconfig_file_name() giving bytes of
** [A-Za-z0-9_-] only, every number in its key's range, tconfig_find()
** finding each bot; and that the canonical form round-trips: what
** tconfig_write() prints reads back (tconfig_parse()) to a configuration
** that prints the very same text.  A refusal must say why, naming the
** origin.
*/
#define _GNU_SOURCE
#define FUZZ_NAME "fuzz_tconfig"
#include "fuzz_parser.h"

#include <locale.h>
#include <math.h>
#include <wchar.h>

#include "tournament/config.h"

#define ORIGIN "tour.conf"

/* a and b are the same string: the harness's own loop, so that its
** pairwise checks reach neither the comparison hooks nor the coverage. */
static int same(const char *a, const char *b) FUZZ_NO_COVERAGE;
static int same(const char *a, const char *b)
{
    while (*a && *a == *b)
        a++, b++;
    return *a == *b;
}

/* Whether `s` is UTF-8 as the C library decodes it (mbrtowc, not the
** kit's decoder) without control characters (C0, DEL, C1). */
static int printable_utf8(const char *s) FUZZ_NO_COVERAGE;
static int printable_utf8(const char *s)
{
    mbstate_t state;
    wchar_t wc;
    size_t n = strlen(s);

    memset(&state, 0, sizeof state);
    for (size_t i = 0, k; i < n; i += k) {
        k = mbrtowc(&wc, s + i, n - i, &state);
        if (k == (size_t)-1 || k == (size_t)-2 || k == 0 || wc < 0x20 || (wc >= 0x7f && wc < 0xa0))
            return 0;
    }
    return 1;
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc, (void)argv;
    if (!setlocale(LC_CTYPE, "C.UTF-8"))
        abort();
    return 0;
}

static void check_bot(const struct tconfig *c, int b) FUZZ_NO_COVERAGE;
static void check_bot(const struct tconfig *c, int b)
{
    const struct tconfig_bot *bot = &c->bots[b];
    char mine[TCONFIG_NAME_MAX + 1];
    size_t n = strlen(bot->name);

    if (n < 1 || n > TCONFIG_NAME_MAX || strchr(bot->name, '/') || bot->name[0] == '.' ||
        !printable_utf8(bot->name))
        fuzz_fail("a bot's name breaks config.h's rule", bot->name);
    tconfig_file_name(bot->name, mine, sizeof mine);
    if (strlen(mine) != n || strspn(mine, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-") != n)
        fuzz_fail("a file name is not the name's length in [A-Za-z0-9_-]", mine);
    if (!same(mine, bot->file))
        fuzz_fail("a bot's kept file name is not tconfig_file_name of its name", bot->file);
    if (tconfig_find(c, bot->name) != b)
        fuzz_fail("tconfig_find does not find a bot", bot->name);
    for (int o = 0; o < b; o++)
        if (same(mine, c->bots[o].file))
            fuzz_fail("two bots share a file name", mine);
    if (bot->kind == TCONFIG_HOUSE ? !bot->house || bot->depth < 1 || bot->depth > 4 || bot->path
                                   : bot->kind != TCONFIG_PROGRAM && bot->kind != TCONFIG_SUBMISSION)
        fuzz_fail("a bot of no kind, or a house bot's depth out of 1..4", bot->name);
    if (bot->kind != TCONFIG_HOUSE && (!bot->path || bot->n_args < 0 || bot->n_args > TCONFIG_MAX_ARGS ||
                                       (bot->kind == TCONFIG_SUBMISSION && bot->n_args)))
        fuzz_fail("a bot's program or folder, or its arguments, are wrong", bot->name);
}

static void check(const struct tconfig *c) FUZZ_NO_COVERAGE;
static void check(const struct tconfig *c)
{
    if ((c->n_bots < 2 && !c->class_path) || c->n_bots > TCONFIG_MAX_BOTS)
        fuzz_fail("a configuration accepted without 2..TCONFIG_MAX_BOTS bots", NULL);
    for (int b = 0; b < c->n_bots; b++)
        check_bot(c, b);
    if (c->n_sizes < 1 || c->n_sizes > TCONFIG_MAX_LIST || c->n_counts < 1 || c->n_counts > TCONFIG_MAX_LIST)
        fuzz_fail("sizes or players lists of no or too many numbers", NULL);
    for (int i = 0; i < c->n_sizes; i++)
        if (c->sizes[i] < 3 || c->sizes[i] > 63)
            fuzz_fail("a size out of 3..63", NULL);
    for (int i = 0; i < c->n_counts; i++)
        if (c->counts[i] < 2 || c->counts[i] > 6)
            fuzz_fail("a player count out of 2..6", NULL);
    if (c->rounds < 1 || c->memory_mb < 1 || c->turn_cap < 0 || !(c->call_cpu > 0 && c->call_cpu <= 86400) ||
        !(c->game_cpu > 0 && c->game_cpu <= 86400))
        fuzz_fail("a number out of its key's range", NULL);
}

/* What tconfig_write prints for c (malloc'd; *n its length). */
static char *written(const struct tconfig *c, size_t *n) FUZZ_NO_COVERAGE;
static char *written(const struct tconfig *c, size_t *n)
{
    char *text = NULL;
    FILE *f = open_memstream(&text, n);

    if (!f)
        abort();
    if (tconfig_write(c, f) != 0)
        fuzz_fail("tconfig_write failed on a memory stream", NULL);
    if (fclose(f) != 0)
        abort();
    return text;
}

/* Whether line `id` of a class list appeared before it, at one of
** seen[0, n). */
static int seen_before(char *const *seen, int n, const char *id) FUZZ_NO_COVERAGE;
static int seen_before(char *const *seen, int n, const char *id)
{
    for (int i = 0; i < n; i++)
        if (same(seen[i], id))
            return 1;
    return 0;
}

/* Adds a student for each line of ids[0, n) not seen before (lms_class
** names each student once): with a folder, or (every other one)
** refused. */
static void add_students(struct tconfig *c, const uint8_t *ids, size_t n) FUZZ_NO_COVERAGE;
static void add_students(struct tconfig *c, const uint8_t *ids, size_t n)
{
    char *all = fuzz_cstring(ids, n), why[256], **seen = malloc((n / 2 + 1) * sizeof *seen);
    int i = 0;

    if (!seen)
        abort();
    for (char *id = strtok(all, "\n"); id; id = strtok(NULL, "\n")) {
        if (seen_before(seen, i, id))
            continue;
        seen[i] = id;
        if (tconfig_add_student(c, id, i++ % 2 ? NULL : "class/x", "bad archive: x", why, sizeof why) != 0) {
            if (c->n_bots < TCONFIG_MAX_BOTS)
                fuzz_fail("a student refused, though bots are not full", why);
        } else if (!same(c->bots[c->n_bots - 1].name, id) && !strchr(c->bots[c->n_bots - 1].name, '~'))
            fuzz_fail("a student named neither by the id itself nor by a head and a hash of it",
                      c->bots[c->n_bots - 1].name);
    }
    free(seen);
    free(all);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct tconfig c, again;
    char why[256] = "", why2[256] = "";
    const uint8_t *rs = memchr(data, 0x1E, size);
    size_t len = rs ? (size_t)(rs - data) : size;
    char *text = malloc(len ? len : 1);     /* exactly the text: no terminator */

    if (!text)
        abort();
    if (len)
        memcpy(text, data, len);
    if (tconfig_parse(text, len, ORIGIN, &c, why, sizeof why) != 0) {
        if (strncmp(why, ORIGIN ":", strlen(ORIGIN ":")) != 0)
            fuzz_fail("a refusal that does not name its origin", why);
        if (c.bots || c.n_bots || c.house_program || c.driver || c.class_path || c.class_format)
            fuzz_fail("a refused configuration left something to free", why);
        free(text);
        return 0;
    }
    if (rs)
        add_students(&c, rs + 1, size - len - 1);
    check(&c);
    size_t n1, n2;
    char *first = written(&c, &n1);
    if (tconfig_parse(first, n1, "written", &again, why2, sizeof why2) != 0)
        fuzz_fail("the canonical form does not read back", why2);
    char *second = written(&again, &n2);
    if (n1 != n2 || memcmp(first, second, n1) != 0)
        fuzz_fail("the canonical form read back prints another text", second);
    free(first);
    free(second);
    tconfig_free(&again);
    tconfig_free(&c);
    free(text);
    return 0;
}

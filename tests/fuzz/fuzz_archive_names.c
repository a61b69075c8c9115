/*
** fuzz_archive_names.c -- fuzz target for the checks unpack_archive()
** makes of a student archive's member names and link targets before a
** member is written (grader/batch/archive.c: check_name(),
** link_stays_inside(), unpack_format_of()).  The checks are static, so
** the target includes archive.c itself; libarchive is not called.
**
** Input: NAME, or NAME NUL TARGET for a symbolic link's target.  Checks
** what archive.h states, against an independent walk of the path (each
** component: "." stays, ".." climbs, anything else goes down):
**   - a name is accepted exactly when it is not empty, at most
**     UNPACK_MAX_NAME bytes, not absolute, has no ".." component and at
**     most UNPACK_MAX_DEPTH components that go down -- so an accepted
**     name never leaves the folder;
**   - a link is judged to stay inside exactly when its target is neither
**     empty nor absolute and, walked from the link's folder, never
**     climbs above the unpack folder;
**   - a refusal's reason holds no control byte (names made visible: it
**     lands in a CSV cell, an HTML page and a terminal);
**   - a format is announced only by a name longer than its suffix, which
**     ends it;
**   - an accepted name with a component longer than NAME_MAX, cut
**     (cut_long_name(), with a `cut` callback as archive.h's limits
**     give), keeps its components in number and depth, each now at most
**     NAME_MAX bytes, is accepted again, and is what `cut` is told.
*/
#define _GNU_SOURCE   /* archive.c's own, before any system header */
#define FUZZ_NAME "fuzz_archive_names"
#include "fuzz_parser.h"

#include "../../grader/batch/archive.c"

/* Walks path p from depth `depth`: the depth it ends at, or -1 when it
** climbs above 0 on the way; *down counts the components going down. */
static long walk(const char *p, long depth, long *down) FUZZ_NO_COVERAGE;
static long walk(const char *p, long depth, long *down)
{
    while (*p) {
        size_t n = strcspn(p, "/");
        if (n == 2 && p[0] == '.' && p[1] == '.') {
            if (--depth < 0)
                return -1;
        } else if (n > 0 && !(n == 1 && p[0] == '.')) {
            depth++;
            ++*down;
        }
        p += n + (p[n] == '/');
    }
    return depth;
}

static int has_dotdot(const char *p) FUZZ_NO_COVERAGE;
static int has_dotdot(const char *p)
{
    for (; *p; p += strcspn(p, "/"), p += *p == '/')
        if (strncmp(p, "..", 2) == 0 && (p[2] == '/' || p[2] == '\0'))
            return 1;
    return 0;
}

static void check_format(const char *name) FUZZ_NO_COVERAGE;
static void check_format(const char *name)
{
    static const char *const names[] = {".zip", ".tar.gz", ".tar"};
    enum unpack_format f;
    size_t k;

    if (unpack_format_of(name, &f, &k) != 0)
        return;
    const char *suffix = f == UNPACK_TAR_GZ ? (k == 4 ? ".tgz" : ".tar.gz") : names[f];
    if (k != strlen(suffix) || strlen(name) <= k || strcmp(name + strlen(name) - k, suffix) != 0)
        fuzz_fail("a format announced by a name that does not end in its suffix", name);
}

static char told[UNPACK_MAX_NAME + 64];

/* archive.h's `cut` callback: keeps the name it is told. */
static int remember(void *ctx, const char *written)
{
    (void)ctx;
    snprintf(told, sizeof told, "%s", written);
    return 0;
}

/* The longest component of p, and their number in *count. */
static size_t longest(const char *p, size_t *count) FUZZ_NO_COVERAGE;
static size_t longest(const char *p, size_t *count)
{
    size_t most = 0;

    for (*count = 0; *p; (*count)++) {
        size_t n = strcspn(p, "/");
        most = n > most ? n : most;
        p += n + (p[n] == '/');
    }
    return most;
}

static void check_cut(const char *name) FUZZ_NO_COVERAGE;
static void check_cut(const char *name)
{
    char why[256];
    struct unpack u = {.why = why, .why_size = sizeof why, .cut = remember};
    struct archive_entry *e = archive_entry_new();
    size_t parts, cut_parts;
    long down = 0, cut_down = 0;

    if (!e)
        abort();
    told[0] = '\0';
    int rc = cut_long_name(&u, e, name);
    if ((rc == 1) != (longest(name, &parts) <= NAME_MAX))
        fuzz_fail(rc == 1 ? "a component past NAME_MAX left uncut" : "a name cut with no long component", name);
    if (rc == 0) {
        const char *cut = archive_entry_pathname(e);
        if (!cut || strcmp(cut, told) != 0)
            fuzz_fail("the name written is not the one `cut` is told", name);
        if (longest(cut, &cut_parts) > NAME_MAX || cut_parts != parts || walk(cut, 0, &cut_down) != walk(name, 0, &down) ||
            down != cut_down || check_name(&u, cut) != 0)
            fuzz_fail("a cut name with other components, or a long one, or refused", cut);
    }
    archive_entry_free(e);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *input = fuzz_cstring(data, size), why[256] = "";
    const char *name = input, *target = strlen(input) < size ? input + strlen(input) + 1 : NULL;
    struct unpack u = {.why = why, .why_size = sizeof why};
    long down = 0, inside = walk(name, 0, &down);
    int want = name[0] && strlen(name) <= UNPACK_MAX_NAME && name[0] != '/' && !has_dotdot(name) &&
               down <= UNPACK_MAX_DEPTH;

    if ((check_name(&u, name) == 0) != want)
        fuzz_fail(want ? "refused a name archive.h allows" : "accepted a name archive.h refuses", name);
    if (want && inside < 0)
        fuzz_fail("accepted a name that leaves the folder", name);
    if (!want)
        fuzz_check_visible(why, "a refusal's reason is not visible");
    if (want && target) {
        long folder = 0, ignored = 0;
        walk(name, 0, &folder);
        int stays = target[0] && target[0] != '/' && folder >= 1 && walk(target, folder - 1, &ignored) >= 0;
        if (link_stays_inside(name, target) != stays)
            fuzz_fail(stays ? "a link that stays inside judged outside" : "a link that leaves judged inside",
                      target);
        refuse(&u, "symbolic link '%s' points outside the archive", name);
        fuzz_check_visible(why, "a refusal's reason is not visible");
    }
    check_format(name);
    if (want)
        check_cut(name);
    free(input);
    return 0;
}

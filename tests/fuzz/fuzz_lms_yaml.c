/*
** fuzz_lms_yaml.c -- fuzz target for the YAML reader of the LMS intake,
** lms_yaml_parse() (grader/batch/lms_yaml.c): Gradescope's
** submission_metadata.yml, in a zip anyone can make.
**
** Input: the file's text (up to a NUL, as the intake reads it).  Checks
** what lms_internal.h and lms_yaml.c state of a tree read: the root has
** no key; every other node holds a value or a collection, not both; the
** entries of one collection all have keys (a mapping) or none do (a
** sequence); nesting stays within the reader's YAML_MAX_DEPTH (64) and a
** few levels of its own; each node's line is a line of the text, never
** before its parent's; lms_yaml_get() finds each key of a mapping, at
** its first entry of that key.  Before fuzzing, the forms lms_yaml.c's
** header lists must read as it says (a reader that refused them would
** be fuzzed in vain): a "-" alone opening a deeper block or standing for
** an empty item, "- key: value" opening a mapping.
*/
#define _GNU_SOURCE
#define FUZZ_NAME "fuzz_lms_yaml"
#include "fuzz_parser.h"

#include "batch/lms_internal.h"

#define DEPTH_MAX (64 + 3)

static void check(const struct lms_yaml *parent, long lines, int depth) FUZZ_NO_COVERAGE;
static void check(const struct lms_yaml *parent, long lines, int depth)
{
    const struct lms_yaml *first = parent->child;

    if (depth > DEPTH_MAX)
        fuzz_fail("nested past the reader's limit", NULL);
    for (const struct lms_yaml *y = first; y; y = y->next) {
        if (!y->value == !y->child)
            fuzz_fail("a node with both a value and a collection, or neither", y->key);
        if (!y->key != !first->key)
            fuzz_fail("a collection of entries with keys and entries without", y->key);
        if (y->line < parent->line || y->line > lines)
            fuzz_fail("a node's line is before its parent's, or past the text", y->key);
        if (y->key) {
            const char *k = y->key[0] == ':' ? y->key + 1 : y->key;
            const struct lms_yaml *found = lms_yaml_get(parent, k);
            for (const struct lms_yaml *z = first; z != y; z = z->next)
                if (strcmp(z->key[0] == ':' ? z->key + 1 : z->key, k) == 0 && !found)
                    found = z;
            if (!found || strcmp(found->key[0] == ':' ? found->key + 1 : found->key, k) != 0)
                fuzz_fail("lms_yaml_get does not find a key of the mapping", y->key);
            for (const struct lms_yaml *z = first; z != found; z = z->next)
                if (strcmp(z->key[0] == ':' ? z->key + 1 : z->key, k) == 0)
                    fuzz_fail("lms_yaml_get finds a key's later entry", y->key);
        }
        if (y->child)
            check(y, lines, depth + 1);
    }
}

/* The documented forms read as documented; aborts otherwise. */
int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    char text[] = "items:\n-\n  a: b\n-\n- c\n- d: e\n  f: g\n";
    struct lms_yaml *root = lms_yaml_parse(text, "documented forms");
    const struct lms_yaml *items = lms_yaml_get(root, "items"), *i = items ? items->child : NULL;

    (void)argc, (void)argv;
    if (!i || !lms_yaml_get(i, "a") || !i->next || !i->next->value || i->next->value[0] ||
        !i->next->next || strcmp(i->next->next->value, "c") != 0 || !i->next->next->next ||
        !lms_yaml_get(i->next->next->next, "f"))
        fuzz_fail("the forms lms_yaml.c documents do not read as documented", NULL);
    lms_yaml_free(root);
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_cstring(data, size);
    long lines = 1;

    for (const char *p = text; *p; p++)
        lines += *p == '\n';
    struct lms_yaml *root = lms_yaml_parse(text, "submission_metadata.yml");
    if (root) {
        if (root->key || root->value || root->line != 1)
            fuzz_fail("a root with a key, a value or a line but 1", NULL);
        check(root, lines, 0);
        lms_yaml_free(root);
    }
    free(text);
    return 0;
}

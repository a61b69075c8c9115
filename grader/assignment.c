/*
** assignment.c -- finding an assignment: by id, by the kit's contents, by
** the kit's configuration, by the folder being graded.
*/
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "assignment.h"

const struct assignment *assignment_find(const char *id)
{
    for (const struct assignment *const *a = assignment_registry; id && *a; a++)
        if (strcmp((*a)->id, id) == 0)
            return *a;
    return NULL;
}

int assignment_path(char *buf, size_t size, const char *kit, const struct assignment *a,
                    const char *first, const char *rest)
{
    int n = snprintf(buf, size, "%s/%s%s%s", kit, first, a->id, rest ? rest : "");
    return n < 0 || (size_t)n >= size ? -1 : 0;
}

static int is_dir(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

int assignment_count_in_kit(const char *kit, const struct assignment **only)
{
    char path[4096];
    int count = 0;

    *only = NULL;
    for (const struct assignment *const *a = assignment_registry; *a; a++) {
        if (assignment_path(path, sizeof path, kit, *a, "sample_io/", NULL) != 0
            || !is_dir(path))
            continue;
        if (count++ == 0)
            *only = *a;
    }
    return count;
}

const char *assignment_list(void)
{
    static char list[512];
    size_t used = 0;

    list[0] = '\0';
    for (const struct assignment *const *a = assignment_registry; *a; a++) {
        int n = snprintf(list + used, sizeof list - used, "%s%s",
                         used ? ", " : "", (*a)->id);
        if (n < 0 || (size_t)n >= sizeof list - used)
            break;
        used += (size_t)n;
    }
    return list;
}

/* The id named by KIT/grader/kit.conf's "assignment ID" line, or NULL. */
static const struct assignment *configured(const char *kit)
{
    char path[4096], line[256], id[128];
    const struct assignment *found = NULL;
    FILE *f;

    snprintf(path, sizeof path, "%s/grader/kit.conf", kit);
    if (!(f = fopen(path, "r")))
        return NULL;
    while (!found && fgets(line, sizeof line, f))
        if (sscanf(line, " assignment %127s", id) == 1 && !(found = assignment_find(id)))
            fprintf(stderr, "grade: %s names an unknown assignment '%s' (known: %s)\n",
                    path, id, assignment_list());
    fclose(f);
    return found;
}

/* The assignment whose id is the last folder name of `dir`, or NULL. */
static const struct assignment *named_by_folder(const char *dir)
{
    char copy[4096];
    size_t len;

    if (!dir || snprintf(copy, sizeof copy, "%s", dir) >= (int)sizeof copy)
        return NULL;
    for (len = strlen(copy); len > 1 && copy[len - 1] == '/'; len--)
        copy[len - 1] = '\0';
    const char *slash = strrchr(copy, '/');
    return assignment_find(slash ? slash + 1 : copy);
}

const struct assignment *assignment_choose(const char *kit, const char *id, const char *dir)
{
    const struct assignment *a, *only;

    if (id) {
        if (!(a = assignment_find(id)))
            fprintf(stderr, "grade: no assignment '%s' (known: %s)\n", id, assignment_list());
        return a;
    }
    if (assignment_count_in_kit(kit, &only) == 1)
        return only;
    if ((a = named_by_folder(dir)) || (a = configured(kit)))
        return a;
    fprintf(stderr, "grade: this kit holds several assignments; say which with "
            "--assignment ID (-a ID): %s\n", assignment_list());
    return NULL;
}

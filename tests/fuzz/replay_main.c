/*
** replay_main.c -- a main() that runs a libFuzzer target without libFuzzer:
** every file named on the command line (and every regular file directly
** inside a directory named there) is read whole and passed once to
** LLVMFuzzerTestOneInput(), after LLVMFuzzerInitialize() when the target
** has one.  Linked with a fuzz target and built with ASan and UBSan, it
** replays the seed corpus and the saved regression inputs quickly and
** without clang's fuzzer runtime (tests/fuzz.test.sh).
**
** Usage: replay [-v] PATH...   (-v names each file before running it)
** Exit status: 0 when every input ran (a finding aborts the process
** through the sanitizer or the target's own checks), 1 when a path could
** not be read, 2 on a usage error.  Prints "replayed N inputs" at the end.
** An input that runs longer than $FUZZ_REPLAY_TIMEOUT seconds (default
** 10; libFuzzer's own limit is 2) is a hang: its name is printed and the
** process aborts.
*/
#define _POSIX_C_SOURCE 200809L

#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv) __attribute__((weak));

static int verbose;
static size_t replayed;
static unsigned timeout_seconds = 10;
static const char *current = "";

static void on_alarm(int sig)
{
    static const char msg[] = "replay: timeout (a hang) on input ";
    (void)sig;
    /* Only async-signal-safe calls here. */
    if (write(2, msg, sizeof msg - 1) < 0 || write(2, current, strlen(current)) < 0
        || write(2, "\n", 1) < 0)
        abort();
    abort();
}

/* Reads the file at `path` into a buffer of exactly its size (so that the
** sanitizer sees any read past its end) and runs the target on it. */
static int replay_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        perror(path);
        return 1;
    }
    size_t cap = 4096, len = 0;
    unsigned char *buf = malloc(cap);
    for (size_t got; buf && (got = fread(buf + len, 1, cap - len, f)) > 0;) {
        len += got;
        if (len == cap) {
            unsigned char *bigger = realloc(buf, cap *= 2);
            if (!bigger)
                free(buf);
            buf = bigger;
        }
    }
    int failed = ferror(f) || !buf;
    fclose(f);
    if (failed) {
        fprintf(stderr, "%s: could not read\n", path);
        free(buf);
        return 1;
    }
    unsigned char *exact = malloc(len ? len : 1);
    if (!exact) {
        free(buf);
        return 1;
    }
    memcpy(exact, buf, len);
    free(buf);
    if (verbose)
        fprintf(stderr, "replay: %s (%zu bytes)\n", path, len);
    current = path;
    alarm(timeout_seconds);
    LLVMFuzzerTestOneInput(exact, len);
    alarm(0);
    free(exact);
    replayed++;
    return 0;
}

static int compare_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Replays the regular files directly inside `dir`, in name order. */
static int replay_dir(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d) {
        perror(dir);
        return 1;
    }
    char **names = NULL;
    size_t count = 0, cap = 0;
    int status = 0;
    for (struct dirent *e; (e = readdir(d)) != NULL;) {
        if (e->d_name[0] == '.')
            continue;
        if (count == cap) {
            char **bigger = realloc(names, (cap = cap ? 2 * cap : 64) * sizeof *names);
            if (!bigger) {
                status = 1;
                break;
            }
            names = bigger;
        }
        size_t n = strlen(dir) + strlen(e->d_name) + 2;
        if (!(names[count] = malloc(n))) {
            status = 1;
            break;
        }
        snprintf(names[count++], n, "%s/%s", dir, e->d_name);
    }
    closedir(d);
    if (count)
        qsort(names, count, sizeof *names, compare_names);
    for (size_t i = 0; i < count; i++) {
        struct stat st;
        if (stat(names[i], &st) == 0 && S_ISREG(st.st_mode))
            status |= replay_file(names[i]);
        free(names[i]);
    }
    free(names);
    return status;
}

int main(int argc, char **argv)
{
    int status = 0, first = 1;

    if (argc > 1 && strcmp(argv[1], "-v") == 0)
        verbose = 1, first = 2;
    if (first >= argc) {
        fprintf(stderr, "usage: %s [-v] FILE_OR_DIR...\n", argv[0]);
        return 2;
    }
    const char *limit = getenv("FUZZ_REPLAY_TIMEOUT");
    if (limit && atoi(limit) > 0)
        timeout_seconds = (unsigned)atoi(limit);
    signal(SIGALRM, on_alarm);
    if (LLVMFuzzerInitialize)
        LLVMFuzzerInitialize(&argc, &argv);
    for (int i = first; i < argc; i++) {
        struct stat st;
        if (stat(argv[i], &st) != 0) {
            perror(argv[i]);
            status = 1;
        } else if (S_ISDIR(st.st_mode))
            status |= replay_dir(argv[i]);
        else
            status |= replay_file(argv[i]);
    }
    printf("replayed %zu inputs\n", replayed);
    return status;
}

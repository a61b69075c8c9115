/*
** sessions.c -- generated sessions and their expected transcripts, for
** the byte-for-byte half of the property tests.  It links no part of the
** reference solution: the transcript comes from model.c alone.
**
** Usage:
**   sessions write BASE_SEED COUNT DIR
**       for each seed S in BASE_SEED .. BASE_SEED+COUNT-1, writes the
**       session DIR/S.in (sessiongen.c) and the transcript the game must
**       print for it, DIR/S.want (model.c).
**   sessions print SEED      the session of SEED on standard output
**   sessions model           the transcript of standard input on
**                            standard output (checked against sample_io)
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model.h"
#include "sessiongen.h"

static void die(const char *what)
{
    perror(what);
    exit(2);
}

static uint64_t parse_number(const char *text)
{
    char *end;
    unsigned long long v = strtoull(text, &end, 10);
    if (*text < '0' || *text > '9' || *end != '\0') {
        fprintf(stderr, "sessions: '%s' is not a whole number\n", text);
        exit(2);
    }
    return v;
}

static unsigned char *generate(uint64_t seed, size_t *len)
{
    struct session_counts counts;
    unsigned char *text = session_generate(seed, len, &counts);
    if (!text)
        die("sessions: making a session");
    return text;
}

static void write_file(const char *path, const unsigned char *text, size_t len)
{
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(text, 1, len, f) != len || fclose(f) != 0)
        die(path);
}

static void write_transcript(const char *path, const unsigned char *text, size_t len)
{
    struct model_result result;
    FILE *f = fopen(path, "wb");
    if (!f)
        die(path);
    model_run(text, len, f, NULL, &result);
    if (fclose(f) != 0)
        die(path);
}

static int write_sessions(uint64_t base, uint64_t count, const char *dir)
{
    char path[4096];
    for (uint64_t i = 0; i < count; i++) {
        size_t len;
        unsigned char *text = generate(base + i, &len);
        snprintf(path, sizeof path, "%s/%llu.in", dir, (unsigned long long)(base + i));
        write_file(path, text, len);
        snprintf(path, sizeof path, "%s/%llu.want", dir, (unsigned long long)(base + i));
        write_transcript(path, text, len);
        free(text);
    }
    return 0;
}

static int print_session(uint64_t seed)
{
    size_t len;
    unsigned char *text = generate(seed, &len);
    if (fwrite(text, 1, len, stdout) != len || fflush(stdout) != 0)
        die("sessions: standard output");
    free(text);
    return 0;
}

/* All of standard input, in a malloc'd buffer. */
static unsigned char *slurp(FILE *f, size_t *len)
{
    size_t size = 4096, n = 0, got;
    unsigned char *text = malloc(size);
    while (text && (got = fread(text + n, 1, size - n, f)) > 0) {
        n += got;
        if (n == size)
            text = realloc(text, size *= 2);
    }
    if (!text || ferror(f))
        die("sessions: reading standard input");
    *len = n;
    return text;
}

static int model_stdin(void)
{
    struct model_result result;
    size_t len;
    unsigned char *text = slurp(stdin, &len);
    model_run(text, len, stdout, NULL, &result);
    free(text);
    if (fflush(stdout) != 0)
        die("sessions: standard output");
    return 0;
}

static int usage(void)
{
    fputs("usage: sessions write BASE_SEED COUNT DIR\n"
          "       sessions print SEED\n"
          "       sessions model < INPUT\n", stderr);
    return 2;
}

int main(int argc, char **argv)
{
    if (argc == 5 && strcmp(argv[1], "write") == 0)
        return write_sessions(parse_number(argv[2]), parse_number(argv[3]), argv[4]);
    if (argc == 3 && strcmp(argv[1], "print") == 0)
        return print_session(parse_number(argv[2]));
    if (argc == 2 && strcmp(argv[1], "model") == 0)
        return model_stdin();
    return usage();
}

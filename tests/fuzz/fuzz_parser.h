/*
** fuzz_parser.h -- what the fuzz targets of the grader's parsers of
** hostile input share (fuzz_protocol.c, fuzz_header_decls.c, ...): the
** failure report, the input as a C string of exactly its size, and the
** check that a message meant for a gradebook, page or terminal holds
** nothing but visible bytes.
**
** A target defines FUZZ_NAME ("fuzz_protocol") before including this file.
** A failed check prints what went wrong and aborts, which libFuzzer
** reports as a crash with the input saved (and the replay build of
** tests/fuzz.test.sh as a failed test).
*/
#ifndef FUZZ_PARSER_H
#define FUZZ_PARSER_H

#ifndef FUZZ_NAME
#error "define FUZZ_NAME before including fuzz_parser.h"
#endif

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The harness's own checks get no coverage instrumentation: their
** branches say nothing about the code under test and would only slow
** the fuzzer down and mislead it. */
#if defined(__clang__)
#define FUZZ_NO_COVERAGE __attribute__((no_sanitize("coverage")))
#else
#define FUZZ_NO_COVERAGE
#endif

static inline void fuzz_fail(const char *what, const char *detail) FUZZ_NO_COVERAGE;
static inline void fuzz_fail(const char *what, const char *detail)
{
    fprintf(stderr, FUZZ_NAME ": %s%s%s\n", what, detail ? ": " : "", detail ? detail : "");
    abort();
}

/* data[0, n) and a NUL, in a buffer of exactly n + 1 bytes (so that
** AddressSanitizer sees a read past the terminator); aborts when memory
** runs out.  An inner NUL ends the string early, as it would for the
** parser's real caller, which reads a C string too. */
static inline char *fuzz_cstring(const uint8_t *data, size_t n)
{
    char *s = malloc(n + 1);
    if (!s)
        abort();
    if (n)
        memcpy(s, data, n);
    s[n] = '\0';
    return s;
}

/* Fails unless s holds printable ASCII or bytes >= 0x80 only (what
** report/visible.h makes of a message: no control byte, no DEL). */
static inline void fuzz_check_visible(const char *s, const char *what) FUZZ_NO_COVERAGE;
static inline void fuzz_check_visible(const char *s, const char *what)
{
    for (const unsigned char *p = (const unsigned char *)s; *p; p++)
        if (*p < 0x20 || *p == 0x7F)
            fuzz_fail(what, s);
}

#endif /* FUZZ_PARSER_H */

/*
** fuzz_record.c -- fuzz target for game records as `referee --replay`
** reads and checks them (grader/referee/record.c: rrecord_read();
** replay.c: rrecord_replay(), which plays the record on the rules of
** game.c).  A record is a file anyone can hand the referee, or edit.
**
** Input: the record file's bytes, read by rrecord_read() itself from a
** memory file (memfd, through /proc/self/fd/N).  Checks what record.h
** states: a record read is a JSON object of RRECORD_FORMAT, read from a
** file without a NUL byte that the C library decodes as UTF-8, else NULL
** with a reason; a record that replays clean prints (cJSON's unformatted
** text, what rrecord_write() writes) to a text that reads back as the
** same record, replays clean again and prints the very same text -- one
** record, one spelling, whatever the file looked like.
*/
#define _GNU_SOURCE
#define FUZZ_NAME "fuzz_record"
#include "fuzz_parser.h"

#include <locale.h>
#include <sys/mman.h>
#include <unistd.h>
#include <wchar.h>

#include "referee/record.h"

static int memfd = -1;
static char path[64];

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc, (void)argv;
    memfd = memfd_create("record", 0);
    if (memfd < 0)
        abort();
    snprintf(path, sizeof path, "/proc/self/fd/%d", memfd);
    if (!setlocale(LC_CTYPE, "C.UTF-8"))
        abort();
    return 0;
}

/* A record read was text as every reader takes it: no NUL byte, and
** UTF-8 as the C library decodes it (mbrtowc, not the kit's decoder). */
static void check_text(const uint8_t *data, size_t size) FUZZ_NO_COVERAGE;
static void check_text(const uint8_t *data, size_t size)
{
    mbstate_t state;
    wchar_t wc;

    memset(&state, 0, sizeof state);
    if (memchr(data, '\0', size))
        fuzz_fail("a record read from a file holding a NUL byte", NULL);
    for (size_t i = 0; i < size;) {
        size_t k = mbrtowc(&wc, (const char *)data + i, size - i, &state);
        if (k == (size_t)-1 || k == (size_t)-2 || k == 0)
            fuzz_fail("a record read from a file that is not UTF-8", NULL);
        i += k;
    }
}

/* The record that `text` reads back as, checked and replayed; aborts
** when it does not read or replay. */
static cJSON *read_back(const char *text) FUZZ_NO_COVERAGE;
static cJSON *read_back(const char *text)
{
    char why[300];
    cJSON *again = cJSON_Parse(text);

    if (!again)
        fuzz_fail("an accepted record prints to a text that does not read back", text);
    if (rrecord_replay(again, why, sizeof why) != 0)
        fuzz_fail("an accepted record, printed and read back, does not replay", why);
    return again;
}

static void check_accepted(const cJSON *rec) FUZZ_NO_COVERAGE;
static void check_accepted(const cJSON *rec)
{
    char *first = cJSON_PrintUnformatted(rec);
    if (!first)
        abort();
    cJSON *again = read_back(first);
    char *second = cJSON_PrintUnformatted(again);
    if (!second)
        abort();
    if (!cJSON_Compare(rec, again, 1) || strcmp(first, second) != 0)
        fuzz_fail("an accepted record, printed and read back, prints another text", second);
    cJSON_Delete(again);
    free(first);
    free(second);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char why[300] = "";

    if (ftruncate(memfd, 0) != 0 || (size && pwrite(memfd, data, size, 0) != (ssize_t)size))
        abort();
    cJSON *rec = rrecord_read(path, why, sizeof why);
    if (!rec) {
        if (!why[0])
            fuzz_fail("a record refused without a reason", NULL);
        return 0;
    }
    check_text(data, size);
    const cJSON *format = cJSON_GetObjectItemCaseSensitive(rec, "format");
    if (!cJSON_IsString(format) || strcmp(format->valuestring, RRECORD_FORMAT) != 0)
        fuzz_fail("a record read whose format is not " RRECORD_FORMAT, NULL);
    why[0] = '\0';
    if (rrecord_replay(rec, why, sizeof why) == 0)
        check_accepted(rec);
    else if (!why[0])
        fuzz_fail("a replay refused without a reason", NULL);
    cJSON_Delete(rec);
    return 0;
}

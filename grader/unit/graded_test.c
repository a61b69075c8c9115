/*
** graded_test.c -- the private side of the unit-test harness: it takes the
** grader's nonce from stdin, passes it to Criterion's worker processes and
** writes a test's PASS line when, and only when, its body has run to the
** end in the worker that started it.  graded_test.h explains the protocol
** and the threat model.
**
** Criterion runs every test in a fresh worker: it re-executes the test
** binary, so this file's constructor runs in the runner process first (it
** finds no nonce in the environment, reads stdin and exports the nonce) and
** then again in each worker (it finds the nonce in the environment, keeps a
** private copy, wipes the environment copy, starts the worker's callee --
** callee.c, the process the forwarded required functions run in -- and
** installs a seccomp filter that forbids new processes and programs, so
** that no code under test outlives its worker or runs beside the next
** one), and once more in each callee (it finds CALLEE_VARIABLE and serves
** calls: callee_serve.c).  All state below is static, so student code
** cannot reach it by name.
*/
#define _GNU_SOURCE

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#include "graded_test.h"

/* The sandbox's filter, compiled into this file rather than linked beside
** it: everything that builds the harness (the kit's Makefile, the student
** kit's and the packages', the self-tests) compiles graded_test.c alone,
** and each gets the filter with it. */
#include "../sandbox/sandbox_nofork.c"

/* callee_call() (callee.h) and the callee process, compiled in here for
** the same reason. */
#include "callee.c"

/* How the runner hands the nonce to its workers. */
#define NONCE_VARIABLE "GRADED_TEST_NONCE"
#define NONCE_MIN 16
#define NONCE_MAX 64

/* The first descriptor number tried for the private copy of stdout. */
#define PASS_FD_FLOOR 100

extern char **environ;

static char nonce[NONCE_MAX + 1];   /* "" until a valid nonce is known  */
static int pass_fd = -1;            /* private copy of the first stdout */
static dev_t pass_dev;              /* ... and what it referred to      */
static ino_t pass_ino;

static int begun, voided, reported; /* this worker's one graded test    */
static unsigned long long ticket;
static pid_t worker_pid;
static const struct criterion_test *begun_test;

/* True when `text` is NONCE_MIN..NONCE_MAX hex digits and nothing else. */
static int is_valid_nonce(const char *text)
{
    size_t len = strlen(text);

    if (len < NONCE_MIN || len > NONCE_MAX)
        return 0;
    return strspn(text, "0123456789abcdefABCDEF") == len;
}

/* Runner: reads one line from fd 0, byte by byte so that nothing past the
** newline is consumed, keeps it when it is a valid nonce, and points fd 0
** at /dev/null.  A terminal on stdin is not read: no nonce, no PASS lines. */
static void take_nonce_from_stdin(void)
{
    char line[NONCE_MAX + 2];
    size_t len = 0;
    int too_long = 0;

    if (!isatty(STDIN_FILENO)) {
        for (;;) {
            char c;
            ssize_t got = read(STDIN_FILENO, &c, 1);

            if (got < 0 && errno == EINTR)
                continue;
            if (got <= 0 || c == '\n')
                break;
            if (len < sizeof line - 1)
                line[len++] = c;
            else
                too_long = 1;
        }
    }
    if (len > 0 && line[len - 1] == '\r')
        len--;
    line[len] = '\0';
    if (!too_long && is_valid_nonce(line)) {
        memcpy(nonce, line, len + 1);
        if (setenv(NONCE_VARIABLE, nonce, 1) != 0)
            nonce[0] = '\0';
    }
    /* Run by hand, with no nonce, the workers must still know they are
    ** workers (and start their callees), so that a TA sees every test run
    ** in Criterion's own report; no valid nonce reaches them, so no PASS
    ** line is ever written. */
    if (nonce[0] == '\0')
        (void)setenv(NONCE_VARIABLE, "none", 1);
    memset(line, 0, sizeof line);

    int null_fd = open("/dev/null", O_RDONLY);
    if (null_fd >= 0 && null_fd != STDIN_FILENO) {
        dup2(null_fd, STDIN_FILENO);
        close(null_fd);
    }
}

/* Worker: copies the nonce out of the environment, removes the variable
** and overwrites its text where execve put it, which is also what
** /proc/self/environ shows. */
static void take_nonce_from_environment(const char *value)
{
    size_t name_len = strlen(NONCE_VARIABLE);
    char *entry = NULL;

    if (is_valid_nonce(value))
        memcpy(nonce, value, strlen(value) + 1);
    for (char **e = environ; e != NULL && *e != NULL; e++)
        if (strncmp(*e, NONCE_VARIABLE, name_len) == 0 && (*e)[name_len] == '=')
            entry = *e;
    unsetenv(NONCE_VARIABLE);
    if (entry != NULL)
        memset(entry, 0, strlen(entry));
}

/* Worker: duplicates stdout, before any test can redirect or close it, to
** a descriptor that is closed on exec, and remembers which file it is. */
static void open_pass_channel(void)
{
    struct stat st;

    pass_fd = fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, PASS_FD_FLOOR);
    if (pass_fd >= 0 && fstat(pass_fd, &st) == 0) {
        pass_dev = st.st_dev;
        pass_ino = st.st_ino;
    } else {
        pass_fd = -1;
    }
}

/* Runs before any test body (vet-objects.sh and vet-binary.sh see to it
** that no code of the submission runs earlier).  In a callee (the
** worker started it: callee.c) it serves calls and never returns.
** Otherwise the process makes itself non-dumpable first, so that no
** process of its uid can read its memory, environment or descriptors
** through /proc (nor ptrace it).  The runner takes the nonce.  A worker
** takes the nonce out of its environment, starts its callee -- the
** callee's binary, the only one holding the submission, with an
** environment that no longer names the nonce (callee.c) -- and forbids itself,
** and every thread it will make, to create a process, to exec or to
** reach into another process's memory; Criterion's worker needs none of
** that once started.  A step that fails leaves no nonce (no PASS line,
** everything fails closed), or no callee (every call fails). */
__attribute__((constructor)) static void graded_test_setup(void)
{
    const char *inherited = getenv(NONCE_VARIABLE);
    const char *callee = getenv(CALLEE_VARIABLE);

    if (callee != NULL)
        callee_main(callee);
    if (prctl(PR_SET_DUMPABLE, 0, 0, 0, 0) != 0)
        return;
    if (inherited == NULL) {
        take_nonce_from_stdin();
    } else {
        take_nonce_from_environment(inherited);
        (void)callee_start();
        open_pass_channel();
        if (sbx_forbid_spawn() != 0)
            memset(nonce, 0, sizeof nonce);
    }
}

unsigned long long graded_test_begin(void)
{
    if (begun) {
        voided = 1;
        return 0;
    }
    begun = 1;
    worker_pid = getpid();
    begun_test = criterion_current_test;
    do {
        if (getrandom(&ticket, sizeof ticket, 0) != (ssize_t)sizeof ticket) {
            voided = 1;
            return 0;
        }
    } while (ticket == 0);
    return ticket;
}

/* Writes all of buf[0..len) to fd; returns 0, or -1 on an error. */
static int write_fully(int fd, const char *buf, size_t len)
{
    while (len > 0) {
        ssize_t done = write(fd, buf, len);

        if (done < 0 && errno == EINTR)
            continue;
        if (done <= 0)
            return -1;
        buf += done;
        len -= (size_t)done;
    }
    return 0;
}

void graded_test_passed(unsigned long long claimed, const char *suite,
                        const char *name)
{
    const struct criterion_test *current = criterion_current_test;
    char line[NONCE_MAX + 256];
    struct stat st;
    int len;

    /* No code of the submission outlives its test, nor runs while the
    ** line is written. */
    callee_stop();
    /* The right ticket, in the worker that started the test, for the test
    ** Criterion is running: anything else voids the worker. */
    if (!begun || voided || reported || claimed == 0 || claimed != ticket
        || getpid() != worker_pid || current == NULL || current != begun_test
        || current->category == NULL || current->name == NULL
        || strcmp(current->category, suite) != 0 || strcmp(current->name, name) != 0) {
        voided = 1;
        return;
    }
    reported = 1;
    if (nonce[0] == '\0' || pass_fd < 0 || fstat(pass_fd, &st) != 0
        || st.st_dev != pass_dev || st.st_ino != pass_ino)
        return;
    /* The leading newline ends any half line the code under test left on
    ** the same stdout, so the PASS line always starts a line. */
    len = snprintf(line, sizeof line, "\n%s PASS %s/%s\n", nonce, suite, name);
    if (len > 0 && (size_t)len < sizeof line)
        (void)write_fully(pass_fd, line, (size_t)len);
    /* What its costliest call took: read only from the reference's runs,
    ** when the grader measures them (grader/grade/grade_measure.c). */
    len = snprintf(line, sizeof line, "%s CALLS %s/%s %.6f\n", nonce, suite, name, callee_most_cpu());
    if (len > 0 && (size_t)len < sizeof line)
        (void)write_fully(pass_fd, line, (size_t)len);
}

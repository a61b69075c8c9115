/*
** callee.c -- callee_call() (callee.h): the worker's side.
**
** A test's worker starts its callee (callee_start, from the harness's
** constructor in graded_test.c) as a fresh process whose environment no
** longer names the nonce (callee_serve.c says why not a bare fork), so
** that no page of the callee ever held it; the callee serves calls
** (callee_serve.c) until the worker kills it.  The callee runs the
** callee's binary: the worker's own path (as the kernel gives it,
** /proc/self/exe) with CALLEE_BINARY_SUFFIX after it, which the grader
** links beside the worker's, with the submission in it -- the worker's
** binary holds nothing of the submission (grader/run/build.c).  Where
** there is no such file (a binary linked the old way, the submission in
** it, as the kit's tests of the vetting build some), the callee runs the
** worker's own binary.  The worker
** sends each call over a socket (callee_wire.h) and waits for the reply,
** watching the callee's CPU clock and the wall clock: past the call's CPU
** limit, or CALLEE_WALL_FACTOR times that in wall time but at least
** CALLEE_WALL_FLOOR seconds (a call that sleeps or waits), it kills the
** callee and fails the test, naming the call and the limit.  A callee that dies, exits or breaks the protocol
** fails the test the same way, naming what happened.  What comes back is
** only bytes, of the size sent, copied over the caller's struct once
** complete.  callee_stop() kills and reaps the callee; the harness calls
** it before it writes a PASS line and when the worker exits, and the
** callee dies with the worker (PR_SET_PDEATHSIG) whatever else happens,
** so no code of the submission outlives its test.
**
** #included by graded_test.c, so every build of the harness gets it.
*/
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif

#include <criterion/criterion.h>
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "callee.h"
#include "callee_wire.h"
#include "callee_serve.c"

/* The environment variable the grader sets to the default CPU limit of
** one call, in seconds (grader/grade/limits.h); without it, a call may
** use the test's own limit when run by hand. */
#define CALLEE_LIMIT_VARIABLE "GRADED_CALL_SECONDS"
/* A call that waits rather than computes is stopped after this many
** times its CPU limit of wall time, and never before CALLEE_WALL_FLOOR
** seconds: a bot's move may have 50 ms of CPU, and on a machine whose
** cores are shared many times over a correct call's few milliseconds of
** CPU can take a good part of a second to get them.  (A bot that sleeps
** then costs at most that floor per test: every test ends at its first
** failed call.) */
#define CALLEE_WALL_FACTOR 10
#define CALLEE_WALL_FLOOR 2.0
/* How often the worker looks at the callee's CPU clock while it waits. */
#define CALLEE_POLL_MS 20

/* Fails the running test; never returns (an abort, should Criterion's
** assertion return outside a test, still fails closed). */
#define CALLEE_FAIL(...)                 \
    do {                                 \
        cr_assert_fail(__VA_ARGS__);     \
        abort();                         \
    } while (0)

extern char **environ;

static pid_t callee_pid = -1;
static int callee_sock = -1;
static int callee_is_ready;
static clockid_t callee_clock;
static double callee_default_limit = GRADED_TEST_TIMEOUT;
static double callee_cpu_of_last_call;
static double callee_cpu_most;

static double callee_now(clockid_t clock)
{
    struct timespec ts;

    if (clock_gettime(clock, &ts) != 0)
        return -1;
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* The callee's binary (see the top of this file), chosen by the worker
** before it forks. */
static char callee_binary[PATH_MAX + sizeof CALLEE_BINARY_SUFFIX];

/* Sets callee_binary; -1 when the worker's own path is unknown. */
static int callee_find_binary(void)
{
    char self[PATH_MAX];
    struct stat st;
    ssize_t len = readlink("/proc/self/exe", self, sizeof self - 1);

    if (len <= 0)
        return -1;
    self[len] = '\0';
    snprintf(callee_binary, sizeof callee_binary, "%s%s", self, CALLEE_BINARY_SUFFIX);
    if (stat(callee_binary, &st) != 0 && errno == ENOENT)
        snprintf(callee_binary, sizeof callee_binary, "/proc/self/exe");
    return 0;
}

/* The child, between fork and execve: only the socket (on
** CALLEE_SOCKET_FD) and /dev/null on 0..2 stay open; it dies with the
** worker; the environment loses Criterion's and the nonce's variables
** (the nonce's was already removed) and names the worker and the size of
** its table of thunks.  Only async-signal-safe calls but setenv, which is
** safe here: the worker has one thread while its constructor runs. */
__attribute__((noreturn)) static void callee_exec(int sock, pid_t worker)
{
    static char *const argv[] = {"graded-test-callee", NULL};
    char value[64];
    int null_fd = open("/dev/null", O_RDWR);

    if (prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0) != 0 || getppid() != worker || null_fd < 0
        || dup2(sock, CALLEE_SOCKET_FD) != CALLEE_SOCKET_FD)
        _exit(127);
    for (int fd = 0; fd <= 2; fd++)
        if (dup2(null_fd, fd) != fd)
            _exit(127);
    if (close_range(CALLEE_SOCKET_FD + 1, ~0U, 0) != 0)
        _exit(127);
    for (char **e = environ; e != NULL && *e != NULL;) {
        char name[64];
        size_t len = strcspn(*e, "=");
        if (strncmp(*e, "BXFI_", 5) == 0 && len < sizeof name) {
            memcpy(name, *e, len);
            name[len] = '\0';
            if (unsetenv(name) != 0)
                _exit(127);
            e = environ;   /* unsetenv moved the entries */
        } else {
            e++;
        }
    }
    snprintf(value, sizeof value, "%llu:%zu", (unsigned long long)worker, callee_thunk_count());
    if (setenv(CALLEE_VARIABLE, value, 1) != 0)
        _exit(127);
    execve(callee_binary, argv, environ);
    _exit(127);
}

/* Worker, from the harness's constructor, once the nonce is out of its
** environment: starts the callee.  Returns 0, or -1 (no callee: every
** call will fail). */
static int callee_start(void)
{
    int pair[2];
    const char *limit = getenv(CALLEE_LIMIT_VARIABLE);
    char *end;

    if (limit != NULL) {
        double seconds = strtod(limit, &end);
        if (end != limit && *end == '\0' && seconds > 0 && seconds <= GRADED_TEST_TIMEOUT)
            callee_default_limit = seconds;
    }
    if (callee_find_binary() != 0 || socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, pair) != 0)
        return -1;
    pid_t worker = getpid();
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0)
        callee_exec(pair[1], worker);
    close(pair[1]);
    if (pid < 0 || clock_getcpuclockid(pid, &callee_clock) != 0
        || fcntl(pair[0], F_SETFL, O_NONBLOCK) != 0) {
        if (pid > 0) {
            kill(pid, SIGKILL);
            waitpid(pid, NULL, 0);
        }
        close(pair[0]);
        return -1;
    }
    callee_pid = pid;
    callee_sock = pair[0];
    return 0;
}

/* Kills and reaps the callee, if there is one; returns its wait status
** (0 when there was none, or it had been reaped elsewhere). */
static int callee_stop(void)
{
    int status = 0;

    if (callee_pid > 0) {
        kill(callee_pid, SIGKILL);
        while (waitpid(callee_pid, &status, 0) < 0 && errno == EINTR)
            continue;
        close(callee_sock);
    }
    callee_pid = -1;
    callee_sock = -1;
    return status;
}

__attribute__((destructor)) static void callee_stop_at_exit(void)
{
    callee_stop();
}

/* What a call was stopped for, or came to. */
enum callee_outcome { CALLEE_OK, CALLEE_CPU, CALLEE_WALL, CALLEE_GONE, CALLEE_GARBLED,
                      CALLEE_UNSTARTED };

struct callee_wait {
    double cpu_start, cpu_limit, wall_deadline;
};

/* Waits until the socket is ready for `events`; CALLEE_OK, or why not. */
static enum callee_outcome callee_ready(const struct callee_wait *w, short events)
{
    for (;;) {
        double cpu = callee_now(callee_clock);
        double left = w->wall_deadline - callee_now(CLOCK_MONOTONIC);

        if (cpu < 0)
            return CALLEE_GONE;
        if (cpu - w->cpu_start > w->cpu_limit)
            return CALLEE_CPU;
        if (left <= 0)
            return CALLEE_WALL;
        struct pollfd p = {.fd = callee_sock, .events = events};
        int ms = left * 1000 < CALLEE_POLL_MS ? (int)(left * 1000) + 1 : CALLEE_POLL_MS;
        int n = poll(&p, 1, ms);
        if (n > 0)
            return p.revents & events ? CALLEE_OK : CALLEE_GONE;
        if (n < 0 && errno != EINTR)
            return CALLEE_GONE;
    }
}

/* Moves len bytes to (send) or from the callee, within the limits. */
static enum callee_outcome callee_transfer(const struct callee_wait *w, void *buf, size_t len, int send_it)
{
    char *p = buf;

    while (len > 0) {
        enum callee_outcome why = callee_ready(w, send_it ? POLLOUT : POLLIN);
        if (why != CALLEE_OK)
            return why;
        ssize_t n = send_it ? send(callee_sock, p, len, MSG_NOSIGNAL) : recv(callee_sock, p, len, 0);
        if (n < 0 && (errno == EINTR || errno == EAGAIN))
            continue;
        if (n <= 0)
            return CALLEE_GONE;
        p += n;
        len -= (size_t)n;
    }
    return CALLEE_OK;
}

/* Sends the request header with the worker's descriptors 1 and 2. */
static enum callee_outcome callee_send_request(const struct callee_wait *w, const struct callee_request *req)
{
    union {
        struct cmsghdr align;
        char buf[CMSG_SPACE(2 * sizeof(int))];
    } control;
    int fds[2] = {STDOUT_FILENO, STDERR_FILENO};
    struct iovec iov = {.iov_base = (void *)req, .iov_len = sizeof *req};
    struct msghdr msg = {.msg_iov = &iov, .msg_iovlen = 1,
                         .msg_control = control.buf, .msg_controllen = sizeof control.buf};

    memset(&control, 0, sizeof control);
    struct cmsghdr *c = CMSG_FIRSTHDR(&msg);
    c->cmsg_level = SOL_SOCKET;
    c->cmsg_type = SCM_RIGHTS;
    c->cmsg_len = CMSG_LEN(sizeof fds);
    memcpy(CMSG_DATA(c), fds, sizeof fds);
    enum callee_outcome why = callee_ready(w, POLLOUT);
    if (why != CALLEE_OK)
        return why;
    /* A 24-byte header fits an empty socket buffer whole. */
    return sendmsg(callee_sock, &msg, MSG_NOSIGNAL) == (ssize_t)sizeof *req ? CALLEE_OK : CALLEE_GONE;
}

/* One round trip; the reply's bytes land in `back` (size bytes). */
static enum callee_outcome callee_round_trip(const struct callee_wait *w, size_t thunk, void *args,
                                             size_t size, void *back)
{
    struct callee_request req = {.magic = CALLEE_REQUEST_MAGIC, .thunk = thunk, .size = size};
    struct callee_reply reply;
    enum callee_outcome why = callee_send_request(w, &req);

    if (why == CALLEE_OK)
        why = callee_transfer(w, args, size, 1);
    if (why == CALLEE_OK)
        why = callee_transfer(w, &reply, sizeof reply, 0);
    if (why == CALLEE_OK && (reply.magic != CALLEE_REPLY_MAGIC || reply.size != size))
        why = CALLEE_GARBLED;
    if (why == CALLEE_OK)
        why = callee_transfer(w, back, size, 0);
    return why;
}

/* The end of the callee, when it ended by itself: given time to finish
** dying until the call's wall deadline, then killed. */
static int callee_reap(const struct callee_wait *w)
{
    int status;

    while (callee_now(CLOCK_MONOTONIC) < w->wall_deadline) {
        pid_t done = waitpid(callee_pid, &status, WNOHANG);
        if (done == callee_pid) {
            callee_pid = -1;
            close(callee_sock);
            callee_sock = -1;
            return status;
        }
        if (done < 0 && errno != EINTR)
            break;
        poll(NULL, 0, 5);
    }
    return callee_stop();
}

/* The wall time a call with this CPU limit may take. */
static double callee_wall_limit(double cpu_limit)
{
    double wall = cpu_limit * CALLEE_WALL_FACTOR;

    return wall > CALLEE_WALL_FLOOR ? wall : CALLEE_WALL_FLOOR;
}

/* Fails the test for a call that did not come back.  The words "did not
** return within" are how the grader (grader/grade/unit_output.c) tells a
** call stopped at its limit, whose test then reads as timed out. */
__attribute__((noreturn)) static void callee_fail(const char *name, enum callee_outcome why,
                                                  const struct callee_wait *w, double limit)
{
    char what[160];

    if (why == CALLEE_CPU || why == CALLEE_WALL) {
        callee_stop();
        if (why == CALLEE_CPU)
            CALLEE_FAIL("%s did not return within its limit of %g s of CPU", name, limit);
        CALLEE_FAIL("%s did not return within %g s (its limit is %g s of CPU; it waited rather than computed)",
                 name, callee_wall_limit(limit), limit);
    }
    if (why == CALLEE_UNSTARTED) {
        callee_stop();
        CALLEE_FAIL("%s cannot run: the process for the code under test did not start", name);
    }
    int status = why == CALLEE_GARBLED ? callee_stop() : callee_reap(w);
    if (why == CALLEE_GARBLED)
        snprintf(what, sizeof what, "the process it runs in sent back a malformed reply");
    else if (WIFSIGNALED(status) && WTERMSIG(status) != SIGKILL) {
        snprintf(what, sizeof what, "crashed: %s", strsignal(WTERMSIG(status)));
        what[9] = (char)tolower((unsigned char)what[9]);
    } else if (WIFEXITED(status))
        snprintf(what, sizeof what, "ended its process (exit status %d) instead of returning",
                 WEXITSTATUS(status));
    else
        snprintf(what, sizeof what, "was killed (%s)",
                 WIFSIGNALED(status) ? strsignal(WTERMSIG(status)) : "gone");
    CALLEE_FAIL("%s %s", name, what);
}

/* Before the first call: the callee's start (an execve and the
** sanitizers' set-up) is not the call's, so it is waited for apart, its
** CPU time not counted against the call, and within no limit of the
** call's (a bot's move may have a tenth of a second; a loaded machine
** may take longer to start a process) -- only GRADED_TEST_TIMEOUT, or
** Criterion's timeout of the test, whichever ends first. */
static void callee_wait_until_ready(const char *name, double limit)
{
    struct callee_reply ready;
    struct callee_wait w = {.cpu_start = 0, .cpu_limit = 1e9,
                            .wall_deadline = callee_now(CLOCK_MONOTONIC) + GRADED_TEST_TIMEOUT};

    if (callee_is_ready)
        return;
    enum callee_outcome why = callee_transfer(&w, &ready, sizeof ready, 0);
    if (why == CALLEE_OK && (ready.magic != CALLEE_READY_MAGIC || ready.size != 0))
        why = CALLEE_GARBLED;
    if (why != CALLEE_OK)
        callee_fail(name, CALLEE_UNSTARTED, &w, limit);
    callee_is_ready = 1;
}

void callee_call(const char *name, void (*fn)(void *args), void *args, size_t size,
                 double cpu_limit)
{
    double limit = cpu_limit > 0 ? cpu_limit : callee_default_limit;
    size_t thunk = callee_thunk_index(fn);

    if (thunk == callee_thunk_count())
        CALLEE_FAIL("%s cannot run: its thunk is not in the table of thunks (CALLEE_THUNK)", name);
    if (size > CALLEE_ARGS_MAX)
        CALLEE_FAIL("%s: its arguments take %zu bytes, more than the %zu a call may carry",
                 name, size, CALLEE_ARGS_MAX);
    if (callee_pid <= 0)
        CALLEE_FAIL("%s cannot run: the process for the code under test did not start", name);
    callee_wait_until_ready(name, limit);
    struct callee_wait w = {.cpu_start = callee_now(callee_clock), .cpu_limit = limit,
                            .wall_deadline = callee_now(CLOCK_MONOTONIC) + callee_wall_limit(limit)};
    void *back = malloc(size ? size : 1);
    if (back == NULL)
        CALLEE_FAIL("%s: no memory for its arguments", name);
    fflush(NULL);
    enum callee_outcome why = w.cpu_start < 0 ? CALLEE_GONE : callee_round_trip(&w, thunk, args, size, back);
    if (why != CALLEE_OK) {
        free(back);
        callee_fail(name, why, &w, limit);
    }
    callee_cpu_of_last_call = callee_now(callee_clock) - w.cpu_start;
    if (cpu_limit <= 0 && callee_cpu_of_last_call > callee_cpu_most)
        callee_cpu_most = callee_cpu_of_last_call;
    memcpy(args, back, size);
    free(back);
}

double callee_last_cpu(void)
{
    return callee_cpu_of_last_call;
}

double callee_most_cpu(void)
{
    return callee_cpu_most;
}

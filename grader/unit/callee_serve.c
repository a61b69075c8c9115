/*
** callee_serve.c -- the callee's side of callee_call() (callee.h): the
** process in which the submission's required functions run.
**
** The worker starts it (callee.c): fork, then execve of the callee's
** binary -- the only one of the two that holds the submission -- with an
** environment that names neither the nonce nor Criterion's worker channel
** but CALLEE_VARIABLE.
** A fork alone would not do: the nonce reaches a worker only through its
** environment (Criterion closes every other descriptor a worker could
** inherit), and AddressSanitizer's runtime keeps a copy of the whole
** environment of the process it starts in, which a fork would carry into
** the callee.  Before the execve, the child keeps only its socket (on
** CALLEE_SOCKET_FD), puts stdin, stdout and stderr on /dev/null and asks
** to die with the worker (PR_SET_PDEATHSIG, which the execve keeps).
**
** The harness's constructor sees CALLEE_VARIABLE and calls callee_main()
** before anything else: no code of the submission runs before it (the
** vetting sees to that), and it never returns into Criterion.  It checks
** that the worker is still its parent and that its table of thunks
** (CALLEE_THUNK, callee.h) is as long as the worker's -- the two binaries
** build it from the same objects, so a call's index names the same thunk
** in both, and no address crosses between them: the two binaries' code
** lies at different places, randomised or not -- drops every capability
** it might hold (run as root, it could otherwise
** read the worker's memory through /proc although the worker is
** non-dumpable), installs the sandbox's filter (threads yes; no process,
** no program, no tracing or reaching into another process) and its own
** (callee_filter.c: no signal to another process, no leaving its
** parent-death signal), says it is
** ready, and serves calls until the worker goes (callee_wire.h): for
** each, stdout and stderr are the worker's as they are at the call, so
** output is captured where a test captures it, and they go back to
** /dev/null after it, so that the callee keeps no end of a test's
** capture pipe open.  Any failure ends the callee, which the worker
** reports as the call's failure.
**
** #included by callee.c.
*/
#include <linux/capability.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "callee_wire.h"
#include "callee_filter.c"

/* The table of thunks: every CALLEE_THUNK entry of the harness's and the
** tests' objects, in the order of the link, which the worker's and the
** callee's binaries share.  Absent (no thunk at all), both bounds are
** null. */
typedef void callee_thunk_fn(void *);
extern callee_thunk_fn *__start_graded_callee_thunks[] __attribute__((weak));
extern callee_thunk_fn *__stop_graded_callee_thunks[] __attribute__((weak));

static size_t callee_thunk_count(void)
{
    if (__start_graded_callee_thunks == NULL || __stop_graded_callee_thunks == NULL)
        return 0;
    return (size_t)(__stop_graded_callee_thunks - __start_graded_callee_thunks);
}

/* The index of `fn` in the table, or callee_thunk_count() when it is not
** there. */
static size_t callee_thunk_index(callee_thunk_fn *fn)
{
    size_t n = callee_thunk_count(), i = 0;

    while (i < n && __start_graded_callee_thunks[i] != fn)
        i++;
    return i;
}

/* Reads exactly len bytes, or returns -1 (end of file, error). */
static int serve_read(int fd, void *buf, size_t len)
{
    char *p = buf;

    while (len > 0) {
        ssize_t got = read(fd, p, len);

        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0)
            return -1;
        p += got;
        len -= (size_t)got;
    }
    return 0;
}

static int serve_write(int fd, const void *buf, size_t len)
{
    const char *p = buf;

    while (len > 0) {
        ssize_t done = send(fd, p, len, MSG_NOSIGNAL);

        if (done < 0 && errno == EINTR)
            continue;
        if (done <= 0)
            return -1;
        p += done;
        len -= (size_t)done;
    }
    return 0;
}

/* The request header and the two descriptors attached to it. */
static int serve_receive(struct callee_request *req, int fds[2])
{
    union {
        struct cmsghdr align;
        char buf[CMSG_SPACE(2 * sizeof(int))];
    } control;
    struct iovec iov = {.iov_base = req, .iov_len = sizeof *req};
    struct msghdr msg = {.msg_iov = &iov, .msg_iovlen = 1,
                         .msg_control = control.buf, .msg_controllen = sizeof control.buf};
    ssize_t got;

    do
        got = recvmsg(CALLEE_SOCKET_FD, &msg, MSG_WAITALL | MSG_CMSG_CLOEXEC);
    while (got < 0 && errno == EINTR);
    struct cmsghdr *c = CMSG_FIRSTHDR(&msg);
    if (got != (ssize_t)sizeof *req || req->magic != CALLEE_REQUEST_MAGIC || c == NULL
        || c->cmsg_level != SOL_SOCKET || c->cmsg_type != SCM_RIGHTS
        || c->cmsg_len != CMSG_LEN(2 * sizeof(int)) || req->size > CALLEE_ARGS_MAX)
        return -1;
    memcpy(fds, CMSG_DATA(c), 2 * sizeof(int));
    return 0;
}

/* Points descriptors 0..2 at /dev/null; -1 when it cannot. */
static int serve_null_stdio(void)
{
    int null_fd = open("/dev/null", O_RDWR | O_CLOEXEC);

    if (null_fd < 0)
        return -1;
    for (int fd = 0; fd <= 2; fd++)
        if (dup2(null_fd, fd) != fd)
            return -1;
    close(null_fd);
    return 0;
}

/* One call; -1 ends the callee (the worker went, or broke the protocol). */
static int serve_one(void)
{
    struct callee_request req;
    int fds[2];

    if (serve_receive(&req, fds) != 0 || req.thunk >= callee_thunk_count())
        return -1;
    char *args = malloc(req.size ? req.size : 1);
    if (args == NULL || serve_read(CALLEE_SOCKET_FD, args, req.size) != 0
        || dup2(fds[0], STDOUT_FILENO) != STDOUT_FILENO || dup2(fds[1], STDERR_FILENO) != STDERR_FILENO)
        return -1;
    close(fds[0]);
    close(fds[1]);
    __start_graded_callee_thunks[req.thunk](args);
    fflush(NULL);
    struct callee_reply reply = {.magic = CALLEE_REPLY_MAGIC, .size = req.size};
    int rc = serve_null_stdio() == 0 && serve_write(CALLEE_SOCKET_FD, &reply, sizeof reply) == 0
             && serve_write(CALLEE_SOCKET_FD, args, req.size) == 0 ? 0 : -1;
    free(args);
    return rc;
}

/* Takes every capability away from this process, for good. */
static int serve_drop_capabilities(void)
{
    struct __user_cap_header_struct head = {.version = _LINUX_CAPABILITY_VERSION_3, .pid = 0};
    struct __user_cap_data_struct none[_LINUX_CAPABILITY_U32S_3];

    memset(none, 0, sizeof none);
    return (int)syscall(SYS_capset, &head, none);
}

/* The callee, from the harness's constructor; `value` is CALLEE_VARIABLE's
** "WORKER_PID:THUNKS", THUNKS being the size of the worker's table. */
__attribute__((noreturn)) static void callee_main(const char *value)
{
    unsigned long long worker, thunks;
    struct stat st;
    char tail;

    if (sscanf(value, "%llu:%llu%c", &worker, &thunks, &tail) != 2 || getppid() != (pid_t)worker
        || thunks != callee_thunk_count()
        || fstat(CALLEE_SOCKET_FD, &st) != 0 || !S_ISSOCK(st.st_mode))
        _exit(1);
    unsetenv(CALLEE_VARIABLE);
    struct callee_reply ready = {.magic = CALLEE_READY_MAGIC, .size = 0};
    if (serve_drop_capabilities() != 0 || sbx_forbid_spawn() != 0 || callee_forbid_reaching_out() != 0
        || serve_write(CALLEE_SOCKET_FD, &ready, sizeof ready) != 0)
        _exit(1);
    while (serve_one() == 0)
        continue;
    _exit(0);
}

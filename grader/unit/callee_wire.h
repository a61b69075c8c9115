/*
** callee_wire.h -- what the worker and the callee say to each other over
** their socket (callee.c, callee_serve.c).
**
** The callee first sends a struct callee_reply with CALLEE_READY_MAGIC
** and size 0 when it is ready.  One call: the worker sends a struct callee_request, with its current
** descriptors 1 and 2 attached (SCM_RIGHTS), then `size` bytes of
** arguments; the callee runs the thunk on its copy and answers with a
** struct callee_reply and the `size` bytes as the thunk left them.  The
** thunk travels as its index in the table of thunks (CALLEE_THUNK,
** callee.h), which the worker's binary and the callee's both build from
** the same objects: an address would mean nothing in the other binary.
** The callee runs only an index below the size of its table, and it
** checks at its start that its table is as long as the worker's (the
** environment names the worker's).  The worker trusts nothing it reads back: a reply of
** another size, or cut short, fails the call.
*/
#ifndef GRADED_CALLEE_WIRE_H
#define GRADED_CALLEE_WIRE_H

#include <stdint.h>

#define CALLEE_REQUEST_MAGIC 0x63616c6c65655251ULL   /* "calleeRQ" */
#define CALLEE_REPLY_MAGIC 0x63616c6c65655250ULL     /* "calleeRP" */
#define CALLEE_READY_MAGIC 0x63616c6c65655259ULL     /* "calleeRY" */

/* In a callee's environment: "WORKER_PID:THUNKS", THUNKS being the size of
** the worker's table of thunks (callee_serve.c). */
#define CALLEE_VARIABLE "GRADED_TEST_CALLEE"

/* What the callee's binary is called: the worker's own path with this
** after it (callee.c). */
#define CALLEE_BINARY_SUFFIX "-callee"

/* The descriptor the callee keeps its socket on; every other is closed. */
#define CALLEE_SOCKET_FD 3

struct callee_request {
    uint64_t magic;
    uint64_t thunk;      /* the thunk's index in the table           */
    uint64_t size;       /* bytes of arguments that follow           */
};

struct callee_reply {
    uint64_t magic;
    uint64_t size;       /* bytes that follow: the request's size    */
};

#endif /* GRADED_CALLEE_WIRE_H */

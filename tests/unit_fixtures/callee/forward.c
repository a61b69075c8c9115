/*
** forward.c -- the callee's self-test's forwarding (calls.h): each
** function runs the submission's student_NAME in the callee through
** callee_call(), as an assignment's unit/forward.c does
** (grader/unit/README.md).  spin() and doze() have limits of their
** own; the others take the default (GRADED_CALL_SECONDS).
*/
#include <string.h>

#include "callee.h"
#include "calls.h"

int student_add(int a, int b);
void student_say(const char *text);
int student_spin(void);
int student_nap(void);
int student_doze(void);
int student_crash(void);
int student_quit(void);
int student_forge(void);
int student_linger(void);
int student_reach(void);

/* The arguments of add, and of the functions without any: a result. */
struct int_args {
    int a, b, result;
};

static void add_thunk(void *p)
{
    struct int_args *args = p;
    args->result = student_add(args->a, args->b);
}
CALLEE_THUNK(add_thunk);

int add(int a, int b)
{
    struct int_args args = {a, b, 0};
    callee_call("add", add_thunk, &args, sizeof args, 0);
    return args.result;
}

struct say_args {
    char text[256];
};

static void say_thunk(void *p)
{
    struct say_args *args = p;
    args->text[sizeof args->text - 1] = '\0';
    student_say(args->text);
}
CALLEE_THUNK(say_thunk);

void say(const char *text)
{
    struct say_args args;
    strncpy(args.text, text, sizeof args.text - 1);
    args.text[sizeof args.text - 1] = '\0';
    callee_call("say", say_thunk, &args, sizeof args, 0);
}

/* A function of no arguments returning int, forwarded. */
#define FORWARD_NULLARY(NAME, LIMIT)                              \
    static void NAME##_thunk(void *p)                             \
    {                                                             \
        ((struct int_args *)p)->result = student_##NAME();        \
    }                                                             \
    CALLEE_THUNK(NAME##_thunk);                                   \
    int NAME(void)                                                \
    {                                                             \
        struct int_args args = {0, 0, 0};                         \
        callee_call(#NAME, NAME##_thunk, &args, sizeof args, LIMIT); \
        return args.result;                                       \
    }

FORWARD_NULLARY(spin, 0.5)
FORWARD_NULLARY(nap, 0)
FORWARD_NULLARY(doze, 0.05)
FORWARD_NULLARY(crash, 0)
FORWARD_NULLARY(quit, 0)
FORWARD_NULLARY(forge, 0)
FORWARD_NULLARY(linger, 0)
FORWARD_NULLARY(reach, 0)

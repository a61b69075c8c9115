/*
** sandbox_nokeys.h -- a job holds no key: a fresh empty session keyring,
** and the key system calls refused.  Self-contained -- system calls only
** -- because the exec helper (grader/exec/) calls it too, as the grader's
** job process does (sandbox_super.c).
*/
#ifndef GRADER_SANDBOX_NOKEYS_H
#define GRADER_SANDBOX_NOKEYS_H

/* Joins a new, empty, anonymous session keyring (so that the caller's --
** an operator's login session's, say -- is out of reach), then installs a
** seccomp filter in the calling thread, inherited by all it forks and
** execs, under which keyctl(), add_key() and request_key() fail with
** EPERM, and so does every system call of another architecture than the
** kit's (x32, 32-bit), which could reach them under other numbers.  Sets
** PR_SET_NO_NEW_PRIVS.  Stacks with the other filters (sandbox_nofork.h,
** sandbox_execonce.h).  Returns 0, also where the kernel has no keyrings
** (nothing to share) or no seccomp filters (then only the fresh keyring
** holds: sandbox.h says what that leaves); -1 with errno when a filter
** the kernel supports could not be installed: the job must not start. */
int sbx_forbid_keys(void);

#endif /* GRADER_SANDBOX_NOKEYS_H */

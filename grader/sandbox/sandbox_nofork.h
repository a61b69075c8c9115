/*
** sandbox_nofork.h -- forbidding a program to create processes, threads
** allowed: the fallback that keeps CPU time countable where no control
** group counts it (grader/sandbox/sandbox_cgroup.c; sandbox.h says when
** it applies).  Self-contained -- system calls only -- because the exec
** helper (grader/exec/) installs it too, as sandbox_tree.c is shared, and
** the unit-test harness compiles sandbox_nofork.c into its own object
** (grader/unit/graded_test.c): keep it free of the grader's other files.
*/
#ifndef GRADER_SANDBOX_NOFORK_H
#define GRADER_SANDBOX_NOFORK_H

/* Installs a seccomp filter in the calling thread, inherited by what it
** execs: fork() and vfork() fail with EPERM, and so does clone() unless
** it makes a thread (CLONE_THREAD); clone3(), whose flags a filter cannot
** read, fails with ENOSYS, so that the C library makes its threads with
** clone().  A system call of another architecture than the kit's kills
** the process.  Sets PR_SET_NO_NEW_PRIVS, which an unprivileged filter
** needs.  Returns 0, or -1 with errno (no seccomp in the kernel). */
int sbx_forbid_fork(void);

/* sbx_forbid_fork(), and a second filter stacked on it that also refuses
** (EPERM) execve(), execveat(), ptrace(), process_vm_readv() and
** process_vm_writev(): the program can neither start another program,
** nor make a process, nor read or write another's memory.  For code that
** must not outlive its caller's process (the unit-test harness,
** grader/unit/graded_test.c).  Returns 0, or -1 with errno. */
int sbx_forbid_spawn(void);

#endif /* GRADER_SANDBOX_NOFORK_H */

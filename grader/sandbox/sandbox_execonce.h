/*
** sandbox_execonce.h -- running a program that may not run another: the
** "exec once" rule of limits.exec_once (sandbox.h).  Self-contained --
** system calls only -- because the exec helper (grader/exec/) uses it too.
*/
#ifndef GRADER_SANDBOX_EXECONCE_H
#define GRADER_SANDBOX_EXECONCE_H

/* Copies `path` to a page mapped at a random address, installs a seccomp
** filter that lets execve() through only when its path argument is that
** very address (any other execve(), and every execveat(), fails with
** EPERM), then execs `path` from there with `argv` and `envp`.  The exec
** replaces the address space, so the page is gone and the program can
** exec nothing: to get through it would have to map a page at the same
** address, one of 2^34 on x86-64.  The filter is inherited by what the
** program forks.  Sets PR_SET_NO_NEW_PRIVS.  Returns only on failure: -1
** with errno (no seccomp, an unknown architecture, a path longer than a
** page, or the exec's own error). */
int sbx_exec_once(const char *path, char *const argv[], char *const envp[]);

#endif /* GRADER_SANDBOX_EXECONCE_H */

/*
** sandbox_tree.h -- emptying a directory that an untrusted program wrote
** in: a job's scratch directory (sandbox_scratch.c), and, inside a
** sandbox session, the sandbox's /tmp and /dev/shm between two jobs
** (grader/exec/serve_clean.c).  Self-contained -- system calls only, no
** state of the grader -- because it is also compiled into the static exec
** helper (the Makefile's sandbox-exec rule).
**
** The contents are hostile: symbolic links to anywhere, directories made
** unreadable, chains deeper than any stack or descriptor budget.  So every
** step is relative to an open directory, a symbolic link is only ever
** unlinked, never followed, and recursion stops at a fixed depth: a
** directory found there is moved to the top and emptied by a further
** pass (sandbox_tree.c says how).
*/
#ifndef GRADER_SANDBOX_TREE_H
#define GRADER_SANDBOX_TREE_H

enum sbx_tree_flags {
    /* Give ourselves back the permissions the program took away
    ** (chmod 0700 before entering a directory): for a caller who owns the
    ** files but, not being root, is held to their modes. */
    SBX_TREE_CHMOD = 1,
    /* Leave other file systems alone: an entry that is a mount point is
    ** kept, and so is every directory on the way to one (a sandbox's /tmp
    ** holds the mount points of the directories bound into it). */
    SBX_TREE_ONE_FS = 2
};

/* Removes everything inside the directory open on `dirfd`, which stays
** open and is not itself removed.  Returns 0 when everything is gone (or,
** with SBX_TREE_ONE_FS, only mount points and their parents are left),
** else -1 with errno set by the first failure; it goes on after a
** failure, to remove as much as it can. */
int sbx_tree_empty(int dirfd, int flags);

#endif /* GRADER_SANDBOX_TREE_H */

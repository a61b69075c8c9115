/*
** submission.h -- take a student's source files, safely.
**
** submission_collect() walks SUBMISSION_DIR and copies every regular .c
** and .h file into DEST (keeping the sub-folder layout, so the student's
** relative #includes still work), and puts the official header in
** DEST/.official/ under both of its names, for every file that includes
** it without shipping a copy (a hidden name, so no student folder can
** collide with it: hidden entries of the submission are skipped).
**
** A student's own copy of the header -- under an official name, or under
** another name when it declares a required function or the_board -- is
** compared with the official one (header_check.h): kept when compatible
** (students add constants and prototypes of their helpers), replaced by
** the official header when it changes an official declaration.  Either
** way the notes say so, naming what it adds or each difference.
**
** Files the kit gives students to keep as they are (the descriptor's
** `given`, found beside the official header) are added from the kit when
** the submission has no file of that name anywhere, with a note; a
** student's own copy, changed or not, is graded as it is.
**
** It never follows a symbolic link, never opens anything but a regular
** file (a FIFO named main.c would block forever), never takes a file its
** student may not be able to read (submission_foreign_link), never leaves the
** directory, and never writes to it.  Caps on depth, file count and sizes
** keep a hostile tree from filling the disk.  What it skipped and why is
** appended to the notes, for the report.
*/
#ifndef GRADER_SUBMISSION_H
#define GRADER_SUBMISSION_H

#include <stddef.h>
#include <sys/stat.h>

#include "../assignment.h"

#define SUBMISSION_MAX_FILES 200
#define SUBMISSION_MAX_FILE_BYTES (512 * 1024)
#define SUBMISSION_MAX_TOTAL_BYTES (4 * 1024 * 1024)
#define SUBMISSION_MAX_DEPTH 8
#define SUBMISSION_INCLUDE_DIR ".official"

struct submission {
    char **sources;        /* .c paths relative to DEST, malloc'd       */
    size_t nsources;
    char *notes;           /* skipped files and why, malloc'd, may be "" */
};

/* Copies the submission in `dir` into `dest` (which must exist and be
** empty) with `official_header` (a path) as the required header, named
** as assignment `a` names it (a->header and its aliases).
** Returns 0, or -1 when `dir` cannot be read at all or `dest` cannot be
** written (message on stderr): that is the grader's failure, not the
** student's.  A submission with no .c file at all is not an error here;
** the build reports it. */
int submission_collect(const char *dir, const char *dest, const char *official_header,
                       const struct assignment *a, struct submission *out);

/* Frees what submission_collect allocated; accepts a zeroed struct. */
void submission_free(struct submission *s);

/* Whether the regular file `st` (as fstat() of the open file gives it)
** may be one its student cannot read, which the grader -- reading as
** itself or as root -- must then not copy (the compiler would quote it in
** the report): a file not everyone may read that has more than one name
** (a hard link, which a student may give to another's file where
** fs.protected_hardlinks is 0) or whose owner is not `owner`, the
** owner of the submission's folder (a folder that is, or leads through a
** symbolic link to, a shared one such as /tmp).  A file everyone may
** read, or the folder owner's own with one name, is the student's to
** give. */
int submission_foreign_link(const struct stat *st, uid_t owner);

/* Reads a whole regular file (not following symlinks) into a malloc'd,
** NUL-terminated buffer of at most `cap` bytes; sets *len.  Returns NULL
** if it cannot be opened or read, or is larger than `cap`. */
char *submission_read_file(const char *path, size_t cap, size_t *len);

#endif /* GRADER_SUBMISSION_H */

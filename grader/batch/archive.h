/*
** archive.h -- unpack one student's .zip, .tar.gz, .tgz or .tar safely.
**
** A class handed in through an LMS arrives as archives the students made,
** and a student can make an archive that attacks whoever unpacks it.
** unpack_archive() writes an archive's members below one folder and
** nowhere else, and refuses the whole archive -- with a short reason for
** the gradebook, "bad archive: REASON" -- when any member:
**
**   - has an absolute name or a ".." component, or a name too long or too
**     deeply nested (UNPACK_MAX_DEPTH);
**   - is a symbolic link whose target is absolute or climbs out of the
**     folder (links that stay inside are not written: the grader never
**     follows a link anyway);
**   - is a hard link, a device, a FIFO or a socket;
**   - would push the member count past `max_files`, or the bytes written
**     (counted as they are written, never trusting a declared size, so a
**     small "zip bomb" stops at the cap) past `max_bytes`;
**   - cannot be read: a corrupt, truncated or encrypted archive, or one of
**     another format than its name says.
** A zip must also end with its end-of-central-directory record (and
** nothing after it but the comment that record announces): a zip cut
** short between two members reads as a complete, smaller one, and a
** student's (or a whole class's) files would be missing without a word.
** Our own checks come first; libarchive's ARCHIVE_EXTRACT_SECURE_* flags
** stay on underneath as a second line.  Modes are fixed (0755 folders,
** 0644 files): no set-uid bits, owners or times are taken from a member.
** A refused archive may leave some members already written in the folder;
** the caller throws the folder away.
**
** Name clash: this header's names start with unpack_/UNPACK_ because
** libarchive owns archive_* and ARCHIVE_*; archive.c includes libarchive's
** <archive.h> and checks that it got that one, not this file.
*/
#ifndef GRADER_ARCHIVE_H
#define GRADER_ARCHIVE_H

#include <stddef.h>

#define UNPACK_MAX_BYTES ((size_t)20 << 20)  /* 20 MiB unpacked, in all */
#define UNPACK_MAX_FILES 500                 /* members of any kind     */
#define UNPACK_MAX_DEPTH 16                  /* path components         */
#define UNPACK_MAX_NAME  1024                /* bytes of a member name  */

enum unpack_format {
    UNPACK_ZIP,
    UNPACK_TAR_GZ,        /* .tar.gz and .tgz                            */
    UNPACK_TAR
};

struct unpack_limits {
    size_t max_bytes;     /* 0: UNPACK_MAX_BYTES                         */
    size_t max_files;     /* 0: UNPACK_MAX_FILES                         */
    /* NULL: a member with a name component longer than a file name may
    ** be (NAME_MAX, 255 bytes) cannot be written and refuses the archive.
    ** Else (an LMS's download, where such a member is one student's
    ** doing) it is written with each such component cut to its first
    ** UNPACK_CUT_KEEP bytes and "~N" (N counting the members cut), and
    ** cut(ctx, the name written) is called; cut returns 0, or -1 when it
    ** fails (out of memory: unpack_archive() returns -2). */
    int (*cut)(void *ctx, const char *written);
    void *ctx;
};
#define UNPACK_CUT_KEEP 200

/* Unpacks the archive at `path`, read as `format` only, into the existing
** empty folder `dest` (an absolute path).  Returns 0 when every member
** was written; -1 when the archive is refused, with a one-line reason for
** the gradebook (no "bad archive: " prefix; the names in it made visible,
** report/visible.h) in `why`; -2 when the failure is ours, not the archive's (out of memory,
** `dest` not writable), with the reason in `why`.  Never exits; changes
** the working directory while it runs and restores it before returning,
** so it is meant for a single-threaded process. */
int unpack_archive(const char *path, enum unpack_format format,
                   const char *dest, const struct unpack_limits *limits,
                   char *why, size_t why_size);

/* The format a file name announces -- ".zip", ".tar.gz", ".tgz" or ".tar"
** at its end -- and the length of that suffix; -1 for any other name. */
int unpack_format_of(const char *name, enum unpack_format *format,
                     size_t *suffix_len);

#endif /* GRADER_ARCHIVE_H */

/*
** source_print.h -- what a submission's build was made from, to know
** when a kept build no longer is that submission's.
**
** A tournament keeps each submission's build in OUTDIR/bots/FILE/ and
** reuses it when run again (entrant.h).  The folder a name points to can
** change between runs -- a student handed in again -- and a kept build
** must then not play for it.  The print is FNV-1a over the names, sizes
** and contents of the folder's top-level .c and .h regular files (those a
** build reads); a file larger than the intake's per-file limit
** (submission.h) is counted by name and size only, never read, as the
** build refuses it anyway.
*/
#ifndef GRADER_TOURNAMENT_SOURCE_PRINT_H
#define GRADER_TOURNAMENT_SOURCE_PRINT_H

#include <stddef.h>

/* Writes the print of folder `dir` as "fnv1a64 HEX" into out (at least
** 32 bytes).  Returns 0, or -1 when the folder or a file cannot be read. */
int tsource_print(const char *dir, char *out, size_t size);

#endif /* GRADER_TOURNAMENT_SOURCE_PRINT_H */

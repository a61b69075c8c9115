/*
** map.h -- boards read from a map file (format: solution/engine/README.md).
**
** eg_map_read(path, err, errlen) builds the board a map file describes, or
** returns NULL and writes "PATH:LINE: what is wrong" (or "PATH: ...") into
** err[errlen].  It never crashes or loops on a bad file: every line is
** checked, sizes are bounded (rows of at most 1,000 characters, at most
** 1,000 rows), and a file that is not text ends with an error.
*/
#ifndef EG_MAP_H
#define EG_MAP_H

#include <stddef.h>

#include "board.h"

eg_board *eg_map_read(const char *path, char *err, size_t errlen);

#endif /* EG_MAP_H */

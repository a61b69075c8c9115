/*
** bad_entry.h -- invalid moves and junk for generated sessions (--junk).
**
** A bad entry is typed at a prompt and must be refused: the reference
** prints "INVALID MOVE.  TRY AGAIN!!" and shows the same prompt again, so
** the game goes on exactly as if the entry were not there.  Each entry has
** one kind (see the table in bad_entry.c); numeric ones are checked with
** mg_legal before they are written, so a "bad" move is never a legal one
** by accident, and none is ever -1 -1 -1 -1.
*/
#ifndef BAD_ENTRY_H
#define BAD_ENTRY_H

#include "movegen.h"
#include "writer.h"

/* Writes one bad entry for the prompt `g` is at, chosen with w->rng.
** Returns 1 if it wrote one, 0 if no kind could be made here. */
int bad_entry_write(struct writer *w, const struct mg_game *g);

#endif /* BAD_ENTRY_H */

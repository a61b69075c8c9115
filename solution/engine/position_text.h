/*
** position_text.h -- positions as text (format: solution/engine/README.md,
** "Positions as text"), for build/engine, TAs and tests.
**
** eg_position_read(in, name, err, errlen): reads one position and the
** board it is on; the position owns nothing of the board, which the caller
** frees with eg_board_free((eg_board *)pos->board) after the position.
** NULL on a bad text, with "NAME:LINE: reason" in err.
** eg_position_write(out, pos, board_line): writes pos in the same format,
** `board_line` being its "board ..." line (e.g. "star 4 2").
*/
#ifndef EG_POSITION_TEXT_H
#define EG_POSITION_TEXT_H

#include <stddef.h>
#include <stdio.h>

#include "position.h"

eg_position *eg_position_read(FILE *in, const char *name, char *err, size_t errlen);
void eg_position_write(FILE *out, const eg_position *pos, const char *board_line);

#endif /* EG_POSITION_TEXT_H */

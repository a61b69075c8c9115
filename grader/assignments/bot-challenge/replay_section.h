/*
** replay_section.h -- the bot challenge's games in the HTML report: each
** game record a failing unit test printed (the referee's format,
** grader/referee/RECORD.md) drawn as a replay (assignment.h's
** output_section for this assignment).
*/
#ifndef BC_REPLAY_SECTION_H
#define BC_REPLAY_SECTION_H

#include <stdio.h>

/* Writes, for each of the first two lines of `output` (after blanks)
** that open a game record, a <figure class="replay"> holding the
** replay viewer's page of that game in a sandboxed iframe (scripts run,
** in an opaque origin); or, for a record the viewer refuses (not whole
** JSON, say, when the output was cut short), a note saying why.  Writes
** nothing when `output` holds no record.  Any text is safe: what reaches
** the report is escaped. */
void bc_replay_section(FILE *out, const char *output);

#endif /* BC_REPLAY_SECTION_H */

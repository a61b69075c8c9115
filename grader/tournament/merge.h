/*
** merge.h -- `tournament --merge IN... -o OUT`: the folders of one
** tournament's shards (or of any runs of one configuration) joined into
** one, with the outputs a single run would have written.
**
** Refused, with a message and nothing written to OUT: inputs whose
** tournament.conf differ, whose builds of a submission disagree (one
** built it, another did not), a game id found in two inputs, OUT being
** one of the inputs, or an OUT that already holds another tournament.
** Otherwise OUT gets tournament.conf, the submissions' build verdicts and
** logs (not their programs), every game's record, a journal holding every
** input's lines (it replaces OUT's own), and the outputs (outdir.h).
** Games missing from every input (a shard not run yet) are simply not
** there: the pages say "N of M scheduled games played".
*/
#ifndef GRADER_TOURNAMENT_MERGE_H
#define GRADER_TOURNAMENT_MERGE_H

#include <stddef.h>

/* Returns 0, or -1 with a sentence in why[]. */
int tmerge_run(const char *const *inputs, int n_inputs, const char *out, const char *kit_build, char *why,
               size_t whylen);

#endif /* GRADER_TOURNAMENT_MERGE_H */

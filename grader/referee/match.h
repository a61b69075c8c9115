/*
** match.h -- one game of the bot challenge between players, refereed and
** recorded.
**
** rmatch_play() starts a game (game.h), calls every seat's Init, then
** asks the seat to move for its move, checks it, tells every other seat
** still in the game, and so on to the end; then Term.  A seat whose call
** fails (player.h: crash, timeout, bad reply, flood) or whose move is
** illegal is put out of the game there and then, its verdict recorded;
** the game goes on as the rules say (game.h).  Every call counts, Init
** and Term included, whatever ended the game: a seat that fails its Init
** after the others' failures ended the game, or its Term after the game,
** is out and cannot win.  Nothing a bot does can
** stop the referee: a player's failure is a verdict, only the referee's
** own (no memory) makes rmatch_play() return -1.
**
** The record (grader/referee/RECORD.md) is built as the game goes and
** handed to the caller as a cJSON object to write or replay.
*/
#ifndef REFEREE_MATCH_H
#define REFEREE_MATCH_H

#include <cJSON.h>

#include "game.h"
#include "player.h"

struct rmatch_config {
    const char *id;                 /* the game's id, for its record          */
    int size;                       /* 3..63                                  */
    int players;                    /* 2..6                                   */
    int points[RGAME_MAX_SEATS];    /* playerPosition[]: each seat's point    */
    int turn_cap;                   /* 0: rgame_default_cap()                 */
};

struct rmatch_outcome {
    struct rgame_result result;
    double cpu[RGAME_MAX_SEATS];                /* each seat's CPU seconds    */
    enum rplayer_verdict verdict[RGAME_MAX_SEATS]; /* RPLAYER_PLAYING: not out */
    int moves;                                  /* turns taken, passes too    */
};

/* Plays one game: seat i is players[i], named names[i].  Fills *outcome
** and sets *record to the game's record (the caller frees it with
** cJSON_Delete; record NULL: none kept).  Returns 0, or -1 when the
** configuration is out of range or memory runs out (message on stderr). */
int rmatch_play(const struct rmatch_config *cfg, struct rplayer *const *players,
                const char *const *names, struct rmatch_outcome *outcome, cJSON **record);

/* Default seats of the challenge by player count (2: 0 3; 3: 0 2 4;
** 4: 1 2 4 5; 5: 0 1 2 3 4; 6: 0..5) into points[]; -1 for a count out of
** range. */
int rmatch_default_points(int players, int points[RGAME_MAX_SEATS]);

#endif /* REFEREE_MATCH_H */

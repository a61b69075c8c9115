/*
** house.h -- the kit's own bots for the bot challenge, as objects.
**
** Three kinds, each a player a student's bot can be measured against:
**   random  a legal move drawn at random (seeded: the same game twice);
**   greedy  the move that brings its piece closest to the goal (steps
**           counted over the board), ties to the piece farthest behind,
**           then the first generated;
**   strong  the board library's search (solution/engine/search.h,
**           through house_search.h; not in a student's kit) at
**           depth `strength` (1..4): alpha-beta for two players,
**           best-reply search for more, on the distance evaluation with
**           the straggler term.
** Each keeps its own copy of the board, updated from the moves it is told
** of, exactly as a student's bot does through the challenge's four
** functions; hbot_init/hbot_move/hbot_opponent/hbot_term are those four
** functions on an object, so that one process may hold many bots (the
** referee's in-process games, `make bench-tournament`'s limit), and
** grader/assignments/bot-challenge/house_bot/house_bot.c wraps one as a
** program that speaks the referee's protocol.
**
** A bot with no legal move passes by naming one of its pieces twice, as
** the challenge asks.  The bots trust what they are told: given an
** illegal opponent move they still make it on their board.
**
** Memory: hbot_new() allocates; hbot_free() releases (NULL accepted);
** hbot_init() may be called again for a new game.
*/
#ifndef REFEREE_HOUSE_H
#define REFEREE_HOUSE_H

#include <stdint.h>

enum hbot_kind { HBOT_RANDOM, HBOT_GREEDY, HBOT_STRONG };

struct hbot;

/* A bot of `kind`; strength is the strong bot's depth (1..4, ignored by
** the others); seed drives the random bot.  NULL when out of memory,
** strength is out of range, or the strong bot is asked for in a build
** that has none (hbot_has_strong). */
struct hbot *hbot_new(enum hbot_kind kind, int strength, uint64_t seed);

/* 1 when this build has the strong bot; 0 in a student's kit, which
** leaves the search out (house_search.h says why). */
int hbot_has_strong(void);
void hbot_free(struct hbot *b);

/* The kind named "random", "greedy", "strong"; -1 for another name. */
int hbot_kind_of(const char *name);

/* A new game: the challenge's InitChineseCheckers.  Returns 0, or -1 for
** arguments out of range or no memory (the bot then passes on every
** move, with (0, 0)). */
int hbot_init(struct hbot *b, long players, long size, const long points[6], long me);

/* Its move, in the challenge's coordinates: YourMove.  The move is made
** on its own board. */
void hbot_move(struct hbot *b, long *r1, long *c1, long *r2, long *c2);

/* Another seat's move: OpponentMove. */
void hbot_opponent(struct hbot *b, long seat, long r1, long c1, long r2, long c2);

/* The end of a game: TermChineseCheckers (frees the game's board). */
void hbot_term(struct hbot *b);

#endif /* REFEREE_HOUSE_H */

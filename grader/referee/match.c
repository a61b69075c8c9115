/*
** match.c -- one refereed game between players (match.h).
**
** CPU is charged per call from each player's own figure (player.h);
** a move's CPU goes into its turn in the record, and everything a seat
** used -- its OpponentMove calls too -- into its total.
*/
#include "match.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "record.h"
#include "../report/visible.h"

struct match {
    const struct rmatch_config *cfg;
    struct rplayer *const *players;
    struct rgame *game;
    cJSON *record;                          /* NULL: none kept            */
    long (*path)[2];
    int ok;                                 /* 0 once memory ran out      */
};

int rmatch_default_points(int players, int points[RGAME_MAX_SEATS])
{
    static const int seats[7][6] = {
        [2] = {0, 3}, [3] = {0, 2, 4}, [4] = {1, 2, 4, 5},
        [5] = {0, 1, 2, 3, 4}, [6] = {0, 1, 2, 3, 4, 5},
    };

    if (players < 2 || players > 6)
        return -1;
    memcpy(points, seats[players], sizeof seats[players]);
    return 0;
}

/* Seat s has failed (its verdict is set): out of the game, and recorded. */
static void put_out(struct match *m, int s, double cpu)
{
    struct rplayer *p = m->players[s];

    rgame_out(m->game, s);
    if (m->record && rrecord_out(m->record, s, rplayer_verdict_name(p->verdict), p->detail, cpu) != 0)
        m->ok = 0;
}

/* Tells every other seat still in the game of seat s's move. */
static void tell_others(struct match *m, int s, const long move[4])
{
    for (int o = 0; o < m->cfg->players; o++) {
        if (o == s || rgame_is_out(m->game, o))
            continue;
        double before = rplayer_cpu(m->players[o]);
        if (rplayer_opponent(m->players[o], s, move) != 0)
            put_out(m, o, rplayer_cpu(m->players[o]) - before);
    }
}

/* One turn of the seat to move s. */
static void turn(struct match *m, int s)
{
    struct rplayer *p = m->players[s];
    long mv[4];
    char why[200];
    int n = 0;
    double before = rplayer_cpu(p);

    if (rplayer_move(p, mv) != 0) {
        put_out(m, s, rplayer_cpu(p) - before);
        return;
    }
    double cpu = rplayer_cpu(p) - before;
    enum rgame_claim c = rgame_claim(m->game, mv[0], mv[1], mv[2], mv[3], m->path, &n, why, sizeof why);
    if (c == RGAME_ILLEGAL) {
        rplayer_fail(p, RPLAYER_ILLEGAL, "%s", why);
        put_out(m, s, cpu);
        return;
    }
    if (m->record && (c == RGAME_MOVED ? rrecord_move(m->record, s, (const long (*)[2])m->path, n, cpu)
                                       : rrecord_pass(m->record, s, mv[0], mv[1], cpu)) != 0)
        m->ok = 0;
    tell_others(m, s, mv);
}

static void start_all(struct match *m)
{
    long points[6] = {0};

    for (int s = 0; s < m->cfg->players; s++)
        points[s] = m->cfg->points[s];
    for (int s = 0; s < m->cfg->players; s++) {
        double before = rplayer_cpu(m->players[s]);
        if (rplayer_init(m->players[s], m->cfg->players, m->cfg->size, points, s) != 0)
            put_out(m, s, rplayer_cpu(m->players[s]) - before);
    }
}

static void finish(struct match *m, const char *const *names, struct rmatch_outcome *outcome)
{
    const char *out[RGAME_MAX_SEATS] = {0};

    /* A failure in Term is a verdict as any other: the seat is out, even
    ** of a game it had won. */
    for (int s = 0; s < m->cfg->players; s++) {
        if (rgame_is_out(m->game, s))
            continue;
        double before = rplayer_cpu(m->players[s]);
        if (rplayer_term(m->players[s]) != 0)
            put_out(m, s, rplayer_cpu(m->players[s]) - before);
    }
    rgame_result(m->game, &outcome->result);
    for (int s = 0; s < m->cfg->players; s++) {
        outcome->cpu[s] = rplayer_cpu(m->players[s]);
        outcome->verdict[s] = m->players[s]->verdict;
        if (rgame_is_out(m->game, s))
            out[s] = rplayer_verdict_name(m->players[s]->verdict);
    }
    (void)names;
    if (m->record && rrecord_result(m->record, &outcome->result, m->cfg->players, out, outcome->cpu) != 0)
        m->ok = 0;
}

int rmatch_play(const struct rmatch_config *cfg, struct rplayer *const *players,
                const char *const *names, struct rmatch_outcome *outcome, cJSON **record)
{
    int cap = cfg->turn_cap > 0 ? cfg->turn_cap : rgame_default_cap(cfg->size, cfg->players, cfg->points);
    struct match m = {cfg, players, NULL, NULL, NULL, 1};

    memset(outcome, 0, sizeof *outcome);
    if (record)
        *record = NULL;
    m.game = cap > 0 ? rgame_new(cfg->size, cfg->players, cfg->points, cap) : NULL;
    if (!m.game) {
        visible_printf(stderr, "referee: cannot start a game of size %d for %d players\n", cfg->size, cfg->players);
        return -1;
    }
    m.path = malloc(sizeof *m.path * (size_t)rgame_cells(m.game));
    if (record)
        m.record = rrecord_new(cfg->id, cfg->size, cfg->players, cfg->points, names, cap);
    if (!m.path || (record && !m.record))
        m.ok = 0;
    if (m.ok)
        start_all(&m);
    for (int s; m.ok && (s = rgame_to_move(m.game)) >= 0; outcome->moves++)
        turn(&m, s);
    if (m.ok)
        finish(&m, names, outcome);
    rgame_free(m.game);
    free(m.path);
    if (!m.ok) {
        visible_printf(stderr, "referee: out of memory in game %s\n", cfg->id ? cfg->id : "");
        cJSON_Delete(m.record);
        return -1;
    }
    if (record)
        *record = m.record;
    return 0;
}

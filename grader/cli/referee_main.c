/*
** referee_main.c -- build/referee: games of the bot challenge between
** bots, and replays of game records.
**
** usage: referee [OPTIONS] BOT BOT [BOT...]     play games, one seat per BOT
**        referee --replay RECORD.json...        check recorded games
**
** A BOT is a house bot, house:random, house:greedy or house:strong:DEPTH
** (grader/referee/house.h), run in this process, or a bot program: its
** path, then its arguments, as one word separated by spaces ("build/bots/
** house greedy"), run in the grader's sandbox (player_process.h) with
** 256 MiB, 4 processes, 64 KiB of stderr, --call-cpu seconds of CPU a
** call (default 2) and --game-cpu seconds a game (default 60), and the
** wall-clock limits player_process.h derives from them.  Options:
**   --size N       the star's size, 3..63 (default 4)
**   --points LIST  the seats' points, e.g. 0,3 (default: the challenge's
**                  seats for the player count, grader/referee/match.h)
**   --games G      games to play (default 1); seats rotate between games
**                  so that each bot moves first equally often
**   --cap T        the turn cap (default: grader/referee/game.h's)
**   --seed S       the random bots' seed (default 1)
**   --records DIR  write each game's record there (RECORD.md)
** Prints one line per game ("game ID: end after T turns: NAME win, ...")
** and the challenge's score of each bot.  Exit status: 0, 1 when a replay
** disagrees, 2 for a bad command line or the referee's own failure.
*/
#define _DEFAULT_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../referee/match.h"
#include "../referee/player_process.h"
#include "../referee/record.h"
#include "../report/visible.h"

#define MAX_BOTS RGAME_MAX_SEATS

struct options {
    int size, games, cap, points[RGAME_MAX_SEATS], have_points;
    double call_cpu, game_cpu;
    unsigned long seed;
    const char *records;
    int bots;
    const char *bot[MAX_BOTS];
};

static int usage(void)
{
    visible_printf(stderr, "usage: referee [--size N] [--points LIST] [--games G] [--cap T] [--seed S] "
                    "[--records DIR] BOT BOT [BOT...]\n"
                    "       referee --replay RECORD.json...\n"
                    "BOT: house:random, house:greedy or house:strong:DEPTH\n");
    return 2;
}

static int replay(int argc, char **argv)
{
    int bad = 0;

    for (int i = 0; i < argc; i++) {
        char why[300];
        cJSON *rec = rrecord_read(argv[i], why, sizeof why);
        if (rec && rrecord_replay(rec, why, sizeof why) == 0) {
            visible_printf(stdout, "%s: ok\n", argv[i]);
        } else {
            visible_printf(stdout, "%s: %s\n", argv[i], why);
            bad = 1;
        }
        cJSON_Delete(rec);
    }
    return bad;
}

static int parse_points(const char *s, int *points)
{
    int n = 0;

    for (char *end; *s && n < RGAME_MAX_SEATS; s = *end == ',' ? end + 1 : end) {
        points[n++] = (int)strtol(s, &end, 10);
        if (end == s)
            return -1;
    }
    return n;
}

static int parse(int argc, char **argv, struct options *o)
{
    memset(o, 0, sizeof *o);
    o->size = 4;
    o->games = 1;
    o->seed = 1;
    o->call_cpu = 2;
    o->game_cpu = 60;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(a, "--size") == 0 && v) o->size = atoi(argv[++i]);
        else if (strcmp(a, "--games") == 0 && v) o->games = atoi(argv[++i]);
        else if (strcmp(a, "--cap") == 0 && v) o->cap = atoi(argv[++i]);
        else if (strcmp(a, "--seed") == 0 && v) o->seed = strtoul(argv[++i], NULL, 10);
        else if (strcmp(a, "--records") == 0 && v) o->records = argv[++i];
        else if (strcmp(a, "--call-cpu") == 0 && v) o->call_cpu = atof(argv[++i]);
        else if (strcmp(a, "--game-cpu") == 0 && v) o->game_cpu = atof(argv[++i]);
        else if (strcmp(a, "--points") == 0 && v) o->have_points = parse_points(argv[++i], o->points);
        else if (a[0] == '-' || o->bots == MAX_BOTS) return -1;
        else o->bot[o->bots++] = a;
    }
    if (o->bots < 2 || o->games < 1 || o->size < 3 || o->size > 63 || o->have_points < 0 ||
        (o->have_points && o->have_points != o->bots))
        return -1;
    if (!o->have_points)
        rmatch_default_points(o->bots, o->points);
    return 0;
}

/* A bot program: spec is its path and arguments separated by spaces. */
static struct rplayer *program_player(const struct options *o, const char *spec)
{
    char words[1024], path[4096], folder[4096];
    const char *argv[16] = {0}, *readonly[2] = {folder, NULL};
    int n = 0;

    if (snprintf(words, sizeof words, "%s", spec) >= (int)sizeof words)
        return NULL;
    for (char *w = strtok(words, " "); w && n < 15; w = strtok(NULL, " "))
        argv[n++] = w;
    if (n == 0 || !realpath(argv[0], path))
        return NULL;
    argv[0] = path;
    snprintf(folder, sizeof folder, "%s", path);
    *strrchr(folder, '/') = '\0';
    struct rplayer_program prog = {.argv = argv, .readonly_paths = readonly};
    rplayer_program_limits(&prog, o->call_cpu, o->game_cpu, (size_t)256 << 20);
    return rplayer_process(&prog);
}

/* A player for a BOT argument, or NULL with a message. */
static struct rplayer *make_player(const struct options *o, const char *spec, unsigned long seed)
{
    char kind[32] = "";
    int depth = 0;
    struct rplayer *p = NULL;

    if (sscanf(spec, "house:%31[a-z]:%d", kind, &depth) >= 1 && hbot_kind_of(kind) >= 0) {
        if (hbot_kind_of(kind) == HBOT_STRONG && !hbot_has_strong()) {
            visible_printf(stderr, "referee: this kit has no strong house bot (a student's kit leaves the "
                            "kit's search out); play house:greedy or house:random\n");
            return NULL;
        }
        p = rplayer_house((enum hbot_kind)hbot_kind_of(kind), depth ? depth : 2, seed);
    } else if (strchr(spec, '/'))
        p = program_player(o, spec);
    if (!p)
        visible_printf(stderr, "referee: cannot make a bot of '%s'\n", spec);
    return p;
}

static void print_game(const char *id, const struct rmatch_outcome *out, const char *const *names, int players)
{
    visible_printf(stdout, "game %s: %s after %d turns:", id, rgame_end_name(out->result.end), out->result.turns);
    for (int s = 0; s < players; s++)
        visible_printf(stdout, s + 1 < players ? " %s %s," : " %s %s\n", names[s],
                       rgame_outcome_name(out->result.outcome[s]));
}

/* Plays game g with the seats rotated by g; adds to the score table. */
static int play_one(const struct options *o, int g, double *score)
{
    struct rplayer *seat[MAX_BOTS] = {0};
    const char *names[MAX_BOTS];
    int bot_of[MAX_BOTS], status = 0;
    char id[64], path[4096];
    struct rmatch_outcome out;
    cJSON *rec = NULL;
    struct rmatch_config cfg = {id, o->size, o->bots, {0}, o->cap};

    snprintf(id, sizeof id, "g%04d", g + 1);
    memcpy(cfg.points, o->points, sizeof cfg.points);
    for (int s = 0; s < o->bots; s++) {
        bot_of[s] = (s + g) % o->bots;
        names[s] = o->bot[bot_of[s]];
        seat[s] = make_player(o, names[s], o->seed + (unsigned long)(g * MAX_BOTS + s));
        if (!seat[s])
            status = -1;
    }
    if (status == 0 && (status = rmatch_play(&cfg, seat, names, &out, o->records ? &rec : NULL)) == 0) {
        print_game(id, &out, names, o->bots);
        for (int s = 0; s < o->bots; s++)
            score[bot_of[s]] += (out.result.outcome[s] == RGAME_WIN ? 2 : out.result.outcome[s] == RGAME_DRAW)
                              - out.cpu[s];
        if (rec && (snprintf(path, sizeof path, "%s/%s.json", o->records, id) >= (int)sizeof path ||
                    rrecord_write(rec, path) != 0))
            status = -1;
    }
    cJSON_Delete(rec);
    for (int s = 0; s < o->bots; s++)
        rplayer_close(seat[s]);
    return status;
}

int main(int argc, char **argv)
{
    struct options o;
    double score[MAX_BOTS] = {0};

    visible_stderr();   /* messages name bots, files and folders */
    if (argc > 1 && strcmp(argv[1], "--replay") == 0)
        return argc > 2 ? replay(argc - 2, argv + 2) : usage();
    if (parse(argc, argv, &o) != 0)
        return usage();
    for (int g = 0; g < o.games; g++)
        if (play_one(&o, g, score) != 0)
            return 2;
    visible_printf(stdout, "score (2 a win, 1 a draw, -1 a second of CPU):\n");
    for (int b = 0; b < o.bots; b++)
        visible_printf(stdout, "  %-24s %8.3f\n", o.bot[b], score[b]);
    return 0;
}

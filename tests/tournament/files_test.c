/*
** files_test.c -- Criterion tests of the tournament's files: the
** configuration (grader/tournament/config.h: defaults, every kind of
** bot, the canonical form read back, refusals naming their line, file
** names made of hostile names) and the journal (journal.h: a line read
** back as written, a torn last line ignored and cut off, foreign lines
** skipped).
**
** Build and run:  make build/tests/tournament/files_test &&
**                 build/tests/tournament/files_test
*/
#define _DEFAULT_SOURCE
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tournament/config.h"
#include "tournament/journal.h"

static int parse(const char *text, struct tconfig *c, char *why, size_t size)
{
    return tconfig_parse(text, strlen(text), "t.conf", c, why, size);
}

/* The configuration refused, with a reason containing `expected`. */
static void refused(const char *text, const char *expected)
{
    struct tconfig c;
    char why[300] = "";

    cr_assert_eq(parse(text, &c, why, sizeof why), -1, "accepted:\n%s", text);
    cr_assert(strstr(why, expected), "reason \"%s\", expected one containing \"%s\", for:\n%s", why, expected, text);
}

/* ---- The configuration ----------------------------------------------- */

Test(config, defaults_and_every_kind_of_bot)
{
    struct tconfig c;
    char why[300] = "";

    cr_assert_eq(parse("# a comment\n\nbot g house greedy\n  bot s\thouse strong 3 # deep\n"
                       "bot p program bin/p --fast -x\nbot st submission subs/st\n", &c, why, sizeof why), 0, "%s", why);
    cr_assert_eq(c.n_bots, 4);
    cr_assert(c.n_sizes == 1 && c.sizes[0] == 4 && c.n_counts == 1 && c.counts[0] == 2 && c.rounds == 1 &&
              c.seed == 1 && c.call_cpu == 2 && c.game_cpu == 60 && c.memory_mb == 256 && c.turn_cap == 0);
    cr_assert(c.bots[0].kind == TCONFIG_HOUSE && strcmp(c.bots[0].house, "greedy") == 0 && c.bots[0].depth == 2);
    cr_assert(c.bots[1].kind == TCONFIG_HOUSE && c.bots[1].depth == 3);
    cr_assert(c.bots[2].kind == TCONFIG_PROGRAM && strcmp(c.bots[2].path, "bin/p") == 0 && c.bots[2].n_args == 2 &&
              strcmp(c.bots[2].args[1], "-x") == 0);
    cr_assert(c.bots[3].kind == TCONFIG_SUBMISSION && strcmp(c.bots[3].path, "subs/st") == 0);
    cr_assert_eq(tconfig_find(&c, "p"), 2);
    cr_assert_eq(tconfig_find(&c, "nobody"), -1);
    tconfig_free(&c);
}

Test(config, canonical_form_reads_back_the_same)
{
    struct tconfig c, again;
    char why[300] = "", *first = NULL, *second = NULL;
    size_t n1, n2;

    cr_assert_eq(parse("players 3 2\nsizes 5 3\nseed 18446744073709551615\ncall_cpu 0.25\nturn_cap 40\n"
                       "bot a house random\nbot b program /bin/b x y\n", &c, why, sizeof why), 0, "%s", why);
    FILE *f = open_memstream(&first, &n1);
    tconfig_write(&c, f);
    fclose(f);
    cr_assert_eq(parse(first, &again, why, sizeof why), 0, "%s:\n%s", why, first);
    f = open_memstream(&second, &n2);
    tconfig_write(&again, f);
    fclose(f);
    cr_assert_str_eq(second, first);
    cr_assert(strstr(first, "players 3 2\n") && strstr(first, "seed 18446744073709551615\n") &&
              strstr(first, "bot b program /bin/b x y\n"), "%s", first);
    free(first), free(second);
    tconfig_free(&c), tconfig_free(&again);
}

Test(config, mistakes_are_refused_naming_the_line)
{
    refused("bot a house greedy\n", "at least two bots");
    refused("bot a house greedy\nbot b house clever\n", "t.conf:2: bot b: house bots are");
    refused("bot a house greedy\nbot b house strong 5\n", "t.conf:2: '5' for bot is not a whole number 1..4");
    refused("bot a house greedy\nbot a house random\n", "t.conf:2: bot name 'a' is taken");
    refused("bot a<b house greedy\nbot a>b house random\n", "same file name");
    refused("bot .hidden house greedy\n", "not starting with '.'");
    refused("bot x/y house greedy\n", "no '/'");
    refused("bot a house greedy\nbot b robot x\n", "is not house, program or submission");
    refused("bot a submission one two\n", "submission takes one folder");
    refused("sizes 3 64\n", "t.conf:1: '64' for sizes is not a whole number 3..63");
    refused("sizes 3 3\n", "names 3 twice");
    refused("players 1\n", "'1' for players");
    refused("rounds 0\n", "'0' for rounds");
    refused("call_cpu -1\n", "not a number of seconds");
    refused("game_cpu nan\n", "not a number of seconds");
    refused("seed -3\n", "seed takes one whole number");
    refused("size 4\n", "t.conf:1: unknown key 'size'");
}

Test(config, file_names_keep_only_safe_bytes)
{
    char buf[TCONFIG_NAME_MAX + 1];

    tconfig_file_name("<b>x&\"y'", buf, sizeof buf);
    cr_assert_str_eq(buf, "_b_x__y_");
    tconfig_file_name("alice.smith-2_b", buf, sizeof buf);
    cr_assert_str_eq(buf, "alice_smith-2_b");
    /* No dot: a page FILE.html is never another bot's folder FILE/. */
    tconfig_file_name("x.html", buf, sizeof buf);
    cr_assert_str_eq(buf, "x_html");
    tconfig_file_name("\xc3\xa9t\xc3\xa9", buf, sizeof buf);
    cr_assert_str_eq(buf, "__t__");
}

/* ---- The journal ----------------------------------------------------- */

static const char *const names[] = {"greedy", "<b>x\"y", "crashy"};

static struct tjournal_game sample(const char *id)
{
    struct tjournal_game g = {.size = 3, .players = 3, .turns = 12, .end = "one left",
                              .bots = {2, 0, 1}, .rank = {3, 1, 2},
                              .outcome = {TJOURNAL_OUT, TJOURNAL_WIN, TJOURNAL_LOSS},
                              .out = {"crashed"}, .detail = {"YourMove: killed by signal 11"},
                              .cpu = {0.5, 0.25, 0.125}};
    snprintf(g.id, sizeof g.id, "%s", id);
    return g;
}

Test(journal, a_line_reads_back_as_written)
{
    struct tjournal_game g = sample("s3-p3-r0-g0001"), back;
    char *line = tjournal_line(&g, names), why[200] = "";

    cr_assert(line);
    cr_assert_eq(strchr(line, '\n'), line + strlen(line) - 1, "one line: %s", line);
    cr_assert_eq(tjournal_parse(line, names, 3, &back, why, sizeof why), 0, "%s: %s", why, line);
    cr_assert_str_eq(back.id, g.id);
    cr_assert_str_eq(back.end, "one left");
    for (int s = 0; s < 3; s++) {
        cr_assert(back.bots[s] == g.bots[s] && back.rank[s] == g.rank[s] && back.outcome[s] == g.outcome[s] &&
                  back.cpu[s] == g.cpu[s], "seat %d of %s", s, line);
        cr_assert_str_eq(back.out[s], g.out[s]);
        cr_assert_str_eq(back.detail[s], g.detail[s]);
    }
    free(line);
}

Test(journal, foreign_and_malformed_lines_are_refused)
{
    static const char *const others[] = {"greedy", "someone"};
    struct tjournal_game g = sample("s3-p3-r0-g0001"), back;
    char *line = tjournal_line(&g, names), why[200];

    cr_assert_eq(tjournal_parse(line, others, 2, &back, why, sizeof why), -1, "a bot unknown here");
    cr_assert_eq(tjournal_parse("{\"id\": 3}", names, 3, &back, why, sizeof why), -1);
    cr_assert_eq(tjournal_parse("not json", names, 3, &back, why, sizeof why), -1);
    free(line);
}

/* Two whole lines and a torn third: two games, and the tail cut off. */
Test(journal, a_torn_last_line_is_ignored_and_cut_off)
{
    char path[] = "/tmp/journal-test-XXXXXX";
    int fd = mkstemp(path);
    struct tjournal_game a = sample("s3-p3-r0-g0000"), b = sample("s3-p3-r0-g0001"), *games;
    size_t n;

    cr_assert(fd >= 0);
    close(fd);
    cr_assert_eq(tjournal_append(path, &a, names), 0);
    cr_assert_eq(tjournal_append(path, &b, names), 0);
    FILE *f = fopen(path, "a");
    fputs("{\"id\":\"s3-p3-r0-g0002\",\"size\":3,\"pla", f);
    fclose(f);
    cr_assert_eq(tjournal_load(path, names, 3, 1, &games, &n), 0);
    cr_assert_eq(n, 2);
    cr_assert_str_eq(games[1].id, "s3-p3-r0-g0001");
    free(games);
    f = fopen(path, "r");
    fseek(f, -1, SEEK_END);
    cr_assert_eq(fgetc(f), '\n', "the torn tail is still there");
    fclose(f);
    cr_assert_eq(tjournal_append(path, &a, names), 0);
    cr_assert_eq(tjournal_load(path, names, 3, 0, &games, &n), 0);
    cr_assert_eq(n, 3, "a line appended after the repair reads whole");
    free(games);
    unlink(path);
}

Test(journal, a_missing_journal_is_empty)
{
    struct tjournal_game *games;
    size_t n = 99;

    cr_assert_eq(tjournal_load("/nonexistent/games.jsonl", names, 3, 0, &games, &n), 0);
    cr_assert_eq(n, 0);
    free(games);
}

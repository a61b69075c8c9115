/*
** config.h -- a tournament's configuration file, read and written.
**
** The file is `key value...` lines; `#` starts a comment, blank lines
** are skipped, words are separated by spaces or tabs (no quoting, so no
** word holds a space).  Keys (grader/tournament/README.md has the
** manual):
**
**   bot NAME house random|greedy|strong [DEPTH]   a house bot
**   bot NAME program PATH [ARGS...]               a bot program
**   bot NAME submission DIR                       a student's folder
**   class PATH [FORMAT]  a whole class: an LMS's download or a folder
**                       per student, read as grade-all reads it
**                       (grader/batch/lms.h; FORMAT auto, canvas, moodle,
**                       gradescope or folders, default auto); once
**   sizes N...          star sizes, 3..63             (default 4)
**   players K...        player counts, 2..6           (default 2)
**   rounds R            blocks per size and count     (default 1)
**   seed S              the schedule's and random bots' seed (default 1)
**   call_cpu SECONDS    CPU one call may use          (default 2)
**   game_cpu SECONDS    CPU a bot may use in a game   (default 60)
**   memory_mb MB        each bot's memory             (default 256)
**   turn_cap T          rounds before adjudication    (default 0: the rules')
**   house_program PATH  the house bot program (default: bots/house beside
**                       build/tournament)
**   driver PATH         the kit's driver.c for submissions (default:
**                       solution/bot-challenge/driver.c of the kit)
**
** Names: 1..40 bytes of UTF-8 without control characters (C0, DEL, C1:
** report/visible.h), no '/', not starting with '.'; any other character
** may appear (pages escape them; records, which promise UTF-8, hold them
** as they are), and file names are made from them with
** tconfig_file_name().  Two bots may not share a name, nor a file name.
** Paths are kept as written; relative ones are relative to the current
** directory of the run.
**
** Memory: tconfig_read() fills a struct whose strings it owns;
** tconfig_free() releases them (a zeroed struct is fine to free).
*/
#ifndef GRADER_TOURNAMENT_CONFIG_H
#define GRADER_TOURNAMENT_CONFIG_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define TCONFIG_MAX_BOTS 512
#define TCONFIG_MAX_LIST 16     /* sizes, player counts             */
#define TCONFIG_MAX_ARGS 16     /* a program's arguments            */
#define TCONFIG_NAME_MAX 40

enum tconfig_kind { TCONFIG_HOUSE, TCONFIG_PROGRAM, TCONFIG_SUBMISSION };

struct tconfig_bot {
    char *name;
    char file[TCONFIG_NAME_MAX + 1];    /* tconfig_file_name(name), made
                                ** when the bot is added (names never
                                ** change after)                           */
    enum tconfig_kind kind;
    char *house;                /* HOUSE: "random", "greedy", "strong"     */
    int depth;                  /* HOUSE: the strong bot's depth (1..4)    */
    char *path;                 /* PROGRAM: the program; SUBMISSION: DIR   */
    char *args[TCONFIG_MAX_ARGS];
    int n_args;
    int from_class;             /* added by the class line: not written    */
    char *refused;              /* SUBMISSION from the class: why it cannot
                                ** be built ("bad archive: ..."), or NULL  */
};

struct tconfig {
    struct tconfig_bot *bots;
    int n_bots;
    int sizes[TCONFIG_MAX_LIST], n_sizes;
    int counts[TCONFIG_MAX_LIST], n_counts;
    int rounds;
    uint64_t seed;
    double call_cpu, game_cpu;
    int memory_mb, turn_cap;
    char *house_program, *driver;   /* NULL: the defaults                */
    char *class_path, *class_format; /* the class line, or NULL           */
    int class_taken;                /* its bots added (class.h)          */
};

/* Reads the file at `path` into *c.  Returns 0, or -1 with a sentence
** naming the line in why[] ("tour.conf:7: unknown key 'size'") and *c
** freed.  At least two bots are required, unless a class line may bring
** them (tclass_take, class.h, checks the count then). */
int tconfig_read(const char *path, struct tconfig *c, char *why, size_t whylen);

/* The same from text (len bytes); `origin` names it in messages. */
int tconfig_parse(const char *text, size_t len, const char *origin, struct tconfig *c, char *why,
                  size_t whylen);

void tconfig_free(struct tconfig *c);

/* Writes the configuration in canonical form: every key once, in a fixed
** order, numbers in one notation.  Two configurations that give the same
** tournament give the same text; reading it back gives the same config.
** Returns 0, or -1 when writing failed. */
int tconfig_write(const struct tconfig *c, FILE *out);

/* A file name for `name` into buf: bytes outside [A-Za-z0-9_-] become
** '_' (so "<b>al" is "_b_al", "x.html" is "x_html"); always terminated.
** No file name holds a dot, so a bot's page (FILE.html) is never another
** bot's build folder (FILE/): bots "x" and "x.html" once shared
** bots/x.html. */
void tconfig_file_name(const char *name, char *buf, size_t size);

/* Adds bot SUBMISSION `dir` (or, `dir` NULL, one that plays no game
** because of `refused`) for a student of the class line, named after
** `id`: the id itself when it is a valid name whose name and file name no
** other bot has; else the id's first bytes (at most 31) and "~" with 8 hex
** digits of a hash of the whole id ("Ana Maria Gonzalez de la Fuen~1f0c9a2e"),
** so that a student's name depends on that student's id alone, never on
** who else is in the class (a '/' in an id, and each byte of a control
** character or of ill-formed UTF-8, which the intake never makes,
** becomes '_').  The ids of one class are distinct (lms_class() names
** each student once).  Not written by tconfig_write (the class line
** is).  Returns 0, or -1 with why[]: too many bots, out of memory, or no
** name left (an id given again, or a hundred ids of one head and hash). */
int tconfig_add_student(struct tconfig *c, const char *id, const char *dir, const char *refused, char *why,
                        size_t whylen);

/* The bot named `name`, or -1. */
int tconfig_find(const struct tconfig *c, const char *name);

#endif /* GRADER_TOURNAMENT_CONFIG_H */

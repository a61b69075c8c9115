/*
** assignment.h -- what the generic grader knows of one assignment.
**
** The grader carries several assignments.  Everything it needs to know of
** one is in its descriptor, a `struct assignment` defined in
** grader/assignments/<id>/, and in the kit's files laid out by the id:
**
**     solution/<id>/                 the reference (sources, header)
**     starter/<id>/                  what students start from
**     sample_io/<id>/{public,hidden} scripted sessions: NAME.in, NAME.out,
**                                    and NAME.args (command-line words)
**     grader/assignments/<id>/       descriptor, rubric.txt, unit tests
**     build/unit/<id>/               the unit tests, compiled (make)
**     build/<program>                the reference program (make)
**     build/calibration-<id>.txt     what the reference costs here
**
** Generic code -- sandbox, jobs, build, compare, score, reports, batch,
** the command line -- reads facts only through the descriptor and these
** paths, so adding an assignment touches no generic file
** (grader/assignments/README.md is the checklist).
**
** The protocol part describes the structure of an assignment's
** transcripts, for feedback: the prompt that precedes each move, how many
** tokens a move has, and where a printed board starts and how to draw it.
** An assignment whose transcripts have no such structure leaves it NULL;
** feedback then shows only the lines that differ.
*/
#ifndef GRADER_ASSIGNMENT_H
#define GRADER_ASSIGNMENT_H

#include <stddef.h>
#include <stdio.h>

#include "compare/compare.h"

/* The report's picture of the boards at a transcript's first difference:
** writes an HTML block to `out` with the expected and the actual board
** (either text may be NULL: that side printed none), as the program
** printed them, and the move being processed ("move 3: `11 3 12 4`, input
** line 2", or NULL).  Must cope with any text: the actual side comes from
** a student's program. */
typedef void assignment_board_fn(FILE *out, const char *expected, const char *actual,
                                 const char *move);

/* The report's pictures of what a test's output holds besides text (the
** bot challenge draws each game record in it as a replay): writes HTML
** blocks to `out` for what it finds in `output`, and nothing when it finds
** nothing.  `output` is the output of a test that did not pass, any text
** (a student's code prints into it); the blocks must be self-contained
** and must not let that text run as markup or script in the report. */
typedef void assignment_output_fn(FILE *out, const char *output);

struct assignment_protocol {
    struct compare_moves moves;  /* the prompt before each move ("'s move:
                                 ** "), and the tokens of a move          */
    const char *board_header;    /* how the first line of a printed board
                                 ** starts, or NULL: no boards             */
    int board_lines;             /* lines of a board, header included      */
    assignment_board_fn *board_section; /* NULL: boards shown as text  */
};

struct assignment {
    const char *id;              /* folder name: "chinese-checkers"        */
    const char *title;           /* for people: "Chinese Checkers"         */
    const char *header;          /* the required header, in solution/<id>/ */
    const char *const *header_aliases; /* other names students include it
                                 ** by (NULL-terminated)                    */
    const char *const *required; /* the symbols the unit tests call and
                                 ** the program's main is renamed beside
                                 ** (NULL-terminated)                      */
    const char *const *forwarded; /* the required names the unit
                                 ** tests reach only in the callee process
                                 ** (grader/unit/callee.h): functions, and
                                 ** data the harness keeps a copy of its
                                 ** own for; the build renames each NAME
                                 ** to student_NAME in the submission's
                                 ** unit object, and unit/forward.c
                                 ** defines NAME
                                 ** (NULL-terminated; NULL: none, every
                                 ** required function runs in the test's
                                 ** own process)                         */
    const char *const *given;    /* files of solution/<id>/ students get
                                 ** to keep as they are (a board library,
                                 ** a main): added from the kit when a
                                 ** submission lacks one (NULL-terminated;
                                 ** NULL: none; at most 32)               */
    const char *program;         /* the program's name: build/<program>    */
    const char *echo_option;     /* the reference's option that prints
                                 ** each move after its prompt, or NULL    */
    const struct assignment_protocol *protocol; /* may be NULL            */
    assignment_output_fn *output_section; /* NULL: outputs shown as text */
};

/* Every assignment the grader knows, NULL-terminated
** (grader/assignments/registry.c). */
extern const struct assignment *const assignment_registry[];

/* The assignment with this id, or NULL. */
const struct assignment *assignment_find(const char *id);

/* How many of the registry's assignments the kit at `kit` holds (those
** with a sample_io/<id>/ folder); the first of them in *only. */
int assignment_count_in_kit(const char *kit, const struct assignment **only);

/* Which assignment a command means: `id` when given; else the only one in
** the kit; else the default named in KIT/grader/kit.conf ("assignment
** ID"); else the assignment whose id is the last folder name of `dir`
** (a submission folder such as solution/halma), when `dir` is not NULL.
** NULL, with a message on stderr naming the choices, when none of these
** decides or `id` is unknown. */
const struct assignment *assignment_choose(const char *kit, const char *id, const char *dir);

/* Writes KIT/<first><id><rest> into buf -- e.g. ("sample_io/", "/public")
** for KIT/sample_io/<id>/public.  Returns 0, or -1 when it does not fit. */
int assignment_path(char *buf, size_t size, const char *kit, const struct assignment *a,
                    const char *first, const char *rest);

/* The ids of the registry as "a, b, c", for messages (static storage). */
const char *assignment_list(void);

#endif /* GRADER_ASSIGNMENT_H */

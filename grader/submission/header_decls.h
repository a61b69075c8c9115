/*
** header_decls.h -- the declarations a C header makes, read from its text.
**
** For comparing a student's copy of a required header with the official
** one (header_check.h).  The text is untrusted -- any bytes, any length
** the caller chose to read -- so reading it is linear, never recursive,
** and fails only when memory runs out.  It is not a C parser: it reads
** what headers of an assignment hold,
**
**   constants       #define NAME VALUE, and the members of an enum
**   macros          #define NAME(ARGS) ...          (the name only)
**   functions       TYPE NAME(PARAMS);  or an inline definition
**   variables       [extern] TYPE NAME[DIM]...;
**   types           typedef ...;  struct/union/enum TAG { ... };
**
** and passes over anything else.  Comments, line continuations and string
** literals are understood; every conditional section is read, as if each
** #if held.  The name of a #define with no value that an #ifndef of the
** same file tests is an include guard, and is not a declaration.
**
** Each declaration gets a canonical form, so that two headers which say
** the same thing in different spellings compare equal:
**   constant   its value, spaces dropped, outer parentheses removed, an
**              integer literal written in decimal ("0x07" -> "7")
**   function   "RET NAME(T1, T2)": parameter names dropped, "extern"
**              dropped, "(void)" written "()"
**   variable   "extern int the_board[17][25]": array sizes that are
**              constants of the same header replaced by their values
**   macro, type  the name alone
*/
#ifndef GRADER_HEADER_DECLS_H
#define GRADER_HEADER_DECLS_H

#include <stddef.h>

/* Declarations past this many are not read (nor #ifndef names): no
** header of an assignment comes near it, and the checks stay cheap. */
#define HEADER_DECLS_MAX 2000

enum decl_kind { DECL_CONSTANT, DECL_MACRO, DECL_FUNCTION, DECL_VARIABLE, DECL_TYPE };

struct decl {
    enum decl_kind kind;
    char *name;
    char *form;            /* the canonical form above, malloc'd */
};

struct decls {
    struct decl *v;        /* in the order of the text; a name declared
                           ** twice keeps its first declaration */
    size_t n;
};

/* Reads the declarations of `text` (`len` bytes, NULs allowed) into
** *out.  Returns 0, or -1 when memory ran out (*out is then empty). */
int header_decls_read(const char *text, size_t len, struct decls *out);

/* The declaration named `name`, or NULL. */
const struct decl *header_decls_find(const struct decls *d, const char *name);

/* Frees what header_decls_read allocated; accepts a zeroed struct. */
void header_decls_free(struct decls *d);

#endif /* GRADER_HEADER_DECLS_H */

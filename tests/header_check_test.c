/*
** header_check_test.c -- Criterion tests of grader/submission/header_decls.c and
** grader/submission/header_check.c: what a header declares, and whether a student's
** copy of the official header may be used (header_check.h).
*/
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "submission/header_check.h"
#include "submission/header_decls.h"

/* A small official header in the shape of the assignment's. */
static const char OFFICIAL[] =
    "/* the official header */\n"
    "#ifndef CC_H\n"
    "#define CC_H\n"
    "#define ROWS 17\n"
    "#define COLS 25\n"
    "#define EM 7 /* empty */\n"
    "#define VALID_MOVE 1\n"
    "extern int the_board[ROWS][COLS];\n"
    "void print_board(void);\n"
    "int check_move(int color, int x_from, int y_from, int x_to, int y_to);\n"
    "#endif\n";

/* Runs header_check on `student` against OFFICIAL; returns the verdict
** and leaves the message in *msg (to free). */
static int check(const char *student, int named, char **msg)
{
    return header_check(OFFICIAL, strlen(OFFICIAL), student, strlen(student), named, msg);
}

static const struct decl *find(const struct decls *d, const char *name)
{
    const struct decl *x = header_decls_find(d, name);
    cr_assert_not_null(x, "%s not read", name);
    return x;
}

Test(header_decls, reads_constants_functions_variables_in_order)
{
    struct decls d;
    cr_assert_eq(header_decls_read(OFFICIAL, strlen(OFFICIAL), &d), 0);
    cr_assert_eq(d.n, 7, "read %zu declarations", d.n);  /* the guard CC_H is not one */
    cr_expect_str_eq(d.v[0].name, "ROWS");
    cr_expect_str_eq(d.v[4].name, "the_board");
    cr_expect_str_eq(find(&d, "EM")->form, "7");
    cr_expect_str_eq(find(&d, "the_board")->form, "extern int the_board[17][25]");
    cr_expect_str_eq(find(&d, "print_board")->form, "void print_board()");
    cr_expect_str_eq(find(&d, "check_move")->form, "int check_move(int, int, int, int, int)");
    cr_expect_eq(find(&d, "check_move")->kind, DECL_FUNCTION);
    header_decls_free(&d);
}

Test(header_decls, spellings_that_say_the_same_thing_have_one_form)
{
    const char *text =
        "#define A (0x07)\n"
        "#define B 7u\n"
        "#define C \\\n   -(3)\n"
        "#define MAX(a, b) ((a) > (b) ? (a) : (b))\n"
        "extern char *name_of(const char *s, int v[ROWS]);\n"
        "int   count ( struct pos  p ) ;\n"
        "int quals(const int a, char *const b, const char *c, register int d);\n"
        "static inline int twice(int x) { return 2 * x; }\n"
        "typedef struct { int x, y; } point;\n"
        "enum colour { RED = 1, GREEN, BLUE = 9 };\n"
        "// int hidden(void);\n"
        "const char *s = \"; int fake(void);\";\n";
    struct decls d;
    cr_assert_eq(header_decls_read(text, strlen(text), &d), 0);
    cr_expect_str_eq(find(&d, "A")->form, "7");
    cr_expect_str_eq(find(&d, "B")->form, "7");
    cr_expect_str_eq(find(&d, "C")->form, "-(3)");
    cr_expect_eq(find(&d, "MAX")->kind, DECL_MACRO);
    cr_expect_str_eq(find(&d, "name_of")->form, "char* name_of(const char*, int[ROWS])");
    cr_expect_str_eq(find(&d, "count")->form, "int count(struct pos)");
    cr_expect_str_eq(find(&d, "quals")->form, "int quals(int, char*, const char*, int)");
    cr_expect_str_eq(find(&d, "twice")->form, "static inline int twice(int)");
    cr_expect_eq(find(&d, "point")->kind, DECL_TYPE);
    cr_expect_eq(find(&d, "colour")->kind, DECL_TYPE);
    cr_expect_str_eq(find(&d, "GREEN")->form, "2");
    cr_expect_str_eq(find(&d, "BLUE")->form, "9");
    cr_expect_eq(find(&d, "s")->kind, DECL_VARIABLE);
    cr_expect_null(header_decls_find(&d, "hidden"));
    cr_expect_null(header_decls_find(&d, "fake"));
    header_decls_free(&d);
}

Test(header_decls, junk_and_binary_text_are_read_without_harm)
{
    char junk[4096];
    unsigned seed = 12345;
    for (size_t i = 0; i < sizeof junk; i++) {
        seed = seed * 1103515245u + 12345u;
        junk[i] = "{}()[];,#/*\"'\\\n abc=0"[(seed >> 16) % 22];
    }
    struct decls d;
    cr_assert_eq(header_decls_read(junk, sizeof junk, &d), 0);
    header_decls_free(&d);
    const char *open = "int f(int x { /* never closed \" also never";
    cr_assert_eq(header_decls_read(open, strlen(open), &d), 0);
    header_decls_free(&d);
    cr_assert_eq(header_decls_read("a\0b;", 4, &d), 0);
    header_decls_free(&d);
}

Test(header_decls, a_huge_header_stops_at_the_cap)
{
    size_t n = 3 * HEADER_DECLS_MAX;
    char *text = malloc(n * 32 + 1), *p = text;
    for (size_t i = 0; i < n; i++)
        p += sprintf(p, "#define K%zu %zu\n", i, i);
    struct decls d;
    cr_assert_eq(header_decls_read(text, (size_t)(p - text), &d), 0);
    cr_expect_eq(d.n, HEADER_DECLS_MAX);
    header_decls_free(&d);
    free(text);
}

Test(header_check, an_extended_copy_is_kept_and_its_additions_named)
{
    const char *mine =
        "#ifndef MY_GUARD\n#define MY_GUARD\n#include <stdio.h>\n"
        "#define ROWS 17\n#define COLS 25\n#define EM 7\n#define VALID_MOVE 1\n"
        "#define NO_DATA_GIVEN -3\n"
        "extern int the_board[17][COLS];\n"
        "void print_board();\n"
        "int check_move(int c, int xf, int yf, int xt, int yt);\n"
        "void print_error(const char *what);\n"
        "int read_file(FILE *in);\n#endif\n";
    char *msg;
    cr_assert_eq(check(mine, 1, &msg), HEADER_COMPATIBLE);
    cr_expect_str_eq(msg, "adds NO_DATA_GIVEN, print_error, read_file");
    free(msg);
}

Test(header_check, an_unchanged_copy_is_kept)
{
    char *msg;
    cr_assert_eq(check(OFFICIAL, 1, &msg), HEADER_COMPATIBLE);
    cr_expect_str_eq(msg, "declares what the official header does");
    free(msg);
}

Test(header_check, each_difference_is_named)
{
    const char *mine =
        "#define ROWS 17\n#define COLS 25\n#define EM 9\n"
        "int the_board[ROWS][COLS];\n"
        "void print_board(void);\n"
        "int check_move(int color, int x, int y);\n";
    char *msg;
    cr_assert_eq(check(mine, 1, &msg), HEADER_INCOMPATIBLE);
    cr_expect_str_eq(msg, "EM is 9 in your header, 7 in the official one; "
                          "VALID_MOVE is missing from your header; "
                          "the_board is 'int the_board[17][25]' in your header, "
                          "'extern int the_board[17][25]' in the official one; "
                          "check_move is 'int check_move(int, int, int)' in your header, "
                          "'int check_move(int, int, int, int, int)' in the official one");
    free(msg);
}

Test(header_check, a_constant_turned_into_a_variable_is_a_difference)
{
    const char *mine = "#define ROWS 17\n#define COLS 25\nconst int EM = 7;\n#define VALID_MOVE 1\n"
                       "extern int the_board[ROWS][COLS];\nvoid print_board(void);\n"
                       "int check_move(int, int, int, int, int);\n";
    char *msg;
    cr_assert_eq(check(mine, 1, &msg), HEADER_INCOMPATIBLE);
    cr_expect_str_eq(msg, "EM is a variable in your header, a constant in the official one");
    free(msg);
}

Test(header_check, another_name_is_a_copy_only_if_it_declares_an_official_object)
{
    char *msg = (char *)"unset";
    cr_expect_eq(check("#define EM 7\nint helper(int);\n", 0, &msg), HEADER_UNRELATED);
    cr_expect_null(msg);
    /* A split header declaring only part of the official names is checked
    ** on that part alone. */
    cr_assert_eq(check("#include \"cc.h\"\nvoid print_board(void);\nint helper(int);\n", 0, &msg),
                 HEADER_COMPATIBLE);
    cr_expect_str_eq(msg, "adds helper");
    free(msg);
    cr_assert_eq(check("#define EM 0\nvoid print_board(int);\n", 0, &msg), HEADER_INCOMPATIBLE);
    cr_expect_str_eq(msg, "EM is 0 in your header, 7 in the official one; print_board is "
                          "'void print_board(int)' in your header, 'void print_board()' in the "
                          "official one");
    free(msg);
}

Test(header_check, the_kits_own_header_is_compatible_with_itself)
{
    FILE *f = fopen("solution/chinese-checkers/chinese-checkers.h", "r");
    cr_assert_not_null(f, "run from the repository root");
    static char text[1 << 16];
    size_t n = fread(text, 1, sizeof text, f);
    fclose(f);
    char *msg;
    cr_assert_eq(header_check(text, n, text, n, 1, &msg), HEADER_COMPATIBLE);
    cr_expect_str_eq(msg, "declares what the official header does");
    free(msg);
    struct decls d;
    cr_assert_eq(header_decls_read(text, n, &d), 0);
    cr_expect_str_eq(find(&d, "the_board")->form, "extern int the_board[17][25]");
    cr_expect_str_eq(find(&d, "is_jumper")->form, "int is_jumper(int, int, int, int)");
    cr_expect_eq(d.n, 16, "declarations: %zu", d.n);
    header_decls_free(&d);
}

/*
** json_strict_test.c -- Criterion tests of json_strict_parse()
** (grader/report/json_strict.h): JSON text that every reader reads alike
** is parsed; text that cJSON reads one way and a browser, Python or jq
** another (or refuse) is refused, naming the problem and its byte.
** Each offset below was counted by hand on the literal beside it.
*/
#include <criterion/criterion.h>
#include <string.h>

#include "report/json_strict.h"

/* A string literal and its length (NUL bytes inside included). */
#define LIT(s) s, sizeof s - 1

static char why[160];

/* Parses text[0, len) and deletes the tree: whether it was accepted. */
static int accepts(const char *text, size_t len)
{
    why[0] = '\0';
    cJSON *tree = json_strict_parse(text, len, why, sizeof why);
    cJSON_Delete(tree);
    return tree != NULL;
}

Test(json_strict, reads_what_every_reader_reads_alike)
{
    cr_assert(accepts(LIT("{\"a\": [1, 0, 0.5, -2.5e-3, 1.5E-9], \"b\": \"caf\xC3\xA9\"}")), "%s", why);
    cr_assert(accepts(LIT(" \t\r\n{\"a\": null}\n\n")), "%s", why);
    /* an escaped backslash, then "u0000": text, not U+0000 */
    cr_assert(accepts(LIT("{\"a\": \"\\\\u0000\"}")), "%s", why);
    /* escapes of other characters, a quote among them */
    cr_assert(accepts(LIT("{\"a\": \"\\\"\\u0001\\n\"}")), "%s", why);
    cr_assert(accepts(LIT("[true, false, \"x\"]")), "%s", why);
}

Test(json_strict, the_tree_is_cjsons)
{
    cJSON *tree = json_strict_parse(LIT("{\"n\": 3}"), why, sizeof why);
    cr_assert_not_null(tree);
    cr_assert_eq(cJSON_GetObjectItemCaseSensitive(tree, "n")->valueint, 3);
    cJSON_Delete(tree);
}

Test(json_strict, refuses_text_after_the_value)
{
    cr_assert_not(accepts(LIT("{\"a\": 1}\n{\"a\": 2}")));
    cr_assert_str_eq(why, "more than one JSON value: text follows the first (byte 9)");
    cr_assert_not(accepts(LIT("{\"a\": 1} x")));
    cr_assert_str_eq(why, "more than one JSON value: text follows the first (byte 9)");
}

Test(json_strict, refuses_nul_bytes_and_nul_escapes)
{
    cr_assert_not(accepts(LIT("{\"a\": 1}\0{}")));
    cr_assert_str_eq(why, "it holds a NUL byte (byte 8)");
    cr_assert_not(accepts(LIT("{\"a\": \"x\\u0000y\"}")));
    cr_assert_str_eq(why, "a string holds U+0000 (\\u0000) (byte 8)");
}

Test(json_strict, refuses_what_is_not_utf8)
{
    cr_assert_not(accepts(LIT("{\"a\": \"caf\xE9\"}")));
    cr_assert_str_eq(why, "it is not UTF-8 (byte 10)");
    /* an overlong '/' and a surrogate */
    cr_assert_not(accepts(LIT("{\"a\": \"\xC0\xAF\"}")));
    cr_assert_str_eq(why, "it is not UTF-8 (byte 7)");
    cr_assert_not(accepts(LIT("[\"\xED\xA0\x80\"]")));
    cr_assert_str_eq(why, "it is not UTF-8 (byte 2)");
}

Test(json_strict, refuses_control_characters_json_does_not_allow)
{
    cr_assert_not(accepts(LIT("{\"a\": \"x\ty\"}")));
    cr_assert_str_eq(why, "a control character that JSON does not allow there (byte 8)");
    cr_assert_not(accepts(LIT("{\"a\":\v1}")));
    cr_assert_str_eq(why, "a control character that JSON does not allow there (byte 5)");
}

Test(json_strict, refuses_numbers_json_does_not_spell)
{
    /* each of these cJSON takes (strtod reads it), every other reader refuses */
    static const char *const bad[] = {"[01]", "[1.]", "[00]", "[-01]", "[1.e5]", "[-.5]"};

    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        cr_assert_not(accepts(bad[i], strlen(bad[i])), "accepted %s", bad[i]);
        cr_assert_str_eq(why, "a number JSON does not allow (a leading zero, a '.' without a digit on each side) (byte 1)",
                         "%s", bad[i]);
    }
}

Test(json_strict, refuses_empty_and_junk)
{
    cr_assert_not(accepts(NULL, 0));
    cr_assert_str_eq(why, "it is empty");
    cr_assert_not(accepts(LIT("{\"a\": ")));
    cr_assert_str_eq(why, "it is not JSON");
}

Test(json_strict, refuses_numbers_other_readers_read_otherwise)
{
    cr_assert_not(accepts(LIT("{\"p\": 3.0}")));
    cr_assert_str_eq(why, "a whole number written with a fraction or an exponent (Python reads a float) (byte 6)");
    cr_assert_not(accepts(LIT("[1e2]")));
    cr_assert_str_eq(why, "a whole number written with a fraction or an exponent (Python reads a float) (byte 1)");
    cr_assert_not(accepts(LIT("[9007199254740993]")));
    cr_assert_str_eq(why, "an integer past 2^53 (readers round it differently) (byte 1)");
    cr_assert_not(accepts(LIT("[-0]")));
    cr_assert_str_eq(why, "-0 (a browser keeps its sign) (byte 1)");
    /* fractions, small and large exponents, the largest exact integer */
    cr_assert(accepts(LIT("[0.5, 1e-05, 2.5e-3, 9007199254740991, -7, 0]")), "%s", why);
}

Test(json_strict, refuses_a_byte_order_mark)
{
    cr_assert_not(accepts(LIT("\xEF\xBB\xBF{}")));
    cr_assert_str_eq(why, "it starts with a byte-order mark, which Python's and a browser's readers refuse");
}

/*
** hidden/bitset.c -- graded unit tests of bitset_include, bitset_exclude
** and bitset_contains: square s is bit s % 32 of word s / 32, for every
** square of every word (bit 31 included, which a signed int cannot shift
** into); no other bit ever changes; numbers that name no square change
** nothing and are never in a set.
**
** The sets a test starts from are written by support.c, so that
** bitset_contains is tested on sets bitset_include did not make, and the
** other way round.  Each test checks both answers: a square in the set and
** one that is not, or a set that changes and one that must not.
*/
#include <limits.h>
#include <stdio.h>

#include "graded_test.h"
#include "support.h"

/* Squares that are no square, among them the first past each end, the
** start of the word past the end and the extremes of int. */
static const int off_board[] = {-1, -2, -31, -32, -33, -256, 256, 257, 287, 288, 511, 512,
                                INT_MIN, INT_MIN + 31, INT_MAX, INT_MAX - 31};

GRADED_TEST(bitset, every_square_is_its_own_bit)
{
    for (int s = 0; s < SQUARES; s++) {
        h_bitset set, expected;
        char what[96];

        set_clear(set);
        set_clear(expected);
        set_put(expected, s);
        bitset_include(set, s);
        snprintf(what, sizeof what, "bitset_include(set, %d) on an empty set: bit %d of word %d",
                 s, s % 32, s / 32);
        assert_set_equals(set, expected, what);
        snprintf(what, sizeof what, "the set {%d}", s);
        assert_contains(set, s, 1, what);
        if (s > 0)
            assert_contains(set, s - 1, 0, what);
        if (s + 1 < SQUARES)
            assert_contains(set, s + 1, 0, what);
    }
}

GRADED_TEST(bitset, bit_31_of_every_word)
{
    for (int w = 0; w < BITSET_WORDS; w++) {
        int s = 32 * w + 31;
        h_bitset set, expected;
        char what[96];

        set_clear(set);
        set_clear(expected);
        expected[w] = 0x80000000u;
        bitset_include(set, s);
        snprintf(what, sizeof what, "bitset_include(set, %d) on an empty set: bit 31 of word %d",
                 s, w);
        assert_set_equals(set, expected, what);
        snprintf(what, sizeof what, "the set {%d}, bit 31 of word %d", s, w);
        assert_contains(set, s, 1, what);
        assert_contains(set, s - 1, 0, what);
        bitset_exclude(set, s);
        set_clear(expected);
        snprintf(what, sizeof what, "bitset_exclude(set, %d) on the set {%d}", s, s);
        assert_set_equals(set, expected, what);
        assert_contains(set, s, 0, what);
    }
}

GRADED_TEST(bitset, exclude_every_square_from_a_full_set)
{
    for (int s = 0; s < SQUARES; s++) {
        h_bitset set, expected;
        char what[96];

        set_fill(set);
        set_fill(expected);
        set_take(expected, s);
        bitset_exclude(set, s);
        snprintf(what, sizeof what, "bitset_exclude(set, %d) on the set of every square", s);
        assert_set_equals(set, expected, what);
        snprintf(what, sizeof what, "every square but %d", s);
        assert_contains(set, s, 0, what);
        assert_contains(set, s == 0 ? 1 : s - 1, 1, what);
    }
}

GRADED_TEST(bitset, contains_reads_only_its_own_bit)
{
    for (int s = 0; s < SQUARES; s++) {
        h_bitset set;
        char what[64];

        set_clear(set);
        set_put(set, s);
        snprintf(what, sizeof what, "the set {%d}", s);
        assert_contains(set, s, 1, what);
        set_fill(set);
        set_take(set, s);
        snprintf(what, sizeof what, "every square but %d", s);
        assert_contains(set, s, 0, what);
    }
}

GRADED_TEST(bitset, include_and_exclude_twice)
{
    static const int squares[] = {0, 31, 32, 100, 255};

    for (size_t i = 0; i < COUNT(squares); i++) {
        int s = squares[i];
        h_bitset set, expected;
        char what[96];

        set_clear(set);
        set_clear(expected);
        set_put(expected, s);
        bitset_include(set, s);
        bitset_include(set, s);
        snprintf(what, sizeof what, "bitset_include(set, %d) twice on an empty set", s);
        assert_set_equals(set, expected, what);
        bitset_exclude(set, s);
        bitset_exclude(set, s);
        set_clear(expected);
        snprintf(what, sizeof what, "then bitset_exclude(set, %d) twice", s);
        assert_set_equals(set, expected, what);
        assert_contains(set, s, 0, what);
    }
}

GRADED_TEST(bitset, squares_off_the_board_change_nothing)
{
    h_bitset set, expected;
    char what[96];

    set_clear(set);
    bitset_include(set, 0);
    bitset_include(set, 255);
    set_clear(expected);
    set_put(expected, 0);
    set_put(expected, 255);
    assert_set_equals(set, expected, "anchor: bitset_include of 0 and 255 on an empty set");
    for (size_t i = 0; i < COUNT(off_board); i++) {
        set_clear(set);
        set_clear(expected);
        bitset_include(set, off_board[i]);
        snprintf(what, sizeof what, "bitset_include(set, %d) on an empty set should change nothing",
                 off_board[i]);
        assert_set_equals(set, expected, what);
        set_fill(set);
        set_fill(expected);
        bitset_exclude(set, off_board[i]);
        snprintf(what, sizeof what, "bitset_exclude(set, %d) on a full set should change nothing",
                 off_board[i]);
        assert_set_equals(set, expected, what);
    }
}

GRADED_TEST(bitset, squares_off_the_board_are_never_in_a_set)
{
    h_bitset set;

    set_fill(set);
    assert_contains(set, 0, 1, "anchor: the set of every square");
    assert_contains(set, 255, 1, "anchor: the set of every square");
    for (size_t i = 0; i < COUNT(off_board); i++)
        assert_contains(set, off_board[i], 0, "the set of every square; not a square");
}

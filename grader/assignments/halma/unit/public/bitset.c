/*
** public/bitset.c -- public unit tests of bitset_include, bitset_exclude
** and bitset_contains: the header's example (square 37 is bit 5 of word 1)
** and removing one square of three.
*/
#include "graded_test.h"
#include "support.h"

GRADED_TEST(bitset, include_37_sets_bit_5_of_word_1)
{
    h_bitset set, expected;

    set_clear(set);
    set_clear(expected);
    expected[1] = 1u << 5;
    bitset_include(set, 37);
    assert_set_equals(set, expected, "bitset_include(set, 37) on an empty set");
    assert_contains(set, 37, 1, "the set {37}");
    assert_contains(set, 36, 0, "the set {37}; 36 is the bit below");
    assert_contains(set, 38, 0, "the set {37}; 38 is the bit above");
    assert_contains(set, 5, 0, "the set {37}; 5 is bit 5 of word 0");
    assert_contains(set, 69, 0, "the set {37}; 69 is bit 5 of word 2");
}

GRADED_TEST(bitset, exclude_removes_only_its_square)
{
    h_bitset set, expected;

    set_clear(set);
    set_put(set, 36);
    set_put(set, 37);
    set_put(set, 38);
    set_clear(expected);
    set_put(expected, 36);
    set_put(expected, 38);
    bitset_exclude(set, 37);
    assert_set_equals(set, expected, "bitset_exclude(set, 37) on the set {36, 37, 38}");
    assert_contains(set, 37, 0, "the set {36, 38}");
    assert_contains(set, 36, 1, "the set {36, 38}");
}

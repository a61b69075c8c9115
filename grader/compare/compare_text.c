/*
** compare_text.c -- the byte classes every part of the comparison shares
** (compare.h).  A file of its own so that the move reader and the diff,
** which both need them, depend on it and not on each other.
*/
#include "compare.h"

/* The games' whitespace: isspace() in the C locale, spelled out so that
** the locale the grader runs in cannot change the verdict. */
int compare_is_space(int byte)
{
    return byte == ' ' || byte == '\t' || byte == '\n' || byte == '\v'
        || byte == '\f' || byte == '\r';
}

/*
** protocol.c -- the reply grammar of protocol.h, read strictly: a bot is
** held to exactly what the kit's driver writes, so that a record's moves
** and a bot's replies have one spelling (sscanf's "%ld" took "+2", "-0",
** "002", tabs, "\r", "\v", "\f" and blanks around the numbers).
*/
#include "protocol.h"

#include <limits.h>
#include <stddef.h>

/* One integer of the grammar at *s, into *v; the pointer past it, or NULL. */
static const char *integer(const char *s, long *v)
{
    int negative = *s == '-';
    unsigned long n = 0, limit = negative ? (unsigned long)LONG_MAX + 1 : (unsigned long)LONG_MAX;

    s += negative;
    if (*s < '0' || *s > '9' || (*s == '0' && (negative || (s[1] >= '0' && s[1] <= '9'))))
        return NULL;                            /* no digit, "-0", a leading zero */
    for (; *s >= '0' && *s <= '9'; s++) {
        unsigned long d = (unsigned long)(*s - '0');
        if (n > (limit - d) / 10)
            return NULL;                        /* past a long */
        n = n * 10 + d;
    }
    *v = negative ? (n == (unsigned long)LONG_MAX + 1 ? LONG_MIN : -(long)n) : (long)n;
    return s;
}

int protocol_move_reply(const char *line, long move[4])
{
    for (int i = 0; i < 4; i++) {
        if (i > 0 && *line++ != ' ')
            return -1;
        if (!(line = integer(line, &move[i])))
            return -1;
    }
    return *line == '\0' ? 0 : -1;
}

/*
** self.h -- for test bots that look around them: whether a pid is the bot
** itself or one of its ancestors (the sandbox's own processes, which a
** bot may see), so that only what else it finds counts as a finding.
*/
#ifndef TEST_BOTS_SELF_H
#define TEST_BOTS_SELF_H

/* 1 when pid is this process or an ancestor of it (through
** /proc/PID/stat); 0 otherwise, also when /proc cannot be read. */
int self_or_ancestor(long pid);

/* A token unlikely to be another process's, even one with the same pid
** in another pid namespace: the clock's nanoseconds, the pid, an address. */
void self_token(char *buf, unsigned long size);

/* When `found` (a bot's findings, bits) is not 0: says so on stderr as
** "WHO: found N", calls clean_up (NULL: none) and exits with status
** 100 + found, so that the referee's record shows what the bot learned.
** Returns when found is 0. */
void self_report(const char *who, int found, void (*clean_up)(void));

#endif /* TEST_BOTS_SELF_H */

/*
** calls.h -- the "required functions" of the callee's self-test
** (tests/unit.test.sh): a tiny assignment whose functions each show one
** thing the callee must do with code under test.
*/
#ifndef CALLS_H
#define CALLS_H

int add(int a, int b);          /* returns a + b                           */
void say(const char *text);     /* prints text and a newline on stdout     */
int spin(void);                 /* computes forever                        */
int nap(void);                  /* sleeps forever                          */
int doze(void);                 /* sleeps forever, under a 0.05-s limit    */
int crash(void);                /* dereferences a null pointer             */
int quit(void);                 /* calls exit(0)                           */
int forge(void);                /* reads its process for the nonce, writes
                                ** PASS lines for every test, returns 0    */
int linger(void);               /* starts a thread that never ends,
                                ** returns 1                               */
int reach(void);                /* tries ways out of its process (clear
                                ** its parent-death signal, signal or open
                                ** its parent, a user namespace, io_uring,
                                ** F_SETOWN): a bit for each that worked   */

#endif /* CALLS_H */

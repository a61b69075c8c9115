/*
** racy.c -- a submission for tests/tsan.test.sh: two threads add to one
** counter with no lock.  ThreadSanitizer reports the data race whatever
** the threads' timing (nothing orders one thread's accesses before the
** other's), so the grader's memory/tsan/ runs must fail it.  Without
** TSan it prints what race_free.c prints.
*/
#include <pthread.h>
#include <stdio.h>

static long counter;

static void *add(void *arg)
{
    (void)arg;
    for (int i = 0; i < 10000; i++)
        counter++;
    return NULL;
}

int main(void)
{
    pthread_t a, b;
    if (pthread_create(&a, NULL, add, NULL) != 0 || pthread_create(&b, NULL, add, NULL) != 0)
        return 1;
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    printf("counted\n");
    return 0;
}

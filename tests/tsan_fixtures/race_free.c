/*
** race_free.c -- a submission for tests/tsan.test.sh: two threads count
** into slots of their own, one under a mutex it shares with the other,
** and main adds the slots up only after joining both, so
** ThreadSanitizer has nothing to report and the grader's memory/tsan/
** runs must pass it.  It prints what racy.c prints.
*/
#include <pthread.h>
#include <stdio.h>

struct slot {
    long count;
    pthread_mutex_t *lock;
};

static void *count_up(void *arg)
{
    struct slot *s = arg;
    for (int i = 0; i < 10000; i++) {
        pthread_mutex_lock(s->lock);
        s->count++;
        pthread_mutex_unlock(s->lock);
    }
    return NULL;
}

int main(void)
{
    static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
    struct slot slots[2] = {{0, &lock}, {0, &lock}};
    pthread_t threads[2];
    for (int i = 0; i < 2; i++)
        if (pthread_create(&threads[i], NULL, count_up, &slots[i]) != 0)
            return 1;
    for (int i = 0; i < 2; i++)
        pthread_join(threads[i], NULL);
    puts(slots[0].count + slots[1].count == 20000 ? "counted" : "miscounted");
    return 0;
}

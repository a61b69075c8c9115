/*
** limits.c -- sandbox tests of the limits: CPU and wall-clock time,
** processes (a fork bomb too), memory, output and file size, each ending
** in its verdict with nothing left running.  Included by
** tests/sandbox_test.c (the set-up is in harness.h).
*/
#include "harness.h"

/* ---- limits ----------------------------------------------------------- */

BOTH(cpu_timeout)
{
    struct sandbox_limits lim = limits();
    struct sandbox_result r;

    lim.cpu_seconds = 1;
    run(&r, lim, NULL, "limits", "spin", NULL);
    cr_assert_eq(r.verdict, SANDBOX_TIMEOUT, "%s", sandbox_verdict_name(r.verdict));
    cr_assert(r.wall_seconds < 8, "took %.2f s", r.wall_seconds);
    assert_no_survivors();
    sandbox_result_free(&r);
}

BOTH(wall_timeout_while_sleeping)
{
    struct sandbox_limits lim = limits();
    struct sandbox_result r;

    lim.wall_seconds = 0.5;
    run(&r, lim, NULL, "limits", "sleep", NULL);
    cr_assert_eq(r.verdict, SANDBOX_TIMEOUT);
    cr_assert(r.wall_seconds >= 0.4 && r.wall_seconds < 4, "%.2f s",
              r.wall_seconds);
    cr_assert_eq(r.signal, 0, "our kill is not the job's signal");
    assert_no_survivors();
    sandbox_result_free(&r);
}

BOTH(wall_timeout_while_trickling_output)
{
    struct sandbox_limits lim = limits();
    struct sandbox_result r;

    lim.wall_seconds = 0.5;
    run(&r, lim, NULL, "limits", "trickle", NULL);
    cr_assert_eq(r.verdict, SANDBOX_TIMEOUT);
    cr_assert(r.wall_seconds < 4 && r.out_len > 0, "%.2f s", r.wall_seconds);
    sandbox_result_free(&r);
}

BOTH(process_limit)
{
    struct sandbox_limits lim = limits();
    struct sandbox_result r;
    int forks = -1;

    lim.max_processes = 8;
    run(&r, lim, NULL, "limits", "forks", "50", NULL);
    cr_assert_eq(r.verdict, SANDBOX_OK);
    cr_assert(sscanf(r.out, "forks=%d", &forks) == 1, "%s", r.out);
    /* Without root the uid is shared with the user's other processes,
    ** some maybe invisible to us: the limit is then only approximate. */
    if (geteuid() == 0)   /* exact: the slot uid runs nothing else */
        cr_assert_eq(forks, 7, "%d forks under a limit of 8 processes", forks);
    assert_no_survivors();
    sandbox_result_free(&r);
}

BOTH(fork_bomb_is_contained_and_killed)
{
    struct sandbox_limits lim = limits();
    struct sandbox_result r;

    lim.max_processes = 16;
    lim.wall_seconds = 1;
    run(&r, lim, NULL, "limits", "bomb", NULL);
    cr_assert_eq(r.verdict, SANDBOX_TIMEOUT);
    assert_no_survivors();
    sandbox_result_free(&r);
}

BOTH(memory_limit)
{
    static const char *const modes[] = { "crash", "report" };
    struct sandbox_limits lim = limits();
    struct sandbox_result r;

    lim.memory_bytes = 64 * MiB;
    for (int i = 0; i < 2; i++) {
        run(&r, lim, NULL, "limits", "hog", modes[i], NULL);
        cr_assert_eq(r.verdict, SANDBOX_MEMORY, "%s: %s", modes[i],
                     sandbox_verdict_name(r.verdict));
        sandbox_result_free(&r);
    }
}

/* No address-space cap, but a cap the program keeps itself (ASan's
** hard_rss_limit_mb): a failure with half of it resident reads as the
** memory limit, a small failure as the exit it is. */
BOTH(self_kept_memory_cap)
{
    struct sandbox_limits lim = limits();
    struct sandbox_result r;

    lim.rss_bytes = 64 * MiB;
    run(&r, lim, NULL, "limits", "touch", "48", NULL);
    cr_assert_eq(r.verdict, SANDBOX_MEMORY, "48 MiB of 64: %s", sandbox_verdict_name(r.verdict));
    sandbox_result_free(&r);
    run(&r, lim, NULL, "limits", "touch", "1", NULL);
    cr_assert_eq(r.verdict, SANDBOX_EXIT, "1 MiB of 64: %s", sandbox_verdict_name(r.verdict));
    sandbox_result_free(&r);
    lim.rss_bytes = 0;
    run(&r, lim, NULL, "limits", "touch", "48", NULL);
    cr_assert_eq(r.verdict, SANDBOX_EXIT, "no cap: %s", sandbox_verdict_name(r.verdict));
    sandbox_result_free(&r);
}

/* No address-space cap and no cap of the program's own (ThreadSanitizer
** keeps none): the sandbox reads the tree's resident size and kills it
** past resident_bytes -- here a child holding 96 MiB of a 48 MiB cap,
** which would otherwise sleep until the wall limit. */
BOTH(watched_memory_cap)
{
    struct sandbox_limits lim = limits();
    struct sandbox_result r;

    lim.resident_bytes = 48 * MiB;
    lim.wall_seconds = 20;
    run(&r, lim, NULL, "limits", "hold", "96", NULL);
    cr_assert_eq(r.verdict, SANDBOX_MEMORY, "96 MiB held of 48: %s", sandbox_verdict_name(r.verdict));
    assert_no_survivors();
    sandbox_result_free(&r);
    lim.resident_bytes = 64 * MiB;
    lim.wall_seconds = 1;
    run(&r, lim, NULL, "limits", "hold", "8", NULL);
    cr_assert_eq(r.verdict, SANDBOX_TIMEOUT, "8 MiB held of 64: %s", sandbox_verdict_name(r.verdict));
    sandbox_result_free(&r);
}

BOTH(output_floods)
{
    struct sandbox_limits lim = limits();
    struct sandbox_result r;

    lim.output_bytes = 4096;
    run(&r, lim, NULL, "limits", "flood", "1", NULL);
    cr_assert_eq(r.verdict, SANDBOX_OUTPUT);
    cr_assert_eq(r.out_len, 4096);
    cr_assert_eq(strlen(r.out), 4096);
    sandbox_result_free(&r);
    run(&r, lim, NULL, "limits", "flood", "2", NULL);
    cr_assert_eq(r.verdict, SANDBOX_OUTPUT);
    cr_assert_eq(r.err_len, 4096);
    cr_assert_eq(r.out_len, 0);
    sandbox_result_free(&r);
}

BOTH(file_size_limit)
{
    struct sandbox_limits lim = limits();
    struct sandbox_result r;
    struct stat st;
    char path[PATH_MAX];

    lim.file_bytes = MiB;
    run(&r, lim, NULL, "limits", "bigfile", NULL);
    cr_assert_eq(r.verdict, SANDBOX_OUTPUT, "%s", sandbox_verdict_name(r.verdict));
    snprintf(path, sizeof path, "%s/big.bin", scratch);
    cr_assert(stat(path, &st) == 0 && st.st_size <= (off_t)MiB);
    sandbox_result_free(&r);
}

/*
** isolation.c -- sandbox tests of what a job cannot reach: files outside
** its scratch directory (written or read), the kit, libc's debug info,
** read-only paths, the network.  Included by tests/sandbox_test.c (the
** set-up is in harness.h).
*/
#include "harness.h"

/* ---- escapes ---------------------------------------------------------- */

BOTH(writes_outside_scratch_change_nothing)
{
    struct sandbox_result r;
    char in_tmp[128], in_repo[PATH_MAX], cwd[2048];

    need_root_in_fallback();
    cr_assert_not_null(getcwd(cwd, sizeof cwd));
    snprintf(in_tmp, sizeof in_tmp, "/tmp/%s-tmp", marker);
    snprintf(in_repo, sizeof in_repo, "%s/" PROGS_BIN "/%s", cwd, marker);
    run(&r, limits(), NULL, "basic", "write", in_repo, NULL);
    cr_assert_neq(r.verdict, SANDBOX_OK, "%s", r.out);
    cr_assert(!exists(in_repo), "the job wrote into the repository");
    sandbox_result_free(&r);
    if (mode == RLIMITS)
        return;   /* the fallback shares /tmp: that is documented */
    run(&r, limits(), NULL, "basic", "write", in_tmp, NULL);
    cr_assert_eq(r.verdict, SANDBOX_OK, "a private /tmp is writable");
    cr_assert(!exists(in_tmp), "the job's /tmp is the real one");
    sandbox_result_free(&r);
}

BOTH(kit_files_are_invisible)
{
    struct sandbox_result r;
    char cwd[2048], dir[] = "/tmp/cc-sbx-secret-XXXXXX", secret[128];
    char sample[PATH_MAX];
    int fd;

    need_bwrap();
    cr_assert_not_null(getcwd(cwd, sizeof cwd));
    cr_assert_not_null(mkdtemp(dir));
    snprintf(secret, sizeof secret, "%s/%s.out", dir, marker);
    snprintf(sample, sizeof sample, "%s/sample_io", cwd);
    fd = open(secret, O_WRONLY | O_CREAT | O_CLOEXEC, 0644);
    cr_assert(fd >= 0 && close(fd) == 0 && chmod(dir, 0755) == 0);
    run(&r, limits(), NULL, "escape", "find", ".out", NULL);
    cr_assert(unlink(secret) == 0 && rmdir(dir) == 0);
    cr_assert_eq(r.verdict, SANDBOX_OK, "%s", r.err);
    cr_assert_null(strstr(r.out, marker), "found %s", r.out);
    cr_assert_null(strstr(r.out, cwd), "the kit is visible: %s", r.out);
    sandbox_result_free(&r);
    run(&r, limits(), NULL, "escape", "stat", sample, NULL);
    cr_assert_eq(r.verdict, SANDBOX_EXIT, "%s is visible", sample);
    sandbox_result_free(&r);
    run(&r, limits(), NULL, "escape", "ls", "/", NULL);
    cr_assert_null(strstr(r.out, "work"), "/ holds %s", r.out);
    cr_assert_null(strstr(r.out, "home"), "/ holds %s", r.out);
    sandbox_result_free(&r);
}

/* libc's detached debug file, when libc6-dbg is installed, cannot be read
** inside (sandbox_debuginfo.c). */
BOTH(libc_debug_info_is_masked)
{
    const char *argv[] = { "/usr/bin/wc", "-c", NULL, NULL };
    struct sandbox_job job = { .argv = argv, .limits = limits() };
    struct sandbox_result r;
    struct stat st;
    int i;

    need_bwrap();
    for (i = 0; i + 2 < sbx.nsys_args; i++)
        if (strcmp(sbx.sys_args[i + 1], "/dev/null") == 0)
            break;
    if (access("/usr/share/doc/libc6-dbg/copyright", F_OK) != 0) {
        leave();
        cr_skip_test("libc6-dbg is not installed here");
    }
    cr_assert(i + 2 < sbx.nsys_args, "libc6-dbg is installed, but nothing is masked");
    argv[2] = sbx.sys_args[i + 2];
    cr_assert(strncmp(argv[2], "/usr/lib/debug/.build-id/", 25) == 0, "%s", argv[2]);
    cr_assert(stat(argv[2], &st) == 0 && st.st_size > 0, "%s outside", argv[2]);
    job.scratch = scratch;
    cr_assert(run_job(&job, &r) == 0);
    /* bwrap's binds are nodev, so the device reads as "permission
    ** denied"; an empty read would do as well. */
    cr_assert(r.verdict == SANDBOX_EXIT || (r.verdict == SANDBOX_OK && atoi(r.out) == 0),
              "%s inside: %s %s", argv[2], r.out, r.err);
    sandbox_result_free(&r);
}

BOTH(readonly_paths_are_readonly)
{
    char dir[PATH_MAX], bin[PATH_MAX], target[PATH_MAX + 80];
    const char *ro[] = { dir, NULL };
    const char *argv[] = { bin, "write", target, NULL };
    struct sandbox_job job = { .argv = argv, .scratch = scratch,
                               .readonly_paths = ro, .limits = limits() };
    struct sandbox_result r;

    need_bwrap();
    build_prog("basic", bin, sizeof bin);
    cr_assert_not_null(realpath(bin, dir));
    snprintf(bin, sizeof bin, "%s", dir);    /* run it from the bind */
    *strrchr(dir, '/') = '\0';
    snprintf(target, sizeof target, "%s/%s", dir, marker);
    cr_assert(run_job(&job, &r) == 0);
    cr_assert_eq(r.verdict, SANDBOX_EXIT, "%s", r.out);
    cr_assert_eq(r.exit_code, 3);
    cr_assert(!exists(target));
    sandbox_result_free(&r);
}

BOTH(no_network)
{
    struct sockaddr_in a = { .sin_family = AF_INET };
    socklen_t len = sizeof a;
    struct sandbox_result r;
    char port[16];
    int fd;

    need_bwrap();
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    cr_assert(fd >= 0 && bind(fd, (struct sockaddr *)&a, sizeof a) == 0
              && listen(fd, 4) == 0
              && getsockname(fd, (struct sockaddr *)&a, &len) == 0);
    snprintf(port, sizeof port, "%d", ntohs(a.sin_port));
    run(&r, limits(), NULL, "escape", "connect", port, NULL);
    cr_assert_eq(r.verdict, SANDBOX_EXIT, "reached our listener: %s", r.out);
    cr_assert(close(fd) == 0);
    sandbox_result_free(&r);
}

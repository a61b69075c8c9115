/*
** sandbox_disk.c -- the disk jobs may fill: every scratch directory of a
** grader process lives on a size-limited tmpfs of that process's own.
**
** Theory of operation.  Scratch directories used to be plain directories
** in $TMPDIR, on the host's disk, where RLIMIT_FSIZE capped each file but
** nothing the number of files: a bot wrote 2 GiB in one game at 3 ms of
** CPU, and a few thousand such games fill the disk.  So, as root, the
** first sandbox_init() of a process mounts a tmpfs at
** $TMPDIR/cc-disk-PID-START (mode 0711: the slot uids can reach the
** scratch directories in it, not list or change it) with
**
**   size=SBX_DISK_BYTES (1 GiB), nr_inodes=SBX_DISK_FILES (32768),
**
** and sbx_scratch_make() makes every scratch directory (and a session's
** folder, which a job's scratch is renamed into) there.  The figures are
** what a grading needs many times over (the reference's build, its
** sanitizer builds and every test's files take a few tens of MiB) and
** bound a process's worst: its workers (forked from it) and conversations
** share it.  A write past it fails (ENOSPC); a job that leaves the file
** system with less than SBX_DISK_ROOM bytes or 64 files free gets the
** output verdict (sbx_disk_full(), sandbox_verdict.c), the
** same as one that writes a file past file_bytes.  Its pages are memory:
** those a job writes are charged to its control group (sandbox_cgroup_mem.c),
** so a job with a memory cap is held by that cap first.  Nothing is ever
** left on the host's disk: the file system is unmounted when the process
** that mounted it exits (atexit), or, if it died, by the next grader's
** sandbox_init() (a stale name, as for control groups).
**
** Without root (no mount), or when the mount fails, scratch directories
** stay on $TMPDIR's disk, each file capped by file_bytes and nothing else:
** sandbox_mode() then says "disk capped per file only".
*/
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include "sandbox_internal.h"

#define SBX_DISK_BYTES ((unsigned long long)1 << 30)
#define SBX_DISK_FILES 32768
#define SBX_DISK_ROOM  ((unsigned long long)1 << 20)

static void unmount_own(void)
{
    if (sbx.disk[0] && sbx.disk_owner == getpid()) {
        (void)umount2(sbx.disk, MNT_DETACH);
        (void)rmdir(sbx.disk);
    }
}

/* Unmounts and removes the file systems of graders that are gone, in `dir`. */
static void sweep(const char *dir)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    char path[SBX_CG_PATH];

    while (d && (e = readdir(d)) != NULL) {
        if (!sbx_stale_name(e->d_name, "cc-disk-%d-%llu"))
            continue;
        if (snprintf(path, sizeof path, "%s/%s", dir, e->d_name) < (int)sizeof path
            && (umount2(path, MNT_DETACH) == 0 || errno == EINVAL))
            (void)rmdir(path);
    }
    if (d)
        closedir(d);
}

void sbx_disk_setup(const char *tmp)
{
    char opts[96];

    sbx.disk[0] = '\0';
    if (!sbx.as_root)
        return;
    sweep(tmp);
    snprintf(sbx.disk, sizeof sbx.disk, "%s/cc-disk-%d-%llu", tmp, (int)getpid(),
             sbx_start_time(getpid()));
    snprintf(opts, sizeof opts, "size=%llu,nr_inodes=%d,mode=0711", SBX_DISK_BYTES,
             SBX_DISK_FILES);
    if (mkdir(sbx.disk, 0711) != 0
        || mount("tmpfs", sbx.disk, "tmpfs", MS_NOSUID | MS_NODEV, opts) != 0) {
        fprintf(stderr, "sandbox: cannot mount the scratch file system %s: %s; "
                "scratch directories stay on the disk\n", sbx.disk, strerror(errno));
        (void)rmdir(sbx.disk);
        sbx.disk[0] = '\0';
        return;
    }
    sbx.disk_owner = getpid();
    atexit(unmount_own);
}

int sbx_disk_full(const char *scratch)
{
    struct statvfs fs;
    struct stat base, st;

    if (!sbx.disk[0] || !scratch || stat(sbx.disk, &base) != 0 || stat(scratch, &st) != 0
        || st.st_dev != base.st_dev || statvfs(sbx.disk, &fs) != 0)
        return 0;
    return (unsigned long long)fs.f_bavail * fs.f_frsize < SBX_DISK_ROOM || fs.f_favail < 64;
}

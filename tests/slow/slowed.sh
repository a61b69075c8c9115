#!/bin/sh
# slowed.sh -- run a command on a deliberately slowed machine.
#
# Usage: sh tests/slow/slowed.sh spin|quota|busy COMMAND [ARG...]
#   spin   every process started -- the grader's, the compiler's, each
#          sandboxed run's -- first burns 60 ms of CPU (tests/slow/spin.c,
#          listed in /etc/ld.so.preload of a private mount namespace, so
#          nothing outside the command sees it; ASAN_OPTIONS gets
#          verify_asan_link_order=0, as ASan refuses a preload otherwise)
#   quota  the command and all it starts share a CPU quota of a quarter of
#          one core (a cgroup: v2's cpu.max, or v1's cfs quota)
#   busy   another grading of the reference runs in a loop on both cores
#          while the command runs
# Needs root (namespaces, cgroups).  Exits with the command's status, or 77
# when the slowing cannot be set up here (the caller skips).
set -u
cd "$(dirname "$0")/../.." || exit 2
kind=$1
shift
SPIN_SO=build/slow/spin.so

spin() {
    [ -f "$SPIN_SO" ] || { echo "slowed: $SPIN_SO not built" >&2; exit 77; }
    command -v unshare >/dev/null 2>&1 || exit 77
    etc=$(mktemp -d)
    trap 'rm -rf "$etc"' EXIT
    cp -a /etc/. "$etc/" 2>/dev/null
    mkdir -p "$etc/cc-slow"
    cp "$SPIN_SO" "$etc/cc-slow/spin.so"
    echo /etc/cc-slow/spin.so >"$etc/ld.so.preload"
    # The preload takes effect for processes started after the bind mount.
    # ASan refuses to start when a library is preloaded before it, unless
    # told not to check: on this machine every process has one.
    ASAN_OPTIONS="verify_asan_link_order=0${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
    export ASAN_OPTIONS
    unshare -m sh -c 'mount --make-rprivate / && mount --bind "$0" /etc && exec "$@"' "$etc" "$@"
}

quota() {
    name=cc-slow-$$
    if [ -f /sys/fs/cgroup/cgroup.controllers ]; then
        group=/sys/fs/cgroup/$name
        mkdir "$group" 2>/dev/null || exit 77
        echo "25000 100000" >"$group/cpu.max" || { rmdir "$group"; exit 77; }
        tasks=$group/cgroup.procs
    elif [ -d /sys/fs/cgroup/cpu ]; then
        group=/sys/fs/cgroup/cpu/$name
        mkdir "$group" 2>/dev/null || exit 77
        echo 100000 >"$group/cpu.cfs_period_us" && echo 25000 >"$group/cpu.cfs_quota_us" ||
            { rmdir "$group"; exit 77; }
        tasks=$group/tasks
    else
        exit 77
    fi
    sh -c 'echo $$ > "$0" && exec "$@"' "$tasks" "$@"
    status=$?
    # Processes the command left are reaped by the kernel soon; try a while.
    for _ in 1 2 3 4 5 6 7 8 9 10; do rmdir "$group" 2>/dev/null && break; sleep 1; done
    exit $status
}

busy() {
    ( while :; do build/grade -j2 --format json -o /dev/null solution 2>/dev/null; done ) &
    loop=$!
    sleep 1
    "$@"
    status=$?
    kill "$loop" 2>/dev/null
    pkill -P "$loop" 2>/dev/null
    wait "$loop" 2>/dev/null
    exit $status
}

case $kind in
    spin|quota|busy) "$kind" "$@" ;;
    *) echo "usage: slowed.sh spin|quota|busy COMMAND..." >&2; exit 2 ;;
esac

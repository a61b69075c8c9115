#!/bin/sh
# install-deps.sh -- install the Debian packages the kit needs, if missing.
#
# Usage: sh grader/install-deps.sh [--kit] [--check]
#   --kit    only what grading needs: building the grader, the sandbox,
#            Criterion, Valgrind -- what a student's kit and the Gradescope
#            and Autolab packages install (grader/dist/).  Without it, also
#            the staff's tools: pandoc for the handout, Chromium for the
#            page tests, jq, zip, patch and xmllint for the kit's own tests
#            (patch writes out the example submissions), GNU time for
#            make bench-similarity's peak memory, and sim_c, which
#            tests/similarity.test.sh sets beside the kit's own check, and
#            Slurm with munge, for grader/slurm/local-cluster.sh's one-node
#            cluster (tests/slurm.test.sh).
#   --check  only report what is missing (exit 1), or say "all present"
#            (exit 0).
#
# Called by the root Makefile before building, so `make` on a fresh Debian
# machine installs what it needs.  Uses sudo when not run as root.  Each
# entry is "package:probe:who" where the probe is a command that must be on
# PATH or an absolute file that must exist, and who is "kit" (grading
# needs it) or "staff" (only the kit's own work does).
set -eu

NEEDED="
gcc:gcc:kit
make:make:kit
binutils:objcopy:kit
pkg-config:pkg-config:kit
libcriterion-dev:/usr/include/criterion/criterion.h:kit
libboxfort-dev:/usr/include/boxfort.h:kit
libnanomsg-dev:/usr/include/nanomsg/nn.h:kit
libnanopb-dev:/usr/include/pb.h:kit
libcjson-dev:/usr/include/cjson/cJSON.h:kit
valgrind:valgrind:kit
libc6-dbg:/usr/share/doc/libc6-dbg/copyright:kit
bubblewrap:bwrap:kit
libarchive-dev:/usr/include/archive.h:kit
unzip:unzip:kit
tzdata:/usr/share/zoneinfo/America/Los_Angeles:kit
pandoc:pandoc:staff
jq:jq:staff
libxml2-utils:xmllint:staff
zip:zip:staff
patch:patch:staff
keyutils:keyctl:staff
chromium:chromium:staff
time:/usr/bin/time:staff
similarity-tester:sim_c:staff
slurm-wlm:/usr/sbin/slurmctld:staff
munge:/usr/sbin/munged:staff
"

only_kit=0
check=0
for arg in "$@"; do
    case $arg in
        --kit) only_kit=1 ;;
        --check) check=1 ;;
        *) echo "usage: sh grader/install-deps.sh [--kit] [--check]" >&2; exit 2 ;;
    esac
done

missing=""
for entry in $NEEDED; do
    package=${entry%%:*}
    who=${entry##*:}
    probe=${entry#*:}
    probe=${probe%:*}
    [ "$only_kit" -eq 1 ] && [ "$who" != kit ] && continue
    case $probe in
        /*) [ -e "$probe" ] && continue ;;
        *) command -v "$probe" >/dev/null 2>&1 && continue ;;
    esac
    missing="$missing $package"
done

if [ -z "$missing" ]; then
    # Asked to check, say so: silence would read as "nothing checked".
    if [ "$check" -eq 1 ]; then
        if [ "$only_kit" -eq 1 ]; then
            echo "install-deps: all present (every package grading needs)"
        else
            echo "install-deps: all present (every package the kit and its tests need)"
        fi
    fi
    exit 0
fi
if [ "$check" -eq 1 ]; then
    echo "missing Debian packages:$missing" >&2
    exit 1
fi

echo "install-deps: installing$missing" >&2
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
# shellcheck disable=SC2086 -- the package list is meant to split
$SUDO apt-get install -y -qq --no-install-recommends $missing >/dev/null

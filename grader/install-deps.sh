#!/bin/sh
# install-deps.sh -- install the Debian packages the kit needs, if missing.
#
# Usage: sh grader/install-deps.sh [--check]
#   --check  only report what is missing; exit 1 if anything is.
#
# Called by the root Makefile before building, so `make` on a fresh Debian
# machine installs what it needs.  Uses sudo when not run as root.  Each
# entry is "package:probe" where the probe is a command that must be on PATH
# or an absolute file that must exist.
set -eu

NEEDED="
gcc:gcc
make:make
binutils:objcopy
pkg-config:pkg-config
libcriterion-dev:/usr/include/criterion/criterion.h
libboxfort-dev:/usr/include/boxfort.h
libnanomsg-dev:/usr/include/nanomsg/nn.h
libnanopb-dev:/usr/include/pb.h
libcjson-dev:/usr/include/cjson/cJSON.h
valgrind:valgrind
libc6-dbg:/usr/share/doc/libc6-dbg/copyright
bubblewrap:bwrap
pandoc:pandoc
jq:jq
libarchive-dev:/usr/include/archive.h
libxml2-utils:xmllint
zip:zip
unzip:unzip
chromium:chromium
"

missing=""
for entry in $NEEDED; do
    package=${entry%%:*}
    probe=${entry#*:}
    case $probe in
        /*) [ -e "$probe" ] && continue ;;
        *) command -v "$probe" >/dev/null 2>&1 && continue ;;
    esac
    missing="$missing $package"
done

[ -z "$missing" ] && exit 0
if [ "${1:-}" = "--check" ]; then
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

#!/bin/sh
# hooks.test.sh -- grader/run/vet-hooks.sh refuses the ways into the memory
# checkers, finds nothing in the references, and the sanitizers' options
# from the grader's environment win over a program's own.
#
# - Each program of tests/hooks_fixtures/ (the table below) is built as
#   the grader builds a submission -- plain, ASan+UBSan or ThreadSanitizer,
#   with grader/run/build.c's flags -- and vet-hooks.sh must exit 1 naming
#   what the program does.  The example submissions
#   tests/chinese-checkers/submissions/hostile_* (submissions.test.sh) show
#   the same on whole gradings.
# - The reference programs as the grader built them for its calibration
#   (build/calibration-<id>/bin/*: plain, ASan, TSan) must pass, and so
#   must a program that only uses what GCC's instrumentation calls.
# - leaks_with_hooks.c, whose option hooks ask for no leak check, an exit
#   status of 0 and reports sent to /dev/null, run with the grader's
#   ASAN_OPTIONS, LSAN_OPTIONS and UBSAN_OPTIONS
#   (grader/grade/sanitizer_env.h) must report its leak on stderr and exit
#   with the grader's status 86; and with verbosity=1 in front, a clean
#   program's runs must not say that any option is unrecognised (for the
#   TSan options too).
# Run from the repository root: sh tests/run.sh tests/hooks.test.sh
. tests/lib.sh
set -u

VET=grader/run/vet-hooks.sh
FIX=tests/hooks_fixtures
# grader/run/build.c's flags for each kind of build.
PLAIN="-std=c11 -Wall -Wextra -Wpedantic -O0 -g"
ASAN="-std=c11 -w -O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all"
TSAN="-std=c11 -Wall -Wextra -Wpedantic -O1 -g -fsanitize=thread -pthread"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# build KIND SOURCE OUT: the program as the grader would build it.
build() {
    case $1 in
        plain) flags=$PLAIN ;;
        asan) flags=$ASAN ;;
        tsan) flags=$TSAN ;;
    esac
    # shellcheck disable=SC2086 -- the flags are words
    gcc $flags -o "$3" "$2" -lm
}

# refused FIXTURE KIND TEXT: vet-hooks.sh exits 1 on the fixture's program
# and says TEXT.
refused() {
    build "$2" "$FIX/$1.c" "$tmp/$1-$2" || { echo "$1 does not build ($2)"; return 1; }
    out=$(sh "$VET" "$tmp/$1-$2")
    rc=$?
    printf '%s\n' "$out"
    [ "$rc" = 1 ] || { echo "exit status $rc, expected 1"; return 1; }
    printf '%s\n' "$out" | grep -q -F -e "$3" || { echo "does not say: $3"; return 1; }
}

while read -r fixture kind text; do
    check "hooks: $fixture ($kind build) is refused" refused "$fixture" "$kind" "$text"
done <<'EOF'
asan_on_error asan defines __asan_on_error, a hook of the sanitizer runtime
ubsan_default_options asan defines __ubsan_default_options, a hook that sets the sanitizer's options
weak_hook asan defines __lsan_is_turned_off, a hook that turns the leak checker off
asm_label_hook asan defines __lsan_is_turned_off, a hook that turns the leak checker off
asm_label_hook plain defines __lsan_is_turned_off, a hook that turns the leak checker off
tsan_on_report tsan defines _ZN6__tsan8OnReportEPKNS_10ReportDescEb, a hook of the sanitizer runtime
tsan_suppressions tsan defines __tsan_default_suppressions, a hook that sets the sanitizer's options
tsan_annotation tsan calls AnnotateBenignRaceSized, a ThreadSanitizer annotation
unpoison asan calls __asan_unpoison_memory_region of the sanitizer runtime
ignore_object asan calls __lsan_ignore_object of the sanitizer runtime
report_path asan calls __sanitizer_set_report_path of the sanitizer runtime
weak_reference asan calls __lsan_disable of the sanitizer runtime
weak_reference plain calls __lsan_disable of the sanitizer runtime
dlopen_runtime plain calls dlopen, which can reach the sanitizer runtime by name
running_on_valgrind plain contains a Valgrind client request
do_leak_check plain contains a Valgrind client request
do_leak_check asan contains a Valgrind client request
EOF

# accepted FILE...: vet-hooks.sh finds nothing.
accepted() {
    sh "$VET" "$@"
}

refs=$(ls build/calibration-*/bin/* 2>/dev/null)
if [ -n "$refs" ]; then
    # shellcheck disable=SC2086 -- one path a word
    check "hooks: the references' programs as the grader built them pass" accepted $refs
else
    skip "hooks: the references' programs as the grader built them pass" \
         "no build/calibration-*/bin/ (run make)"
fi

# What the instrumentation calls by itself: stack poisoning of a large
# local, globals, every access size, a VLA, UBSan's checks.
cat >"$tmp/instrumented.c" <<'EOF'
#include <stdio.h>
#include <string.h>
int table[64];
static long twice(long x) { return x * 2; }
int main(int argc, char **argv)
{
    char big[4096];
    int vla[argc + 3];
    short s = (short)argc;
    long long l = argc;
    memset(big, argc, sizeof big);
    for (int i = 0; i < argc + 3; i++)
        vla[i] = table[i % 64] + big[i] + s + (int)twice(l) + argc / (i + 1);
    printf("%d %s\n", vla[0] << 2, argv[0]);
    return 0;
}
EOF
instrumented() {
    build asan "$tmp/instrumented.c" "$tmp/instrumented-asan" &&
        build tsan "$tmp/instrumented.c" "$tmp/instrumented-tsan" &&
        build plain "$tmp/instrumented.c" "$tmp/instrumented" &&
        accepted "$tmp/instrumented-asan" "$tmp/instrumented-tsan" "$tmp/instrumented"
}
check "hooks: what GCC's instrumentation calls passes" instrumented

# The options the grader sets, printed from its own header.
cat >"$tmp/options.c" <<'EOF'
#include <stdio.h>
#include "sanitizer_env.h"
int main(void)
{
    printf("%s\n%s\n%s\n%s\n", SANITIZER_ASAN_OPTIONS, SANITIZER_LSAN_OPTIONS,
           SANITIZER_UBSAN_OPTIONS, SANITIZER_TSAN_OPTIONS);
    return 0;
}
EOF
environment_wins() {
    gcc -Igrader/grade -o "$tmp/options" "$tmp/options.c" && "$tmp/options" >"$tmp/options.txt" &&
        build asan "$FIX/leaks_with_hooks.c" "$tmp/leaks" || return 1
    a=$(sed -n 1p "$tmp/options.txt") l=$(sed -n 2p "$tmp/options.txt") u=$(sed -n 3p "$tmp/options.txt")
    ASAN_OPTIONS=$a LSAN_OPTIONS=$l UBSAN_OPTIONS=$u "$tmp/leaks" >/dev/null 2>"$tmp/leaks.err"
    rc=$?
    cat "$tmp/leaks.err"
    [ "$rc" = 86 ] || { echo "exit status $rc, expected 86"; return 1; }
    grep -q 'ERROR: LeakSanitizer: detected memory leaks' "$tmp/leaks.err" ||
        { echo "no leak report on stderr"; return 1; }
}
check "hooks: the grader's sanitizer options win over the program's hooks" environment_wins

every_option_known() {
    [ -f "$tmp/options.txt" ] || return 1
    a=$(sed -n 1p "$tmp/options.txt") l=$(sed -n 2p "$tmp/options.txt")
    u=$(sed -n 3p "$tmp/options.txt") t=$(sed -n 4p "$tmp/options.txt")
    printf 'int main(void) { return 0; }\n' >"$tmp/empty.c"
    build asan "$tmp/empty.c" "$tmp/empty-asan" && build tsan "$tmp/empty.c" "$tmp/empty-tsan" ||
        return 1
    ASAN_OPTIONS=verbosity=1:$a LSAN_OPTIONS=verbosity=1:$l UBSAN_OPTIONS=verbosity=1:$u \
        "$tmp/empty-asan" >"$tmp/empty.err" 2>&1 || { cat "$tmp/empty.err"; return 1; }
    # GCC's TSan needs the mappings of a kernel without randomisation.
    setarch -R env TSAN_OPTIONS=verbosity=1:$t "$tmp/empty-tsan" >>"$tmp/empty.err" 2>&1 ||
        { cat "$tmp/empty.err"; return 1; }
    if grep -i -A4 unrecognized "$tmp/empty.err"; then
        return 1
    fi
}
check "hooks: every sanitizer option the grader sets is one the runtime knows" every_option_known

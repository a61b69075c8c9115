#!/bin/sh
# vet-hooks.sh -- find what in a submission's programs could turn the memory
# checkers (AddressSanitizer, LeakSanitizer, UBSan, ThreadSanitizer,
# Valgrind) off or hide what they find.
#
# Usage: sh grader/run/vet-hooks.sh PROGRAM...
#   Give it the linked programs of one submission: the plain build (run
#   plain and under Valgrind), the ASan+UBSan build and the ThreadSanitizer
#   build, as far as they were made.  Exit status 0: nothing found.  Exit
#   status 1: one line per finding on stdout, "what was found (in FILES)",
#   fit to show the student; the grader then runs none of the memory
#   checks of this submission, and they score 0 (grader/README.md, "Memory
#   checks").  Exit status 2: a tool failed (the grader then does the same,
#   saying the programs could not be checked).
#
# Linked programs rather than objects: a program's symbol table holds every
# name its code defines, whatever the C source called it (asm labels, weak
# definitions, the student's own macros), and its undefined names are
# exactly what it takes from the shared libraries it runs with -- the C
# library and the sanitizer runtime -- so a name defined in one of the
# student's files and used in another is never mistaken for a call of the
# runtime.  It refuses:
#   - definitions (global, weak or unique) of the sanitizer runtime's names:
#     __asan_*, __lsan_*, __ubsan_*, __tsan_*, __msan_*, __hwasan_*,
#     __dfsan_*, __sanitizer_*, __interceptor_*, __sancov_*, and C++ names
#     in its namespaces (__tsan::OnReport, __tsan::OnFinalize, ...).  The
#     runtime calls such a definition in place of its own: the documented
#     hooks __lsan_is_turned_off, __asan_default_options,
#     __lsan_default_suppressions, __asan_on_error, __tsan_on_report, ...
#     can turn a checker off, suppress its reports or exit before they are
#     made;
#   - definitions of the allocator (malloc, free, calloc, realloc, ...):
#     a program with its own malloc hides its memory from LeakSanitizer
#     and AddressSanitizer;
#   - calls of the runtime's interface (__lsan_disable,
#     __lsan_ignore_object, __asan_unpoison_memory_region,
#     __sanitizer_set_death_callback, <sanitizer/*.h>, and the dynamic
#     annotations of ThreadSanitizer: AnnotateBenignRace,
#     AnnotateIgnoreWritesBegin, ...), except the entry points that the
#     compiler's own instrumentation calls -- ALLOWED below, derived from
#     GCC 12's list (the names in cc1) and checked by compiling every
#     source of the kit with the grader's flags;
#   - calls of the dynamic linker's lookups (dlopen, dlsym, dlvsym,
#     dl_iterate_phdr, ...): a way to reach the runtime by name while the
#     program runs;
#   - a Valgrind client request anywhere in the file: the "special
#     instruction" preamble that every request of <valgrind/valgrind.h> and
#     <valgrind/memcheck.h> starts with (VALGRIND_DISABLE_ERROR_REPORTING,
#     VALGRIND_MAKE_MEM_DEFINED, VALGRIND_DO_LEAK_CHECK, RUNNING_ON_VALGRIND,
#     ...).  Valgrind knows a request by those exact bytes only, so a
#     request written without the header is found too: on amd64 rolq $3,
#     $13, $61, $51 of %rdi; on x86 the same with roll and %edi; on arm64
#     ror x12 by 3, 13, 51, 61.
# A correct program does none of this.  Not covered (no symbol shows it):
# code that finds the runtime by reading its own memory maps and ELF
# tables, or that builds machine code while it runs.
set -u

# The runtime's prefixes, and its C++ namespaces as mangled names.
PREFIX='^_*(asan|lsan|ubsan|tsan|msan|hwasan|dfsan|sanitizer|interceptor|interception|sancov)_'
NAMESPACE='^_ZN[0-9]+__(asan|lsan|ubsan|tsan|msan|hwasan|dfsan|sanitizer|interception)'
# What GCC's -fsanitize=address,undefined and -fsanitize=thread code calls
# by itself.  These names can still be called by hand; the ones that change
# what ASan checks (the stack (un)poisoning ones) only mark memory, and the
# Valgrind run of the plain build checks the same code without them.
ALLOWED='^(__asan_(init|version_mismatch_check_v[0-9]+|register_globals|unregister_globals'
ALLOWED="$ALLOWED"'|handle_no_return|option_detect_stack_use_after_return'
ALLOWED="$ALLOWED"'|poison_stack_memory|unpoison_stack_memory|alloca_poison|allocas_unpoison'
ALLOWED="$ALLOWED"'|report_(load|store)([0-9]+|_n)(_noabort)?|(load|store)([0-9]+|N)(_noabort)?'
ALLOWED="$ALLOWED"'|stack_(malloc|free)_[0-9]+)'
ALLOWED="$ALLOWED"'|__ubsan_handle_[a-z0-9_]+'
# The ASan build's wrapper of _exit (build_checks.c) looks for leaks with this one,
# which can only report them.
ALLOWED="$ALLOWED"'|__lsan_do_recoverable_leak_check'
ALLOWED="$ALLOWED"'|__tsan_(init|func_entry|func_exit|(read|write)(1|2|4|8|16)|(read|write)_range'
ALLOWED="$ALLOWED"'|unaligned_(read|write)(2|4|8|16)|volatile_(read|write)(1|2|4|8|16)'
ALLOWED="$ALLOWED"'|atomic(8|16|32|64|128)_[a-z_]+|atomic_(thread|signal)_fence))$'
ANNOTATION='^((WTF)?Annotate[A-Z][A-Za-z]*|RunningOnValgrind|ValgrindSlowdown|ThreadSanitizerQuery)$'
ALLOCATOR='^(malloc|free|calloc|realloc|reallocarray|posix_memalign|aligned_alloc|memalign|valloc|pvalloc|cfree|malloc_usable_size|__libc_(malloc|free|calloc|realloc|memalign|valloc|pvalloc))$'
DYNAMIC='^(dlopen|dlmopen|dlsym|dlvsym|dladdr|dladdr1|dlinfo|dl_iterate_phdr|_dl_[a-z_]+|__libc_dl[a-z_]+)$'

# Valgrind's preambles (valgrind.h), as bytes.
VG_AMD64=$(printf '\110\301\307\003\110\301\307\015\110\301\307\075\110\301\307\063')
VG_X86=$(printf '\301\307\003\301\307\015\301\307\035\301\307\023')
VG_ARM64=$(printf '\214\015\314\223\214\065\314\223\214\315\315\223\214\365\315\223')

[ $# -gt 0 ] || exit 0
# One readelf for all the programs: each one's relocations, then its
# symbol tables (.dynsym, what it exports and imports, and .symtab), after
# a "File: NAME" line when there are several.
symbols=$(readelf -W -r -s "$@" 2>&1) || {
    printf '%s\n' "$symbols" | grep '^readelf' | head -n 5
    echo "readelf cannot read the programs"
    exit 2
}
# One "finding<TAB>program" line per problem.
found=$(printf '%s\n' "$symbols" | awk -v file="$1" -v prefix="$PREFIX" -v ns="$NAMESPACE" \
    -v allowed="$ALLOWED" -v annotation="$ANNOTATION" -v allocator="$ALLOCATOR" \
    -v dynamic="$DYNAMIC" '
    function hit(what) { printf "%s\t%s\n", what, file }
    /^File: / { file = substr($0, 7); split("", copy); next }
    # A variable of a shared library that the program uses is copied into
    # the program and defined there (a COPY relocation): such a name is a
    # use of the runtime'"'"'s variable, not a definition of the student'"'"'s.
    $3 ~ /_COPY$/ { name = $5; sub(/@.*/, "", name); copy[name] = 1; next }
    # readelf -sW: "N:", value, size, type, bind, visibility, section
    # index (UND: undefined), name (name@VERSION when versioned).
    $1 !~ /^[0-9]+:$/ || NF < 8 { next }
    {
        name = $8
        sub(/@.*/, "", name)
        if (name in copy)
            $7 = "UND"
        defined = $7 != "UND" && $5 != "LOCAL"
    }
    defined && name == "__lsan_is_turned_off" {
        hit("defines __lsan_is_turned_off, a hook that turns the leak checker off"); next
    }
    defined && name ~ /_default_(options|suppressions)$/ && name ~ prefix {
        hit("defines " name ", a hook that sets the sanitizer'"'"'s options or suppresses its reports"); next
    }
    defined && (name ~ prefix || name ~ ns) {
        hit("defines " name ", a hook of the sanitizer runtime (it can change what the sanitizer checks or reports)"); next
    }
    defined && name ~ allocator {
        hit("defines " name ", replacing the memory allocator that the sanitizer watches (its leaks and overflows go unseen)"); next
    }
    $7 == "UND" && name ~ prefix && name !~ allowed {
        hit("calls " name " of the sanitizer runtime (it can switch checks off or hide what they find)"); next
    }
    $7 == "UND" && name ~ annotation {
        hit("calls " name ", a ThreadSanitizer annotation (it can hide data races)"); next
    }
    $7 == "UND" && name ~ dynamic {
        hit("calls " name ", which can reach the sanitizer runtime by name while the program runs"); next
    }')
# The programs that hold a Valgrind request (grep -l: exit status 1 when
# none does, 2 when one cannot be read).
requests=$(LC_ALL=C grep -l -a -F -e "$VG_AMD64" -e "$VG_X86" -e "$VG_ARM64" "$@")
[ $? -le 1 ] || exit 2
if [ -n "$requests" ]; then
    found="$found
$(printf '%s\n' "$requests" | awk '{ printf "%s\t%s\n", "contains a Valgrind client request (the " \
    "instructions that <valgrind/memcheck.h> emits), which can turn Valgrind'"'"'s checks off or " \
    "tell the program it is being checked", $0 }')"
fi
# One line per finding, naming every program it was found in; the first
# twenty, since the report repeats them in every memory test.
report=$(printf '%s' "$found" | awk -F '\t' 'NF == 2 {
        if (!($1 in where)) { order[++n] = $1; where[$1] = $2 }
        else if (index(", " where[$1] ", ", ", " $2 ", ") == 0) where[$1] = where[$1] ", " $2
    }
    END {
        for (i = 1; i <= n && i <= 20; i++) printf "%s (in %s)\n", order[i], where[order[i]]
        if (n > 20) printf "... and %d more\n", n - 20
    }')
[ -z "$report" ] && exit 0
printf '%s\n' "$report"
exit 1

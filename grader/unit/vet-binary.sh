#!/bin/sh
# vet-binary.sh -- refuse a linked unit-test binary in which the
# submission's code runs other than when a test calls it, or in which the
# submission's code refers to the harness or to Criterion.
#
# Usage: sh grader/unit/vet-binary.sh BINARY MAP STUDENT [REQUIRED...]
#        sh grader/unit/vet-binary.sh --worker BINARY MAP STUDENT
#   BINARY is a unit-test binary linked from the object STUDENT (the
#   submission, named on the link line exactly as here) with the harness,
#   the tests and Criterion; MAP is the link map the linker wrote for it
#   (-Wl,-Map=MAP); REQUIRED
#   are the names the submission is asked to define (the unit tests call
#   them, and the harness holds weak stand-ins for the missing ones);
#   student_NAME is accepted wherever NAME is, since the build renames a
#   function the tests run in the callee (grader/unit/callee.h) so.
#   Exit status 0: nothing found.  Exit status 1: one line per problem on
#   stdout, fit to show the student; the binary must not be run.  Exit
#   status 2: a tool failed or the map names no part of STUDENT.
#
# With --worker, BINARY is a worker's binary, which must hold nothing of
# the submission (grader/unit/callee.c: the submission is linked only into
# the callee's binary beside it): the map must not name STUDENT at all,
# and BINARY must define no strong student_* symbol (the weak stand-ins of
# the assignment's stubs.c are the harness's own).  Exit status 1 with one
# line per problem, as below.
#
# vet-objects.sh has already refused whatever it recognises in the
# submission's objects; this is the second line, on what the linker
# actually made, whatever the sections or symbols were named:
#   - the submission's code is the address ranges of the allocated input
#     sections the map places from STUDENT;
#   - every slot of every PREINIT_ARRAY, INIT_ARRAY and FINI_ARRAY section
#     (its contents and its dynamic relocations), DT_INIT, DT_FINI, the
#     entry point, `main` and every IRELATIVE relocation must point
#     outside those ranges -- except a slot that points to the start of the
#     constructor or destructor AddressSanitizer added to one of the
#     submission's files (a local function `_sub_I_00099_*` or
#     `_sub_D_00099_*`) whose whole body, disassembled here, only calls
#     __asan_init, __asan_version_mismatch_check_v*, __asan_register_globals
#     or __asan_unregister_globals through the PLT;
#   - no input section of STUDENT may land in an output section named like
#     a C identifier (such as cr_tst): the linker bounds those with
#     __start_NAME and __stop_NAME, which is how Criterion finds its tests
#     and hooks, so an entry there would be a test of the student's own;
#   - STUDENT defines nothing non-local but REQUIRED (or student_NAME)
#     and student_main: whatever binding `objcopy -G` could not make
#     local (GNU unique, common) would bind the harness's own references;
#   - every symbol STUDENT leaves undefined must resolve to a shared
#     library (the C library, the sanitizers' runtimes), to
#     _GLOBAL_OFFSET_TABLE_, or to one of REQUIRED: never to the harness,
#     to Criterion's static archives or to a symbol the linker made (such
#     as __start_cr_tst, the bounds of Criterion's table of tests).
set -u

# vet_worker BINARY MAP STUDENT: the --worker check, then exit.
vet_worker() {
    [ -r "$2" ] || { echo "$1: no link map $2"; exit 2; }
    strong=$(nm "$1" 2>/dev/null) || { echo "$1: nm cannot read it"; exit 2; }
    found=$( { grep -F -- "$3" "$2" >/dev/null && echo "its link map names $3"
        printf '%s\n' "$strong" | awk '$2 ~ /^[A-Zbdrt]$/ && $2 != "U" && $2 != "W" && $2 != "V" && $3 ~ /^student_/ {
            print "defines " $3 ", a symbol of the submission" }'; } | sort -u)
    [ -z "$found" ] && exit 0
    printf '%s\n' "$found" | sed "s|^|$1: holds code of the submission: |"
    exit 1
}
[ "${1:-}" = --worker ] && vet_worker "$2" "$3" "$4"

bin=$1 map=$2 student=$3
shift 3
required=" $* "
for name in "$@"; do
    required="${required}student_$name "
done

die() {
    echo "$bin: $1"
    exit 2
}

headers=$(readelf -hSW "$bin" 2>/dev/null) || die "readelf cannot read it"
symbols=$(readelf -sW "$bin" 2>/dev/null) || die "readelf cannot read its symbols"
dynamic=$(readelf -dW "$bin" 2>/dev/null) || die "readelf cannot read its dynamic section"
relocs=$(readelf -rW "$bin" 2>/dev/null) || die "readelf cannot read its relocations"
[ -r "$map" ] || die "no link map $map"

# Sections: "name type address offset size flags", one a line; the name
# column of readelf is "[ N] name".
sections=$(printf '%s\n' "$headers" | sed -n 's/^ *\[ *[0-9]*\] //p' | awk '
    NF >= 9 { flags = (NF >= 10) ? $7 : ""; print $1, $2, $3, $4, $5, flags }')

# The submission's ranges: "start end" in hex, from the map's input
# sections of STUDENT inside allocated output sections.
ranges=$(printf '%s\n' "$sections" | awk '$6 ~ /A/ { print "alloc", $1 }' | cat - "$map" | awk -v student="$student" '
    $1 == "alloc" && !on { alloc[$2] = 1; next }
    /^Linker script and memory map/ { on = 1; next }
    !on { next }
    /^[^ ]/ { out = $1; pending = 0; next }
    function emit(addr, size, file) {
        if (file != student || size == "0x0") return
        if (out ~ /^[A-Za-z_][A-Za-z0-9_]*$/) print "table", out
        else if (out in alloc) print addr, size
    }
    /^ [^ *]/ {
        if (NF >= 4 && $2 ~ /^0x/ && $3 ~ /^0x/) emit($2, $3, $4)
        else pending = (NF == 1)
        next
    }
    pending && NF == 3 && $1 ~ /^0x/ && $2 ~ /^0x/ { emit($1, $2, $3) }
    { pending = 0 }')
tables=$(printf '%s\n' "$ranges" | sed -n 's/^table //p' | sort -u)
ranges=$(printf '%s\n' "$ranges" | sed '/^table /d')
[ -n "$ranges" ] || die "the link map names no section of $student"

# Values that must not point into the submission, "what value" a line.
targets() {
    printf '%s\n' "$headers" | awk '/Entry point address:/ { print "the entry point", $NF }'
    printf '%s\n' "$dynamic" | awk '$2 == "(INIT)" || $2 == "(FINI)" { print "DT_" substr($2, 2, 4), $NF }'
    printf '%s\n' "$symbols" | awk '$1 ~ /:$/ && $8 == "main" && $7 != "UND" { print "main", "0x" $2 }
        $4 == "IFUNC" { print "the ifunc " $8, "0x" $2 }'
    printf '%s\n' "$relocs" | awk '$3 == "R_X86_64_IRELATIVE" { print "an IRELATIVE relocation", "0x" $NF }'
    printf '%s\n' "$sections" | awk '$2 ~ /^(PREINIT_ARRAY|INIT_ARRAY|FINI_ARRAY)$/ { print $1, $2, $3, $4, $5 }' |
        while read -r name type address offset size; do
            od -An -v -tx8 -j "0x$offset" -N "0x$size" "$bin" | tr -s ' ' '\n' | sed '/^$/d' |
                sed "s/^/slot:$name 0x/"
            printf '%s\n' "$relocs" | awk -v lo="$address" -v size="$size" -v name="$name" '
                function hex(s,   i, n) { s = tolower(s); sub(/^0x/, "", s); n = 0
                    for (i = 1; i <= length(s); i++) n = n * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1
                    return n }
                $1 ~ /^[0-9a-f]+$/ && hex($1) >= hex(lo) && hex($1) < hex(lo) + hex(size) {
                    if ($3 == "R_X86_64_RELATIVE") print "slot:" name, "0x" $NF
                    else if (NF >= 7 && $4 !~ /^0+$/) print "slot:" name, sprintf("0x%x", hex($4) + hex($NF))
                }'
        done
}

# The allowed AddressSanitizer constructors and destructors: "address
# size name" of the local functions so named.
asan_functions=$(printf '%s\n' "$symbols" | awk '
    $1 ~ /:$/ && $4 == "FUNC" && $5 == "LOCAL" && $8 ~ /^_sub_[ID]_00099_[0-9]+$/ { print $2, $3, $8 }')

# asan_body_ok ADDRESS SIZE: the function's body only calls the ASan
# runtime's registration functions through the PLT.
asan_body_ok() {
    objdump -d --no-show-raw-insn --start-address="0x$1" --stop-address="$(printf '0x%x' $((0x$1 + $2)))" \
        "$bin" 2>/dev/null | awk '
        /^ *[0-9a-f]+:\t/ {
            sub(/^ *[0-9a-f]+:\t/, "")
            n++
            if ($1 == "call" && $3 ~ /^<__asan_(init|version_mismatch_check_v[0-9]+|register_globals|unregister_globals)@plt>$/) next
            if ($0 ~ /^(push|pop) +%rbp$/ || $0 ~ /^(ret|endbr64|nop)/) next
            if ($0 ~ /^mov +%rsp,%rbp$/ || $0 ~ /^(sub|add) +\$0x[0-9a-f]+,%rsp$/) next
            if ($0 ~ /^mov +\$0x[0-9a-f]+,%e?si$/ || $0 ~ /^lea +-?0x[0-9a-f]+\(%rip\),%rdi/) next
            bad = 1
        }
        END { exit (bad || n == 0) }'
}

problems=$(targets | awk -v ranges="$ranges" -v asan="$asan_functions" '
    function hex(s,   i, n) { s = tolower(s); sub(/^0x/, "", s); n = 0
        for (i = 1; i <= length(s); i++) n = n * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1
        return n }
    BEGIN {
        nr = split(ranges, r, "\n")
        for (i = 1; i <= nr; i++) { split(r[i], f, " "); lo[i] = hex(f[1]); hi[i] = lo[i] + hex(f[2]) }
        na = split(asan, a, "\n")
        for (i = 1; i <= na; i++) { split(a[i], f, " "); asan_at[hex(f[1])] = f[1] " " f[2] " " f[3] }
    }
    {
        v = hex($NF)
        for (i = 1; i <= nr; i++)
            if (v >= lo[i] && v < hi[i]) {
                if ($1 ~ /^slot:/ && (v in asan_at)) print "check", asan_at[v], $1
                else { $NF = sprintf("0x%x", v); print "bad", $0 }
                break
            }
    }' | sort -u | while read -r kind what rest; do
        if [ "$kind" = check ]; then
            set -- $rest
            asan_body_ok "$what" "$1" ||
                echo "runs code of its own before or after the tests ($2, listed in ${3#slot:}, is not the sanitizer's)"
        else
            set -- $rest
            case $what in
                slot:*) echo "runs code of its own before or after the tests (an entry of ${what#slot:} points into it, at $1)" ;;
                *) echo "puts its own code where the program starts or ends ($what $*)" ;;
            esac
        fi
    done)

# Undefined symbols of STUDENT resolved inside the binary, outside the
# submission and outside what a shared library provides by copy.
exported=$(readelf --dyn-syms -W "$bin" 2>/dev/null | awk '$1 ~ /:$/ && $7 != "UND" { print $8 }' | sed 's/@.*//')
undefined=$(readelf -sW "$student" 2>/dev/null | awk '$1 ~ /:$/ && $7 == "UND" && NF >= 8 { print $8 }' | sort -u)
refs=$(printf '%s\n' "$undefined" | while read -r sym; do
    [ -n "$sym" ] || continue
    case "$required" in *" $sym "*) continue ;; esac
    [ "$sym" = _GLOBAL_OFFSET_TABLE_ ] && continue
    if printf '%s\n' "$exported" | grep -qxF -- "$sym"; then continue; fi
    if printf '%s\n' "$symbols" | awk -v s="$sym" '$1 ~ /:$/ && $8 == s && $7 != "UND" { found = 1 } END { exit !found }'; then
        echo "refers to the test harness or to Criterion ($sym)"
    fi
done)

# Symbols STUDENT defines that the link can bind anything else to: after
# `objcopy -G` only the required names (and student_main) may be left
# non-local.  A binding -G cannot make local (GNU unique, common) let a
# submission's poll() take the C library's place in the harness's calls.
exposed=$(readelf -sW "$student" 2>/dev/null | awk '$1 ~ /^[0-9]+:$/ && NF >= 8 && $7 != "UND" && $5 != "LOCAL" \
        && $4 != "SECTION" && $4 != "FILE" { print $8 " " $5 }' | sort -u | while read -r sym bind; do
    case "$required" in *" $sym "*) continue ;; esac
    [ "$sym" = student_main ] && continue
    echo "defines $sym for the whole test binary ($bind), where the harness or the C library could be bound to it"
done)

# A section named like a C identifier is a table the linker bounds with
# __start_NAME and __stop_NAME: Criterion finds its tests in one (cr_tst).
tables=$(printf '%s\n' "$tables" | sed '/^$/d; s/.*/adds entries to the table &, as Criterion'"'"'s tests and hooks are registered/')

all=$(printf '%s\n%s\n%s\n%s\n' "$problems" "$refs" "$exposed" "$tables" | sed '/^$/d' | sort -u)
if [ -n "$all" ]; then
    printf '%s\n' "$all" | sed "s|^|$bin: |"
    exit 1
fi
exit 0

#!/bin/sh
# vet-objects.sh -- refuse a submission's object files that could run code,
# or report test results, other than through the calls the unit tests make.
#
# Usage: sh grader/unit/vet-objects.sh OBJ...
#   Give it each object exactly as compiled from one of the submission's
#   source files, with the unit-test flags (the sanitizers included), before
#   `ld -r` merges them.  Exit status 0: nothing found.  Exit status 1: one
#   line per problem on stdout, "OBJ: what was found", fit to show the
#   student; the unit tests must then not be run on this submission.  Exit
#   status 2: a tool failed.
#
# The harness (graded_test.h) cannot defend against code that runs before
# the tests or outside them, so this refuses, by what the linker and the
# loader will do with a section or symbol rather than by its name alone:
#   - every entry of an initialisation or finalisation array: any section
#     of type INIT_ARRAY, FINI_ARRAY or PREINIT_ARRAY, and any section named
#     .init_array*, .fini_array*, .preinit_array*, .ctors*, .dtors*, .init*
#     or .fini*, whatever its type, size, flags or uniqueness -- with one
#     exception per file: the constructor and the destructor that
#     -fsanitize=address adds itself.  Each is accepted only as the single
#     section of its kind in the file, named .init_array.00099 (or
#     .fini_array.00099), of type INIT_ARRAY (FINI_ARRAY), 8 bytes, with
#     exactly one relocation, which points to the start of a local function
#     named _sub_I_00099_N (_sub_D_00099_N) whose whole body, disassembled
#     here, does nothing but call __asan_init,
#     __asan_version_mismatch_check_vN and __asan_register_globals
#     (__asan_unregister_globals), each left undefined in the file.  So a
#     second section of that name (the assembler's `unique` flag), a
#     constructor of priority 99, or an entry pointing anywhere else is
#     refused;
#   - sections that register Criterion tests, theories or hooks (cr_*, and
#     anything named after criterion or the graded_ harness), and any
#     section named like a C identifier, which the linker turns into a
#     table bounded by __start_NAME and __stop_NAME (Criterion's tables of
#     tests and hooks are such sections): a test of the student's own can
#     take the name of a real one and report it passed;
#   - ifunc symbols and IRELATIVE relocations, whose resolvers run while
#     the program is being loaded;
#   - sections the linker, its plugin or the loader give a meaning: code
#     for link-time optimisation (.gnu.lto_*, .llvmbc, ...), which the
#     plugin compiles after every check (a review hid a poll() there), a
#     section named like relocations that is not one (.rela.data.x of
#     type PROGBITS lands among the dynamic relocations the loader
#     applies: a review aimed one at poll's GOT slot), .dyn*, .got*,
#     .plt*, .interp, .hash, .gnu.version*, and names with blanks (which
#     fooled the link map's reading);
#   - symbols of GNU "unique" binding and common symbols, which `objcopy
#     -G` leaves global: a unique poll() of the submission's took the place
#     of the C library's in the harness's own calls, running the
#     submission's code in the process that holds the nonce;
#   - references to the harness (graded_*, callee_*), to Criterion (criterion_*,
#     cr_*, cri_*) and to its plumbing (bxf_*, bxfi_*, nn_*, pb_*), to the
#     bounds the linker makes for any section (__start_*, __stop_*, such as
#     __start_cr_tst, Criterion's table of tests) and to the bounds of the
#     initialisation arrays (__init_array_start ...).
# Not guaranteed here, but by the next steps (grader/unit/README.md):
# replacing C library or harness functions (write, graded_test_passed,
# ...) is taken care of by `objcopy -G`, which makes every symbol of the
# submission but the required ones local; references to the harness or
# Criterion under any other name, and anything the linker still puts
# before `main`, are refused on the linked binary by vet-binary.sh.
set -u

# Undefined names a submission may not refer to (an extended regex).
FORBIDDEN_REFERENCES='^(graded_|callee_|criterion_|cr_|cri_|bxf_|bxfi_|nn_|pb_|__start_|__stop_|__(preinit|init|fini)_array_(start|end)$)'

# The per-file constructor (I) and destructor (D) the sanitizer adds.
ASAN_FUNCTION='^_sub_[ID]_00099_[0-9]+$'

# sections OBJ: "index type flags size info offset name" a line, from readelf
# -SW, parsed from the right (the flags column may be empty, a name may
# hold spaces).
sections() {
    readelf -SW "$1" | sed -n 's/^ *\[ *\([0-9][0-9]*\)\] /\1 /p' | awk '
        $1 == 0 { next }    # the null section
        {
            if ($(NF - 3) ~ /^[0-9a-f][0-9a-f]+$/) { flags = "-"; last = NF - 8 }
            else { flags = $(NF - 3); last = NF - 9 }
            name = $2
            for (i = 3; i <= last; i++) name = name " " $i
            print $1, $(last + 1), flags, $(last + 4), $(NF - 1), $(last + 3), name
        }'
}

# symbols OBJ: "index value size type bind ndx name" a line.
symbols() {
    readelf -sW "$1" | awk '$1 ~ /^[0-9]+:$/ && NF >= 8 {
        name = $8
        for (i = 9; i <= NF; i++) name = name " " $i
        print substr($1, 1, length($1) - 1), $2, $3, $4, $5, $7, name }'
}

# array_problems OBJ SECTIONS: the initialisation and finalisation code of
# OBJ, one problem a line; prints "asan INDEX KIND" for each section that
# may be the sanitizer's own, still to be checked by asan_entry_ok.
array_problems() {
    printf '%s\n' "$2" | awk -v obj="$1" '
        {
            idx = $1; type = $2; size = $4; name = $7
            for (i = 8; i <= NF; i++) name = name " " $i
            array = type ~ /^(INIT_ARRAY|FINI_ARRAY|PREINIT_ARRAY)$/ \
                || name ~ /^\.(preinit_array|init_array|fini_array|ctors|dtors|init|fini)/
            if (!array) next
            kind = (type == "INIT_ARRAY" && name == ".init_array.00099") ? "I" : \
                   (type == "FINI_ARRAY" && name == ".fini_array.00099") ? "D" : ""
            count[kind == "" ? name : kind]++
            if (kind != "" && size ~ /^0*8$/) { candidate[kind] = idx; next }
            printf "%s: runs code before or after the tests (section %s of type %s: a constructor, destructor or the like)\n", obj, name, type
        }
        END {
            for (k in candidate)
                if (count[k] == 1) print "asan", candidate[k], k
                else printf "%s: runs code before or after the tests (%d sections %s: a constructor hidden beside the sanitizer'"'"'s)\n", obj, count[k], (k == "I" ? ".init_array.00099" : ".fini_array.00099")
        }'
}

# asan_entry_ok OBJ INDEX KIND SECTIONS SYMBOLS: the array section INDEX
# holds one relocation, to the start of the local function the sanitizer
# makes (KIND I: constructor, D: destructor), and that function only calls
# the sanitizer's registration functions.  Prints the function's name.
asan_entry_ok() {
    obj=$1 index=$2 kind=$3 secs=$4 syms=$5
    # The relocation section whose sh_info is INDEX; its file offset
    # names it in readelf -r's output.
    offset=$(printf '%s\n' "$secs" | awk -v i="$index" '
        $2 == "RELA" && $5 == i { n++; offset = $6 } END { if (n == 1) print offset }')
    [ -n "$offset" ] || return 1
    entry=$(readelf -rW "$obj" | awk -v off="$offset" '
        /^Relocation section/ { sub(/^0+/, "", off); on = ($0 ~ ("at offset 0x" off " ")); next }
        on && $1 ~ /^[0-9a-f]+$/ && NF >= 3 { n++; line = $0 }
        END { if (n == 1) print line }')
    [ -n "$entry" ] || return 1
    # offset info type value name + addend: the symbol's index is the
    # high half of info.
    set -- $entry
    [ "$1" = 0000000000000000 ] && [ "$3" = R_X86_64_64 ] || return 1
    symbol=$((0x$2 >> 32))
    addend=0
    [ "$#" -ge 7 ] && [ "$6" = + ] && addend=$((0x$7))
    found=$(printf '%s\n' "$syms" | awk -v s="$symbol" -v a="$addend" -v pat="$ASAN_FUNCTION" -v kind="$kind" '
        function hex(h,   i, n) { n = 0; h = tolower(h)
            for (i = 1; i <= length(h); i++) n = n * 16 + index("0123456789abcdef", substr(h, i, 1)) - 1
            return n }
        $1 == s { if ($4 == "SECTION" || $4 == "FUNC") { sec = $6; at = hex($2) + a } }
        { sym[NR] = $0 }
        END {
            if (sec == "" || sec == "UND") exit
            for (i = 1; i <= NR; i++) {
                split(sym[i], f, " ")
                if (f[4] == "FUNC" && f[5] == "LOCAL" && f[6] == sec && hex(f[2]) == at \
                    && f[7] ~ pat && substr(f[7], 6, 1) == kind) print f[7], at, f[3], sec
            }
        }')
    [ -n "$found" ] && [ "$(printf '%s\n' "$found" | wc -l)" -eq 1 ] || return 1
    set -- $found
    # The function's section, by name: it must be the only one so named.
    text=$(printf '%s\n' "$secs" | awk -v i="$4" '$1 == i { print $7 (NF > 7 ? " more" : "") }')
    [ -n "$text" ] && [ "$(printf '%s\n' "$secs" | awk -v n="$text" '$7 == n && NF == 7' | wc -l)" -eq 1 ] ||
        return 1
    asan_body_ok "$obj" "$text" "$2" "$3" "$kind" "$syms" || return 1
    echo "$1"
}

# asan_body_ok OBJ SECTION START SIZE KIND SYMBOLS: the SIZE bytes at START
# in SECTION are only frame set-up, argument loads and calls, each call
# relocated to one of the sanitizer's registration functions (undefined in
# OBJ) and each address load to the file's own data.
asan_body_ok() {
    if [ "$5" = I ]; then
        calls='__asan_(init|version_mismatch_check_v[0-9]+|register_globals)'
    else
        calls='__asan_unregister_globals'
    fi
    defined=$(printf '%s\n' "$6" | awk '$6 != "UND" && $7 ~ /^__asan_/ { print $7 }')
    [ -z "$defined" ] && [ "$4" -gt 0 ] || return 1
    # objdump may also print relocations outside the range asked for:
    # those are skipped by their offset.
    objdump -d -r --no-show-raw-insn -j "$2" --start-address="$3" --stop-address="$(($3 + $4))" \
        "$1" 2>/dev/null | awk -v calls="^($calls)-0x4\$" -v lo="$3" -v hi="$(($3 + $4))" '
        function hex(h,   i, n) { n = 0; h = tolower(h)
            for (i = 1; i <= length(h); i++) n = n * 16 + index("0123456789abcdef", substr(h, i, 1)) - 1
            return n }
        /^[ \t]*[0-9a-f]+:[ \t]/ {
            at = $1
            sub(/:$/, "", at)
            if (hex(at) < lo || hex(at) >= hi) next
            sub(/^[ \t]*[0-9a-f]+:[ \t]+/, "")
            if ($1 ~ /^R_X86_64_/) {
                if ($1 == "R_X86_64_PLT32" && expect == "call" && $2 ~ calls) { expect = ""; next }
                if ($1 == "R_X86_64_PC32" && expect == "lea" && $2 ~ /^\.data[.a-z]*([+-]0x[0-9a-f]+)?$/) { expect = ""; next }
                bad = 1; next
            }
            if (expect != "") bad = 1
            n++
            if ($1 == "call") { expect = "call"; next }
            if ($0 ~ /^lea +0x0\(%rip\),%rdi/) { expect = "lea"; next }
            if ($0 ~ /^(push|pop) +%rbp$/ || $0 ~ /^(ret|endbr64)$/) next
            if ($0 ~ /^mov +%rsp,%rbp$/ || $0 ~ /^(sub|add) +\$0x[0-9a-f]+,%rsp$/) next
            if ($0 ~ /^mov +\$0x[0-9a-f]+,%e?si$/) next
            bad = 1
        }
        END { exit (bad || expect != "" || n == 0) }'
}

status=0
for obj in "$@"; do
    sections=$(sections "$obj" 2>/dev/null) && [ -n "$sections" ] || {
        echo "$obj: readelf cannot read it"
        exit 2
    }
    # readelf rather than nm: nm loads the compiler's LTO plugin first,
    # which costs ten times the reading.
    symbols=$(symbols "$obj" 2>/dev/null) || {
        echo "$obj: readelf cannot read its symbols"
        exit 2
    }
    problems=$(
        array_problems "$obj" "$sections" | while read -r first index kind; do
            if [ "$first" = asan ]; then
                asan_entry_ok "$obj" "$index" "$kind" "$sections" "$symbols" >/dev/null ||
                    echo "$obj: runs code before or after the tests (the entry of $( [ "$kind" = I ] && echo .init_array.00099 || echo .fini_array.00099) is not the sanitizer's own)"
            else
                echo "$first $index $kind"
            fi
        done
        printf '%s\n' "$sections" | awk -v obj="$obj" '{
            name = $7
            for (i = 8; i <= NF; i++) name = name " " $i
            if (name ~ /[ \t]/)
                printf "%s: has a section whose name holds blanks (%s)\n", obj, name
            else if (name ~ /^\.(gnu\.lto_|gnu\.debuglto_|gnu\.offload_lto_|llvmbc|llvmcmd)/)
                printf "%s: carries code for link-time optimisation (section %s), which no check of the object sees\n", obj, name
            else if ((name ~ /^\.rel/ && $2 != "REL" && $2 != "RELA") || (($2 == "REL" || $2 == "RELA") && $3 ~ /A/))
                printf "%s: has a section named like relocations that is not one (section %s of type %s), which the linker would hand to the loader\n", obj, name, $2
            else if (name ~ /^\.(dyn|got|plt|interp$|hash$|gnu\.hash|gnu\.version)/)
                printf "%s: has a section of the linker'"'"'s or the loader'"'"'s own (%s)\n", obj, name
            else if (name ~ /^\.?cr_/ || tolower(name) ~ /criterion|graded/)
                printf "%s: registers tests or hooks with Criterion (section %s)\n", obj, name
            else if (name ~ /^[A-Za-z_][A-Za-z0-9_]*$/)
                printf "%s: adds to a table the linker builds (section %s, bounded by __start_%s and __stop_%s, as Criterion registers its tests)\n", obj, name, name, name }'
        printf '%s\n' "$symbols" | awk -v obj="$obj" -v forbidden="$FORBIDDEN_REFERENCES" '
            $4 == "IFUNC" {
                printf "%s: defines an ifunc (%s), which runs while the program loads\n", obj, $7
            }
            $5 == "UNIQUE" || $6 == "COM" {
                printf "%s: defines %s with a binding that stays global in the test binary (%s), so it could take the place of a function or variable of the harness or of the C library\n", obj, $7, ($6 == "COM" ? "COMMON" : "UNIQUE")
            }
            $6 == "UND" && $7 ~ forbidden {
                printf "%s: refers to the test harness or to Criterion (%s)\n", obj, $7
            }'
        readelf -rW "$obj" 2>/dev/null | awk -v obj="$obj" '$3 == "R_X86_64_IRELATIVE" {
            printf "%s: has an IRELATIVE relocation, whose resolver runs while the program loads\n", obj; exit }'
    )
    if [ -n "$problems" ]; then
        printf '%s\n' "$problems"
        status=1
    fi
done
exit "$status"

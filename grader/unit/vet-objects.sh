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
# the tests or outside them, so this refuses:
#   - initialisation and finalisation code: any section named .init_array*,
#     .fini_array*, .preinit_array*, .ctors*, .dtors*, .init or .fini
#     (constructors and destructors), except the one 8-byte entry per file
#     that -fsanitize=address adds itself, in .init_array.00099 and
#     .fini_array.00099 (a student's constructor of that priority makes the
#     section larger, and is refused too);
#   - sections that register Criterion tests, theories or hooks (cr_*, and
#     anything named after criterion or the graded_ harness): a test of the
#     student's own can take the name of a real one and report it passed;
#   - ifunc symbols, whose resolvers run while the program is being loaded;
#   - references to the harness (graded_*), to Criterion (criterion_*, cr_*)
#     and to its plumbing (bxf_*, nn_*).
# Replacing C library functions (write, getrandom, ...) is not refused here:
# the grader's `objcopy -G` step makes every symbol of the submission but
# the required ones local, which takes care of it (see README.md).
set -u

status=0
for obj in "$@"; do
    sections=$(objdump -h "$obj" 2>/dev/null) || {
        echo "$obj: objdump cannot read it"
        exit 2
    }
    # readelf rather than nm: nm loads the compiler's LTO plugin first,
    # which costs ten times the reading.
    symbols=$(readelf -sW "$obj" 2>/dev/null) || {
        echo "$obj: readelf cannot read it"
        exit 2
    }
    problems=$(
        printf '%s\n' "$sections" | awk -v obj="$obj" '
            # Section lines: index, name, size (hex), VMA, LMA, offset, align.
            $1 ~ /^[0-9]+$/ && NF >= 7 {
                name = $2
                size = $3
                sub(/^0+/, "", size)
                if (name ~ /^\.(init_array|fini_array)\.00099$/ && (size == "" || size == "8"))
                    next
                if (name ~ /^\.(preinit_array|init_array|fini_array|ctors|dtors)($|\.)/ \
                    || name == ".init" || name == ".fini")
                    printf "%s: runs code before or after the tests (section %s: a constructor, destructor or the like)\n", obj, name
                else if (name ~ /^\.?cr_/ || tolower(name) ~ /criterion|graded/)
                    printf "%s: registers tests or hooks with Criterion (section %s)\n", obj, name
            }'
        printf '%s\n' "$symbols" | awk -v obj="$obj" '
            # readelf -sW: "N:", value, size, type, bind, visibility,
            # section index (UND: undefined), name.
            $1 !~ /^[0-9]+:$/ || NF < 8 { next }
            $4 == "IFUNC" {
                printf "%s: defines an ifunc (%s), which runs while the program loads\n", obj, $8
            }
            $7 == "UND" && $8 ~ /^(graded_|criterion_|cr_|bxf_|nn_)/ {
                printf "%s: refers to the test harness or to Criterion (%s)\n", obj, $8
            }'
    )
    if [ -n "$problems" ]; then
        printf '%s\n' "$problems"
        status=1
    fi
done
exit "$status"

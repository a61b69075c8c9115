# layout.test.sh -- the kit's architecture holds: generic code knows no
# assignment, every assignment has its whole layout, and the generic
# modules depend on each other without cycles.
#
#   - No identifier of an assignment -- its id, its header's names, its
#     program, its required symbols -- appears in the code or strings of
#     the generic grader (grader/ outside grader/assignments/; comments,
#     which may quote an example, are stripped first).  Required symbols
#     that are plain English words (owner, winner) are left out: generic
#     code may well have an "owner"; those with an underscore or a capital
#     inside (check_move, YourMove) are kept.  The names come from the grader
#     itself (grade --list-assignments), so a new assignment is covered
#     without editing this file.
#   - Every assignment the grader knows has solution/<id>/ with its
#     header, starter/<id>/, handout/<id>/handout.md, sample_io/<id>/public,
#     grader/assignments/<id>/rubric.txt and unit tests, and tests/<id>/.
#   - No generic source file depends on another that depends back on it
#     (through the symbols their objects define and use), and no folder
#     of grader/ on another that depends back on it.
# Run through tests/run.sh after `make`.
. tests/lib.sh
set -u

if [ ! -x build/grade ]; then
    skip "layout" "build/grade is missing (run make)"
    exit 0
fi
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
build/grade --list-assignments >"$TMP/assignments" || exit 1

# The generic sources: every .c/.h of grader/ but the assignments' own.
generic_sources() {
    find grader -name '*.[ch]' -not -path 'grader/assignments/*' | sort
}

# The code and strings of FILE, comments removed.
code_of() {
    gcc -fpreprocessed -dD -E -P -x c "$1" 2>/dev/null
}

# The identifiers of one --list-assignments line: id (and its C spelling),
# header and its other names, program, required symbols but plain words.
identifiers() {
    echo "$1" | awk -F'\t' '{
        print $1; id = $1; gsub("-", "_", id); print id; print $3; print $4
        n = split($5, req, ","); for (i = 1; i <= n; i++) if (req[i] ~ /_|[a-z][A-Z]/) print req[i]
        n = split($6, alias, ","); for (i = 1; i <= n; i++) print alias[i]
    }' | sort -u
}

no_assignment_names_in_generic_code() {
    status=0
    for f in $(generic_sources); do
        code_of "$f" >"$TMP/code"
        while IFS= read -r line; do
            for word in $(identifiers "$line"); do
                # Whole words only: "halma" but not "halmas".
                if grep -n -w -F -- "$word" "$TMP/code" >"$TMP/hits"; then
                    echo "$f names '$word' (assignment $(echo "$line" | cut -f1)):"
                    sed 's/^/    /' "$TMP/hits" | head -n 3
                    status=1
                fi
            done
        done <"$TMP/assignments"
    done
    return $status
}

# every_assignment_is_complete: the folders of each assignment exist.
every_assignment_is_complete() {
    status=0
    while IFS="$(printf '\t')" read -r id _title header _program _rest; do
        for path in "solution/$id/$header" "starter/$id" "handout/$id/handout.md" \
                    "sample_io/$id/public" "grader/assignments/$id/rubric.txt" \
                    "grader/assignments/$id/unit/public" "grader/assignments/$id/unit/hidden" \
                    "tests/$id"; do
            [ -e "$path" ] || { echo "$id: $path is missing"; status=1; }
        done
    done <"$TMP/assignments"
    return $status
}

# Which of the objects named on stdin (one "OBJECT MODULE" per line) uses
# which (a symbol one defines and the other uses), as "USER DEFINER" lines
# of module names.
edges_between() {
    while read -r o m; do
        nm "$o" | awk -v m="$m" '$1 == "U" { print "use", m, $2 }
                                 $2 ~ /^[TDBRC]$/ { print "def", m, $3 }'
    done | awk '$1 == "def" { def[$3] = $2 } $1 == "use" { use[NR] = $2 " " $3 }
                END { for (i in use) { split(use[i], u, " ")
                          if ((u[2] in def) && def[u[2]] != u[1]) print u[1], def[u[2]] } }' | sort -u
}

# The generic objects of build/obj, as paths under it.  grader/exec/ (the
# sandbox's static helper) and grader/unit/ (compiled into each test
# binary) are built elsewhere; grader/cli/ holds the programs' mains.
object_edges() {
    # The objects of today's sources only: build/obj may hold stale ones.
    generic_sources | grep '\.c$' | grep -v -e '^grader/cli/' -e '^grader/unit/' -e '^grader/exec/' |
    sed 's|^grader/\(.*\)\.c$|build/obj/\1.o|' | while IFS= read -r o; do
        [ -f "$o" ] || { echo "missing $o (run make)" >&2; continue; }
        m=${o#build/obj/}
        echo "$o ${m%.o}"
    done | edges_between
}

# The sandbox helper's files, compiled here (they are linked straight into
# build/sandbox-exec, with no objects kept).
exec_edges() {
    mkdir -p "$TMP/exec"
    for c in grader/exec/*.c; do
        b=$(basename "$c" .c)
        gcc -std=c11 -c "$c" -o "$TMP/exec/$b.o" || return 1
        echo "$TMP/exec/$b.o exec/$b"
    done | edges_between
}

# A file's module: its folder under grader/ ("." for the top).
folder_edges() {
    awk '{ a = $1; b = $2
           sub(/\/[^\/]*$/, "", a); if (a == $1) a = "."
           sub(/\/[^\/]*$/, "", b); if (b == $2) b = "."
           sub(/\/.*/, "", a); sub(/\/.*/, "", b)
           if (a != b) print a, b }' "$1" | sort -u
}

# tsort names a cycle on stderr and exits non-zero.
acyclic() {
    tsort "$1" >/dev/null 2>"$TMP/cycles" && return 0
    echo "$2:"
    cat "$TMP/cycles"
    return 1
}

no_cycles_between_files() {
    object_edges >"$TMP/edges" && [ -s "$TMP/edges" ] || { echo "no objects in build/obj"; return 1; }
    acyclic "$TMP/edges" "files that use each other (directly or through others)"
}

no_cycles_in_the_sandbox_helper() {
    exec_edges >"$TMP/exec_edges" && [ -s "$TMP/exec_edges" ] || { echo "grader/exec/ did not compile"; return 1; }
    acyclic "$TMP/exec_edges" "files of grader/exec/ that use each other"
}

no_cycles_between_folders() {
    object_edges >"$TMP/edges" && folder_edges "$TMP/edges" >"$TMP/folders"
    acyclic "$TMP/folders" "folders of grader/ that use each other"
}

check "layout: generic grader code names no assignment's identifiers" no_assignment_names_in_generic_code
check "layout: every assignment has its solution, starter, handout, sessions, rubric, unit tests and tests" \
    every_assignment_is_complete
check "layout: no dependency cycle between the grader's generic source files" no_cycles_between_files
check "layout: no dependency cycle between the sandbox helper's files (grader/exec/)" \
    no_cycles_in_the_sandbox_helper
check "layout: no dependency cycle between the grader's folders" no_cycles_between_folders

# Each assignment's default rubric, resolved against its own tests, gives
# 100 points, and every rule takes at least one test (no "takes no test"
# warning).
rubrics_sum_to_100() {
    status=0
    for id in $(cut -f1 "$TMP/assignments"); do
        [ -d "sample_io/$id" ] && [ -f "build/unit/$id/hidden.list" ] || continue
        if ! build/grade -a "$id" --tests all --explain >"$TMP/explain" 2>&1; then
            echo "$id: grade --explain failed:"; cat "$TMP/explain"; status=1; continue
        fi
        grep -q '^  total      100 ' "$TMP/explain" ||
            { echo "$id: $(grep '^  total' "$TMP/explain")"; status=1; }
        if grep -qi 'takes no test' "$TMP/explain"; then
            echo "$id:"; grep -i 'takes no test' "$TMP/explain"; status=1
        fi
    done
    return $status
}
check "layout: every assignment's rubric gives 100 points, every rule takes a test" rubrics_sum_to_100

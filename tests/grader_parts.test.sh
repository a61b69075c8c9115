# grader_parts.test.sh -- the Criterion tests of the grader's parts:
# comparison and diff rendering, rubric parsing, report formats, sandbox.
# Built by `make check` into build/tests/.
. tests/lib.sh

for binary in build/tests/*_test; do
    [ -x "$binary" ] || continue
    criterion "$(basename "$binary")" "$binary" --jobs=2
done

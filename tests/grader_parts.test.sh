# grader_parts.test.sh -- the Criterion tests of the grader's parts:
# comparison and diff rendering, rubric parsing, report formats, sandbox.
# Built by `make check` into build/tests/ (an assignment's own, from
# tests/<id>/*_test.c, into build/tests/<id>/).
. tests/lib.sh

for binary in build/tests/*_test build/tests/*/*_test; do
    [ -x "$binary" ] || continue
    name=${binary#build/tests/}
    criterion "$name" "$binary" --jobs=2
done

# back.test.sh -- the files going back to the LMS, on what real exports
# look like and on what must stop grade-all, without grading anyone (the
# class holds only students with nothing to grade: seconds).
#
# Fixtures (tests/lms/back/): worksheet-excel.csv is Moodle's grading
# worksheet as Excel saves it in a European locale -- a byte order mark,
# ';' between cells, CRLF, "100,00", a quoted cell holding ';' and
# doubled quotes; worksheet-excel-expected.csv, written by hand, is what
# must come back: the same bytes but the Grade and Feedback comments of
# the three students (a bad archive, online text only, nobody), quoted
# the way the file quotes.
. tests/lib.sh

if [ ! -x build/grade-all ]; then
    skip lms_back "build/grade-all is missing (run make)"
    exit 0
fi

TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
A=chinese-checkers
B=tests/lms/back

# Moodle's download of two students with nothing gradable: a zip holding
# a link out (hostile_symlink), and online text only.
d=$TMP/moodle && mkdir -p "$d/Larry O'Link_2004_assignsubmission_file_" \
    "$d/Ed Zero_2005_assignsubmission_onlinetext_" "$TMP/h" &&
ln -s /etc/passwd "$TMP/h/board.c" && (cd "$TMP/h" && zip -qy "$d/Larry O'Link_2004_assignsubmission_file_/hw1.zip" board.c) &&
printf '<p>see the text</p>\n' >"$d/Ed Zero_2005_assignsubmission_onlinetext_/onlinetext.html" ||
    { echo "back.test.sh: cannot build the class"; exit 1; }

excel_worksheet_back_as_excel() {
    build/grade-all "$d" -o "$TMP/x" -a $A --roster $B/worksheet-excel.csv >"$TMP/x.log" 2>&1 &&
    cmp "$TMP/x/moodle-worksheet.csv" $B/worksheet-excel-expected.csv &&
    [ "$(unzip -Z1 "$TMP/x/moodle-feedback.zip" 2>&1)" = "Empty zipfile." ] ||
    { cat "$TMP/x.log"; od -c "$TMP/x/moodle-worksheet.csv" | head -30; return 1; }
}

# A worksheet that cannot take the grades back stops grade-all before
# anything is graded or written, naming the file and line.
worksheet_without_grade_refused() {
    sed '1s/;Grade;/;Note;/' $B/worksheet-excel.csv >"$TMP/nograde.csv" &&
    ! build/grade-all "$d" -o "$TMP/n" -a $A --roster "$TMP/nograde.csv" >"$TMP/n.log" 2>&1 &&
    grep -q "nograde.csv:1: Moodle's worksheet without a Grade column" "$TMP/n.log" &&
    [ ! -e "$TMP/n/grades.csv" ] && [ ! -e "$TMP/n/moodle-worksheet.csv" ] ||
    { cat "$TMP/n.log"; return 1; }
}

# A roster row without its key (a cell left out) names its line.
roster_row_without_key_refused() {
    sed '3s/^Participant 2005;/;/' $B/worksheet-excel.csv >"$TMP/nokey.csv" &&
    ! build/grade-all "$d" -o "$TMP/k" -a $A --roster "$TMP/nokey.csv" >"$TMP/k.log" 2>&1 &&
    grep -q "nokey.csv:3: this student has no id" "$TMP/k.log" &&
    [ ! -e "$TMP/k/grades.csv" ] ||
    { cat "$TMP/k.log"; return 1; }
}

check lms_back_excel_worksheet_back_as_excel excel_worksheet_back_as_excel
check lms_back_worksheet_without_grade_refused worksheet_without_grade_refused
check lms_back_roster_row_without_key_refused roster_row_without_key_refused

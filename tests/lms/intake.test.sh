# intake.test.sh -- grade-all takes the class in as each LMS hands it
# over (grader/batch/lms.h): Canvas, Moodle (folders and loose files),
# Gradescope and plain folders, zipped or not; rosters of each LMS; junk,
# resubmissions, students' own archives, hostile archives, bad rosters.
# Nearly everything runs with --list, which takes the class in and prints
# the grouping without grading (seconds); one check grades a single
# Canvas student to show the roster's "missing" row in grades.csv.
#
# Fixtures (tests/lms/) mirror real downloads, unpacked: canvas/ (loose
# NAME_[late_]USERID_SUBMISSIONID_FILE files, a resubmission -1/-2, two
# students named alike, an empty file, a stray README), moodle/ (folders
# "Full Name_NNN_assignsubmission_file_", accents and apostrophes, online
# text, .DS_Store and a.out), moodle-loose/ (the same as prefixed files),
# gradescope/ (assignment_555_export with submission_metadata.yml and a
# group submission), and each LMS's roster CSV.  Archives are made here.
. tests/lib.sh

if [ ! -x build/grade-all ]; then
    skip lms_intake "build/grade-all is missing (run make)"
    exit 0
fi

TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
F=tests/lms
A=chinese-checkers

# list NAME SUBMISSIONS [options]: --list into $TMP/NAME; output in $TMP/NAME.out.
list() {
    _n=$1 _s=$2
    shift 2
    build/grade-all "$_s" -o "$TMP/$_n" -a $A --list "$@" >"$TMP/$_n.out" 2>"$TMP/$_n.err"
}

# has NAME LINE...: each LINE is a whole line of $TMP/NAME.out.
has() {
    _n=$1
    shift
    for _l in "$@"; do
        grep -qxF -- "$_l" "$TMP/$_n.out" || { echo "missing line: $_l"; cat "$TMP/$_n.out" "$TMP/$_n.err"; return 1; }
    done
}

# staged NAME ID: the folder grade-all grades for student ID.
staged() {
    _n=$1 _id=$2
    _in=$(grep -F -- "$_id <- " "$TMP/$_n.out" | head -n 1 | sed 's|.* in \(\.intake/class/[0-9]*\).*|\1|')
    echo "$TMP/$_n/$_in"
}

canvas_groups_each_student() {
    list canvas $F/canvas &&
    has canvas "format: canvas (detected; --lms names another)" \
        "student doejane_12345	to grade" "student smithjohn_23456	to grade" \
        "student leeanna_34567	to grade" "student leeanna_45678	to grade" \
        "student obrienmarieclaire_56789	to grade" \
        "student zeroeve_67890	missing: empty submission" \
        "student README.txt	bad archive: not named as Canvas names submissions" &&
    d=$(staged canvas doejane_12345) && [ -f "$d/checkers.c" ] && [ -f "$d/game.c" ]
}

canvas_keeps_the_newest_resubmission() {
    list canvas $F/canvas &&
    d=$(staged canvas smithjohn_23456) &&
    [ "$(ls "$d")" = game.c ] && grep -q 'the newest' "$d/game.c" &&
    grep -q 'game-1.c is an older upload of game.c' "$TMP/canvas.out" &&
    grep -q 'smithjohn_23456: game.c marked late by Canvas' "$TMP/canvas.out"
}

canvas_zip_as_downloaded() {
    (cd $F/canvas && zip -q "$TMP/submissions.zip" ./*) &&
    list zipped "$TMP/submissions.zip" &&
    list canvas $F/canvas &&
    [ "$(grep '^student' "$TMP/zipped.out")" = "$(grep '^student' "$TMP/canvas.out")" ]
}

# A student's own zip: unpacked in place, __MACOSX/, ._* and a.out left
# out; one whose member names clash with loose files goes to a folder.
canvas_student_archive_unpacked() {
    c=$TMP/in1 && mkdir -p "$c" "$TMP/z/__MACOSX" && cp $F/canvas/doejane_* "$c/" &&
    printf 'int g;\n' >"$TMP/z/game.c" && printf 'x' >"$TMP/z/a.out" &&
    printf 'x' >"$TMP/z/__MACOSX/._game.c" &&
    (cd "$TMP/z" && zip -qr "$c/nguyenan_11111_900050_hw3.zip" . &&
                    zip -qr "$c/doejane_12345_900003_hw3.zip" .) &&
    list c1 "$c" &&
    n=$(staged c1 nguyenan_11111) && [ "$(ls -A "$n")" = game.c ] &&
    d=$(staged c1 doejane_12345) && [ -f "$d/hw3/game.c" ] && [ -f "$d/game.c" ] &&
    [ ! -e "$d/hw3/__MACOSX" ] && grep -q 'left out a.out' "$TMP/c1.out"
}

# Hostile archives among the students': each is that student's verdict.
canvas_hostile_student_archives() {
    c=$TMP/in2 && mkdir -p "$c" "$TMP/h/d" && cp $F/canvas/doejane_* "$c/" &&
    printf 'x\n' >"$TMP/h/up.c" && (cd "$TMP/h/d" && zip -q "$c/climbc_21_1_a.zip" ../up.c) &&
    ln -s /etc/passwd "$TMP/h/link.c" && (cd "$TMP/h" && zip -qy "$c/linkl_22_2_a.zip" link.c) &&
    head -c 30000000 /dev/zero >"$TMP/h/big.c" && (cd "$TMP/h" && zip -q "$c/bombb_23_3_a.zip" big.c) &&
    printf 'PK\003\004truncated' >"$c/brokenb_24_4_a.zip" &&
    list c2 "$c" &&
    grep -q '^student climbc_21	bad archive: a.zip: member .*climbs out' "$TMP/c2.out" &&
    grep -q '^student linkl_22	bad archive: a.zip: symbolic link .*points outside' "$TMP/c2.out" &&
    grep -q '^student bombb_23	bad archive: a.zip: unpacks to more than the size cap' "$TMP/c2.out" &&
    grep -q '^student brokenb_24	bad archive: a.zip: ' "$TMP/c2.out" &&
    has c2 "student doejane_12345	to grade"
}

# A student's archives share one budget (archive.h's caps for the whole
# submission): two zips of 12 MiB each, or of 300 files each, each under
# the caps alone, are "bad archive" together; one of each is staged.
canvas_archives_share_one_cap() {
    c=$TMP/in-cap && mkdir -p "$c" "$TMP/cap/b" "$TMP/cap/m" && cp $F/canvas/doejane_* "$c/" &&
    head -c $((12 << 20)) /dev/zero >"$TMP/cap/b/big.c" &&
    (cd "$TMP/cap/b" && zip -q9 "$c/bigb_41_1_a.zip" big.c && cp "$c/bigb_41_1_a.zip" "$c/bigb_41_2_b.zip" &&
     cp "$c/bigb_41_1_a.zip" "$c/oneb_43_1_a.zip") &&
    (cd "$TMP/cap/m" && for i in $(seq 300); do echo "$i" >"f$i.c"; done &&
     zip -q "$c/manym_42_1_a.zip" ./*.c && cp "$c/manym_42_1_a.zip" "$c/manym_42_2_b.zip") &&
    list cap "$c" &&
    grep -q '^student bigb_41	bad archive: .*more than' "$TMP/cap.out" &&
    grep -q '^student manym_42	bad archive: .*more than' "$TMP/cap.out" &&
    has cap "student oneb_43	to grade" "student doejane_12345	to grade"
}

# A file name too long to be written (Canvas's prefix on a 250-byte name)
# is that student's "bad archive"; the class is still taken in.
canvas_long_name_is_one_student() {
    mkdir -p "$TMP/ln" && (cd $F/canvas && zip -q "$TMP/ln/dl.zip" doejane_12345_900001_checkers.c) &&
    printf 'x\n' >"$TMP/ln/a.c" && (cd "$TMP/ln" && zip -q dl.zip a.c) &&
    printf '@ a.c\n@=mallory_1001_501_%s.c\n' "$(printf 'a%.0s' $(seq 248))" | zipnote -w "$TMP/ln/dl.zip" &&
    list ln "$TMP/ln/dl.zip" --lms canvas &&
    has ln "student mallory_1001	bad archive: a file name longer than 255 bytes" \
        "student doejane_12345	to grade"
}

# A name longer than an id may be (200 bytes) loses bytes of its name,
# never its "_NUMBER": two long names alike stay two students, each with
# the LMS's number that late times and gradebooks match on.
moodle_long_names_keep_their_number() {
    long=$(printf '\347\216\213%.0s' $(seq 70)) &&
    mkdir -p "$TMP/in-lm/${long}_1002_assignsubmission_file_" "$TMP/in-lm/${long} Jr_1003_assignsubmission_file_" &&
    echo 'int x;' >"$TMP/in-lm/${long}_1002_assignsubmission_file_/game.c" &&
    echo 'int x;' >"$TMP/in-lm/${long} Jr_1003_assignsubmission_file_/game.c" &&
    list lm "$TMP/in-lm" --lms moodle &&
    [ "$(grep -c '^student .*_100[23]	to grade$' "$TMP/lm.out")" -eq 2 ] &&
    [ "$(grep '^student ' "$TMP/lm.out" | cut -f1 | awk '{ print length($0) }' | sort -n | tail -1)" -le 208 ]
}

# An id that is a name grade-all writes in OUTDIR is refused, in a folder
# class and from an LMS alike (a student named similarity.csv would switch
# the similarity check off).
reserved_ids_refused() {
    c=$TMP/in-res && mkdir -p "$c/alice" "$c/similarity" "$c/assignment" "$TMP/res" &&
    for d in alice similarity assignment; do echo 'int x;' >"$c/$d/game.c"; done &&
    (cd "$c/alice" && zip -q "$c/similarity.csv.zip" game.c && zip -q "$c/similarity.html.zip" game.c) &&
    list res "$c" --lms folders &&
    for d in similarity similarity.csv similarity.html assignment; do
        has res "student $d	bad archive: the name '$d' is reserved for grade-all's files" || return 1
    done &&
    has res "student alice	to grade" &&
    g=$TMP/in-resg && mkdir -p "$g/moodle-worksheet.csv" && echo 'int x;' >"$g/moodle-worksheet.csv/game.c" &&
    printf 'moodle-worksheet.csv:\n  :created_at: 2026-03-01 10:00:00 -08:00\n' >"$g/submission_metadata.yml" &&
    list resg "$g" --lms gradescope &&
    has resg "student moodle-worksheet.csv	bad archive: the name 'moodle-worksheet.csv' is reserved for grade-all's files"
}

# A Moodle folder is named by the "_NNN_assignsubmission_TYPE_" that ends
# it: a Full Name holding that pattern cannot slip into another's folder.
moodle_folder_anchored_at_its_end() {
    b="Bob Smith_1003_assignsubmission_file_" &&
    mkdir -p "$TMP/in-mi/$b" "$TMP/in-mi/${b}_1005_assignsubmission_file_" &&
    echo 'int x;' >"$TMP/in-mi/$b/game.c" && echo 'int y;' >"$TMP/in-mi/${b}_1005_assignsubmission_file_/zz.c" &&
    list mi "$TMP/in-mi" --lms moodle &&
    has mi "student Bob Smith_1003	to grade" "student ${b}_1005	to grade" &&
    [ "$(ls "$(staged mi 'Bob Smith_1003')")" = game.c ]
}

# A download that is itself hostile stops grade-all, naming it.
hostile_download_refused() {
    mkdir -p "$TMP/hd/d" && printf 'x\n' >"$TMP/hd/up.c" &&
    (cd "$TMP/hd/d" && zip -q "$TMP/evil.zip" ../up.c) &&
    ! list evil "$TMP/evil.zip" &&
    grep -q 'evil.zip: the download cannot be unpacked safely: member .*climbs out' "$TMP/evil.err"
}

# A zip cut short -- the download, or a student's own -- is refused, even
# when cut between two members (its members then read like a complete,
# smaller zip: students or files would silently be missing).
truncated_zips_refused() {
    mkdir -p "$TMP/tz" && (cd $F/canvas && zip -q "$TMP/tz/full.zip" ./*) &&
    size=$(wc -c <"$TMP/tz/full.zip") &&
    head -c $((size - 30)) "$TMP/tz/full.zip" >"$TMP/tz/cut.zip" &&
    ! list cut "$TMP/tz/cut.zip" &&
    grep -q 'cut.zip: the download cannot be unpacked safely: truncated' "$TMP/cut.err" &&
    [ ! -e "$TMP/cut/grades.csv" ] &&
    c=$TMP/in-tz && mkdir -p "$c" && cp $F/canvas/doejane_* "$c/" &&
    (cd $F/canvas && zip -qX "$TMP/tz/two.zip" doejane_12345_900001_checkers.c doejane_12345_900002_game.c) &&
    first=$(unzip -v "$TMP/tz/two.zip" | awk 'NR == 4 { print $3 }') &&
    # the first member whole (its 30-byte header, 31-byte name, data), no more
    head -c $((30 + 31 + first)) "$TMP/tz/two.zip" >"$c/cutcarl_31_1_hw.zip" &&
    unzip -l "$c/cutcarl_31_1_hw.zip" 2>&1 | grep -q 'End-of-central-directory signature not found' &&
    list tz "$c" &&
    grep -q '^student cutcarl_31	bad archive: hw.zip: truncated' "$TMP/tz.out" &&
    has tz "student doejane_12345	to grade"
}

# Every assignment of the kit takes each LMS's download: its reference,
# packed as Canvas, Moodle and Gradescope pack a submission, is staged
# with exactly the reference's files (listing only; tests/lms/e2e.test.sh
# grades a class).
every_assignment_takes_each_lms() {
    for a in $(ls -d grader/assignments/*/ | xargs -n 1 basename); do
        r=$TMP/each-$a && mkdir -p "$r/canvas" "$r/moodle/Jane Doe_2001_assignsubmission_file_" \
            "$r/gs/submission_1" && n=100 &&
        for f in solution/$a/*; do
            n=$((n + 1)) && cp "$f" "$r/canvas/doejane_12345_900${n}_${f##*/}" &&
            cp "$f" "$r/moodle/Jane Doe_2001_assignsubmission_file_/" && cp "$f" "$r/gs/submission_1/"
        done &&
        printf 'submission_1:\n  :submitters:\n  - :name: Jane Doe\n    :sid: "2001"\n' \
            >"$r/gs/submission_metadata.yml" || return 1
        for lms in canvas moodle gs; do
            (cd "$r/$lms" && zip -qr "$r/$lms.zip" .) &&
            build/grade-all "$r/$lms.zip" -o "$r/out-$lms" -a "$a" --list >"$r/$lms.out" 2>&1 &&
            [ "$(grep -c '	to grade$' "$r/$lms.out")" -eq 1 ] &&
            diff -r "solution/$a" "$(ls -d "$r/out-$lms"/.intake/class/*)" ||
            { echo "$a from $lms:"; cat "$r/$lms.out"; return 1; }
        done
    done
}

moodle_folders() {
    list moodle $F/moodle &&
    has moodle "format: moodle (detected; --lms names another)" \
        "student José O'Brien-Smith_1001	to grade" "student Anna Lee_1002	to grade" \
        "student Anna Lee_1003	to grade" "student Bob Text_1004	missing: empty submission" \
        "student Carl Both_1005	to grade" \
        "  Carl Both_1005: onlinetext submission left out (the kit grades files)" \
        "  José O'Brien-Smith_1001: left out a.out (not meant to be handed in)" &&
    d=$(staged moodle "José O'Brien-Smith_1001") && [ "$(ls -A "$d")" = game.c ] &&
    d=$(staged moodle "Anna Lee_1003") && [ -f "$d/src/game.c" ]
}

# An unpacked download holding links: never followed, never staged (the
# only links below .intake are the kit's own in .intake/ids, each to a
# staged folder).
links_in_a_download_never_followed() {
    m=$TMP/in-links && mkdir -p "$m" && cp -R "$F/moodle/Carl Both_1005_assignsubmission_file_" "$m/" &&
    ln -s /etc/passwd "$m/Carl Both_1005_assignsubmission_file_/passwd.c" &&
    ln -s /etc "$m/Eve Link_1009_assignsubmission_file_" &&
    list links "$m" &&
    grep -q 'Carl Both_1005: left out passwd.c: not a regular file or folder' "$TMP/links.out" &&
    grep -q '^student Eve Link_1009_assignsubmission_file_	bad archive: not a file or folder' "$TMP/links.out" &&
    d=$(staged links "Carl Both_1005") && [ "$(ls -A "$d")" = game.c ] &&
    [ -z "$(find "$TMP/links/.intake" -type l ! -path "$TMP/links/.intake/ids/*")" ] &&
    [ -z "$(find "$TMP/links/.intake/ids" -type l ! -lname "$TMP/links/.intake/class/*")" ]
}

moodle_loose_files() {
    list loose $F/moodle-loose &&
    has loose "format: moodle (detected; --lms names another)" \
        "student José O'Brien-Smith_1001	to grade" "student Anna Lee_1003	to grade" \
        "student Bob Text_1004	missing: empty submission" &&
    d=$(staged loose "Anna Lee_1003") && [ "$(ls -A "$d")" = game.c ]
}

gradescope_group_counts_for_each_member() {
    (cd $F/gradescope && zip -qr "$TMP/export.zip" .) &&
    list gs "$TMP/export.zip" &&
    has gs "format: gradescope (detected; --lms names another)" \
        "student José Ñúñez_1001	to grade" "student Anna O'Hara-Lee_1002	to grade" \
        "student Ben Ng_1003	to grade" "student No Sid_nosid@example.edu	to grade" &&
    [ "$(staged gs "Anna O'Hara-Lee_1002")" = "$(staged gs "Ben Ng_1003")" ] &&
    [ -f "$(staged gs "Ben Ng_1003")/checkers.c" ]
}

# --lms overrides detection: the Canvas fixture read as plain folders is
# one "bad archive" per loose file, as grade-all always did.
lms_option_names_the_format() {
    list forced $F/canvas --lms folders &&
    has forced "format: folders (--lms)" &&
    grep -q '^student doejane_12345_900001_checkers.c	bad archive: not a folder' "$TMP/forced.out" &&
    ! build/grade-all $F/canvas -o "$TMP/x" -a $A --list --lms blackboard 2>"$TMP/x.err" &&
    grep -q -- "--lms takes auto, canvas" "$TMP/x.err"
}

roster_of_each_lms() {
    list rc $F/canvas --roster $F/canvas-gradebook.csv &&
    has rc "student absental_78901	missing" "student doejane_12345	to grade" &&
    grep -q '^README.txt: matches nobody in the roster' "$TMP/rc.out" &&
    grep -q 'README.txt: matches nobody in ' "$TMP/rc.err" &&
    list rm $F/moodle --roster $F/moodle-worksheet.csv &&
    has rm "student Dana Absent_1007	missing" "student Anna Lee_1003	to grade" &&
    ! grep -q 'matches nobody' "$TMP/rm.out" &&
    list rp $F/moodle --roster $F/moodle-participants.csv &&
    has rp "student Dana Absent	missing" &&
    sed '1s/Last name/Surname/' $F/moodle-participants.csv >"$TMP/surname.csv" &&
    list rs $F/moodle --roster "$TMP/surname.csv" &&
    has rs "student Dana Absent	missing" "student Carl Both_1005	to grade" &&
    list rg $F/gradescope --roster $F/gradescope-roster.csv &&
    has rg "student Cy Absent_1009	missing" "student No Sid_nosid@example.edu	to grade" &&
    ! grep -q 'matches nobody' "$TMP/rg.out" &&
    printf 'student\ndoejane\nzed\n' >"$TMP/plain.csv" && mkdir -p "$TMP/plain/doejane" &&
    list rf "$TMP/plain" --roster "$TMP/plain.csv" &&
    has rf "student zed	missing" "student doejane	to grade"
}

# Excel's ways of writing the same roster read the same.
roster_bom_crlf_semicolons() {
    { printf '\357\273\277'; sed 's/,/;/g; s/$/\r/' $F/canvas-gradebook.csv; } >"$TMP/excel.csv" &&
    list excel $F/canvas --roster "$TMP/excel.csv" &&
    list rc $F/canvas --roster $F/canvas-gradebook.csv &&
    [ "$(grep '^student' "$TMP/excel.out")" = "$(grep '^student' "$TMP/rc.out")" ]
}

# A bad roster stops grade-all before anything, naming file and line.
roster_errors_name_file_and_line() {
    { cat $F/canvas-gradebook.csv; printf '"Doe, Janet",12345,S009,jd2,CS 101,,\n'; } >"$TMP/dup.csv" &&
    ! list dup $F/canvas --roster "$TMP/dup.csv" &&
    grep -q 'dup.csv:10: 12345 is enrolled twice (first on line 3)' "$TMP/dup.err" &&
    sed '1s/,ID,/,Id number,/' $F/canvas-gradebook.csv | sed '1s/^Student/Name/' >"$TMP/nocol.csv" &&
    ! list nocol $F/canvas --roster "$TMP/nocol.csv" &&
    grep -q 'nocol.csv:1: not a roster grade-all knows' "$TMP/nocol.err" &&
    { cat $F/canvas-gradebook.csv; printf '"Quote, Open,99,S,x,CS 101,,\n'; } >"$TMP/open.csv" &&
    ! list open $F/canvas --roster "$TMP/open.csv" &&
    grep -q 'open.csv:10: a quoted cell is not closed' "$TMP/open.err" &&
    { cat $F/canvas-gradebook.csv; printf 'Doe, Janet,99,S,x,CS 101,,\n'; } >"$TMP/extra.csv" &&
    ! list extra $F/canvas --roster "$TMP/extra.csv" &&
    grep -q 'extra.csv:10: 8 cells, the header has 7' "$TMP/extra.err" &&
    printf 'submission_1:\n  :submitters:\n   - bad\n  oops\n' >"$TMP/meta.yml" &&
    mkdir -p "$TMP/in-gsbad" && cp "$TMP/meta.yml" "$TMP/in-gsbad/submission_metadata.yml" &&
    ! list gsbad "$TMP/in-gsbad" && grep -q 'submission_metadata.yml:4: ' "$TMP/gsbad.err"
}

check lms_canvas_groups_each_student canvas_groups_each_student
check lms_canvas_keeps_the_newest_resubmission canvas_keeps_the_newest_resubmission
check lms_canvas_zip_as_downloaded canvas_zip_as_downloaded
check lms_canvas_student_archive_unpacked canvas_student_archive_unpacked
check lms_canvas_hostile_student_archives canvas_hostile_student_archives
check lms_canvas_archives_share_one_cap canvas_archives_share_one_cap
check lms_canvas_long_name_is_one_student canvas_long_name_is_one_student
check lms_moodle_long_names_keep_their_number moodle_long_names_keep_their_number
check lms_reserved_ids_refused reserved_ids_refused
check lms_moodle_folder_anchored_at_its_end moodle_folder_anchored_at_its_end
check lms_hostile_download_refused hostile_download_refused
check lms_truncated_zips_refused truncated_zips_refused
check lms_every_assignment_takes_each_lms every_assignment_takes_each_lms
check lms_moodle_folders moodle_folders
check lms_moodle_loose_files moodle_loose_files
check lms_links_in_a_download_never_followed links_in_a_download_never_followed
check lms_gradescope_group_counts_for_each_member gradescope_group_counts_for_each_member
check lms_option_names_the_format lms_option_names_the_format
check lms_roster_of_each_lms roster_of_each_lms
check lms_roster_bom_crlf_semicolons roster_bom_crlf_semicolons
check lms_roster_errors_name_file_and_line roster_errors_name_file_and_line

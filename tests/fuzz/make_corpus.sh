#!/bin/sh
# make_corpus.sh -- builds the seed corpus of the fuzz targets from the
# scripted sessions in sample_io/.
#
# Usage: sh tests/fuzz/make_corpus.sh OUTDIR [TARGET...]   (from the
# repository root; the default targets: every tests/fuzz/fuzz_TARGET.c)
#
# OUTDIR/<id>/, for an assignment's target (tests/fuzz/<id>.conf), gets
# every sample_io/<id>/*/NAME.in twice, as the input of a game without and
# with --echo: its first byte is the mode byte of the options NAME.args
# names (the conf's "bit N OPTION" lines; "0" + the bits, so "0" for no
# option), --echo's bit added for the second; plus a few hand-made inputs
# for the number parser, and the conf's own "seed NAME FORMAT" lines
# (printf formats, mode byte first).
# OUTDIR/compare/ gets, for every session of every assignment, its
# expected transcript NAME.out (its first SEED_BYTES bytes, so that seeds
# stay small enough to mutate quickly) paired with small edits of itself
# -- a changed byte, lines cut off or added, a final newline, trailing
# spaces, CRLF line endings, squeezed spaces, an empty output -- in
# fuzz_compare.c's layout FLAGS EXPECTED SEP ACTUAL [SEP INPUT], mostly
# with NAME.in as the input; plus hand-made texts with long lines, UTF-8
# cut at the window's edges, NUL bytes and invalid UTF-8.
# OUTDIR/<parser>/, for a grader parser's target (its conf has `src`
# lines), gets the committed seeds tests/fuzz/seeds/<parser>/*.
# OUTDIR/<target>/ is emptied first.
set -eu

OUT=${1:?usage: make_corpus.sh OUTDIR [TARGET...]}
shift
TARGETS=${*:-$(for f in tests/fuzz/fuzz_*.c; do t=${f##*/fuzz_}; echo "${t%.c}"; done)}
SEED_BYTES=${SEED_BYTES:-3000}
SEP=$(printf '\036\036\036')

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# mode_byte CONF ARGS ECHO: the first byte of a game's input, for the
# options ARGS (the words of NAME.args) and, when ECHO is 1, --echo.
mode_byte() {
    awk -v args=" $2 " -v echo="$3" '
        $1 == "bit" {
            opt = $3
            for (i = 4; i <= NF; i++) opt = opt " " $i
            if (opt == "--echo" ? echo == 1 : index(args, " " opt " ") > 0) m += 2 ^ $2
        }
        END { printf "%c", 48 + m }' "$1"
}

# assignment_seeds ID: the seeds of assignment ID's target.
assignment_seeds() {
    id=$1
    conf=tests/fuzz/$id.conf
    to=$OUT/$id
    [ -f "$conf" ] || { echo "make_corpus: no $conf" >&2; exit 2; }
    echo_bit=$(awk '$1 == "bit" && $3 == "--echo" && NF == 3 { print $2 }' "$conf")
    for in in sample_io/"$id"/*/*.in; do
        [ -f "$in" ] || continue
        name=$(basename "$(dirname "$in")")-$(basename "$in" .in)
        args=
        [ -f "${in%.in}.args" ] && args=$(cat "${in%.in}.args")
        { mode_byte "$conf" "$args" 0; cat "$in"; } >"$to/plain-$name"
        [ -n "$echo_bit" ] || continue
        { mode_byte "$conf" "$args" 1; cat "$in"; } >"$to/echo-$name"
    done
    printf '0' >"$to/empty"
    printf '1 \n\t \n' >"$to/only-space"
    printf '0+9 +03 0010 -0004\n-1 -1 -1 -1\n' >"$to/signs-and-zeros"
    printf '12147483647 2147483648 -2147483648 -2147483649\n99999999999999999999999999 -99999999999999999999999 1 1\n' \
        >"$to/huge-numbers"
    printf '1abcdefghijklmnopqrstuvwxyz0123456789abcdefghij 1 2 3\n9 3 10\0004\n\377\376 x\n' \
        >"$to/long-token-nul-high-bytes"
    awk '$1 == "seed" { name = $2; sub(/^[ \t]*seed[ \t]+[^ \t]+[ \t]+/, ""); print name "\t" $0 }' "$conf" |
        while IFS="$(printf '\t')" read -r name format; do
            # shellcheck disable=SC2059 # the conf's seed is a format
            printf "$format" >"$to/$name"
        done
}

# ---- compare: expected/actual pairs made from the transcripts
# pair NAME FLAGS EXPECTED ACTUAL [INPUT]: writes one seed (FLAGS is the
# first byte, given in octal for printf).
pair() {
    {
        printf "\\$2"
        cat "$3"
        printf '%s' "$SEP"
        cat "$4"
        if [ $# -ge 5 ]; then
            printf '%s' "$SEP"
            cat "$5"
        fi
    } >"$OUT/compare/$1"
}

compare_seeds() {
rm -rf "$OUT/compare" && mkdir -p "$OUT/compare"
for out in sample_io/*/*/*.out; do
    in=${out%.out}.in
    id=$(basename "$(dirname "$(dirname "$out")")")
    name=$id-$(basename "$(dirname "$out")")-$(basename "$out" .out)
    e=$work/expected
    head -c "$SEED_BYTES" "$out" >"$e"
    # A piece of another colour on line 23 (a marble, or a Halma piece), or
    # else another character.
    awk 'NR == 23 { sub(/R/, "G") || sub(/W/, "B") || sub(/[^ ]/, "#") } 1' "$e" >"$work/byte"
    head -n 20 "$e" >"$work/missing"
    { cat "$e"; printf 'INVALID MOVE.  TRY AGAIN!!\n'; } >"$work/extra"
    { cat "$e"; printf '\n'; } >"$work/newline"
    sed '5s/$/  /' "$e" >"$work/trailing"
    sed 's/$/\r/' "$e" >"$work/crlf"
    tr -s ' ' <"$e" >"$work/squeezed"
    : >"$work/empty"
    pair "same-$name" 000 "$e" "$e" "$in"
    pair "byte-$name" 000 "$e" "$work/byte" "$in"
    pair "byte-colour-$name" 001 "$e" "$work/byte" "$in"
    pair "missing-$name" 000 "$e" "$work/missing" "$in"
    pair "extra-$name" 004 "$e" "$work/extra" "$in"
    pair "newline-$name" 000 "$e" "$work/newline" "$in"
    pair "trailing-$name" 010 "$e" "$work/trailing" "$in"
    pair "crlf-$name" 001 "$e" "$work/crlf" "$in"
    pair "squeezed-no-input-$name" 000 "$e" "$work/squeezed"
    pair "empty-actual-$name" 002 "$e" "$work/empty" "$in"
done

# Hand-made texts: long lines around the 96-byte window, multi-byte
# characters at its cut points, control and invalid bytes, no newlines.
long=$(printf '%0250d' 0 | tr 0 x)
printf '%s\303\251\342\200\246%s\n' "$long" "$long" >"$work/long-e"
printf '%s\303\251\342\200\246%sX\n' "$long" "$long" >"$work/long-a"
pair long-line 000 "$work/long-e" "$work/long-a" "$work/empty"
printf 'RED'"'"'s move:  \n' >"$work/prompt"
printf '9 x 1\n1 2\n3 4 5 x y\n6 7 8 9\n+1 -2 3' >"$work/moves"
pair one-prompt-junk-input 000 "$work/prompt" "$work/long-a" "$work/moves"
printf 'a\0b\tc\\x41\033[31m\r\n\302\205\355\240\200\364\220\200\200\377' >"$work/odd-e"
printf 'a\0b\tc\\x41\033[31m\r\n\302\205\355\240\200\364\220\200\201\377' >"$work/odd-a"
pair control-and-invalid-utf8 001 "$work/odd-e" "$work/odd-a" "$work/odd-e"
# An identical stretch longer than compare.c's 4096-byte memcmp blocks
# (any session's long transcript will do).
head -c 4800 sample_io/chinese-checkers/hidden/long_game_plain.out >"$work/big-e"
sed '$s/-/R/' "$work/big-e" >"$work/big-a"
pair long-identical-prefix 000 "$work/big-e" "$work/big-a" sample_io/chinese-checkers/hidden/long_game_plain.in
# A move token longer than the 24 bytes shown, a UTF-8 character across
# the cut.
printf 'RED'"'"'s move:  \nx\n' >"$work/cut-e"
printf 'xxxxxxxxxxxxxxxxxxxxxxx\303\251yy 1 2 3\n' >"$work/cut-in"
pair long-utf8-token 000 "$work/cut-e" "$work/prompt" "$work/cut-in"
printf 'GREEN'"'"'s move:  ' >"$work/noeol"
pair no-final-newline 002 "$work/noeol" "$work/empty" "$work/empty"
}

# parser_seeds TARGET: the committed seeds of a grader parser's target.
parser_seeds() {
    cp tests/fuzz/seeds/"$1"/* "$OUT/$1/"
}

counts=
for target in $TARGETS; do
    if [ "$target" = compare ]; then
        compare_seeds
    else
        rm -rf "${OUT:?}/$target" && mkdir -p "$OUT/$target"
        if grep -q '^src ' "tests/fuzz/$target.conf" 2>/dev/null; then
            parser_seeds "$target"
        else
            assignment_seeds "$target"
        fi
    fi
    counts="$counts${counts:+, }$(ls "$OUT/$target" | wc -l) $target"
done
echo "seeds: $counts"

#!/bin/sh
# generated_sessions.sh -- which sample_io/halma sessions tests/halma/gen/play
# wrote, and the exact command for each.
#
#   sh tests/halma/gen/generated_sessions.sh write build/halma-play
#       rewrite those NAME.in files (then run make transcripts-halma)
#   sh tests/halma/gen/generated_sessions.sh check build/halma-play
#       exit 1, naming each session, when a NAME.in no longer matches
#
# Each row: session (under sample_io/halma/), then the arguments of play.
# A session whose NAME.args exists is run with those options; they must
# agree with the options given to play (--players, --kangaroo).  A row
# whose arguments end in "+more" has two more lines appended after the win,
# which the program must never read.
set -u
mode=${1:?usage: generated_sessions.sh write|check PLAY}
play=${2:?usage: generated_sessions.sh write|check PLAY}

sessions() {
    cat <<'ROWS'
public/win_two_players_kangaroo   --kangaroo --seed 2
public/win_four_players_kangaroo  --players 4 --kangaroo --seed 3
hidden/win_two_players
hidden/win_four_players_green     --players 4 --seed 3
hidden/win_four_players_red       --players 4 --seed 0
hidden/win_then_more_input        --seed 2 +more
hidden/long_game_eof_mid_move     --seed 4 --moves 150 --eof-mid-move
ROWS
}

# Prints the session input for the play arguments "$1" (one string).
generate() {
    case $1 in
    *+more)
        # shellcheck disable=SC2086 -- the arguments are words on purpose
        "$play" ${1%+more} && printf '4 1 5 2\n-1 -1 -1 -1\n' ;;
    *)
        # shellcheck disable=SC2086
        "$play" $1 ;;
    esac
}

status=0
tmp=$(mktemp) || exit 2
trap 'rm -f "$tmp"' EXIT
sessions | while read -r name args; do
    generate "$args" >"$tmp" || { echo "play failed for $name"; exit 1; }
    file=sample_io/halma/$name.in
    case $mode in
    write) cp "$tmp" "$file" ;;
    check) cmp -s "$tmp" "$file" || { echo "stale: $file (play $args)"; exit 1; } ;;
    *) echo "unknown mode $mode"; exit 2 ;;
    esac
done || status=1
exit $status

#!/bin/sh
# generated_sessions.sh -- the sample sessions that random_game writes, and
# the exact command line behind each one.  This list is the record: the
# table in sample_io/chinese-checkers/README.md repeats it for readers.
#
# Usage: sh tests/chinese-checkers/gen/generated_sessions.sh write|check RANDOM_GAME
#   write   (re)write each sample_io/chinese-checkers/SET/NAME.in from its command line
#   check   exit 1 if any committed NAME.in differs from what its command
#           line prints now (the generator changed under the sessions)
# Run from the repository root.  `make transcripts` then rebuilds the .out.
set -u
mode=${1:-}
gen=${2:-}
case $mode in write|check) ;; *) echo "usage: $0 write|check RANDOM_GAME" >&2; exit 2;; esac
[ -x "$gen" ] || { echo "$0: no generator at '$gen'" >&2; exit 2; }

status=0
# session                              seed  moves  options
while read -r session seed moves options; do
    case $session in ''|'#'*) continue;; esac
    # $options is deliberately unquoted: it holds zero or more flags.
    # shellcheck disable=SC2086
    if [ "$mode" = write ]; then
        "$gen" "$seed" "$moves" $options > "sample_io/chinese-checkers/$session.in" || status=1
    elif ! "$gen" "$seed" "$moves" $options | cmp -s - "sample_io/chinese-checkers/$session.in"; then
        echo "stale: sample_io/chinese-checkers/$session.in (random_game $seed $moves $options)"
        status=1
    fi
done <<'LIST'
public/random_game_short                 1     40
public/random_game_short_with_junk       3     40   --junk
hidden/long_game_plain                   42    200
hidden/long_game_with_junk               2     160  --junk
hidden/long_game_messy_with_junk         99    150  --junk --messy
hidden/long_game_eof_mid_move            5     150  --eof-mid-move
LIST
exit $status

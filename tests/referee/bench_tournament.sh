#!/bin/sh
# bench_tournament.sh -- make bench-tournament: how fast the bot
# challenge's games are played (issue 12, "Speed").
#
# With build/bench-tournament (tests/referee/bench_tournament.c), the
# median of REPS runs (default 5; BENCH_REPS) of
#   sandboxed    games between two greedy house bots as programs
#                (build/bots/house greedy), each in its own sandbox and uid
#                slot, 2 players on the size-4 star (121 cells), played by
#                2 worker processes (both cores), by 4 and by 1; the target is
#                40 games a second on 2 cores.  With worker 0's mean cost
#                of each step: a bot's start (made, Init answered), a
#                YourMove and an OpponentMove round trip, its end (Term
#                answered, the bot gone);
#   kept         the same with each worker's two bots kept for all its
#                games (Init again after Term): what a fresh sandbox per
#                game costs (the referee starts one per game: protocol.h);
#   in one process  the same games between house bots in the workers' own
#                processes, no sandbox, no pipe: the limit;
#   chain        the referee's check of a claimed move on the size-63 star
#                (rgame_claim): a chain of hops across the board, a step.
# BENCH_PROGRAM and BENCH_BOT name another build of both (for a
# before-and-after comparison).  Numbers, not assertions: the tests never
# time anything.
set -eu
cd "$(dirname "$0")/../.."
BENCH=${BENCH_PROGRAM:-build/bench-tournament}
BOT=${BENCH_BOT:-build/bots/house greedy}
REPS=${BENCH_REPS:-5}
GAMES=${BENCH_GAMES:-200}
for f in "$BENCH" build/bots/house; do
    [ -x "$f" ] || { echo "bench-tournament: $f is missing (make $f)" >&2; exit 2; }
done
TMP=$(mktemp)
trap 'rm -f "$TMP"' EXIT

median() {
    sort -n | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else printf "%.3f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# field WORD: the number after WORD on each line of $TMP that has it.
field() {
    awk -v w="$1" '{ for (i = 1; i < NF; i++) if ($i == w) print $(i + 1) }' "$TMP"
}

# run REPS times: build/bench-tournament ARGS..., every output in $TMP.
run() {
    : >"$TMP"
    i=0
    while [ "$i" -lt "$REPS" ]; do
        "$BENCH" "$@" >>"$TMP" || { echo "bench-tournament: $BENCH $* failed" >&2; exit 2; }
        i=$((i + 1))
    done
}

# games LABEL WORKERS GAMES ARGS...: one line of games a second; sets $rate.
games() {
    label=$1 workers=$2 n=$3
    shift 3
    run "$@" "$workers" "$n"
    rate=$(field rate | median)
    printf '  %-26s %d worker%s %5d games  wall %7.3f s  %8.1f games/s\n' "$label" "$workers" \
        "$([ "$workers" -gt 1 ] && echo s || echo ' ')" "$n" "$(field wall | median)" "$rate"
}

echo "bot challenge games, 2 players on the size-4 star (121 cells), greedy house bots,"
echo "median of $REPS runs ($(nproc) cores here)"
games "sandboxed bot programs" 2 "$GAMES" games "$BOT"
sandboxed2=$rate
printf '    per bot (worker 0, mean): start %s ms, end %s ms; a call: YourMove %s us, OpponentMove %s us\n' \
    "$(field start | median)" "$(field end | median)" "$(field move | median)" "$(field opponent | median)"
awk -v r="$sandboxed2" 'BEGIN { printf "    %.2f x the target of 40 games/s\n", r / 40 }'
games "sandboxed bot programs" 4 "$GAMES" games "$BOT"
echo "    (4 workers on $(nproc) cores: the waits of a start and an end overlapped with other games)"
games "sandboxed bot programs" 1 $((GAMES / 2)) games "$BOT"
games "sandboxed, bots kept" 2 "$GAMES" kept "$BOT"
kept2=$rate
printf '    a call: YourMove %s us, OpponentMove %s us; a fresh sandbox per game costs %s of the rate\n' \
    "$(field move | median)" "$(field opponent | median)" \
    "$(awk -v f="$sandboxed2" -v k="$kept2" 'BEGIN { printf "%.0f%%", 100 * (1 - f / k) }')"
games "in one process (the limit)" 2 $((GAMES * 10)) inprocess
inprocess2=$rate
printf '    a call in one process: YourMove %s us, OpponentMove %s us\n' \
    "$(field move | median)" "$(field opponent | median)"
games "in one process" 1 $((GAMES * 5)) inprocess
awk -v s="$sandboxed2" -v l="$inprocess2" \
    'BEGIN { printf "  sandboxed / in one process, 2 workers: %.3f (the limit is %.0f x faster)\n", s / l, l / s }'

CLAIMS=2001
run chain 63 "$CLAIMS"
echo "the referee's check of a claimed move on the size-63 star (2 players, $(field cells | head -n 1) cells),"
echo "median of $REPS runs of the median of $CLAIMS claims"
printf '  a chain of %s hops along the middle row (a way of %s cells)  %8.2f us\n' "$(field hops | head -n 1)" \
    "$(field way | head -n 1)" "$(field chain_us | median)"
printf '  a step                                                        %8.2f us\n' "$(field step_us | median)"

#!/bin/sh
# class.test.sh -- the bot challenge run end to end for a class, as an
# instructor runs it: the example bots (tests/bot-challenge/submissions:
# correct, weak, illegal, leaking, hostile) and the starter handed in are
# graded by build/grade-all into a gradebook, reports and a summary; then
# the same folders play a tournament with the house bots.
#
#   - every student gets a verdict and the score that grading them alone
#     gives (the examples' expect files say which tests fail: a bot that
#     passes them all gets 100, the starter the public tests' 20 at most);
#   - the report of a bot that lost a game draws the game as a replay;
#   - in the tournament every bot plays as many games; the illegal bots
#     are out of games with the referee's reason, the hostile one too, the
#     correct bot of none; every recorded game replays on the rules; the
#     correct bot outscores every bot that breaks the rules.
#
# Run through tests/run.sh after make (build/grade-all, build/tournament,
# build/referee).
. tests/lib.sh
set -u

TMP=$(mktemp -d)
# As root every bot runs under a uid of its own: it must reach OUTDIR/bots.
chmod 755 "$TMP"
trap 'rm -rf "$TMP"' EXIT

for program in build/grade-all build/grade build/tournament build/referee; do
    if [ ! -x "$program" ]; then
        check "bot-challenge class: $program exists (run make)" false
        exit 0
    fi
done

CLASS=$TMP/class
NAMES="correct greedy_only neutral_zone_ignored odd_rows_like_even leak_on_new_game hostile_exit_in_move"
sh tests/submissions.sh bot-challenge "$CLASS" $NAMES >/dev/null || exit 1
mkdir -p "$CLASS/starter" && cp starter/bot-challenge/*.c starter/bot-challenge/*.h "$CLASS/starter/"

# column FILE STUDENT FIELD: a field of grades.csv (the header names them).
column() {
    awk -F, -v who="$2" -v field="$3" \
        'NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next } $1 == who { print $col[field] }' "$1"
}

# How many tests the expect file of NAME says fail.
failing() {
    grep -c '^fail ' "tests/bot-challenge/submissions/expect/$1.expect"
}

class_is_graded() {
    build/grade-all -a bot-challenge "$CLASS" -o "$TMP/out" -j 2 >"$TMP/ga.out" 2>&1 ||
        { cat "$TMP/ga.out"; return 1; }
    head -n 1 "$TMP/out/grades.csv"
    for name in $NAMES starter; do
        total=$(column "$TMP/out/grades.csv" "$name" total)
        echo "$name: $total"
        [ -n "$total" ] || { echo "no grade for $name"; return 1; }
        [ -f "$TMP/out/$name/report.html" ] || { echo "no report for $name"; return 1; }
        case $name in
            starter) awk -v t="$total" 'BEGIN { exit !(t <= 20) }' ;;
            *) if [ "$(failing "$name")" -eq 0 ]; then
                   awk -v t="$total" 'BEGIN { exit !(t == 100) }'
               else
                   awk -v t="$total" 'BEGIN { exit !(t < 100) }'
               fi ;;
        esac || { echo "$name: $total is not what its tests give"; return 1; }
    done
    grep -q 'greedy_only' "$TMP/out/summary.html"
}

# The same total as grading one student alone.
alone_and_in_class_agree() {
    [ -f "$TMP/out/grades.csv" ] || class_is_graded >/dev/null || return 1
    build/grade -a bot-challenge --format json -o "$TMP/alone.json" "$CLASS/greedy_only" >/dev/null 2>&1
    alone=$(jq .score "$TMP/alone.json")
    class=$(column "$TMP/out/grades.csv" greedy_only total)
    echo "greedy_only alone $alone, in the class $class"
    awk -v a="$alone" -v c="$class" 'BEGIN { d = a - c; exit !(d < 0.01 && d > -0.01) }'
}

lost_games_are_replays() {
    [ -f "$TMP/out/grades.csv" ] || class_is_graded >/dev/null || return 1
    n=$(grep -c '<figure class="replay">' "$TMP/out/greedy_only/report.html")
    echo "greedy_only's report: $n replays"
    [ "$n" -ge 1 ] && [ "$(grep -c '<figure class="replay">' "$TMP/out/correct/report.html")" -eq 0 ]
}

# scores FIELD BOT: a field of the tournament's scores.csv.
score() {
    awk -F, -v bot="$2" -v field="$1" \
        'NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next } $2 == bot { print $col[field] }' \
        "$TMP/t/scores.csv"
}

tournament_of_the_class() {
    {
        echo "# the class's tournament"
        echo "sizes 3"
        echo "players 2"
        echo "seed 5"
        echo "bot greedy house greedy"
        echo "bot random house random"
        for name in $NAMES; do echo "bot $name submission $CLASS/$name"; done
    } >"$TMP/t.conf"
    build/tournament "$TMP/t.conf" -o "$TMP/t" -j 2 >"$TMP/t.out" 2>&1 || { cat "$TMP/t.out"; return 1; }
    cat "$TMP/t/scores.txt"
    games=$(score games correct)
    for bot in greedy random $NAMES; do
        [ "$(score games "$bot")" = "$games" ] || { echo "$bot played $(score games "$bot"), correct $games"; return 1; }
        [ "$(score status "$bot")" = plays ] || { echo "$bot: $(score status "$bot")"; return 1; }
    done
    [ "$(score outs correct)" -eq 0 ] && [ "$(score outs greedy_only)" -eq 0 ] || return 1
    for bot in neutral_zone_ignored odd_rows_like_even hostile_exit_in_move; do
        [ "$(score outs "$bot")" -gt 0 ] || { echo "$bot is out of no game"; return 1; }
        awk -v a="$(score score correct)" -v b="$(score score "$bot")" 'BEGIN { exit !(a > b) }' ||
            { echo "$bot outscores correct"; return 1; }
    done
    grep -q 'illegal move' "$TMP/t/bots/neutral_zone_ignored.html" &&
    grep -q 'illegal move' "$TMP/t/bots/odd_rows_like_even.html"
}

every_class_game_replays() {
    [ -f "$TMP/t/scores.csv" ] || tournament_of_the_class >/dev/null || return 1
    n=0
    for rec in "$TMP"/t/games/*.json; do
        build/referee --replay "$rec" >/dev/null 2>"$TMP/replay.err" || { echo "$rec:"; cat "$TMP/replay.err"; return 1; }
        n=$((n + 1))
    done
    echo "$n games replayed"
    [ "$n" -gt 0 ]
}

check "bot-challenge class: grade-all grades every bot as its tests say" class_is_graded
check "bot-challenge class: a student's grade alone and in the class agree" alone_and_in_class_agree
check "bot-challenge class: a report draws the games its bot lost" lost_games_are_replays
check "bot-challenge class: the class's tournament: fair, verdicts, the rule-breakers behind" tournament_of_the_class
check "bot-challenge class: every game of the tournament replays on the rules" every_class_game_replays

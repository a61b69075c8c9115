/*
** replay_html.h -- the replay viewer of the bot challenge: one game
** record (grader/referee/RECORD.md, format "cc-bot-game 1") made into one
** HTML page that plays the game back, turn by turn.
**
** The page is a single file that works offline: its stylesheet and script
** are inline, the star is inline SVG that the script draws, and the record
** itself rides in the page as JSON data.  It shows the game's facts, a
** legend (each seat's colour, bot, home and goal points, outcome, rank,
** why it left the game, CPU seconds), the board at the current turn with
** that turn's move ringed and its hop path drawn as arrows, and the turn
** in words (passes and bots leaving the game are only words).  Without
** JavaScript the facts and the legend still read; the board stays empty.
**
** Turns are counted as the page counts them: turn 0 is the opening
** position, turn N (1 .. the number of turns recorded) the position after
** the record's moves[N-1], which is the turn highlighted.  The page opens
** at turn N when its address ends in "#turn=N" (a number beyond the last
** turn opens at the last), and keeps that fragment up to date.  Controls:
** buttons for the start, one turn back, play/pause, one turn on and the
** end; a slider; the left and right arrow keys, Home and End.  A position
** is rebuilt by replaying the moves from the opening (going back replays
** from the start; going on applies the next moves), and only the cells
** that changed are redrawn, so a star of size 63 (24,193 cells) steps
** without delay.
**
** The page's parts that tests and tools may rely on:
**   <svg id="board">      data-size="SIZE"; once drawn, data-draw-ms says
**                         how long the script took to draw the star
**   <circle class="cell…" one per cell of the star, with data-row and
**                         data-col (the challenge's numbering).  Its
**                         classes: "home-K" in the point that is seat K's
**                         home, else "goal-K" in seat K's goal; last,
**                         "seat-K" when a piece of seat K stands there
**   <circle id="ring-from">, <circle id="ring-to">  ring the current
**                         move's cells (a pass: its named piece, in
**                         ring-to); class "off" when hidden
**   <polyline id="path">  the current move's `path` (from, each landing,
**                         to) in the board's units; class "off" when the
**                         turn is no move
**   <p id="turn-text">    the current turn in words
**   <table id="legend">   a row id="seat-K" per seat; class "now" on the
**                         row of the seat whose turn is shown
**
** Hostile text: a bot's name, an "out" reason or a detail reaches the page
** only as escaped HTML text (html.h's html_text), inside the embedded
** JSON -- where every <, > and & is written as a \u escape, so that
** nothing in it can close the data's <script> element or open a comment --
** or through the script's textContent, never as markup.
*/
#ifndef TOURNAMENT_REPLAY_HTML_H
#define TOURNAMENT_REPLAY_HTML_H

#include <stddef.h>
#include <stdio.h>

#include <cjson/cJSON.h>

/* The only record format the viewer reads. */
#define TREPLAY_FORMAT "cc-bot-game 1"

/* Checks that `record` is a game record the viewer can draw: an object
** whose "format" is TREPLAY_FORMAT, "size" a whole number 3..63,
** "players" 2..6, "points" that many different points 0..5, "bots" that
** many strings and "moves" an array in which every turn is an object with
** a seat "p" of the game and is either an "out" (a string), a "pass" (a
** cell of the star) or a move whose "from" and "to" -- and "path", when
** present, two or more cells -- are cells of the star ([row, col]).
** Then the record is replayed on the rules (grader/referee/record.h's
** rrecord_replay, what build/referee --replay checks): a record is drawn
** only when every field is the one the referee would have written -- no
** key twice, every move legal, every path the referee's, the result the
** rules' -- so that the page never shows another game than the one
** checked (where the referee is not linked, a package of another
** assignment, no record is drawn).  A record may leave out what the unit tests' records do (the
** CPU figures, the result of a game cut short): that shows as a dash.
** Returns 0; or -1 with the first problem, in words and naming the turn
** (counted from 1), written into `why` (`size` bytes, always terminated;
** `why` may be NULL when size is 0).
** Example: {"format": "cc-bot-game 2", ...} gives -1 and
** why = "\"format\" is not \"cc-bot-game 1\"". */
int treplay_check(const cJSON *record, char *why, size_t size);

/* Writes the replay page of one game to `out`.  `record_json` holds the
** record's text, `len` bytes (it need not end in a NUL; NULL reads as
** empty); `title` heads the page (NULL: the record's "id").  The record
** is parsed (grader/report/json_strict.h: one JSON value as every reader
** reads it, for the page's script reads the text again) and checked
** (treplay_check) before anything is written, so a refused record leaves
** `out` untouched.
** Returns 0; or -1 after one line "replay: ..." on stderr saying why:
** the text is not one such JSON value, the record is refused, memory ran out, or writing
** to `out` failed (the page may then be cut short).  Never reads beyond
** `len` bytes, whatever they hold. */
int treplay_write(FILE *out, const char *record_json, size_t len, const char *title);

#endif /* TOURNAMENT_REPLAY_HTML_H */

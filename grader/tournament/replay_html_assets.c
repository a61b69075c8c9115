/*
** replay_html_assets.c -- what the replay viewer's page carries besides
** the record (replay_html_assets.h): the seats' colours, the page's own
** stylesheet and the script that draws the star and replays the moves,
** each as pieces of text written one after the other.
*/
#include "replay_html_assets.h"

#include <stddef.h>

/* Each seat's colours: its pieces, their outline, and the light tint of
** its home's empty cells.  Chosen apart for common colour blindness as
** far as six colours allow; the legend names the seat beside each. */
const struct treplay_seat_colour treplay_seat_colours[TREPLAY_SEATS] = {
    {"#d7263d", "#5c0f19", "#f6d5d9"},      /* red    */
    {"#1f63c6", "#0b2550", "#d5e2f6"},      /* blue   */
    {"#2a9d3f", "#0f3d18", "#d6eedb"},      /* green  */
    {"#e9a100", "#5e4100", "#f8ebc8"},      /* amber  */
    {"#7b3fb5", "#2f1547", "#e6daf2"},      /* purple */
    {"#15a0a0", "#074040", "#d2eeee"},      /* teal   */
};

/* The page's own rules, after the kit's stylesheet; the per-seat colours
** are written from treplay_seat_colours. */
const char *const treplay_style[] = {
    ".replay{display:flex;flex-wrap:wrap;gap:1em 2em;align-items:flex-start;"
    "margin-top:1em}.stage{flex:3 1 520px;min-width:300px}"
    ".panel{flex:2 1 400px;min-width:300px}\n"
    "svg.star{display:block;width:100%;height:auto;max-height:86vh;"
    "background:#fbf8f0;border:1px solid var(--line);border-radius:10px}\n"
    /* #board: above the kit's rules for its own board pictures */
    "#board .cell{fill:#e9e3d3;stroke:#b7ad95;stroke-width:.1}\n"
    "#board .ring{fill:none;stroke:#111;stroke-width:.3}"
    "#board .ring.from{stroke-dasharray:.5 .35;stroke:#555}\n"
    "#path{fill:none;stroke:#111;stroke-width:.3;stroke-linejoin:round;"
    "stroke-linecap:round;opacity:.85}#arrow path{fill:#111}.off{display:none}\n"
    ".controls{display:flex;flex-wrap:wrap;gap:.4em;align-items:center}"
    ".controls button{font:inherit;min-width:2.6em;padding:.25em .6em;"
    "border:1px solid var(--line);border-radius:6px;background:#fff;"
    "cursor:pointer}.controls button:hover{background:var(--bg)}"
    ".controls input{flex:1 1 10em}.wide{overflow-x:auto}\n"
    ".turn-text{min-height:3em;background:var(--bg);border:1px solid "
    "var(--line);border-radius:8px;padding:.5em .8em}\n"
    ".swatch{display:inline-block;width:.9em;height:.9em;border-radius:50%;"
    "margin-right:.4em;vertical-align:-.1em;border:1px solid #0006}\n"
    "#legend{font-size:.9em}#legend tr.now{background:#fff3c4}"
    "#legend .bot{overflow-wrap:anywhere;min-width:7em;max-width:14em}\n"
    ".st-win{background:#2e7d32}.st-draw{background:#b26a00}"
    ".st-loss{background:#607080}.st-out{background:#c62828}\n",
    NULL
};

/* The viewer.  It trusts the checks of treplay_check (every cell is one
** of the star) and reads every optional field with care. */
const char *const treplay_script[] = {
    "(function () {\n'use strict';\n"
    "var rec = JSON.parse(document.getElementById('record').textContent);\n"
    "var n = rec.size, moves = rec.moves, bots = rec.bots, H = Math.sqrt(3);\n"
    "var svg = document.getElementById('board'), t0 = performance.now();\n"
    "var rows = 4 * n + 1, rowStart = [], total = 0;\n"
    "var cells = [], base = [], X = [], Y = [], start = [];\n"
    "function rowLength(r) {\n"
    "  return r < n ? r + 1 : r < 2 * n ? 4 * n + 1 - r : r <= 3 * n ? r + 1"
    " : 4 * n + 1 - r;\n}\n"
    "function rowFirst(r) {\n"
    "  var c = rowLength(r);\n  return r % 2 ? 1 - (c >> 1) : -((c - 1) >> 1);\n}\n"
    "function xOf(r, c) { return 3 * n + 2 * c - r % 2; }\n"
    /* axial q, a (s = -q - a) centred on the middle cell; the star is the
    ** two triangles |q|, |a|, |s| <= n on either side, the points the
    ** cells beyond one bound */
    "function pointOf(r, c) {\n"
    "  var a = r - 2 * n, q = (xOf(r, c) - a - 3 * n) / 2, s = -q - a;\n"
    "  return a < -n ? 0 : q > n ? 1 : s < -n ? 2 : a > n ? 3 : q < -n ? 4"
    " : s > n ? 5 : -1;\n}\n"
    "function indexOf(cell) {\n"
    "  var r = Array.isArray(cell) ? cell[0] : -1, c = Array.isArray(cell) ?"
    " cell[1] : 0;\n"
    "  if (r !== (r | 0) || r < 0 || r >= rows || c !== (c | 0)) return -1;\n"
    "  c -= rowFirst(r);\n"
    "  return c >= 0 && c < rowLength(r) ? rowStart[r] + c : -1;\n}\n"
    "function kind(m) {\n"
    "  return !m || typeof m !== 'object' ? 'none' : 'out' in m ? 'out' :"
    " 'pass' in m ? 'pass' : 'move';\n}\n",

    /* the star, once: a home cell is tinted for its seat, a goal ringed */
    "function drawStar() {\n"
    "  var home = [-1, -1, -1, -1, -1, -1], goal = home.slice();\n"
    "  var group = document.getElementById('cells');\n"
    "  var all = document.createDocumentFragment();\n"
    "  rec.points.forEach(function (k, p) { home[k] = p; goal[(k + 3) % 6] ="
    " p; });\n"
    "  for (var r = 0; r < rows; r++) {\n"
    "    rowStart[r] = total;\n"
    "    for (var c = rowFirst(r), end = c + rowLength(r); c < end; c++) {\n"
    "      var k = pointOf(r, c), e = document.createElementNS("
    "'http://www.w3.org/2000/svg', 'circle');\n"
    "      base[total] = 'cell' + (k < 0 ? '' : home[k] >= 0 ? ' home-' +"
    " home[k] : goal[k] >= 0 ? ' goal-' + goal[k] : '');\n"
    "      start[total] = k < 0 ? -1 : home[k];\n"
    "      X[total] = xOf(r, c);\n      Y[total] = +(r * H).toFixed(3);\n"
    "      e.setAttribute('class', base[total]);\n"
    "      e.setAttribute('data-row', r);\n      e.setAttribute('data-col', c);\n"
    "      e.setAttribute('cx', X[total]);\n      e.setAttribute('cy', Y[total]);\n"
    "      e.setAttribute('r', 0.8);\n"
    "      all.appendChild(e);\n      cells[total++] = e;\n    }\n  }\n"
    "  group.appendChild(all);\n}\n"
    "drawStar();\n"
    /* on a big star a ring of one cell is lost: marks grow with the size */
    "['ring-from', 'ring-to', 'path'].forEach(function (id) {\n"
    "  var e = document.getElementById(id), mark = Math.max(1, n / 12);\n"
    "  e.style.strokeWidth = 0.3 * mark + 'px';\n"
    "  if (id !== 'path') e.setAttribute('r', 1.2 * mark);\n});\n"
    "var occ = new Int8Array(total), shown = new Int8Array(total).fill(-2),"
    " at = 0;\n"
    "function reset() { occ.set(start); at = 0; }\n"
    "function apply(m) {\n"
    "  if (kind(m) !== 'move') return;\n"
    "  var a = indexOf(m.from), b = indexOf(m.to);\n"
    "  if (a >= 0 && b >= 0) { occ[a] = -1; occ[b] = m.p; }\n}\n",

    /* a turn in words */
    "function who(p) { return bots[p] + ' (seat ' + p + ')'; }\n"
    "function where(cell) { return '(' + cell[0] + ', ' + cell[1] + ')'; }\n"
    "function seconds(x) {\n"
    "  return typeof x !== 'number' ? '' : x >= 1 ? ' (' + x.toFixed(2) +"
    " ' s CPU)' : ' (' + (x * 1000).toPrecision(3) + ' ms CPU)';\n}\n"
    "function adjacent(a, b) {\n"
    "  var dx = Math.abs(X[a] - X[b]), dr = Math.abs(Y[a] - Y[b]) / H;\n"
    "  return (dx === 2 && dr < 0.5) || (dx === 1 && Math.abs(dr - 1) < 0.01);\n}\n"
    "function describe(m, t) {\n"
    "  var res = rec.result || {}, said, k = kind(m);\n"
    "  if (k === 'none') return 'The opening position; ' + who(0) +"
    " ' moves first.';\n"
    "  said = 'Turn ' + t + ': ' + who(m.p);\n"
    "  if (k === 'out') said += ' is out of the game: ' + m.out + (m.detail ?"
    " ' (' + m.detail + ')' : '') + '; its pieces stay where they are.';\n"
    "  else if (k === 'pass') said += ' passes: no legal move; it names its"
    " piece at ' + where(m.pass) + seconds(m.cpu) + '.';\n"
    "  else {\n"
    "    var hops = Array.isArray(m.path) ? m.path.length - 1 : 1;\n"
    "    var step = hops === 1 && adjacent(indexOf(m.from), indexOf(m.to));\n"
    "    said += (step ? ' steps' : hops === 1 ? ' hops' : ' hops ' + hops +"
    " ' times') + ' from ' + where(m.from) + ' to ' + where(m.to) +"
    " seconds(m.cpu) + '.';\n  }\n"
    "  if (t === moves.length && typeof res.end === 'string')\n"
    "    said += ' The game ends here: ' + res.end + '.';\n"
    "  return said;\n}\n",

    /* the current turn: changed cells, rings, path, words, controls */
    "var slider = document.getElementById('slider');\n"
    "var text = document.getElementById('turn-text');\n"
    "var counter = document.getElementById('turn-number');\n"
    "var path = document.getElementById('path');\n"
    "function ring(id, i) {\n"
    "  var e = document.getElementById(id);\n"
    "  e.classList.toggle('off', i < 0);\n"
    "  if (i >= 0) { e.setAttribute('cx', X[i]); e.setAttribute('cy', Y[i]); }\n}\n"
    "function show() {\n"
    "  var m = at > 0 ? moves[at - 1] : null, k = kind(m), points = [];\n"
    "  for (var i = 0; i < total; i++) if (occ[i] !== shown[i]) {\n"
    "    shown[i] = occ[i];\n"
    "    cells[i].setAttribute('class', occ[i] < 0 ? base[i] : base[i] +"
    " ' seat-' + occ[i]);\n  }\n"
    "  if (k === 'move') (Array.isArray(m.path) ? m.path : [m.from, m.to])"
    ".forEach(function (cell) {\n"
    "    var j = indexOf(cell);\n"
    "    if (j >= 0) points.push(X[j] + ',' + Y[j]);\n  });\n"
    "  path.setAttribute('points', points.join(' '));\n"
    "  path.classList.toggle('off', points.length < 2);\n"
    "  ring('ring-from', k === 'move' ? indexOf(m.from) : -1);\n"
    "  ring('ring-to', k === 'move' ? indexOf(m.to) : k === 'pass' ?"
    " indexOf(m.pass) : -1);\n"
    "  text.textContent = describe(m, at);\n"
    "  slider.value = at;\n  counter.textContent = at + ' / ' + moves.length;\n"
    "  document.querySelectorAll('#legend tbody tr').forEach(function (tr, p) {\n"
    "    tr.classList.toggle('now', k !== 'none' && m.p === p);\n  });\n"
    "  try { history.replaceState(null, '', '#turn=' + at); } catch (e) {}\n}\n",

    /* going to a turn, and what asks for it */
    "function goTo(t) {\n"
    "  t = Math.max(0, Math.min(moves.length, t | 0));\n"
    "  if (t < at) reset();\n"
    "  while (at < t) apply(moves[at++]);\n"
    "  show();\n}\n"
    "var timer = 0, play = document.getElementById('play');\n"
    "function stop() {\n"
    "  if (timer) { clearInterval(timer); timer = 0; }\n"
    "  play.textContent = 'play';\n}\n"
    "function jump(t) { stop(); goTo(t); }\n"
    "function turnInAddress() {\n"
    "  var found = /turn=(\\d+)/.exec(location.hash);\n"
    "  return found ? Math.min(+found[1], moves.length) : 0;\n}\n"
    "document.getElementById('first').onclick = function () { jump(0); };\n"
    "document.getElementById('prev').onclick = function () { jump(at - 1); };\n"
    "document.getElementById('next').onclick = function () { jump(at + 1); };\n"
    "document.getElementById('last').onclick = function () {"
    " jump(moves.length); };\n"
    "slider.oninput = function () { jump(+slider.value); };\n"
    "play.onclick = function () {\n"
    "  if (timer) { stop(); return; }\n"
    "  if (at >= moves.length) goTo(0);\n"
    "  play.textContent = 'pause';\n"
    "  timer = setInterval(function () { if (at >= moves.length) stop();"
    " else goTo(at + 1); }, 700);\n};\n"
    "document.addEventListener('keydown', function (e) {\n"
    "  if (e.altKey || e.ctrlKey || e.metaKey || e.target === slider) return;\n"
    "  var keys = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End:"
    " moves.length };\n"
    "  if (!Object.prototype.hasOwnProperty.call(keys, e.key)) return;\n"
    "  e.preventDefault();\n  jump(keys[e.key]);\n});\n"
    "window.addEventListener('hashchange', function () {"
    " jump(turnInAddress()); });\n"
    "svg.addEventListener('mousemove', function (e) {\n"
    "  var d = e.target.dataset;\n"
    "  if (d && d.row !== undefined) document.getElementById('cell-name')"
    ".textContent = '(' + d.row + ', ' + d.col + ')';\n});\n"
    "reset();\ngoTo(turnInAddress());\n"
    "svg.setAttribute('data-draw-ms', Math.round(performance.now() - t0));\n"
    "})();\n",
    NULL
};

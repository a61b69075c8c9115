/*
** html_style.c -- the one stylesheet of the HTML pages (html.h), inlined
** into each page so that it is a single file that works offline: layout,
** verdict colours, the highlighted lines of test output, the star board
** pictures and the charts of the class summary.
*/
#include "html.h"

#include <stddef.h>

/* In pieces: ISO C compilers need not accept longer string literals. */
const char *const html_stylesheet[] = {
    /* page */
    ":root{--ink:#1d2430;--soft:#5b6573;--line:#d9dee5;--bg:#f6f8fa}\n"
    "body{font:15px/1.45 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;"
    "color:var(--ink);margin:0 auto;padding:1.2em 1.5em 4em;max-width:1320px}\n"
    "h1{font-size:1.7em;margin:.2em 0}h2{margin:1.6em 0 .5em;"
    "border-bottom:2px solid var(--line);padding-bottom:.2em}\n"
    "h3{margin:1.2em 0 .4em}h4{margin:.8em 0 .4em}\n"
    "a{color:#0b57d0}code,pre,kbd{font-family:ui-monospace,'DejaVu Sans Mono',"
    "Menlo,Consolas,monospace}\n"
    ".muted{color:var(--soft)}.small{font-size:.85em}\n",
    /* header and score */
    "header.top{display:flex;flex-wrap:wrap;gap:1.5em 3em;align-items:center;"
    "background:var(--bg);border:1px solid var(--line);border-radius:10px;"
    "padding:1em 1.5em}\n"
    ".score{font-size:2.6em;font-weight:700;white-space:nowrap}\n"
    ".score .of{font-size:.5em;color:var(--soft);font-weight:400}\n"
    ".meter{height:10px;background:#e3e7ec;border-radius:5px;overflow:hidden;"
    "width:16em}.meter>span{display:block;height:100%;background:#2e7d32}\n"
    "dl.facts{display:grid;grid-template-columns:auto 1fr;gap:.1em 1em;margin:0}"
    "dl.facts dt{color:var(--soft)}dl.facts dd{margin:0;word-break:break-all}\n",
    /* tables and bars */
    "table{border-collapse:collapse;margin:.4em 0}th,td{padding:.25em .7em;"
    "border-bottom:1px solid var(--line);text-align:left;vertical-align:top}\n"
    "th{background:var(--bg)}td.num,th.num{text-align:right;"
    "font-variant-numeric:tabular-nums}\n"
    ".bar{display:inline-block;height:.8em;width:12em;background:#e3e7ec;"
    "border-radius:3px;overflow:hidden;vertical-align:middle}"
    ".bar>span{display:block;height:100%;background:#2e7d32}"
    ".bar.rate{background:#efc2c2}\n",
    /* badges: one colour per verdict */
    ".badge{display:inline-block;min-width:5.8em;text-align:center;"
    "padding:.05em .5em;border-radius:1em;font-size:.8em;font-weight:600;"
    "color:#fff;background:#607080;white-space:nowrap}\n"
    ".st-passed{background:#2e7d32}.st-partial{background:#b26a00}"
    ".st-failed{background:#c62828}.st-timeout{background:#6a1b9a}"
    ".st-crashed{background:#7f0000}.st-memory-limit,.st-output-limit"
    "{background:#d84315}.st-exit-status{background:#ad1457}"
    ".st-build-failed{background:#37474f}.st-skipped{background:#90a4ae}\n"
    ".vis{display:inline-block;font-size:.75em;border:1px solid #8d6e63;"
    "color:#6d4c41;border-radius:4px;padding:0 .35em;margin-left:.4em}\n",
    /* tests */
    ".test{border:1px solid var(--line);border-left:5px solid #2e7d32;"
    "border-radius:6px;margin:.3em 0;background:#fff}\n"
    ".test.bad{border-left-color:#c62828}.test.part{border-left-color:#b26a00}\n"
    ".test>summary,.test>.row{display:flex;gap:.8em;align-items:center;"
    "padding:.3em .7em;cursor:pointer}.test>.row{cursor:default}\n"
    ".test .name{font-family:ui-monospace,'DejaVu Sans Mono',monospace;"
    "font-size:.9em;flex:1;word-break:break-all}\n"
    ".test .pts{white-space:nowrap;font-variant-numeric:tabular-nums}\n"
    ".test .body{padding:0 .8em .6em}\n"
    "p.move{margin:.4em 0}kbd.move{background:#fff3bf;border:1px solid #e0c45c;"
    "border-radius:4px;padding:.1em .4em}\n",
    /* output */
    "pre{background:var(--bg);border:1px solid var(--line);border-radius:6px;"
    "padding:.6em .8em;overflow-x:auto;font-size:11px;line-height:1.35;"
    "margin:.4em 0}\n"
    "pre .diff{background:#ffd7d7;display:inline-block;min-width:100%;"
    "font-weight:700}pre .caret{color:#c62828;font-weight:700}\n"
    "pre .move{background:#fff3bf;display:inline-block;min-width:100%}"
    "pre .omit{color:#8a94a3;font-style:italic}"
    "pre .alarm{color:#b71c1c;font-weight:600}\n"
    "mark.loc{background:#ffe082;color:#000;border-radius:2px;padding:0 1px}\n"
    "pre.log .warn{color:#8a5300;font-weight:600}"
    "pre.log .err{color:#b71c1c;font-weight:700}\n",
    /* boards */
    ".boards{display:flex;flex-wrap:wrap;gap:1em 2em}"
    ".boards figure{margin:0;text-align:center}"
    "figcaption{font-weight:600}\n"
    "svg.board{max-width:100%;height:auto}"
    "svg .star{fill:#f4ead3;stroke:#d6c29a;stroke-width:1.5}\n"
    "svg .label{font:9px sans-serif;fill:#7a8391;text-anchor:middle}\n"
    "svg .cell{stroke-width:1.5}svg .red{fill:#d32f2f;stroke:#7f1010}"
    "svg .green{fill:#2e7d32;stroke:#123d16}svg .empty{fill:#fffdf7;"
    "stroke:#a59a86}svg .none{fill:none;stroke:#b0b7c0;stroke-dasharray:3 2}"
    "svg .other{fill:#9e9e9e;stroke:#424242}\n"
    "svg .ring{fill:none;stroke:#ff8f00;stroke-width:3.5}"
    "svg .arrow{stroke:#1565c0;stroke-width:3;stroke-linecap:round}"
    "svg .head,svg .arrow-dot{fill:#1565c0;stroke:#fff;stroke-width:1}\n"
    ".legend{font-size:.9em;color:var(--soft)}.dot{display:inline-block;"
    "width:.9em;height:.9em;border-radius:50%;vertical-align:middle;"
    "border:1.5px solid #777;margin:0 .2em 0 .8em}.dot.red{background:#d32f2f}"
    ".dot.green{background:#2e7d32}.dot.empty{background:#fffdf7}"
    ".dot.ringed{border:3px solid #ff8f00}"
    ".arrowkey{color:#1565c0;font-weight:700;margin-left:.8em}\n"
    ".no-board{align-self:center;max-width:20em;color:var(--soft)}\n",
    /* summary charts */
    "svg.chart{max-width:100%;height:auto}svg.chart .col{fill:#3f6fb5}"
    "svg.chart .axis{stroke:#8a94a3}svg.chart text{font:11px sans-serif;"
    "fill:#424b57;text-anchor:middle}\n"
    "nav.toc a{margin-right:1em}\n"
    "th.sortable{cursor:pointer}th.sortable:after{content:' \\2195';"
    "color:#b0b7c0}\n",
    NULL
};

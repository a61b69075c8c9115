/*
** json_strict.h -- JSON text read as every other reader reads it.
**
** cJSON reads the first value of a text and ignores what follows it; it
** keeps a string's bytes whatever their encoding; and a string holding
** U+0000 (written \u0000) ends, for C, at that character, where a
** browser's JSON.parse, Python or jq read on.  A file the kit checks and
** accepts must mean the same to those readers as to the kit, so files
** that anyone may hand the kit (game records, in grader/referee/ and the
** replay viewer) are read through json_strict_parse(), which accepts
** only: one JSON value, nothing after it but blanks (space, tab, CR,
** LF), well-formed UTF-8 throughout (no overlong form, surrogate or value
** past U+10FFFF), no NUL byte and no string holding U+0000, no control
** character but those blanks between tokens (cJSON skips any there, and
** takes them raw inside strings), no byte-order mark, and numbers only
** as JSON spells them (cJSON's strtod also reads "01", "1.", "-.5") and
** as every reader reads them alike: no whole number written 3.0 or 1e2
** (a float to Python), no integer past 2^53, no -0.
**
** Keys twice in one object are the caller's to refuse (which one counts
** differs between readers too): grader/referee/replay.c does.
*/
#ifndef GRADER_JSON_STRICT_H
#define GRADER_JSON_STRICT_H

#include <stddef.h>

#include <cjson/cJSON.h>

/* Parses the `len` bytes at `text` (need not end in a NUL).  Returns the
** tree (the caller's to cJSON_Delete), or NULL with a sentence in why[]
** (`whylen` bytes, always terminated) naming the first problem and its
** byte offset, e.g. "it is not UTF-8 (byte 17)". */
cJSON *json_strict_parse(const char *text, size_t len, char *why, size_t whylen);

#endif /* GRADER_JSON_STRICT_H */

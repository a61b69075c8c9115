/*
** compare_move.c -- which input move a difference belongs to: counting
** the prompts of the expected transcript, reading the input's moves with
** the game's own rule, and describing a move in words.
**
** The reading mirrors the references' input rule (read_token() and
** read_move() of solution/chinese-checkers/game.c) byte for byte: a token
** ends at the first whitespace byte, which is consumed with it; a token
** that is not a number ends its move, and unless it was ended by '\n' the
** rest of its line is thrown away; the end of input ends the game.  An
** assignment whose program reads moves another way needs a rule of its
** own here (tests/compare_test.c, suite "move", pins the rule down).
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare.h"

/* Bytes of a move's token shown before it is cut with "…". */
#define TOKEN_SHOWN 24

/* Longest description: COMPARE_MAX_TOKENS tokens of TOKEN_SHOWN bytes
** (plus at most 3 to finish a UTF-8 character), each byte shown as at
** most 4 bytes, and the words around them. */
#define DESCRIPTION_MAX (COMPARE_MAX_TOKENS * ((TOKEN_SHOWN + 3) * 4 + 8) + 128)

size_t compare_count_prompts(const char *text, size_t len, const char *prompt)
{
    const size_t prompt_len = strlen(prompt);
    size_t count = 0, i = 0;

    if (prompt_len == 0)
        return 0;
    /* A prompt's first byte (Chinese Checkers' is '\'') is usually rare,
    ** so memchr skips most text. */
    while (len - i >= prompt_len) {
        const char *hit = memchr(text + i, prompt[0], len - i - prompt_len + 1);
        if (!hit)
            break;
        i = (size_t)(hit - text);
        if (memcmp(hit, prompt, prompt_len) == 0) {
            count++;
            i += prompt_len;
        } else {
            i++;
        }
    }
    return count;
}

/* A reading position in the input, as the game's getchar() loop has it. */
struct input_cursor {
    const char *text;
    size_t len, pos, line;
};

/* Reads the next token like the game: skip whitespace, take bytes up to
** the next whitespace, and consume that one terminating byte too.  Sets
** *ended_line when the terminator was '\n'.  Returns 0 at end of input. */
static int next_token(struct input_cursor *in, struct compare_token *token,
                      size_t *token_line, int *ended_line)
{
    while (in->pos < in->len && compare_is_space((unsigned char)in->text[in->pos]))
        in->line += in->text[in->pos++] == '\n';
    if (in->pos == in->len)
        return 0;
    size_t start = in->pos;
    while (in->pos < in->len && !compare_is_space((unsigned char)in->text[in->pos]))
        in->pos++;
    token->text = in->text + start;
    token->len = in->pos - start;
    *token_line = in->line;
    *ended_line = in->pos < in->len && in->text[in->pos] == '\n';
    if (in->pos < in->len)
        in->line += in->text[in->pos++] == '\n';
    return 1;
}

/* The game's number syntax: an optional sign, then at least one digit. */
static int is_number(const struct compare_token *token)
{
    size_t i = token->len > 0 && (token->text[0] == '+' || token->text[0] == '-');
    if (i == token->len)
        return 0;
    for (; i < token->len; i++)
        if (token->text[i] < '0' || token->text[i] > '9')
            return 0;
    return 1;
}

/* Throws away the rest of the line, its '\n' included. */
static void discard_line(struct input_cursor *in)
{
    const char *nl = in->pos < in->len
                   ? memchr(in->text + in->pos, '\n', in->len - in->pos) : NULL;
    in->pos = nl ? (size_t)(nl - in->text) + 1 : in->len;
    in->line += nl != NULL;
}

/* Reads one move of `tokens` tokens into *move (tokens, status,
** input_line). */
static void read_move(struct input_cursor *in, size_t tokens, struct compare_move *move)
{
    move->ntokens = 0;
    move->input_line = 0;
    for (size_t i = 0; i < tokens; i++) {
        struct compare_token token;
        size_t token_line;
        int ended_line;
        if (!next_token(in, &token, &token_line, &ended_line)) {
            move->status = i == 0 ? COMPARE_MOVE_AFTER_LAST : COMPARE_MOVE_INCOMPLETE;
            return;
        }
        if (i == 0)
            move->input_line = token_line;
        move->tokens[move->ntokens++] = token;
        if (!is_number(&token)) {
            if (!ended_line)
                discard_line(in);
            move->status = COMPARE_MOVE_JUNK;
            return;
        }
    }
    move->status = COMPARE_MOVE_COMPLETE;
}

void compare_find_move(const char *input, size_t input_len, size_t number, size_t tokens,
                       struct compare_move *move)
{
    struct input_cursor in = { input_len ? input : "", input_len, 0, 1 };

    if (tokens < 1)
        tokens = 1;
    if (tokens > COMPARE_MAX_TOKENS)
        tokens = COMPARE_MAX_TOKENS;
    memset(move, 0, sizeof *move);
    move->status = COMPARE_MOVE_BEFORE_FIRST;
    for (size_t n = 1; n <= number; n++) {
        read_move(&in, tokens, move);
        /* The game stops at the end of input: a move that found nothing,
        ** or only part of a move before the wanted one, ends the search. */
        int found_nothing = move->status == COMPARE_MOVE_AFTER_LAST;
        if (found_nothing || (move->status == COMPARE_MOVE_INCOMPLETE && n < number)) {
            memset(move, 0, sizeof *move);
            move->status = COMPARE_MOVE_AFTER_LAST;
            move->moves_in_input = n - found_nothing;
            break;
        }
    }
    move->number = number;
}

/* How many bytes of a token to show: TOKEN_SHOWN, moved on to the end of
** a UTF-8 character cut there (continuation bytes are 10xxxxxx). */
static size_t token_shown(const struct compare_token *token)
{
    size_t n = token->len < TOKEN_SHOWN ? token->len : TOKEN_SHOWN;
    for (size_t extra = 0; extra < 3 && n < token->len
         && ((unsigned char)token->text[n] & 0xC0) == 0x80; extra++)
        n++;
    return n;
}

/* Appends the tokens of `m`, joined by spaces, to buffer[0, size).
** Returns 0, or -1 when memory ran out. */
static int put_tokens(char *buffer, size_t size, const struct compare_move *m)
{
    for (size_t i = 0; i < m->ntokens; i++) {
        const struct compare_token *token = &m->tokens[i];
        size_t shown = token_shown(token), used = strlen(buffer);
        char *text = compare_visible(token->text, shown, 0);
        if (!text)
            return -1;
        snprintf(buffer + used, size - used, "%s%s%s", i > 0 ? " " : "", text,
                 shown < token->len ? "…" : "");
        free(text);
    }
    return 0;
}

char *compare_describe_move(const struct compare_move *move)
{
    char buffer[DESCRIPTION_MAX] = "";
    const char *note = move->status == COMPARE_MOVE_JUNK ? " (junk)"
                     : move->status == COMPARE_MOVE_INCOMPLETE ? " (incomplete: the input ends)"
                     : "";

    if (move->status == COMPARE_MOVE_UNKNOWN)
        snprintf(buffer, sizeof buffer, "unknown");
    else if (move->status == COMPARE_MOVE_BEFORE_FIRST)
        snprintf(buffer, sizeof buffer, "before the first move");
    else if (move->status == COMPARE_MOVE_AFTER_LAST)
        snprintf(buffer, sizeof buffer, "after the last move (the input has %zu move%s)",
                 move->moves_in_input, move->moves_in_input == 1 ? "" : "s");
    else {
        char tokens[DESCRIPTION_MAX - 64] = "";
        if (put_tokens(tokens, sizeof tokens, move) != 0)
            return NULL;
        snprintf(buffer, sizeof buffer, "move %zu: `%s`%s, input line %zu",
                 move->number, tokens, note, move->input_line);
    }
    char *copy = malloc(strlen(buffer) + 1);
    return copy ? strcpy(copy, buffer) : NULL;
}

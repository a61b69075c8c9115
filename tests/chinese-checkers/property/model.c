/*
** model.c -- the transcript model (see model.h).  Three layers: a byte
** reader that hands out tokens and whole entries (a move, junk, or the
** end), the printer of boards and prompts, and the game loop with its
** multi-jump chain.  Written from the header's and handout's text; it
** shares no code with solution/chinese-checkers/game.c.
*/
#include "model.h"

/* Any number this far out is off the board; larger ones are cut to it. */
#define FAR_AWAY 1000000000000LL

struct input { const unsigned char *text; size_t len, at; };

enum token { TOKEN_NUMBER, TOKEN_JUNK, TOKEN_END };
enum entry { ENTRY_MOVE, ENTRY_JUNK, ENTRY_END };

/* The six bytes that C's isspace() accepts in the "C" locale. */
static int is_blank(int c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f'
        || c == '\r';
}

/* The next byte, or -1 at the end of the input. */
static int next_byte(struct input *in)
{
    return in->at < in->len ? in->text[in->at++] : -1;
}

/* Reads one token.  *line_done tells whether a newline ended it. */
static enum token read_token(struct input *in, long long *value, int *line_done)
{
    int c, sign = 1, digits = 0, junk = 0, length = 0;
    long long magnitude = 0;

    do
        c = next_byte(in);
    while (c >= 0 && is_blank(c));
    if (c < 0)
        return TOKEN_END;
    for (; c >= 0 && !is_blank(c); c = next_byte(in), length++) {
        if (length == 0 && (c == '+' || c == '-'))
            sign = (c == '-') ? -1 : 1;
        else if (c >= '0' && c <= '9') {
            digits++;
            magnitude = magnitude * 10 + (c - '0');
            if (magnitude > FAR_AWAY)
                magnitude = FAR_AWAY;
        } else
            junk = 1;
    }
    *line_done = (c == '\n');
    *value = sign * magnitude;
    return (junk || digits == 0) ? TOKEN_JUNK : TOKEN_NUMBER;
}

static void skip_line(struct input *in)
{
    int c;
    do
        c = next_byte(in);
    while (c >= 0 && c != '\n');
}

/* Reads the four numbers typed at one prompt. */
static enum entry read_entry(struct input *in, struct model_move *m)
{
    long long v[4];
    for (int i = 0; i < 4; i++) {
        int line_done = 0;
        enum token t = read_token(in, &v[i], &line_done);
        if (t == TOKEN_END)
            return ENTRY_END;
        if (t == TOKEN_JUNK) {
            if (!line_done)
                skip_line(in);
            return ENTRY_JUNK;
        }
    }
    m->x_from = v[0], m->y_from = v[1], m->x_to = v[2], m->y_to = v[3];
    return ENTRY_MOVE;
}

/* ---------------------------------------------------------------- output */

static const char *cell_text(int cell)
{
    switch (cell) {
    case RE: return " R ";
    case GR: return " G ";
    case EM: return " - ";
    default: return "   ";
    }
}

void model_print_board(FILE *out, const struct board *b)
{
    if (!out)
        return;
    fputs("  ", out);
    for (int x = 0; x < BOARD_SIZE_X; x++)
        fprintf(out, "%3d", x);
    fputs(" \n", out);
    for (int y = 0; y < BOARD_SIZE_Y; y++) {
        fprintf(out, "%2d ", y);
        for (int x = 0; x < BOARD_SIZE_X; x++)
            fputs(cell_text(b->cell[y][x]), out);
        fputc('\n', out);
    }
    fputc('\n', out);
}

static void say(FILE *out, const char *text)
{
    if (out)
        fputs(text, out);
}

/* ------------------------------------------------------------- the game */

struct game {
    struct board board;
    int colour;
    int chaining;                   /* a marble may jump on          */
    long long at_x, at_y;           /* where the chaining marble is  */
    long long came_x, came_y;       /* where it may not go back to   */
    FILE *out;
    const struct model_hooks *hooks;
    struct model_result *result;
};

static int other_colour(int colour)
{
    return colour == RE ? GR : RE;
}

static int is_quit(const struct model_move *m)
{
    return m->x_from == -1 && m->y_from == -1 && m->x_to == -1 && m->y_to == -1;
}

/* Inside a chain only the chaining marble moves, only by a jump over a
** marble, and never straight back. */
static int allowed(const struct game *g, const struct model_move *m)
{
    if (!rules_may_move(&g->board, g->colour, m->x_from, m->y_from, m->x_to, m->y_to))
        return 0;
    if (!g->chaining)
        return 1;
    return m->x_from == g->at_x && m->y_from == g->at_y
        && rules_jumps_marble(&g->board, m->x_from, m->y_from, m->x_to, m->y_to)
        && !(m->x_to == g->came_x && m->y_to == g->came_y);
}

static void show_board(struct game *g)
{
    say(g->out, "\n");
    model_print_board(g->out, &g->board);
}

/* Makes the allowed move `m` and decides who moves next. */
static void make_move(struct game *g, const struct model_move *m)
{
    int jump = !rules_neighbours(m->x_from, m->y_from, m->x_to, m->y_to);
    int *from = &g->board.cell[m->y_from][m->x_from];

    g->board.cell[m->y_to][m->x_to] = *from;
    *from = EM;
    show_board(g);
    g->chaining = jump && rules_can_jump_on(&g->board, m->x_from, m->y_from,
                                            m->x_to, m->y_to);
    g->at_x = m->x_to, g->at_y = m->y_to;
    g->came_x = m->x_from, g->came_y = m->y_from;
    g->result->moves++;
    g->result->jumps += jump;
    if (jump && g->hooks && g->hooks->jumped)
        g->hooks->jumped(g->hooks->ctx, &g->board, m, g->chaining);
    if (!g->chaining)
        g->colour = other_colour(g->colour);
    if (g->hooks && g->hooks->position)
        g->hooks->position(g->hooks->ctx, &g->board, g->colour, g->result->moves, m);
}

static void prompt(const struct game *g)
{
    say(g->out, g->colour == RE ? "RED's move:  " : "GREEN's move:  ");
}

static void refuse(struct game *g)
{
    say(g->out, "INVALID MOVE.  TRY AGAIN!!\n");
    g->result->invalid++;
}

/* -1 -1 -1 -1: ends a chain (1), or the game (0). */
static int quit_or_end_chain(struct game *g)
{
    if (!g->chaining) {
        g->result->quit = 1;
        return 0;
    }
    g->chaining = 0;
    g->colour = other_colour(g->colour);
    g->result->chain_ends++;
    show_board(g);
    return 1;
}

/* One prompt and what is typed at it; 0 when the game is over. */
static int turn(struct game *g, struct input *in)
{
    struct model_move m;

    prompt(g);
    switch (read_entry(in, &m)) {
    case ENTRY_END:
        return 0;
    case ENTRY_JUNK:
        refuse(g);
        return 1;
    case ENTRY_MOVE:
        break;
    }
    if (is_quit(&m))
        return quit_or_end_chain(g);
    if (allowed(g, &m))
        make_move(g, &m);
    else
        refuse(g);
    return 1;
}

void model_run(const unsigned char *text, size_t len, FILE *out,
               const struct model_hooks *hooks, struct model_result *result)
{
    struct input in = {text, len, 0};
    struct game g = {.colour = RE, .out = out, .hooks = hooks, .result = result};
    struct model_result zero = {0, 0, 0, 0, 0};

    *result = zero;
    rules_start(&g.board);
    model_print_board(out, &g.board);
    if (hooks && hooks->position)
        hooks->position(hooks->ctx, &g.board, g.colour, 0, NULL);
    while (turn(&g, &in))
        ;
}

/*
** replay_html_assets.h -- the replay viewer's colours, stylesheet and
** script (replay_html_assets.c), for replay_html.c alone.
*/
#ifndef TOURNAMENT_REPLAY_HTML_ASSETS_H
#define TOURNAMENT_REPLAY_HTML_ASSETS_H

#define TREPLAY_SEATS 6

/* Each seat's colours: its pieces, their outline, and the light tint of
** its home's empty cells. */
struct treplay_seat_colour {
    const char *piece, *edge, *tint;
};

extern const struct treplay_seat_colour treplay_seat_colours[TREPLAY_SEATS];

/* NULL-terminated pieces of text: the page's own CSS rules (after the
** kit's stylesheet), and its script. */
extern const char *const treplay_style[];
extern const char *const treplay_script[];

#endif /* TOURNAMENT_REPLAY_HTML_ASSETS_H */

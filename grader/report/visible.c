/*
** visible.c -- text that may reach a terminal (visible.h): control bytes
** and ill-formed UTF-8 written "\xHH", and a printf whose string
** arguments are written so.
*/
#define _GNU_SOURCE
#include "visible.h"

#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

#include "report.h"

int visible_is_control(long cp)
{
    return (cp >= 0 && cp < 0x20) || cp == 0x7F || (cp >= 0x80 && cp <= 0x9F);
}

size_t visible_char(const char *s, size_t n)
{
    long cp;
    size_t len = report_utf8_decode(s, n, &cp);

    return cp < 0 || visible_is_control(cp) ? 0 : len;
}

/* Writes (when `out` is not NULL) s[0, len) made visible; returns the
** number of bytes that takes, so that a caller can pad it. */
static size_t show(FILE *out, const char *s, size_t len, unsigned flags)
{
    size_t total = 0;

    while (len > 0) {
        size_t n = visible_char(s, len);

        if (n == 0 && (flags & VISIBLE_LINES) && (*s == '\n' || *s == '\t'))
            n = 1;
        if (n > 0) {
            if (out)
                fwrite(s, 1, n, out);
            total += n;
        } else {
            if (out)
                fprintf(out, "\\x%02X", (unsigned)(unsigned char)*s);
            total += 4;
            n = 1;
        }
        s += n;
        len -= n;
    }
    return total;
}

void visible_write(FILE *out, const char *s, size_t len, unsigned flags)
{
    show(out, s, len, flags);
}

char *visible_copy(const char *s, unsigned flags)
{
    char *copy = NULL;
    size_t size = 0;
    FILE *out;

    s = report_str(s);
    if (!(out = open_memstream(&copy, &size)))
        return NULL;
    show(out, s, strlen(s), flags);
    if (fclose(out) != 0) {
        free(copy);
        return NULL;
    }
    return copy;
}

size_t visible_cut(char *buf, size_t size, const char *s)
{
    char *text = visible_copy(s, 0);
    size_t len = text ? strlen(text) : 0, cut = len;

    if (cut >= size)
        for (cut = size - 1; cut > 0 && (text[cut] & 0xC0) == 0x80; cut--)
            ;
    memcpy(buf, text ? text : "", cut);
    buf[cut] = '\0';
    free(text);
    return len;
}

/* One conversion of a format, its '*' replaced by the numbers given. */
struct conversion {
    char text[64];       /* "%-12.3s", ready for fprintf                  */
    size_t used;
    char length[3];      /* "", "hh", "h", "l", "ll", "z", "j", "t", "L"  */
    char letter;         /* 'd', 's', ...; '\0' at the format's end      */
    int width, precision, left;   /* -1: none given                     */
};

static void add(struct conversion *c, const char *text, size_t n)
{
    if (c->used + n < sizeof c->text) {
        memcpy(c->text + c->used, text, n);
        c->used += n;
        c->text[c->used] = '\0';
    }
}

/* A width or precision: digits, or '*' taken from the arguments; *given
** says whether there was one. */
static int number(const char **f, va_list *ap, int *given)
{
    int value = 0;

    *given = 1;
    if (**f == '*') {
        (*f)++;
        return va_arg(*ap, int);
    }
    if (**f < '0' || **f > '9')
        *given = 0;
    while (**f >= '0' && **f <= '9')
        value = value * 10 + (*(*f)++ - '0');
    return value;
}

/* Reads the conversion after a '%' at *f and moves *f past it. */
static void parse(const char **f, va_list *ap, struct conversion *c)
{
    static const char *const lengths[] = {"hh", "ll", "h", "l", "z", "j", "t", "L"};
    char digits[16];
    int given, value;

    memset(c, 0, sizeof *c);
    add(c, "%", 1);
    for (; **f && strchr("-+ #0", **f); (*f)++) {
        c->left |= **f == '-';
        add(c, *f, 1);
    }
    value = number(f, ap, &given);
    c->width = -1;
    if (given) {
        if (value < 0) {          /* a negative '*' width means flag '-' */
            c->left = 1;
            add(c, "-", 1);
            value = value == INT_MIN ? INT_MAX : -value;
        }
        c->width = value;
        add(c, digits, (size_t)snprintf(digits, sizeof digits, "%d", value));
    }
    c->precision = -1;
    if (**f == '.') {
        (*f)++;
        value = number(f, ap, &given);
        if (value >= 0) {         /* a negative '*' precision: none */
            c->precision = value;
            add(c, digits, (size_t)snprintf(digits, sizeof digits, ".%d", value));
        }
    }
    for (size_t i = 0; i < sizeof lengths / sizeof *lengths; i++)
        if (strncmp(*f, lengths[i], strlen(lengths[i])) == 0) {
            strcpy(c->length, lengths[i]);
            add(c, *f, strlen(lengths[i]));
            *f += strlen(lengths[i]);
            break;
        }
    c->letter = **f;
    if (**f) {
        add(c, *f, 1);
        (*f)++;
    }
}

/* A string or character argument, visible, padded to the width. */
static void put_text(FILE *out, const struct conversion *c, const char *s, size_t len)
{
    size_t shown = show(NULL, s, len, 0);
    size_t pad = c->width > 0 && (size_t)c->width > shown ? (size_t)c->width - shown : 0;

    if (!c->left)
        fprintf(out, "%*s", (int)pad, "");
    show(out, s, len, 0);
    if (c->left)
        fprintf(out, "%*s", (int)pad, "");
}

static void put_signed(FILE *out, const struct conversion *c, va_list *ap)
{
    const char *l = c->length;

    if (strcmp(l, "l") == 0)
        fprintf(out, c->text, va_arg(*ap, long));
    else if (strcmp(l, "ll") == 0)
        fprintf(out, c->text, va_arg(*ap, long long));
    else if (strcmp(l, "z") == 0)
        fprintf(out, c->text, va_arg(*ap, ssize_t));
    else if (strcmp(l, "j") == 0)
        fprintf(out, c->text, va_arg(*ap, intmax_t));
    else if (strcmp(l, "t") == 0)
        fprintf(out, c->text, va_arg(*ap, ptrdiff_t));
    else
        fprintf(out, c->text, va_arg(*ap, int));   /* "", "h", "hh" */
}

static void put_unsigned(FILE *out, const struct conversion *c, va_list *ap)
{
    const char *l = c->length;

    if (strcmp(l, "l") == 0)
        fprintf(out, c->text, va_arg(*ap, unsigned long));
    else if (strcmp(l, "ll") == 0)
        fprintf(out, c->text, va_arg(*ap, unsigned long long));
    else if (strcmp(l, "z") == 0)
        fprintf(out, c->text, va_arg(*ap, size_t));
    else if (strcmp(l, "j") == 0)
        fprintf(out, c->text, va_arg(*ap, uintmax_t));
    else if (strcmp(l, "t") == 0)
        fprintf(out, c->text, va_arg(*ap, ptrdiff_t));
    else
        fprintf(out, c->text, va_arg(*ap, unsigned));
}

static void put_conversion(FILE *out, const struct conversion *c, va_list *ap)
{
    if (c->letter == 's') {
        const char *s = report_str(va_arg(*ap, const char *));
        put_text(out, c, s, c->precision >= 0 ? strnlen(s, (size_t)c->precision) : strlen(s));
    } else if (c->letter == 'c') {
        char ch = (char)va_arg(*ap, int);
        put_text(out, c, &ch, 1);
    } else if (c->letter == 'd' || c->letter == 'i') {
        put_signed(out, c, ap);
    } else if (c->letter && strchr("uoxX", c->letter)) {
        put_unsigned(out, c, ap);
    } else if (c->letter && strchr("fFeEgGaA", c->letter)) {
        if (strcmp(c->length, "L") == 0)
            fprintf(out, c->text, va_arg(*ap, long double));
        else
            fprintf(out, c->text, va_arg(*ap, double));
    } else if (c->letter == 'p') {
        fprintf(out, c->text, va_arg(*ap, void *));
    } else if (c->letter == '%') {
        fputc('%', out);
    } else {
        fputc('?', out);
    }
}

int visible_vprintf(FILE *out, const char *format, va_list ap)
{
    va_list args;
    const char *f = format;

    va_copy(args, ap);
    while (*f) {
        size_t plain = strcspn(f, "%");
        struct conversion c;

        fwrite(f, 1, plain, out);
        f += plain;
        if (*f != '%')
            break;
        f++;
        parse(&f, &args, &c);
        put_conversion(out, &c, &args);
    }
    va_end(args);
    return ferror(out) ? -1 : 0;
}

/* The write function of visible_stderr()'s stream: `cookie` is the
** stream stderr was.  An unbuffered stream hands over each fprintf()'s
** text whole, so a character is cut only by a message of kilobytes. */
static ssize_t write_visible(void *cookie, const char *buf, size_t size)
{
    FILE *raw = cookie;

    show(raw, buf, size, VISIBLE_LINES);
    return fflush(raw) == 0 ? (ssize_t)size : -1;
}

int visible_stderr(void)
{
    cookie_io_functions_t io = { .write = write_visible };
    FILE *raw = stderr, *shown;

    /* Buffered, and flushed after each message: one write(2) a message. */
    setvbuf(raw, NULL, _IOFBF, BUFSIZ);
    if (!(shown = fopencookie(raw, "w", io)))
        return -1;
    setvbuf(shown, NULL, _IONBF, 0);
    stderr = shown;
    return 0;
}

int visible_printf(FILE *out, const char *format, ...)
{
    va_list ap;
    int rc;

    va_start(ap, format);
    rc = visible_vprintf(out, format, ap);
    va_end(ap);
    return rc;
}

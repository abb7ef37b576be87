/*
 * books_http.c -- what a book gives over HTTP GET (docs/server-protocol.md
 * "HTTP"): a tournament's printable pages (seating plan and table sheets
 * of a stage, standings; the table layer's HTML with print styles), an
 * evening's CSV, the money chart of an evening or a group (SVG), and a QR code per table of a tournament (libqrencode,
 * as SVG) that opens the table's entry page with its table key.  The
 * QR codes, and the table sheets with them, need the organiser's key.
 */
#include "books.h"

#include <qrencode.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The server's address for links: --public-url, else http://HOST. */
static void base_url(const skx_server *srv, const char *host, char *out, size_t size)
{
    if (srv->cfg.public_url && srv->cfg.public_url[0]) {
        snprintf(out, size, "%s", srv->cfg.public_url);
        size_t n = strlen(out);
        while (n > 0 && out[n - 1] == '/')
            out[--n] = '\0';
        return;
    }
    /* a Host header is letters, digits, '.', '-', ':' and brackets */
    size_t ok = strspn(host, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-:[]");
    snprintf(out, size, "http://%.*s", (int)(ok < 200 ? ok : 200), host);
}

/* The link a table's QR code opens: the page of its games, with the key
 * in the fragment (a browser never sends a fragment to a server). */
static void table_url(const skx_server *srv, const skx_book *b, const char *host, int stage,
                      int table, char *out, size_t size)
{
    char base[256], key[2 * SKX_TABLE_KEY_BYTES + 1];
    base_url(srv, host, base, sizeof base);
    skx_book_table_key(b, stage, table, key);
    snprintf(out, size, "%s/books.html#b=%s&k=%s", base, b->code, key);
}

/* A QR code of `text` as SVG (dark modules as one path, a quiet zone of
 * four), written to out; -1 when it cannot be encoded. */
static int qr_svg(const char *text, int px, FILE *out)
{
    QRcode *q = QRcode_encodeString(text, 0, QR_ECLEVEL_M, QR_MODE_8, 1);
    if (!q)
        return -1;
    int w = q->width, size = w + 8;
    fprintf(out, "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 %d %d\" width=\"%d\" "
                 "height=\"%d\" shape-rendering=\"crispEdges\" role=\"img\">"
                 "<rect width=\"%d\" height=\"%d\" fill=\"#fff\"/><path fill=\"#000\" d=\"",
            size, size, px, px, size, size);
    for (int y = 0; y < w; y++)
        for (int x = 0; x < w;) {
            if (!(q->data[y * w + x] & 1)) {
                x++;
                continue;
            }
            int run = 1;
            while (x + run < w && (q->data[y * w + x + run] & 1))
                run++;
            fprintf(out, "M%d %dh%dv1h-%dz", x + 4, y + 4, run, run);
            x += run;
        }
    fputs("\"/></svg>", out);
    QRcode_free(q);
    return 0;
}

/* The table sheets of a stage with each table's QR code after its
 * heading (the table layer's HTML, each "<section class=sheet><h2>"
 * gets its code). */
static void sheets_with_qr(const skx_server *srv, const skx_book *b, const char *host,
                           int stage, const char *html, FILE *out)
{
    static const char mark[] = "<section class=sheet><h2>";
    const char *p = html;
    for (int k = 1;; k++) {
        const char *s = strstr(p, mark);
        const char *e = s ? strstr(s, "</h2>\n") : NULL;
        if (!e) {
            fputs(p, out);
            return;
        }
        e += 6;
        fwrite(p, 1, (size_t)(e - p), out);
        char url[512];
        table_url(srv, b, host, stage, k, url, sizeof url);
        fputs("<div class=qr>", out); /* its looks: /api/print.css */
        qr_svg(url, 120, out);
        /* the link itself too, for a screen (the & of the fragment as &amp;) */
        char *amp = strchr(url, '&');
        if (amp)
            *amp = '\0';
        fprintf(out, "<br><a class=table-link href=\"%s&amp;%s\">%s</a></div>\n", url,
                amp ? amp + 1 : "",
                b->tour.lang ? "this table's games" : "Spiele dieses Tisches");
        p = e;
    }
}

/* Each player's money (or points, where the book plays for them) over
 * the games of an evening, or of all a group's evenings, as the table layer draws it (the chart of
 * `schafkopf sheet`); -1 without memory or store. */
static int chart_svg(skx_server *srv, skx_book *b, int en, FILE *out)
{
    sk_sheet_stats *st = malloc(sizeof *st);
    if (!st)
        return -1;
    sk_sheet_stats_init(st);
    int rc = b->kind == SK_STORE_BOOK_SHEET ? sk_sheet_stats_add(st, &b->sheet)
                                            : skx_book_group_stats(srv, b, st, NULL);
    const sk_rules *r = b->kind == SK_STORE_BOOK_SHEET ? &b->sheet.rules : &b->rules;
    if (rc == 0)
        sk_sheet_chart_svg(st, en, r->score == SK_SCORE_POINTS, out);
    sk_sheet_stats_free(st);
    free(st);
    return rc;
}

/* The print styles of the tournament's pages (the table layer's) and
 * of the QR codes the server puts beside a sheet's heading: a file the
 * pages link, since the server's Content-Security-Policy allows no
 * inline style.  A malloc'd text, NULL when out of memory. */
char *skx_books_print_css(void)
{
    static const char qr[] = ".qr{float:right;text-align:center;font-size:0.8em}\n";
    const char *css = sk_tour_html_css();
    size_t n = strlen(css);
    char *s = malloc(n + sizeof qr);
    if (s) {
        memcpy(s, css, n);
        memcpy(s + n, qr, sizeof qr);
    }
    return s;
}

/* Sets a short text answer; returns the status. */
static int text_reply(int status, const char *text, char **body, size_t *len,
                      const char **ctype)
{
    *ctype = "text/plain";
    *body = strdup(text);
    *len = *body ? strlen(*body) : 0;
    return status;
}

int skx_books_http(skx_server *srv, const char *uri, const char *key, const char *lang,
                   const char *host, char **body, size_t *len, const char **ctype)
{
    static const char prefix[] = "/api/books/";
    *body = NULL;
    *len = 0;
    if (strncmp(uri, prefix, sizeof prefix - 1) != 0 ||
        strlen(uri) < sizeof prefix - 1 + SKX_CODE_LEN + 2 ||
        uri[sizeof prefix - 1 + SKX_CODE_LEN] != '/')
        return text_reply(404, "not found\n", body, len, ctype);
    char code[SKX_CODE_LEN + 1];
    memcpy(code, uri + sizeof prefix - 1, SKX_CODE_LEN);
    code[SKX_CODE_LEN] = '\0';
    if (strspn(code, skx_code_alphabet()) != SKX_CODE_LEN)
        return text_reply(404, "not found\n", body, len, ctype);
    const char *rest = uri + sizeof prefix - 1 + SKX_CODE_LEN + 1;
    sk_error err = {{0}, NULL};
    skx_book *b = NULL;
    skx_book_get(srv, code, &b, &err);
    if (!b)
        return text_reply(404, "not found\n", body, len, ctype);
    int en = strcmp(lang, "en") == 0;
    if (b->kind == SK_STORE_BOOK_TOURNAMENT)
        b->tour.style_href = "/api/print.css"; /* the policy allows no inline style */
    FILE *out = open_memstream(body, len);
    if (!out)
        return text_reply(500, "out of memory\n", body, len, ctype);
    int status = 200, stage = 0, table = 0, st, tb;
    char tail[16] = "";
    if (b->kind == SK_STORE_BOOK_SHEET && strcmp(rest, "sheet.csv") == 0) {
        *ctype = "text/csv; charset=utf-8";
        b->sheet.lang = en;
        sk_sheet_print_csv(&b->sheet, out);
    } else if ((b->kind == SK_STORE_BOOK_SHEET || b->kind == SK_STORE_BOOK_GROUP) &&
               strcmp(rest, "chart.svg") == 0) {
        if (chart_svg(srv, b, en, out) < 0)
            status = 500;
        else
            *ctype = "image/svg+xml";
    } else if (b->kind == SK_STORE_BOOK_TOURNAMENT && strcmp(rest, "standings.html") == 0) {
        *ctype = "text/html; charset=utf-8";
        b->tour.lang = en;
        sk_tour_html_standings(&b->tour, out);
    } else if (b->kind == SK_STORE_BOOK_TOURNAMENT &&
               (sscanf(rest, "plan-%d%15s", &stage, tail) == 2 ||
                sscanf(rest, "sheets-%d%15s", &stage, tail) == 2) &&
               strcmp(tail, ".html") == 0 && stage >= 1 && stage <= b->tour.t->nstages) {
        *ctype = "text/html; charset=utf-8";
        b->tour.lang = en;
        if (rest[0] == 'p') {
            sk_tour_html_plan(&b->tour, stage, out);
        } else if (stage == b->tour.t->nstages &&
                   skx_book_key_may(b, key, &st, &tb) == SKX_MAY_EDIT) {
            char *html = NULL;
            size_t hlen = 0;
            FILE *mem = open_memstream(&html, &hlen);
            if (mem) {
                sk_tour_html_sheets(&b->tour, stage, mem);
                fclose(mem);
                sheets_with_qr(srv, b, host, stage, html, out);
            }
            free(html);
        } else {
            sk_tour_html_sheets(&b->tour, stage, out);
        }
    } else if (b->kind == SK_STORE_BOOK_TOURNAMENT &&
               sscanf(rest, "qr/%d-%d%15s", &stage, &table, tail) == 3 &&
               strcmp(tail, ".svg") == 0) {
        const sk_tournament *t = b->tour.t;
        if (skx_book_key_may(b, key, &st, &tb) != SKX_MAY_EDIT) {
            fclose(out);
            free(*body);
            return text_reply(403, "forbidden: the organiser's key (X-Book-Key)\n", body, len,
                              ctype);
        }
        if (stage != t->nstages || table < 1 || table > t->stages[stage - 1].ntables) {
            fclose(out);
            free(*body);
            return text_reply(404, "no such table in the current stage\n", body, len, ctype);
        }
        char url[512];
        table_url(srv, b, host, stage, table, url, sizeof url);
        *ctype = "image/svg+xml";
        if (qr_svg(url, 240, out) < 0)
            status = 500;
    } else {
        status = 404;
    }
    fclose(out);
    if (status != 200) {
        free(*body);
        return text_reply(status, status == 404 ? "not found\n" : "cannot make it\n", body, len,
                          ctype);
    }
    return 200;
}

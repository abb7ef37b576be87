/*
 * api.c -- the HTTP API, GET under /api/ (docs/server-protocol.md
 * "HTTP"): the lobby (/api/lobby), every preset's options for the create
 * forms (/api/rules), the printable pages' styles (/api/print.css), a
 * room's downloads (/api/rooms/CODE/games.jsonl and /games) and what a
 * book gives (/api/books/..., books_http.c).
 * The transport asks through its http hook and writes the answer; a
 * POST is answered like a GET, its form giving what must not be in
 * the address (a book's key).
 */
#include "server/handlers/handlers.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Copies an archived room's id and ruleset out of the store's row. */
static int room_row(void *ctx, const sk_store_room *row)
{
    skx_room_ref *r = ctx;
    r->id = row->id;
    return sk_rules_from_json(&r->rules, row->rules_json, NULL) < 0 ? SK_EINVAL : 0;
}

/* The room of a code for its downloads: running, or else archived
 * (closed in the store, its games kept); false when there is none. */
static bool find_room(skx_server *srv, const char *code, skx_room_ref *r)
{
    snprintf(r->code, sizeof r->code, "%s", code);
    skx_room *rm = skx_room_find(srv->rt, code);
    if (rm) {
        r->id = rm->id;
        r->rules = *sk_room_rules(rm->room);
        return true;
    }
    sk_error err = {{0}, NULL};
    return sk_store_room_by_invite(srv->store, code, room_row, r, &err) == 0;
}

/* Builds the body of an API request: 200 with JSON or JSON Lines, or
 * an error status with a short text; *body NULL when out of memory. */
int skx_api_route(skx_server *srv, skx_http_req *req, const char *uri, char **body,
                  const char **ctype)
{
    static const char prefix[] = "/api/rooms/";
    static const char suffix[] = "/games.jsonl", list[] = "/games";
    *ctype = "application/json";
    if (strcmp(uri, "/api/lobby") == 0) { /* ?page=N, from 0 */
        char arg[16];
        size_t len = 0;
        skx_http_arg(req, "page=", arg, sizeof arg);
        long page = strtol(arg, NULL, 10);
        *body = skx_lobby_reply(srv, page > 0 && page <= SKX_LOBBY_PAGES_MAX ? (uint32_t)page : 0,
                                false, NULL, &len);
        return *body ? 200 : 500;
    }
    if (strcmp(uri, "/api/stats") == 0) {
        *body = skx_forget_stats(srv);
        return *body ? 200 : 500;
    }
    if (strcmp(uri, "/api/rules") == 0) { /* every preset's options: the create forms */
        json_t *o = json_pack("{s:o*}", "presets", sk_sheet_rules_presets());
        *body = o ? json_dumps(o, JSON_COMPACT) : NULL;
        json_decref(o);
        return *body ? 200 : 500;
    }
    if (strcmp(uri, "/api/print.css") == 0) { /* the printable pages' styles */
        *ctype = "text/css; charset=utf-8";
        *body = skx_books_print_css();
        return *body ? 200 : 500;
    }
    if (strncmp(uri, "/api/books/", 11) == 0) {
        /* A book's key travels in the X-Book-Key header (a fetch) or a
         * POST's form (a page opened to print), never in the address:
         * an address is kept in histories, logs of proxies and Referer
         * headers.  An old link with ?key= is refused, not served
         * without the key (docs/server.md, "Keys"). */
        char key[80], lang[8], host[256];
        size_t blen = 0;
        if (skx_http_has_arg(req, "key")) {
            *ctype = "text/plain";
            *body = strdup("a book's key never goes in the address: the page sends it in the "
                           "X-Book-Key header or a form; open the book at /books.html#b=CODE&k=KEY\n");
            return 400;
        }
        skx_http_header(req, "x-book-key:", key, sizeof key);
        if (!key[0])
            skx_http_field(req, "key", key, sizeof key);
        skx_http_arg(req, "lang=", lang, sizeof lang);
        if (!lang[0])
            skx_http_field(req, "lang", lang, sizeof lang);
        skx_http_host(req, host, sizeof host);
        return skx_books_http(srv, uri, key, lang, host, body, &blen, ctype);
    }
    size_t n = strlen(uri);
    if (strncmp(uri, prefix, sizeof prefix - 1) == 0 &&
        n == sizeof prefix - 1 + SKX_CODE_LEN + sizeof suffix - 1 &&
        strcmp(uri + n - (sizeof suffix - 1), suffix) == 0) {
        char code[SKX_CODE_LEN + 1];
        memcpy(code, uri + sizeof prefix - 1, SKX_CODE_LEN);
        code[SKX_CODE_LEN] = '\0';
        skx_room_ref rm;
        if (find_room(srv, code, &rm)) {
            *ctype = "application/jsonl";
            *body = skx_games_jsonl(srv, &rm);
            return *body ? 200 : 500;
        }
    }
    if (strncmp(uri, prefix, sizeof prefix - 1) == 0 &&
        n == sizeof prefix - 1 + SKX_CODE_LEN + sizeof list - 1 &&
        strcmp(uri + n - (sizeof list - 1), list) == 0) {
        char code[SKX_CODE_LEN + 1];
        memcpy(code, uri + sizeof prefix - 1, SKX_CODE_LEN);
        code[SKX_CODE_LEN] = '\0';
        skx_room_ref rm;
        if (find_room(srv, code, &rm)) {
            *body = skx_games_list(srv, &rm);
            return *body ? 200 : 500;
        }
    }
    *ctype = "text/plain";
    *body = strdup("not found\n");
    return 404;
}

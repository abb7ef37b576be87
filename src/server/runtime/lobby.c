/*
 * lobby.c -- the lobby: the listed rooms as the `lobby` message and GET
 * /api/lobby show them, in pages of SKX_LOBBY_PAGE rooms.
 *
 * Before, every request built the whole list in the loop: 2.4 MB of
 * JSON for 700 rooms (0.3 s), so forty requests held everyone else's
 * messages for seconds.  Now each room keeps its entry's text, made
 * again only when what it shows changed (a fingerprint of its seats and
 * games, looked at when the pass sees new events); the list of rooms
 * shown is built once per change of a listed room (created, seated,
 * hidden or shown again by idleness, archived), and each page's text
 * once per build, when first asked for.  A request is a lookup and a
 * copy.  `version` counts the builds: the pages of one version belong
 * together, and a test can see that requests build nothing.
 */
#include "server/runtime/runtime.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Whether the room is shown in the lobby. */
static bool shown(const skx_room *rm)
{
    return rm->listed && !rm->hidden;
}

/* FNV-1a over what a room's entry shows that can change: each seat's
 * kind and name, and the games played. */
static uint64_t fingerprint(const skx_room *rm)
{
    uint64_t h = 1469598103934665603u;
    for (int s = 0; s < sk_room_seats(rm->room); s++) {
        const sk_room_seat *st = sk_room_seat_at(rm->room, s);
        int kind = st ? st->kind : SK_ROOM_EMPTY;
        h = (h ^ (uint64_t)(kind + 1)) * 1099511628211u;
        for (const char *p = st && kind != SK_ROOM_EMPTY ? st->name : ""; *p; p++)
            h = (h ^ (unsigned char)*p) * 1099511628211u;
        h = (h ^ 0xffu) * 1099511628211u;
    }
    return (h ^ sk_room_session(rm->room)->games) * 1099511628211u;
}

/* One room's lobby entry as JSON text: code, title, ruleset, seats,
 * free seats, games; malloc'd, NULL when out of memory. */
static char *entry_text(const skx_room *rm)
{
    char *rules = sk_rules_json(sk_room_rules(rm->room));
    json_t *seats = json_array();
    int free_seats = 0;
    for (int s = 0; s < sk_room_seats(rm->room); s++) { /* 3, 4 or 5 */
        const sk_room_seat *st = sk_room_seat_at(rm->room, s);
        int kind = st ? st->kind : SK_ROOM_EMPTY;
        free_seats += kind == SK_ROOM_EMPTY;
        json_array_append_new(
            seats, json_pack("{s:s, s:s}", "kind",
                             kind == SK_ROOM_HUMAN ? "human" : kind == SK_ROOM_BOT ? "bot" : "empty",
                             "name", st && kind != SK_ROOM_EMPTY ? st->name : ""));
    }
    json_t *o = json_pack("{s:s, s:s, s:o, s:o, s:i, s:i}", "room", rm->code, "title", rm->title,
                          "rules", rules ? json_loads(rules, 0, NULL) : json_null(), "seats", seats,
                          "free", free_seats, "games", (int)sk_room_session(rm->room)->games);
    free(rules);
    char *text = o ? json_dumps(o, JSON_COMPACT) : NULL;
    json_decref(o);
    return text;
}

/* Drops the pages (the list stays). */
static void drop_pages(skx_lobby *lb)
{
    for (size_t i = 0; i < lb->npages; i++)
        free(lb->pages[i]);
    free(lb->pages);
    lb->pages = NULL;
    lb->npages = 0;
}

void skx_lobby_dirty(skx_runtime *rt)
{
    rt->lobby.dirty = 1;
}

void skx_lobby_check(skx_runtime *rt, skx_room *rm)
{
    if (!rm->lobby_text || fingerprint(rm) == rm->lobby_fp)
        return;
    free(rm->lobby_text);
    rm->lobby_text = NULL;
    if (shown(rm))
        rt->lobby.dirty = 1;
}

void skx_lobby_forget(skx_runtime *rt, skx_room *rm)
{
    free(rm->lobby_text);
    rm->lobby_text = NULL;
    rt->lobby.dirty = 1; /* the list may point to it */
}

/* Newest first: rooms by store id, descending. */
static int newest_first(const void *a, const void *b)
{
    const skx_room *x = *(skx_room *const *)a, *y = *(skx_room *const *)b;
    return x->id < y->id ? 1 : x->id > y->id ? -1 : 0;
}

/* Builds the list of rooms shown (their entries made where missing);
 * 0, or -1 out of memory (the lobby stays dirty). */
static int build(skx_runtime *rt)
{
    skx_lobby *lb = &rt->lobby;
    drop_pages(lb);
    lb->n = 0;
    for (size_t i = 0; i < rt->nrooms; i++) {
        skx_room *rm = rt->rooms[i];
        if (!shown(rm))
            continue;
        if (!rm->lobby_text) {
            rm->lobby_fp = fingerprint(rm);
            if (!(rm->lobby_text = entry_text(rm)))
                return -1;
        }
        if (lb->n == lb->cap) {
            size_t cap = lb->cap ? 2 * lb->cap : 64;
            skx_room **list = realloc(lb->list, cap * sizeof *list);
            if (!list)
                return -1;
            lb->list = list;
            lb->cap = cap;
        }
        lb->list[lb->n++] = rm;
    }
    if (lb->n > 1) /* qsort of no list: a null pointer (UBSan) */
        qsort(lb->list, lb->n, sizeof *lb->list, newest_first);
    size_t npages = lb->n ? (lb->n + SKX_LOBBY_PAGE - 1) / SKX_LOBBY_PAGE : 1;
    lb->pages = calloc(npages, sizeof *lb->pages);
    if (!lb->pages)
        return -1;
    lb->npages = npages;
    lb->dirty = 0;
    lb->version++;
    return 0;
}

/* Makes page `p` of the built list: its entries joined as an array. */
static char *page_text(const skx_lobby *lb, size_t p)
{
    size_t from = p * SKX_LOBBY_PAGE, to = from + SKX_LOBBY_PAGE;
    if (to > lb->n)
        to = lb->n;
    size_t len = 2;
    for (size_t i = from; i < to; i++)
        len += strlen(lb->list[i]->lobby_text) + 1;
    char *t = malloc(len + 1), *w = t;
    if (!t)
        return NULL;
    *w++ = '[';
    for (size_t i = from; i < to; i++) {
        if (i > from)
            *w++ = ',';
        size_t k = strlen(lb->list[i]->lobby_text);
        memcpy(w, lb->list[i]->lobby_text, k);
        w += k;
    }
    *w++ = ']';
    *w = '\0';
    return t;
}

const char *skx_lobby_page(skx_runtime *rt, size_t page, skx_lobby_info *info)
{
    skx_lobby *lb = &rt->lobby;
    if ((lb->dirty || !lb->pages) && build(rt) < 0)
        return NULL;
    info->total = lb->n;
    info->pages = lb->npages;
    info->version = lb->version;
    if (page >= lb->npages)
        return "[]";
    if (!lb->pages[page])
        lb->pages[page] = page_text(lb, page);
    return lb->pages[page];
}

void skx_lobby_free(skx_runtime *rt)
{
    drop_pages(&rt->lobby);
    free(rt->lobby.list);
    rt->lobby.list = NULL;
    rt->lobby.n = rt->lobby.cap = 0;
}

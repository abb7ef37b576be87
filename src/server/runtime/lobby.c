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
 *
 * On a shared store (a cluster, docs/server.md "Cluster") the lobby is
 * every process's: each process writes the entries of the listed rooms
 * it runs into the store when they change (skx_lobby_publish, in the
 * pass's transaction, fenced by the room's lease), the store notifies
 * the others at the commit (LISTEN/NOTIFY), and a process whose lobby is
 * asked for after a notice reads all entries again -- once per notice,
 * not per request.  Its own rooms show as it has them; another's as the
 * store has them.
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
    rt->lobby.publish = 1;
}

void skx_lobby_check(skx_runtime *rt, skx_room *rm)
{
    if (rt->leases && rm->listed && !rt->lobby.publish &&
        (shown(rm) ? rm->pub_state != 1 || fingerprint(rm) != rm->pub_fp : rm->pub_state != 2))
        rt->lobby.publish = 1; /* the store's copy differs: written at the pass's end */
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

/* Newest first: entries by room id, descending. */
static int newest_first(const void *a, const void *b)
{
    const skx_lobby_entry *x = a, *y = b;
    return x->id < y->id ? 1 : x->id > y->id ? -1 : 0;
}

/* Appends an entry to the list; false when out of memory. */
static bool list_push(skx_lobby *lb, uint64_t id, const char *text)
{
    if (lb->n == lb->cap) {
        size_t cap = lb->cap ? 2 * lb->cap : 64;
        skx_lobby_entry *list = realloc(lb->list, cap * sizeof *list);
        if (!list)
            return false;
        lb->list = list;
        lb->cap = cap;
    }
    lb->list[lb->n++] = (skx_lobby_entry){id, text};
    return true;
}

/* Makes a room's entry text if it has none; false when out of memory. */
static bool ensure_text(skx_room *rm)
{
    if (rm->lobby_text)
        return true;
    rm->lobby_fp = fingerprint(rm);
    return (rm->lobby_text = entry_text(rm)) != NULL;
}

/* Builds the list of rooms shown (their entries made where missing):
 * this process's shown rooms and the other processes' entries (a room
 * run here shows as it is here); 0, or -1 out of memory (the lobby
 * stays dirty). */
static int build(skx_runtime *rt)
{
    skx_lobby *lb = &rt->lobby;
    drop_pages(lb);
    lb->n = 0;
    for (size_t i = 0; i < rt->nrooms; i++) {
        skx_room *rm = rt->rooms[i];
        if (shown(rm) && (!ensure_text(rm) || !list_push(lb, rm->id, rm->lobby_text)))
            return -1;
    }
    for (size_t i = 0; i < lb->nremote; i++)
        if (!skx_room_by_id(rt, lb->remote[i].id) &&
            !list_push(lb, lb->remote[i].id, lb->remote[i].text))
            return -1;
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
        len += strlen(lb->list[i].text) + 1;
    char *t = malloc(len + 1), *w = t;
    if (!t)
        return NULL;
    *w++ = '[';
    for (size_t i = from; i < to; i++) {
        if (i > from)
            *w++ = ',';
        size_t k = strlen(lb->list[i].text);
        memcpy(w, lb->list[i].text, k);
        w += k;
    }
    *w++ = ']';
    *w = '\0';
    return t;
}

/* Forgets the other processes' entries. */
static void drop_remote(skx_lobby *lb)
{
    for (size_t i = 0; i < lb->nremote; i++)
        free((char *)lb->remote[i].text);
    lb->nremote = 0;
}

/* The store's walk of the entries: keeps a copy of each. */
static int on_remote(void *ctx, uint64_t room, const char *entry)
{
    skx_lobby *lb = ctx;
    if (lb->nremote == lb->capremote) {
        size_t cap = lb->capremote ? 2 * lb->capremote : 64;
        skx_lobby_entry *v = realloc(lb->remote, cap * sizeof *v);
        if (!v)
            return SK_ENOMEM;
        lb->remote = v;
        lb->capremote = cap;
    }
    char *t = strdup(entry);
    if (!t)
        return SK_ENOMEM;
    lb->remote[lb->nremote++] = (skx_lobby_entry){room, t};
    return 0;
}

/* Notes another process's notice; reads the entries again when one came
 * since the last read.  A failed read keeps the lobby as it was (and
 * is tried again at the next request). */
static void refresh_remote(skx_runtime *rt)
{
    skx_lobby *lb = &rt->lobby;
    sk_error err = {{0}, NULL};
    int rc = sk_store_lobby_changed(rt->store, &err);
    if (rc > 0)
        lb->remote_stale = 1;
    if (!lb->remote_stale || rt->failed)
        return;
    drop_remote(lb);
    lb->dirty = 1;
    if (rc < 0 || sk_store_lobby(rt->store, on_remote, lb, &err) < 0) {
        skx_log(SKX_LOG_ERR, "server: the shared lobby: %s\n", err.msg);
        drop_remote(lb);
        return;
    }
    lb->remote_stale = 0;
}

/* Writes one room's entry as it shows now (removed when not shown);
 * false after a store failure or out of memory. */
static bool publish_room(skx_runtime *rt, skx_room *rm)
{
    sk_error err = {{0}, NULL};
    uint64_t fp = 0;
    if (shown(rm)) {
        fp = fingerprint(rm);
        if (rm->pub_state == 1 && rm->pub_fp == fp)
            return true;
        if (rm->lobby_text && rm->lobby_fp != fp) /* made again: the list points to it */
            skx_lobby_forget(rt, rm);
        if (!ensure_text(rm))
            return false;
    } else if (rm->pub_state == 2) {
        return true;
    }
    if (skx_store_txn(rt) < 0)
        return false;
    if (sk_store_lobby_put(rt->store, rm->id, shown(rm) ? rm->lobby_text : NULL, &err) < 0) {
        skx_runtime_fail(rt, &err);
        return false;
    }
    rm->pub_state = shown(rm) ? 1 : 2;
    rm->pub_fp = fp;
    return true;
}

void skx_lobby_publish(skx_runtime *rt)
{
    skx_lobby *lb = &rt->lobby;
    if (!rt->leases || rt->failed)
        return;
    sk_error err = {{0}, NULL};
    int rc = sk_store_lobby_changed(rt->store, &err); /* drains the notices */
    if (rc < 0) {
        skx_runtime_fail(rt, &err);
        return;
    }
    if (rc > 0)
        lb->remote_stale = 1;
    if (!lb->publish)
        return;
    lb->publish = 0;
    for (size_t i = 0; i < rt->nrooms && !rt->failed; i++)
        if (rt->rooms[i]->listed && !publish_room(rt, rt->rooms[i])) {
            lb->publish = 1; /* again at the next pass */
            break;
        }
}

/* Removes a room's entry from the shared lobby (it is archived). */
void skx_lobby_unpublish(skx_runtime *rt, skx_room *rm)
{
    sk_error err = {{0}, NULL};
    if (!rt->leases || !rm->listed || rm->pub_state == 2 || skx_store_txn(rt) < 0)
        return;
    if (sk_store_lobby_put(rt->store, rm->id, NULL, &err) < 0)
        skx_runtime_fail(rt, &err);
    rm->pub_state = 2;
}

const char *skx_lobby_page(skx_runtime *rt, size_t page, skx_lobby_info *info)
{
    skx_lobby *lb = &rt->lobby;
    if (rt->leases)
        refresh_remote(rt);
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
    drop_remote(&rt->lobby);
    free(rt->lobby.remote);
    rt->lobby.remote = NULL;
    free(rt->lobby.list);
    rt->lobby.list = NULL;
    rt->lobby.n = rt->lobby.cap = 0;
}

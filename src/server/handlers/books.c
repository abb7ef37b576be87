/*
 * books.c -- score keeping and tournaments on the server: the messages
 * book_create, book_open, book_close, book_line and book_undo
 * (docs/server-protocol.md "Score keeping"), the books loaded from the
 * store, who may write them, and their followers.
 *
 * Who may write: whoever holds a book's edit key (32 random bytes from
 * libsodium, given once to its creator; the store keeps only its
 * BLAKE2b hash), and the account that created it.  An evening of a
 * group is written with the group's key.  Each table of a tournament's
 * current stage has a table key, derived from the edit key's hash, that
 * enters that table's games and nothing else.  Reading needs only the
 * code.  A key is never sent to anyone who did not present it.
 *
 * A line is checked by the document (sk_sheet_add, sk_tour_apply: the
 * refusal in the sender's language), appended to the store in the
 * pass's transaction, and only then sent: every message queued while
 * the transaction is open waits for its commit (conn.c).
 */
#include "books.h"

#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

/* The server's own words about books, German and English. */
enum {
    BW_NOT_FOUND, BW_FORBIDDEN, BW_TABLE_ONLY, BW_STALE, BW_GROUP_LINES, BW_COMMAND,
    BW_NOTHING_BACK, BW_UNDO_SHEET, BW_PLAYERS, BW_ROSTER, BW_NAME, BW_DEALER, BW_SEED,
    BW_NOT_GROUP, BW_NO_RULES, BW_INTERNAL, BW_TOO_MANY, BW_NEW_STAGE, BW_RATE, BW_GROUP_RULES,
    BW_COUNT
};
static const char *const WORDS[2][BW_COUNT] = {
    {
        [BW_NOT_FOUND] = "Kein Buch mit diesem Code.",
        [BW_FORBIDDEN] = "Schreiben nur mit dem Schlüssel des Buchs.",
        [BW_TABLE_ONLY] = "Dieser Schlüssel trägt nur die Spiele von Tisch %d ein "
                          "(tisch %d SPIEL).",
        [BW_STALE] = "Inzwischen wurde etwas eingetragen: bitte ansehen und noch einmal.",
        [BW_GROUP_LINES] = "Eine Gruppe hat keine Zeilen: trag in einen ihrer Abende ein.",
        [BW_COMMAND] = "Das ist ein Befehl, kein Spiel: hier wird er nicht eingetragen.",
        [BW_NOTHING_BACK] = "Nichts zurückzunehmen: die letzte Zeile ist eine andere.",
        [BW_UNDO_SHEET] = "Zurücknehmen gibt es nur auf einem Abend; im Turnier korrigiert "
                          "der Schiedsrichter.",
        [BW_PLAYERS] = "Ein Abend hat 3 bis 5 Spieler.",
        [BW_ROSTER] = "Eine Gruppe hat 3 bis 16 Spieler.",
        [BW_NAME] = "\"%s\": ein Name aus Buchstaben, Ziffern, - _ . (nicht nur Ziffern).",
        [BW_DEALER] = "Der erste Geber muss einer der Spieler sein.",
        [BW_SEED] = "Ein Turnier braucht seine veröffentlichte Losnummer (seed).",
        [BW_NOT_GROUP] = "\"%s\" ist nicht in der Gruppe.",
        [BW_NO_RULES] = "Ein Turnier spielt nach der Turnierordnung: keine eigenen Regeln.",
        [BW_INTERNAL] = "Das Buch lässt sich gerade nicht lesen.",
        [BW_TOO_MANY] = "Zu viele Bücher auf einmal geöffnet.",
        [BW_NEW_STAGE] = "Die Runde dieses Tisches ist vorbei.",
        [BW_RATE] = "Zu viele neue Listen auf einmal: bitte etwas warten.",
        [BW_GROUP_RULES] = "Ein Abend der Gruppe spielt nach den Regeln der Gruppe: keine "
                           "eigenen Regeln (rules) hier.",
    },
    {
        [BW_NOT_FOUND] = "No book with that code.",
        [BW_FORBIDDEN] = "Writing needs the book's key.",
        [BW_TABLE_ONLY] = "This key enters only table %d's games (table %d DEAL).",
        [BW_STALE] = "Somebody entered a line meanwhile: look again and retry.",
        [BW_GROUP_LINES] = "A group takes no lines: enter them in one of its evenings.",
        [BW_COMMAND] = "That is a command, not a game: it is not entered here.",
        [BW_NOTHING_BACK] = "Nothing to take back: the last line is another one.",
        [BW_UNDO_SHEET] = "Only an evening's line can be taken back; in a tournament the "
                          "referee corrects.",
        [BW_PLAYERS] = "An evening has 3 to 5 players.",
        [BW_ROSTER] = "A group has 3 to 16 players.",
        [BW_NAME] = "\"%s\": a name of letters, digits, - _ . (not only digits).",
        [BW_DEALER] = "The first dealer must be one of the players.",
        [BW_SEED] = "A tournament needs its published seed.",
        [BW_NOT_GROUP] = "\"%s\" is not in the group.",
        [BW_NO_RULES] = "A tournament plays by the tournament rules: no rules of its own.",
        [BW_INTERNAL] = "The book cannot be read now.",
        [BW_TOO_MANY] = "Too many books open at once.",
        [BW_NEW_STAGE] = "This table's stage is over.",
        [BW_RATE] = "Too many new books at once: please wait a little.",
        [BW_GROUP_RULES] = "A group's evening plays by the group's rules: no rules of its "
                           "own here.",
    }};

/* A refusal in the connection's language (fmt may take one %s or two %d). */
static void refuse(skx_client *c, const char *ref, const char *code, int word, const char *arg,
                   int num)
{
    char msg[300];
    const char *fmt = WORDS[c->lang ? 1 : 0][word];
    if (arg)
        snprintf(msg, sizeof msg, fmt, arg);
    else
        snprintf(msg, sizeof msg, fmt, num, num);
    skx_send_error(c->conn, ref, code, msg, NULL);
}

/* Forgets a loaded book (after a store refusal its document may be
 * ahead of the store: the next reader loads it again). */
static void book_forget(skx_server *srv, skx_book *b)
{
    skx_books_remove(srv, b);
    for (int i = 0; i < b->nsubs; i++) {
        skx_client *c = b->subs[i];
        for (int k = 0; k < c->nbsubs; k++)
            if (c->bsubs[k].book == b)
                c->bsubs[k] = c->bsubs[--c->nbsubs];
    }
    skx_book_free(b);
}

/* The book of a code for a message: NULL after answering not_found (no
 * such book) or internal (it cannot be read). */
static skx_book *book_for(skx_client *c, const char *code, const char *ref)
{
    skx_book *b = NULL;
    sk_error err = {{0}, NULL};
    int rc = skx_book_get(c->srv, code, &b, &err);
    if (rc == SK_EINVAL)
        refuse(c, ref, "not_found", BW_NOT_FOUND, NULL, 0);
    else if (rc < 0)
        refuse(c, ref, "internal", BW_INTERNAL, NULL, 0);
    return b;
}

/* The connection's subscription to a book, or NULL. */
static skx_bsub *bsub_of(skx_client *c, const skx_book *b)
{
    for (int i = 0; i < c->nbsubs; i++)
        if (c->bsubs[i].book == b)
            return &c->bsubs[i];
    return NULL;
}

/* Stops following a book. */
static void unfollow(skx_client *c, skx_book *b)
{
    for (int i = 0; i < c->nbsubs; i++)
        if (c->bsubs[i].book == b) {
            c->bsubs[i] = c->bsubs[--c->nbsubs];
            break;
        }
    for (int i = 0; i < b->nsubs; i++)
        if (b->subs[i] == c) {
            b->subs[i] = b->subs[--b->nsubs];
            break;
        }
}

/* Follows a book; a connection that follows SKX_BSUBS_MAX already stops
 * following the one it followed first.  NULL when out of memory. */
static skx_bsub *follow(skx_client *c, skx_book *b)
{
    skx_bsub *s = bsub_of(c, b);
    if (s)
        return s;
    if (c->nbsubs == SKX_BSUBS_MAX) {
        skx_book *first = c->bsubs[0].book;
        unfollow(c, first);
        /* unfollow moved the last into the first place: keep the order */
        if (c->nbsubs > 1) {
            skx_bsub last = c->bsubs[0];
            memmove(&c->bsubs[0], &c->bsubs[1], (size_t)(c->nbsubs - 1) * sizeof c->bsubs[0]);
            c->bsubs[c->nbsubs - 1] = last;
        }
    }
    if (b->nsubs == b->capsubs) {
        int cap = b->capsubs ? 2 * b->capsubs : 4;
        skx_client **subs = realloc(b->subs, (size_t)cap * sizeof *subs);
        if (!subs)
            return NULL;
        b->subs = subs;
        b->capsubs = cap;
    }
    b->subs[b->nsubs++] = c;
    s = &c->bsubs[c->nbsubs++];
    memset(s, 0, sizeof *s);
    s->book = b;
    return s;
}

void skx_books_drop_conn(skx_client *c)
{
    while (c->nbsubs > 0)
        unfollow(c, c->bsubs[0].book);
}

/* What the connection may do with a book: its key now, what it
 * presented when it opened the book, or its account. */
static int may_of(skx_client *c, skx_book *b, const char *key, int *stage, int *table)
{
    int may = skx_book_key_may(b, key, stage, table);
    skx_bsub *s = bsub_of(c, b);
    if (may == SKX_MAY_READ && s && s->may > may) {
        may = s->may;
        *stage = s->stage;
        *table = s->table;
    }
    if (c->account && b->owner == c->account)
        may = SKX_MAY_EDIT;
    return may;
}

/* Sends the book to one connection ("may": what it may do there). */
static void send_book(skx_client *c, skx_book *b, const char *ref)
{
    json_t *o = skx_book_snapshot(c->srv, b, c->lang);
    if (!o) {
        skx_send_error(c->conn, ref, "internal", "out of memory", NULL);
        return;
    }
    skx_bsub *s = bsub_of(c, b);
    int may = s ? s->may : SKX_MAY_READ;
    if (c->account && b->owner == c->account)
        may = SKX_MAY_EDIT;
    static const char *const MAY[] = {"read", "table", "edit"};
    json_object_set_new(o, "type", json_string("book"));
    json_object_set_new(o, "may", json_string(MAY[may]));
    if (may == SKX_MAY_TABLE)
        json_object_set_new(o, "table", json_pack("{s:i, s:i}", "stage", s->stage, "table",
                                                  s->table));
    skx_send_json(c->conn, o, ref);
}

/* Sends the book to every follower (after a change: held until the
 * pass's commit, as every message queued in an open transaction). */
static void broadcast(skx_book *b, const skx_client *except)
{
    for (int i = 0; i < b->nsubs; i++)
        if (b->subs[i] != except)
            send_book(b->subs[i], b, NULL);
}

/* After an evening changed: its group's followers get the group again
 * (its statistics), when the group is loaded and followed. */
static void broadcast_group(skx_server *srv, const skx_book *b)
{
    if (!b->parent)
        return;
    for (size_t i = 0; i < srv->nbooks; i++)
        if (srv->books[i]->id == b->parent && srv->books[i]->nsubs)
            broadcast(srv->books[i], NULL);
}

/* A fresh code for a book: 16 letters and digits of the invitation
 * alphabet from libsodium, not in use. */
static int new_code(skx_server *srv, char code[SKX_CODE_LEN + 1])
{
    for (int tries = 0; tries < 8; tries++) {
        skx_code_random(code);
        sk_store_book sb;
        sk_error e = {{0}, NULL};
        memset(&sb, 0, sizeof sb);
        if (sk_store_book_get(srv->store, code, &sb, &e) < 0)
            return 0;
        sk_store_book_free(&sb);
    }
    return -1;
}

/* book_create: a group, an evening (of a group or alone) or a
 * tournament.  The creator follows it and may edit it; a new key goes
 * to him alone. */
static void book_create(skx_client *c, const skx_msg *m)
{
    skx_server *srv = c->srv;
    if (c->create_tokens < 1.0) {
        refuse(c, m->ref, "rate", BW_RATE, NULL, 0);
        return;
    }
    c->create_tokens -= 1.0;
    char names[SKX_BOOK_NAMES][SK_SHEET_NAME];
    char *head = NULL;
    sk_store_book sb;
    memset(&sb, 0, sizeof sb);
    sb.kind = m->kind;
    sb.owner = c->account;
    sb.title = m->title;
    char hash[65] = "", keyhex[2 * SKX_KEY_BYTES + 1] = "";
    skx_book *group = NULL;
    for (int i = 0; i < m->nnames; i++) {
        snprintf(names[i], SK_SHEET_NAME, "%s", m->names[i]);
        if (!sk_sheet_name_ok(names[i])) {
            refuse(c, m->ref, "bad_message", BW_NAME, names[i], 0);
            return;
        }
    }
    if (m->kind == SK_STORE_BOOK_TOURNAMENT) {
        if (m->has_rules || m->nnames) {
            refuse(c, m->ref, "bad_message", BW_NO_RULES, NULL, 0);
            return;
        }
        char why[200];
        sk_tour probe;
        if (!m->seed[0]) {
            refuse(c, m->ref, "bad_message", BW_SEED, NULL, 0);
            return;
        }
        if (sk_tour_init(&probe, m->seed, c->lang, why, sizeof why) < 0) {
            skx_send_error(c->conn, m->ref, "bad_message", why, NULL);
            return;
        }
        sk_tour_free(&probe);
        json_t *h = json_pack("{s:s}", "seed", m->seed);
        head = h ? json_dumps(h, JSON_COMPACT) : NULL;
        json_decref(h);
    } else if (m->kind == SK_STORE_BOOK_SHEET && m->group[0]) {
        if (!(group = book_for(c, m->group, m->ref)))
            return;
        if (group->kind != SK_STORE_BOOK_GROUP) {
            refuse(c, m->ref, "not_found", BW_NOT_FOUND, NULL, 0);
            return;
        }
        int st, tb;
        if (may_of(c, group, m->key, &st, &tb) != SKX_MAY_EDIT) {
            refuse(c, m->ref, "forbidden", BW_FORBIDDEN, NULL, 0);
            return;
        }
        if (m->has_rules) { /* never dropped unsaid: the group's rules hold */
            refuse(c, m->ref, "bad_message", BW_GROUP_RULES, NULL, 0);
            return;
        }
        if (m->nnames < 3 || m->nnames > 5) {
            refuse(c, m->ref, "bad_message", BW_PLAYERS, NULL, 0);
            return;
        }
        for (int i = 0; i < m->nnames; i++) {
            int k = 0;
            while (k < group->nnames && strcasecmp(group->names[k], names[i]) != 0)
                k++;
            if (k == group->nnames) {
                refuse(c, m->ref, "bad_message", BW_NOT_GROUP, names[i], 0);
                return;
            }
            snprintf(names[i], SK_SHEET_NAME, "%s", group->names[k]);
        }
    } else if (m->kind == SK_STORE_BOOK_SHEET && (m->nnames < 3 || m->nnames > 5)) {
        refuse(c, m->ref, "bad_message", BW_PLAYERS, NULL, 0);
        return;
    } else if (m->kind == SK_STORE_BOOK_GROUP && (m->nnames < 3 || m->nnames > SKX_BOOK_NAMES)) {
        refuse(c, m->ref, "bad_message", BW_ROSTER, NULL, 0);
        return;
    }
    if (m->kind != SK_STORE_BOOK_TOURNAMENT) {
        /* the preset and house rules by the ruleset's own names, refused
         * in the connection's language (sk_sheet_rules_read) */
        sk_rules r;
        char why[300];
        if (group)
            r = group->rules;
        else if (!m->has_rules)
            sk_rules_preset(&r, "official", NULL);
        else if (sk_sheet_rules_read(m->rules_text, c->lang, &r, why, sizeof why) < 0) {
            skx_send_error(c->conn, m->ref, "bad_message", why, NULL);
            return;
        }
        if (m->kind == SK_STORE_BOOK_SHEET) {
            if (m->first_dealer >= m->nnames) {
                refuse(c, m->ref, "bad_message", BW_DEALER, NULL, 0);
                return;
            }
            r.players = (uint8_t)m->nnames;
            sk_rules_refresh(&r);
        }
        if (sk_sheet_rules_check(&r, c->lang, why, sizeof why) < 0) {
            skx_send_error(c->conn, m->ref, "bad_message", why, NULL);
            return;
        }
        head = sk_sheet_head(&r, names, m->nnames, m->kind == SK_STORE_BOOK_SHEET ? m->first_dealer
                                                                                : -1);
    }
    if (!head) {
        skx_send_error(c->conn, m->ref, "internal", "out of memory", NULL);
        return;
    }
    if (group) {
        sb.parent = group->id;
        sb.owner = group->owner;
        snprintf(hash, sizeof hash, "%s", group->key_hash);
    } else {
        uint8_t key[SKX_KEY_BYTES];
        randombytes_buf(key, sizeof key);
        skx_book_key_hash(key, hash);
        sodium_bin2hex(keyhex, sizeof keyhex, key, sizeof key);
        sodium_memzero(key, sizeof key);
    }
    char code[SKX_CODE_LEN + 1];
    sk_error err = {{0}, NULL};
    uint64_t id = 0;
    sb.code = code;
    sb.head = head;
    sb.key_hash = hash;
    sb.created = (int64_t)time(NULL);
    if (new_code(srv, code) < 0 || skx_store_txn(srv->rt) < 0) {
        free(head);
        skx_send_error(c->conn, m->ref, "internal", "no code", NULL);
        return;
    }
    if (sk_store_book_create(srv->store, &sb, &id, &err) < 0) {
        free(head);
        skx_send_error(c->conn, m->ref, "internal", err.msg, NULL);
        return;
    }
    free(head);
    skx_book *b = NULL;
    skx_book_get(srv, code, &b, &err);
    skx_bsub *s = b ? follow(c, b) : NULL;
    if (!s) {
        skx_send_error(c->conn, m->ref, "internal", b ? "too many books" : err.msg, NULL);
        return;
    }
    s->may = SKX_MAY_EDIT;
    static const char *const KINDS[] = {"", "group", "sheet", "tournament"};
    json_t *o = json_pack("{s:s, s:s, s:s}", "type", "book_created", "book", code, "kind",
                          KINDS[m->kind]);
    if (o && keyhex[0])
        json_object_set_new(o, "key", json_string(keyhex));
    sodium_memzero(keyhex, sizeof keyhex);
    skx_send_json(c->conn, o, m->ref);
    send_book(c, b, NULL);
    if (group)
        broadcast(group, NULL); /* its list of evenings */
}

/* book_open: follow a book and get it whole; a key says what one may. */
static void book_open(skx_client *c, const skx_msg *m)
{
    if (m->lang >= 0)
        c->lang = m->lang;
    skx_book *b = book_for(c, m->book, m->ref);
    if (!b)
        return;
    int stage, table;
    int may = skx_book_key_may(b, m->key, &stage, &table);
    skx_bsub *s = follow(c, b);
    if (!s) {
        refuse(c, m->ref, "refused", BW_TOO_MANY, NULL, 0);
        return;
    }
    if (may > s->may || m->key[0]) {
        s->may = may;
        s->stage = stage;
        s->table = table;
    }
    send_book(c, b, m->ref);
}

/* Whether a table key's holder may send this tournament line: only
 * "tisch T DEAL" / "table T DEAL" (or S/T) for its own table of the
 * current stage, and no approval (the referee's). */
static bool table_line_ok(const skx_book *b, int stage, int table, const char *line)
{
    char buf[SKX_BOOK_LINE_MAX + 1], *save = NULL;
    snprintf(buf, sizeof buf, "%s", line);
    const char *w0 = strtok_r(buf, " \t", &save), *w1 = strtok_r(NULL, " \t", &save),
               *w2 = strtok_r(NULL, " \t", &save);
    if (!w0 || !w1 || (strcasecmp(w0, "tisch") != 0 && strcasecmp(w0, "table") != 0))
        return false;
    if (w2 && (strcasecmp(w2, "genehmigt") == 0 || strcasecmp(w2, "approved") == 0))
        return false;
    char want[32], want2[32];
    snprintf(want, sizeof want, "%d", table);
    snprintf(want2, sizeof want2, "%d/%d", stage, table);
    return stage == b->tour.t->nstages && (strcmp(w1, want) == 0 || strcmp(w1, want2) == 0);
}

/* Who writes a line, for the store's audit trail: a table's phone as
 * "table S/T", else the connection's name (an account's, or the
 * nickname) and "(account)" for a logged-in one. */
static void line_author(const skx_client *c, int may, int stage, int table, char *out,
                        size_t size)
{
    if (may == SKX_MAY_TABLE)
        snprintf(out, size, "table %d/%d", stage, table);
    else
        snprintf(out, size, "%s%s", c->name, c->account ? " (account)" : "");
}

/* book_line: one line, checked, stored, then sent to every follower. */
static void book_line(skx_client *c, const skx_msg *m)
{
    skx_server *srv = c->srv;
    sk_error err = {{0}, NULL};
    skx_book *b = book_for(c, m->book, m->ref);
    if (!b)
        return;
    int stage, table;
    int may = may_of(c, b, m->key, &stage, &table);
    if (b->kind == SK_STORE_BOOK_GROUP) {
        refuse(c, m->ref, "refused", BW_GROUP_LINES, NULL, 0);
        return;
    }
    if (may == SKX_MAY_READ) {
        refuse(c, m->ref, "forbidden", BW_FORBIDDEN, NULL, 0);
        return;
    }
    if (may == SKX_MAY_TABLE) {
        if (stage != b->tour.t->nstages) {
            refuse(c, m->ref, "forbidden", BW_NEW_STAGE, NULL, 0);
            return;
        }
        if (!table_line_ok(b, stage, table, m->line)) {
            refuse(c, m->ref, "forbidden", BW_TABLE_ONLY, NULL, table);
            return;
        }
    }
    if (m->seq != b->last_seq) {
        refuse(c, m->ref, "stale", BW_STALE, NULL, 0);
        return;
    }
    char why[400], *said = NULL;
    int64_t at = (int64_t)time(NULL);
    int rc = skx_book_apply(b, m->line, at, c->lang, &said, why, sizeof why);
    if (rc < 0) {
        skx_send_error(c->conn, m->ref, "refused", why, NULL);
        return;
    }
    if (rc > 0) {
        /* a command that changes nothing (a tournament's "stand"): its
         * output, nothing stored */
        json_t *o = json_pack("{s:s, s:s, s:I, s:b, s:s}", "type", "book_done", "book", b->code,
                              "seq", (json_int_t)b->last_seq, "stored", 0, "said",
                              said ? said : "");
        free(said);
        if (b->kind == SK_STORE_BOOK_SHEET) {
            json_decref(o);
            refuse(c, m->ref, "refused", BW_COMMAND, NULL, 0);
            return;
        }
        skx_send_json(c->conn, o, m->ref);
        return;
    }
    uint64_t seq = b->last_seq + 1;
    if (skx_store_txn(srv->rt) < 0) {
        free(said);
        return;
    }
    char author[SKX_NAME_MAX + 16];
    line_author(c, may, stage, table, author, sizeof author);
    if (sk_store_book_append(srv->store, b->id, seq, m->line, author, at, &err) < 0 ||
        skx_book_push_line(b, seq, at, m->line, author) < 0) {
        /* another writer of the same store, a cap, or no memory: the
         * document is ahead of the store; forget it, read it again */
        free(said);
        skx_send_error(c->conn, m->ref, "internal", err.msg[0] ? err.msg : "out of memory", NULL);
        book_forget(srv, b);
        return;
    }
    b->last_seq = seq;
    b->updated = at;
    json_t *o = json_pack("{s:s, s:s, s:I, s:b}", "type", "book_done", "book", b->code, "seq",
                          (json_int_t)seq, "stored", 1);
    if (o && said && said[0])
        json_object_set_new(o, "said", json_string(said));
    free(said);
    skx_send_json(c->conn, o, m->ref);
    broadcast(b, NULL);
    broadcast_group(srv, b);
}

/* book_undo: takes back an evening's last line (3.4.1: only the deal
 * just entered); the line stays in the store, marked. */
static void book_undo(skx_client *c, const skx_msg *m)
{
    skx_server *srv = c->srv;
    sk_error err = {{0}, NULL};
    skx_book *b = book_for(c, m->book, m->ref);
    if (!b)
        return;
    int stage, table;
    if (b->kind != SK_STORE_BOOK_SHEET) {
        refuse(c, m->ref, "refused", BW_UNDO_SHEET, NULL, 0);
        return;
    }
    if (may_of(c, b, m->key, &stage, &table) != SKX_MAY_EDIT) {
        refuse(c, m->ref, "forbidden", BW_FORBIDDEN, NULL, 0);
        return;
    }
    if (b->n == 0 || b->seqs[b->n - 1] != m->seq) {
        refuse(c, m->ref, "stale", BW_NOTHING_BACK, NULL, 0);
        return;
    }
    int64_t at = (int64_t)time(NULL);
    if (skx_store_txn(srv->rt) < 0)
        return;
    char author[SKX_NAME_MAX + 16];
    line_author(c, SKX_MAY_EDIT, 0, 0, author, sizeof author);
    if (sk_store_book_undo(srv->store, b->id, m->seq, author, at, &err) < 0) {
        skx_send_error(c->conn, m->ref, "internal", err.msg, NULL);
        book_forget(srv, b);
        return;
    }
    sk_sheet_undo(&b->sheet);
    free(b->texts[--b->n]);
    b->updated = at;
    skx_send_json(c->conn,
                  json_pack("{s:s, s:s, s:I, s:b}", "type", "book_done", "book", b->code, "seq",
                            (json_int_t)b->last_seq, "stored", 1),
                  m->ref);
    broadcast(b, NULL);
    broadcast_group(srv, b);
}

void skx_books_handle(skx_client *c, const skx_msg *m)
{
    switch (m->type) {
    case SKX_MSG_BOOK_CREATE:
        book_create(c, m);
        return;
    case SKX_MSG_BOOK_OPEN:
        book_open(c, m);
        return;
    case SKX_MSG_BOOK_CLOSE: {
        for (int i = 0; i < c->nbsubs; i++)
            if (strcmp(c->bsubs[i].book->code, m->book) == 0) {
                unfollow(c, c->bsubs[i].book);
                break;
            }
        skx_send_json(c->conn, json_pack("{s:s, s:s}", "type", "book_closed", "book", m->book),
                      m->ref);
        return;
    }
    case SKX_MSG_BOOK_LINE:
        book_line(c, m);
        return;
    case SKX_MSG_BOOK_UNDO:
        book_undo(c, m);
        return;
    default:
        skx_send_error(c->conn, m->ref, "bad_message", "this message type is not handled here",
                       NULL);
    }
}

/*
 * play_game.c -- one game of `schafkopf play`: the driver asks the bots
 * through their views (sk_game_view + sk_bot_act) and the human through
 * the UI, changes the game only through sk_game_apply, and tells the UI
 * what happened.  Kontra and Retour may be given out of turn (3.3):
 * core's sk_turn_next says who is asked when.  A finished game is booked
 * and saved; one left in the middle goes to the side file.
 */
#include "play.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* Logs a line and shows it; `other`: about another seat's action. */
static void say(play_ctx *p, const char *line, bool other)
{
    skx_table_log(&p->table, line);
    p->ui->event(p->ui, &p->table, line, other);
}

/* Says what a seat did: into the log and the seat's last word. */
static void announce(play_ctx *p, const sk_public *before, sk_action a)
{
    skx_table *t = &p->table;
    char words[64], line[96];
    skx_lang_action(t->lang, before, a, words, sizeof words);
    if (a.type != SK_ACT_CARD)
        snprintf(t->said[a.seat], sizeof t->said[a.seat], "%s", words);
    snprintf(line, sizeof line, "%s: %s", skx_lang_seat(t->lang, t->human, a.seat), words);
    say(p, line, a.seat != p->human);
}

/* Announces what an applied action brought: the trick's winner, the
 * called ace's holder, the start of the play. */
static void announce_after(play_ctx *p, const sk_game *g, const sk_public *before, sk_action a)
{
    skx_table *t = &p->table;
    skx_lang L = t->lang;
    char line[128];
    if (a.type == SK_ACT_CARD && g->pub.trick_no > before->trick_no) {
        int k = before->trick_no;
        sk_cards cards = 0;
        for (int i = 0; i < 4; i++)
            cards |= SK_BIT(g->pub.tricks[k][i]);
        int w = g->pub.trick_winners[k];
        if (w == t->human) /* "Du machst Stich 3 (11 Augen)" */
            snprintf(line, sizeof line, skx_tr(L, L_TAKES_YOU), k + 1, sk_cards_points(cards));
        else
            snprintf(line, sizeof line, skx_tr(L, L_TAKES), skx_lang_seat(L, t->human, w), k + 1,
                     sk_cards_points(cards));
        t->trick_end = true;
        say(p, line, false);
        t->trick_end = false;
    } else if (a.type == SK_ACT_DECLARE && g->pub.phase == SK_PHASE_PLAY) {
        snprintf(line, sizeof line, "%s: %s", skx_tr(L, L_LEADS),
                 skx_lang_seat(L, t->human, g->pub.trick_leader));
        say(p, line, false);
    }
}

/* Applies an action (already checked or not) and tells the UI. */
static int apply(play_ctx *p, sk_game *g, sk_action a, sk_error *err)
{
    sk_public before = g->pub;
    int rc = sk_game_apply(g, a, err);
    if (rc < 0)
        return rc;
    sk_game_view(g, p->human, &p->table.view);
    /* the log tells what the human's seat saw: a Hochzeit's card only
     * to the two who exchange it */
    announce(p, &before, sk_game_seen_action(g, g->pub.nactions - 1, p->human));
    announce_after(p, g, &before, a);
    return 0;
}

/* A bot's decision; a refused one is replaced by the first legal action
 * so the game goes on (and the refusal is shown). */
static void bot_move(play_ctx *p, sk_game *g, int seat)
{
    sk_view v;
    sk_game_view(g, seat, &v);
    sk_action a = sk_bot_act(p->bots[seat], &v);
    a.seat = (uint8_t)seat;
    sk_error err = {{0}, NULL};
    if (apply(p, g, a, &err) < 0) {
        p->ui->error(p->ui, &p->table, err.msg);
        sk_action legal[SK_MAX_LEGAL];
        sk_view_legal(&v, legal);
        apply(p, g, legal[0], NULL);
    }
}

/*
 * The human lays down his hand and claims the rest ("Der Rest gehört
 * mir", docs/rules.md): the ai layer checks the claim against every lie
 * of the cards he cannot see and every play of the others.  If it holds
 * the rest is played out at once (his cards keep the claim, the others
 * play a legal card), so the record stays a list of legal actions, and
 * true is returned; if not, he is told so and plays on (no penalty).
 */
static bool claim_rest(play_ctx *p, sk_game *g)
{
    skx_table *t = &p->table;
    skx_lang L = t->lang;
    bool holds = false;
    sk_error err = {{0}, NULL};
    int rc = sk_claim_check(g, p->human, &holds, &err);
    if (rc < 0 || !holds) {
        p->ui->error(p->ui, t, skx_tr(L, rc == SK_ESTATE   ? L_CLAIM_NOT_NOW
                                         : rc == SK_ERANGE ? L_CLAIM_EARLY
                                                           : L_CLAIM_NO));
        return false;
    }
    sk_action line[SK_NTRICKS * SK_NSEATS];
    int n = sk_claim_line(g, p->human, line, (int)(sizeof line / sizeof line[0]), &err);
    if (n < 0) {
        p->ui->error(p->ui, t, skx_tr(L, L_CLAIM_EARLY));
        return false;
    }
    char said[128];
    snprintf(t->said[p->human], sizeof t->said[p->human], "%s", skx_tr(L, L_CLAIM));
    snprintf(said, sizeof said, "%s: %s", skx_lang_seat(L, t->human, p->human),
             skx_tr(L, L_CLAIM));
    say(p, said, false);
    int delay = t->delay_ms, pause = t->trick_pause_ms; /* the rest goes at once */
    t->delay_ms = t->trick_pause_ms = 0;
    for (int i = 0; i < n && !sk_game_over(g); i++)
        if (apply(p, g, line[i], &err) < 0)
            break; /* cannot happen: the line is legal; the loop asks on */
    t->delay_ms = delay;
    t->trick_pause_ms = pause;
    return true;
}

/* Asks the human until an action is accepted; SKX_UI_QUIT to stop. */
static int human_move(play_ctx *p, sk_game *g)
{
    for (;;) {
        sk_action legal[SK_MAX_LEGAL], mine[SK_MAX_LEGAL];
        sk_game_view(g, p->human, &p->table.view);
        int n = sk_view_legal(&p->table.view, legal), k = 0;
        for (int i = 0; i < n; i++) /* the doublings last: a key, not a card */
            if (legal[i].type != SK_ACT_KONTRA && legal[i].type != SK_ACT_RETOUR)
                mine[k++] = legal[i];
        for (int i = 0; i < n; i++)
            if (legal[i].type == SK_ACT_KONTRA || legal[i].type == SK_ACT_RETOUR)
                mine[k++] = legal[i];
        sk_action a;
        int rc = p->ui->choose(p->ui, &p->table, mine, k, &a);
        if (rc == SKX_UI_QUIT)
            return SKX_UI_QUIT;
        if (rc == SKX_UI_SETTINGS) {
            skx_play_settings(p);
            continue;
        }
        if (rc == SKX_UI_CLAIM) {
            if (claim_rest(p, g))
                return SKX_UI_OK;
            continue;
        }
        a.seat = (uint8_t)p->human;
        sk_error err = {{0}, NULL};
        if (apply(p, g, a, &err) == 0)
            return SKX_UI_OK;
        char why[256];
        skx_lang_refusal(p->table.lang, &err, why, sizeof why);
        p->ui->error(p->ui, &p->table, why);
    }
}

/* Whether the next action of the seat to move (its first legal one that
 * is no doubling: every card closes the same way) would take the
 * doubling `type` from the human: under 3.3.2 the second card of the
 * first trick; under another kontra_timing whatever card that is.  Asked
 * of a copy of the game, so the rules say it, not this driver. */
static bool next_closes(const play_ctx *p, const sk_game *g, int type)
{
    if (g->pub.to_move == p->human)
        return false; /* his own turn: k goes with his card */
    sk_action legal[SK_MAX_LEGAL];
    int n = sk_game_legal(g, legal), i = 0;
    while (i < n && (legal[i].seat != g->pub.to_move || legal[i].type == SK_ACT_KONTRA ||
                     legal[i].type == SK_ACT_RETOUR))
        i++;
    sk_game *next = malloc(sizeof *next);
    if (i == n || !next) {
        free(next);
        return false;
    }
    *next = *g;
    bool closes = false;
    if (sk_game_apply(next, legal[i], NULL) == 0) {
        n = sk_game_legal(next, legal);
        closes = true;
        for (int k = 0; k < n; k++)
            if (legal[k].seat == p->human && legal[k].type == type)
                closes = false;
    }
    free(next);
    return closes;
}

/* When the hold for the human's doubling `type` ends (skx_now_ms), or 0
 * for no hold: a hold is only for the action that would close his window
 * (issue 40: nobody loses the right through speed, nobody must answer),
 * and it lasts until `hold` seconds after the window opened (after the
 * auction for Kontra, after the Kontra for Retour), like the server's
 * room setting of the same name (notes: docs/rules.md, 3.3.2). */
static int64_t hold_until(play_ctx *p, const sk_game *g, int type)
{
    int window = type * 16 + g->pub.doublings;
    if (window != p->hold_window) {
        p->hold_window = window;
        p->hold_deadline = skx_now_ms() + (int64_t)p->table.hold_s * 1000;
    }
    if (p->table.hold_s <= 0 || !next_closes(p, g, type))
        return 0;
    return p->hold_deadline > skx_now_ms() ? p->hold_deadline : 0;
}

/*
 * Offers `seat` the doubling `type` out of turn (3.3); core decides who
 * is asked when (sk_turn_next).  The human answers through the UI, a bot
 * through its view.  Returns SKX_UI_QUIT if the human quits.
 */
static int ask_doubling(play_ctx *p, sk_game *g, int seat, int type)
{
    sk_action a = sk_act_double(seat, type);
    if (seat == p->human) {
        sk_game_view(g, p->human, &p->table.view);
        p->table.hold_until_ms = hold_until(p, g, type);
        int rc = p->ui->offer(p->ui, &p->table, a);
        p->table.hold_until_ms = 0;
        if (rc == SKX_UI_QUIT)
            return rc;
        if (rc == SKX_UI_NO) {
            sk_turn_decline(&p->turn, g, seat);
            return SKX_UI_OK;
        }
    } else {
        sk_view v;
        sk_game_view(g, seat, &v);
        a = sk_bot_act(p->bots[seat], &v);
        a.seat = (uint8_t)seat;
        if (a.type != type) {
            sk_turn_decline(&p->turn, g, seat);
            return SKX_UI_OK;
        }
    }
    if (apply(p, g, a, NULL) < 0)
        sk_turn_decline(&p->turn, g, seat);
    return SKX_UI_OK;
}

/* Starts a game: clears the table and announces dealer and forehand.
 * The game in progress of a resumed session (p->partial) is not dealt
 * but set up from its record, and its actions so far are applied and
 * shown again; 0, or -1 when it does not replay. */
static int start_game(play_ctx *p, sk_game *g)
{
    skx_table *t = &p->table;
    sk_error err = {{0}, NULL};
    if (p->partial && sk_session_start(&p->session, g, p->partial->hands, &err) < 0) {
        fprintf(stderr, "schafkopf: %s.partial: %s\n", p->path, err.msg);
        return -1;
    }
    if (!p->partial)
        sk_session_deal(&p->session, g, &p->rng);
    skx_play_bots_brief(p);
    t->game_no = p->session.games + 1;
    memset(t->said, 0, sizeof t->said);
    t->nlog = 0;
    sk_turn_init(&p->turn);
    p->hold_window = -1;
    sk_game_view(g, p->human, &t->view);
    char line[128];
    snprintf(line, sizeof line, "%s %u: %s %s, %s %s", skx_tr(t->lang, L_GAME), t->game_no,
             skx_tr(t->lang, L_DEALER), skx_lang_seat(t->lang, t->human, g->pub.dealer),
             skx_tr(t->lang, L_FOREHAND), skx_lang_seat(t->lang, t->human, (g->pub.dealer + 1) % 4));
    say(p, line, false);
    int status = 0;
    for (int i = 0; p->partial && i < p->partial->nactions && status == 0; i++)
        if ((status = apply(p, g, p->partial->actions[i], &err)) < 0)
            fprintf(stderr, "schafkopf: %s.partial: actions[%d]: %s\n", p->path, i, err.msg);
    free(p->partial);
    p->partial = NULL;
    return status;
}

/* Plays one game; books and saves it when finished.  SKX_UI_QUIT when the
 * human quits or a signal stops the program: a game left in the middle
 * is then saved to the side file (p->partial_saved, or p->partial_error). */
int skx_play_game(play_ctx *p, bool last)
{
    sk_game *g = malloc(sizeof *g);
    if (!g)
        return SKX_UI_QUIT;
    bool started = start_game(p, g) == 0;
    if (started && p->notice[0]) { /* on the table, once there is one */
        p->ui->error(p->ui, &p->table, p->notice);
        p->notice[0] = '\0';
    }
    int rc = started ? SKX_UI_OK : SKX_UI_QUIT;
    while (rc == SKX_UI_OK && !sk_game_over(g)) {
        if (*p->stop) {
            rc = SKX_UI_QUIT;
            break;
        }
        int offer, seat = sk_turn_next(&p->turn, g, &offer);
        if (offer >= 0)
            rc = ask_doubling(p, g, seat, offer);
        else if (seat == p->human)
            rc = human_move(p, g);
        else
            bot_move(p, g, seat);
    }
    if (rc == SKX_UI_OK) {
        sk_result res;
        sk_error err = {{0}, NULL};
        int dealer = g->pub.dealer;
        sk_session_finish(&p->session, g, &res, &err);
        skx_play_bots_watch(p, g);
        skx_play_add_row(p, &res, dealer);
        if (p->nosave) {
            /* said at the start */
        } else if (skx_play_save_game(p, g) < 0) {
            p->ui->error(p->ui, &p->table, skx_cli_write_error(errno));
        } else {
            p->saved = true;
            skx_play_drop_partial(p);
        }
        skx_play_sheet_book(p, g);
        char explain[256];
        skx_table_explain(&p->table, &p->session.rules, &res, explain, sizeof explain);
        sk_game_view(g, p->human, &p->table.view);
        char *course = skx_table_course(&p->table, g, &p->session.rules, &res);
        p->table.course = course; /* the game is over: every hand may be shown */
        if (!p->finished) /* kept for a rating of the player's decisions, on request */
            p->finished = malloc(sizeof *p->finished);
        if (p->finished)
            sk_record_from_game(p->finished, g, "");
        p->table.finished = p->finished;
        p->table.finished_no = p->table.game_no;
        rc = p->ui->summary(p->ui, &p->table, &res, explain, last);
        p->table.course = NULL;
        free(course);
    } else if (started && !sk_game_over(g) && !p->nosave) {
        if (skx_play_save_partial(p, g) == 0)
            p->partial_saved = true;
        else
            p->partial_error = errno ? errno : EIO;
    }
    free(g);
    return rc;
}

/*
 * ui_plain.c -- the line mode of `schafkopf play`: every event is one
 * line of text, every question a prompt answered by one line.  Readable
 * by screen readers and drivable by scripts ("Legal:" and "Choices:"
 * lines list what may be typed; prompts end with a newline when stdin is
 * not a terminal).  EOF on stdin ends the session like 'q'.
 */
#include "ui.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/select.h>
#include <unistd.h>

typedef struct plain_ui {
    skx_ui ui;
    char *line;
    size_t cap;
    unsigned asked_game; /* the game of asked_mask */
    unsigned asked_mask; /* doublings asked in it (a bit per action type) */
} plain_ui;

/*
 * Waits until stdin has input; false when a stop signal (SIGINT, SIGTERM,
 * SIGHUP: play.c's handler sets *stop) came first.  The signals are
 * blocked while *stop is checked and let in only inside pselect, which
 * swaps the masks atomically: a signal that arrives after the prompt
 * but before the wait is not lost, as it would be in a blocking read
 * (the program then waited for a line that a script never sends).
 * stdin is unbuffered (skx_cmd_play), so no line waits unseen in its
 * buffer.
 */
static bool wait_input(const volatile sig_atomic_t *stop)
{
    if (!stop)
        return true;
    sigset_t block, old;
    sigemptyset(&block);
    sigaddset(&block, SIGINT);
    sigaddset(&block, SIGTERM);
    sigaddset(&block, SIGHUP);
    if (sigprocmask(SIG_BLOCK, &block, &old) < 0)
        return !*stop;
    bool input = false;
    while (!*stop) {
        fd_set fds;
        FD_ZERO(&fds);
        FD_SET(STDIN_FILENO, &fds);
        int n = pselect(STDIN_FILENO + 1, &fds, NULL, NULL, NULL, &old);
        if (n > 0 || (n < 0 && errno != EINTR)) { /* input, or an error read reports */
            input = true;
            break;
        }
    }
    sigprocmask(SIG_SETMASK, &old, NULL);
    return input && !*stop;
}

/* Prints a prompt and reads a line into the UI's buffer; false on EOF
 * or a stop signal. */
static bool read_line(plain_ui *u, const skx_table *t, const char *prompt)
{
    fputs(prompt, stdout);
    if (t->prompt_newline)
        fputc('\n', stdout);
    fflush(stdout);
    if (!wait_input(t->stop))
        return false;
    ssize_t len = getline(&u->line, &u->cap, stdin);
    if (len < 0)
        return false;
    while (len > 0 && (u->line[len - 1] == '\n' || u->line[len - 1] == '\r'))
        u->line[--len] = '\0';
    return true;
}

/* Prints the cards of a trick as "Links GA, Gegenüber G7". */
static void print_trick(const skx_table *t, const uint8_t *cards, int len, int leader)
{
    for (int i = 0; i < len; i++)
        printf("%s%s %s", i ? ", " : "", skx_lang_seat(t->lang, t->human, (leader + i) % 4),
               sk_card_name(cards[i]));
}

/* Prints an event line; the one that ends a trick comes after the whole
 * trick, so that what was taken is read with who took it. */
static void plain_event(skx_ui *ui, const skx_table *t, const char *text, bool other)
{
    (void)ui;
    (void)other;
    const sk_public *p = &t->view.pub;
    if (t->trick_end && p->trick_no > 0) {
        int k = p->trick_no - 1;
        printf("%s %d: ", skx_tr(t->lang, L_TRICK), k + 1);
        print_trick(t, p->tricks[k], 4, p->trick_leaders[k]);
        printf("\n");
    }
    printf("%s\n", text);
}

/* Prints the contract line, the current trick, the hand and what may be
 * done: before each question. */
static void print_state(const skx_table *t, const sk_action *legal, int n, const uint8_t *hand,
                        int nhand)
{
    const sk_public *p = &t->view.pub;
    skx_lang L = t->lang;
    if (p->phase == SK_PHASE_PLAY) {
        char name[64];
        skx_lang_contract(L, p->contract, name, sizeof name);
        printf("%s: %s", skx_tr(L, L_GAME), name);
        if (p->declarer < SK_NSEATS) /* a Ramsch has none */
            printf(", %s: %s", skx_tr(L, L_DECLARER), skx_lang_seat(L, t->human, p->declarer));
        if (p->partner != SK_NOSEAT && p->partner != p->declarer)
            printf(", %s: %s", skx_tr(L, L_PARTNER), skx_lang_seat(L, t->human, p->partner));
        for (int d = 0; d < p->doublings; d++)
            printf(", %s", skx_tr(L, d % 2 ? L_RETOUR : L_KONTRA));
        printf("\n%s %d: ", skx_tr(L, L_TRICK), p->trick_no + 1);
        print_trick(t, p->trick, p->trick_len, p->trick_leader);
        printf("\n");
    }
    printf("%s:", skx_tr(L, L_HAND));
    sk_cards trumps = skx_table_trumps(p);
    for (int i = 0; i < nhand; i++) /* two blanks after the last trump */
        printf("%s%s", i > 0 && (trumps & SK_BIT(hand[i - 1])) && !(trumps & SK_BIT(hand[i]))
                           ? "  " : " ", sk_card_name(hand[i]));
    printf("\n");
    if (n > 0 && legal[0].type == SK_ACT_CARD) {
        printf("%s:", skx_tr(L, L_LEGAL));
        for (int i = 0; i < nhand; i++)
            for (int k = 0; k < n; k++)
                if (legal[k].type == SK_ACT_CARD && legal[k].card == hand[i])
                    printf(" %s", sk_card_name(hand[i]));
        for (int k = 0; k < n; k++) /* a doubling may be given with the card */
            if (legal[k].type == SK_ACT_KONTRA || legal[k].type == SK_ACT_RETOUR) {
                char key[96];
                snprintf(key, sizeof key, skx_tr(L, L_KEY_DOUBLE),
                         skx_tr(L, legal[k].type == SK_ACT_KONTRA ? L_KONTRA : L_RETOUR));
                printf(" | %s", key + 3); /* without the full screen's "k: " */
            }
        printf("\n");
        return;
    }
    if (n == 0)
        return;
    printf("%s:", skx_tr(L, L_CHOICES));
    for (int i = 0; i < n; i++) {
        char words[160], code[48];
        skx_lang_choice(L, &t->view, legal[i], words, sizeof words);
        sk_action_format(legal[i], code, sizeof code);
        /* the action's code for scripts; German says no English words */
        if (L == SKX_LANG_DE)
            printf("%s %d = %s", i ? ";" : "", i + 1, words);
        else
            printf("%s %d = %s [%s]", i ? ";" : "", i + 1, words, code);
    }
    printf("\n");
}

/* Prints the rating of the player's decisions in the last finished game
 * (the table of `schafkopf analyze --seat N`), or why there is none. */
static void print_rating(const skx_table *t)
{
    if (!t->finished) {
        printf("%s\n", skx_tr(t->lang, L_RATING_NOTHING));
        return;
    }
    printf(skx_tr(t->lang, L_RATING_TITLE), t->finished_no);
    printf("\n");
    fflush(stdout);
    char *text = skx_analyze_text(t->lang, t->finished, (int)t->finished_no, t->human);
    printf("%s", text ? text : skx_tr(t->lang, L_RATING_NONE));
    if (!text)
        printf("\n");
    free(text);
}

/* Prints the last finished trick and who took it (3.1.8). */
static void print_last_trick(const skx_table *t)
{
    const sk_public *p = &t->view.pub;
    if (p->trick_no == 0) {
        printf("%s\n", skx_tr(t->lang, L_NO_LAST_TRICK));
        return;
    }
    int k = p->trick_no - 1;
    printf("%s: ", skx_tr(t->lang, L_LAST_TRICK));
    print_trick(t, p->tricks[k], 4, p->trick_leaders[k]);
    char won[64];
    skx_lang_won_by(t->lang, t->human, p->trick_winners[k], won, sizeof won);
    printf(" - %s\n", won);
}

/* Prints the hint bot's advice: the best action and its value. */
static void print_hint(const skx_table *t)
{
    sk_action acts[SK_MAX_LEGAL];
    double values[SK_MAX_LEGAL];
    sk_contract games[SK_MAX_LEGAL];
    int n = t->hint ? t->hint(t->hint_ctx, &t->view, acts, values, games, SK_MAX_LEGAL) : 0;
    if (n <= 0) {
        printf("%s\n", skx_tr(t->lang, L_NO_HINT));
        return;
    }
    printf("%s:", skx_tr(t->lang, L_HINT));
    for (int i = 0; i < n && i < 3; i++) {
        char item[200];
        skx_table_hint_item(t->lang, &t->view, acts[i], values[i], games[i], item, sizeof item);
        printf("%s %s", i ? "," : "", item);
    }
    printf("\n");
}

/* Asks for an action until the input means one (or quit / EOF). */
static int plain_choose(skx_ui *ui, const skx_table *t, const sk_action *legal, int n,
                        sk_action *out)
{
    plain_ui *u = (plain_ui *)ui;
    uint8_t hand[8];
    int nhand = skx_table_sorted_hand(&t->view.pub, t->view.hand, hand);
    bool cards = n > 0 && legal[0].type == SK_ACT_CARD;
    print_state(t, legal, n, hand, nhand);
    for (;;) {
        if (!read_line(u, t, skx_tr(t->lang, cards ? L_PROMPT_CARD : L_PROMPT_CHOICE)))
            return SKX_UI_QUIT;
        char msg[256];
        switch (skx_lang_input(t->lang, &t->view, u->line, legal, n, hand, nhand, out, msg,
                              sizeof msg)) {
        case SK_IN_ACTION:
            return SKX_UI_OK;
        case SK_IN_QUIT:
            return SKX_UI_QUIT;
        case SK_IN_HINT:
            print_hint(t);
            break;
        case SK_IN_LAST:
            print_last_trick(t);
            break;
        case SK_IN_SETTINGS:
            return SKX_UI_SETTINGS;
        case SK_IN_CLAIM:
            return SKX_UI_CLAIM;
        case SK_IN_RATE:
            print_rating(t);
            break;
        case SK_IN_STATS: {
            char *s = skx_stats_text(t->lang, t->human, t->rows, t->nrows, 0,
                                     skx_table_tournament(t));
            printf("%s", s ? s : "");
            free(s);
            break;
        }
        case SK_IN_HELP:
            printf("%s\n", skx_tr(t->lang, L_HELP_PLAIN));
            print_state(t, legal, n, hand, nhand);
            break;
        default:
            printf("%s\n", msg);
            break;
        }
    }
}

/* Asks a yes/no question for a Kontra/Retour out of turn. */
static int plain_offer(skx_ui *ui, const skx_table *t, sk_action offer)
{
    plain_ui *u = (plain_ui *)ui;
    const char *what = skx_tr(t->lang, offer.type == SK_ACT_KONTRA ? L_KONTRA : L_RETOUR);
    /* asked once a game; later the player types "kontra" at his turn */
    if (u->asked_game != t->game_no) {
        u->asked_game = t->game_no;
        u->asked_mask = 0;
    }
    if (u->asked_mask & 1u << offer.type)
        return SKX_UI_NO;
    u->asked_mask |= 1u << offer.type;
    char prompt[96];
    snprintf(prompt, sizeof prompt, skx_tr(t->lang, L_PROMPT_DOUBLE), what);
    uint8_t hand[8];
    int nhand = skx_table_sorted_hand(&t->view.pub, t->view.hand, hand);
    print_state(t, NULL, 0, hand, nhand);
    for (;;) {
        if (!read_line(u, t, prompt))
            return SKX_UI_QUIT;
        const char *s = u->line;
        while (*s == ' ')
            s++;
        char c = (char)(*s | 0x20);
        if (c == 'j' || c == 'y' || strncasecmp(s, what, strlen(what)) == 0)
            return SKX_UI_OK;
        if (c == 'n' || *s == '\0')
            return SKX_UI_NO;
        if (c == 'q')
            return SKX_UI_QUIT;
        if (c == 'l')
            print_last_trick(t);
        else if (*s == '?') { /* what the hint bot makes of the doubling */
            char hint[128];
            skx_lang_double_hint(t, offer.type, hint, sizeof hint);
            printf("%s\n", hint);
        }
        else
            printf("%s\n", skx_tr(t->lang, L_YES_NO));
    }
}

/* Prints a refusal. */
static void plain_error(skx_ui *ui, const skx_table *t, const char *msg)
{
    (void)ui;
    (void)t;
    printf("! %s\n", msg);
}

/* Prints the result, the money explanation and the score sheet. */
static int plain_summary(skx_ui *ui, const skx_table *t, const sk_result *res,
                         const char *explain, bool last)
{
    (void)ui;
    char text[512], line[160];
    skx_table_result_text(t, res, text, sizeof text);
    printf("%s: %s\n", skx_tr(t->lang, L_RESULT), text);
    printf("%s\n", explain);
    skx_table_sheet_title(t, line, sizeof line);
    printf("%s:\n", line);
    skx_table_score_line(t, 0, NULL, line, sizeof line);
    printf("  %s\n", line);
    for (int i = 0; i < t->nrows; i++) {
        skx_table_score_line(t, i + 1, &t->rows[i], line, sizeof line);
        printf("  %s\n", line);
    }
    skx_table_score_line(t, 1, NULL, line, sizeof line);
    printf("  %s\n", line);
    if (t->course) /* the course of the game, as the table's last word on it */
        printf("%s", t->course);
    if (t->finished && !last)
        printf("%s\n", skx_tr(t->lang, L_RATING_PLAIN));
    fflush(stdout);
    return SKX_UI_OK;
}

/* Prints one replay step: what happened and the trick state. */
static int plain_step(skx_ui *ui, const skx_table *t, const char *text)
{
    (void)ui;
    const sk_public *p = &t->view.pub;
    printf("%s", text);
    if (p->phase == SK_PHASE_PLAY && p->trick_len > 0) {
        printf(" | %s %d: ", skx_tr(t->lang, L_TRICK), p->trick_no + 1);
        print_trick(t, p->trick, p->trick_len, p->trick_leader);
    } else if (p->trick_no > 0 && p->nactions > 0 &&
               p->actions[p->nactions - 1].type == SK_ACT_CARD) {
        int k = p->trick_no - 1;
        printf(" | %s %d: ", skx_tr(t->lang, L_TRICK), k + 1);
        print_trick(t, p->tricks[k], 4, p->trick_leaders[k]);
        char won[64];
        skx_lang_won_by(t->lang, t->human, p->trick_winners[k], won, sizeof won);
        printf(" - %s", won);
    }
    printf("\n");
    return 1;
}

/* Prints the settings in language L, numbered, with each value in words
 * and as the file writes it (what may be typed). */
static void print_settings(const skx_settings *s, skx_lang L, const char *note)
{
    char path[1024], line[1100];
    printf("%s:\n", skx_tr(L, L_SETTINGS));
    for (int f = 0; f < SKX_SET_COUNT; f++) {
        char shown[120], value[96];
        skx_settings_shown(L, s, f, shown, sizeof shown);
        skx_settings_value(s, f, value, sizeof value);
        printf("  %d %s: %s [%s]\n", f + 1, skx_settings_label(L, f), shown, value);
    }
    if (note && note[0])
        printf("%s\n", note);
    skx_settings_path(path, sizeof path);
    snprintf(line, sizeof line, skx_tr(L, L_SET_FILE), path);
    printf("%s\n", line);
}

/* The settings in line mode: "N value" sets one, "N" steps it to its
 * next choice, an empty line saves, q leaves them as they were.  They
 * speak the language the table will speak once they are saved
 * (skx_settings_page_lang). */
static int plain_settings(skx_ui *ui, const skx_table *t, skx_settings *s, const char *note)
{
    plain_ui *u = (plain_ui *)ui;
    skx_settings edit = *s;
    print_settings(&edit, skx_settings_page_lang(t, s, &edit), note);
    for (;;) {
        skx_lang L = skx_settings_page_lang(t, s, &edit);
        if (!read_line(u, t, skx_tr(L, L_SET_PROMPT)))
            return SKX_UI_QUIT;
        char *p = u->line;
        while (*p == ' ')
            p++;
        if (*p == '\0') {
            *s = edit;
            return SKX_UI_OK;
        }
        if ((*p == 'q' || *p == 'Q') && p[1] == '\0')
            return SKX_UI_NO;
        char *end;
        long f = strtol(p, &end, 10);
        while (*end == ' ')
            end++;
        char *last = end + strlen(end);
        while (last > end && last[-1] == ' ')
            *--last = '\0';
        if (end == p || f < 1 || f > SKX_SET_COUNT) {
            printf("%s\n", skx_tr(L, L_SET_PROMPT));
            continue;
        }
        if (*end == '\0')
            skx_settings_step(&edit, (int)f - 1, 1);
        else if (skx_settings_set(&edit, (int)f - 1, end) < 0) {
            char q[SK_CLI_QUOTE];
            printf(skx_tr(L, L_SET_BAD_VALUE), skx_settings_label(L, (int)f - 1),
                   skx_cli_quote(q, end));
            printf("\n");
            continue;
        }
        print_settings(&edit, skx_settings_page_lang(t, s, &edit), note);
    }
}

/* Frees the UI. */
static void plain_close(skx_ui *ui)
{
    plain_ui *u = (plain_ui *)ui;
    fflush(stdout);
    free(u->line);
    free(u);
}

skx_ui *skx_ui_plain_open(void)
{
    plain_ui *u = calloc(1, sizeof *u);
    if (!u)
        return NULL;
    u->ui = (skx_ui){.impl = u, .event = plain_event, .choose = plain_choose,
                    .offer = plain_offer, .error = plain_error, .summary = plain_summary,
                    .step = plain_step, .settings = plain_settings,
                    .close = plain_close};
    return &u->ui;
}

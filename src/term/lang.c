/*
 * lang.c -- every user-visible string of `schafkopf play` and `replay`,
 * one table per language (German by default, English on request), and
 * the reading of typed input: card codes, numbers, action texts and the
 * table talk of both languages ("weiter", "ich spiele", "pass", ...).
 */
#include "ui.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static const char *const DE[L_COUNT] = {
    [L_YOU] = "Du", [L_LEFT] = "Links", [L_ACROSS] = "Gegenüber", [L_RIGHT] = "Rechts",
    [L_SUIT_E] = "Eichel", [L_SUIT_G] = "Gras", [L_SUIT_H] = "Herz", [L_SUIT_S] = "Schellen",
    [L_PASS] = "weiter", [L_PASS_YIELD] = "ist recht", [L_PLAY] = "ich spiele",
    [L_PLAY_TOO] = "ich spiel auch", [L_PLAY_SELF] = "ich spiel selbst",
    [L_HAVE] = "ich hätt",
    [L_KONTRA] = "Kontra", [L_RETOUR] = "Retour", [L_DOUBLING_N] = "%d. Doppelung",
    [L_KLOPFEN] = "ich klopfe", [L_NO_KLOPFEN] = "ich klopfe nicht", [L_SELF] = "selbst",
    [L_ACCEPT] = "ich nehme die Hochzeit, gebe", [L_ACCEPT_MORE] = "und gebe noch",
    [L_NO_ACCEPT] = "ich nehme die Hochzeit nicht",
    [L_GAME] = "Spiel", [L_DEALER] = "Geber", [L_FOREHAND] = "Vorhand",
    [L_LEADS] = "Es kommt raus", [L_DECLARER] = "Spieler", [L_PARTNER] = "Partner",
    [L_CALLED] = "gerufen", [L_HAND] = "Deine Karten", [L_TRICK] = "Stich",
    [L_LEGAL] = "Erlaubt", [L_CHOICES] = "Auswahl", [L_LAST_TRICK] = "Letzter Stich",
    [L_NO_LAST_TRICK] = "Es gibt noch keinen letzten Stich.", [L_WON_BY] = "geht an",
    [L_POINTS] = "Augen",
    [L_PROMPT_CARD] = "Dein Zug (Karte, Nummer, ? Tipp, l letzter Stich, q Ende): ",
    [L_PROMPT_CHOICE] = "Deine Wahl (Nummer oder Worte, ? Tipp, q Ende): ",
    [L_PROMPT_DOUBLE] = "%s geben? (j/n): ", [L_YES] = "j", [L_NO] = "n",
    [L_THROWN_IN] = "Alle weiter: zusammengeworfen.", [L_WINS] = "gewinnt",
    [L_LOSES] = "verliert", [L_SCHNEIDER] = "Schneider", [L_SCHWARZ] = "Schwarz",
    [L_DECL_SIDE] = "Spieler-Partei", [L_DEFENDERS] = "Gegenspieler",
    [L_SCORE_SHEET] = "Spielliste", [L_TOTAL] = "Summe", [L_MONEY] = "Geld",
    [L_TOURNAMENT] = "Turnierpunkte", [L_HINT] = "Tipp", [L_VALUE] = "Wert",
    [L_EXPECTED] = "erwartet %s",
    [L_HINT_UNPRICED] = "kommt nicht in Frage",
    [L_NO_HINT] = "Kein Tipp verfügbar.",
    [L_UNKNOWN_INPUT] = "Unverständlich: \"%s\". Karte (z.B. GO), Nummer oder Worte wie "
                        "\"weiter\", \"ich spiele\", \"kontra\".",
    [L_UNKNOWN_CARD] = "Keine Karte: \"%s\". Karten heißen z.B. EO, GU, HA, SZ, E7.",
    [L_NOT_NOW] = "Das geht jetzt nicht: \"%s\".",
    [L_HELP_PLAIN] = "Eingaben: Kartenkürzel (EO, GU, HA ...), Nummer aus der Liste, "
                     "weiter / ich spiele / kontra / retour, ? Tipp, l letzter Stich, rest (der Rest "
                     "gehört mir), o Optionen (Einstellungen), statistik, bewerten (deine "
                     "Entscheidungen im letzten Spiel), q Ende.",
    [L_HELP_CURSES] = "←→ Enter spielen  l letzter Stich  ? Tipp  r der Rest  o Optionen  q Ende",
    [L_CONTINUE] = "Taste: nächstes Spiel, q: Ende", [L_GOODBYE] = "Servus!",
    [L_QUIT_ASK] = "Wirklich aufhören? (%s/%s)",
    [L_SAVED] = "Gespeichert in",
    [L_SAVED_ANALYZE] = "Deine Entscheidungen bewerten:", [L_SAVED_PARTIAL] = "Laufendes Spiel gespeichert in",
    [L_TITLE] = "Schafkopf", [L_TRICKS] = "Stiche",
    [L_OFFER_DOUBLE] = "%s geben?  j = ja, n = nein",
    [L_REPLAY_HELP] = "→/Leertaste vor  ← zurück  q Ende", [L_STEP] = "Schritt",
    [L_NOTHING] = "-", [L_YES_NO] = "Bitte j (ja) oder n (nein) eingeben.",
    [L_CHOOSE_CARD] = "Spiel eine Karte: ←→ Enter, 1-%d oder Kürzel",
    [L_CHOOSE_MENU] = "Deine Ansage: ↑↓ Enter oder Nummer",
    [L_OR] = " oder ", [L_NO_CALL] = " - ohne rufbare Sau nur %s",
    [L_RESULT] = "Ergebnis", [L_MONEY_EUR] = "Geld in €", [L_CENTS] = "Cent",
    [L_NO_SESSION] = "Keine gespeicherte Runde gefunden: es beginnt eine neue.",
    [L_NO_SAVING] = "Es wird nichts gespeichert: keine Sitzungsdatei in %s (%s); gespielt wird "
                    "trotzdem.",
    [L_COURSE] = "Spielverlauf", [L_SHOW_COURSE] = "v: Spielverlauf",
    [L_TAKES] = "%s macht Stich %d (%d Augen)", [L_TAKES_YOU] = "Du machst Stich %d (%d Augen)",
    [L_TAKES_LAST] = "%s sticht – %d Augen", [L_TAKES_LAST_YOU] = "Du stichst – %d Augen",
    [L_WON_BY_YOU] = "geht an dich", [L_WIN_YOU] = "gewinnst", [L_LOSE_YOU] = "verlierst",
    [L_WIN_PL] = "gewinnen", [L_LOSE_PL] = "verlieren", [L_AND] = "und",
    [L_HINT_DOUBLE] = "Tipp: %s geben", [L_HINT_NO_DOUBLE] = "Tipp: kein %s",
    [L_KEY_DOUBLE] = "k: %s geben, solange es geht",
    [L_HELP_MENU] = "↑↓ Enter ansagen  Nummer (+Enter)  ? Tipp  o Optionen  q Ende",
    [L_SCREEN_SMALL] = "Zu klein: %dx%d. Nötig sind 80x24, sonst schafkopf play --plain.",
    [L_REFUSED] = "Das ist nicht erlaubt", [L_NOT_HELD] = "Diese Karte hast du nicht",
    [L_MUST_CALLED] = "Du musst die gerufene Sau spielen",
    [L_STICHZWANG] = "Du musst stechen, wenn du kannst (Stichzwang)",
    [L_FOLLOW_SUIT] = "Du musst Farbe bedienen", [L_FOLLOW_TRUMP] = "Du musst Trumpf bedienen",
    [L_NO_DISCARD_ACE] = "Die gerufene Sau darfst du nicht abwerfen, bevor ihre Farbe kam",
    [L_RUN_AWAY] = "Ihre Farbe spielst du nur mit der gerufenen Sau an (davonlaufen erst mit "
                   "vier Karten)",
    [L_PLAY_CARD_NOW] = "Jetzt wird eine Karte gespielt",
    [L_NAME_GAME_NOW] = "Nach deinem Gebot musst du jetzt ein Spiel ansagen",
    [L_BID_OR_PASS] = "Jetzt nur weiter oder ein Gebot",
    [L_NOT_ALLOWED_GAME] = "Dieses Spiel ist nach diesen Regeln nicht erlaubt",
    [L_OPEN_PLAY] = "Zuerst sagt man nur \"ich spiele\"; welches Spiel, kommt später",
    [L_BID_HIGHER] = "Um mitzuspielen, musst du ein höheres Spiel bieten",
    [L_KEEP_EQUAL] = "Dein Spiel behältst du nur mit einem gleich hohen oder höheren",
    [L_BID_BINDS] = "Das passt nicht zu deinem Gebot",
    [L_CANNOT_CALL] = "Diese Sau kannst du nicht rufen (eigene Sau, Herz oder keine Karte der "
                      "Farbe)",
    [L_SOLO_NEEDS] = "Für dieses Solo fehlt dir eine Karte der Trumpffarbe",
    [L_SIE_NEEDS] = "Für einen Sie brauchst du alle Ober und Unter",
    [L_SETTINGS] = "Einstellungen", [L_SET_PRESET] = "Regeln", [L_SET_TARIFF] = "Tarif",
    [L_SET_BOTS] = "Gegner", [L_SET_PAUSE] = "Stichpause", [L_SET_LANG] = "Sprache",
    [L_PRESET_OFFICIAL] = "offiziell (Schafkopfschule)", [L_PRESET_TOURNAMENT] = "Turnier",
    [L_PRESET_SAUSPIEL] = "wie auf sauspiel.de", [L_PRESET_KURZ] = "kurzes Blatt (24 Karten)",
    [L_PRESET_STAMMTISCH] = "Stammtisch (Ramsch, Bock, Hochzeit)",
    [L_TARIFF_PRESET] = "wie die Regeln (%d Cent je Einheit)",
    [L_TARIFF_CENTS] = "%d Cent je Einheit (Sauspiel %s)",
    [L_BOTS_DEFAULT] = "Standard: %s", [L_BOTS_RANDOM] = "Anfänger (zufällig)",
    [L_BOTS_HEURISTIC] = "einfach (Faustregeln)", [L_BOTS_MEDIUM] = "mittel",
    [L_BOTS_STRONG] = "stark", [L_BOTS_STRONGER] = "sehr stark",
    [L_BOTS_THOROUGH] = "gründlich (langsam)",
    [L_SECONDS] = "%s s",
    [L_SF_LINE] = "Einstellungen %s, Zeile %ld: %s; dafür gilt der Standard",
    [L_SF_SYNTAX] = "kein \"Name = Wert\": \"%s\"", [L_SF_KEY] = "unbekannte Einstellung \"%s\"",
    [L_SF_VALUE] = "\"%s\" ist kein Wert für %s", [L_SF_LONG] = "Zeile zu lang",
    [L_SF_BINARY] = "Steuerzeichen in der Zeile",
    [L_SF_UNREADABLE] = "Einstellungen %s: nicht lesbar; es gelten die Standardwerte",
    [L_SF_MORE] = "(und %d weitere falsche Zeilen)",
    [L_SET_HELP] = "↑↓ wählen  ←→ ändern  Enter speichern  Esc verwerfen",
    [L_SET_PROMPT] = "Nummer und Wert (z.B. 2 20 ct), Nummer allein: nächster Wert, "
                     "Enter: speichern, q: verwerfen: ",
    [L_SET_NEXT_SESSION] = "Regeln, Tarif und Gegner gelten ab der nächsten Runde.",
    [L_SET_SAVED] = "Einstellungen gespeichert in %s",
    [L_SET_NOT_SAVED] = "Einstellungen nicht gespeichert (%s)",
    [L_SET_UNCHANGED] = "Einstellungen unverändert.",
    [L_SET_BAD_VALUE] = "Kein Wert für %s: \"%s\"", [L_SET_FILE] = "Datei: %s",
    [L_STATS] = "Statistik", [L_ST_GAMES] = "%s - Spiele: %d, zusammengeworfen: %d",
    [L_ST_DECLARERS] = "Angesagt (gewonnen von gespielt):", [L_ST_WON_OF] = "%d von %d",
    [L_ST_SOLOS_N] = "Soli %d", [L_ST_BY_CONTRACT] = "Nach Spiel (gewonnen von gespielt):",
    [L_ST_TOTALS] = "Stand (Geld, Turnierpunkte):", [L_ST_TOTALS_TP] = "Stand (Turnierpunkte):",
    [L_ST_TP] = "TP",
    [L_ST_COURSE] = "Verlauf (deine Summe nach jedem Spiel):",
    [L_ST_THROWN] = "zusammengeworfen", [L_ST_NO_SESSION] = "Keine gespeicherte Runde gefunden.",
    [L_SHOW_STATS] = "s: Statistik", [L_SHOW_RATING] = "a: bewerten",
    [L_RATING_WAIT] = "Bewerte deine Entscheidungen …",
    [L_RATING_TITLE] = "Deine Entscheidungen in Spiel %u",
    [L_RATING_NONE] = "Dieses Spiel lässt sich nicht bewerten.",
    [L_RATING_SCROLL] = "↑↓ blättern",
    [L_RATING_NOTHING] = "Noch ist kein Spiel zu Ende, das sich bewerten ließe.",
    [L_RATING_PLAIN] = "(»bewerten« im nächsten Spiel: deine Entscheidungen in diesem)",
    [L_CLAIM] = "Der Rest gehört mir",
    [L_RAMSCH_PAY_YOU] = "%s zahlst das jedem der anderen",
    [L_RAMSCH_PAYS] = "%s zahlt das jedem der anderen",
    [L_RAMSCH_PAY] = "%s zahlen das jedem der anderen",
    [L_RAMSCH_GET_YOU] = "%s bekommst es von jedem", [L_RAMSCH_GETS] = "%s bekommt es von jedem",
    [L_RAMSCH_GET] = "%s bekommen es von jedem", [L_RAMSCH_POINTS] = "Augen",
    [L_AN_DOUBLING] = "        Wissen: mit ihr %+.1f %s, ohne %+.1f\n"
                      "        offen:  mit ihr %+.0f %s, ohne %+.0f",
    [L_AN_HINT] = "        nach Faustregel: %s",
    [L_AN_AUCTION] = "        Wissen: %+.1f Cent, Tipp %s %+.1f\n"
                     "        offen:  %+.0f Cent, Tipp %s %+.0f",
    [L_AN_THROWN] = "zusammengeworfen", [L_AN_GAME] = "Spiel",
    [L_AN_DEALER] = "Geber Sitz %d, %s", [L_AN_BY_SEAT] = " von Sitz %d", [L_AN_MONEY] = "Geld je Sitz",
    [L_AN_TP] = "Turnierpunkte je Sitz",
    [L_AN_COLUMNS] = "            | nach seinem Wissen (Mittel)    | bei offenen Karten\n"
                     "  #  S Zug  | Tipp Augen verl.    Cent verl. | Tipp Augen verl.   Cent verl.",
    [L_AN_SEAT] = "Sitz %d: %d %s, %d mit ?\n", [L_AN_SEAT_NAMED] = "%s: %d %s, %d mit ?\n",
    [L_AN_DEALER_NAMED] = "Geber: %s, %s", [L_AN_BY_NAMED] = ", Spieler: %s",
    [L_AN_ONE] = "Entscheidung bewertet", [L_AN_MANY] = "Entscheidungen bewertet",
    [L_AN_ALL_GAMES] = "Alle %d Spiele zusammen:",
    [L_AN_LOST] = "        verloren: nach Wissen %.1f Augen, %.1f %s; offen %d Augen, %lld %s\n",
    [L_AN_CENTS] = "Cent", [L_AN_TP_SHORT] = "TP",
    [L_AN_COLUMNS_TP] = "            | nach seinem Wissen (Mittel)    | bei offenen Karten\n"
                        "  #  S Zug  | Tipp Augen verl.      TP verl. | Tipp Augen verl.     TP verl.",
    [L_AN_LEGEND] = "Tipp: die beste Wahl.  Augen, %s: was die gespielte Wahl dem Sitz bringt,\n"
                    "verl.: wie viel weniger als der Tipp.  ?: ein Fehler nach dem, was der Sitz\n"
                    "wusste (ab %d Augen oder %s), !: %s verloren bei offenen Karten.%s\n\n",
    [L_AN_LEGEND_TP] = "\nTP: Turnierpunkte.",
    [L_CLAIM_NO] = "Das hält nicht: bei mancher Lage der Karten geht es schief. Spiel weiter, "
                   "ohne Strafe.",
    [L_CLAIM_EARLY] = "Zu früh zum Prüfen: noch zu viele Möglichkeiten. Spiel erst einen Stich.",
    [L_CLAIM_NOT_NOW] = "Den Rest beanspruchen geht nur beim Ausspielen.",
    [L_RESUME_ASK] = "Die letzte Runde hat ein angefangenes Spiel:\n  %s\n"
                     "Weiterspielen? (J/n, q Ende) ",
    [L_SET_HOLD] = "Bedenkzeit Kontra/Klopfen", [L_HOLD_OFF] = "aus",
    [L_HOLD_PROMPT] = "%s? k = ja, Enter = nein – noch %d s",
    [L_KLOPFEN_WORD] = "Klopfen",
    [L_KEY_KLOPFEN] = "k klopfen  Enter nicht klopfen  ? Tipp  q Ende",
    [L_ENTER_IGNORED] = "Enter nach der Nummer übergangen: noch einmal Enter zum Spielen.",
};

static const char *const EN[L_COUNT] = {
    [L_YOU] = "You", [L_LEFT] = "Left", [L_ACROSS] = "Across", [L_RIGHT] = "Right",
    [L_SUIT_E] = "Acorns", [L_SUIT_G] = "Leaves", [L_SUIT_H] = "Hearts", [L_SUIT_S] = "Bells",
    [L_PASS] = "pass", [L_PASS_YIELD] = "go ahead", [L_PLAY] = "I play",
    [L_PLAY_TOO] = "I play too", [L_PLAY_SELF] = "I play myself",
    [L_HAVE] = "I have",
    [L_KONTRA] = "Kontra", [L_RETOUR] = "Retour", [L_DOUBLING_N] = "doubling %d",
    [L_KLOPFEN] = "I knock (double)", [L_NO_KLOPFEN] = "I do not knock", [L_SELF] = "myself",
    [L_ACCEPT] = "I take the wedding, giving", [L_ACCEPT_MORE] = "and giving",
    [L_NO_ACCEPT] = "I decline the wedding",
    [L_GAME] = "Game", [L_DEALER] = "Dealer", [L_FOREHAND] = "Forehand",
    [L_LEADS] = "Lead", [L_DECLARER] = "Declarer", [L_PARTNER] = "Partner",
    [L_CALLED] = "called", [L_HAND] = "Your hand", [L_TRICK] = "Trick",
    [L_LEGAL] = "Legal", [L_CHOICES] = "Choices", [L_LAST_TRICK] = "Last trick",
    [L_NO_LAST_TRICK] = "There is no last trick yet.", [L_WON_BY] = "won by",
    [L_POINTS] = "points",
    [L_PROMPT_CARD] = "Your move (card, number, ? hint, l last trick, q quit): ",
    [L_PROMPT_CHOICE] = "Your choice (number or words, ? hint, q quit): ",
    [L_PROMPT_DOUBLE] = "Give %s? (y/n): ", [L_YES] = "y", [L_NO] = "n",
    [L_THROWN_IN] = "Everybody passed: thrown in.", [L_WINS] = "wins",
    [L_LOSES] = "loses", [L_SCHNEIDER] = "Schneider", [L_SCHWARZ] = "Schwarz",
    [L_DECL_SIDE] = "Declarer's side", [L_DEFENDERS] = "Defenders",
    [L_SCORE_SHEET] = "Score sheet", [L_TOTAL] = "Total", [L_MONEY] = "Money",
    [L_TOURNAMENT] = "Tournament points", [L_HINT] = "Hint", [L_VALUE] = "value",
    [L_EXPECTED] = "expected %s",
    [L_HINT_UNPRICED] = "out of the question",
    [L_NO_HINT] = "No hint available.",
    [L_UNKNOWN_INPUT] = "Not understood: \"%s\". Type a card (e.g. GO), a number or words "
                        "like \"pass\", \"I play\", \"kontra\".",
    [L_UNKNOWN_CARD] = "No such card: \"%s\". Cards are written like EO, GU, HA, SZ, E7.",
    [L_NOT_NOW] = "Not possible now: \"%s\".",
    [L_HELP_PLAIN] = "Input: card code (EO, GU, HA ...), a number from the list, pass / "
                     "I play / kontra / retour, ? hint, l last trick, rest (claim the rest), o settings, "
                     "stats, rate (your decisions in the last game), q quit.  Card codes: "
                     "suit E Acorns (Eichel), G Leaves (Gras), H Hearts (Herz), S Bells "
                     "(Schellen); rank A Ace (Sau), Z Ten, K King, O Ober, U Unter, 9 8 7.",
    [L_HELP_CURSES] = "←→ Enter play  l last trick  ? hint  r claim the rest  o settings  q quit",
    [L_CONTINUE] = "Any key: next game, q: quit", [L_GOODBYE] = "Goodbye!",
    [L_QUIT_ASK] = "Really quit? (%s/%s)",
    [L_SAVED] = "Saved in",
    [L_SAVED_ANALYZE] = "Rate your decisions:", [L_SAVED_PARTIAL] = "Game in progress saved in",
    [L_TITLE] = "Schafkopf", [L_TRICKS] = "tricks",
    [L_OFFER_DOUBLE] = "Give %s?  y = yes, n = no",
    [L_REPLAY_HELP] = "→/space forward  ← back  q quit", [L_STEP] = "Step",
    [L_NOTHING] = "-", [L_YES_NO] = "Please answer y (yes) or n (no).",
    [L_CHOOSE_CARD] = "Play a card: ←→ Enter, 1-%d or its code",
    [L_CHOOSE_MENU] = "Your call: ↑↓ Enter or a number",
    [L_OR] = " or ", [L_NO_CALL] = " - no Ace to call, so only %s",
    [L_RESULT] = "Result", [L_MONEY_EUR] = "money in €", [L_CENTS] = "cents",
    [L_NO_SESSION] = "No saved session found: a new one begins.",
    [L_NO_SAVING] = "Nothing is saved: no session file in %s (%s); the games are played all "
                    "the same.",
    [L_COURSE] = "Course of the game", [L_SHOW_COURSE] = "v: course",
    [L_TAKES] = "%s takes trick %d (%d points)", [L_TAKES_YOU] = "You take trick %d (%d points)",
    [L_TAKES_LAST] = "%s takes the trick – %d points",
    [L_TAKES_LAST_YOU] = "You take the trick – %d points",
    [L_WON_BY_YOU] = "won by you", [L_WIN_YOU] = "win", [L_LOSE_YOU] = "lose",
    [L_WIN_PL] = "win", [L_LOSE_PL] = "lose", [L_AND] = "and",
    [L_HINT_DOUBLE] = "Hint: give %s", [L_HINT_NO_DOUBLE] = "Hint: no %s",
    [L_KEY_DOUBLE] = "k: give %s while you may",
    [L_HELP_MENU] = "↑↓ Enter call  number (+Enter)  ? hint  o settings  q quit",
    [L_SCREEN_SMALL] = "Too small: %dx%d. 80x24 is needed, or schafkopf play --plain.",
    [L_REFUSED] = "Not allowed", [L_NOT_HELD] = "You do not hold that card",
    [L_MUST_CALLED] = "You must play the called Ace",
    [L_STICHZWANG] = "You must win the trick if you can (Stichzwang)",
    [L_FOLLOW_SUIT] = "You must follow suit", [L_FOLLOW_TRUMP] = "You must follow trump",
    [L_NO_DISCARD_ACE] = "You may not throw the called Ace before its suit was led",
    [L_RUN_AWAY] = "You lead the called suit only with its Ace (running away needs four cards)",
    [L_PLAY_CARD_NOW] = "Play a card now",
    [L_NAME_GAME_NOW] = "After your bid you must name a game now",
    [L_BID_OR_PASS] = "Only pass or a bid now",
    [L_NOT_ALLOWED_GAME] = "These rules do not allow that game",
    [L_OPEN_PLAY] = "Open with just \"I play\"; the game is named later",
    [L_BID_HIGHER] = "To play too you must bid a higher game",
    [L_KEEP_EQUAL] = "You keep your game only with an equal or higher one",
    [L_BID_BINDS] = "That does not match your bid",
    [L_CANNOT_CALL] = "You cannot call that Ace (you hold it, Hearts, or no card of its suit)",
    [L_SOLO_NEEDS] = "That Solo needs a plain card of its trump suit in your hand",
    [L_SIE_NEEDS] = "A Sie needs all Obers and Unters",
    [L_SETTINGS] = "Settings", [L_SET_PRESET] = "Rules", [L_SET_TARIFF] = "Tariff",
    [L_SET_BOTS] = "Opponents", [L_SET_PAUSE] = "Trick pause", [L_SET_LANG] = "Language",
    [L_PRESET_OFFICIAL] = "official (Schafkopfschule)", [L_PRESET_TOURNAMENT] = "tournament",
    [L_PRESET_SAUSPIEL] = "as on sauspiel.de", [L_PRESET_KURZ] = "short deck (24 cards)",
    [L_PRESET_STAMMTISCH] = "Stammtisch (Ramsch, Bock, Hochzeit)",
    [L_TARIFF_PRESET] = "the rules' own (%d cents a unit)",
    [L_TARIFF_CENTS] = "%d cents a unit (Sauspiel %s)",
    [L_BOTS_DEFAULT] = "default: %s", [L_BOTS_RANDOM] = "beginner (random)",
    [L_BOTS_HEURISTIC] = "easy (rules of thumb)", [L_BOTS_MEDIUM] = "medium",
    [L_BOTS_STRONG] = "strong", [L_BOTS_STRONGER] = "very strong",
    [L_BOTS_THOROUGH] = "thorough (slow)",
    [L_SECONDS] = "%s s",
    [L_SF_LINE] = "settings %s, line %ld: %s; the default is used instead",
    [L_SF_SYNTAX] = "not \"name = value\": \"%s\"", [L_SF_KEY] = "unknown setting \"%s\"",
    [L_SF_VALUE] = "\"%s\" is no value of %s", [L_SF_LONG] = "line too long",
    [L_SF_BINARY] = "control characters in the line",
    [L_SF_UNREADABLE] = "settings %s: cannot be read; the defaults are used",
    [L_SF_MORE] = "(and %d more bad lines)",
    [L_SET_HELP] = "↑↓ choose  ←→ change  Enter save  Esc discard",
    [L_SET_PROMPT] = "Number and value (e.g. 2 20 ct), a number alone: next value, "
                     "Enter: save, q: discard: ",
    [L_SET_NEXT_SESSION] = "Rules, tariff and opponents apply from the next session.",
    [L_SET_SAVED] = "Settings saved in %s",
    [L_SET_NOT_SAVED] = "Settings not saved (%s)",
    [L_SET_UNCHANGED] = "Settings unchanged.",
    [L_SET_BAD_VALUE] = "Not a value of %s: \"%s\"", [L_SET_FILE] = "File: %s",
    [L_STATS] = "Statistics", [L_ST_GAMES] = "%s - games: %d, thrown in: %d",
    [L_ST_DECLARERS] = "Declared (won of played):", [L_ST_WON_OF] = "%d of %d",
    [L_ST_SOLOS_N] = "solos %d", [L_ST_BY_CONTRACT] = "By game (won of played):",
    [L_ST_TOTALS] = "Standing (money, tournament points):",
    [L_ST_TOTALS_TP] = "Standing (tournament points):", [L_ST_TP] = "TP",
    [L_ST_COURSE] = "Over time (your total after each game):",
    [L_ST_THROWN] = "thrown in", [L_ST_NO_SESSION] = "No saved session found.",
    [L_SHOW_STATS] = "s: statistics", [L_SHOW_RATING] = "a: rate my play",
    [L_RATING_WAIT] = "Rating your decisions …",
    [L_RATING_TITLE] = "Your decisions in game %u",
    [L_RATING_NONE] = "This game cannot be rated.",
    [L_RATING_SCROLL] = "↑↓ scroll",
    [L_RATING_NOTHING] = "No game has finished yet that could be rated.",
    [L_RATING_PLAIN] = "(\"rate\" in the next game: your decisions in this one)",
    [L_CLAIM] = "The rest is mine",
    [L_RAMSCH_PAY_YOU] = "%s pay that to each of the others",
    [L_RAMSCH_PAYS] = "%s pays that to each of the others",
    [L_RAMSCH_PAY] = "%s pay that to each of the others",
    [L_RAMSCH_GET_YOU] = "%s get it from each", [L_RAMSCH_GETS] = "%s gets it from each",
    [L_RAMSCH_GET] = "%s get it from each", [L_RAMSCH_POINTS] = "Points",
    [L_AN_DOUBLING] = "        info: with it %+.1f %s, without %+.1f\n"
                      "        double dummy: with it %+.0f %s, without %+.0f",
    [L_AN_HINT] = "        by the rules of thumb: %s",
    [L_AN_AUCTION] = "        info: %+.1f cents, best %s %+.1f\n"
                     "        double dummy: %+.0f cents, best %s %+.0f",
    [L_AN_THROWN] = "thrown in", [L_AN_GAME] = "Game",
    [L_AN_DEALER] = "dealer %d, %s", [L_AN_BY_SEAT] = " by seat %d", [L_AN_MONEY] = "Money by seat",
    [L_AN_TP] = "Tournament points by seat",
    [L_AN_COLUMNS] = "            | by its information (mean)      | double dummy\n"
                     "  #  s card | best   pts  lost   cents  lost | best   pts  lost  cents  lost",
    [L_AN_SEAT] = "Seat %d: %d %s, %d flagged ?\n", [L_AN_SEAT_NAMED] = "%s: %d %s, %d flagged ?\n",
    [L_AN_DEALER_NAMED] = "dealer %s, %s", [L_AN_BY_NAMED] = ", declarer %s",
    [L_AN_ONE] = "decision rated", [L_AN_MANY] = "decisions rated",
    [L_AN_ALL_GAMES] = "All %d games together:",
    [L_AN_LOST] = "        lost: %.1f pts, %.1f %s by info; %d pts, %lld %s double dummy\n",
    [L_AN_CENTS] = "cents", [L_AN_TP_SHORT] = "TP",
    [L_AN_COLUMNS_TP] = "            | by its information (mean)      | double dummy\n"
                        "  #  s card | best   pts  lost      TP  lost | best   pts  lost     TP  lost",
    [L_AN_LEGEND] = "best: the best choice.  pts, %s: what the choice made brings the seat,\n"
                    "lost: how much less than the best.  ?: a mistake by what the seat knew\n"
                    "(%d points or %s or more), !: %s lost double dummy.%s\n\n",
    [L_AN_LEGEND_TP] = "\nTP: tournament points.",
    [L_CLAIM_NO] = "That does not hold: some lie of the cards beats it. Play on, no penalty.",
    [L_CLAIM_EARLY] = "Too early to check: too many ways to play on. Play a trick first.",
    [L_CLAIM_NOT_NOW] = "Claiming the rest works only in the play of the cards.",
    [L_RESUME_ASK] = "The last session has a game in progress:\n  %s\n"
                     "Go on with it? (Y/n, q quit) ",
    [L_SET_HOLD] = "Hold for Kontra/knocking", [L_HOLD_OFF] = "off",
    [L_HOLD_PROMPT] = "%s? k = yes, Enter = no – %d s left",
    [L_KLOPFEN_WORD] = "Knock",
    [L_KEY_KLOPFEN] = "k knock  Enter do not knock  ? hint  q quit",
    [L_ENTER_IGNORED] = "Enter after the number skipped: Enter again to play.",
};

/* Looks a string up; an id missing from a table falls back to English. */
const char *skx_tr(skx_lang lang, enum sk_str id)
{
    if ((int)id < 0 || id >= L_COUNT)
        return "?";
    const char *s = (lang == SKX_LANG_DE ? DE : EN)[id];
    return s ? s : (EN[id] ? EN[id] : "?");
}

/* Seats are named from the human's chair: the next seat clockwise sits
 * on the left (play goes clockwise, 2.2.2). */
const char *skx_lang_seat(skx_lang lang, int human, int seat)
{
    static const enum sk_str REL[4] = {L_YOU, L_LEFT, L_ACROSS, L_RIGHT};
    return skx_tr(lang, REL[((seat - human) % 4 + 4) % 4]);
}

/* The suit's name in the language. */
const char *skx_lang_suit(skx_lang lang, int suit)
{
    return suit >= 0 && suit < 4 ? skx_tr(lang, (enum sk_str)(L_SUIT_E + suit)) : "?";
}

/* Names a contract: German as the core names it (a Kreuzbock short),
 * English by sk_contract_name_en. */
size_t skx_lang_contract(skx_lang lang, sk_contract c, char *buf, size_t size)
{
    if (lang == SKX_LANG_EN)
        return sk_contract_name_en(c, buf, size);
    if (c.type == SK_C_SAUSPIEL && c.suit > 3) /* a Kreuzbock game */
        return (size_t)snprintf(buf, size, "Kreuzbock");
    return sk_contract_name(c, buf, size);
}

/* A contract's name without its own brackets (see ui.h). */
size_t skx_lang_contract_bare(skx_lang lang, sk_contract c, char *buf, size_t size)
{
    skx_lang_contract(lang, c, buf, size);
    char *open = strstr(buf, " ("), *close = open ? strchr(open, ')') : NULL;
    if (close)
        memmove(open, close + 1, strlen(close + 1) + 1);
    return strlen(buf);
}

/* Decimal commas in German (see ui.h). */
void skx_lang_decimals(skx_lang lang, char *s)
{
    for (char *d = s; lang == SKX_LANG_DE && (d = strchr(d, '.')) != NULL; d++)
        if (d > s && d[-1] >= '0' && d[-1] <= '9' && d[1] >= '0' && d[1] <= '9')
            *d = ',';
}

/* Display width of a UTF-8 string (see ui.h). */
int skx_u8width(const char *s)
{
    int n = 0;
    for (; *s; s++)
        n += (*s & 0xc0) != 0x80;
    return n;
}

/* The contract classes by name, for bids: German with its article
 * ("einen Wenz"), English with its own ("a Wenz"); a Tout is a compound
 * with a neuter article ("ein Wenz-Tout"). */
static const struct {
    const char *de, *de_art, *en, *en_art;
} CLASS_NAMES[SK_C_NTYPES] = {
    [SK_C_SAUSPIEL] = {"Spiel", "ein", "game", "a"},
    [SK_C_SOLO] = {"Solo", "ein", "Solo", "a"},
    [SK_C_WENZ] = {"Wenz", "einen", "Wenz", "a"},
    [SK_C_SIE] = {"Sie", "einen", "Sie", "a"},
    [SK_C_GEIER] = {"Geier", "einen", "Geier", "a"},
    [SK_C_FARBWENZ] = {"Farbwenz", "einen", "suit Wenz", "a"},
    [SK_C_FARBGEIER] = {"Farbgeier", "einen", "suit Geier", "a"},
    [SK_C_BETTEL] = {"Bettel", "einen", "Bettel", "a"},
    [SK_C_BETTEL_OUVERT] = {"Bettel ouvert", "einen", "open Bettel", "an"},
    [SK_C_RAMSCH] = {"Ramsch", "einen", "Ramsch", "a"},
    [SK_C_HOCHZEIT] = {"Hochzeit", "eine", "wedding", "a"},
};

/* Names a contract class ("Wenz-Tout", "Farbwenz"), with its article
 * when `article` ("einen Wenz", "a Solo Tout"). */
size_t skx_lang_class(skx_lang lang, sk_contract c, bool article, char *buf, size_t size)
{
    int t = c.type > SK_C_NONE && c.type < SK_C_NTYPES ? c.type : SK_C_SAUSPIEL;
    bool de = lang == SKX_LANG_DE;
    const char *name = de ? CLASS_NAMES[t].de : CLASS_NAMES[t].en;
    const char *art = de ? (c.tout ? "ein" : CLASS_NAMES[t].de_art) : CLASS_NAMES[t].en_art;
    return (size_t)snprintf(buf, size, "%s%s%s%s", article ? art : "", article ? " " : "", name,
                            c.tout ? (de ? "-Tout" : " Tout") : "");
}

/* Table talk for a bid: the opening "ich spiele", the holder's "ich
 * spiel selbst", or a challenge naming the higher class (2.4.6-2.4.9). */
static size_t bid_words(skx_lang lang, const sk_public *p, sk_action a, char *buf, size_t size)
{
    if (p->holder == SK_NOSEAT)
        return (size_t)snprintf(buf, size, "%s", skx_tr(lang, L_PLAY));
    char cls[48];
    if (a.seat == p->holder) { /* "ich spiel selbst (Wenz-Tout)" */
        skx_lang_class(lang, a.contract, false, cls, sizeof cls);
        return (size_t)snprintf(buf, size, "%s (%s)", skx_tr(lang, L_PLAY_SELF), cls);
    }
    if (a.contract.type == SK_C_SAUSPIEL)
        return (size_t)snprintf(buf, size, "%s", skx_tr(lang, L_PLAY_TOO));
    skx_lang_class(lang, a.contract, true, cls, sizeof cls);
    return (size_t)snprintf(buf, size, "%s %s", skx_tr(lang, L_HAVE), cls);
}

/* Whether the view's seat could name some contract of type `type` now
 * (any suit, or none). */
static bool may_declare_type(const sk_view *v, int type)
{
    for (int suit = 0; suit <= 4; suit++) {
        sk_contract c = {(uint8_t)type, (uint8_t)(suit < 4 ? suit : SK_NOSUIT), 0};
        if (sk_view_may_declare(v, c))
            return true;
    }
    return false;
}

/* The label of a choice in a menu: what the action says, and for an
 * opening "ich spiele" of a hand that can call no Sau what it commits
 * that hand to (2.4.12, 2.5.3): "ich spiele - ohne rufbare Sau nur Solo
 * oder Wenz". */
size_t skx_lang_choice(skx_lang lang, const sk_view *v, sk_action a, char *buf, size_t size)
{
    size_t n = skx_lang_action(lang, &v->pub, a, buf, size);
    if (a.type != SK_ACT_BID || a.contract.type != SK_C_SAUSPIEL || v->pub.holder != SK_NOSEAT ||
        may_declare_type(v, SK_C_SAUSPIEL) || n >= size)
        return n;
    int base = sk_rules_contract_rank(v->rules, a.contract), k = 0;
    char list[160] = "";
    const char *names[SK_C_NTYPES];
    for (int t = SK_C_SOLO; t < SK_C_NTYPES; t++) {
        sk_contract c = {(uint8_t)t, SK_NOSUIT, 0};
        if (t != SK_C_RAMSCH && sk_rules_contract_rank(v->rules, c) >= base &&
            may_declare_type(v, t))
            names[k++] = lang == SKX_LANG_DE ? CLASS_NAMES[t].de : CLASS_NAMES[t].en;
    }
    size_t m = 0;
    for (int i = 0; i < k; i++)
        m += (size_t)snprintf(list + m, m < sizeof list ? sizeof list - m : 0, "%s%s",
                              i == 0 ? "" : i + 1 < k ? ", " : skx_tr(lang, L_OR), names[i]);
    return n + (size_t)snprintf(buf + n, size - n, skx_tr(lang, L_NO_CALL), list);
}

/* Describes an action in the state before it. */
size_t skx_lang_action(skx_lang lang, const sk_public *p, sk_action a, char *buf, size_t size)
{
    switch (a.type) {
    case SK_ACT_PASS:
        if (p->phase == SK_PHASE_KLOPFEN)
            return (size_t)snprintf(buf, size, "%s", skx_tr(lang, L_NO_KLOPFEN));
        if (p->phase == SK_PHASE_HOCHZEIT)
            return (size_t)snprintf(buf, size, "%s", skx_tr(lang, L_NO_ACCEPT));
        return (size_t)snprintf(buf, size, "%s",
                                skx_tr(lang, p->challenger != SK_NOSEAT && a.seat == p->holder
                                                ? L_PASS_YIELD
                                                : L_PASS));
    case SK_ACT_KLOPFEN:
        return (size_t)snprintf(buf, size, "%s", skx_tr(lang, L_KLOPFEN));
    case SK_ACT_ACCEPT:
        return (size_t)snprintf(buf, size, "%s %s", /* a Bauernhochzeit's second card */
                                skx_tr(lang, p->hochzeit_given ? L_ACCEPT_MORE : L_ACCEPT),
                                a.card < SK_NCARDS       ? sk_card_name(a.card)
                                : lang == SKX_LANG_EN ? "a card face down"
                                                         : "eine Karte verdeckt");
    case SK_ACT_BID:
        return bid_words(lang, p, a, buf, size);
    case SK_ACT_DECLARE:
        return skx_lang_contract(lang, a.contract, buf, size);
    case SK_ACT_KONTRA:
    case SK_ACT_RETOUR: {
        const char *w = skx_tr(lang, a.type == SK_ACT_KONTRA ? L_KONTRA : L_RETOUR);
        if (p->doublings < 2)
            return (size_t)snprintf(buf, size, "%s", w);
        char n[32];
        snprintf(n, sizeof n, skx_tr(lang, L_DOUBLING_N), p->doublings + 1);
        return (size_t)snprintf(buf, size, "%s (%s)", w, n);
    }
    case SK_ACT_CARD:
        return (size_t)snprintf(buf, size, "%s", sk_card_name(a.card));
    default:
        return (size_t)snprintf(buf, size, "?");
    }
}

/* Copies `s` lower-cased, trimmed, with runs of blanks as one space. */
static void normalize(const char *s, char *out, size_t size)
{
    size_t n = 0;
    bool space = false;
    while (*s && isspace((unsigned char)*s))
        s++;
    for (; *s && n + 1 < size; s++) {
        if (isspace((unsigned char)*s)) {
            space = true;
            continue;
        }
        if (space && n + 2 < size)
            out[n++] = ' ';
        space = false;
        out[n++] = (char)tolower((unsigned char)*s);
    }
    out[n] = '\0';
}

/* Whether the lower-cased word list `words` ("a|b|c") contains `s`. */
static bool word_in(const char *s, const char *words)
{
    size_t len = strlen(s);
    while (*words) {
        const char *bar = strchr(words, '|');
        size_t wl = bar ? (size_t)(bar - words) : strlen(words);
        if (wl == len && strncmp(s, words, len) == 0)
            return true;
        if (!bar)
            break;
        words = bar + 1;
    }
    return false;
}

/* Finds a legal action of a type (and, for bids, a class); -1 if none. */
static int find_type(const sk_action *legal, int n, int type, const sk_contract *cls)
{
    for (int i = 0; i < n; i++)
        if (legal[i].type == type &&
            (!cls || (legal[i].contract.type == cls->type && legal[i].contract.tout == cls->tout)))
            return i;
    return -1;
}

/* Table talk of both languages for the auction and the doublings. */
static int phrase_action(const char *s, const sk_action *legal, int n)
{
    if (word_in(s, "weiter|pass|p|ist recht|go ahead|gut|passe|no"))
        return find_type(legal, n, SK_ACT_PASS, NULL);
    if (word_in(s, "klopfen|ich klopfe|klopf|knock|i knock|lay|legen"))
        return find_type(legal, n, SK_ACT_KLOPFEN, NULL);
    if (word_in(s, "kontra|k|double|contra|du"))
        return find_type(legal, n, SK_ACT_KONTRA, NULL);
    if (word_in(s, "retour|re|redouble|r"))
        return find_type(legal, n, SK_ACT_RETOUR, NULL);
    if (word_in(s, "ich spiele|ich spiel|spiele|ich spiel auch|ich spiel selbst|i play|play|"
                   "i play too|i play myself|bid"))
        return find_type(legal, n, SK_ACT_BID, NULL);
    static const struct {
        const char *words;
        sk_contract cls;
    } CLASSES[] = {
        {"solo|ich hätt ein solo|i have a solo", {SK_C_SOLO, SK_NOSUIT, 0}},
        {"wenz|ich hätt einen wenz|i have a wenz", {SK_C_WENZ, SK_NOSUIT, 0}},
        {"tout|solo tout|ich hätt ein tout|i have a tout", {SK_C_SOLO, SK_NOSUIT, 1}},
        {"wenz tout", {SK_C_WENZ, SK_NOSUIT, 1}},
        {"sie|ich hätt einen sie", {SK_C_SIE, SK_NOSUIT, 0}},
    };
    for (size_t k = 0; k < sizeof CLASSES / sizeof CLASSES[0]; k++)
        if (word_in(s, CLASSES[k].words))
            return find_type(legal, n, SK_ACT_BID, &CLASSES[k].cls);
    return -2;
}

/* In the declaration: a contract code ("sauspiel:G", "solo:h") or a
 * suit's name for the called ace / trump suit. */
static int declare_action(skx_lang lang, const char *s, const sk_action *legal, int n)
{
    sk_contract c;
    if (sk_contract_parse(s, &c, NULL) == 0) {
        for (int i = 0; i < n; i++)
            if (legal[i].type == SK_ACT_DECLARE && legal[i].contract.type == c.type &&
                legal[i].contract.suit == c.suit && legal[i].contract.tout == c.tout)
                return i;
        return -1;
    }
    for (int i = 0; i < n; i++) {
        char name[64], low[64];
        if (legal[i].type != SK_ACT_DECLARE)
            continue;
        skx_lang_contract(lang, legal[i].contract, name, sizeof name);
        normalize(name, low, sizeof low);
        if (strcmp(low, s) == 0)
            return i;
    }
    return -2;
}

/* Parses a typed line. */
enum sk_input skx_lang_input(skx_lang lang, const sk_view *v, const char *line,
                            const sk_action *legal, int n, const uint8_t *hand, int nhand,
                            sk_action *out, char *msg, size_t msgsize)
{
    char s[128];
    normalize(line, s, sizeof s);
    msg[0] = '\0';
    if (word_in(s, "q|quit|exit|ende|aufhören"))
        return SK_IN_QUIT;
    if (word_in(s, "?|hint|tipp"))
        return SK_IN_HINT;
    if (word_in(s, "l|last|letzter stich|letzter"))
        return SK_IN_LAST;
    if (word_in(s, "h|help|hilfe"))
        return SK_IN_HELP;
    if (word_in(s, "o|optionen|einstellungen|options|settings"))
        return SK_IN_SETTINGS;
    if (word_in(s, "statistik|stats|statistics"))
        return SK_IN_STATS;
    if (word_in(s, "bewerten|bewertung|rate|rating"))
        return SK_IN_RATE;
    if (word_in(s, "rest|der rest gehört mir|der rest gehoert mir|claim|the rest is mine"))
        return SK_IN_CLAIM;
    bool cards = n > 0 && legal[0].type == SK_ACT_CARD;
    char *end;
    long num = strtol(s, &end, 10);
    if (s[0] && !*end && isdigit((unsigned char)s[0])) {
        if (cards && num >= 1 && num <= nhand) {
            *out = sk_act_card(v->seat, hand[num - 1]);
            return SK_IN_ACTION;
        }
        if (!cards && num >= 1 && num <= n) {
            *out = legal[num - 1];
            return SK_IN_ACTION;
        }
        snprintf(msg, msgsize, skx_tr(lang, L_NOT_NOW), line);
        return SK_IN_BAD;
    }
    if (strlen(s) == 2 && isalpha((unsigned char)s[0])) {
        int c = sk_card_parse(s);
        if (c < 0) {
            snprintf(msg, msgsize, skx_tr(lang, L_UNKNOWN_CARD), s);
            return SK_IN_BAD;
        }
        *out = sk_act_card(v->seat, c);
        return SK_IN_ACTION;
    }
    sk_action a;
    if (sk_action_parse(s, &a, NULL) == 0) {
        a.seat = v->seat;
        *out = a;
        return SK_IN_ACTION;
    }
    int i = v->pub.phase == SK_PHASE_DECLARE ? declare_action(lang, s, legal, n)
                                             : phrase_action(s, legal, n);
    for (int k = 0; i == -2 && k < n; k++) { /* a choice's words as the menu shows them */
        char words[96], low[96];
        skx_lang_action(lang, &v->pub, legal[k], words, sizeof words);
        normalize(words, low, sizeof low);
        if (strcmp(low, s) == 0)
            i = k;
    }
    if (i >= 0) {
        *out = legal[i];
        return SK_IN_ACTION;
    }
    snprintf(msg, msgsize, skx_tr(lang, i == -1 ? L_NOT_NOW : L_UNKNOWN_INPUT), line);
    return SK_IN_BAD;
}

/* Says why the human's action was refused, in the language: the rule
 * the engine named (err->rule) picks the sentence, and its number
 * follows ("Du musst Farbe bedienen (3.2.1)"); the engine's own message
 * speaks of seats by number and is for logs and engines. */
size_t skx_lang_refusal(skx_lang lang, const sk_error *err, char *buf, size_t size)
{
    static const struct {
        const char *rule;
        enum sk_str text;
    } RULES[] = {
        {"2.5.2", L_MUST_CALLED},      {"002 Bettel", L_STICHZWANG}, {"3.2.1", L_FOLLOW_SUIT},
        {"3.2.2", L_FOLLOW_TRUMP},     {"2.5.5", L_NO_DISCARD_ACE},  {"2.5.4", L_RUN_AWAY},
        {"3.1", L_PLAY_CARD_NOW},      {"2.4.4", L_NOT_ALLOWED_GAME}, {"2.4.2", L_OPEN_PLAY},
        {"2.4.6", L_BID_HIGHER},       {"2.4.8", L_KEEP_EQUAL},      {"2.4.10", L_BID_BINDS},
        {"2.5.1", L_CANNOT_CALL},      {"2.6.4", L_SOLO_NEEDS},      {"2.9.1", L_SIE_NEEDS},
    };
    const char *rule = err->rule;
    enum sk_str id = L_REFUSED;
    if (rule && strcmp(rule, "3.2") == 0)
        id = L_NOT_HELD;
    else if (rule && strcmp(rule, "2.4.12") == 0)
        id = strstr(err->msg, "must name") ? L_NAME_GAME_NOW : L_BID_OR_PASS;
    for (size_t i = 0; rule && i < sizeof RULES / sizeof RULES[0]; i++)
        if (strcmp(rule, RULES[i].rule) == 0)
            id = RULES[i].text;
    if (!rule)
        return (size_t)snprintf(buf, size, "%s", skx_tr(lang, id));
    return (size_t)snprintf(buf, size, "%s (%s)", skx_tr(lang, id), rule);
}

/* The hint for a doubling decision ("Tipp: Kontra geben" / "Tipp: kein
 * Kontra"), from the table's doubling hint; the card hint is no answer
 * to it. */
size_t skx_lang_double_hint(const skx_table *t, int type, char *buf, size_t size)
{
    const char *what = skx_tr(t->lang, type == SK_ACT_KONTRA ? L_KONTRA : L_RETOUR);
    int yes = t->double_hint ? t->double_hint(t->hint_ctx, &t->view, type) : -1;
    if (yes < 0)
        return (size_t)snprintf(buf, size, "%s", skx_tr(t->lang, L_NO_HINT));
    return (size_t)snprintf(buf, size, skx_tr(t->lang, yes ? L_HINT_DOUBLE : L_HINT_NO_DOUBLE),
                            what);
}

/* Who took a trick, grammatical for the player himself ("geht an dich"). */
size_t skx_lang_won_by(skx_lang lang, int human, int seat, char *buf, size_t size)
{
    if (seat == human)
        return (size_t)snprintf(buf, size, "%s", skx_tr(lang, L_WON_BY_YOU));
    return (size_t)snprintf(buf, size, "%s %s", skx_tr(lang, L_WON_BY),
                            skx_lang_seat(lang, human, seat));
}

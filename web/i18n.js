// i18n.js -- every text of the browser client in German and English, and
// the words for what the server sends as codes: contracts, actions, money.
// German is the default; the choice is kept in localStorage["schafkopf.lang"].

export const STRINGS = {
  de: {
    title: 'Schafkopf',
    conn_open: 'verbunden', conn_closed: 'getrennt – neuer Versuch …', conn_connecting: 'verbinde …',
    name: 'Name', lang: 'Sprache', theme_dark: 'Dunkel', theme_light: 'Hell', theme: 'Farben',
    lobby: 'Tische', no_rooms: 'Noch keine offenen Tische. Leg einen an!',
    lobby_more: 'Weitere Tische ({0} noch nicht gezeigt)',
    create_title: 'Neuer Tisch', quick_title: 'Allein gegen Bots', quick_level: 'Stärke der Bots', quick_play: 'Spielen', preset: 'Regeln', table_title: 'Name des Tischs', untitled: 'Tisch {0}',
    listed: 'in der Liste zeigen', timer: 'Bedenkzeit (Sekunden, 0 = aus)',
    hold: 'Warten auf Kontra und Klopfen (Sekunden, 0 = nicht warten)', settle: 'Warten nach der Abrechnung (Sekunden)', create: 'Tisch anlegen',
    house_rules: 'Hausregeln', fallback: 'Ersatz-Bot für Abwesende',
    preset_official: 'Offiziell (Schafkopfschule)', preset_tournament: 'Turnier',
    preset_sauspiel: 'Online-Tisch', preset_kurz: 'Kurzes Blatt (24 Karten)',
    preset_stammtisch: 'Stammtisch (Ramsch, Geier, Bettel, Hochzeit …)',
    seats_free: '{0} frei', games_played: '{0} Spiele', join: 'Hinsetzen', spectate: 'Zuschauen',
    open_table: 'Öffnen',
    table: 'Tisch', invite: 'Einladung', copy: 'Link kopieren', copied: 'Kopiert!',
    leave: 'Tisch verlassen', lobby_back: 'Zur Liste',
    sit: 'Hier sitzen', add_bot: 'Bot setzen', remove_bot: 'Bot entfernen', empty: 'frei',
    away: 'weg', bot: 'Bot', you: 'du', dealer: 'Geber', out: 'setzt aus',
    rel_0: 'Du', rel_1: 'Links', rel_2: 'Gegenüber', rel_3: 'Rechts',
    rel5_1: 'Links', rel5_2: 'Links gegenüber', rel5_3: 'Rechts gegenüber', rel5_4: 'Rechts',
    bot_random: 'Zufall', bot_heuristic: 'Faustregeln', bot_pimc: 'Stammtisch',
    bot_pimc_strong: 'Experte', bot_people: 'Wie Leute (Reizen und Spiel)',
    bot_beginner: 'Anfänger', bot_stammtisch: 'Stammtisch', bot_expert: 'Experte', bot_more: 'Weitere Bots',
    // the ladder of docs/ai.md ("The levels"), one copy alone against three of the level below
    bot_ladder: 'Anfänger spielen wie Menschen. Ein Stammtisch-Bot gewinnt gegen drei Anfänger 8½ Cent je Spiel. Der Experte rechnet gründlicher, gewinnt aber kaum mehr als der Stammtisch.',
    bot_pimc_n: 'Rechnender Bot', bot_engine: 'Programm {0}', seat_n: 'Platz {0}', sit_move: 'Hierher wechseln',
    stand_in_in: 'Ersatz spielt in {0} s', idle: 'Niemand am Tisch: es geht weiter, sobald einer zurück ist.',
    play_on_no: 'Ohne uns weiterspielen: aus', play_on_yes: 'Ohne uns weiterspielen: an', went_away: '{0} ist weg.',
    trick_won: '{0} sticht – {1} Augen', trick_won_you: 'Du stichst – {0} Augen',
    offer_may: 'Du kannst noch', offer_left: 'noch {0} s', hold_wait: 'Der Tisch wartet noch {0} s', next_in: 'Nächstes Spiel in {0} s',
    abs_title: 'Während du weg warst, hat der Ersatz-Bot für dich entschieden', abs_nothing: 'nichts', abs_cost: 'für dich: {0}', abs_running: 'läuft noch',
    your_hand: 'Deine Karten', hand_empty: 'Keine Karten', you_sit_out: 'Du gibst und setzt dieses Spiel aus.', spectator_hand: 'Du schaust zu.',
    waiting_players: 'Warte auf Spieler: {0} Plätze frei.', waiting_deal: 'Gleich wird gegeben …',
    choices: 'Deine Wahl', your_turn: 'Du bist dran.', not_legal: '{0} darfst du jetzt nicht spielen.', turn_of: '{0} ist dran.', leads: '{0} kommt raus.', leads_you: 'Du kommst raus.',
    contract: 'Spiel', declarer: 'Spieler', partner: 'Partner', partner_unknown: 'noch nicht bekannt',
    called: 'gerufen', multiplier: 'Wert', geklopft: 'geklopft', doubled_n: '{0}× gedoppelt',
    auction: 'Reizen', phase_klopfen: 'Klopfen', phase_auction: 'Reizen', phase_declare: 'Ansage',
    phase_hochzeit: 'Hochzeit', phase_play: 'Spiel', phase_done: 'Ende',
    open_hand: 'Offene Karten', cards_left: '{0} Karten', trick: 'Stich', trick_n: 'Stich {0}', last_trick: 'Letzter Stich', no_last_trick: 'Noch kein Stich gemacht.',
    trick_to: '{0} macht den Stich ({1} Augen).', trick_to_you: 'Du machst den Stich ({0} Augen).', close: 'Schließen',
    played: '{0} spielt {1}.', hint: 'Tipp', hint_none: 'Kein Tipp.', hint_best: 'Tipp: {0}',
    hint_unpriced: 'kommt nicht in Frage', hint_expected: 'erwartet {0}',
    claim: 'Der Rest gehört mir', claim_refused: 'Der Rest gehört dir nicht: es geht weiter.',
    claimed: '{0} sagt: der Rest gehört mir.', claimed_you: 'Du sagst: der Rest gehört mir.', pause: 'Pause', resume: 'Weiter spielen',
    stood_in: 'Für {0} hat der Ersatz-Bot entschieden.',
    stood_in_you: 'Deine Zeit war um: der Ersatz-Bot hat für dich entschieden.',
    stood_in_you_card: 'Deine Zeit war um: der Ersatz-Bot hat für dich {0} gespielt.',
    stood_in_you_pass: 'Deine Zeit war um: der Ersatz-Bot hat für dich gepasst (er spielt, klopft und verdoppelt nie für dich).',
    paused: 'Pause.', pause_votes: 'Pause gewünscht von: {0}',
    timer_left: 'noch {0} s', bidding: 'Ansagen', offer_kontra: 'Kontra möglich',
    // actions in words
    a_pass: 'Weiter (ich spiele nicht)', a_pass_yield: 'Ist recht (ich lasse dir das Spiel)',
    a_no_klopfen: 'Nicht klopfen', a_pass_short: 'Weiter', a_yield_short: 'Ist recht', a_no_accept: 'Die Hochzeit nicht nehmen',
    a_no_double: 'Kein {0}', a_klopfen: 'Klopfen (verdoppelt, bevor ich alle Karten sehe)',
    a_play: 'Ich spiele', d_play: 'ein Sauspiel oder mehr; welches, sage ich nach dem Reizen', d_play_nocall: 'ohne rufbare Sau nur {0}',
    g_sauspiel: 'auf die {0}-Sau', g_trumps: '{0} Trümpfe', g_trump1: '1 Trumpf', g_play: 'Ich spiele:', g_have: 'Ich hätt:', g_self: 'Ich spiel selbst:',
    g_later: 'Ich spiele (Spiel später nennen)', g_chosen: 'Du spielst {0}, sobald das Reizen dir das Spiel lässt',
    a_play_too: 'Ich spiel auch', d_play_too: 'ein höheres Spiel als das Sauspiel', a_play_self: 'Ich spiel selbst ({0})',
    a_have: 'Ich hätt {0}', d_have: 'höher als das Spiel davor', d_best: 'für deine Karten: {0}, {1}', d_call: 'rufen kannst du die {0}-Sau', a_kontra: 'Kontra (verdoppeln)', a_retour: 'Retour (zurück verdoppeln)',
    a_doubling_n: '{0} ({1}. Doppelung)', a_accept: 'Hochzeit nehmen, {0} dafür geben',
    a_accept_hidden: 'Hochzeit genommen', a_card: '{0}',
    d_sauspiel: 'Partner ist, wer die {0}-Sau hat', d_solo: 'allein gegen drei, {0} ist Trumpf',
    d_wenz: 'allein, nur die Unter sind Trumpf', d_geier: 'allein, nur die Ober sind Trumpf',
    d_farbwenz: 'allein, Unter und {0} sind Trumpf', d_farbgeier: 'allein, Ober und {0} sind Trumpf',
    d_bettel: 'keinen Stich machen, kein Trumpf', d_bettel_ouvert: 'keinen Stich machen, Karten offen',
    d_tout: 'alle Stiche machen, zählt doppelt', d_sie: 'alle Ober und Unter: zählt vierfach',
    d_hochzeit: 'einen Trumpf für einen Partner anbieten', d_trumps: '{0} Trümpfe auf der Hand', d_trump1: '1 Trumpf auf der Hand',
    cls_sauspiel: 'ein Spiel', cls_solo: 'ein Solo', cls_wenz: 'einen Wenz', cls_geier: 'einen Geier',
    cls_farbwenz: 'einen Farbwenz', cls_farbgeier: 'einen Farbgeier', cls_bettel: 'einen Bettel',
    'cls_bettel:ouvert': 'einen Bettel Brett', cls_hochzeit: 'eine Hochzeit', cls_sie: 'einen Sie',
    cls_tout: 'ein {0}-Tout', bot_n: 'Bot {0}',
    w_sauspiel: 'Spiel', w_solo: 'Solo', w_wenz: 'Wenz', w_geier: 'Geier', w_farbwenz: 'Farbwenz', w_farbgeier: 'Farbgeier',
    or: ' oder ',
    // contracts
    suit_E: 'Eichel', suit_G: 'Gras', suit_H: 'Herz', suit_S: 'Schellen',
    c_sauspiel: 'Sauspiel mit der {0}-Sau', c_kreuzbock: 'Kreuzbock (Partner gegenüber)',
    c_solo: '{0}-Solo', c_wenz: 'Wenz', c_geier: 'Geier', c_farbwenz: '{0}-Wenz', c_farbgeier: '{0}-Geier',
    c_bettel: 'Bettel', 'c_bettel:ouvert': 'Bettel Brett', c_ramsch: 'Ramsch', c_hochzeit: 'Hochzeit',
    c_sie: 'Sie', c_tout: '{0} Tout', c_none: 'kein Spiel',
    // result
    result: 'Abrechnung', game_n: 'Spiel {0}', next_game: 'Weiter', course: 'Spielverlauf',
    hands_dealt: 'Die Karten', tricks: 'Stiche', thrown_in: 'Alle weiter: zusammengeworfen.',
    won: 'gewonnen', lost: 'verloren', side_points: 'Spieler-Partei: {0} Augen',
    r_base: 'Grundtarif {0}', r_laufende: '{0} Laufende', r_schneider: 'Schneider', r_schwarz: 'Schwarz',
    r_times: '× {0} {1}', r_tout: 'Tout/Sie/Brett/Jungfrau', r_f_tout: 'Tout', r_f_sie: 'Sie', r_f_brett: 'Bettel Brett', r_f_jungfrau: 'Jungfrau', r_kontra: 'Kontra', r_retour: 'Retour',
    r_doubling: 'Doppelung', r_laid: 'geklopft', r_bock: 'Bock', r_pair: 'je Gegner: {0}',
    r_money: 'Geld', r_points: 'Turnier\u00adpunkte', r_tp_pair: 'je Gegner: {0}', r_tp_laufende: '{0} Laufende: zählen im Turnier nicht',
    n_points: '{0} Punkte', n_point: '{0} Punkt', score_points: 'um Turnierpunkte', score_money: 'um Geld', r_stock: 'Stock: {0}', r_ramsch_losers: 'Verlierer: {0}',
    r_durchmarsch: 'Durchmarsch: {0}', r_jungfrau: '{0} Jungfrau', card_points: 'Augen',
    sheet: 'Spielliste', total: 'Summe', sheet_empty: 'Noch kein Spiel gespielt.', show_sheet: 'Spielliste',
    games_download: 'Partien laden (für schafkopf analyze)',
    rate_me: 'Meine Entscheidungen bewerten', rt_busy: 'Bewerte deine Entscheidungen …', rate_short: 'bewerten', rate_game_n: 'Spiel {0} bewerten',
    rt_not_played: 'Dieses Spiel hast du nicht mitgespielt.', rt_later: 'Gerade wird schon bewertet – versuch es gleich noch einmal.', rt_no_game: 'Dieses Spiel gibt es hier nicht.', rt_failed: 'Die Bewertung ging nicht.',
    rt_title: 'Deine Entscheidungen in Spiel {0}', rt_nothing: 'Nichts zu bewerten: jede deiner Karten war Pflicht.',
    rt_move: 'Dein Zug', rt_best_info: 'Tipp nach deinem Wissen', rt_best_dd: 'Tipp bei offenen Karten', rt_lost: 'verloren',
    rt_pts: '{0} Augen', rt_tp: '{0} P', rt_with: 'mit {0}, ohne {1}', rt_rule: 'nach Faustregel: {0}',
    rt_sum: '{0} Entscheidungen bewertet, {1} mit ?', rt_sum1: '{0} Entscheidung bewertet, {1} mit ?',
    rt_lost_sum: 'Verloren nach deinem Wissen: {0} Augen, {1}; bei offenen Karten: {2} Augen, {3}.',
    rt_legend: '?: ein Fehler nach dem, was du wusstest (ab {0} Augen oder {1}). !: {2} verloren bei offenen Karten. Nach deinem Wissen heißt: im Mittel über {3} Verteilungen der Karten, die du nicht kanntest, jede bis zum Ende bestens gespielt.',
    rt_money_word: 'Geld', rt_tp_word: 'Turnierpunkte',
    rt_flag_q: 'ein Fehler nach deinem Wissen', rt_flag_x: 'verloren bei offenen Karten', rt_flag_qx: 'ein Fehler nach deinem Wissen, verloren auch bei offenen Karten',
    chat: 'Unterhaltung', chat_send: 'Senden', chat_placeholder: 'Nachricht …',
    err_refused: 'Das geht jetzt nicht.', err_illegal: 'Das erlauben die Regeln nicht.', err_bad_message: 'Das kennt dieser Server nicht.', err_internal: 'Fehler im Server.', err_stale: 'Schon vorbei – der Tisch wird neu geladen.', err_not_found: 'Diesen Tisch gibt es nicht.',
    err_rate: 'Zu schnell – kurz warten.', rule: 'Regel', err_other: 'Fehler.',
    account: 'Konto', login: 'Anmelden', register: 'Registrieren', logout: 'Abmelden', password: 'Passwort',
    history: 'Meine Spiele', logged_in_as: 'Angemeldet als {0}', err_bad_login: 'Name oder Passwort falsch.',
    err_taken: 'Der Name ist schon vergeben.', err_unsupported: 'Dieser Server kennt keine Konten.',
    kind_stat: '{0}: {1} von {2} gewonnen', stats_line: '{0} Spiele, {1} selbst gespielt, davon {2} gewonnen; Geld {3}, Punkte {4}',
    skip: 'Zum Spiel springen',
    bk_title: 'Schreiben', bk_group: 'Gruppe', bk_sheet: 'Abend', bk_tournament: 'Turnier',
    bk_untitled: 'ohne Namen', bk_mine: 'Meine Listen',
    bk_none: 'Noch keine. Leg unten eine an oder öffne eine mit ihrem Code.', bk_can_write: 'darf schreiben',
    bk_code: 'Code', bk_open: 'Öffnen', bk_bad_code: 'Ein Code hat 16 Buchstaben und Ziffern.',
    bk_bad_name: '„{0}“: ein Name aus Buchstaben, Ziffern, - _ . (nicht nur Ziffern)',
    bk_new_sheet: 'Neuer Abend',
    bk_new_sheet_help: 'Ein Abend an einem echten Tisch: jedes Spiel eintragen, das Programm rechnet und prüft.',
    bk_name_of: 'Name ({0})', bk_players_order: 'Spieler in Sitzordnung (3 bis 5)',
    bk_first_dealer_no: 'Erster Geber (Nr.)', bk_create: 'Anlegen', bk_new_group: 'Neue Gruppe',
    bk_roster: 'Spieler', bk_new_tournament: 'Neues Turnier', bk_seed: 'Losnummer',
    bk_seed_help: 'Die Losnummer wird vor der ersten Auslosung bekannt gegeben: jeder kann die Auslosung nachrechnen (5.2.2).',
    bk_seat_no: 'Platz {0}', bk_evenings: 'Abende', bk_lines: '{0} Einträge', bk_one_line: '1 Eintrag',
    bk_no_evenings: 'Noch kein Abend.', bk_stats: 'Statistik', bk_player: 'Spieler', bk_games: 'Spiele',
    bk_money: 'Geld', bk_new_evening: 'Neuer Abend der Gruppe',
    bk_st_summary: '{0}, {1}', bk_st_evenings: '{0} Abende', bk_st_one_evening: '1 Abend', bk_st_games: '{0} Spiele', bk_st_one_game: '1 Spiel', bk_st_name: 'Name', bk_st_sat_out: 'aus', bk_st_laid: 'gelegt',
    bk_st_defender: 'Gegner', bk_st_won_of: 'Gewonnen von gespielt', bk_st_by_class: 'Als Spieler nach Spielart',
    bk_chart: 'Geld im Verlauf', bk_chart_points: 'Punkte im Verlauf', bk_no_games: 'Noch keine Spiele.',
    bk_start_evening: 'Abend beginnen', bk_share: 'Teilen', bk_read_link: 'Zum Ansehen (ohne Schlüssel):',
    bk_key_help: 'Zum Schreiben auf einem anderen Gerät (geheim halten!):', bk_enter: 'Eintragen',
    bk_what: 'Was', bk_kind_game: 'Spiel', bk_kind_thrown: 'zusammengeworfen', bk_kind_ramsch: 'Ramsch',
    bk_kind_penalty: 'Strafe', bk_kind_redeal: 'neu geben', bk_contract: 'Spiel', bk_declarer: 'Spieler',
    bk_partner: 'Partner', bk_result: 'Ergebnis', bk_res_points: 'Augen', bk_res_won: 'gewonnen',
    bk_res_lost: 'verloren', bk_points: 'Augen des Spielers', bk_laufende: 'Laufende', bk_kontra: 'Kontra',
    bk_laid: 'gelegt (Klopfen)', bk_losers: 'Verlierer', bk_fault: 'Fehler', bk_offender: 'Fehler von',
    'bk_fault_2.4.10': 'ungültiges Spiel', 'bk_fault_3.4.7': 'ausgespielt ohne dran', 'bk_fault_3.4.8': 'Bemerkung',
    'bk_fault_3.4.9': 'Stiche angeschaut', 'bk_fault_3.4.11': 'Karte gezeigt',
    'bk_fault_3.4.12': 'falsche Kartenzahl', 'bk_fault_3.4.14': 'nicht bedient',
    'bk_fault_3.4.15': 'zu spät bemerkt', 'bk_fault_3.4.18': 'nach dem Fehler aufgedeckt',
    'bk_fault_3.4.2': 'Karte beim Geben gezeigt', 'bk_fault_3.4.5': 'falscher Geber', 'bk_fault_3.4.6': 'vergeben',
    'bk_fault_3.4.13': 'zwei zu viel/wenig', bk_deal: 'Spiel', bk_total: 'Summe',
    bk_next_dealer: 'Nächster Geber: {0}', bk_sits_out: '{0} setzt aus', bk_bock: 'Bock ×{0}',
    bk_to_group: '← zur Gruppe', bk_undo: 'Letztes Spiel zurücknehmen', bk_csv: 'CSV laden',
    bk_pay: 'Wer zahlt wem', bk_pays: '{0} zahlt {1} {2}', bk_needs_approval: '(Genehmigung fehlt)',
    bk_corrected: 'korrigiert', bk_games_of: '{0} von {1} Spielen', bk_standings: 'Stand',
    bk_updated: 'Stand von {0}', bk_stage_progress: 'Runde {0}: {1} von {2} Spielen', bk_place: 'Platz',
    bk_no: 'Nr.', bk_stage_n: 'Runde {0}', bk_points_total: 'Punkte', bk_prize: 'Preis',
    bk_live_link: 'Live-Stand (für den Bildschirm im Saal)', bk_print_standings: 'Stand drucken',
    bk_stage_over: 'Die Runde dieses Tisches ist vorbei.',
    bk_table_done: 'Alle Spiele dieser Runde sind eingetragen.', bk_game_next: 'Spiel {0} von {1}',
    bk_registration: 'Anmeldung', bk_register: 'Anmelden', bk_paid: 'bezahlt', bk_mark_paid: 'bezahlt',
    bk_withdraw: 'abmelden', bk_withdrawn: 'abgemeldet', bk_substitute: 'Ersatz', bk_draw: 'Auslosung',
    bk_set: 'Setzen', bk_games_per_stage: '{0} Spiele je Runde', bk_games_per_stage_label: 'Spiele je Runde',
    bk_draw_stage: 'Runde {0} auslosen', bk_seating: 'Rest', bk_five: 'Fünfertische', bk_byes: 'Freilose',
    bk_stage_running: 'Die Runde läuft noch: erst wenn alle Tische fertig sind, wird ausgelost.',
    bk_print_plan: 'Sitzplan drucken', bk_print_sheets: 'Spiellisten drucken (mit QR-Codes)',
    bk_qr_alt: 'QR-Code von Tisch {0}: öffnet seine Eingabe', bk_enter_for: 'Spiel eines Tisches eintragen',
    bk_approvals: 'Genehmigungen', bk_game: 'Spiel', bk_approve: 'genehmigen',
    bk_no_approvals: 'Nichts zu genehmigen.', bk_referee: 'Schiedsrichter', bk_strike: 'Streichen',
    bk_why: 'Grund', bk_correct: 'Korrigieren', bk_deal_line: 'Spiel (Zeile)', bk_prizes: 'Preise',
    bk_euros: 'Euro', bk_any_line: 'Eine Zeile von Hand', bk_line: 'Zeile', bk_saved: 'Eingetragen.', bk_undone: 'Zurückgenommen.',
    bk_sending: 'Wird eingetragen …', bk_loading: 'Wird geladen …', bk_need_contract: 'Welches Spiel?',
    bk_need_declarer: 'Wer hat gespielt?', bk_need_fault: 'Welcher Fehler?',
    bk_need_losers: 'Wer hat den Ramsch verloren?', bk_need_offender: 'Wer hat den Fehler gemacht?',
    bk_need_points: 'Augen: 0 bis 120', bk_need_result: 'Augen, gewonnen oder verloren?',
    bk_need_partner: 'Wer hat mitgespielt?', bk_need_revealer: 'Wer hat die Karten aufgedeckt?',
    bk_need_winners: 'Wer hat den Schieberamsch gewonnen?', bk_winners: 'Gewinner (wenigste Augen)',
    bk_jungfrau: 'Jungfrauen (ohne Stich)', bk_muss: 'Muss (alle weiter)', bk_revealer: 'Aufgedeckt von',
    bk_kreuzbock_round: 'Kreuzbock-Runde: wer gegenüber sitzt, spielt zusammen',
    bk_entry: 'Am echten Tisch gespielt? Abende, Gruppen und Turniere mitschreiben.',
    // house rules of a new evening or group (bookrules.js)
    hr_from_preset: 'Vorgegeben wie „{0}“; was du hier änderst, gilt als Hausregel.',
    hr_unknown: 'Die Hausregeln lassen sich gerade nicht laden: es gelten die Regeln oben.',
    hr_in_force: 'Es gilt', hr_sec_pass: 'Wenn alle weiter sagen', hr_all_pass: 'Dann',
    hr_all_pass_next_dealer: 'zusammenwerfen, der Nächste gibt', hr_all_pass_same_dealer: 'zusammenwerfen, derselbe gibt noch mal',
    hr_all_pass_ramsch: 'Ramsch', hr_all_pass_muss: 'Muss (der Eichel-Ober muss spielen)',
    hr_all_pass_kreuzbock: 'Kreuzbock (über Kreuz zusammen)',
    hr_ramsch_schieben: 'Schieberamsch (die wenigsten Augen gewinnen)', hr_ramsch_jungfrau: 'Jungfrau zählt doppelt (wer keinen Stich hat)',
    hr_ramsch_durchmarsch: 'Durchmarsch gewinnt (wer alle Stiche macht)', hr_rate_ramsch: 'Ramsch: Einheiten je Verlierer',
    hr_kreuzbock_on_throw_in: 'nach dem Zusammenwerfen eine Runde Kreuzbock',
    hr_sec_games: 'Spiele außer Sauspiel, Solo und Wenz', hr_allow_hochzeit: 'Hochzeit', hr_allow_geier: 'Geier',
    hr_allow_farbwenz: 'Farbwenz', hr_allow_farbgeier: 'Farbgeier', hr_allow_bettel: 'Bettel', hr_allow_bettel_ouvert: 'Bettel Brett',
    hr_sec_double: 'Klopfen und Kontra', hr_klopfen: 'Klopfen', hr_klopfen_off: 'kein Klopfen', hr_klopfen_all: 'jeder darf klopfen',
    hr_klopfen_chain: 'nur nach dem Vordermann', hr_klopfen_forehand: 'nur die Vorhand', hr_klopfen_one: 'nur einer',
    hr_kontra_max: 'Doppeln', hr_kontra_max_0: 'kein Kontra', hr_kontra_max_1: 'nur Kontra', hr_kontra_max_2: 'Kontra und Retour',
    hr_kontra_max_3: 'bis Sub', hr_kontra_max_4: 'bis Resub',
    hr_sec_bock: 'Bock und Stock', hr_bock_games: 'Bockspiele (4 = eine Runde, 0 = kein Bock)',
    hr_bock_on_throw_in: 'Bock nach dem Zusammenwerfen', hr_bock_on_lost_solo: 'Bock nach einem verlorenen Solo',
    hr_bock_on_schwarz: 'Bock nach einem Schwarz', hr_bock_on_retour: 'Bock nach einem Retour',
    hr_stock: 'Stock (beim Zusammenwerfen)', hr_stock_off: 'kein Stock', hr_stock_declarer: 'für den nächsten Spieler',
    hr_stock_side: 'für die Partei des nächsten Spielers', hr_stock_rate: 'in den Stock (Einheiten je Kopf)',
    hr_sec_tariff: 'Tarif', hr_unit_cents: 'Eine Einheit in Cent', hr_rate_sauspiel: 'Sauspiel (Einheiten)',
    hr_rate_solo: 'Solo, Wenz, Geier, Bettel (Einheiten)', hr_rate_laufende: 'je Laufender (Einheiten)',
    hr_rate_schneider: 'Schneider (Einheiten)', hr_rate_schwarz: 'Schwarz statt Schneider (Einheiten)',
    hr_rate_hochzeit: 'Hochzeit (Einheiten)', hr_rate_durchmarsch: 'Durchmarsch: Einheiten von jedem',
    hr_sec_table: 'Am Tisch', hr_players: 'Spieler', hr_players_3: 'drei (kurzes Blatt)', hr_players_4: 'vier',
    hr_players_5: 'fünf (der Geber setzt aus)', hr_score: 'Gespielt um', hr_score_money: 'Geld', hr_score_points: 'Turnierpunkte',
    hr_s_three: 'zu dritt (kurzes Blatt)', hr_s_five: 'zu fünft (der Geber setzt aus)',
    hr_s_deck_short: 'kurzes Blatt (24 Karten)', hr_s_deck_20: 'kurzes Blatt (20 Karten)', hr_s_pass: 'alle weiter: {0}',
    hr_s_all_pass_next_dealer: 'zusammenwerfen', hr_s_all_pass_same_dealer: 'zusammenwerfen, derselbe gibt noch mal',
    hr_s_all_pass_muss: 'Muss (Eichel-Ober)', hr_s_all_pass_kreuzbock: 'Kreuzbock',
    hr_s_kreuzbock_round: 'nach dem Zusammenwerfen eine Runde Kreuzbock', hr_s_games: 'auch {0}', hr_s_without: 'ohne {0}',
    hr_s_tout: 'Tout', hr_s_sie: 'Sie', hr_s_klopfen_all: 'jeder darf klopfen', hr_s_klopfen_chain: 'klopfen nur nach dem Vordermann',
    hr_s_klopfen_forehand: 'nur die Vorhand darf klopfen', hr_s_klopfen_one: 'nur einer darf klopfen',
    hr_s_kontra_n: 'bis zu {0}-mal doppeln', hr_s_bock: 'Bock ({0} Spiele) nach {1}',
    hr_s_bock_throw_in: 'Zusammenwerfen', hr_s_bock_lost_solo: 'verlorenem Solo', hr_s_bock_schwarz: 'Schwarz', hr_s_bock_retour: 'Retour',
    hr_s_stock_declarer: 'Stock ({0} je Kopf) für den nächsten Spieler',
    hr_s_stock_side: 'Stock ({0} je Kopf) für die Partei des nächsten Spielers',
    hr_s_tariff: 'Tarif: Sauspiel {0}, Solo {1}, Laufender {2}, Schneider {3}, Schwarz {4}',
    hr_s_rate_ramsch: 'Ramsch: jeder Verlierer zahlt jedem {0}', hr_s_rate_durchmarsch: 'Durchmarsch: {0} von jedem',
    hr_s_rate_hochzeit: 'Hochzeit {0}',
  },
  en: {
    title: 'Schafkopf',
    conn_open: 'connected', conn_closed: 'disconnected – retrying …', conn_connecting: 'connecting …',
    name: 'Name', lang: 'Language', theme_dark: 'Dark', theme_light: 'Light', theme: 'Colours',
    lobby: 'Tables', no_rooms: 'No open tables yet. Create one!',
    lobby_more: 'More tables ({0} not shown yet)',
    create_title: 'New table', quick_title: 'Alone against bots', quick_level: 'Bot strength', quick_play: 'Play', preset: 'Rules', table_title: 'Table name', untitled: 'Table {0}',
    listed: 'show in the list', timer: 'Time per decision (seconds, 0 = off)',
    hold: 'Wait for Kontra and knocking (seconds, 0 = no wait)', settle: 'Wait after the settlement (seconds)', create: 'Create table',
    house_rules: 'House rules', fallback: 'Stand-in bot for absent players',
    preset_official: 'Official (Schafkopfschule)', preset_tournament: 'Tournament',
    preset_sauspiel: 'Online table', preset_kurz: 'Short deck (24 cards)',
    preset_stammtisch: 'Pub table (Ramsch, Geier, Bettel, Wedding …)',
    seats_free: '{0} free', games_played: '{0} games', join: 'Sit down', spectate: 'Watch',
    open_table: 'Open',
    table: 'Table', invite: 'Invitation', copy: 'Copy link', copied: 'Copied!',
    leave: 'Leave table', lobby_back: 'To the list',
    sit: 'Sit here', add_bot: 'Seat a bot', remove_bot: 'Remove bot', empty: 'free',
    away: 'away', bot: 'Bot', you: 'you', dealer: 'Dealer', out: 'sits out',
    rel_0: 'You', rel_1: 'Left', rel_2: 'Across', rel_3: 'Right',
    rel5_1: 'Left', rel5_2: 'Across left', rel5_3: 'Across right', rel5_4: 'Right',
    bot_random: 'Random', bot_heuristic: 'Rules of thumb', bot_pimc: 'Stammtisch',
    bot_pimc_strong: 'Expert', bot_people: 'Like people (bidding and play)',
    bot_beginner: 'Beginner', bot_stammtisch: 'Stammtisch', bot_expert: 'Expert', bot_more: 'More bots',
    bot_ladder: 'Beginners play like people. One Stammtisch bot wins 8½ cents a game against three Beginners. The Expert thinks longer but wins hardly more than Stammtisch.',
    bot_pimc_n: 'Searching bot', bot_engine: 'Program {0}', seat_n: 'Seat {0}', sit_move: 'Move here',
    stand_in_in: 'stand-in plays in {0} s', idle: 'Nobody at the table: it goes on when someone is back.',
    play_on_no: 'Play on without us: off', play_on_yes: 'Play on without us: on', went_away: '{0} is away.',
    trick_won: '{0} takes it – {1} points', trick_won_you: 'You take it – {0} points',
    offer_may: 'You may still', offer_left: '{0} s left', hold_wait: 'The table waits {0} s', next_in: 'Next game in {0} s',
    abs_title: 'While you were away, the stand-in bot decided for you', abs_nothing: 'nothing', abs_cost: 'for you: {0}', abs_running: 'still running',
    your_hand: 'Your hand', hand_empty: 'No cards', you_sit_out: 'You deal and sit this game out.', spectator_hand: 'You are watching.',
    waiting_players: 'Waiting for players: {0} seats free.', waiting_deal: 'Dealing soon …',
    choices: 'Your choice', your_turn: 'Your turn.', not_legal: 'You may not play the {0} now.', turn_of: "{0}'s turn.", leads: '{0} leads.', leads_you: 'You lead.',
    contract: 'Game', declarer: 'Declarer', partner: 'Partner', partner_unknown: 'not known yet',
    called: 'called', multiplier: 'Value', geklopft: 'knocked', doubled_n: 'doubled {0}×',
    auction: 'Bidding', phase_klopfen: 'Knocking', phase_auction: 'Bidding', phase_declare: 'Naming the game',
    phase_hochzeit: 'Wedding', phase_play: 'Play', phase_done: 'Over',
    open_hand: 'Open hand', cards_left: '{0} cards', trick: 'Trick', trick_n: 'Trick {0}', last_trick: 'Last trick', no_last_trick: 'No trick taken yet.',
    trick_to: '{0} takes the trick ({1} points).', trick_to_you: 'You take the trick ({0} points).', close: 'Close',
    played: '{0} plays {1}.', hint: 'Hint', hint_none: 'No hint.', hint_best: 'Hint: {0}',
    hint_unpriced: 'out of the question', hint_expected: 'expected {0}',
    claim: 'The rest is mine', claim_refused: 'The rest is not yours: play goes on.',
    claimed: '{0} says: the rest is mine.', claimed_you: 'You say: the rest is mine.', pause: 'Pause', resume: 'Resume',
    stood_in: 'The stand-in bot decided for {0}.',
    stood_in_you: 'Your time was up: the stand-in bot decided for you.',
    stood_in_you_card: 'Your time was up: the stand-in bot played {0} for you.',
    stood_in_you_pass: 'Your time was up: the stand-in bot passed for you (it never bids, knocks or doubles for you).',
    paused: 'Paused.', pause_votes: 'Pause wanted by: {0}',
    timer_left: '{0} s left', bidding: 'Calls', offer_kontra: 'Kontra possible',
    a_pass: 'Pass (I do not play)', a_pass_yield: 'Go ahead (I leave you the game)',
    a_no_klopfen: 'Do not knock', a_pass_short: 'Pass', a_yield_short: 'Go ahead', a_no_accept: 'Decline the wedding',
    a_no_double: 'No {0}', a_klopfen: 'Knock (double before seeing all my cards)',
    a_play: 'I play', d_play: 'a Sauspiel or more; which one I name after the bidding', d_play_nocall: 'no Ace to call, so only {0}',
    g_sauspiel: 'with the {0} Ace', g_trumps: '{0} trumps', g_trump1: '1 trump', g_play: 'I play:', g_have: 'I have:', g_self: 'I play myself:',
    g_later: 'I play (name the game later)', g_chosen: 'You play {0} once the bidding leaves you the game',
    a_play_too: 'I play too', d_play_too: 'a game higher than a Sauspiel', a_play_self: 'I play myself ({0})',
    a_have: 'I have {0}', d_have: 'higher than the game before', d_best: 'for your cards: {0}, {1}', d_call: 'you can call the {0} Ace', a_kontra: 'Kontra (double)', a_retour: 'Retour (double back)',
    a_doubling_n: '{0} (doubling {1})', a_accept: 'Take the wedding, giving {0}',
    a_accept_hidden: 'Wedding taken', a_card: '{0}',
    d_sauspiel: 'partner is whoever holds the {0} Ace', d_solo: 'alone against three, {0} are trump',
    d_wenz: 'alone, only the Unters are trump', d_geier: 'alone, only the Obers are trump',
    d_farbwenz: 'alone, Unters and {0} are trump', d_farbgeier: 'alone, Obers and {0} are trump',
    d_bettel: 'take no trick, no trumps', d_bettel_ouvert: 'take no trick, hand shown',
    d_tout: 'take every trick, counts double', d_sie: 'all Obers and Unters: counts four times',
    d_hochzeit: 'offer a trump for a partner', d_trumps: '{0} trumps in your hand', d_trump1: '1 trump in your hand',
    cls_sauspiel: 'a game', cls_solo: 'a Solo', cls_wenz: 'a Wenz', cls_geier: 'a Geier',
    cls_farbwenz: 'a suit Wenz', cls_farbgeier: 'a suit Geier', cls_bettel: 'a Bettel',
    'cls_bettel:ouvert': 'an open Bettel', cls_hochzeit: 'a wedding', cls_sie: 'a Sie',
    cls_tout: 'a {0} Tout', bot_n: 'Bot {0}',
    w_sauspiel: 'game', w_solo: 'Solo', w_wenz: 'Wenz', w_geier: 'Geier', w_farbwenz: 'suit Wenz', w_farbgeier: 'suit Geier',
    or: ' or ',
    // the suits as the English rules (002), the terminal and the score sheets
    // name them in a contract ("Hearts Solo"); a card's name is cards.js's
    suit_E: 'Acorns', suit_G: 'Leaves', suit_H: 'Hearts', suit_S: 'Bells',
    c_sauspiel: 'Sauspiel calling the {0} Ace', c_kreuzbock: 'Kreuzbock (partner across)',
    c_solo: '{0} Solo', c_wenz: 'Wenz', c_geier: 'Geier (Obers trump)', c_farbwenz: '{0} Wenz',
    c_farbgeier: '{0} Geier', c_bettel: 'Bettel (take no trick)', 'c_bettel:ouvert': 'open Bettel (Brett)',
    c_ramsch: 'Ramsch (most points lose)', c_hochzeit: 'Wedding (Hochzeit)', c_sie: 'Sie',
    c_tout: '{0} Tout', c_none: 'no game',
    result: 'Settlement', game_n: 'Game {0}', next_game: 'Next', course: 'Course of the game',
    hands_dealt: 'The hands', tricks: 'Tricks', thrown_in: 'Everybody passed: thrown in.',
    won: 'won', lost: 'lost', side_points: "Declarer's side: {0} points",
    r_base: 'Base rate {0}', r_laufende: '{0} Laufende (top trumps in a row)', r_schneider: 'Schneider',
    r_schwarz: 'Schwarz', r_times: '× {0} {1}', r_tout: 'Tout/Sie/Brett/Jungfrau', r_f_tout: 'Tout', r_f_sie: 'Sie', r_f_brett: 'Bettel ouvert', r_f_jungfrau: 'Jungfrau', r_kontra: 'Kontra',
    r_retour: 'Retour', r_doubling: 'doubling', r_laid: 'knocked', r_bock: 'Bock',
    r_pair: 'per opponent: {0}', r_money: 'Money', r_points: 'Tournament points', r_tp_pair: 'per opponent: {0}',
    r_tp_laufende: '{0} Laufende (top trumps in a row): not counted in a tournament',
    n_points: '{0} tournament points', n_point: '{0} tournament point', score_points: 'for tournament points', score_money: 'for money', r_stock: 'Pot: {0}',
    r_ramsch_losers: 'Losers: {0}', r_durchmarsch: 'Sweep (Durchmarsch): {0}',
    r_jungfrau: '{0} without a trick (Jungfrau)', card_points: 'Card points',
    sheet: 'Score sheet', total: 'Total', sheet_empty: 'No game played yet.', show_sheet: 'Score sheet',
    games_download: 'Download the games (for schafkopf analyze)',
    rate_me: 'Rate my decisions', rt_busy: 'Rating your decisions …', rate_short: 'rate', rate_game_n: 'Rate game {0}',
    rt_not_played: 'You did not play in this game.', rt_later: 'A rating is under way – try again in a moment.', rt_no_game: 'This table has no such game.', rt_failed: 'The rating failed.',
    rt_title: 'Your decisions in game {0}', rt_nothing: 'Nothing to rate: every card you played was forced.',
    rt_move: 'Your move', rt_best_info: 'Best by what you knew', rt_best_dd: 'Best with open cards', rt_lost: 'lost',
    rt_pts: '{0} card points', rt_tp: '{0} TP', rt_with: 'with {0}, without {1}', rt_rule: 'by the rules of thumb: {0}',
    rt_sum: '{0} decisions rated, {1} with ?', rt_sum1: '{0} decision rated, {1} with ?',
    rt_lost_sum: 'Lost by what you knew: {0} card points, {1}; with open cards: {2} card points, {3}.',
    rt_legend: '?: a mistake by what you knew ({0} card points or {1} and more). !: {2} lost with open cards. By what you knew means: the mean over {3} deals of the cards you could not see, each played out at best.',
    rt_money_word: 'money', rt_tp_word: 'tournament points',
    rt_flag_q: 'a mistake by what you knew', rt_flag_x: 'lost with open cards', rt_flag_qx: 'a mistake by what you knew, lost with open cards too',
    chat: 'Chat', chat_send: 'Send', chat_placeholder: 'Message …',
    err_refused: 'Not possible now.', err_illegal: 'The rules do not allow that.', err_bad_message: 'This server does not know that.', err_internal: 'Error in the server.', err_stale: 'Too late – reloading the table.', err_not_found: 'There is no such table.',
    err_rate: 'Too fast – wait a moment.', rule: 'rule', err_other: 'Error.',
    account: 'Account', login: 'Log in', register: 'Register', logout: 'Log out', password: 'Password',
    history: 'My games', logged_in_as: 'Logged in as {0}', err_bad_login: 'Wrong name or password.',
    err_taken: 'That name is taken.', err_unsupported: 'This server has no accounts.',
    kind_stat: '{0}: won {1} of {2}', stats_line: '{0} games, {1} declared, {2} of them won; money {3}, points {4}',
    skip: 'Skip to the game',
    bk_title: 'Score keeping', bk_group: 'group', bk_sheet: 'evening', bk_tournament: 'tournament',
    bk_untitled: 'untitled', bk_mine: 'My sheets',
    bk_none: 'None yet. Create one below or open one by its code.', bk_can_write: 'may write',
    bk_code: 'Code', bk_open: 'Open', bk_bad_code: 'A code has 16 letters and digits.',
    bk_bad_name: '"{0}": a name of letters, digits, - _ . (not only digits)', bk_new_sheet: 'New evening',
    bk_new_sheet_help: 'An evening at a real table: enter each deal; the program prices and checks it.',
    bk_name_of: 'Name ({0})', bk_players_order: 'Players in seating order (3 to 5)',
    bk_first_dealer_no: 'First dealer (no.)', bk_create: 'Create', bk_new_group: 'New group',
    bk_roster: 'Players', bk_new_tournament: 'New tournament', bk_seed: 'Seed',
    bk_seed_help: 'The seed is published before the first draw: anyone can redo the draw (5.2.2).',
    bk_seat_no: 'Seat {0}', bk_evenings: 'Evenings', bk_lines: '{0} entries', bk_one_line: '1 entry', bk_no_evenings: 'No evening yet.',
    bk_stats: 'Statistics', bk_player: 'Player', bk_games: 'Deals',
    bk_st_summary: '{0}, {1}', bk_st_evenings: '{0} evenings', bk_st_one_evening: '1 evening', bk_st_games: '{0} deals', bk_st_one_game: '1 deal', bk_st_name: 'Name', bk_st_sat_out: 'sat out', bk_st_laid: 'laid',
    bk_st_defender: 'Defender', bk_st_won_of: 'Won of played', bk_st_by_class: 'As declarer, by game',
    bk_chart: 'Money over time', bk_chart_points: 'Points over time', bk_no_games: 'No games yet.',
    bk_money: 'Money', bk_new_evening: 'New evening of the group', bk_start_evening: 'Start the evening',
    bk_share: 'Share', bk_read_link: 'To look (no key):',
    bk_key_help: 'To write on another device (keep it secret!):', bk_enter: 'Enter', bk_what: 'What',
    bk_kind_game: 'game', bk_kind_thrown: 'thrown in', bk_kind_ramsch: 'Ramsch', bk_kind_penalty: 'penalty',
    bk_kind_redeal: 'redeal', bk_contract: 'Contract', bk_declarer: 'Declarer', bk_partner: 'Partner',
    bk_result: 'Result', bk_res_points: 'card points', bk_res_won: 'won', bk_res_lost: 'lost',
    bk_points: "Declarer's card points", bk_laufende: 'Laufende', bk_kontra: 'Kontra',
    bk_laid: 'laid (Klopfen)', bk_losers: 'Losers', bk_fault: 'Fault', bk_offender: 'Fault by',
    'bk_fault_2.4.10': 'invalid bid', 'bk_fault_3.4.7': 'out of turn', 'bk_fault_3.4.8': 'remark',
    'bk_fault_3.4.9': 'looked at tricks', 'bk_fault_3.4.11': 'card shown', 'bk_fault_3.4.12': 'wrong card count',
    'bk_fault_3.4.14': 'revoke', 'bk_fault_3.4.15': 'revoke noticed late', 'bk_fault_3.4.18': 'hand shown after a fault',
    'bk_fault_3.4.2': 'card shown while dealing', 'bk_fault_3.4.5': 'wrong dealer', 'bk_fault_3.4.6': 'misdeal',
    'bk_fault_3.4.13': 'two counts', bk_deal: 'Deal', bk_total: 'Total', bk_next_dealer: 'Next dealer: {0}',
    bk_sits_out: '{0} sits out', bk_bock: 'Bock ×{0}', bk_to_group: '← to the group',
    bk_undo: 'Take back the last deal', bk_csv: 'Download CSV', bk_pay: 'Who pays whom',
    bk_pays: '{0} pays {1} {2}', bk_needs_approval: '(needs approval)', bk_corrected: 'corrected',
    bk_games_of: '{0} of {1} games', bk_standings: 'Standings', bk_updated: 'As of {0}',
    bk_stage_progress: 'stage {0}: {1} of {2} games', bk_place: 'Place', bk_no: 'No.',
    bk_stage_n: 'Stage {0}', bk_points_total: 'Points', bk_prize: 'Prize',
    bk_live_link: 'Live standings (for the screen in the hall)', bk_print_standings: 'Print the standings',
    bk_stage_over: "This table's stage is over.", bk_table_done: "All of this stage's games are entered.",
    bk_game_next: 'Game {0} of {1}', bk_registration: 'Registration', bk_register: 'Register',
    bk_paid: 'paid', bk_mark_paid: 'paid', bk_withdraw: 'withdraw', bk_withdrawn: 'withdrawn',
    bk_substitute: 'Substitute', bk_draw: 'Draw', bk_set: 'Set', bk_games_per_stage: '{0} games per stage',
    bk_games_per_stage_label: 'Games per stage', bk_draw_stage: 'Draw stage {0}', bk_seating: 'The rest',
    bk_five: 'tables of five', bk_byes: 'byes',
    bk_stage_running: 'The stage is still running: the next is drawn when every table is done.',
    bk_print_plan: 'Print the seating plan', bk_print_sheets: 'Print the table sheets (with QR codes)',
    bk_qr_alt: 'QR code of table {0}: opens its entry page', bk_enter_for: "Enter a table's game",
    bk_approvals: 'Approvals', bk_game: 'Game', bk_approve: 'approve', bk_no_approvals: 'Nothing to approve.',
    bk_referee: 'Referee', bk_strike: 'Strike', bk_why: 'Reason', bk_correct: 'Correct',
    bk_deal_line: 'Deal (line)', bk_prizes: 'Prizes', bk_euros: 'Euros', bk_any_line: 'A line by hand',
    bk_line: 'Line', bk_saved: 'Entered.', bk_undone: 'Taken back.', bk_sending: 'Entering …', bk_loading: 'Loading …',
    bk_need_contract: 'Which contract?', bk_need_declarer: 'Who declared?', bk_need_fault: 'Which fault?',
    bk_need_losers: 'Who lost the Ramsch?', bk_need_offender: 'Who made the fault?',
    bk_need_points: 'Card points: 0 to 120', bk_need_result: 'Card points, won or lost?',
    bk_need_partner: 'Who was the partner?', bk_need_revealer: 'Who showed their cards?',
    bk_need_winners: 'Who won the Schieberamsch?', bk_winners: 'Winners (fewest card points)',
    bk_jungfrau: 'Jungfrauen (players without a trick)', bk_muss: 'Muss (everyone passed)', bk_revealer: 'Cards shown by',
    bk_kreuzbock_round: 'Kreuzbock round (partners sit across)',
    bk_entry: 'Played at a real table? Keep the score of evenings, groups and tournaments.',
    // house rules of a new evening or group (bookrules.js)
    hr_from_preset: 'Set as in "{0}"; what you change here is a house rule.',
    hr_unknown: 'The house rules cannot be loaded now: the rules above apply.',
    hr_in_force: 'Rules', hr_sec_pass: 'When everyone passes', hr_all_pass: 'Then',
    hr_all_pass_next_dealer: 'throw in, the next player deals', hr_all_pass_same_dealer: 'throw in, the same dealer again',
    hr_all_pass_ramsch: 'Ramsch', hr_all_pass_muss: 'Muss (the Acorn Ober must play)',
    hr_all_pass_kreuzbock: 'Kreuzbock (partners sit across)',
    hr_ramsch_schieben: 'Schieberamsch (fewest card points win)', hr_ramsch_jungfrau: 'a Jungfrau doubles it (a player without a trick)',
    hr_ramsch_durchmarsch: 'a Durchmarsch wins (one player takes every trick)', hr_rate_ramsch: 'Ramsch: units each loser pays',
    hr_kreuzbock_on_throw_in: 'a throw-in starts a round of Kreuzbock',
    hr_sec_games: 'Games besides Sauspiel, Solo and Wenz', hr_allow_hochzeit: 'Wedding (Hochzeit)', hr_allow_geier: 'Geier',
    hr_allow_farbwenz: 'Suit Wenz (Farbwenz)', hr_allow_farbgeier: 'Suit Geier (Farbgeier)', hr_allow_bettel: 'Bettel',
    hr_allow_bettel_ouvert: 'Bettel ouvert (Brett)',
    hr_sec_double: 'Knocking and Kontra', hr_klopfen: 'Knocking (Klopfen)', hr_klopfen_off: 'no knocking', hr_klopfen_all: 'everyone may knock',
    hr_klopfen_chain: 'only after the player before', hr_klopfen_forehand: 'forehand only', hr_klopfen_one: 'only one player',
    hr_kontra_max: 'Doubling', hr_kontra_max_0: 'no Kontra', hr_kontra_max_1: 'Kontra only', hr_kontra_max_2: 'Kontra and Retour',
    hr_kontra_max_3: 'up to Sub', hr_kontra_max_4: 'up to Resub',
    hr_sec_bock: 'Bock and the pot (Stock)', hr_bock_games: 'Bock games (4 = a round, 0 = no Bock)',
    hr_bock_on_throw_in: 'Bock after a throw-in', hr_bock_on_lost_solo: 'Bock after a lost Solo',
    hr_bock_on_schwarz: 'Bock after a Schwarz', hr_bock_on_retour: 'Bock after a Retour',
    hr_stock: 'Pot (Stock, filled on a throw-in)', hr_stock_off: 'no pot', hr_stock_declarer: 'for the next declarer',
    hr_stock_side: "for the next declarer's side", hr_stock_rate: 'into the pot (units per player)',
    hr_sec_tariff: 'Tariff', hr_unit_cents: 'One unit in cents', hr_rate_sauspiel: 'Sauspiel (units)',
    hr_rate_solo: 'Solo, Wenz, Geier, Bettel (units)', hr_rate_laufende: 'per Laufender (units)',
    hr_rate_schneider: 'Schneider (units)', hr_rate_schwarz: 'Schwarz instead of Schneider (units)',
    hr_rate_hochzeit: 'Wedding (units)', hr_rate_durchmarsch: 'Durchmarsch: units from each player',
    hr_sec_table: 'At the table', hr_players: 'Players', hr_players_3: 'three (short deck)', hr_players_4: 'four',
    hr_players_5: 'five (the dealer sits out)', hr_score: 'Playing for', hr_score_money: 'money', hr_score_points: 'tournament points',
    hr_s_three: 'three players (short deck)', hr_s_five: 'five players (the dealer sits out)',
    hr_s_deck_short: 'short deck (24 cards)', hr_s_deck_20: 'short deck (20 cards)', hr_s_pass: 'all pass: {0}',
    hr_s_all_pass_next_dealer: 'thrown in', hr_s_all_pass_same_dealer: 'thrown in, the same dealer again',
    hr_s_all_pass_muss: 'Muss (Acorn Ober)', hr_s_all_pass_kreuzbock: 'Kreuzbock',
    hr_s_kreuzbock_round: 'a throw-in starts a Kreuzbock round', hr_s_games: 'also {0}', hr_s_without: 'no {0}',
    hr_s_tout: 'Tout', hr_s_sie: 'Sie', hr_s_klopfen_all: 'everyone may knock', hr_s_klopfen_chain: 'knocking only after the player before',
    hr_s_klopfen_forehand: 'only forehand may knock', hr_s_klopfen_one: 'only one player may knock',
    hr_s_kontra_n: 'up to {0} doublings', hr_s_bock: 'Bock ({0} games) after {1}',
    hr_s_bock_throw_in: 'a throw-in', hr_s_bock_lost_solo: 'a lost Solo', hr_s_bock_schwarz: 'a Schwarz', hr_s_bock_retour: 'a Retour',
    hr_s_stock_declarer: 'pot ({0} each) for the next declarer',
    hr_s_stock_side: "pot ({0} each) for the next declarer's side",
    hr_s_tariff: 'tariff: Sauspiel {0}, Solo {1}, per Laufender {2}, Schneider {3}, Schwarz {4}',
    hr_s_rate_ramsch: 'Ramsch: each loser pays everyone {0}', hr_s_rate_durchmarsch: 'Durchmarsch: {0} from each',
    hr_s_rate_hochzeit: 'Wedding (Hochzeit) {0}',
  },
};

const LANG_KEY = 'schafkopf.lang';
let lang = readLang();
const listeners = [];

// Reads the remembered language; German unless English was chosen.
function readLang() {
  try { return localStorage.getItem(LANG_KEY) === 'en' ? 'en' : 'de'; } catch { return 'de'; }
}

export function getLang() { return lang; }

// Switches the language, remembers it and tells every listener to redraw.
export function setLang(l) {
  lang = l === 'en' ? 'en' : 'de';
  try { localStorage.setItem(LANG_KEY, lang); } catch { /* private mode: not remembered */ }
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
  for (const f of listeners) f(lang);
}

// Registers a function called after every language switch.
export function onLang(f) { listeners.push(f); }

// The text of `key` with {0}, {1} ... replaced by the arguments.
export function t(key, ...args) {
  const s = STRINGS[lang][key] ?? STRINGS.de[key] ?? key;
  return s.replace(/\{(\d)\}/g, (_, i) => String(args[+i] ?? ''));
}

// Fills every element marked data-i18n (text), data-i18n-label
// (aria-label and title) or data-i18n-ph (placeholder) under `root`.
export function applyStatic(root = document) {
  for (const el of root.querySelectorAll('[data-i18n]')) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll('[data-i18n-label]')) {
    el.setAttribute('aria-label', t(el.dataset.i18nLabel));
    el.title = t(el.dataset.i18nLabel);
  }
  for (const el of root.querySelectorAll('[data-i18n-ph]')) el.placeholder = t(el.dataset.i18nPh);
  for (const el of root.querySelectorAll('[data-i18n-group]')) el.label = t(el.dataset.i18nGroup);
}

export function suitName(s) { return t('suit_' + s); }

// The name of a contract from its record code ("sauspiel:G", "solo:H:tout",
// "wenz", "farbwenz:E", "bettel:ouvert" ...), never the server's German name.
export function contractName(code) {
  if (!code) return t('c_none');
  const parts = code.split(':');
  const type = parts[0];
  const tout = parts.includes('tout');
  let name;
  if (type === 'bettel' && parts[1] === 'ouvert') name = t('c_bettel:ouvert');
  else if (type === 'sauspiel') name = parts[1] ? t('c_sauspiel', suitName(parts[1])) : t('c_kreuzbock');
  else if (['solo', 'farbwenz', 'farbgeier'].includes(type)) name = t('c_' + type, suitName(parts[1]));
  else name = t('c_' + type);
  return tout ? t('c_tout', name.replace(/ \(.*\)$/, '')) : name;
}

// The name of a contract kind without its suit ("solo", "farbwenz"), for
// statistics.
export function kindName(kind) {
  if (kind === 'sauspiel') return 'Sauspiel';
  if (['solo', 'farbwenz', 'farbgeier'].includes(kind)) return t('w_' + kind);
  return contractName(kind).replace(/ \(.*\)$/, '');
}

// A contract class with its article, for bids: "einen Wenz", "a Solo Tout".
export function className(cls) {
  if (cls.endsWith(':tout')) {
    return t('cls_tout', t('w_' + cls.slice(0, -5)));
  }
  return t('cls_' + cls);
}

// Money in euros from cents, German decimal comma in German; `sign`
// puts a + before gains.
export function money(cents, sign = false) {
  const neg = cents < 0;
  const abs = Math.abs(cents);
  const num = (Math.floor(abs / 100)) + (lang === 'de' ? ',' : '.') + String(abs % 100).padStart(2, '0');
  const pre = neg ? '−' : sign && cents > 0 ? '+' : '';
  return lang === 'de' ? `${pre}${num} €` : `${pre}€${num}`;
}

// A number with one decimal, with the decimal comma in German.
export function oneDecimal(x) {
  return Number(x).toLocaleString(lang === 'de' ? 'de-DE' : 'en-GB', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
}

// A signed whole number (tournament points), with a real minus sign.
export function signed(n) { return n < 0 ? '−' + Math.abs(n) : n > 0 ? '+' + n : '0'; }

// Tournament points in words: "+6 Punkte" / "+6 tournament points", one
// point in the singular; `sign` as for money.
export function points(n, sign = false) {
  return t(Math.abs(n) === 1 ? 'n_point' : 'n_points', sign ? signed(n) : String(n).replace('-', '−'));
}

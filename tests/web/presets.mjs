// presets.mjs -- a fixture for the web unit tests, not a test itself:
// the presets as GET /api/rules sends them, every option as text (here
// the options the form and the summary read; tests/server_book_rules.c
// checks that the real ones have every option).
export const OFFICIAL = {
  players: '4', deck: 'long', all_pass: 'next_dealer', allow_tout: 'yes', allow_sie: 'yes',
  allow_hochzeit: 'no', allow_geier: 'no', allow_farbwenz: 'no', allow_farbgeier: 'no', allow_bettel: 'no',
  allow_bettel_ouvert: 'no', ramsch_jungfrau: 'yes', ramsch_durchmarsch: 'yes', ramsch_schieben: 'no',
  kontra_max: '2', klopfen: 'off', unit_cents: '10', rate_sauspiel: '1', rate_solo: '5', rate_wenz: '5',
  rate_geier: '5', rate_farbwenz: '5', rate_farbgeier: '5', rate_bettel: '5', rate_laufende: '1',
  rate_schneider: '1', rate_schwarz: '2', rate_ramsch: '1', score: 'money', bock_games: '0',
  bock_on_throw_in: 'yes', bock_on_lost_solo: 'no', bock_on_schwarz: 'no', bock_on_retour: 'no',
  stock: 'off', stock_rate: '1', kreuzbock_on_throw_in: 'no', rate_hochzeit: '2', rate_durchmarsch: '5',
};
export const PRESETS_API = {
  official: OFFICIAL,
  stammtisch: { ...OFFICIAL, all_pass: 'ramsch', allow_hochzeit: 'yes', allow_geier: 'yes', allow_farbwenz: 'yes',
    allow_farbgeier: 'yes', allow_bettel: 'yes', allow_bettel_ouvert: 'yes', bock_games: '4', bock_on_lost_solo: 'yes',
    bock_on_schwarz: 'yes', stock: 'declarer' },
  tournament: { ...OFFICIAL, all_pass: 'same_dealer', kontra_max: '0', score: 'points' },
};


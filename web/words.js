// words.js -- actions in words ("bid sauspiel" -> "Ich spiele (ein
// Sauspiel oder mehr)"), for the buttons of the seat asked (with what the
// choice means for its hand) and for the course of a game.  All texts
// come from i18n.js.

import { t, contractName, className, getLang, money, oneDecimal } from './i18n.js';
import { countTrumps, callableSuits, trumpsOf } from './sort.js';
import { cardName } from './cards.js';

// The card's full name in the current language ("Eichel-Ober").
export function cardLabel(code) { return cardName(code, getLang()); }

// What declaring `code` means: who plays with whom and what is trump.
function declareMeaning(code) {
  const [type, arg] = code.split(':');
  const tout = code.endsWith(':tout');
  let d;
  switch (type) {
    case 'sauspiel': d = t('d_sauspiel', t('suit_' + arg)); break;
    case 'solo': d = t('d_solo', t('suit_' + arg)); break;
    case 'wenz': d = t('d_wenz'); break;
    case 'geier': d = t('d_geier'); break;
    case 'farbwenz': d = t('d_farbwenz', t('suit_' + arg)); break;
    case 'farbgeier': d = t('d_farbgeier', t('suit_' + arg)); break;
    case 'bettel': d = t(arg === 'ouvert' ? 'd_bettel_ouvert' : 'd_bettel'); break;
    case 'sie': d = t('d_sie'); break;
    case 'hochzeit': d = t('d_hochzeit'); break;
    default: d = '';
  }
  return tout ? `${d}; ${t('d_tout')}` : d;
}

// The words for one choice of the seat asked.  `ctx`: {phase, hand,
// holder (seat that bid so far or null), seat, challenged, offer,
// doublings}.  Returns {label, detail}: the label says the action, the
// detail what it means for this hand.
export function choiceWords(action, ctx) {
  const [verb, arg] = action.split(' ');
  const hand = ctx.hand || [];
  switch (verb) {
    case 'pass':
      if (ctx.offer) return { label: t('a_no_double', ctx.offer === 'kontra' ? 'Kontra' : 'Retour') };
      if (ctx.phase === 'klopfen') return { label: t('a_no_klopfen') };
      if (ctx.phase === 'hochzeit') return { label: t('a_no_accept') };
      if (ctx.challenged) return { label: t('a_pass_yield') };
      return { label: t('a_pass') };
    case 'klopfen': return { label: t('a_klopfen') };
    case 'kontra':
    case 'retour': {
      const w = t('a_' + verb);
      return { label: ctx.doublings >= 2 ? t('a_doubling_n', w, ctx.doublings + 1) : w };
    }
    case 'accept': return { label: arg ? t('a_accept', cardLabel(arg)) : t('a_accept_hidden') };
    case 'card': return { label: cardLabel(arg) };
    case 'bid': return bidWords(arg, ctx, hand);
    case 'declare': {
      const n = countTrumps(hand, arg);
      const trumps = trumpsOf(arg).lords === '' ? '' : ` – ${n === 1 ? t('d_trump1') : t('d_trumps', n)}`;
      return { label: contractName(arg), detail: declareMeaning(arg) + trumps };
    }
    default: return { label: action };
  }
}

// A bid in table talk: the opening "ich spiele" (with what a hand that
// can call no Sau commits to, 2.5.3), the holder's "ich spiel selbst",
// or a challenge naming the class ("ich hätt einen Wenz").
// What a bid class could be for this hand: the contract of the class
// with the most trumps in it ("Eichel-Solo, 6 Trümpfe"), or the Saus it
// could call; '' without a hand.
function bestFor(cls, hand) {
  if (!hand.length) return '';
  const base = cls.replace(/:tout$/, '');
  const tout = cls.endsWith(':tout') ? ':tout' : '';
  if (base === 'sauspiel') {
    const suits = callableSuits(hand);
    // German joins compounds with a hyphen: "die Eichel- oder Schellen-Sau".
    const names = suits.map((x, i) => t('suit_' + x) + (getLang() === 'de' && i < suits.length - 1 ? '-' : ''));
    return names.length ? t('d_call', names.length > 1 ? names.slice(0, -1).join(', ') + t('or') + names[names.length - 1] : names[0]) : '';
  }
  const options = ['solo', 'farbwenz', 'farbgeier'].includes(base)
    ? ['E', 'G', 'H', 'S'].map((x) => `${base}:${x}${tout}`) : ['wenz', 'geier'].includes(base) ? [base + tout] : [];
  if (!options.length) return '';
  let best = options[0];
  for (const o of options) if (countTrumps(hand, o) > countTrumps(hand, best)) best = o;
  const n = countTrumps(hand, best);
  return t('d_best', contractName(best), n === 1 ? t('d_trump1') : t('d_trumps', n));
}

// Joins a bid's meaning with what it would be for this hand.
function withBest(detail, cls, hand) {
  const b = bestFor(cls, hand);
  return b ? `${detail} – ${b}` : detail;
}

function bidWords(cls, ctx, hand) {
  if (ctx.holder === null || ctx.holder === undefined) {
    if (cls === 'sauspiel') {
      if (hand.length && callableSuits(hand).length === 0 && ctx.higher && ctx.higher.length)
        return { label: t('a_play'), detail: t('d_play_nocall', ctx.higher.map((c) => className(c).replace(/^\S+ /, '')).join(t('or'))) };
      return { label: t('a_play'), detail: withBest(t('d_play'), cls, hand) };
    }
    return { label: t('a_have', className(cls)), detail: cls === 'hochzeit' ? t('d_hochzeit') : withBest(t('d_have'), cls, hand) };
  }
  if (ctx.holder === ctx.seat) return { label: t('a_play_self', className(cls)), detail: bestFor(cls, hand) || undefined };
  if (cls === 'sauspiel') return { label: t('a_play_too'), detail: t('d_play_too') };
  return { label: t('a_have', className(cls)), detail: cls === 'hochzeit' ? t('d_hochzeit') : withBest(t('d_have'), cls, hand) };
}

// The games a bid lets this hand name at once (issue 40: one click
// from the deal to the first card).  `list`: the seat's legal actions;
// `opts`: the table's full rules (fullRules: allow_* of the house rules)
// or null.  Returns [{game, bid}]: each concrete contract with the bid
// that claims it -- the bid of its own class, or at the opening the one
// bid there is ("ich spiele" claims the lowest class and allows every
// game).  Tout, Sie and Hochzeit keep their class button (and the
// declaration after the bidding); a game the client lists wrongly is
// harmless: the declaration is sent only when the server offers it.
export function bidGames(list, ctx, opts) {
  const bids = list.filter((a) => a.startsWith('bid '));
  if (!bids.length) return [];
  const hand = ctx.hand || [];
  const opening = ctx.holder === null || ctx.holder === undefined;
  const allow = (g) => !!opts && opts['allow_' + g] === 'yes';
  const classes = [
    ['sauspiel', callableSuits(hand).map((x) => `sauspiel:${x}`)],
    ['wenz', ['wenz']],
    ['solo', ['E', 'G', 'H', 'S'].map((x) => `solo:${x}`)],
    ['geier', allow('geier') ? ['geier'] : []],
    ['farbwenz', allow('farbwenz') ? ['E', 'G', 'H', 'S'].map((x) => `farbwenz:${x}`) : []],
    ['farbgeier', allow('farbgeier') ? ['E', 'G', 'H', 'S'].map((x) => `farbgeier:${x}`) : []],
    ['bettel', allow('bettel') ? ['bettel'] : []],
    ['bettel:ouvert', allow('bettel_ouvert') ? ['bettel:ouvert'] : []],
  ];
  const out = [];
  for (const [cls, games] of classes) {
    const bid = bids.includes(`bid ${cls}`) ? `bid ${cls}` : opening && bids.length === 1 ? bids[0] : null;
    if (bid) for (const game of games) out.push({ game, bid });
  }
  return out;
}

// A game's short name on its button: "auf die Eichel-Sau", "Herz-Solo",
// "Wenz", with the trumps it has for this hand.
export function gameWords(game, hand) {
  const [type, arg] = game.split(':');
  const label = type === 'sauspiel' ? t('g_sauspiel', t('suit_' + arg)) : contractName(game);
  const n = countTrumps(hand || [], game);
  const detail = trumpsOf(game).lords === '' || !hand || !hand.length ? undefined : n === 1 ? t('g_trump1') : t('g_trumps', n);
  return { label, detail };
}

// An action as it appears in the course of a game or the log: short
// words without the hand's detail ("Kontra", "Herz-Solo", "Eichel-Ober").
export function actionWords(action, ctx = {}) {
  const [verb, arg] = action.split(' ');
  if (verb === 'card') return cardLabel(arg);
  if (verb === 'declare') return contractName(arg);
  if (verb === 'bid') return bidWords(arg, ctx, []).label;
  if (verb === 'pass' && ctx.offer) return t('a_no_double', ctx.offer === 'kontra' ? 'Kontra' : 'Retour');
  if (verb === 'pass' && ctx.phase === 'auction') return t('a_pass_short');
  return choiceWords(action, ctx).label.replace(/ \(.*\)$/, '');
}

// Whether the ruleset lets players lay (Klopfen, 002): the override, or
// the preset that has it (`sauspiel`).
export function klopfenOn(rules) {
  const k = rules && rules.overrides && rules.overrides.klopfen;
  return (k || (rules && rules.preset === 'sauspiel' ? 'all' : 'off')) !== 'off';
}

// Whether the table plays for tournament points rather than money
// (option `score`, docs/rules.md "What a table plays for", 5.2.7): the
// override, or the preset that plays for points (`tournament`).  Such a
// table shows tournament points only, never money.
export function scoresPoints(rules) {
  const s = rules && rules.overrides && rules.overrides.score;
  return (s || (rules && rules.preset === 'tournament' ? 'points' : 'money')) === 'points';
}

// The calls of a game (everything but cards) in words, in order:
// [{seat, text}].  A pass of the laying round reads "nicht klopfen"; an
// action recorded live carries its phase, one from a state or a finished
// course is placed by the laying round's length (one call per seat).
export function callList(actions, rules, nseats) {
  const out = [];
  let holder = null;
  let challenged = null; // the holder a higher bid just challenged
  const laying = klopfenOn(rules);
  actions.forEach((a, i) => {
    if (a.action.startsWith('card ')) return;
    const phase = a.phase || (laying && i < nseats && !actions.slice(0, i + 1).some((x) => x.action.startsWith('bid ')) ? 'klopfen' : 'auction');
    // The holder's pass after a challenge leaves the game to the challenger: "ist recht".
    const yields = a.action === 'pass' && phase === 'auction' && a.seat === challenged;
    out.push({ seat: a.seat, text: yields ? t('a_yield_short') : actionWords(a.action, { holder: a.seat === challenged ? a.seat : holder, seat: a.seat, phase }) });
    if (a.action === 'pass') challenged = null;
    if (a.action.startsWith('bid ')) {
      const keeps = a.seat === challenged; // the holder keeps his game: the challenger decides next
      challenged = !keeps && holder !== null && holder !== a.seat ? holder : null;
      holder = a.seat;
    }
  });
  return out;
}

// A hint's value in words (the server's hint, contracts A.1): null is a
// bid the bot did not price; in the auction a bid or declaration at a
// money table is the money it would bring the seat, the bot's units
// times the tariff's unit ("erwartet +1,31 €"), and so is a card of a
// game with a declarer (`contract`, its code), and a pass -- the
// yardstick, 0 -- says nothing (''), nor does a Kontra, Retour or its
// pass in the play (the bot's yes or no, not priced like the cards),
// laying, a Hochzeit's answer or a Ramsch's card (the rules of thumb's
// choice); anything else (at a table for points) is the bot's value in
// game units (higher is better).  `rules`: the table's full rules (fullRules), or
// null while they are not known.
export function hintWorth(action, value, phase, rules, contract = null) {
  if (value === null) return t('hint_unpriced');
  const auction = phase === 'auction' || phase === 'declare';
  const verb = action.split(' ')[0];
  if (auction && verb === 'pass') return '';
  if (phase === 'play' && verb !== 'card') return ''; // a doubling or its pass: no number
  if (phase === 'klopfen' || phase === 'hochzeit' || (phase === 'play' && contract === 'ramsch')) return '';
  const unit = rules && rules.score !== 'points' ? Number(rules.unit_cents) : 0;
  // a card of a game with a declarer is priced as the seat's own money
  const card = phase === 'play' && verb === 'card' && contract;
  if ((card || (auction && (verb === 'bid' || verb === 'declare'))) && unit > 0)
    return t('hint_expected', money(Math.round(Number(value) * unit), true));
  return oneDecimal(value);
}

// One entry of a hint in words: the choice, then in brackets the game
// the bid's worth is that of (`game`, the contract code the server
// names: "ich spiele" worth a Schellen-Solo, "ich hätt einen Wenz" a
// Wenz) and its worth.  The game is always named, so a bid is never
// explained by the value of a game the words do not say (issue 40).
export function hintItem(words, action, worth, game = null) {
  // a name's own brackets ("Geier (Obers trump)") left out inside the hint's
  const named = game && action.startsWith('bid ') ? contractName(game).replace(/ \([^)]*\)/, '') : '';
  if (!worth) return named ? `${words} (${named})` : words;
  return `${words} (${named ? named + ': ' : ''}${worth})`;
}

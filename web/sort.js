// sort.js -- which cards are trump in a contract and the order a hand is
// shown in: trumps first, highest first, then the other suits.  It only
// sorts for the eye; what is legal and who wins a trick is the server's.
//
// Card codes: suit E G H S, rank A Z K O U 9 8 7 (docs/record-format.md).

const SUITS = ['E', 'G', 'H', 'S'];
const PLAIN = ['A', 'Z', 'K', 'O', 'U', '9', '8', '7'];
const BETTEL = ['A', 'K', 'O', 'U', 'Z', '9', '8', '7']; // 002: no trumps, ten below the Unter

// The trump family and suit of a contract code: lords 'OU' (Obers and
// Unters), 'U' (Wenz kinds), 'O' (Geier kinds) or '' (Bettel), and the
// trump suit or null.  Before a contract is known (auction) and in a
// Ramsch, Hochzeit or Sie the Sauspiel's trumps hold (2.5.6).
export function trumpsOf(code) {
  const [type, arg] = (code || 'sauspiel').split(':');
  switch (type) {
    case 'solo': return { lords: 'OU', suit: arg };
    case 'wenz': return { lords: 'U', suit: null };
    case 'farbwenz': return { lords: 'U', suit: arg };
    case 'geier': return { lords: 'O', suit: null };
    case 'farbgeier': return { lords: 'O', suit: arg };
    case 'bettel': return { lords: '', suit: null };
    default: return { lords: 'OU', suit: 'H' };
  }
}

// Whether a card is trump in the contract.
export function isTrump(card, code) {
  const { lords, suit } = trumpsOf(code);
  return lords.includes(card[1]) || card[0] === suit;
}

// A sort key: smaller comes first.  Trumps: Obers E G H S, then Unters
// E G H S, then the trump suit A Z K (O U) 9 8 7; then each other suit
// in the order E G H S, its cards by rank.
function key(card, code) {
  const { lords, suit } = trumpsOf(code);
  const s = SUITS.indexOf(card[0]);
  const r = card[1];
  const order = lords === '' ? BETTEL : PLAIN;
  if (lords.includes(r)) return lords.indexOf(r) * 4 + s;
  if (card[0] === suit) return 10 + order.indexOf(r);
  return 100 + s * 10 + order.indexOf(r);
}

// The cards sorted for the contract being played (or the Sauspiel order
// during the auction).
export function sortHand(cards, code) {
  return [...cards].sort((a, b) => key(a, code) - key(b, code));
}

// How many trumps a hand holds in a contract.
export function countTrumps(cards, code) {
  return cards.filter((c) => isTrump(c, code)).length;
}

// The suits whose Sau the hand could call in a Sauspiel (2.5.3): not
// Herz, not an Ace it holds, and only with a card of that suit that is
// not an Ober or Unter.  Tells the opening "ich spiele" what it commits to.
export function callableSuits(cards) {
  return ['E', 'G', 'S'].filter((s) => !cards.includes(s + 'A') &&
    cards.some((c) => c[0] === s && c[1] !== 'O' && c[1] !== 'U'));
}

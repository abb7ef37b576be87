#!/usr/bin/env python3
"""engine_random.py -- an example engine for `schafkopf arena`.

It speaks the line protocol of docs/engine-protocol.md on stdin/stdout and
plays a uniformly random legal choice.  Standard library only.  It keeps
the public state the protocol sends (the ruleset, its hand, every event)
to show how an engine would track the game; a real engine would decide
from it.  Run a match with

    schafkopf arena --bots 'ext:python3 examples/engine_random.py,heuristic'
"""

import random
import sys


class Game:
    """What the engine knows about the current game."""

    def __init__(self, game_id, dealer, seat, seed):
        self.id = game_id
        self.dealer = dealer
        self.seat = seat
        self.rng = random.Random(seed)  # reproducible play per game
        self.hand = []
        self.events = []  # (seat, action text)
        self.tricks = []  # (winner, points)
        self.result = None


def send(line):
    """Writes one line and flushes: the arena waits for it."""
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def main():
    rules = {}
    game = None
    legal = []
    for raw in sys.stdin:
        line = raw.rstrip("\r\n")
        words = line.split()
        if not words:
            continue
        cmd = words[0]
        if line == "schafkopf-engine 1":
            send("id name random (Python example)")
            send("id author schafkopf")
            send("ready")
        elif cmd == "rule" and len(words) == 3:
            rules[words[1]] = words[2]
        elif cmd == "rules":
            pass  # "rules end": the ruleset is complete
        elif cmd == "game" and len(words) >= 8:
            # game ID dealer D seat S seed N; the seed uses all 64 bits
            # (Python's int holds it; in C read it as unsigned 64-bit)
            game = Game(words[1], int(words[3]), int(words[5]), int(words[7]))
        elif cmd == "hand" and game is not None:
            game.hand = words[1:]
        elif cmd == "event" and game is not None and len(words) >= 3:
            seat, action = int(words[1]), " ".join(words[2:])
            game.events.append((seat, action))
            if seat == game.seat and words[2] == "card" and words[3] in game.hand:
                game.hand.remove(words[3])
        elif cmd == "trick" and game is not None:
            game.tricks.append((int(words[3]), int(words[5])))
        elif cmd == "result" and game is not None:
            game.result = words[1:]
        elif cmd == "legal":
            legal.append(line[len("legal "):])
        elif cmd == "go":
            # go MS [kind KIND] [forced]: the time limit, the kind of
            # decision (auction, declare, double, hochzeit, klopfen, card)
            # and whether there is one choice only; words this engine does
            # not know are ignored (a later protocol version may add some)
            kind = words[words.index("kind") + 1] if "kind" in words[2:-1] else "?"
            if "forced" in words[2:] and len(legal) == 1:
                send(legal[0])  # nothing to think about
            else:
                rng = game.rng if game is not None else random.Random(0)
                # info lines go to the arena's --info file, never elsewhere
                send("info kind %s, %d choices, a random one" % (kind, len(legal)))
                send(rng.choice(legal) if legal else "pass")
            legal = []
        elif cmd == "quit":
            return
        # anything else: a later protocol version; ignore it


if __name__ == "__main__":
    main()

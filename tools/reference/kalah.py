#!/usr/bin/env python3
"""Kalah, written plainly from docs/RULES.md, to cross-check the Rust perft counts.

Deliberately simple and independent of the Rust code: the board is two lists of houses and two
store numbers, and sowing walks one seed at a time around the board, asking at every step
"where is the next place?".

Usage:
    python3 tools/reference/kalah.py --depth N [--rule KEY=VALUE]... [--position TEXT]
                                     [--moves "M1 M2 ..."] [--divide] [--show]
    python3 tools/reference/kalah.py --check rules/tests/perft/kalah.perft

Prints one "d count" line per depth 1..N (like `chaupal-server perft`), and with --divide the
count below each first move at depth N; --show prints the position text after the moves.

Position text (as docs/NOTATION.md, Kalah describes it): "S1,..,Sm:Sstore/N1,..,Nm:Nstore side"
followed by optional KEY=VALUE rule pairs; side is "s" or "n".
"""

import argparse
import sys

SOUTH = "south"
NORTH = "north"


def other(side):
    return NORTH if side == SOUTH else SOUTH


class Rules:
    def __init__(self):
        self.pits = 6
        self.seeds = 4
        self.empty_capture = False

    def set(self, key, value):
        if key == "pits":
            n = int(value)
            if not 1 <= n <= 8:
                raise ValueError("pits must be 1..8")
            self.pits = n
        elif key == "seeds":
            n = int(value)
            if not 1 <= n <= 8:
                raise ValueError("seeds must be 1..8")
            self.seeds = n
        elif key == "empty-capture":
            if value not in ("true", "false"):
                raise ValueError("empty-capture must be true or false")
            self.empty_capture = value == "true"
        else:
            raise ValueError("unknown rule " + key)


class Position:
    """houses[side] is a list: index 0 is that side's house 1, at its owner's left."""

    def __init__(self, rules):
        self.rules = rules
        self.houses = {
            SOUTH: [rules.seeds] * rules.pits,
            NORTH: [rules.seeds] * rules.pits,
        }
        self.store = {SOUTH: 0, NORTH: 0}
        self.to_move = SOUTH

    def copy(self):
        p = Position.__new__(Position)
        p.rules = self.rules
        p.houses = {SOUTH: list(self.houses[SOUTH]), NORTH: list(self.houses[NORTH])}
        p.store = dict(self.store)
        p.to_move = self.to_move
        return p

    def game_over(self):
        return all(s == 0 for s in self.houses[SOUTH]) and all(
            s == 0 for s in self.houses[NORTH]
        )

    def legal_moves(self):
        """House numbers 1..m of the side to move that hold seeds."""
        if self.game_over():
            return []
        return [i + 1 for i, s in enumerate(self.houses[self.to_move]) if s > 0]

    def next_place(self, place):
        """The place after `place` going counter-clockwise (no skipping here)."""
        kind, side, index = place
        m = self.rules.pits
        if kind == "house":
            if index < m - 1:
                return ("house", side, index + 1)
            return ("store", side, None)
        return ("house", other(side), 0)

    def play(self, house_number):
        """Returns the position after the mover sows house `house_number` (1..m)."""
        p = self.copy()
        me = p.to_move
        them = other(me)
        m = p.rules.pits
        place = ("house", me, house_number - 1)
        hand = p.houses[me][house_number - 1]
        assert hand > 0
        p.houses[me][house_number - 1] = 0
        while hand > 0:
            place = p.next_place(place)
            if place == ("store", them, None):
                continue  # the opponent's store is skipped
            kind, side, index = place
            if kind == "store":
                p.store[side] += 1
            else:
                p.houses[side][index] += 1
            hand -= 1

        kind, side, index = place
        if kind == "store":
            pass  # last seed in the own store: the same side moves again
        else:
            if side == me and p.houses[me][index] == 1:
                # Last seed in an own house that was empty. The opposite house of own house
                # number i (1-based) is the opponent's house m + 1 - i.
                opposite = m - 1 - index
                if p.houses[them][opposite] > 0 or p.rules.empty_capture:
                    p.store[me] += p.houses[them][opposite] + 1
                    p.houses[them][opposite] = 0
                    p.houses[me][index] = 0
            p.to_move = them

        if all(s == 0 for s in p.houses[SOUTH]) or all(s == 0 for s in p.houses[NORTH]):
            for s in (SOUTH, NORTH):
                p.store[s] += sum(p.houses[s])
                p.houses[s] = [0] * m
        return p


def position_text(p):
    rows = []
    for side in (SOUTH, NORTH):
        rows.append(",".join(str(s) for s in p.houses[side]) + ":" + str(p.store[side]))
    text = "/".join(rows) + " " + ("s" if p.to_move == SOUTH else "n")
    defaults = Rules()
    for key, value, default in (
        ("pits", p.rules.pits, defaults.pits),
        ("seeds", p.rules.seeds, defaults.seeds),
        ("empty-capture", p.rules.empty_capture, defaults.empty_capture),
    ):
        if value != default:
            text += " %s=%s" % (key, str(value).lower())
    return text


def perft(position, depth):
    if depth == 0:
        return 1
    moves = position.legal_moves()
    if depth == 1:
        return len(moves)
    return sum(perft(position.play(mv), depth - 1) for mv in moves)


def parse_position(text, rules):
    fields = text.split()
    if len(fields) < 2:
        raise ValueError("a position needs a board and a side")
    for pair in fields[2:]:
        key, value = pair.split("=", 1)
        rules.set(key, value)
    rows = fields[0].split("/")
    if len(rows) != 2:
        raise ValueError("two rows expected")
    p = Position(rules)
    for side, row in zip((SOUTH, NORTH), rows):
        houses, store = row.split(":")
        counts = [int(h) for h in houses.split(",")]
        if len(counts) != rules.pits:
            raise ValueError("wrong number of houses")
        p.houses[side] = counts
        p.store[side] = int(store)
    total = sum(p.houses[SOUTH]) + sum(p.houses[NORTH]) + p.store[SOUTH] + p.store[NORTH]
    if total != 2 * rules.pits * rules.seeds:
        raise ValueError("seeds do not add up")
    if (sum(p.houses[SOUTH]) == 0) != (sum(p.houses[NORTH]) == 0):
        raise ValueError("one row is empty: the game would be over")
    if fields[1] not in ("s", "n"):
        raise ValueError("side must be s or n")
    p.to_move = SOUTH if fields[1] == "s" else NORTH
    return p


def check_perft_file(path):
    """Checks every kalah case of a .perft data file (see rules/tests/perft_suite.rs) against
    this implementation; returns the number of failures."""
    cases, case = [], {}
    with open(path) as f:
        lines = list(f) + ["\n"]
    for raw in lines:
        line = raw.split("#")[0].strip()
        if not line:
            if case:
                cases.append(case)
            case = {}
            continue
        key, _, rest = line.partition(" ")
        rest = rest.strip()
        if key == "perft":
            d, c = rest.split()
            case.setdefault("perft", []).append((int(d), int(c)))
        elif key == "rules":
            case["rules"] = rest.split()
        else:
            case[key] = rest
    failures = 0
    for case in cases:
        if case.get("game") != "kalah":
            continue
        rules = Rules()
        for pair in case.get("rules", []):
            k, v = pair.split("=", 1)
            rules.set(k, v)
        if "position" in case:
            position = parse_position(case["position"], rules)
        else:
            position = Position(rules)
        for mv in case.get("moves", "").split():
            if int(mv) not in position.legal_moves():
                raise ValueError("%s: illegal move %s" % (case.get("id"), mv))
            position = position.play(int(mv))
        for d, expected in case.get("perft", []):
            got = perft(position, d)
            ok = got == expected
            failures += not ok
            print("%s %s perft %d: expected %d, got %d"
                  % ("ok  " if ok else "BAD ", case.get("id"), d, expected, got), flush=True)
    print("%d failures" % failures)
    return failures


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--depth", type=int, default=0)
    ap.add_argument("--rule", action="append", default=[])
    ap.add_argument("--position")
    ap.add_argument("--moves", default="")
    ap.add_argument("--divide", action="store_true")
    ap.add_argument("--show", action="store_true", help="print the position text after the moves")
    ap.add_argument("--check", metavar="FILE", help="check every kalah case of a .perft file")
    args = ap.parse_args()
    if args.check:
        sys.exit(1 if check_perft_file(args.check) else 0)

    rules = Rules()
    for pair in args.rule:
        key, value = pair.split("=", 1)
        rules.set(key, value)
    position = parse_position(args.position, rules) if args.position else Position(rules)
    for mv in args.moves.split():
        if int(mv) not in position.legal_moves():
            sys.exit("illegal move " + mv)
        position = position.play(int(mv))

    if args.show:
        print(position_text(position))
    for d in range(1, args.depth + 1):
        print(d, perft(position, d), flush=True)
    if args.divide and args.depth > 0:
        for mv in position.legal_moves():
            print(mv, perft(position.play(mv), args.depth - 1))


if __name__ == "__main__":
    main()

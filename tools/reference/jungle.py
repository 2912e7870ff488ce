#!/usr/bin/env python3
"""Jungle (Dou Shou Qi): a plain reference implementation for cross-checking perft counts.

Written straight from docs/RULES.md (Jungle section) and the small-board layout of the
lead, deliberately simple and slow: squares are names such as "d1", the board is a dict from
square name to (side, animal), every rule is an explicit `if`, river jumps are listed by hand,
and every move copies the whole state. It shares no code or tables with the Rust crate.

Usage (prints "d count" lines like `chaupal-server perft jungle`):
    python3 tools/reference/jungle.py --depth N [--rule board=small] [--position TEXT]
                                      [--moves "a3-a4 a7-a6"] [--divide]
"""

import argparse
import sys

RANK = {"rat": 1, "cat": 2, "dog": 3, "wolf": 4, "leopard": 5, "tiger": 6, "lion": 7, "elephant": 8}
LETTER = {"R": "rat", "C": "cat", "D": "dog", "W": "wolf", "P": "leopard", "T": "tiger",
          "L": "lion", "E": "elephant"}
ANIMAL_LETTER = {v: k for k, v in LETTER.items()}
SOUTH, NORTH = "south", "north"
OTHER = {SOUTH: NORTH, NORTH: SOUTH}
NO_CAPTURE_LIMIT = 200


def squares_between(a, b):
    """The squares strictly between a and b on one file or one rank (a and b are names)."""
    fa, ra, fb, rb = a[0], int(a[1]), b[0], int(b[1])
    if fa == fb:
        lo, hi = sorted((ra, rb))
        return [fa + str(r) for r in range(lo + 1, hi)]
    assert ra == rb
    lo, hi = sorted((ord(fa), ord(fb)))
    return [chr(f) + str(ra) for f in range(lo + 1, hi)]


def jump_list(pairs):
    """Both directions of each listed jump, with the water squares crossed."""
    out = {}
    for a, b in pairs:
        out.setdefault(a, []).append((b, squares_between(a, b)))
        out.setdefault(b, []).append((a, squares_between(a, b)))
    return out


# The standard board, exactly as docs/RULES.md writes it.
STANDARD = {
    "files": "abcdefg",
    "ranks": 9,
    "den": {SOUTH: "d1", NORTH: "d9"},
    "traps": {SOUTH: {"c1", "e1", "d2"}, NORTH: {"c9", "e9", "d8"}},
    "water": {"b4", "c4", "b5", "c5", "b6", "c6", "e4", "f4", "e5", "f5", "e6", "f6"},
    "animals": set(RANK),
    # 3 water squares vertically, 2 horizontally.
    "jumps": jump_list([
        ("b3", "b7"), ("c3", "c7"), ("e3", "e7"), ("f3", "f7"),
        ("a4", "d4"), ("d4", "g4"), ("a5", "d5"), ("d5", "g5"), ("a6", "d6"), ("d6", "g6"),
    ]),
    "start": {
        "a1": (SOUTH, "tiger"), "g1": (SOUTH, "lion"), "b2": (SOUTH, "cat"),
        "f2": (SOUTH, "dog"), "a3": (SOUTH, "elephant"), "c3": (SOUTH, "wolf"),
        "e3": (SOUTH, "leopard"), "g3": (SOUTH, "rat"),
        "a9": (NORTH, "lion"), "g9": (NORTH, "tiger"), "b8": (NORTH, "dog"),
        "f8": (NORTH, "cat"), "a7": (NORTH, "rat"), "c7": (NORTH, "leopard"),
        "e7": (NORTH, "wolf"), "g7": (NORTH, "elephant"),
    },
}

# The small board (board=small), as the lead laid it out.
SMALL = {
    "files": "abcde",
    "ranks": 7,
    "den": {SOUTH: "c1", NORTH: "c7"},
    "traps": {SOUTH: {"b1", "d1", "c2"}, NORTH: {"b7", "d7", "c6"}},
    "water": {"b3", "b4", "b5", "d3", "d4", "d5"},
    "animals": {"elephant", "lion", "cat", "rat"},
    "jumps": jump_list([
        ("b2", "b6"), ("d2", "d6"),
        ("a3", "c3"), ("c3", "e3"), ("a4", "c4"), ("c4", "e4"), ("a5", "c5"), ("c5", "e5"),
    ]),
    "start": {
        "e1": (SOUTH, "lion"), "a2": (SOUTH, "elephant"), "b2": (SOUTH, "cat"),
        "e2": (SOUTH, "rat"),
        "a7": (NORTH, "lion"), "e6": (NORTH, "elephant"), "d6": (NORTH, "cat"),
        "a6": (NORTH, "rat"),
    },
}

BOARDS = {"standard": STANDARD, "full": STANDARD, "large": STANDARD, "small": SMALL}


class State:
    def __init__(self, layout, pieces, side, no_capture, history):
        self.layout = layout
        self.pieces = pieces          # dict: square name -> (side, animal)
        self.side = side              # the side to move
        self.no_capture = no_capture  # plies in a row without a capture
        self.history = history        # keys of the positions since the last capture, this one last

    def key(self):
        return (tuple(sorted(self.pieces.items())), self.side)


def new_state(layout, pieces, side, no_capture):
    s = State(layout, dict(pieces), side, no_capture, [])
    s.history = [s.key()]
    return s


def on_board(layout, sq):
    return sq[0] in layout["files"] and 1 <= int(sq[1:]) <= layout["ranks"]


def neighbours(layout, sq):
    f, r = sq[0], int(sq[1:])
    out = []
    for df, dr in ((0, 1), (0, -1), (1, 0), (-1, 0)):
        cand = chr(ord(f) + df) + str(r + dr)
        if r + dr >= 1 and on_board(layout, cand):
            out.append(cand)
    return out


def can_capture(state, side, animal, frm, to, prey):
    layout = state.layout
    # No capture between water and land, in either direction.
    if (frm in layout["water"]) != (to in layout["water"]):
        return False
    # An enemy on one of your own traps can be captured by any of your pieces.
    if to in layout["traps"][side]:
        return True
    if animal == "rat" and prey == "elephant":
        return True
    if animal == "elephant" and prey == "rat":
        return False
    return RANK[animal] >= RANK[prey]


def game_result(state):
    """The result decided without looking at moves, or None."""
    layout = state.layout
    mover = OTHER[state.side]
    den = layout["den"][state.side]
    if den in state.pieces and state.pieces[den][0] == mover:
        return "den"
    if not any(s == state.side for s, _ in state.pieces.values()):
        return "all captured"
    if state.history.count(state.key()) >= 3:
        return "repetition"
    if state.no_capture >= NO_CAPTURE_LIMIT:
        return "no capture"
    return None


def legal_moves(state):
    if game_result(state) is not None:
        return []
    layout = state.layout
    side = state.side
    moves = []
    for frm, (owner, animal) in state.pieces.items():
        if owner != side:
            continue
        targets = []
        for to in neighbours(layout, frm):
            if to in layout["water"] and animal != "rat":
                continue  # only the rat enters water
            targets.append(to)
        if animal in ("lion", "tiger"):
            for to, crossed in layout["jumps"].get(frm, []):
                blocked = any(sq in state.pieces and state.pieces[sq][1] == "rat" for sq in crossed)
                if not blocked:
                    targets.append(to)
        for to in targets:
            if to == layout["den"][side]:
                continue  # no piece enters its own den
            if to in state.pieces:
                prey_side, prey = state.pieces[to]
                if prey_side == side:
                    continue
                if not can_capture(state, side, animal, frm, to, prey):
                    continue
            moves.append((frm, to))
    return moves


def play(state, move):
    frm, to = move
    pieces = dict(state.pieces)
    captured = to in pieces
    pieces[to] = pieces.pop(frm)
    nxt = State(state.layout, pieces, OTHER[state.side],
                0 if captured else state.no_capture + 1, None)
    nxt.history = [nxt.key()] if captured else state.history + [nxt.key()]
    return nxt


def move_text(state, move):
    frm, to = move
    return frm + ("x" if to in state.pieces else "-") + to


def perft(state, depth):
    if depth == 0:
        return 1
    moves = legal_moves(state)
    if depth == 1:
        return len(moves)
    return sum(perft(play(state, m), depth - 1) for m in moves)


def parse_position(text, layout_name):
    fields = text.split()
    for pair in fields[3:]:
        key, value = pair.split("=")
        assert key == "board", pair
        layout_name = value
    layout = BOARDS[layout_name]
    rows = fields[0].split("/")
    assert len(rows) == layout["ranks"], "wrong number of ranks"
    pieces = {}
    for i, row in enumerate(rows):
        rank = layout["ranks"] - i
        f = 0
        for c in row:
            if c.isdigit():
                f += int(c)
            else:
                sq = layout["files"][f] + str(rank)
                side = SOUTH if c.isupper() else NORTH
                pieces[sq] = (side, LETTER[c.upper()])
                f += 1
        assert f == len(layout["files"]), "wrong rank length"
    side = {"s": SOUTH, "n": NORTH}[fields[1]]
    return new_state(layout, pieces, side, int(fields[2]))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--depth", type=int, required=True)
    ap.add_argument("--rule", action="append", default=[])
    ap.add_argument("--position")
    ap.add_argument("--moves", default="")
    ap.add_argument("--divide", action="store_true")
    args = ap.parse_args()
    layout_name = "standard"
    for pair in args.rule:
        key, value = pair.split("=")
        if key != "board" or value not in BOARDS:
            sys.exit(f"unknown rule {pair}")
        layout_name = value
    if args.position:
        state = parse_position(args.position, layout_name)
    else:
        layout = BOARDS[layout_name]
        state = new_state(layout, layout["start"], SOUTH, 0)
    for text in args.moves.split():
        frm, to = text.replace("x", "-").split("-")
        if (frm, to) not in legal_moves(state):
            sys.exit(f"illegal move {text}")
        state = play(state, (frm, to))
    for d in range(1, args.depth + 1):
        print(d, perft(state, d), flush=True)
    if args.divide and args.depth > 0:
        for m in legal_moves(state):
            print(move_text(state, m), perft(play(state, m), args.depth - 1))


if __name__ == "__main__":
    main()

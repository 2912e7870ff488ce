#!/usr/bin/env python3
"""Sholo Guti reference implementation, for cross-checking the Rust perft counts.

Written straight from the Sholo Guti section of docs/RULES.md, as plainly as possible:
the board is a dict from point name to 'S', 'N' or '.', moves are tuples of point names, every
move copies the whole state. No code or tables are shared with the Rust crate. Slow on purpose.

    python3 tools/reference/sholo_guti.py --depth N [--rule capture=compulsory]
        [--position "TEXT"] [--moves "c3-c4 c6-c5 ..."] [--divide]

Prints "d count" for d = 1..N (like `chaupal-server perft`), and with --divide each first move
with its count at depth N.
"""

import argparse
import sys

# ---- the board, as docs/RULES.md writes it ------------------------------------------------------

LINE_TEXT = """
a3..e3  a4..e4  a5..e5  a6..e6  a7..e7  b2-c2-d2  a1-c1-e1  b8-c8-d8  a9-c9-e9
a3..a7  b3..b7  c1..c9  d3..d7  e3..e7
a1-b2-c3-d4-e5  e1-d2-c3-b4-a5  a9-b8-c7-d6-e5  e9-d8-c7-b6-a5  a3-b4-c5-d6-e7  e3-d4-c5-b6-a7
"""

FILES = "abcde"


def expand(item):
    """'a3..e3' -> ['a3','b3','c3','d3','e3'];  'a1-c1-e1' -> ['a1','c1','e1']."""
    if ".." in item:
        start, end = item.split("..")
        if start[1] == end[1]:  # a row: files change
            lo, hi = FILES.index(start[0]), FILES.index(end[0])
            return [FILES[f] + start[1] for f in range(lo, hi + 1)]
        lo, hi = int(start[1]), int(end[1])  # a column: ranks change
        return [start[0] + str(r) for r in range(lo, hi + 1)]
    return item.split("-")


LINES = [expand(item) for item in LINE_TEXT.split()]

POINTS = []
for r in range(1, 10):
    for f in FILES:
        name = f + str(r)
        if any(name in line for line in LINES):
            POINTS.append(name)
assert len(POINTS) == 37, len(POINTS)

# ranks as the position text lists them
RANK_POINTS = {r: [p for p in POINTS if p[1] == str(r)] for r in range(1, 10)}

# NEIGHBOURS[p] = set of neighbours; JUMPS[p] = list of (over, landing)
NEIGHBOURS = {p: set() for p in POINTS}
JUMPS = {p: [] for p in POINTS}
for line in LINES:
    for i in range(len(line) - 1):
        NEIGHBOURS[line[i]].add(line[i + 1])
        NEIGHBOURS[line[i + 1]].add(line[i])
    for i in range(len(line) - 2):
        JUMPS[line[i]].append((line[i + 1], line[i + 2]))
        JUMPS[line[i + 2]].append((line[i + 1], line[i]))

# ---- state ---------------------------------------------------------------------------------


class State:
    def __init__(self, board, side, counter, compulsory):
        self.board = board  # dict point -> 'S' | 'N' | '.'
        self.side = side  # 'S' or 'N'
        self.counter = counter  # plies since the last capture
        self.compulsory = compulsory
        self.seen = [self.key()]  # every position so far (board and side to move)

    def key(self):
        return (tuple(self.board[p] for p in POINTS), self.side)


def start_state(compulsory):
    board = {}
    for p in POINTS:
        rank = int(p[1])
        board[p] = "S" if rank <= 4 else ("N" if rank >= 6 else ".")
    return State(board, "S", 0, compulsory)


def read_position(text, compulsory):
    fields = text.split()
    ranks = fields[0].split("/")
    assert len(ranks) == 9, "nine ranks"
    board = {}
    for i, rank_text in enumerate(ranks):
        rank = 9 - i
        cells = []
        for ch in rank_text:
            if ch in "SN":
                cells.append(ch)
            else:
                cells.extend(["."] * int(ch))
        assert len(cells) == len(RANK_POINTS[rank]), "rank %d length" % rank
        for p, c in zip(RANK_POINTS[rank], cells):
            board[p] = c
    side = {"s": "S", "n": "N"}[fields[1]]
    counter = int(fields[2])
    for pair in fields[3:]:
        k, v = pair.split("=")
        assert k == "capture" and v in ("optional", "compulsory")
        compulsory = v == "compulsory"
    return State(board, side, counter, compulsory)


def enemy_of(side):
    return "N" if side == "S" else "S"


# ---- moves ---------------------------------------------------------------------------------
# A move is a tuple: (kind, start, landing, landing, ...) with kind "step" or "capture".


def capture_chains(board, at, me, chain, out, every_prefix):
    """Depth-first: extend the chain from `at` by every jump; `board` has the piece on `at`."""
    extended = False
    for over, landing in JUMPS[at]:
        if board[over] == enemy_of(me) and board[landing] == ".":
            extended = True
            after = dict(board)
            after[at] = "."
            after[over] = "."
            after[landing] = me
            longer = chain + [landing]
            if every_prefix:
                out.append(("capture",) + tuple(longer))
            capture_chains(after, landing, me, longer, out, every_prefix)
    if not extended and not every_prefix and len(chain) > 1:
        out.append(("capture",) + tuple(chain))


def game_over(state):
    if all(state.board[p] != state.side for p in POINTS):
        return True  # all pieces captured
    if state.seen.count(state.key()) >= 3:
        return True  # third repetition
    if state.counter >= 200:
        return True  # 200 plies without a capture
    return False


def legal_moves(state):
    if game_over(state):
        return []
    me = state.side
    captures = []
    for p in POINTS:
        if state.board[p] == me:
            capture_chains(state.board, p, me, [p], captures, not state.compulsory)
    if state.compulsory and captures:
        return captures
    steps = []
    for p in POINTS:
        if state.board[p] == me:
            for q in sorted(NEIGHBOURS[p]):
                if state.board[q] == ".":
                    steps.append(("step", p, q))
    return captures + steps


def apply(state, move):
    board = dict(state.board)
    me = state.side
    points = move[1:]
    if move[0] == "step":
        board[points[0]] = "."
        board[points[1]] = me
        counter = state.counter + 1
    else:
        for a, b in zip(points, points[1:]):
            over = [o for (o, land) in JUMPS[a] if land == b]
            assert len(over) == 1
            board[a] = "."
            board[over[0]] = "."
            board[b] = me
        counter = 0
    child = State(board, enemy_of(me), counter, state.compulsory)
    child.seen = state.seen + [child.key()]
    return child


def move_text(move):
    sep = "-" if move[0] == "step" else "x"
    return sep.join(move[1:])


def perft(state, depth):
    if depth == 0:
        return 1
    moves = legal_moves(state)
    if depth == 1:
        return len(moves)
    return sum(perft(apply(state, m), depth - 1) for m in moves)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--depth", type=int, required=True)
    ap.add_argument("--rule", action="append", default=[])
    ap.add_argument("--position")
    ap.add_argument("--moves", default="")
    ap.add_argument("--divide", action="store_true")
    args = ap.parse_args()
    compulsory = False
    for r in args.rule:
        k, v = r.split("=")
        if k != "capture" or v not in ("optional", "compulsory"):
            sys.exit("unknown rule " + r)
        compulsory = v == "compulsory"
    state = read_position(args.position, compulsory) if args.position else start_state(compulsory)
    for text in args.moves.split():
        found = [m for m in legal_moves(state) if move_text(m) == text]
        if not found:
            sys.exit("illegal move " + text)
        state = apply(state, found[0])
    for d in range(1, args.depth + 1):
        print(d, perft(state, d), flush=True)
    if args.divide and args.depth > 0:
        for m in legal_moves(state):
            print(move_text(m), perft(apply(state, m), args.depth - 1))


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Bagh Chal reference implementation: deliberately plain, written straight from docs/RULES.md.

It shares no code or tables with the Rust crate: the board is a dict from (file, rank) pairs to
'T' or 'G', the lines are worked out from coordinates, positions are compared whole (no hashing)
and every position is copied rather than made and unmade. It exists to cross-check perft counts.

    python3 tools/reference/baghchal.py --depth N [--rule k=v]... [--position TEXT] [--moves "..."]
                                        [--divide]

prints `d count` for d = 1..N, like `chaupal-server perft baghchal`.
"""

import argparse
import sys

FILES = "abcde"
SIZE = 5
TOTAL_GOATS = 20


def on_board(x, y):
    return 0 <= x < SIZE and 0 <= y < SIZE


def neighbours(point):
    """Points joined to `point` by a line: orthogonal always, diagonal only where x+y is even."""
    x, y = point
    result = []
    for dx in (-1, 0, 1):
        for dy in (-1, 0, 1):
            if dx == 0 and dy == 0:
                continue
            if dx != 0 and dy != 0 and (x + y) % 2 != 0:
                continue
            if on_board(x + dx, y + dy):
                result.append((x + dx, y + dy))
    return result


def jumps(point):
    """(over, landing) pairs: over is a neighbour, landing continues the same straight line."""
    x, y = point
    result = []
    for over in neighbours(point):
        dx, dy = over[0] - x, over[1] - y
        landing = (over[0] + dx, over[1] + dy)
        if landing in neighbours(over):
            result.append((over, landing))
    return result


def name(point):
    return FILES[point[0]] + str(point[1] + 1)


class State:
    def __init__(self, board, side, in_hand, captured, rules, history):
        self.board = board  # dict (x, y) -> 'T' | 'G'
        self.side = side  # 'g' | 't'
        self.in_hand = in_hand
        self.captured = captured
        self.rules = rules  # dict: captures-to-win (int), repetition ('draw' | 'forbidden')
        self.history = history  # list of keys of every position so far, this one included

    def key(self):
        return (tuple(sorted(self.board.items())), self.side, self.in_hand)


def start(rules):
    board = {(0, 0): "T", (4, 0): "T", (0, 4): "T", (4, 4): "T"}
    s = State(board, "g", TOTAL_GOATS, 0, rules, [])
    s.history = [s.key()]
    return s


def parse_position(text, rules):
    fields = text.split()
    ranks = fields[0].split("/")
    assert len(ranks) == SIZE, "five ranks"
    board = {}
    for row, rank_text in enumerate(ranks):
        y = SIZE - 1 - row
        x = 0
        for c in rank_text:
            if c.isdigit():
                x += int(c)
            else:
                assert c in "TG", c
                board[(x, y)] = c
                x += 1
        assert x == SIZE, "five points a rank"
    side = fields[1]
    assert side in ("g", "t")
    in_hand = int(fields[2])
    captured = int(fields[3])
    rules = dict(rules)
    for pair in fields[4:]:
        k, v = pair.split("=")
        set_rule(rules, k, v)
    goats = sum(1 for v in board.values() if v == "G")
    assert sum(1 for v in board.values() if v == "T") == 4
    assert goats + in_hand + captured == TOTAL_GOATS
    s = State(board, side, in_hand, captured, rules, [])
    s.history = [s.key()]
    return s


def set_rule(rules, key, value):
    if key == "captures-to-win":
        n = int(value)
        assert 1 <= n <= 20
        rules[key] = n
    elif key == "repetition":
        assert value in ("draw", "threefold", "forbidden")
        rules[key] = "forbidden" if value == "forbidden" else "draw"
    else:
        raise ValueError("unknown rule " + key)


def play(state, move):
    """The position after `move` = (text, from, to, captured point or None)."""
    text, frm, to, over = move
    board = dict(state.board)
    in_hand = state.in_hand
    captured = state.captured
    if frm is None:
        board[to] = "G"
        in_hand -= 1
    else:
        board[to] = board.pop(frm)
        if over is not None:
            del board[over]
            captured += 1
    side = "t" if state.side == "g" else "g"
    s = State(board, side, in_hand, captured, state.rules, None)
    s.history = state.history + [s.key()]
    return s


def pseudo_moves(state):
    """Moves the pieces can make, before the repetition rule."""
    moves = []
    empty = [(x, y) for y in range(SIZE) for x in range(SIZE) if (x, y) not in state.board]
    if state.side == "g":
        if state.in_hand > 0:
            for p in empty:
                moves.append((name(p), None, p, None))
        else:
            for p, piece in state.board.items():
                if piece == "G":
                    for q in neighbours(p):
                        if q not in state.board:
                            moves.append((name(p) + "-" + name(q), p, q, None))
    else:
        for p, piece in state.board.items():
            if piece != "T":
                continue
            for q in neighbours(p):
                if q not in state.board:
                    moves.append((name(p) + "-" + name(q), p, q, None))
            for over, landing in jumps(p):
                if state.board.get(over) == "G" and landing not in state.board:
                    moves.append((name(p) + "x" + name(landing), p, landing, over))
    return moves


def game_over(state):
    if state.captured >= state.rules["captures-to-win"]:
        return True
    if state.history.count(state.key()) >= 3:
        return True
    return False


def legal_moves(state):
    if game_over(state):
        return []
    moves = pseudo_moves(state)
    if state.rules["repetition"] == "forbidden" and state.in_hand == 0:
        moves = [m for m in moves if play(state, m).key() not in state.history]
    return moves


def perft(state, depth):
    moves = legal_moves(state)
    if depth == 1:
        return len(moves)
    return sum(perft(play(state, m), depth - 1) for m in moves)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--depth", type=int, required=True)
    ap.add_argument("--rule", action="append", default=[])
    ap.add_argument("--position")
    ap.add_argument("--moves", default="")
    ap.add_argument("--divide", action="store_true")
    args = ap.parse_args()
    rules = {"captures-to-win": 5, "repetition": "draw"}
    for pair in args.rule:
        k, v = pair.split("=")
        set_rule(rules, k, v)
    state = parse_position(args.position, rules) if args.position else start(rules)
    for text in args.moves.split():
        found = [m for m in legal_moves(state) if m[0] == text]
        if not found:
            sys.exit("illegal move " + text)
        state = play(state, found[0])
    for d in range(1, args.depth + 1):
        print(d, perft(state, d), flush=True)
    if args.divide:
        for m in legal_moves(state):
            print(m[0], perft(play(state, m), args.depth - 1) if args.depth > 1 else 1)


if __name__ == "__main__":
    main()

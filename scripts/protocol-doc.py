#!/usr/bin/env python3
"""Builds docs/PROTOCOL.md from docs/PROTOCOL.template.md and the protocol's own examples.

Run from the repository root: python3 scripts/protocol-doc.py
It runs `cargo test -p chaupal-shared print_examples -- --ignored --nocapture`, so every JSON
example in the manual is exactly what the code reads and writes (a test checks that too).
"""
import re
import subprocess
import sys

NOTES = {
    "hello": "First on every connection. `token` is null for a new player.",
    "hello: returning player": "With the token from an earlier `welcome`: the same player again.",
    "ping": "An application-level ping (websocket pings are also answered); the reply is `pong`.",
    "create_game: open": "An open seek, listed in the lobby until someone accepts it. `side` is `first`, `second` or `random`; `clock` may be null; `rules` lists only pairs that differ from the defaults.",
    "create_game: private": "A private game: the reply has an `invite_code` to give a friend.",
    "create_game: local": "Both seats are yours: two people at one computer. Never rated.",
    "create_game: ai": "Against the AI: a level 1..8 (rated if asked), or a named engine (`ALGORITHM[:EVALUATION]`, see `chaupal-server bestmove --engine help`) with a depth of 1 to 64 and a time per move of 1 ms to the server's `--ai-move-ms`. An unknown engine, an evaluation the game lacks, or a depth or time out of range is refused at once with `bad_setup` and the reason.",
    "create_game: exhibition": "AI against AI; you (and anyone) watch. Never rated.",
    "cancel_seek": "Withdraws your open seek or private game.",
    "accept_seek": "Takes the other seat of an open seek: the game starts; both players get its snapshot.",
    "join_by_code": "Takes the other seat of a private game (case and spaces in the code do not matter).",
    "list_seeks": "The open seeks; the reply is `seeks`.",
    "list_games": "The live games; the reply is `games`.",
    "subscribe_lobby": "The reply `lobby` has the open seeks and live games; `lobby` messages follow as they change.",
    "unsubscribe_lobby": "No more lobby messages.",
    "watch": "A snapshot of the game, then its events and presence; then the reply `ok`.",
    "unwatch": "Stops the game's messages.",
    "rejoin": "Sit back down (after reconnecting): the events after `since`, or a snapshot when `since` is null or too old; then `ok`.",
    "hint": "A suggested move for the side to move (casual games); the reply is `analysis`.",
    "analyse": "Any position (start or `position`, then `moves`) by any engine; the reply is `analysis`.",
    "finished_games": "A player's finished games (yours when `player` is null), newest first; page with `before`.",
    "get_record": "A game's record as text (see docs/NOTATION.md, section Game records), with its moves and summary.",
    "import_record": "Stores a finished game from a record; the reply is `imported`.",
    "ratings": "A player's ratings, one per game.",
    "welcome": "The answer to `hello`. `live_games` are your games still being played (to `rejoin`).",
    "pong": "", "ok": "", "created": "", "seeks": "", "games": "", "lobby": "",
    "analysis": "`line` is null when the engine reports no search line.",
    "record": "", "imported": "", "ratings ": "",
    "moved": "A move, stored before it is sent. `clocks` is null without a clock.",
    "ended": "The end: `winner` is null for a draw or an aborted game.",
    "taken_back": "`plies` moves were taken back; `ply` moves remain.",
    "rematch_started": "The rematch is this new game (sides swapped); seated players receive its snapshot.",
    "snapshot": "The whole game; `your_seats` are the seats the receiving player holds.",
    "presence": "Seats' connections (`claim_in_ms`: when the opponent may claim the win) and the watcher count.",
    "reset": "Sent instead of the events a slow subscriber missed: the whole lobby again.",
}

def examples():
    out = subprocess.run(
        ["cargo", "test", "-q", "-p", "chaupal-shared", "--lib", "print_examples", "--",
         "--ignored", "--nocapture"],
        check=True, capture_output=True, text=True).stdout
    found = re.findall(r"^(.+)\n```json\n(.+)\n```\n", out, flags=re.M)
    if not found:
        sys.exit("no examples printed")
    return found

def block(items):
    parts = []
    for title, json in items:
        note = NOTES.get(title, "")
        parts.append(f"### {title}\n\n" + (f"{note}\n\n" if note else "") + f"```json\n{json}\n```\n")
    return "\n".join(parts)

def codes():
    src = open("shared/src/protocol/error.rs").read()
    body = src.split("pub enum ErrorCode {", 1)[1].split("\n}\n", 1)[0]
    rows, doc = [], []
    for line in body.splitlines():
        line = line.strip()
        if line.startswith("///"):
            doc.append(line[3:].strip())
        elif re.match(r"^[A-Z]\w*,$", line):
            name = re.sub(r"(?<!^)([A-Z])", r"_\1", line[:-1]).lower()
            rows.append((name, " ".join(doc)))
            doc = []
        else:
            doc = []
    closes = re.findall(r"ErrorCode::(\w+)", src.split("fn closes_connection", 1)[1].split("}", 1)[0])
    closes = {re.sub(r"(?<!^)([A-Z])", r"_\1", c).lower() for c in closes}
    lines = ["| code | meaning |", "|---|---|"]
    for name, doc in rows:
        mark = " *closes*" if name in closes else ""
        lines.append(f"| `{name}` | {doc}{mark} |")
    return "\n".join(lines)

def main():
    ex = examples()
    requests = [e for e in ex if e[1].startswith('{"id"')]
    server = [e for e in ex if not e[1].startswith('{"id"')]
    replies = [e for e in server if e[1].startswith('{"reply"')]
    errors = [e for e in server if e[1].startswith('{"error"')]
    events = [e for e in server if e[1].startswith('{"event"')]
    others = [e for e in server if e not in replies + errors + events]
    text = open("docs/PROTOCOL.template.md").read()
    text = (text.replace("@@REQUESTS@@", block(requests))
                .replace("@@REPLIES@@", block(replies))
                .replace("@@EVENTS@@", block(events))
                .replace("@@OTHERS@@", block(others))
                .replace("@@ERROR@@", f"```json\n{errors[0][1]}\n```")
                .replace("@@CODES@@", codes()))
    text = text.replace("# The Chaupal protocol\n",
        "# The Chaupal protocol\n\n<!-- Built by scripts/protocol-doc.py from docs/PROTOCOL.template.md: edit those. -->\n", 1)
    open("docs/PROTOCOL.md", "w").write(text)

main()

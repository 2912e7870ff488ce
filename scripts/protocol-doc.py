#!/usr/bin/env python3
"""Builds docs/PROTOCOL.md from docs/PROTOCOL.template.md and the protocol's own examples.

Run from the repository root: python3 scripts/protocol-doc.py
It runs `cargo test -p chaupal-shared print_examples -- --ignored --nocapture`, so every JSON
example in the manual is exactly what the code reads and writes (a test checks that too), and
`cargo test -p chaupal-server --lib print_level_ratings -- --ignored --nocapture` for the table of
the AI levels' ratings (a server test checks that the manual has exactly that table).
"""
import re
import subprocess
import sys

NOTES = {
    "hello": "First on every connection. `token` is null for a new player.",
    "hello: returning player": "With the token from an earlier `welcome`: the same player again.",
    "hello: a bot": "`turns: true`: every `moved` and `taken_back` event on this connection carries the `turn` (position and legal moves); see \"Playing as a bot\". `turns` may be left out (false).",
    "ping": "An application-level ping (websocket pings are also answered); the reply is `pong`.",
    "create_game: open": "An open seek, listed in the lobby until someone accepts it. `side` is `first`, `second` or `random`; `clock` may be null; `rules` lists only pairs that differ from the defaults.",
    "create_game: private": "A private game: the reply has an `invite_code` to give a friend.",
    "create_game: local": "Both seats are yours: two people at one computer. Never rated.",
    "create_game: ai": "Against the AI: a level 1..8 (rated if asked), or a named engine (`ALGORITHM[:EVALUATION]`, see `chaupal bestmove --engine help`) with a depth of 1 to 64 and a time per move of 1 ms to the server's `--ai-move-ms`. An unknown engine, an evaluation the game lacks, or a depth or time out of range is refused at once with `bad_setup` and the reason.",
    "create_game: exhibition": "AI against AI; you (and anyone) watch. Never rated.",
    "create_game: correspondence": "A correspondence game (see \"Correspondence games\"): `correspondence` has the `days` a move (1, 2, 3, 5, 7 or 14), or `null` days for no limit (friends and the AI only, never rated); `clock` is null. Here an invitation for a friend; an open seek or a game against the AI likewise. At the correspondence limit (`limits.max_correspondence_games`): `too_many_games`.",
    "cancel_seek": "Withdraws your open seek or private game.",
    "accept_seek": "Takes the other seat of an open seek: the game starts. You receive the game's snapshot, then the reply `created` with the `game` (`seek` and `invite_code` null); the seeker's connection receives the snapshot.",
    "join_by_code": "Takes the other seat of a private game (case and spaces in the code do not matter). As `accept_seek`: the snapshot, then `created` with the `game`. A player of the live game the code already started (who opens its link again, or reloads its page) gets `created` with that `game` and no snapshot: `rejoin` it for one. Anyone else gets `bad_invite_code`, as for a code that never was. (The node that took the join remembers the code while the game is live; in a cluster, a request that reaches another node is refused.) A client opening an invitation's link reads it first with `invitation`, and joins only when the friend accepts.",
    "invitation": "Reads a private invitation by its code without taking it (the code in any case, with or without its dash, as `join_by_code` takes it): the reply `invitation` says what it is, for the friend to accept (`join_by_code`) or decline (`decline_invitation`). An unknown code, or one used, cancelled or declined, is `bad_invite_code`, as for `join_by_code`; your own invitation is `bad_setup`, as joining it is. In a cluster the invitation is found on any node, as `join_by_code` finds it. Each guess costs one request of the message budget, as a join does (see docs/SECURITY.md).",
    "decline_invitation": "Declines a private invitation by its code: it is withdrawn (from the records too; nobody can join it any more) and every connection of the inviter, on any node, gets `invitation_declined`. The reply is `ok`. Refused as `invitation` is (`bad_invite_code`, `bad_setup` for your own: withdraw that with `cancel_seek`).",
    "reply:invitation": "The invitation: its `code` as handed out, and the `seek` as the inviter set it up (`by` invites; `side` is the inviter's, so the friend plays the other side, or the sides are drawn at random; `clock`, or `correspondence` with its `days` a move; `rated`; `rules` that differ from the defaults). `game` is null while it waits; for a player of the live game the code started already (who opens its link again) it is that game, to `rejoin`: nothing to accept.",
    "invitation_declined": "A friend declined your private invitation `seek` (its `code`; `by` declined it): it is withdrawn. Sent to every connection of yours, on any node. Not numbered.",
    "list_seeks": "The open seeks, newest first: at most 100 (`LOBBY_LISTED`); the reply is `seeks`, whose `more` counts the older ones left out.",
    "list_games": "The live public games, newest first: at most 100; the reply is `games`, whose `more` counts the older ones left out. Private games are never listed.",
    "list_seeks_before": "The next page of `list_seeks`: the newest 100 open seeks older than `before` (the last seek of the page before).",
    "list_games_before": "The next page of `list_games`: the newest 100 live public games older than `before`.",
    "subscribe_lobby": "The reply `lobby` has the newest 100 open seeks and live public games (`more_seeks` and `more_games` count the older ones; page through them with `list_seeks_before` and `list_games_before`); `lobby` messages follow as they change. Private games are never in the lobby.",
    "unsubscribe_lobby": "No more lobby messages.",
    "watch": "A snapshot of the game, then its events and presence; then the reply `ok`. `key` is null (or left out) for a public game.",
    "watch: a private game": "A private game (see \"Private games\") is watched with its watch key, from its watch link `/game/ID?key=KEY`; without it, or with a wrong one, `private_game`. Its players need no key.",
    "unwatch": "Stops the game's messages.",
    "rejoin": "Sit back down (after reconnecting), or get a game's state at any time: the events after `since`, or a snapshot when `since` is null, too old (more than the server's `--replay-events`, 512, behind) or your connection asked for `turns`; then `ok`. Nothing is sent before `ok` when `since` is the game's version. A private game's `key` as in `watch`, for a watcher (its players need none).",
    "hint": "A suggested move for the side to move; the reply is `analysis`. Engine help is for games against the AI, local games and finished games: in a live game between people (rated or casual, for its players and its watchers) it is refused with `not_allowed`.",
    "analyse": "Any position (start or `position`, then `moves`) by any engine; the reply is `analysis`. `from_game` names the game the position comes from, when it does (clients send it for the game they show): the same rule as `hint` holds for it. It may be left out.",
    "finished_games": "A player's finished games (yours when `player` is null), newest first; page with `before`. Another player's private games are left out, except those you played in.",
    "get_record": "A game's record as text (see docs/NOTATION.md, section Game records), with its moves and summary. A private game's `key` as in `watch`; without it a stranger gets `private_game`.",
    "import_record": "Stores a finished game from a record; the reply is `imported`.",
    "review": "A review of a finished game or an imported record: every move's value before and after, the best move and its line, the loss and a class, and each player's accuracy (see \"Game review\"). `review_progress` messages come while it is made, then the reply `review`. A game reviewed before is answered at once, with exactly what the first review said. A private game's `key` as in `watch`. Refused with `not_finished` for a live game, `private_game` for someone else's private game without its key, `too_many_reviews` over the limits.",
    "ratings": "A player's ratings, one per game and pool: live games, and correspondence games (`correspondence: true`), rated apart.",
    "push_subscribe": "Keeps this browser's Web Push subscription (the `endpoint` and the `p256dh` and `auth` keys of its `PushSubscription`, base64url) so that the server tells it of your turns, of a friend who took your invitation, of games ended, and of a deadline less than a day away, while no page is open (see \"Notifications\"). Subscribe with the `welcome.push_key` as the application server key. Refused with `bad_subscription` (and why) for an endpoint that is not `https` on a public host, keys that are not a browser's, or too many subscriptions; with `no_push` when the server sends none.",
    "push_unsubscribe": "Forgets a subscription of yours (the browser's `unsubscribe` does not tell the server). The reply is `unsubscribed`.",
    "unsubscribed": "The answer to `push_unsubscribe`: `removed` is true when a subscription of yours was forgotten, false when the endpoint is someone else's or nobody's (nothing changed).",
    "mute": "Mutes (`muted: true`) or unmutes push notifications of one `game`, or of all (`game` null). Muting changes nothing in the page: `my_game` notices still come.",
    "my_game": "One of your correspondence games started, moved or ended (`summary.status` `finished`, with its `result`): sent to every connection of yours, at the board or not, so that each device's list stays current (and can count the games where it is your turn). Not numbered.",
    "my_games": "Your games in play, correspondence and live: those where it is your turn first (the soonest deadline first), then the others. The reply is `my_games`.",
    "device_code": "A code to go on as this player on another device (another browser, a phone): show it there and send it with `link_device`. The reply `device_code` has the code and how long it stays good (`expires_in_ms`). One code a player at a time (asking again replaces it), good once, for ten minutes.",
    "link_device": "On the other device, after its own `hello`: redeems the code. The reply `linked` carries a token of the code's player for this device; say hello with it on a new connection. A code that is unknown, used or expired is refused with `bad_device_code`.",
    "welcome": "The answer to `hello`. `live_games` are your live games still being played (to `rejoin`); your correspondence games are in `my_games`. `limits.max_correspondence_games` is how many correspondence games (in play and waiting) you may have; `limits.max_lasting_seeks_per_address` how many correspondence seeks and invitations may wait at once that were made from your address (an IPv4 address or an IPv6 /64), whoever made them.",
    "reply:my_games": "Each game's `summary` (with `correspondence` and its `deadline_ms`, null without one), the seats you hold, and whether it is your turn.",
    "my_seeks": "Your seeks and private invitations still waiting for an opponent, oldest first, whichever of your connections or devices made them (a correspondence one waits after its connection has gone): to send an invitation's link (`/join/CODE` on the server's address) again, or to withdraw it with `cancel_seek`. The reply is `my_seeks`.",
    "reply:my_seeks": "Each one as the lobby lists it (`seek`), and an invitation's `invite_code` (null for an open seek).",
    "next_puzzle": "A puzzle for you (see \"Puzzles\"), of one `game` and `theme` when given (null: any). In `rated` mode, one near your puzzle rating that you have not tried; in `streak` mode, unrated, each harder than the last until your first mistake. It is given to this connection in place of the one it had, which is left (a rated attempt begun there is settled as failed: see \"Leaving a rated attempt\"); the reply is `puzzle`. Refused with `no_such_puzzle` when no puzzle fits, and then the puzzle it had stays.",
    "open_puzzle": "A puzzle by its id: a shared link (`/puzzle/ID`), the day's puzzle, one of `mistake_puzzles`. Rated when it is your first attempt at it (puzzles made from your own games never are). Another puzzle than the one given leaves that one, as `next_puzzle` does; the same one is given again from its start. Refused with `no_such_puzzle` for an unknown id.",
    "puzzle_move": "Your next move in the puzzle given to this connection. The reply `puzzle_moved` judges it at once. Refused with `puzzle_not_given` for a puzzle this connection was not given (or was given before the one it has now), `puzzle_over` once the puzzle is solved or its solution shown, `illegal_move` for a move that is not legal in the puzzle's position.",
    "puzzle_solution": "Gives up: the reply `puzzle_solution` has the whole line, and ends an attempt still open as failed, whether a move was made or not (a rated one loses rating; a streak ends). Refused as `puzzle_move` is.",
    "daily_puzzles": "The day's puzzle of each game (the same for everyone, from midnight UTC). Open one with `open_puzzle`.",
    "puzzle_themes": "Each game's puzzle themes and how many puzzles have each: what `next_puzzle` may ask for.",
    "mistake_puzzles": "Puzzles from your own mistakes in a finished game you played, once its review is done (`review`): each position before a move of yours classed a mistake or a blunder, with the review's best move as the solution (see \"Your own mistakes\"). They are yours alone, unrated; open each with `open_puzzle`. Refused with `no_such_game`, `not_finished` (a live game, or one not reviewed yet: ask for its `review` first), or `not_your_seat` for a game you did not play.",
    "reply:puzzle": "Where the puzzle starts (`position`, docs/NOTATION.md) and what to find (`goal`: `win` or `save_draw`, for the `solver`, the side to move), its `themes`, `proof` (`exact`: proven by a solved database or solver; `checked`: by two engine settings), its `rating` now (0 for a puzzle from your own game) and `plays` (its rated attempts), how many of your moves it takes (`moves_to_find`), whether this attempt is `rated`, the `mode`, the `streak` so far and your longest (`best_streak`), and your puzzle rating before it (`player`: `attempts` counts your rated ones). `abandoned` is null unless the request left a rated attempt begun (below). The solution is not sent.",
    "puzzle: leaving a rated attempt": "The reply to a `next_puzzle` or `open_puzzle` that left a rated first attempt after a right move (see \"Leaving a rated attempt\"): `abandoned` has that `puzzle` and its `outcome`, failed, with both ratings' change; `player` is your rating after it.",
    "reply:puzzle_moved": "`verdict` is `right` or `wrong`. After a right move, `replies` are the opponent's answers from the solution, already played (none when you move again, as in Kalah, or when `done`). After a wrong move the position stays; you may try again, unrated. `outcome` comes with the move that ended the attempt: the first wrong one, or the last right one: solved or not, your puzzle rating `before` and `after`, the puzzle's new rating, in a streak its length and whether it is over, and your longest streak after it (`best_streak`).",
    "reply:puzzle_solution": "The whole line from the puzzle's position, both sides' moves, yours first; `outcome` when giving up ended the attempt.",
    "reply:daily_puzzles": "", "reply:puzzle_themes": "", "reply:mistake_puzzles": "",
    "create_tournament": "Makes a tournament (see \"Tournaments\"): here an arena of Bagh Chal, 3 minutes and 2 seconds a move, for 60 minutes, with streaks, starting in 10 minutes. `minutes` 10 to 1,440; `starts_in_s` 0 to 604,800; `rules` and `private` may be left out. The reply is its view (`tournament`). The maker is not entered.",
    "create_tournament: private": "A private tournament, listed to nobody: the view in the reply has its `code`, for its link (`/tournament/ID?code=CODE`).",
    "list_tournaments": "The public tournaments upcoming, running and lately finished, and your own (made or entered), soonest first. The reply is `tournaments`.",
    "open_tournament": "A tournament's view (the reply `tournament`); the connection then hears its news (`tournament` messages) until `close_tournament`. `code` is null (or left out) for a public tournament. Refused with `no_such_tournament` for a number that is no tournament's.",
    "open_tournament: a private tournament": "A private tournament needs its `code`, unless you made or entered it: without it, or with a wrong one, `no_such_tournament`.",
    "close_tournament": "Stops the tournament's news to this connection (your own pairings still come). The reply is `ok`.",
    "join_tournament": "Enters the tournament before it starts or while it runs, or comes back after `pause_tournament`; a private one needs its `code`. The reply is the view, with your line in `me`. Refused with `already_entered` when you are in it and not paused, `tournament_over` once it has finished.",
    "pause_tournament": "Steps out for a while: you are not paired again until `join_tournament`; a game in progress is played out. The reply is the view. Refused with `not_entered` when you are not in it, `tournament_over` once it has finished.",
    "leave_tournament": "Leaves for good; your points stay in the standings (`presence` `left`). The reply is the view. Refused as `pause_tournament` is.",
    "tournament_standings": "A page of the standings, from 0, 10 lines a page; the reply is `tournament_standings`.",
    "reply:tournament_standings": "The `page` asked for, of `pages`: each line's `rank`, `player`, `rating` (when they joined), `points`, `scores` (each game's points, oldest first), `on_fire` and `presence` (`idle`, `playing`, `paused`, `left`).",
    "tournament": "A tournament as you see it (the answer to `create_tournament`, `open_tournament`, `join_tournament`, `pause_tournament` and `leave_tournament`): its `summary`, `code` (a private tournament's, for its link; null for a public one), your line (`me`, null until you join), the page of the `standings` with your line (or the first), and your `game` in progress in it (or null). Here you are last, playing your third game.",
    "tournament: a private tournament": "A private tournament, before its start, as its maker sees it: its `code`, and three players entered (with no games, they rank by rating).",
    "tournaments": "The answer to `list_tournaments`: summaries, soonest first. `by` is null for a tournament the server made.",
    "paired": "You were paired in a tournament: `game` waits for you on `side` against `opponent`. Sent to every connection of yours, whether or not it opened the tournament; play it as any game (`rejoin` it for its snapshot). Not numbered.",
    "standings": "The first page of a tournament's standings, sent to the connections that opened it when the standings change: within a second of a result, at most twice a second. Not numbered.",
    "own_line": "Your own line of a tournament's standings, sent to every connection of yours when it changes (with the `standings` news, wherever the line is in them), so that your rank is never stale. Here your third game ended, lost. Not numbered.",
    "status: started": "A tournament the connection opened has started (`running`). Not numbered.",
    "status: ended": "A tournament the connection opened has finished: `podium` has the first three lines of the final standings. Not numbered.",
    "pong": "", "ok": "", "seeks": "", "lobby": "",
    "created: an open seek": "The answer to `create_game` for an open seek: the `seek` (to cancel it); the game's snapshot comes when someone accepts.",
    "created: a private game": "For a private game: the `seek` and the `invite_code`.",
    "created: a game started": "For a game that starts at once (local, AI, exhibition), and for `accept_seek` and `join_by_code`. The game's snapshot comes before this reply.",
    "games": "The answer to `list_games`: live public games (`status` `live`, `result` null), newest first; `more` older ones were left out.",
    "games: finished games": "The answer to `finished_games`: `status` is `finished` and `result` says how the game ended.",
    "analysis": "`line` is null when the engine reports no search line.",
    "record": "A private game's record has its `watch_key`, for the replay's link (`/replay/ID?key=KEY`); null for a public game.", "imported": "", "reply:ratings": "",
    "reply:review": "The review: `plies` in order, each from the point of view of the side that moved (`side`): `before` is the position's value (the best move's), `after` the value the move left, `best` and `line` the engine's best move and line, `loss` the winning chance given away against the best in percentage points, `class` one of `best`, `good`, `inaccuracy`, `mistake`, `blunder`; `first_chance` is the first player's winning chance after the move (the advantage graph), `start_chance` before the first move; `accuracy` is each player's (first, second), null for a player without a move. Values are `{\"cp\":N}`, `{\"win\":N}` / `{\"loss\":N}` (plies), `\"draw\"` (proven), or Kalah's `{\"margin\":N}` (solved).",
    "review_progress": "A review you asked for is being made: `analysed` of `total` positions are done (0 while it waits for a review thread; counts that follow each other fast may be skipped).",
    "linked": "A token of `player` for this device; the device the code came from keeps its own token.",
    "moved": "A move, stored before it is sent. `clocks` is null without a clock; `turn` is null unless your connection asked for `turns`.",
    "moved: in a correspondence game": "In a correspondence game with days a move, `deadline_ms` is when the side to move must have moved (milliseconds since the Unix epoch): the move's time plus the days. It is null otherwise, and may be left out.",
    "moved: with the turn, for a bot": "The same event on a connection that said hello with `turns: true`: `turn` has the position after the move (docs/NOTATION.md), the side to move and its legal moves (empty when the move ended the game).",
    "ended": "The end: `winner` is null for a draw or an aborted game.",
    "taken_back": "`plies` moves were taken back; `ply` moves remain. `turn` as in `moved` (the position now), for connections that asked for `turns`.",
    "rematch_started": "The rematch is this new game (sides swapped); seated players receive its snapshot.",
    "berserked": "A side went berserk (an arena's game): `clocks` are both clocks after its clock lost half the initial time.",
    "snapshot": "The whole game: `position` (docs/NOTATION.md), `side_to_move` and its `legal_moves` (empty once the game is over), `moves` so far, clocks (or a correspondence game's `deadline_ms`), open offers; `your_seats` are the seats the receiving player holds. `summary.private` marks a private game, whose `watch_key` is there for its watch link (null for a public game).",
    "presence": "Seats' connections (`claim_in_ms`: when the opponent may claim the win) and the watcher count.",
    "reset": "Sent instead of the events a slow subscriber missed: the whole lobby again.",
    "game_progress": "A live game went on: `plies` moves are played now. At most one every 2 seconds a game; the count after the last move always follows.",
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

def block(items, kind=""):
    """The examples with their notes: a reply's note is `reply:NAME` when its request has one
    of the same name."""
    parts = []
    for title, json in items:
        note = NOTES.get(f"{kind}:{title}", NOTES.get(title, ""))
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

def level_ratings():
    out = subprocess.run(
        ["cargo", "test", "-q", "-p", "chaupal-server", "--lib", "print_level_ratings", "--",
         "--ignored", "--nocapture"],
        check=True, capture_output=True, text=True).stdout
    found = re.search(r"^level ratings\n```\n(.+?)```\n", out, flags=re.M | re.S)
    if not found:
        sys.exit("no level ratings printed")
    return found.group(1).rstrip("\n")

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
                .replace("@@REPLIES@@", block(replies, "reply"))
                .replace("@@EVENTS@@", block(events))
                .replace("@@OTHERS@@", block(others))
                .replace("@@ERROR@@", f"```json\n{errors[0][1]}\n```")
                .replace("@@CODES@@", codes())
                .replace("@@LEVEL_RATINGS@@", level_ratings()))
    text = text.replace("# The Chaupal protocol\n",
        "# The Chaupal protocol\n\n<!-- Built by scripts/protocol-doc.py from docs/PROTOCOL.template.md: edit those. -->\n", 1)
    open("docs/PROTOCOL.md", "w").write(text)

main()

-- Tournaments kept in the records, so that a restart loses none (docs/TOURNAMENTS.md, "What
-- the server offers"). The PostgreSQL twin is in ../postgres/.
--
-- A tournament is its set-up and the log of what happened in it, in order; the server rebuilds
-- its arena by replaying the log. A log rather than the arena's state as of the last change:
-- each change is one small insert (no arena of hundreds of entrants rewritten each time a game
-- ends), and the replay goes through the same arena rules that made the changes, so the
-- standings rebuilt are exactly the standings lived (`Arena::paired` replays a pairing as it
-- was made). Each event is one row of JSON (`store::tournaments::TournamentEvent`): one table
-- for every kind keeps the order of the log in one column.
CREATE TABLE tournaments (
    -- AUTOINCREMENT: a tournament id is never given twice, and ids continue after a restart.
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    -- The set-up as protocol JSON: game, rules, clock, format (length, streaks), rated,
    -- private.
    setup TEXT NOT NULL,
    -- Its maker, a player; both NULL for the server's own (the hourly arenas).
    maker INTEGER,
    maker_name TEXT,
    -- A private tournament's code; NULL for a public one.
    code TEXT,
    starts_ms INTEGER NOT NULL,
    ends_ms INTEGER NOT NULL,
    made_ms INTEGER NOT NULL,
    -- The cluster node that runs it (NULL on a single node): the node that rebuilds it.
    node TEXT
);
-- A restart reads the tournaments not finished long ago.
CREATE INDEX tournaments_ends ON tournaments (ends_ms);
-- Each tournament's events, in the order they happened (the order of `id`).
CREATE TABLE tournament_events (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    tournament INTEGER NOT NULL REFERENCES tournaments (id),
    -- When it happened (milliseconds since the Unix epoch).
    at_ms INTEGER NOT NULL,
    -- The event as JSON: joined (player, rating), paused, left, paired (game, sides), unstarted
    -- (a pairing whose game could not start), finished (game, outcome, plies, berserk),
    -- cancelled (game).
    body TEXT NOT NULL
);
CREATE INDEX tournament_events_log ON tournament_events (tournament, id);

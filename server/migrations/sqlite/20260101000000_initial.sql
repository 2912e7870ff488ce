-- Chaupal's records (SQLite). The PostgreSQL twin is in ../postgres/.
CREATE TABLE players (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    -- SHA-256 of the player's token, hex; the token itself is never stored.
    token_hash TEXT NOT NULL UNIQUE,
    created_ms INTEGER NOT NULL
);

CREATE TABLE games (
    id INTEGER PRIMARY KEY,
    kind TEXT NOT NULL,
    -- Non-default rule pairs, "key=value key=value".
    rules TEXT NOT NULL,
    start_position TEXT,
    clock_initial_ms INTEGER,
    clock_increment_ms INTEGER,
    rated INTEGER NOT NULL,
    -- open, private, local, ai, exhibition, imported
    mode TEXT NOT NULL,
    creator INTEGER,
    first_player INTEGER,
    second_player INTEGER,
    -- The engine of an AI seat, as JSON.
    first_engine TEXT,
    second_engine TEXT,
    first_name TEXT NOT NULL,
    second_name TEXT NOT NULL,
    -- live or finished
    status TEXT NOT NULL,
    -- first, second, or NULL for a draw or an aborted game
    winner TEXT,
    -- A result reason name (resignation, timeout, repetition, ...)
    reason TEXT,
    -- The version of the game's last event.
    version INTEGER NOT NULL,
    plies INTEGER NOT NULL,
    -- Clock times left after the last move.
    first_ms INTEGER,
    second_ms INTEGER,
    started_ms INTEGER NOT NULL,
    ended_ms INTEGER
);
CREATE INDEX games_status ON games (status);
CREATE INDEX games_first_player ON games (first_player, id);
CREATE INDEX games_second_player ON games (second_player, id);

CREATE TABLE moves (
    game_id INTEGER NOT NULL,
    ply INTEGER NOT NULL,
    notation TEXT NOT NULL,
    -- The mover's clock after the move.
    clock_ms INTEGER,
    played_ms INTEGER NOT NULL,
    PRIMARY KEY (game_id, ply)
);

CREATE TABLE events (
    game_id INTEGER NOT NULL,
    version INTEGER NOT NULL,
    -- The event as protocol JSON.
    body TEXT NOT NULL,
    PRIMARY KEY (game_id, version)
);

CREATE TABLE ratings (
    -- player:ID or level:N
    owner TEXT NOT NULL,
    kind TEXT NOT NULL,
    rating REAL NOT NULL,
    deviation REAL NOT NULL,
    volatility REAL NOT NULL,
    games INTEGER NOT NULL,
    PRIMARY KEY (owner, kind)
);

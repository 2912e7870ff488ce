-- More tokens of a player: one for each device linked with a device code (the first token
-- stays in players.token_hash). The PostgreSQL twin is in ../postgres/.
CREATE TABLE player_tokens (
    -- SHA-256 of the token, hex; the token itself is never stored.
    token_hash TEXT PRIMARY KEY,
    player INTEGER NOT NULL REFERENCES players(id),
    created_ms INTEGER NOT NULL
);
CREATE INDEX player_tokens_player ON player_tokens (player);

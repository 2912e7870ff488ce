-- More tokens of a player: one for each device linked with a device code (the first token
-- stays in players.token_hash). The SQLite twin is in ../sqlite/.
CREATE TABLE player_tokens (
    -- SHA-256 of the token, hex; the token itself is never stored.
    token_hash TEXT PRIMARY KEY,
    player BIGINT NOT NULL REFERENCES players(id),
    created_ms BIGINT NOT NULL
);
CREATE INDEX player_tokens_player ON player_tokens (player);

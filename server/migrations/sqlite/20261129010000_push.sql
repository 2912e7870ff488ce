-- Web Push (docs/PROTOCOL.md, "Notifications"). The twin for the other database is in
-- ../postgres/.
-- The server's VAPID key pair, made at the first start: the private key (the P-256 scalar,
-- base64url). One row.
CREATE TABLE push_keys (
    id INTEGER PRIMARY KEY,
    private_key TEXT NOT NULL,
    created_ms INTEGER NOT NULL
);
-- Each browser subscription of a player: the push service's endpoint and the browser's keys
-- (base64url).
CREATE TABLE push_subscriptions (
    endpoint TEXT PRIMARY KEY,
    player INTEGER NOT NULL,
    p256dh TEXT NOT NULL,
    auth TEXT NOT NULL,
    created_ms INTEGER NOT NULL
);
CREATE INDEX push_subscriptions_player ON push_subscriptions (player);
-- What a player muted: one game, or all games (game 0).
CREATE TABLE push_mutes (
    player INTEGER NOT NULL,
    game INTEGER NOT NULL,
    PRIMARY KEY (player, game)
);
-- When the player to move is reminded of a correspondence game's deadline (milliseconds since
-- the Unix epoch); NULL once reminded, or without a deadline.
ALTER TABLE games ADD COLUMN remind_at_ms INTEGER;
CREATE INDEX games_remind ON games (remind_at_ms) WHERE remind_at_ms IS NOT NULL;

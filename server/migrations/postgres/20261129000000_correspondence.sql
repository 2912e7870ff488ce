-- Correspondence games (docs/PROTOCOL.md, "Correspondence games"). The SQLite twin is in
-- ../sqlite/.
-- Days a move: NULL for a live game, 0 for a correspondence game without a limit.
ALTER TABLE games ADD COLUMN correspondence_days BIGINT;
-- When the side to move must have moved (milliseconds since the Unix epoch), while the game is
-- in play; NULL without a deadline.
ALTER TABLE games ADD COLUMN deadline_ms BIGINT;
-- The side to move after the last move (0 the first, 1 the second): the list of a player's games puts
-- the games where it is their turn first without replaying them.
ALTER TABLE games ADD COLUMN to_move BIGINT;
-- The deadline scanner reads the deadlines that have passed, soonest first.
CREATE INDEX games_deadline ON games (deadline_ms) WHERE status = 'live' AND deadline_ms IS NOT NULL;
-- A restart reopens the live games played live; correspondence games wake when asked for.
CREATE INDEX games_live_realtime ON games (id) WHERE status = 'live' AND correspondence_days IS NULL;

-- Berserk in an arena's games (docs/TOURNAMENTS.md): which sides halved their clock, as bits
-- (1 the first side, 2 the second), so that a room restored after a restart gives them no
-- increment and the arena scores them. The SQLite twin is in ../sqlite/.
ALTER TABLE games ADD COLUMN berserk BIGINT NOT NULL DEFAULT 0;

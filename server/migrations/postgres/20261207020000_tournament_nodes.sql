-- Tournaments in a cluster (docs/SCALING.md, "Tournaments"): `node` names the node that runs
-- each one, claimed by a live node when its node is gone, as a game's `owner` is. The hourly
-- arenas the server makes itself carry a key, the game and the start, that no two rows share,
-- so that the nodes of a cluster make each of them once. The SQLite twin is in ../sqlite/.
ALTER TABLE tournaments ADD COLUMN hourly TEXT;
CREATE UNIQUE INDEX tournaments_hourly ON tournaments (hourly);
-- The claim looks for unfinished tournaments whose node is gone.
CREATE INDEX tournaments_node ON tournaments (node, ends_ms);

-- The cluster's owners: the node that runs each live game's room, and the node that holds
-- each seek's seeker (docs/SCALING.md). NULL on a single node, and for a game no node runs.
ALTER TABLE games ADD COLUMN owner TEXT;
ALTER TABLE seeks ADD COLUMN node TEXT;

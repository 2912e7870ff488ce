-- The cluster's owners: the node that runs each live game's room, and the node that holds
-- each seek's seeker (docs/SCALING.md). NULL on a single node, and for a game no node runs.
ALTER TABLE games ADD COLUMN owner TEXT;
ALTER TABLE seeks ADD COLUMN node TEXT;
-- The seeker's connection on that node, and whether it asked for turns (1) or not (0): the
-- node that takes the seek seats it at the game from its first message.
ALTER TABLE seeks ADD COLUMN conn BIGINT;
ALTER TABLE seeks ADD COLUMN turns BIGINT;
-- The nodes look for live games without a live owner twice a second: only live games count.
CREATE INDEX games_live_owner ON games (owner) WHERE status = 'live';

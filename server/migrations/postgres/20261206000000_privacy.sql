-- Private games and per-address bounds (docs/SECURITY.md, "Private games"). The twin for the
-- other database is in ../sqlite/.
-- A private game's watch key (32 hexadecimal digits, 128 random bits): its players and the
-- holders of its watch link see it, nobody else. NULL for a public game. Every game begun
-- from a private invitation before this migration becomes private, with a key of its own
-- (gen_random_uuid draws from a cryptographically strong generator: 122 random bits, and
-- the version digits, for the 32 digits).
ALTER TABLE games ADD COLUMN watch_key TEXT;
UPDATE games SET watch_key = replace(gen_random_uuid()::text, '-', '') WHERE mode = 'private';
-- The address a lasting seek (a correspondence seek, or an invitation) was made from, as the
-- per-address limit counts it (an IPv4 address, or an IPv6 /64 prefix); NULL for a seek that
-- goes with its seeker's connection.
ALTER TABLE seeks ADD COLUMN address TEXT;
CREATE INDEX seeks_address ON seeks (address) WHERE address IS NOT NULL;

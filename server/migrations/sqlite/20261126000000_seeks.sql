-- Open seeks and private invitations, kept so that they survive a restart. The PostgreSQL
-- twin is in ../postgres/.
CREATE TABLE seeks (
    -- AUTOINCREMENT: a seek id is never given twice, even after the newest seek is removed.
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    player INTEGER NOT NULL,
    player_name TEXT NOT NULL,
    -- The game set-up as protocol JSON.
    setup TEXT NOT NULL,
    -- The invite code of a private game; NULL for an open seek.
    code TEXT UNIQUE,
    created_ms INTEGER NOT NULL
);

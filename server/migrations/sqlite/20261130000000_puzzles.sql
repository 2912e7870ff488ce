-- Puzzles (docs/PROTOCOL.md, "Puzzles"). The twin for the other database is in ../postgres/.
-- Each player's puzzle rating (Glicko-2, one pool for all puzzles, apart from the games'),
-- how many rated attempts it counts, and the player's longest streak.
CREATE TABLE puzzle_players (
    player INTEGER PRIMARY KEY,
    rating REAL NOT NULL,
    deviation REAL NOT NULL,
    volatility REAL NOT NULL,
    attempts INTEGER NOT NULL,
    best_streak INTEGER NOT NULL
);
-- Each puzzle's rating once it has been played rated (until then its set's rating stands),
-- and how many rated attempts it has had. `puzzle` is the set's id.
CREATE TABLE puzzle_ratings (
    puzzle TEXT PRIMARY KEY,
    rating REAL NOT NULL,
    deviation REAL NOT NULL,
    volatility REAL NOT NULL,
    plays INTEGER NOT NULL
);
-- Every attempt that ended: solved (without a mistake) or not, whether it was rated, how it
-- was given (rated, streak, or mine: from the player's own game), the player's rating and
-- deviation before and after, and the puzzle's rating before and after (NULL for a puzzle
-- from a player's own game, which has none).
CREATE TABLE puzzle_attempts (
    id INTEGER PRIMARY KEY,
    player INTEGER NOT NULL,
    puzzle TEXT NOT NULL,
    at_ms INTEGER NOT NULL,
    solved INTEGER NOT NULL,
    rated INTEGER NOT NULL,
    mode TEXT NOT NULL,
    rating_before REAL NOT NULL,
    deviation_before REAL NOT NULL,
    rating_after REAL NOT NULL,
    deviation_after REAL NOT NULL,
    puzzle_rating_before REAL,
    puzzle_rating_after REAL
);
CREATE INDEX puzzle_attempts_player ON puzzle_attempts (player, puzzle);
-- One rated attempt per player and puzzle, whatever happens.
CREATE UNIQUE INDEX puzzle_attempts_rated ON puzzle_attempts (player, puzzle) WHERE rated = 1;

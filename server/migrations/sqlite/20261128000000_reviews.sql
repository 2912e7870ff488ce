-- Each game's review, made once and kept with its record: the review as JSON (the protocol's
-- `GameReview`), and the budget each position was searched at. The PostgreSQL twin is in
-- ../postgres/.
CREATE TABLE reviews (
    game INTEGER PRIMARY KEY REFERENCES games(id),
    budget_ms INTEGER NOT NULL,
    review TEXT NOT NULL,
    created_ms INTEGER NOT NULL
);

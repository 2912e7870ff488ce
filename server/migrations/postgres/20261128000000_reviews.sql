-- Each game's review, made once and kept with its record: the review as JSON (the protocol's
-- `GameReview`), and the budget each position was searched at. The SQLite twin is in
-- ../sqlite/.
CREATE TABLE reviews (
    game BIGINT PRIMARY KEY REFERENCES games(id),
    budget_ms BIGINT NOT NULL,
    review TEXT NOT NULL,
    created_ms BIGINT NOT NULL
);

//! Game reviews kept with their records: one row per reviewed game, the review as JSON, so a
//! second request for it is answered at once and says exactly what the first did.

use chaupal_rules::review::GameReview;
use chaupal_shared::protocol::GameId;
use sqlx::Row;

use super::{Store, StoreError, to_i64, writer};

impl Store {
    /// The stored review of `game`, if it was reviewed.
    pub async fn review(&self, game: GameId) -> Result<Option<GameReview>, StoreError> {
        let row = sqlx::query("SELECT review FROM reviews WHERE game = $1")
            .bind(to_i64(game.0))
            .fetch_optional(&self.pool)
            .await?;
        let Some(row) = row else { return Ok(None) };
        let text: String = row.try_get("review")?;
        let review: GameReview = serde_json::from_str(&text)
            .map_err(|e| StoreError::Corrupt(format!("the review of {game}: {e}")))?;
        if review.game != game {
            return Err(StoreError::Corrupt(format!(
                "the review stored for {game} is of {}",
                review.game
            )));
        }
        Ok(Some(review))
    }

    /// Keeps `review` with its game's record and returns the one kept: `review`, or the one
    /// stored first when another node reviewed the same game at the same time.
    pub async fn save_review(
        &self,
        review: &GameReview,
        now_ms: u64,
    ) -> Result<GameReview, StoreError> {
        let text = serde_json::to_string(review)
            .map_err(|e| StoreError::Corrupt(format!("a review that cannot be written: {e}")))?;
        let (game, budget) = (to_i64(review.game.0), to_i64(review.budget_ms));
        self.run_op(writer::op(move |conn| {
            let text = text.clone();
            Box::pin(async move {
                sqlx::query(
                    "INSERT INTO reviews (game, budget_ms, review, created_ms) \
                     VALUES ($1, $2, $3, $4) ON CONFLICT (game) DO NOTHING",
                )
                .bind(game)
                .bind(budget)
                .bind(text)
                .bind(to_i64(now_ms))
                .execute(conn)
                .await?;
                Ok(None)
            })
        }))
        .await?;
        Ok(self
            .review(review.game)
            .await?
            .unwrap_or_else(|| review.clone()))
    }
}

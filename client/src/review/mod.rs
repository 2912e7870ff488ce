//! A game's review in the client: the request's state (asked, the server's progress, the
//! review, or why there is none) and what the replay shows of it, read out of the shared
//! [`GameReview`] without a window: the advantage graph's arithmetic ([`graph`]), the words
//! (the mistakes of each player, the verdict on a move, scores: [`notes`]), and the best
//! move's mark on the board ([`arrow`]).

pub mod arrow;
pub mod graph;
pub mod notes;

use chaupal_shared::review::GameReview;

/// Where a review of the replayed game stands.
#[derive(Clone, Debug, PartialEq)]
pub enum ReviewState {
    /// Asked for; the server has not said how far it got yet.
    Asked,
    /// Under way: `analysed` of `total` positions are done.
    Running { analysed: u32, total: u32 },
    /// The review.
    Ready(Box<GameReview>),
    /// No review: why, in words.
    Failed(String),
}

impl ReviewState {
    /// The review, once it is there.
    pub fn review(&self) -> Option<&GameReview> {
        match self {
            ReviewState::Ready(r) => Some(r),
            _ => None,
        }
    }

    /// Whether the review is still to come.
    pub fn waiting(&self) -> bool {
        matches!(self, ReviewState::Asked | ReviewState::Running { .. })
    }

    /// How far the review got, in words, while it runs: "Analysing 17 of 41 positions".
    pub fn progress_text(&self) -> Option<String> {
        match self {
            ReviewState::Asked => Some("Asking the server for a review...".to_owned()),
            ReviewState::Running { analysed, total } => {
                Some(format!("Analysing {analysed} of {total} positions"))
            }
            ReviewState::Ready(_) | ReviewState::Failed(_) => None,
        }
    }

    /// The share of the positions analysed, 0 to 1, while it runs.
    pub fn progress(&self) -> Option<f32> {
        match self {
            ReviewState::Asked => Some(0.0),
            ReviewState::Running { analysed, total } => {
                Some((*analysed as f32 / (*total).max(1) as f32).clamp(0.0, 1.0))
            }
            ReviewState::Ready(_) | ReviewState::Failed(_) => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn progress_is_worded_and_measured_while_the_review_runs() {
        let running = ReviewState::Running {
            analysed: 17,
            total: 41,
        };
        assert_eq!(
            running.progress_text().as_deref(),
            Some("Analysing 17 of 41 positions")
        );
        assert!((running.progress().unwrap_or(0.0) - 17.0 / 41.0).abs() < 1e-6);
        assert!(running.waiting());
        let empty = ReviewState::Running {
            analysed: 0,
            total: 0,
        };
        assert_eq!(empty.progress(), Some(0.0), "no division by zero");
        let failed = ReviewState::Failed("no".into());
        assert_eq!(failed.progress_text(), None);
        assert!(!failed.waiting() && failed.review().is_none());
    }
}

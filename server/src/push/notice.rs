//! What a push notification says: the player's turn, a friend who took the invitation, a game
//! ended, a deadline near. The payload is JSON for the service worker (client/web/sw.js),
//! which shows `title` and `body` and opens `url` on a tap; `event` and the fields after it let
//! a page in another language word it in its own.

use chaupal_rules::GameKind;
use chaupal_shared::protocol::GameId;
use serde::Serialize;

/// How a game ended for the player told.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    Won,
    Lost,
    Drawn,
    Aborted,
}

/// Something a player is told by push.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Notice {
    /// The opponent moved: it is the player's turn.
    YourTurn {
        game: GameId,
        kind: GameKind,
        opponent: String,
    },
    /// A friend took the player's invitation (or someone the seek): the game began.
    Accepted {
        game: GameId,
        kind: GameKind,
        opponent: String,
    },
    /// The game ended; `on_time` when a deadline decided it.
    Ended {
        game: GameId,
        kind: GameKind,
        opponent: String,
        outcome: Outcome,
        on_time: bool,
    },
    /// Less than `hours_left` hours (rounded up) are left for the player's move.
    Reminder {
        game: GameId,
        kind: GameKind,
        opponent: String,
        hours_left: u64,
    },
}

/// The JSON the service worker reads.
#[derive(Debug, Serialize)]
struct Payload<'a> {
    title: String,
    body: String,
    game: u64,
    /// One notification per game: a newer one replaces it.
    tag: String,
    url: String,
    event: &'static str,
    game_kind: &'static str,
    opponent: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    outcome: Option<Outcome>,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    on_time: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    hours_left: Option<u64>,
}

impl Notice {
    /// The game it is about.
    pub fn game(&self) -> GameId {
        match self {
            Notice::YourTurn { game, .. }
            | Notice::Accepted { game, .. }
            | Notice::Ended { game, .. }
            | Notice::Reminder { game, .. } => *game,
        }
    }

    /// The payload, as JSON bytes.
    pub fn payload(&self) -> Vec<u8> {
        let (kind, opponent) = match self {
            Notice::YourTurn { kind, opponent, .. }
            | Notice::Accepted { kind, opponent, .. }
            | Notice::Ended { kind, opponent, .. }
            | Notice::Reminder { kind, opponent, .. } => (*kind, opponent.as_str()),
        };
        let title_of = kind.title();
        let game = self.game().0;
        let mut payload = Payload {
            title: String::new(),
            body: String::new(),
            game,
            tag: format!("game-{game}"),
            url: format!("/game/{game}"),
            event: "",
            game_kind: kind.name(),
            opponent,
            outcome: None,
            on_time: false,
            hours_left: None,
        };
        match self {
            Notice::YourTurn { .. } => {
                payload.event = "turn";
                payload.title = format!("Your turn in {title_of} against {opponent}");
                payload.body = format!("{opponent} has moved. Tap to play.");
            }
            Notice::Accepted { .. } => {
                payload.event = "accepted";
                payload.title = format!("{opponent} accepted your invitation");
                payload.body = format!("Your game of {title_of} has begun.");
            }
            Notice::Ended {
                outcome, on_time, ..
            } => {
                payload.event = "ended";
                payload.outcome = Some(*outcome);
                payload.on_time = *on_time;
                let how = match outcome {
                    Outcome::Won => "you won",
                    Outcome::Lost => "you lost",
                    Outcome::Drawn => "a draw",
                    Outcome::Aborted => "aborted",
                };
                payload.title = format!("{title_of} against {opponent}: {how}");
                payload.body = if *on_time {
                    "The game ended on time.".to_owned()
                } else {
                    "The game is over.".to_owned()
                };
            }
            Notice::Reminder { hours_left, .. } => {
                payload.event = "reminder";
                payload.hours_left = Some(*hours_left);
                payload.title = format!("Your move in {title_of} against {opponent}");
                payload.body = format!(
                    "Less than {hours_left} hour{} left to move.",
                    if *hours_left == 1 { "" } else { "s" }
                );
            }
        }
        serde_json::to_vec(&payload).unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)] // a test: a failure should fail loudly

    use super::*;

    fn read(notice: &Notice) -> serde_json::Value {
        serde_json::from_slice(&notice.payload()).unwrap()
    }

    #[test]
    fn each_notice_names_the_game_the_opponent_and_where_to_go() {
        let turn = read(&Notice::YourTurn {
            game: GameId(45),
            kind: GameKind::BaghChal,
            opponent: "Asha".into(),
        });
        assert_eq!(turn["title"], "Your turn in Bagh Chal against Asha");
        assert_eq!(
            (turn["url"].as_str(), turn["tag"].as_str()),
            (Some("/game/45"), Some("game-45"))
        );
        assert_eq!(
            (turn["event"].as_str(), turn["game_kind"].as_str()),
            (Some("turn"), Some("baghchal"))
        );
        let over = read(&Notice::Ended {
            game: GameId(45),
            kind: GameKind::Kalah,
            opponent: "Bimal".into(),
            outcome: Outcome::Won,
            on_time: true,
        });
        assert_eq!(over["title"], "Kalah against Bimal: you won");
        assert_eq!(over["body"], "The game ended on time.");
        assert_eq!(
            (over["outcome"].as_str(), over["on_time"].as_bool()),
            (Some("won"), Some(true))
        );
        let soon = read(&Notice::Reminder {
            game: GameId(7),
            kind: GameKind::Jungle,
            opponent: "Chen".into(),
            hours_left: 1,
        });
        assert_eq!(soon["body"], "Less than 1 hour left to move.");
        assert_eq!(soon["hours_left"], 1);
        let accepted = read(&Notice::Accepted {
            game: GameId(8),
            kind: GameKind::SholoGuti,
            opponent: "Dipa".into(),
        });
        assert_eq!(accepted["title"], "Dipa accepted your invitation");
        assert!(accepted.get("outcome").is_none());
    }
}

//! What a push notification says: the player's turn, a friend who took the invitation, a game
//! ended, a deadline near, a tournament the player entered about to start. The payload is JSON for the service worker (client/web/sw.js),
//! which shows `title` and `body` and opens `url` on a tap; `event` and the fields after it let
//! a page in another language word it in its own.

use chaupal_rules::GameKind;
use chaupal_shared::protocol::GameId;
use chaupal_shared::protocol::tournaments::TournamentId;
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
    /// A tournament the player entered starts in `minutes` minutes (rounded up); `code` is a
    /// private one's, for its link.
    TournamentSoon {
        tournament: TournamentId,
        kind: GameKind,
        minutes: u64,
        code: Option<String>,
    },
    /// A Swiss's or a round robin's round `round` was paired: the player's `game` against
    /// `opponent` has begun.
    RoundGame {
        game: GameId,
        kind: GameKind,
        opponent: String,
        round: u32,
    },
}

/// The JSON the service worker reads.
#[derive(Debug, Serialize)]
struct Payload<'a> {
    title: String,
    body: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    game: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    tournament: Option<u64>,
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
    #[serde(skip_serializing_if = "Option::is_none")]
    minutes: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    round: Option<u32>,
}

impl Notice {
    /// The game it is about (none: a tournament's notice).
    pub fn game(&self) -> Option<GameId> {
        match self {
            Notice::YourTurn { game, .. }
            | Notice::Accepted { game, .. }
            | Notice::Ended { game, .. }
            | Notice::Reminder { game, .. }
            | Notice::RoundGame { game, .. } => Some(*game),
            Notice::TournamentSoon { .. } => None,
        }
    }

    /// The payload, as JSON bytes.
    pub fn payload(&self) -> Vec<u8> {
        let (kind, opponent) = match self {
            Notice::YourTurn { kind, opponent, .. }
            | Notice::Accepted { kind, opponent, .. }
            | Notice::Ended { kind, opponent, .. }
            | Notice::Reminder { kind, opponent, .. }
            | Notice::RoundGame { kind, opponent, .. } => (*kind, opponent.as_str()),
            Notice::TournamentSoon { kind, .. } => (*kind, ""),
        };
        let title_of = kind.title();
        let game = self.game().map_or(0, |g| g.0);
        let mut payload = Payload {
            title: String::new(),
            body: String::new(),
            game: Some(game),
            tournament: None,
            tag: format!("game-{game}"),
            url: format!("/game/{game}"),
            event: "",
            game_kind: kind.name(),
            opponent,
            outcome: None,
            on_time: false,
            hours_left: None,
            minutes: None,
            round: None,
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
            Notice::RoundGame { round, .. } => {
                payload.event = "round_game";
                payload.round = Some(*round);
                payload.title = format!("Round {round}: {title_of} against {opponent}");
                payload.body = "Your game has begun. Tap to play.".to_owned();
            }
            Notice::TournamentSoon {
                tournament,
                minutes,
                code,
                ..
            } => {
                let id = tournament.0;
                payload.event = "tournament_soon";
                payload.game = None;
                payload.tournament = Some(id);
                payload.minutes = Some(*minutes);
                payload.tag = format!("tournament-{id}");
                payload.url = match code {
                    Some(code) => format!("/tournament/{id}?code={code}"),
                    None => format!("/tournament/{id}"),
                };
                payload.title = format!(
                    "Your {title_of} tournament starts in {minutes} minute{}",
                    if *minutes == 1 { "" } else { "s" }
                );
                payload.body = "Tap to open it.".to_owned();
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
    fn a_tournaments_reminder_leads_to_its_page_with_a_private_ones_code() {
        let public = read(&Notice::TournamentSoon {
            tournament: TournamentId(7),
            kind: GameKind::Jungle,
            minutes: 5,
            code: None,
        });
        assert_eq!(
            public["title"],
            "Your Jungle tournament starts in 5 minutes"
        );
        assert_eq!(public["body"], "Tap to open it.");
        assert_eq!(
            (public["url"].as_str(), public["tag"].as_str()),
            (Some("/tournament/7"), Some("tournament-7"))
        );
        assert_eq!(
            (public["event"].as_str(), public["minutes"].as_u64()),
            (Some("tournament_soon"), Some(5))
        );
        assert!(public.get("game").is_none(), "{public}");
        let private = read(&Notice::TournamentSoon {
            tournament: TournamentId(8),
            kind: GameKind::Kalah,
            minutes: 1,
            code: Some("K7QM-2XPD".into()),
        });
        assert_eq!(private["url"], "/tournament/8?code=K7QM-2XPD");
        assert_eq!(private["title"], "Your Kalah tournament starts in 1 minute");
    }

    #[test]
    fn a_rounds_game_says_its_round_and_leads_to_the_game() {
        let round = read(&Notice::RoundGame {
            game: GameId(61),
            kind: GameKind::SholoGuti,
            opponent: "Bikram".into(),
            round: 3,
        });
        assert_eq!(round["title"], "Round 3: Sholo Guti against Bikram");
        assert_eq!(round["body"], "Your game has begun. Tap to play.");
        assert_eq!(
            (round["url"].as_str(), round["tag"].as_str()),
            (Some("/game/61"), Some("game-61"))
        );
        assert_eq!(
            (round["event"].as_str(), round["round"].as_u64()),
            (Some("round_game"), Some(3))
        );
        assert_eq!(round["opponent"], "Bikram");
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

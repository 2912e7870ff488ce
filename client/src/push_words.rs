//! The words a pushed notification is shown in, in the player's language: the page hands them
//! to the service worker (client/web/sw.js), which words what the server pushes (its `event`,
//! the game, the opponent, how it ended, the hours left) with them while no page is open, and
//! falls back to the server's English for anything they lack. Templates keep `{game}` and
//! `{opponent}` for the worker to fill in; the reminder's body is written out for each number
//! of hours a reminder can say (a deadline less than a day away), and the title of a
//! tournament's reminder for each number of minutes it can say.

use std::collections::BTreeMap;

use chaupal_rules::GameKind;
use serde::Serialize;

use crate::say;
use crate::terms;
use crate::words::{Phrase, Words};

/// The most hours a reminder says are left.
pub const REMINDER_HOURS: u64 = 24;

/// The most minutes a tournament's reminder says are left before its start (the server
/// reminds its entrants five minutes before).
pub const TOURNAMENT_SOON_MINUTES: u64 = 5;

/// A title and a body.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Said {
    pub title: String,
    pub body: String,
}

/// How the game ended, for the player told: the title for each outcome, and the body.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Ended {
    pub won: String,
    pub lost: String,
    pub drawn: String,
    pub aborted: String,
    pub body: String,
    /// The body when a deadline decided it.
    pub on_time: String,
}

/// A reminder: its title, and its body for each number of hours left (1 to
/// [`REMINDER_HOURS`], by the number written out).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Reminder {
    pub title: String,
    pub body: BTreeMap<String, String>,
}

/// A tournament about to start: its title for each number of minutes left (1 to
/// [`TOURNAMENT_SOON_MINUTES`], with `{game}` kept), and its body.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TournamentSoon {
    pub title: BTreeMap<String, String>,
    pub body: String,
}

/// Everything the worker words notifications with.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PushWords {
    /// The games' names, by the names the server gives them (`baghchal`, `sholo-guti`).
    pub games: BTreeMap<&'static str, String>,
    pub turn: Said,
    pub accepted: Said,
    pub ended: Ended,
    pub reminder: Reminder,
    pub tournament_soon: TournamentSoon,
    /// A Swiss's or a round robin's game begun (`{round}` kept beside `{game}` and
    /// `{opponent}`).
    pub round_game: Said,
}

/// The words in `words`' language.
pub fn push_words(words: &Words) -> PushWords {
    // The templates' places for the game and the opponent, filled in by the worker.
    let template = |id: &'static str| {
        words.say(
            &Phrase::new(id)
                .arg("game", "{game}")
                .arg("opponent", "{opponent}"),
        )
    };
    PushWords {
        games: GameKind::ALL
            .iter()
            .map(|&k| (k.name(), words.say(&terms::game_name(k))))
            .collect(),
        turn: Said {
            title: template("notify-turn-title"),
            body: template("notify-turn-body"),
        },
        accepted: Said {
            title: template("notify-accepted-title"),
            body: template("notify-accepted-body"),
        },
        ended: Ended {
            won: template("notify-won"),
            lost: template("notify-lost"),
            drawn: template("notify-drawn"),
            aborted: template("notify-aborted"),
            body: words.say(&say!("notify-ended-body")),
            on_time: words.say(&say!("notify-ended-on-time")),
        },
        reminder: Reminder {
            title: template("notify-reminder-title"),
            body: (1..=REMINDER_HOURS)
                .map(|h| {
                    let body = words.say(&say!("notify-reminder-body", hours = h));
                    (h.to_string(), body)
                })
                .collect(),
        },
        tournament_soon: TournamentSoon {
            title: (1..=TOURNAMENT_SOON_MINUTES)
                .map(|m| {
                    let title = words.say(
                        &Phrase::new("notify-tournament-soon-title")
                            .arg("game", "{game}")
                            .arg("minutes", m),
                    );
                    (m.to_string(), title)
                })
                .collect(),
            body: words.say(&say!("notify-tournament-soon-body")),
        },
        round_game: Said {
            title: words.say(
                &Phrase::new("notify-round-game-title")
                    .arg("game", "{game}")
                    .arg("opponent", "{opponent}")
                    .arg("round", "{round}"),
            ),
            body: template("notify-round-game-body"),
        },
    }
}

/// The words as JSON, for the page to hand to the worker.
pub fn push_words_json(words: &Words) -> String {
    serde_json::to_string(&push_words(words)).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::words::Language;

    /// A template filled in as the worker fills it.
    fn fill(template: &str, game: &str, opponent: &str) -> String {
        template
            .replace("{game}", game)
            .replace("{opponent}", opponent)
    }

    #[test]
    fn the_english_words_are_the_servers() {
        // The server's own English (server/src/push/notice.rs), which the worker shows when
        // it has no words of the page's.
        let en = push_words(&Words::new(Language::English));
        let game = &en.games["baghchal"];
        assert_eq!(game, "Bagh Chal");
        assert_eq!(en.games["sholo-guti"], "Sholo Guti");
        assert_eq!(
            fill(&en.turn.title, game, "Asha"),
            "Your turn in Bagh Chal against Asha"
        );
        assert_eq!(
            fill(&en.turn.body, game, "Asha"),
            "Asha has moved. Tap to play."
        );
        assert_eq!(
            fill(&en.accepted.title, game, "Dipa"),
            "Dipa accepted your invitation"
        );
        assert_eq!(
            fill(&en.accepted.body, "Kalah", "Dipa"),
            "Your game of Kalah has begun."
        );
        assert_eq!(
            fill(&en.ended.won, "Kalah", "Bimal"),
            "Kalah against Bimal: you won"
        );
        assert_eq!(
            fill(&en.ended.drawn, "Kalah", "Bimal"),
            "Kalah against Bimal: a draw"
        );
        assert_eq!(en.ended.on_time, "The game ended on time.");
        assert_eq!(en.ended.body, "The game is over.");
        assert_eq!(en.reminder.body["1"], "Less than 1 hour left to move.");
        assert_eq!(en.reminder.body["24"], "Less than 24 hours left to move.");
        assert_eq!(en.reminder.body.len(), 24);
        assert_eq!(
            fill(&en.tournament_soon.title["1"], "Jungle", ""),
            "Your Jungle tournament starts in 1 minute"
        );
        assert_eq!(
            fill(&en.tournament_soon.title["5"], game, ""),
            "Your Bagh Chal tournament starts in 5 minutes"
        );
        assert_eq!(en.tournament_soon.body, "Tap to open it.");
        assert_eq!(
            fill(&en.round_game.title, "Kalah", "Bimal").replace("{round}", "3"),
            "Round 3: Kalah against Bimal"
        );
        assert_eq!(en.round_game.body, "Your game has begun. Tap to play.");
    }

    #[test]
    fn every_language_has_its_own_words_with_both_places_kept() {
        let english = push_words(&Words::new(Language::English));
        for language in Language::ALL {
            let w = push_words(&Words::new(language));
            for template in [
                &w.turn.title,
                &w.reminder.title,
                &w.ended.won,
                &w.ended.lost,
                &w.ended.drawn,
                &w.ended.aborted,
            ] {
                assert!(
                    template.contains("{game}") && template.contains("{opponent}"),
                    "{}: {template}",
                    language.tag()
                );
            }
            assert!(w.reminder.body["5"].contains('5'), "{}", language.tag());
            let round = &w.round_game.title;
            assert!(
                round.contains("{game}")
                    && round.contains("{opponent}")
                    && round.contains("{round}"),
                "{}: {round}",
                language.tag()
            );
            for m in 1..=TOURNAMENT_SOON_MINUTES {
                let title = &w.tournament_soon.title[&m.to_string()];
                assert!(
                    title.contains("{game}") && title.contains(&m.to_string()),
                    "{}: {title}",
                    language.tag()
                );
            }
            if language != Language::English {
                assert_ne!(w.turn.title, english.turn.title, "{}", language.tag());
                assert_ne!(w.games["kalah"], "", "{}", language.tag());
            }
            let json = serde_json::to_value(&w).expect("JSON");
            assert!(json["reminder"]["body"]["24"].is_string());
        }
    }
}

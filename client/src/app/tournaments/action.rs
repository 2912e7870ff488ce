//! What a player does on the tournament screens: the list, a tournament's page (join, pause,
//! leave, the standings' pages, its link), and the card that makes a tournament.

/// What a player does about tournaments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TournamentAction {
    /// Opens the list of tournaments (from the lobby), asking the server for it.
    OpenList,
    /// Opens a tournament's page (and follows its news); a private one needs its code.
    Open {
        id: u64,
        code: Option<String>,
    },
    /// Enters the tournament on the page, or comes back after a pause.
    Join,
    /// Steps out of the tournament on the page for a while.
    Pause,
    /// Leaves the tournament on the page for good (the points stay).
    Leave,
    /// Shows this page of the standings (from 0).
    StandingsPage(u32),
    /// Passes the private tournament's link on (the share sheet or the clipboard).
    Share,
    /// To the player's game in progress in the tournament on the page.
    ToMyGame,
    /// From a tournament game's end back to the tournament's page (seen afresh).
    BackToPage,
    /// Opens the card that makes a tournament.
    NewTournament,
    /// Steps the new tournament's format, game, arena's length, Swiss's rounds, round robin's
    /// most entrants, clock, days a move or start.
    CycleFormat {
        forward: bool,
    },
    CycleGame {
        forward: bool,
    },
    CycleMinutes {
        forward: bool,
    },
    CycleClock {
        forward: bool,
    },
    CycleRounds {
        forward: bool,
    },
    CycleEntrants {
        forward: bool,
    },
    CycleDays {
        forward: bool,
    },
    CycleStart {
        forward: bool,
    },
    /// How many computer entrants a private tournament has (none to four), and their level.
    CycleComputers {
        forward: bool,
    },
    CycleComputerLevel {
        forward: bool,
    },
    /// A Swiss's pairings play matches of two games, or single games.
    SetMatches(bool),
    /// A round robin's entrants meet twice, or once.
    SetDouble(bool),
    /// A Swiss or a round robin by correspondence, or live.
    SetCorrespondence(bool),
    /// Private (listed to nobody, joined by its link) or public.
    SetPrivate(bool),
    /// Makes the tournament as the card says.
    Create,
}

impl From<TournamentAction> for crate::app::Action {
    fn from(action: TournamentAction) -> Self {
        crate::app::Action::Tournament(action)
    }
}

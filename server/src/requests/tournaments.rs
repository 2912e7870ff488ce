//! The tournament requests (docs/PROTOCOL.md, "Tournaments"): make, list, open and close,
//! join, pause, leave, and pages of the standings. The tournaments themselves are
//! [`crate::tournaments`].

use chaupal_shared::protocol::tournaments::{TournamentId, TournamentSetup};
use chaupal_shared::protocol::{ErrorReply, PlayerInfo, Reply};

use crate::outbox::Outbox;
use crate::tournaments::Tournaments;

/// `create_tournament`.
pub async fn create(
    tournaments: &Tournaments,
    by: &PlayerInfo,
    setup: TournamentSetup,
) -> Result<Reply, ErrorReply> {
    Ok(Reply::Tournament(Box::new(
        tournaments.create(by, setup).await?,
    )))
}

/// `list_tournaments`.
pub fn list(tournaments: &Tournaments, player: &PlayerInfo) -> Reply {
    Reply::Tournaments {
        tournaments: tournaments.list(player.id),
    }
}

/// `open_tournament`: the view, and the news to `outbox` from now on.
pub async fn open(
    tournaments: &Tournaments,
    player: &PlayerInfo,
    tournament: TournamentId,
    code: Option<String>,
    outbox: Outbox,
) -> Result<Reply, ErrorReply> {
    tournaments.read_if_new(tournament).await;
    let view = tournaments.open(player.id, tournament, code.as_deref(), Some(outbox))?;
    Ok(Reply::Tournament(Box::new(view)))
}

/// `close_tournament`.
pub fn close(tournaments: &Tournaments, tournament: TournamentId, outbox: &Outbox) -> Reply {
    tournaments.close(tournament, outbox);
    Reply::Ok
}

/// `join_tournament`.
pub async fn join(
    tournaments: &Tournaments,
    player: &PlayerInfo,
    tournament: TournamentId,
    code: Option<String>,
) -> Result<Reply, ErrorReply> {
    let view = tournaments
        .join(player, tournament, code.as_deref())
        .await?;
    Ok(Reply::Tournament(Box::new(view)))
}

/// `pause_tournament` (`leave` false) and `leave_tournament`.
pub async fn step_out(
    tournaments: &Tournaments,
    player: &PlayerInfo,
    tournament: TournamentId,
    leave: bool,
) -> Result<Reply, ErrorReply> {
    let view = tournaments.step_out(player.id, tournament, leave).await?;
    Ok(Reply::Tournament(Box::new(view)))
}

/// `tournament_standings`.
pub async fn standings(
    tournaments: &Tournaments,
    player: &PlayerInfo,
    tournament: TournamentId,
    page: u32,
) -> Result<Reply, ErrorReply> {
    tournaments.read_if_new(tournament).await;
    let page = tournaments.standings(player.id, tournament, page)?;
    Ok(Reply::TournamentStandings(Box::new(page)))
}

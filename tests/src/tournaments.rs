//! Tournaments as the end-to-end tests hold them: a reply read as a tournament's view, one
//! made, and its standings awaited until they come to what a test expects.

use std::time::Duration;

use chaupal_shared::protocol::tournaments::{
    StandingsPage, TournamentId, TournamentSetup, TournamentView,
};
use chaupal_shared::protocol::{ErrorReply, Reply, Request};

use crate::Client;

/// The view a reply carries (a failing test when it is anything else).
pub fn view(reply: Result<Reply, ErrorReply>) -> TournamentView {
    match reply {
        Ok(Reply::Tournament(v)) => *v,
        other => panic!("not a tournament: {other:?}"),
    }
}

/// The tournament `client` makes with `setup`, as its view.
pub async fn create(client: &mut Client, setup: TournamentSetup) -> TournamentView {
    view(
        client
            .request(Request::CreateTournament(Box::new(setup)))
            .await,
    )
}

/// The first page of `tournament`'s standings once `done` holds of it (asked again every
/// 100 ms, for at most 15 s).
pub async fn standings_when(
    client: &mut Client,
    tournament: TournamentId,
    done: impl Fn(&StandingsPage) -> bool,
) -> StandingsPage {
    for _ in 0..150 {
        let Ok(Reply::TournamentStandings(p)) = client
            .request(Request::TournamentStandings {
                tournament,
                page: 0,
            })
            .await
        else {
            panic!("no standings");
        };
        if done(&p) {
            return *p;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("the standings never came to what was expected");
}

/// `client` joins `tournament` (public); its view.
pub async fn join(client: &mut Client, tournament: TournamentId) -> TournamentView {
    view(
        client
            .request(Request::JoinTournament {
                tournament,
                code: None,
            })
            .await,
    )
}

/// The next pairing `client` hears of in `tournament`: the game and its side.
pub async fn paired(
    client: &mut Client,
    tournament: TournamentId,
) -> (chaupal_shared::protocol::GameId, chaupal_rules::game::Side) {
    use chaupal_shared::protocol::ServerMessage;
    use chaupal_shared::protocol::tournaments::TournamentNews;
    client
        .wait_for(|m| match m {
            ServerMessage::Tournament(TournamentNews::Paired {
                tournament: t,
                game,
                side,
                ..
            }) if *t == tournament => Some((*game, *side)),
            _ => None,
        })
        .await
}

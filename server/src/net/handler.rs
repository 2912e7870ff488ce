//! The dispatch of requests, once the connection has decoded one and the player said hello:
//! each family of requests is a file of [`crate::requests`], and every failure becomes a
//! typed error reply.

use chaupal_shared::protocol::{ErrorCode, ErrorReply, PlayerId, PlayerInfo, Reply, Request};
use tokio_util::sync::CancellationToken;

use super::conn::Conn;
use crate::outbox::Outbox;
use crate::requests::analysis::{self, SearchFor};
use crate::requests::puzzles::{self, Asker};
use crate::requests::{
    correspondence, devices, games, lobby, notifications, ratings, records, tournaments,
};

impl Conn {
    /// Handles one request after Hello.
    pub(super) async fn handle(&mut self, id: u64, request: Request) {
        let (Some(player), Some(outbox)) = (self.player.clone(), self.outbox.clone()) else {
            self.fail(Some(id), ErrorCode::HelloRequired, "say hello first");
            return;
        };
        match self.dispatch(id, request, player, outbox).await {
            Ok(Some(reply)) => self.reply(id, reply),
            Ok(None) => {}
            Err(e) => self.error_reply(id, e),
        }
    }

    /// The reply to a request (none when it was sent already, or a task answers later).
    async fn dispatch(
        &mut self,
        id: u64,
        request: Request,
        player: PlayerInfo,
        outbox: Outbox,
    ) -> Result<Option<Reply>, ErrorReply> {
        let shared = self.shared.clone();
        let (registry, matchmaking, store) = (&shared.registry, &shared.matchmaking, &shared.store);
        let reply = match request {
            Request::Hello { .. } => {
                return Err(ErrorReply::new(
                    ErrorCode::AlreadyGreeted,
                    "hello was already said",
                ));
            }
            Request::Ping { data } => Reply::Pong { data },
            // The lobby.
            Request::CreateGame(setup) => {
                let address = self.peer.group();
                lobby::create(matchmaking, player, outbox, setup, &address).await?
            }
            Request::CancelSeek { seek } => lobby::cancel(matchmaking, player.id, seek)?,
            Request::AcceptSeek { seek } => {
                lobby::accept(matchmaking, player, outbox, seek).await?
            }
            Request::JoinByCode { code } => {
                lobby::join_by_code(matchmaking, player, outbox, &code).await?
            }
            Request::Invitation { code } => lobby::invitation(matchmaking, &player, &code).await?,
            Request::DeclineInvitation { code } => {
                lobby::decline(matchmaking, &player, &code).await?
            }
            Request::ListSeeks => lobby::list_seeks(matchmaking, None),
            Request::ListGames => lobby::list_games(registry, None),
            Request::ListSeeksBefore { before } => lobby::list_seeks(matchmaking, Some(before)),
            Request::ListGamesBefore { before } => lobby::list_games(registry, Some(before)),
            Request::SubscribeLobby => {
                self.stop_lobby_events();
                let (reply, rx) = lobby::subscribe(matchmaking);
                let stop = CancellationToken::new();
                self.lobby_sub = Some(stop.clone());
                // The reply goes first, so the forwarder's events follow it.
                self.reply(id, reply);
                let matchmaking = matchmaking.clone();
                tokio::spawn(lobby::forward(rx, outbox, matchmaking, stop));
                return Ok(None);
            }
            Request::UnsubscribeLobby => {
                self.stop_lobby_events();
                Reply::Ok
            }
            // Games.
            Request::Watch { game, key } => {
                games::attach(registry, game, outbox, None, key.as_ref()).await?
            }
            Request::Rejoin { game, since, key } => {
                games::attach(registry, game, outbox, since, key.as_ref()).await?
            }
            Request::Unwatch { game } => games::unwatch(registry, self.id, game).await,
            Request::Act { game, seat, action } => {
                games::act(registry, self.id, player.id, game, seat, action, self.lag).await?
            }
            // The AI's help.
            Request::Hint { game } => {
                analysis::hint(registry, game, id, self.search_for(outbox)).await?;
                return Ok(None);
            }
            Request::Analyse(req) => {
                let max_ms = shared.limits.analysis_ms;
                analysis::analyse(registry, req, max_ms, id, self.search_for(outbox)).await?;
                return Ok(None);
            }
            Request::Review { game, key } => {
                analysis::review(shared.reviews.clone(), outbox, id, player.id, game, key);
                return Ok(None);
            }
            // Records.
            Request::FinishedGames {
                player: who,
                limit,
                before,
            } => {
                let whose = who.unwrap_or(player.id);
                records::finished_games(store, whose, player.id, limit, before).await?
            }
            Request::GetRecord { game, key } => {
                records::get_record(registry.room(game), store, game, player.id, key.as_ref())
                    .await?
            }
            Request::ImportRecord { text } => {
                records::import_record(store, &text, player.id).await?
            }
            // Identity and devices.
            Request::DeviceCode => devices::device_code(&shared.devices, player.id),
            Request::LinkDevice { code } => {
                devices::link_device(&shared.devices, store, &code, &player).await?
            }
            // Ratings.
            Request::Ratings { player: who } => {
                ratings::ratings(store, who.unwrap_or(player.id)).await?
            }
            // Correspondence.
            Request::MyGames => correspondence::my_games(registry, player.id).await?,
            Request::MySeeks => correspondence::my_seeks(matchmaking, player.id).await?,
            // Notifications.
            Request::PushSubscribe {
                endpoint,
                p256dh,
                auth,
            } => {
                notifications::subscribe(registry.push(), player.id, &endpoint, &p256dh, &auth)
                    .await?
            }
            Request::PushUnsubscribe { endpoint } => {
                notifications::unsubscribe(registry.push(), player.id, &endpoint).await?
            }
            Request::Mute { game, muted } => {
                notifications::mute(store, player.id, game, muted).await?
            }
            // Puzzles.
            Request::NextPuzzle(query) => self.asker(&shared, player.id).next(query).await?,
            Request::OpenPuzzle { puzzle } => self.asker(&shared, player.id).open(&puzzle).await?,
            Request::PuzzleMove { puzzle, notation } => {
                self.asker(&shared, player.id)
                    .play(&puzzle, &notation)
                    .await?
            }
            Request::PuzzleSolution { puzzle } => {
                self.asker(&shared, player.id).solution(&puzzle).await?
            }
            Request::DailyPuzzles => puzzles::daily_puzzles(&shared.puzzles, store.now_ms()),
            Request::PuzzleThemes => puzzles::puzzle_themes(&shared.puzzles),
            Request::MistakePuzzles { game } => {
                puzzles::mistake_puzzles(store, player.id, game).await?
            }
            Request::CreateTournament(setup) => {
                tournaments::create(&shared.tournaments, &player, *setup).await?
            }
            Request::ListTournaments => tournaments::list(&shared.tournaments, &player),
            Request::OpenTournament { tournament, code } => {
                tournaments::open(&shared.tournaments, &player, tournament, code, outbox).await?
            }
            Request::CloseTournament { tournament } => {
                tournaments::close(&shared.tournaments, tournament, &outbox)
            }
            Request::JoinTournament { tournament, code } => {
                tournaments::join(&shared.tournaments, &player, tournament, code).await?
            }
            Request::PauseTournament { tournament } => {
                tournaments::step_out(&shared.tournaments, &player, tournament, false).await?
            }
            Request::LeaveTournament { tournament } => {
                tournaments::step_out(&shared.tournaments, &player, tournament, true).await?
            }
            Request::TournamentStandings { tournament, page } => {
                tournaments::standings(&shared.tournaments, &player, tournament, page).await?
            }
        };
        Ok(Some(reply))
    }

    /// What a puzzle request of this connection acts on.
    fn asker<'a>(&'a mut self, shared: &'a super::Shared, player: PlayerId) -> Asker<'a> {
        Asker {
            puzzles: &shared.puzzles,
            store: &shared.store,
            session: &mut self.puzzles,
            player,
        }
    }

    /// Stops the lobby events this connection was sent, if any.
    fn stop_lobby_events(&mut self) {
        if let Some(old) = self.lobby_sub.take() {
            old.cancel();
        }
    }

    /// What a hint or analysis for this connection needs.
    fn search_for(&self, outbox: Outbox) -> SearchFor {
        SearchFor {
            pool: self.shared.pool.clone(),
            budget: std::time::Duration::from_millis(self.shared.limits.analysis_ms),
            outbox,
            searching: self.searching.clone(),
            closer: self.closer.clone(),
        }
    }
}

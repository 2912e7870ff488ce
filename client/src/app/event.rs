//! What happens outside the app, in the client's terms: one variant per feature, wrapping the
//! feature's own events (defined, and taken in, in the feature's `event.rs`).
//! [`super::App::apply`] hands each to its feature (in `apply`).

use super::connection::ConnectionEvent;
use super::game::MatchEvent;
use super::links::LinkEvent;
use super::lobby::LobbyChange;
use super::notifications::PushEvent;
use super::puzzles::PuzzleEvent;
use super::replay::ReplayEvent;
use super::tournaments::TournamentEvent;

/// Something that happened outside the app, by feature: each feature's own events are defined
/// in its folder, in `event.rs`.
#[derive(Clone, Debug)]
pub enum Event {
    Connection(ConnectionEvent),
    Link(LinkEvent),
    Push(PushEvent),
    /// The lobby's lists changed.
    Lobby(LobbyChange),
    Game(MatchEvent),
    Replay(ReplayEvent),
    Puzzle(PuzzleEvent),
    Tournament(TournamentEvent),
}

//! What a player can do: the [`Action`]s the screens and the keyboard hand to
//! [`super::App::handle`], one variant per feature wrapping that feature's own actions (each
//! defined in the feature's folder, in `action.rs`).

pub use super::game::GameAction;
pub use super::keyboard::KeyAction;
pub use super::links::LinkAction;
pub use super::lobby::LobbyAction;
pub use super::notifications::PushAction;
pub use super::puzzles::PuzzleAction;
pub use super::replay::ReplayAction;
pub use super::settings::SettingsAction;
pub use super::shell::ScreenAction;
pub use super::tournaments::TournamentAction;

/// What a player can do, by feature.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    Lobby(LobbyAction),
    Settings(SettingsAction),
    Game(GameAction),
    Replay(ReplayAction),
    Link(LinkAction),
    Screen(ScreenAction),
    Key(KeyAction),
    Push(PushAction),
    Puzzle(PuzzleAction),
    Tournament(TournamentAction),
}

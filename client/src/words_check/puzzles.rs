//! The puzzles' set-ups for the check: a puzzle given as the server gives it, the themes, the
//! ratings, and a move entered with the server's judgement of it.

use chaupal_rules::{AnyGame, GameKind, Side};
use chaupal_shared::protocol::ThemeCount;
use chaupal_shared::protocol::puzzles::{
    PuzzleInfo, PuzzleMode, PuzzleMoved, PuzzleOutcome, PuzzleRating, Verdict,
};
use chaupal_shared::puzzle_set::{Goal, Proof};

use super::lobby::lobby;
use crate::app::{
    Action, App, Event, GameAction, LobbyAction, PuzzleAction, PuzzleEvent, ScreenAction,
};

/// The themes the server names, every one the client has words for, in every game.
pub(super) fn puzzle_themes() -> Vec<ThemeCount> {
    GameKind::ALL
        .iter()
        .flat_map(|&game| {
            crate::puzzles::words::THEMES
                .iter()
                .enumerate()
                .map(move |(i, (theme, _))| ThemeCount {
                    game,
                    theme: (*theme).to_owned(),
                    count: 5000 - i as u32,
                })
        })
        .collect()
}

/// A puzzle of `kind` as the server gives it: the position a few moves into the game, the
/// side to move to find `goal`, with its longest themes and ratings of four digits.
pub(super) fn puzzle_info(kind: GameKind, goal: Goal) -> PuzzleInfo {
    let game = AnyGame::start(kind, [("", ""); 0]).ok().map(|start| {
        let line = line_from(&start, 4);
        let mut game = start;
        for mv in &line {
            let _ = game.play_text(mv);
        }
        game
    });
    let position = game
        .as_ref()
        .map(AnyGame::position_text)
        .unwrap_or_default();
    let solver = game.map_or(Side::First, |g| g.side_to_move());
    PuzzleInfo {
        id: format!("{}-04242", kind.name()),
        game: kind,
        position,
        goal,
        solver,
        themes: vec!["double-threat".into(), "chain".into(), "extra-turn".into()],
        proof: Proof::Exact,
        rating: 2345.0,
        plays: 1234,
        moves_to_find: 6,
        rated: true,
        mode: PuzzleMode::Rated,
        streak: 0,
        best_streak: 0,
        player: puzzle_rating(1523.0),
        abandoned: None,
    }
}

/// A player's puzzle rating of `rating`.
pub(super) fn puzzle_rating(rating: f64) -> PuzzleRating {
    PuzzleRating {
        rating,
        deviation: 80.0,
        attempts: 30,
    }
}

/// An attempt's end, `solved` or not, moving a rating of four digits by two.
pub(super) fn puzzle_end(solved: bool) -> PuzzleOutcome {
    PuzzleOutcome {
        solved,
        rated: true,
        before: puzzle_rating(1523.0),
        after: puzzle_rating(if solved { 1538.0 } else { 1508.0 }),
        puzzle_rating: 2345.0,
        streak: 0,
        streak_over: false,
        best_streak: 0,
    }
}

/// The first legal moves from `game`, up to `plies` of them (fewer when it ends).
pub(super) fn line_from(game: &AnyGame, plies: usize) -> Vec<String> {
    let mut game = game.clone();
    let mut line = Vec::new();
    while line.len() < plies && game.outcome().is_none() {
        let Some(mv) = game.legal_moves_text().into_iter().next() else {
            break;
        };
        if game.play_text(&mv).is_err() {
            break;
        }
        line.push(mv);
    }
    line
}

/// The lobby's player on the Puzzles screen with a puzzle of `kind` given, the themes known.
pub(super) fn puzzle(kind: GameKind, goal: Goal) -> App {
    let mut app = lobby();
    app.handle(Action::Lobby(LobbyAction::SelectGame(kind)));
    app.handle(Action::Puzzle(PuzzleAction::OpenPuzzles));
    app.apply(Event::Puzzle(PuzzleEvent::PuzzleThemes(puzzle_themes())));
    app.apply(Event::Puzzle(PuzzleEvent::Puzzle(Box::new(puzzle_info(
        kind, goal,
    )))));
    app.handle(Action::Screen(ScreenAction::DismissNotice));
    app
}

/// Enters the first legal move on the puzzle's board, and the server's judgement of it: a
/// right one with the opponent's reply (none when it is `done`), with the attempt's end
/// (`outcome`) when it came with it. The moves are shown to their end.
pub(super) fn judge(app: &mut App, verdict: Verdict, done: bool, outcome: Option<PuzzleOutcome>) {
    let Some(path) = app
        .board()
        .and_then(|m| m.choices.moves.first())
        .map(|c| c.path.clone())
    else {
        return;
    };
    for cell in path {
        app.handle(Action::Game(GameAction::Cell(cell)));
    }
    if app.board().is_some_and(|m| m.pending.is_none()) {
        app.handle(Action::Game(GameAction::StopChain));
    }
    let Some((game, pending)) = app
        .board()
        .and_then(|m| Some((m.game.clone(), m.pending.clone()?)))
    else {
        return;
    };
    let mut after = game;
    let replies = if verdict == Verdict::Right && !done && after.play_text(&pending).is_ok() {
        line_from(&after, 1)
    } else {
        Vec::new()
    };
    let id = app
        .puzzles()
        .attempt
        .as_ref()
        .map(|a| a.info.id.clone())
        .unwrap_or_default();
    app.apply(Event::Puzzle(PuzzleEvent::PuzzleMoved(Box::new(
        PuzzleMoved {
            puzzle: id,
            verdict,
            replies,
            done,
            outcome,
        },
    ))));
    app.tick(10.0);
    app.tick(10.0);
}

//! Puzzle attempts fed arbitrary moves, for the `puzzle_attempts` fuzz target and its
//! proptests (feature `test-support`).
//!
//! A [`Script`] picks a puzzle (one of the shipped set, or a small one built from a walk of
//! legal moves and a line of them), how it was given (rated or not, a streak's, one's own),
//! the player's and the puzzle's ratings, then steps: the line's next move (as written, or
//! with spaces around), any legal move, any text, giving up, another attempt at the same
//! puzzle. [`play`] judges them with [`Attempt`] beside a model of the line and panics unless:
//! - nothing panics;
//! - the line's next move is always right: the opponent's replies that follow are played, and
//!   the puzzle is done exactly at the line's end; any other legal move is wrong and leaves
//!   the position; a text that is no legal move is refused and changes nothing; once solved
//!   or given up, every move is refused;
//! - the scored attempt ends once: solved exactly when the line was found without a mistake;
//!   leaving settles it exactly when it is a rated first attempt begun and not ended;
//! - the position is the puzzle's start with the right moves and replies played;
//! - the ratings after each scored rated attempt are finite, the deviations positive, and the
//!   player's rating goes up exactly when the puzzle was solved.

use std::sync::{Arc, OnceLock};

use arbitrary::Arbitrary;
use chaupal_rules::{AnyGame, GameKind};
use chaupal_shared::protocol::puzzles::Verdict;
use chaupal_shared::puzzle_set::{Goal, Proof, PuzzleEntry};

use super::attempt::{Attempt, Kind, Refusal};
use super::rating::{after_attempt, puzzle_start, shown};
use super::set::{Puzzle, PuzzleSet};
use crate::ratings::Rating;

/// The most steps of one script.
pub const MAX_STEPS: usize = 64;

/// A script of attempts at one puzzle.
#[derive(Clone, Debug, PartialEq, Eq, Arbitrary)]
pub struct Script {
    pub puzzle: Pick,
    pub kind: Given,
    pub rated: bool,
    /// The player's rating (tenths), deviation and volatility (thousandths) before.
    pub player: (u16, u16, u8),
    pub steps: Vec<Step>,
}

/// Which puzzle.
#[derive(Clone, Debug, PartialEq, Eq, Arbitrary)]
pub enum Pick {
    /// The `n`th of the shipped set (modulo its size).
    Shipped(u16),
    /// A puzzle of this game (modulo four) at the position a walk of legal moves reaches, its
    /// line the legal moves picked from there (cut to end with the solver's move).
    Built {
        game: u8,
        walk: Vec<u8>,
        line: Vec<u8>,
    },
}

/// How the puzzle was given.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Arbitrary)]
pub enum Given {
    Rated,
    Streak,
    Own,
}

/// One thing the solver does.
#[derive(Clone, Debug, PartialEq, Eq, Arbitrary)]
pub enum Step {
    /// The line's next move, as the rules write it or with spaces around it.
    Right {
        spaced: bool,
    },
    /// A legal move (the `n`th, modulo their number).
    Legal(u8),
    /// Any text (at most 24 characters of it).
    Text(String),
    GiveUp,
    /// Another attempt at the same puzzle (given again: unrated, as a second attempt is).
    Again,
}

/// The shipped set, read once.
fn shipped() -> Option<&'static PuzzleSet> {
    static SET: OnceLock<Option<PuzzleSet>> = OnceLock::new();
    SET.get_or_init(|| PuzzleSet::shipped().ok()).as_ref()
}

fn pick<T: Clone>(items: &[T], n: u8) -> Option<T> {
    (!items.is_empty()).then(|| items[usize::from(n) % items.len()].clone())
}

/// The puzzle a script picks; `None` when the walk or the line makes none.
fn puzzle(pick_: &Pick) -> Option<Arc<Puzzle>> {
    match pick_ {
        Pick::Shipped(n) => {
            let set = shipped()?;
            set.get(usize::from(*n) % set.len().max(1)).cloned()
        }
        Pick::Built { game, walk, line } => {
            let kind = GameKind::ALL[usize::from(*game) % GameKind::ALL.len()];
            let mut position = AnyGame::start(kind, std::iter::empty::<(&str, &str)>()).ok()?;
            for &n in walk.iter().take(40) {
                let mv = pick(&position.legal_moves_text(), n)?;
                position.play_text(&mv).ok()?;
            }
            let solver = position.side_to_move();
            let mut game = position.clone();
            let mut solution = Vec::new();
            let mut last_by_solver = 0;
            for &n in line.iter().take(12) {
                let by = game.side_to_move();
                let Some(mv) = pick(&game.legal_moves_text(), n) else {
                    break;
                };
                game.play_text(&mv).ok()?;
                solution.push(mv);
                if by == solver {
                    last_by_solver = solution.len();
                }
            }
            solution.truncate(last_by_solver);
            let entry = PuzzleEntry {
                id: "built".to_owned(),
                game: kind,
                rules: position.rule_pairs().into_iter().collect(),
                position: position.position_text(),
                goal: Goal::Win,
                solution,
                themes: Vec::new(),
                proof: Proof::Exact,
                rating: 1500.0,
            };
            Puzzle::new(entry).ok().map(Arc::new)
        }
    }
}

/// What the model knows of an attempt.
struct Model {
    /// The position: the start with the right moves and replies.
    position: AnyGame,
    cursor: usize,
    mistaken: bool,
    ended: bool,
    over: bool,
    begun: bool,
}

/// What a script did, for tests that want a particular outcome.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// Moves judged (right or wrong).
    pub judged: usize,
    /// Attempts solved.
    pub solved: usize,
    /// Scored rated attempts whose ratings moved.
    pub rated: usize,
}

/// Judges the script's steps (see the module comment).
pub fn play(script: &Script) -> Report {
    let mut report = Report::default();
    let Some(puzzle) = puzzle(&script.puzzle) else {
        return report;
    };
    let kind = match script.kind {
        Given::Rated => Kind::Rated,
        Given::Streak => Kind::Streak,
        Given::Own => Kind::Own,
    };
    let rated = script.rated && kind == Kind::Rated;
    let Some(mut attempt) = Attempt::new(puzzle.clone(), Some(0), kind, rated) else {
        panic!("a puzzle of a read set starts");
    };
    let (r, d, v) = script.player;
    let mut player = Rating {
        rating: f64::from(r) / 10.0,
        deviation: 1.0 + f64::from(d % 500),
        volatility: 0.01 + f64::from(v) / 1000.0,
        games: 0,
    };
    let mut rating = puzzle_start(puzzle.entry.rating);
    let Ok(start) = puzzle.start() else {
        panic!("a puzzle of a read set has a start");
    };
    let fresh = |start: &AnyGame| Model {
        position: start.clone(),
        cursor: 0,
        mistaken: false,
        ended: false,
        over: false,
        begun: false,
    };
    let mut model = fresh(&start);
    let line = &puzzle.line;
    for step in script.steps.iter().take(MAX_STEPS) {
        let text = match step {
            Step::Again => {
                attempt = match Attempt::new(puzzle.clone(), Some(0), kind, false) {
                    Some(a) => a,
                    None => panic!("a puzzle starts again"),
                };
                model = fresh(&start);
                continue;
            }
            Step::GiveUp => {
                match attempt.give_up() {
                    Err(refusal) => {
                        assert!(model.over, "giving up refused ({refusal:?}) while open");
                    }
                    Ok((next, ended)) => {
                        assert!(!model.over, "gave up a puzzle that was over");
                        assert_eq!(
                            ended, !model.ended,
                            "giving up ends the scored attempt once"
                        );
                        if ended && rated {
                            rate(&mut player, &mut rating, false);
                            report.rated += 1;
                        }
                        model.over = true;
                        model.ended = true;
                        attempt = next;
                    }
                }
                continue;
            }
            Step::Right { spaced } => match line.get(model.cursor) {
                Some(mv) if *spaced => format!(" {mv}  "),
                Some(mv) => mv.clone(),
                None => String::new(),
            },
            Step::Legal(n) => pick(&model.position.legal_moves_text(), *n).unwrap_or_default(),
            Step::Text(text) => text.chars().take(24).collect(),
        };
        let before = attempt.position().position_text();
        let judged = attempt.judge(&text);
        let reads = model.position.clone().play_text(&text);
        let Ok((next, judgement)) = judged else {
            match judged {
                Err(Refusal::Over) => assert!(model.over, "{text:?} refused as over while open"),
                Err(Refusal::Illegal(_)) => assert!(
                    !model.over && reads.is_err(),
                    "{text:?} refused as illegal, but it reads"
                ),
                Ok(_) => {}
            }
            assert_eq!(
                attempt.position().position_text(),
                before,
                "a refusal moves nothing"
            );
            continue;
        };
        assert!(!model.over, "{text:?} judged after the end");
        report.judged += 1;
        let Ok(canonical) = reads else {
            panic!("{text:?} judged, but the rules refuse it");
        };
        let right = line.get(model.cursor) == Some(&canonical);
        if right {
            assert_eq!(
                judgement.verdict,
                Verdict::Right,
                "the line's move {canonical}"
            );
            model.position.play_text(&canonical).ok();
            model.cursor += 1;
            model.begun = true;
            let mut replies = Vec::new();
            while model.cursor < line.len() && puzzle.movers[model.cursor] != puzzle.solver {
                replies.push(line[model.cursor].clone());
                model.position.play_text(&line[model.cursor]).ok();
                model.cursor += 1;
            }
            assert_eq!(judgement.replies, replies, "the replies after {canonical}");
            let done = model.cursor == line.len();
            assert_eq!(judgement.done, done, "done at the line's end");
            let ends = (done && !model.ended).then_some(!model.mistaken);
            assert_eq!(judgement.ends, ends, "what the right move {canonical} ends");
            if done {
                model.over = true;
                model.ended = true;
                report.solved += 1;
            }
        } else {
            assert_eq!(
                judgement.verdict,
                Verdict::Wrong,
                "{canonical} is not the line's"
            );
            assert!(judgement.replies.is_empty() && !judgement.done);
            assert_eq!(
                next.position().position_text(),
                before,
                "a wrong move leaves the position"
            );
            let ends = (!model.ended).then_some(false);
            assert_eq!(
                judgement.ends, ends,
                "a wrong move ends the scored attempt once"
            );
            model.mistaken = true;
            model.ended = true;
        }
        if let Some(solved) = judgement.ends
            && rated
        {
            rate(&mut player, &mut rating, solved);
            report.rated += 1;
        }
        attempt = next;
        assert_eq!(
            attempt.position().position_text(),
            model.position.position_text(),
            "the position is the line played"
        );
        assert_eq!(
            attempt.settles_when_left(),
            kind == Kind::Rated && attempt.rated && model.begun && !model.ended,
            "leaving settles a rated attempt begun and open"
        );
    }
    report
}

/// The ratings after a scored rated attempt.
fn rate(player: &mut Rating, puzzle: &mut Rating, solved: bool) {
    let (p, z) = after_attempt(*player, *puzzle, solved);
    for r in [p, z] {
        assert!(
            r.rating.is_finite() && r.deviation.is_finite() && r.volatility.is_finite(),
            "a rating after an attempt is finite: {r:?} (from {player:?}, {puzzle:?})"
        );
        assert!(r.deviation > 0.0, "a deviation stays positive: {r:?}");
    }
    assert_eq!(
        p.rating > player.rating,
        solved,
        "the player's rating goes up exactly when solved: {player:?} -> {p:?}"
    );
    assert_eq!(p.games, player.games + 1, "an attempt counts once");
    let seen = shown(p);
    assert_eq!((seen.rating, seen.attempts), (p.rating, p.games));
    *player = p;
    *puzzle = z;
}

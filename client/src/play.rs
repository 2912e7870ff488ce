//! A game on the screen: the position, the moves so far, the click selection, whose seats this
//! client holds, the last turn, a hint, the moves being shown one after the other (a piece
//! gliding, Kalah's seeds sown: [`Showing`], queued so that no move is skipped), an earlier
//! position looked back at, and the counters of the side panel. Moves are checked with the
//! shared rules; when a server is the authority, a move entered here is only sent, and played
//! when the server says so.

use std::collections::VecDeque;

use chaupal_rules::{AnyGame, GameKind, MoveError, Outcome, Side};
use chaupal_shared::protocol::{Clocks, Correspondence, GameResult, ResultReason};

use crate::geometry::CellName;
use crate::say;
use crate::selection::{Choices, Click, Selection, jumped_point, move_path};
use crate::sowing::{self, Sowing};
use crate::terms;
use crate::view::{BoardView, KalahView};
use crate::words::Phrase;

/// Which sides this client moves for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seats {
    /// Both sides at one screen.
    Both,
    /// One side (the other is a person elsewhere or the computer).
    One(Side),
    /// None: watching.
    Watching,
}

impl Seats {
    /// Whether this client moves for `side`.
    pub fn holds(self, side: Side) -> bool {
        match self {
            Seats::Both => true,
            Seats::One(s) => s == side,
            Seats::Watching => false,
        }
    }
}

/// A move of the game, with the side that made it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    pub side: Side,
    pub text: String,
}

/// A suggestion shown on the board: a move, and what the engine thinks of the position.
#[derive(Clone, Debug, PartialEq)]
pub struct Hint {
    /// The suggested move, in notation.
    pub text: String,
    /// The search's evaluation for the side to move, as a number ("+1.30").
    pub eval: Option<Phrase>,
    /// The value for the side to move where it is known exactly (a solved database, the Kalah
    /// solver): said as a sentence naming the side, "Tigers win in 47 moves.", "A draw with best
    /// play.".
    pub exact: Option<chaupal_rules::score::Score>,
    /// The side to move's chances of winning, 0..=1.
    pub chances: Option<f32>,
}

/// The clocks of a timed game: time left per side, and whose clock runs. The server sends the
/// exact times with each move; in between, the running clock counts down here.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ClockState {
    /// Milliseconds left, by `Side::index`.
    pub left_ms: [f64; 2],
    /// The side whose clock runs, if any.
    pub running: Option<Side>,
}

impl From<Clocks> for ClockState {
    /// The server's clocks.
    fn from(c: Clocks) -> ClockState {
        ClockState {
            left_ms: [c.first_ms as f64, c.second_ms as f64],
            running: c.running,
        }
    }
}

impl ClockState {
    /// Moves the running clock on by `dt` seconds (never below zero).
    pub fn tick(&mut self, dt: f32) {
        if let Some(side) = self.running {
            let left = &mut self.left_ms[side.index()];
            *left = (*left - f64::from(dt.max(0.0)) * 1000.0).max(0.0);
        }
    }

    /// A side's time as people read it: `4:05`, `1:02:09`, or `9.4` under ten seconds.
    pub fn text(&self, side: Side) -> String {
        clock_text(self.left_ms[side.index()])
    }
}

/// Milliseconds as a clock shows them.
pub fn clock_text(ms: f64) -> String {
    let ms = ms.max(0.0);
    if ms < 10_000.0 {
        return format!("{:.1}", (ms / 100.0).floor() / 10.0);
    }
    let secs = (ms / 1000.0).floor() as u64;
    let (h, m, s) = (secs / 3600, secs / 60 % 60, secs % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m}:{s:02}")
    }
}

/// Seconds a piece takes to glide one hop of a move.
pub const SLIDE_SECONDS: f32 = 0.16;

/// A piece gliding along the path of the move just played.
#[derive(Clone, Debug, PartialEq)]
pub struct Slide {
    /// The cells of the move: where the piece started, then each landing.
    pub path: Vec<CellName>,
    elapsed: f32,
}

/// How a move is shown: its seeds sown one by one (Kalah), or its piece gliding.
#[derive(Clone, Debug, PartialEq)]
pub enum Motion {
    Sow(Sowing),
    Slide(Slide),
}

/// A move being shown, or waiting its turn to be shown: the board after it, and which move it
/// is (the number of moves played once it is made).
#[derive(Clone, Debug, PartialEq)]
pub struct Showing {
    pub motion: Motion,
    /// The board once the move is made (drawn under a gliding piece).
    pub after: BoardView,
    /// The moves played once this one is made: it is `moves[ply - 1]`.
    pub ply: usize,
}

impl Showing {
    /// Moves it on by `dt` seconds; whether it has been shown in full.
    fn tick(&mut self, dt: f32) -> bool {
        match &mut self.motion {
            Motion::Sow(s) => {
                s.tick(dt);
                s.done()
            }
            Motion::Slide(s) => {
                s.elapsed += dt.max(0.0);
                s.progress().is_none()
            }
        }
    }
}

/// More moves than this waiting to be shown are shown faster, so the board catches up.
pub const QUEUE_CALM: usize = 2;

impl Slide {
    /// The hop under way and how far along it is (0..1), or none when done.
    pub fn progress(&self) -> Option<(usize, f32)> {
        let hops = self.path.len().saturating_sub(1);
        let t = self.elapsed / SLIDE_SECONDS;
        let hop = t.floor() as usize;
        (hop < hops).then_some((hop, t - hop as f32))
    }
}

/// A game on the screen.
#[derive(Clone, Debug)]
pub struct Match {
    /// The position the game started from.
    pub start: AnyGame,
    /// The position now.
    pub game: AnyGame,
    /// The moves so far.
    pub moves: Vec<Played>,
    /// The legal moves now, as click paths.
    pub choices: Choices,
    /// The clicks made towards a move.
    pub selection: Selection,
    /// Whether the board is shown turned round.
    pub flipped: bool,
    /// Which sides this client moves for.
    pub seats: Seats,
    /// Whether a server decides: moves entered are sent, not played.
    pub online: bool,
    /// A move sent and not yet answered.
    pub pending: Option<String>,
    /// The moves being shown, oldest first: each is shown in full, then the next.
    pub shows: VecDeque<Showing>,
    /// What each move captured (seeds in Kalah, pieces elsewhere), by move.
    pub captured: Vec<u32>,
    /// An earlier position looked at during the game: the number of moves played to reach it.
    pub looking: Option<usize>,
    /// The hint on request.
    pub hint: Option<Hint>,
    /// The players' names, by `Side::index` (a seat nobody named is called by its side).
    pub names: [Phrase; 2],
    /// How the game ended when it ended other than on the board (resignation, time, agreement).
    pub ended: Option<Ending>,
    /// The clocks, in a timed game.
    pub clocks: Option<ClockState>,
    /// Which seats the server's AI plays, by `Side::index`.
    pub ai: [bool; 2],
    /// The seats' ratings as the server sends them, by `Side::index` (none: not shown).
    pub ratings: [Option<i32>; 2],
    /// The server's number for the game (none for a game played only here).
    pub id: Option<u64>,
    /// A correspondence game's pace (none: a live game).
    pub pace: Option<Correspondence>,
    /// When the side to move must have moved, in a correspondence game with days a move
    /// (milliseconds since the Unix epoch).
    pub deadline_ms: Option<u64>,
    /// A private game's watch key, for the links to it (none: a public game).
    pub watch_key: Option<String>,
    /// Whether the menu of the game's other actions is open (a phone's `More`).
    pub menu_open: bool,
    /// The sides that went berserk (an arena's game), by `Side::index`, as heard since the
    /// game was opened.
    pub berserk: [bool; 2],
}

impl Match {
    /// A game starting from `start`.
    pub fn new(start: AnyGame, seats: Seats, online: bool) -> Match {
        let kind = start.kind();
        let mut m = Match {
            game: start.clone(),
            start,
            moves: Vec::new(),
            choices: Choices::default(),
            selection: Selection::default(),
            flipped: matches!(seats, Seats::One(Side::Second)),
            seats,
            online,
            pending: None,
            shows: VecDeque::new(),
            captured: Vec::new(),
            looking: None,
            hint: None,
            names: Side::BOTH.map(|s| terms::side_name(kind, s)),
            ended: None,
            clocks: None,
            ai: [false; 2],
            ratings: [None; 2],
            id: None,
            pace: None,
            deadline_ms: None,
            watch_key: None,
            menu_open: false,
            berserk: [false; 2],
        };
        m.refresh();
        m
    }

    /// Whether a draw may be offered now: a game in play, online, against a person (the AI
    /// takes no offers, and a game with both seats here has nobody to offer it to).
    pub fn can_offer_draw(&self) -> bool {
        let playing = !self.finished();
        match self.seats {
            Seats::One(me) => playing && !self.ai[me.opponent().index()],
            Seats::Both => playing && !self.online,
            Seats::Watching => false,
        }
    }

    /// Which game this is.
    pub fn kind(&self) -> GameKind {
        self.game.kind()
    }

    /// Recomputes the legal moves and drops the selection.
    fn refresh(&mut self) {
        let mover = self.game.side_to_move();
        self.choices = if self.game.outcome().is_some() {
            Choices::default()
        } else {
            Choices::new(self.kind(), mover, &self.game.legal_moves_text())
        };
        self.selection.clear();
    }

    /// The result, when the game is over on the board.
    pub fn outcome(&self) -> Option<Outcome> {
        self.game.outcome()
    }

    /// Whether the game is over, on the board or otherwise.
    pub fn finished(&self) -> bool {
        self.outcome().is_some() || self.ended.is_some()
    }

    /// Whether a click may enter a move now.
    pub fn can_enter_move(&self) -> bool {
        !self.finished()
            && self.pending.is_none()
            && self.seats.holds(self.game.side_to_move())
            && self.shows.is_empty()
            && self.looking.is_none()
    }

    /// Whether it is this client's turn, whatever is on the screen (an animation, a look back).
    pub fn my_turn(&self) -> bool {
        !self.finished() && self.pending.is_none() && self.seats.holds(self.game.side_to_move())
    }

    /// The sowing being shown now (Kalah).
    pub fn sowing(&self) -> Option<&Sowing> {
        match self.shows.front().map(|s| &s.motion) {
            Some(Motion::Sow(s)) => Some(s),
            _ => None,
        }
    }

    /// The piece gliding now.
    pub fn slide(&self) -> Option<&Slide> {
        match self.shows.front().map(|s| &s.motion) {
            Some(Motion::Slide(s)) => Some(s),
            _ => None,
        }
    }

    /// Whether a move is being shown.
    pub fn animating(&self) -> bool {
        !self.shows.is_empty()
    }

    /// Shows every move at once: the board as it stands.
    pub fn settle(&mut self) {
        self.shows.clear();
    }

    /// Looks at the position after `ply` moves (the present when `ply` is the number of moves
    /// played): moves cannot be entered while looking back.
    pub fn look_at(&mut self, ply: usize) {
        self.looking = (ply < self.moves.len()).then_some(ply);
        self.selection.clear();
    }

    /// Looks `delta` moves further (or back, when negative) than the position on the screen.
    pub fn look_step(&mut self, delta: isize) {
        let now = self.looking.unwrap_or(self.moves.len());
        self.look_at(now.saturating_add_signed(delta).min(self.moves.len()));
    }

    /// The position looked back at, when there is one.
    pub fn looked(&self) -> Option<AnyGame> {
        let ply = self.looking?;
        let mut game = self.start.clone();
        for p in self.moves.iter().take(ply) {
            game.play_text(&p.text).ok()?;
        }
        Some(game)
    }

    /// Handles a click on a cell; returns a move to play (or send) when one was entered.
    pub fn click(&mut self, cell: &str) -> Option<String> {
        if !self.can_enter_move() {
            return None;
        }
        match self.selection.click(&self.choices, cell) {
            Click::Play(text) => Some(text),
            _ => None,
        }
    }

    /// Whether a click on `cell` now picks a piece up (or takes a chain of captures a step
    /// on) rather than playing a move, clearing the selection or doing nothing: a press does
    /// that at once, so the piece can be dragged; anything else waits for the tap's end, so a
    /// finger that goes down on the board to scroll plays nothing.
    pub fn picks_up(&self, cell: &str) -> bool {
        self.can_enter_move()
            && matches!(
                self.selection.clone().click(&self.choices, cell),
                crate::selection::Click::Selected
            )
    }

    /// Ends a Sholo Guti chain where it stands; returns the move.
    pub fn stop_chain(&mut self) -> Option<String> {
        if !self.can_enter_move() {
            return None;
        }
        self.selection.stop(&self.choices)
    }

    /// Plays a move (checked with the rules) and queues it to be shown: its sowing in Kalah,
    /// its piece gliding elsewhere, after the moves still being shown.
    pub fn apply(&mut self, text: &str) -> Result<(), MoveError> {
        let before = self.game.clone();
        let side = before.side_to_move();
        let canonical = self.game.play_text(text)?;
        let after = BoardView::of(&self.game);
        let ply = self.moves.len() + 1;
        let captured = if let (AnyGame::Kalah(b), AnyGame::Kalah(a)) = (&before, &self.game) {
            let house = canonical.parse::<usize>().unwrap_or(0);
            let (b, a) = (KalahView::of(b), KalahView::of(a));
            let frames = sowing::frames(&b, side, house, &a);
            let captured = sowing::captured(&frames, side, &a);
            self.shows.push_back(Showing {
                motion: Motion::Sow(Sowing::new(frames)),
                after,
                ply,
            });
            captured
        } else {
            let lost = BoardView::of(&before).material()[side.opponent().index()];
            let captured = lost.saturating_sub(after.material()[side.opponent().index()]) as u32;
            let path = move_path(self.kind(), side, &canonical);
            if path.len() >= 2 {
                self.shows.push_back(Showing {
                    motion: Motion::Slide(Slide { path, elapsed: 0.0 }),
                    after,
                    ply,
                });
            }
            captured
        };
        self.moves.push(Played {
            side,
            text: canonical,
        });
        self.captured.push(captured);
        self.pending = None;
        self.hint = None;
        self.refresh();
        Ok(())
    }

    /// Takes back the last `plies` moves, replaying the rest from the start.
    pub fn take_back(&mut self, plies: usize) -> Result<(), MoveError> {
        let keep = self.moves.len().saturating_sub(plies);
        let mut game = self.start.clone();
        for played in &self.moves[..keep] {
            game.play_text(&played.text)?;
        }
        self.game = game;
        self.moves.truncate(keep);
        self.captured.truncate(keep);
        self.shows.clear();
        self.looking = self.looking.filter(|&p| p < keep);
        self.hint = None;
        self.ended = None;
        self.refresh();
        Ok(())
    }

    /// Moves the animation on.
    pub fn tick(&mut self, dt: f32) {
        self.tick_by(dt, dt);
    }

    /// Moves time on by `dt` seconds for the clocks and by `shown` for the animations (the
    /// render loop caps those, so that a long frame does not skip a move's showing).
    pub fn tick_by(&mut self, dt: f32, shown: f32) {
        let finished = self.finished();
        if let Some(c) = &mut self.clocks
            && !finished
        {
            c.tick(dt);
        }
        // A queue that falls behind is shown faster, so the board catches up.
        let speed = if self.shows.len() > QUEUE_CALM {
            self.shows.len() as f32
        } else {
            1.0
        };
        if let Some(front) = self.shows.front_mut()
            && front.tick(shown * speed)
        {
            self.shows.pop_front();
        }
    }

    /// The board to draw now: the position looked back at, or a frame of the move being shown,
    /// or the position as it stands.
    pub fn view(&self) -> BoardView {
        if let Some(game) = self.looked() {
            return BoardView::of(&game);
        }
        match self.shows.front() {
            Some(Showing {
                motion: Motion::Sow(s),
                ..
            }) => match s.current() {
                Some(frame) => BoardView::Kalah(frame.view.clone()),
                None => BoardView::of(&self.game),
            },
            Some(showing) => showing.after.clone(),
            None => BoardView::of(&self.game),
        }
    }

    /// The number of moves that lead to the board on the screen: the position looked back at,
    /// or the move being shown, or all of them.
    pub fn shown_ply(&self) -> usize {
        self.looking
            .or(self.shows.front().map(|s| s.ply))
            .unwrap_or(self.moves.len())
    }

    /// The moves of the turn that led to the board on the screen: the last move shown and the
    /// moves just before it by the same side (Kalah's extra turns), as indices into `moves`.
    pub fn last_turn(&self) -> std::ops::Range<usize> {
        let end = self.shown_ply().min(self.moves.len());
        let Some(side) = end.checked_sub(1).map(|i| self.moves[i].side) else {
            return 0..0;
        };
        let start = self.moves[..end]
            .iter()
            .rposition(|p| p.side != side)
            .map_or(0, |i| i + 1);
        start..end
    }

    /// The cells of the last turn's moves (every house sown in a Kalah turn), and the side that
    /// made it.
    pub fn last_move(&self) -> Option<(Side, Vec<CellName>)> {
        let turn = self.last_turn();
        if turn.is_empty() {
            return None;
        }
        let side = self.moves.get(turn.start)?.side;
        let cells = self.moves[turn]
            .iter()
            .flat_map(|p| move_path(self.kind(), p.side, &p.text))
            .collect();
        Some((side, cells))
    }

    /// The pieces the last move shown captured (jumped over), for marking.
    pub fn last_captures(&self) -> Vec<CellName> {
        let ply = self.shown_ply();
        match ply.checked_sub(1).and_then(|i| self.moves.get(i)) {
            Some(p) if p.text.contains('x') && self.kind() != GameKind::Jungle => {
                let path = move_path(self.kind(), p.side, &p.text);
                path.windows(2)
                    .filter_map(|w| jumped_point(&w[0], &w[1]))
                    .collect()
            }
            _ => Vec::new(),
        }
    }

    /// The last turn in words, with what it captured: "South sowed 3, then 6: captures 7
    /// seeds", "Tigers: c3xe3, captures a goat".
    pub fn turn_note(&self) -> Option<Phrase> {
        let turn = self.last_turn();
        if turn.is_empty() {
            return None;
        }
        let side = self.moves.get(turn.start)?.side;
        let kind = self.kind();
        let who = terms::side_name(kind, side);
        let moves = self.moves[turn.clone()]
            .iter()
            .map(|p| Phrase::verbatim(&p.text))
            .reduce(|first, next| say!("moves-then", first = first, next = next))?;
        let took: u32 = self.captured.get(turn).map_or(0, |c| c.iter().sum());
        let note = match kind {
            GameKind::Kalah => say!("turn-sowed", who = who, moves = moves),
            _ => say!("turn-played", who = who, moves = moves),
        };
        Some(if took > 0 {
            say!(
                "turn-captured",
                turn = note,
                captures = captures_words(kind, took)
            )
        } else {
            note
        })
    }

    /// The result and its reason apart, once the game is over.
    pub fn result_parts(&self) -> Option<(Phrase, Option<Phrase>)> {
        let kind = self.kind();
        if let Some(ended) = self.ended {
            return Some(ended.parts(kind, &self.names));
        }
        let (result, why) = outcome_parts(kind, self.outcome()?, &self.names);
        Some((result, Some(why)))
    }

    /// A line for the status bar: whose turn, or the result.
    pub fn status(&self) -> Phrase {
        let kind = self.kind();
        if let Some(ended) = self.ended {
            return ended.text(kind, &self.names);
        }
        if let Some(outcome) = self.outcome() {
            return result_text(kind, outcome, &self.names);
        }
        let mover = self.game.side_to_move();
        let again = self.moves.last().is_some_and(|p| p.side == mover);
        let said = if again {
            say!("turn-moves-again")
        } else {
            say!("turn-to-move")
        };
        let whose = terms::agreeing(kind, mover, &self.names, said);
        if self.pending.is_some() {
            say!("status-sending", whose = whose)
        } else if self.selection.in_chain() {
            if self.selection.can_stop(&self.choices) {
                say!("status-jump-on", whose = whose)
            } else {
                say!("status-capture-goes-on", whose = whose)
            }
        } else {
            whose
        }
    }

    /// The counters of the side panel: (label, value).
    pub fn counters(&self) -> Vec<(Phrase, Phrase)> {
        let number = |n: u32| Phrase::verbatim(n.to_string());
        let mut out = Vec::new();
        match (&self.game, self.view()) {
            (AnyGame::BaghChal(_), BoardView::BaghChal(v)) => {
                out.push((
                    say!("counter-goats-placed"),
                    say!(
                        "counter-of",
                        count = u32::from(v.goats_total.saturating_sub(v.in_hand)),
                        total = u32::from(v.goats_total)
                    ),
                ));
                out.push((
                    say!("counter-goats-captured"),
                    say!(
                        "counter-of",
                        count = u32::from(v.captured),
                        total = u32::from(v.captures_to_win)
                    ),
                ));
                out.push((
                    say!("counter-tigers-trapped"),
                    number(tigers_trapped(&self.game) as u32),
                ));
            }
            (AnyGame::Kalah(_), BoardView::Kalah(v)) => {
                for side in Side::BOTH {
                    let on_board: u32 = v.houses[side.index()].iter().map(|&n| u32::from(n)).sum();
                    out.push((
                        say!("counter-store", side = terms::side_name(self.kind(), side)),
                        say!(
                            "counter-store-seeds",
                            store = u32::from(v.stores[side.index()]),
                            houses = on_board
                        ),
                    ));
                }
            }
            (_, view) => {
                let left = view.material();
                for side in Side::BOTH {
                    out.push((
                        say!("counter-pieces", side = terms::side_name(self.kind(), side)),
                        number(left[side.index()] as u32),
                    ));
                }
            }
        }
        out.push((say!("counter-moves"), number(self.moves.len() as u32)));
        out
    }
}

/// What a turn captured, in words: "captures 7 seeds", "captures a goat", "captures 2 pieces".
pub fn captures_words(kind: GameKind, n: u32) -> Phrase {
    match kind {
        GameKind::Kalah => say!("captures-seeds", count = n),
        GameKind::BaghChal => say!("captures-goats", count = n),
        GameKind::Jungle => say!("captures-animals", count = n),
        GameKind::SholoGuti => say!("captures-soldiers", count = n),
    }
}

/// Tigers that cannot move in a Bagh Chal position (no empty neighbour along a line, no goat
/// to jump), whoever is to move.
pub fn tigers_trapped(game: &AnyGame) -> usize {
    use chaupal_rules::baghchal::board::{JUMPS, STEPS, between, bit, points};
    let AnyGame::BaghChal(g) = game else {
        return 0;
    };
    let empty = g.empty();
    points(g.tigers())
        .filter(|&t| {
            let step = STEPS[usize::from(t)] & empty != 0;
            let jump = points(JUMPS[usize::from(t)] & empty)
                .any(|to| g.goats() & bit(between(t, to)) != 0);
            !step && !jump
        })
        .count()
}

/// A seat's name with its rating when it has one: "Asha (1523)", or "Asha" without.
pub fn seat_label(name: &Phrase, rating: Option<i32>) -> Phrase {
    match rating {
        Some(r) => say!("seat-rated", name = name.clone(), rating = r),
        None => name.clone(),
    }
}

/// How a game ended other than on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// A result and its reason, as the server decides them (a resignation here takes the same
    /// form).
    Result(GameResult),
    /// The two players at this screen agreed to a draw.
    DrawAgreedHere,
}

impl Ending {
    /// The ending in words, with the players' `names`: "Asha (Goats) wins: Tigers resigned",
    /// "Draw: agreed", "Draw agreed" (here).
    pub fn text(self, kind: GameKind, names: &[Phrase; 2]) -> Phrase {
        let (result, why) = self.parts(kind, names);
        joined(result, why)
    }

    /// The result ("Asha (goats) wins") and its reason ("tigers resigned"), apart.
    pub fn parts(self, kind: GameKind, names: &[Phrase; 2]) -> (Phrase, Option<Phrase>) {
        match self {
            Ending::Result(result) => game_result_parts(kind, result, names),
            Ending::DrawAgreedHere => (say!("result-draw-agreed-here"), None),
        }
    }
}

/// A result with its reason after it: "Draw: agreed".
fn joined(result: Phrase, why: Option<Phrase>) -> Phrase {
    match why {
        Some(why) => say!("result-with-reason", result = result, why = why),
        None => result,
    }
}

/// The server's result of a game in words, and its reason: "Asha (goats) wins" and "tigers
/// resigned", "Draw" and "agreed", "Aborted" and "the game was called off".
fn game_result_parts(
    kind: GameKind,
    result: GameResult,
    names: &[Phrase; 2],
) -> (Phrase, Option<Phrase>) {
    let why = match result.reason {
        ResultReason::Rules(reason) => terms::end_reason(reason),
        ResultReason::Resignation => match result.winner {
            Some(w) => say!(
                "reason-resigned",
                side = terms::side_name(kind, w.opponent())
            ),
            None => say!("reason-resignation"),
        },
        ResultReason::Timeout => say!("reason-timeout"),
        ResultReason::Agreement => say!("reason-agreed"),
        ResultReason::Abandoned => say!("reason-abandoned"),
        ResultReason::Aborted => say!("reason-aborted"),
    };
    let result = match (result.winner, result.reason) {
        (_, ResultReason::Aborted) => say!("result-aborted"),
        (Some(w), _) => terms::agreeing(kind, w, names, say!("result-wins")),
        (None, _) => say!("result-draw"),
    };
    (result, Some(why))
}

/// The result in words: "Tigers win: the tigers made their captures".
pub fn result_text(kind: GameKind, outcome: Outcome, names: &[Phrase; 2]) -> Phrase {
    let (result, why) = outcome_parts(kind, outcome, names);
    joined(result, Some(why))
}

/// The result and its reason, apart: "Tigers win" and "the tigers made their captures".
fn outcome_parts(kind: GameKind, outcome: Outcome, names: &[Phrase; 2]) -> (Phrase, Phrase) {
    match outcome {
        Outcome::Win { winner, reason } => (
            terms::agreeing(kind, winner, names, say!("result-wins")),
            terms::end_reason(reason),
        ),
        Outcome::Draw { reason } => (say!("result-draw"), terms::end_reason(reason)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn start(kind: GameKind) -> AnyGame {
        AnyGame::start(kind, [("", ""); 0]).expect("start")
    }

    #[test]
    fn a_press_picks_up_a_piece_at_once_and_leaves_a_placement_or_a_landing_to_the_tap() {
        let mut m = Match::new(start(GameKind::BaghChal), Seats::Both, false);
        assert!(!m.picks_up("c3"), "placing a goat waits for the tap's end");
        let placed = m.click("c3").expect("a placement");
        m.apply(&placed).expect("legal");
        assert!(m.picks_up("a1"), "a tiger that can move is picked up");
        assert!(!m.picks_up("c4"), "an empty point is nothing to pick up");
        assert_eq!(m.click("a1"), None, "picked up");
        assert!(!m.picks_up("a2"), "its landing waits for the tap's end");
        let watching = Match::new(start(GameKind::BaghChal), Seats::Watching, false);
        assert!(!watching.picks_up("c3"));
    }

    #[test]
    fn local_play_goes_back_and_forth_and_records_the_moves() {
        let mut m = Match::new(start(GameKind::BaghChal), Seats::Both, false);
        assert_eq!(m.status(), "Goats to move");
        let mv = m.click("c3").expect("a placement");
        m.apply(&mv).expect("legal");
        assert_eq!(m.status(), "Tigers to move");
        assert_eq!(m.click("a1"), None, "a tiger is picked up");
        let mv = m.click("b2").expect("a step");
        m.apply(&mv).expect("legal");
        assert_eq!(
            m.moves,
            [
                Played {
                    side: Side::First,
                    text: "c3".into()
                },
                Played {
                    side: Side::Second,
                    text: "a1-b2".into()
                }
            ]
        );
        assert_eq!(
            m.last_move(),
            Some((Side::Second, vec!["a1".into(), "b2".into()]))
        );
    }

    #[test]
    fn take_back_restores_the_earlier_position() {
        let mut m = Match::new(start(GameKind::SholoGuti), Seats::Both, false);
        let before = m.game.position_text();
        m.apply("c4-c5").expect("legal");
        m.take_back(1).expect("replays");
        assert_eq!(m.game.position_text(), before);
        assert!(m.moves.is_empty());
    }

    #[test]
    fn a_seat_holder_cannot_move_for_the_other_side_and_a_watcher_not_at_all() {
        let mut m = Match::new(start(GameKind::Kalah), Seats::One(Side::Second), true);
        assert!(m.flipped, "north sees its own side at the bottom");
        assert_eq!(m.click("s3"), None);
        let mut w = Match::new(start(GameKind::Kalah), Seats::Watching, true);
        assert_eq!(w.click("s3"), None);
        let mut me = Match::new(start(GameKind::Kalah), Seats::One(Side::First), true);
        assert_eq!(me.click("s3").as_deref(), Some("3"));
    }

    #[test]
    fn a_kalah_move_is_shown_seed_by_seed_then_settles() {
        let mut m = Match::new(start(GameKind::Kalah), Seats::Both, false);
        m.apply("3").expect("legal");
        assert!(m.sowing().is_some());
        assert!(!m.can_enter_move(), "no clicks while the seeds fly");
        let BoardView::Kalah(first) = m.view() else {
            panic!("kalah")
        };
        assert_eq!(first.houses[0][2], 0);
        assert_eq!(first.stores[0], 0, "the store is filled seed by seed");
        // The first frame after an idle pause is long: the sowing still starts at its start.
        m.tick_by(10.0, 0.02);
        assert!(
            m.sowing().is_some(),
            "a long frame does not skip the sowing"
        );
        m.tick(10.0);
        assert!(m.sowing().is_none());
        assert_eq!(m.view(), BoardView::of(&m.game));
        assert_eq!(
            m.status(),
            "South moves again",
            "the last seed in the store: again"
        );
    }

    #[test]
    fn moves_arriving_together_are_all_shown_one_after_the_other() {
        // South sows, lands in its store and moves again, then north answers at once: three
        // sowings queue, none is cut short.
        let mut m = Match::new(start(GameKind::Kalah), Seats::One(Side::Second), true);
        m.apply("3").expect("legal");
        m.apply("6").expect("legal");
        m.apply("2").expect("legal");
        assert_eq!(m.shows.len(), 3);
        assert_eq!(m.shown_ply(), 1, "the first sowing is on the board");
        assert_eq!(
            m.last_move(),
            Some((Side::First, vec!["s3".into()])),
            "the turn so far"
        );
        let mut seen = vec![m.shown_ply()];
        for _ in 0..400 {
            m.tick(0.02);
            if seen.last() != Some(&m.shown_ply()) {
                seen.push(m.shown_ply());
            }
        }
        assert_eq!(seen, [1, 2, 3], "each move shown in turn");
        assert!(!m.animating());
        // South's turn was two moves: both houses are marked until north's shows.
        m.look_at(2);
        assert_eq!(
            m.last_move(),
            Some((Side::First, vec!["s3".into(), "s6".into()]))
        );
        assert_eq!(
            m.turn_note().map(|n| n.english()).as_deref(),
            Some("South sowed 3, then 6")
        );
    }

    #[test]
    fn a_kalah_capture_and_a_bagh_chal_capture_are_said_in_words() {
        let game = AnyGame::from_position_text(
            GameKind::Kalah,
            "1,0,4,4,4,4:7/4,4,4,4,4,4:0 s",
            [("", ""); 0],
        )
        .expect("pos");
        let mut m = Match::new(game, Seats::Both, false);
        m.apply("1").expect("legal");
        assert_eq!(
            m.turn_note().map(|n| n.english()).as_deref(),
            Some("South sowed 1: captures 5 seeds")
        );
        let game = AnyGame::from_position_text(
            GameKind::BaghChal,
            "T4/5/1GTG1/2G2/T3T t 17 0",
            [("", ""); 0],
        )
        .expect("pos");
        let mut m = Match::new(game, Seats::Both, false);
        let jump = m
            .game
            .legal_moves_text()
            .into_iter()
            .find(|t| t.contains('x'))
            .expect("a capture");
        m.apply(&jump).expect("legal");
        m.settle();
        assert!(
            m.turn_note()
                .is_some_and(|n| n.english().ends_with("captures a goat"))
        );
        assert_eq!(m.last_captures().len(), 1, "the goat taken is marked");
    }

    #[test]
    fn looking_back_shows_an_earlier_position_and_blocks_moves_until_the_present() {
        let mut m = Match::new(start(GameKind::BaghChal), Seats::Both, false);
        for mv in ["c3", "a1-b2", "d3"] {
            m.apply(mv).expect("legal");
        }
        m.settle();
        let now = m.view();
        m.look_step(-1);
        assert_eq!(m.looking, Some(2));
        assert_ne!(m.view(), now);
        assert!(!m.can_enter_move(), "no move while looking back");
        assert!(m.my_turn(), "though it is this side's turn");
        m.look_at(0);
        assert_eq!(m.view(), BoardView::of(&m.start));
        assert_eq!(m.last_move(), None);
        m.look_step(5);
        assert_eq!(m.looking, None, "past the end is the present");
        assert_eq!(m.view(), now);
        assert!(m.can_enter_move());
    }

    #[test]
    fn bagh_chal_counters_count_placed_captured_and_trapped() {
        let game = AnyGame::from_position_text(
            GameKind::BaghChal,
            "TGG1T/GG3/G1G2/G4/T3T g 13 0",
            [("", ""); 0],
        )
        .expect("pos");
        let m = Match::new(game, Seats::Both, false);
        let counters: Vec<(String, String)> = m
            .counters()
            .iter()
            .map(|(label, value)| (label.english(), value.english()))
            .collect();
        let has = |label: &str, value: &str| counters.contains(&(label.into(), value.into()));
        assert!(has("Goats placed", "7 of 20"));
        assert!(has("Goats captured", "0 of 5"));
        assert!(has("Tigers trapped", "1"), "{counters:?}");
    }

    #[test]
    fn clocks_count_down_the_running_side_only_and_read_like_clocks() {
        let mut c = ClockState {
            left_ms: [65_000.0, 3_725_000.0],
            running: Some(Side::First),
        };
        c.tick(2.0);
        assert_eq!(c.text(Side::First), "1:03");
        assert_eq!(c.text(Side::Second), "1:02:05");
        c.tick(60.0);
        assert_eq!(c.text(Side::First), "3.0");
        c.tick(10.0);
        assert_eq!(c.text(Side::First), "0.0");
    }

    #[test]
    fn a_moved_piece_glides_hop_by_hop_then_rests() {
        let game = AnyGame::from_position_text(
            GameKind::SholoGuti,
            "N2/3/5/3N1/2N2/2S2/5/3/3 s 0",
            [("", ""); 0],
        )
        .expect("pos");
        let mut m = Match::new(game, Seats::Both, false);
        m.apply("c4xc6xe6").expect("legal");
        let slide = m.slide().cloned().expect("a slide");
        assert_eq!(slide.progress(), Some((0, 0.0)));
        m.tick(SLIDE_SECONDS * 1.5);
        let (hop, t) = m.slide().and_then(Slide::progress).expect("on the way");
        assert_eq!(hop, 1);
        assert!((t - 0.5).abs() < 1e-3);
        m.tick(SLIDE_SECONDS);
        assert!(m.slide().is_none());
        assert!(m.can_enter_move());
    }

    #[test]
    fn results_read_as_sentences() {
        let names = [say!("side-baghchal-first"), say!("side-baghchal-second")];
        let o = Outcome::Win {
            winner: Side::Second,
            reason: chaupal_rules::EndReason::CaptureTarget,
        };
        assert_eq!(
            result_text(GameKind::BaghChal, o, &names),
            "Tigers win: the tigers made their captures"
        );
        let named = ["Asha".into(), "Bo".into()];
        assert_eq!(
            result_text(GameKind::BaghChal, o, &named),
            "Bo (Tigers) wins: the tigers made their captures"
        );
    }

    #[test]
    fn endings_read_as_sentences_with_the_names() {
        let names = ["Asha".into(), say!("side-baghchal-second")];
        let ended = |winner, reason| Ending::Result(GameResult { winner, reason });
        let cases = [
            (
                ended(Some(Side::First), ResultReason::Resignation),
                "Asha (Goats) wins: Tigers resigned",
            ),
            (
                ended(Some(Side::Second), ResultReason::Timeout),
                "Tigers win: time ran out",
            ),
            (ended(None, ResultReason::Agreement), "Draw: agreed"),
            (
                ended(Some(Side::First), ResultReason::Aborted),
                "Aborted: the game was called off",
            ),
            (
                ended(Some(Side::Second), ResultReason::Abandoned),
                "Tigers win: the other player left the game",
            ),
            (Ending::DrawAgreedHere, "Draw agreed"),
        ];
        for (ending, text) in cases {
            assert_eq!(ending.text(GameKind::BaghChal, &names), text);
        }
        let mut m = Match::new(start(GameKind::Kalah), Seats::Both, false);
        m.ended = Some(ended(Some(Side::Second), ResultReason::Resignation));
        assert_eq!(m.status(), "North wins: South resigned");
        assert!(m.finished());
    }

    #[test]
    fn a_seat_shows_its_rating_only_when_it_has_one() {
        assert_eq!(seat_label(&"Asha".into(), Some(1523)), "Asha (1523)");
        assert_eq!(
            seat_label(&"AI level 5".into(), Some(1789)),
            "AI level 5 (1789)"
        );
        assert_eq!(seat_label(&"Asha".into(), None), "Asha");
        assert_eq!(seat_label(&"Bo".into(), Some(-40)), "Bo (-40)");
    }
}

//! The puzzle requests (docs/PROTOCOL.md, "Puzzles"): `next_puzzle` and `open_puzzle` give a
//! puzzle to the connection, `puzzle_move` judges the solver's moves, `puzzle_solution` gives
//! up; `daily_puzzles`, `puzzle_themes` and `mistake_puzzles` list puzzles.
//!
//! What a connection holds (its puzzle, its streak) is its [`Session`]; the ratings and
//! attempts are the records' ([`Store`]), so any node serves any player. Every read and write
//! of the records is bounded by [`STORE_WAIT`]: a request that finds them too slow is refused
//! with `storage`, and what it would have changed on the connection is left as it was. The end
//! of an attempt is kept in the records before the connection moves on, so a failed write
//! can be sent again; the records decide then whether it is rated, and a second write of one
//! attempt is never rated twice.
//!
//! A rated first attempt left after a right move is settled as failed, recorded as a wrong
//! move's end is, when another puzzle is given in its place ([`Asker::leave`], from
//! `Asker::give`: the reply `puzzle` tells it in `abandoned`). A connection that closes settles
//! nothing: a dropped network is not a player giving up. Opening the same puzzle again gives it
//! from its start, still begun.
//!
//! Strings are bounded before any lookup: a puzzle id is 1 to [`MAX_ID_LEN`] letters, digits
//! and dashes, a theme at most [`MAX_THEME_LEN`] bytes (else `no_such_puzzle`), a move at most
//! [`MAX_MOVE_LEN`] bytes (else `illegal_move`).

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use chaupal_shared::protocol::echo::{about, echo};
use chaupal_shared::protocol::puzzles::{
    AbandonedAttempt, DailyPuzzle, PuzzleInfo, PuzzleMode, PuzzleMoved, PuzzleOutcome, PuzzleQuery,
};
use chaupal_shared::protocol::{
    ErrorCode, ErrorReply, GameId, GameStatus, PlayerId, Reply, ThemeCount,
};
use chaupal_shared::puzzle_set::MAX_ID_LEN;

use crate::puzzles::Puzzles;
use crate::puzzles::attempt::{Attempt, Kind, Refusal};
use crate::puzzles::session::Session;
use crate::puzzles::set::Puzzle;
use crate::puzzles::{daily, mistakes, rating, select};
use crate::store::{AttemptEnd, GameRow, PuzzleStanding, Store, StoreError};

/// The longest theme a request may name, in bytes.
pub const MAX_THEME_LEN: usize = 32;
/// The longest move `puzzle_move` may send, in bytes.
pub const MAX_MOVE_LEN: usize = 64;
/// How long a puzzle request waits for the records.
pub const STORE_WAIT: Duration = Duration::from_secs(10);
/// How many times `next_puzzle` chooses again when the records say its choice was tried
/// (on another connection since this one read what its player tried).
const CHOICES: usize = 4;

fn no_such_puzzle(reason: impl Into<String>) -> ErrorReply {
    ErrorReply::new(ErrorCode::NoSuchPuzzle, reason)
}

/// Waits for the records, at most [`STORE_WAIT`].
async fn wait<T>(read: impl Future<Output = Result<T, StoreError>>) -> Result<T, ErrorReply> {
    match tokio::time::timeout(STORE_WAIT, read).await {
        Ok(answer) => answer.map_err(ErrorReply::from),
        Err(_) => Err(ErrorReply::new(
            ErrorCode::Storage,
            "the records did not answer in time; nothing changed: try again",
        )),
    }
}

/// Refuses an id no puzzle can have.
fn check_id(id: &str) -> Result<(), ErrorReply> {
    let ok = !id.is_empty()
        && id.len() <= MAX_ID_LEN
        && id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-');
    if ok {
        Ok(())
    } else {
        Err(no_such_puzzle(format!(
            "a puzzle id is 1 to {MAX_ID_LEN} letters, digits and dashes"
        )))
    }
}

/// The refusal of a move (`notation`, which the reason repeats only in short) or of giving up.
fn refused(refusal: Refusal, notation: &str) -> ErrorReply {
    match refusal {
        Refusal::Over => ErrorReply::new(
            ErrorCode::PuzzleOver,
            "this puzzle is solved or its solution was shown: ask for another",
        ),
        Refusal::Illegal(why) => ErrorReply::new(ErrorCode::IllegalMove, about(&why, notation)),
    }
}

/// What a request acts on: the server's puzzles, the records, the connection's session and
/// its player.
pub struct Asker<'a> {
    pub puzzles: &'a Puzzles,
    pub store: &'a Store,
    pub session: &'a mut Session,
    pub player: PlayerId,
}

impl Asker<'_> {
    /// `next_puzzle`.
    pub async fn next(&mut self, query: PuzzleQuery) -> Result<Reply, ErrorReply> {
        let set = self.puzzles.set();
        if let Some(theme) = &query.theme {
            if theme.len() > MAX_THEME_LEN {
                return Err(no_such_puzzle(format!(
                    "a theme is at most {MAX_THEME_LEN} bytes"
                )));
            }
            if !set.has_theme(query.game, theme) {
                return Err(no_such_puzzle(match query.game {
                    Some(g) => format!("no {} puzzle has the theme '{}'", g.name(), echo(theme)),
                    None => format!("no puzzle has the theme '{}'", echo(theme)),
                }));
            }
        }
        match query.game {
            Some(g) if set.of_game(g).is_empty() => {
                return Err(no_such_puzzle(format!(
                    "this server has no {} puzzles",
                    g.name()
                )));
            }
            None if set.is_empty() => {
                return Err(no_such_puzzle("this server has no puzzles"));
            }
            _ => {}
        }
        let standing = wait(self.store.puzzle_standing(self.player)).await?;
        match query.mode {
            PuzzleMode::Rated => self.next_rated(&query, standing).await,
            PuzzleMode::Streak => self.next_in_streak(&query, standing).await,
        }
    }

    /// The next rated puzzle: untried, near the player's rating.
    async fn next_rated(
        &mut self,
        query: &PuzzleQuery,
        standing: PuzzleStanding,
    ) -> Result<Reply, ErrorReply> {
        if self.session.tried().is_none() {
            let tried = wait(self.store.puzzles_tried(self.player)).await?;
            self.session.set_tried(tried);
        }
        for _ in 0..CHOICES {
            let Some(index) = self.choose_rated(query, standing.rating.rating) else {
                return Err(no_such_puzzle("no puzzle fits"));
            };
            let Some(puzzle) = self.puzzles.set().get(index).cloned() else {
                break;
            };
            let tried = wait(self.store.puzzle_tried(self.player, puzzle.id())).await?;
            let known = self
                .session
                .tried()
                .is_some_and(|t| t.contains_key(puzzle.id()));
            if tried && !known {
                // Tried on another connection: choose again without it.
                self.session.tried_now(puzzle.id(), 0);
                continue;
            }
            return self
                .give(puzzle, Some(index), Kind::Rated, !tried, standing)
                .await;
        }
        Err(no_such_puzzle("no puzzle fits"))
    }

    /// Chooses a rated puzzle near `target` for the query, never the puzzle begun on this
    /// connection (asking for the next one leaves it); no await: the random numbers stay on
    /// this thread.
    fn choose_rated(&self, query: &PuzzleQuery, target: f64) -> Option<usize> {
        let set = self.puzzles.set();
        let tried = self.session.tried();
        let begun = self
            .session
            .attempt
            .as_ref()
            .filter(|a| a.settles_when_left())
            .and_then(|a| a.index);
        let fits = |i: usize| fits(set.get(i), query) && Some(i) != begun;
        let when = |i: usize| {
            let id = set.get(i)?.id();
            tried.and_then(|t| t.get(id).copied())
        };
        let mut rng = rand::rng();
        self.puzzles.ranking().with_order(query.game, |order| {
            select::rated(order, target, fits, when, &mut rng)
        })
    }

    /// The next puzzle of the connection's streak (a new streak unless its last puzzle was
    /// solved).
    async fn next_in_streak(
        &mut self,
        query: &PuzzleQuery,
        standing: PuzzleStanding,
    ) -> Result<Reply, ErrorReply> {
        let puzzles = self.puzzles;
        let (set, ranking) = (puzzles.set(), puzzles.ranking());
        let streak = self.session.streak_for_next();
        let chosen = {
            let fits = |i: usize| fits(set.get(i), query) && !streak.given.contains(&i);
            let mut rng = rand::rng();
            ranking.with_order(query.game, |order| {
                select::streak(order, streak.last_rating, fits, &mut rng)
            })
        };
        let Some(index) = chosen else {
            return Err(no_such_puzzle(
                "no puzzle is left for this streak: it has had every puzzle that fits",
            ));
        };
        let Some(puzzle) = set.get(index).cloned() else {
            return Err(no_such_puzzle("no puzzle fits"));
        };
        let rating = ranking.rating(index).unwrap_or(puzzle.entry.rating);
        let reply = self
            .give(puzzle, Some(index), Kind::Streak, false, standing)
            .await?;
        // Only once it is given: a refusal leaves the streak as it was.
        if let Some(streak) = self.session.streak.as_mut() {
            streak.given(index, rating);
        }
        Ok(reply)
    }

    /// `open_puzzle`: a puzzle of the set, or one from the player's own game.
    pub async fn open(&mut self, id: &str) -> Result<Reply, ErrorReply> {
        check_id(id)?;
        if let Some((game, ply)) = mistakes::parse_id(id) {
            let puzzle = own_puzzle(self.store, self.player, game, ply).await?;
            let standing = wait(self.store.puzzle_standing(self.player)).await?;
            return self
                .give(Arc::new(puzzle), None, Kind::Own, false, standing)
                .await;
        }
        let set = self.puzzles.set();
        let index = set
            .index_of(id)
            .ok_or_else(|| no_such_puzzle(format!("no puzzle {id}")))?;
        let puzzle = set
            .get(index)
            .cloned()
            .ok_or_else(|| no_such_puzzle(format!("no puzzle {id}")))?;
        let standing = wait(self.store.puzzle_standing(self.player)).await?;
        let tried = wait(self.store.puzzle_tried(self.player, id)).await?;
        self.give(puzzle, Some(index), Kind::Rated, !tried, standing)
            .await
    }

    /// Gives `puzzle` to the connection, in place of the one it had; that one is settled first
    /// when leaving it costs (the same puzzle opened again is given from its start, still
    /// begun).
    async fn give(
        &mut self,
        puzzle: Arc<Puzzle>,
        index: Option<usize>,
        kind: Kind,
        rated: bool,
        standing: PuzzleStanding,
    ) -> Result<Reply, ErrorReply> {
        let (rating, plays) = match index {
            Some(_) => match wait(self.store.puzzle_rating(puzzle.id())).await? {
                Some(r) => (r.rating, r.games),
                None => (puzzle.entry.rating, 0),
            },
            None => (0.0, 0),
        };
        let attempt = Attempt::new(puzzle.clone(), index, kind, rated).ok_or_else(|| {
            ErrorReply::new(ErrorCode::Internal, "the puzzle's position does not read")
        })?;
        let abandoned = self.replace_attempt(attempt).await?;
        let streak = match kind {
            Kind::Streak => self.session.streak.as_ref().map_or(0, |s| s.solved),
            Kind::Rated | Kind::Own => 0,
        };
        let (player, best_streak) = match &abandoned {
            Some(left) => (left.outcome.after, left.outcome.best_streak),
            None => (rating::shown(standing.rating), standing.best_streak),
        };
        Ok(Reply::Puzzle(Box::new(PuzzleInfo {
            id: puzzle.id().to_owned(),
            game: puzzle.game(),
            position: puzzle.entry.position.clone(),
            goal: puzzle.entry.goal,
            solver: puzzle.solver,
            themes: puzzle.entry.themes.clone(),
            proof: puzzle.entry.proof,
            rating,
            plays,
            moves_to_find: puzzle.moves_to_find(),
            rated,
            mode: kind.mode(),
            streak,
            best_streak,
            player,
            abandoned,
        })))
    }

    /// Puts `attempt` in place of the connection's, which is left (settled when that costs);
    /// the rated attempt begun, given again, stays begun. Returns what was settled.
    async fn replace_attempt(
        &mut self,
        mut attempt: Attempt,
    ) -> Result<Option<AbandonedAttempt>, ErrorReply> {
        let again = attempt.kind == Kind::Rated
            && self
                .session
                .attempt
                .as_ref()
                .is_some_and(|a| a.settles_when_left() && a.id() == attempt.id());
        attempt.begun = again;
        let abandoned = if again { None } else { self.leave().await? };
        self.session.give(attempt);
        Ok(abandoned)
    }

    /// Leaves the connection's attempt: settles it as failed when that costs (a rated first
    /// attempt, still open, after a right move), and tells how; none when nothing was settled.
    pub async fn leave(&mut self) -> Result<Option<AbandonedAttempt>, ErrorReply> {
        let Some(attempt) = self
            .session
            .attempt
            .as_ref()
            .filter(|a| a.settles_when_left())
            .cloned()
        else {
            return Ok(None);
        };
        let outcome = self.end(&attempt, false).await?;
        if let Some(a) = self.session.attempt.as_mut() {
            a.ended = true;
        }
        Ok(Some(AbandonedAttempt {
            puzzle: attempt.id().to_owned(),
            outcome,
        }))
    }

    /// `puzzle_move`.
    pub async fn play(&mut self, id: &str, notation: &str) -> Result<Reply, ErrorReply> {
        check_id(id)?;
        if notation.len() > MAX_MOVE_LEN {
            return Err(ErrorReply::new(
                ErrorCode::IllegalMove,
                format!("a move is at most {MAX_MOVE_LEN} bytes"),
            ));
        }
        let attempt = self.given(id)?;
        let (next, judgement) = attempt.judge(notation).map_err(|r| refused(r, notation))?;
        let outcome = match judgement.ends {
            Some(solved) => Some(self.end(&next, solved).await?),
            None => None,
        };
        self.session.attempt = Some(next);
        Ok(Reply::PuzzleMoved(Box::new(PuzzleMoved {
            puzzle: id.to_owned(),
            verdict: judgement.verdict,
            replies: judgement.replies,
            done: judgement.done,
            outcome,
        })))
    }

    /// `puzzle_solution`: gives up and shows the line.
    pub async fn solution(&mut self, id: &str) -> Result<Reply, ErrorReply> {
        check_id(id)?;
        let attempt = self.given(id)?;
        let (next, ended) = attempt.give_up().map_err(|r| refused(r, ""))?;
        let outcome = if ended {
            Some(self.end(&next, false).await?)
        } else {
            None
        };
        let solution = next.puzzle.line.clone();
        self.session.attempt = Some(next);
        Ok(Reply::PuzzleSolution {
            puzzle: id.to_owned(),
            solution,
            outcome,
        })
    }

    /// The connection's attempt at `id` (a copy), or `puzzle_not_given`.
    fn given(&self, id: &str) -> Result<Attempt, ErrorReply> {
        self.session.attempt_at(id).cloned().ok_or_else(|| {
            ErrorReply::new(
                ErrorCode::PuzzleNotGiven,
                format!("{id} is not the puzzle given to this connection: open it first"),
            )
        })
    }

    /// Records the end of `attempt` (solved or not) and tells its outcome; the connection's
    /// streak and what it knows of the tried puzzles follow only once it is recorded.
    async fn end(&mut self, attempt: &Attempt, solved: bool) -> Result<PuzzleOutcome, ErrorReply> {
        let puzzle = &attempt.puzzle;
        let streak = self
            .session
            .open_streak()
            .map(|s| if solved { s.solved + 1 } else { s.solved });
        let at_ms = self.store.now_ms();
        let end = AttemptEnd {
            player: self.player,
            puzzle: puzzle.id().to_owned(),
            solved,
            rated: attempt.rated && attempt.kind == Kind::Rated,
            mode: attempt.kind.name(),
            puzzle_start: attempt
                .index
                .map(|_| rating::puzzle_start(puzzle.entry.rating)),
            streak,
            at_ms,
            rate: rating::after_attempt,
        };
        let kept = wait(self.store.record_attempt(end)).await?;
        if let Some(s) = self.session.open_streak() {
            s.ended(solved);
        }
        self.session.tried_now(puzzle.id(), at_ms);
        if kept.rated
            && let (Some(index), Some(after)) = (attempt.index, kept.puzzle_after)
        {
            self.puzzles.ranking().moved(index, after.rating);
        }
        Ok(PuzzleOutcome {
            solved,
            rated: kept.rated,
            before: rating::shown(kept.player_before),
            after: rating::shown(kept.player_after),
            puzzle_rating: kept.puzzle_after.map_or(0.0, |r| r.rating),
            streak: streak.unwrap_or(0),
            streak_over: streak.is_some() && !solved,
            best_streak: kept.best_streak,
        })
    }
}

/// Whether `puzzle` is one the query allows (its game and theme).
fn fits(puzzle: Option<&Arc<Puzzle>>, query: &PuzzleQuery) -> bool {
    puzzle.is_some_and(|p| {
        query.game.is_none_or(|g| p.game() == g)
            && query.theme.as_deref().is_none_or(|t| p.has_theme(t))
    })
}

/// `daily_puzzles`: the day's puzzle of each game, for the day of `now_ms` (UTC).
pub fn daily_puzzles(puzzles: &Puzzles, now_ms: u64) -> Reply {
    let day = daily::day_of(now_ms);
    let set = puzzles.set();
    let list = daily::daily(set, &day)
        .into_iter()
        .filter_map(|(game, i)| {
            let p = set.get(i)?;
            Some(DailyPuzzle {
                game,
                id: p.id().to_owned(),
                rating: puzzles.ranking().rating(i).unwrap_or(p.entry.rating),
                themes: p.entry.themes.clone(),
                day: day.clone(),
            })
        })
        .collect();
    Reply::DailyPuzzles { puzzles: list }
}

/// `puzzle_themes`: each game's themes with their counts, most puzzles first.
pub fn puzzle_themes(puzzles: &Puzzles) -> Reply {
    Reply::PuzzleThemes {
        themes: puzzles
            .set()
            .themes()
            .into_iter()
            .map(|(game, theme, count)| ThemeCount {
                game,
                theme,
                count: u32::try_from(count).unwrap_or(u32::MAX),
            })
            .collect(),
    }
}

/// The sides `player` held in a stored game.
fn sides_of(row: &GameRow, player: PlayerId) -> Vec<chaupal_rules::Side> {
    chaupal_rules::Side::BOTH
        .into_iter()
        .zip(&row.setup.seats)
        .filter(|(_, seat)| seat.player == Some(player))
        .map(|(side, _)| side)
        .collect()
}

/// `mistake_puzzles`: the ids of the puzzles from `player`'s mistakes in `game`. Refused
/// with `no_such_game`, `private_game` (someone else's private game), `not_finished` (the
/// game is live, or has no review yet: ask for its `review` first), `not_your_seat` (a game
/// the player did not play).
pub async fn mistake_puzzles(
    store: &Store,
    player: PlayerId,
    game: GameId,
) -> Result<Reply, ErrorReply> {
    let (row, moves) = wait(store.game(game))
        .await?
        .ok_or_else(|| ErrorReply::new(ErrorCode::NoSuchGame, format!("no {game}")))?;
    crate::sight::check(&row.setup, game, player, None)?;
    if row.status == GameStatus::Live {
        return Err(ErrorReply::new(
            ErrorCode::NotFinished,
            format!("{game} is still being played"),
        ));
    }
    let sides = sides_of(&row, player);
    if sides.is_empty() {
        return Err(ErrorReply::new(
            ErrorCode::NotYourSeat,
            format!("you did not play {game}"),
        ));
    }
    let review = wait(store.review(game)).await?.ok_or_else(|| {
        ErrorReply::new(
            ErrorCode::NotFinished,
            format!("{game} has no review yet: ask for its review first"),
        )
    })?;
    let start = row
        .setup
        .start()
        .map_err(|e| ErrorReply::new(ErrorCode::BadRecord, e))?;
    let ids = mistakes::puzzles(&start, &moves, &review, &sides)
        .into_iter()
        .map(|(ply, _)| mistakes::id_of(game, ply))
        .collect();
    Ok(Reply::MistakePuzzles { puzzles: ids })
}

/// The puzzle of ply `ply` of `game` for `player`: `no_such_puzzle` unless it is one of
/// theirs (a game they played, reviewed, with a mistake of theirs there); `private_game`
/// for someone else's private game.
async fn own_puzzle(
    store: &Store,
    player: PlayerId,
    game: GameId,
    ply: u32,
) -> Result<Puzzle, ErrorReply> {
    let none = || no_such_puzzle(format!("no puzzle {}", mistakes::id_of(game, ply)));
    let (row, moves) = wait(store.game(game)).await?.ok_or_else(none)?;
    crate::sight::check(&row.setup, game, player, None)?;
    let sides = sides_of(&row, player);
    if sides.is_empty() || row.status == GameStatus::Live {
        return Err(none());
    }
    let review = wait(store.review(game)).await?.ok_or_else(none)?;
    let start = row.setup.start().map_err(|_| none())?;
    mistakes::puzzle_of(&start, &moves, &review, &sides, ply).ok_or_else(none)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)] // a test: a failure should fail loudly

    use super::*;
    use crate::puzzles::testing::{reviewed_kalah, set_of, small_kalah_rules};
    use crate::store::{NewGame, StoredSeat, temporary};
    use chaupal_rules::GameKind;
    use chaupal_shared::protocol::RulePair;
    use chaupal_shared::protocol::puzzles::Verdict;

    /// A finished small Kalah game between `first` and `second`.
    async fn finished_game(
        store: &Store,
        first: PlayerId,
        second: PlayerId,
    ) -> (GameId, Vec<String>) {
        let seat = |player, name: &str| StoredSeat {
            player: Some(player),
            engine: None,
            name: name.to_owned(),
        };
        let new = NewGame {
            kind: GameKind::Kalah,
            rules: small_kalah_rules()
                .iter()
                .map(|(k, v)| RulePair {
                    key: (*k).to_owned(),
                    value: (*v).to_owned(),
                })
                .collect(),
            start_position: None,
            clock: None,
            correspondence: None,
            rated: false,
            mode: "open".to_owned(),
            creator: Some(first),
            seats: [seat(first, "first"), seat(second, "second")],
            started_ms: 1,
            watch_key: None,
        };
        let (_, moves, _) = reviewed_kalah(GameId(0));
        let game = store
            .import_game(&new, &moves, None, None, 2)
            .await
            .unwrap();
        (game, moves)
    }

    #[tokio::test]
    async fn a_players_mistakes_become_puzzles_for_them_alone_and_never_rated() {
        let (store, _dir) = temporary().await;
        let puzzles = Puzzles::new(set_of(&[("k-a", 1500.0, &[])]));
        let players = [
            store.create_player("asha", "h1", 1).await.unwrap(),
            store.create_player("bina", "h2", 1).await.unwrap(),
        ];
        let carol = store.create_player("carol", "h3", 1).await.unwrap();
        let (game, _) = finished_game(&store, players[0], players[1]).await;
        // Not reviewed yet.
        let e = mistake_puzzles(&store, players[0], game).await.unwrap_err();
        assert_eq!(e.code, ErrorCode::NotFinished);
        let (_, _, review) = reviewed_kalah(game);
        store.save_review(&review, 3).await.unwrap();
        let blunderer = players[review.plies[2].side.index()];
        let other = players[review.plies[2].side.opponent().index()];
        let Reply::MistakePuzzles { puzzles: ids } =
            mistake_puzzles(&store, blunderer, game).await.unwrap()
        else {
            panic!("not a list");
        };
        assert_eq!(ids, [mistakes::id_of(game, 3)]);
        let Reply::MistakePuzzles { puzzles: none } =
            mistake_puzzles(&store, other, game).await.unwrap()
        else {
            panic!("not a list");
        };
        assert!(none.is_empty());
        let e = mistake_puzzles(&store, carol, game).await.unwrap_err();
        assert_eq!(e.code, ErrorCode::NotYourSeat);
        let e = mistake_puzzles(&store, carol, GameId(game.0 + 100))
            .await
            .unwrap_err();
        assert_eq!(e.code, ErrorCode::NoSuchGame);

        // The player opens and solves it: unrated, no puzzle rating.
        let mut session = Session::default();
        let mut asker = Asker {
            puzzles: &puzzles,
            store: &store,
            session: &mut session,
            player: blunderer,
        };
        let Reply::Puzzle(info) = asker.open(&ids[0]).await.unwrap() else {
            panic!("not a puzzle");
        };
        assert!(!info.rated);
        assert_eq!(
            (info.rating, info.themes.as_slice()),
            (0.0, &["mistake".to_owned()][..])
        );
        assert_eq!(info.solver, review.plies[2].side);
        let best = review.plies[2].best.clone().unwrap();
        let Reply::PuzzleMoved(moved) = asker.play(&ids[0], &best).await.unwrap() else {
            panic!("not a judgement");
        };
        assert_eq!((moved.verdict, moved.done), (Verdict::Right, true));
        let outcome = moved.outcome.unwrap();
        assert!(outcome.solved && !outcome.rated);
        assert_eq!(outcome.before, outcome.after);
        assert_eq!(outcome.puzzle_rating, 0.0);
        assert!(
            store
                .puzzles_tried(blunderer)
                .await
                .unwrap()
                .contains_key(&ids[0])
        );
        assert_eq!(
            store.puzzle_standing(blunderer).await.unwrap().rating.games,
            0
        );

        // Nobody else may open it.
        for player in [other, carol] {
            let mut session = Session::default();
            let mut asker = Asker {
                puzzles: &puzzles,
                store: &store,
                session: &mut session,
                player,
            };
            let e = asker.open(&ids[0]).await.unwrap_err();
            assert_eq!(e.code, ErrorCode::NoSuchPuzzle);
        }
    }

    #[tokio::test]
    async fn a_begun_rated_attempt_is_settled_when_another_puzzle_replaces_it() {
        let (store, _dir) = temporary().await;
        let puzzles = Puzzles::new(set_of(&[("k-a", 1500.0, &[]), ("k-b", 1510.0, &[])]));
        let asha = store.create_player("asha", "h1", 1).await.unwrap();
        let mut session = Session::default();
        let mut asker = Asker {
            puzzles: &puzzles,
            store: &store,
            session: &mut session,
            player: asha,
        };
        let given = |reply: Reply| match reply {
            Reply::Puzzle(info) => info,
            other => panic!("not a puzzle: {other:?}"),
        };
        // Opened and left before any move: nothing settled.
        given(asker.open("k-a").await.unwrap());
        let info = given(asker.open("k-b").await.unwrap());
        assert!(info.abandoned.is_none() && info.rated);
        assert!(!store.puzzle_tried(asha, "k-a").await.unwrap());
        // A right move, then the same puzzle again: from its start, still begun, unsettled.
        asker.play("k-b", "2").await.unwrap();
        let info = given(asker.open("k-b").await.unwrap());
        assert!(info.abandoned.is_none() && info.rated);
        assert!(asker.session.attempt_at("k-b").unwrap().settles_when_left());
        // The next rated puzzle is another: the one begun is settled as failed.
        let query = PuzzleQuery::default();
        let info = given(asker.next(query).await.unwrap());
        assert_eq!(info.id, "k-a", "not the puzzle begun");
        let left = info.abandoned.expect("the begun attempt settled");
        assert_eq!(left.puzzle, "k-b");
        assert!(left.outcome.rated && !left.outcome.solved);
        assert!(left.outcome.after.rating < left.outcome.before.rating);
        assert_eq!(info.player, left.outcome.after);
        assert!(store.puzzle_tried(asha, "k-b").await.unwrap());
        // A right move, then a streak puzzle: settled too, whichever puzzle the streak takes.
        asker.play("k-a", "2").await.unwrap();
        let streak = PuzzleQuery {
            mode: PuzzleMode::Streak,
            ..PuzzleQuery::default()
        };
        let info = given(asker.next(streak).await.unwrap());
        let left = info.abandoned.expect("the begun attempt settled");
        assert_eq!(left.puzzle, "k-a");
        assert!(left.outcome.rated);
        // Leaving a streak's puzzle begun costs nothing.
        asker.play(&info.id, "2").await.unwrap();
        assert_eq!(asker.leave().await.unwrap(), None);
        assert_eq!(
            store.puzzle_standing(asha).await.unwrap().rating.games,
            2,
            "two rated attempts, both left"
        );
    }

    #[tokio::test]
    async fn a_record_that_fails_leaves_the_connection_as_it_was() {
        let (store, _dir) = temporary().await;
        let puzzles = Puzzles::new(set_of(&[("k-a", 1500.0, &[])]));
        let asha = store.create_player("asha", "h1", 1).await.unwrap();
        let mut session = Session::default();
        let mut asker = Asker {
            puzzles: &puzzles,
            store: &store,
            session: &mut session,
            player: asha,
        };
        asker.open("k-a").await.unwrap();
        store.close().await;
        let e = asker.play("k-a", "2").await;
        // Not the end of the attempt: no write, so the move is judged.
        assert!(e.is_ok());
        let e = asker.play("k-a", "4").await.unwrap_err();
        assert_eq!(e.code, ErrorCode::Storage);
        // The move did not count: the attempt is where it was, still open.
        let attempt = session.attempt_at("k-a").unwrap();
        assert!(!attempt.over && !attempt.ended);
    }
}

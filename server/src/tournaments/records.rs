//! A tournament's changes as the records keep them ([`TournamentEvent`], in
//! `crate::store`), and the one place that applies them to a [`Run`]: the service records a
//! change, then applies it here; a restart rebuilds each tournament by applying its log here
//! again, into a fresh arena, so that what is rebuilt is what was lived.
//!
//! [`rebuild`] also settles the games that were in play at the restart: a game whose room
//! came back, or a correspondence game not finished (its room sleeps until it is played), is
//! followed again (its ending is scored when it comes); a game that ended while the node was
//! down is scored from its record; any other is cancelled.

use std::collections::BTreeMap;

use chaupal_rules::game::Side;
use chaupal_shared::protocol::tournaments::TournamentId;
use chaupal_shared::protocol::{GameId, GameResult, GameStatus, PlayerId, ResultReason};
use chaupal_tournament::entrant::{EntrantId, Outcome, Pairing};
use chaupal_tournament::swiss::{Round, SwissError};

use super::run::{Entrant, PlayError, Run};
use crate::registry::Registry;
use crate::store::{ENDS_UNKNOWN_MS, FirstSide, StoreError, StoredTournament, TournamentEvent};

/// Why a recorded change could not be applied (a log that does not fit its tournament).
#[derive(Debug, thiserror::Error)]
pub enum Misfit {
    #[error("{0}")]
    Play(#[from] PlayError),
    #[error("{0}")]
    Rounds(#[from] SwissError),
    #[error("round {0} is not the next round")]
    NotNextRound(u32),
    #[error("an arena has no rounds")]
    NoRounds,
    #[error("{0} is not an entrant")]
    NotEntered(PlayerId),
    #[error("{0} is not one of its games in play")]
    NoSuchGame(GameId),
}

/// The change a game's end makes: scored (with the sides that went berserk), or cancelled
/// where it was aborted.
pub fn ending_event(
    game: GameId,
    result: &GameResult,
    plies: u32,
    berserk: [bool; 2],
) -> TournamentEvent {
    let result = match (result.winner, result.reason) {
        (_, ResultReason::Aborted) => return TournamentEvent::Cancelled { game },
        (Some(Side::First), _) => FirstSide::Won,
        (Some(Side::Second), _) => FirstSide::Lost,
        (None, _) => FirstSide::Drew,
    };
    TournamentEvent::Finished {
        game,
        result,
        plies,
        berserk,
    }
}

fn entrant(run: &Run, player: PlayerId) -> Result<EntrantId, Misfit> {
    run.by_player
        .get(&player)
        .copied()
        .ok_or(Misfit::NotEntered(player))
}

fn pairing(run: &Run, first: PlayerId, second: PlayerId) -> Result<Pairing, Misfit> {
    Ok(Pairing {
        first: entrant(run, first)?,
        second: entrant(run, second)?,
    })
}

/// Round `number` of `run` as recorded, checked to be its next.
fn round_of(
    run: &Run,
    number: u32,
    games: &[[PlayerId; 2]],
    bye: Option<PlayerId>,
    unpaired: &[PlayerId],
) -> Result<Round, Misfit> {
    let next = run.rounds().ok_or(Misfit::NoRounds)?.paired() + 1;
    if number != next {
        return Err(Misfit::NotNextRound(number));
    }
    Ok(Round {
        games: games
            .iter()
            .map(|[first, second]| pairing(run, *first, *second))
            .collect::<Result<_, _>>()?,
        bye: bye.map(|b| entrant(run, b)).transpose()?,
        unpaired: unpaired
            .iter()
            .map(|p| entrant(run, *p))
            .collect::<Result<_, _>>()?,
    })
}

/// Applies `event`, which happened at `at_ms`, to `run`. A change refused leaves `run` as it
/// was.
pub fn apply(run: &mut Run, event: &TournamentEvent, at_ms: u64) -> Result<(), Misfit> {
    match event {
        TournamentEvent::Joined {
            player,
            rating,
            computer,
        } => {
            let known = run.by_player.get(&player.id).copied();
            let entrant = known.unwrap_or(EntrantId(run.entrants.len() as u32));
            run.join(entrant, *rating, at_ms)?;
            if known.is_none() {
                run.entrants.push(Entrant {
                    player: player.clone(),
                    rating: *rating,
                    computer: *computer,
                });
                run.by_player.insert(player.id, entrant);
            }
        }
        TournamentEvent::Paused { player } | TournamentEvent::Left { player } => {
            let leave = matches!(event, TournamentEvent::Left { .. });
            let entrant = entrant(run, *player)?;
            run.step_out(entrant, leave)?;
        }
        TournamentEvent::Paired {
            game,
            first,
            second,
        } => {
            if run.games.contains_key(game) {
                return Err(Misfit::NoSuchGame(*game));
            }
            let pairing = pairing(run, *first, *second)?;
            run.paired(pairing)?;
            run.games.insert(*game, pairing);
        }
        TournamentEvent::Unstarted { first, second } => {
            let pairing = pairing(run, *first, *second)?;
            if run.rounds().is_none() {
                run.paired(pairing)?;
            }
            run.cancel(pairing, at_ms)?;
        }
        TournamentEvent::RoundPaired {
            round,
            games,
            bye,
            unpaired,
        } => {
            let round = round_of(run, *round, games, *bye, unpaired)?;
            let rounds = run.rounds_mut().ok_or(Misfit::NoRounds)?;
            rounds.begin(round, at_ms)?;
        }
        TournamentEvent::Finished {
            game,
            result,
            plies,
            berserk,
        } => {
            let pairing = *run.games.get(game).ok_or(Misfit::NoSuchGame(*game))?;
            let outcome = match result {
                FirstSide::Won => Outcome::Win,
                FirstSide::Drew => Outcome::Draw,
                FirstSide::Lost => Outcome::Loss,
            };
            run.finish(pairing, (outcome, *plies, *berserk), at_ms)?;
            run.games.remove(game);
        }
        TournamentEvent::Cancelled { game } => {
            let pairing = *run.games.get(game).ok_or(Misfit::NoSuchGame(*game))?;
            run.cancel(pairing, at_ms)?;
            run.games.remove(game);
        }
        TournamentEvent::Reminded => {
            run.reminded = true;
            return Ok(());
        }
    }
    run.standings_due = true;
    Ok(())
}

/// The tournaments not finished before `kept_from_ms`, rebuilt from the records at `now_ms`:
/// on a single node its own, whose games in play at the restart are settled (see the module's
/// doc) and the changes that makes recorded; in a cluster every node's, followed (the nodes
/// claim those whose node is gone at their first pass).
pub async fn rebuild(
    registry: &Registry,
    kept_from_ms: u64,
    now_ms: u64,
) -> Result<BTreeMap<TournamentId, Run>, StoreError> {
    let store = registry.store();
    let clustered = registry.cluster().is_some();
    let made = if clustered {
        store.every_tournament_ending_after(kept_from_ms).await?
    } else {
        store.tournaments_ending_after(kept_from_ms).await?
    };
    let mut runs = BTreeMap::new();
    for made in made {
        let run = rebuild_one(registry, made, now_ms, !clustered).await?;
        runs.insert(run.id, run);
    }
    Ok(runs)
}

/// Tournament `made`, rebuilt from its log at `now_ms`. Where this node runs it (`run`), its
/// games in play are settled and the settlement recorded; otherwise it is followed as the
/// records have it.
pub async fn rebuild_one(
    registry: &Registry,
    made: StoredTournament,
    now_ms: u64,
    run_here: bool,
) -> Result<Run, StoreError> {
    let store = registry.store();
    let id = made.id;
    let mut run = Run::new(
        id,
        made.setup,
        made.by,
        made.code,
        (made.starts_ms, made.ends_ms),
    );
    run.end_recorded = made.ends_ms != ENDS_UNKNOWN_MS;
    run.owned = run_here;
    for (number, logged) in store.tournament_events_after(id, 0).await? {
        run.last_event = number;
        if let Err(e) = apply(&mut run, &logged.event, logged.at_ms) {
            // A log that does not fit is a damaged record: the rest is still worth having.
            tracing::error!(tournament = id.0, "a recorded change does not fit: {e}");
        }
    }
    if run_here {
        settle(registry, &mut run, now_ms).await?;
    }
    run.announced = run.status(now_ms);
    run.announced_rounds = run.rounds_info();
    run.standings_due = false;
    if let Some(rounds) = run.rounds_mut() {
        // Who sat out a round played before the restart heard it then.
        rounds.take_sat_out();
    }
    tracing::info!(
        tournament = id.0,
        entrants = run.entrants.len(),
        games = run.games.len(),
        run_here,
        "tournament rebuilt from the records"
    );
    Ok(run)
}

/// Settles the games `run` had in play when it was last run: a game still in play is followed
/// again (its room is here, or on another node of a cluster, or it is a correspondence game
/// sleeping in its record), one that ended meanwhile is scored from its record, any other is
/// cancelled; each change is recorded.
async fn settle(registry: &Registry, run: &mut Run, now_ms: u64) -> Result<(), StoreError> {
    let store = registry.store();
    let clustered = registry.cluster().is_some();
    // In the order they were started, so that the settlement is recorded alike each time.
    let mut in_play: Vec<GameId> = run.games.keys().copied().collect();
    in_play.sort();
    for game in in_play {
        if registry.is_live(game) {
            continue;
        }
        let event = match store.game_row(game).await? {
            // A correspondence game sleeps in its record between moves: it wakes when it is
            // played, and its ending is scored then. In a cluster, a game in play runs on
            // another node, or will once a node claims it.
            Some(row)
                if row.status != GameStatus::Finished
                    && (clustered || row.setup.correspondence.is_some()) =>
            {
                continue;
            }
            Some(row) if row.status == GameStatus::Finished => match &row.result {
                Some(result) => ending_event(game, result, row.plies, row.berserk),
                None => TournamentEvent::Cancelled { game },
            },
            _ => TournamentEvent::Cancelled { game },
        };
        store
            .record_tournament_event(run.id, now_ms, &event)
            .await?;
        if let Err(e) = apply(run, &event, now_ms) {
            tracing::error!(tournament = run.id.0, game = game.0, "{e}");
        }
    }
    Ok(())
}

//! Arena results summed up per pairing and per entrant, and written out: a table for stdout,
//! CSV and JSON files.

use std::fmt::Write as _;

use serde::{Deserialize, Serialize};

use super::arena::{
    ArenaSettings, GameEnd, GameRecord, SideStats, entrant_totals, scheduled_pairings,
};
use super::elo::{EloEstimate, Wdl};

/// One entrant, as the report names it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EntrantInfo {
    pub label: String,
    /// The fixed depth it searched to, if any (for plots of score against depth).
    pub depth: Option<u32>,
}

/// What one side of a pairing did, per move and per game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SideSummary {
    pub label: String,
    pub avg_time_ms: f64,
    pub avg_generated: f64,
    pub avg_expanded: f64,
    pub avg_nodes: f64,
    /// Nodes generated and expanded per game (all its moves in a game).
    pub generated_per_game: f64,
    pub expanded_per_game: f64,
    pub peak_memory: u64,
}

/// One pairing's results, from entrant `a`'s point of view.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PairingSummary {
    pub a: usize,
    pub b: usize,
    pub games: u32,
    pub wdl: Wdl,
    /// Draws that were games stopped at the ply cap.
    pub capped: u32,
    /// Games `a` played first.
    pub a_first: u32,
    /// Games won by the side that moved first.
    pub first_side_wins: u32,
    pub score_percent: f64,
    pub elo: EloEstimate,
    pub avg_plies: f64,
    pub sides: [SideSummary; 2],
}

fn side_summary(label: &str, s: &SideStats, games: u32) -> SideSummary {
    let per_move = |x: u64| {
        if s.moves == 0 {
            0.0
        } else {
            x as f64 / f64::from(s.moves)
        }
    };
    let per_game = |x: u64| {
        if games == 0 {
            0.0
        } else {
            x as f64 / f64::from(games)
        }
    };
    SideSummary {
        label: label.to_owned(),
        avg_time_ms: per_move(s.time_us) / 1000.0,
        avg_generated: per_move(s.generated),
        avg_expanded: per_move(s.expanded),
        avg_nodes: per_move(s.nodes),
        generated_per_game: per_game(s.generated),
        expanded_per_game: per_game(s.expanded),
        peak_memory: s.peak_memory,
    }
}

/// The summary of every pairing.
pub fn summarize(
    entrants: &[EntrantInfo],
    records: &[GameRecord],
    settings: &ArenaSettings,
) -> Vec<PairingSummary> {
    scheduled_pairings(entrants.len(), settings)
        .into_iter()
        .enumerate()
        .map(|(i, (a, b))| {
            let games: Vec<GameRecord> =
                records.iter().filter(|r| r.pairing == i).cloned().collect();
            let n = games.len() as u32;
            let mut wdl = Wdl::default();
            for r in &games {
                match r.score_of(a) {
                    Some(x) if x > 0.75 => wdl.wins += 1,
                    Some(x) if x < 0.25 => wdl.losses += 1,
                    _ => wdl.draws += 1,
                }
            }
            // In self-play both sides are the entrant: its totals are the whole game's.
            let side = |e: usize| side_summary(&entrants[e].label, &entrant_totals(&games, e), n);
            PairingSummary {
                a,
                b,
                games: n,
                wdl,
                capped: games.iter().filter(|r| r.end == GameEnd::Capped).count() as u32,
                a_first: games.iter().filter(|r| r.first == a).count() as u32,
                first_side_wins: games.iter().filter(|r| r.end == GameEnd::FirstWon).count() as u32,
                score_percent: 100.0 * wdl.score(),
                elo: wdl.elo(),
                avg_plies: if n == 0 {
                    0.0
                } else {
                    games.iter().map(|r| f64::from(r.plies)).sum::<f64>() / f64::from(n)
                },
                sides: [side(a), side(b)],
            }
        })
        .collect()
}

/// Bytes in a short human form.
pub fn bytes_text(b: u64) -> String {
    if b >= 1 << 20 {
        format!("{:.1} MiB", b as f64 / f64::from(1 << 20))
    } else if b >= 1 << 10 {
        format!("{:.1} KiB", b as f64 / 1024.0)
    } else {
        format!("{b} B")
    }
}

/// The stdout table: one block per pairing.
pub fn table(pairs: &[PairingSummary]) -> String {
    let mut s = String::new();
    for p in pairs {
        let (a, b) = (&p.sides[0], &p.sides[1]);
        let _ = writeln!(s, "{} vs {}", a.label, b.label);
        if p.a == p.b {
            let _ = writeln!(
                s,
                "  self-play: {} games, first side won {}, drawn {} ({} at the ply cap), avg plies {:.1}",
                p.games, p.first_side_wins, p.wdl.draws, p.capped, p.avg_plies
            );
        } else {
            let _ = writeln!(
                s,
                "  games {}  +{} ={} -{}  (capped {})  score {:.1}%  Elo {}  ({} played first; first side won {})",
                p.games,
                p.wdl.wins,
                p.wdl.draws,
                p.wdl.losses,
                p.capped,
                p.score_percent,
                p.elo.text(),
                p.a_first,
                p.first_side_wins
            );
            let _ = writeln!(s, "  avg plies {:.1}", p.avg_plies);
        }
        let _ = writeln!(
            s,
            "  {:<32} {:>10} {:>12} {:>12} {:>14} {:>14} {:>10}",
            "side", "ms/move", "gen/move", "exp/move", "gen/game", "exp/game", "memory"
        );
        let sides: &[&SideSummary] = if p.a == p.b { &[a] } else { &[a, b] };
        for x in sides {
            let _ = writeln!(
                s,
                "  {:<32} {:>10.2} {:>12.0} {:>12.0} {:>14.0} {:>14.0} {:>10}",
                x.label,
                x.avg_time_ms,
                x.avg_generated,
                x.avg_expanded,
                x.generated_per_game,
                x.expanded_per_game,
                bytes_text(x.peak_memory)
            );
        }
    }
    s
}

/// The CSV of the pairings (one row per pairing).
pub fn pairings_csv(pairs: &[PairingSummary]) -> String {
    let mut s = String::from(
        "a,b,games,wins,draws,losses,capped,a_first,first_side_wins,score_percent,elo,elo_low,elo_high,elo_bound,avg_plies,\
a_ms_per_move,a_generated_per_move,a_expanded_per_move,a_generated_per_game,a_expanded_per_game,a_peak_memory,\
b_ms_per_move,b_generated_per_move,b_expanded_per_move,b_generated_per_game,b_expanded_per_game,b_peak_memory\n",
    );
    for p in pairs {
        let side = |x: &SideSummary| {
            format!(
                "{:.3},{:.1},{:.1},{:.1},{:.1},{}",
                x.avg_time_ms,
                x.avg_generated,
                x.avg_expanded,
                x.generated_per_game,
                x.expanded_per_game,
                x.peak_memory
            )
        };
        let _ = writeln!(
            s,
            "{},{},{},{},{},{},{},{},{},{:.2},{:.1},{:.1},{:.1},{},{:.2},{},{}",
            csv_field(&p.sides[0].label),
            csv_field(&p.sides[1].label),
            p.games,
            p.wdl.wins,
            p.wdl.draws,
            p.wdl.losses,
            p.capped,
            p.a_first,
            p.first_side_wins,
            p.score_percent,
            p.elo.elo,
            p.elo.low,
            p.elo.high,
            p.elo.bound,
            p.avg_plies,
            side(&p.sides[0]),
            side(&p.sides[1]),
        );
    }
    s
}

/// The CSV of every game.
pub fn games_csv(entrants: &[EntrantInfo], records: &[GameRecord]) -> String {
    let mut s = String::from(
        "number,pairing,opening,first,second,end,reason,plies,opening_plies,\
first_moves,first_time_us,first_generated,first_expanded,second_moves,second_time_us,second_generated,second_expanded\n",
    );
    for r in records {
        let end = match r.end {
            GameEnd::FirstWon => "first_won",
            GameEnd::SecondWon => "second_won",
            GameEnd::Draw => "draw",
            GameEnd::Capped => "capped",
        };
        let side =
            |x: &SideStats| format!("{},{},{},{}", x.moves, x.time_us, x.generated, x.expanded);
        let _ = writeln!(
            s,
            "{},{},{},{},{},{},{},{},{},{},{}",
            r.number,
            r.pairing,
            r.opening,
            csv_field(&entrants[r.first].label),
            csv_field(&entrants[r.second].label),
            end,
            csv_field(&r.reason),
            r.plies,
            r.opening_plies,
            side(&r.sides[0]),
            side(&r.sides[1]),
        );
    }
    s
}

fn csv_field(text: &str) -> String {
    if text.contains([',', '"', '\n']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_owned()
    }
}

/// Each entrant's total score over all its games (round robin standings).
pub fn standings(entrants: &[EntrantInfo], records: &[GameRecord]) -> Vec<(usize, Wdl)> {
    (0..entrants.len())
        .map(|e| {
            let mut w = Wdl::default();
            for r in records.iter().filter(|r| r.first != r.second) {
                match r.score_of(e) {
                    Some(x) if x > 0.75 => w.wins += 1,
                    Some(x) if x < 0.25 => w.losses += 1,
                    Some(_) => w.draws += 1,
                    None => {}
                }
            }
            (e, w)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn csv_fields_with_commas_are_quoted() {
        assert_eq!(csv_field("a,b"), "\"a,b\"");
        assert_eq!(csv_field("plain"), "plain");
        assert_eq!(csv_field("say \"x\","), "\"say \"\"x\"\",\"");
        assert_eq!(bytes_text(2048), "2.0 KiB");
    }
}

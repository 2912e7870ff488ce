//! Sholo Guti: seed 002's piece difference and ours (material, mobility, capture threats,
//! control of the centre and of the triangles, trading down when ahead, fading towards the
//! no-capture draw), with move hints (longer capture chains first, steps into a capture last),
//! and what a draw costs and trades are worth to a search playing for a win.

use chaupal_rules::sholo_guti::board::{
    ALL_POINTS, NEIGHBOURS, NO_POINT, POINT_COUNT, RAY_COUNTS, RAY_TO, RAYS, bit,
};
use chaupal_rules::sholo_guti::movegen::points;
use chaupal_rules::sholo_guti::{MAX_PIECES, Move, NO_CAPTURE_LIMIT, SholoGuti};
use chaupal_rules::{Game, Side};

use crate::game_ai::{EvalInfo, Evaluator, GameAi};
use crate::value::Value;

/// The evaluations offered, ours first.
pub const EVALUATIONS: &[EvalInfo] = &[
    EvalInfo {
        name: "chaupal",
        about: "material, mobility, capture threats, centre and triangle control, advance (ours)",
        aliases: &[],
    },
    EvalInfo {
        name: "piece-count",
        about: "seed 002's piece difference",
        aliases: &["seed002"],
    },
];

/// Points 0..6: south's triangle (a1 c1 e1 b2 c2 d2); 31..37: north's.
const SOUTH_TRIANGLE: u64 = (1 << 6) - 1;
const NORTH_TRIANGLE: u64 = ALL_POINTS & !((1 << 31) - 1);
/// The middle ranks 4..6, files b..d (b4 c4 d4 b5 c5 d5 b6 c6 d6).
const CENTRE: u64 =
    bit(12) | bit(13) | bit(14) | bit(17) | bit(18) | bit(19) | bit(22) | bit(23) | bit(24);

/// The rank (0 = south's back rank .. 8 = north's) of each point: three points on the triangle
/// ranks, five on the others.
const RANK: [i32; POINT_COUNT] = {
    let mut ranks = [0; POINT_COUNT];
    let mut p = 0;
    while p < POINT_COUNT {
        ranks[p] = if p < 3 {
            0
        } else if p < 6 {
            1
        } else if p < 31 {
            2 + (p as i32 - 6) / 5
        } else if p < 34 {
            7
        } else {
            8
        };
        p += 1;
    }
    ranks
};

/// How far `side`'s pieces stand forward, in ranks summed over the pieces.
fn advancement(pieces: u64, side: Side) -> i32 {
    points(pieces)
        .map(|p| {
            let r = RANK[usize::from(p)];
            if side == Side::First { r } else { 8 - r }
        })
        .sum()
}

/// What a draw (repetition, no-capture limit) costs the searching side per piece it is ahead,
/// and gains it per piece behind: the side ahead keeps playing for the win instead of
/// repeating, the side behind is glad of a draw.
pub(crate) const DRAW_PER_PIECE: Value = 60;

/// What the side playing for a win gains per piece off the board (see `progress_bonus`).
pub(crate) const PROGRESS_PER_PIECE_OFF: Value = 10;

/// Seed 002: pieces left minus the opponent's, in hundredths of a piece.
#[derive(Debug)]
pub(crate) struct PieceCount;

impl Evaluator<SholoGuti> for PieceCount {
    fn evaluate(&self, g: &SholoGuti) -> Value {
        let me = g.side_to_move();
        100 * (g.pieces(me).count_ones() as Value - g.pieces(me.opponent()).count_ones() as Value)
    }
}

/// The pieces of `enemy` that `own` could jump right now, and the count of `own`'s steps.
fn attacks(own: u64, enemy: u64, empty: u64) -> (u64, i32) {
    let mut hit = 0;
    let mut steps = 0;
    for p in points(own) {
        let p = usize::from(p);
        steps += (NEIGHBOURS[p] & empty).count_ones() as i32;
        for ray in &RAYS[p][..usize::from(RAY_COUNTS[p])] {
            if ray.beyond != NO_POINT
                && enemy & bit(ray.neighbour) != 0
                && empty & bit(ray.beyond) != 0
            {
                hit |= bit(ray.neighbour);
            }
        }
    }
    (hit, steps)
}

/// Ours, in hundredths of a piece.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Chaupal {
    pub piece: i32,
    /// Per step move more than the opponent.
    pub mobility: i32,
    /// Per enemy piece the mover can take now, and per own piece the opponent could take.
    pub threat_on_move: i32,
    pub threatened: i32,
    /// Per piece in the centre.
    pub centre: i32,
    /// Per piece inside the enemy's triangle, and per piece idling in its own.
    pub enemy_triangle: i32,
    pub own_triangle: i32,
    /// Per rank a piece stands forward of its own back rank: a drive to make contact, without
    /// which two careful sides shuffle into a repetition or the no-capture limit.
    pub advance: i32,
    /// Per piece of lead, per piece off the board: the side ahead trades down (each trade also
    /// restarts the no-capture count).
    pub simplify: i32,
    /// Plies without a capture after which the evaluation fades towards the draw the
    /// no-capture limit brings, reaching it at the limit: the side ahead looks for a capture
    /// in time rather than at the horizon.
    pub fade_after: i32,
}

impl Default for Chaupal {
    fn default() -> Self {
        Chaupal {
            piece: 100,
            mobility: 3,
            threat_on_move: 45,
            threatened: 25,
            centre: 6,
            enemy_triangle: 12,
            own_triangle: -4,
            advance: 3,
            simplify: 2,
            fade_after: 100,
        }
    }
}

impl Evaluator<SholoGuti> for Chaupal {
    fn evaluate(&self, g: &SholoGuti) -> Value {
        let me = g.side_to_move();
        let (own, enemy) = (g.pieces(me), g.pieces(me.opponent()));
        let empty = ALL_POINTS & !(own | enemy);
        let (my_hits, my_steps) = attacks(own, enemy, empty);
        let (their_hits, their_steps) = attacks(enemy, own, empty);
        let (my_triangle, their_triangle) = match me {
            Side::First => (SOUTH_TRIANGLE, NORTH_TRIANGLE),
            Side::Second => (NORTH_TRIANGLE, SOUTH_TRIANGLE),
        };
        let count = |b: u64| b.count_ones() as i32;
        let lead = count(own) - count(enemy);
        let off_board = 2 * MAX_PIECES as i32 - count(own | enemy);
        let v = self.piece * lead
            + self.simplify * lead * off_board
            + self.mobility * (my_steps - their_steps)
            + self.threat_on_move * i32::from(my_hits != 0).max(count(my_hits).min(2))
            - self.threatened * count(their_hits)
            + self.centre * (count(own & CENTRE) - count(enemy & CENTRE))
            + self.enemy_triangle * (count(own & their_triangle) - count(enemy & my_triangle))
            + self.own_triangle * (count(own & my_triangle) - count(enemy & their_triangle))
            + self.advance * (advancement(own, me) - advancement(enemy, me.opponent()));
        fade(v, g.no_capture_plies() as i32, self.fade_after)
    }
}

/// `v` faded linearly to 0 (a draw) between `after` plies without a capture and the limit.
fn fade(v: Value, no_capture_plies: i32, after: i32) -> Value {
    let limit = i32::from(NO_CAPTURE_LIMIT);
    if no_capture_plies <= after || after >= limit {
        return v;
    }
    let left = (limit - no_capture_plies).max(0);
    v * left / (limit - after)
}

/// Whether a piece of `own` standing on `at` (with `vacated` emptied) could be jumped.
fn en_prise(at: u8, own: u64, enemy: u64, vacated: u8) -> bool {
    let empty = (ALL_POINTS & !(own | enemy) & !bit(at)) | bit(vacated);
    points(enemy & NEIGHBOURS[usize::from(at)]).any(|e| {
        let ray = RAY_TO[usize::from(e)][usize::from(at)];
        if ray == NO_POINT {
            return false;
        }
        let beyond = RAYS[usize::from(e)][usize::from(ray)].beyond;
        beyond != NO_POINT && usize::from(beyond) < POINT_COUNT && empty & bit(beyond) != 0
    })
}

impl GameAi for SholoGuti {
    const EVALUATIONS: &'static [EvalInfo] = EVALUATIONS;
    const QUIESCENCE: bool = true;
    const LATE_MOVE_REDUCTIONS: bool = true;
    const SET_TRAPS: bool = true;
    const WIN_SCALE: f64 = 300.0;

    fn evaluator(name: &str) -> Option<Box<dyn Evaluator<Self>>> {
        match name {
            "chaupal" => Some(Box::new(Chaupal::default())),
            "piece-count" => Some(Box::new(PieceCount)),
            _ => None,
        }
    }

    fn move_hint(&self, mv: Move) -> i32 {
        if mv.is_capture() {
            return 100 * mv.captures() as i32;
        }
        let me = self.side_to_move();
        let (own, enemy) = (self.pieces(me), self.pieces(me.opponent()));
        if en_prise(mv.to(), own & !bit(mv.from()), enemy, mv.from()) {
            -40
        } else {
            0
        }
    }

    fn pieces_left(&self, side: Side) -> Option<u32> {
        Some(self.pieces(side).count_ones())
    }

    /// Pieces off the board, [`PROGRESS_PER_PIECE_OFF`] each: the side playing for a win
    /// welcomes trades, which open the blocked formations a defender shuffles behind.
    fn progress_bonus(&self, _side: Side) -> Value {
        let on_board = (self.pieces(Side::First) | self.pieces(Side::Second)).count_ones();
        PROGRESS_PER_PIECE_OFF * (2 * MAX_PIECES - on_board) as Value
    }

    fn occurred_before(&self) -> bool {
        self.occurrences() >= 2
    }

    /// A fortress: every capture line through `side`'s pieces is closed by its own pieces,
    /// and it has a shuffle that keeps it so (see `sholo_guti_fortress`).
    fn cannot_lose(&self, side: Side) -> bool {
        super::sholo_guti_fortress::holds_fortress(self, side)
    }

    /// A draw throws away `side`'s lead in pieces: [`DRAW_PER_PIECE`] a piece.
    fn draw_penalty(&self, side: Side) -> Value {
        let lead = self.pieces(side).count_ones() as Value
            - self.pieces(side.opponent()).count_ones() as Value;
        DRAW_PER_PIECE * lead
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine_config::{Algorithm, DEFAULT_CONTEMPT, EngineConfig};
    use crate::position::SearchPosition;

    /// South three pieces, north one, far apart; `side` to move.
    fn south_ahead_by_two(side: &str) -> SholoGuti {
        let text = format!("N2/3/5/5/5/5/5/SSS/3 {side} 0");
        SholoGuti::from_position_text(&text, Default::default()).unwrap()
    }

    #[test]
    fn a_draw_costs_the_side_ahead_its_lead_and_gains_the_side_behind() {
        let g = south_ahead_by_two("s");
        assert_eq!(g.draw_penalty(Side::First), 2 * DRAW_PER_PIECE);
        assert_eq!(g.draw_penalty(Side::Second), -2 * DRAW_PER_PIECE);
        // Searching for south (ahead): a draw is worth less than the flat contempt says.
        let pos = SearchPosition::new(g.clone(), 30).playing_for_win();
        assert_eq!(pos.draw_value(), -30 - 2 * DRAW_PER_PIECE);
        // Searching for north (behind): a draw is worth more than nothing.
        let pos = SearchPosition::new(south_ahead_by_two("n"), 30).playing_for_win();
        assert_eq!(pos.draw_value(), -30 + 2 * DRAW_PER_PIECE);
        // Without material draws only the contempt counts (the published agents' searches).
        assert_eq!(SearchPosition::new(g, 30).draw_value(), -30);
    }

    #[test]
    fn a_draw_is_priced_by_the_lead_at_the_root_not_where_it_happens() {
        // Level material; south to move can take c4 (c3xc5).
        let g = SholoGuti::from_position_text("N2/3/5/5/5/2N2/2S2/3/S2 s 0", Default::default())
            .unwrap();
        assert_eq!(g.draw_penalty(Side::First), 0);
        for root in ["s", "n"] {
            let text = format!("N2/3/5/5/5/2N2/2S2/3/S2 {root} 0");
            let g = SholoGuti::from_position_text(&text, Default::default()).unwrap();
            let mut pos = SearchPosition::new(g, 30).playing_for_win();
            let at_root = pos.draw_value();
            assert_eq!(at_root, -30);
            // Two plies on, the same side to move, a piece taken on the way (by south, or by
            // north after the root side's step): the lead changed, the draw's price did not.
            let mut moves = Vec::new();
            for _ in 0..2 {
                pos.game.legal_moves(&mut moves);
                let mv = moves
                    .iter()
                    .copied()
                    .find(|m| m.is_capture())
                    .unwrap_or(moves[0]);
                let _ = pos.make(mv);
            }
            assert_ne!(pos.game.draw_penalty(pos.root_side()), 0, "root {root}");
            assert_eq!(pos.draw_value(), at_root, "root {root}");
        }
    }

    #[test]
    fn the_evaluation_fades_to_a_draw_as_the_no_capture_limit_nears() {
        let eval = Chaupal::default();
        let at = |plies: u32| {
            let text = format!("N2/3/5/5/5/5/5/SSS/3 s {plies}");
            eval.evaluate(&SholoGuti::from_position_text(&text, Default::default()).unwrap())
        };
        let fresh = at(0);
        assert!(fresh > 150, "two pieces up: {fresh}");
        assert_eq!(at(100), fresh, "no fading before `fade_after`");
        assert_eq!(at(150), fresh / 2, "half way to the limit: half the lead");
        assert_eq!(at(199), fresh / 100);
    }

    #[test]
    fn the_side_ahead_prefers_fewer_pieces_on_the_board() {
        let eval = Chaupal::default();
        let score = |text: &str| {
            eval.evaluate(&SholoGuti::from_position_text(text, Default::default()).unwrap())
        };
        // Two up either way, the same shape; the second has a pair of pieces fewer.
        let more = score("NN1/3/5/5/5/5/5/SSS/S2 s 0");
        let fewer = score("N2/3/5/5/5/5/5/SSS/3 s 0");
        assert!(fewer > more, "trading down when ahead: {fewer} vs {more}");
    }

    #[test]
    fn the_side_playing_for_a_win_welcomes_trades_and_its_opponent_does_not() {
        let g = south_ahead_by_two("s");
        let off = (2 * MAX_PIECES - 4) as Value;
        assert_eq!(g.progress_bonus(Side::First), PROGRESS_PER_PIECE_OFF * off);
        // Searching for south, south to move: the bonus counts for the mover.
        let pos = SearchPosition::new(g.clone(), 0).playing_for_win();
        assert_eq!(pos.progress_bonus(), PROGRESS_PER_PIECE_OFF * off);
        // Searching for north (north to move at the root), then south to move: the bonus is
        // north's, so it counts against the mover.
        let mut pos = SearchPosition::new(south_ahead_by_two("n"), 0).playing_for_win();
        assert_eq!(pos.progress_bonus(), PROGRESS_PER_PIECE_OFF * off);
        let mut moves = Vec::new();
        pos.game.legal_moves(&mut moves);
        let _ = pos.make(moves[0]);
        assert_eq!(pos.game.side_to_move(), Side::First);
        assert_eq!(pos.progress_bonus(), -PROGRESS_PER_PIECE_OFF * off);
        // Not playing for a win: nothing.
        assert_eq!(SearchPosition::new(g, 0).progress_bonus(), 0);
    }

    #[test]
    fn a_position_met_earlier_in_the_game_is_a_draw_for_the_side_playing_for_a_win() {
        let mut g = south_ahead_by_two("s");
        let mut moves = Vec::new();
        g.legal_moves(&mut moves);
        let out = moves[0];
        crate::history_tests::out_and_back(&mut g, out);
        // South to move at the start position, for the second time; south's `out` leads to a
        // position the game has seen.
        assert_eq!(g.occurrences(), 2);
        let mut pos = SearchPosition::new(g.clone(), 30).playing_for_win();
        let _ = pos.make(out);
        assert!(pos.game.occurred_before() && pos.game.outcome().is_none());
        let status = pos.status(1).expect("a draw in the search");
        assert!(status.path_dependent);
        // North is to move; south, ahead and searching, loses its lead to the draw.
        assert_eq!(status.value, 30 + 2 * DRAW_PER_PIECE);
        // The published agents' searches (not playing for a win) see only their own line.
        let mut pos = SearchPosition::new(g, 30);
        let _ = pos.make(out);
        assert_eq!(pos.status(1), None);
    }

    /// A fixed-depth search of the full engine's settings, with or without late move
    /// reductions: its value, whether proven, and its node count.
    fn search_at(g: &SholoGuti, depth: u32, reductions: bool) -> (Value, bool, u64) {
        use crate::control::SearchControl;
        use crate::request::SearchLimits;
        use crate::search::Searcher;
        let config = crate::search::SearchConfig {
            late_move_reductions: reductions,
            ..EngineConfig::new(Algorithm::Pvs).search
        };
        let limits = SearchLimits {
            depth: Some(depth),
            ..SearchLimits::default()
        };
        let cancel = std::sync::atomic::AtomicBool::new(false);
        let eval = Chaupal::default();
        let control = SearchControl::new(&limits, &cancel);
        let out = Searcher::new(g, &eval, config, control).run(&mut |_| {});
        (out.value, out.proven, out.stats.nodes)
    }

    #[test]
    fn late_move_reductions_visit_fewer_nodes_in_the_middle_game() {
        let mut g = SholoGuti::start(Default::default());
        let mut moves = Vec::new();
        for k in 0..16usize {
            g.legal_moves(&mut moves);
            g.make(moves[(7 * k + 3) % moves.len()]);
        }
        assert!(g.outcome().is_none());
        let (_, _, full) = search_at(&g, 5, false);
        let (_, _, reduced) = search_at(&g, 5, true);
        println!("depth 5: {full} nodes without reductions, {reduced} with");
        assert!(
            reduced < full,
            "with reductions {reduced} nodes, without {full}"
        );
    }

    #[test]
    fn late_move_reductions_keep_forced_wins_and_their_length() {
        // South to move wins in three moves (five plies), see `tests/ai_sholo_guti.rs`.
        let mut g =
            SholoGuti::from_position_text("N2/S2/2S2/2S2/5/5/5/3/3 s 0", Default::default())
                .unwrap();
        g.play_text("c6-b6").unwrap();
        g.play_text("a9-c9").unwrap();
        let full = search_at(&g, 7, false);
        let reduced = search_at(&g, 7, true);
        assert_eq!(full.0, crate::value::mate_in(5));
        assert_eq!((reduced.0, reduced.1), (full.0, full.1));
    }

    #[test]
    fn the_full_search_scores_draws_by_the_lead_and_the_seed_agents_do_not() {
        let pvs = EngineConfig::new(Algorithm::Pvs).search;
        assert!(pvs.play_for_win);
        assert_eq!(pvs.contempt, DEFAULT_CONTEMPT);
        let seed = EngineConfig::new(Algorithm::AlphaBeta).search;
        assert!(!seed.play_for_win);
        assert_eq!(seed.contempt, 0);
    }
}

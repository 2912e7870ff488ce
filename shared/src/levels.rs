//! The AI levels as players see them: eight per game, and each level's rating on the server's
//! scale, measured by games between the levels and fitted as one Elo ladder per game
//! (docs/AI.md, "Calibrated ratings"). The server rates players against these; the client shows
//! them where a player picks a level.
//!
//! The table between the `levels:begin` and `levels:end` lines is written by `chaupal levels
//! --write` from the calibration's games (`scripts/calibrate-levels.sh`); a test in the lab checks
//! that it is the ladder fitted from the games in docs/research/levels-GAME/.

use chaupal_rules::GameKind;

/// Levels per game, 1 (weakest) to 8.
pub const LEVELS: u8 = 8;

/// Where level 1 stands on the server's scale (a new player starts at 1500).
pub const LEVEL_ONE_RATING: i32 = 1000;

// levels:begin
/// Each level's Elo above level 1, levels 1 to 8, per game, rounded: the maximum-likelihood
/// ladder of the calibration's games.
const LEVEL_ELO: [(GameKind, [i32; 8]); 4] = [
    (GameKind::BaghChal, [0, 298, 549, 697, 720, 892, 1032, 1212]),
    (GameKind::Kalah, [0, 508, 745, 880, 1010, 1166, 1392, 1572]),
    (
        GameKind::Jungle,
        [0, 539, 932, 1074, 1432, 1592, 1712, 1814],
    ),
    (
        GameKind::SholoGuti,
        [0, 240, 751, 1071, 1413, 1723, 1925, 2046],
    ),
];
// levels:end

/// Level `level`'s measured Elo above level 1 in a game (levels outside 1..=8 are clamped).
pub fn level_elo(kind: GameKind, level: u8) -> i32 {
    LEVEL_ELO
        .iter()
        .find(|(k, _)| *k == kind)
        .map_or(0, |(_, elo)| elo[usize::from(level.clamp(1, LEVELS)) - 1])
}

/// Level `level`'s rating on the server's scale: [`LEVEL_ONE_RATING`] plus its Elo above level
/// 1 (Glicko-2's scale is Elo's, so the measured differences carry over unchanged).
pub fn level_rating(kind: GameKind, level: u8) -> i32 {
    LEVEL_ONE_RATING + level_elo(kind, level)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_has_eight_levels_from_the_anchor() {
        for kind in GameKind::ALL {
            assert_eq!(level_rating(kind, 1), LEVEL_ONE_RATING, "{kind}");
            assert!(LEVEL_ELO.iter().any(|(k, _)| *k == kind), "{kind}");
            assert_eq!(level_rating(kind, 0), level_rating(kind, 1));
            assert_eq!(level_rating(kind, 9), level_rating(kind, 8));
        }
    }
}

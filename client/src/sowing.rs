//! Kalah's sowing animation as data: the board after each seed lands, from the position before
//! a move to the position after it (captures and the final count shown in the last frame).
//! The drawing code shows one frame at a time; the timing lives here too, tested without a
//! window.

use chaupal_rules::Side;

use crate::view::KalahView;

/// Seconds each seed takes to land.
pub const SEED_SECONDS: f32 = 0.16;
/// The longest a whole sowing may take, however many seeds: long laps speed up.
pub const MAX_SOWING_SECONDS: f32 = 2.4;
/// How long the last frame (captures made, seeds counted) is held before the board settles.
pub const SETTLE_SECONDS: f32 = 0.35;

/// One step of a sowing: the board, and the slot a seed just landed in (none for the first
/// frame, when the house is emptied, and for the settled last frame).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SowFrame {
    pub view: KalahView,
    pub landed: Option<usize>,
    /// Seeds still in the sower's hand.
    pub in_hand: u32,
}

/// The frames of sowing house `house` (1-based) of `mover` from `before`, ending on `after`.
pub fn frames(before: &KalahView, mover: Side, house: usize, after: &KalahView) -> Vec<SowFrame> {
    let pits = before.pits;
    let mut slots = before.slots();
    let ring = slots.len();
    let origin = mover.index() * (pits + 1) + house.saturating_sub(1);
    let skip = mover.opponent().index() * (pits + 1) + pits;
    let Some(seeds) = slots.get_mut(origin).map(std::mem::take) else {
        return Vec::new();
    };
    let mut out = vec![SowFrame {
        view: KalahView::from_slots(pits, &slots),
        landed: None,
        in_hand: u32::from(seeds),
    }];
    let mut at = origin;
    for left in (0..u32::from(seeds)).rev() {
        at = (at + 1) % ring;
        if at == skip {
            at = (at + 1) % ring;
        }
        slots[at] += 1;
        out.push(SowFrame {
            view: KalahView::from_slots(pits, &slots),
            landed: Some(at),
            in_hand: left,
        });
    }
    if out.last().map(|f| &f.view) != Some(after) {
        out.push(SowFrame {
            view: after.clone(),
            landed: None,
            in_hand: 0,
        });
    }
    out
}

/// The seeds a sowing captured into the mover's store once the last seed landed (its own last
/// seed and the opposite house's), from its frames and the board `after` it; none when the
/// game ended with it (the seeds left then go to their own side's store, which is no capture).
pub fn captured(frames: &[SowFrame], mover: Side, after: &KalahView) -> u32 {
    if after.houses.iter().any(|row| row.iter().all(|&n| n == 0)) {
        return 0;
    }
    let sown = frames
        .iter()
        .rev()
        .find(|f| f.landed.is_some())
        .or(frames.first());
    let Some(sown) = sown else {
        return 0;
    };
    let m = mover.index();
    u32::from(after.stores[m].saturating_sub(sown.view.stores[m]))
}

/// A sowing being shown.
#[derive(Clone, Debug, PartialEq)]
pub struct Sowing {
    frames: Vec<SowFrame>,
    elapsed: f32,
    step: f32,
}

impl Sowing {
    /// Starts showing a sowing.
    pub fn new(frames: Vec<SowFrame>) -> Sowing {
        let steps = frames.len().max(1) as f32;
        Sowing {
            step: SEED_SECONDS.min(MAX_SOWING_SECONDS / steps),
            frames,
            elapsed: 0.0,
        }
    }

    /// Moves time on by `dt` seconds.
    pub fn tick(&mut self, dt: f32) {
        self.elapsed += dt.max(0.0);
    }

    /// The frame to show now.
    pub fn current(&self) -> Option<&SowFrame> {
        let i = (self.elapsed / self.step) as usize;
        self.frames.get(i.min(self.frames.len().saturating_sub(1)))
    }

    /// Whether the sowing has been shown in full.
    pub fn done(&self) -> bool {
        self.elapsed >= self.step * self.frames.len() as f32 + SETTLE_SECONDS
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chaupal_rules::{AnyGame, GameKind};

    fn view(game: &AnyGame) -> KalahView {
        match game {
            AnyGame::Kalah(k) => KalahView::of(k),
            _ => panic!("not kalah"),
        }
    }

    fn sow(position: &str, house: &str) -> (Vec<SowFrame>, KalahView) {
        let mut game =
            AnyGame::from_position_text(GameKind::Kalah, position, [("", ""); 0]).expect("pos");
        let before = view(&game);
        let mover = game.side_to_move();
        game.play_text(house).expect("legal");
        let after = view(&game);
        let h: usize = house.parse().expect("house");
        (frames(&before, mover, h, &after), after)
    }

    #[test]
    fn each_seed_lands_one_frame_at_a_time_and_the_last_frame_is_the_result() {
        let (frames, after) = sow("4,4,4,4,4,4:0/4,4,4,4,4,4:0 s", "3");
        // Emptied house, then four seeds: houses 4, 5, 6 and the store.
        assert_eq!(frames.len(), 5);
        assert_eq!(frames[0].view.houses[0], [4, 4, 0, 4, 4, 4]);
        assert_eq!(frames[0].in_hand, 4);
        assert_eq!(
            frames[4].landed,
            Some(6),
            "the last seed lands in south's store"
        );
        assert_eq!(frames.last().map(|f| &f.view), Some(&after));
    }

    #[test]
    fn sowing_skips_the_opponents_store_and_shows_a_capture_at_the_end() {
        // South's house 6 holds 9 seeds: round past north's houses, skipping north's store.
        let (frames, after) = sow("1,0,0,0,0,9:17/1,1,1,1,1,1:15 s", "6");
        assert!(
            frames.iter().all(|f| f.landed != Some(13)),
            "north's store is skipped"
        );
        assert_eq!(frames.last().map(|f| &f.view), Some(&after));
        let north = sow("1,1,1,1,1,1:15/0,0,0,0,0,9:18 n", "6").0;
        assert!(
            north.iter().all(|f| f.landed != Some(6)),
            "south's store is skipped"
        );
    }

    #[test]
    fn a_capture_counts_the_seeds_that_went_to_the_store_after_the_last_landed() {
        // South's lone seed lands in its empty house 2, opposite four seeds of north's: five go
        // to the store.
        let (frames, after) = sow("1,0,4,4,4,4:7/4,4,4,4,4,4:0 s", "1");
        assert_eq!(captured(&frames, Side::First, &after), 5);
        let (frames, after) = sow("4,4,4,4,4,4:0/4,4,4,4,4,4:0 s", "3");
        assert_eq!(captured(&frames, Side::First, &after), 0, "a plain sowing");
    }

    #[test]
    fn long_sowings_are_sped_up_to_fit_the_time_cap() {
        let frames = vec![
            SowFrame {
                view: KalahView::from_slots(1, &[0; 4]),
                landed: None,
                in_hand: 0,
            };
            100
        ];
        let mut sowing = Sowing::new(frames);
        assert!(!sowing.done());
        sowing.tick(MAX_SOWING_SECONDS + SETTLE_SECONDS + 0.01);
        assert!(sowing.done());
        assert!(sowing.current().is_some());
    }
}

//! Per-game evaluations and move hints: each game's [`GameAi`](super::game_ai::GameAi)
//! implementation, with the seeds' evaluations beside the project's own.

pub mod baghchal;
pub mod jungle;
pub mod kalah;
pub mod sholo_guti;
pub mod sholo_guti_fortress;

//! How a long computation (a database build) reports how far it is. The engine does no I/O:
//! the lab draws progress bars from these reports, everyone else reports nowhere ([`Silent`]).

/// Where a computation reports its stages.
pub trait Progress: Sync {
    /// A stage named `name` of `len` steps starts; the meter it returns hears of the steps
    /// done, and the stage ends when the meter is dropped.
    fn stage(&self, name: &str, len: u64) -> Box<dyn Meter + '_>;
}

/// The progress of one stage.
pub trait Meter: Sync {
    /// `steps` more steps are done.
    fn advance(&self, steps: u64);
    /// A word on where the stage is (`ply 12`).
    fn note(&self, message: &str);
}

/// Reports nowhere.
#[derive(Clone, Copy, Debug, Default)]
pub struct Silent;

impl Progress for Silent {
    fn stage(&self, _name: &str, _len: u64) -> Box<dyn Meter + '_> {
        Box::new(Silent)
    }
}

impl Meter for Silent {
    fn advance(&self, _steps: u64) {}
    fn note(&self, _message: &str) {}
}

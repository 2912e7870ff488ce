//! When to draw the next frame. The client draws at full rate only while something moves: an
//! animation, the mouse or a finger, a key pressed a moment ago. Otherwise it waits until
//! something on the screen changes by itself (a clock's digit, a notice going, the retry
//! countdown, a caret's blink; [`crate::app::App::next_change`] says when), and looks at the
//! network at least every [`IDLE_POLL`] seconds. Pure arithmetic: the render loop asks it after
//! each frame and sleeps (desktop) or sets a timer (browser) for the answer.

/// The shortest pause between frames: about 60 frames a second.
pub const FULL_RATE: f32 = 1.0 / 60.0;

/// The longest pause while nothing happens: the network's news is taken at least this often.
pub const IDLE_POLL: f32 = 0.25;

/// How long after the last input the client keeps drawing at full rate (hover marks, a drag).
pub const LIVELY: f32 = 0.6;

/// The pace of the render loop: how long since the player last did something.
#[derive(Clone, Debug, PartialEq)]
pub struct Pacer {
    since_input: f32,
}

impl Default for Pacer {
    fn default() -> Self {
        // The first frames are drawn at full rate (fonts settle, the window appears).
        Pacer { since_input: 0.0 }
    }
}

impl Pacer {
    /// After a frame that took `dt` seconds, in which the player did something (`input`) or
    /// not, with the picture next changing by itself in `change` seconds (none: never):
    /// the pause before the next frame.
    pub fn after_frame(&mut self, dt: f32, input: bool, change: Option<f32>) -> f32 {
        if input {
            self.since_input = 0.0;
        } else {
            self.since_input += dt.max(0.0);
        }
        if self.since_input < LIVELY {
            return FULL_RATE;
        }
        change.unwrap_or(IDLE_POLL).clamp(FULL_RATE, IDLE_POLL)
    }

    /// Whether the loop runs at full rate now.
    pub fn lively(&self) -> bool {
        self.since_input < LIVELY
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn input_keeps_the_full_rate_for_a_moment_then_the_loop_idles() {
        let mut p = Pacer::default();
        assert_eq!(p.after_frame(FULL_RATE, true, None), FULL_RATE);
        assert!(p.lively());
        let mut t = 0.0;
        let mut wait = FULL_RATE;
        while t < LIVELY + 0.1 {
            wait = p.after_frame(wait, false, None);
            t += wait;
        }
        assert_eq!(
            wait, IDLE_POLL,
            "idle: the network is looked at 4 times a second"
        );
        assert!(!p.lively());
        assert_eq!(
            p.after_frame(IDLE_POLL, true, None),
            FULL_RATE,
            "input wakes it"
        );
    }

    #[test]
    fn a_change_due_soon_is_drawn_on_time_and_an_animation_at_full_rate() {
        let mut p = Pacer::default();
        p.after_frame(LIVELY * 2.0, false, None);
        assert_eq!(
            p.after_frame(0.1, false, Some(0.1)),
            0.1,
            "a clock's next digit"
        );
        assert_eq!(
            p.after_frame(0.1, false, Some(0.0)),
            FULL_RATE,
            "an animation"
        );
        assert_eq!(p.after_frame(0.1, false, Some(30.0)), IDLE_POLL);
    }
}

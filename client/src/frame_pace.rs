//! When to draw the next frame, and whether to draw it anew. The client draws at full rate only
//! while something moves: an animation, the mouse or a finger, a key pressed a moment ago.
//! Otherwise it waits until something on the screen changes by itself (a clock's digit, a
//! notice going, the retry countdown, a caret's blink; [`crate::app::App::next_change`] says
//! when), and looks at the network at least every [`IDLE_POLL`] seconds; a frame in which
//! nothing changed shows the last picture again ([`crate::draw::canvas`]). Pure arithmetic:
//! the render loop asks it each frame and sleeps (desktop) or sets a timer (browser) for the
//! answer.

/// The shortest pause between frames: about 60 frames a second.
pub const FULL_RATE: f32 = 1.0 / 60.0;

/// The desktop's pause while nothing happens, for a few seconds after the player last did
/// something: the network's news (and the next click) is taken at least this often. The
/// desktop's event loop (miniquad's, on X11) cannot be woken by a timer or by the network
/// thread, so it sleeps instead; the browser's can, and waits for an event.
pub const IDLE_POLL: f32 = 0.25;

/// The desktop's pause once nothing has happened for [`IDLE_PATIENCE`] seconds: an idle
/// window draws about once a second (each such frame shows the kept picture again, but without
/// a graphics card even that costs ~20 ms at 1280x800).
pub const IDLE_POLL_LONG: f32 = 1.0;

/// Seconds without input after which the desktop polls at [`IDLE_POLL_LONG`].
pub const IDLE_PATIENCE: f32 = 5.0;

/// How long after the last input the client keeps drawing at full rate (hover marks, a drag).
pub const LIVELY: f32 = 0.6;

/// The most one frame moves the animations on, in seconds: on a slow machine (software
/// OpenGL, an old phone) frames are long, and an animation keeps nearly its pace; a stall
/// longer than this is not made up by jumping ahead.
pub const MAX_ANIMATION_STEP: f32 = 0.25;

/// The pace of the render loop: how long since the player last did something.
#[derive(Clone, Debug, PartialEq)]
pub struct Pacer {
    since_input: f32,
    /// When the picture drawn last changes by itself (seconds on the platform's clock).
    due: Option<f64>,
    /// The window's size when the picture was drawn.
    size: (f32, f32),
    /// Whether the last pause was a wait for an event or a change (not a full-rate step).
    rested: bool,
}

impl Default for Pacer {
    fn default() -> Self {
        // At rest from the start: the first picture is drawn because there is none yet, and
        // the next when something happens (each turn drawn through a software renderer is
        // time the first screen waits for).
        Pacer {
            since_input: LIVELY,
            due: None,
            size: (0.0, 0.0),
            rested: false,
        }
    }
}

impl Pacer {
    /// Whether the frame at `now`, in a window of `size`, must be drawn anew: something
    /// happened (`fresh`: the player's actions, news from the server), the window changed
    /// size, or a change the picture expected is due (an animation's next step, a clock's
    /// next digit, a notice's end).
    pub fn redraw(&self, now: f64, size: (f32, f32), fresh: bool) -> bool {
        fresh || size != self.size || self.due.is_some_and(|d| now >= d)
    }

    /// A picture was drawn at `now` in a window of `size`; it next changes by itself in
    /// `change` seconds (none: never).
    pub fn drawn(&mut self, now: f64, size: (f32, f32), change: Option<f32>) {
        self.size = size;
        self.due = change.map(|c| now + f64::from(c));
    }

    /// Seconds from `now` until the picture drawn last is due to change, by what was known when
    /// it was drawn (none: never). A change due when the frame was drawn (an animation that
    /// has since ended within the same frame) is owed a frame at once, or the screen would
    /// keep its last step.
    pub fn owed(&self, now: f64) -> Option<f32> {
        self.due.map(|d| (d - now).max(0.0) as f32)
    }

    /// After a frame that took `dt` seconds, in which the player did something (`input`) or
    /// not, with the picture next changing by itself in `change` seconds (none: never):
    /// the pause before the next frame, or none when only an event (input, the network)
    /// should bring one (see [`Pacer::idle_poll`] for a loop that cannot wait for events).
    pub fn after_frame(&mut self, dt: f32, input: bool, change: Option<f32>) -> Option<f32> {
        if input {
            self.since_input = 0.0;
        } else {
            self.since_input += dt.max(0.0);
        }
        let wait = if self.since_input < LIVELY {
            Some(FULL_RATE)
        } else {
            change.map(|c| c.max(FULL_RATE))
        };
        self.rested = wait.is_none_or(|w| w > FULL_RATE);
        wait
    }

    /// How far a frame of `dt` seconds moves the animations on: a frame after a rest (the one
    /// in which the opponent's move arrives, say) starts them at their start; others by their
    /// length, up to [`MAX_ANIMATION_STEP`].
    pub fn animation_step(&self, dt: f32) -> f32 {
        let most = if self.rested {
            FULL_RATE
        } else {
            MAX_ANIMATION_STEP
        };
        dt.clamp(0.0, most)
    }

    /// The longest pause of a loop that cannot wait for events: short for a while after the
    /// last input, then longer.
    pub fn idle_poll(&self) -> f32 {
        if self.since_input < IDLE_PATIENCE {
            IDLE_POLL
        } else {
            IDLE_POLL_LONG
        }
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
        assert_eq!(p.after_frame(FULL_RATE, true, None), Some(FULL_RATE));
        assert!(p.lively());
        let mut t = 0.0;
        let mut wait = Some(FULL_RATE);
        while t < LIVELY + 0.1 {
            let dt = wait.unwrap_or(p.idle_poll());
            wait = p.after_frame(dt, false, None);
            t += dt;
        }
        assert_eq!(wait, None, "idle: nothing to wait for but events");
        assert_eq!(
            p.idle_poll(),
            IDLE_POLL,
            "the desktop looks 4 times a second"
        );
        assert!(!p.lively());
        p.after_frame(IDLE_PATIENCE, false, None);
        assert_eq!(p.idle_poll(), IDLE_POLL_LONG, "then once a second");
        assert_eq!(
            p.after_frame(1.0, true, None),
            Some(FULL_RATE),
            "input wakes it"
        );
        assert_eq!(p.idle_poll(), IDLE_POLL);
    }

    #[test]
    fn an_unchanged_picture_is_shown_again_until_something_happens_or_is_due() {
        let mut p = Pacer::default();
        p.after_frame(LIVELY * 2.0, false, None);
        p.drawn(10.0, (800.0, 600.0), Some(0.5));
        assert!(!p.redraw(10.2, (800.0, 600.0), false), "nothing changed");
        assert!(p.redraw(10.2, (800.0, 600.0), true), "news or input");
        assert!(p.redraw(10.2, (390.0, 844.0), false), "the window turned");
        assert!(
            p.redraw(10.5, (800.0, 600.0), false),
            "the clock's next digit is due"
        );
        p.drawn(11.0, (800.0, 600.0), None);
        assert!(
            !p.redraw(100.0, (800.0, 600.0), false),
            "an idle lobby stays as it is"
        );
        p.after_frame(0.1, true, None);
        assert!(
            !p.redraw(100.1, (800.0, 600.0), false),
            "input alone draws nothing more: the input's own drawing shows it"
        );
    }

    #[test]
    fn a_change_due_soon_is_drawn_on_time_and_an_animation_at_full_rate() {
        let mut p = Pacer::default();
        p.after_frame(LIVELY * 2.0, false, None);
        assert_eq!(
            p.after_frame(0.1, false, Some(0.1)),
            Some(0.1),
            "a clock's next digit"
        );
        assert_eq!(
            p.after_frame(0.1, false, Some(0.0)),
            Some(FULL_RATE),
            "an animation"
        );
        assert_eq!(p.after_frame(0.1, false, Some(30.0)), Some(30.0));
    }

    #[test]
    fn animations_start_at_their_start_after_a_rest_and_keep_pace_on_slow_frames() {
        let mut p = Pacer::default();
        p.after_frame(LIVELY * 2.0, false, None);
        assert_eq!(p.animation_step(4.0), FULL_RATE, "the frame after a rest");
        assert_eq!(p.after_frame(0.3, false, Some(0.0)), Some(FULL_RATE));
        assert_eq!(p.animation_step(0.2), 0.2, "a slow frame keeps the pace");
        assert_eq!(
            p.animation_step(2.0),
            MAX_ANIMATION_STEP,
            "a stall is not made up"
        );
    }

    #[test]
    fn a_change_due_when_the_picture_was_drawn_is_owed_a_frame() {
        let mut p = Pacer::default();
        // Drawn mid-animation: the next picture is due at once, even if the animation ended
        // later in the same frame and nothing else will change.
        p.drawn(10.0, (800.0, 600.0), Some(0.0));
        assert_eq!(p.owed(10.01), Some(0.0));
        assert!(p.redraw(10.01, (800.0, 600.0), false));
        p.drawn(11.0, (800.0, 600.0), Some(0.5));
        assert_eq!(p.owed(11.25), Some(0.25));
        p.drawn(12.0, (800.0, 600.0), None);
        assert_eq!(p.owed(12.5), None, "an idle picture owes nothing");
    }
}

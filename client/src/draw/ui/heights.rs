//! The heights the parts of a screen took when last drawn, kept from frame to frame.

use std::cell::RefCell;

/// The heights the parts of a screen took when last drawn: an immediate-mode screen knows a
/// part's height only once it is drawn, and a part below it (or the scrolling) needs it
/// before. When a height changed, the frame is drawn again at once with the new one
/// ([`crate::draw::screens::draw`]), so no picture shows a height that is out of date.
#[derive(Debug, Default)]
pub struct Heights {
    kept: RefCell<Vec<(&'static str, f32)>>,
    changed: std::cell::Cell<bool>,
}

impl Heights {
    /// The height part `key` took when last drawn.
    pub fn get(&self, key: &'static str) -> Option<f32> {
        self.kept
            .borrow()
            .iter()
            .find(|(k, _)| *k == key)
            .map(|(_, h)| *h)
    }

    /// Keeps the height part `key` took; a change marks the frame to be drawn again.
    pub fn set(&self, key: &'static str, height: f32) {
        let mut kept = self.kept.borrow_mut();
        match kept.iter_mut().find(|(k, _)| *k == key) {
            Some((_, h)) if (*h - height).abs() < 0.5 => {}
            Some((_, h)) => {
                *h = height;
                self.changed.set(true);
            }
            None => {
                kept.push((key, height));
                self.changed.set(true);
            }
        }
    }

    /// Whether a height changed since the last call.
    pub fn take_changed(&self) -> bool {
        self.changed.replace(false)
    }
}

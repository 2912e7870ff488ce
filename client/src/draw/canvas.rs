//! The last picture drawn, kept in a texture: a frame in which nothing changed shows it again
//! (one textured rectangle) instead of drawing every panel, board and glyph anew. With no
//! graphics card (Mesa's software OpenGL), that is most of what an idle client costs. The
//! texture has the window's device pixels (three to a layout pixel on some phones), so the
//! picture is as sharp as the screen.
//!
//! For the test hook's stale-frame check, a picture's pixels can be read back and hashed
//! ([`Canvas::hash`]): the one on the screen, and one of the state drawn afresh in a canvas of
//! its own that is never shown.

use macroquad::prelude::*;

/// A picture the size of the window, kept between frames.
#[derive(Default)]
pub struct Canvas {
    target: Option<RenderTarget>,
    size: (u32, u32),
}

impl Canvas {
    /// Draws a new picture with `draw` (into the kept texture), and shows it.
    pub fn draw<T>(&mut self, draw: impl FnOnce() -> T) -> T {
        let (w, h) = (screen_width(), screen_height());
        let size = device_size();
        if self.target.is_none() || self.size != size {
            let target = render_target(size.0, size.1);
            target.texture.set_filter(FilterMode::Nearest);
            self.target = Some(target);
            self.size = size;
        }
        let mut camera = Camera2D::from_display_rect(Rect::new(0.0, 0.0, w, h));
        camera.render_target = self.target.clone();
        set_camera(&camera);
        let out = draw();
        set_default_camera();
        self.show();
        out
    }

    /// Shows the picture drawn last (over the frame macroquad has just cleared).
    pub fn show(&self) {
        if let Some(target) = &self.target {
            draw_texture_ex(
                &target.texture,
                0.0,
                0.0,
                WHITE,
                DrawTextureParams {
                    dest_size: Some(vec2(screen_width(), screen_height())),
                    flip_y: true,
                    ..Default::default()
                },
            );
        }
    }

    /// A hash of the kept picture's pixels (none before the first): slow (it reads the whole
    /// picture back from the graphics card), for the test hook's checks only.
    pub fn hash(&self) -> Option<u64> {
        let target = self.target.as_ref()?;
        let image = target.texture.get_texture_data();
        Some(fnv(&image.bytes))
    }

    /// Whether a picture the window's size is kept.
    pub fn ready(&self) -> bool {
        self.target.is_some() && self.size == device_size()
    }
}

/// The window's size in device pixels.
fn device_size() -> (u32, u32) {
    let scale = screen_dpi_scale();
    (
        (screen_width() * scale).round().max(1.0) as u32,
        (screen_height() * scale).round().max(1.0) as u32,
    )
}

/// The 64-bit FNV-1a hash of `bytes`, eight at a time.
fn fnv(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for chunk in bytes.chunks(8) {
        let mut word = [0u8; 8];
        word[..chunk.len()].copy_from_slice(chunk);
        h ^= u64::from_le_bytes(word);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

#[cfg(test)]
mod tests {
    use super::fnv;

    #[test]
    fn the_hash_tells_pictures_apart_by_any_byte() {
        let a = vec![7u8; 4 * 30];
        let mut b = a.clone();
        assert_eq!(fnv(&a), fnv(&b));
        b[57] = 8;
        assert_ne!(fnv(&a), fnv(&b));
        // A picture is not its first part.
        assert_ne!(fnv(&a), fnv(&a[..a.len() - 4]));
    }
}

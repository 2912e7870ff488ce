//! The last picture drawn, kept in a texture: a frame in which nothing changed shows it again
//! (one textured rectangle) instead of drawing every panel, board and glyph anew. With no
//! graphics card (Mesa's software OpenGL), that is most of what an idle client costs. The
//! texture has the window's device pixels (three to a layout pixel on some phones), so the
//! picture is as sharp as the screen.

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

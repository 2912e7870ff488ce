//! The glyphs' pictures: each glyph rasterised once per size (in device pixels) by fontdue,
//! kept in the glyph pages ([`super::atlas`]) on the GPU, and found again by its key. The
//! pages are textures of a fixed size, made when first needed; a page emptied by the atlas
//! forgets its glyphs here too.

use std::collections::HashMap;

use macroquad::prelude::*;

use super::atlas::{Atlas, Room};

/// A glyph at a size: the font, the glyph's index in it, and the size in device pixels.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GlyphKey {
    pub face: u8,
    pub glyph: u16,
    pub px: u16,
}

/// Where a glyph's picture is, and how it sits on the pen's position (device pixels).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Placed {
    pub page: usize,
    pub x: u16,
    pub y: u16,
    pub w: u16,
    pub h: u16,
    /// From the pen to the picture's left edge.
    pub left: i32,
    /// From the baseline up to the picture's top edge.
    pub top: i32,
}

/// The pictures of the glyphs drawn so far.
#[derive(Default)]
pub struct Glyphs {
    atlas: Atlas,
    textures: Vec<Texture2D>,
    /// Each glyph rasterised, and where (none: nothing to draw, as for a space).
    placed: HashMap<GlyphKey, Option<Placed>>,
}

impl Glyphs {
    /// The picture of `key` for drawing in `frame`, rasterised from `font` when it is not
    /// kept yet (none for a glyph with no pixels, or one too large for a page).
    pub fn get(&mut self, key: GlyphKey, font: &fontdue::Font, frame: u64) -> Option<Placed> {
        if let Some(placed) = self.placed.get(&key) {
            if let Some(p) = placed {
                self.atlas.touch(p.page, frame);
            }
            return *placed;
        }
        let (metrics, coverage) = font.rasterize_indexed(key.glyph, f32::from(key.px));
        let (w, h) = (metrics.width as u16, metrics.height as u16);
        if w == 0 || h == 0 {
            self.placed.insert(key, None);
            return None;
        }
        // Too large for a page: drawn from nothing (the caller draws such text smaller).
        let room = self.atlas.place(w, h, frame)?;
        let slot = room.slot();
        match room {
            Room::Free(_) => {}
            Room::NewPage(_) => {
                let side = self.atlas.page_size();
                let texture =
                    Texture2D::from_rgba8(side, side, &vec![0; usize::from(side).pow(2) * 4]);
                texture.set_filter(FilterMode::Linear);
                if slot.page < self.textures.len() {
                    self.textures[slot.page] = texture;
                } else {
                    self.textures.push(texture);
                }
            }
            Room::Emptied(_) => {
                self.placed
                    .retain(|_, p| p.is_none_or(|p| p.page != slot.page));
                // Cleared, so that no old glyph's edge shows beside a new one.
                if let Some(texture) = self.textures.get(slot.page) {
                    let side = u32::from(self.atlas.page_size());
                    texture.update_from_bytes(side, side, &vec![0; (side * side * 4) as usize]);
                }
            }
        }
        let texture = self.textures.get(slot.page)?;
        let mut image = Image {
            bytes: Vec::with_capacity(coverage.len() * 4),
            width: w,
            height: h,
        };
        for a in coverage {
            image.bytes.extend_from_slice(&[255, 255, 255, a]);
        }
        texture.update_part(
            &image,
            i32::from(slot.x),
            i32::from(slot.y),
            i32::from(w),
            i32::from(h),
        );
        let placed = Placed {
            page: slot.page,
            x: slot.x,
            y: slot.y,
            w,
            h,
            left: metrics.xmin,
            top: metrics.ymin + i32::from(h),
        };
        self.placed.insert(key, Some(placed));
        Some(placed)
    }

    /// The texture of a page.
    pub fn texture(&self, page: usize) -> Option<&Texture2D> {
        self.textures.get(page)
    }

    /// The largest glyph, in device pixels, a page takes.
    pub fn largest(&self) -> u16 {
        self.atlas.largest()
    }

    /// The pages open now.
    pub fn pages(&self) -> usize {
        self.atlas.pages()
    }
}

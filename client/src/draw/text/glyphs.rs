//! The glyphs' pictures: each glyph rasterised once per size (in device pixels) from its
//! outline by ab_glyph, kept in the glyph pages ([`super::atlas`]) on the GPU, and found again
//! by its key. The pages are textures of a fixed size, made when first needed; a page emptied
//! by the atlas forgets its glyphs here too.

use std::collections::HashMap;

use ab_glyph::{Font, GlyphId, PxScale};
use macroquad::prelude::*;

use super::atlas::{Atlas, Room};
use super::fonts::FontName;

/// A glyph at a size: the font, the glyph's index in it, and the size in device pixels.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GlyphKey {
    pub font: FontName,
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
    pub fn get(
        &mut self,
        key: GlyphKey,
        font: &ab_glyph::FontRef<'static>,
        frame: u64,
    ) -> Option<Placed> {
        if let Some(placed) = self.placed.get(&key) {
            if let Some(p) = placed {
                self.atlas.touch(p.page, frame);
            }
            return *placed;
        }
        let Some((bitmap, left, top)) = rasterise(font, key) else {
            self.placed.insert(key, None);
            return None;
        };
        let (w, h) = (bitmap.width, bitmap.height);
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
            bytes: Vec::with_capacity(bitmap.coverage.len() * 4),
            width: w,
            height: h,
        };
        for a in bitmap.coverage {
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
            left,
            top,
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

/// A glyph's coverage, a byte a pixel, row by row.
struct Bitmap {
    width: u16,
    height: u16,
    coverage: Vec<u8>,
}

/// The glyph of `key` rasterised: its coverage, and where it sits from the pen (the left edge
/// right of it, the top edge above the baseline, in device pixels); none for a glyph with no
/// outline (a space).
fn rasterise(font: &ab_glyph::FontRef<'static>, key: GlyphKey) -> Option<(Bitmap, i32, i32)> {
    let upem = font.units_per_em()?;
    // ab_glyph's scale is the height from the descender to the ascender; the key's size is
    // the em's.
    let scale = PxScale::from(f32::from(key.px) * font.height_unscaled() / upem);
    let outlined = font.outline_glyph(GlyphId(key.glyph).with_scale(scale))?;
    let bounds = outlined.px_bounds();
    let (w, h) = (bounds.width().ceil(), bounds.height().ceil());
    if w < 1.0 || h < 1.0 || w > f32::from(u16::MAX) || h > f32::from(u16::MAX) {
        return None;
    }
    let (width, height) = (w as u16, h as u16);
    let mut coverage = vec![0u8; usize::from(width) * usize::from(height)];
    outlined.draw(|x, y, c| {
        if let Some(px) = coverage.get_mut(y as usize * usize::from(width) + x as usize) {
            *px = (c.clamp(0.0, 1.0) * 255.0).round() as u8;
        }
    });
    Some((
        Bitmap {
            width,
            height,
            coverage,
        },
        bounds.min.x.floor() as i32,
        (-bounds.min.y).ceil() as i32,
    ))
}

//! PNG plots of arena results with plotters: score against search depth (seed 003's figures
//! 11, 12, 15 and 16) and the Elo ladder with its intervals.
//!
//! Text needs a TrueType font: `CHAUPAL_FONT` names one, else a few usual system paths are
//! tried (DejaVu Sans, Liberation Sans). Without a font no plot is drawn and the caller says so.

use std::path::Path;
use std::sync::OnceLock;

use plotters::prelude::*;

use super::ladder::Rung;

/// Font files tried when `CHAUPAL_FONT` is not set.
const FONT_PATHS: &[&str] = &[
    "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "/usr/share/fonts/TTF/DejaVuSans.ttf",
    "/usr/share/fonts/dejavu/DejaVuSans.ttf",
    "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf",
    "/Library/Fonts/Arial.ttf",
];

/// Registers a font for plot text once; `false` if none could be loaded.
pub fn font_ready() -> bool {
    static READY: OnceLock<bool> = OnceLock::new();
    *READY.get_or_init(|| {
        let env = std::env::var("CHAUPAL_FONT").ok();
        let candidates = env
            .iter()
            .map(String::as_str)
            .chain(FONT_PATHS.iter().copied());
        for path in candidates {
            if let Ok(bytes) = std::fs::read(path) {
                let bytes: &'static [u8] = Box::leak(bytes.into_boxed_slice());
                if plotters::style::register_font("sans-serif", FontStyle::Normal, bytes).is_ok() {
                    return true;
                }
            }
        }
        false
    })
}

/// Why a plot could not be drawn.
pub type PlotError = String;

fn err<E: std::fmt::Display>(e: E) -> PlotError {
    e.to_string()
}

/// One line of a score-against-depth plot.
#[derive(Clone, Debug, PartialEq)]
pub struct DepthSeries {
    pub name: String,
    /// (depth, score percent).
    pub points: Vec<(u32, f64)>,
}

/// Score (percent) against depth, one line per series.
pub fn score_by_depth(path: &Path, title: &str, series: &[DepthSeries]) -> Result<(), PlotError> {
    if !font_ready() {
        return Err("no font for plot text (set CHAUPAL_FONT to a .ttf file)".to_owned());
    }
    let max_depth = series
        .iter()
        .flat_map(|s| s.points.iter().map(|p| p.0))
        .max()
        .unwrap_or(1);
    let root = BitMapBackend::new(path, (900, 560)).into_drawing_area();
    root.fill(&WHITE).map_err(err)?;
    let mut chart = ChartBuilder::on(&root)
        .caption(title, ("sans-serif", 22))
        .margin(12)
        .x_label_area_size(40)
        .y_label_area_size(50)
        .build_cartesian_2d(0u32..max_depth + 1, 0f64..100f64)
        .map_err(err)?;
    chart
        .configure_mesh()
        .x_desc("search depth (plies)")
        .y_desc("score %")
        .draw()
        .map_err(err)?;
    for (i, s) in series.iter().enumerate() {
        let colour = Palette99::pick(i).to_rgba();
        chart
            .draw_series(LineSeries::new(
                s.points.iter().copied(),
                colour.stroke_width(2),
            ))
            .map_err(err)?
            .label(s.name.clone())
            .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 18, y)], colour));
        chart
            .draw_series(
                s.points
                    .iter()
                    .map(|&(x, y)| Circle::new((x, y), 4, colour.filled())),
            )
            .map_err(err)?;
    }
    chart
        .configure_series_labels()
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK)
        .draw()
        .map_err(err)?;
    root.present().map_err(err)
}

/// The Elo ladder: each rung's rating with its 95% interval, weakest at the bottom.
pub fn elo_ladder(path: &Path, title: &str, rungs: &[Rung]) -> Result<(), PlotError> {
    if !font_ready() {
        return Err("no font for plot text (set CHAUPAL_FONT to a .ttf file)".to_owned());
    }
    let mut order: Vec<&Rung> = rungs.iter().collect();
    order.sort_by(|a, b| a.elo.total_cmp(&b.elo));
    let lo = order.iter().map(|r| r.low).fold(0.0f64, f64::min) - 50.0;
    let hi = order.iter().map(|r| r.high).fold(0.0f64, f64::max) + 50.0;
    let n = order.len();
    let height = (140 + 36 * n) as u32;
    let root = BitMapBackend::new(path, (900, height)).into_drawing_area();
    root.fill(&WHITE).map_err(err)?;
    let labels: Vec<String> = order.iter().map(|r| r.label.clone()).collect();
    let mut chart = ChartBuilder::on(&root)
        .caption(title, ("sans-serif", 22))
        .margin(12)
        .x_label_area_size(40)
        .y_label_area_size(260)
        .build_cartesian_2d(lo..hi, (0..n).into_segmented())
        .map_err(err)?;
    chart
        .configure_mesh()
        .x_desc("Elo (95% interval)")
        .y_labels(n)
        .y_label_formatter(&|v| match v {
            SegmentValue::CenterOf(i) => labels.get(*i).cloned().unwrap_or_default(),
            _ => String::new(),
        })
        .draw()
        .map_err(err)?;
    chart
        .draw_series(order.iter().enumerate().map(|(i, r)| {
            ErrorBar::new_horizontal(
                SegmentValue::CenterOf(i),
                r.low,
                r.elo,
                r.high,
                BLUE.filled(),
                10,
            )
        }))
        .map_err(err)?;
    root.present().map_err(err)
}

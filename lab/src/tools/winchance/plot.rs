//! The plot of one game's calibration: the mover's mean result in bins of evaluation, with a
//! 95% error bar each, against the fitted curve and the curves at the ends of its interval.

use std::path::Path;

use plotters::prelude::*;

use super::files::GameFit;
use super::fit::logistic;
use super::play::Sample;
use crate::research::plots::font_ready;

/// Bins with fewer samples than this are not drawn.
const MIN_BIN: usize = 20;

/// One bin: mean evaluation, mean result, its standard error, samples.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Bin {
    pub cp: f64,
    pub result: f64,
    pub error: f64,
    pub count: usize,
}

/// The samples in bins of width s/4 over [-4s, 4s] (those outside left out), each with at least
/// [`MIN_BIN`] samples.
pub fn bins(samples: &[Sample], scale: f64) -> Vec<Bin> {
    let width = scale / 4.0;
    let count = 32usize;
    let mut sums = vec![(0.0f64, 0.0f64, 0.0f64, 0usize); count];
    for s in samples {
        let x = f64::from(s.cp);
        let i = ((x + 4.0 * scale) / width).floor();
        if i < 0.0 || i >= count as f64 {
            continue;
        }
        let b = &mut sums[i as usize];
        b.0 += x;
        b.1 += s.result;
        b.2 += s.result * s.result;
        b.3 += 1;
    }
    sums.into_iter()
        .filter(|b| b.3 >= MIN_BIN)
        .map(|(x, y, yy, n)| {
            let n_f = n as f64;
            let mean = y / n_f;
            let var = (yy / n_f - mean * mean).max(0.0);
            Bin {
                cp: x / n_f,
                result: mean,
                error: (var / n_f).sqrt(),
                count: n,
            }
        })
        .collect()
}

/// Draws `path`: the bins and the fitted curve.
pub fn calibration(path: &Path, fit: &GameFit, samples: &[Sample]) -> Result<(), String> {
    if !font_ready() {
        return Err("no font for plot text (set CHAUPAL_FONT to a .ttf file)".to_owned());
    }
    let err = |e: &dyn std::fmt::Display| e.to_string();
    let s = fit.scale;
    let bins = bins(samples, s);
    let root = BitMapBackend::new(path, (900, 600)).into_drawing_area();
    root.fill(&WHITE).map_err(|e| err(&e))?;
    let title = format!(
        "{}: s = {:.0} [{:.0}, {:.0}], {} positions, {} games",
        fit.title, s, fit.low, fit.high, fit.positions, fit.games
    );
    let mut chart = ChartBuilder::on(&root)
        .caption(title, ("sans-serif", 22))
        .margin(14)
        .x_label_area_size(42)
        .y_label_area_size(56)
        .build_cartesian_2d(-4.0 * s..4.0 * s, 0f64..100f64)
        .map_err(|e| err(&e))?;
    chart
        .configure_mesh()
        .x_desc("evaluation for the side to move (hundredths)")
        .x_label_formatter(&|x| format!("{x:.0}"))
        .y_label_formatter(&|y| format!("{y:.0}"))
        .y_desc("side to move's score % (draws half)")
        .draw()
        .map_err(|e| err(&e))?;
    let curve = |scale: f64| {
        (0..=400).map(move |i| {
            let x = -4.0 * s + 8.0 * s * f64::from(i) / 400.0;
            (x, 100.0 * logistic(x / scale))
        })
    };
    let grey = RGBColor(150, 150, 150);
    for bound in [fit.low, fit.high] {
        if bound.is_finite() && bound > 0.0 {
            chart
                .draw_series(LineSeries::new(curve(bound), grey.stroke_width(1)))
                .map_err(|e| err(&e))?;
        }
    }
    chart
        .draw_series(LineSeries::new(curve(s), BLUE.stroke_width(2)))
        .map_err(|e| err(&e))?
        .label(format!("1/(1+exp(-cp/{s:.0})), 95% interval in grey"))
        .legend(|(x, y)| PathElement::new(vec![(x, y), (x + 18, y)], BLUE.stroke_width(2)));
    chart
        .draw_series(bins.iter().map(|b| {
            ErrorBar::new_vertical(
                b.cp,
                100.0 * (b.result - 1.96 * b.error).max(0.0),
                100.0 * b.result,
                100.0 * (b.result + 1.96 * b.error).min(1.0),
                RED.filled(),
                6,
            )
        }))
        .map_err(|e| err(&e))?;
    chart
        .draw_series(
            bins.iter()
                .map(|b| Circle::new((b.cp, 100.0 * b.result), 4, RED.filled())),
        )
        .map_err(|e| err(&e))?
        .label(format!(
            "mean result in bins of {:.0} (at least {MIN_BIN} positions)",
            s / 4.0
        ))
        .legend(|(x, y)| Circle::new((x + 9, y), 4, RED.filled()));
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperLeft)
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK)
        .draw()
        .map_err(|e| err(&e))?;
    root.present().map_err(|e| err(&e))
}

#[cfg(test)]
mod tests {
    use super::*;
    use chaupal_rules::Side;

    #[test]
    fn bins_average_their_samples_and_skip_thin_ones() {
        let at = |cp: i32, result: f64| Sample {
            game: 0,
            ply: 0,
            mover: Side::First,
            level: 3,
            cp,
            result,
        };
        let mut samples: Vec<Sample> = (0..40).map(|i| at(10, f64::from(i % 2))).collect();
        samples.extend((0..5).map(|_| at(-300, 0.0)));
        samples.push(at(5000, 1.0));
        let b = bins(&samples, 400.0);
        assert_eq!(b.len(), 1);
        assert_eq!(b[0].count, 40);
        assert!((b[0].cp - 10.0).abs() < 1e-9 && (b[0].result - 0.5).abs() < 1e-9);
        assert!((b[0].error - 0.5 / 40f64.sqrt()).abs() < 1e-9);
    }
}

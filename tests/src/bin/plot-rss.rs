//! `plot-rss`: draws the server's memory over time from a soak run's CSV (written by
//! `loadtest --rss-csv`: `seconds,rss_mb,open_connections,moves`) into a PNG.
//!
//! `plot-rss --csv soak.csv --out docs/reliability/soak-rss.png [--font FILE.ttf]`

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;
use plotters::prelude::*;

#[derive(Debug, Parser)]
#[command(name = "plot-rss", about = "Plot a soak run's server memory over time")]
struct Args {
    /// The CSV written by `loadtest --rss-csv`.
    #[arg(long)]
    csv: PathBuf,
    /// The PNG to write.
    #[arg(long)]
    out: PathBuf,
    /// A TrueType font for the labels.
    #[arg(
        long,
        default_value = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    )]
    font: PathBuf,
    /// The chart's title.
    #[arg(long, default_value = "Server memory (RSS) during the soak")]
    title: String,
}

/// One sample: minutes since the start, RSS in MiB.
fn read_samples(text: &str) -> Result<Vec<(f64, f64)>, String> {
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate().skip(1) {
        if line.trim().is_empty() {
            continue;
        }
        let mut fields = line.split(',');
        let mut next = |what: &str| -> Result<f64, String> {
            fields
                .next()
                .and_then(|f| f.trim().parse::<f64>().ok())
                .ok_or_else(|| format!("line {}: no {what}", n + 1))
        };
        let seconds = next("seconds")?;
        let rss = next("rss_mb")?;
        out.push((seconds / 60.0, rss));
    }
    if out.is_empty() {
        return Err("no samples".to_owned());
    }
    Ok(out)
}

fn plot(args: &Args, samples: &[(f64, f64)]) -> Result<(), String> {
    let font = std::fs::read(&args.font).map_err(|e| format!("{}: {e}", args.font.display()))?;
    // plotters keeps registered fonts for the life of the program.
    let font: &'static [u8] = Box::leak(font.into_boxed_slice());
    plotters::style::register_font("sans-serif", FontStyle::Normal, font)
        .map_err(|_| format!("{}: not a font", args.font.display()))?;
    let minutes = samples.last().map_or(1.0, |s| s.0).max(1.0);
    let top = samples.iter().map(|s| s.1).fold(0.0, f64::max) * 1.25 + 1.0;
    let root = BitMapBackend::new(&args.out, (960, 540)).into_drawing_area();
    let e = |e: &dyn std::fmt::Display| e.to_string();
    root.fill(&WHITE).map_err(|x| e(&x))?;
    let mut chart = ChartBuilder::on(&root)
        .caption(&args.title, ("sans-serif", 24))
        .margin(16)
        .x_label_area_size(44)
        .y_label_area_size(64)
        .build_cartesian_2d(0.0..minutes, 0.0..top)
        .map_err(|x| e(&x))?;
    chart
        .configure_mesh()
        .x_desc("minutes")
        .y_desc("RSS (MiB)")
        .label_style(("sans-serif", 16))
        .draw()
        .map_err(|x| e(&x))?;
    chart
        .draw_series(LineSeries::new(
            samples.iter().copied(),
            BLUE.stroke_width(2),
        ))
        .map_err(|x| e(&x))?;
    chart
        .draw_series(
            samples
                .iter()
                .map(|&(x, y)| Circle::new((x, y), 2, BLUE.filled())),
        )
        .map_err(|x| e(&x))?;
    root.present().map_err(|x| e(&x))?;
    Ok(())
}

fn main() -> ExitCode {
    let args = Args::parse();
    let result = std::fs::read_to_string(&args.csv)
        .map_err(|e| format!("{}: {e}", args.csv.display()))
        .and_then(|text| read_samples(&text))
        .and_then(|samples| plot(&args, &samples).map(|()| samples.len()));
    match result {
        Ok(n) => {
            println!("plotted {n} samples into {}", args.out.display());
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("plot-rss: {e}");
            ExitCode::FAILURE
        }
    }
}

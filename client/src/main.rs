//! The Chaupal client program: reads the command line, then either draws one board to a PNG
//! (`--screenshot`) or opens the window and runs the client.

use std::process::ExitCode;

use chaupal_client::args::{self, Args};
use chaupal_client::draw::{Fonts, boards, theme};
use chaupal_client::geometry::{self, Area};
use chaupal_client::view::BoardView;
use clap::Parser;
use macroquad::prelude::*;

fn window_conf(args: &Args) -> Conf {
    Conf {
        window_title: "Chaupal".to_owned(),
        window_width: args.size.0 as i32,
        window_height: args.size.1 as i32,
        high_dpi: false,
        sample_count: 4,
        window_resizable: true,
        ..Default::default()
    }
}

fn main() -> ExitCode {
    let args = Args::parse();
    let conf = window_conf(&args);
    let result = std::sync::Arc::new(std::sync::Mutex::new(ExitCode::SUCCESS));
    let out = result.clone();
    macroquad::Window::from_config(conf, async move {
        let code = run(args).await;
        if let Ok(mut r) = out.lock() {
            *r = code;
        }
    });
    result.lock().map(|r| *r).unwrap_or(ExitCode::FAILURE)
}

async fn run(args: Args) -> ExitCode {
    let fonts = match Fonts::load() {
        Ok(f) => f,
        Err(e) => {
            eprintln!("chaupal-client: cannot load the bundled fonts: {e}");
            return ExitCode::FAILURE;
        }
    };
    if let (Some(file), Some(kind)) = (&args.screenshot, args.game) {
        let game = match args::screenshot_game(kind, args.position.as_deref(), &args.rules) {
            Ok(g) => g,
            Err(e) => {
                eprintln!("chaupal-client: {e}");
                return ExitCode::FAILURE;
            }
        };
        let view = BoardView::of(&game);
        for _ in 0..3 {
            clear_background(theme::BACKGROUND);
            let area = Area {
                x: 20.0,
                y: 20.0,
                w: screen_width() - 40.0,
                h: screen_height() - 40.0,
            };
            let frame = geometry::Frame::fit(geometry::extent(&view), area, args.flip);
            boards::draw(&view, &frame, &boards::Marks::default(), &fonts);
            next_frame().await;
        }
        clear_background(theme::BACKGROUND);
        let area = Area {
            x: 20.0,
            y: 20.0,
            w: screen_width() - 40.0,
            h: screen_height() - 40.0,
        };
        let frame = geometry::Frame::fit(geometry::extent(&view), area, args.flip);
        boards::draw(&view, &frame, &boards::Marks::default(), &fonts);
        let image = get_screen_data();
        image.export_png(&file.to_string_lossy());
        return ExitCode::SUCCESS;
    }
    eprintln!("chaupal-client: the window is not ready yet");
    ExitCode::FAILURE
}

//! The Chaupal client program: reads the command line, then either draws one board to a PNG
//! (`--screenshot`) or opens the window and runs the client.

use std::process::ExitCode;

use chaupal_client::app::{Action, App, Event, Screen};
use chaupal_client::args::{self, Args};
use chaupal_client::config;
use chaupal_client::draw::{Fonts, screens, ui::Input};
use chaupal_client::geometry::Px;
use chaupal_client::net::online::Online;
use chaupal_client::play::{Match, Seats};
use clap::Parser;
use macroquad::prelude::*;

/// Frames drawn before a screenshot is taken, so fonts and buffers have settled.
const SCREENSHOT_WARMUP_FRAMES: usize = 3;

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
    if let Some(file) = &args.screenshot {
        return match screenshot(&args, &fonts, file).await {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("chaupal-client: {e}");
                ExitCode::FAILURE
            }
        };
    }
    let mut app = App::new(args.offline);
    let mut online = (!args.offline).then(|| connect(&args, &mut app));
    loop {
        if let Some(online) = &mut online {
            online.pump(&mut app);
        }
        let input = Input::read();
        let actions = screens::draw(&app, &input, &fonts);
        for action in actions {
            for out in app.handle(action) {
                if let Some(online) = &mut online {
                    online.wish(out, &mut app);
                }
            }
        }
        app.tick(get_frame_time());
        next_frame().await;
    }
}

/// Reads the remembered settings and starts connecting.
fn connect(args: &Args, app: &mut App) -> Online {
    let path = config::config_dir().map(|d| d.join(config::FILE_NAME));
    let mut settings = match &path {
        Some(p) => config::Config::load(p).unwrap_or_else(|e| {
            let _ = app.apply(Event::Problem(e.to_string()));
            config::Config::default()
        }),
        None => config::Config::default(),
    };
    let name = args
        .name
        .clone()
        .or_else(|| settings.name.clone())
        .unwrap_or_else(config::default_name);
    settings.name = Some(name.clone());
    if let Some(p) = &path
        && let Err(e) = settings.save(p)
    {
        let _ = app.apply(Event::Problem(format!("Your name could not be saved: {e}")));
    }
    Online::start(&args.server, name, settings, path)
}

/// Draws the game screen for the board the options describe, saves it, and returns.
async fn screenshot(args: &Args, fonts: &Fonts, file: &std::path::Path) -> Result<(), String> {
    let kind = args.game.ok_or("--screenshot needs --game")?;
    let game = args::screenshot_game(kind, args.position.as_deref(), &args.rules)
        .map_err(|e| e.to_string())?;
    let mut m = Match::new(game, Seats::Both, false);
    for mv in args.moves.as_deref().unwrap_or("").split_whitespace() {
        m.apply(mv).map_err(|e| e.to_string())?;
    }
    m.sowing = None;
    m.slide = None;
    m.flipped = args.flip;
    let played = if m.finished() {
        Screen::GameOver
    } else {
        Screen::Game
    };
    let screen = match args.show.as_deref() {
        None | Some("game" | "replay" | "connection") => played,
        Some("game-over") => Screen::GameOver,
        Some("lobby") => Screen::Lobby,
        Some("rules") => Screen::Rules(kind),
        Some(other) => {
            return Err(format!(
                "--show {other}: expected game, game-over, lobby, rules, replay or connection"
            ));
        }
    };
    let mut app = App::showing(m, screen);
    for cell in args.clicks.as_deref().unwrap_or("").split_whitespace() {
        let _ = app.handle(Action::Cell(cell.to_owned()));
    }
    match args.show.as_deref() {
        Some("connection") => app = App::new(false),
        Some("replay") => {
            let _ = app.handle(Action::OpenReplay);
            let half = app.replay().map_or(0, |r| r.len() / 2);
            let _ = app.handle(Action::ReplayJump(half));
        }
        _ => {}
    }
    // The mouse is kept off the window so nothing shows as hovered.
    let input = Input {
        mouse: Px {
            x: -100.0,
            y: -100.0,
        },
        ..Input::default()
    };
    for _ in 0..SCREENSHOT_WARMUP_FRAMES {
        screens::draw(&app, &input, fonts);
        next_frame().await;
    }
    screens::draw(&app, &input, fonts);
    let image = get_screen_data();
    if image.width() == 0 || image.height() == 0 {
        return Err("the window has no pixels to save".to_owned());
    }
    image.export_png(&file.to_string_lossy());
    if !file.exists() {
        return Err(format!("could not write {}", file.display()));
    }
    Ok(())
}

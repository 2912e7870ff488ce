//! The Chaupal client program. On the desktop it reads the command line, then either draws one
//! board to a PNG (`--screenshot`) or opens the window and runs the client; in the browser the
//! page's address says which server to talk to and where to go (see `chaupal_client::route`).
//! The loop that runs the client is the same on both.

use chaupal_client::app::{Action, App, Event, Field, Outgoing, tab_title};
use chaupal_client::app::{ConnectionEvent, LinkEvent, PushEvent};
#[cfg(not(target_arch = "wasm32"))]
use chaupal_client::app::{GameAction, ReplayAction, ScreenAction};
use chaupal_client::app::{KeyAction, LinkAction, LobbyAction, SettingsAction};
use chaupal_client::app::{LinkRequest, LocalWish};
use chaupal_client::config::{self, Config};
use chaupal_client::draw::{
    Fonts,
    canvas::Canvas,
    screens,
    text::FontError,
    ui::{Fired, Heights, Input, Record},
};
use chaupal_client::frame_pace::Pacer;
use chaupal_client::hook::{self, Hook, HookFired};
use chaupal_client::keys::{self, Stop};
use chaupal_client::net::online::Online;
use chaupal_client::platform::{self, Store};
use chaupal_client::push_words::push_words_json;
use chaupal_client::route::{self, Launch, Route};
use chaupal_client::say;
use chaupal_client::sound::{SoundDevice, Sounds};
use chaupal_client::speech::Speaker;
use chaupal_client::words::{Language, Words};
use macroquad::prelude::*;
use std::future::Future;
use std::task::{Context, Poll, Waker};

#[cfg(not(target_arch = "wasm32"))]
fn main() -> std::process::ExitCode {
    desktop::main()
}

#[cfg(target_arch = "wasm32")]
fn main() {
    web::main();
}

/// Runs the client until the window closes. Each turn of the loop:
///
/// 1. the player's input acts on the picture on the screen: it shows the state as it is at
///    the turn's start, since every change is drawn in the turn that made it, so a tap lands
///    on what the player saw, even when the server's news or a notice's end arrive in the same
///    turn;
/// 2. then the time since the last turn passes, and the player's actions, the server's news
///    and the device's network change the state (in that order, so that a notice or a move
///    that comes now is not aged by the wait before it);
/// 3. then, if anything changed, the new picture is drawn (a frame in which nothing changed
///    shows the last picture again), and the loop waits until something happens or is due
///    ([`Pacer`]).
async fn run(launch: Launch, offline: bool, device: SoundDevice) -> Result<(), FontError> {
    let mut app = App::new(offline);
    let store = Store::standard();
    let mut settings = store.load().unwrap_or_else(|e| {
        let _ = app.apply(Event::Connection(ConnectionEvent::Problem(e)));
        Config::default()
    });
    let name = launch
        .name
        .clone()
        .or_else(|| settings.name.clone())
        .unwrap_or_else(config::default_name);
    app.remember(&name, settings.muted, settings.level);
    // The language the player chose here, else the first the system or the browser prefers
    // that the client speaks.
    let chosen = settings.language.as_deref().and_then(Language::from_tag);
    match (launch.language, chosen) {
        (Some(asked), _) => app.set_language(asked, false),
        (None, Some(chosen)) => app.set_language(chosen, true),
        (None, None) => {
            let preferred = platform::languages();
            app.set_language(
                Language::preferred(preferred.iter().map(String::as_str)),
                false,
            );
        }
    }
    let mut words = Words::new(app.language());
    platform::set_language(app.language().tag());
    platform::set_push_words(&push_words_json(&words));
    // What a screen reader hears, and the last of it (for the test hook).
    let mut speaker = Speaker::default();
    let mut spoken: Vec<String> = Vec::new();
    if settings.name.as_deref() != Some(&name) {
        settings.name = Some(name.clone());
        if let Err(e) = store.save(&settings) {
            let _ = app.apply(Event::Connection(ConnectionEvent::Problem(e)));
        }
    }
    // The connection starts first: the server's greeting comes while the fonts are read.
    let mut online = (!offline).then(|| connect(&launch, name, settings, &mut app));
    let fonts = Fonts::load()?;
    // A private game's link carries its key: the requests for that game take it along.
    if let (Some(key), Route::Game(id) | Route::Replay(id)) = (&launch.key, &launch.route) {
        carry_out(
            Outgoing::Link(LinkRequest::WatchKey(*id, key.clone())),
            &mut app,
            online.as_mut(),
        );
    }
    for out in app.handle(Action::Link(LinkAction::Follow(launch.route.clone()))) {
        carry_out(out, &mut app, online.as_mut());
    }
    // The sounds load beside the loop, a step a frame (in the browser decoding takes a few
    // frames, and the page's event loop draws no frame that nobody asked for), once the first
    // screen is up: the turns that move their loading on stay out of the first second.
    let mut sounds_loading = None;
    let mut sounds: Option<Sounds> = None;
    let began = platform::now();
    let mut title = String::new();
    let mut address = route::keyed_path(&launch.route, launch.key.as_deref());
    let mut device_online = true;
    let mut page_hidden = false;
    let mut input = Input::default();
    let mut pacer = Pacer::default();
    let mut canvas = Canvas::default();
    let heights = Heights::default();
    // What the picture on the screen offers (for the keyboard's way round it).
    let mut shown = Record::default();
    let mut unseen = 0u32;
    let mut hook_frames = 0u64;
    // For the test hook: the places whose taps acted since the last picture published, and a
    // canvas never shown, for the stale-frame check's fresh picture.
    let mut fired: Vec<Fired> = Vec::new();
    let mut probe_canvas = Canvas::default();
    let mut last_turn = platform::now();
    loop {
        let started = platform::now();
        // The time since the last turn, by the platform's clock (macroquad's frame time is the
        // turn before's: after an idle wait it would come a turn late).
        let dt = (started - last_turn).max(0.0) as f32;
        last_turn = started;
        let size = (screen_width(), screen_height());
        fonts.typesetter().begin_frame(screen_dpi_scale());
        // The press and the release aim at what the picture on the screen shows there.
        input = Input::read(&input).aimed(&shown);
        // 1. The input, on the picture the player sees: Tab first takes the keyboard to the
        // next place on it, and Enter presses the button the keyboard stands on.
        let mut actions = keyboard_way(&app, &mut input, &shown);
        let mut picture = None;
        if input.active() {
            let mut drawn =
                canvas.draw(|| screens::draw(&app, &input, &fonts, &words, &heights, size));
            if launch.hook {
                fired.append(&mut drawn.record.fired);
                fired.extend(hook::cell_fires(&input, &drawn.actions));
            }
            actions.extend(drawn.actions);
            picture = Some(drawn.record);
        }
        for typed in platform::typed_text() {
            if typed.focused && app.focus() != Some(typed.field) {
                actions.push(Action::Settings(SettingsAction::Focus(Some(typed.field))));
            }
            actions.push(Action::Settings(SettingsAction::SetText(
                typed.field,
                typed.text,
            )));
            actions.push(Action::Settings(SettingsAction::Select(
                typed.field,
                typed.selection,
            )));
            if typed.blurred && !typed.enter && app.focus() == Some(typed.field) {
                actions.push(Action::Settings(SettingsAction::Focus(None)));
            }
            if typed.enter {
                actions.push(match typed.field {
                    Field::Name => Action::Settings(SettingsAction::SaveName),
                    Field::Code => Action::Lobby(LobbyAction::JoinByCode),
                    Field::Device => Action::Link(LinkAction::LinkDevice),
                    Field::Move => Action::Key(KeyAction::PlayTyped),
                });
            }
        }
        // 2. The time since the last turn passes for the state as it was (what happens now,
        // a notice or a move shown, starts after it), then the player's actions, the
        // server's news and the device's network.
        app.set_now_ms((macroquad::miniquad::date::now() * 1000.0).max(0.0) as u64);
        for out in app.due_by_clock() {
            carry_out(out, &mut app, online.as_mut());
        }
        app.frame(dt, pacer.animation_step(dt));
        let acted = !actions.is_empty();
        for action in actions {
            for out in app.handle(action) {
                carry_out(out, &mut app, online.as_mut());
            }
        }
        let mut news = online.as_mut().is_some_and(|o| o.pump(&mut app));
        // What the browser said of notifications (answers to the player's taps, and what it
        // has at the start).
        for said in platform::push_news() {
            news = true;
            for out in app.apply(Event::Push(PushEvent::Browser(said))) {
                carry_out(out, &mut app, online.as_mut());
            }
        }
        // Fonts text has asked for are fetched; those that came set their text again.
        for name in fonts.typesetter().take_wanted() {
            platform::fetch_font(name);
        }
        for (name, bytes) in platform::fonts_fetched() {
            match bytes.map(|b| fonts.typesetter().add_font(name, b)) {
                Some(Ok(())) => news = true,
                Some(Err(e)) => {
                    let _ = app.apply(Event::Connection(ConnectionEvent::Problem(say!(
                        "problem-font",
                        detail = e.to_string()
                    ))));
                }
                // Not fetched (offline?): its text keeps the missing glyph.
                None => {}
            }
        }
        let reachable = platform::device_online();
        if reachable != device_online {
            device_online = reachable;
            let _ = app.apply(Event::Connection(ConnectionEvent::DeviceOnline(reachable)));
            news = true;
        }
        let hidden = platform::page_hidden();
        if hidden != page_hidden {
            page_hidden = hidden;
            let _ = app.apply(Event::Connection(ConnectionEvent::PageHidden(hidden)));
        }
        // What follows from the changes by itself (a game that ended turns to its result)
        // happens now, to be drawn with them.
        let settled = app.settle();
        // A new language takes the screen at once: every word is said again in it.
        let relanguaged = words.language() != app.language();
        if relanguaged {
            words = Words::new(app.language());
            platform::set_language(app.language().tag());
            platform::set_push_words(&push_words_json(&words));
        }
        // 3. The picture of the state as it is now, when it changed.
        if acted
            || news
            || settled
            || relanguaged
            || input.lifted()
            || !canvas.ready()
            || pacer.redraw(started, size, false)
        {
            // The clicks and keys have acted already: this drawing only shows.
            let calm = input.calm();
            let drawn = canvas.draw(|| screens::draw(&app, &calm, &fonts, &words, &heights, size));
            picture = Some(drawn.record);
        } else if picture.is_none() {
            canvas.show();
        }
        // What changed is said for a screen reader.
        for phrase in speaker.heard(&mut app) {
            let line = words.say(&phrase);
            platform::announce(&line);
            spoken.push(line);
        }
        if spoken.len() > SPOKEN_KEPT {
            spoken.drain(..spoken.len() - SPOKEN_KEPT);
        }
        if let Some(mut record) = picture {
            platform::text_fields(&record.fields, app.focus());
            if launch.hook {
                hook_frames += 1;
                record.frame = hook_frames;
                let game = online.as_ref().and_then(Online::game);
                let mut hook = Hook::new(hook_frames, size, (&app, &words), &record, game);
                hook.spoken.clone_from(&spoken);
                hook.fonts_waiting = fonts.typesetter().awaited();
                hook.fired = fired.drain(..).map(|f| HookFired::of(&f)).collect();
                platform::publish_hook(&hook.to_json());
            }
            shown = record;
            pacer.drawn(started, size, app.next_change());
        }
        // The test hook's stale-frame check: the picture on the screen against the state as
        // it is now, drawn afresh in a canvas never shown.
        if let Some(asked) = platform::probe_asked().filter(|_| launch.hook) {
            let calm = input.calm();
            let on_screen = canvas.hash();
            let _ =
                probe_canvas.draw(|| screens::draw(&app, &calm, &fonts, &words, &heights, size));
            let fresh = probe_canvas.hash();
            // The picture on the screen is shown again over the fresh one.
            canvas.show();
            platform::probe_said(&hook::probe_json(asked, hook_frames, on_screen, fresh));
        }
        let sounds_due = app.connection().online() || platform::now() - began > SOUNDS_AFTER;
        if sounds.is_none() && sounds_loading.is_none() && sounds_due {
            sounds_loading = Some(Box::pin(Sounds::load(&device)));
        }
        if let Some(loading) = &mut sounds_loading {
            let mut cx = Context::from_waker(Waker::noop());
            if let Poll::Ready(loaded) = loading.as_mut().poll(&mut cx) {
                sounds = Some(loaded);
                sounds_loading = None;
            }
        }
        let cues = app.take_cues();
        if let Some(sounds) = sounds.as_ref().filter(|_| !app.muted()) {
            for cue in &cues {
                sounds.play(*cue);
            }
        }
        // The tab's title counts the news the player has not seen while the tab was hidden,
        // and the correspondence games waiting for their move.
        unseen = if page_hidden {
            unseen + cues.iter().filter(|c| c.counted()).count() as u32
        } else {
            0
        };
        let count = unseen + u32::try_from(app.turns_waiting()).unwrap_or(u32::MAX);
        let now = tab_title(&words.say(&app.title()), count);
        if now != title {
            platform::set_title(&now);
            title = now;
        }
        // The address bar holds a link that opens what is on the screen.
        let at = app.address();
        if at != address {
            platform::set_address(&at);
            address = at;
        }
        // What changes next by itself; while the sounds load, a frame now and then moves their
        // loading on.
        let loading = sounds_loading.is_some().then_some(0.1);
        let change = [app.next_change(), pacer.owed(platform::now()), loading]
            .into_iter()
            .flatten()
            .reduce(f32::min);
        let wait = pacer.after_frame(dt, input.active() || acted, change);
        platform::pace(wait, pacer.idle_poll(), (platform::now() - started) as f32);
        next_frame().await;
    }
}

/// The keyboard's way round the picture `shown` ([`keys`]): Tab and Shift+Tab go to the next
/// place (a button, or the board, where its cursor appears), Enter or Space presses the
/// button the keyboard stands on (through `input`), Escape leaves it, and a click with the
/// mouse takes the keyboard off. Nothing while a text field takes the typing.
fn keyboard_way(app: &App, input: &mut Input, shown: &Record) -> Vec<Action> {
    let mut out = Vec::new();
    if app.focus().is_some() {
        return out;
    }
    if input.key(KeyCode::Tab) {
        let now = match (app.cursor(), app.key_focus()) {
            (Some(_), _) => Some(Stop::Board),
            (None, Some((i, label))) => Some(Stop::Button(*i, label.clone())),
            (None, None) => None,
        };
        match keys::next_stop(&shown.targets, now.as_ref(), input.shift) {
            Some(Stop::Board) => {
                out.push(Action::Key(KeyAction::KeyFocus(None)));
                out.push(Action::Key(KeyAction::Cursor(app.cursor_start())));
            }
            Some(Stop::Button(i, label)) => {
                out.push(Action::Key(KeyAction::Cursor(None)));
                // A button scrolled out of view comes into the middle of the window (by the
                // screen's scroll, or the lobby's lists' that scroll apart from it).
                if let Some(t) = shown.targets.get(i).filter(|t| !t.visible) {
                    let scrolls = (app.scroll(), app.lists_scroll());
                    out.push(keys::into_view(t, scrolls, screen_height()));
                }
                out.push(Action::Key(KeyAction::KeyFocus(Some((i, label)))));
            }
            None => {}
        }
        return out;
    }
    if let Some((i, _)) = app.key_focus() {
        if input.enter() || input.key(KeyCode::Space) {
            input.activate = Some(*i);
        } else if input.key(KeyCode::Escape) {
            out.push(Action::Key(KeyAction::KeyFocus(None)));
        }
    }
    if input.clicked && (app.key_focus().is_some() || app.cursor().is_some()) {
        out.push(Action::Key(KeyAction::KeyFocus(None)));
        out.push(Action::Key(KeyAction::Cursor(None)));
    }
    out
}

/// The lines said for a screen reader that the test hook keeps.
const SPOKEN_KEPT: usize = 40;

/// Seconds after the start when the sounds begin loading, if the server has not greeted the
/// client by then.
const SOUNDS_AFTER: f64 = 2.0;

/// Does what the app asked: the platform's part here, the server's through the connection.
fn carry_out(out: Outgoing, app: &mut App, online: Option<&mut Online>) {
    match (out, online) {
        (Outgoing::Local(LocalWish::CopyText(text)), _) => {
            if let Err(e) = platform::copy_text(&text) {
                let _ = app.apply(Event::Connection(ConnectionEvent::Problem(e)));
            }
        }
        (Outgoing::Local(LocalWish::Share(link)), _) => {
            let event = match platform::share(&link) {
                Ok(copied) => Event::Link(LinkEvent::Shared { link, copied }),
                Err(e) => Event::Connection(ConnectionEvent::Problem(e)),
            };
            let _ = app.apply(event);
        }
        (other, Some(online)) => online.wish(other, app),
        // Offline, the name, the sounds and the language are only remembered.
        (Outgoing::Local(LocalWish::Rename(name)), None) => remember(app, |c| c.name = Some(name)),
        (Outgoing::Local(LocalWish::SetMuted(muted)), None) => remember(app, |c| c.muted = muted),
        (Outgoing::Local(LocalWish::SetLevel(level)), None) => {
            remember(app, |c| c.level = Some(level))
        }
        (Outgoing::Local(LocalWish::SetLanguage(language)), None) => {
            remember(app, |c| c.language = language.map(|l| l.tag().to_owned()));
        }
        (_, None) => {}
    }
}

/// Changes the remembered settings (offline: online, the connection keeps them).
fn remember(app: &mut App, change: impl FnOnce(&mut Config)) {
    let store = Store::standard();
    let mut settings = store.load().unwrap_or_default();
    change(&mut settings);
    if let Err(e) = store.save(&settings) {
        let _ = app.apply(Event::Connection(ConnectionEvent::Problem(e)));
    }
}

/// Starts connecting as `name`, with the remembered settings.
fn connect(launch: &Launch, name: String, settings: Config, app: &mut App) -> Online {
    let server = launch
        .server
        .clone()
        .unwrap_or_else(|| route::DEFAULT_SERVER.to_owned());
    app.set_site(route::site_of(&server));
    Online::start(&server, name, settings, Store::standard())
}

/// The browser's start: the page's address, a canvas that fills the page.
#[cfg(target_arch = "wasm32")]
mod web {
    use super::*;

    pub fn main() {
        let launch = platform::location()
            .map(|href| route::parse_url(&href))
            .unwrap_or_default();
        let conf = Conf {
            window_title: "Chaupal".to_owned(),
            // The canvas has the screen's device pixels (three to a CSS pixel on many phones),
            // so text and lines are sharp; the layout stays in CSS pixels.
            high_dpi: true,
            // Antialiasing of a whole frame costs more than it shows on these flat drawings.
            sample_count: 1,
            window_resizable: true,
            // Frames only on input, the network, or when the client asks (see `frame_pace`).
            platform: macroquad::miniquad::conf::Platform {
                blocking_event_loop: true,
                ..Default::default()
            },
            ..Default::default()
        };
        macroquad::Window::from_config(conf, async move {
            if let Err(e) = run(launch, false, SoundDevice::default()).await {
                macroquad::miniquad::error!("cannot load the bundled fonts: {e}");
            }
        });
    }
}

/// The desktop's start: the command line, and the screenshot mode.
#[cfg(not(target_arch = "wasm32"))]
mod desktop {
    use std::process::ExitCode;

    use chaupal_client::app::Screen;
    use chaupal_client::args::{self, Args};
    use chaupal_client::play::{Match, Seats};
    use chaupal_client::screenshot;
    use chaupal_rules::review::MoveClass;
    use clap::Parser;

    use super::*;

    /// Frames drawn before a screenshot is taken, so fonts and buffers have settled.
    const SCREENSHOT_WARMUP_FRAMES: usize = 3;

    fn window_conf(args: &Args) -> Conf {
        Conf {
            window_title: "Chaupal".to_owned(),
            window_width: args.size.0 as i32,
            window_height: args.size.1 as i32,
            high_dpi: false,
            // Antialiasing of a whole frame costs more than it shows on these flat drawings
            // (and is done in software where there is no graphics card).
            sample_count: 1,
            window_resizable: true,
            ..Default::default()
        }
    }

    pub fn main() -> ExitCode {
        let args = Args::parse();
        let device = SoundDevice::watch();
        let conf = window_conf(&args);
        let result = std::sync::Arc::new(std::sync::Mutex::new(ExitCode::SUCCESS));
        let out = result.clone();
        macroquad::Window::from_config(conf, async move {
            let code = start(args, device).await;
            if let Ok(mut r) = out.lock() {
                *r = code;
            }
        });
        result.lock().map(|r| *r).unwrap_or(ExitCode::FAILURE)
    }

    async fn start(args: Args, device: SoundDevice) -> ExitCode {
        if !args.check_words && args.screenshot.is_none() {
            return match run(args.launch(), args.offline, device).await {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("chaupal-client: cannot load the bundled fonts: {e}");
                    ExitCode::FAILURE
                }
            };
        }
        let fonts = match Fonts::load() {
            Ok(f) => f,
            Err(e) => {
                eprintln!("chaupal-client: cannot load the bundled fonts: {e}");
                return ExitCode::FAILURE;
            }
        };
        if args.check_words {
            let languages = match args.language {
                Some(one) => vec![one],
                None => Language::ALL.to_vec(),
            };
            return check_words(&fonts, &languages).await;
        }
        let Some(file) = &args.screenshot else {
            return ExitCode::SUCCESS;
        };
        match screenshot(&args, &fonts, file).await {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("chaupal-client: {e}");
                ExitCode::FAILURE
            }
        }
    }

    /// The words check: draws every state of [`chaupal_client::words_check::states`] at every size
    /// and pixel ratio, and prints each problem (a text cut, beyond the window or over
    /// another; on a phone, a place to tap smaller than a fingertip; the list of languages
    /// open but not drawn), one line each, then a
    /// line `checked N screens, P problems`. Exits 1 when there are problems.
    async fn check_words(fonts: &Fonts, languages: &[Language]) -> ExitCode {
        use chaupal_client::words_check;
        let input = Input::away();
        let states = words_check::states();
        let mut checked = 0;
        let mut problems = 0;
        for &language in languages {
            let words = Words::new(language);
            let (c, p) = check_language(fonts, &words, &states, &input).await;
            checked += c;
            problems += p;
        }
        println!(
            "checked {checked} screens ({} languages, {} states, {} sizes, {} pixel ratios), \
             {problems} problems, {} glyph pages",
            languages.len(),
            states.len(),
            words_check::SIZES.len(),
            words_check::SCALES.len(),
            fonts.typesetter().pages()
        );
        if problems == 0 {
            ExitCode::SUCCESS
        } else {
            ExitCode::FAILURE
        }
    }

    /// The words check in one language: the screens checked and the problems found.
    async fn check_language(
        fonts: &Fonts,
        words: &Words,
        states: &[(String, App)],
        input: &Input,
    ) -> (usize, usize) {
        use chaupal_client::words_check;
        let tag = words.language().tag();
        let mut checked = 0;
        let mut problems = 0;
        for (w, h) in words_check::SIZES {
            for scale in words_check::SCALES {
                for (name, app) in states {
                    let mut app = app.clone();
                    app.set_language(words.language(), false);
                    let app = &app;
                    let heights = Heights::default();
                    fonts.typesetter().begin_frame(scale);
                    // The first drawing measures the parts' heights; the second is the picture.
                    let _ = screens::draw(app, input, fonts, words, &heights, (w, h));
                    fonts.typesetter().start_log();
                    let drawn = screens::draw(app, input, fonts, words, &heights, (w, h));
                    let texts = fonts.typesetter().take_log();
                    checked += 1;
                    // The layout is the same at every pixel ratio: its problems are said once.
                    if scale != words_check::SCALES[0] {
                        continue;
                    }
                    let found = words_check::problems(&texts, w, h)
                        .into_iter()
                        .chain(words_check::small_targets(&drawn.record.targets, w, h))
                        .chain(words_check::languages_missing(
                            app.screen() == Screen::Lobby && app.languages_open(),
                            &drawn.record.targets,
                        ));
                    for problem in found {
                        println!("{tag} {w}x{h} {name}: {problem}");
                        problems += 1;
                    }
                }
                // Each size and ratio in a frame of its own, so the glyph pages turn over as
                // they do on a screen.
                next_frame().await;
            }
        }
        (checked, problems)
    }

    /// Draws the game screen for the board the options describe, saves it, and returns.
    async fn screenshot(args: &Args, fonts: &Fonts, file: &std::path::Path) -> Result<(), String> {
        let kind = args.game.ok_or("--screenshot needs --game")?;
        // A state of the words check, by its name.
        if let Some(name) = args.show.as_deref().and_then(|s| s.strip_prefix("state:")) {
            let app = chaupal_client::words_check::states()
                .into_iter()
                .find(|(n, _)| n == name)
                .map(|(_, app)| app)
                .ok_or_else(|| format!("--show state:{name}: the words check has no such state"))?;
            return picture(app, args, fonts, file).await;
        }
        let game = args::screenshot_game(kind, args.position.as_deref(), &args.rules)
            .map_err(|e| e.to_string())?;
        let review = args.show.as_deref() == Some("review");
        let mut moves: Vec<String> = args
            .moves
            .as_deref()
            .unwrap_or("")
            .split_whitespace()
            .map(str::to_owned)
            .collect();
        if review && moves.is_empty() {
            // The review needs a game: a made-up one (see `chaupal_client::screenshot`).
            moves = screenshot::fixture_moves(&game, 30).map_err(|e| e.to_string())?;
        }
        let start = game.clone();
        let mut m = Match::new(game, Seats::Both, false);
        for mv in &moves {
            m.apply(mv).map_err(|e| e.to_string())?;
        }
        m.settle();
        m.flipped = args.flip;
        let played = if m.finished() {
            Screen::GameOver
        } else {
            Screen::Game
        };
        let screen = match args.show.as_deref() {
            None | Some("game" | "replay" | "review" | "connection") => played,
            Some("game-over") => Screen::GameOver,
            Some("lobby" | "name" | "invite" | "devices") => Screen::Lobby,
            Some("rules") => Screen::Rules(kind),
            Some(other) => {
                return Err(format!(
                    "--show {other}: expected game, game-over, lobby, name, invite, devices, \
                     rules, replay, review, connection, or state:NAME (a state of the words \
                     check)"
                ));
            }
        };
        let mut app = if review {
            // A made-up review (a screenshot fixture), shown before its first big slip.
            let fixture = screenshot::review_fixture(&start, &moves).map_err(|e| e.to_string())?;
            let at = fixture
                .plies
                .iter()
                .position(|p| matches!(p.class, MoveClass::Mistake | MoveClass::Blunder))
                .unwrap_or(moves.len() / 2);
            App::showing_review(m, fixture, at)
        } else {
            App::showing(m, screen)
        };
        app.remember(args.name.as_deref().unwrap_or("Asha"), false, None);
        for cell in args.clicks.as_deref().unwrap_or("").split_whitespace() {
            let _ = app.handle(Action::Game(GameAction::Cell(cell.to_owned())));
        }
        match args.show.as_deref() {
            Some("connection") => app = App::new(false),
            Some("name") => {
                let _ = app.handle(Action::Settings(SettingsAction::EditName));
                let _ = app.handle(Action::Settings(SettingsAction::SetText(
                    Field::Name,
                    "Asha Rai".to_owned(),
                )));
            }
            Some("invite") => {
                app.set_site(Some("http://127.0.0.1:7878".to_owned()));
                let _ = app.apply(Event::Link(LinkEvent::InviteCode("K7QM-2XPD".to_owned())));
                let _ = app.handle(Action::Screen(ScreenAction::DismissNotice));
            }
            Some("devices") => {
                app.set_site(Some("http://127.0.0.1:7878".to_owned()));
                let _ = app.handle(Action::Link(LinkAction::OpenDevices));
                let _ = app.apply(Event::Link(LinkEvent::DeviceCode {
                    code: "QRST-2345".to_owned(),
                    expires_in: 600.0,
                }));
                let _ = app.handle(Action::Settings(SettingsAction::Focus(Some(Field::Device))));
                let _ = app.handle(Action::Settings(SettingsAction::SetText(
                    Field::Device,
                    "ab12".to_owned(),
                )));
            }
            Some("replay") => {
                let _ = app.handle(Action::Replay(ReplayAction::OpenReplay));
                let half = app.replay().map_or(0, |r| r.len() / 2);
                let _ = app.handle(Action::Replay(ReplayAction::ReplayJump(half)));
            }
            _ => {}
        }
        picture(app, args, fonts, file).await
    }

    /// Draws `app` as `args` say (the language) and saves the picture to `file`.
    async fn picture(
        mut app: App,
        args: &Args,
        fonts: &Fonts,
        file: &std::path::Path,
    ) -> Result<(), String> {
        let input = Input::away();
        let heights = Heights::default();
        let language = args.language.unwrap_or(Language::English);
        app.set_language(language, false);
        let words = Words::new(language);
        let size = (screen_width(), screen_height());
        for _ in 0..SCREENSHOT_WARMUP_FRAMES {
            let _ = screens::draw(&app, &input, fonts, &words, &heights, size);
            next_frame().await;
        }
        let _ = screens::draw(&app, &input, fonts, &words, &heights, size);
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
}

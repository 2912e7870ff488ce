//! The server's settings: where it listens, where it keeps records, and every limit it enforces.
//!
//! Each setting is a command-line option of `serve` (see `chaupal-server serve --help`); the
//! defaults are the named constants below, so a server runs with no options at all.

use std::net::SocketAddr;
use std::time::Duration;

use clap::Args;

use crate::proxies::AddressRange;

/// Where the server listens by default.
pub const DEFAULT_BIND: &str = "127.0.0.1:7878";
/// The database used by default: a SQLite file in the working directory, created on first start.
pub const DEFAULT_DATABASE: &str = "sqlite://chaupal.sqlite";
/// Seeds in play of the Kalah endgame database built in the background for the top level.
pub const DEFAULT_KALAH_DB_SEEDS: u32 = 16;
/// The largest websocket frame and message, in bytes.
pub const DEFAULT_MAX_MESSAGE_BYTES: usize = 64 * 1024;
/// How long a client has for the websocket handshake and its Hello.
pub const DEFAULT_HANDSHAKE_TIMEOUT_MS: u64 = 10_000;
/// How often the server pings each connection (to measure lag and notice dead peers).
pub const DEFAULT_PING_INTERVAL_MS: u64 = 15_000;
/// A connection that sends nothing (not even a pong) for this long is closed.
pub const DEFAULT_IDLE_TIMEOUT_MS: u64 = 45_000;
/// The steady rate of messages a connection may send.
pub const DEFAULT_MESSAGES_PER_SECOND: u32 = 20;
/// How many messages a connection may send at once above the steady rate.
pub const DEFAULT_MESSAGE_BURST: u32 = 40;
/// Messages refused by the budget within [`DEFAULT_FLOOD_WINDOW_MS`] that a connection may have;
/// one more closes it as a flood.
pub const DEFAULT_FLOOD_REFUSALS: u32 = 20;
/// The window over which refused messages are counted.
pub const DEFAULT_FLOOD_WINDOW_MS: u64 = 10_000;
/// Connections from one IP address at once.
pub const DEFAULT_CONNECTIONS_PER_ADDRESS: usize = 16;
/// Connections in all at once.
pub const DEFAULT_MAX_CONNECTIONS: usize = 4096;
/// Open seeks plus live games one player may have.
pub const DEFAULT_MAX_OPEN_GAMES: u32 = 8;
/// Correspondence seeks and invitations (the seeks that outlive their seeker's connection)
/// waiting at once from one address: an IPv4 address, or an IPv6 /64 (what one household or
/// one cloud machine has), behind `--trusted-proxy` the client's own.
pub const DEFAULT_MAX_LASTING_SEEKS_PER_ADDRESS: u32 = 20;
/// Messages waiting to be written to one connection; a connection whose queue is full is a reader
/// that does not keep up, and is dropped.
pub const DEFAULT_WRITE_QUEUE: usize = 256;
/// Bytes (as encoded for the connection) waiting to be written to one connection; a connection
/// whose queue passes them is dropped as a reader that does not keep up. A snapshot of a game
/// of 10,000 plies takes about 110 KB in JSON (`config::tests`).
pub const DEFAULT_WRITE_QUEUE_BYTES: usize = 1024 * 1024;
/// How long writing one frame to a connection may take before it is dropped as too slow.
pub const DEFAULT_WRITE_TIMEOUT_MS: u64 = 10_000;
/// How long a disconnected player keeps the seat before the opponent may claim the win.
pub const DEFAULT_RECONNECT_GRACE_MS: u64 = 60_000;
/// How long the first side of a live Swiss's or round robin's game has for its first move.
pub const DEFAULT_ROUND_FIRST_MOVE_MS: u64 = 60_000;
/// Events a game keeps for replay to reconnecting clients; older gaps get a snapshot.
pub const DEFAULT_REPLAY_EVENTS: usize = 512;
/// The longest an AI may think about one move: the longest any level thinks, so that the
/// default never cuts a level short of the budget it was calibrated with.
pub const DEFAULT_AI_MOVE_MS: u64 = chaupal_engine::levels::LONGEST_MOVE_MS;
/// The longest analysis (or hint) may take.
pub const DEFAULT_ANALYSIS_MS: u64 = 5_000;
/// Game reviews searching at once: one, so that a review takes at most one core when the
/// server is otherwise idle (and none when it is not: review threads run at idle priority).
pub const DEFAULT_REVIEW_THREADS: usize = 1;
/// Game reviews running or waiting in all (a 100-ply game at the default budget takes about a
/// minute of one core, docs/BENCHMARKS.md).
pub const DEFAULT_MAX_REVIEWS: usize = 16;
/// Game reviews running or waiting for one player.
pub const DEFAULT_MAX_REVIEWS_PER_PLAYER: usize = 2;
/// Searches waiting for an AI thread; more are refused with `ai_busy`.
pub const DEFAULT_AI_QUEUE: usize = 64;
/// The pause before each move of an AI-vs-AI exhibition, so people can follow it.
pub const DEFAULT_EXHIBITION_DELAY_MS: u64 = 1_000;
/// The most lag credited back to a player for one move.
pub const DEFAULT_MAX_LAG_CREDIT_MS: u64 = 1_000;
/// The longest time control accepted (a day per side).
pub const MAX_CLOCK_MS: u64 = 24 * 3600 * 1000;
/// The VAPID contact when none is given.
pub const DEFAULT_PUSH_CONTACT: &str = "mailto:chaupal@localhost";
/// Push subscriptions (browsers) kept per player.
pub const DEFAULT_MAX_PUSH_SUBSCRIPTIONS: u32 = 10;
/// Correspondence games (in play, and seeks and invitations waiting) per player.
pub const DEFAULT_MAX_CORRESPONDENCE_GAMES: u32 = 50;
/// Seconds a correspondence game's room stays open with nobody at it before it sleeps.
pub const DEFAULT_SLEEP_AFTER_SECS: u64 = 60;

/// Everything `serve` needs.
#[derive(Clone, Debug, Args)]
pub struct ServerConfig {
    /// The address to listen on (port 0: any free port; the chosen address is printed on
    /// stdout as `listening on ADDR`).
    #[arg(long, default_value = DEFAULT_BIND)]
    pub bind: SocketAddr,
    /// Where the records are kept: `sqlite://FILE` (created if missing) or
    /// `postgres://USER:PASSWORD@HOST/DB`.
    #[arg(long, default_value = DEFAULT_DATABASE)]
    pub database: String,
    /// How SQLite makes commits durable: `full` syncs every group commit to the disk before
    /// anything is acknowledged (safe against power loss); `normal` leaves the sync to the
    /// write-ahead log's checkpoints (safe against the server being killed, not against a power
    /// cut or an OS crash), and saves one disk sync per commit; `off` never syncs (a power cut
    /// may lose every record: for throwaway servers only).
    #[arg(long, value_enum, default_value_t = SqliteSync::Full)]
    pub sqlite_synchronous: SqliteSync,
    /// A directory of solved databases: `DIR/baghchal.tb`, `DIR/sholo-guti.tb` and Kalah
    /// endgame databases `DIR/kalah*.db` (built by `chaupal tablebase GAME`) are loaded at start
    /// when they are there, and the top AI level plays from them.
    #[arg(long, value_name = "DIR")]
    pub tablebase: Option<std::path::PathBuf>,
    /// A directory of puzzles: every `DIR/*.jsonl` file (one puzzle a line, as
    /// `chaupal puzzles` writes them, docs/PUZZLES.md) replaces the set built into the server.
    /// A bad line stops the start, naming its file and line.
    #[arg(long, value_name = "DIR")]
    pub puzzles: Option<std::path::PathBuf>,
    /// The browser client's files (written by scripts/build-web.sh); by default `web/` beside
    /// the executable or `target/web/`, when there. Without them `/` says how to build them.
    #[arg(long, value_name = "DIR")]
    pub web: Option<std::path::PathBuf>,
    /// An origin (`https://chaupal.example`) whose pages may open websockets here, repeatable;
    /// by default only the server's own (the page's host and port are the request's `Host`).
    /// Behind a TLS proxy, name the public origin.
    #[arg(long = "allowed-origin", value_name = "ORIGIN")]
    pub allowed_origins: Vec<String>,
    /// A reverse proxy's address or range (`127.0.0.1`, `10.0.0.0/8`), repeatable: from it
    /// only, the client's address is read from `Forwarded` or `X-Forwarded-For`, for the log
    /// and the per-address limits. Anyone else's such headers are ignored.
    #[arg(long = "trusted-proxy", value_name = "ADDR|CIDR")]
    pub trusted_proxies: Vec<AddressRange>,
    /// An address or range (`10.0.0.0/8`) shown the details of `/health` (the node's name, its
    /// cluster, its rooms), repeatable; by default this machine only (loopback). Others get
    /// its first line alone (`ok` or `unavailable`, with 200 or 503).
    #[arg(long = "health-from", value_name = "ADDR|CIDR")]
    pub health_from: Vec<AddressRange>,
    /// For tests only: the server's wall clock (the times the records keep) runs ahead by the
    /// milliseconds this file holds, read at each reading (see `chaupal_server::wall`). Hidden
    /// from `--help`: never set in production.
    #[arg(long, value_name = "FILE", hide = true)]
    pub test_clock_offset_file: Option<std::path::PathBuf>,
    /// A directory of tuned evaluation weights (`DIR/GAME.json`, written by `chaupal tune`):
    /// they replace the weights shipped with the server for the games that have a file there.
    #[arg(long, value_name = "DIR")]
    pub weights: Option<std::path::PathBuf>,
    /// Seeds in play covered by the Kalah endgame database the top AI level builds in the
    /// background at its first move on a board size (six houses a side: 16 seeds take 30 MB and
    /// about 20 s of one core; 20 seeds 226 MB and 4 minutes); 0 for none.
    #[arg(long, default_value_t = DEFAULT_KALAH_DB_SEEDS,
          value_parser = clap::value_parser!(u32).range(0..=20))]
    pub kalah_db_seeds: u32,
    /// Join a cluster through the NATS server at this URL (`nats://HOST:PORT`; several, comma
    /// separated): several nodes then share the lobby and the games, each game run by one node
    /// (docs/SCALING.md). Needs `--database postgres://...` and NATS with JetStream.
    #[arg(long, value_name = "URL")]
    pub nats: Option<String>,
    /// This node's name in the cluster (letters, digits, '-', '_'); a random suffix is added
    /// at each start.
    #[arg(long, default_value = "node")]
    pub node_name: String,
    /// `ai`: this node also takes AI searches from the cluster's queue for the nodes started
    /// with `--ai-nodes` (keep such nodes out of the load balancer, so their cores go to the
    /// AI). Needs `--nats`.
    #[arg(long, value_enum, default_value_t = Role::Play)]
    pub role: Role,
    /// Send this node's AI searches (AI seats, hints, analyses) to the cluster's `--role ai`
    /// nodes instead of searching on its own threads. Needs `--nats`.
    #[arg(long)]
    pub ai_nodes: bool,
    /// Who runs this server, for the push services (Web Push's VAPID contact): a `mailto:` or
    /// `https:` address they may write to about this server's notifications.
    #[arg(long, default_value = DEFAULT_PUSH_CONTACT, value_name = "URL")]
    pub push_contact: String,
    /// Send no push notifications (browsers are then not offered them).
    #[arg(long)]
    pub no_push: bool,
    /// For tests only: push endpoints under this origin (`http://127.0.0.1:PORT`) are
    /// accepted, over plain http on this machine. Hidden from `--help`: never set in
    /// production.
    #[arg(long, value_name = "ORIGIN", hide = true)]
    pub test_push_receiver: Option<String>,
    #[command(flatten)]
    pub limits: Limits,
}

/// What a node of a cluster does besides serving players.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum Role {
    /// Players and their games only.
    #[default]
    Play,
    /// Also AI searches for the other nodes.
    Ai,
}

/// SQLite's `synchronous` setting (ignored for PostgreSQL).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum SqliteSync {
    /// Every group commit synced to the disk before it is acknowledged.
    #[default]
    Full,
    /// Synced at the log's checkpoints only: safe against a killed server, not a power cut.
    Normal,
    /// Never synced: a power cut or an OS crash may lose every record. For throwaway servers
    /// only (benchmarks, and the power-cut test's control, which must see moves lost).
    Off,
}

impl ServerConfig {
    /// What the engine is built from.
    pub fn engine_settings(&self) -> chaupal_engine::EngineSettings {
        chaupal_engine::EngineSettings {
            tablebase_dir: self.tablebase.clone(),
            weights_dir: self.weights.clone(),
            kalah_db_seeds: self.kalah_db_seeds,
        }
    }
}

impl Default for ServerConfig {
    fn default() -> Self {
        ServerConfig {
            bind: DEFAULT_BIND
                .parse()
                .unwrap_or_else(|_| SocketAddr::from((std::net::Ipv4Addr::LOCALHOST, 7878))),
            database: DEFAULT_DATABASE.to_owned(),
            sqlite_synchronous: SqliteSync::Full,
            tablebase: None,
            puzzles: None,
            weights: None,
            web: None,
            allowed_origins: Vec::new(),
            trusted_proxies: Vec::new(),
            health_from: Vec::new(),
            test_clock_offset_file: None,
            kalah_db_seeds: DEFAULT_KALAH_DB_SEEDS,
            push_contact: DEFAULT_PUSH_CONTACT.to_owned(),
            no_push: false,
            test_push_receiver: None,
            nats: None,
            node_name: "node".to_owned(),
            role: Role::Play,
            ai_nodes: false,
            limits: Limits::default(),
        }
    }
}

/// Every limit the server enforces.
#[derive(Clone, Debug, Args)]
pub struct Limits {
    /// The largest websocket frame and message in bytes; larger ones close the connection
    /// (after an error reply).
    #[arg(long, default_value_t = DEFAULT_MAX_MESSAGE_BYTES)]
    pub max_message_bytes: usize,
    /// The largest message the decoder accepts, in bytes (at most --max-message-bytes); larger
    /// messages get a `too_large` error and the connection stays open.
    #[arg(long, default_value_t = DEFAULT_MAX_MESSAGE_BYTES)]
    pub decode_limit: usize,
    /// Milliseconds a new connection has for the websocket handshake and its Hello.
    #[arg(long, default_value_t = DEFAULT_HANDSHAKE_TIMEOUT_MS)]
    pub handshake_timeout_ms: u64,
    /// Milliseconds between pings to each connection.
    #[arg(long, default_value_t = DEFAULT_PING_INTERVAL_MS)]
    pub ping_interval_ms: u64,
    /// Milliseconds of silence after which a connection is closed.
    #[arg(long, default_value_t = DEFAULT_IDLE_TIMEOUT_MS)]
    pub idle_timeout_ms: u64,
    /// Messages per second a connection may send, steadily.
    #[arg(long, default_value_t = DEFAULT_MESSAGES_PER_SECOND)]
    pub messages_per_second: u32,
    /// Messages a connection may send in a burst above the steady rate.
    #[arg(long, default_value_t = DEFAULT_MESSAGE_BURST)]
    pub message_burst: u32,
    /// Messages over the budget a connection may have refused within --flood-window-ms; one
    /// more closes it (close code 1008).
    #[arg(long, default_value_t = DEFAULT_FLOOD_REFUSALS)]
    pub flood_refusals: u32,
    /// Milliseconds over which refused messages are counted (see --flood-refusals).
    #[arg(long, default_value_t = DEFAULT_FLOOD_WINDOW_MS)]
    pub flood_window_ms: u64,
    /// Connections from one IP address at once.
    #[arg(long, default_value_t = DEFAULT_CONNECTIONS_PER_ADDRESS)]
    pub connections_per_address: usize,
    /// Connections in all at once.
    #[arg(long, default_value_t = DEFAULT_MAX_CONNECTIONS)]
    pub max_connections: usize,
    /// Open seeks plus live games (including exhibitions one created) per player.
    #[arg(long, default_value_t = DEFAULT_MAX_OPEN_GAMES)]
    pub max_open_games: u32,
    /// Correspondence games in play, plus correspondence seeks and invitations waiting, per
    /// player (they do not count against --max-open-games).
    #[arg(long, default_value_t = DEFAULT_MAX_CORRESPONDENCE_GAMES)]
    pub max_correspondence_games: u32,
    /// Correspondence seeks and invitations waiting at once that were made from one address
    /// (an IPv4 address or an IPv6 /64; behind --trusted-proxy, the client's), whichever
    /// players made them: a new player per hello cannot fill the lobby.
    #[arg(long, default_value_t = DEFAULT_MAX_LASTING_SEEKS_PER_ADDRESS)]
    pub max_lasting_seeks_per_address: u32,
    /// Seconds a correspondence game's room stays open with nobody at it; then it sleeps (it
    /// holds no memory) until the next request for it or its deadline.
    #[arg(long, default_value_t = DEFAULT_SLEEP_AFTER_SECS)]
    pub sleep_after_secs: u64,
    /// Push subscriptions (browsers) kept per player; more are refused.
    #[arg(long, default_value_t = DEFAULT_MAX_PUSH_SUBSCRIPTIONS)]
    pub max_push_subscriptions: u32,
    /// Messages queued for writing to one connection before it is dropped as a slow reader.
    #[arg(long, default_value_t = DEFAULT_WRITE_QUEUE)]
    pub write_queue: usize,
    /// Bytes (as encoded for the connection) queued for writing to one connection before it is
    /// dropped as a slow reader; a single larger message still goes to an empty queue.
    #[arg(long, default_value_t = DEFAULT_WRITE_QUEUE_BYTES)]
    pub write_queue_bytes: usize,
    /// Milliseconds writing one frame may take before the connection is dropped.
    #[arg(long, default_value_t = DEFAULT_WRITE_TIMEOUT_MS)]
    pub write_timeout_ms: u64,
    /// Milliseconds a disconnected player keeps the seat before the opponent may claim the win.
    #[arg(long, default_value_t = DEFAULT_RECONNECT_GRACE_MS)]
    pub reconnect_grace_ms: u64,
    /// Milliseconds the first side of a live Swiss's or round robin's game has for its first
    /// move before it loses the game (so that an absent entrant does not hold up the round;
    /// the second side's clock runs from the first move).
    #[arg(long, default_value_t = DEFAULT_ROUND_FIRST_MOVE_MS)]
    pub round_first_move_ms: u64,
    /// Events kept per game for replay to reconnecting clients.
    #[arg(long, default_value_t = DEFAULT_REPLAY_EVENTS)]
    pub replay_events: usize,
    /// Threads searching for AI moves, hints and analyses at once (0: one per core).
    #[arg(long, default_value_t = 0)]
    pub ai_threads: usize,
    /// Searches allowed to wait for an AI thread.
    #[arg(long, default_value_t = DEFAULT_AI_QUEUE)]
    pub ai_queue: usize,
    /// The longest an AI thinks about a move, in milliseconds.
    #[arg(long, default_value_t = DEFAULT_AI_MOVE_MS)]
    pub ai_move_ms: u64,
    /// The longest an analysis or hint may take, in milliseconds.
    #[arg(long, default_value_t = DEFAULT_ANALYSIS_MS)]
    pub analysis_ms: u64,
    /// What each position of a game review is searched for: the nodes an idle core searches in
    /// this many milliseconds.
    #[arg(long, default_value_t = chaupal_engine::review::DEFAULT_BUDGET_MS,
          value_parser = clap::value_parser!(u64).range(1..=chaupal_engine::review::MAX_BUDGET_MS))]
    pub review_budget_ms: u64,
    /// Game reviews searching at once, each on a thread of the idle priority class.
    #[arg(long, default_value_t = DEFAULT_REVIEW_THREADS)]
    pub review_threads: usize,
    /// Game reviews running or waiting, in all; beyond that `too_many_reviews`.
    #[arg(long, default_value_t = DEFAULT_MAX_REVIEWS)]
    pub max_reviews: usize,
    /// Game reviews running or waiting that one player asked for.
    #[arg(long, default_value_t = DEFAULT_MAX_REVIEWS_PER_PLAYER)]
    pub max_reviews_per_player: usize,
    /// Whether the server makes an arena of each game every hour, on the hour, listed an hour
    /// ahead (docs/TOURNAMENTS.md, "Hourly arenas"): `--hourly-arenas false` makes none.
    #[arg(long, default_value_t = true, action = clap::ArgAction::Set)]
    pub hourly_arenas: bool,
    /// The most lag (measured by ping) credited back to a player per move, in milliseconds.
    #[arg(long, default_value_t = DEFAULT_MAX_LAG_CREDIT_MS)]
    pub max_lag_credit_ms: u64,
    /// Milliseconds an AI-vs-AI exhibition pauses before each move, so people can follow it.
    #[arg(long, default_value_t = DEFAULT_EXHIBITION_DELAY_MS)]
    pub exhibition_delay_ms: u64,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_message_bytes: DEFAULT_MAX_MESSAGE_BYTES,
            decode_limit: DEFAULT_MAX_MESSAGE_BYTES,
            handshake_timeout_ms: DEFAULT_HANDSHAKE_TIMEOUT_MS,
            ping_interval_ms: DEFAULT_PING_INTERVAL_MS,
            idle_timeout_ms: DEFAULT_IDLE_TIMEOUT_MS,
            messages_per_second: DEFAULT_MESSAGES_PER_SECOND,
            message_burst: DEFAULT_MESSAGE_BURST,
            flood_refusals: DEFAULT_FLOOD_REFUSALS,
            flood_window_ms: DEFAULT_FLOOD_WINDOW_MS,
            connections_per_address: DEFAULT_CONNECTIONS_PER_ADDRESS,
            max_connections: DEFAULT_MAX_CONNECTIONS,
            max_open_games: DEFAULT_MAX_OPEN_GAMES,
            max_correspondence_games: DEFAULT_MAX_CORRESPONDENCE_GAMES,
            max_lasting_seeks_per_address: DEFAULT_MAX_LASTING_SEEKS_PER_ADDRESS,
            sleep_after_secs: DEFAULT_SLEEP_AFTER_SECS,
            max_push_subscriptions: DEFAULT_MAX_PUSH_SUBSCRIPTIONS,
            write_queue: DEFAULT_WRITE_QUEUE,
            write_queue_bytes: DEFAULT_WRITE_QUEUE_BYTES,
            write_timeout_ms: DEFAULT_WRITE_TIMEOUT_MS,
            reconnect_grace_ms: DEFAULT_RECONNECT_GRACE_MS,
            round_first_move_ms: DEFAULT_ROUND_FIRST_MOVE_MS,
            replay_events: DEFAULT_REPLAY_EVENTS,
            ai_threads: 0,
            ai_queue: DEFAULT_AI_QUEUE,
            ai_move_ms: DEFAULT_AI_MOVE_MS,
            analysis_ms: DEFAULT_ANALYSIS_MS,
            review_budget_ms: chaupal_engine::review::DEFAULT_BUDGET_MS,
            review_threads: DEFAULT_REVIEW_THREADS,
            max_reviews: DEFAULT_MAX_REVIEWS,
            max_reviews_per_player: DEFAULT_MAX_REVIEWS_PER_PLAYER,
            hourly_arenas: true,
            max_lag_credit_ms: DEFAULT_MAX_LAG_CREDIT_MS,
            exhibition_delay_ms: DEFAULT_EXHIBITION_DELAY_MS,
        }
    }
}

impl Limits {
    /// The decode limit actually applied: never above the frame limit.
    pub fn effective_decode_limit(&self) -> usize {
        self.decode_limit.min(self.max_message_bytes)
    }
    pub fn handshake_timeout(&self) -> Duration {
        Duration::from_millis(self.handshake_timeout_ms)
    }
    pub fn ping_interval(&self) -> Duration {
        Duration::from_millis(self.ping_interval_ms.max(1))
    }
    pub fn idle_timeout(&self) -> Duration {
        Duration::from_millis(self.idle_timeout_ms)
    }
    pub fn write_timeout(&self) -> Duration {
        Duration::from_millis(self.write_timeout_ms)
    }
    pub fn flood_window(&self) -> Duration {
        Duration::from_millis(self.flood_window_ms)
    }
    pub fn reconnect_grace(&self) -> Duration {
        Duration::from_millis(self.reconnect_grace_ms)
    }
    pub fn round_first_move(&self) -> Duration {
        Duration::from_millis(self.round_first_move_ms)
    }
    pub fn max_lag_credit(&self) -> Duration {
        Duration::from_millis(self.max_lag_credit_ms)
    }
    /// How long a correspondence game's room stays open with nobody at it.
    pub fn sleep_after(&self) -> Duration {
        Duration::from_secs(self.sleep_after_secs)
    }
    /// The bounds of game reviews.
    pub fn reviews(&self) -> ReviewLimits {
        ReviewLimits {
            budget_ms: self.review_budget_ms,
            threads: self.review_threads.max(1),
            max_total: self.max_reviews,
            max_per_player: self.max_reviews_per_player,
        }
    }
    /// AI threads: the setting, or one per core.
    pub fn ai_threads(&self) -> usize {
        if self.ai_threads > 0 {
            self.ai_threads
        } else {
            std::thread::available_parallelism().map_or(1, |n| n.get())
        }
    }
}

/// What bounds the reviews.
#[derive(Clone, Copy, Debug)]
pub struct ReviewLimits {
    /// Each position's budget, in milliseconds of an idle core's nodes.
    pub budget_ms: u64,
    /// Reviews searching at once.
    pub threads: usize,
    /// Reviews running or waiting, in all.
    pub max_total: usize,
    /// Reviews running or waiting that one player asked for.
    pub max_per_player: usize,
}

#[cfg(test)]
mod tests {
    use super::*;
    use chaupal_rules::GameKind;

    #[test]
    fn the_default_ai_budget_never_cuts_a_level_short() {
        for kind in GameKind::ALL {
            for spec in chaupal_engine::levels::table(kind) {
                let ceiling = spec.time_ms.unwrap_or(0);
                assert!(
                    ceiling <= DEFAULT_AI_MOVE_MS,
                    "{kind}: {} thinks up to {ceiling} ms",
                    spec.describe()
                );
            }
        }
        assert_eq!(Limits::default().ai_move_ms, DEFAULT_AI_MOVE_MS);
    }

    /// The largest message a connection is sent in play, a game's snapshot, fits the default
    /// write queue's byte bound many times over, even for a game far longer than any played:
    /// 10,000 plies of chain captures, with 60 legal moves.
    #[test]
    fn a_long_games_snapshot_fits_the_write_queues_byte_bound() {
        use chaupal_shared::codec::encoded_len;
        use chaupal_shared::protocol::ServerMessage;
        let mut snapshot = chaupal_shared::protocol::examples::server_messages()
            .into_iter()
            .find_map(|(_, m)| match m {
                ServerMessage::Snapshot(s) => Some(s),
                _ => None,
            })
            .expect("the examples have a snapshot");
        snapshot.moves = vec!["a1xc3xe5".to_owned(); 10_000];
        snapshot.legal_moves = vec!["a1xc3xe5".to_owned(); 60];
        snapshot.summary.plies = 10_000;
        let msg = ServerMessage::Snapshot(snapshot);
        let json = encoded_len(&msg, true).expect("it encodes");
        let binary = encoded_len(&msg, false).expect("it encodes");
        assert!(json > binary, "{json} {binary}");
        assert!(
            json * 4 < DEFAULT_WRITE_QUEUE_BYTES,
            "a snapshot of {json} bytes against a bound of {DEFAULT_WRITE_QUEUE_BYTES}"
        );
    }
}

//! What each request does, in families, one file each: the connection's handler
//! (`crate::net::handler`) decodes a request and hands it to its family. A new family of
//! requests is a new file here and one arm of the handler's dispatch.
//!
//! - [`games`]: watching, rejoining and acting in a game (moves, offers, resignation).
//! - [`lobby`]: seeks, invitations and the lobby's lists and subscription.
//! - [`records`]: finished games, a game's record, importing a record.
//! - [`devices`]: device codes, to go on with one's name on another device.
//! - [`ratings`]: a player's ratings.
//! - [`analysis`]: hints, analyses and game reviews.
//! - [`correspondence`]: a player's games in play (`my_games`).
//! - [`notifications`]: push subscriptions and mutes.
//! - [`puzzles`]: puzzles given, judged and listed; ratings and streaks.
//! - [`tournaments`]: tournaments made, listed, followed, entered and left; their standings.
//!
//! Each takes only the parts of the server it needs, and answers a [`Reply`] or a typed
//! [`ErrorReply`](chaupal_shared::protocol::ErrorReply).
//!
//! [`Reply`]: chaupal_shared::protocol::Reply

pub mod analysis;
pub mod correspondence;
pub mod devices;
pub mod games;
pub mod lobby;
pub mod notifications;
pub mod puzzles;
pub mod ratings;
pub mod records;
pub mod tournaments;

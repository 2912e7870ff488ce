//! The messages between clients and the server (see docs/PROTOCOL.md).
//!
//! Defined with the server: requests from clients, events and replies from the server.

/// The protocol version a client states first on every connection.
pub const PROTOCOL_VERSION: u32 = 1;

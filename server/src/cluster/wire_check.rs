//! The messages between nodes fed arbitrary bytes and arbitrary values, for the
//! `node_messages` fuzz target and its proptests (feature `test-support`).
//!
//! [`check`] panics unless:
//! - decoding any bytes as any message a node reads ([`ToOwner`], [`ToEdge`], [`ToAll`], and
//!   the AI nodes' [`AiJob`] and [`AiAnswer`]) never panics;
//! - whatever decodes encodes again and decodes back equal, to the same bytes;
//! - a message made of any fields (a room's messages from the protocol's examples) encodes and
//!   decodes back equal, unless it is over [`MAX_WIRE_BYTES`], when it is refused as too large;
//! - any input over [`MAX_WIRE_BYTES`] is refused as too large before it is read;
//! - a node name is accepted exactly when it can be a word of a subject, and the subjects made
//!   of an accepted name have exactly their four words (two for the one every node hears).

use arbitrary::{Arbitrary, Unstructured};
use chaupal_rules::Side;
use chaupal_shared::codec::CodecError;
use chaupal_shared::protocol::examples::server_messages;
use chaupal_shared::protocol::{
    Action, ErrorCode, ErrorReply, GameId, LobbyEvent, OfferKind, PlayerId, SeekId, ServerMessage,
};
use serde::Serialize;
use serde::de::DeserializeOwned;

use super::ai::{AiAnswer, AiJob};
use super::wire::{
    self, MAX_WIRE_BYTES, ToAll, ToEdge, ToOwner, WireError, WireView, check_node, valid_node,
};

/// What a node may be sent.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Arbitrary)]
pub enum Kind {
    ToOwner,
    ToEdge,
    ToAll,
    AiJob,
    AiAnswer,
}

/// One input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Input {
    /// Bytes from the bus, read as a message of this kind.
    Bytes(Kind, Vec<u8>),
    /// A message made of arbitrary fields.
    Value(Message),
    /// Input this many bytes over the limit, starting with these bytes.
    Oversized(Kind, u16, Vec<u8>),
    /// A node name.
    Node(String),
}

impl<'a> Arbitrary<'a> for Input {
    fn arbitrary(u: &mut Unstructured<'a>) -> arbitrary::Result<Self> {
        Ok(match u.int_in_range(0..=3u8)? {
            0 => Input::Bytes(u.arbitrary()?, u.arbitrary()?),
            1 => Input::Value(Message::make(u)?),
            2 => Input::Oversized(u.arbitrary()?, u.arbitrary()?, u.arbitrary()?),
            _ => Input::Node(u.arbitrary()?),
        })
    }
}

/// A message between nodes.
#[derive(Clone, Debug, PartialEq)]
pub enum Message {
    Owner(ToOwner),
    Edge(ToEdge),
    All(ToAll),
}

// `PartialEq` alone (floats inside): `Input` is compared only by tests that have no NaN.
impl Eq for Message {}

/// A node name: mostly valid, sometimes anything.
fn node(u: &mut Unstructured<'_>) -> arbitrary::Result<String> {
    if u.ratio(1u8, 8)? {
        return u.arbitrary();
    }
    let len = u.int_in_range(1..=12usize)?;
    const CHARS: &[u8] = b"abcdefghijklmnopqrstuvwxyz0123456789-_";
    (0..len)
        .map(|_| u.choose(CHARS).map(|&c| char::from(c)))
        .collect()
}

fn server_message(u: &mut Unstructured<'_>) -> arbitrary::Result<ServerMessage> {
    let examples = server_messages();
    let (_, mut msg) = u.choose(&examples)?.clone();
    // A few fields of the room's messages as any value.
    match &mut msg {
        ServerMessage::Event { game, version, .. } => {
            *game = GameId(u.arbitrary()?);
            *version = u.arbitrary()?;
        }
        ServerMessage::Error { error, .. } => error.reason = u.arbitrary()?,
        _ => {}
    }
    Ok(msg)
}

fn lobby_event(u: &mut Unstructured<'_>) -> arbitrary::Result<LobbyEvent> {
    let events: Vec<LobbyEvent> = server_messages()
        .into_iter()
        .filter_map(|(_, m)| match m {
            ServerMessage::Lobby(e) => Some(e),
            _ => None,
        })
        .collect();
    if events.is_empty() || u.ratio(1u8, 4)? {
        return Ok(LobbyEvent::SeekRemoved {
            seek: SeekId(u.arbitrary()?),
        });
    }
    Ok(u.choose(&events)?.clone())
}

fn action(u: &mut Unstructured<'_>) -> arbitrary::Result<Action> {
    Ok(match u.int_in_range(0..=5u8)? {
        0 => Action::Move {
            notation: u.arbitrary()?,
            ply: u.arbitrary()?,
        },
        1 => Action::Resign,
        2 => Action::Offer(OfferKind::Draw),
        3 => Action::Offer(OfferKind::Takeback),
        4 => Action::Answer {
            kind: *u.choose(&OfferKind::ALL)?,
            accept: u.arbitrary()?,
        },
        _ => Action::ClaimWin,
    })
}

fn result(u: &mut Unstructured<'_>) -> arbitrary::Result<Result<(), ErrorReply>> {
    Ok(if u.arbitrary()? {
        Ok(())
    } else {
        Err(ErrorReply::new(
            ErrorCode::IllegalMove,
            u.arbitrary::<String>()?,
        ))
    })
}

impl Message {
    fn make(u: &mut Unstructured<'_>) -> arbitrary::Result<Message> {
        let game = GameId(u.arbitrary()?);
        Ok(match u.int_in_range(0..=12u8)? {
            0 => Message::Owner(ToOwner::Attach {
                req: u.arbitrary()?,
                game,
                edge: node(u)?,
                conn: u.arbitrary()?,
                player: PlayerId(u.arbitrary()?),
                turns: u.arbitrary()?,
                since: u.arbitrary()?,
            }),
            1 => Message::Owner(ToOwner::Detach {
                game,
                edge: node(u)?,
                conn: u.arbitrary()?,
            }),
            2 => Message::Owner(ToOwner::Act {
                req: u.arbitrary()?,
                game,
                edge: node(u)?,
                conn: u.arbitrary()?,
                player: PlayerId(u.arbitrary()?),
                seat: *u.choose(&[None, Some(Side::First), Some(Side::Second)])?,
                action: action(u)?,
                lag_ms: u.arbitrary()?,
            }),
            3 => Message::Owner(ToOwner::View {
                req: u.arbitrary()?,
                game,
                edge: node(u)?,
            }),
            4 => Message::Edge(ToEdge::Message {
                conn: u.arbitrary()?,
                game,
                msg: Box::new(server_message(u)?),
            }),
            5 => Message::Edge(ToEdge::Done {
                req: u.arbitrary()?,
                result: result(u)?,
            }),
            6 => {
                let summary = chaupal_shared::protocol::examples::summary();
                let view = WireView {
                    summary: Box::new(summary),
                    moves: u.arbitrary()?,
                    start_position: u.arbitrary()?,
                };
                let result = match result(u)? {
                    Ok(()) => Ok(view),
                    Err(e) => Err(e),
                };
                Message::Edge(ToEdge::Viewed {
                    req: u.arbitrary()?,
                    result,
                })
            }
            7 => Message::Edge(ToEdge::Dropped {
                conn: u.arbitrary()?,
                game,
            }),
            8 => Message::Edge(ToEdge::Closed {
                conn: u.arbitrary()?,
                game,
            }),
            9 => Message::Edge(ToEdge::SeekTaken {
                seek: SeekId(u.arbitrary()?),
                game,
                conn: u.arbitrary()?,
                owner: node(u)?,
            }),
            10 if u.arbitrary()? => Message::Edge(ToEdge::SeekWithdrawn {
                seek: SeekId(u.arbitrary()?),
            }),
            10 => Message::All(ToAll::Lobby {
                from: node(u)?,
                event: Box::new(lobby_event(u)?),
            }),
            11 => Message::All(ToAll::Claimed {
                node: node(u)?,
                games: u.arbitrary::<Vec<u64>>()?.into_iter().map(GameId).collect(),
            }),
            _ => {
                if u.arbitrary()? {
                    Message::All(ToAll::Released { node: node(u)? })
                } else {
                    Message::All(ToAll::Player {
                        player: PlayerId(u.arbitrary()?),
                        msg: Box::new(server_message(u)?),
                    })
                }
            }
        })
    }
}

/// The properties of one input (see the module comment).
pub fn check(input: &Input) {
    match input {
        Input::Bytes(kind, bytes) => decode_as(*kind, bytes),
        Input::Value(Message::Owner(m)) => value_round_trips(m),
        Input::Value(Message::Edge(m)) => value_round_trips(m),
        Input::Value(Message::All(m)) => value_round_trips(m),
        Input::Oversized(kind, over, start) => {
            let mut bytes = vec![0u8; MAX_WIRE_BYTES + 1 + usize::from(*over)];
            let n = start.len().min(bytes.len());
            bytes[..n].copy_from_slice(&start[..n]);
            let too_large = |r: Result<(), WireError>| {
                assert!(
                    matches!(r, Err(WireError::Codec(CodecError::TooLarge { .. }))),
                    "{} bytes are refused as too large",
                    bytes.len()
                );
            };
            match kind {
                Kind::ToOwner => too_large(wire::decode::<ToOwner>(&bytes).map(drop)),
                Kind::ToEdge => too_large(wire::decode::<ToEdge>(&bytes).map(drop)),
                Kind::ToAll => too_large(wire::decode::<ToAll>(&bytes).map(drop)),
                Kind::AiJob => too_large(wire::decode::<AiJob>(&bytes).map(drop)),
                Kind::AiAnswer => too_large(wire::decode::<AiAnswer>(&bytes).map(drop)),
            }
        }
        Input::Node(name) => node_name(name),
    }
}

fn decode_as(kind: Kind, bytes: &[u8]) {
    match kind {
        Kind::ToOwner => decoded_round_trips::<ToOwner>(bytes),
        Kind::ToEdge => decoded_round_trips::<ToEdge>(bytes),
        Kind::ToAll => decoded_round_trips::<ToAll>(bytes),
        Kind::AiJob => decoded_round_trips::<AiJob>(bytes),
        Kind::AiAnswer => decoded_round_trips::<AiAnswer>(bytes),
    }
}

/// Whatever decodes encodes, and decodes back equal, to the same bytes.
fn decoded_round_trips<T>(bytes: &[u8])
where
    T: Serialize + DeserializeOwned + PartialEq + std::fmt::Debug,
{
    let Ok(msg) = wire::decode::<T>(bytes) else {
        return;
    };
    let again = wire::encode(&msg).expect("a decoded message encodes");
    let back: T = wire::decode(&again).expect("an encoded message decodes");
    assert_eq!(back, msg, "a decoded message round-trips");
    let third = wire::encode(&back).expect("encodes");
    assert_eq!(third, again, "the same message, the same bytes");
}

/// A message made of any fields decodes back equal, or is refused as too large.
fn value_round_trips<T>(msg: &T)
where
    T: Serialize + DeserializeOwned + PartialEq + std::fmt::Debug,
{
    let bytes = wire::encode(msg).expect("a message encodes");
    match wire::decode::<T>(&bytes) {
        Ok(back) => {
            assert!(bytes.len() <= MAX_WIRE_BYTES);
            assert_eq!(&back, msg, "a message round-trips");
        }
        Err(WireError::Codec(CodecError::TooLarge { .. })) => {
            assert!(bytes.len() > MAX_WIRE_BYTES, "refused as too large");
        }
        Err(e) => panic!("a message of {} bytes did not decode: {e}", bytes.len()),
    }
}

fn node_name(name: &str) {
    let words = name.len() <= wire::MAX_NODE_NAME
        && !name.is_empty()
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
    assert_eq!(valid_node(name), words, "{name:?} as a node name");
    assert_eq!(check_node(name).is_ok(), words);
    if words {
        for (subject, n) in [
            (wire::owner_subject(name), 4),
            (wire::edge_subject(name), 4),
            (wire::all_subject(), 2),
        ] {
            let parts: Vec<&str> = subject.split('.').collect();
            assert_eq!(parts.len(), n, "{subject}");
            assert!(parts.iter().all(|p| valid_node(p)), "{subject}");
        }
    }
}

//! The messages between the nodes of a cluster, their subjects on NATS, and their encoding.
//!
//! Every message is bincode through `chaupal_shared::codec`, like clients' binary frames, and
//! is decoded with a size limit ([`MAX_WIRE_BYTES`]). A node never trusts the bus blindly: a
//! message that does not decode, names a node that is not a valid node name, or speaks of a
//! connection or game the receiver does not hold is dropped and logged.

use chaupal_rules::Side;
use chaupal_shared::codec::{self, CodecError};
use chaupal_shared::protocol::tournaments::{TournamentId, TournamentSetup, TournamentView};
use chaupal_shared::protocol::{
    Action, ErrorReply, GameId, GameResult, GameSummary, LobbyEvent, PlayerId, PlayerInfo, SeekId,
    ServerMessage, Version,
};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

/// The largest message between nodes (NATS's own default limit is 1 MiB): a snapshot of the
/// longest game fits many times over.
pub const MAX_WIRE_BYTES: usize = 512 * 1024;
/// The longest node name.
pub const MAX_NODE_NAME: usize = 64;
/// The first word of every subject.
const PREFIX: &str = "chaupal";

/// What a node asks of the node that runs a game (subject [`owner_subject`]). `edge` is the
/// asking node, `conn` its connection; `req` numbers a request whose answer comes back as
/// [`ToEdge::Done`] or [`ToEdge::Viewed`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum ToOwner {
    /// Watch, or sit back down: the room's catch-up and then its events go to the edge.
    Attach {
        req: u64,
        game: GameId,
        edge: String,
        conn: u64,
        player: PlayerId,
        turns: bool,
        since: Option<Version>,
    },
    /// The edge's connection left the game.
    Detach {
        game: GameId,
        edge: String,
        conn: u64,
    },
    /// A seat acts.
    Act {
        req: u64,
        game: GameId,
        edge: String,
        conn: u64,
        player: PlayerId,
        seat: Option<Side>,
        action: Action,
        lag_ms: u64,
    },
    /// The game as it stands (hints, records).
    View {
        req: u64,
        game: GameId,
        edge: String,
    },
}

/// What comes back to a connection's node (subject [`edge_subject`]), in order.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum ToEdge {
    /// A message of `game` for connection `conn`.
    Message {
        conn: u64,
        game: GameId,
        msg: Box<ServerMessage>,
    },
    /// The answer to request `req` (after the messages it caused).
    Done {
        req: u64,
        result: Result<(), ErrorReply>,
    },
    /// The answer to a [`ToOwner::View`].
    Viewed {
        req: u64,
        result: Result<WireView, ErrorReply>,
    },
    /// The owner stopped relaying `game` to `conn` (the connection did not keep up): the edge
    /// drops the connection, as a slow reader is dropped on one node.
    Dropped { conn: u64, game: GameId },
    /// `game`'s room closed (the game is over): `conn` is no longer at it.
    Closed { conn: u64, game: GameId },
    /// The seek `seek`, whose seeker is connection `conn` of the receiving node, became game
    /// `game` on node `owner`, which seats that connection through a relay from the game's
    /// first message on (sent before any of them).
    SeekTaken {
        seek: SeekId,
        game: GameId,
        conn: u64,
        owner: String,
    },
    /// The private invitation `seek`, made on the receiving node, was declined on another
    /// node and is gone from the records: it leaves the receiving node's lists.
    SeekWithdrawn { seek: SeekId },
}

/// A game as it stands, between nodes.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct WireView {
    pub summary: Box<GameSummary>,
    pub moves: Vec<String>,
    pub start_position: Option<String>,
}

/// What every node hears (subject [`all_subject`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum ToAll {
    /// A change of node `from`'s part of the lobby.
    Lobby {
        from: String,
        event: Box<LobbyEvent>,
    },
    /// Node `node` now runs these games (claimed after their node died or left).
    Claimed { node: String, games: Vec<GameId> },
    /// Node `node` is leaving and gave up its games: claim them now.
    Released { node: String },
    /// A message for every connection of `player`, on whichever node (a `my_game` notice).
    Player {
        player: PlayerId,
        msg: Box<ServerMessage>,
    },
    /// News of the tournaments, from node `from`.
    Tournament { from: String, news: TournamentWire },
}

/// What the nodes tell each other of tournaments (docs/SCALING.md, "Tournaments"). Every node
/// follows every tournament from the records; these messages say when to look.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum TournamentWire {
    /// Its log grew, or it was made or claimed: the other nodes read what is new from the
    /// records.
    Changed { tournament: TournamentId },
    /// The entrants of tournaments another node runs who have a connection on the sending node
    /// (sent every [`PRESENT_EVERY_MS`] while it has any), so that they count as present
    /// for an arena's pairing.
    Present { players: Vec<PlayerId> },
    /// A game of `tournament` ended on the sending node, for the node that runs the tournament.
    GameEnded {
        tournament: TournamentId,
        game: GameId,
        result: GameResult,
        plies: u32,
        berserk: [bool; 2],
    },
}

/// How often a node says which entrants it holds ([`TournamentWire::Present`]), in
/// milliseconds; the node running an arena forgets a node's list after three times as long.
pub const PRESENT_EVERY_MS: u64 = 2_000;

/// What a node asks of another about tournaments (subject [`tournament_subject`]), answered
/// with a [`TournamentAnswer`] or why not.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum TournamentAsk {
    Join {
        player: PlayerInfo,
        tournament: TournamentId,
        code: Option<String>,
    },
    /// A pause (`leave` false) or leaving for good.
    StepOut {
        player: PlayerId,
        tournament: TournamentId,
        leave: bool,
    },
    /// From the node that runs a tournament to the node of one of a pairing's players: start
    /// their game there, seating its players' connections on that node.
    StartGame {
        setup: Box<TournamentSetup>,
        seats: [WireSeat; 2],
    },
}

/// A tournament game's seat, between nodes.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct WireSeat {
    pub player: PlayerInfo,
    pub rating: i32,
    /// A computer entrant's level.
    pub computer: Option<u8>,
}

/// The answer to a [`TournamentAsk`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum TournamentAnswer {
    /// The tournament as the player now sees it (a join, a pause, leaving).
    View(Box<TournamentView>),
    /// The game started.
    Started(GameId),
}

/// Why a message from the bus was dropped.
#[derive(Debug, thiserror::Error)]
pub enum WireError {
    #[error(transparent)]
    Codec(#[from] CodecError),
    #[error("bad node name {0:?}")]
    BadNode(String),
}

/// Encodes a message for the bus.
pub fn encode<T: Serialize>(msg: &T) -> Result<bytes::Bytes, CodecError> {
    codec::encode_binary(msg).map(bytes::Bytes::from)
}

/// Decodes a message from the bus, within [`MAX_WIRE_BYTES`].
pub fn decode<T: DeserializeOwned>(payload: &[u8]) -> Result<T, WireError> {
    Ok(codec::decode_binary(payload, MAX_WIRE_BYTES)?)
}

/// Whether `name` can be a node's name: 1 to [`MAX_NODE_NAME`] letters, digits, `-` and `_`
/// (it becomes a word of NATS subjects and a key of the lease bucket).
pub fn valid_node(name: &str) -> bool {
    !name.is_empty()
        && name.len() <= MAX_NODE_NAME
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// Checks a node name that came over the bus.
pub fn check_node(name: &str) -> Result<(), WireError> {
    if valid_node(name) {
        Ok(())
    } else {
        Err(WireError::BadNode(name.chars().take(80).collect()))
    }
}

/// Where a game's owner hears requests.
pub fn owner_subject(node: &str) -> String {
    format!("{PREFIX}.node.{node}.owner")
}

/// Where a node hears the messages for its connections.
pub fn edge_subject(node: &str) -> String {
    format!("{PREFIX}.node.{node}.edge")
}

/// Where a node hears what is asked of the tournaments it runs.
pub fn tournament_subject(node: &str) -> String {
    format!("{PREFIX}.node.{node}.tournament")
}

/// What every node hears.
pub fn all_subject() -> String {
    format!("{PREFIX}.all")
}

/// The game a room's message is about (`None` for any other message).
pub fn game_of(msg: &ServerMessage) -> Option<GameId> {
    match msg {
        ServerMessage::Event { game, .. } | ServerMessage::Presence { game, .. } => Some(*game),
        ServerMessage::Snapshot(s) => Some(s.summary.game),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chaupal_shared::protocol::ErrorCode;

    #[test]
    fn messages_round_trip() {
        let act = ToOwner::Act {
            req: 7,
            game: GameId(3),
            edge: "node-b".into(),
            conn: 12,
            player: PlayerId(5),
            seat: Some(Side::Second),
            action: Action::Move {
                notation: "c3".into(),
                ply: Some(2),
            },
            lag_ms: 40,
        };
        let back: ToOwner = decode(&encode(&act).expect("encodes")).expect("decodes");
        assert!(matches!(
            back,
            ToOwner::Act {
                req: 7,
                conn: 12,
                lag_ms: 40,
                ..
            }
        ));
        let done = ToEdge::Done {
            req: 9,
            result: Err(ErrorReply::new(ErrorCode::IllegalMove, "no")),
        };
        let back: ToEdge = decode(&encode(&done).expect("encodes")).expect("decodes");
        match back {
            ToEdge::Done { req, result } => {
                assert_eq!(req, 9);
                assert_eq!(result.expect_err("an error").code, ErrorCode::IllegalMove);
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn an_ai_job_round_trips_with_and_without_its_slips() {
        use super::super::ai::AiJob;
        use chaupal_engine::{EngineSpec, SearchLimits, SearchRequest};
        for slips in [None, Some(10)] {
            let mut request = SearchRequest::new(
                EngineSpec::Level(5),
                SearchLimits {
                    depth: Some(4),
                    time: None,
                    nodes: None,
                },
                77,
            );
            request.slips = slips;
            let job = AiJob {
                kind: chaupal_rules::GameKind::Kalah,
                rules: vec![("seeds".into(), "4".into())],
                position: "start".into(),
                request,
                budget_ms: 500,
            };
            let back: AiJob = decode(&encode(&job).expect("encodes")).expect("decodes");
            assert_eq!(back, job);
        }
    }

    #[test]
    fn tournament_news_and_requests_round_trip() {
        let news = [
            TournamentWire::Changed {
                tournament: TournamentId(4),
            },
            TournamentWire::Present {
                players: vec![PlayerId(1), PlayerId(900)],
            },
            TournamentWire::GameEnded {
                tournament: TournamentId(4),
                game: GameId(77),
                result: GameResult {
                    winner: Some(Side::Second),
                    reason: chaupal_shared::protocol::ResultReason::Resignation,
                },
                plies: 31,
                berserk: [true, false],
            },
        ];
        for news in news {
            let msg = ToAll::Tournament {
                from: "n1-0001".into(),
                news,
            };
            let back: ToAll = decode(&encode(&msg).expect("encodes")).expect("decodes");
            assert_eq!(back, msg);
        }
        let asks = [
            TournamentAsk::Join {
                player: PlayerInfo {
                    id: PlayerId(3),
                    name: "asha".into(),
                },
                tournament: TournamentId(4),
                code: Some("c0de".into()),
            },
            TournamentAsk::StepOut {
                player: PlayerId(3),
                tournament: TournamentId(4),
                leave: true,
            },
        ];
        for ask in asks {
            let back: TournamentAsk = decode(&encode(&ask).expect("encodes")).expect("decodes");
            assert_eq!(back, ask);
        }
    }

    #[test]
    fn oversized_and_garbage_messages_are_refused() {
        let big = vec![0u8; MAX_WIRE_BYTES + 1];
        assert!(matches!(
            decode::<ToEdge>(&big),
            Err(WireError::Codec(CodecError::TooLarge { .. }))
        ));
        assert!(decode::<ToEdge>(&[0xff, 0xff, 0xff, 0xff, 0xff]).is_err());
        // A length prefix that claims far more than the message carries.
        let mut lying = encode(&ToAll::Released { node: "a".into() })
            .expect("encodes")
            .to_vec();
        lying.truncate(2);
        lying.extend_from_slice(&[0xfc, 0xff, 0xff, 0xff, 0x7f]);
        assert!(decode::<ToAll>(&lying).is_err());
    }

    #[test]
    fn node_names_are_subject_words() {
        assert!(valid_node("node-1_b"));
        for bad in ["", "a.b", "a*", "a>", "a b", &"x".repeat(MAX_NODE_NAME + 1)] {
            assert!(!valid_node(bad), "{bad:?}");
            assert!(check_node(bad).is_err());
        }
    }
}

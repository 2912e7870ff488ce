//! The one place where protocol messages become bytes and bytes become messages.
//!
//! Binary websocket frames carry bincode 2 (standard configuration); text frames carry JSON of the
//! same types, for bots and debugging. Input from the network is always decoded with a limit:
//! the frame is refused if it is longer than the limit, and bincode is told the limit too, so a
//! hostile length prefix inside a short frame cannot make the decoder allocate beyond it.
//!
//! ```
//! use chaupal_shared::codec::{self, CodecError, DEFAULT_MESSAGE_LIMIT};
//! use chaupal_shared::protocol::{ClientMessage, PROTOCOL_VERSION, Request};
//!
//! let hello = ClientMessage {
//!     id: 1,
//!     request: Request::Hello {
//!         version: PROTOCOL_VERSION,
//!         name: "Asha".to_owned(),
//!         token: None,
//!         turns: false,
//!     },
//! };
//! // The same message in both encodings.
//! let json = codec::encode_json(&hello).unwrap();
//! let back: ClientMessage = codec::decode_json(&json, DEFAULT_MESSAGE_LIMIT).unwrap();
//! assert_eq!(back, hello);
//! let bytes = codec::encode_binary(&hello).unwrap();
//! let back: ClientMessage = codec::decode_binary(&bytes, DEFAULT_MESSAGE_LIMIT).unwrap();
//! assert_eq!(back, hello);
//!
//! // Input over the limit is refused before it is read.
//! let refused = codec::decode_json::<ClientMessage>(&json, 8);
//! assert!(matches!(refused, Err(CodecError::TooLarge { .. })));
//! ```

use serde::Serialize;
use serde::de::DeserializeOwned;
use thiserror::Error;

/// The default largest message, in bytes (64 KiB).
pub const DEFAULT_MESSAGE_LIMIT: usize = 64 * 1024;

/// The largest decode limit the codec supports (64 MiB).
pub const MAX_MESSAGE_LIMIT: usize = 64 * 1024 * 1024;

/// Why a message could not be encoded or decoded.
#[derive(Debug, Error)]
pub enum CodecError {
    /// The frame is longer than the limit.
    #[error("message of {len} bytes is over the limit of {limit} bytes")]
    TooLarge { len: usize, limit: usize },
    /// The bytes are not a valid message (including a length prefix that claims more than the
    /// limit allows).
    #[error("malformed binary message: {0}")]
    Binary(String),
    /// The text is not a valid JSON message.
    #[error("malformed JSON message: {0}")]
    Json(String),
    /// The message decoded, but bytes were left over after it.
    #[error("{0} bytes left over after the message")]
    TrailingBytes(usize),
    /// The message could not be encoded (a bug, or a message over the limit).
    #[error("could not encode message: {0}")]
    Encode(String),
}

/// Encodes a message for a binary frame.
pub fn encode_binary<T: Serialize>(msg: &T) -> Result<Vec<u8>, CodecError> {
    bincode::serde::encode_to_vec(msg, bincode::config::standard())
        .map_err(|e| CodecError::Encode(e.to_string()))
}

/// Encodes a message for a text frame.
pub fn encode_json<T: Serialize>(msg: &T) -> Result<String, CodecError> {
    serde_json::to_string(msg).map_err(|e| CodecError::Encode(e.to_string()))
}

/// The length in bytes of a message's encoding for a text frame (`json`) or a binary one,
/// counted without making it: what a connection's write queue weighs a message by.
pub fn encoded_len<T: Serialize>(msg: &T, json: bool) -> Result<usize, CodecError> {
    let mut counted = Counted(0);
    if json {
        serde_json::to_writer(&mut counted, msg).map_err(|e| CodecError::Encode(e.to_string()))?;
    } else {
        bincode::serde::encode_into_std_write(msg, &mut counted, bincode::config::standard())
            .map_err(|e| CodecError::Encode(e.to_string()))?;
    }
    Ok(counted.0)
}

/// A writer that keeps nothing and counts the bytes written to it.
struct Counted(usize);

impl std::io::Write for Counted {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0 += buf.len();
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Decodes a binary frame, refusing anything longer than `limit` bytes and any length prefix that
/// would make the decoder allocate more than `limit` (rounded up to a power of two, at least
/// 1 KiB; at most [`MAX_MESSAGE_LIMIT`]).
pub fn decode_binary<T: DeserializeOwned>(bytes: &[u8], limit: usize) -> Result<T, CodecError> {
    let limit = limit.min(MAX_MESSAGE_LIMIT);
    if bytes.len() > limit {
        return Err(CodecError::TooLarge {
            len: bytes.len(),
            limit,
        });
    }
    let (msg, used) = decode_with_tier::<T>(bytes, limit)?;
    if used != bytes.len() {
        return Err(CodecError::TrailingBytes(bytes.len() - used));
    }
    Ok(msg)
}

/// Decodes a text frame, refusing anything longer than `limit` bytes. JSON cannot claim memory it
/// does not carry, and serde_json bounds nesting depth, so the size check is the limit.
pub fn decode_json<T: DeserializeOwned>(text: &str, limit: usize) -> Result<T, CodecError> {
    if text.len() > limit {
        return Err(CodecError::TooLarge {
            len: text.len(),
            limit,
        });
    }
    serde_json::from_str(text).map_err(|e| CodecError::Json(e.to_string()))
}

/// bincode takes its limit as a const generic: pick the smallest power-of-two tier that holds
/// `limit`.
fn decode_with_tier<T: DeserializeOwned>(
    bytes: &[u8],
    limit: usize,
) -> Result<(T, usize), CodecError> {
    macro_rules! tiers {
        ($($shift:literal)*) => {
            $(
                if limit <= (1usize << $shift) {
                    let config = bincode::config::standard().with_limit::<{ 1usize << $shift }>();
                    return bincode::serde::decode_from_slice::<T, _>(bytes, config)
                        .map_err(|e| CodecError::Binary(e.to_string()));
                }
            )*
        };
    }
    tiers!(10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26);
    Err(CodecError::TooLarge {
        len: bytes.len(),
        limit: MAX_MESSAGE_LIMIT,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[derive(Debug, PartialEq, Serialize, Deserialize)]
    struct Blob {
        id: u32,
        data: Vec<u8>,
        names: Vec<String>,
    }

    #[test]
    fn binary_and_json_round_trip() {
        let b = Blob {
            id: 7,
            data: vec![1, 2, 3],
            names: vec!["goat".into(), "tiger".into()],
        };
        let bytes = encode_binary(&b).unwrap();
        assert_eq!(
            decode_binary::<Blob>(&bytes, DEFAULT_MESSAGE_LIMIT).unwrap(),
            b
        );
        let text = encode_json(&b).unwrap();
        assert_eq!(
            decode_json::<Blob>(&text, DEFAULT_MESSAGE_LIMIT).unwrap(),
            b
        );
    }

    #[test]
    fn encoded_len_counts_what_encoding_makes() {
        let b = Blob {
            id: 300,
            data: vec![9; 1000],
            names: vec!["goat".into(), "tigér \"bagh\"".into()],
        };
        assert_eq!(
            encoded_len(&b, false).unwrap(),
            encode_binary(&b).unwrap().len()
        );
        assert_eq!(
            encoded_len(&b, true).unwrap(),
            encode_json(&b).unwrap().len()
        );
    }

    #[test]
    fn oversized_frames_are_refused_before_decoding() {
        let b = Blob {
            id: 1,
            data: vec![0; 5000],
            names: vec![],
        };
        let bytes = encode_binary(&b).unwrap();
        assert!(matches!(
            decode_binary::<Blob>(&bytes, 4096),
            Err(CodecError::TooLarge { len, limit: 4096 }) if len > 4096
        ));
        let text = encode_json(&b).unwrap();
        assert!(matches!(
            decode_json::<Blob>(&text, 4096),
            Err(CodecError::TooLarge { .. })
        ));
    }

    #[test]
    fn hostile_length_prefix_cannot_allocate_beyond_the_limit() {
        // id = 1, then a Vec<u8> whose varint length prefix claims u64::MAX - 1 bytes (0xFD marks
        // a u64 in bincode's varint encoding), in a frame of 12 bytes.
        let mut frame = vec![1u8, 0xFD];
        frame.extend_from_slice(&(u64::MAX - 1).to_le_bytes());
        frame.push(0);
        frame.push(0);
        let err = decode_binary::<Blob>(&frame, DEFAULT_MESSAGE_LIMIT).unwrap_err();
        assert!(matches!(err, CodecError::Binary(_)), "{err}");

        // A string claiming more than the limit fails on the limit, before any allocation, not
        // on running out of input: id 1, empty data, one name of 100,000 bytes.
        let mut frame = vec![1u8, 0, 1, 0xFC];
        frame.extend_from_slice(&(100_000u32).to_le_bytes());
        let err = decode_binary::<Blob>(&frame, DEFAULT_MESSAGE_LIMIT).unwrap_err();
        let text = err.to_string();
        assert!(text.to_lowercase().contains("limit"), "{text}");

        // A vector of strings claiming a billion elements.
        let mut frame = vec![1u8, 0, 0xFC];
        frame.extend_from_slice(&1_000_000_000u32.to_le_bytes());
        assert!(decode_binary::<Blob>(&frame, DEFAULT_MESSAGE_LIMIT).is_err());
    }

    #[test]
    fn trailing_bytes_and_truncation_are_errors() {
        let b = Blob {
            id: 9,
            data: vec![4; 10],
            names: vec!["x".into()],
        };
        let mut bytes = encode_binary(&b).unwrap();
        bytes.push(0);
        assert!(matches!(
            decode_binary::<Blob>(&bytes, DEFAULT_MESSAGE_LIMIT),
            Err(CodecError::TrailingBytes(1))
        ));
        bytes.truncate(bytes.len() - 4);
        assert!(matches!(
            decode_binary::<Blob>(&bytes, DEFAULT_MESSAGE_LIMIT),
            Err(CodecError::Binary(_))
        ));
        assert!(matches!(
            decode_json::<Blob>("{\"id\":", 100),
            Err(CodecError::Json(_))
        ));
    }
}

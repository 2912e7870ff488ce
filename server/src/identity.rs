//! Players' identity: random tokens (128 bits from the operating system's generator, via
//! `rand`), their hashes as stored, invite codes, and private games' watch keys. Display names are checked by
//! [`chaupal_shared::protocol::names`], as the client checks them.
//!
//! A player is whoever holds the token handed out in their first Welcome; no passwords yet.
//! The server keeps only the SHA-256 of each token, so a leaked database does not let anyone
//! sit at another's seat.

use chaupal_shared::protocol::WatchKey;
use rand::Rng;
use sha2::{Digest, Sha256};

/// Bytes of randomness in a token (128 bits).
const TOKEN_BYTES: usize = 16;
/// Invite codes use letters and digits that cannot be confused with each other.
const CODE_ALPHABET: &[u8] = b"ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
/// Characters in an invite code (two groups of four: 40 bits).
const CODE_CHARS: usize = 8;

/// A new player token: 32 hex digits.
pub fn new_token() -> String {
    let bytes: [u8; TOKEN_BYTES] = rand::rng().random();
    hex(&bytes)
}

/// A new watch key of a private game ([`crate::sight`]): 128 bits, 32 hex digits, as a token.
pub fn new_watch_key() -> WatchKey {
    WatchKey(new_token())
}

/// What is stored for a token.
pub fn token_hash(token: &str) -> String {
    hex(&Sha256::digest(token.as_bytes()))
}

/// A new invite code, `K7QM-2XPD`.
pub fn new_invite_code() -> String {
    let mut rng = rand::rng();
    let mut code = String::with_capacity(CODE_CHARS + 1);
    for i in 0..CODE_CHARS {
        if i == CODE_CHARS / 2 {
            code.push('-');
        }
        let c = CODE_ALPHABET[rng.random_range(0..CODE_ALPHABET.len())];
        code.push(char::from(c));
    }
    code
}

/// An invite code as typed by a person, in the form it was handed out (`ABCD-EFGH`): case,
/// spaces and the dash do not matter.
pub fn normalise_code(code: &str) -> String {
    let bare: String = code
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '-')
        .map(|c| c.to_ascii_uppercase())
        .collect();
    if bare.len() == CODE_CHARS && bare.is_ascii() {
        format!("{}-{}", &bare[..CODE_CHARS / 2], &bare[CODE_CHARS / 2..])
    } else {
        bare
    }
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_128_bit_and_differ() {
        let a = new_token();
        let b = new_token();
        assert_eq!(a.len(), 32);
        assert!(a.chars().all(|c| c.is_ascii_hexdigit()));
        assert_ne!(a, b);
        assert_eq!(token_hash(&a), token_hash(&a));
        assert_ne!(token_hash(&a), a);
        assert_eq!(token_hash(&a).len(), 64);
    }

    #[test]
    fn invite_codes_read_back_however_typed() {
        let code = new_invite_code();
        assert_eq!(code.len(), 9);
        assert_eq!(&code[4..5], "-");
        assert_eq!(normalise_code(&format!(" {} ", code.to_lowercase())), code);
        // Without its dash, with spaces anywhere, in any case.
        let bare = code.replace('-', "");
        assert_eq!(normalise_code(&bare), code);
        assert_eq!(normalise_code(&bare.to_lowercase()), code);
        let spaced: String = bare.chars().flat_map(|c| [c, ' ']).collect();
        assert_eq!(normalise_code(&spaced), code);
        // What cannot be a code stays what it was, and matches nothing.
        assert_eq!(normalise_code("abc"), "ABC");
        assert_ne!(normalise_code("ABCD-EFGH-IJ"), normalise_code("ABCD-EFGH"));
    }

    /// Tokens carry 128 random bits: 32 hex digits, each of the 16 values at every place, the
    /// bits balanced, no two alike. (A statistical check cannot prove entropy; it catches a
    /// constant, a counter, a truncated or a biased source.)
    #[test]
    fn tokens_carry_128_random_bits() {
        const N: usize = 4096;
        let tokens: std::collections::HashSet<String> = (0..N).map(|_| new_token()).collect();
        assert_eq!(tokens.len(), N, "no two tokens alike");
        let mut seen = [[false; 16]; 32];
        let mut ones = 0u32;
        for t in &tokens {
            assert_eq!(t.len(), 2 * TOKEN_BYTES);
            for (i, c) in t.chars().enumerate() {
                let digit = c.to_digit(16).unwrap();
                seen[i][digit as usize] = true;
                ones += digit.count_ones();
            }
        }
        assert!(seen.iter().all(|place| place.iter().all(|&s| s)));
        let bits = (N * 128) as f64;
        // 524,288 fair bits: one standard deviation is 362 ones; allow ten.
        assert!(
            (f64::from(ones) - bits / 2.0).abs() < 3620.0,
            "{ones} ones of {bits}"
        );
    }

    /// Invite codes carry 40 random bits: 8 characters from 32 distinct unambiguous ones, each
    /// of the 32 at every place.
    #[test]
    fn invite_codes_carry_40_random_bits() {
        let mut alphabet = CODE_ALPHABET.to_vec();
        alphabet.sort_unstable();
        alphabet.dedup();
        assert_eq!(alphabet.len(), 32, "5 bits a character");
        assert!(!CODE_ALPHABET.iter().any(|c| b"01IO".contains(c)));
        assert_eq!(CODE_CHARS, 8, "40 bits a code");
        let mut seen = [[false; 32]; CODE_CHARS];
        for _ in 0..2048 {
            let code = new_invite_code().replace('-', "");
            for (i, c) in code.bytes().enumerate() {
                let at = CODE_ALPHABET.iter().position(|&a| a == c).unwrap();
                seen[i][at] = true;
            }
        }
        assert!(seen.iter().all(|place| place.iter().all(|&s| s)));
    }
}

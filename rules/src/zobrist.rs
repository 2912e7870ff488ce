//! Compile-time Zobrist keys.
//!
//! Keys come from a SplitMix64 stream with a fixed seed per table, computed by `const fn`, so
//! every build and every machine hashes a position to the same value (stable for records and
//! tablebases) and no start-up work is needed.

/// One step of SplitMix64: returns the next state and its output.
pub const fn splitmix64(state: u64) -> (u64, u64) {
    let next = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = next;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (next, z ^ (z >> 31))
}

/// `N` pseudo-random keys from `seed`. Use a different seed for each table.
pub const fn keys<const N: usize>(seed: u64) -> [u64; N] {
    let mut out = [0u64; N];
    let mut state = seed;
    let mut i = 0;
    while i < N {
        let (next, value) = splitmix64(state);
        state = next;
        out[i] = value;
        i += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_distinct_and_nonzero() {
        let k: [u64; 4096] = keys(7);
        let mut sorted = k.to_vec();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), k.len());
        assert!(k.iter().all(|&x| x != 0));
    }

    #[test]
    fn different_seeds_give_different_tables() {
        let a: [u64; 8] = keys(1);
        let b: [u64; 8] = keys(2);
        assert_ne!(a, b);
    }
}

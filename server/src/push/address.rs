//! Which IP addresses are on the public internet, for the push endpoints the server posts to
//! (so that a subscription cannot make it post into its own network).
//!
//! An address is global when the IANA special-purpose address registries
//! (iana-ipv4-special-registry, iana-ipv6-special-registry) call it globally reachable. The
//! rows of both are in [`ROWS`] (the most specific row holding an address decides; only
//! "True" is global, so "False" and "N/A" are not), beside one row of the IPv4 address space
//! registry, multicast. An IPv6 address in no row must be global unicast (2000::/3): the
//! deprecated site-local fec0::/10 and IPv4-compatible ::/96, the IPv4-translated
//! ::ffff:0:0:0/96 and the rest of the space reserved by the IETF are not.
//!
//! An IPv6 address that carries an IPv4 address ([`FORMS`]: mapped, compatible, translated,
//! 6to4, Teredo, NAT64) is global only when each IPv4 address it carries is, and its own row
//! allows it too (so only a NAT64 address of the well-known prefix 64:ff9b::/96 may be global).

use std::fmt;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

/// A block of addresses: a prefix and its length in bits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Block {
    V4(Ipv4Addr, u8),
    V6(Ipv6Addr, u8),
}

impl Block {
    /// Whether `ip` is in the block (an address of the other family never is).
    pub fn contains(&self, ip: IpAddr) -> bool {
        match (*self, ip) {
            (Block::V4(prefix, len), IpAddr::V4(ip)) => {
                let mask = u32::MAX.checked_shl(32 - u32::from(len)).unwrap_or(0);
                u32::from(ip) & mask == u32::from(prefix) & mask
            }
            (Block::V6(prefix, len), IpAddr::V6(ip)) => {
                let mask = u128::MAX.checked_shl(128 - u32::from(len)).unwrap_or(0);
                u128::from(ip) & mask == u128::from(prefix) & mask
            }
            _ => false,
        }
    }

    /// The prefix's length in bits.
    pub fn prefix_len(&self) -> u8 {
        match self {
            Block::V4(_, len) | Block::V6(_, len) => *len,
        }
    }
}

impl fmt::Display for Block {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Block::V4(prefix, len) => write!(f, "{prefix}/{len}"),
            Block::V6(prefix, len) => write!(f, "{prefix}/{len}"),
        }
    }
}

/// A registry's "Globally Reachable" column.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reachable {
    True,
    False,
    /// "N/A", or left blank (a block that is deprecated or whose reach depends on what it
    /// carries).
    NotApplicable,
}

/// One row of a registry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Row {
    pub block: Block,
    pub name: &'static str,
    pub rfc: &'static str,
    pub reachable: Reachable,
}

impl fmt::Display for Row {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let reachable = match self.reachable {
            Reachable::True => "True",
            Reachable::False => "False",
            Reachable::NotApplicable => "N/A",
        };
        write!(
            f,
            "{} ({}, {}; globally reachable: {reachable})",
            self.block, self.name, self.rfc
        )
    }
}

const fn v4(a: u8, b: u8, c: u8, d: u8, len: u8) -> Block {
    Block::V4(Ipv4Addr::new(a, b, c, d), len)
}

const fn v6(segments: [u16; 8], len: u8) -> Block {
    let [a, b, c, d, e, f, g, h] = segments;
    Block::V6(Ipv6Addr::new(a, b, c, d, e, f, g, h), len)
}

const fn row(block: Block, name: &'static str, rfc: &'static str, reachable: Reachable) -> Row {
    Row {
        block,
        name,
        rfc,
        reachable,
    }
}

use Reachable::{False, NotApplicable, True};

/// The IANA IPv4 and IPv6 special-purpose address registries (as of October 2025), row by
/// row, and IPv4 multicast from the IPv4 address space registry.
pub const ROWS: [Row; 52] = [
    // iana-ipv4-special-registry
    row(v4(0, 0, 0, 0, 8), "\"This network\"", "RFC 791", False),
    row(
        v4(0, 0, 0, 0, 32),
        "\"This host on this network\"",
        "RFC 1122",
        False,
    ),
    row(v4(10, 0, 0, 0, 8), "Private-Use", "RFC 1918", False),
    row(
        v4(100, 64, 0, 0, 10),
        "Shared Address Space",
        "RFC 6598",
        False,
    ),
    row(v4(127, 0, 0, 0, 8), "Loopback", "RFC 1122", False),
    row(v4(169, 254, 0, 0, 16), "Link Local", "RFC 3927", False),
    row(v4(172, 16, 0, 0, 12), "Private-Use", "RFC 1918", False),
    row(
        v4(192, 0, 0, 0, 24),
        "IETF Protocol Assignments",
        "RFC 6890",
        False,
    ),
    row(
        v4(192, 0, 0, 0, 29),
        "IPv4 Service Continuity Prefix",
        "RFC 7335",
        False,
    ),
    row(
        v4(192, 0, 0, 8, 32),
        "IPv4 dummy address",
        "RFC 7600",
        False,
    ),
    row(
        v4(192, 0, 0, 9, 32),
        "Port Control Protocol Anycast",
        "RFC 7723",
        True,
    ),
    row(
        v4(192, 0, 0, 10, 32),
        "Traversal Using Relays around NAT Anycast",
        "RFC 8155",
        True,
    ),
    row(
        v4(192, 0, 0, 170, 32),
        "NAT64/DNS64 Discovery",
        "RFC 8880",
        False,
    ),
    row(
        v4(192, 0, 0, 171, 32),
        "NAT64/DNS64 Discovery",
        "RFC 8880",
        False,
    ),
    row(
        v4(192, 0, 2, 0, 24),
        "Documentation (TEST-NET-1)",
        "RFC 5737",
        False,
    ),
    row(v4(192, 31, 196, 0, 24), "AS112-v4", "RFC 7535", True),
    row(v4(192, 52, 193, 0, 24), "AMT", "RFC 7450", True),
    row(
        v4(192, 88, 99, 0, 24),
        "Deprecated (6to4 Relay Anycast)",
        "RFC 7526",
        NotApplicable,
    ),
    row(
        v4(192, 88, 99, 2, 32),
        "6a44-relay anycast address",
        "RFC 6751",
        False,
    ),
    row(v4(192, 168, 0, 0, 16), "Private-Use", "RFC 1918", False),
    row(
        v4(192, 175, 48, 0, 24),
        "Direct Delegation AS112 Service",
        "RFC 7534",
        True,
    ),
    row(v4(198, 18, 0, 0, 15), "Benchmarking", "RFC 2544", False),
    row(
        v4(198, 51, 100, 0, 24),
        "Documentation (TEST-NET-2)",
        "RFC 5737",
        False,
    ),
    row(
        v4(203, 0, 113, 0, 24),
        "Documentation (TEST-NET-3)",
        "RFC 5737",
        False,
    ),
    row(v4(240, 0, 0, 0, 4), "Reserved", "RFC 1112", False),
    row(
        v4(255, 255, 255, 255, 32),
        "Limited Broadcast",
        "RFC 8190",
        False,
    ),
    // The IPv4 address space registry: multicast is no host to post to.
    row(v4(224, 0, 0, 0, 4), "Multicast", "RFC 5771", False),
    // iana-ipv6-special-registry
    row(
        v6([0, 0, 0, 0, 0, 0, 0, 1], 128),
        "Loopback Address",
        "RFC 4291",
        False,
    ),
    row(v6([0; 8], 128), "Unspecified Address", "RFC 4291", False),
    row(
        v6([0, 0, 0, 0, 0, 0xffff, 0, 0], 96),
        "IPv4-mapped Address",
        "RFC 4291",
        False,
    ),
    row(
        v6([0x64, 0xff9b, 0, 0, 0, 0, 0, 0], 96),
        "IPv4-IPv6 Translat.",
        "RFC 6052",
        True,
    ),
    row(
        v6([0x64, 0xff9b, 1, 0, 0, 0, 0, 0], 48),
        "IPv4-IPv6 Translat.",
        "RFC 8215",
        False,
    ),
    row(
        v6([0x100, 0, 0, 0, 0, 0, 0, 0], 64),
        "Discard-Only Address Block",
        "RFC 6666",
        False,
    ),
    row(
        v6([0x100, 0, 0, 1, 0, 0, 0, 0], 64),
        "Dummy IPv6 Prefix",
        "RFC 9780",
        False,
    ),
    row(
        v6([0x2001, 0, 0, 0, 0, 0, 0, 0], 23),
        "IETF Protocol Assignments",
        "RFC 2928",
        False,
    ),
    row(
        v6([0x2001, 0, 0, 0, 0, 0, 0, 0], 32),
        "TEREDO",
        "RFC 4380",
        NotApplicable,
    ),
    row(
        v6([0x2001, 1, 0, 0, 0, 0, 0, 1], 128),
        "Port Control Protocol Anycast",
        "RFC 7723",
        True,
    ),
    row(
        v6([0x2001, 1, 0, 0, 0, 0, 0, 2], 128),
        "Traversal Using Relays around NAT Anycast",
        "RFC 8155",
        True,
    ),
    row(
        v6([0x2001, 1, 0, 0, 0, 0, 0, 3], 128),
        "DNS-SD Service Registration Protocol Anycast",
        "RFC 9665",
        True,
    ),
    row(
        v6([0x2001, 2, 0, 0, 0, 0, 0, 0], 48),
        "Benchmarking",
        "RFC 5180",
        False,
    ),
    row(
        v6([0x2001, 3, 0, 0, 0, 0, 0, 0], 32),
        "AMT",
        "RFC 7450",
        True,
    ),
    row(
        v6([0x2001, 4, 0x112, 0, 0, 0, 0, 0], 48),
        "AS112-v6",
        "RFC 7535",
        True,
    ),
    row(
        v6([0x2001, 0x10, 0, 0, 0, 0, 0, 0], 28),
        "Deprecated (previously ORCHID)",
        "RFC 4843",
        NotApplicable,
    ),
    row(
        v6([0x2001, 0x20, 0, 0, 0, 0, 0, 0], 28),
        "ORCHIDv2",
        "RFC 7343",
        True,
    ),
    row(
        v6([0x2001, 0x30, 0, 0, 0, 0, 0, 0], 28),
        "Drone Remote ID Protocol Entity Tags (DETs) Prefix",
        "RFC 9374",
        True,
    ),
    row(
        v6([0x2001, 0xdb8, 0, 0, 0, 0, 0, 0], 32),
        "Documentation",
        "RFC 3849",
        False,
    ),
    row(
        v6([0x2002, 0, 0, 0, 0, 0, 0, 0], 16),
        "6to4",
        "RFC 3056",
        NotApplicable,
    ),
    row(
        v6([0x2620, 0x4f, 0x8000, 0, 0, 0, 0, 0], 48),
        "Direct Delegation AS112 Service",
        "RFC 7534",
        True,
    ),
    row(
        v6([0x3fff, 0, 0, 0, 0, 0, 0, 0], 20),
        "Documentation",
        "RFC 9637",
        False,
    ),
    row(
        v6([0x5f00, 0, 0, 0, 0, 0, 0, 0], 16),
        "Segment Routing (SRv6) SIDs",
        "RFC 9602",
        False,
    ),
    row(
        v6([0xfc00, 0, 0, 0, 0, 0, 0, 0], 7),
        "Unique-Local",
        "RFC 4193",
        False,
    ),
    row(
        v6([0xfe80, 0, 0, 0, 0, 0, 0, 0], 10),
        "Link-Local Unicast",
        "RFC 4291",
        False,
    ),
];

/// Global unicast, where an IPv6 address in no row of [`ROWS`] must be.
pub const GLOBAL_UNICAST: Block = v6([0x2000, 0, 0, 0, 0, 0, 0, 0], 3);

/// Where an IPv6 address carries an IPv4 address.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// The last 32 bits.
    Last32,
    /// The last 32 bits of an address other than `::` and `::1` (rows of their own).
    Last32NotLoopback,
    /// Bits 16 to 48 (6to4).
    After16,
    /// Bits 32 to 64 (the Teredo server).
    Bits32To64,
    /// The last 32 bits, inverted (the Teredo client).
    Last32Inverted,
}

/// An IPv6 form that carries an IPv4 address.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Form {
    pub block: Block,
    pub name: &'static str,
    pub rfc: &'static str,
    pub place: Place,
}

impl fmt::Display for Form {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}, {}", self.name, self.block, self.rfc)
    }
}

const fn form(block: Block, name: &'static str, rfc: &'static str, place: Place) -> Form {
    Form {
        block,
        name,
        rfc,
        place,
    }
}

/// Every IPv6 form that carries an IPv4 address (the local-use NAT64 prefix is read as the
/// /96 networks inside it are).
pub const FORMS: [Form; 8] = [
    form(
        v6([0, 0, 0, 0, 0, 0xffff, 0, 0], 96),
        "IPv4-mapped",
        "RFC 4291",
        Place::Last32,
    ),
    form(
        v6([0; 8], 96),
        "IPv4-compatible (deprecated)",
        "RFC 4291",
        Place::Last32NotLoopback,
    ),
    form(
        v6([0, 0, 0, 0, 0xffff, 0, 0, 0], 96),
        "IPv4-translated",
        "RFC 2765",
        Place::Last32,
    ),
    form(
        v6([0x2002, 0, 0, 0, 0, 0, 0, 0], 16),
        "6to4",
        "RFC 3056",
        Place::After16,
    ),
    form(
        v6([0x2001, 0, 0, 0, 0, 0, 0, 0], 32),
        "Teredo server",
        "RFC 4380",
        Place::Bits32To64,
    ),
    form(
        v6([0x2001, 0, 0, 0, 0, 0, 0, 0], 32),
        "Teredo client",
        "RFC 4380",
        Place::Last32Inverted,
    ),
    form(
        v6([0x64, 0xff9b, 0, 0, 0, 0, 0, 0], 96),
        "NAT64",
        "RFC 6052",
        Place::Last32,
    ),
    form(
        v6([0x64, 0xff9b, 1, 0, 0, 0, 0, 0], 48),
        "local-use NAT64",
        "RFC 8215",
        Place::Last32,
    ),
];

impl Form {
    /// The IPv4 address `ip` carries in this form, when it is of this form.
    pub fn carried(&self, ip: Ipv6Addr) -> Option<Ipv4Addr> {
        if !self.block.contains(IpAddr::V6(ip)) {
            return None;
        }
        let bits = u128::from(ip);
        // Each `as u32` keeps the 32 bits wanted, shifted to the bottom.
        let word = match self.place {
            Place::Last32 => bits as u32,
            Place::Last32NotLoopback if bits <= 1 => return None,
            Place::Last32NotLoopback => bits as u32,
            Place::After16 => (bits >> 80) as u32,
            Place::Bits32To64 => (bits >> 64) as u32,
            Place::Last32Inverted => !(bits as u32),
        };
        Some(Ipv4Addr::from(word))
    }
}

/// Why an address is not on the public internet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NotGlobal {
    /// Its row says it is not globally reachable.
    #[error("{address} is in {row}")]
    InBlock { address: IpAddr, row: &'static Row },
    /// It carries an IPv4 address whose row says it is not globally reachable.
    #[error("{address} carries {carried} ({form}), which is in {row}")]
    Carries {
        address: Ipv6Addr,
        form: &'static Form,
        carried: Ipv4Addr,
        row: &'static Row,
    },
    /// An IPv6 address in no row, outside global unicast.
    #[error("{address} is outside global unicast ({GLOBAL_UNICAST})")]
    OutsideGlobalUnicast { address: Ipv6Addr },
}

/// Whether `ip` is on the public internet (see the module comment), and if not, why.
pub fn check(ip: IpAddr) -> Result<(), NotGlobal> {
    match ip {
        IpAddr::V4(v4) => check_v4(v4),
        IpAddr::V6(v6) => check_v6(v6),
    }
}

/// Whether `ip` is on the public internet (for the tests and the fuzz targets' checks; the
/// server itself asks [`check`], which says why not).
#[cfg(any(test, feature = "test-support"))]
pub fn is_global(ip: IpAddr) -> bool {
    check(ip).is_ok()
}

/// The most specific row that holds `ip`.
pub fn row_of(ip: IpAddr) -> Option<&'static Row> {
    ROWS.iter()
        .filter(|row| row.block.contains(ip))
        .max_by_key(|row| row.block.prefix_len())
}

fn check_v4(ip: Ipv4Addr) -> Result<(), NotGlobal> {
    match row_of(IpAddr::V4(ip)) {
        Some(row) if row.reachable != Reachable::True => Err(NotGlobal::InBlock {
            address: IpAddr::V4(ip),
            row,
        }),
        _ => Ok(()),
    }
}

fn check_v6(ip: Ipv6Addr) -> Result<(), NotGlobal> {
    for form in &FORMS {
        if let Some(carried) = form.carried(ip)
            && let Err(NotGlobal::InBlock { row, .. }) = check_v4(carried)
        {
            return Err(NotGlobal::Carries {
                address: ip,
                form,
                carried,
                row,
            });
        }
    }
    match row_of(IpAddr::V6(ip)) {
        Some(row) if row.reachable == Reachable::True => Ok(()),
        Some(row) => Err(NotGlobal::InBlock {
            address: IpAddr::V6(ip),
            row,
        }),
        None if GLOBAL_UNICAST.contains(IpAddr::V6(ip)) => Ok(()),
        None => Err(NotGlobal::OutsideGlobalUnicast { address: ip }),
    }
}

#[cfg(test)]
mod tests;

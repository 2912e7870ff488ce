//! Trusted proxies (`--trusted-proxy ADDR|CIDR`, repeatable), and who a connection is from.
//!
//! Behind a reverse proxy every connection comes from the proxy's address. From a trusted
//! proxy's address only, the client's address is taken from the request's `Forwarded` header
//! (RFC 7239), or else from `X-Forwarded-For`: the nearest address in the chain that is not
//! itself a trusted proxy. It is the address the log shows and the per-address limits count.
//! The same headers from anyone else are ignored, so a client cannot choose its own address.

use std::fmt;
use std::net::{IpAddr, SocketAddr};
use std::str::FromStr;

use thiserror::Error;

/// An address or a range of addresses (`127.0.0.1`, `10.0.0.0/8`, `::1`, `fd00::/8`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AddressRange {
    base: IpAddr,
    prefix: u8,
}

/// A `--trusted-proxy` value that is not an address or a range.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("'{0}' is not an address or a range (like 127.0.0.1, 10.0.0.0/8, ::1 or fd00::/8)")]
pub struct BadRange(pub String);

impl FromStr for AddressRange {
    type Err = BadRange;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = || BadRange(s.to_owned());
        let (addr, prefix) = match s.trim().split_once('/') {
            Some((a, p)) => (a, Some(p)),
            None => (s.trim(), None),
        };
        let base: IpAddr = addr.parse().map_err(|_| bad())?;
        let bits = if base.is_ipv4() { 32 } else { 128 };
        let prefix = match prefix {
            Some(p) => p
                .parse::<u8>()
                .ok()
                .filter(|p| *p <= bits)
                .ok_or_else(bad)?,
            None => bits,
        };
        Ok(AddressRange { base, prefix })
    }
}

impl AddressRange {
    /// Whether `ip` is in the range (an IPv4 address seen as `::ffff:a.b.c.d` counts as IPv4).
    pub fn contains(&self, ip: IpAddr) -> bool {
        let ip = canonical(ip);
        let (a, b, bits) = match (self.base, ip) {
            (IpAddr::V4(a), IpAddr::V4(b)) => {
                (u128::from(a.to_bits()), u128::from(b.to_bits()), 32)
            }
            (IpAddr::V6(a), IpAddr::V6(b)) => (a.to_bits(), b.to_bits(), 128),
            _ => return false,
        };
        let shift = bits - u32::from(self.prefix);
        shift >= bits || (a >> shift) == (b >> shift)
    }
}

/// `ip`, with an IPv4 address written as IPv6 (`::ffff:a.b.c.d`) as the IPv4 address it is.
pub fn canonical(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(ip, IpAddr::V4),
        v4 => v4,
    }
}

/// The trusted proxies.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TrustedProxies {
    ranges: Vec<AddressRange>,
}

impl TrustedProxies {
    pub fn new(ranges: Vec<AddressRange>) -> TrustedProxies {
        TrustedProxies { ranges }
    }

    /// Whether `ip` is a trusted proxy.
    pub fn trusts(&self, ip: IpAddr) -> bool {
        self.ranges.iter().any(|r| r.contains(ip))
    }

    /// Who a request that came from `peer` with these headers (name, value) is from.
    pub fn peer<'a>(
        &self,
        peer: SocketAddr,
        headers: impl Iterator<Item = (&'a str, &'a [u8])> + Clone,
    ) -> Peer {
        let direct = Peer {
            client: peer.ip(),
            from: peer,
        };
        if !self.trusts(peer.ip()) {
            return direct;
        }
        let values = |name: &str| -> Vec<String> {
            headers
                .clone()
                .filter(|(n, _)| n.eq_ignore_ascii_case(name))
                .filter_map(|(_, v)| std::str::from_utf8(v).ok())
                .map(str::to_owned)
                .collect()
        };
        let forwarded = values("forwarded");
        let chain: Vec<Option<IpAddr>> = if forwarded.is_empty() {
            values("x-forwarded-for")
                .iter()
                .flat_map(|v| v.split(','))
                .map(parse_address)
                .collect()
        } else {
            forwarded
                .iter()
                .flat_map(|v| v.split(','))
                .map(|element| {
                    element
                        .split(';')
                        .filter_map(|pair| pair.trim().split_once('='))
                        .find(|(k, _)| k.trim().eq_ignore_ascii_case("for"))
                        .and_then(|(_, v)| parse_address(v))
                })
                .collect()
        };
        // From the nearest hop back: the first that is not a trusted proxy is the client. An
        // entry that is not an address (`unknown`, an obfuscated name) ends the walk there.
        for hop in chain.iter().rev() {
            match hop {
                Some(ip) if self.trusts(*ip) => continue,
                Some(ip) => {
                    return Peer {
                        client: *ip,
                        from: peer,
                    };
                }
                None => break,
            }
        }
        direct
    }
}

/// An address in a forwarding header: `192.0.2.7`, `192.0.2.7:4711`, `"[2001:db8::1]:4711"`,
/// `2001:db8::1`; `None` for anything else.
fn parse_address(text: &str) -> Option<IpAddr> {
    let text = text.trim().trim_matches('"');
    if let Ok(ip) = text.parse::<IpAddr>() {
        return Some(ip);
    }
    if let Ok(sock) = text.parse::<SocketAddr>() {
        return Some(sock.ip());
    }
    let inner = text.strip_prefix('[')?.split(']').next()?;
    inner.parse().ok()
}

/// Who a connection is from: the client's address, and the address it came from (the proxy's,
/// when a trusted proxy forwarded it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Peer {
    /// The address the per-address limits count.
    pub client: IpAddr,
    /// The connection's own remote address.
    pub from: SocketAddr,
}

impl Peer {
    /// The client's address as the per-address limits of lasting things (correspondence seeks
    /// and invitations) count it: an IPv4 address as it is (also inside IPv6), an IPv6 address
    /// by its /64 prefix, which one household or one rented machine is given whole.
    pub fn group(&self) -> String {
        address_group(self.client)
    }
}

/// See [`Peer::group`].
pub fn address_group(ip: IpAddr) -> String {
    match ip {
        IpAddr::V4(v4) => v4.to_string(),
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => v4.to_string(),
            None => {
                let s = v6.segments();
                let prefix = std::net::Ipv6Addr::new(s[0], s[1], s[2], s[3], 0, 0, 0, 0);
                format!("{prefix}/64")
            }
        },
    }
}

impl fmt::Display for Peer {
    /// `203.0.113.7 (via 127.0.0.1:51234)` through a proxy, `198.51.100.2:40022` direct.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.client == self.from.ip() {
            write!(f, "{}", self.from)
        } else {
            write!(f, "{} (via {})", self.client, self.from)
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)] // a test: a failure should fail loudly

    use super::*;

    fn proxies(list: &[&str]) -> TrustedProxies {
        TrustedProxies::new(list.iter().map(|s| s.parse().unwrap()).collect())
    }

    fn from(p: &TrustedProxies, peer: &str, headers: &[(&str, &str)]) -> Peer {
        let headers: Vec<(&str, &[u8])> = headers.iter().map(|(n, v)| (*n, v.as_bytes())).collect();
        p.peer(peer.parse().unwrap(), headers.iter().copied())
    }

    #[test]
    fn an_ipv6_client_counts_by_its_64_and_an_ipv4_one_by_its_address() {
        let group = |a: &str| address_group(a.parse().unwrap());
        assert_eq!(group("203.0.113.7"), "203.0.113.7");
        assert_eq!(group("::ffff:203.0.113.7"), "203.0.113.7");
        assert_eq!(group("2001:db8:1:2:3:4:5:6"), "2001:db8:1:2::/64");
        assert_eq!(group("2001:db8:1:2:ffff::1"), group("2001:db8:1:2::9"));
        assert_ne!(group("2001:db8:1:2::1"), group("2001:db8:1:3::1"));
    }

    #[test]
    fn ranges_read_and_contain_what_they_say() {
        let lan: AddressRange = "10.0.0.0/8".parse().unwrap();
        assert!(lan.contains("10.200.3.4".parse().unwrap()));
        assert!(!lan.contains("11.0.0.1".parse().unwrap()));
        assert!(lan.contains("::ffff:10.1.2.3".parse().unwrap()));
        let one: AddressRange = "::1".parse().unwrap();
        assert!(one.contains("::1".parse().unwrap()));
        assert!(!one.contains("::2".parse().unwrap()));
        let all: AddressRange = "0.0.0.0/0".parse().unwrap();
        assert!(all.contains("203.0.113.9".parse().unwrap()));
        for bad in ["", "10.0.0.0/33", "localhost", "10.0.0.0/x", "::1/129"] {
            assert_eq!(
                bad.parse::<AddressRange>(),
                Err(BadRange(bad.to_owned())),
                "{bad}"
            );
        }
    }

    #[test]
    fn a_trusted_proxys_headers_name_the_client_and_anyone_elses_are_ignored() {
        let p = proxies(&["127.0.0.1", "10.0.0.0/8"]);
        let xff = [("X-Forwarded-For", "203.0.113.7")];
        let via = from(&p, "127.0.0.1:5000", &xff);
        assert_eq!(via.client, "203.0.113.7".parse::<IpAddr>().unwrap());
        assert_eq!(via.to_string(), "203.0.113.7 (via 127.0.0.1:5000)");
        // The same header from a stranger names the stranger.
        let direct = from(&p, "198.51.100.2:4000", &xff);
        assert_eq!(direct.client, "198.51.100.2".parse::<IpAddr>().unwrap());
        assert_eq!(direct.to_string(), "198.51.100.2:4000");
        // A chain: a client's made-up entry first, then the real client, then an inner proxy.
        let chain = [("x-forwarded-for", "1.2.3.4, 203.0.113.7, 10.0.0.5")];
        assert_eq!(
            from(&p, "127.0.0.1:5000", &chain).client,
            "203.0.113.7".parse::<IpAddr>().unwrap()
        );
        // No header from the proxy: the proxy itself.
        assert_eq!(
            from(&p, "127.0.0.1:5000", &[]).client,
            "127.0.0.1".parse::<IpAddr>().unwrap()
        );
    }

    #[test]
    fn forwarded_is_read_before_x_forwarded_for_in_its_forms() {
        let p = proxies(&["127.0.0.1"]);
        let both = [
            ("X-Forwarded-For", "198.51.100.9"),
            (
                "Forwarded",
                "for=\"[2001:db8::7]:4711\";proto=https, for=127.0.0.1",
            ),
        ];
        assert_eq!(
            from(&p, "127.0.0.1:5000", &both).client,
            "2001:db8::7".parse::<IpAddr>().unwrap()
        );
        let port = [("forwarded", "For=192.0.2.60:8080")];
        assert_eq!(
            from(&p, "127.0.0.1:5000", &port).client,
            "192.0.2.60".parse::<IpAddr>().unwrap()
        );
        // An obfuscated or unknown hop: the proxy is all that is known.
        let unknown = [("Forwarded", "for=unknown")];
        assert_eq!(
            from(&p, "127.0.0.1:5000", &unknown).client,
            "127.0.0.1".parse::<IpAddr>().unwrap()
        );
    }
}

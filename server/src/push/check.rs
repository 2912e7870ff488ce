//! What a browser sends to subscribe to Web Push, fed arbitrary endpoints and keys, for the
//! `push_subscriptions` fuzz target and its proptests (feature `test-support`).
//!
//! An [`Input`] is an endpoint built with structure (a scheme, a host: names of labels, IPv4
//! and IPv6 addresses public or not, an IPv4 address in each IPv6 form that carries one,
//! special IPv6 addresses, the tests' receiver; a port, a path, a query) or any text, and two
//! keys (a browser's real ones, bytes in base64url with or without padding, or any text).
//! [`check`] gives them to [`EndpointPolicy::check`] and panics unless:
//! - nothing panics;
//! - what is accepted is valid: an `https` endpoint of at most [`MAX_ENDPOINT_BYTES`] bytes on
//!   a host that is neither named locally nor an address that [`address::is_global`] (the
//!   IANA registries' "globally reachable", every IPv4 address carried inside IPv6 included)
//!   refuses (or an endpoint under the tests' own receiver, when one is set), a P-256 point
//!   of 65 bytes and a 16-byte secret; an IPv6 host built to carry an IPv4 address carries a
//!   global one;
//! - what is accepted can be posted to: its request target, its `Host` header and (for https)
//!   its TLS server name are made from it as the sender makes them;
//! - what is accepted round-trips: the subscription as the server keeps it (the endpoint as
//!   sent, the keys without padding) is accepted again as the same subscription, and so are
//!   the keys encoded again.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

use arbitrary::Arbitrary;
use base64::Engine as _;
use base64::engine::general_purpose::{URL_SAFE, URL_SAFE_NO_PAD};
use tokio_rustls::rustls::pki_types::ServerName;

use super::address;
use super::endpoint::{EndpointPolicy, MAX_ENDPOINT_BYTES};

/// A browser's keys (from the endpoint tests).
const P256DH: &str =
    "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM";
const AUTH: &str = "tBHItJI5svbpez7KI4CCXg";
/// The tests' receiver, when [`Input::test_receiver`] is set.
const RECEIVER: &str = "http://127.0.0.1:9999";
/// Hosts push services use, and hosts of this machine or its network.
const NAMES: [&str; 8] = [
    "fcm.googleapis.com",
    "updates.push.services.mozilla.com",
    "web.push.apple.com",
    "localhost",
    "printer.local",
    "intranet",
    "metadata.internal",
    "a.localhost",
];
/// IPv6 addresses of the registries' rows (most not on the public internet, a few that are),
/// and those an outside attacker found passing an earlier check.
const SPECIAL_V6: [&str; 20] = [
    "::127.0.0.1",
    "2002:7f00:1::1",
    "::ffff:0:7f00:1",
    "fec0::1",
    "100::1",
    "2001::7f00:1",
    "100:0:0:1::1",
    "64:ff9b:1::a00:1",
    "2001:2::1",
    "2001:10::1",
    "2001:db8::1",
    "3fff::1",
    "5f00::1",
    "ff02::1",
    "4000::1",
    "2001:1::1",
    "2001:3::1",
    "2001:20::1",
    "2620:4f:8000::1",
    "64:ff9b::808:808",
];

/// One subscription as a browser (or anyone) sends it.
#[derive(Clone, Debug, PartialEq, Eq, Arbitrary)]
pub struct Input {
    pub endpoint: Endpoint,
    pub p256dh: Key,
    pub auth: Key,
    /// Whether the server was started with the tests' receiver.
    pub test_receiver: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Arbitrary)]
pub enum Endpoint {
    Url {
        scheme: Scheme,
        host: Host,
        port: Option<u16>,
        path: Vec<String>,
        query: Option<String>,
    },
    /// Under the tests' receiver.
    Receiver(String),
    Text(String),
}

#[derive(Clone, Debug, PartialEq, Eq, Arbitrary)]
pub enum Scheme {
    Https,
    Http,
    Other(String),
}

#[derive(Clone, Debug, PartialEq, Eq, Arbitrary)]
pub enum Host {
    Known(u8),
    /// Labels joined by dots.
    Labels(Vec<String>),
    V4([u8; 4]),
    V6([u16; 8]),
    /// An IPv4 address inside IPv6, in one of the forms that carry one.
    Carried(Carrier, [u8; 4]),
    Text(String),
    /// One of [`SPECIAL_V6`].
    SpecialV6(u8),
}

/// The IPv6 forms that carry an IPv4 address.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Arbitrary)]
pub enum Carrier {
    /// `::ffff:a.b.c.d`
    Mapped,
    /// `::a.b.c.d` (deprecated)
    Compatible,
    /// `::ffff:0:a.b.c.d`
    Translated,
    /// `2002:AABB:CCDD::1`
    SixToFour,
    /// `2001:0:AABB:CCDD::` with a public client
    TeredoServer,
    /// `2001:0:808:808::` with the client inverted in the last 32 bits
    TeredoClient,
    /// `64:ff9b::a.b.c.d`
    Nat64,
    /// `64:ff9b:1::a.b.c.d`
    Nat64LocalUse,
}

impl Carrier {
    /// `v4` in this form.
    fn carry(self, v4: Ipv4Addr) -> Ipv6Addr {
        let v4 = u128::from(u32::from(v4));
        let bits = match self {
            Carrier::Mapped => 0xffff_0000_0000 | v4,
            Carrier::Compatible => v4,
            Carrier::Translated => 0xffff_0000_0000_0000 | v4,
            Carrier::SixToFour => (0x2002 << 112) | (v4 << 80) | 1,
            Carrier::TeredoServer => (0x2001_0000 << 96) | (v4 << 64) | 0xf7f7_f7f7,
            Carrier::TeredoClient => (0x2001_0000_0808_0808 << 64) | (v4 ^ 0xffff_ffff),
            Carrier::Nat64 => (0x0064_ff9b << 96) | v4,
            Carrier::Nat64LocalUse => (0x0064_ff9b_0001 << 80) | v4,
        };
        Ipv6Addr::from(bits)
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Arbitrary)]
pub enum Key {
    /// The browser's own key (for the p256dh) or secret (for the auth), padded or not.
    Real(bool),
    /// Bytes in base64url, padded or not.
    Bytes(Vec<u8>, bool),
    Text(String),
}

impl Endpoint {
    fn text(&self) -> String {
        match self {
            Endpoint::Url {
                scheme,
                host,
                port,
                path,
                query,
            } => {
                let scheme = match scheme {
                    Scheme::Https => "https".to_owned(),
                    Scheme::Http => "http".to_owned(),
                    Scheme::Other(s) => s.clone(),
                };
                let host = match host {
                    Host::Known(i) => NAMES[usize::from(*i) % NAMES.len()].to_owned(),
                    Host::Labels(labels) => labels
                        .iter()
                        .take(6)
                        .map(|l| l.chars().take(20).collect::<String>())
                        .collect::<Vec<_>>()
                        .join("."),
                    Host::V4(octets) => Ipv4Addr::from(*octets).to_string(),
                    Host::V6(segments) => format!("[{}]", Ipv6Addr::from(*segments)),
                    Host::Carried(carrier, octets) => {
                        format!("[{}]", carrier.carry(Ipv4Addr::from(*octets)))
                    }
                    Host::Text(t) => t.clone(),
                    Host::SpecialV6(i) => {
                        format!("[{}]", SPECIAL_V6[usize::from(*i) % SPECIAL_V6.len()])
                    }
                };
                let port = port.map(|p| format!(":{p}")).unwrap_or_default();
                let path: String = path.iter().take(6).map(|p| format!("/{p}")).collect();
                let query = query.as_ref().map(|q| format!("?{q}")).unwrap_or_default();
                format!("{scheme}://{host}{port}{path}{query}")
            }
            Endpoint::Receiver(rest) => format!("{RECEIVER}/{rest}"),
            Endpoint::Text(t) => t.clone(),
        }
    }
}

impl Key {
    fn text(&self, real: &str) -> String {
        let pad = |s: String, padded: bool| {
            if padded {
                URL_SAFE.encode(URL_SAFE_NO_PAD.decode(&s).unwrap_or_default())
            } else {
                s
            }
        };
        match self {
            Key::Real(padded) => pad(real.to_owned(), *padded),
            Key::Bytes(bytes, true) => URL_SAFE.encode(bytes),
            Key::Bytes(bytes, false) => URL_SAFE_NO_PAD.encode(bytes),
            Key::Text(t) => t.clone(),
        }
    }
}

/// The properties of one subscription (see the module comment); whether it was accepted.
pub fn check(input: &Input) -> bool {
    let policy = EndpointPolicy {
        test_receiver: input.test_receiver.then(|| RECEIVER.to_owned()),
    };
    let endpoint = input.endpoint.text();
    let p256dh = input.p256dh.text(P256DH);
    let auth = input.auth.text(AUTH);
    let Ok(checked) = policy.check(&endpoint, &p256dh, &auth) else {
        return false;
    };
    assert!(
        endpoint.len() <= MAX_ENDPOINT_BYTES,
        "{endpoint} is too long"
    );
    assert_eq!(checked.p256dh.len(), 65, "a P-256 point has 65 bytes");
    assert!(
        web_push_native::p256::PublicKey::from_sec1_bytes(&checked.p256dh).is_ok(),
        "the key is a point of the curve"
    );
    assert_eq!(checked.auth.len(), 16, "the secret has 16 bytes");
    let uri = &checked.endpoint;
    let Some(host) = uri.host() else {
        panic!("{endpoint} was accepted without a host");
    };
    let bare = host.trim_start_matches('[').trim_end_matches(']');
    let https = uri.scheme_str() == Some("https");
    if !policy.is_test_receiver(&endpoint) {
        assert!(https, "{endpoint} was accepted, not https");
        if let Ok(ip) = bare.parse::<IpAddr>() {
            assert!(
                address::is_global(ip),
                "{endpoint} was accepted on an address outside the public internet: {:?}",
                address::check(ip)
            );
        } else {
            let lower = bare.to_ascii_lowercase();
            assert!(
                lower.contains('.') && lower != "localhost" && !lower.ends_with(".localhost"),
                "{endpoint} was accepted on a local name"
            );
        }
    }
    if let Endpoint::Url {
        host: Host::Carried(carrier, octets),
        ..
    } = &input.endpoint
    {
        let carried = Ipv4Addr::from(*octets);
        assert!(
            address::is_global(IpAddr::V4(carried)),
            "{endpoint} was accepted, carrying {carried} ({carrier:?})"
        );
    }
    // As the sender posts it.
    let target = super::send::request_target(uri);
    assert!(
        target.parse::<http::Uri>().is_ok(),
        "the request target of {endpoint}: {target}"
    );
    let authority = uri.authority().map_or(host, |a| a.as_str());
    assert!(
        http::HeaderValue::from_str(authority).is_ok(),
        "the Host header of {endpoint}"
    );
    if https {
        assert!(
            ServerName::try_from(bare).is_ok(),
            "{endpoint} was accepted, but {bare} is no TLS server name"
        );
    }
    // As the server keeps it, and the keys encoded again.
    let kept = (
        endpoint.clone(),
        p256dh.trim_end_matches('=').to_owned(),
        auth.trim_end_matches('=').to_owned(),
    );
    assert_eq!(
        policy.check(&kept.0, &kept.1, &kept.2).as_ref(),
        Ok(&checked),
        "the kept subscription is accepted again as itself"
    );
    let again = policy.check(
        &endpoint,
        &URL_SAFE_NO_PAD.encode(&checked.p256dh),
        &URL_SAFE_NO_PAD.encode(&checked.auth),
    );
    assert_eq!(again.as_ref(), Ok(&checked), "the keys encoded again");
    true
}

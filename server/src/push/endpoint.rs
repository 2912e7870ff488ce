//! Checks of what a browser sends to subscribe, which is outside input: the push service's
//! endpoint must be an `https` address of a public host (never loopback, private, link-local
//! or the like, so that the server cannot be made to post into its own network), and the keys
//! must be a browser's (a P-256 point and a 16-byte secret). The host's addresses are checked
//! again when a notification is sent ([`public_addresses`]), so a name that later resolves
//! into a private network is refused then.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};

use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use http::Uri;
use tokio_rustls::rustls::pki_types::ServerName;

/// The longest endpoint accepted, in bytes (push services' are under 500).
pub const MAX_ENDPOINT_BYTES: usize = 1024;
/// The longest key accepted, in base64url characters (a P-256 point is 87).
pub const MAX_KEY_CHARS: usize = 100;

/// Why a subscription was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BadSubscription {
    #[error("the endpoint is longer than {MAX_ENDPOINT_BYTES} bytes")]
    TooLong,
    #[error("the endpoint is not an address: {0}")]
    NotAnAddress(String),
    #[error("the endpoint must be an https address")]
    NotHttps,
    #[error("the endpoint's host {0} is not on the public internet")]
    NotPublic(String),
    #[error("the p256dh key is not a P-256 public key in base64url")]
    BadPublicKey,
    #[error("the auth secret is not 16 bytes in base64url")]
    BadAuth,
}

/// An endpoint and keys that passed the checks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckedSubscription {
    pub endpoint: Uri,
    pub p256dh: Vec<u8>,
    pub auth: Vec<u8>,
}

/// Which endpoints are accepted: https on public hosts, and (for tests only) one origin that
/// may be plain http on this machine.
#[derive(Clone, Debug, Default)]
pub struct EndpointPolicy {
    /// `http://127.0.0.1:PORT`: endpoints under it are accepted (tests' own receiver).
    pub test_receiver: Option<String>,
}

impl EndpointPolicy {
    /// Checks an endpoint and the browser's keys.
    pub fn check(
        &self,
        endpoint: &str,
        p256dh: &str,
        auth: &str,
    ) -> Result<CheckedSubscription, BadSubscription> {
        let endpoint = self.check_endpoint(endpoint)?;
        let p256dh = decode(p256dh).ok_or(BadSubscription::BadPublicKey)?;
        if web_push_native::p256::PublicKey::from_sec1_bytes(&p256dh).is_err() || p256dh.len() != 65
        {
            return Err(BadSubscription::BadPublicKey);
        }
        let auth = decode(auth)
            .filter(|a| a.len() == 16)
            .ok_or(BadSubscription::BadAuth)?;
        Ok(CheckedSubscription {
            endpoint,
            p256dh,
            auth,
        })
    }

    /// Checks an endpoint's form and host (not yet its addresses).
    pub fn check_endpoint(&self, endpoint: &str) -> Result<Uri, BadSubscription> {
        if endpoint.len() > MAX_ENDPOINT_BYTES {
            return Err(BadSubscription::TooLong);
        }
        let uri: Uri = endpoint
            .parse()
            .map_err(|e: http::uri::InvalidUri| BadSubscription::NotAnAddress(e.to_string()))?;
        if self.is_test_receiver(endpoint) {
            return Ok(uri);
        }
        if uri.scheme_str() != Some("https") {
            return Err(BadSubscription::NotHttps);
        }
        let host = uri
            .host()
            .ok_or_else(|| BadSubscription::NotAnAddress("no host".into()))?;
        let bare = host.trim_start_matches('[').trim_end_matches(']');
        let named_locally = {
            let lower = bare.to_ascii_lowercase();
            lower == "localhost"
                || lower.ends_with(".localhost")
                || lower.ends_with(".local")
                || lower.ends_with(".internal")
                || !lower.contains('.') && bare.parse::<IpAddr>().is_err()
        };
        if named_locally {
            return Err(BadSubscription::NotPublic(host.to_owned()));
        }
        if let Ok(ip) = bare.parse::<IpAddr>()
            && !is_public(ip)
        {
            return Err(BadSubscription::NotPublic(host.to_owned()));
        }
        // The name TLS is asked for when sending: one that is no host name (`..`, `a..b`)
        // could never be posted to.
        if ServerName::try_from(bare).is_err() {
            return Err(BadSubscription::NotAnAddress(format!(
                "{host} is not a host name"
            )));
        }
        Ok(uri)
    }

    /// Whether `endpoint` is under the tests' receiver.
    pub fn is_test_receiver(&self, endpoint: &str) -> bool {
        self.test_receiver
            .as_deref()
            .is_some_and(|origin| endpoint.starts_with(&format!("{origin}/")))
    }
}

fn decode(text: &str) -> Option<Vec<u8>> {
    if text.len() > MAX_KEY_CHARS {
        return None;
    }
    URL_SAFE_NO_PAD.decode(text.trim_end_matches('=')).ok()
}

/// Whether an address is on the public internet: not loopback, private, link-local, shared
/// (carrier NAT), unspecified, multicast, broadcast, documentation or reserved, in IPv4 or
/// IPv6 (an IPv4 address inside IPv6 is judged as IPv4).
pub fn is_public(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => is_public_v4(v4),
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => is_public_v4(v4),
            None => is_public_v6(v6),
        },
    }
}

fn is_public_v4(ip: Ipv4Addr) -> bool {
    let [a, b, c, _] = ip.octets();
    !(ip.is_loopback()
        || ip.is_private()
        || ip.is_link_local()
        || ip.is_unspecified()
        || ip.is_multicast()
        || ip.is_broadcast()
        || ip.is_documentation()
        || a == 0
        || (a == 100 && (64..128).contains(&b))
        || (a == 192 && b == 0 && c == 0)
        || (a == 198 && (18..20).contains(&b))
        || a >= 240)
}

fn is_public_v6(ip: Ipv6Addr) -> bool {
    let first = ip.segments()[0];
    !(ip.is_loopback()
        || ip.is_unspecified()
        || ip.is_multicast()
        || (first & 0xfe00) == 0xfc00 // unique local
        || (first & 0xffc0) == 0xfe80 // link-local
        || first == 0x2001 && ip.segments()[1] == 0x0db8 // documentation
        || first == 0x0064 && ip.segments()[1] == 0xff9b) // NAT64
}

/// The public addresses of `host:port`, resolved now; an error when it has none, or any that
/// is not public (a name that points into a private network is refused as a whole).
pub async fn public_addresses(host: &str, port: u16) -> Result<Vec<SocketAddr>, String> {
    let bare = host.trim_start_matches('[').trim_end_matches(']');
    let found: Vec<SocketAddr> = tokio::net::lookup_host((bare, port))
        .await
        .map_err(|e| format!("{host}: {e}"))?
        .collect();
    if found.is_empty() {
        return Err(format!("{host} has no address"));
    }
    if let Some(private) = found.iter().find(|a| !is_public(a.ip())) {
        return Err(format!(
            "{host} resolves to {}, not a public address",
            private.ip()
        ));
    }
    Ok(found)
}

#[cfg(test)]
mod tests {
    use super::*;

    const P256DH: &str =
        "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM";
    const AUTH: &str = "tBHItJI5svbpez7KI4CCXg";

    fn check(endpoint: &str) -> Result<CheckedSubscription, BadSubscription> {
        EndpointPolicy::default().check(endpoint, P256DH, AUTH)
    }

    #[test]
    fn a_push_services_endpoint_and_a_browsers_keys_pass() {
        for endpoint in [
            "https://fcm.googleapis.com/fcm/send/dY3h0R4nQ1k:APA91bF2",
            "https://updates.push.services.mozilla.com/wpush/v2/gAAAAABk",
            "https://web.push.apple.com/QGuQyavXutnMOm5BZw",
            "https://8.8.8.8/push",
            "https://[2606:4700::1111]/push",
        ] {
            let ok = check(endpoint).unwrap_or_else(|e| panic!("{endpoint}: {e}"));
            assert_eq!((ok.p256dh.len(), ok.auth.len()), (65, 16));
        }
    }

    #[test]
    fn endpoints_into_private_networks_or_over_plain_http_are_refused_with_the_reason() {
        let refused = [
            (
                "http://fcm.googleapis.com/fcm/send/x",
                BadSubscription::NotHttps,
            ),
            (
                "https://127.0.0.1/x",
                BadSubscription::NotPublic("127.0.0.1".into()),
            ),
            (
                "https://10.1.2.3/x",
                BadSubscription::NotPublic("10.1.2.3".into()),
            ),
            (
                "https://192.168.0.7:8443/x",
                BadSubscription::NotPublic("192.168.0.7".into()),
            ),
            (
                "https://169.254.169.254/latest",
                BadSubscription::NotPublic("169.254.169.254".into()),
            ),
            (
                "https://100.64.0.1/x",
                BadSubscription::NotPublic("100.64.0.1".into()),
            ),
            (
                "https://0.0.0.0/x",
                BadSubscription::NotPublic("0.0.0.0".into()),
            ),
            (
                "https://[::1]/x",
                BadSubscription::NotPublic("[::1]".into()),
            ),
            (
                "https://[fe80::1]/x",
                BadSubscription::NotPublic("[fe80::1]".into()),
            ),
            (
                "https://[fd00::1]/x",
                BadSubscription::NotPublic("[fd00::1]".into()),
            ),
            (
                "https://[::ffff:10.0.0.1]/x",
                BadSubscription::NotPublic("[::ffff:10.0.0.1]".into()),
            ),
            (
                "https://localhost/x",
                BadSubscription::NotPublic("localhost".into()),
            ),
            (
                "https://printer.local/x",
                BadSubscription::NotPublic("printer.local".into()),
            ),
            (
                "https://intranet/x",
                BadSubscription::NotPublic("intranet".into()),
            ),
        ];
        for (endpoint, why) in refused {
            assert_eq!(check(endpoint), Err(why), "{endpoint}");
        }
        let long = format!(
            "https://fcm.googleapis.com/{}",
            "a".repeat(MAX_ENDPOINT_BYTES)
        );
        assert_eq!(check(&long), Err(BadSubscription::TooLong));
        assert!(matches!(
            check("not an address at all"),
            Err(BadSubscription::NotAnAddress(_))
        ));
    }

    /// A host that is no host name is refused: `https://..` was accepted, and then no
    /// notification could reach it, since TLS needs a server name (what the
    /// `push_subscriptions` fuzz target found, `fuzz/regressions/push_subscriptions-dots-host`).
    #[test]
    fn a_host_that_is_no_host_name_is_refused() {
        for endpoint in ["https://../x", "https://a..b/x", "https://.../x"] {
            assert!(
                matches!(check(endpoint), Err(BadSubscription::NotAnAddress(_))),
                "{endpoint}: {:?}",
                check(endpoint)
            );
        }
        assert!(
            check("https://push.example.com./x").is_ok(),
            "a fully qualified name"
        );
    }

    #[test]
    fn keys_that_are_not_a_browsers_are_refused() {
        let policy = EndpointPolicy::default();
        let endpoint = "https://fcm.googleapis.com/fcm/send/x";
        let long = "A".repeat(MAX_KEY_CHARS + 1);
        for bad in ["", "not base64 !", "BNcRdreALRFXTkOOUHK1", long.as_str()] {
            assert_eq!(
                policy.check(endpoint, bad, AUTH),
                Err(BadSubscription::BadPublicKey),
                "{bad}"
            );
        }
        // 65 bytes that are not a point of the curve.
        let off_curve = URL_SAFE_NO_PAD.encode([4u8; 65]);
        assert_eq!(
            policy.check(endpoint, &off_curve, AUTH),
            Err(BadSubscription::BadPublicKey)
        );
        for bad in ["", "tBHItJI5svbpez7KI4CC", &"A".repeat(200)] {
            assert_eq!(
                policy.check(endpoint, P256DH, bad),
                Err(BadSubscription::BadAuth)
            );
        }
    }

    #[test]
    fn only_the_tests_own_receiver_may_be_plain_http_on_this_machine() {
        let policy = EndpointPolicy {
            test_receiver: Some("http://127.0.0.1:9999".into()),
        };
        assert!(
            policy
                .check("http://127.0.0.1:9999/sub/1", P256DH, AUTH)
                .is_ok()
        );
        for other in [
            "http://127.0.0.1:9998/sub/1",
            "http://127.0.0.1:99999/x",
            "https://127.0.0.1/x",
        ] {
            assert!(policy.check(other, P256DH, AUTH).is_err(), "{other}");
        }
    }

    #[tokio::test]
    async fn a_name_that_resolves_to_this_machine_is_refused_when_sending() {
        let refused = public_addresses("localhost", 443).await.unwrap_err();
        assert!(refused.contains("not a public address"), "{refused}");
        assert!(public_addresses("127.0.0.1", 443).await.is_err());
    }
}

//! Checks of what a browser sends to subscribe, which is outside input: the push service's
//! endpoint must be an `https` address of a public host (a name not of this machine or its
//! network, or an address on the public internet as [`address`] judges it, so that the server
//! cannot be made to post into its own network), and the keys must be a browser's (a P-256
//! point and a 16-byte secret). A name's addresses are checked when a notification is sent
//! ([`public_addresses`]), so a name that resolves into a private network is refused then.

use std::net::{IpAddr, SocketAddr};

use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use http::Uri;
use tokio_rustls::rustls::pki_types::ServerName;

use super::address::{self, NotGlobal};

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
    #[error("the endpoint's host is not on the public internet: {0}")]
    NotGlobal(NotGlobal),
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
        if let Ok(ip) = bare.parse::<IpAddr>() {
            address::check(ip).map_err(BadSubscription::NotGlobal)?;
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

/// Why a push endpoint's host cannot be posted to now.
#[derive(Debug, thiserror::Error)]
pub enum Unreachable {
    #[error("{host}: {error}")]
    Lookup { host: String, error: std::io::Error },
    #[error("{host} has no address")]
    NoAddress { host: String },
    #[error("{host} resolves to an address not on the public internet: {why}")]
    NotGlobal { host: String, why: NotGlobal },
}

/// The addresses of `host:port`, resolved now (once: connect to these, never to the name),
/// each checked; an error when it has none, or any that is not on the public internet (a
/// name that points into a private network is refused as a whole).
pub async fn public_addresses(host: &str, port: u16) -> Result<Vec<SocketAddr>, Unreachable> {
    let bare = host.trim_start_matches('[').trim_end_matches(']');
    let found: Vec<SocketAddr> = tokio::net::lookup_host((bare, port))
        .await
        .map_err(|error| Unreachable::Lookup {
            host: host.to_owned(),
            error,
        })?
        .collect();
    if found.is_empty() {
        return Err(Unreachable::NoAddress {
            host: host.to_owned(),
        });
    }
    for address in &found {
        address::check(address.ip()).map_err(|why| Unreachable::NotGlobal {
            host: host.to_owned(),
            why,
        })?;
    }
    Ok(found)
}

/// The host of a kept endpoint, for the log: the rest of an endpoint (its path) is the
/// subscription's secret with the push service.
pub fn host_of(endpoint: &str) -> String {
    endpoint
        .parse::<Uri>()
        .ok()
        .and_then(|uri| uri.host().map(str::to_owned))
        .unwrap_or_else(|| "an endpoint that is no address".to_owned())
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
        for endpoint in [
            "https://127.0.0.1/x",
            "https://10.1.2.3/x",
            "https://192.168.0.7:8443/x",
            "https://169.254.169.254/latest",
            "https://100.64.0.1/x",
            "https://0.0.0.0/x",
            "https://[::1]/x",
            "https://[fe80::1]/x",
            "https://[fd00::1]/x",
            "https://[::ffff:10.0.0.1]/x",
        ] {
            assert!(
                matches!(check(endpoint), Err(BadSubscription::NotGlobal(_))),
                "{endpoint}: {:?}",
                check(endpoint)
            );
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

    /// The special IPv6 forms an outside attacker found passing the check: each carries a
    /// loopback address or is outside the public internet, and is refused with the reason.
    #[test]
    fn special_ipv6_forms_are_refused_at_subscription() {
        for (endpoint, why) in [
            ("https://[::127.0.0.1]/x", "carries 127.0.0.1"),
            ("https://[2002:7f00:1::1]/x", "carries 127.0.0.1 (6to4"),
            (
                "https://[::ffff:0:7f00:1]/x",
                "carries 127.0.0.1 (IPv4-translated",
            ),
            ("https://[fec0::1]/x", "outside global unicast"),
            ("https://[100::1]/x", "Discard-Only"),
            ("https://[2001::7f00:1]/x", "(Teredo server"),
            (
                "https://[::ffff:127.0.0.1]/x",
                "carries 127.0.0.1 (IPv4-mapped",
            ),
            ("https://[64:ff9b::a00:1]/x", "carries 10.0.0.1 (NAT64"),
        ] {
            match check(endpoint) {
                Err(e @ BadSubscription::NotGlobal(_)) => {
                    assert!(e.to_string().contains(why), "{endpoint}: {e}")
                }
                other => panic!("{endpoint}: {other:?}"),
            }
        }
        assert!(
            check("https://[64:ff9b::808:808]/x").is_ok(),
            "NAT64 of 8.8.8.8"
        );
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
        let refused = public_addresses("localhost", 443).await;
        assert!(
            matches!(refused, Err(Unreachable::NotGlobal { .. })),
            "{refused:?}"
        );
        assert!(public_addresses("127.0.0.1", 443).await.is_err());
    }

    /// What was kept before the check knew the special IPv6 forms is refused when sending.
    #[tokio::test]
    async fn special_ipv6_forms_are_refused_when_sending() {
        for host in [
            "[::127.0.0.1]",
            "[2002:7f00:1::1]",
            "[::ffff:0:7f00:1]",
            "[fec0::1]",
            "[100::1]",
            "[2001::7f00:1]",
        ] {
            let refused = public_addresses(host, 443).await;
            assert!(
                matches!(refused, Err(Unreachable::NotGlobal { .. })),
                "{host}: {refused:?}"
            );
        }
        let public = public_addresses("[2606:4700::1111]", 443).await;
        assert!(
            matches!(public.as_deref(), Ok([one]) if one.to_string() == "[2606:4700::1111]:443"),
            "{public:?}"
        );
    }
}

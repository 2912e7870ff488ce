//! Posting one push message to a push service (RFC 8030): over TLS (rustls, Mozilla's roots) to
//! a public address of the endpoint's host, with HTTP/1.1 (hyper), within a time limit. The
//! host is resolved once, every address found is checked ([`public_addresses`]), and the
//! connection goes to those addresses only (TLS still names the host). The answer's status
//! says what became of it.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use bytes::Bytes;
use http::{Request, StatusCode};
use http_body_util::Full;
use hyper_util::rt::TokioIo;
use tokio::net::TcpStream;
use tokio_rustls::TlsConnector;
use tokio_rustls::rustls::{self, pki_types::ServerName};

use super::endpoint::{EndpointPolicy, public_addresses};

/// The longest a post may take, connecting included.
const POST_WITHIN: Duration = Duration::from_secs(15);

/// What became of a post.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Delivery {
    /// The push service took it (2xx).
    Taken,
    /// The subscription is gone for good (404 or 410): forget it.
    Gone,
    /// Refused or failed for now (another status, or no answer): the reason.
    Failed(String),
}

/// Posts push messages (cheap to clone).
#[derive(Clone)]
pub struct Poster {
    tls: TlsConnector,
    policy: Arc<EndpointPolicy>,
}

impl Poster {
    /// A poster that sends to the endpoints `policy` accepts; the reason when TLS cannot be
    /// set up.
    pub fn new(policy: EndpointPolicy) -> Result<Poster, String> {
        let roots = rustls::RootCertStore {
            roots: webpki_roots::TLS_SERVER_ROOTS.to_vec(),
        };
        let provider = Arc::new(rustls::crypto::ring::default_provider());
        let config = rustls::ClientConfig::builder_with_provider(provider)
            .with_safe_default_protocol_versions()
            .map_err(|e| format!("TLS for push: {e}"))?
            .with_root_certificates(roots)
            .with_no_client_auth();
        Ok(Poster {
            tls: TlsConnector::from(Arc::new(config)),
            policy: Arc::new(policy),
        })
    }

    /// Posts `request` (built by `web_push_native`) and says what became of it.
    pub async fn post(&self, request: Request<Vec<u8>>) -> Delivery {
        match tokio::time::timeout(POST_WITHIN, self.try_post(request)).await {
            Ok(Ok(status)) if status.is_success() => Delivery::Taken,
            Ok(Ok(status)) if status == StatusCode::NOT_FOUND || status == StatusCode::GONE => {
                Delivery::Gone
            }
            Ok(Ok(status)) => Delivery::Failed(format!("the push service answered {status}")),
            Ok(Err(why)) => Delivery::Failed(why),
            Err(_) => Delivery::Failed(format!("no answer within {} s", POST_WITHIN.as_secs())),
        }
    }

    async fn try_post(&self, request: Request<Vec<u8>>) -> Result<StatusCode, String> {
        let uri = request.uri().clone();
        let host = uri.host().ok_or("the endpoint has no host")?.to_owned();
        let test_receiver = self.policy.is_test_receiver(&uri.to_string());
        let https = uri.scheme_str() == Some("https");
        if !https && !test_receiver {
            return Err("the endpoint is not https".into());
        }
        let port = uri.port_u16().unwrap_or(if https { 443 } else { 80 });
        let addresses: Vec<SocketAddr> = if test_receiver {
            tokio::net::lookup_host((host.as_str(), port))
                .await
                .map_err(|e| e.to_string())?
                .collect()
        } else {
            public_addresses(&host, port)
                .await
                .map_err(|e| e.to_string())?
        };
        // A slice of addresses is connected to as it is: no name is looked up again.
        let tcp = TcpStream::connect(addresses.as_slice())
            .await
            .map_err(|e| format!("connecting to {host}: {e}"))?;
        let path = request_target(&uri);
        let (mut parts, body) = request.into_parts();
        parts.uri = path.parse().map_err(|e| format!("{e}"))?;
        parts.headers.insert(
            http::header::HOST,
            http::HeaderValue::from_str(uri.authority().map_or(host.as_str(), |a| a.as_str()))
                .map_err(|e| e.to_string())?,
        );
        let request = Request::from_parts(parts, Full::new(Bytes::from(body)));
        if https {
            let name = ServerName::try_from(host.trim_start_matches('[').trim_end_matches(']'))
                .map_err(|e| e.to_string())?
                .to_owned();
            let tls = self
                .tls
                .connect(name, tcp)
                .await
                .map_err(|e| format!("TLS with {host}: {e}"))?;
            send(TokioIo::new(tls), request).await
        } else {
            send(TokioIo::new(tcp), request).await
        }
    }
}

/// The request target of a post to `uri`: its path (`/` when it has none, as in
/// `https://host?query`) and its query.
pub(super) fn request_target(uri: &http::Uri) -> String {
    match uri.query() {
        Some(query) => format!("{}?{query}", uri.path()),
        None => uri.path().to_owned(),
    }
}

/// One request on a fresh HTTP/1.1 connection.
async fn send<IO>(io: IO, request: Request<Full<Bytes>>) -> Result<StatusCode, String>
where
    IO: hyper::rt::Read + hyper::rt::Write + Unpin + Send + 'static,
{
    let (mut sender, connection) = hyper::client::conn::http1::handshake(io)
        .await
        .map_err(|e| format!("HTTP: {e}"))?;
    tokio::spawn(async move {
        let _ = connection.await;
    });
    let answer = sender
        .send_request(request)
        .await
        .map_err(|e| format!("HTTP: {e}"))?;
    Ok(answer.status())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An endpoint without a path is posted to its root: `https://host?query` was accepted,
    /// but its request target was `?query`, which is no target, so that no notification ever
    /// reached it (what the `push_subscriptions` fuzz target found,
    /// `fuzz/regressions/push_subscriptions-empty-path-with-query`).
    #[test]
    fn an_endpoint_without_a_path_is_posted_to_its_root() {
        for (endpoint, target) in [
            ("https://web.push.apple.com?", "/?"),
            ("https://web.push.apple.com?a=1", "/?a=1"),
            ("https://web.push.apple.com", "/"),
            ("https://fcm.googleapis.com/fcm/send/x?y", "/fcm/send/x?y"),
        ] {
            let uri: http::Uri = endpoint.parse().unwrap_or_default();
            assert_eq!(request_target(&uri), target, "{endpoint}");
            assert!(target.parse::<http::Uri>().is_ok(), "{target}");
        }
    }
}

//! The tournaments' traffic between nodes (docs/SCALING.md, "Tournaments"): the news every
//! node hears ([`TournamentWire`]: a log grew, who is present where, a game ended), and the
//! requests a node forwards to the node that runs a tournament ([`TournamentAsk`], NATS
//! request and reply). The tournaments themselves sit above the registry and reach the
//! cluster through [`TournamentHost`].

use std::sync::Arc;

use chaupal_shared::protocol::{ErrorCode, ErrorReply};

use super::wire::{self, ToAll, TournamentAnswer, TournamentAsk, TournamentWire};
use super::{ANSWER_WITHIN, Cluster, ClusterError, unavailable};
use crate::room::HostFuture;

/// What the cluster needs of the node's tournaments.
pub trait TournamentHost: Send + Sync {
    /// Node `from` has news of the tournaments.
    fn news(&self, from: &str, news: TournamentWire);
    /// Another node asks: a player's request to a tournament this node runs, or a game to
    /// start here.
    fn ask(&self, ask: TournamentAsk) -> HostFuture<'_, Result<TournamentAnswer, ErrorReply>>;
}

impl Cluster {
    /// Starts hearing the tournaments' news and the requests for those this node runs.
    pub async fn serve_tournaments(
        &self,
        host: Arc<dyn TournamentHost>,
    ) -> Result<(), ClusterError> {
        let _ = self.inner.tournaments.set(host);
        let subject = wire::tournament_subject(self.node());
        let sub = self
            .inner
            .client
            .subscribe(subject.clone())
            .await
            .map_err(|e| ClusterError::Connect {
                url: subject,
                reason: e.to_string(),
            })?;
        tokio::spawn(self.clone().serve_tournament_asks(sub));
        Ok(())
    }

    /// Tells every other node `news` of the tournaments.
    pub fn tournament_news(&self, news: TournamentWire) {
        let msg = ToAll::Tournament {
            from: self.inner.node.clone(),
            news,
        };
        self.publish(wire::all_subject(), &msg);
    }

    /// Hands `news` from node `from` to this node's tournaments.
    pub(super) fn heard_tournament_news(&self, from: &str, news: TournamentWire) {
        if wire::check_node(from).is_err() || from == self.inner.node {
            return;
        }
        if let Some(host) = self.inner.tournaments.get() {
            host.news(from, news);
        }
    }

    /// Sends `ask` to node `node` and waits for the answer (at most [`ANSWER_WITHIN`]).
    pub async fn ask_tournament(
        &self,
        node: &str,
        ask: &TournamentAsk,
    ) -> Result<TournamentAnswer, ErrorReply> {
        let payload = wire::encode(ask)
            .map_err(|e| ErrorReply::new(ErrorCode::Internal, format!("cannot encode: {e}")))?;
        let request = self
            .inner
            .client
            .request(wire::tournament_subject(node), payload);
        let answer = match tokio::time::timeout(ANSWER_WITHIN, request).await {
            Ok(Ok(answer)) => answer,
            Ok(Err(e)) if e.kind() == async_nats::client::RequestErrorKind::NoResponders => {
                return Err(unavailable(
                    "the server asked has gone (the tournament or the game is moving to another \
                     server); try again in a moment",
                ));
            }
            _ => {
                return Err(ErrorReply::new(
                    ErrorCode::OutcomeUnknown,
                    "the server asked did not answer in time: open the tournament again to see \
                     whether it was done",
                ));
            }
        };
        match wire::decode::<Result<TournamentAnswer, ErrorReply>>(&answer.payload) {
            Ok(answer) => answer,
            Err(e) => Err(ErrorReply::new(
                ErrorCode::Internal,
                format!("an answer from the tournament's server did not read: {e}"),
            )),
        }
    }

    /// Answers the requests forwarded to the tournaments this node runs, each in a task of
    /// its own.
    async fn serve_tournament_asks(self, mut sub: async_nats::Subscriber) {
        while let Some(msg) = self.next_message(&mut sub).await {
            let Some(reply_to) = msg.reply.clone() else {
                continue;
            };
            let ask: TournamentAsk = match wire::decode(&msg.payload) {
                Ok(ask) => ask,
                Err(e) => {
                    tracing::warn!("cluster: dropped a tournament request: {e}");
                    continue;
                }
            };
            let Some(host) = self.inner.tournaments.get().cloned() else {
                continue;
            };
            let client = self.inner.client.clone();
            tokio::spawn(async move {
                let answer = host.ask(ask).await;
                match wire::encode(&answer) {
                    Ok(payload) => {
                        if let Err(e) = client.publish(reply_to, payload).await {
                            tracing::warn!("cluster: a tournament answer was not sent: {e}");
                        }
                    }
                    Err(e) => tracing::error!("cluster: cannot encode a tournament answer: {e}"),
                }
            });
        }
    }
}

//! Reminders: the entrants of a tournament that starts within [`super::run::REMIND_BEFORE_MS`] are told
//! by Web Push, once; the reminder is recorded in the tournament's log before it is sent, so
//! that a restart does not send it again.

use chaupal_shared::protocol::PlayerId;
use chaupal_shared::protocol::tournaments::TournamentId;

use super::Tournaments;
use crate::push::notice::Notice;
use crate::store::TournamentEvent;

impl Tournaments {
    /// Reminds the entrants of each tournament that starts within
    /// [`super::run::REMIND_BEFORE_MS`] by push, once: the reminder is recorded first (a restart
    /// does not send it again; one the records refuse is tried at a later pass). The caller
    /// holds `changes`.
    pub(super) async fn remind(&self, now: u64) {
        let Some(push) = self.inner.registry.push().cloned() else {
            return;
        };
        let due: Vec<(TournamentId, Vec<PlayerId>, Notice)> = self
            .state()
            .runs
            .values()
            .filter(|r| r.owned && r.reminder_due(now))
            .map(|r| {
                let notice = Notice::TournamentSoon {
                    tournament: r.id,
                    kind: r.setup.game,
                    minutes: r.starts_ms().saturating_sub(now).div_ceil(60_000),
                    code: r.code.clone(),
                };
                (r.id, r.to_remind(), notice)
            })
            .collect();
        for (tournament, players, notice) in due {
            if let Err(e) = self
                .record(tournament, now, TournamentEvent::Reminded)
                .await
            {
                tracing::warn!(
                    tournament = tournament.0,
                    "a reminder was not recorded: {}",
                    e.reason
                );
                continue;
            }
            for player in players {
                push.notify(player, notice.clone());
            }
        }
    }
}

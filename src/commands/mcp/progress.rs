//! Progress while a call waits for a person, for a client that sent a progress token: a report
//! every [`super::Config::progress_every`], so clients that give up on a silent call keep
//! waiting.

use std::time::Duration;

use rmcp::RoleServer;
use rmcp::model::{ProgressNotificationParam, ProgressToken};
use rmcp::service::RequestContext;
use tokio::time::{Instant, Interval, interval_at};

/// The reports of one waiting call.
pub struct Progress {
    token: Option<ProgressToken>,
    ticks: Interval,
    reported: f64,
    /// What the call waits for, where a client shows it.
    message: String,
}

impl Progress {
    /// Reports for the call of `context`, the first one `every` from now, each saying it
    /// waits for `what` (`the user to answer in a popup`).
    pub fn new(context: &RequestContext<RoleServer>, every: Duration, what: &str) -> Self {
        Self {
            token: context.meta.get_progress_token(),
            ticks: interval_at(Instant::now() + every, every),
            reported: 0.0,
            message: format!("Waiting for {what}"),
        }
    }

    /// Waits until the next report is due; forever when the client sent no token.
    pub async fn due(&mut self) {
        if self.token.is_none() {
            std::future::pending::<()>().await;
        }
        self.ticks.tick().await;
    }

    /// Sends one report, counting up.
    pub async fn report(&mut self, context: &RequestContext<RoleServer>) {
        let Some(token) = self.token.clone() else {
            return;
        };
        self.reported += 1.0;
        let mut progress = ProgressNotificationParam::new(token, self.reported);
        progress.message = Some(self.message.clone());
        // A lost report is not worth ending the wait for.
        let _ = context.peer.notify_progress(progress).await;
    }
}

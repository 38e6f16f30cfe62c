//! `--events FILE` on `ask` and `resume`: the flow's lifecycle events for the host, one JSON
//! line each, `{"type":"event","channel":..,"data":..}` as `rpc` writes them. A host that runs
//! the program for a tool call (the Pi extension, a bridge) relays them: `pi-agent-ask:started`
//! and `herdr:blocked` just before the form waits, `herdr:blocked` cleared and
//! `pi-agent-ask:completed` once it ended. The file may be a pipe the host holds
//! (`/dev/fd/3`); it is opened before anything is asked, and a write that fails later is
//! reported once and never stops the ask.

use std::fs::{File, OpenOptions};
use std::io::Write as _;
use std::os::unix::fs::OpenOptionsExt as _;
use std::path::Path;

use pi_agent_ask_core::contract::Call;
use pi_agent_ask_core::events::{Lifecycle, LifecycleEvent};
use serde_json::json;

use super::ask::Asked;
use crate::clock::now_millis;
use crate::outcome::{UsageError, report};

/// Where the lifecycle events go.
pub struct EventsFile {
    file: File,
    path: String,
    failed: bool,
}

impl EventsFile {
    /// Opens `path` for appending (creating a regular file that is missing); a path that
    /// cannot be opened is a usage error, before anything is asked. The open never waits: a
    /// named pipe nobody reads is refused at once rather than hanging the ask, and writes to
    /// one that is read then wait as usual.
    pub fn open(path: &Path) -> Result<Self, UsageError> {
        let unusable = |error: std::io::Error| {
            let why = if error.raw_os_error() == Some(libc::ENXIO) {
                "it is a named pipe without a reader, or a socket, which cannot be opened"
                    .to_owned()
            } else {
                error.to_string()
            };
            UsageError::new(format!(
                "cannot open the events file {}: {why}",
                path.display()
            ))
        };
        let file = OpenOptions::new()
            .append(true)
            .create(true)
            .custom_flags(libc::O_NONBLOCK)
            .open(path)
            .map_err(unusable)?;
        let flags = rustix::fs::fcntl_getfl(&file).map_err(|error| unusable(error.into()))?;
        rustix::fs::fcntl_setfl(&file, flags - rustix::fs::OFlags::NONBLOCK)
            .map_err(|error| unusable(error.into()))?;
        Ok(Self {
            file,
            path: path.display().to_string(),
            failed: false,
        })
    }

    /// Writes `events`, each a line of its own, flushed at once so the host hears them while
    /// the form waits.
    fn send(&mut self, events: &[LifecycleEvent]) {
        let mut lines = String::new();
        for event in events {
            lines.push_str(&pi_agent_ask_core::json::to_string(&json!({
                "type": "event",
                "channel": event.channel,
                "data": event.data,
            })));
            lines.push('\n');
        }
        if let Err(error) = self.file.write_all(lines.as_bytes()) {
            if !self.failed {
                report(&format!(
                    "cannot write to the events file {}: {error}",
                    self.path
                ));
            }
            self.failed = true;
        }
    }
}

/// Runs `asking` for `call` between its lifecycle's opening and closing events when there is
/// an events file; the closing events carry the result's details, whichever way it ended.
pub fn around(
    events: Option<&mut EventsFile>,
    lifecycle: &Lifecycle,
    call: &Call,
    asking: impl FnOnce() -> Result<Asked, UsageError>,
) -> Result<Asked, UsageError> {
    let Some(events) = events else {
        return asking();
    };
    events.send(&lifecycle.opening(call, now_millis()));
    let asked = asking();
    let details = match &asked {
        Ok(asked) => asked.result.get("details").cloned().unwrap_or_default(),
        Err(_) => call.cancelled(None).details_json(),
    };
    events.send(&lifecycle.closing(details, now_millis()));
    asked
}

//! `mcp`: a stdio MCP server offering `ask_user`, `ask_user_question` and `wait_for_answers`
//! (for the forms of background calls, [`queue`]; kept across restarts by `--session`, or the working directory's journal in the state folder,
//! [`journal`]), speaking every revision `rmcp` knows, negotiated per client (the `initialize`
//! handshake of the older ones, `server/discover` and per-request metadata of 2026-07-28).
//!
//! Each call is asked where [`surfaces`] says. The standard input is watched for its end: the
//! moment the client goes away every open form is closed with its cancelled result, which is
//! written while the output still drains (an open queued form is closed without an end, so a
//! journal keeps it unanswered), and the program exits 0; so it does when the client stops
//! reading the output, its input left open. SIGTERM, SIGINT and SIGHUP end the input the same
//! way, and the program exits `128 + n`.

mod asking;
mod elicitation;
mod elsewhere;
mod escaped;
mod incoming;
mod journal;
mod progress;
mod queue;
mod queued_form;
mod round;
mod server;
mod set_aside;
mod state;
pub mod surfaces;
mod tools;
mod withdrawn;
mod workspace;

use std::path::PathBuf;
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;

use rmcp::ServiceExt as _;
use rmcp::service::ServerInitializeError;
use tokio::io::{AsyncRead, ReadBuf};
use tokio::sync::watch;

use crate::cancel::Cancel;
use crate::cli::McpArgs;
use crate::effects::{Effects, Ending};
use crate::exit::Exit;
use crate::files::working_directory;
use crate::interrupt;
use crate::outcome::{UsageError, report, usage_failure};
use crate::settings_file::SettingsFile;
use crate::state_dir;

/// How often progress is reported while a form waits, when the client sent a progress token:
/// well inside the 30 minutes after which a silent call is given up.
const PROGRESS_EVERY: Duration = Duration::from_secs(15);
/// The environment variable that shortens [`PROGRESS_EVERY`] (in milliseconds), for tests.
const PROGRESS_EVERY_VARIABLE: &str = "PI_AGENT_ASK_MCP_PROGRESS_MS";

/// What every call of one server shares.
pub struct Config {
    /// Relative preview paths resolve here; it is always part of the workspace.
    pub cwd: PathBuf,
    /// The settings file, read once at start.
    pub settings: SettingsFile,
    /// Where calls are asked.
    pub ui: surfaces::UiChoice,
    /// The inbox `inbox` and `auto` ask in.
    pub inbox: String,
    /// How often a waiting call reports progress.
    pub progress_every: Duration,
}

/// How long an idle blocking thread of the server's runtime waits for work before it ends:
/// longer than the progress reports' interval.
const BLOCKING_THREAD_KEPT: Duration = Duration::from_secs(PROGRESS_EVERY.as_secs() * 4);

/// Serves MCP on stdin and stdout until the input ends; exit 0 then, `128 + n` after signal `n`.
pub fn run(args: &McpArgs) -> Exit {
    match serve(args) {
        Ok(()) => {
            let ending = interrupt::received()
                .map_or(Ending::Answered, |signal| Ending::Signal(signal.number()));
            Exit::from(Effects::exit_status(ending))
        }
        Err(error) => usage_failure(&error),
    }
}

fn serve(args: &McpArgs) -> Result<(), UsageError> {
    let progress_every = std::env::var(PROGRESS_EVERY_VARIABLE)
        .ok()
        .and_then(|millis| millis.parse().ok())
        .map_or(PROGRESS_EVERY, Duration::from_millis);
    let settings = SettingsFile::read(args.config.as_deref());
    settings.report_notices();
    let config = Config {
        cwd: working_directory(args.cwd.as_deref())?,
        settings,
        ui: args.ui,
        inbox: args.inbox.clone(),
        progress_every,
    };
    // The journal of the working directory is this server's while it runs (`held`).
    let (journal_path, held) = match &args.session {
        Some(path) => (Some(path.clone()), None),
        None => match state_dir::mcp_journal(&config.cwd) {
            Ok(held) => (Some(held.path.clone()), Some(held)),
            Err(error) => {
                report(&format!(
                    "mcp: {error}; background forms are not kept across restarts"
                ));
                (None, None)
            }
        },
    };
    let journal = match &journal_path {
        Some(path) => match journal::Journal::open(
            path,
            &config.cwd,
            crate::commands::parse_options(&config.settings),
            if held.is_some() {
                journal::History::Trimmed
            } else {
                journal::History::Kept
            },
        ) {
            Ok(journal) => Some(journal),
            // The working directory's journal, which nobody named, does not stop the server
            // when it cannot be read; a `--session` file the user named does.
            Err(error) if args.session.is_none() => {
                report(&format!(
                    "mcp: {error}; background forms are not kept across restarts"
                ));
                None
            }
            Err(error) => return Err(error),
        },
        None => None,
    };
    // A signal wakes every inbox and popup wait at once, and ends the input below.
    interrupt::watch();
    // The standard output is written through the runtime's blocking threads; one kept past
    // the progress reports' interval writes them all, where each report started a thread.
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_time()
        .thread_keep_alive(BLOCKING_THREAD_KEPT)
        .build()
        .map_err(|error| UsageError::new(format!("cannot start the MCP server: {error}")))?;
    let served = runtime.block_on(async move {
        let (ended, input_ended) = watch::channel(false);
        let (stopped, stop) = watch::channel(false);
        watch_the_ends(stopped)?;
        let ending = ended.clone();
        let input = WatchEnd {
            inner: tokio::io::stdin(),
            ended,
            stop: Some(Box::pin(async move {
                let mut stop = stop;
                // A closed channel: no stop can come any more.
                if stop.wait_for(|stopped| *stopped).await.is_err() {
                    std::future::pending::<()>().await;
                }
            })),
        };
        let handler = server::Server::new(config, input_ended, journal);
        let winding = handler.clone();
        let input = incoming::Incoming::new(input).noting(handler.withdrawals());
        let served = match handler
            .serve((input, escaped::Escaped::new(tokio::io::stdout())))
            .await
        {
            // The reason the session ended (end of input, a broken pipe) needs no report: the
            // client is gone either way.
            Ok(running) => {
                let _ = running.waiting().await;
                Ok(())
            }
            // The input ended (or a signal ended it) before the session started: a client
            // that left, as after it, not a misuse.
            Err(ServerInitializeError::ConnectionClosed(_)) => Ok(()),
            Err(error) => {
                // The server reads no more: the forms take it as the input's end.
                ending.send_replace(true);
                Err(UsageError::new(format!(
                    "the MCP session did not start: {error}"
                )))
            }
        };
        // A server started meanwhile (a client restarting this one) waits for this journal.
        if let Some(held) = &held {
            held.mark_closing();
        }
        // A form a restart reopened is open before the session starts, so it is taken back
        // with what it holds however the session ended.
        winding.wind_down().await;
        served
    });
    // A read of the standard input may still block on the runtime's thread after a signal;
    // it is not waited for.
    runtime.shutdown_background();
    served
}

/// Tells `stopped` when SIGTERM, SIGINT or SIGHUP arrives, or when nobody reads the standard
/// output any more (the client closed its end of the pipe but not the input: no result can
/// reach it, so a form must not wait on for an answer that goes nowhere), from a thread that
/// sleeps until then.
fn watch_the_ends(stopped: watch::Sender<bool>) -> Result<(), UsageError> {
    let cancel = Cancel::new()
        .map_err(|error| UsageError::new(format!("cannot watch for signals: {error}")))?;
    cancel.cancel_when_output_closes();
    std::thread::spawn(move || {
        // Only a signal or the output closing ends a wait on the token's own descriptor.
        if cancel.wait(cancel.fd(), None).is_ok() && cancel.is_cancelled() {
            stopped.send_replace(true);
        }
    });
    Ok(())
}

/// A signal's arrival or the output's closing, awaited.
type Stopped = Pin<Box<dyn Future<Output = ()> + Send>>;

/// The standard input, telling the server the moment it ends; a signal or the output closing
/// ends it too.
struct WatchEnd<R> {
    inner: R,
    ended: watch::Sender<bool>,
    /// The stop awaited; `None` once it came, and the input reads as ended from then on.
    stop: Option<Stopped>,
}

impl<R: AsyncRead + Unpin> AsyncRead for WatchEnd<R> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        context: &mut Context<'_>,
        buffer: &mut ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        let stopped = self
            .stop
            .as_mut()
            .is_none_or(|stop| stop.as_mut().poll(context).is_ready());
        if stopped {
            self.stop = None;
            self.ended.send_replace(true);
            return Poll::Ready(Ok(()));
        }
        let before = buffer.filled().len();
        let polled = Pin::new(&mut self.inner).poll_read(context, buffer);
        let at_end = match &polled {
            Poll::Ready(Ok(())) => buffer.filled().len() == before && buffer.remaining() > 0,
            Poll::Ready(Err(_)) => true,
            Poll::Pending => false,
        };
        if at_end {
            self.ended.send_replace(true);
        }
        polled
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(input: &mut WatchEnd<&[u8]>) -> usize {
        let mut bytes = [0; 8];
        let mut buffer = ReadBuf::new(&mut bytes);
        let runtime = tokio::runtime::Builder::new_current_thread()
            .build()
            .expect("a runtime");
        runtime
            .block_on(std::future::poll_fn(|context| {
                Pin::new(&mut *input).poll_read(context, &mut buffer)
            }))
            .expect("a read");
        buffer.filled().len()
    }

    #[test]
    fn the_end_of_the_input_is_told_at_the_first_empty_read_and_not_before() {
        let (ended, watching) = watch::channel(false);
        let mut input = WatchEnd {
            inner: &b"{}\n"[..],
            ended,
            stop: Some(Box::pin(std::future::pending())),
        };
        assert_eq!(read(&mut input), 3);
        assert!(!*watching.borrow());
        assert_eq!(read(&mut input), 0);
        assert!(*watching.borrow());
    }
}

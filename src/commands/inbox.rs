//! `inbox`: a full-screen terminal where the asks of every agent of this user arrive and are
//! answered one at a time, in arrival order.

use std::panic::{AssertUnwindSafe, catch_unwind};

use pi_agent_ask_core::effect::Effect;
use pi_agent_ask_core::inbox::Inbox;
use pi_agent_ask_core::runner::{Handler, Step};
use pi_agent_ask_crossterm::{
    ColorMode, End, OutputWatch, Screen, TerminalOptions, run_with_source,
};

use crate::cli::InboxArgs;
use crate::effects::{Effects, Ending, Mode};
use crate::exit::Exit;
use crate::file_search::FileSearch;
use crate::files::working_directory;
use crate::heap;
use crate::inbox::place::PlaceError;
use crate::inbox::server::{Replies, Server, StartError};
use crate::outcome::{UsageError, report, usage_failure};
use crate::settings_file::SettingsFile;
use crate::terminal;
use crate::tui::Availability;

/// Listens and shows asks until ctrl+c on the idle screen (exit 0) or a signal (`128 + n`);
/// either way every ask still waiting gets its cancelled result first. A second inbox of the
/// same name refuses to start (exit 1), as does one on a `dumb` terminal; a name that is no
/// inbox name is a usage error (exit 2).
pub fn run(args: &InboxArgs) -> Exit {
    if terminal::term_is_dumb() {
        report(&Availability::no_cursor_control("the inbox"));
        return Exit::from(1);
    }
    let mut server = match Server::start(&args.name) {
        Ok(server) => server,
        // A name that is no inbox name is a usage error, as it is for `ask --inbox`.
        Err(error @ StartError::Place(PlaceError::Name(_))) => {
            return usage_failure(&UsageError::new(error.to_string()));
        }
        Err(error) => {
            report(&error.to_string());
            return Exit::from(1);
        }
    };
    let settings = SettingsFile::open(args.config.as_deref());
    let mut inbox = Inbox::new(args.name.clone(), settings.display_path())
        .with_settings_notices(settings.notices());
    let effects = Effects::new(settings, Mode::Live)
        .opened_alone()
        .reading_clipboard_with(server.courier())
        .finding_files_with(FileSearch::start(
            &working_directory(None).unwrap_or_default(),
            server.courier(),
        ));
    let mut handler = InboxHandler {
        effects,
        replies: server.replies(),
    };
    let options = TerminalOptions {
        screen: Screen::AlternateScreen,
        color: ColorMode::from_no_color(std::env::var_os("NO_COLOR").as_deref()),
        output: OutputWatch::Unwatched,
    };
    let run = catch_unwind(AssertUnwindSafe(|| {
        run_with_source(&mut inbox, options, &mut handler, &mut server)
    }));
    server.stop_listening();
    for effect in inbox.close() {
        handler.on_effect(&effect);
    }
    // The closing results leave by each connection's own writer: they are given their time.
    handler.replies.wait_written();
    let ending = match run {
        Ok(Ok(outcome)) => match outcome.end {
            End::Finished(_) => Ending::Answered,
            End::Interrupted(signal) => {
                // A paste still arriving would otherwise reach the shell, which runs it.
                terminal::discard_unread_input();
                Ending::Signal(signal.number())
            }
            End::OutputClosed => Ending::Signal(libc::SIGPIPE),
        },
        Ok(Err(error)) => {
            report(&format!("cannot use the terminal: {error}"));
            Ending::Failed
        }
        Err(_) => Ending::Panicked,
    };
    Exit::from(Effects::exit_status(ending))
}

/// The program's effect handler, with replies going to the askers.
struct InboxHandler {
    effects: Effects,
    replies: Replies,
}

impl Handler for InboxHandler {
    fn on_effect(&mut self, effect: &Effect) -> Step {
        match effect {
            // A form leaves with its reply or hand-back: what it held is given back to the
            // system, so that the inbox's size follows the forms it holds, not the largest one
            // it ever held.
            Effect::Reply {
                ask,
                result,
                reason,
            } => {
                self.replies.reply(ask, result, *reason);
                heap::give_back_free_memory();
                Step::Feed(Vec::new())
            }
            Effect::HandBack { ask, drafts } => {
                self.replies.hand_back(ask, drafts);
                heap::give_back_free_memory();
                Step::Feed(Vec::new())
            }
            Effect::Hold { ask, drafts } => {
                self.replies.hold(ask, drafts);
                Step::Feed(Vec::new())
            }
            // The agent waiting is the asker, which its result tells.
            Effect::StopAgent => Step::Feed(Vec::new()),
            other => self.effects.on_effect(other),
        }
    }
}

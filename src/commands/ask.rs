//! `ask`: one ask flow for these tool arguments; prints the tool result.

use std::path::Path;

use pi_agent_ask_core::contract::Call;
use pi_agent_ask_core::contract::answers::Draft;
use pi_agent_ask_core::effect::ReplyReason;
use pi_agent_ask_core::events::{Lifecycle, Source};
use pi_agent_ask_core::journal::drafts::{drafts_for_call, news_since};
use pi_agent_ask_core::settling::Opening;
use serde_json::Value;

use super::journal::AskJournal;
use super::lifecycle::{EventsFile, around};
use super::{ask_popup, read_call};
use crate::away::AwayRequest;
use crate::cancel::Cancel;
use crate::cli::{AskArgs, UiArg};
use crate::effects::{Effects, Ending};
use crate::files::read_json;
use crate::foreground;
use crate::inbox::client::{self, InboxAnswer, InboxError, TAKEN_OVER};
use crate::interrupt;
use crate::journal_file::JournalFile;
use crate::outcome::{Outcome, UsageError, report};
use crate::popup::{self, Popup};
use crate::settings_file::SettingsFile;
use crate::terminal;
use crate::tui::{self, Placement};

/// Asks (or answers from `--answer`) and prints the tool result; exit 0 even for error results.
pub fn run(args: &AskArgs) -> Result<Outcome, UsageError> {
    if args.answer.as_deref() == Some("-") && args.common.file == "-" {
        return Err(UsageError::new(
            "the tool arguments and --answer cannot both come from standard input",
        ));
    }
    let read = read_call(&args.common)?;
    let response = args
        .answer
        .as_deref()
        .map(|source| read_json(source, "answer response"))
        .transpose()?;
    // The files named are opened before anything is asked or answered, however the call goes:
    // one that cannot be used is a usage error, even where nothing will be written to it. (An
    // ask reads the session file as it journals its start.)
    let mut events = args.events.as_deref().map(EventsFile::open).transpose()?;
    let asks = read.call.is_ok() && response.is_none();
    if let Some(path) = args.session.as_deref().filter(|_| !asks) {
        JournalFile::new(path)
            .read()
            .map_err(|error| UsageError::new(error.to_string()))?;
    }
    let (result, exit) = match (read.call, response) {
        (Err(invalid), _) => (invalid.into_result().to_json(), 0),
        (Ok(call), Some(response)) => {
            read.settings.report_notices();
            (call.answered_by(&response).to_json(), 0)
        }
        (Ok(call), None) => {
            let surface = surface_for(args.ui, args.inline.rows, &args.inbox)?;
            let journal = args
                .session
                .as_deref()
                .map(|path| AskJournal::open(path, args.tool_call_id.as_deref(), &call));
            if let Some(journal) = &journal {
                journal.started(&call)?;
            }
            let tool_call_id = args
                .tool_call_id
                .clone()
                .or_else(|| call.request_id().map(str::to_owned))
                .unwrap_or_else(super::new_request_id);
            let lifecycle = Lifecycle::new(tool_call_id, Source::Tool);
            let events = events
                .as_mut()
                .filter(|_| !matches!(surface, Surface::NoUi));
            let asked = around(events, &lifecycle, &call, || {
                ask(&call, None, read.settings, &read.cwd, surface, &args.inbox)
            })
            .inspect_err(|_| {
                // Nothing was asked after all (no inbox listening, nobody at the prompts): the
                // ask journaled as started is closed, so `resume` does not find it waiting.
                if let Some(journal) = &journal {
                    journal.abandoned(&call);
                }
            })?;
            asked.say_if_gone();
            if let Some(journal) = &journal {
                journal.ended(&call, &asked);
            }
            (asked.result, asked.exit)
        }
    };
    Ok(Outcome::json(result, exit))
}

/// How an ask ended: the result, the exit status that goes with it, and who ended it.
pub struct Asked {
    /// The tool result.
    pub result: Value,
    /// The exit status.
    pub exit: u8,
    /// Who ended it, which decides what the journal records.
    pub ending: AskEnding,
}

/// The surface that went away without a word.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GoneSurface {
    /// An answer inbox.
    Inbox,
    /// A popup.
    Popup,
}

impl Asked {
    /// Says on stderr that nobody cancelled an ask whose surface went away without a word:
    /// its result reads as cancelled, the contract's only end without answers. For the
    /// commands that print that result (a hook leaves the call instead, and says so itself).
    pub fn say_if_gone(&self) {
        if let AskEnding::SurfaceGone(surface, _) = &self.ending {
            let (surface, how) = match surface {
                GoneSurface::Inbox => ("inbox", "killed or crashed"),
                GoneSurface::Popup => ("popup", "killed, crashed, or its terminal went away"),
            };
            report(&format!(
                "the {surface} went away before the form was answered ({how}): nobody \
                 cancelled it"
            ));
        }
    }
}

/// Why plain prompts without a terminal, whose standard input ended before any answer, give
/// no result: nobody was there to answer, and a cancelled result would say a person did.
const NOBODY_TO_ANSWER: &str = "--ui dialogs: no terminal opens, and standard input ended \
                                before any answer; give the answers on standard input, or \
                                ask with --ui none for the questions as a result";

/// Who ended an ask.
pub enum AskEnding {
    /// The user answered or cancelled it.
    User,
    /// It was ended from outside (a signal, a crash), with the terminal form's drafts.
    Interrupted(Option<Vec<Draft>>),
    /// Nothing could ask it: the result tells the agent to ask another way.
    Unasked,
    /// The surface went away without a word (an inbox that crashed, a popup whose program was
    /// killed): the result is cancelled, though nobody cancelled it, with what the surface last
    /// said the form held (an inbox hands it over as the person works), which the journal
    /// keeps as a signal's drafts.
    SurfaceGone(GoneSurface, Option<Vec<Draft>>),
    /// The inbox closed while the ask waited in it (its window closed, a signal): the result
    /// is cancelled with the answers so far, though nobody cancelled the form.
    InboxClosed,
    /// Another asker took the ask over in the inbox (a second `resume` of it): that one gives
    /// its answer and journals its end, and this one's result is cancelled.
    TakenOver,
}

/// Asks `call` where `surface` says; the form starts from `drafts` when given.
pub fn ask(
    call: &Call,
    drafts: Option<Vec<Draft>>,
    settings: SettingsFile,
    cwd: &Path,
    surface: Surface,
    inbox: &str,
) -> Result<Asked, UsageError> {
    if matches!(surface, Surface::NoUi | Surface::Dialogs | Surface::Inbox) {
        // The forms show them; these surfaces have no place for them (an inbox's form reads
        // the file again, in the inbox's own process).
        settings.report_notices();
    }
    let opened = drafts.clone();
    let asked = match surface {
        Surface::NoUi => unasked(call),
        Surface::Dialogs => {
            let (mut terminal, input) = terminal::plain_dialogs();
            let (result, drafts) = pi_agent_ask_dialogs::ask(call.clone(), drafts, &mut terminal);
            let outside = interrupt::ended_from_outside();
            if outside.is_some() {
                terminal::discard_unread_input();
            } else if input.is_some_and(|input| !input.anything()) {
                return Err(UsageError::new(NOBODY_TO_ANSWER));
            }
            Asked {
                result: result.to_json(),
                exit: Effects::exit_status(outside.map_or(Ending::Answered, Ending::Signal)),
                ending: ending(outside.map(|_| drafts)),
            }
        }
        Surface::Popup(found) => {
            match ask_popup::ask(found, call, drafts.as_deref(), &settings, cwd) {
                // A popup whose program was killed told nothing of its form: the result keeps
                // what the form opened with.
                Ok(asked) if asked.gone => Asked {
                    result: call
                        .cancelled(Some(drafts.as_deref().unwrap_or(&[])))
                        .to_json(),
                    exit: asked.exit,
                    ending: AskEnding::SurfaceGone(GoneSurface::Popup, None),
                },
                Ok(asked) => Asked {
                    result: asked.result,
                    exit: asked.exit,
                    ending: if asked.by_the_person {
                        AskEnding::User
                    } else if asked.ended_elsewhere {
                        AskEnding::SurfaceGone(GoneSurface::Popup, asked.kept)
                    } else {
                        ending(asked.kept)
                    },
                },
                Err(reason) => {
                    report(&format!("--ui popup: {reason}; answering without a UI"));
                    unasked(call)
                }
            }
        }
        Surface::Tui { placement, opening } => {
            let end = tui::ask_with(call.clone(), drafts, settings, placement, opening, cwd)?;
            if interrupt::received().is_some() {
                terminal::discard_unread_input();
            }
            Asked {
                result: end.result.to_json(),
                exit: end.exit,
                ending: ending(end.kept),
            }
        }
        Surface::Inbox => {
            let request = AwayRequest::new(call, &settings, cwd).with_drafts(drafts.as_deref());
            ask_inbox(call, &request, drafts.as_deref(), inbox)?
        }
    };
    Ok(without_news_dropped(asked, opened.as_deref()))
}

/// `asked` with the drafts of a form interrupted untouched let go: the journal has them
/// already, or nothing answered, and an entry of them would only look newer than what a
/// surface kept aside ([`news_since`]).
fn without_news_dropped(mut asked: Asked, opened: Option<&[Draft]>) -> Asked {
    match &asked.ending {
        AskEnding::Interrupted(Some(kept)) if !news_since(opened, kept) => {
            asked.ending = AskEnding::Interrupted(None);
        }
        AskEnding::SurfaceGone(surface, Some(kept)) if !news_since(opened, kept) => {
            asked.ending = AskEnding::SurfaceGone(*surface, None);
        }
        _ => {}
    }
    asked
}

/// Who ended an ask that a surface asked: from outside when the form handed back what it held
/// (`kept`, given only then) or a signal reached this process, else the user.
fn ending(kept: Option<Vec<Draft>>) -> AskEnding {
    match kept {
        Some(kept) => AskEnding::Interrupted(Some(kept)),
        None if interrupt::received().is_some() => AskEnding::Interrupted(None),
        None => AskEnding::User,
    }
}

fn unasked(call: &Call) -> Asked {
    Asked {
        result: call.no_ui().to_json(),
        exit: 0,
        ending: AskEnding::Unasked,
    }
}

/// Asks in the inbox called `name` and waits for its result. An inbox that goes away first
/// leaves the call cancelled, exit 0; a signal to this process, cancelled and `128 + n`, with
/// what the inbox's form held, which both the result (as the answers so far, as the terminal
/// form's on a signal) and a journal keep; an inbox that told nothing of the form leaves the
/// answers it opened with (`opened_with`, a resumed ask's drafts).
fn ask_inbox(
    call: &Call,
    request: &AwayRequest,
    opened_with: Option<&[Draft]>,
    name: &str,
) -> Result<Asked, UsageError> {
    interrupt::watch();
    let cancel = Cancel::new().map_err(|error| UsageError::new(error.to_string()))?;
    cancel.cancel_when_output_closes();
    let cancelled = |ending: AskEnding| Asked {
        result: match &ending {
            AskEnding::Interrupted(Some(drafts)) | AskEnding::SurfaceGone(_, Some(drafts)) => {
                call.cancelled(Some(drafts))
            }
            _ => call.cancelled(Some(opened_with.unwrap_or(&[]))),
        }
        .to_json(),
        exit: Effects::exit_status(
            interrupt::received()
                .map_or(Ending::Answered, |signal| Ending::Signal(signal.number())),
        ),
        ending,
    };
    match client::ask(request, name, &cancel) {
        Ok(InboxAnswer::Result { result, reason }) => Ok(Asked {
            result,
            exit: 0,
            ending: match reason {
                ReplyReason::FormEnded => AskEnding::User,
                ReplyReason::InboxClosing => AskEnding::InboxClosed,
            },
        }),
        Ok(InboxAnswer::Withdrawn(kept)) => Ok(cancelled(AskEnding::Interrupted(
            kept.and_then(|records| drafts_for_call(&records, call)),
        ))),
        Ok(InboxAnswer::TakenOver) => {
            report(&format!("{TAKEN_OVER}; that asker gives the answer"));
            Ok(cancelled(AskEnding::TakenOver))
        }
        Err(error @ (InboxError::Gone(_) | InboxError::Io(_))) => {
            // What the form held when the inbox last said is kept as a signal's drafts are:
            // in the result, and journaled for `resume` to reopen the form with.
            let held = match error {
                InboxError::Gone(Some(records)) => drafts_for_call(&records, call),
                _ => None,
            };
            Ok(cancelled(AskEnding::SurfaceGone(GoneSurface::Inbox, held)))
        }
        Err(error) => Err(UsageError::new(error.to_string())),
    }
}

/// Where an ask without `--answer` happens.
#[derive(Clone, Debug)]
pub enum Surface {
    /// The rich terminal questionnaire.
    Tui {
        /// Full screen or inline.
        placement: Placement,
        /// Whether a person opened it from a shell, or a program while the person may be
        /// typing to it.
        opening: Opening,
    },
    /// Plain line-by-line prompts on the terminal.
    Dialogs,
    /// A `pi-agent-ask inbox` terminal, the one `--inbox` names.
    Inbox,
    /// A popup over the terminal the caller runs in: in the host `auto` found already, or, for
    /// `--ui popup`, in the one found when it opens (which says why none can).
    Popup(Option<Popup>),
    /// Nowhere: the result tells the agent to ask another way.
    NoUi,
}

/// Who opens a form `--ui tui` asks for: a person who ran this from a shell (in the
/// foreground, or in the background as a job to bring to it), or a program (an agent's host,
/// such as Pi) that hands it the terminal while the person may be typing to that program, so
/// the form settles first ([`Opening::Unbidden`]).
fn opening() -> Opening {
    if foreground::person_at_terminal() || foreground::job_in_the_background() {
        Opening::ByPerson
    } else {
        Opening::Unbidden
    }
}

/// The surface for `--ui`. `auto` asks on the terminal only when a person runs this process
/// there (see [`foreground`]): plain dialogs on a `TERM=dumb` terminal, the rich questionnaire
/// on any other; otherwise, without ever opening `/dev/tty`, an inbox when one is listening,
/// then a popup where one can open, and no UI when nothing is there.
pub fn surface_for(ui: UiArg, inline: Option<u16>, inbox: &str) -> Result<Surface, UsageError> {
    let placement = inline.map_or(Placement::FullScreen, Placement::Inline);
    let tui = |opening| Surface::Tui { placement, opening };
    Ok(match ui {
        UiArg::Tui => match tui::availability() {
            tui::Availability::Ready => tui(opening()),
            tui::Availability::NoTerminal => {
                return Err(UsageError::new(
                    "--ui tui needs a terminal, and /dev/tty cannot be opened",
                ));
            }
            tui::Availability::NoCursorControl => {
                return Err(UsageError::new(
                    tui::Availability::no_cursor_control("--ui tui")
                        + " (--ui dialogs asks with plain prompts on this one)",
                ));
            }
        },
        UiArg::Dialogs => Surface::Dialogs,
        UiArg::Inbox => Surface::Inbox,
        UiArg::Popup => Surface::Popup(None),
        UiArg::Auto => {
            let at_terminal = foreground::person_at_terminal();
            if at_terminal && terminal::term_is_dumb() && terminal::tty_available() {
                Surface::Dialogs
            } else if at_terminal && tui::availability() == tui::Availability::Ready {
                tui(Opening::ByPerson)
            } else if client::listening(inbox) {
                Surface::Inbox
            } else if let Some(popup) = popup::available() {
                Surface::Popup(Some(popup))
            } else {
                Surface::NoUi
            }
        }
        UiArg::None => Surface::NoUi,
    })
}

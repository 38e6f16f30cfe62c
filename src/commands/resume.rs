//! `resume`: reopens the interrupted ask of a Pi session, the newest `ask_user` tool call on
//! its active branch with neither a tool result nor an `ask:pending-dismissed` entry, with the
//! drafts its form held; one whose form was answered (the result journaled, the host gone
//! before it wrote the tool result) gives that result again without asking. Its original
//! `execute` is gone, so the result is printed for the host to send as a follow-up message.

use pi_agent_ask_core::events::{Lifecycle, Source};
use pi_agent_ask_core::journal::append::{self, Record};
use pi_agent_ask_core::journal::recoverable;
use serde_json::json;

use super::ask::{Asked, Surface, ask, surface_for};
use super::journal::AskJournal;
use super::lifecycle::{EventsFile, around};
use super::{new_request_id, parse_options};
use crate::cli::ResumeArgs;
use crate::files::{FsPreviewSource, working_directory};
use crate::journal_file::JournalFile;
use crate::outcome::{Outcome, UsageError, report};
use crate::resume_lock::{Asker, Tried, try_lock};
use crate::settings_file::SettingsFile;

/// Reopens the ask to recover and prints `{"recovered": true, "toolCallId", "dismissed",
/// "result"}`, or
/// `{"recovered": false}` when there is none.
pub fn run(args: &ResumeArgs) -> Result<Outcome, UsageError> {
    let file = JournalFile::new(&args.session);
    let session = file
        .read()
        .map_err(|error| UsageError::new(error.to_string()))?;
    for problem in &session.problems {
        report(&format!("{}: skipped {problem}", args.session.display()));
    }
    let branch = match &args.leaf {
        Some(leaf) => session.branch_to(leaf).ok_or_else(|| {
            UsageError::new(format!(
                "{}: no entry has the id {leaf:?} (--leaf)",
                args.session.display()
            ))
        })?,
        None => session.active_branch(),
    };
    let Some(recovery) = recoverable(&branch) else {
        return Ok(Outcome::json(json!({"recovered": false}), 0));
    };
    let cwd = working_directory(args.cwd.as_deref())?;
    let settings = SettingsFile::read(args.config.as_deref());
    let mut files = FsPreviewSource::new(cwd.clone());
    let journal = AskJournal::recovered(file, recovery.tool_call_id.clone());
    let ending = Ending {
        journal: &journal,
        for_host: args.entries_for_host,
    };
    let options = parse_options(&settings);
    let call = match recovery.call(options, &mut files, new_request_id) {
        Ok(call) => call,
        Err(invalid) => {
            let dismissed =
                append::pending_dismissed(journal.tool_call_id(), recovery.request_id.as_deref());
            return Ok(ending.printed(invalid.into_result().to_json(), 0, &[dismissed]));
        }
    };
    // Answered, and the host went away before it wrote the tool result: the answer is given
    // again rather than asked for a second time.
    if let Some(result) = recovery
        .completed
        .clone()
        .and_then(|details| call.recorded(details))
    {
        let dismissed =
            append::pending_dismissed(journal.tool_call_id(), recovery.request_id.as_deref());
        return Ok(ending.printed(result.to_json(), 0, &[dismissed]));
    }
    let surface = surface_for(args.ui, args.inline.rows, &args.inbox)?;
    // One `resume` asks at a time; in the inbox, the later one takes the ask over there, so
    // inbox resumes share the lock.
    let asker = match surface {
        Surface::NoUi => None,
        Surface::Inbox => Some(Asker::Inbox),
        _ => Some(Asker::Elsewhere),
    };
    // Held until the ask ends, however this process ends.
    let _held = match asker.map(|asker| try_lock(&args.session, journal.tool_call_id(), asker)) {
        Some(Tried::Held) => {
            report("another resume is asking this ask; that one gives the answer");
            let drafts = recovery.drafts_for(&call);
            let result = call.cancelled(Some(drafts.as_deref().unwrap_or(&[])));
            return Ok(ending.printed(result.to_json(), 0, &[]));
        }
        Some(Tried::Taken(lock)) => Some(lock),
        Some(Tried::Unavailable) | None => None,
    };
    let mut events = args.events.as_deref().map(EventsFile::open).transpose()?;
    // An ask journaled before it had its request id is keyed as its form opens; nothing is
    // written where no UI asks it (a host's look before it opens one would key it twice). A
    // `resume` beside this one that keyed it first is followed: both ask under its key, so an
    // inbox holds one form for them, and the later asker takes it over.
    let mut call = call;
    if recovery.request_id.is_none()
        && !matches!(surface, Surface::NoUi)
        && let Some(keyed) = journal.started_once(&call)?
        && let Ok(same) = recovery.call(options, &mut files, || keyed)
    {
        call = same;
    }
    let drafts = recovery.drafts_for(&call);
    let lifecycle = Lifecycle::new(journal.tool_call_id(), Source::AskResume);
    let events = events
        .as_mut()
        .filter(|_| !matches!(surface, Surface::NoUi));
    let asked: Asked = around(events, &lifecycle, &call, || {
        ask(&call, drafts, settings, &cwd, surface, &args.inbox)
    })?;
    asked.say_if_gone();
    let entries = journal.ended_recovered(&call, &asked);
    Ok(ending.printed(asked.result, asked.exit, &entries))
}

/// How a recovered ask's end is written: the entries that end it appended to the session, or
/// handed to the host (`--entries-for-host`).
struct Ending<'a> {
    journal: &'a AskJournal,
    for_host: bool,
}

impl Ending<'_> {
    /// The document printed for `result`: `dismissed` when `entries` end the ask (an ask no UI
    /// asked, or interrupted again, stays to recover, and a host that resumes once without a
    /// UI learns from this whether a form is to open), and the entries themselves for a host
    /// that appends them.
    fn printed(&self, result: serde_json::Value, exit: u8, entries: &[Record]) -> Outcome {
        let mut document = json!({
            "recovered": true,
            "toolCallId": self.journal.tool_call_id(),
            "dismissed": !entries.is_empty(),
        });
        if self.for_host {
            document["entries"] = entries
                .iter()
                .map(|entry| json!({"customType": entry.custom_type, "data": entry.data}))
                .collect();
        } else {
            self.journal.write(entries);
        }
        document["result"] = result;
        Outcome::json(document, exit)
    }
}

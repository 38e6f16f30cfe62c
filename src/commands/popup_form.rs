//! `popup-form FOLDER` (hidden): what a popup runs. It asks the call handed over in the private
//! folder with the full-screen questionnaire on the popup's own terminal and sends the result
//! back on its connection to the caller (see `crate::popup::handoff`).
//!
//! It stays connected to the caller while it runs; when the caller asks it to end or goes away
//! (its side of the connection closes), it ends the form as SIGTERM would, so the result keeps
//! the answers so far and the popup closes with the program. A caller that went away without
//! asking (killed) reads no result: the program removes the private folder instead.

use std::io::Read as _;
use std::os::unix::net::UnixStream;
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use pi_agent_ask_core::contract::{Call, Tool};
use pi_agent_ask_core::journal::drafts::{DraftRecord, drafts_for_call};
use pi_agent_ask_core::settings;
use pi_agent_ask_core::settling::Opening;

use super::new_request_id;
use crate::cli::PopupFormArgs;
use crate::exit::Exit;
use crate::files::FsPreviewSource;
use crate::outcome::report;
use crate::popup::handoff::{self, CallFile, ResultFile};
use crate::settings_file::SettingsFile;
use crate::tui::{self, Placement};
use crate::{interrupt, terminal};

/// Asks the handed-over call and writes its result; exits with the form's status.
pub fn run(args: &PopupFormArgs) -> Exit {
    let dir = args.folder.as_path();
    let connection = match handoff::connect(dir) {
        Ok(connection) => connection,
        Err(error) => {
            report(&format!("the caller is gone: {error}"));
            return Exit::from(1);
        }
    };
    let gone = end_when_the_caller_does(&connection);
    let (file, exit) = match ask(dir) {
        Ok((result, exit, kept)) => (ResultFile::Ended { result, exit, kept }, exit),
        Err(error) => (ResultFile::Failed { error }, 1),
    };
    // The person ended the form (a form ended from outside keeps what it held, and exits
    // `128 + n`): what they type on was meant for it.
    let ended_by_the_person = matches!(
        &file,
        ResultFile::Ended {
            exit: 0,
            kept: None,
            ..
        }
    );
    if gone.load(Ordering::SeqCst) {
        let _ = handoff::remove_orphaned(dir);
        return Exit::from(exit);
    }
    if let Err(error) = handoff::send_result(&connection, &file) {
        report(&format!("cannot hand the result back: {error}"));
        return Exit::from(1);
    }
    drop(connection);
    // The caller has the result; the popup stays until the person's typing pauses, so a key
    // meant for the form does not reach the pane under it.
    if ended_by_the_person && interrupt::received().is_none() {
        terminal::swallow_typing_until_it_pauses();
    }
    Exit::from(exit)
}

/// Raises SIGTERM on this process once the caller's side of `connection` closes: the form
/// then ends with the cancelled result, as on any SIGTERM. The flag it returns is set when the
/// side closed without sending anything first (the caller sends [`handoff::END_FORM`] to ask
/// for the end): the caller is gone.
fn end_when_the_caller_does(connection: &UnixStream) -> Arc<AtomicBool> {
    let gone = Arc::new(AtomicBool::new(false));
    let Ok(mut watched) = connection.try_clone() else {
        return gone;
    };
    let flag = Arc::clone(&gone);
    std::thread::spawn(move || {
        let mut chunk = [0; 64];
        let mut asked = false;
        while watched.read(&mut chunk).is_ok_and(|read| read > 0) {
            asked = true;
        }
        flag.store(!asked, Ordering::SeqCst);
        let _ = signal_hook::low_level::raise(signal_hook::consts::SIGTERM);
    });
    gone
}

/// What the popup hands back: the result document, the exit status, and what the form held
/// when it was ended from outside.
type Ended = (serde_json::Value, u8, Option<Vec<DraftRecord>>);

/// Reads the call, asks it in the terminal (opening with the drafts handed over) and gives
/// its result document, exit status and kept drafts.
fn ask(dir: &Path) -> Result<Ended, String> {
    let handed = handoff::read_call(dir)?;
    let settings = settings_file(&handed);
    let call = call(&handed, &settings)?;
    let drafts = handed
        .drafts
        .as_deref()
        .and_then(|records| drafts_for_call(records, &call));
    let end = tui::ask_with(
        call,
        drafts,
        settings,
        Placement::FullScreen,
        Opening::Unbidden,
        &handed.cwd,
    )
    .map_err(|error| error.to_string())?;
    let kept = end
        .kept
        .map(|drafts| drafts.iter().map(DraftRecord::from).collect());
    Ok((end.result.to_json(), end.exit, kept))
}

/// The settings file the caller read, or none when it knew no location.
fn settings_file(handed: &CallFile) -> SettingsFile {
    match handed.config.as_deref() {
        Some(path) => SettingsFile::read(Some(path)),
        None => SettingsFile {
            path: None,
            loaded: settings::load(None),
        },
    }
}

/// The call as the caller parsed it: the same arguments, presentation and request id.
fn call(handed: &CallFile, settings: &SettingsFile) -> Result<Call, String> {
    let tool: Tool = handed.tool.parse().map_err(|error| format!("{error}"))?;
    let cwd = std::env::current_dir().unwrap_or_default();
    let request_id = handed.request_id.clone();
    let mut files = FsPreviewSource::new(cwd);
    Call::parse_text(
        tool,
        handed.arguments.text(),
        super::parse_options(settings),
        &mut files,
        || request_id.unwrap_or_else(new_request_id),
    )
    .map(|call| call.with_images(handed.images))
    .map_err(|invalid| format!("the call is no longer valid: {:?}", invalid.issues()))
}

#[cfg(test)]
mod tests {
    use std::path::PathBuf;

    use pi_agent_ask_core::contract::rules::ImagePaste;
    use serde_json::json;

    use super::*;
    use crate::commands::parse_call_with;

    #[test]
    fn a_call_handed_to_the_popup_is_parsed_back_to_the_same_call() {
        let dir = tempfile::tempdir().expect("a folder");
        std::fs::write(dir.path().join("plan.md"), "# Plan\n").expect("written");
        let settings = SettingsFile::read(Some(&dir.path().join("missing.json")));
        let arguments = json!({"questions": [{
            "id": "db", "prompt": "Which database?",
            "options": [{"value": "postgres", "previewFile": "plan.md"}, {"value": "sqlite"}]
        }]});
        for tool in [Tool::AskUser, Tool::AskUserQuestion] {
            let arguments = if tool == Tool::AskUser {
                arguments.clone()
            } else {
                json!({"questions": [{"question": "Which?", "header": "DB", "multiSelect": false,
                    "options": [{"label": "A", "description": "a"},
                                {"label": "B", "description": "b"}]}]})
            };
            let original = parse_call_with(tool, &arguments, dir.path().to_path_buf(), &settings)
                .expect("a valid call");
            let handed = CallFile {
                tool: original.tool().name().to_owned(),
                request_id: original.request_id().map(str::to_owned),
                arguments: crate::away::ArgumentsText::of(&original.arguments_view()),
                config: Some(PathBuf::from("/nowhere/settings.json")),
                cwd: dir.path().to_path_buf(),
                drafts: None,
                images: original.rules().images,
            };
            assert_eq!(call(&handed, &settings), Ok(original.clone()));
            let text_only = original.with_images(ImagePaste::Unsupported);
            let handed = CallFile {
                images: text_only.rules().images,
                ..handed
            };
            assert_eq!(
                call(&handed, &settings),
                Ok(text_only),
                "a form for a host whose answers are text"
            );
        }
    }
}

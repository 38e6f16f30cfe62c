//! The program's one effect handler: what the effects of every surface it runs do (the
//! terminal ask, `settings`, `render`, plain dialogs), and the exit status a run ends with.
//!
//! One type, so a surface behaves the same wherever it runs; `render` uses it too, configured
//! for a dry run, so its screens show what the terminal would without touching the machine.

use std::path::{Path, PathBuf};

use pi_agent_ask_core::effect::Effect;
use pi_agent_ask_core::input::{ClipboardImage, ClipboardProblem, FileCandidates, Input};
use pi_agent_ask_core::runner::{Handler, Step};
use pi_agent_ask_core::settings::Change;
use pi_agent_ask_crossterm::notify;

use crate::arrivals::Courier;
use crate::clipboard;
use crate::file_search::{FileSearch, Paths};
use crate::settings_file::SettingsFile;

/// Whether the effects reach the machine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Saves write the settings file, notifications are sent.
    Live,
    /// Saves are applied in memory with the refusals a real save has, and nothing is
    /// written; notifications are dropped.
    DryRun,
}

/// How a run ended, for its exit status.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Ending<'a> {
    /// The handler finished the run on this effect.
    Finished(&'a Effect),
    /// The surface came back with its tool result on its own (plain dialogs).
    Answered,
    /// This signal ended the run.
    Signal(i32),
    /// The surface panicked.
    Panicked,
    /// The terminal failed.
    Failed,
}

/// How the surface was opened, which decides what its [`Effect::Close`] does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Opened {
    /// Over the work it belongs to (the settings overlay over a form): a close returns to it.
    OverWork,
    /// Alone (the settings overlay as a command): a close ends the run.
    Alone,
}

/// Where the paths of `@` references come from.
enum Files {
    /// Nowhere: the surface has no editors, or nothing can look.
    Nowhere,
    /// Walked and ranked at once, in the handler (`render`: the same screens every run); the
    /// walk of `root` is set up at the first reference, as reading the ignore files costs a
    /// render that makes none more than its drawing.
    AtOnce {
        /// The folder the paths are under.
        root: PathBuf,
        /// The walk, once a reference asked for it.
        paths: Option<Box<Paths>>,
    },
    /// A search thread, whose batches reach the run loop on their own.
    Searching(FileSearch),
}

/// Where clipboard images come from.
enum Clipboard {
    /// Nowhere: every read finds the clipboard unavailable.
    Nowhere,
    /// The image a script put there ([`Effects::stage_clipboard`]), taken by the next read;
    /// empty otherwise (`render`).
    Staged(Option<Vec<u8>>),
    /// The system clipboard, read on a thread whose outcome reaches the run loop on its own.
    System(Courier),
}

/// The program's effect handler, over the settings file of the run.
pub struct Effects {
    file: SettingsFile,
    mode: Mode,
    opened: Opened,
    files: Files,
    clipboard: Clipboard,
}

impl Effects {
    /// The handler of a surface opened over the work it belongs to (a form): a close only
    /// returns to it.
    pub const fn new(file: SettingsFile, mode: Mode) -> Self {
        Self {
            file,
            mode,
            opened: Opened::OverWork,
            files: Files::Nowhere,
            clipboard: Clipboard::Nowhere,
        }
    }

    /// The same handler reading the system clipboard for image pastes, delivering each
    /// outcome through `courier`.
    #[must_use]
    pub fn reading_clipboard_with(mut self, courier: Courier) -> Self {
        self.clipboard = Clipboard::System(courier);
        self
    }

    /// The same handler with a clipboard only a script fills (`render`).
    #[must_use]
    pub fn with_scripted_clipboard(mut self) -> Self {
        self.clipboard = Clipboard::Staged(None);
        self
    }

    /// Puts image `bytes` on the scripted clipboard, for the next read to take.
    pub fn stage_clipboard(&mut self, bytes: Vec<u8>) {
        self.clipboard = Clipboard::Staged(Some(bytes));
    }

    /// Empties the scripted clipboard.
    pub fn clear_clipboard(&mut self) {
        if let Clipboard::Staged(staged) = &mut self.clipboard {
            *staged = None;
        }
    }

    /// The same handler answering `@` references with paths under `root`, walked and ranked
    /// as they are asked for, before the next input (`render`).
    #[must_use]
    pub fn finding_files_at_once(mut self, root: &Path) -> Self {
        self.files = Files::AtOnce {
            root: root.to_path_buf(),
            paths: None,
        };
        self
    }

    /// The same handler passing `@` references to a search thread, whose batches come back
    /// through the run loop's external inputs.
    #[must_use]
    pub fn finding_files_with(mut self, search: FileSearch) -> Self {
        self.files = Files::Searching(search);
        self
    }

    /// The same handler for a surface opened alone (the settings overlay), whose close ends
    /// the run.
    #[must_use]
    pub const fn opened_alone(mut self) -> Self {
        self.opened = Opened::Alone;
        self
    }

    /// The exit status of a run that ended so: 0 for a result (or a surface opened alone,
    /// closed: only then does a close finish a run), `128 + n` after signal `n`, 101 after a
    /// panic, 1 for any other end.
    pub fn exit_status(ending: Ending<'_>) -> u8 {
        match ending {
            Ending::Finished(Effect::Finish(_) | Effect::Close) | Ending::Answered => 0,
            Ending::Signal(number) => u8::try_from(128 + number).unwrap_or(u8::MAX),
            Ending::Panicked => 101,
            Ending::Finished(_) | Ending::Failed => 1,
        }
    }

    /// Saves a change as the mode says; the message of a failure.
    fn save(&mut self, change: Change) -> Result<(), String> {
        match self.mode {
            Mode::Live => self.file.save(change),
            Mode::DryRun => self.file.save_in_memory(change),
        }
    }
}

impl Handler for Effects {
    fn on_effect(&mut self, effect: &Effect) -> Step {
        match effect {
            Effect::Finish(_) => Step::Finish,
            Effect::Close if self.opened == Opened::Alone => Step::Finish,
            Effect::SaveSettings(change) => {
                Step::Feed(vec![Input::SettingsSaved(self.save(*change))])
            }
            Effect::Notify(notification) => {
                if self.mode == Mode::Live {
                    notify::announce(&self.file.settings().notifications, notification);
                }
                Step::Feed(Vec::new())
            }
            // A reply goes to an inbox's asker, which only the inbox's own handler knows.
            Effect::StopAgent
            | Effect::Reply { .. }
            | Effect::HandBack { .. }
            | Effect::Hold { .. } => Step::Keep,
            Effect::ReadClipboardImage(read) => match &mut self.clipboard {
                Clipboard::Nowhere => Step::Feed(vec![Input::ClipboardImage(ClipboardImage {
                    read: read.read,
                    outcome: Err(ClipboardProblem::Unavailable),
                })]),
                Clipboard::Staged(staged) => {
                    Step::Feed(vec![Input::ClipboardImage(ClipboardImage {
                        read: read.read,
                        outcome: staged.take().ok_or(ClipboardProblem::Empty),
                    })])
                }
                Clipboard::System(courier) => {
                    clipboard::start_read(*read, courier.clone());
                    Step::Feed(Vec::new())
                }
            },
            Effect::FindFiles(query) => match &mut self.files {
                Files::Nowhere => Step::Feed(Vec::new()),
                Files::AtOnce { root, paths } => {
                    let paths = paths.get_or_insert_with(|| Box::new(Paths::new(root)));
                    let (found, searched) = paths.search_all(&query.query);
                    Step::Feed(vec![Input::FileCandidates(FileCandidates {
                        generation: query.generation,
                        paths: found,
                        searched,
                    })])
                }
                Files::Searching(search) => {
                    search.ask(query.clone());
                    Step::Feed(Vec::new())
                }
            },
            Effect::OpenSettings | Effect::Close | Effect::StartTimer(_) => Step::Feed(Vec::new()),
        }
    }
}

#[cfg(all(test, unix))]
#[path = "effects_tests.rs"]
mod tests;

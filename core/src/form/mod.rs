//! The ask flow as a pure state machine with an immediate-mode view.
//!
//! A [`Form`] is built from a tool [`Call`] and the user's settings ([`FormConfig`]). The
//! frontend feeds it [`Input`]s through
//! [`Surface::handle`], carries out the [`Effect`]s it answers with, and paints the [`Frame`]
//! that [`Surface::draw`] returns for the current screen size. One state machine serves both
//! tools; what differs between them is data the call hands out ([`Rules`]).
//!
//! Answers live in the contract's [`Draft`]s, one per question, and every result comes from the
//! call, so the form decides *what* was answered and never how a result looks.
//!
//! Keys, in the default keymaps (every one but the fixed digits is configurable):
//!
//! - `tab`/`right`, `shift+tab`/`left`: next and previous tab, wrapping around;
//! - `down`, `up`: next and previous option (or final-tab action), wrapping around;
//! - `enter`: on a single-select or preview question, select the highlighted option and go to
//!   the next tab; on a multi-select question, confirm the set and go on; on the free-form row,
//!   open its editor (on a multi-select question whose written answer is chosen, confirm the
//!   set there too; `space` unchooses it, and `enter` then opens it); on the final tab, run the
//!   highlighted action;
//! - `space`: select (single) or toggle (multi) the highlighted option without moving on; on
//!   the option a single-select question has selected, deselect it;
//! - `1`..`9`: highlight that row and act as `enter` (single) or `space` (multi); on the final
//!   tab, run action 1..3 (twice in a row with double-press review shortcuts; a Submit that
//!   would be refused says why at the first press);
//! - `home`, `end`: highlight the first and the last row of the list (the final tab's first
//!   and last action); in an editor, the start and the end of the line;
//! - `pageUp`, `pageDown`: move the highlight a page up or down the list, stopping at its ends
//!   (a highlight inside the page goes to its edge first; the next press turns the page, the
//!   row at one edge shown at the other); on preview questions they scroll the preview a page
//!   instead, on the final tab the summary, and in an editor they move its cursor a page; a
//!   page always shares a line with the one before, so no line is on no page. The footer says
//!   which (`scroll preview`, `jump` on lists longer than the screen);
//! - `shift+up`, `shift+down`: page a prompt too long to show whole (also while an editor is
//!   open; the prompt's position line names them), or the summary on the final tab; the mouse
//!   wheel over the prompt, the preview or the summary scrolls it too;
//!
//!   these navigation keys are in no keymap (the settings file's keymaps are unchanged); a
//!   keymap that binds one of them to an action takes it over;
//! - `t`: switch single <-> multi (preview <-> multi); leaving multi-select with more than one
//!   selection needs `t` again and then clears the selections (the written text and the notes
//!   stay);
//! - `n`, `shift+n`: option note, question note;
//! - `/`: find an option by typing (see `find`): the highlight goes to the next option whose
//!   label holds the text, `down`/`up` to the next and previous match, `enter` ends the find
//!   and acts as `enter`, `esc` ends it; while finding, letters and digits are text;
//! - `esc`: cancel the flow; `ctrl+c`: dismiss it (each twice when answers would be lost, with
//!   `confirmDismissWhenDirty` where the rules follow it, and the warning names the key to
//!   press again; `ask_user_question` has no such setting and ends at once); the final tab's
//!   Cancel action is chosen on purpose and cancels without that confirmation;
//! - `?`: ask for the settings overlay ([`Effect::OpenSettings`]; also from an empty editor),
//!   which offers the settings this form reads (see `settings`);
//! - in editors: `enter` submits (saves a note), `esc` saves the text as submitting does (the
//!   answer, or the note) and closes without moving on (on a free-form question, with nothing
//!   behind its editor, `esc` cancels the flow instead), `ctrl+c` dismisses the flow without
//!   saving it, `alt+enter` inserts a line break (so does `shift+enter` where the terminal
//!   tells it from `enter`; most send the same carriage return for both, so the hint names
//!   `alt+enter`), `up` and `down` move by the rows a long line wraps to, as they show, and
//!   while the editor is empty the navigation keys move tabs and options;
//!   on a multi-select question whose answer is options or text, with options ticked, the
//!   open editor says that saving text replaces them, and `esc` keeps the text beside them,
//!   its row not chosen, instead; saved text drops its trailing blank
//!   lines (a line break typed last, with `enter` when another key submits, is no part of it);
//! - in editors, `@` and then text: a list of the matching paths under the working directory,
//!   asked for with [`Effect::FindFiles`] and filled by [`Input::FileCandidates`] (see
//!   `references`); while it shows, `up`/`down` move in it, `tab`/`enter` insert the
//!   highlighted path and `esc` closes it;
//! - in editors, `ctrl+v` attaches the clipboard's image ([`Effect::ReadClipboardImage`],
//!   answered by [`Input::ClipboardImage`]) and `ctrl+alt+d` removes the last one (see
//!   `images`).
//!
//! The footer names the keys for the focused part in its rows; when they need more rows than
//! the screen gives, the least needed hints go first (notes, the type change, the jumps and the
//! shortcuts, then the tabs, then moving), and how to confirm and how to leave always stay.
//!
//! The mouse hits exactly what the last frame showed where it showed it (a frame drawn for
//! another tab than the active one hits nothing):
//!
//! - a click on a tab goes to it, with the side effects of `tab`/`shift+tab` pressed until
//!   there (the dirty-dismiss warning clears); the `‹`/`›` markers stand for the nearest
//!   hidden tab;
//! - a click on an option row, on any of its lines, highlights it and acts as `space` on it;
//! - a click on a final-tab action highlights it, and a second click on it in a row runs it,
//!   so a stray click never finishes the flow (a Submit that would be refused says why at the
//!   first click);
//! - with an editor open, a click inside it does nothing, and a click that acts elsewhere
//!   first saves the text and closes the editor as `esc` does (on a free-form question, where
//!   `esc` would cancel, the text is saved and the click goes on);
//! - the wheel over the list moves the highlight one row, stopping at both ends (not while
//!   an editor is open; turned up with the first row highlighted, it scrolls a cut prompt
//!   back instead), over the final tab's actions it moves among them, and over a cut prompt,
//!   the preview or the summary it scrolls three rows;
//! - a mouse action that does something clears the notice and pending confirmations as a key
//!   does; any other changes nothing: a click outside every region, on the active tab, on
//!   blank list room, in the preview or the summary, and the wheel anywhere else.

mod answer;
mod config;
mod confirm;
mod drafts;
mod editor;
mod find;
mod images;
mod kept;
mod keys;
mod mouse;
mod navigate;
mod notes;
mod open;
mod paging;
mod preview;
mod reference_keys;
mod references;
mod result;
mod review;
mod settings;
mod state;
mod view;

#[cfg(test)]
pub(crate) mod tests;

use crate::contract::Call;
use crate::contract::answers::Draft;
use crate::contract::request::Question;
use crate::draw::{Frame, Size};
use crate::effect::{Effect, Surface};
use crate::input::Input;
use crate::settings_panel::LiveSettings;

pub use crate::contract::rules::{FinalTab, ReviewAction, Rules};
pub use config::FormConfig;
pub use view::WIDE_PREVIEW_COLUMNS;

use references::Held;
use state::{Focus, Phase, State};
use view::ViewMemory;

/// One ask flow: questions on tabs, a final review or submit tab, editors and notes.
#[derive(Debug)]
pub struct Form {
    call: Call,
    config: FormConfig,
    state: State,
    memory: ViewMemory,
}

impl Form {
    /// A form on its first tab for `call`, following the call's rules.
    pub fn new(call: Call, config: &FormConfig) -> Self {
        let state = State::new(call.request().questions.len());
        let mut form = Self {
            call,
            config: config.clone(),
            state,
            memory: ViewMemory::default(),
        };
        form.enter_tab(0);
        form
    }

    /// Takes new settings (behaviour switches, keymaps) while the form is open. With
    /// auto-submit newly on, a form on its final tab with every question answered and no
    /// notes finishes at once.
    pub fn apply_config(&mut self, config: &FormConfig) -> Vec<Effect> {
        self.config = config.clone();
        if self.state.phase == Phase::Open
            && matches!(self.state.focus, Focus::Review)
            && self.should_auto_submit()
        {
            return self.finish_submit();
        }
        Vec::new()
    }

    /// The same form showing `notices` (about the settings it opened with) until the first key.
    #[must_use]
    pub fn with_opening_notices(mut self, notices: Vec<String>) -> Self {
        self.state.opening_notices = notices;
        self
    }

    /// The rules the form follows.
    pub const fn rules(&self) -> &Rules {
        self.call.rules()
    }

    /// The call the form asks.
    pub const fn call(&self) -> &Call {
        &self.call
    }

    /// The settings the form runs with.
    pub const fn config(&self) -> &FormConfig {
        &self.config
    }

    /// The questions as presented (types reflect type changes).
    pub fn questions(&self) -> &[Question] {
        &self.call.request().questions
    }

    /// The answers so far, one draft per question.
    pub fn drafts(&self) -> &[Draft] {
        &self.state.drafts
    }

    /// Whether a result was emitted.
    pub fn is_finished(&self) -> bool {
        self.state.phase == Phase::Finished
    }

    /// The form drawn for a screen of `size` as it was left, even once it has finished (when
    /// [`Surface::draw`] draws nothing), `line` in place of its key hints: what an answer
    /// inbox keeps on the screen, taking no keys, until the next form of the same asker takes
    /// its place.
    pub fn draw_as_left(&self, size: Size, line: &str) -> Frame {
        self.render_as_left(size, view::Footer::Says(line))
    }

    /// The number of tabs: one per question, plus the final tab when the rules have one.
    fn tab_count(&self) -> usize {
        self.call.request().questions.len() + usize::from(self.rules().final_tab.is_some())
    }

    /// The active question with its index, or `None` on the final tab.
    fn active_question(&self) -> Option<(usize, &Question)> {
        self.call
            .request()
            .questions
            .get(self.state.tab)
            .map(|question| (self.state.tab, question))
    }

    /// Whether the question offers the free-form row (every question but a free-form one,
    /// which is answered in its editor alone).
    fn has_custom_row(question: &Question) -> bool {
        !question.options.is_empty()
    }

    /// How many rows the question's list has.
    fn row_count(question: &Question) -> usize {
        question.options.len() + usize::from(Self::has_custom_row(question))
    }
}

impl Surface for Form {
    fn open(&mut self) -> Vec<Effect> {
        self.opening_effects()
    }

    fn handle(&mut self, input: Input) -> Vec<Effect> {
        if self.state.phase == Phase::Finished {
            return Vec::new();
        }
        match input {
            Input::Key(key) => self.handle_key(key),
            Input::Paste(text) => match self.awaiting_list() {
                // Pasted after a key that awaits paths: it follows the path.
                Some(list) => {
                    list.held.push(Held::Paste(text));
                    Vec::new()
                }
                None => self.paste(&text),
            },
            Input::FileCandidates(batch) => self.receive_files(batch),
            Input::ClipboardImage(image) => {
                self.receive_image(image);
                Vec::new()
            }
            Input::Mouse(mouse) => self.handle_mouse(mouse),
            Input::Settings(settings) => LiveSettings::apply_settings(self, &settings),
            Input::Resize(_) | Input::TimerFired(_) | Input::SettingsSaved(_) | Input::Inbox(_) => {
                Vec::new()
            }
        }
    }

    fn draw(&self, size: Size) -> Frame {
        self.render(size)
    }
}

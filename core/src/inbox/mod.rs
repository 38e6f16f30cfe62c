//! The answer inbox: the asks of every agent on the machine, one form at a time.
//!
//! Asks arrive as [`InboxEvent::Arrived`] and wait in arrival order (first in, first out).
//! With nothing waiting the inbox shows its idle screen; otherwise the oldest ask's form,
//! under a label line saying where it came from. The form's [`Effect::Finish`] becomes an
//! [`Effect::Reply`] to that ask's asker, and the next form shows. An asker that goes away
//! ([`InboxEvent::Withdrawn`]) takes its form with it at once (the idle screen then says who
//! took which question back, when it was the one shown); a form the person had started
//! is set aside, so an asker that reconnects with the same ask id finds it as it was left. An
//! asker ended from outside recalls its ask ([`InboxEvent::Recalled`]) and is handed what the
//! form holds ([`Effect::HandBack`]), so its journal can reopen the form elsewhere.
//! A form coming to the front appears unbidden: it takes the person's input only once their
//! typing has paused ([`crate::settling`]), so keys meant for the form before it never answer it.
//! The label's count of asks waiting after the front one takes in the forms each asker holds
//! back behind its own ([`InboxEvent::Behind`]): an MCP server sends its queue one form at a
//! time.
//! `ctrl+c` on the idle screen closes the inbox (once it has settled after the last form left,
//! so a `ctrl+c` meant for that form does not); closing it any other way ([`Inbox::close`])
//! replies to every waiting ask with its cancelled result, keeping the answers typed so far.

mod set_aside;
mod view;

#[cfg(test)]
mod behind_tests;
#[cfg(test)]
mod tests;

use std::collections::VecDeque;

use crate::draw::{Frame, Pos, Size};
use crate::effect::{Effect, FileQuery, ReplyReason, Surface};
use crate::form::{Form, FormConfig};
use crate::input::{Arrival, AskId, AskOrigin, InboxEvent, Input, Mouse, Timer};
use crate::keys::{Key, KeyCode, Modifiers};
use crate::settings_panel::WithSettings;
use crate::settling::{Opening, Settling};

use set_aside::SetAside;
use view::TakenBack;

/// The rows above the form: its label line.
const LABEL_ROWS: u16 = 1;

/// One ask waiting in the inbox, with its form.
#[derive(Debug)]
struct Entry {
    ask: AskId,
    origin: AskOrigin,
    host: Settling<WithSettings<Form>>,
    /// Whether the person has done anything on the form yet (keys, pastes, the mouse).
    touched: bool,
    /// Whether the form has been shown (and so announced itself).
    opened: bool,
    /// How many more forms its asker holds back behind it.
    behind: usize,
}

impl Entry {
    /// The form for `arrival`, under the settings overlay naming the settings file as
    /// `config_path`: the questionnaire as the terminal composes it.
    fn new(arrival: Arrival, config_path: &str) -> Self {
        let Arrival {
            ask,
            origin,
            call,
            settings,
            notices,
            drafts,
            behind,
        } = arrival;
        let config = FormConfig {
            behaviour: settings.behaviour,
            keymaps: settings.keymaps.clone(),
        };
        let started = drafts.is_some();
        let mut form = Form::new(call, &config).with_opening_notices(notices.clone());
        if let Some(drafts) = drafts {
            form = form.with_drafts(drafts);
        }
        Self {
            ask,
            origin,
            host: Settling::new(
                WithSettings::new(form, settings, notices, config_path),
                Opening::Unbidden,
            ),
            touched: started,
            opened: false,
            behind,
        }
    }

    /// The form, under its settings overlay and its settling.
    fn form(&self) -> &Form {
        self.host.inner().inner()
    }

    /// The reply this ask gets when the inbox closes: cancelled, with the answers so far, an
    /// open editor's text included, as any form ended from outside keeps them.
    fn cancelled_reply(&self) -> Effect {
        Effect::Reply {
            ask: self.ask.clone(),
            result: Box::new(self.form().interrupted_result()),
            reason: ReplyReason::InboxClosing,
        }
    }
}

/// Whether `ctrl+c` on the idle screen closes the inbox.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum IdleKeys {
    /// It does.
    Taking,
    /// A form has just left the screen: keys are ignored until the typing pauses, as a form
    /// that came to the front ignores them, so a `ctrl+c` meant for that form does not close
    /// the inbox.
    Settling,
}

/// Whether the inbox still takes asks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    /// Asks are shown and answered.
    Open,
    /// Closed: every ask was answered, and nothing more is.
    Closed,
}

/// Who an input for the front form comes from: only the person's inputs mark it started.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum By {
    /// Keys, pastes, the mouse.
    Person,
    /// Resizes, timers, settings.
    Program,
}

/// The inbox surface: its queue of asks, the forms set aside, and what it shows.
#[derive(Debug)]
pub struct Inbox {
    name: String,
    config_path: String,
    waiting: VecDeque<Entry>,
    set_aside: SetAside,
    taken_back: Option<TakenBack>,
    idle_keys: IdleKeys,
    size: Size,
    phase: Phase,
}

impl Inbox {
    /// An empty inbox called `name`, whose forms' settings overlay names the settings file
    /// as `config_path`.
    pub fn new(name: impl Into<String>, config_path: impl Into<String>) -> Self {
        Self {
            name: name.into(),
            config_path: config_path.into(),
            waiting: VecDeque::new(),
            set_aside: SetAside::default(),
            taken_back: None,
            idle_keys: IdleKeys::Taking,
            size: Size::default(),
            phase: Phase::Open,
        }
    }

    /// The ids of the asks waiting, the one shown first.
    pub fn waiting(&self) -> impl Iterator<Item = &AskId> {
        self.waiting.iter().map(|entry| &entry.ask)
    }

    /// Whether the inbox was closed.
    pub fn is_closed(&self) -> bool {
        self.phase == Phase::Closed
    }

    /// Closes the inbox: every waiting ask is answered with its cancelled result (the shown
    /// one keeping the answers typed so far), in arrival order; later arrivals are ignored.
    pub fn close(&mut self) -> Vec<Effect> {
        self.phase = Phase::Closed;
        self.waiting
            .drain(..)
            .map(|entry| entry.cancelled_reply())
            .collect()
    }

    /// Takes an ask in: at the back of the queue, or, for an ask id already waiting, nowhere
    /// (the asker reconnected before its first connection was seen to close).
    fn arrive(&mut self, arrival: Arrival) -> Vec<Effect> {
        if self.waiting.iter().any(|entry| entry.ask == arrival.ask) {
            return Vec::new();
        }
        let entry = match self.set_aside.take(&arrival.ask, &arrival.call.arguments()) {
            Some(kept) => Entry {
                behind: arrival.behind,
                ..kept
            },
            None => Entry::new(arrival, &self.config_path),
        };
        self.waiting.push_back(entry);
        if self.waiting.len() == 1 {
            self.show_front()
        } else {
            Vec::new()
        }
    }

    /// Takes an ask out because its asker went away; a started form is set aside.
    fn withdraw(&mut self, ask: &AskId) -> Vec<Effect> {
        let Some(index) = self.waiting.iter().position(|entry| entry.ask == *ask) else {
            return Vec::new();
        };
        let Some(entry) = self.waiting.remove(index) else {
            return Vec::new();
        };
        if index == 0 {
            self.taken_back = Some(TakenBack {
                origin: entry.origin.clone(),
                title: entry.form().call().title().map(str::to_owned),
            });
        }
        if entry.touched {
            self.set_aside.keep(entry);
        }
        if index == 0 {
            self.show_front()
        } else {
            Vec::new()
        }
    }

    /// Takes an ask out because its asker is being ended, handing it what the form holds;
    /// a started form is also set aside, as for any asker that goes away.
    fn recall(&mut self, ask: &AskId) -> Vec<Effect> {
        let Some(entry) = self.waiting.iter().find(|entry| entry.ask == *ask) else {
            return Vec::new();
        };
        let drafts = entry.form().kept_drafts();
        let mut effects = vec![Effect::HandBack {
            ask: ask.clone(),
            drafts,
        }];
        effects.extend(self.withdraw(ask));
        effects
    }

    /// Shows the form at the front: it hears the screen's size, settles, and, the first
    /// time, announces itself. With none left, the idle screen settles.
    fn show_front(&mut self) -> Vec<Effect> {
        let size = form_size(self.size);
        let Some(front) = self.waiting.front_mut() else {
            self.idle_keys = IdleKeys::Settling;
            return vec![Effect::StartTimer(Timer::Settling)];
        };
        self.taken_back = None;
        let mut effects = front.host.handle(Input::Resize(size));
        if front.opened {
            effects.extend(front.host.settle());
        } else {
            front.opened = true;
            effects.extend(front.host.open());
        }
        let effects = searched_from(&front.origin.cwd, effects);
        self.replies(effects)
    }

    /// Hands an input to the form shown; its finish answers its asker and shows the next.
    fn hand_front(&mut self, input: Input, by: By) -> Vec<Effect> {
        let Some(front) = self.waiting.front_mut() else {
            return Vec::new();
        };
        front.touched |= by == By::Person && !front.host.is_settling();
        let effects = searched_from(&front.origin.cwd, front.host.handle(input));
        self.replies(effects)
    }

    /// The front form's effects for the program: a finish becomes the reply to its asker,
    /// and the next form shows.
    fn replies(&mut self, effects: Vec<Effect>) -> Vec<Effect> {
        let mut out = Vec::with_capacity(effects.len());
        let mut finished = false;
        for effect in effects {
            match effect {
                Effect::Finish(result) if !finished => {
                    finished = true;
                    if let Some(entry) = self.waiting.pop_front() {
                        out.push(Effect::Reply {
                            ask: entry.ask,
                            result: Box::new(result),
                            reason: ReplyReason::FormEnded,
                        });
                    }
                }
                Effect::Finish(_) => {}
                other => out.push(other),
            }
        }
        if finished {
            out.extend(self.show_front());
        }
        out
    }

    /// A key on the idle screen: `ctrl+c` closes the inbox, unless a form has just left.
    fn idle_key(&mut self, key: Key) -> Vec<Effect> {
        if self.idle_keys == IdleKeys::Settling {
            vec![Effect::StartTimer(Timer::Settling)]
        } else if key == Key::new(KeyCode::Char('c'), Modifiers::CTRL) {
            let mut effects = self.close();
            effects.push(Effect::Close);
            effects
        } else {
            Vec::new()
        }
    }
}

impl Surface for Inbox {
    fn handle(&mut self, input: Input) -> Vec<Effect> {
        if self.phase == Phase::Closed {
            return Vec::new();
        }
        match input {
            Input::Inbox(InboxEvent::Arrived(arrival)) => self.arrive(*arrival),
            Input::Inbox(InboxEvent::Withdrawn(ask)) => self.withdraw(&ask),
            Input::Inbox(InboxEvent::Recalled(ask)) => self.recall(&ask),
            Input::Inbox(InboxEvent::Behind { ask, count }) => {
                if let Some(entry) = self.waiting.iter_mut().find(|entry| entry.ask == ask) {
                    entry.behind = count;
                }
                Vec::new()
            }
            Input::Key(key) if self.waiting.is_empty() => self.idle_key(key),
            Input::TimerFired(Timer::Settling) if self.waiting.is_empty() => {
                self.idle_keys = IdleKeys::Taking;
                Vec::new()
            }
            Input::Key(_) | Input::Paste(_) => self.hand_front(input, By::Person),
            Input::Mouse(mouse) => match below_label(mouse) {
                Some(mouse) => self.hand_front(Input::Mouse(mouse), By::Person),
                None => Vec::new(),
            },
            Input::Resize(size) => {
                self.size = size;
                self.hand_front(Input::Resize(form_size(size)), By::Program)
            }
            Input::TimerFired(_)
            | Input::SettingsSaved(_)
            | Input::Settings(_)
            | Input::FileCandidates(_)
            | Input::ClipboardImage(_) => self.hand_front(input, By::Program),
        }
    }

    fn draw(&self, size: Size) -> Frame {
        match self.waiting.front() {
            None => view::idle(&self.name, self.taken_back.as_ref(), size),
            Some(front) => view::labelled(
                &front.origin,
                front.form().call().title(),
                self.waiting.len() - 1
                    + self.waiting.iter().map(|entry| entry.behind).sum::<usize>(),
                &front.host.draw(form_size(size)),
                size,
            ),
        }
    }
}

/// A form's effects with its `@` references searched in its asker's directory, not the
/// inbox's.
fn searched_from(cwd: &str, effects: Vec<Effect>) -> Vec<Effect> {
    effects
        .into_iter()
        .map(|effect| match effect {
            Effect::FindFiles(query) => Effect::FindFiles(FileQuery {
                root: Some(cwd.to_owned()),
                ..query
            }),
            other => other,
        })
        .collect()
}

/// The room the form gets under its label line.
const fn form_size(size: Size) -> Size {
    Size::new(size.width, size.height.saturating_sub(LABEL_ROWS))
}

/// A mouse action in the form's own cells; none on the label line.
fn below_label(mouse: Mouse) -> Option<Mouse> {
    let shift = |pos: Pos| Some(Pos::new(pos.x, pos.y.checked_sub(LABEL_ROWS)?));
    Some(match mouse {
        Mouse::Click(pos) => Mouse::Click(shift(pos)?),
        Mouse::ScrollUp(pos) => Mouse::ScrollUp(shift(pos)?),
        Mouse::ScrollDown(pos) => Mouse::ScrollDown(shift(pos)?),
    })
}

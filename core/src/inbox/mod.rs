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
//! time, and its next form takes the front place its last one left (`next_place`).
//! `ctrl+c` on the idle screen closes the inbox (once it has settled after the last form left,
//! so a `ctrl+c` meant for that form does not); closing it any other way ([`Inbox::close`])
//! replies to every waiting ask with its cancelled result, keeping the answers typed so far.
//!
//! [`InboxEvent::Arrived`]: crate::input::InboxEvent::Arrived
//! [`InboxEvent::Withdrawn`]: crate::input::InboxEvent::Withdrawn
//! [`InboxEvent::Recalled`]: crate::input::InboxEvent::Recalled
//! [`InboxEvent::Behind`]: crate::input::InboxEvent::Behind

mod entry;
mod next_place;
mod set_aside;
mod surface;
mod view;

#[cfg(test)]
mod behind_tests;
#[cfg(test)]
mod tests;

use std::collections::VecDeque;

use crate::draw::Size;
use crate::effect::{Effect, FileQuery, ReplyReason, Surface};
use crate::input::{Arrival, AskId, Input, Timer};
use crate::keys::{Key, KeyCode, Modifiers};

use entry::Entry;
use next_place::NextPlace;
use set_aside::{SetAside, Taken};
use view::TakenBack;

/// The rows above the form: its label line.
const LABEL_ROWS: u16 = 1;

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
    /// What is wrong with the inbox's own settings file, for the idle screen.
    settings_notices: Vec<String>,
    waiting: VecDeque<Entry>,
    set_aside: SetAside,
    taken_back: Option<TakenBack>,
    idle_keys: IdleKeys,
    size: Size,
    phase: Phase,
    /// The front place kept for the next ask of an asker that holds more back.
    next_place: Option<NextPlace>,
    /// Whether a [`Timer::HoldDrafts`] runs: the front form's asker is handed what it holds
    /// when it fires.
    holding: bool,
}

impl Inbox {
    /// An empty inbox called `name`, whose forms' settings overlay names the settings file
    /// as `config_path`.
    pub fn new(name: impl Into<String>, config_path: impl Into<String>) -> Self {
        Self {
            name: name.into(),
            config_path: config_path.into(),
            settings_notices: Vec::new(),
            waiting: VecDeque::new(),
            set_aside: SetAside::default(),
            taken_back: None,
            idle_keys: IdleKeys::Taking,
            size: Size::default(),
            phase: Phase::Open,
            next_place: None,
            holding: false,
        }
    }

    /// The same inbox, its idle screen saying `notices`: what is wrong with its settings file.
    #[must_use]
    pub fn with_settings_notices(mut self, notices: Vec<String>) -> Self {
        self.settings_notices = notices;
        self
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
        self.next_place = None;
        self.waiting
            .drain(..)
            .map(|entry| entry.cancelled_reply())
            .collect()
    }

    /// Takes an ask in: at the back of the queue, at the front when the place there is kept
    /// for its asker, or, for an ask id already waiting, nowhere (the asker reconnected before
    /// its first connection was seen to close).
    fn arrive(&mut self, arrival: Arrival) -> Vec<Effect> {
        if self.waiting.iter().any(|entry| entry.ask == arrival.ask) {
            return Vec::new();
        }
        let takes_place = self.takes_kept_place(&arrival);
        let entry = match self.set_aside.take(
            &arrival.ask,
            &arrival.call.arguments(),
            arrival.drafts.as_deref(),
        ) {
            // Its asker holds what it journaled, not what this copy held: the first change goes.
            Some(Taken::Whole(kept)) => Entry {
                behind: arrival.behind,
                holds: arrival.holds,
                held: None,
                ..*kept
            },
            Some(Taken::Merged(drafts)) => Entry::opening(arrival, &self.config_path, drafts),
            None => Entry::new(arrival, &self.config_path),
        };
        if takes_place {
            self.waiting.push_front(entry);
            return self.release_place();
        }
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
        let taken_back = (index == 0 && self.next_place.is_none()).then(|| TakenBack {
            origin: entry.origin.clone(),
            title: entry.form().call().title().map(str::to_owned),
        });
        if entry.touched {
            self.set_aside.keep(entry);
        }
        if index != 0 {
            return Vec::new();
        }
        // Named on the idle screen, or over the form that took its place until that form takes
        // the person's input: either way the person learns where the form they saw went.
        let effects = self.show_front();
        self.taken_back = taken_back;
        effects
    }

    /// Takes an ask out because its asker is being ended, handing it what the form holds;
    /// a started form is also set aside, as for any asker that goes away (an asker that comes
    /// again with the drafts handed back, journaled since, opens with those).
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
    /// time, announces itself. With none left, the idle screen settles. Nothing while the
    /// front place is kept for an asker's next ask.
    fn show_front(&mut self) -> Vec<Effect> {
        if self.next_place.is_some() {
            return Vec::new();
        }
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
        let by_the_person = by == By::Person && !front.host.is_settling();
        if by_the_person {
            front.touched = true;
            self.taken_back = None;
        }
        let effects = searched_from(&front.origin.cwd, front.host.handle(input));
        let mut effects = self.replies(effects);
        if by_the_person && !self.holding {
            // The first change after a pause goes at once; the rest at most once a second.
            effects.extend(self.hold_front());
        }
        effects
    }

    /// Hands the front form's asker what the form holds, when the person changed it since
    /// the asker was last handed it, and keeps a [`Timer::HoldDrafts`] running while they
    /// change it: the first change after a pause is handed over at once, the next ones at most
    /// once a timer, the last one when the timer fires after it.
    fn hold_front(&mut self) -> Vec<Effect> {
        self.holding = false;
        let Some(front) = self.waiting.front_mut() else {
            return Vec::new();
        };
        if !front.holds || !front.touched {
            return Vec::new();
        }
        let drafts = front.form().kept_drafts();
        if front.held.as_ref() == Some(&drafts) {
            return Vec::new();
        }
        front.held = Some(drafts.clone());
        self.holding = true;
        vec![
            Effect::Hold {
                ask: front.ask.clone(),
                drafts,
            },
            Effect::StartTimer(Timer::HoldDrafts),
        ]
    }

    /// The front form's effects for the program: a finish becomes the reply to its asker,
    /// and the next form shows, unless the place is kept for that asker's next ask.
    fn replies(&mut self, effects: Vec<Effect>) -> Vec<Effect> {
        let mut out = Vec::with_capacity(effects.len());
        let mut finished = false;
        for effect in effects {
            match effect {
                Effect::Finish(result) if !finished => {
                    finished = true;
                    if let Some(entry) = self.waiting.pop_front() {
                        out.push(Effect::Reply {
                            ask: entry.ask.clone(),
                            result: Box::new(result),
                            reason: ReplyReason::FormEnded,
                        });
                        out.extend(self.keep_place_after(entry));
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

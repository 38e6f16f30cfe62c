//! The inbox as a surface: which input goes where (the idle screen, the form shown, nothing
//! while a place is kept), and what it draws.

use super::{By, IdleKeys, Inbox, LABEL_ROWS, Phase, form_size, view};
use crate::draw::{Frame, Pos, Size};
use crate::effect::{Effect, Surface};
use crate::input::{InboxEvent, Input, Mouse, Timer};

/// What the last row of an answered form says while it waits for its asker's next.
const ANSWERED: &str = "Answered · the next question from this asker is on its way";

impl Surface for Inbox {
    fn handle(&mut self, input: Input) -> Vec<Effect> {
        if self.phase == Phase::Closed {
            return Vec::new();
        }
        if self.next_place.is_some() {
            match input {
                // The answered form on the screen takes nothing, nor does the one not shown.
                Input::Key(_)
                | Input::Paste(_)
                | Input::Mouse(_)
                | Input::FileCandidates(_)
                | Input::ClipboardImage(_) => return Vec::new(),
                Input::Resize(size) => {
                    self.size = size;
                    return Vec::new();
                }
                Input::TimerFired(Timer::NextHeldBack) => return self.release_place(),
                _ => {}
            }
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
            Input::TimerFired(Timer::HoldDrafts) => self.hold_front(),
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
        let behind = self.waiting.iter().map(|entry| entry.behind).sum::<usize>();
        // The answered form is drawn as it was left, with the count it had, its asker's next
        // one among them.
        if let Some(answered) = self.kept_place_form() {
            let form = answered.form().draw_as_left(form_size(size), ANSWERED);
            return view::labelled(
                &answered.origin,
                answered.form().call().title(),
                self.waiting.len() + behind + answered.behind,
                &form,
                size,
            );
        }
        match self.waiting.front() {
            None => view::idle(
                &self.name,
                self.taken_back.as_ref(),
                &self.settings_notices,
                size,
            ),
            Some(front) => {
                let mut frame = view::labelled(
                    &front.origin,
                    front.form().call().title(),
                    self.waiting.len() - 1 + behind,
                    &front.host.draw(form_size(size)),
                    size,
                );
                if let Some(taken_back) = &self.taken_back {
                    view::name_taken_back(&mut frame, taken_back);
                }
                frame
            }
        }
    }
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

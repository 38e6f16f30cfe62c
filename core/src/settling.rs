//! A form that appears unbidden takes the person's input only once their typing has paused.
//!
//! A popup over the agent, the inbox's next form and a form an agent opens on its own terminal
//! all come onto the screen while the person may be typing something else: the next message
//! to the agent, or a second `enter` for the form that was there a moment ago. Keys typed in
//! that moment were never meant for the new form, and a stray `enter` or digit would answer
//! it before the person has read it. So such a surface holds the person's keys, pastes and
//! clicks off until [`Timer::Settling`]'s duration has passed with none of them; each one held
//! starts that pause again. Everything else (resizes, timers, settings, file lists) reaches
//! the surface at once, and it draws as usual meanwhile, with one line more once it has
//! ignored something: its last row says why the keys do nothing, so a person who typed on does
//! not take the form for stuck.

use crate::draw::{Canvas, DrawCmd, Frame, Pos, Role, Size, Span, Style, put_line_within};
use crate::effect::{Effect, Surface};
use crate::input::{Input, Timer};

/// Who put the surface on the screen, which decides whether it settles first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Opening {
    /// The person, from a shell: the surface takes input from its first frame.
    ByPerson,
    /// A program, while the person may be typing elsewhere: the surface settles first.
    Unbidden,
}

/// What the last row says while input the person typed is being ignored.
const IGNORING: &str = "Keys typed as this question opened are ignored until your typing pauses";

/// Whether the surface takes the person's input yet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    /// Input reaches the surface.
    Taking,
    /// Input is held off until the typing pauses; `ignored` once some was.
    Settling { ignored: bool },
}

/// A surface that, opened unbidden, holds the person's input off until their typing pauses.
#[derive(Debug)]
pub struct Settling<S> {
    inner: S,
    opening: Opening,
    phase: Phase,
}

impl<S: Surface> Settling<S> {
    /// `inner`, settling when it opens if it opens unbidden.
    pub const fn new(inner: S, opening: Opening) -> Self {
        Self {
            inner,
            opening,
            phase: Phase::Taking,
        }
    }

    /// The surface underneath.
    pub const fn inner(&self) -> &S {
        &self.inner
    }

    /// Whether the person's input is being held off.
    pub fn is_settling(&self) -> bool {
        matches!(self.phase, Phase::Settling { .. })
    }

    /// Settles again, as when it opened: for a surface that comes back onto the screen
    /// unbidden (a form set aside and asked again). Nothing for one the person opened.
    pub fn settle(&mut self) -> Vec<Effect> {
        match self.opening {
            Opening::ByPerson => Vec::new(),
            Opening::Unbidden => {
                self.phase = Phase::Settling { ignored: false };
                vec![Effect::StartTimer(Timer::Settling)]
            }
        }
    }
}

impl<S: Surface> Surface for Settling<S> {
    fn open(&mut self) -> Vec<Effect> {
        let mut effects = self.inner.open();
        effects.extend(self.settle());
        effects
    }

    fn handle(&mut self, input: Input) -> Vec<Effect> {
        match input {
            Input::TimerFired(Timer::Settling) => {
                self.phase = Phase::Taking;
                Vec::new()
            }
            Input::Key(_) | Input::Paste(_) | Input::Mouse(_) if self.is_settling() => {
                self.phase = Phase::Settling { ignored: true };
                vec![Effect::StartTimer(Timer::Settling)]
            }
            other => self.inner.handle(other),
        }
    }

    fn draw(&self, size: Size) -> Frame {
        let mut frame = self.inner.draw(size);
        if self.phase == (Phase::Settling { ignored: true }) {
            say_why_keys_are_ignored(&mut frame);
        }
        frame
    }
}

/// Puts [`IGNORING`] on the frame's last row in place of what was there.
fn say_why_keys_are_ignored(frame: &mut Frame) {
    let Some(row) = frame.size.height.checked_sub(1) else {
        return;
    };
    frame.cmds.retain(|DrawCmd::Text { pos, .. }| pos.y != row);
    if frame.cursor.is_some_and(|cursor| cursor.y == row) {
        frame.cursor = None;
    }
    let mut canvas = Canvas::new(frame.size);
    let room = usize::from(frame.size.width.saturating_sub(1));
    let line = [Span::new(IGNORING, Style::new(Role::Warning))];
    put_line_within(&mut canvas, Pos::new(1, row), &line, room);
    frame.cmds.extend(canvas.finish().cmds);
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use serde_json::json;

    use super::*;
    use crate::form::Form;
    use crate::form::tests::{ask_user, one_single, screen_text};
    use crate::runner::{Runner, Step};

    fn form() -> Form {
        ask_user(&one_single())
    }

    fn key(id: &str) -> Input {
        Input::Key(id.parse().expect("a key id"))
    }

    /// Opens `surface` at time zero, then hands it `script`: keys at the milliseconds given,
    /// letting scripted time pass between them; the answer's values, if a key finished it.
    fn run(surface: &mut Settling<Form>, script: &[(u64, &str)]) -> Option<serde_json::Value> {
        let mut runner = Runner::new();
        let mut handler = |effect: &Effect| match effect {
            Effect::Finish(_) => Step::Finish,
            _ => Step::Keep,
        };
        assert!(runner.open(surface, Duration::ZERO, &mut handler).is_none());
        for &(at, id) in script {
            let now = Duration::from_millis(at);
            let fired = runner.advance_to(surface, now, &mut handler);
            assert!(fired.finished.is_none(), "the pause ends nothing");
            if let Some(Effect::Finish(result)) =
                runner.dispatch(surface, key(id), now, &mut handler)
            {
                return Some(result.details_json()["answers"]["db"]["values"].clone());
            }
        }
        None
    }

    #[test]
    fn a_form_the_person_opened_takes_keys_from_its_first_frame() {
        let mut surface = Settling::new(form(), Opening::ByPerson);
        assert_eq!(
            run(&mut surface, &[(0, "down"), (1, "enter"), (2, "enter")]),
            Some(json!(["sqlite"]))
        );
    }

    #[test]
    fn keys_typed_as_an_unbidden_form_appears_do_not_answer_it() {
        let mut surface = Settling::new(form(), Opening::Unbidden);
        let typed_on = [(0, "down"), (150, "enter"), (300, "enter"), (450, "enter")];
        assert_eq!(run(&mut surface, &typed_on), None);
        assert!(surface.is_settling(), "the typing has not paused yet");
    }

    #[test]
    fn an_unbidden_form_takes_keys_once_the_typing_has_paused() {
        let mut surface = Settling::new(form(), Opening::Unbidden);
        let script = [
            (200, "enter"),
            (699, "down"),
            (1_200, "down"),
            (1_300, "enter"),
        ];
        assert!(run(&mut surface, &script).is_none());
        assert!(!surface.is_settling());
        let mut surface = Settling::new(form(), Opening::Unbidden);
        let script = [
            (200, "enter"),
            (700, "down"),
            (1_200, "enter"),
            (1_250, "enter"),
        ];
        assert_eq!(run(&mut surface, &script), Some(json!(["sqlite"])));
    }

    #[test]
    fn once_it_has_ignored_a_key_its_last_row_says_why_until_the_typing_pauses() {
        let size = Size::new(100, 20);
        let last_row = |surface: &Settling<Form>| {
            screen_text(&surface.draw(size))
                .lines()
                .last()
                .unwrap_or_default()
                .trim()
                .to_owned()
        };
        let mut surface = Settling::new(form(), Opening::Unbidden);
        let _ = surface.open();
        let footer = last_row(&surface);
        assert_ne!(footer, IGNORING, "nothing ignored yet");
        let _ = surface.handle(key("down"));
        assert_eq!(last_row(&surface), IGNORING);
        let _ = surface.handle(Input::TimerFired(Timer::Settling));
        assert_eq!(last_row(&surface), footer);
        let mut narrow = Settling::new(form(), Opening::Unbidden);
        let _ = narrow.open();
        let _ = narrow.handle(key("enter"));
        let screen = screen_text(&narrow.draw(Size::new(30, 8)));
        let row = screen.lines().last().unwrap_or_default();
        assert!(
            row.trim().starts_with("Keys typed as") && row.trim_end().ends_with('…'),
            "cut to a 30-column screen:\n{screen}"
        );
    }
}

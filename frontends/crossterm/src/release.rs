//! The release of a click that ended a run.
//!
//! A terminal reports a mouse button's press and, a moment later, its release. When the press
//! ends the run (a second click on Submit), the mouse reports are turned off as the terminal is
//! restored; a release the terminal sent before it read that would wait in the input for
//! whatever reads it next, the shell, which would show `ESC[<0;7;26m` (or `0;7;26m`) on its
//! command line. So the run waits for that release, briefly, and reads it.

use std::time::{Duration, Instant};

use crossterm::event::{Event, MouseEvent, MouseEventKind};

use crate::decode::Decoder;
use crate::reader::Woken;
use crate::terminal::TerminalSession;

/// How long a run that a click ended waits for the button's release: a tap holds the button
/// for tens of milliseconds.
const RELEASE_WAIT: Duration = Duration::from_millis(300);

/// Whether `event` is a mouse button's press.
pub fn is_press(event: &Event) -> bool {
    matches!(
        event,
        Event::Mouse(MouseEvent {
            kind: MouseEventKind::Down(_),
            ..
        })
    )
}

/// Whether `event` is a mouse button's release.
fn is_release(event: &Event) -> bool {
    matches!(
        event,
        Event::Mouse(MouseEvent {
            kind: MouseEventKind::Up(_),
            ..
        })
    )
}

/// Reads the terminal's input until the release of the press that ended the run arrives, a
/// signal comes, the terminal fails or [`RELEASE_WAIT`] has passed, unless `later` (the events
/// read after the press) holds it already. What arrives meanwhile is read and dropped: the run
/// is over, and its end stands whatever happens here.
pub fn await_release(
    session: &mut TerminalSession,
    decoder: &mut Decoder,
    later: &[Event],
    start: Instant,
) {
    if later.iter().any(is_release) {
        return;
    }
    let deadline = Instant::now() + RELEASE_WAIT;
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return;
        }
        match session.wait(Some(left), None) {
            Ok(Woken::Read(bytes)) => {
                if decoder.feed(&bytes, start.elapsed()).iter().any(is_release) {
                    return;
                }
            }
            Ok(Woken::Timeout | Woken::External) => {}
            Ok(Woken::Signal | Woken::HungUp | Woken::OutputClosed) | Err(_) => return,
        }
    }
}

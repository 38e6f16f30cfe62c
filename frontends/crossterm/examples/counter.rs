//! Try the terminal runner by hand: a list to move through with up/down, enter to choose,
//! ctrl+c to dismiss, ctrl+z to suspend.
//!
//! The result goes to standard output, the screen to `/dev/tty`:
//! `cargo run -p pi-agent-ask-crossterm --example counter > /tmp/out.txt`.
//! Pass `--inline` to draw in 8 rows below the prompt instead of the alternate screen.
//!
//! This example ends on `StopAgent` for both enter and ctrl+c and tells the two apart by its own
//! state.

use std::process::ExitCode;

use pi_agent_ask_core::draw::{DrawCmd, Frame, Pos, Role, Size, Style};
use pi_agent_ask_core::effect::{Effect, Surface};
use pi_agent_ask_core::input::{Input, Mouse};
use pi_agent_ask_core::keys::{Key, KeyCode};
use pi_agent_ask_crossterm::{ColorMode, End, Screen, TerminalOptions, run};

const ITEMS: [&str; 5] = ["Apples", "Bananas", "Cherries", "Dates", "Elderberries"];

/// A list with a highlighted row, counting the keys it was given.
#[derive(Default)]
struct Counter {
    selected: usize,
    keys: usize,
    chosen: Option<usize>,
}

impl Surface for Counter {
    fn handle(&mut self, input: Input) -> Vec<Effect> {
        match input {
            Input::Key(Key { code, mods }) => {
                self.keys += 1;
                match code {
                    KeyCode::Up => self.selected = self.selected.saturating_sub(1),
                    KeyCode::Down => self.selected = (self.selected + 1).min(ITEMS.len() - 1),
                    KeyCode::Enter => {
                        self.chosen = Some(self.selected);
                        return vec![Effect::StopAgent];
                    }
                    KeyCode::Char('c') if mods.ctrl => return vec![Effect::StopAgent],
                    _ => {}
                }
            }
            Input::Mouse(Mouse::Click(pos)) => {
                if let Some(row) = usize::from(pos.y).checked_sub(2) {
                    self.selected = row.min(ITEMS.len() - 1);
                }
            }
            Input::Mouse(Mouse::ScrollUp(_)) => self.selected = self.selected.saturating_sub(1),
            Input::Mouse(Mouse::ScrollDown(_)) => {
                self.selected = (self.selected + 1).min(ITEMS.len() - 1);
            }
            _ => {}
        }
        Vec::new()
    }

    fn draw(&self, size: Size) -> Frame {
        let width = usize::from(size.width);
        let mut cmds = vec![text(
            0,
            0,
            "Pick a fruit",
            Style::new(Role::Accent).bold(),
            width,
        )];
        for (row, item) in ITEMS.iter().enumerate() {
            let selected = row == self.selected;
            let marker = if selected { '›' } else { ' ' };
            let role = if selected { Role::Selected } else { Role::Text };
            let line = format!("{marker} {}. {item}", row + 1);
            cmds.push(text(0, row as u16 + 2, &line, Style::new(role), width));
        }
        let hint = format!(
            "↑/↓ move · enter choose · ctrl+c dismiss · {} keys · {}×{}",
            self.keys, size.width, size.height
        );
        cmds.push(text(
            0,
            ITEMS.len() as u16 + 3,
            &hint,
            Style::new(Role::Muted),
            width,
        ));
        cmds.retain(|DrawCmd::Text { pos, .. }| pos.y < size.height);
        Frame {
            size,
            cmds,
            cursor: None,
        }
    }
}

/// A text run cut to the frame's width (the items are plain text, so chars are cells).
fn text(x: u16, y: u16, text: &str, style: Style, width: usize) -> DrawCmd {
    DrawCmd::Text {
        pos: Pos::new(x, y),
        text: text.chars().take(width).collect(),
        style,
    }
}

fn main() -> ExitCode {
    let screen = if std::env::args().any(|arg| arg == "--inline") {
        Screen::Inline { height: 8 }
    } else {
        Screen::AlternateScreen
    };
    let options = TerminalOptions {
        screen,
        color: ColorMode::from_no_color(std::env::var_os("NO_COLOR").as_deref()),
        ..TerminalOptions::default()
    };
    let mut counter = Counter::default();
    match run(&mut counter, options, |effect| *effect == Effect::StopAgent) {
        Ok(outcome) => match (outcome.end, counter.chosen) {
            (End::Finished(_), Some(row)) => {
                println!(
                    "{{\"chosen\":\"{}\",\"keys\":{}}}",
                    ITEMS[row], counter.keys
                );
                ExitCode::SUCCESS
            }
            (End::Finished(_), None) => {
                println!("{{\"dismissed\":true,\"keys\":{}}}", counter.keys);
                ExitCode::SUCCESS
            }
            (End::Interrupted(signal), _) => {
                eprintln!("interrupted by signal {}", signal.number());
                ExitCode::from(128 + signal.number() as u8)
            }
            (End::OutputClosed, _) => {
                eprintln!("nobody reads the output any more");
                ExitCode::from(141)
            }
        },
        Err(error) => {
            eprintln!("counter: {error}");
            ExitCode::FAILURE
        }
    }
}

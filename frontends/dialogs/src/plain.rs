//! Dialogs as plain numbered prompts, read and written line by line.
//!
//! No raw mode, no cursor movement and no colour: every prompt is whole lines of text, so a
//! screen reader reads it in order and any terminal (even `TERM=dumb`) shows it. The end of
//! input (Ctrl-D) dismisses the dialog being asked. Payload text is sanitized before it is
//! written: line breaks stay where text may span lines, and every other control character,
//! escape sequence or bidirectional override shows as a visible mark instead of acting on the
//! terminal.

use std::fmt::Write as _;
use std::io::{BufRead, Write};

use pi_agent_ask_core::text::{sanitize, sanitize_line};

use crate::{Dialogs, Level};

/// [`Dialogs`] over a line-based terminal: prompts to `output`, answers from `input`.
pub struct PlainDialogs<R, W> {
    input: R,
    output: W,
}

impl<R: BufRead, W: Write> PlainDialogs<R, W> {
    /// Prompts on `output` and reads answers from `input`.
    pub const fn new(input: R, output: W) -> Self {
        Self { input, output }
    }

    /// The reader and writer back.
    pub fn into_parts(self) -> (R, W) {
        (self.input, self.output)
    }

    /// Writes `text` and flushes; a terminal that cannot be written to reads as dismissed.
    ///
    /// Callers sanitize the payload they format in; `text` is sanitized once more as a whole,
    /// so nothing but `\n` and printable text can reach the terminal.
    fn say(&mut self, text: &str) -> Option<()> {
        self.output.write_all(sanitize(text).as_bytes()).ok()?;
        self.output.flush().ok()
    }

    /// Starts a dialog: a blank line, then the title.
    fn open(&mut self, title: &str) -> Option<()> {
        self.say(&format!("\n{}\n", sanitize(title)))
    }

    /// One line without its line ending, or `None` at the end of input.
    fn read_line(&mut self) -> Option<String> {
        let mut bytes = Vec::new();
        match self.input.read_until(b'\n', &mut bytes) {
            Ok(0) | Err(_) => None,
            Ok(_) => {
                let line = String::from_utf8_lossy(&bytes);
                Some(
                    line.trim_end_matches('\n')
                        .trim_end_matches('\r')
                        .to_owned(),
                )
            }
        }
    }
}

impl<R: BufRead, W: Write> Dialogs for PlainDialogs<R, W> {
    fn select(&mut self, title: &str, options: &[String]) -> Option<String> {
        self.open(title)?;
        let mut list = String::new();
        for (index, option) in options.iter().enumerate() {
            let _ = writeln!(list, "{}. {}", index + 1, sanitize_line(option));
        }
        self.say(&list)?;
        let count = options.len();
        loop {
            self.say(&format!(
                "Enter a number from 1 to {count} (Ctrl-D cancels): "
            ))?;
            let answer = self.read_line()?;
            let answer = answer.trim();
            let by_number = answer
                .parse::<usize>()
                .ok()
                .filter(|number| (1..=count).contains(number))
                .map(|number| number - 1);
            let by_label = || {
                let wanted = answer.to_lowercase();
                options
                    .iter()
                    .position(|option| option.to_lowercase() == wanted)
            };
            if let Some(index) = by_number.or_else(by_label) {
                return Some(options[index].clone());
            }
            self.say(&format!(
                "\"{}\" is not one of the {count} options.\n",
                sanitize_line(answer)
            ))?;
        }
    }

    fn input(&mut self, title: &str, placeholder: Option<&str>) -> Option<String> {
        self.open(title)?;
        if let Some(hint) = placeholder.filter(|hint| !hint.is_empty()) {
            self.say(&format!("({})\n", sanitize_line(hint)))?;
        }
        self.say("Type your answer and press Enter (Ctrl-D cancels): ")?;
        self.read_line()
    }

    fn editor(&mut self, title: &str, prefill: Option<&str>) -> Option<String> {
        self.open(title)?;
        let prefill = prefill.filter(|text| !text.is_empty());
        if let Some(text) = prefill {
            self.say(&format!(
                "Current text:\n{}\nAn empty first line keeps it.\n",
                sanitize(text)
            ))?;
        }
        self.say("Type your answer; an empty line ends it (Ctrl-D cancels):\n")?;
        let mut lines: Vec<String> = Vec::new();
        loop {
            match self.read_line() {
                None if lines.is_empty() => return None,
                None => break,
                Some(line) if line.is_empty() => break,
                Some(line) => lines.push(line),
            }
        }
        match (lines.is_empty(), prefill) {
            (true, Some(text)) => Some(text.to_owned()),
            _ => Some(lines.join("\n")),
        }
    }

    fn confirm(&mut self, title: &str, message: &str) -> Option<bool> {
        self.open(title)?;
        if !message.is_empty() {
            self.say(&format!("{}\n", sanitize(message)))?;
        }
        loop {
            self.say("Answer y for yes or n for no (Ctrl-D cancels): ")?;
            match self.read_line()?.trim().to_lowercase().as_str() {
                "y" | "yes" => return Some(true),
                "n" | "no" => return Some(false),
                _ => {}
            }
        }
    }

    fn notify(&mut self, message: &str, level: Level) {
        let prefix = match level {
            Level::Info => "Note",
            Level::Warning => "Warning",
            Level::Error => "Error",
        };
        let _ = self.say(&format!("{prefix}: {}\n", sanitize_line(message)));
    }
}

#[cfg(test)]
mod tests {
    use std::io::Cursor;

    use super::*;

    fn dialogs(input: &str) -> PlainDialogs<Cursor<Vec<u8>>, Vec<u8>> {
        PlainDialogs::new(Cursor::new(input.as_bytes().to_vec()), Vec::new())
    }

    fn transcript(dialogs: PlainDialogs<Cursor<Vec<u8>>, Vec<u8>>) -> String {
        String::from_utf8(dialogs.into_parts().1).expect("prompts are UTF-8")
    }

    fn options(items: &[&str]) -> Vec<String> {
        items.iter().map(|item| (*item).to_owned()).collect()
    }

    #[test]
    fn select_lists_numbered_options_and_reads_a_number() {
        let mut plain = dialogs("2\n");
        let choice = plain.select("Which stack?", &options(&["Rust", "Go"]));
        assert_eq!(choice.as_deref(), Some("Go"));
        assert_eq!(
            transcript(plain),
            "\nWhich stack?\n1. Rust\n2. Go\nEnter a number from 1 to 2 (Ctrl-D cancels): "
        );
    }

    #[test]
    fn select_asks_again_until_the_answer_names_an_option() {
        let mut plain = dialogs("7\n\ngo\r\n");
        let choice = plain.select("Which stack?", &options(&["Rust", "Go"]));
        assert_eq!(choice.as_deref(), Some("Go"));
        let text = transcript(plain);
        assert!(text.contains("\"7\" is not one of the 2 options.\n"));
        assert!(text.contains("\"\" is not one of the 2 options.\n"));
    }

    #[test]
    fn the_end_of_input_dismisses_every_kind_of_dialog() {
        let mut plain = dialogs("");
        assert_eq!(plain.select("T", &options(&["a", "b"])), None);
        assert_eq!(plain.input("T", None), None);
        assert_eq!(plain.editor("T", Some("")), None);
        assert_eq!(plain.confirm("T", "M"), None);
    }

    #[test]
    fn input_returns_the_line_as_typed() {
        let mut plain = dialogs("  spaced out  \n");
        assert_eq!(
            plain.input("Name?", Some("e.g. Ada")).as_deref(),
            Some("  spaced out  ")
        );
        assert_eq!(
            transcript(plain),
            "\nName?\n(e.g. Ada)\nType your answer and press Enter (Ctrl-D cancels): "
        );
    }

    #[test]
    fn editor_reads_lines_until_an_empty_one() {
        let mut plain = dialogs("1, 3\nrepo\n\nignored\n");
        assert_eq!(
            plain.editor("Which?", Some("")).as_deref(),
            Some("1, 3\nrepo")
        );
    }

    #[test]
    fn editor_with_an_empty_first_line_returns_blank_text() {
        let mut plain = dialogs("\n");
        assert_eq!(plain.editor("Which?", None).as_deref(), Some(""));
    }

    #[test]
    fn editor_keeps_a_prefill_on_an_empty_first_line() {
        let mut plain = dialogs("\n");
        assert_eq!(
            plain.editor("Edit", Some("draft")).as_deref(),
            Some("draft")
        );
    }

    #[test]
    fn confirm_reads_yes_or_no() {
        let mut plain = dialogs("maybe\nYes\n");
        assert_eq!(plain.confirm("Discard?", "Answers are lost."), Some(true));
        let mut plain = dialogs("n\n");
        assert_eq!(plain.confirm("Discard?", ""), Some(false));
    }

    /// Escape sequences, a lone carriage return, DEL, C1 controls, bidi overrides and isolates,
    /// a NUL, a backspace, a tab and a line separator.
    const HOSTILE: &str = "a\u{1b}[2J\u{1b}]0;t\u{7}b\rc\u{7f}d\u{9b}31me\u{85}f\u{202e}g\u{2066}h\0i\u{8}j\tk\u{2028}l\r\nm";

    /// Fails on any character a terminal would act on rather than show.
    fn assert_inert(bytes: &[u8]) {
        let text = std::str::from_utf8(bytes).expect("prompts are UTF-8");
        for c in text.chars() {
            let control = (c < ' ' && c != '\n')
                || ('\u{7f}'..='\u{9f}').contains(&c)
                || ('\u{202a}'..='\u{202e}').contains(&c)
                || ('\u{2066}'..='\u{2069}').contains(&c);
            assert!(!control, "{c:?} reached the terminal in {text:?}");
        }
    }

    #[test]
    fn payload_controls_reach_the_terminal_only_as_visible_marks() {
        let mut plain = dialogs("\u{1b}[31m\u{9b}typed\u{202e}\n1\n\n\nn\n");
        let hostile = options(&[HOSTILE, "plain"]);
        assert_eq!(plain.select(HOSTILE, &hostile).as_deref(), Some(HOSTILE));
        assert_eq!(plain.input(HOSTILE, Some(HOSTILE)).as_deref(), Some(""));
        assert_eq!(
            plain.editor(HOSTILE, Some(HOSTILE)).as_deref(),
            Some(HOSTILE)
        );
        assert_eq!(plain.confirm(HOSTILE, HOSTILE), Some(false));
        plain.notify(HOSTILE, Level::Warning);
        let (_, output) = plain.into_parts();
        assert_inert(&output);
    }

    #[test]
    fn a_carriage_return_cannot_hide_the_start_of_a_prompt() {
        let mut plain = dialogs("1\n");
        let title = "Drop the production database now?\rKeep the production database?    ";
        plain.select(title, &options(&["Yes", "No"]));
        assert!(
            transcript(plain)
                .contains("Drop the production database now?\u{240d}Keep the production database?")
        );
    }

    #[test]
    fn a_line_break_in_an_option_cannot_fake_another_option() {
        let mut plain = dialogs("");
        plain.select("Pick", &options(&["Keep\n2. Drop", "Other"]));
        plain.notify("one\ntwo", Level::Info);
        let text = transcript(plain);
        assert!(text.contains("\n1. Keep\u{21b5}2. Drop\n2. Other\n"));
        assert!(text.ends_with("Note: one\u{21b5}two\n"));
    }

    #[test]
    fn notify_prints_one_line_with_its_level() {
        let mut plain = dialogs("");
        plain.notify("Saved", Level::Info);
        plain.notify("Careful", Level::Warning);
        assert_eq!(transcript(plain), "Note: Saved\nWarning: Careful\n");
    }
}

//! Dialogs as plain numbered prompts, read and written line by line.
//!
//! No cursor movement and no colour: every prompt is whole lines of text, so a screen reader
//! reads it in order and any terminal (even `TERM=dumb`) shows it. On a terminal, the lines
//! typed are edited by [`typing`] rather than by the terminal, so none is cut short. Options are
//! numbered, a recommended one says so after its string, and its description follows on the
//! lines under it, indented past the number. Each question is announced with the call's title
//! and `Question <n> of <N>`; a title longer than a screenful (a long preview) is shortened (see
//! [`shorten::shorten`]) and `?` shows it whole; an empty multi-select answer asks before it cancels;
//! and the flow ends with a review of the answers before they are submitted. The end of
//! input (Ctrl-D) dismisses the dialog being asked; a read that fails (a signal stopped it)
//! dismisses it and every later one without another word, so the flow ends at once with the
//! answers so far. Payload text is sanitized before it is
//! written: line breaks stay where text may span lines, and every other control character,
//! escape sequence or bidirectional override shows as a visible mark instead of acting on the
//! terminal.

use std::fmt::Write as _;
use std::io::{BufRead, Write};

use pi_agent_ask_core::dialog::wording::MULTI_SELECT_INSTRUCTION;
use pi_agent_ask_core::dialog::{AfterLast, DialogOption, Position};
use pi_agent_ask_core::text::{sanitize, sanitize_line, truncate};

use crate::{Dialogs, Level};

mod prompt_line;
pub mod shorten;
mod typed_lines;
pub mod typing;

use shorten::{lines_word, shorten};

/// How a multi-select is answered: the reply ends at an empty line.
const MULTI_SELECT_HINT: &str =
    "Type option numbers or labels, then an empty line (Ctrl-D cancels):\n";

/// The question asked when a multi-select answer is empty, which would cancel the whole flow.
const EMPTY_ANSWER_TITLE: &str = "Cancel all the questions?";

/// What that question explains.
const EMPTY_ANSWER_MESSAGE: &str = "Nothing was typed, and an empty answer cancels the whole ask. Answer n to answer the question again.";

/// What a select reply shows the whole title with, when it was shortened.
const SHOW_ALL: &str = "?";

/// The most cells of a reply that is no option quoted back.
const QUOTED_REPLY_CELLS: usize = 60;

/// What follows the string of a recommended option.
const RECOMMENDED: &str = "(recommended)";

/// Where the terminal's cursor stands: what the end of input has to finish.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Column {
    /// At the start of a line.
    LineStart,
    /// After a prompt or a partly typed line.
    MidLine,
}

/// Whether the terminal can still be read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Reading {
    /// Answers are read as they are typed.
    Open,
    /// A read failed (a signal stopped it, or the terminal went away): every dialog from now
    /// on is dismissed at once, without a word, so the flow ends with the answers so far.
    Stopped,
}

/// Where the answers come from, which decides what an input that ends mid-line means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// A person typing: text then the end-of-input key (Ctrl-D) is no answer, as the prompt
    /// says Ctrl-D cancels.
    Keys,
    /// A file or a pipe: its last line is an answer with or without a line break after it.
    Stream,
}

/// [`Dialogs`] over a line-based terminal: prompts to `output`, answers from `input`.
pub struct PlainDialogs<R, W> {
    input: R,
    output: W,
    column: Column,
    reading: Reading,
    source: Source,
}

impl<R: BufRead, W: Write> PlainDialogs<R, W> {
    /// Prompts on `output` and reads answers from `input`, typed by a person.
    pub const fn new(input: R, output: W) -> Self {
        Self {
            input,
            output,
            column: Column::LineStart,
            reading: Reading::Open,
            source: Source::Keys,
        }
    }

    /// The same dialogs, their answers read from `source`.
    #[must_use]
    pub const fn reading_from(mut self, source: Source) -> Self {
        self.source = source;
        self
    }

    /// The reader and writer back.
    pub fn into_parts(self) -> (R, W) {
        (self.input, self.output)
    }

    /// Writes `text` and flushes; a terminal that cannot be written to, or no longer read,
    /// reads as dismissed.
    ///
    /// Callers sanitize the payload they format in; `text` is sanitized once more as a whole,
    /// so nothing but `\n` and printable text can reach the terminal.
    fn say(&mut self, text: &str) -> Option<()> {
        if self.reading == Reading::Stopped {
            return None;
        }
        let text = sanitize(text);
        if !text.is_empty() {
            self.column = if text.ends_with('\n') {
                Column::LineStart
            } else {
                Column::MidLine
            };
        }
        self.output.write_all(text.as_bytes()).ok()?;
        self.output.flush().ok()
    }

    /// Starts a dialog: a blank line, then the title.
    fn open(&mut self, title: &str) -> Option<()> {
        self.say(&format!("\n{}\n", sanitize(title)))
    }

    /// Lines up to the first empty one, or `None` when the input ends first: the prompt says
    /// Ctrl-D cancels, so the lines typed before it are no answer. A read a signal stopped
    /// keeps the lines entered before it.
    fn read_lines(&mut self) -> Option<Vec<String>> {
        let mut lines = Vec::new();
        loop {
            match self.read_line() {
                // Lines entered before a signal stopped the reading are kept, as the answers
                // before them are.
                None if self.reading == Reading::Stopped && !lines.is_empty() => {
                    return Some(lines);
                }
                None => return None,
                Some(line) if line.is_empty() => return Some(lines),
                Some(line) => lines.push(line),
            }
        }
    }

    /// One line without its line ending, or `None` at the end of input (Ctrl-D) or when the
    /// read fails; either ends the line the cursor is on so whatever comes next (the shell's
    /// prompt) starts on its own. A failed read also stops all reading (see [`Reading`]).
    ///
    /// A line the end of input ended rather than a line break (text typed, then Ctrl-D) is no
    /// answer either: the person pressed the key the prompt says cancels. From a stream, it
    /// is the stream's last line.
    ///
    /// After a failed read the line is always ended: the terminal has echoed whatever was
    /// typed on it (and `^C` for Ctrl-C) without this side knowing, and a blank line is better
    /// than a shell prompt after half an answer.
    fn read_line(&mut self) -> Option<String> {
        if self.reading == Reading::Stopped {
            return None;
        }
        let mut bytes = Vec::new();
        match self.input.read_until(b'\n', &mut bytes) {
            Err(_) => {
                let _ = self.say("\n");
                self.reading = Reading::Stopped;
                None
            }
            Ok(0) => {
                if self.column == Column::MidLine {
                    let _ = self.say("\n");
                }
                None
            }
            Ok(_) if !bytes.ends_with(b"\n") && self.source == Source::Keys => {
                // The terminal echoed the text, and the cursor stands after it.
                let _ = self.say("\n");
                None
            }
            Ok(_) => {
                // The terminal echoes what was typed, line ending and all.
                self.column = Column::LineStart;
                let line = String::from_utf8_lossy(&bytes);
                let line = line.trim_end_matches('\n').trim_end_matches('\r');
                // A paste's line breaks are text in the line (see [`typing::PASTED_LINE_BREAK`]).
                Some(typing::pasted_line_breaks(line).into_owned())
            }
        }
    }
}

impl<R: BufRead, W: Write> Dialogs for PlainDialogs<R, W> {
    fn select(&mut self, title: &str, options: &[DialogOption]) -> Option<String> {
        let title = sanitize(title);
        let short = shorten(&title);
        self.open(&short.text)?;
        let more = if short.hidden > 0 {
            self.say(&format!(
                "{} {} not shown; enter {SHOW_ALL} to read everything.\n",
                short.hidden,
                lines_word(short.hidden)
            ))?;
            format!(", or {SHOW_ALL} to read everything")
        } else {
            String::new()
        };
        self.say(&numbered_list(options))?;
        let count = options.len();
        loop {
            self.say(&format!(
                "Enter a number from 1 to {count}{more} (Ctrl-D cancels): "
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
                let exact = options.iter().position(|option| option.text == answer);
                exact.or_else(|| {
                    options
                        .iter()
                        .position(|option| option.text.to_lowercase() == wanted)
                })
            };
            if let Some(index) = by_number.or_else(by_label) {
                return Some(options[index].text.clone());
            }
            if short.hidden > 0 && answer == SHOW_ALL {
                self.open(&title)?;
                self.say(&numbered_list(options))?;
                continue;
            }
            // A long reply (a paste meant for another prompt) is quoted by its start.
            self.say(&format!(
                "\"{}\" is not one of the {count} options.\n",
                truncate(&sanitize_line(answer), QUOTED_REPLY_CELLS)
            ))?;
        }
    }

    fn input(
        &mut self,
        title: &str,
        placeholder: Option<&str>,
        current: Option<&str>,
    ) -> Option<String> {
        self.open(title)?;
        if let Some(hint) = placeholder.filter(|hint| !hint.is_empty()) {
            self.say(&format!("({})\n", sanitize_line(hint)))?;
        }
        if let Some(text) = current.filter(|text| !text.is_empty()) {
            self.say(&format!(
                "Current answer:\n{}\nAn empty answer keeps it.\n",
                sanitize(text)
            ))?;
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
        let lines = self.read_lines()?;
        match (lines.is_empty(), prefill) {
            (true, Some(text)) => Some(text.to_owned()),
            _ => Some(lines.join("\n")),
        }
    }

    /// An empty answer would cancel the whole flow, so it is confirmed first; declining asks
    /// the question again.
    fn multi_select(
        &mut self,
        question: &str,
        options: &[DialogOption],
        current: Option<&str>,
    ) -> Option<String> {
        let current = current.filter(|text| !text.trim().is_empty());
        loop {
            self.open(question)?;
            self.say(&format!(
                "\n{}\n{MULTI_SELECT_INSTRUCTION}\n",
                numbered_list(options)
            ))?;
            if let Some(text) = current {
                self.say(&format!(
                    "Current answer: {}\nAn empty answer keeps it.\n",
                    sanitize(text)
                ))?;
            }
            self.say(MULTI_SELECT_HINT)?;
            let reply = self.read_lines()?.join("\n");
            // An empty answer keeps the current one; with none, it would cancel everything.
            if !reply.trim().is_empty()
                || current.is_some()
                || self.confirm(EMPTY_ANSWER_TITLE, EMPTY_ANSWER_MESSAGE)?
            {
                return Some(reply);
            }
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

    fn after_last(&self) -> AfterLast {
        AfterLast::Review
    }

    /// `<title>` (when there is one) and `Question <n> of <N>` before each question.
    fn announce(&mut self, title: Option<&str>, position: Position) {
        let Position::Question { number, count } = position else {
            return;
        };
        let mut text = String::from("\n");
        if let Some(title) = title.filter(|title| !title.trim().is_empty()) {
            let _ = writeln!(text, "{}", sanitize_line(title));
        }
        let _ = writeln!(text, "Question {number} of {count}");
        let _ = self.say(&text);
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

/// `<n>. <string>` lines, [`RECOMMENDED`] after a recommended option's string, and each
/// description's lines under its option, indented past the number.
fn numbered_list(options: &[DialogOption]) -> String {
    let mut list = String::new();
    for (index, option) in options.iter().enumerate() {
        let number = format!("{}. ", index + 1);
        list.push_str(&number);
        list.push_str(&sanitize_line(&option.text));
        if option.recommended {
            let _ = write!(list, " {RECOMMENDED}");
        }
        list.push('\n');
        let description = option.description.as_deref().unwrap_or_default();
        for line in sanitize(description).lines().map(str::trim_end) {
            if !line.trim().is_empty() {
                let _ = writeln!(list, "{:width$}{line}", "", width = number.len());
            }
        }
    }
    list
}

#[cfg(test)]
mod flow_tests;
#[cfg(test)]
mod tests;

//! Key scripts: a readable line of keys and text that becomes a list of steps, each an input
//! or a wait.
//!
//! Items are separated by white space (newlines included):
//!
//! | item | steps |
//! |---|---|
//! | a key id: `down`, `ctrl+c`, `shift+n`, `?` | that key (see [`Key`]'s syntax) |
//! | `"typed text"` | one key per character; escapes `\"`, `\\`, `\n` (enter), `\t` (tab) |
//! | `'typed text'` | the same, taken literally (no escapes), handy for `'"'` |
//! | `paste "text"` or `paste:"text"` (or single quotes) | one bracketed paste |
//! | `resize 40x12` or `resize:40x12` | the screen changes to 40 columns by 12 rows |
//! | `wait 3s` or `wait:500ms` | the script's clock moves on, and the timers due by then fire |
//! | `image "shot.png"` or `image:"shot.png"` | the clipboard holds that file's bytes and the open editor's paste-image key is pressed |
//!
//! A wait's duration is written as [`humantime`] reads it, in one word: `3s`, `500ms`, `1m`,
//! `2s500ms`. The clock starts at zero and only waits move it, so a script that never waits
//! never sees a timer fire.
//!
//! Any item can be repeated with `*N` right after it: `down*3`, `"ab"*2`, `paste:"x"*2`
//! (N from 1 to [`MAX_REPEAT`]). A lone `*` is the star key, and `**2` presses it twice.

use std::path::PathBuf;
use std::time::Duration;

use pi_agent_ask_core::Size;
use pi_agent_ask_core::input::Input;
use pi_agent_ask_core::keys::{Key, KeyParseError};
use thiserror::Error;

/// The largest repeat count a script may ask for.
pub const MAX_REPEAT: usize = 10_000;

/// The widest and tallest screen a script or a caller may ask for, so a typo cannot make a
/// text grid of billions of cells.
pub const MAX_SCREEN_SIDE: u16 = 1000;

/// A key script that cannot be read, with where the offending item starts.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("key script, line {line}, column {column}, at {item:?}: {problem}")]
pub struct ScriptError {
    /// 1-based line of the item.
    pub line: usize,
    /// 1-based column of the item, in characters.
    pub column: usize,
    /// The item as written (up to the next white space).
    pub item: String,
    /// What is wrong.
    pub problem: ScriptProblem,
}

/// The ways a key script item can be wrong.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ScriptProblem {
    /// The word is not a key id.
    #[error(transparent)]
    Key(KeyParseError),
    /// A quoted text has no closing quote.
    #[error("the quoted text has no closing quote")]
    UnterminatedText,
    /// A backslash escape other than `\"`, `\\`, `\n`, `\t`.
    #[error("unknown escape \\{0}; use \\\", \\\\, \\n or \\t")]
    UnknownEscape(char),
    /// A `*N` suffix that is not a number from 1 to [`MAX_REPEAT`].
    #[error("a repeat count must be a number from 1 to {MAX_REPEAT}")]
    BadRepeat,
    /// Something other than white space or `*N` right after a closing quote.
    #[error("a closing quote must be followed by white space or a repeat count *N")]
    TextAfterQuote,
    /// `paste` without a quoted text after it.
    #[error("paste needs a quoted text, as in paste \"text\"")]
    MissingPasteText,
    /// `resize` without a valid size after it.
    #[error("resize needs a size like 80x24, at least 1x1, at most 1000x1000")]
    BadSize,
    /// `wait` without a valid duration after it.
    #[error("wait needs a duration like 3s or 500ms")]
    BadWait,
    /// `image` without a quoted path after it.
    #[error("image needs a quoted file path, as in image \"shot.png\"")]
    MissingImagePath,
}

/// One step of a script: an input for the surface, or time passing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ScriptStep {
    /// Hand the surface this input.
    Input(Input),
    /// Move the script's clock on by this much, firing the timers due by then.
    Wait(Duration),
    /// Put the bytes of the file at this path on the clipboard and paste an image, as the
    /// open editor's paste-image key does; the runner of the script reads the file.
    Image(PathBuf),
}

/// What one item of a script produces.
enum Item {
    Key(Key),
    Typed(String),
    Paste(String),
    Resize(Size),
    Wait(Duration),
    Image(PathBuf),
}

impl Item {
    fn push_steps(&self, steps: &mut Vec<ScriptStep>) {
        let input = ScriptStep::Input;
        match self {
            Self::Key(key) => steps.push(input(Input::Key(*key))),
            Self::Typed(text) => {
                steps.extend(text.chars().map(|c| input(Input::Key(Key::from_char(c)))));
            }
            Self::Paste(text) => steps.push(input(Input::Paste(text.clone()))),
            Self::Resize(size) => steps.push(input(Input::Resize(*size))),
            Self::Wait(duration) => steps.push(ScriptStep::Wait(*duration)),
            Self::Image(path) => steps.push(ScriptStep::Image(path.clone())),
        }
    }
}

/// Reads a key script into the steps it stands for, in order.
pub fn parse_keys(script: &str) -> Result<Vec<ScriptStep>, ScriptError> {
    let mut scanner = Scanner { script, pos: 0 };
    let mut steps = Vec::new();
    while let Some((item, repeat)) = scanner.next_item()? {
        for _ in 0..repeat {
            item.push_steps(&mut steps);
        }
    }
    Ok(steps)
}

/// Walks the script, one item at a time.
struct Scanner<'a> {
    script: &'a str,
    /// Byte offset of the next unread character.
    pos: usize,
}

impl<'a> Scanner<'a> {
    fn rest(&self) -> &'a str {
        &self.script[self.pos..]
    }

    fn skip_space(&mut self) {
        let rest = self.rest();
        self.pos += rest.len() - rest.trim_start().len();
    }

    /// Reads up to the next white space.
    fn word(&mut self) -> &'a str {
        let start = self.pos;
        let rest = self.rest();
        self.pos += rest.find(char::is_whitespace).unwrap_or(rest.len());
        &self.script[start..self.pos]
    }

    /// The next item and its repeat count, or `None` at the end.
    fn next_item(&mut self) -> Result<Option<(Item, usize)>, ScriptError> {
        self.skip_space();
        let start = self.pos;
        if start == self.script.len() {
            return Ok(None);
        }
        let script = self.script;
        let fail = move |problem| error_at(script, start, problem);
        let rest = self.rest();
        if rest.starts_with(['"', '\'']) {
            let text = self.quoted().map_err(fail)?;
            let repeat = self.repeat_after_quote().map_err(fail)?;
            return Ok(Some((Item::Typed(text), repeat)));
        }
        if rest.starts_with("paste:") {
            self.pos += "paste:".len();
            return self.paste().map(Some).map_err(fail);
        }
        if rest.starts_with("resize:") {
            self.pos += "resize:".len();
            return self.resize().map(Some).map_err(fail);
        }
        if rest.starts_with("wait:") {
            self.pos += "wait:".len();
            return self.wait().map(Some).map_err(fail);
        }
        if rest.starts_with("image:") {
            self.pos += "image:".len();
            return self.image().map(Some).map_err(fail);
        }
        let word = self.word();
        match word {
            "paste" => {
                self.skip_space();
                self.paste().map(Some).map_err(fail)
            }
            "resize" => {
                self.skip_space();
                self.resize().map(Some).map_err(fail)
            }
            "wait" => {
                self.skip_space();
                self.wait().map(Some).map_err(fail)
            }
            "image" => {
                self.skip_space();
                self.image().map(Some).map_err(fail)
            }
            _ => {
                let (id, repeat) = split_repeat(word);
                let key = id.parse::<Key>().map_err(|e| fail(ScriptProblem::Key(e)))?;
                let repeat = repeat.map_or(Ok(1), parse_repeat).map_err(fail)?;
                Ok(Some((Item::Key(key), repeat)))
            }
        }
    }

    fn paste(&mut self) -> Result<(Item, usize), ScriptProblem> {
        if !self.rest().starts_with(['"', '\'']) {
            return Err(ScriptProblem::MissingPasteText);
        }
        let text = self.quoted()?;
        Ok((Item::Paste(text), self.repeat_after_quote()?))
    }

    fn image(&mut self) -> Result<(Item, usize), ScriptProblem> {
        if !self.rest().starts_with(['"', '\'']) {
            return Err(ScriptProblem::MissingImagePath);
        }
        let path = PathBuf::from(self.quoted()?);
        Ok((Item::Image(path), self.repeat_after_quote()?))
    }

    fn resize(&mut self) -> Result<(Item, usize), ScriptProblem> {
        let (size, repeat) = split_repeat(self.word());
        let (width, height) = size.split_once('x').ok_or(ScriptProblem::BadSize)?;
        let size = match (width.parse(), height.parse()) {
            // A screen of no cells shows nothing, as `--size` says.
            (Ok(width), Ok(height))
                if (1..=MAX_SCREEN_SIDE).contains(&width)
                    && (1..=MAX_SCREEN_SIDE).contains(&height) =>
            {
                Size::new(width, height)
            }
            _ => return Err(ScriptProblem::BadSize),
        };
        let repeat = repeat.map_or(Ok(1), parse_repeat)?;
        Ok((Item::Resize(size), repeat))
    }

    fn wait(&mut self) -> Result<(Item, usize), ScriptProblem> {
        let (duration, repeat) = split_repeat(self.word());
        let duration = humantime::parse_duration(duration).map_err(|_| ScriptProblem::BadWait)?;
        let repeat = repeat.map_or(Ok(1), parse_repeat)?;
        Ok((Item::Wait(duration), repeat))
    }

    /// Reads a quoted text starting at the opening quote.
    fn quoted(&mut self) -> Result<String, ScriptProblem> {
        let mut chars = self.rest().char_indices();
        let (_, quote) = chars.next().expect("called at a quote");
        let mut text = String::new();
        while let Some((offset, c)) = chars.next() {
            match c {
                _ if c == quote => {
                    self.pos += offset + c.len_utf8();
                    return Ok(text);
                }
                '\\' if quote == '"' => match chars.next() {
                    Some((_, '"')) => text.push('"'),
                    Some((_, '\\')) => text.push('\\'),
                    Some((_, 'n')) => text.push('\n'),
                    Some((_, 't')) => text.push('\t'),
                    Some((_, other)) => return Err(ScriptProblem::UnknownEscape(other)),
                    None => return Err(ScriptProblem::UnterminatedText),
                },
                _ => text.push(c),
            }
        }
        Err(ScriptProblem::UnterminatedText)
    }

    /// Reads a `*N` suffix right after a closing quote; 1 when there is none.
    fn repeat_after_quote(&mut self) -> Result<usize, ScriptProblem> {
        if !self.rest().starts_with('*') {
            return match self.rest().chars().next() {
                Some(c) if !c.is_whitespace() => Err(ScriptProblem::TextAfterQuote),
                _ => Ok(1),
            };
        }
        self.pos += 1;
        parse_repeat(self.word())
    }
}

/// The error for the item starting at byte `start` of `script`.
fn error_at(script: &str, start: usize, problem: ScriptProblem) -> ScriptError {
    let before = &script[..start];
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let rest = &script[start..];
    let item_end = rest.find(char::is_whitespace).unwrap_or(rest.len());
    ScriptError {
        line: before.matches('\n').count() + 1,
        column: before[line_start..].chars().count() + 1,
        item: rest[..item_end].to_owned(),
        problem,
    }
}

/// Splits `down*3` into `down` and `Some("3")`. Only a star followed by digits, after
/// something, starts a count: `*` and `ctrl+*` are keys, `**2` presses `*` twice.
fn split_repeat(word: &str) -> (&str, Option<&str>) {
    match word.rfind('*') {
        Some(star)
            if star > 0
                && star + 1 < word.len()
                && word[star + 1..].bytes().all(|b| b.is_ascii_digit()) =>
        {
            (&word[..star], Some(&word[star + 1..]))
        }
        _ => (word, None),
    }
}

fn parse_repeat(count: &str) -> Result<usize, ScriptProblem> {
    match count.parse::<usize>() {
        Ok(n) if (1..=MAX_REPEAT).contains(&n) => Ok(n),
        _ => Err(ScriptProblem::BadRepeat),
    }
}

//! `@` file references in the editors: the `@word` under the cursor, the list of paths the
//! program finds for it, and putting the chosen path in the text.
//!
//! The core never looks at the file system. When the word under the cursor starts with `@`
//! and has text after it, the form asks for paths with [`Effect::FindFiles`] under a fresh
//! generation number, and shows the batches of [`FileCandidates`] that come back for that
//! generation, in the order given (the program ranks them); a batch for an older generation,
//! or for an editor that has closed since, is dropped.

use crate::effect::{Effect, FileQuery};
use crate::input::{FileCandidates, Searched};
use crate::keys::Key;
use crate::text::byte_at_char;

/// The most candidate rows the list shows at once.
pub const LIST_ROWS: usize = 8;

/// The longest query an `@` reference has, in bytes: Linux's longest path. Longer text after
/// an `@` is no path, and a key typed far into a long line looks no further back than this.
pub const LONGEST_QUERY: usize = 4096;

/// An `@word` in an editor's text: where its `@` is and what follows it up to the cursor.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Token {
    /// The editor line it is on.
    pub line: usize,
    /// The character index of the `@` in that line.
    pub at: usize,
    /// The text between the `@` (and its opening quote) and the cursor, as written: in a
    /// quoted one, a `"` or `\` in the path is written after a `\`.
    pub query: String,
    /// Whether a `"` follows the `@`: a path with white space in it, written `@"my docs/a.md"`.
    pub quoted: bool,
}

impl Token {
    /// The `@word` ending at the cursor, if the word under it is one: an `@` at the start of
    /// the line or after white space, with at least one character after it; or an `@"` there,
    /// with no `"` after it up to the cursor, white space allowed.
    pub fn at_cursor(lines: &[String], (line, column): (usize, usize)) -> Option<Self> {
        let text = lines.get(line)?;
        // The text before the cursor is borrowed, and searched from the cursor back to the
        // white space before it: a key typed in a long line looks at the word it ends.
        let (before, before_chars) = match byte_at_char(text, column) {
            Some(end) => (&text[..end], column),
            None => (text.as_str(), text.chars().count()),
        };
        // A token is looked for in the last `LONGEST_QUERY` bytes alone (and its `@"`), so
        // a key typed far into a long line reads no more than that.
        let mut near = before.len().saturating_sub(LONGEST_QUERY + 2);
        while !before.is_char_boundary(near) {
            near += 1;
        }
        let start = match before[near..]
            .char_indices()
            .rev()
            .find(|(_, c)| c.is_whitespace())
        {
            Some((space, c)) => near + space + c.len_utf8(),
            None if near == 0 => 0,
            None => before.len(),
        };
        let (query, quoted) = match before[start..].strip_prefix('@') {
            Some(word) if !word.starts_with('"') && word.len() <= LONGEST_QUERY => (word, false),
            _ => (quoted_query(before, near)?, true),
        };
        if query.is_empty() {
            return None;
        }
        let opening = usize::from(quoted);
        Some(Self {
            line,
            at: before_chars - 1 - opening - query.chars().count(),
            query: query.to_owned(),
            quoted,
        })
    }

    /// How many characters the token's text takes from its `@` on: what a path put in its
    /// place replaces, up to the cursor.
    pub fn typed_chars(&self) -> usize {
        self.query.chars().count() + usize::from(self.quoted)
    }

    /// The text paths are searched for: the query, a quoted one's escapes read.
    pub fn searched_text(&self) -> String {
        if !self.quoted {
            return self.query.clone();
        }
        let mut text = String::with_capacity(self.query.len());
        let mut escaped = false;
        for c in self.query.chars() {
            if c == '\\' && !escaped {
                escaped = true;
                continue;
            }
            escaped = false;
            text.push(c);
        }
        text
    }

    /// `path` as it goes in the text for this token: quoted, its `"` and `\` escaped, when
    /// it has white space in it or the token was quoted; a directory's quote left open, so
    /// that its list stays open on what is inside it.
    pub fn written(&self, path: &str) -> String {
        if !self.quoted && !path.contains(char::is_whitespace) {
            return path.to_owned();
        }
        let mut text = String::with_capacity(path.len() + 2);
        text.push('"');
        for c in path.chars() {
            if matches!(c, '"' | '\\') {
                text.push('\\');
            }
            text.push(c);
        }
        if !path.ends_with('/') {
            text.push('"');
        }
        text
    }
}

impl Token {
    /// How many of the characters after the cursor, `after`, still belong to the token: the
    /// rest of its word, and of a quoted one up to and with its closing quote (one written
    /// after a `\` is the path's own). A path put in its place replaces them too; white space
    /// ends them, so nothing past the word is ever replaced.
    pub fn rest_of_word(&self, after: impl Iterator<Item = char>) -> usize {
        let mut count = 0;
        let mut escaped = false;
        for c in after {
            if c.is_whitespace() {
                break;
            }
            count += 1;
            if self.quoted && c == '"' && !escaped {
                break;
            }
            escaped = self.quoted && c == '\\' && !escaped;
        }
        count
    }
}

/// The text after the last `@"` in `before[near..]` that starts a word, when no `"` closes it:
/// one written after a `\` is the path's own.
fn quoted_query(before: &str, near: usize) -> Option<&str> {
    let (open, _) = before[near..]
        .rmatch_indices("@\"")
        .find_map(|(open, quote)| {
            let open = near + open;
            before[..open]
                .chars()
                .next_back()
                .is_none_or(char::is_whitespace)
                .then_some((open, quote))
        })?;
    let query = &before[open + 2..];
    let mut escaped = false;
    for c in query.chars() {
        if c == '"' && !escaped {
            return None;
        }
        escaped = c == '\\' && !escaped;
    }
    Some(query)
}

/// The open list of one editor: the token it answers and the paths that came for it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct List {
    /// The `@word` the list is for.
    pub token: Token,
    /// The generation of the query asked for it.
    pub generation: u64,
    /// The paths so far, best first.
    pub paths: Vec<String>,
    /// How far the search has got.
    pub searched: Searched,
    /// The highlighted path.
    pub highlighted: usize,
    /// How the highlighted path was come to.
    pub pick: Pick,
    /// What was typed after the key the list awaits paths for ([`Pick::Awaited`]).
    pub held: Vec<Held>,
}

/// How a list's highlighted path was come to, which says what a later batch does to it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pick {
    /// The best path: the first of each batch, while no key has moved the highlight.
    Best,
    /// A key moved it there: it stays on that path as a later batch reorders the paths.
    Moved,
    /// `tab` or `enter` (this key) came before any path: the best of the first batch with
    /// paths is inserted as it comes, or, when the search ends with none, the key is the
    /// editor's after all. What is typed meanwhile waits in the list's `held`, to follow.
    Awaited(Key),
}

/// Typing held while a list awaits its paths, given to the editor once the awaited key is
/// done with, in the order typed: nothing typed is lost, and none of it lands before the path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Held {
    /// A key.
    Key(Key),
    /// A paste.
    Paste(String),
}

/// What a batch of paths does to the open editor.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Received {
    /// Nothing beyond the list.
    Listed,
    /// The path to insert, which a key awaited, then what was typed after that key.
    Insert(String, Vec<Held>),
    /// The key the list awaited, for the editor, then what was typed after it: the search
    /// found nothing.
    Key(Key, Vec<Held>),
}

impl List {
    /// Whether the list's keys are the list's: it has paths, or some may still come. A search
    /// that found nothing leaves `tab` and `enter` to the editor.
    pub fn takes_keys(&self) -> bool {
        !self.paths.is_empty() || !self.searched.is_over()
    }

    /// The highlighted path, if there is one.
    pub fn chosen(&self) -> Option<&str> {
        self.paths.get(self.highlighted).map(String::as_str)
    }

    /// Moves the highlight one row down or up, wrapping around.
    pub fn step(&mut self, down: bool) {
        let count = self.paths.len();
        if count == 0 {
            return;
        }
        self.pick = Pick::Moved;
        self.highlighted = if down {
            (self.highlighted + 1) % count
        } else {
            (self.highlighted + count - 1) % count
        };
    }

    /// The first row shown so the highlighted one is among `rows` rows.
    pub fn top(&self, rows: usize) -> usize {
        (self.highlighted + 1).saturating_sub(rows.max(1))
    }
}

/// The references state of one open editor.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct References {
    /// The list, while one is open.
    pub list: Option<List>,
    /// The `@` (line, character) whose list `esc` closed; it stays closed while the cursor
    /// is in that word.
    dismissed: Option<(usize, usize)>,
}

impl References {
    /// Follows the text after an edit or a cursor move: opens, updates or closes the list,
    /// asking for paths under `generation()` when the query changed.
    pub fn follow(
        &mut self,
        lines: &[String],
        cursor: (usize, usize),
        generation: impl FnOnce() -> u64,
    ) -> Vec<Effect> {
        let token = Token::at_cursor(lines, cursor);
        let Some(token) = token else {
            self.list = None;
            self.dismissed = None;
            return Vec::new();
        };
        if self.dismissed == Some((token.line, token.at)) {
            return Vec::new();
        }
        self.dismissed = None;
        if self.list.as_ref().is_some_and(|list| list.token == token) {
            return Vec::new();
        }
        let generation = generation();
        let query = token.searched_text();
        self.list = Some(List {
            token,
            generation,
            paths: Vec::new(),
            searched: Searched::Partly,
            highlighted: 0,
            pick: Pick::Best,
            held: Vec::new(),
        });
        vec![Effect::FindFiles(FileQuery {
            query,
            generation,
            root: None,
        })]
    }

    /// Takes a batch of paths: it replaces the list's paths when it answers the open query.
    /// A path a key moved the highlight to stays highlighted: where the batch lists it, or,
    /// when the batch left it out, in the row it was in, so `tab` inserts the path the person
    /// chose, never another that took its place. Gives the path to
    /// insert when the list awaited one ([`Pick::Awaited`]), or the key that awaited it once
    /// the search ends with none.
    pub fn receive(&mut self, batch: FileCandidates) -> Received {
        let Some(list) = self
            .list
            .as_mut()
            .filter(|list| list.generation == batch.generation)
        else {
            return Received::Listed;
        };
        let moved_to = match list.pick {
            Pick::Moved => list
                .chosen()
                .map(|path| (path.to_owned(), list.highlighted)),
            Pick::Best => None,
            Pick::Awaited(key) => {
                list.paths = batch.paths;
                list.searched = batch.searched;
                list.highlighted = 0;
                if !list.paths.is_empty() || list.searched.is_over() {
                    list.pick = Pick::Best;
                }
                return match list.chosen() {
                    Some(path) => Received::Insert(path.to_owned(), std::mem::take(&mut list.held)),
                    None if list.searched.is_over() => {
                        Received::Key(key, std::mem::take(&mut list.held))
                    }
                    None => Received::Listed,
                };
            }
        };
        list.paths = batch.paths;
        list.searched = batch.searched;
        list.highlighted = match moved_to {
            Some((path, row)) => {
                if let Some(listed) = list.paths.iter().position(|listed| *listed == path) {
                    listed
                } else {
                    let row = row.min(list.paths.len());
                    list.paths.insert(row, path);
                    row
                }
            }
            None => 0,
        };
        Received::Listed
    }

    /// `esc` on an open list: closes it and keeps the text, giving back what was typed while
    /// it awaited paths, for the editor.
    pub fn dismiss(&mut self) -> Vec<Held> {
        let Some(list) = self.list.take() else {
            return Vec::new();
        };
        self.dismissed = Some((list.token.line, list.token.at));
        list.held
    }
}

#[cfg(test)]
#[path = "references_tests.rs"]
mod tests;

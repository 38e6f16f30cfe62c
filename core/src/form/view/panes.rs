//! Preview panes as the last frames laid them out, kept while their option, scroll position
//! and size stay the same: going back to a preview shown a moment ago (comparing two options)
//! draws it without wrapping its text again.

use std::borrow::Cow;

use super::super::state::PreviewScroll;

/// What a pane is laid out from: the option whose preview it shows, where it is scrolled to,
/// and its size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct PaneKey {
    /// The question.
    pub question: usize,
    /// The option of the question.
    pub option: usize,
    /// Where the pane was asked to show from.
    pub scroll: PreviewScroll,
    /// The pane's columns.
    pub columns: usize,
    /// The pane's rows.
    pub height: usize,
}

/// One row of a kept pane, with the cells it takes: a stretch of the preview's text, or the
/// text sanitizing made of one.
#[derive(Debug)]
enum PaneRow {
    Stretch {
        start: usize,
        end: usize,
        cells: usize,
    },
    Changed {
        text: String,
        cells: usize,
    },
}

/// A pane laid out: where it shows from (kept full at the end of the text), its rows, and
/// whether more follow.
#[derive(Debug)]
pub(super) struct Pane {
    key: PaneKey,
    /// Where the pane shows from.
    pub from: PreviewScroll,
    rows: Vec<PaneRow>,
    /// Whether rows follow the last one shown.
    pub more: bool,
}

impl Pane {
    /// The pane `key` names, showing `rows` of `text` from `from`: each row kept as the stretch
    /// of `text` it borrows, or as its own text when sanitizing changed it, and measured once.
    pub(super) fn new(
        key: PaneKey,
        text: &str,
        from: PreviewScroll,
        rows: Vec<Cow<'_, str>>,
        more: bool,
        measure: impl Fn(&str) -> usize,
    ) -> Self {
        let base = text.as_ptr() as usize;
        let rows = rows
            .into_iter()
            .map(|row| {
                let cells = measure(&row);
                let at = row.as_ptr() as usize;
                match row {
                    Cow::Borrowed(part) if at >= base && at + part.len() <= base + text.len() => {
                        PaneRow::Stretch {
                            start: at - base,
                            end: at - base + part.len(),
                            cells,
                        }
                    }
                    other => PaneRow::Changed {
                        text: other.into_owned(),
                        cells,
                    },
                }
            })
            .collect();
        Self {
            key,
            from,
            rows,
            more,
        }
    }

    /// The rows with the cells each takes, the stretches read from `text`, the preview the pane
    /// was laid out from.
    pub(super) fn rows<'a>(&'a self, text: &'a str) -> impl Iterator<Item = (&'a str, usize)> {
        self.rows.iter().map(move |row| match row {
            PaneRow::Stretch { start, end, cells } => (&text[*start..*end], *cells),
            PaneRow::Changed { text, cells } => (text.as_str(), *cells),
        })
    }
}

/// The two panes laid out last: the one shown and the one before it.
#[derive(Debug, Default)]
pub(in crate::form) struct KeptPanes(Vec<Pane>);

impl KeptPanes {
    /// The pane `key` names, as kept, or laid out with `lay_out` and kept in place of the one
    /// used longer ago.
    pub(super) fn get_or_lay_out(&mut self, key: PaneKey, lay_out: impl FnOnce() -> Pane) -> &Pane {
        let pane = if let Some(at) = self.0.iter().position(|pane| pane.key == key) {
            self.0.remove(at)
        } else {
            if self.0.len() == 2 {
                self.0.remove(0);
            }
            lay_out()
        };
        self.0.push(pane);
        &self.0[self.0.len() - 1]
    }
}

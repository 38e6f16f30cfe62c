//! What the inbox shows: its idle screen, or the front form under the line saying where it
//! came from (and, over a form that took the place of one taken back, which one that was).

use crate::draw::{
    Canvas, DrawCmd, Frame, Line, Pos, Rect, Role, Size, Span, Style, line_width, put_line_within,
};
use crate::input::AskOrigin;
use crate::text::{graphemes, width, wrapped_line_count};
use smallvec::smallvec;
use std::borrow::Cow;

/// What the idle screen says, and how it says to close the inbox.
const IDLE: &str = "Nothing is waiting. Questions from agents show up here one at a time, in the \
                    order they arrive.";
const CLOSE_HINT: &str = "ctrl+c closes the inbox";

/// What joins the asking program and its directory in the label, and the title after them.
const IN: &str = " in ";
const SEPARATOR: &str = " · ";
/// The fewest cells of a title, a directory, or a whole label the label line shows; a part
/// with less room is left out.
const FEWEST_TITLE_CELLS: usize = 8;
const FEWEST_DIRECTORY_CELLS: usize = 8;
const FEWEST_LABEL_CELLS: usize = 4;

/// The end of `text` in at most `cells` cells, after a `…` when its start is cut.
fn ending(text: &str, cells: usize) -> String {
    if width(text) <= cells {
        return text.to_owned();
    }
    let pieces: Vec<(&str, usize)> = graphemes(text).collect();
    let mut taken = 1;
    let mut from = pieces.len();
    while from > 0 && taken + pieces[from - 1].1 <= cells {
        from -= 1;
        taken += pieces[from].1;
    }
    let mut cut = String::from("…");
    cut.extend(pieces[from..].iter().map(|(piece, _)| *piece));
    cut
}

/// The form that left the screen unanswered because its asker took it back: the idle screen
/// names it, so the person who was looking at it knows where it went, until another form
/// comes to the front.
#[derive(Debug)]
pub(super) struct TakenBack {
    pub(super) origin: AskOrigin,
    pub(super) title: Option<String>,
}

impl TakenBack {
    /// What the idle screen says: who took which question back.
    fn sentence(&self) -> String {
        let AskOrigin { program, cwd } = &self.origin;
        let question = match self.title.as_deref().map(str::trim) {
            Some(title) if !title.is_empty() => format!("its question ({title})"),
            _ => "its question".to_owned(),
        };
        format!("{program} in {cwd} took back {question} before it was answered.")
    }
}

/// What goes before the name of a form taken back, over the form that took its place.
const TAKEN_BACK: &str = "Taken back unanswered: ";
/// The fewest rows of a frame the name of a form taken back is put on: a shorter one keeps
/// its rows for the form that shows.
const TAKEN_BACK_FROM_ROWS: u16 = 8;

/// Names the form `taken_back` on the row above the last of `frame`, the form that took its
/// place, in place of what was there: its title first, which tells apart forms of one asker,
/// then the asker and its directory as far as they fit.
pub(super) fn name_taken_back(frame: &mut Frame, taken_back: &TakenBack) {
    if frame.size.height < TAKEN_BACK_FROM_ROWS {
        return;
    }
    let row = frame.size.height - 2;
    frame.cmds.retain(|DrawCmd::Text { pos, .. }| pos.y != row);
    if frame.cursor.is_some_and(|cursor| cursor.y == row) {
        frame.cursor = None;
    }
    let room = usize::from(frame.size.width.saturating_sub(2));
    let mut line: Line = smallvec![Span::new(TAKEN_BACK, Style::new(Role::Warning))];
    let mut used = width(TAKEN_BACK);
    let title = taken_back.title.as_deref().map(str::trim);
    if let Some(title) = title.filter(|title| !title.is_empty()) {
        line.push(Span::new(title, Style::new(Role::Text).bold()));
        line.push(Span::new(SEPARATOR, Style::new(Role::Muted)));
        used += width(title) + SEPARATOR.len();
    }
    line.extend(label(&taken_back.origin, None, room.saturating_sub(used)));
    let mut canvas = Canvas::new(frame.size);
    put_line_within(&mut canvas, Pos::new(1, row), &line, room);
    frame.cmds.extend(canvas.finish().cmds);
}

/// The idle screen: the inbox's name, that nothing is waiting, which form was taken back from
/// the screen unanswered (when the last one was), what is wrong with the inbox's own settings
/// file (its `settings` notices), and how to quit.
pub(super) fn idle(
    name: &str,
    taken_back: Option<&TakenBack>,
    settings: &[String],
    size: Size,
) -> Frame {
    let mut canvas = Canvas::new(size);
    let area = Rect::from_size(size).inset(1, 0);
    let heading = [
        Span::new("pi-agent-ask inbox", Style::new(Role::Accent).bold()),
        Span::new(format!(" · {name}"), Style::new(Role::Muted)),
    ];
    put_line_within(&mut canvas, area.pos(), &heading, usize::from(area.width));
    let (_, body) = area.split_top(2);
    let columns = usize::from(body.width);
    let taken_back = taken_back.map(TakenBack::sentence);
    let warnings: Vec<(&str, Style)> = taken_back
        .as_deref()
        .into_iter()
        .chain(settings.iter().map(String::as_str))
        .map(|text| (text, Style::new(Role::Warning)))
        .collect();
    let rows = |text: &str| u16::try_from(wrapped_line_count(text, columns)).unwrap_or(u16::MAX);
    let hint_rows = rows(CLOSE_HINT);
    let wanted = warnings
        .iter()
        .fold(rows(IDLE) + 1 + hint_rows, |sum, (text, _)| {
            sum.saturating_add(rows(text) + 1)
        });
    let idle = (IDLE, Style::new(Role::Text));
    // A short screen keeps how to close the inbox on its last rows, and above it the warnings
    // before that nothing is waiting.
    let (text, hint, parts) = if wanted <= body.height {
        let parts: Vec<_> = std::iter::once(idle).chain(warnings).collect();
        (body, None, parts)
    } else {
        let (text, hint) = body.split_bottom(hint_rows);
        let parts: Vec<_> = warnings.into_iter().chain([idle]).collect();
        (text, Some(hint), parts)
    };
    let mut used = 0;
    for (part, style) in parts {
        let (_, below) = text.split_top(used);
        used += canvas.put_wrapped(below, part, style) + 1;
    }
    let hint = hint.unwrap_or_else(|| body.split_top(used).1);
    canvas.put_wrapped(hint, CLOSE_HINT, Style::new(Role::Muted));
    canvas.finish()
}

/// The label of an ask from `origin` titled `title` in `room` cells: the asking program, its
/// directory and the title. What does not fit goes in this order: the title, once fewer than
/// a few of its cells would show, then the start of the directory, whose end tells agents
/// apart, then the directory, once fewer than a few of its cells would show.
fn label<'a>(origin: &'a AskOrigin, title: Option<&'a str>, room: usize) -> Line<'a> {
    let head = width(&origin.program) + IN.len();
    let cwd = width(&origin.cwd);
    let title = title
        .map(str::trim)
        .filter(|title| !title.is_empty())
        .filter(|title| {
            head + cwd + SEPARATOR.len() + width(title).min(FEWEST_TITLE_CELLS) <= room
        });
    let cwd_room = room.saturating_sub(head);
    let mut label: Line = smallvec![Span::new(&origin.program, Style::new(Role::Accent).bold())];
    if title.is_some() || cwd <= cwd_room || cwd_room >= FEWEST_DIRECTORY_CELLS {
        let cwd = if cwd <= cwd_room {
            Cow::Borrowed(origin.cwd.as_str())
        } else {
            Cow::Owned(ending(&origin.cwd, cwd_room))
        };
        label.push(Span::new(IN, Style::new(Role::Muted)));
        label.push(Span::new(cwd, Style::new(Role::Text)));
    }
    if let Some(title) = title {
        label.push(Span::new(SEPARATOR, Style::new(Role::Muted)));
        label.push(Span::new(title, Style::new(Role::Text).bold()));
    }
    label
}

/// The front form's frame (`form`, drawn for the rows under the label) under its label: the
/// asking program, its working directory, the form's title, and how many asks wait after it;
/// on a narrow screen the count stays whole and the rest is cut.
pub(super) fn labelled(
    origin: &AskOrigin,
    title: Option<&str>,
    behind: usize,
    form: &Frame,
    size: Size,
) -> Frame {
    let mut canvas = Canvas::new(size);
    let room = usize::from(size.width.saturating_sub(1));
    let count = format!(" · {behind} more waiting");
    let label_room = room.saturating_sub(if behind > 0 { width(&count) } else { 0 });
    // Too narrow for even the program's name: the count alone, as words of its own.
    let (label, count) = if label_room < FEWEST_LABEL_CELLS {
        (Line::new(), count.trim_start_matches(SEPARATOR).to_owned())
    } else {
        (label(origin, title, label_room), count)
    };
    put_line_within(&mut canvas, Pos::new(1, 0), &label, label_room);
    if behind > 0 {
        let waiting = [Span::new(count, Style::new(Role::Warning))];
        let after = 1 + line_width(&label).min(label_room);
        put_line_within(&mut canvas, Pos::new(after as u16, 0), &waiting, room);
    }
    let mut frame = canvas.finish();
    frame.cmds.extend(form.cmds.iter().cloned().map(|mut cmd| {
        cmd.move_down(i32::from(super::LABEL_ROWS));
        cmd
    }));
    frame.cursor = form
        .cursor
        .map(|cursor| Pos::new(cursor.x, cursor.y + super::LABEL_ROWS));
    frame
}

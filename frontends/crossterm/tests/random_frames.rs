//! The writer's shortcuts never change the picture, whatever the frames: random frames of runs
//! (narrow, wide and combined characters, blanks, every role, bold, italic, underlined and
//! reversed, overlapping one another) are drawn one after another, their bytes replayed through
//! a terminal emulator, and after every frame each cell shows what the whole frame paints.
//! Frames that differ in a few runs from the one before, or are one drawn a few frames before
//! (a preview taken away and brought back), take the writer's shortcuts most: rows compared
//! run by run, erased tails, text written onto blank cells and later overwritten in part. Rows
//! that get shorter are erased at their tails, or cleared whole as an inline form's are.

mod support;

use pi_agent_ask_core::draw::{Attrs, DrawCmd, Frame, Pos, Role, Size as FrameSize, Style};
use pi_agent_ask_crossterm::Theme;
use pi_agent_ask_crossterm::encode::{Addressing, Shrinking};
use pi_agent_ask_crossterm::paint::paint_screen;
use proptest::prelude::*;
use ratatui::layout::Size;
use ratatui::style::{Color, Modifier, Style as TerminalStyle};
use support::erased_painter;
use support::look::assert_shows;

/// The pieces a run's text is made of: letters, blanks, a wide character, an accented one, a
/// letter with a combining mark, a rule's line.
const PIECES: &[&str] = &["a", "b", "x", " ", "  ", "日", "é", "e\u{301}", "─", "abc"];

const ROLES: &[Role] = &[
    Role::Text,
    Role::Accent,
    Role::Muted,
    Role::Selected,
    Role::Border,
    Role::Warning,
];

/// The default theme, and one whose roles have backgrounds too (a palette entry, RGB), so that
/// blank cells differ by more than reverse video. Neither dims a role: the emulator holds bold
/// and faint as one intensity, where terminals show both.
fn themes() -> [Theme; 2] {
    let shaded = Theme {
        selected: TerminalStyle::new().fg(Color::Black).bg(Color::Cyan),
        warning: TerminalStyle::new().bg(Color::Rgb(40, 20, 0)),
        border: TerminalStyle::new()
            .fg(Color::DarkGray)
            .bg(Color::Indexed(236))
            .add_modifier(Modifier::UNDERLINED),
        ..Theme::colored()
    };
    [Theme::colored(), shaded]
}

fn style() -> impl Strategy<Value = Style> {
    (0..ROLES.len(), any::<[bool; 4]>()).prop_map(|(role, [bold, italic, underline, reverse])| {
        Style {
            role: ROLES[role],
            attrs: Attrs {
                bold,
                italic,
                underline,
                reverse,
            },
        }
    })
}

/// One run somewhere on a screen of `size`.
fn run(size: Size) -> impl Strategy<Value = DrawCmd> {
    (
        0..size.width,
        0..size.height,
        proptest::collection::vec(proptest::sample::select(PIECES), 0..8),
        style(),
    )
        .prop_map(|(x, y, pieces, style)| DrawCmd::text(Pos::new(x, y), pieces.concat(), style))
}

/// A screen size and the frames drawn on it, one after another.
fn frames() -> impl Strategy<Value = (Size, Vec<Vec<DrawCmd>>)> {
    (4_u16..14, 1_u16..5).prop_flat_map(|(width, height)| {
        let size = Size::new(width, height);
        let frame = proptest::collection::vec(run(size), 0..12);
        (Just(size), proptest::collection::vec(frame, 1..7))
    })
}

/// How one frame follows from the one before: a run taken out, put in, moved or given another
/// style, a band of rows scrolled, or the frame drawn some frames before drawn again.
#[derive(Clone, Debug)]
enum Step {
    Remove(usize),
    Insert(usize, DrawCmd),
    Move(usize, Pos),
    Restyle(usize, Style),
    Back(usize),
    /// The runs on rows `top..bottom` moved up `by` rows (down when negative), those moved
    /// out of those rows gone: a list scrolled.
    Scroll {
        top: u16,
        bottom: u16,
        by: i16,
    },
}

/// A screen size, a first frame, and the frames that follow from it step by step.
fn edited_frames() -> impl Strategy<Value = (Size, Vec<Vec<DrawCmd>>)> {
    (4_u16..14, 1_u16..5).prop_flat_map(|(width, height)| {
        let size = Size::new(width, height);
        let step = prop_oneof![
            any::<usize>().prop_map(Step::Remove),
            (any::<usize>(), run(size)).prop_map(|(at, run)| Step::Insert(at, run)),
            (any::<usize>(), 0..width, 0..height)
                .prop_map(|(at, x, y)| Step::Move(at, Pos::new(x, y))),
            (any::<usize>(), style()).prop_map(|(at, style)| Step::Restyle(at, style)),
            (1_usize..4).prop_map(Step::Back),
        ];
        (
            Just(size),
            proptest::collection::vec(run(size), 0..12),
            proptest::collection::vec(step, 1..10),
        )
            .prop_map(|(size, first, steps)| (size, follow(first, &steps)))
    })
}

/// A screen of 8 to 16 rows with a run on every row at first, and frames that follow from it
/// by bands of rows scrolled, with runs put in (on the rows a scroll uncovered, among others)
/// and restyled between, and frames drawn again.
fn scrolled_frames() -> impl Strategy<Value = (Size, Vec<Vec<DrawCmd>>)> {
    (6_u16..20, 8_u16..17).prop_flat_map(|(width, height)| {
        let size = Size::new(width, height);
        let line = (
            0..3_u16,
            proptest::collection::vec(proptest::sample::select(PIECES), 1..6),
            style(),
        );
        let first = proptest::collection::vec(line, usize::from(height)).prop_map(|lines| {
            (0_u16..)
                .zip(lines)
                .map(|(y, (x, pieces, style))| {
                    DrawCmd::text(Pos::new(x, y), pieces.concat(), style)
                })
                .collect::<Vec<_>>()
        });
        let step = prop_oneof![
            3 => (0..height / 2, height / 2 + 1..=height, -3_i16..=3)
                .prop_map(|(top, bottom, by)| Step::Scroll { top, bottom, by }),
            2 => (any::<usize>(), run(size)).prop_map(|(at, run)| Step::Insert(at, run)),
            1 => (any::<usize>(), style()).prop_map(|(at, style)| Step::Restyle(at, style)),
            1 => (1_usize..4).prop_map(Step::Back),
        ];
        (Just(size), first, proptest::collection::vec(step, 1..10))
            .prop_map(|(size, first, steps)| (size, follow(first, &steps)))
    })
}

/// The frames `steps` make from `first`, `first` among them.
fn follow(first: Vec<DrawCmd>, steps: &[Step]) -> Vec<Vec<DrawCmd>> {
    let mut frames = vec![first];
    for step in steps {
        let mut next = frames.last().cloned().unwrap_or_default();
        let at = |index: usize, len: usize| index.checked_rem(len);
        match step {
            Step::Remove(index) => {
                if let Some(at) = at(*index, next.len()) {
                    next.remove(at);
                }
            }
            Step::Insert(index, run) => next.insert(index % (next.len() + 1), run.clone()),
            Step::Move(index, to) => {
                if let Some(at) = at(*index, next.len()) {
                    let DrawCmd::Text { pos, .. } = &mut next[at];
                    *pos = *to;
                }
            }
            Step::Restyle(index, new) => {
                if let Some(at) = at(*index, next.len()) {
                    let DrawCmd::Text { style, .. } = &mut next[at];
                    *style = *new;
                }
            }
            Step::Back(count) => {
                next.clone_from(&frames[frames.len().saturating_sub(count + 1)]);
            }
            Step::Scroll { top, bottom, by } => {
                next.retain_mut(|run| {
                    let DrawCmd::Text { pos, .. } = run;
                    if !(*top..*bottom).contains(&pos.y) {
                        return true;
                    }
                    match pos.y.checked_add_signed(-by) {
                        Some(y) if (*top..*bottom).contains(&y) => {
                            pos.y = y;
                            true
                        }
                        _ => false,
                    }
                });
            }
        }
        frames.push(next);
    }
    frames
}

/// How frames are written: rows that get shorter treated as `shrinking` says, cells reached
/// as `addressing` allows.
#[derive(Clone, Copy, Debug)]
struct Writing {
    shrinking: Shrinking,
    addressing: Addressing,
}

/// Every way of writing frames, to pick from.
fn writings() -> Vec<Writing> {
    let mut writings = Vec::new();
    for shrinking in [Shrinking::EraseTail, Shrinking::ClearRow] {
        for addressing in [Addressing::Absolute, Addressing::Relative] {
            writings.push(Writing {
                shrinking,
                addressing,
            });
        }
    }
    writings
}

/// Whether `bytes` name a cell by its row and column (`ESC[row;columnH`, `ESC[H`).
fn names_a_cell(bytes: &[u8]) -> bool {
    bytes.windows(2).enumerate().any(|(at, pair)| {
        pair == b"\x1b[" && {
            let rest = &bytes[at + 2..];
            let digits = rest
                .iter()
                .take_while(|b| b.is_ascii_digit() || **b == b';');
            rest.get(digits.count()) == Some(&b'H')
        }
    })
}

/// Draws `frames` one after another on an erased screen of `size` in `theme`, written as
/// `writing` says, and checks that the screen shows each as it paints; moving only relative to
/// the cursor, no frame after the first that moved it (from where the encoder could not know)
/// names a cell.
fn check_drawn(size: Size, frames: Vec<Vec<DrawCmd>>, theme: &Theme, writing: Writing) {
    let mut parser = vt100::Parser::new(size.height, size.width, 0);
    let mut painter = erased_painter(size);
    painter.target_mut().set_shrinking(writing.shrinking);
    painter.target_mut().set_addressing(writing.addressing);
    let mut fed = 0;
    let mut located = false;
    for (step, cmds) in frames.into_iter().enumerate() {
        let frame = Frame::new(FrameSize::new(size.width, size.height), cmds);
        let drawn = paint_screen(&frame, theme, size);
        painter.draw(theme, |_| frame).expect("a frame");
        let bytes = painter.target().writer();
        parser.process(&bytes[fed..]);
        if located && writing.addressing == Addressing::Relative {
            assert!(
                !names_a_cell(&bytes[fed..]),
                "frame {step} named a cell: {:?}",
                String::from_utf8_lossy(&bytes[fed..])
            );
        }
        located |= names_a_cell(&bytes[fed..]);
        fed = bytes.len();
        assert_shows(&parser, &drawn, step);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn every_frame_shows_exactly_what_it_paints_whatever_came_before(
        (size, frames) in frames(),
        theme in proptest::sample::select(themes().to_vec()),
        writing in proptest::sample::select(writings()),
    ) {
        check_drawn(size, frames, &theme, writing);
    }

    #[test]
    fn frames_whose_rows_scrolled_show_exactly_what_they_paint(
        (size, frames) in scrolled_frames(),
        theme in proptest::sample::select(themes().to_vec()),
        writing in proptest::sample::select(writings()),
    ) {
        check_drawn(size, frames, &theme, writing);
    }

    #[test]
    fn frames_a_few_runs_apart_and_frames_drawn_again_show_exactly_what_they_paint(
        (size, frames) in edited_frames(),
        theme in proptest::sample::select(themes().to_vec()),
        writing in proptest::sample::select(writings()),
    ) {
        check_drawn(size, frames, &theme, writing);
    }
}

//! What a painted cell looks like and what a terminal emulator shows, in the same words, so
//! that a test can replay a writer's bytes and compare every cell with the picture painted.

use pi_agent_ask_crossterm::cell::{Cell, Clusters, Ink};
use ratatui::style::{Color, Modifier};

/// The emulator's colour for a cell's ink, which names a colour as the terminal is told it.
pub fn emulated(ink: Ink) -> vt100::Color {
    match ink.color() {
        Color::Reset => vt100::Color::Default,
        Color::Rgb(r, g, b) => vt100::Color::Rgb(r, g, b),
        Color::Indexed(index) => vt100::Color::Idx(index),
        named => panic!("an ink names {named:?} by its palette entry"),
    }
}

/// What a painted cell looks like: a blank one shows only its background.
pub fn drawn_look(cell: &Cell, clusters: &Clusters) -> String {
    let shade = cell.shade;
    if cell.is_blank() {
        return format!("blank on {:?}", emulated(shade.bg));
    }
    let mut text = Vec::new();
    cell.text.write_to(clusters, &mut text);
    format!(
        "{:?} fg {:?} bg {:?} bold {} italic {} underline {} reverse {}",
        String::from_utf8(text).expect("UTF-8"),
        emulated(shade.fg),
        emulated(shade.bg),
        shade.modifier.contains(Modifier::BOLD),
        shade.modifier.contains(Modifier::ITALIC),
        shade.modifier.contains(Modifier::UNDERLINED),
        shade.modifier.contains(Modifier::REVERSED),
    )
}

/// What the emulator shows in a cell, in the same words.
pub fn shown_look(cell: &vt100::Cell) -> String {
    let text = if cell.has_contents() {
        cell.contents().to_string()
    } else {
        " ".to_string()
    };
    if text == " " && !cell.inverse() && !cell.underline() {
        return format!("blank on {:?}", cell.bgcolor());
    }
    format!(
        "{text:?} fg {:?} bg {:?} bold {} italic {} underline {} reverse {}",
        cell.fgcolor(),
        cell.bgcolor(),
        cell.bold(),
        cell.italic(),
        cell.underline(),
        cell.inverse(),
    )
}

/// Fails unless the emulator's screen shows `rows` (naming `clusters`) cell for cell.
pub fn assert_shows(
    parser: &vt100::Parser,
    (rows, clusters): &(Vec<Vec<Cell>>, Clusters),
    step: usize,
) {
    assert_rows_show(parser, (rows, clusters), step, |_, _| true);
}

/// [`assert_shows`] for every cell but those of graphemes of several characters: a terminal
/// may draw one wider than its cells (the emulator, as tmux and kitty, draws a thumb with a skin
/// tone or a family as two or three glyphs) or narrower (the emulator, as xterm and
/// tmux, draws `❤️` in one cell), and only the grapheme itself may show otherwise: the text after
/// it stands where it was drawn, and the second cell of one drawn narrower is blank, not what
/// the cell showed before.
pub fn assert_shows_but_clusters(
    parser: &vt100::Parser,
    (rows, clusters): &(Vec<Vec<Cell>>, Clusters),
    step: usize,
) {
    assert_rows_show(parser, (rows, clusters), step, |row, x| {
        let of_cluster = |at: usize| row.get(at).is_some_and(|cell| cell.text.is_cluster());
        !(of_cluster(x) || (row[x].is_covered() && x > 0 && of_cluster(x - 1)))
    });
    let screen = parser.screen();
    for (y, row) in (0..).zip(rows) {
        for (x, pair) in (1..).zip(row.windows(2)) {
            let drawn_narrow = || {
                !screen
                    .cell(y, x - 1)
                    .expect("a cell on the screen")
                    .is_wide()
            };
            if pair[0].text.is_cluster() && pair[1].is_covered() && drawn_narrow() {
                let shown = screen.cell(y, x).expect("a cell on the screen");
                let mut own = Vec::new();
                pair[0].text.write_to(clusters, &mut own);
                let own = String::from_utf8(own).expect("UTF-8");
                let contents = shown.contents();
                assert!(
                    shown.is_wide_continuation()
                        || contents.trim().is_empty()
                        || own.contains(contents),
                    "after step {step}, the second cell of {own:?} at column {x}, row {y} shows {contents:?}"
                );
            }
        }
    }
}

/// Compares the cells `compared` picks (given the row and a column), cell for cell.
fn assert_rows_show(
    parser: &vt100::Parser,
    (rows, clusters): (&[Vec<Cell>], &Clusters),
    step: usize,
    compared: impl Fn(&[Cell], usize) -> bool,
) {
    let screen = parser.screen();
    for (y, row) in (0..).zip(rows) {
        for (x, cell) in (0..).zip(row) {
            if !compared(row, usize::from(x)) {
                continue;
            }
            let shown = screen.cell(y, x).expect("a cell on the screen");
            if cell.is_covered() {
                assert!(
                    shown.is_wide_continuation(),
                    "after step {step}, the cell at column {x}, row {y} is half a wide one"
                );
            } else {
                assert_eq!(
                    shown_look(shown),
                    drawn_look(cell, clusters),
                    "after step {step}, the cell at column {x}, row {y}"
                );
            }
        }
    }
}

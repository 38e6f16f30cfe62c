//! A long written answer (a pasted log) shows as the whole text would: its first rows in the
//! list, cut with `…`, and every row of it, in order, over the review's pages. Only the rows
//! shown are laid out, so these are the rows a frame's shortcut must get right. In its editor,
//! lines saying how many lines are hidden above and below the rows shown.

use super::{Run, ask_user, one_single};
use crate::effect::Surface;
use crate::input::Input;

/// Numbered words, `count` of them, one space apart: each row shows which words it holds.
fn numbered_words(count: usize) -> String {
    (0..count)
        .map(|n| format!("w{n}"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The numbered words a screen row holds, in order.
fn words_in(row: &str) -> Vec<usize> {
    row.split([' ', '…'])
        .filter_map(|word| word.strip_prefix('w')?.parse().ok())
        .collect()
}

/// A single question answered with `text` written in its free-form row, on its review tab.
fn answered_with(text: String) -> Run {
    let mut run = Run::new(ask_user(&one_single()), "up enter");
    run.form.handle(Input::Paste(text));
    run.keys("enter");
    run
}

#[test]
fn a_long_written_answer_shows_its_first_rows_in_the_list_cut_with_an_ellipsis() {
    let mut run = answered_with(numbered_words(50_000));
    run.keys("shift+tab");
    let screen = run.screen();
    let rows: Vec<&str> = screen
        .lines()
        .filter(|row| !words_in(row).is_empty())
        .collect();
    assert_eq!(rows.len(), 3, "{screen}");
    assert!(rows[2].trim_end().ends_with('…'), "{screen}");
    let words: Vec<usize> = rows.iter().flat_map(|row| words_in(row)).collect();
    let count = words.len();
    assert!(count > 10, "{screen}");
    assert_eq!(words, (0..count).collect::<Vec<_>>(), "{screen}");
}

#[test]
fn the_review_pages_through_a_long_written_answer_to_its_last_word() {
    let total = 4_000;
    let mut run = answered_with(numbered_words(total));
    let mut seen: Vec<usize> = Vec::new();
    let mut pages = 0;
    loop {
        let screen = run.screen();
        assert!(screen.contains("Review your answers"), "{screen}");
        let mut page: Vec<usize> = screen.lines().flat_map(words_in).collect();
        if let Some(&first) = page.first()
            && !seen.is_empty()
        {
            // A page down starts at the last row shown: drop the words seen already.
            let shared = seen
                .iter()
                .position(|&word| word == first)
                .expect("a shared row");
            seen.truncate(shared);
        }
        seen.append(&mut page);
        pages += 1;
        if !screen.contains("↓ more") {
            break;
        }
        assert!(pages < 1_000, "the review pages on without end");
        run.keys("pageDown");
    }
    assert!(pages > 10, "{pages} pages");
    assert_eq!(seen, (0..total).collect::<Vec<_>>());
}

#[test]
fn the_review_shows_an_answer_changed_since_it_was_last_shown() {
    let mut run = Run::new(ask_user(&one_single()), "up enter 'first' enter");
    let screen = run.screen();
    assert!(screen.contains("→ first"), "{screen}");
    run.keys("shift+tab enter ' again' enter");
    let screen = run.screen();
    assert!(screen.contains("Review your answers"), "{screen}");
    assert!(screen.contains("→ first again"), "{screen}");
}

#[test]
fn a_written_answer_the_lists_rows_cut_short_ends_its_last_row_shown_with_an_ellipsis() {
    let arguments = serde_json::json!({"questions": [{"id": "pick", "prompt": "Which one?",
        "options": [{"value": "alpha"}, {"value": "beta"}, {"value": "gamma"}, {"value": "delta"}]}]});
    for height in 8..=16 {
        let mut run = Run::sized(
            ask_user(&arguments),
            crate::draw::Size::new(40, height),
            "up enter",
        );
        run.form.handle(Input::Paste(numbered_words(40)));
        run.keys("enter shift+tab up up up");
        let screen = run.screen();
        let rows: Vec<&str> = screen
            .lines()
            .filter(|row| !words_in(row).is_empty())
            .collect();
        if let Some(last) = rows.last() {
            assert!(last.trim_end().ends_with('…'), "at 40x{height}:\n{screen}");
        }
        if height >= 11 {
            assert!(!rows.is_empty(), "at 40x{height}:\n{screen}");
        }
    }
}

#[test]
fn a_description_the_lists_window_cuts_ends_its_last_row_shown_with_an_ellipsis() {
    let long = numbered_words(30);
    let options: Vec<serde_json::Value> = ["alpha", "beta", "gamma", "delta"]
        .iter()
        .map(|value| serde_json::json!({"value": value, "description": long}))
        .collect();
    let arguments = serde_json::json!({"questions": [{"id": "pick", "prompt": "Which one?", "options": options}]});
    let mut cut = 0;
    for height in 10..=30 {
        for keys in ["", "down", "down down"] {
            let run = Run::sized(
                ask_user(&arguments),
                crate::draw::Size::new(30, height),
                keys,
            );
            let screen = run.screen();
            let rows: Vec<&str> = screen.lines().collect();
            let Some(status) = rows.iter().position(|row| row.contains("/5")) else {
                continue;
            };
            let above = rows[status - 1].trim_end();
            // A description shown to its last word is not cut.
            if above.contains(" w") && !above.ends_with(" w29") {
                cut += 1;
                assert!(above.ends_with('…'), "at 30x{height}, {keys:?}:\n{screen}");
            }
        }
    }
    assert!(cut > 0, "some window cuts a description");
}

/// The rows of the open editor: what follows its `│` bar.
fn editor_rows(screen: &str) -> Vec<&str> {
    screen
        .lines()
        .filter_map(|row| row.split_once("│ "))
        .map(|(_, text)| text.trim_end().trim_end_matches('▏'))
        .collect()
}

#[test]
fn a_long_answer_in_its_editor_says_how_many_lines_are_hidden_above_and_below() {
    let mut run = Run::new(ask_user(&one_single()), "up enter");
    let lines: Vec<String> = (0..40).map(|n| format!("line {n}")).collect();
    run.form.handle(Input::Paste(lines.join("\n")));
    let screen = run.screen();
    assert_eq!(
        editor_rows(&screen),
        [
            "↑ 35 more lines",
            "line 35",
            "line 36",
            "line 37",
            "line 38",
            "line 39"
        ],
        "{screen}"
    );
    run.keys("up*20");
    let screen = run.screen();
    assert_eq!(
        editor_rows(&screen),
        [
            "↑ 19 more lines",
            "line 19",
            "line 20",
            "line 21",
            "line 22",
            "↓ 17 more lines"
        ],
        "{screen}"
    );
}

/// What an editor of the 40 lines shows with lines `first` to `last` in sight: how many are
/// hidden above, those lines, and how many are hidden below.
fn lines_shown(first: usize, last: usize) -> Vec<String> {
    let hidden = |arrow: &str, count: usize| match count {
        0 => None,
        1 => Some(format!("{arrow} 1 more line")),
        _ => Some(format!("{arrow} {count} more lines")),
    };
    hidden("↑", first)
        .into_iter()
        .chain((first..=last).map(|n| format!("line {n}")))
        .chain(hidden("↓", 39 - last))
        .collect()
}

/// The rows of the open editor after a 40-line answer pasted into the custom row's editor
/// and `keys`, the row the text cursor is on, and the screen.
fn forty_lines_then(keys: &str) -> (Vec<String>, String, String) {
    let mut run = Run::new(ask_user(&one_single()), "up enter");
    let lines: Vec<String> = (0..40).map(|n| format!("line {n}")).collect();
    run.form.handle(Input::Paste(lines.join("\n")));
    run.keys(keys);
    let frame = run.form.draw(run.size);
    let screen = super::screen_text(&frame);
    let cursor = frame.cursor.expect("the editor shows its cursor");
    let cursor_row = editor_rows(
        screen
            .lines()
            .nth(usize::from(cursor.y))
            .unwrap_or_default(),
    )
    .concat();
    let rows = editor_rows(&screen)
        .into_iter()
        .map(str::to_owned)
        .collect();
    (rows, cursor_row, screen)
}

#[test]
fn moving_up_in_an_editor_scrolls_only_once_the_cursor_leaves_its_window() {
    let (rows, cursor, screen) = forty_lines_then("up up");
    assert_eq!(
        rows,
        lines_shown(35, 39),
        "the lines below the cursor stay in sight:\n{screen}"
    );
    assert_eq!(cursor, "line 37", "{screen}");
    let (rows, cursor, screen) = forty_lines_then("up*7");
    assert_eq!(
        rows,
        lines_shown(32, 35),
        "the cursor leaving the top brings the line above in, at the top:\n{screen}"
    );
    assert_eq!(cursor, "line 32", "{screen}");
}

#[test]
fn moving_down_in_an_editor_scrolled_up_keeps_its_window_until_the_cursor_leaves_it() {
    let (rows, cursor, screen) = forty_lines_then("up*7 down down down");
    assert_eq!(rows, lines_shown(32, 35), "{screen}");
    assert_eq!(cursor, "line 35", "{screen}");
    let (rows, cursor, screen) = forty_lines_then("up*7 down*4");
    assert_eq!(rows, lines_shown(33, 36), "{screen}");
    assert_eq!(cursor, "line 36", "{screen}");
}

#[test]
fn a_page_up_in_an_editor_turns_its_window_with_the_cursor() {
    let (rows, cursor, screen) = forty_lines_then("up*7 pageUp");
    assert_eq!(
        rows,
        lines_shown(29, 32),
        "the cursor keeps its row at the top:\n{screen}"
    );
    assert_eq!(cursor, "line 29", "{screen}");
}

#[test]
fn an_editor_of_two_rows_says_how_many_lines_are_hidden_above_the_cursors() {
    let arguments = serde_json::json!({"questions": [{
        "id": "plan", "prompt": "Pick a plan.", "type": "preview",
        "options": [
            {"value": "a", "label": "Alpha", "preview": "A"},
            {"value": "b", "label": "Beta", "preview": "B"}
        ]
    }]});
    let mut run = Run::sized(
        ask_user(&arguments),
        crate::draw::Size::new(40, 10),
        "up enter",
    );
    let lines: Vec<String> = (0..40).map(|n| format!("line {n}")).collect();
    run.form.handle(Input::Paste(lines.join("\n")));
    let screen = run.screen();
    assert_eq!(
        editor_rows(&screen),
        ["↑ 39 more lines", "line 39"],
        "{screen}"
    );
}

#[test]
fn a_single_long_line_in_its_editor_says_how_many_of_its_rows_are_hidden() {
    let mut run = Run::new(ask_user(&one_single()), "up enter");
    run.form.handle(Input::Paste(numbered_words(150)));
    let at_the_end = editor_rows(&run.screen())
        .into_iter()
        .map(str::to_owned)
        .collect::<Vec<_>>();
    run.keys("home");
    let at_the_start = editor_rows(&run.screen())
        .into_iter()
        .map(str::to_owned)
        .collect::<Vec<_>>();
    let hidden = |said: &str, arrow: &str| -> usize {
        said.strip_prefix(arrow)
            .and_then(|rest| rest.strip_suffix(" more rows"))
            .and_then(|count| count.trim().parse().ok())
            .unwrap_or_else(|| panic!("{said:?} says how many rows"))
    };
    let above = hidden(&at_the_end[0], "↑ ");
    let below = hidden(at_the_start.last().expect("rows"), "↓ ");
    assert!(above > 0, "{at_the_end:?}");
    assert_eq!(
        above, below,
        "the same rows hidden, above at the end and below at the start"
    );
}

#[test]
fn an_editor_on_a_tall_screen_shows_more_of_a_long_answer() {
    let rows_shown = |height: u16| {
        let mut run = Run::sized(
            ask_user(&one_single()),
            crate::draw::Size::new(100, height),
            "up enter",
        );
        let lines: Vec<String> = (0..40).map(|n| format!("line {n}")).collect();
        run.form.handle(Input::Paste(lines.join("\n")));
        editor_rows(&run.screen())
            .iter()
            .filter(|row| row.starts_with("line "))
            .count()
    };
    assert_eq!(rows_shown(24), 5, "six rows, one saying what is above");
    assert!(rows_shown(50) > 10, "{}", rows_shown(50));
}

/// The written answer after `text` pasted into the custom row's editor and `keys`, saved.
fn written_after(text: &str, keys: &str) -> String {
    let mut run = Run::new(ask_user(&one_single()), "up enter");
    run.form.handle(Input::Paste(text.to_owned()));
    run.keys(keys);
    run.keys("enter enter");
    run.answers()["db"]["customText"]
        .as_str()
        .unwrap_or_default()
        .to_owned()
}

#[test]
fn moving_up_or_down_onto_a_joined_emoji_or_a_flag_never_lands_inside_it() {
    let family = "👨\u{200d}👩\u{200d}👧\u{200d}👦";
    assert_eq!(
        written_after(
            &format!("a{family}b\nabcdef"),
            "home right right right up backspace"
        ),
        "ab\nabcdef",
        "the third column is after the family, which goes whole"
    );
    assert_eq!(
        written_after("ab🇯🇵cd\nabcdefgh", "home right right right up backspace"),
        "a🇯🇵cd\nabcdefgh",
        "the third column is inside the flag: the cursor stands before it"
    );
    assert_eq!(
        written_after(
            &format!("abcdef\na{family}b"),
            "up home right right right down x"
        ),
        format!("abcdef\na{family}xb")
    );
}

#[test]
fn a_page_in_an_editor_moves_by_rows_through_one_long_line() {
    let mut run = Run::new(ask_user(&one_single()), "up enter");
    run.form.handle(Input::Paste(numbered_words(600)));
    let hidden_above = |run: &Run| -> usize {
        let screen = run.screen();
        let rows = editor_rows(&screen);
        rows.first()
            .and_then(|row| row.strip_prefix("↑ "))
            .and_then(|rest| rest.strip_suffix(" more rows"))
            .and_then(|count| count.parse().ok())
            .unwrap_or(0)
    };
    let at_the_end = hidden_above(&run);
    assert!(at_the_end > 10, "{}", run.screen());
    run.keys("pageUp");
    let after_a_page = hidden_above(&run);
    assert!(
        after_a_page < at_the_end,
        "a page up shows rows above: {at_the_end} then {after_a_page}\n{}",
        run.screen()
    );
    run.keys("pageUp*100");
    assert_eq!(hidden_above(&run), 0, "{}", run.screen());
}

//! `--inline` in real terminals resized while the form is open: taller, shorter, narrower,
//! wider, in steps, twice before the form hears of it, while an editor holds the cursor. The
//! form keeps to its rows wherever the terminal moved them, leaves no copy of them on the
//! screen, and keeps the shell's lines. Skipped, with a message, where tmux is not installed.

mod support;

use support::asking::Asking;

use support::inline::{
    EARLIER, TITLE, answer_and_submit, assert_below_the_command, assert_clean_scrollback,
    assert_earlier_lines_kept, dismiss_leaving_nothing, open_demo, write_two_questions,
};

#[test]
fn an_inline_form_resized_shorter_and_taller_leaves_no_copies_in_the_scrollback() {
    let Some(term) = Asking::start(100, 24) else {
        return;
    };
    let tmux = &term.tmux;
    open_demo(&term, "--inline 65535");
    tmux.resize(100, 15);
    let screen = tmux.wait_for("the form at 15 rows", |screen| {
        screen.lines().count() == 15
            && screen
                .lines()
                .nth(14)
                .is_some_and(|line| line.contains("esc cancel"))
    });
    assert_below_the_command(&screen, 15);
    tmux.resize(100, 30);
    let screen = tmux.wait_for("the form at 30 rows", |screen| {
        screen.lines().count() == 30
            && screen
                .lines()
                .nth(29)
                .is_some_and(|line| line.contains("esc cancel"))
    });
    assert_below_the_command(&screen, 30);
    tmux.resize(100, 24);
    tmux.wait_for("the form at 24 rows", |screen| {
        screen
            .lines()
            .nth(23)
            .is_some_and(|line| line.contains("esc cancel"))
    });
    answer_and_submit(&term);
    assert_clean_scrollback(&term);
}

#[test]
fn an_inline_form_narrowed_while_typing_leaves_no_copy_of_its_top_rows_on_the_screen() {
    let Some(term) = Asking::start(100, 24) else {
        return;
    };
    let tmux = &term.tmux;
    tmux.type_line(&format!(
        "clear; seq 1 8; HOME=\"$PWD\" {} demo --inline 12 --config \"$PWD/settings.json\" \
         > result.json; echo \"exit=$?\"",
        env!("CARGO_BIN_EXE_pi-agent-ask")
    ));
    tmux.wait_for_text("esc cancel");
    term.press(&["End", "Enter"], "alt+enter new line");
    tmux.text("a written answer long enough to wrap once the terminal is narrower");
    tmux.wait_for_text("narrower");
    tmux.resize(50, 24);
    let screen = tmux.wait_for("the form redrawn 50 columns wide", |screen| {
        screen.contains("alt+enter") && screen.lines().all(|line| line.chars().count() <= 50)
    });
    let titles = screen
        .lines()
        .filter(|line| line.contains("Set up"))
        .count();
    assert_eq!(titles, 1, "the title once, the form's own:\n{screen}");
    let lines: Vec<&str> = screen.lines().collect();
    let title = lines
        .iter()
        .position(|line| line.contains("Set up"))
        .unwrap_or_default();
    assert!(
        title > 0 && lines[title - 1].trim() == "8",
        "the form stays right under the shell's last line, moved no further than its rows \
         rewrapped:\n{screen}"
    );
    dismiss_leaving_nothing(&term);
}

#[test]
fn an_inline_form_shortened_and_grown_back_while_typing_leaves_no_copy_of_its_rows() {
    let Some(term) = Asking::start(100, 24) else {
        return;
    };
    let tmux = &term.tmux;
    open_demo(&term, "--inline");
    term.press(&["End", "Enter"], "alt+enter new line");
    tmux.text("half an answer");
    tmux.wait_for_text("half an answer");
    // The cursor in the editor has rows of the form above it: a shorter terminal moves them
    // into its scrollback, and a taller one brings them back.
    tmux.resize(100, 10);
    tmux.wait_for("the form at 10 rows", |screen| {
        screen.lines().count() == 10 && screen.contains("half an answer")
    });
    tmux.resize(100, 24);
    let screen = tmux.wait_for("the form redrawn at 24 rows", |screen| {
        screen.contains("half an answer")
            && screen
                .lines()
                .nth(23)
                .is_some_and(|line| line.contains("esc keep"))
    });
    assert_eq!(
        screen.matches(TITLE).count(),
        1,
        "the title once, the form's own:\n{screen}"
    );
    dismiss_leaving_nothing(&term);
}

#[test]
fn an_inline_form_narrowed_and_widened_after_the_settings_overlay_leaves_no_copy_of_its_rows() {
    let Some(term) = Asking::start(120, 40) else {
        return;
    };
    let tmux = &term.tmux;
    write_two_questions(&term);
    tmux.type_line(&format!(
        "clear; seq 1 {EARLIER}; HOME=\"$PWD\" {} ask two.json --inline 15 \
         --config \"$PWD/settings.json\" > result.json; echo \"exit=$?\"",
        env!("CARGO_BIN_EXE_pi-agent-ask")
    ));
    tmux.wait_for_text("esc cancel");
    term.press(&["?"], "Ask settings");
    tmux.keys(&["Escape"]);
    tmux.wait_for("the overlay closed", |screen| {
        !screen.contains("Ask settings")
    });
    for (width, height) in [(40, 40), (120, 40), (60, 12), (120, 40)] {
        tmux.resize(width, height);
        tmux.wait_for("the form redrawn", |screen| {
            screen.contains("esc cancel")
                && screen
                    .lines()
                    .all(|line| line.chars().count() <= usize::from(width))
        });
    }
    // The terminal settles its rewrapped lines before the form finds its rows again.
    std::thread::sleep(std::time::Duration::from_millis(500));
    let screen = tmux.screen();
    let tab_rows = screen.lines().filter(|line| line.contains("□ Q1")).count();
    assert_eq!(tab_rows, 1, "the form's rows once:\n{screen}");
    tmux.keys(&["Escape"]);
    let (_, exit) = term.finish();
    assert_eq!(exit, 0, "{}", tmux.screen());
    let screen = tmux.screen();
    assert!(
        !screen.contains("□ Q1"),
        "a row of the form was left on the screen:\n{screen}"
    );
}

#[test]
fn an_inline_form_that_ends_right_after_its_window_grew_twice_clears_its_rows_and_keeps_the_shells()
{
    let Some(term) = Asking::start(80, 15) else {
        return;
    };
    open_demo(&term, "--inline");
    // tmux moves the rows of a window grown twice at once before the program hears of the
    // second size; the form ends before it does. It has followed the first: its 20 rows show
    // the last option, which its 14 rows on 15 did not.
    term.tmux.resize(80, 22);
    term.tmux.wait_for_text("Type your own");
    term.tmux.resize(80, 30);
    std::thread::sleep(std::time::Duration::from_millis(50));
    term.tmux.keys(&["Escape"]);
    let (_, exit) = term.finish();
    assert_eq!(exit, 0, "one esc leaves a form with nothing answered");
    let screen = term.tmux.screen();
    for row in [TITLE, "esc cancel", "PostgreSQL"] {
        assert!(!screen.contains(row), "{row} left:\n{screen}");
    }
    assert!(
        screen.contains(&format!("earlier output {EARLIER}")),
        "the shell's last line is kept:\n{screen}"
    );
}

/// tmux moves a window's rows for a second size at once but tells the program of it only a
/// quarter of a second after the first: a form that follows the first size then stands on a
/// screen taller than it was told, its rows moved further down than that size has rows.
/// Taking the screen's size from the terminal itself, not from what it was last told, keeps
/// the form off the shell's lines (it made room by scrolling a screen it took to be shorter,
/// and drew over the shell's last six lines); the form, taken back where the terminal moved
/// it, stays right under its command (it was placed anew and then scrolled the screen, nine
/// blank rows between them).
#[test]
fn an_inline_form_that_hears_of_a_size_the_terminal_has_already_outgrown_keeps_the_shells_lines() {
    let Some(term) = Asking::start(80, 15) else {
        return;
    };
    // A shell without job control leaves a stopped program alone, and writes nothing.
    term.tmux.type_line("set +m");
    open_demo(&term, "--inline 10");
    // Stopped, the program hears of the first size only once the terminal has the second.
    let program = term.program_pid();
    support::send_signal(program, "STOP");
    term.tmux.resize(80, 22);
    term.tmux.resize(80, 30);
    support::send_signal(program, "CONT");
    std::thread::sleep(std::time::Duration::from_millis(800));
    let screen = term.tmux.wait_for_text("esc cancel");
    assert_below_the_command(&screen, 30);
    let lines: Vec<&str> = screen.lines().collect();
    let title = lines.iter().position(|line| line.contains(TITLE));
    assert!(
        title.is_some_and(|row| lines[row - 1].contains("exit=")),
        "the form right under its command, the shell's lines above it in view:\n{screen}"
    );
    term.tmux.keys(&["Escape"]);
    let (_, exit) = term.finish();
    assert_eq!(exit, 0, "one esc leaves a form with nothing answered");
    assert_clean_scrollback(&term);
}

/// The lines of `screen` that show only a rule (`━` and `─`), as many cells as each has.
fn rule_lengths(screen: &str) -> Vec<usize> {
    screen
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && line.chars().all(|c| c == '━' || c == '─'))
        .map(|line| line.chars().count())
        .collect()
}

/// Resizes the window and waits for the form to draw its rules for the new width (two
/// columns less than it), which tmux's own rewrapping never makes.
fn resize_and_wait(term: &Asking, width: u16, height: u16) -> String {
    term.tmux.resize(width, height);
    let drawn = usize::from(width) - 2;
    term.tmux
        .wait_for(&format!("the form drawn {width} columns wide"), |screen| {
            screen.contains("esc cancel") && rule_lengths(screen).contains(&drawn)
        })
}

/// tmux rewraps the lines below the cursor when it narrows, and shows the last of all its
/// lines: once the form's top is on the screen's first row, each narrowing pushes its first
/// rows into the scrollback, and the cursor, whose line went with them, into the top-left
/// corner. A drag that narrows and shortens the window in steps, then a jump back to the first
/// size (which brings lines back from the scrollback), leaves the form once on the screen,
/// its own rows, and nothing of it once it ends; the shell's lines are all kept.
#[test]
fn an_inline_form_dragged_narrower_and_shorter_then_back_leaves_no_copy_on_the_screen() {
    let Some(term) = Asking::start(100, 30) else {
        return;
    };
    open_demo(&term, "--inline");
    for step in 1..=11 {
        resize_and_wait(&term, 100 - 3 * step, 30 - step);
    }
    resize_and_wait(&term, 100, 30);
    // The terminal settles its rewrapped lines before the form finds its rows again.
    std::thread::sleep(std::time::Duration::from_millis(500));
    let screen = term.tmux.screen();
    assert_eq!(
        screen.matches(TITLE).count(),
        1,
        "the title once, the form's own:\n{screen}"
    );
    assert_eq!(
        rule_lengths(&screen),
        [98, 98],
        "the form's two rules:\n{screen}"
    );
    term.tmux.keys(&["Escape"]);
    let (_, exit) = term.finish();
    assert_eq!(exit, 0, "one esc leaves a form with nothing answered");
    let screen = term.tmux.screen();
    assert!(!screen.contains(TITLE), "the form left rows:\n{screen}");
    assert_earlier_lines_kept(&term);
}

/// tmux moves the rows of a window grown and shrunk at once, and tells the program of the
/// second size a quarter of a second later: a key pressed meanwhile has its frame drawn where
/// the terminal says the rows are now, not where they were (the frame drew over the shell's
/// last five lines and its command, 12 times in 12).
#[test]
fn a_key_pressed_before_the_form_hears_of_a_grow_and_a_shrink_draws_on_its_own_rows() {
    let Some(term) = Asking::start(100, 30) else {
        return;
    };
    open_demo(&term, "--inline");
    term.tmux.resize(100, 40);
    term.tmux.resize(100, 22);
    term.tmux.keys(&["Down"]);
    let screen = term.tmux.wait_for_text("esc cancel");
    std::thread::sleep(std::time::Duration::from_millis(600));
    term.tmux.keys(&["Escape"]);
    let (_, exit) = term.finish();
    assert_eq!(
        exit, 0,
        "one esc leaves a form with nothing answered:\n{screen}"
    );
    let everything = assert_earlier_lines_kept(&term);
    assert!(
        everything.contains("exit=$?"),
        "the command kept:\n{everything}"
    );
    assert!(
        !term.tmux.screen().contains(TITLE),
        "{}",
        term.tmux.screen()
    );
}

/// The form's rows tmux pushes into its scrollback as it narrows take fewer lines once it
/// widens again (it joins the pieces of each row it wrapped): counted at their fewest, the
/// lines a taller window brings back are not all taken for the form's, and the command above
/// the form is kept (it was cleared, taken for the form's).
#[test]
fn an_inline_form_narrowed_twice_then_widened_keeps_the_command_above_it() {
    let Some(term) = Asking::start(100, 30) else {
        return;
    };
    open_demo(&term, "--inline");
    resize_and_wait(&term, 60, 20);
    // 12 rows leave no room for the rules: the question wrapped by the form, not by tmux.
    term.tmux.resize(40, 12);
    term.tmux
        .wait_for("the form drawn 40 columns wide", |screen| {
            screen
                .lines()
                .any(|line| line == " Which database should the service")
        });
    resize_and_wait(&term, 100, 30);
    std::thread::sleep(std::time::Duration::from_millis(500));
    term.tmux.keys(&["Escape"]);
    let (_, exit) = term.finish();
    assert_eq!(exit, 0, "one esc leaves a form with nothing answered");
    let everything = assert_earlier_lines_kept(&term);
    assert!(
        everything.contains("exit=$?"),
        "the command kept:\n{everything}"
    );
}

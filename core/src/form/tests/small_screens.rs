//! Small screens: the footer keeps how to confirm and how to leave and drops the other hints
//! first; a label cut with `…` shows whole while it is highlighted; an option's description
//! gives way to its open note before the note is cut; a review too short for its full summary
//! shows every answer on a line of its own.

use rstest::rstest;
use serde_json::json;

use super::{Run, ask_user, crowded_question, question_tool, three_questions};
use crate::draw::Size;
use crate::effect::Surface;

/// The footer: the rows under the last rule.
fn footer(screen: &str) -> String {
    let lines: Vec<&str> = screen.lines().collect();
    let rule = lines
        .iter()
        .rposition(|line| line.trim_start().starts_with('─'))
        .expect("a rule above the hints");
    lines[rule + 1..].join("\n")
}

#[rstest]
#[case::single_select("", &["enter select", "esc cancel"])]
#[case::multi_select("tab", &["enter confirm", "esc cancel"])]
#[case::preview("tab tab", &["enter select", "esc cancel"])]
#[case::review("shift+tab", &["enter choose", "esc cancel"])]
#[case::custom_editor("up enter", &["enter submit", "esc keep"])]
#[case::note_editor("n", &["enter save note", "esc back"])]
fn at_50x15_the_footer_keeps_how_to_confirm_and_how_to_leave(
    #[case] script: &str,
    #[case] essential: &[&str],
) {
    let run = Run::sized(ask_user(&three_questions()), Size::new(50, 15), script);
    let footer = footer(&run.screen());
    for hint in essential {
        assert!(footer.contains(hint), "{hint} missing:\n{footer}");
    }
}

#[rstest]
#[case::eight_rows(Size::new(40, 8), "", &["enter select", "esc cancel"])]
#[case::six_rows(Size::new(40, 6), "", &["enter select", "esc cancel"])]
#[case::editor_on_seven_rows(Size::new(40, 7), "up enter", &["enter submit", "esc keep"])]
fn a_short_screen_keeps_one_line_of_how_to_confirm_and_how_to_leave(
    #[case] size: Size,
    #[case] script: &str,
    #[case] essential: &[&str],
) {
    let run = Run::sized(ask_user(&three_questions()), size, script);
    let screen = run.screen();
    let last = screen
        .lines()
        .rev()
        .find(|line| !line.trim().is_empty())
        .unwrap_or_default();
    for hint in essential {
        assert!(last.contains(hint), "{hint} missing:\n{screen}");
    }
}

#[rstest]
#[case::first_tab(Size::new(20, 10), "", "□ FirstLabe…  ›")]
#[case::middle_tab(Size::new(12, 10), "tab", "‹ □ Sec…  ›")]
fn an_active_tab_too_wide_for_the_bar_cuts_its_label_and_keeps_the_markers(
    #[case] size: Size,
    #[case] script: &str,
    #[case] bar: &str,
) {
    let arguments = json!({"questions": [
        {"id": "a", "label": "FirstLabelVeryLongIndeed", "prompt": "One?", "options": [{"value": "x"}]},
        {"id": "b", "label": "Second", "prompt": "Two?", "options": [{"value": "x"}]},
        {"id": "c", "label": "Third", "prompt": "Three?", "options": [{"value": "x"}]}
    ]});
    let run = Run::sized(ask_user(&arguments), size, script);
    let screen = run.screen();
    assert_eq!(screen.lines().next().map(str::trim), Some(bar), "{screen}");
}

#[rstest]
#[case(Size::new(21, 12), "All 3 answered")]
#[case(Size::new(10, 12), "All 3 ans…")]
fn a_narrow_review_says_how_many_are_answered_in_fewer_words(
    #[case] size: Size,
    #[case] status: &str,
) {
    let single = |id: &str| json!({"id": id, "prompt": "Which?", "options": [{"value": "x"}]});
    let arguments = json!({"questions": [single("a"), single("b"), single("c")]});
    let run = Run::sized(ask_user(&arguments), size, "1 1 1");
    let screen = run.screen();
    assert!(
        screen.lines().any(|line| line.trim() == status),
        "{status} missing:\n{screen}"
    );
}

#[rstest]
#[case::first_page("1 1 1", "↓ more")]
#[case::between("1 1 1 pageDown", "↑↓ more")]
#[case::last_page("1 1 1 pageDown*12", "↑ more")]
fn a_review_summary_too_short_for_its_more_rows_says_what_it_hides_in_its_heading(
    #[case] keys: &str,
    #[case] hides: &str,
) {
    let single = |id: &str| json!({"id": id, "prompt": "Which?", "options": [{"value": "x"}]});
    let arguments = json!({"questions": [single("a"), single("b"), single("c")]});
    let run = Run::sized(ask_user(&arguments), Size::new(40, 7), keys);
    let screen = run.screen();
    let heading = screen
        .lines()
        .find(|line| line.contains("answered"))
        .unwrap_or_default();
    assert!(
        heading.trim_end().ends_with(&format!("answered  {hides}")),
        "{screen}"
    );
    assert!(!screen.contains("(pageDown)") && !screen.contains("(pageUp)"));
}

#[test]
fn the_least_needed_hints_go_first() {
    let run = Run::sized(ask_user(&three_questions()), Size::new(50, 15), "");
    let footer = footer(&run.screen());
    assert!(footer.contains("up/down move"), "{footer}");
    assert!(!footer.contains("question note"), "{footer}");
    let wide = Run::sized(ask_user(&three_questions()), Size::new(120, 40), "");
    assert!(wide.screen().contains("shift+n question note"));
}

#[test]
fn the_free_form_question_keeps_submit_and_cancel() {
    let arguments = json!({"questions": [{"question": "Why?"}, {"question": "Pick", "options": [{"label": "A"}, {"label": "B"}]}]});
    let run = Run::sized(question_tool(&arguments), Size::new(30, 15), "");
    let footer = footer(&run.screen());
    assert!(
        footer.contains("enter submit") && footer.contains("esc cancel"),
        "{footer}"
    );
}

#[test]
fn a_highlighted_label_wraps_whole_and_others_are_cut() {
    let long = "A label long enough that it cannot fit on one row of a narrow screen, nor on two \
                rows of it, nor even on three, so a list cuts it short unless it is highlighted";
    let arguments = json!({"questions": [{"id": "l", "prompt": "Pick", "options": [
        {"value": "a", "label": long},
        {"value": "b", "label": "Short"}
    ]}]});
    let mut run = Run::sized(ask_user(&arguments), Size::new(50, 15), "");
    let words = |screen: &str| screen.split_whitespace().collect::<Vec<_>>().join(" ");
    let screen = run.screen();
    assert!(
        words(&screen).contains("unless it is highlighted"),
        "{screen}"
    );
    assert!(!screen.contains('…'), "{screen}");
    run.keys("down");
    let screen = run.screen();
    assert!(screen.contains('…'), "{screen}");
    assert!(
        !words(&screen).contains("unless it is highlighted"),
        "{screen}"
    );
}

#[rstest]
fn an_open_editor_shows_the_line_being_typed_on_any_screen_it_opens_on(
    #[values((120, 4), (120, 5), (20, 5), (120, 6), (120, 7), (120, 9), (120, 12), (80, 14), (70, 14), (60, 20), (50, 18), (40, 15), (40, 12), (40, 8), (30, 7))]
    size: (u16, u16),
    #[values(
        ("down n 'draft words'", "draft words"),
        ("down n 'one' alt+enter 'two' alt+enter 'three' alt+enter 'four'", "four"),
        ("up enter 'my own answer'", "my own answer"),
        ("up enter 'first' alt+enter 'second' alt+enter 'third'", "third"),
        ("shift+n 'about the question'", "about the question")
    )]
    script: (&str, &str),
    #[values("preview", "single")] kind: &str,
) {
    let (script, typed_last) = script;
    let size = Size::new(size.0, size.1);
    let run = Run::sized(ask_user(&crowded_question(kind)), size, script);
    let frame = run.form.draw(size);
    let screen = super::screen_text(&frame);
    let cursor = frame
        .cursor
        .unwrap_or_else(|| panic!("no cursor:\n{screen}"));
    let row: String = screen
        .lines()
        .nth(usize::from(cursor.y))
        .expect("the cursor's row")
        .chars()
        .take(usize::from(cursor.x))
        .collect();
    // A narrow editor wraps the typed words: the cursor stands after the last of them.
    let last_word = typed_last.rsplit(' ').next().unwrap_or(typed_last);
    assert!(
        row.trim_end().ends_with(last_word),
        "the cursor at {cursor:?} stands after {row:?}, not after {last_word:?}:\n{screen}"
    );
}

#[test]
fn a_scroll_line_too_wide_for_its_row_drops_words_but_keeps_both_counts() {
    let options: Vec<_> = (1..=12)
        .map(|n| json!({"value": format!("o{n}"), "label": format!("Option {n}")}))
        .collect();
    let arguments = json!({"questions": [{"id": "q", "prompt": "Pick", "options": options}]});
    let status = |size: Size| {
        let run = Run::sized(ask_user(&arguments), size, "down*6");
        let screen = run.screen();
        screen
            .lines()
            .find(|line| line.contains("/13"))
            .unwrap_or_else(|| panic!("no scroll line:\n{screen}"))
            .trim()
            .to_owned()
    };
    assert_eq!(status(Size::new(40, 12)), "↑ 1 more  ·  7/13  ·  ↓ 6 more");
    assert_eq!(status(Size::new(22, 12)), "↑ 1 · 7/13 · ↓ 6");
}

/// One `ask_user` question.
fn one_ask_user_question() -> crate::form::Form {
    ask_user(&super::one_single())
}

/// Two `ask_user_question` questions.
fn two_tool_questions() -> crate::form::Form {
    question_tool(&json!({"questions": [
        {"question": "Which auth?", "header": "Auth", "multiSelect": false,
         "options": [{"label": "OAuth", "description": "x"}, {"label": "Cookies", "description": "y"}]},
        {"question": "Which db?", "header": "DB", "multiSelect": false,
         "options": [{"label": "Pg", "description": "x"}, {"label": "Lite", "description": "y"}]}
    ]}))
}

#[rstest]
#[case::ask_user(one_ask_user_question, "enter 1")]
#[case::question_tool(two_tool_questions, "enter enter 1")]
fn on_the_shortest_review_the_actions_and_the_armed_shortcuts_hint_come_before_the_heading(
    #[case] form: fn() -> crate::form::Form,
    #[case] script: &str,
) {
    for height in 5..=8 {
        let run = Run::sized(form(), Size::new(40, height), script);
        let screen = run.screen();
        assert!(
            screen.contains("Press 1 again to submit"),
            "at 40x{height}:\n{screen}"
        );
        assert!(screen.contains("Cancel"), "at 40x{height}:\n{screen}");
    }
}

#[test]
fn an_armed_shortcuts_hint_too_wide_for_its_row_is_cut_with_an_ellipsis() {
    let run = Run::sized(one_ask_user_question(), Size::new(20, 6), "enter 1");
    let screen = run.screen();
    let hint = screen
        .lines()
        .find(|line| line.contains("Press 1 again"))
        .unwrap_or_else(|| panic!("the hint shows:\n{screen}"));
    assert!(hint.trim_end().ends_with('…'), "{screen}");
}

#[test]
fn an_options_description_gives_way_to_its_note_editor_before_the_note_is_cut() {
    let arguments = json!({"questions": [{
        "id": "plan", "prompt": "Pick a plan.", "type": "preview",
        "options": [
            {"value": "a", "label": "Alpha", "description": "the first plan", "preview": "A"},
            {"value": "b", "label": "Beta", "description": "the second plan", "preview": "B"}
        ]
    }]});
    let script = "n 'first line' alt+enter 'second line'";
    let small = Run::sized(ask_user(&arguments), Size::new(40, 10), script);
    let screen = small.screen();
    assert!(screen.contains("│ first line"), "{screen}");
    assert!(screen.contains("│ second line"), "{screen}");
    assert!(!screen.contains("the first plan"), "{screen}");
    let roomy = Run::sized(ask_user(&arguments), Size::new(40, 24), script);
    let screen = roomy.screen();
    assert!(screen.contains("the first plan"), "room for both: {screen}");
    assert!(screen.contains("│ first line"), "{screen}");
}

#[test]
fn a_review_too_short_for_its_full_summary_shows_every_answer_on_a_line_of_its_own() {
    let answered = "enter space enter enter";
    let short = Run::sized(ask_user(&three_questions()), Size::new(60, 15), answered).screen();
    for line in [
        "Database  Which database?  → Postgres",
        "Checks  Which checks?  → Format",
        "Layout  Which layout?  → Layout A",
    ] {
        assert!(short.contains(line), "{line} missing:\n{short}");
    }
    assert!(!short.contains("more (pageDown)"), "{short}");
    let tall = Run::sized(ask_user(&three_questions()), Size::new(60, 30), answered).screen();
    assert!(
        tall.contains("Database  Which database?\n   → Postgres"),
        "with room, each question shows its prompt and its answer below:\n{tall}"
    );
}

#[test]
fn a_long_label_keeps_a_compact_line_to_one_row_as_on_its_tab() {
    let label = "A label much longer than any tab shows it".repeat(3);
    let arguments = json!({"questions": (1..=6).map(|n| json!({"id": format!("q{n}"),
        "label": format!("{label} {n}"), "prompt": "Which?",
        "options": [{"value": "a", "label": "Alpha"}]})).collect::<Vec<_>>()});
    let answered = ["enter"; 6].join(" ");
    let screen = Run::sized(ask_user(&arguments), Size::new(60, 15), &answered).screen();
    let answers = screen
        .lines()
        .filter(|line| line.contains("→ Alpha"))
        .count();
    assert!(answers >= 3, "{screen}");
    assert!(
        screen.contains("A label much longer…  Which?  → Alpha"),
        "{screen}"
    );
}

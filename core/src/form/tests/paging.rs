//! Paging never skips content: the review summary, a long prompt, a preview, an editor and an
//! option list, paged from one end to the other at any size, show every one of their lines on
//! some page, and two pages in a row share a line.

use proptest::prelude::*;
use serde_json::{Value, json};

use super::{Run, ask_user, question_tool, screen_text};
use crate::draw::Size;
use crate::effect::Surface;
use crate::input::Input;

/// Every screen from the one shown to the last `key` reaches (where neither the screen nor
/// its text cursor moves any more), at most `limit` of them.
fn pages(run: &mut Run, key: &str, limit: usize) -> Vec<String> {
    let frame = |run: &Run| {
        let frame = run.form.draw(run.size);
        (screen_text(&frame), frame.cursor)
    };
    let mut last = frame(run);
    let mut screens = vec![last.0.clone()];
    for _ in 0..limit {
        run.keys(key);
        let next = frame(run);
        if next == last {
            break;
        }
        screens.push(next.0.clone());
        last = next;
    }
    screens
}

/// The tokens (words starting with `prefix`) on a screen, in order.
fn tokens<'a>(screen: &'a str, prefix: &str) -> Vec<&'a str> {
    screen
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|word| word.starts_with(prefix))
        .collect()
}

/// What two pages in a row share.
#[derive(Clone, Copy)]
enum Shared {
    /// A line with a token on it.
    Line,
    /// A row, which may be a blank one between two lines of tokens: the next page's first
    /// token follows this page's last one at once.
    Row,
}

/// Checks that `expected` tokens (in their order) all show on some page and that every page
/// after the first shares what `shared` says with the page before it.
fn assert_every_token_on_a_page(
    screens: &[String],
    prefix: &str,
    expected: &[String],
    shared: Shared,
) {
    let shown = |screen: &str| -> Vec<usize> {
        tokens(screen, prefix)
            .into_iter()
            .filter_map(|token| expected.iter().position(|want| want == token))
            .collect()
    };
    for token in expected {
        assert!(
            screens
                .iter()
                .any(|screen| tokens(screen, prefix).contains(&token.as_str())),
            "{token} is on no page:\n{}",
            screens.join("\n---\n")
        );
    }
    for pair in screens.windows(2) {
        let (before, after) = (shown(&pair[0]), shown(&pair[1]));
        let (Some(&low), Some(&high)) = (before.iter().min(), before.iter().max()) else {
            continue;
        };
        if after.is_empty() {
            continue;
        }
        let shares = match shared {
            Shared::Line => after.iter().any(|token| before.contains(token)),
            Shared::Row => after
                .iter()
                .any(|&token| (low.saturating_sub(1)..=high + 1).contains(&token)),
        };
        assert!(
            shares,
            "two pages share nothing:\n{}\n---\n{}",
            pair[0], pair[1]
        );
    }
}

/// `questions` questions, each with a prompt of `lines` lines and answered with an option whose
/// label is `lines` words: the answers' tokens, which the review shows in its full summary and
/// in its compact one alike (a summary too long for the screen leaves the prompts out).
fn answered_questions(questions: usize, lines: usize) -> (Value, Vec<String>) {
    let mut expected = Vec::new();
    let questions: Vec<Value> = (1..=questions)
        .map(|q| {
            let prompt: Vec<String> = (1..=lines).map(|l| format!("prompt {q}.{l}")).collect();
            let answer: Vec<String> = (1..=lines).map(|l| format!("zq{q}a{l}")).collect();
            expected.extend(answer.iter().cloned());
            json!({"id": format!("q{q}"), "prompt": prompt.join("\n"), "options": [
                {"value": "a", "label": answer.join(" ")}
            ]})
        })
        .collect();
    (json!({"questions": questions}), expected)
}

/// Answers every question of a form built from [`answered_questions`] and lands on the review.
fn answer_all(questions: usize) -> String {
    vec!["enter"; questions].join(" ")
}

#[test]
fn paging_the_review_reaches_every_line() {
    let (arguments, expected) = answered_questions(30, 2);
    let mut run = Run::new(ask_user(&arguments), &answer_all(30));
    let screens = pages(&mut run, "pageDown", 40);
    assert!(screens.len() > 2, "the summary does not fit at 80x24");
    assert_every_token_on_a_page(&screens, "zq", &expected, Shared::Row);
    let back = pages(&mut run, "pageUp", 40);
    assert_every_token_on_a_page(&back, "zq", &expected, Shared::Row);
    assert!(back.last().is_some_and(|screen| screen.contains("zq1a1")));
}

#[test]
fn page_keys_read_together_page_the_review_as_far_as_keys_with_a_frame_between() {
    let (arguments, _) = answered_questions(30, 2);
    let mut framed = Run::new(ask_user(&arguments), &answer_all(30));
    let mut together = Run::new(ask_user(&arguments), &answer_all(30));
    for keys in ["pageDown pageDown pageDown", "pageUp pageUp", "pageDown"] {
        framed.keys(keys);
        for input in super::script_inputs(keys) {
            together.form.handle(input);
        }
        assert_eq!(together.screen(), framed.screen(), "after {keys}");
    }
}

/// A prompt of `count` lines of tokens over two options.
fn long_prompt(count: usize) -> (Value, Vec<String>) {
    let lines: Vec<String> = (1..=count).map(|n| format!("zw{n}")).collect();
    let arguments = json!({"questions": [{"id": "p", "prompt": lines.join("\n"), "options": [
        {"value": "a", "label": "Alpha"}, {"value": "b", "label": "Beta"}
    ]}]});
    (arguments, lines)
}

/// A preview question whose first option previews `count` lines of tokens.
fn long_preview(count: usize) -> (Value, Vec<String>) {
    let lines: Vec<String> = (1..=count).map(|n| format!("zw{n}")).collect();
    let arguments = json!({"questions": [{"id": "p", "prompt": "Pick", "type": "preview",
    "options": [
        {"value": "a", "label": "Alpha", "preview": lines.join("\n")},
        {"value": "b", "label": "Beta", "preview": "b"}
    ]}]});
    (arguments, lines)
}

/// A free-form question with an editor holding `count` lines of tokens.
fn long_answer(count: usize) -> (Value, Vec<String>) {
    let lines: Vec<String> = (1..=count).map(|n| format!("zw{n}")).collect();
    (
        json!({"questions": [{"question": "Why?", "header": "Why"}]}),
        lines,
    )
}

/// A question with `count` options labelled with tokens.
fn long_list(count: usize) -> (Value, Vec<String>) {
    let labels: Vec<String> = (1..=count).map(|n| format!("zw{n}")).collect();
    let options: Vec<Value> = labels
        .iter()
        .enumerate()
        .map(|(n, label)| {
            let mut option = json!({"value": label, "label": label});
            if n % 3 == 0 {
                option["description"] =
                    json!("a description long enough to wrap on narrow screens");
            }
            option
        })
        .collect();
    (
        json!({"questions": [{"id": "l", "prompt": "Pick", "options": options}]}),
        labels,
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn paging_any_review_reaches_every_line(
        questions in 1usize..13,
        lines in 1usize..4,
        width in 30u16..120,
        height in 12u16..40,
    ) {
        let (arguments, expected) = answered_questions(questions, lines);
        let size = Size::new(width, height);
        let mut run = Run::sized(ask_user(&arguments), size, &answer_all(questions));
        let down = pages(&mut run, "pageDown", 200);
        assert_every_token_on_a_page(&down, "zq", &expected, Shared::Row);
        let up = pages(&mut run, "pageUp", 200);
        assert_every_token_on_a_page(&up, "zq", &expected, Shared::Row);
    }

    #[test]
    fn paging_any_prompt_reaches_every_line(
        count in 1usize..60,
        width in 30u16..120,
        height in 12u16..40,
    ) {
        let (arguments, expected) = long_prompt(count);
        let mut run = Run::sized(ask_user(&arguments), Size::new(width, height), "");
        let down = pages(&mut run, "shift+down", 200);
        assert_every_token_on_a_page(&down, "zw", &expected, Shared::Line);
        let up = pages(&mut run, "shift+up", 200);
        assert_every_token_on_a_page(&up, "zw", &expected, Shared::Line);
    }

    #[test]
    fn paging_any_preview_reaches_every_line(
        count in 1usize..80,
        width in 30u16..140,
        height in 12u16..40,
    ) {
        let (arguments, expected) = long_preview(count);
        let mut run = Run::sized(ask_user(&arguments), Size::new(width, height), "");
        let down = pages(&mut run, "pageDown", 200);
        assert_every_token_on_a_page(&down, "zw", &expected, Shared::Line);
        let up = pages(&mut run, "pageUp", 200);
        assert_every_token_on_a_page(&up, "zw", &expected, Shared::Line);
    }

    #[test]
    fn paging_any_editor_reaches_every_line(
        count in 1usize..40,
        width in 30u16..120,
        height in 12u16..40,
    ) {
        let (arguments, expected) = long_answer(count);
        let mut run = Run::sized(question_tool(&arguments), Size::new(width, height), "");
        run.form.handle(Input::Paste(expected.join("\n")));
        run.form.draw(run.size);
        let up = pages(&mut run, "pageUp", 200);
        assert_every_token_on_a_page(&up, "zw", &expected, Shared::Line);
        let down = pages(&mut run, "pageDown", 200);
        assert_every_token_on_a_page(&down, "zw", &expected, Shared::Line);
    }

    #[test]
    fn paging_any_list_reaches_every_option(
        count in 1usize..80,
        width in 30u16..120,
        height in 12u16..40,
    ) {
        let (arguments, expected) = long_list(count);
        let mut run = Run::sized(ask_user(&arguments), Size::new(width, height), "");
        let down = pages(&mut run, "pageDown", 200);
        assert_every_token_on_a_page(&down, "zw", &expected, Shared::Line);
        let up = pages(&mut run, "pageUp", 200);
        assert_every_token_on_a_page(&up, "zw", &expected, Shared::Line);
    }
}

#[test]
fn a_page_down_onto_a_row_with_a_taller_footer_keeps_the_row_two_pages_share() {
    let (arguments, expected) = long_list(35);
    let mut run = Run::sized(ask_user(&arguments), Size::new(30, 21), "");
    let down = pages(&mut run, "pageDown", 200);
    assert_every_token_on_a_page(&down, "zw", &expected, Shared::Line);
    let up = pages(&mut run, "pageUp", 200);
    assert_every_token_on_a_page(&up, "zw", &expected, Shared::Line);
}

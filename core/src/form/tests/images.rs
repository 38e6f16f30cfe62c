//! Clipboard images in the editors: the paste-image action asks for a read, the read's
//! outcome attaches to the editor that asked, and results carry the images by the contract's
//! rules.

use serde_json::{Value, json};

use super::{Run, ask_user, ask_user_with_keys, one_multi, one_single, question_tool};
use crate::contract::images::MAX_IMAGES_PER_EDITOR;
use crate::contract::rules::ImagePaste;
use crate::effect::{Effect, ImageRead, Surface};
use crate::form::{Form, FormConfig};
use crate::input::{ClipboardImage, ClipboardProblem, Input};

/// A PNG file's first bytes: enough for its kind to be told.
const PNG: &[u8] = b"\x89PNG\r\n\x1a\nfirst";
/// [`PNG`] in base64.
const PNG_BASE64: &str = "iVBORw0KGgpmaXJzdA==";

/// The clipboard reads a run asked for, in order.
fn reads(run: &Run) -> Vec<u64> {
    run.effects
        .iter()
        .filter_map(|effect| match effect {
            Effect::ReadClipboardImage(ImageRead { read }) => Some(*read),
            _ => None,
        })
        .collect()
}

/// Answers read `read` with `outcome`.
fn answer(run: &mut Run, read: u64, outcome: Result<Vec<u8>, ClipboardProblem>) {
    let effects = run
        .form
        .handle(Input::ClipboardImage(ClipboardImage { read, outcome }));
    run.effects.extend(effects);
}

/// Presses the paste-image key and answers that read with [`PNG`].
fn paste(run: &mut Run) {
    run.keys("ctrl+v");
    let read = *reads(run).last().expect("a read was asked for");
    answer(run, read, Ok(PNG.to_vec()));
}

fn png(id: &str) -> Value {
    json!({"id": id, "mimeType": "image/png", "data": PNG_BASE64})
}

/// The result's content blocks after the text.
fn image_blocks(run: &Run) -> Vec<Value> {
    run.result()["content"].as_array().unwrap()[1..].to_vec()
}

#[test]
fn the_paste_image_key_asks_for_a_clipboard_read() {
    let run = Run::new(ask_user(&one_single()), "down down enter ctrl+v");
    assert_eq!(reads(&run), [1]);
}

#[test]
fn an_image_only_written_answer_counts_as_answered() {
    let mut run = Run::new(ask_user(&one_single()), "down down enter");
    paste(&mut run);
    assert!(run.screen().contains("[image 1]"), "{}", run.screen());
    run.keys("enter");
    assert!(run.form.drafts()[0].is_answered());
    run.keys("enter");
    assert_eq!(
        run.answers()["db"],
        json!({"values": [], "labels": [], "indices": [], "customImages": [png("image-1")]})
    );
    assert!(run.text().contains("Database: [image 1]"), "{}", run.text());
}

#[test]
fn the_result_carries_an_image_block_after_a_text_naming_its_answer() {
    let mut run = Run::new(ask_user(&one_single()), "down down enter 'see this'");
    paste(&mut run);
    run.keys("enter enter");
    assert_eq!(
        image_blocks(&run),
        [
            json!({"type": "text", "text": "Image 1 of 1 attached to the written answer \"see this\" to question \"Which database?\":"}),
            json!({"type": "image", "data": PNG_BASE64, "mimeType": "image/png"}),
        ]
    );
}

#[test]
fn images_stay_with_their_editor_across_tabs_and_reopening() {
    let mut run = Run::new(ask_user(&super::three_questions()), "shift+n 'why'");
    paste(&mut run);
    run.keys("esc tab shift+tab shift+n");
    assert!(run.screen().contains("│ [image 1]"), "{}", run.screen());
    run.keys("esc down enter");
    run.keys("tab tab enter");
    let answer = &run.answers()["db"];
    assert_eq!(answer["note"], json!("why"));
    assert_eq!(answer["noteImages"], json!([png("image-1")]));
}

#[test]
fn an_empty_or_unreadable_clipboard_shows_a_notice_and_changes_nothing() {
    let mut run = Run::new(ask_user(&one_single()), "down down enter 'kept'");
    paste(&mut run);
    for (problem, notice) in [
        (ClipboardProblem::Empty, "No image on the clipboard."),
        (
            ClipboardProblem::Unavailable,
            "The clipboard cannot be read here.",
        ),
    ] {
        run.keys("ctrl+v");
        let read = *reads(&run).last().unwrap();
        answer(&mut run, read, Err(problem));
        let screen = run.screen();
        assert!(screen.contains(notice), "{screen}");
        assert!(screen.contains("│ kept"), "{screen}");
        assert!(screen.contains("[image 1]"), "{screen}");
        assert!(!screen.contains("[image 2]"), "{screen}");
    }
}

#[test]
fn bytes_that_are_no_image_are_refused_with_a_notice() {
    let mut run = Run::new(ask_user(&one_single()), "down down enter ctrl+v");
    answer(&mut run, 1, Ok(b"plain text".to_vec()));
    assert!(run.screen().contains("no PNG, JPEG, GIF or WebP image"));
    assert!(run.form.drafts()[0].custom_images.is_empty());
}

#[test]
fn a_read_that_finishes_after_its_editor_closed_attaches_nowhere() {
    let mut run = Run::new(ask_user(&one_single()), "down down enter ctrl+v esc n");
    answer(&mut run, 1, Ok(PNG.to_vec()));
    let draft = &run.form.drafts()[0];
    assert!(draft.custom_images.is_empty());
    assert!(draft.option_note_images.values().all(Vec::is_empty));
    assert!(!run.screen().contains("[image"), "{}", run.screen());
}

#[test]
fn ctrl_alt_d_removes_the_last_image_of_the_editor() {
    let mut run = Run::new(ask_user(&one_single()), "down down enter 'x'");
    paste(&mut run);
    paste(&mut run);
    assert!(
        run.screen().contains("[image 1] [image 2]"),
        "{}",
        run.screen()
    );
    run.keys("ctrl+alt+d");
    let images = &run.form.drafts()[0].custom_images;
    assert_eq!(images.len(), 1);
    assert_eq!(images[0].id, "image-1");
}

#[test]
fn an_editor_takes_a_handful_of_images_then_says_so() {
    let mut run = Run::new(ask_user(&one_single()), "down down enter");
    for _ in 0..MAX_IMAGES_PER_EDITOR {
        paste(&mut run);
    }
    let asked = reads(&run).len();
    run.keys("ctrl+v");
    assert_eq!(reads(&run).len(), asked, "no read past the limit");
    assert!(
        run.screen().contains("at most 5 images"),
        "{}",
        run.screen()
    );
}

#[test]
fn a_submitted_answer_keeps_option_note_images_only_for_selected_options() {
    let mut run = Run::new(ask_user(&one_multi()), "n 'on format'");
    paste(&mut run);
    run.keys("enter down n 'on lint'");
    paste(&mut run);
    run.keys("enter space enter enter");
    let answer = &run.answers()["checks"];
    assert_eq!(answer["values"], json!(["lint"]));
    assert_eq!(
        answer["optionNoteImages"],
        json!({"lint": [png("image-2")]})
    );
}

#[test]
fn a_clarification_keeps_the_images_of_notes_on_unselected_options() {
    let mut run = Run::new(ask_user(&one_multi()), "n 'on format'");
    paste(&mut run);
    run.keys("enter down space enter down enter");
    let items = &run.result()["details"]["elaboration"]["items"];
    assert_eq!(items[0]["selected"], json!(false));
    assert_eq!(items[0]["images"], json!([png("image-1")]));
    assert_eq!(image_blocks(&run).len(), 2);
}

#[test]
fn deselected_custom_images_stay_in_the_draft_but_are_not_submitted() {
    let mut run = Run::new(ask_user(&one_multi()), "up enter 'mine'");
    paste(&mut run);
    run.keys("enter space");
    assert_eq!(run.form.drafts()[0].custom_images.len(), 1);
    run.keys("down space enter enter");
    let answer = &run.answers()["checks"];
    assert_eq!(answer["values"], json!(["fmt"]));
    assert!(answer.get("customImages").is_none(), "{answer}");
    assert!(image_blocks(&run).is_empty());
}

#[test]
fn cancellation_strips_image_data_and_sends_no_image_blocks() {
    let mut run = Run::new(ask_user(&one_single()), "down down enter 'x'");
    paste(&mut run);
    run.keys("enter down down enter");
    let result = run.result();
    assert_eq!(result["details"]["cancelled"], json!(true));
    assert_eq!(
        result["details"]["answers"]["db"]["customImages"],
        json!([{"id": "image-1", "mimeType": "image/png", "data": ""}])
    );
    assert_eq!(result["content"].as_array().unwrap().len(), 1);
}

#[test]
fn the_review_shows_markers_and_never_the_bytes() {
    let mut run = Run::new(ask_user(&one_single()), "down down enter 'x'");
    paste(&mut run);
    run.keys("enter");
    let screen = run.screen();
    assert!(screen.contains("→ x [image 1]"), "{screen}");
    assert!(!screen.contains(PNG_BASE64), "{screen}");
}

#[test]
fn a_configured_ask_command_takes_the_key_before_the_image_action() {
    let overrides = json!({"editor": {"submit": ["ctrl+v"]}});
    let run = Run::new(
        ask_user_with_keys(&one_single(), &overrides),
        "down down enter 'x' ctrl+v",
    );
    assert!(reads(&run).is_empty());
    assert!(run.form.drafts()[0].is_answered());
}

#[test]
fn ask_user_question_editors_take_no_images_and_the_paste_image_key_says_so() {
    let mut run = Run::new(
        question_tool(&json!({"questions": [{"question": "Name?"}]})),
        "'like this' ctrl+v",
    );
    assert!(reads(&run).is_empty());
    let screen = run.screen();
    assert!(
        screen.contains("This form takes no images: its answers reach the agent as text."),
        "{screen}"
    );
    run.keys("' and that'");
    let screen = run.screen();
    assert!(
        screen.contains("like this and that"),
        "the text as it was: {screen}"
    );
}

#[test]
fn a_call_for_a_host_whose_answers_are_text_takes_no_images() {
    let call = ask_user(&one_single())
        .call
        .with_images(ImagePaste::Unsupported);
    let run = Run::new(
        Form::new(call, &FormConfig::default()),
        "down down enter 'x' ctrl+v",
    );
    assert!(reads(&run).is_empty());
    assert!(
        run.screen()
            .contains("This form takes no images: its answers reach the agent as text."),
        "{}",
        run.screen()
    );
}

#[test]
fn saved_notes_with_images_only_show_their_markers_on_the_question_tab() {
    let mut run = Run::new(ask_user(&one_single()), "n");
    paste(&mut run);
    run.keys("enter shift+n");
    paste(&mut run);
    run.keys("enter");
    let screen = run.screen();
    assert!(screen.contains("Note: [image 1]"), "{screen}");
    assert!(screen.contains("✎ [image 1]"), "{screen}");
    assert!(run.form.drafts()[0].has_notes());
}

//! Clipboard images in a real terminal: the program runs in tmux with no display server it
//! could reach, so the native clipboard fails, and a stand-in for `wl-paste` or `xclip` on
//! `PATH` serves the image, as those helpers do. Skipped, with a message, where tmux is not
//! installed.

mod support;

use std::os::unix::fs::PermissionsExt;
use std::path::Path;

use serde_json::json;
use support::asking::{Asking, read_result};

/// The image the stand-ins serve.
const SHOT: &[u8] = include_bytes!("../fixtures/files/shot.png");

/// An executable `name` in `bin/` of the terminal's folder that prints `shot.png`, or fails
/// as a helper does when the clipboard holds no image.
fn stand_in(term: &Asking, name: &str, serves_image: bool) {
    let bin = term.tmux.path("bin");
    std::fs::create_dir_all(&bin).expect("bin/ is created");
    std::fs::write(term.tmux.path("shot.png"), SHOT).expect("the image is written");
    let body = if serves_image {
        format!("cat '{}'", term.tmux.path("shot.png").display())
    } else {
        "echo 'Nothing is copied' >&2; exit 1".to_owned()
    };
    let script = bin.join(name);
    std::fs::write(&script, format!("#!/bin/sh\n{body}\n")).expect("the stand-in is written");
    std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755))
        .expect("the stand-in is executable");
}

/// Runs one written-answer question with `bin/` first on `PATH` and no reachable display.
fn ask(term: &Asking) {
    term.write_arguments(
        "arguments.json",
        &json!({"questions": [{
            "id": "bug", "label": "Bug", "prompt": "What does the screen show?",
            "options": [{"value": "blank", "label": "A blank page"}]
        }]}),
    );
    let bin: &Path = &term.tmux.path("bin");
    term.launch_with(
        &format!(
            "env -u WAYLAND_DISPLAY DISPLAY=:97 PATH=\"{}:$PATH\"",
            bin.display()
        ),
        "ask arguments.json --ui tui",
    );
    term.tmux.wait_for_text("What does the screen show?");
    term.press(&["Down", "Enter"], "Type your answer");
}

fn pasted_image_reaches_the_result(helper: &str) {
    let Some(term) = Asking::start(100, 30) else {
        return;
    };
    stand_in(&term, helper, true);
    ask(&term);
    term.tmux.text("like this");
    term.press(&["C-v"], "[image 1]");
    term.press(&["Enter"], "→ like this [image 1]");
    term.tmux.keys(&["Enter"]);
    let (document, exit) = term.finish();
    assert_eq!(exit, 0);
    let image = json!({
        "id": "image-1",
        "mimeType": "image/png",
        "data": "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAAEUlEQVR4nGP4z8DwH4QZYAwAR8oH+WdZbrcAAAAASUVORK5CYII="
    });
    assert_eq!(document["content"][2]["type"], json!("image"));
    assert_eq!(document["content"][2]["data"], image["data"]);
    let (_, details) = read_result(document);
    assert_eq!(details["answers"]["bug"]["customImages"], json!([image]));
}

#[test]
fn an_image_served_by_xclip_is_attached_and_submitted() {
    pasted_image_reaches_the_result("xclip");
}

#[test]
fn an_image_served_by_wl_paste_is_attached_and_submitted() {
    pasted_image_reaches_the_result("wl-paste");
}

#[test]
fn an_empty_clipboard_shows_a_notice_and_keeps_the_text() {
    let Some(term) = Asking::start(100, 30) else {
        return;
    };
    stand_in(&term, "xclip", false);
    stand_in(&term, "wl-paste", false);
    ask(&term);
    term.tmux.text("kept");
    let screen = term.press(&["C-v"], "No image on the clipboard.");
    assert!(screen.contains("│ kept"), "{screen}");
    assert!(!screen.contains("[image"), "{screen}");
}

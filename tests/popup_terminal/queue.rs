//! Popups waiting for one terminal take their turns in the order they came: the one that
//! waited longest opens first as the one in front closes.

use std::process::Command;

use serde_json::json;

use super::{Asking, popup_asked, stderr};

/// Starts `ask` for a question prompting `prompt` in a window of its own, as another agent
/// would, recording its process id in `<name>.pid`, and waits until it says it waits.
fn another_asker(term: &Asking, name: &str, prompt: &str) {
    term.write_arguments(
        &format!("{name}.json"),
        &json!({"questions": [{"id": "q", "prompt": prompt,
            "options": [{"value": "a", "label": "Alpha"}]}]}),
    );
    let dir = term.tmux.path("");
    term.tmux.run(&[
        "new-window",
        "-d",
        "-c",
        &dir.display().to_string(),
        &format!(
            "HOME=\"$PWD\" XDG_RUNTIME_DIR=\"$PWD/run\" sh -c 'echo $$ > {name}.pid; exec \"$@\"' \
             sh {} ask {name}.json --ui popup --config \"$PWD/settings.json\" > {name}.out \
             2> {name}.err",
            env!("CARGO_BIN_EXE_pi-agent-ask"),
        ),
    ]);
    let err = term.tmux.path(&format!("{name}.err"));
    term.tmux.wait_for(&format!("{name} waiting"), |_| {
        std::fs::read_to_string(&err).is_ok_and(|text| text.contains("opens once it closes"))
    });
}

/// Ends the asker whose process id is in `<name>.pid` as a signal would.
fn end(term: &Asking, name: &str) {
    let pid = std::fs::read_to_string(term.tmux.path(&format!("{name}.pid")))
        .expect("the pid is written");
    Command::new("kill")
        .args(["-s", "TERM", pid.trim()])
        .status()
        .expect("kill runs");
}

#[test]
fn popups_waiting_for_one_terminal_open_first_come_first_served() {
    let Some((term, client)) = popup_asked() else {
        return;
    };
    another_asker(&term, "second", "Asked second?");
    another_asker(&term, "third", "Asked third?");
    let pid = term.recorded_pid().to_string();
    Command::new("kill")
        .args(["-s", "TERM", &pid])
        .status()
        .expect("kill runs");
    let screen = client.wait_for("the next popup", |screen| {
        screen.contains("Asked second?") || screen.contains("Asked third?")
    });
    assert!(
        screen.contains("Asked second?"),
        "the popup that came last opened first:\n{screen}\n{}",
        stderr(&term)
    );
    end(&term, "second");
    client.wait_for("the last popup", |screen| screen.contains("Asked third?"));
    end(&term, "third");
}

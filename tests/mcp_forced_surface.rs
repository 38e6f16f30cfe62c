//! An MCP server told to ask in one surface (`--ui inbox`, `--ui popup`) that cannot says why
//! on standard error, for a background call as for one that waits, and answers without a UI;
//! an inbox name no inbox can have is refused as the server starts, and a working directory's
//! journal that cannot be read is set aside with a word rather than stopping the server.

mod support;

use support::run_program;

/// The client's lines: the handshake, then one call of `ask_user` with these arguments.
fn session(arguments: &str) -> String {
    [
        r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"test","version":"1"}}}"#,
        r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
        &format!(
            r#"{{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{{"name":"ask_user","arguments":{arguments}}}}}"#
        ),
    ]
    .join("\n")
        + "\n"
}

#[test]
fn a_forced_inbox_that_is_not_listening_says_why_for_a_background_call_too() {
    let folder = tempfile::tempdir().expect("a folder");
    let state = folder.path().display().to_string();
    let questions = r#""questions":[{"id":"db","prompt":"Which?","options":[{"value":"pg"}]}]"#;
    for arguments in [
        format!("{{{questions}}}"),
        format!(r#"{{"background":true,{questions}}}"#),
    ] {
        let args: Vec<String> = [
            "mcp",
            "--ui",
            "inbox",
            "--inbox",
            "nobody-listens",
            "--session",
            &format!("{state}/journal.jsonl"),
        ]
        .iter()
        .map(|arg| (*arg).to_owned())
        .collect();
        let output = run_program(&args, Some(&session(&arguments)));
        assert_eq!(output.exit, 0, "{arguments}: {}", output.stderr);
        assert!(
            output
                .stderr
                .contains("mcp --ui inbox: no inbox named \"nobody-listens\" is listening; answering without a UI"),
            "{arguments}: {}",
            output.stderr
        );
        assert!(
            output.stdout.contains("Needs user input"),
            "{}",
            output.stdout
        );
    }
}

#[test]
fn a_name_no_inbox_can_have_is_a_usage_error_at_start() {
    for name in ["bad/name", "../x", ""] {
        let args: Vec<String> = ["mcp", "--inbox", name]
            .iter()
            .map(|arg| (*arg).to_owned())
            .collect();
        let output = run_program(&args, Some(""));
        assert_eq!(output.exit, 2, "{name:?}: {}", output.stderr);
        assert!(
            output.stderr.contains("is not an inbox name"),
            "{name:?}: {}",
            output.stderr
        );
    }
}

#[test]
fn a_background_call_under_a_forced_client_form_says_why_it_is_not_asked_there() {
    let folder = tempfile::tempdir().expect("a folder");
    let journal = folder.path().join("journal.jsonl").display().to_string();
    let arguments = r#"{"background":true,"questions":[{"id":"db","prompt":"Which?","options":[{"value":"pg"}]}]}"#;
    let args: Vec<String> = ["mcp", "--ui", "elicitation", "--session", &journal]
        .iter()
        .map(|arg| (*arg).to_owned())
        .collect();
    let output = run_program(&args, Some(&session(arguments)));
    assert_eq!(output.exit, 0, "{}", output.stderr);
    assert!(
        output.stderr.contains(
            "mcp --ui elicitation: a background form is asked in an inbox or a popup, not in the \
             client's form; answering without a UI"
        ),
        "{}",
        output.stderr
    );
}

#[test]
fn a_working_directory_journal_that_cannot_be_read_is_set_aside_with_a_word() {
    let state = tempfile::tempdir().expect("a folder");
    let project = tempfile::tempdir().expect("a folder");
    let serve = || {
        support::program()
            .args(["mcp", "--ui", "none", "--cwd"])
            .arg(project.path())
            .env("XDG_STATE_HOME", state.path())
            .stdin(std::process::Stdio::null())
            .output()
            .expect("the server runs")
    };
    assert_eq!(serve().status.code(), Some(0));
    let folder = state.path().join("pi-agent-ask");
    let journal = std::fs::read_dir(&folder)
        .expect("the state folder")
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .find(|path| {
            path.extension()
                .is_some_and(|extension| extension == "jsonl")
        })
        .expect("the working directory's journal");
    // A line a crash cut inside a character is skipped and named; the journal is used.
    let mut bytes = std::fs::read(&journal).expect("the journal reads");
    bytes.extend_from_slice(b"{\"type\":\"custom\",\"data\":\"\xe2\x82");
    std::fs::write(&journal, bytes).expect("the journal is cut in a character");
    let output = serve();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    assert!(
        stderr.contains("line 2: not a JSON object, skipped")
            && !stderr.contains("background forms are not kept across restarts"),
        "{stderr}"
    );
    // A journal that is no file at all cannot be read: it is set aside, and said.
    std::fs::remove_file(&journal).expect("the journal is removed");
    std::fs::create_dir(&journal).expect("a folder in its place");
    let output = serve();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    assert!(
        stderr.contains("background forms are not kept across restarts"),
        "{stderr}"
    );
}

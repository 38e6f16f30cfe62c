//! How the program reads what it is given: a byte-order mark is skipped, a document nested too
//! deeply or longer than a host may send is refused with the limit named, a lone surrogate
//! escape reads as U+FFFD as a host's do, and a usage error still exits 2 when stderr is
//! closed, and a settings file that cannot be used is said on stderr where no form says it.

mod support;

use std::process::{Command, Stdio};

use support::run_program;

/// One question with one option: valid `ask_user` arguments.
const ONE_QUESTION: &str =
    r#"{"questions": [{"id": "db", "prompt": "Which?", "options": [{"value": "pg"}]}]}"#;

fn check(stdin: &str) -> support::ProgramOutput {
    run_program(&["check".into(), "-".into()], Some(stdin))
}

#[test]
fn arguments_that_start_with_a_byte_order_mark_are_read() {
    let arguments = ONE_QUESTION;
    let output = check(&format!("\u{feff}{arguments}"));
    assert_eq!(output.exit, 0, "{}", output.stderr);
    assert!(output.stdout.contains("\"ok\": true"), "{}", output.stdout);
}

#[test]
fn arguments_nested_too_deeply_are_refused_with_the_limit_named() {
    let deep = format!("{}{}", "[".repeat(128), "]".repeat(128));
    let output = check(&deep);
    assert_eq!(output.exit, 2);
    assert!(output.stdout.is_empty());
    assert!(
        output
            .stderr
            .contains("nested too deeply: at most 127 levels"),
        "{}",
        output.stderr
    );
    let deepest_allowed = format!("{}{}", "[".repeat(127), "]".repeat(127));
    assert_eq!(
        check(&deepest_allowed).exit,
        1,
        "valid JSON, not valid arguments"
    );
}

#[test]
fn arguments_longer_than_a_host_may_send_are_refused_with_the_limit_named() {
    let dir = tempfile::tempdir().expect("a folder");
    let path = dir.path().join("huge.json");
    // A sparse file of zero bytes, four times the limit: refused at the limit, not parsed.
    std::fs::File::create(&path)
        .and_then(|file| file.set_len(64 * 1024 * 1024))
        .expect("the file is made");
    let path = path.display().to_string();
    for args in [
        vec!["check".to_owned(), path.clone()],
        vec![
            "ask".to_owned(),
            "--ui".to_owned(),
            "none".to_owned(),
            path.clone(),
        ],
        vec!["transcript".to_owned(), "call".to_owned(), path.clone()],
    ] {
        let output = run_program(&args, None);
        assert_eq!(output.exit, 2, "{args:?}: {}", output.stderr);
        assert!(output.stdout.is_empty(), "{args:?}");
        assert!(
            output.stderr.contains(&format!(
                "cannot read tool arguments {path:?}: longer than 16 MiB"
            )),
            "{args:?}: {}",
            output.stderr
        );
    }
}

#[test]
fn a_lone_surrogate_escape_in_arguments_reads_as_the_replacement_character() {
    let arguments =
        r#"{"questions": [{"id": "db", "prompt": "Which \ud83d?", "options": [{"value": "pg"}]}]}"#;
    let output = check(arguments);
    assert_eq!(output.exit, 0, "{}", output.stderr);
    assert!(
        output.stdout.contains("Which \u{fffd}?"),
        "{}",
        output.stdout
    );
}

#[test]
fn arguments_that_are_not_utf8_name_the_first_byte_that_is_not() {
    let output = Command::new("sh")
        .arg("-c")
        .arg("printf '{\"a\": \"caf\\351\"}' | \"$0\" check -")
        .arg(env!("CARGO_BIN_EXE_pi-agent-ask"))
        .output()
        .expect("the shell runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains(
            "cannot read tool arguments from standard input: not UTF-8 text (byte 11 is not)"
        ),
        "{stderr}"
    );
}

#[test]
fn a_usage_error_with_stderr_closed_exits_2_without_a_panic() {
    let program = env!("CARGO_BIN_EXE_pi-agent-ask");
    for args in ["check /nonexistent/arguments.json", "--no-such-flag"] {
        let status = Command::new("sh")
            .arg("-c")
            .arg(format!("\"$0\" {args} 2>&-"))
            .arg(program)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .status()
            .expect("the shell runs");
        assert_eq!(status.code(), Some(2), "{args} with stderr closed");
    }
}

#[test]
fn a_usage_error_with_stderr_a_broken_pipe_exits_2_without_a_panic() {
    let (reader, writer) = std::io::pipe().expect("a pipe");
    drop(reader);
    let status = Command::new(env!("CARGO_BIN_EXE_pi-agent-ask"))
        .args(["check", "/nonexistent/arguments.json"])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(writer)
        .status()
        .expect("the program runs");
    assert_eq!(status.code(), Some(2));
}

/// A settings file in `folder` that is no JSON, by its path.
fn invalid_settings(folder: &std::path::Path) -> String {
    let config = folder.join("settings.json");
    std::fs::write(&config, "{truncated").expect("the settings are written");
    config.display().to_string()
}

/// The lines that say the settings file at `config` could not be used, and why.
fn invalid_settings_notice(config: &str) -> String {
    format!(
        "pi-agent-ask: {config}: Config was invalid or unsupported. Loaded defaults for this \
         session and left the config file unchanged. Edit the config file or run /reload after \
         fixing it.\npi-agent-ask: {config}: Why: the file is not JSON (key must be a string at \
         line 1 column 2).\n"
    )
}

#[test]
fn a_command_that_shows_no_form_says_on_stderr_that_the_settings_file_is_invalid() {
    let folder = tempfile::tempdir().expect("a folder");
    let config = invalid_settings(folder.path());
    let arguments = ONE_QUESTION;
    let answer = folder.path().join("answer.json");
    std::fs::write(&answer, r#"{"kind": "cancel"}"#).expect("the answer is written");
    let answer = answer.display().to_string();
    for args in [
        &["check", "-", "--config", &config][..],
        &["ask", "-", "--config", &config, "--answer", &answer],
        &["ask", "-", "--config", &config, "--ui", "none"],
    ] {
        let args: Vec<String> = args.iter().map(|arg| (*arg).to_owned()).collect();
        let output = run_program(&args, Some(arguments));
        assert_eq!(output.exit, 0, "{args:?}: {}", output.stderr);
        assert_eq!(output.stderr, invalid_settings_notice(&config), "{args:?}");
    }
}

#[test]
fn an_ask_sent_to_an_inbox_says_on_its_own_stderr_that_the_settings_file_is_invalid() {
    let folder = tempfile::tempdir().expect("a folder");
    let config = invalid_settings(folder.path());
    let arguments = ONE_QUESTION;
    let args = ["ask", "-", "--config", &config, "--ui", "inbox"].map(str::to_owned);
    let output = run_program(&args, Some(arguments));
    assert!(
        output.stderr.starts_with(&invalid_settings_notice(&config)),
        "{}",
        output.stderr
    );
}

#[test]
fn a_working_directory_that_is_no_directory_is_a_usage_error() {
    let folder = tempfile::tempdir().expect("a folder");
    let file = folder.path().join("file");
    std::fs::write(&file, "").expect("the file is written");
    let arguments = ONE_QUESTION;
    for (dir, says) in [
        (folder.path().join("missing"), "No such file or directory"),
        (file, "not a directory"),
    ] {
        let args = ["check", "-", "--cwd", &dir.display().to_string()].map(str::to_owned);
        let output = run_program(&args, Some(arguments));
        assert_eq!(output.exit, 2, "{}", output.stderr);
        assert_eq!(output.stdout, "");
        assert!(output.stderr.contains(says), "{}", output.stderr);
    }
}

#[test]
fn a_settings_files_own_words_reach_stderr_with_no_escape_sequence_or_line_break() {
    let folder = tempfile::tempdir().expect("a folder");
    let config = folder.path().join("settings.json");
    std::fs::write(
        &config,
        r#"{"schemaVersion": 5, "\u001b[2J\u001b]0;title\u0007x": 1, "a\nb\u202e": 2}"#,
    )
    .expect("the settings are written");
    let config = config.display().to_string();
    let args = ["check", "-", "--config", &config].map(str::to_owned);
    let output = run_program(&args, Some(ONE_QUESTION));
    assert_eq!(output.exit, 0, "{}", output.stderr);
    assert!(
        !output
            .stderr
            .chars()
            .any(|c| c == '\u{1b}' || c == '\u{7}' || c == '\u{202e}'),
        "{:?}",
        output.stderr
    );
    assert_eq!(output.stderr.lines().count(), 1, "{:?}", output.stderr);
    assert!(
        output
            .stderr
            .contains("Unknown settings ignored: ␛[2J␛]0;title␇x, a↵b\u{fffd}."),
        "{:?}",
        output.stderr
    );
}

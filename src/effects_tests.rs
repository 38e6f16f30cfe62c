use std::path::Path;
use std::time::{Duration, Instant};

use pi_agent_ask_core::contract::ToolResult;
use pi_agent_ask_core::contract::question_tool::{self, parse_ask_user_question};
use pi_agent_ask_core::input::Searched;
use pi_agent_ask_core::settings::{Notification, Toggle};
use serde_json::json;

use super::*;

fn settings_at(path: &Path, document: &serde_json::Value) -> SettingsFile {
    std::fs::write(path, document.to_string()).expect("the settings file is written");
    SettingsFile::read(Some(path))
}

fn a_result() -> Effect {
    let request = parse_ask_user_question(&json!({"questions": [{"question": "Auth?"}]}))
        .expect("valid arguments");
    Effect::Finish(ToolResult::AskUserQuestion(
        question_tool::cancelled_result(&request, &[]),
    ))
}

/// Notifications through a command channel that creates `marker`.
fn notifying(dir: &Path, marker: &Path, mode: Mode) -> Effects {
    let command = format!("touch '{}'", marker.display());
    let document = json!({"schemaVersion": 5, "notifications": {"enabled": true,
        "channels": [{"type": "command", "command": command}]}});
    Effects::new(settings_at(&dir.join("s.json"), &document), mode)
}

fn appears_within(path: &Path, limit: Duration) -> bool {
    let start = Instant::now();
    while start.elapsed() < limit {
        if path.exists() {
            return true;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    path.exists()
}

#[test]
fn a_dry_run_answers_a_save_without_writing_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("s.json");
    let written = json!({"schemaVersion": 5});
    let mut effects = Effects::new(settings_at(&path, &written), Mode::DryRun);
    let change = Change::Set(Toggle::Notifications, false);
    assert_eq!(
        effects.on_effect(&Effect::SaveSettings(change)),
        Step::Feed(vec![Input::SettingsSaved(Ok(()))])
    );
    assert_eq!(std::fs::read_to_string(&path).unwrap(), written.to_string());
}

#[test]
fn a_live_save_writes_the_settings_file_and_answers_its_outcome() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("s.json");
    let mut effects = Effects::new(settings_at(&path, &json!({"schemaVersion": 5})), Mode::Live);
    let change = Change::Set(Toggle::Notifications, false);
    assert_eq!(
        effects.on_effect(&Effect::SaveSettings(change)),
        Step::Feed(vec![Input::SettingsSaved(Ok(()))])
    );
    assert!(
        !SettingsFile::read(Some(&path))
            .settings()
            .notifications
            .enabled
    );
}

#[test]
fn a_live_notification_runs_the_channels_of_the_settings_in_effect() {
    let dir = tempfile::tempdir().unwrap();
    let marker = dir.path().join("notified");
    let mut effects = notifying(dir.path(), &marker, Mode::Live);
    let notify = Effect::Notify(Notification::question_waiting("Auth?"));
    assert_eq!(effects.on_effect(&notify), Step::Feed(Vec::new()));
    assert!(appears_within(&marker, Duration::from_secs(10)));
}

#[test]
fn a_dry_run_sends_no_notification() {
    let dir = tempfile::tempdir().unwrap();
    let marker = dir.path().join("notified");
    let mut effects = notifying(dir.path(), &marker, Mode::DryRun);
    let notify = Effect::Notify(Notification::question_waiting("Auth?"));
    assert_eq!(effects.on_effect(&notify), Step::Feed(Vec::new()));
    assert!(!appears_within(&marker, Duration::from_millis(300)));
}

#[test]
fn a_close_ends_only_a_surface_opened_alone() {
    let dir = tempfile::tempdir().unwrap();
    let file = || SettingsFile::read(Some(&dir.path().join("s.json")));
    let mut over_a_form = Effects::new(file(), Mode::Live);
    assert_eq!(
        over_a_form.on_effect(&Effect::Close),
        Step::Feed(Vec::new())
    );
    let mut alone = Effects::new(file(), Mode::Live).opened_alone();
    assert_eq!(alone.on_effect(&Effect::Close), Step::Finish);
    assert_eq!(alone.on_effect(&a_result()), Step::Finish);
}

#[test]
fn an_open_settings_that_reaches_the_program_is_ignored_and_stop_agent_is_kept() {
    let dir = tempfile::tempdir().unwrap();
    let mut effects = Effects::new(
        SettingsFile::read(Some(&dir.path().join("s.json"))),
        Mode::Live,
    );
    assert_eq!(
        effects.on_effect(&Effect::OpenSettings),
        Step::Feed(Vec::new())
    );
    assert_eq!(effects.on_effect(&Effect::StopAgent), Step::Keep);
}

#[test]
fn the_exit_status_is_0_for_a_result_128_plus_n_for_a_signal_101_for_a_panic_else_1() {
    let result = a_result();
    assert_eq!(Effects::exit_status(Ending::Finished(&result)), 0);
    assert_eq!(Effects::exit_status(Ending::Answered), 0);
    assert_eq!(Effects::exit_status(Ending::Finished(&Effect::Close)), 0);
    assert_eq!(
        Effects::exit_status(Ending::Finished(&Effect::StopAgent)),
        1
    );
    assert_eq!(Effects::exit_status(Ending::Signal(15)), 143);
    assert_eq!(Effects::exit_status(Ending::Signal(1)), 129);
    assert_eq!(Effects::exit_status(Ending::Panicked), 101);
    assert_eq!(Effects::exit_status(Ending::Failed), 1);
}

fn no_settings(dir: &Path) -> Effects {
    Effects::new(
        SettingsFile::read(Some(&dir.join("none.json"))),
        Mode::DryRun,
    )
}

fn image_read(effects: &mut Effects, read: u64) -> Step {
    use pi_agent_ask_core::effect::ImageRead;
    effects.on_effect(&Effect::ReadClipboardImage(ImageRead { read }))
}

#[test]
fn a_dry_run_answers_an_at_reference_with_the_walked_paths_at_once() {
    use pi_agent_ask_core::effect::FileQuery;
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("src")).unwrap();
    let mut effects = no_settings(dir.path()).finding_files_at_once(dir.path());
    let query = FileQuery {
        query: "sr".into(),
        generation: 3,
        root: None,
    };
    assert_eq!(
        effects.on_effect(&Effect::FindFiles(query)),
        Step::Feed(vec![Input::FileCandidates(FileCandidates {
            generation: 3,
            paths: vec!["src/".into()],
            searched: Searched::Whole,
        })])
    );
}

#[test]
fn the_scripted_clipboard_gives_its_image_to_one_read_then_is_empty() {
    let dir = tempfile::tempdir().unwrap();
    let mut effects = no_settings(dir.path()).with_scripted_clipboard();
    effects.stage_clipboard(b"bytes".to_vec());
    let answer = |read, outcome| {
        Step::Feed(vec![Input::ClipboardImage(ClipboardImage {
            read,
            outcome,
        })])
    };
    assert_eq!(
        image_read(&mut effects, 1),
        answer(1, Ok(b"bytes".to_vec()))
    );
    assert_eq!(
        image_read(&mut effects, 2),
        answer(2, Err(ClipboardProblem::Empty))
    );
}

#[test]
fn without_a_clipboard_a_read_finds_it_unavailable() {
    let dir = tempfile::tempdir().unwrap();
    let mut effects = no_settings(dir.path());
    assert_eq!(
        image_read(&mut effects, 1),
        Step::Feed(vec![Input::ClipboardImage(ClipboardImage {
            read: 1,
            outcome: Err(ClipboardProblem::Unavailable),
        })])
    );
}

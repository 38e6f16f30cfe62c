use std::path::Path;
use std::process::Command;

use pi_agent_ask_core::settings::{
    Change, FileState, INVALID_FILE_NOTICE, Toggle, default_document,
};
use serde_json::{Value, json};

use super::SettingsFile;

fn document_at(path: &Path) -> Value {
    let text = std::fs::read_to_string(path).expect("the file is readable");
    serde_json::from_str(&text).expect("the file is JSON")
}

#[test]
fn read_leaves_a_missing_file_missing() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("s.json");
    let file = SettingsFile::read(Some(&path));
    assert_eq!(file.loaded.file, FileState::Missing);
    assert!(!path.exists());
}

#[test]
fn open_creates_a_missing_file_with_the_defaults() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("nested").join("s.json");
    let file = SettingsFile::open(Some(&path));
    assert_eq!(document_at(&path), default_document());
    assert_eq!(file.loaded.file, FileState::Default);
    assert!(file.loaded.notices.is_empty());
    let again = SettingsFile::read(Some(&path));
    assert_eq!(again.loaded.file, FileState::Default);
}

#[test]
fn a_toggle_saves_and_keeps_every_field_the_user_wrote() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("s.json");
    let written = json!({
        "schemaVersion": 3,
        "mine": {"keep": [1, 2]},
        "behaviour": {"presentSingleAsMulti": true, "later": "yes"},
        "notifications": {"channels": ["osc9"]},
    });
    std::fs::write(&path, written.to_string()).unwrap();
    let mut file = SettingsFile::open(Some(&path));
    assert!(
        file.settings().behaviour.present_single_as_multi,
        "migrated"
    );
    assert_eq!(document_at(&path), written, "loading never rewrites");
    file.save(Change::Set(Toggle::Notifications, false))
        .expect("the save succeeds");
    assert_eq!(
        document_at(&path),
        json!({
            "schemaVersion": 5,
            "mine": {"keep": [1, 2]},
            "behaviour": {"presentSingleAsMulti": true, "later": "yes"},
            "notifications": {"channels": ["osc9"], "enabled": false},
        })
    );
    assert!(!file.settings().notifications.enabled);
    assert_eq!(
        SettingsFile::read(Some(&path)).loaded.settings,
        *file.settings()
    );
}

#[test]
fn reset_saves_the_defaults_and_keeps_unknown_fields() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("s.json");
    let written = r#"{"schemaVersion":5,"mine":1,"keymaps":{"main":{"confirm":["nope+x"]}}}"#;
    std::fs::write(&path, written).unwrap();
    let mut file = SettingsFile::open(Some(&path));
    let unknown = "Unknown settings ignored: mine.".to_owned();
    assert_eq!(file.loaded.notices.len(), 2, "{:?}", file.loaded.notices);
    assert!(
        file.loaded.notices[0].starts_with("Invalid keymaps"),
        "keys first"
    );
    assert_eq!(file.loaded.notices[1], unknown);
    file.save(Change::ResetToDefaults).unwrap();
    let saved = document_at(&path);
    assert_eq!(saved["mine"], json!(1));
    assert_eq!(saved["keymaps"], default_document()["keymaps"]);
    assert_eq!(
        file.loaded.notices,
        vec![unknown],
        "the field kept is still unknown"
    );
}

#[test]
fn an_invalid_file_stays_byte_for_byte_the_same_after_a_toggle_attempt() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("s.json");
    let written = b"{ \"schemaVersion\": 5, \"behaviour\": [ \n";
    std::fs::write(&path, written).unwrap();
    let mut file = SettingsFile::open(Some(&path));
    assert_eq!(
        file.loaded.notices,
        vec![
            INVALID_FILE_NOTICE.to_owned(),
            "Why: the file is not JSON (EOF while parsing a list at line 2 column 0).".to_owned()
        ]
    );
    let error = file
        .save(Change::Set(Toggle::ShowFooterHints, false))
        .expect_err("an invalid file is never saved over");
    assert!(error.contains("invalid"), "{error}");
    assert_eq!(std::fs::read(&path).unwrap(), written);
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
}

#[test]
fn a_file_that_is_not_utf8_counts_as_invalid() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("s.json");
    std::fs::write(&path, [0xff, 0xfe, b'{']).unwrap();
    let mut file = SettingsFile::open(Some(&path));
    assert_eq!(file.loaded.file, FileState::Invalid);
    assert_eq!(
        file.loaded.notices[1],
        "Why: the file is not UTF-8 text (byte 1 is not)."
    );
    assert!(file.save(Change::ResetToDefaults).is_err());
    assert_eq!(std::fs::read(&path).unwrap(), [0xff, 0xfe, b'{']);
}

#[test]
fn a_folder_that_cannot_be_created_fails_the_save_naming_the_file_in_its_way_and_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let blocker = dir.path().join("config");
    std::fs::write(&blocker, b"not a folder").unwrap();
    let path = blocker.join("s.json");
    let mut file = SettingsFile::open(Some(&path));
    assert_eq!(file.loaded.file, FileState::Missing);
    let why = format!("({} is a file, not a folder)", blocker.display());
    assert!(
        file.loaded
            .notices
            .iter()
            .any(|notice| notice.starts_with(&format!(
                "Could not create the config file with the defaults {why}"
            ))),
        "the open says it could not create the file: {:?}",
        file.loaded.notices
    );
    let error = file
        .save(Change::Set(Toggle::ShowFooterHints, false))
        .expect_err("a file stands where the folder would be");
    assert!(
        error.starts_with(&format!("Could not save the config file {why}")),
        "{error}"
    );
    assert!(!error.contains("os error"), "{error}");
    assert_eq!(std::fs::read(&blocker).unwrap(), b"not a folder");
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
    assert_eq!(file.loaded.file, FileState::Missing);
}

#[test]
fn a_folder_in_place_of_the_file_counts_as_invalid() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("s.json");
    std::fs::create_dir(&path).unwrap();
    let mut file = SettingsFile::open(Some(&path));
    assert_eq!(file.loaded.file, FileState::Invalid);
    assert!(file.save(Change::ResetToDefaults).is_err());
    assert!(path.is_dir());
}

/// Makes a folder unwritable for the rest of the test: read-only permissions, and for a user
/// who ignores them (root) the immutable attribute. `None` when neither works here.
struct Unwritable<'a> {
    dir: &'a Path,
    immutable: bool,
}

impl<'a> Unwritable<'a> {
    fn new(dir: &'a Path) -> Option<Self> {
        use std::os::unix::fs::PermissionsExt as _;
        std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o555)).ok()?;
        let mut guard = Self {
            dir,
            immutable: false,
        };
        if guard.writable() {
            guard.immutable = Command::new("chattr")
                .arg("+i")
                .arg(dir)
                .status()
                .is_ok_and(|status| status.success());
            if guard.writable() {
                return None;
            }
        }
        Some(guard)
    }

    fn writable(&self) -> bool {
        let probe = self.dir.join(".probe");
        let created = std::fs::write(&probe, b"").is_ok();
        let _ = std::fs::remove_file(&probe);
        created
    }
}

impl Drop for Unwritable<'_> {
    fn drop(&mut self) {
        use std::os::unix::fs::PermissionsExt as _;
        if self.immutable {
            let _ = Command::new("chattr").arg("-i").arg(self.dir).status();
        }
        let _ = std::fs::set_permissions(self.dir, std::fs::Permissions::from_mode(0o755));
    }
}

#[test]
fn saving_in_a_read_only_folder_fails_and_leaves_the_file_unchanged() {
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().join("config");
    std::fs::create_dir(&folder).unwrap();
    let path = folder.join("s.json");
    let mut file = SettingsFile::open(Some(&path));
    let before = std::fs::read(&path).unwrap();
    let Some(_guard) = Unwritable::new(&folder) else {
        eprintln!("this file system cannot make a folder unwritable; skipped");
        return;
    };
    let error = file
        .save(Change::Set(
            Toggle::AutoSubmitWhenAnsweredWithoutNotes,
            true,
        ))
        .expect_err("the folder is read-only");
    assert!(
        error.starts_with("Could not save the config file ("),
        "{error}"
    );
    assert!(
        error.ends_with("Edit it by hand to change settings."),
        "{error}"
    );
    assert_eq!(std::fs::read(&path).unwrap(), before);
    assert!(
        !file
            .settings()
            .behaviour
            .auto_submit_when_answered_without_notes
    );
}

#[test]
fn a_symbolic_link_is_followed_and_kept() {
    let dir = tempfile::tempdir().unwrap();
    let real = dir.path().join("real.json");
    let link = dir.path().join("s.json");
    std::fs::write(&real, default_document().to_string()).unwrap();
    std::os::unix::fs::symlink(&real, &link).unwrap();
    let mut file = SettingsFile::open(Some(&link));
    file.save(Change::Set(Toggle::ShowFooterHints, false))
        .unwrap();
    assert!(link.symlink_metadata().unwrap().file_type().is_symlink());
    assert_eq!(
        document_at(&real)["behaviour"]["showFooterHints"],
        json!(false)
    );
}

#[test]
fn a_save_in_memory_applies_the_change_and_leaves_the_file_alone() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("s.json");
    let written = json!({"schemaVersion": 5, "behaviour": {"showFooterHints": true}});
    std::fs::write(&path, written.to_string()).unwrap();
    let mut file = SettingsFile::read(Some(&path));
    file.save_in_memory(Change::Set(Toggle::Notifications, false))
        .expect("the change applies");
    assert!(!file.settings().notifications.enabled);
    assert_eq!(document_at(&path), written);
}

#[test]
fn a_save_in_memory_refuses_an_invalid_file_as_a_save_does() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("s.json");
    std::fs::write(&path, "{not json").unwrap();
    let mut file = SettingsFile::read(Some(&path));
    let change = Change::Set(Toggle::Notifications, false);
    assert_eq!(
        file.save_in_memory(change),
        SettingsFile::read(Some(&path)).save(change)
    );
    assert!(file.save_in_memory(change).is_err());
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "{not json");
}

#[test]
fn the_given_path_is_shown_as_written() {
    let file = SettingsFile::read(Some(Path::new("fixtures/settings.json")));
    assert_eq!(file.given_path(), "fixtures/settings.json");
    assert!(Path::new(&file.display_path()).is_absolute());
}

#[test]
fn a_fifo_as_the_settings_file_loads_the_defaults_with_the_notice_without_blocking() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("s.json");
    let made = Command::new("mkfifo")
        .arg(&path)
        .status()
        .expect("mkfifo runs");
    assert!(made.success());
    let file = SettingsFile::read(Some(&path));
    assert_eq!(file.loaded.file, FileState::Invalid);
    assert_eq!(
        file.loaded.notices,
        [INVALID_FILE_NOTICE, "Why: it is not a regular file."]
    );
}

#[test]
fn a_device_as_the_settings_file_is_never_read_to_its_end() {
    let file = SettingsFile::read(Some(Path::new("/dev/zero")));
    assert_eq!(file.loaded.file, FileState::Invalid);
    assert_eq!(
        file.loaded.notices,
        [INVALID_FILE_NOTICE, "Why: it is not a regular file."]
    );
}

#[test]
fn a_settings_file_over_a_mebibyte_loads_the_defaults_with_the_notice() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("s.json");
    let padding = " ".repeat(1024 * 1024);
    std::fs::write(&path, format!("{{\"schemaVersion\": 5}}{padding}")).unwrap();
    let file = SettingsFile::read(Some(&path));
    assert_eq!(file.loaded.file, FileState::Invalid);
    assert_eq!(
        file.loaded.notices,
        [INVALID_FILE_NOTICE, "Why: the file is larger than 1 MiB."]
    );
}

#[test]
fn a_settings_file_with_a_byte_order_mark_loads() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("s.json");
    let text = format!(
        "\u{feff}{}",
        json!({"schemaVersion": 5, "behaviour": {"showFooterHints": false}})
    );
    std::fs::write(&path, text).unwrap();
    let file = SettingsFile::read(Some(&path));
    assert!(file.loaded.notices.is_empty(), "{:?}", file.loaded.notices);
    assert!(!file.settings().behaviour.show_footer_hints);
}

#[test]
fn saves_made_at_the_same_time_keep_every_change() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("s.json");
    SettingsFile::open(Some(&path));
    let files: Vec<SettingsFile> = Toggle::ALL
        .iter()
        .map(|_| SettingsFile::read(Some(&path)))
        .collect();
    std::thread::scope(|scope| {
        for (mut file, toggle) in files.into_iter().zip(Toggle::ALL) {
            let on = !toggle.default_on();
            scope.spawn(move || file.save(Change::Set(toggle, on)).expect("saved"));
        }
    });
    let saved = SettingsFile::read(Some(&path));
    for toggle in Toggle::ALL {
        assert_eq!(
            saved.settings().toggle(toggle),
            !toggle.default_on(),
            "{toggle:?} was lost"
        );
    }
}

#[test]
fn a_save_applies_only_its_own_change_to_what_another_program_saved_since() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("s.json");
    let mut mine = SettingsFile::open(Some(&path));
    let mut theirs = SettingsFile::read(Some(&path));
    theirs
        .save(Change::Set(Toggle::ShowFooterHints, false))
        .expect("saved");
    mine.save(Change::Set(Toggle::Notifications, false))
        .expect("saved");
    let saved = SettingsFile::read(Some(&path));
    assert!(!saved.settings().behaviour.show_footer_hints);
    assert!(!saved.settings().notifications.enabled);
    assert_eq!(mine.settings(), saved.settings());
}

#[test]
fn a_read_only_settings_file_refuses_the_save_and_is_left_as_it_was() {
    use std::os::unix::fs::PermissionsExt as _;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("s.json");
    let mut file = SettingsFile::open(Some(&path));
    let before = std::fs::read(&path).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o444)).unwrap();
    let error = file
        .save(Change::Set(Toggle::Notifications, false))
        .expect_err("a read-only file is not replaced");
    assert!(error.contains("Edit it by hand"), "{error}");
    assert_eq!(std::fs::read(&path).unwrap(), before);
    let mode = std::fs::metadata(&path).unwrap().permissions().mode();
    assert_eq!(mode & 0o777, 0o444);
}

#[test]
fn a_dangling_symlink_is_written_through_to_the_file_it_names() {
    let dir = tempfile::tempdir().unwrap();
    let link = dir.path().join("s.json");
    std::os::unix::fs::symlink("real/settings.json", &link).unwrap();
    std::fs::create_dir(dir.path().join("real")).unwrap();
    let mut file = SettingsFile::open(Some(&link));
    file.save(Change::Set(Toggle::Notifications, false))
        .expect("saved");
    assert!(
        std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    let target = document_at(&dir.path().join("real/settings.json"));
    assert_eq!(target["notifications"]["enabled"], false);
}

#[test]
fn a_killed_save_leaves_no_temporary_file_after_the_next_save() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("s.json");
    let mut file = SettingsFile::open(Some(&path));
    let stale = dir.path().join(".s.json.Xy12ab.tmp");
    std::fs::write(&stale, "{").unwrap();
    file.save(Change::Set(Toggle::Notifications, false))
        .expect("saved");
    let names: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names, ["s.json"]);
}

#[test]
fn numbers_and_key_order_the_user_wrote_survive_a_save() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("s.json");
    std::fs::write(
        &path,
        r#"{"zeta": {"big": 123456789012345678901234567890, "e": 1e2, "f": 0.10}, "schemaVersion": 5, "alpha": 1}"#,
    )
    .unwrap();
    let mut file = SettingsFile::open(Some(&path));
    file.save(Change::Set(Toggle::Notifications, false))
        .expect("saved");
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("123456789012345678901234567890"), "{text}");
    assert!(
        text.contains("\"e\": 1e"),
        "written in exponent form still: {text}"
    );
    assert!(text.contains("0.10") && !text.contains("100.0"), "{text}");
    let zeta = text.find("\"zeta\"").unwrap();
    let alpha = text.find("\"alpha\"").unwrap();
    assert!(zeta < alpha, "key order kept: {text}");
}

//! The state folder's place and privacy, and which journal a server takes.

use std::os::unix::fs::PermissionsExt as _;

use super::*;

#[test]
fn the_folder_is_under_an_absolute_xdg_state_home_else_under_home() {
    assert_eq!(
        folder(Some("/state".into()), Some("/home/me".into())).ok(),
        Some(PathBuf::from("/state/pi-agent-ask"))
    );
    assert_eq!(
        folder(Some("relative".into()), Some("/home/me".into())).ok(),
        Some(PathBuf::from("/home/me/.local/state/pi-agent-ask"))
    );
    assert!(matches!(
        folder(None, Some("not/absolute".into())),
        Err(StateDirError::Unknown)
    ));
}

#[test]
fn the_folder_is_made_private_and_a_folder_open_to_others_is_refused() {
    let base = tempfile::tempdir().expect("a folder");
    let folder = base.path().join("state").join(FOLDER);
    make_private(&folder).expect("made");
    let mode = std::fs::metadata(&folder)
        .expect("made")
        .permissions()
        .mode();
    assert_eq!(mode & 0o777, 0o700);
    std::fs::set_permissions(&folder, std::fs::Permissions::from_mode(0o755)).expect("set");
    assert!(matches!(
        make_private(&folder),
        Err(StateDirError::NotPrivate(_))
    ));
}

#[test]
fn a_file_where_the_state_folder_or_its_parent_must_be_is_named_as_no_folder() {
    let base = tempfile::tempdir().expect("a folder");
    let state = base.path().join("state");
    std::fs::write(&state, "a file").expect("written");
    let folder = state.join(FOLDER);
    let error = make_private(&folder).expect_err("a file in the way");
    assert_eq!(
        error.to_string(),
        format!(
            "cannot make the state folder {}: {} is not a folder",
            folder.display(),
            state.display()
        )
    );
    let in_place = base.path().join("other");
    std::fs::write(&in_place, "a file").expect("written");
    assert_eq!(
        make_private(&in_place).map_err(|error| error.to_string()),
        Err(format!(
            "cannot make the state folder {0}: {0} is not a folder",
            in_place.display()
        ))
    );
}

/// A private state folder and a project folder, kept while the value lives.
struct Folders {
    state: tempfile::TempDir,
    project: tempfile::TempDir,
}

impl Folders {
    fn new() -> Self {
        let folders = Self {
            state: tempfile::tempdir().expect("a folder"),
            project: tempfile::tempdir().expect("a folder"),
        };
        make_private(&folders.root()).expect("made");
        folders
    }

    fn root(&self) -> PathBuf {
        self.state.path().join(FOLDER)
    }

    fn journal(&self) -> McpJournal {
        self.journal_of(Agent::with_pid(std::process::id()))
    }

    fn journal_of(&self, agent: Agent) -> McpJournal {
        journal_in(&self.root(), self.project.path(), Some(agent)).expect("a journal")
    }
}

#[test]
fn servers_of_one_directory_running_at_once_keep_journals_of_their_own() {
    let folders = Folders::new();
    let first = folders.journal();
    let second = folders.journal();
    assert_ne!(first.path, second.path);
    assert!(
        second.path.to_string_lossy().ends_with("-2.jsonl"),
        "{second:?}"
    );
    let first_path = first.path.clone();
    drop(first);
    let restarted = folders.journal();
    assert_eq!(
        restarted.path, first_path,
        "a restarted server finds the one before"
    );
}

#[test]
fn a_server_started_just_before_the_one_before_says_it_closes_waits_for_its_journal_too() {
    let folders = Folders::new();
    let closing = folders.journal();
    let first_path = closing.path.clone();
    let closed = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(20));
        closing.mark_closing();
        std::thread::sleep(Duration::from_millis(200));
        drop(closing);
    });
    let next = folders.journal();
    closed.join().expect("closed");
    assert_eq!(next.path, first_path);
}

#[test]
fn a_server_started_while_the_one_before_closes_waits_for_its_journal() {
    let folders = Folders::new();
    let closing = folders.journal();
    let first_path = closing.path.clone();
    closing.mark_closing();
    let closed = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(300));
        drop(closing);
    });
    let next = folders.journal();
    closed.join().expect("closed");
    assert_eq!(next.path, first_path, "not a journal of its own beside it");
    let beside = folders.journal();
    assert!(
        beside.path.to_string_lossy().ends_with("-2.jsonl"),
        "the word of the closed server went with it: {beside:?}"
    );
}

/// An agent that runs until the value is dropped.
struct RunningAgent(std::process::Child);

impl RunningAgent {
    fn start() -> Self {
        Self(
            std::process::Command::new("sleep")
                .arg("60")
                .spawn()
                .expect("sleep runs"),
        )
    }

    fn agent(&self) -> Agent {
        Agent::with_pid(self.0.id())
    }
}

impl Drop for RunningAgent {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

#[test]
fn two_agents_restarting_their_servers_in_the_other_order_each_take_their_own_journal() {
    let folders = Folders::new();
    let (first, second) = (RunningAgent::start(), RunningAgent::start());
    let first_path = folders.journal_of(first.agent()).path;
    let second_path = {
        let _first_running = folders.journal_of(first.agent());
        folders.journal_of(second.agent()).path
    };
    assert_ne!(first_path, second_path);
    let second_again = folders.journal_of(second.agent());
    let first_again = folders.journal_of(first.agent());
    assert_eq!(second_again.path, second_path, "the second agent's own");
    assert_eq!(first_again.path, first_path, "the first agent's own");
}

#[test]
fn a_new_agent_takes_a_journal_left_by_one_gone_but_not_one_of_an_agent_still_running() {
    let folders = Folders::new();
    let (running, gone) = (RunningAgent::start(), RunningAgent::start());
    let running_path = folders.journal_of(running.agent()).path;
    let gone_path = {
        let _running_holds = folders.journal_of(running.agent());
        folders.journal_of(gone.agent()).path
    };
    drop(gone);
    let newcomer = RunningAgent::start();
    let taken = folders.journal_of(newcomer.agent());
    assert_eq!(
        taken.path, gone_path,
        "what the agent gone left is taken up"
    );
    let another = RunningAgent::start();
    let beside = folders.journal_of(another.agent());
    assert!(
        beside.path.to_string_lossy().ends_with("-3.jsonl"),
        "{beside:?}"
    );
    assert_ne!(beside.path, running_path, "not the running agent's journal");
}

#[test]
fn servers_started_one_after_another_by_new_agents_add_no_files() {
    let folders = Folders::new();
    let files = || {
        let mut names: Vec<String> = std::fs::read_dir(folders.root())
            .expect("the folder reads")
            .map(|entry| {
                entry
                    .expect("an entry")
                    .file_name()
                    .to_string_lossy()
                    .into_owned()
            })
            .collect();
        names.sort();
        names
    };
    let first = RunningAgent::start();
    let path = folders.journal_of(first.agent()).path;
    std::fs::write(&path, "").expect("the journal is written");
    drop(first);
    let after_the_first = files();
    for _ in 0..3 {
        let next = RunningAgent::start();
        assert_eq!(
            folders.journal_of(next.agent()).path,
            path,
            "what was left, taken up"
        );
        drop(next);
    }
    assert_eq!(files(), after_the_first);
}

//! Whose a journal of the state folder is: the agent that ran the server keeping it, noted
//! beside it (`<stem>.owner`), so that a server restarted by the same agent takes that agent's
//! journal back, and never another agent's while that agent lives.
//!
//! An agent is the server's parent process (Claude Code, Codex, an editor), named by its
//! process id and, where `/proc` says, the time it started, so a process id used again by
//! another process is not taken for it.

use std::path::Path;

use crate::proc_stat;

/// The process that ran an MCP server: the agent whose forms its journal keeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Agent {
    /// Its process id.
    pid: u32,
    /// When it started, in clock ticks after boot (`/proc/<pid>/stat`), where that can be read.
    started: Option<u64>,
}

/// How a free journal stands to the agent starting a server, best first: a server takes the
/// best it finds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Claim {
    /// The agent's own, from a server it ran before.
    Own,
    /// An agent's that is gone (an agent restarted is a new process), or whose agent was not
    /// noted: what it left is taken up.
    Left,
    /// Never used.
    Fresh,
    /// An agent's that still runs, whose server is down for a moment (the agent restarting
    /// it): taken only when nothing else is free.
    Another,
}

impl Agent {
    /// The agent of this process: its parent, unless the parent is gone (the process was
    /// handed to init, whose forms are nobody's).
    pub fn of_this_process() -> Option<Self> {
        let pid = std::os::unix::process::parent_id();
        (pid > 1).then(|| Self::with_pid(pid))
    }

    /// The agent with process id `pid`, as it runs now.
    pub fn with_pid(pid: u32) -> Self {
        Self {
            pid,
            started: proc_stat::started(pid),
        }
    }

    /// The agent noted in `path`; `None` where nothing (readable) is noted.
    pub fn read(path: &Path) -> Option<Self> {
        let text = std::fs::read_to_string(path).ok()?;
        let mut words = text.split_whitespace();
        let pid = words.next()?.parse().ok()?;
        let started = match words.next()? {
            "-" => None,
            ticks => Some(ticks.parse().ok()?),
        };
        Some(Self { pid, started })
    }

    /// Notes this agent in `path` (0600); a note that cannot be written leaves the journal
    /// unnoted, which the next server takes as left.
    pub fn write(self, path: &Path) {
        use std::io::Write as _;
        use std::os::unix::fs::OpenOptionsExt as _;
        let started = self
            .started
            .map_or_else(|| "-".to_owned(), |ticks| ticks.to_string());
        let written = std::fs::OpenOptions::new()
            .create(true)
            .write(true)
            .truncate(true)
            .mode(0o600)
            .open(path)
            .and_then(|mut file| writeln!(file, "{} {started}", self.pid));
        if written.is_err() {
            let _ = std::fs::remove_file(path);
        }
    }

    /// Whether this agent still runs: its process id is in use, by the process that started
    /// when it did where that is known.
    fn runs(self) -> bool {
        proc_stat::runs(self.pid, self.started)
    }

    /// How a free journal noted as `owner`'s (`None`: not noted), whose file is there or not
    /// (`used`), stands to this agent (`None`: an agent unknown).
    pub fn claim(this: Option<Self>, owner: Option<Self>, used: bool) -> Claim {
        match owner {
            Some(owner) if Some(owner) == this => Claim::Own,
            Some(owner) if owner.runs() => Claim::Another,
            Some(_) => Claim::Left,
            None if used => Claim::Left,
            None => Claim::Fresh,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_agent_reads_back_as_it_was_noted() {
        let folder = tempfile::tempdir().expect("a folder");
        let path = folder.path().join("x.owner");
        let agent = Agent::with_pid(std::process::id());
        agent.write(&path);
        assert_eq!(Agent::read(&path), Some(agent));
        std::fs::write(&path, "12 -\n").expect("written");
        assert_eq!(
            Agent::read(&path),
            Some(Agent {
                pid: 12,
                started: None
            })
        );
        std::fs::write(&path, "twelve\n").expect("written");
        assert_eq!(Agent::read(&path), None);
    }

    #[test]
    fn a_journal_is_its_agents_own_another_running_agents_or_left_by_one_gone() {
        let this = Agent::with_pid(std::process::id());
        let mut child = std::process::Command::new("sleep")
            .arg("30")
            .spawn()
            .expect("sleep runs");
        let other = Agent::with_pid(child.id());
        assert_eq!(Agent::claim(Some(this), Some(this), true), Claim::Own);
        assert_eq!(Agent::claim(Some(this), Some(other), true), Claim::Another);
        assert_eq!(Agent::claim(None, Some(other), true), Claim::Another);
        let _ = child.kill();
        let _ = child.wait();
        assert_eq!(Agent::claim(Some(this), Some(other), true), Claim::Left);
        assert_eq!(Agent::claim(Some(this), None, true), Claim::Left);
        assert_eq!(Agent::claim(Some(this), None, false), Claim::Fresh);
    }

    #[test]
    fn a_process_id_used_again_is_not_the_agent_noted() {
        let this = Agent::with_pid(std::process::id());
        if this.started.is_none() {
            return;
        }
        let earlier = Agent {
            started: this.started.map(|ticks| ticks.saturating_sub(1)),
            ..this
        };
        assert!(!earlier.runs());
        assert!(this.runs());
    }
}

//! A process's line of `/proc/<pid>/stat`, read for its parent and its start time. The
//! command's name comes second, in parentheses, and may hold spaces and parentheses itself, so
//! the fields are counted after its last `)`.

/// The fields of a process's `/proc/<pid>/stat` after its command's name, the state first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProcStat {
    after_name: String,
}

impl ProcStat {
    /// Process `pid`'s fields; `None` where `/proc` does not say.
    pub fn read(pid: u32) -> Option<Self> {
        let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
        Self::parse(&stat)
    }

    /// The fields of `stat`, the text of a `/proc/<pid>/stat`.
    fn parse(stat: &str) -> Option<Self> {
        let (_, after_name) = stat.rsplit_once(')')?;
        Some(Self {
            after_name: after_name.to_owned(),
        })
    }

    /// Field `number` as `proc(5)` counts them (1 the pid, 2 the name, 3 the state).
    fn field<T: std::str::FromStr>(&self, number: usize) -> Option<T> {
        self.after_name
            .split_whitespace()
            .nth(number.checked_sub(3)?)?
            .parse()
            .ok()
    }

    /// The parent's process id (field 4).
    pub fn parent(&self) -> Option<u32> {
        self.field(4)
    }

    /// When the process started, in clock ticks after boot (field 22).
    pub fn started(&self) -> Option<u64> {
        self.field(22)
    }
}

/// When process `pid` started, in clock ticks after boot; `None` where `/proc` does not say.
pub fn started(pid: u32) -> Option<u64> {
    ProcStat::read(pid)?.started()
}

/// Whether process `pid` runs, and is the one that started at `started` (clock ticks after
/// boot) where that is known: a process id in use again is another process.
pub fn runs(pid: u32, started: Option<u64>) -> bool {
    match started {
        Some(ticks) => self::started(pid) == Some(ticks),
        None => rustix::process::Pid::from_raw(pid.cast_signed())
            .is_some_and(|pid| rustix::process::test_kill_process(pid).is_ok()),
    }
}

#[cfg(test)]
mod tests {
    use super::ProcStat;

    #[test]
    fn the_fields_are_counted_past_a_name_holding_spaces_and_parentheses() {
        let line = "42 (my (odd) name) S 7 42 42 0 -1 4194560 1 2 3 4 5 6 7 8 20 0 1 0 987654 1 2";
        let stat = ProcStat::parse(line).expect("a stat line");
        assert_eq!(stat.parent(), Some(7));
        assert_eq!(stat.started(), Some(987_654));
        assert_eq!(
            ProcStat::parse("42 (sh) S").and_then(|stat| stat.parent()),
            None
        );
        assert_eq!(ProcStat::parse("no name"), None);
    }

    #[test]
    fn this_process_reads_its_parent() {
        let stat = ProcStat::read(std::process::id()).expect("/proc says");
        let parent =
            rustix::process::getppid().map(|pid| pid.as_raw_nonzero().get().unsigned_abs());
        assert_eq!(stat.parent(), parent);
        assert!(stat.started().is_some());
    }
}

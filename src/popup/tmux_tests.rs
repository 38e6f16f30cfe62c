//! The tmux host's detection against a server's canned answers, and the lines it runs.

use std::path::PathBuf;

use super::*;

#[test]
fn versions_read_as_tmux_and_its_version_format_print_them() {
    let release = |major, minor| Some(Version::Release { major, minor });
    assert_eq!(parse_version("tmux 3.3a\n"), release(3, 3));
    assert_eq!(parse_version("tmux 3.2"), release(3, 2));
    assert_eq!(parse_version("tmux 3.2-rc3"), release(3, 2));
    assert_eq!(parse_version("tmux next-3.6"), release(3, 6));
    assert_eq!(parse_version("tmux 2.9a"), release(2, 9));
    assert_eq!(parse_version("tmux 3.10"), release(3, 10));
    assert_eq!(parse_version("tmux master"), Some(Version::Development));
    assert_eq!(parse_version("tmux openbsd-7.4"), None);
    assert_eq!(parse_version("screen 4.9"), None);
    assert_eq!(parse_version_word("3.3a"), release(3, 3));
    assert_eq!(parse_version_word("next-3.6\n"), release(3, 6));
    assert_eq!(parse_version_word("master"), Some(Version::Development));
    assert_eq!(parse_version_word(""), None);
    assert!(release(3, 10) > release(3, 2));
    assert!(Some(Version::Development) > release(9, 9));
}

fn env(pairs: &[(&str, &str)]) -> Environment {
    Environment::from_pairs(pairs.iter().copied())
}

/// A server at version `version` (as `#{version}` prints it; empty for a server too old
/// to know the format, whose `tmux -V` then says `tmux 3.1c`), with these clients
/// attached, and the pane `%3` in `cwd`. It answers only the probes this module makes.
fn server_in(
    version: &'static str,
    clients: &'static str,
    cwd: &'static str,
) -> impl Fn(&CommandLine) -> Result<String, String> {
    move |line: &CommandLine| {
        let args = line.arg_texts();
        match args.iter().map(String::as_str).collect::<Vec<_>>()[..] {
            ["-V"] if version.is_empty() => Ok("tmux 3.1c\n".to_owned()),
            [
                "-S",
                "/tmp/tmux-1/default",
                "list-clients",
                "-t",
                pane,
                "-F",
                CLIENT_FORMAT,
                ";",
                "display-message",
                "-p",
                "-t",
                same,
                PANE_FORMAT,
            ] if pane == same => Ok(if pane == "%3" {
                format!("{clients}%3\t{version}\t{cwd}\n")
            } else {
                // An unknown pane: as tmux does, the line of the pane it falls back on.
                format!("{clients}%3\t{version}\t/\n")
            }),
            _ => Err(format!("unexpected {args:?}")),
        }
    }
}

/// [`server_in`] with the pane in `/home/me/project`.
fn server(
    version: &'static str,
    clients: &'static str,
) -> impl Fn(&CommandLine) -> Result<String, String> {
    server_in(version, clients, "/home/me/project")
}

const IN_TMUX: [(&str, &str); 2] = [("TMUX", "/tmp/tmux-1/default,4242,1"), ("TMUX_PANE", "%3")];

#[test]
fn outside_tmux_it_is_absent_and_without_a_pane_unusable() {
    let probe = server("3.3a", "");
    assert_eq!(Tmux::detect(&env(&[]), &probe), Err(Skip::Absent));
    let no_pane = Tmux::detect(&env(&IN_TMUX[..1]), &probe);
    assert!(matches!(no_pane, Err(Skip::Unusable(why)) if why.contains("TMUX_PANE")));
}

#[test]
fn an_old_tmux_or_no_attached_client_is_unusable_with_the_reason() {
    let old = Tmux::detect(&env(&IN_TMUX), &server("3.1c", "1\t0\t/dev/pts/1\n"));
    assert!(matches!(old, Err(Skip::Unusable(why)) if why.contains("3.1 is older than 3.2")));
    let older = Tmux::detect(&env(&IN_TMUX), &server("", "1\t0\t/dev/pts/1\n"));
    assert!(
        matches!(older, Err(Skip::Unusable(why)) if why.contains("3.1 is older than 3.2")),
        "a server that does not know #{{version}} is asked with tmux -V"
    );
    let elsewhere = [IN_TMUX[0], ("TMUX_PANE", "%30")];
    let unknown = Tmux::detect(&env(&elsewhere), &server("3.3a", "1\t0\t/dev/pts/1\n"));
    assert!(
        matches!(unknown, Err(Skip::Unusable(why)) if why.contains("pane %30 is not known")),
        "the line of another pane, whose id %30 starts with, is not the caller's"
    );
    let detached = Tmux::detect(&env(&IN_TMUX), &server("3.3a", ""));
    assert_eq!(
        detached,
        Err(Skip::Unwatched(
            "tmux: no client is attached to the session".to_owned()
        )),
        "a session nobody is attached to may be attached to again"
    );
    let read_only = Tmux::detect(&env(&IN_TMUX), &server("3.3a", "9\t1\t/dev/pts/1\n"));
    assert_eq!(
        read_only,
        Err(Skip::Unwatched(
            "tmux: every attached client is read-only".to_owned()
        )),
        "a client that can answer may still attach"
    );
}

#[test]
fn the_popup_opens_on_the_most_recently_active_client_in_the_panes_directory() {
    let clients = "100\t0\t/dev/pts/1\n300\t1\t/dev/pts/9\n200\t0\t/dev/pts/4\n";
    let tmux = Tmux::detect(&env(&IN_TMUX), &server("3.3a", clients)).expect("usable");
    let launch = Launch {
        program: ["/usr/bin/pi-agent-ask", "popup-form", "/run/user/1/p x"]
            .map(OsString::from)
            .into(),
        env: vec![("PI_AGENT_ASK_POPUP".to_owned(), OsString::from("1"))],
        cwd: Some(PathBuf::from("/elsewhere")),
        title: "pi-agent-ask".to_owned(),
    };
    assert_eq!(
        tmux.launch(&launch).arg_texts(),
        [
            "-S",
            "/tmp/tmux-1/default",
            "display-popup",
            "-E",
            "-w",
            "90%",
            "-h",
            "90%",
            "-c",
            "/dev/pts/4",
            "-t",
            "%3",
            "-d",
            "/home/me/project",
            "-T",
            " pi-agent-ask ",
            "-e",
            "PI_AGENT_ASK_POPUP=1",
            "/usr/bin/pi-agent-ask",
            "popup-form",
            "/run/user/1/p x",
        ]
    );
    assert_eq!(
        tmux.close().arg_texts(),
        [
            "-S",
            "/tmp/tmux-1/default",
            "display-popup",
            "-C",
            "-c",
            "/dev/pts/4"
        ]
    );
    let older = Tmux::detect(&env(&IN_TMUX), &server("3.2a", clients)).expect("usable");
    assert_eq!(
        older.launch(&launch).arg_texts()[14..],
        [
            "exec 'env' 'PI_AGENT_ASK_POPUP=1' '/usr/bin/pi-agent-ask' 'popup-form' '/run/user/1/p x'"
        ],
        "tmux 3.2 takes neither a title nor variables: a shell sets them"
    );
}

#[test]
fn arguments_that_end_in_a_semicolon_and_a_directory_with_formats_reach_the_popup_whole() {
    let clients = "1\t0\t/dev/pts/4\n";
    let tmux =
        Tmux::detect(&env(&IN_TMUX), &server_in("3.4", clients, "/src/#{x}a;")).expect("usable");
    let launch = Launch {
        program: ["/bin/pi-agent-ask;", "popup-form", "/tmp/d\\;"]
            .map(OsString::from)
            .into(),
        env: vec![("NO_COLOR".to_owned(), OsString::from("yes;"))],
        ..Launch::sample()
    };
    let args = tmux.launch(&launch).arg_texts();
    assert_eq!(
        args[13], "/src/##{x}a\\;",
        "tmux reads `\\;` at an argument's end as `;`, and the directory as a format"
    );
    assert_eq!(
        args[16..],
        [
            "-e",
            "NO_COLOR=yes\\;",
            "/bin/pi-agent-ask\\;",
            "popup-form",
            "/tmp/d\\\\;"
        ]
    );
}

#[test]
fn one_run_of_tmux_finds_the_client_the_version_and_a_directory_of_any_characters() {
    let runs = std::rc::Rc::new(std::cell::Cell::new(0));
    let answer = server_in("3.4", "7\t0\t/dev/pts/2\n", "/home/me/a\tb\nc");
    let counted = {
        let runs = runs.clone();
        move |line: &CommandLine| {
            runs.set(runs.get() + 1);
            answer(line)
        }
    };
    let tmux = Tmux::detect(&env(&IN_TMUX), &counted).expect("usable");
    assert_eq!(
        runs.get(),
        1,
        "tmux -V is not run when the server names its version"
    );
    assert_eq!(tmux.client, "/dev/pts/2");
    assert_eq!(tmux.cwd.as_deref(), Some("/home/me/a\tb\nc"));
    assert_eq!(tmux.version, Some(Version::Release { major: 3, minor: 4 }));
}

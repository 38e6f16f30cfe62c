//! "Question waiting" notifications: best effort, in the configured order, never in the way.
//!
//! The terminal channels (the bell, OSC 9, OSC 777) go out on the open session's own
//! descriptor right after its next frame (the terminal's outbox), so announcing a form
//! as it opens costs neither a thread nor another open of the terminal; with no session open
//! they are written to `/dev/tty` at once. The other channels (a command, the desktop) run on a
//! background thread, so a slow desktop service or a hanging command can neither delay nor
//! fail the ask. Nothing goes to standard output; payload text is sanitized first so it cannot
//! carry escape sequences of its own.

use std::fs::OpenOptions;
use std::io::Write as _;
use std::process::{Command, Stdio};

use pi_agent_ask_core::settings::{Channel, Notification, Notifications};
use pi_agent_ask_core::text::sanitize_line;

use crate::terminal::outbox;

/// Runs every configured channel once; returns at once. Does nothing when notifications are
/// off.
pub fn announce(settings: &Notifications, notification: &Notification) {
    if !settings.enabled {
        return;
    }
    let notification = Notification {
        title: sanitize_line(&notification.title).into_owned(),
        message: sanitize_line(&notification.message).into_owned(),
    };
    let mut on_terminal = Vec::new();
    let mut elsewhere = Vec::new();
    for channel in &settings.channels {
        match terminal_bytes(channel, &notification) {
            Some(bytes) => on_terminal.extend_from_slice(&bytes),
            None => elsewhere.push(channel.clone()),
        }
    }
    if !on_terminal.is_empty()
        && let Err(bytes) = outbox::queue(&on_terminal)
    {
        write_tty(&bytes);
    }
    if elsewhere.is_empty() {
        return;
    }
    let _ = std::thread::Builder::new()
        .name("notify".into())
        .spawn(move || {
            for channel in &elsewhere {
                deliver(channel, &notification);
            }
        });
}

/// What a terminal channel writes to the terminal; `None` for the other channels.
fn terminal_bytes(channel: &Channel, notification: &Notification) -> Option<Vec<u8>> {
    match channel {
        Channel::Bell => Some(b"\x07".to_vec()),
        Channel::Osc9 => Some(format!("\x1b]9;{}\x07", notification.message).into_bytes()),
        Channel::Osc777 => Some(
            format!(
                "\x1b]777;notify;{};{}\x07",
                notification.title, notification.message
            )
            .into_bytes(),
        ),
        Channel::Command { .. } | Channel::Desktop => None,
    }
}

/// Delivers one channel that is not the terminal's; every failure is ignored, by design.
fn deliver(channel: &Channel, notification: &Notification) {
    match channel {
        Channel::Command { command } => run_command(command, notification),
        Channel::Desktop => desktop(notification),
        Channel::Bell | Channel::Osc9 | Channel::Osc777 => {}
    }
}

fn write_tty(bytes: &[u8]) {
    if let Ok(mut tty) = OpenOptions::new().write(true).open("/dev/tty") {
        let _ = tty.write_all(bytes).and_then(|()| tty.flush());
    }
}

/// Runs the command through the shell with the notification in its environment, detached from
/// the terminal's input and output; it is reaped on this background thread.
fn run_command(command: &str, notification: &Notification) {
    let child = Command::new("sh")
        .arg("-c")
        .arg(command)
        .env("ASK_NOTIFY_EVENT", Notification::EVENT)
        .env("ASK_NOTIFY_TITLE", &notification.title)
        .env("ASK_NOTIFY_MESSAGE", &notification.message)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn();
    if let Ok(mut child) = child {
        let _ = child.wait();
    }
}

#[cfg(any(target_os = "linux", target_os = "macos", target_os = "freebsd"))]
fn desktop(notification: &Notification) {
    let _ = notify_rust::Notification::new()
        .summary(&notification.title)
        .body(&notification.message)
        .show();
}

#[cfg(not(any(target_os = "linux", target_os = "macos", target_os = "freebsd")))]
fn desktop(_notification: &Notification) {}

#[cfg(test)]
mod tests {
    use std::time::{Duration, Instant};

    use super::*;

    #[test]
    fn command_channel_receives_the_notification_in_its_environment() {
        let folder =
            std::env::temp_dir().join(format!("pi-agent-ask-notify-{}", std::process::id()));
        std::fs::create_dir_all(&folder).unwrap();
        let record = folder.join("env.txt");
        let command = format!(
            "printf '%s|%s|%s' \"$ASK_NOTIFY_EVENT\" \"$ASK_NOTIFY_TITLE\" \"$ASK_NOTIFY_MESSAGE\" > {}",
            record.display()
        );
        let settings = Notifications {
            enabled: true,
            channels: vec![Channel::Command { command }],
        };
        announce(
            &settings,
            &Notification::question_waiting("Runtime\x1b[31m"),
        );
        let deadline = Instant::now() + Duration::from_secs(5);
        let mut text = String::new();
        while Instant::now() < deadline {
            text = std::fs::read_to_string(&record).unwrap_or_default();
            if !text.is_empty() {
                break;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = std::fs::remove_dir_all(&folder);
        assert_eq!(
            text,
            "question.waiting|pi-agent-ask|Question waiting: Runtime\u{241b}[31m"
        );
    }

    #[test]
    fn a_hanging_command_does_not_delay_the_caller() {
        let settings = Notifications {
            enabled: true,
            channels: vec![Channel::Command {
                command: "sleep 5".into(),
            }],
        };
        let started = Instant::now();
        announce(&settings, &Notification::question_waiting("x"));
        assert!(started.elapsed() < Duration::from_secs(1));
    }
}

//! "Question waiting" notifications: best effort, in the configured order, never in the way.
//!
//! Every channel runs on a background thread, so a slow desktop service or a hanging command
//! can neither delay nor fail the ask. Terminal channels write to `/dev/tty`, never to standard
//! output; payload text is sanitized first so it cannot carry escape sequences of its own.

use std::fs::OpenOptions;
use std::io::Write as _;
use std::process::{Command, Stdio};

use pi_agent_ask_core::settings::{Channel, Notification, Notifications};
use pi_agent_ask_core::text::sanitize_line;

/// Runs every configured channel once, on a background thread; returns at once. Does nothing
/// when notifications are off.
pub fn announce(settings: &Notifications, notification: &Notification) {
    if !settings.enabled {
        return;
    }
    let channels = settings.channels.clone();
    let notification = Notification {
        title: sanitize_line(&notification.title).into_owned(),
        message: sanitize_line(&notification.message).into_owned(),
    };
    let _ = std::thread::Builder::new()
        .name("notify".into())
        .spawn(move || {
            for channel in &channels {
                deliver(channel, &notification);
            }
        });
}

/// Delivers one channel; every failure is ignored, by design.
fn deliver(channel: &Channel, notification: &Notification) {
    match channel {
        Channel::Bell => write_tty(b"\x07"),
        Channel::Osc9 => write_tty(format!("\x1b]9;{}\x07", notification.message).as_bytes()),
        Channel::Osc777 => write_tty(
            format!(
                "\x1b]777;notify;{};{}\x07",
                notification.title, notification.message
            )
            .as_bytes(),
        ),
        Channel::Command { command } => run_command(command, notification),
        Channel::Desktop => desktop(notification),
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

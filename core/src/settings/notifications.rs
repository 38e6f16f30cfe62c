//! Notification settings: whether to announce a waiting question, and through which channels.

use serde_json::{Value, json};
use unicode_segmentation::UnicodeSegmentation as _;

use super::Toggle;
use crate::text::ELLIPSIS;

/// One way to tell the user a question is waiting.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Channel {
    /// The terminal bell (`BEL`).
    Bell,
    /// An OSC 9 desktop notification (`iTerm2`, `WezTerm`, Windows Terminal, …).
    Osc9,
    /// An OSC 777 desktop notification (rxvt-unicode, foot, Ghostty, …).
    Osc777,
    /// A shell command, run with `ASK_NOTIFY_EVENT`, `ASK_NOTIFY_TITLE` and
    /// `ASK_NOTIFY_MESSAGE` in its environment.
    Command {
        /// The command line, run by the user's shell.
        command: String,
    },
    /// The desktop's own notification service.
    Desktop,
}

impl Channel {
    /// Reads one channel entry; `None` for an entry that is not a valid channel (it is skipped).
    pub fn from_json(entry: &Value) -> Option<Self> {
        match entry {
            Value::String(name) => match name.as_str() {
                "bell" => Some(Self::Bell),
                "osc9" => Some(Self::Osc9),
                "osc777" => Some(Self::Osc777),
                "desktop" => Some(Self::Desktop),
                _ => None,
            },
            Value::Object(object) => match object.get("type").and_then(Value::as_str) {
                Some("command") => object
                    .get("command")
                    .and_then(Value::as_str)
                    .filter(|command| !command.trim().is_empty())
                    .map(|command| Self::Command {
                        command: command.to_owned(),
                    }),
                Some("desktop") => Some(Self::Desktop),
                _ => None,
            },
            _ => None,
        }
    }

    /// The entry as the settings file writes it.
    pub fn to_json(&self) -> Value {
        match self {
            Self::Bell => json!("bell"),
            Self::Osc9 => json!("osc9"),
            Self::Osc777 => json!("osc777"),
            Self::Desktop => json!("desktop"),
            Self::Command { command } => json!({"type": "command", "command": command}),
        }
    }
}

/// The notifications section.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notifications {
    /// Whether to notify at all.
    pub enabled: bool,
    /// The channels, in the order they run; never empty.
    pub channels: Vec<Channel>,
}

impl Default for Notifications {
    fn default() -> Self {
        Self {
            enabled: Toggle::Notifications.default_on(),
            channels: vec![Channel::Bell],
        }
    }
}

impl Notifications {
    /// Reads the channel list: invalid entries are skipped, and no valid entry means `bell`.
    pub fn channels_from_json(entries: Option<&Value>) -> Vec<Channel> {
        let channels: Vec<Channel> = entries
            .and_then(Value::as_array)
            .map(|entries| entries.iter().filter_map(Channel::from_json).collect())
            .unwrap_or_default();
        if channels.is_empty() {
            vec![Channel::Bell]
        } else {
            channels
        }
    }
}

/// The notification a waiting flow announces.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notification {
    /// Always `pi-agent-ask`.
    pub title: String,
    /// `Question waiting: <label or prompt>`, at most [`Notification::MAX_CHARS`] characters.
    pub message: String,
}

impl Notification {
    /// The event name command channels receive in `ASK_NOTIFY_EVENT`.
    pub const EVENT: &'static str = "question.waiting";

    /// The most characters a title or a message has. A notification is a glance, and every
    /// channel carries it somewhere small: an OSC sequence a terminal parses, a desktop bubble,
    /// or a command's environment, where one variable over 128 KiB makes the command fail to
    /// start at all.
    pub const MAX_CHARS: usize = 200;

    /// The notification for a flow whose first question has this label, or this prompt when
    /// the label is only the `Q<n>` fallback. A notification is one line: every run of white
    /// space in the subject (line breaks and tabs too) becomes one space. Its title and message
    /// are capped (see [`Notification::new`]).
    pub fn question_waiting(subject: &str) -> Self {
        let subject = subject.split_whitespace().collect::<Vec<_>>().join(" ");
        Self::new("pi-agent-ask", &format!("Question waiting: {subject}"))
    }

    /// A notification of this title and message, each cut to [`Notification::MAX_CHARS`]
    /// characters, ending with `…` where something was cut off, so every channel gets the same
    /// short text.
    pub fn new(title: &str, message: &str) -> Self {
        Self {
            title: capped(title),
            message: capped(message),
        }
    }
}

/// `text` cut between grapheme clusters to at most [`Notification::MAX_CHARS`] characters, the
/// last of them [`ELLIPSIS`] when something was cut off.
fn capped(text: &str) -> String {
    if text.chars().count() <= Notification::MAX_CHARS {
        return text.to_owned();
    }
    let room = Notification::MAX_CHARS - ELLIPSIS.chars().count();
    let mut kept = String::new();
    let mut count = 0;
    for grapheme in text.graphemes(true) {
        count += grapheme.chars().count();
        if count > room {
            break;
        }
        kept.push_str(grapheme);
    }
    kept.push_str(ELLIPSIS);
    kept
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notification_text_is_compacted_and_capped() {
        let label = format!("Pick\n\tone {}", "x".repeat(300_000));
        let notification = Notification::question_waiting(&label);
        assert_eq!(
            notification.message.chars().count(),
            Notification::MAX_CHARS
        );
        assert!(
            notification
                .message
                .starts_with("Question waiting: Pick one xxx")
        );
        assert!(notification.message.ends_with("x…"));
        assert_eq!(notification.title, "pi-agent-ask");
        let long_title = Notification::new(&"t".repeat(1000), "m");
        assert_eq!(long_title.title.chars().count(), Notification::MAX_CHARS);
        assert_eq!(long_title.message, "m");
    }

    #[test]
    fn notification_text_that_fits_is_kept_whole() {
        let subject = "é".repeat(Notification::MAX_CHARS - "Question waiting: ".len());
        let notification = Notification::question_waiting(&subject);
        assert_eq!(notification.message, format!("Question waiting: {subject}"));
    }

    #[test]
    fn notification_text_is_cut_between_characters_never_inside_one() {
        let subject = "e\u{301}".repeat(300);
        let message = Notification::question_waiting(&subject).message;
        assert!(message.chars().count() <= Notification::MAX_CHARS);
        let body = message
            .strip_prefix("Question waiting: ")
            .and_then(|rest| rest.strip_suffix('…'))
            .expect("the prefix and the ellipsis");
        assert!(!body.is_empty());
        assert_eq!(body.replace("e\u{301}", ""), "");
    }
}

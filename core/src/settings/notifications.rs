//! Notification settings: whether to announce a waiting question, and through which channels.

use serde_json::{Value, json};

use super::Toggle;

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
    /// `Question waiting: <label or prompt>`.
    pub message: String,
}

impl Notification {
    /// The event name command channels receive in `ASK_NOTIFY_EVENT`.
    pub const EVENT: &'static str = "question.waiting";

    /// The notification for a flow whose first question has this label, or this prompt when
    /// the label is only the `Q<n>` fallback. A notification is one line: every run of white
    /// space in the subject (line breaks and tabs too) becomes one space.
    pub fn question_waiting(subject: &str) -> Self {
        let subject = subject.split_whitespace().collect::<Vec<_>>().join(" ");
        Self {
            title: "pi-agent-ask".to_owned(),
            message: format!("Question waiting: {subject}"),
        }
    }
}

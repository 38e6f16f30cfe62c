//! What reaches an answer inbox from the askers: an ask arriving, or its asker going away.
//!
//! Plain data, as every input is: the program reads the sockets and parses the calls; the
//! inbox surface (`crate::inbox`) decides what the person sees.

use crate::contract::Call;
use crate::contract::answers::Draft;
use crate::settings::Settings;

/// Which ask an arrival, a withdrawal or a reply is about: the asker's request id, so an
/// asker that reconnects with the same id finds its form again.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct AskId(pub String);

/// Where an ask came from, as its label shows it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct AskOrigin {
    /// The program that asked (the asker's parent process, such as an agent).
    pub program: String,
    /// The working directory the asker ran in.
    pub cwd: String,
}

/// One ask that came in: the validated call and the settings that shape its form.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Arrival {
    /// The ask's id.
    pub ask: AskId,
    /// Where it came from.
    pub origin: AskOrigin,
    /// The call to ask.
    pub call: Call,
    /// The asker's settings (behaviour, keymaps, notifications).
    pub settings: Settings,
    /// Notices about those settings (an invalid settings file), shown on the form.
    pub notices: Vec<String>,
    /// What the form opens with (an interrupted ask resumed), one draft per question; a form
    /// opened with drafts counts as started, so it is set aside if its asker goes away.
    pub drafts: Option<Vec<Draft>>,
    /// How many more forms its asker holds back behind this one (an MCP server's queue, which
    /// sends the inbox one form at a time), counted among those waiting.
    pub behind: usize,
    /// The asker's process, when it said: the next ask of an asker that holds asks back
    /// comes by it to the place its last one left.
    pub process: Option<u32>,
    /// Whether the asker keeps what the form holds as the person works on it
    /// ([`Effect::Hold`](crate::effect::Effect::Hold)), so an inbox killed without a word
    /// still leaves it what was typed.
    pub holds: bool,
}

/// An event from the askers of an inbox.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InboxEvent {
    /// An ask arrived and waits its turn.
    Arrived(Box<Arrival>),
    /// The asker of this ask went away: its form is withdrawn.
    Withdrawn(AskId),
    /// The asker of this ask is being ended from outside and takes back what its form holds
    /// ([`Effect::HandBack`](crate::effect::Effect::HandBack)); the form is withdrawn.
    Recalled(AskId),
    /// The asker of this ask now holds back this many more forms behind it.
    Behind {
        /// The ask.
        ask: AskId,
        /// How many forms its asker holds back.
        count: usize,
    },
}

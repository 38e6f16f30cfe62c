//! The active branch: the chain from the session's last entry (or the entry a host names as
//! its leaf) up through `parentId`, root first. Entries of abandoned branches are not on it, so
//! nothing read from it leaks across.

use std::collections::{HashMap, HashSet};

use super::entry::{Entry, EntryKind, Session, ToolCall};

/// The entries of one branch, root first.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Branch<'a> {
    entries: Vec<&'a Entry>,
}

impl Session {
    /// The branch ending in the last entry of the file. A `parentId` naming no entry, or a
    /// loop, ends the chain there.
    pub fn active_branch(&self) -> Branch<'_> {
        self.branch_from(self.entries.last())
    }

    /// The branch ending in the entry `leaf`: the one that was active when a host loaded the
    /// file, whatever was appended since. `None` when no entry has that id.
    pub fn branch_to(&self, leaf: &str) -> Option<Branch<'_>> {
        let last = self.entries.iter().rev().find(|entry| entry.id == leaf)?;
        Some(self.branch_from(Some(last)))
    }

    fn branch_from<'a>(&'a self, last: Option<&'a Entry>) -> Branch<'a> {
        let by_id: HashMap<&str, &Entry> = self
            .entries
            .iter()
            .map(|entry| (entry.id.as_str(), entry))
            .collect();
        let mut entries = Vec::new();
        let mut seen = HashSet::new();
        let mut next = last;
        while let Some(entry) = next {
            if !seen.insert(entry.id.as_str()) {
                break;
            }
            entries.push(entry);
            next = entry
                .parent_id
                .as_deref()
                .and_then(|parent| by_id.get(parent).copied());
        }
        entries.reverse();
        Branch { entries }
    }
}

impl<'a> Branch<'a> {
    /// The entries, root first.
    pub fn entries(&self) -> &[&'a Entry] {
        &self.entries
    }

    /// The data of the custom entries of `custom_type`, oldest first.
    pub fn custom(&self, custom_type: &'a str) -> impl Iterator<Item = &'a serde_json::Value> {
        self.entries
            .iter()
            .filter_map(move |entry| match &entry.kind {
                EntryKind::Custom {
                    custom_type: found,
                    data,
                } if found == custom_type => Some(data),
                _ => None,
            })
    }

    /// Every tool call on the branch, oldest first, with the id of the entry holding it.
    pub fn tool_calls(&self) -> impl Iterator<Item = (&'a str, &'a ToolCall)> {
        self.entries.iter().flat_map(|entry| {
            let calls: &'a [ToolCall] = match &entry.kind {
                EntryKind::Assistant(calls) => calls,
                _ => &[],
            };
            calls.iter().map(move |call| (entry.id.as_str(), call))
        })
    }

    /// Whether a tool result for `tool_call_id` is on the branch.
    pub fn has_tool_result(&self, tool_call_id: &str) -> bool {
        self.entries.iter().any(|entry| {
            matches!(&entry.kind, EntryKind::ToolResult { tool_call_id: id } if id == tool_call_id)
        })
    }

    /// The id of the entry holding the tool call `tool_call_id`, if it is on the branch.
    pub fn entry_of_tool_call(&self, tool_call_id: &str) -> Option<&'a str> {
        self.tool_calls()
            .find(|(_, call)| call.id == tool_call_id)
            .map(|(entry, _)| entry)
    }
}

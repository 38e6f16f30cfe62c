//! A session read back from its end, a line at a time, as far as a question needs: the entry
//! an append follows, and the entry holding a tool call, which a host writes just before it
//! runs the tool. An ask then costs what the end of its session holds, however long the
//! session has grown, and finds what [`Session::parse`] and [`Session::active_branch`] find in
//! the whole text of a session written by appending (each entry after the one it follows).
//!
//! [`Session::parse`]: super::Session::parse
//! [`Session::active_branch`]: super::Session::active_branch

use serde_json::Value;

use super::entry::{EntryKind, entry};

/// The id of the last entry, given the session's lines last first: what an appended entry
/// follows.
pub fn last_entry_id<S: AsRef<str>>(
    lines_last_first: impl IntoIterator<Item = S>,
) -> Option<String> {
    lines_last_first.into_iter().find_map(|line| {
        let object: Value = serde_json::from_str(line.as_ref()).ok()?;
        if object["type"] == "session" {
            return None;
        }
        object["id"].as_str().map(str::to_owned)
    })
}

/// The id of the entry holding the tool call `tool_call_id` on the active branch, given the
/// session's lines last first: the branch is walked up from the last entry through each
/// `parentId`, reading no line before the entry found. `None` when the branch has no such call
/// (then every line was read).
pub fn entry_of_tool_call<S: AsRef<str>>(
    lines_last_first: impl IntoIterator<Item = S>,
    tool_call_id: &str,
) -> Option<String> {
    // The entry the branch goes on with: the first met is the last entry of the file.
    let mut wanted: Option<String> = None;
    for line in lines_last_first {
        let line = line.as_ref();
        if line.trim().is_empty() {
            continue;
        }
        let Ok(object @ Value::Object(_)) = serde_json::from_str::<Value>(line) else {
            continue;
        };
        if object["type"] == "session" {
            continue;
        }
        let Some(found) = entry(&object) else {
            continue;
        };
        if wanted.as_ref().is_some_and(|id| *id != found.id) {
            continue;
        }
        if let EntryKind::Assistant(calls) = &found.kind
            && calls.iter().any(|call| call.id == tool_call_id)
        {
            return Some(found.id);
        }
        wanted = Some(found.parent_id?);
    }
    None
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;
    use serde_json::json;

    use super::{entry_of_tool_call, last_entry_id};
    use crate::journal::Session;

    /// One line of a generated session: an entry following an earlier one (by index), a
    /// line that is no entry, or a blank line.
    #[derive(Clone, Debug)]
    enum Line {
        Assistant { parent: usize, calls: usize },
        ToolResult { parent: usize },
        Custom { parent: usize },
        Root,
        Broken,
        Blank,
    }

    fn line() -> impl Strategy<Value = Line> {
        prop_oneof![
            4 => (any::<usize>(), 0..3_usize).prop_map(|(parent, calls)| Line::Assistant { parent, calls }),
            2 => any::<usize>().prop_map(|parent| Line::ToolResult { parent }),
            4 => any::<usize>().prop_map(|parent| Line::Custom { parent }),
            1 => Just(Line::Root),
            1 => Just(Line::Broken),
            1 => Just(Line::Blank),
        ]
    }

    /// The session's text (each entry after the one it follows, which is mostly the one just
    /// before it, sometimes one further back: a branch) and its tool call ids.
    fn session(lines: &[Line], branch_often: bool) -> (String, Vec<String>) {
        let mut text = String::from("{\"type\":\"session\",\"id\":\"s\"}\n");
        let mut ids: Vec<String> = Vec::new();
        let mut calls = Vec::new();
        let parent_of = |ids: &[String], parent: usize| {
            let last = ids.len().checked_sub(1)?;
            let back = if branch_often || parent % 8 == 7 {
                parent % (last + 1)
            } else {
                0
            };
            ids.get(last - back.min(last)).cloned()
        };
        for (index, line) in lines.iter().enumerate() {
            let id = format!("e{index}");
            let object = match line {
                Line::Assistant {
                    parent,
                    calls: count,
                } => {
                    let blocks: Vec<_> = (0..*count)
                        .map(|n| {
                            let call = format!("call-{index}-{n}");
                            calls.push(call.clone());
                            json!({"type": "toolCall", "id": call, "name": "ask_user", "arguments": {}})
                        })
                        .chain([json!({"type": "text", "text": "call-0-0"})])
                        .collect();
                    json!({"type": "message", "id": id, "parentId": parent_of(&ids, *parent),
                           "message": {"role": "assistant", "content": blocks}})
                }
                Line::ToolResult { parent } => json!({"type": "message", "id": id,
                    "parentId": parent_of(&ids, *parent),
                    "message": {"role": "toolResult", "toolCallId": calls.last()}}),
                Line::Custom { parent } => json!({"type": "custom", "customType": "ask:drafts",
                    "id": id, "parentId": parent_of(&ids, *parent), "data": {}}),
                Line::Root => json!({"type": "custom", "id": id, "parentId": null}),
                Line::Broken => {
                    text.push_str("{\"broken\n");
                    continue;
                }
                Line::Blank => {
                    text.push_str("  \n");
                    continue;
                }
            };
            ids.push(id);
            text.push_str(&object.to_string());
            text.push('\n');
        }
        calls.push("call-nowhere".to_owned());
        (text, calls)
    }

    proptest! {
        #[test]
        fn walking_back_from_the_end_finds_the_tool_call_the_whole_session_does(
            lines in proptest::collection::vec(line(), 0..40),
            branch_often in any::<bool>(),
        ) {
            let (text, calls) = session(&lines, branch_often);
            let whole = Session::parse(&text);
            let branch = whole.active_branch();
            for call in &calls {
                prop_assert_eq!(
                    entry_of_tool_call(text.lines().rev(), call),
                    branch.entry_of_tool_call(call).map(str::to_owned),
                    "{}", call
                );
            }
            prop_assert_eq!(last_entry_id(text.lines().rev()), whole.last_id().map(str::to_owned));
        }
    }

    #[test]
    fn the_walk_reads_no_line_before_the_entry_holding_the_call() {
        let text = [
            "{\"type\":\"session\",\"id\":\"s\"}",
            "this line is never read",
            "{\"type\":\"message\",\"id\":\"a\",\"parentId\":null,\"message\":{\"role\":\"assistant\",\"content\":[{\"type\":\"toolCall\",\"id\":\"c1\",\"name\":\"ask_user\",\"arguments\":{}}]}}",
            "{\"type\":\"custom\",\"customType\":\"ask:payload\",\"id\":\"p\",\"parentId\":\"a\",\"data\":{}}",
        ];
        let mut read = 0;
        let found = entry_of_tool_call(text.iter().rev().inspect(|_| read += 1), "c1");
        assert_eq!(found.as_deref(), Some("a"));
        assert_eq!(read, 2);
    }
}

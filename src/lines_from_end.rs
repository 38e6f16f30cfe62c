//! A file's lines, last first, read back from its end a stretch at a time: what a session's
//! end answers (the entry an append follows, a tool call the host has just written) costs
//! what the lines read hold, never the whole file.

use std::fs::File;
use std::io::{Read as _, Seek as _, SeekFrom};

/// The first stretch read; each next one is twice as wide, so a long line costs reads in
/// proportion to its length.
const FIRST_STRETCH: u64 = 64 * 1024;

/// The lines of a file, last first, without their line breaks (`\n` or `\r\n`), as
/// [`str::lines`] gives them in reverse; bytes that are not UTF-8 read as U+FFFD. A file
/// ending in a line break ends in an empty line, which comes first.
pub struct LinesFromEnd<'f> {
    file: &'f mut File,
    /// Where the bytes held start in the file.
    start: u64,
    /// The bytes from `start` up to the line last given, that line's break excluded.
    held: Vec<u8>,
    stretch: u64,
    done: bool,
}

impl<'f> LinesFromEnd<'f> {
    /// The lines of `file` as it is now; lines appended later are not read.
    pub fn new(file: &'f mut File) -> std::io::Result<Self> {
        let length = file.metadata()?.len();
        Ok(Self {
            file,
            start: length,
            held: Vec::new(),
            stretch: FIRST_STRETCH,
            done: false,
        })
    }

    /// Reads the stretch before the bytes held.
    fn read_before(&mut self) -> std::io::Result<()> {
        let from = self.start.saturating_sub(self.stretch);
        self.file.seek(SeekFrom::Start(from))?;
        let mut bytes = vec![0; usize::try_from(self.start - from).unwrap_or(usize::MAX)];
        self.file.read_exact(&mut bytes)?;
        bytes.extend_from_slice(&self.held);
        self.held = bytes;
        self.start = from;
        self.stretch = self.stretch.saturating_mul(2);
        Ok(())
    }
}

impl Iterator for LinesFromEnd<'_> {
    type Item = std::io::Result<String>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        loop {
            if let Some(at) = self.held.iter().rposition(|&byte| byte == b'\n') {
                let line = self.held.split_off(at + 1);
                self.held.truncate(at);
                return Some(Ok(text_of(&line)));
            }
            if self.start == 0 {
                self.done = true;
                return Some(Ok(text_of(&std::mem::take(&mut self.held))));
            }
            if let Err(error) = self.read_before() {
                self.done = true;
                return Some(Err(error));
            }
        }
    }
}

fn text_of(line: &[u8]) -> String {
    let line = line.strip_suffix(b"\r").unwrap_or(line);
    String::from_utf8_lossy(line).into_owned()
}

#[cfg(test)]
mod tests {
    use std::fs::File;

    use rstest::rstest;

    use super::LinesFromEnd;

    fn lines_from_end(text: &str) -> Vec<String> {
        let dir = tempfile::tempdir().expect("a folder");
        let path = dir.path().join("file");
        std::fs::write(&path, text).expect("written");
        let mut file = File::open(&path).expect("opened");
        LinesFromEnd::new(&mut file)
            .expect("sized")
            .collect::<Result<_, _>>()
            .expect("read")
    }

    #[rstest]
    #[case::empty("")]
    #[case::one_line("a")]
    #[case::one_line_ended("a\n")]
    #[case::crlf("a\r\nb\r\n")]
    #[case::blank_lines("\n\na\n\n")]
    #[case::lines_longer_than_a_stretch(&format!("{}\nb\n{}\n", "x".repeat(200_000), "y".repeat(70_000)))]
    #[case::a_break_on_a_stretch_boundary(&format!("{}\n{}", "x".repeat(64 * 1024 - 1), "z".repeat(64 * 1024)))]
    fn the_lines_are_those_of_the_whole_text_in_reverse(#[case] text: &str) {
        let mut whole: Vec<String> = text.lines().map(str::to_owned).collect();
        // `lines` gives no empty line after a final break; reading back from the end meets it
        // first, and the session's readers skip blank lines alike.
        if text.ends_with('\n') || text.is_empty() {
            whole.push(String::new());
        }
        whole.reverse();
        assert_eq!(lines_from_end(text), whole);
    }

    #[test]
    fn bytes_that_are_not_utf8_read_as_the_replacement_character() {
        let dir = tempfile::tempdir().expect("a folder");
        let path = dir.path().join("file");
        std::fs::write(&path, b"a\xff\nb").expect("written");
        let mut file = File::open(&path).expect("opened");
        let lines: Vec<String> = LinesFromEnd::new(&mut file)
            .expect("sized")
            .collect::<Result<_, _>>()
            .expect("read");
        assert_eq!(lines, ["b", "a\u{fffd}"]);
    }
}

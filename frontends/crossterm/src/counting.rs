//! A writer that counts the bytes sent through it, to measure what a redraw costs.

use std::io::{self, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

/// A shared count of bytes written; clones see the same count.
#[derive(Clone, Debug, Default)]
pub struct ByteCount(Arc<AtomicU64>);

impl ByteCount {
    /// The number of bytes written so far.
    pub fn get(&self) -> u64 {
        self.0.load(Ordering::Relaxed)
    }

    fn add(&self, bytes: usize) {
        self.0.fetch_add(bytes as u64, Ordering::Relaxed);
    }
}

/// Wraps a writer and counts every byte it accepts.
#[derive(Debug)]
pub struct CountingWriter<W> {
    inner: W,
    count: ByteCount,
}

impl<W: Write> CountingWriter<W> {
    /// Wraps `inner`, starting from zero.
    pub fn new(inner: W) -> Self {
        Self {
            inner,
            count: ByteCount::default(),
        }
    }

    /// Wraps `inner`, adding to an existing count.
    pub fn with_counter(inner: W, count: ByteCount) -> Self {
        Self { inner, count }
    }

    /// The bytes written so far.
    pub fn bytes_written(&self) -> u64 {
        self.count.get()
    }

    /// A handle on the count that stays readable after the writer moves into a backend.
    pub fn counter(&self) -> ByteCount {
        self.count.clone()
    }

    /// The wrapped writer.
    pub fn get_ref(&self) -> &W {
        &self.inner
    }
}

impl<W: Write> Write for CountingWriter<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let written = self.inner.write(buf)?;
        self.count.add(written);
        Ok(written)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

#[cfg(test)]
mod tests {
    use pi_agent_ask_core::draw::{DrawCmd, Frame, Pos, Role, Size, Style};

    use super::*;
    use crate::lean::{LeanBackend, ScreenSize};
    use crate::painter::{Painter, Viewport};
    use crate::theme::Theme;

    #[test]
    fn counts_every_accepted_byte() {
        let mut writer = CountingWriter::new(Vec::new());
        let counter = writer.counter();
        writer.write_all(b"hello").unwrap();
        write!(writer, " {}", 42).unwrap();
        assert_eq!(writer.bytes_written(), 8);
        assert_eq!(counter.get(), 8);
        assert_eq!(writer.get_ref(), b"hello 42");
    }

    /// A 120×40 list whose selection marker sits on `selected`.
    fn list_frame(selected: u16) -> Frame {
        let size = Size::new(120, 40);
        let mut cmds = vec![DrawCmd::text(
            Pos::new(0, 0),
            "Which option?",
            Style::new(Role::Accent).bold(),
        )];
        for row in 0..30 {
            let chosen = row == selected;
            cmds.push(DrawCmd::text(
                Pos::new(0, row + 2),
                format!(
                    "{} {}. Option number {row}",
                    if chosen { '›' } else { ' ' },
                    row + 1
                ),
                Style::new(if chosen { Role::Selected } else { Role::Text }),
            ));
        }
        Frame::new(size, cmds)
    }

    #[test]
    fn a_small_change_writes_few_bytes() {
        let writer = CountingWriter::new(Vec::new());
        let counter = writer.counter();
        let screen = ScreenSize::Fixed(ratatui::layout::Size::new(120, 40));
        let mut painter = Painter::new(LeanBackend::new(writer, screen), Viewport::Fullscreen)
            .expect("a painter");
        let theme = Theme::colored();

        painter.draw(&theme, |_| list_frame(0)).unwrap();
        let first = counter.get();
        painter.draw(&theme, |_| list_frame(1)).unwrap();
        let second = counter.get() - first;

        eprintln!("first frame: {first} bytes, one move down: {second} bytes");
        let written = painter.target().writer().get_ref();
        assert_eq!(counter.get(), written.len() as u64, "every byte is counted");
        let shown = String::from_utf8_lossy(written);
        assert!(
            shown.contains("Option number 29"),
            "the first frame paints everything"
        );
        assert!(second < 80, "one move down rewrote {second} bytes");
    }
}

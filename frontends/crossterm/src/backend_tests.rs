//! The lean backend: the modes leave with the next write, cursor position reports are read
//! apart from typed keys, a huge screen is capped, and input/output errors mean the terminal
//! is gone.

use std::os::fd::OwnedFd;
use std::os::unix::net::UnixStream;
use std::sync::atomic::{AtomicUsize, Ordering};

use super::*;

/// How often [`count_entered`] ran.
static ENTERED: AtomicUsize = AtomicUsize::new(0);

fn count_entered() {
    ENTERED.fetch_add(1, Ordering::SeqCst);
}

#[test]
fn the_modes_leave_at_the_head_of_the_next_write_and_are_noted_once_as_it_is_made() {
    let (ours, theirs) = UnixStream::pair().expect("a socket pair");
    theirs.set_nonblocking(true).expect("non-blocking");
    let tty = Arc::new(File::from(OwnedFd::from(ours)));
    let mut backend = TtyBackend::new(
        &tty,
        ByteCount::default(),
        TypedAhead::default(),
        CursorReports::default(),
    );
    backend.enter_with(b"<modes>", count_entered);
    let mut received = [0; 64];
    assert_eq!(
        (&theirs).read(&mut received).map_err(|error| error.kind()),
        Err(ErrorKind::WouldBlock),
        "nothing is written before the next write"
    );
    assert_eq!(ENTERED.load(Ordering::SeqCst), 0);
    backend.write_now(b"<frame>").expect("written");
    assert_eq!(ENTERED.load(Ordering::SeqCst), 1);
    let read = (&theirs).read(&mut received).expect("read");
    assert_eq!(&received[..read], b"<modes><frame>");
    backend.write_now(b"<bell>").expect("written");
    assert_eq!(ENTERED.load(Ordering::SeqCst), 1, "noted once");
}

#[test]
fn a_report_gives_a_zero_based_position() {
    assert_eq!(
        parse_cursor_report(b"\x1b[12;5R"),
        Some(Position::new(4, 11))
    );
}

#[test]
fn bytes_before_the_report_are_skipped() {
    assert_eq!(
        parse_cursor_report(b"ab\x1b[A\x1b[1;1R"),
        Some(Position::new(0, 0))
    );
}

#[test]
fn input_output_errors_mean_the_terminal_is_gone() {
    let gone = io::Error::from_raw_os_error(Errno::IO.raw_os_error());
    assert!(is_gone(&gone));
    let lost = io::Error::from_raw_os_error(Errno::NXIO.raw_os_error());
    assert!(is_gone(&lost));
    assert!(!is_gone(&io::Error::from(ErrorKind::WouldBlock)));
    assert!(!is_gone(&io::Error::other("something else")));
}

#[test]
fn a_huge_screen_is_drawn_in_a_capped_area() {
    assert_eq!(
        capped(Size::new(65535, 65535)),
        Size::new(MAX_SCREEN_SIDE, MAX_SCREEN_SIDE)
    );
    assert_eq!(capped(Size::new(80, 5000)), Size::new(80, MAX_SCREEN_SIDE));
    assert_eq!(capped(Size::new(120, 40)), Size::new(120, 40));
}

#[test]
fn keys_typed_around_a_report_are_told_apart_from_it() {
    let bytes = b"ab\x1b[3;7Rc";
    let (position, report) = find_cursor_report(bytes).unwrap();
    assert_eq!(position, Position::new(6, 2));
    assert_eq!(&bytes[..report.start], b"ab");
    assert_eq!(&bytes[report.end..], b"c");
}

#[test]
fn an_incomplete_report_is_not_a_position() {
    assert_eq!(parse_cursor_report(b""), None);
    assert_eq!(parse_cursor_report(b"\x1b[12;5"), None);
    assert_eq!(parse_cursor_report(b"\x1b[12R"), None);
    assert_eq!(parse_cursor_report(b"R"), None);
}

//! The signal watch's recording, taking and release, on a watch of its own.

use super::*;

/// A watch of its own, with no handler registered: the process-wide one stays untouched.
fn unregistered_watch() -> SignalWatch {
    let (wake, waker) = crate::wake::wake_pipe().expect("a pipe");
    SignalWatch {
        ending: AtomicUsize::new(0),
        suspend: AtomicBool::new(false),
        continued: AtomicBool::new(false),
        resized: AtomicBool::new(false),
        hung_up: AtomicBool::new(false),
        ended: AtomicBool::new(false),
        shared: Arc::new(Handled {
            idle: AtomicBool::new(true),
            hangup_idle: AtomicBool::new(true),
            stopping: AtomicBool::new(false),
            arrived: AtomicU64::new(0),
            waker,
        }),
        wake,
    }
}

#[test]
fn after_a_run_a_signal_ended_later_signals_stay_recorded() {
    let watch = unregistered_watch();
    watch.capture();
    watch.release();
    assert!(watch.shared.idle.load(Ordering::SeqCst), "default again");
    assert!(watch.shared.hangup_idle.load(Ordering::SeqCst));
    watch.capture();
    watch.ending.store(signal_index(SIGTERM), Ordering::SeqCst);
    assert!(matches!(
        watch.take(),
        Some(Request::End(Signal::Terminate))
    ));
    watch.release();
    assert!(!watch.shared.idle.load(Ordering::SeqCst), "still recorded");
    assert!(!watch.shared.hangup_idle.load(Ordering::SeqCst));
    watch.capture();
    watch.release();
    assert!(
        watch.shared.idle.load(Ordering::SeqCst),
        "a new run starts afresh"
    );
}

#[test]
fn every_ending_signal_is_found_by_its_number() {
    for signal in Signal::ALL {
        assert_eq!(
            Signal::from_number(signal_index(signal.number())),
            Some(signal)
        );
    }
    assert_eq!(Signal::from_number(0), None);
    assert_eq!(Signal::from_number(signal_index(SIGTSTP)), None);
    assert_eq!(Signal::from_number(signal_index(SIGWINCH)), None);
}

#[test]
fn every_watched_signal_has_a_bit_of_its_own() {
    let mut seen = 0_u64;
    for number in watched_signals() {
        let bit = signal_bit(number);
        assert_ne!(bit, 0, "signal {number}");
        assert_eq!(seen & bit, 0, "signal {number}");
        seen |= bit;
    }
}

#[test]
fn signal_numbers_are_the_platform_ones() {
    assert_eq!(Signal::Interrupt.number(), SIGINT);
    assert_eq!(Signal::Terminate.number(), SIGTERM);
    assert_eq!(Signal::Hangup.number(), SIGHUP);
    assert_eq!(Signal::Quit.number(), SIGQUIT);
    assert_eq!(Signal::User1.number(), SIGUSR1);
    assert_eq!(Signal::VirtualAlarm.number(), SIGVTALRM);
}

#[test]
fn through_a_stop_the_ending_signals_stay_recorded_and_sigtstp_alone_stops() {
    let watch = unregistered_watch();
    watch.capture();
    watch.hold_through_stop();
    watch.release();
    assert!(
        !watch.shared.idle.load(Ordering::SeqCst),
        "recorded through the stop"
    );
    // SIGTERM taken as the process continues: its handler records it.
    watch
        .shared
        .arrived
        .fetch_or(signal_bit(SIGTERM), Ordering::SeqCst);
    assert!(watch.ending_recorded(), "the signal taken is recorded");
    watch.capture();
    assert!(
        matches!(watch.take(), Some(Request::End(Signal::Terminate))),
        "taking the session up again keeps it"
    );
    watch.capture();
    assert!(watch.take().is_none(), "a new session starts afresh");
}

/// Records `number` as its handler would, without the pipe.
fn arrives(watch: &SignalWatch, number: i32) {
    watch
        .shared
        .arrived
        .fetch_or(signal_bit(number), Ordering::SeqCst);
}

#[test]
fn a_sigcont_from_elsewhere_asks_to_take_the_terminal_back_before_a_resize() {
    let watch = unregistered_watch();
    watch.capture();
    arrives(&watch, SIGWINCH);
    arrives(&watch, SIGCONT);
    watch.drain();
    assert_eq!(watch.take(), Some(Request::TakeBack));
    assert_eq!(watch.take(), Some(Request::Resize));
    assert_eq!(watch.take(), None);
}

#[test]
fn the_sigcont_that_ends_the_sessions_own_stop_is_not_taken_for_one_from_elsewhere() {
    let watch = unregistered_watch();
    watch.capture();
    watch.hold_through_stop();
    watch.release();
    arrives(&watch, SIGCONT);
    assert!(!watch.ending_recorded(), "continuing ends nothing");
    arrives(&watch, SIGCONT);
    watch.capture();
    assert_eq!(
        watch.take(),
        None,
        "the session took its terminal back itself"
    );
}

#[test]
fn sigcont_is_recorded_even_with_no_session_open_and_never_acted_on_by_default() {
    let watch = unregistered_watch();
    assert!(watch.shared.idle.load(Ordering::SeqCst), "no session open");
    watch.shared.handle(SIGCONT);
    assert_ne!(
        watch.shared.arrived.load(Ordering::SeqCst) & signal_bit(SIGCONT),
        0
    );
    watch.capture();
    assert_eq!(watch.take(), None, "a new session forgets it");
}

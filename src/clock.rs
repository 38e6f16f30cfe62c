//! The wall clock, formatted the way events carry time: RFC 3339 UTC with milliseconds.

use std::time::SystemTime;

/// The current time, e.g. `2025-01-31T09:05:00.123Z`.
pub fn now_utc() -> String {
    humantime::format_rfc3339_millis(SystemTime::now()).to_string()
}

#[cfg(test)]
mod tests {
    use std::time::{Duration, UNIX_EPOCH};

    #[test]
    fn event_times_are_rfc3339_utc_with_milliseconds() {
        let time = UNIX_EPOCH + Duration::from_millis(951_782_400_123);
        assert_eq!(
            humantime::format_rfc3339_millis(time).to_string(),
            "2000-02-29T00:00:00.123Z"
        );
        let now = super::now_utc();
        assert_eq!(now.len(), "2000-02-29T00:00:00.123Z".len());
        assert!(now.ends_with('Z'));
    }
}

//! Handing the heap's free memory back to the system.
//!
//! A long-lived process (the inbox) that held a big form grows its heap to fit it; once the
//! form leaves, its memory is free but glibc keeps most of it mapped, so the process's resident
//! size stays at the form's peak for as long as it runs. `malloc_trim` gives every free page
//! back (the top of the heap and the free pages inside it).

/// Gives the heap's free pages back to the system, where the C library can (glibc on Linux);
/// elsewhere it does nothing. It walks the heap, a few milliseconds for tens of megabytes: call
/// it when much was freed (a form that left), not per keystroke.
pub fn give_back_free_memory() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        // SAFETY: `malloc_trim` takes no pointer and only releases memory no allocation holds;
        // glibc locks its arenas while it does.
        #[allow(
            unsafe_code,
            reason = "a call into the C library's allocator, which has no safe binding"
        )]
        unsafe {
            libc::malloc_trim(0);
        }
    }
}

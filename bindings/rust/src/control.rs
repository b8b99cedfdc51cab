//! The control block of long calls: cancel from any thread, read progress.

use std::sync::atomic::{AtomicI32, AtomicU64, Ordering};

use crate::sys;

/// `meeple_control_t` with atomic fields, so that one thread may run a long call
/// (`poker::equity`, `Game::run_random_games`) while others cancel it or read its
/// progress through a shared reference.
///
/// A control block is for one call at a time. Set it up with `Control::new()` (or
/// `reset` after a call): a block whose cancel flag is still set stops the next call
/// at once.
#[repr(C)]
#[derive(Debug)]
pub struct Control {
    struct_size: u32,
    cancel: AtomicI32,
    progress: AtomicU64,
    total: AtomicU64,
}

// The layout must be the header's, field for field.
const _: () = assert!(std::mem::size_of::<Control>() == std::mem::size_of::<sys::meeple_control_t>());
const _: () = assert!(std::mem::align_of::<Control>() == std::mem::align_of::<sys::meeple_control_t>());

impl Control {
    pub fn new() -> Control {
        Control {
            struct_size: std::mem::size_of::<sys::meeple_control_t>() as u32,
            cancel: AtomicI32::new(0),
            progress: AtomicU64::new(0),
            total: AtomicU64::new(0),
        }
    }

    /// Asks the running call to stop; it returns `Error::Cancelled` within a few
    /// milliseconds, leaving its outputs as they were.
    pub fn cancel(&self) {
        self.cancel.store(1, Ordering::SeqCst);
    }

    pub fn is_cancelled(&self) -> bool {
        self.cancel.load(Ordering::SeqCst) != 0
    }

    /// Work done so far, in the call's units (equity: boards or trials; random games:
    /// games finished).
    pub fn progress(&self) -> u64 {
        self.progress.load(Ordering::Relaxed)
    }

    /// The call's total work, set when it starts (0 when unknown).
    pub fn total(&self) -> u64 {
        self.total.load(Ordering::Relaxed)
    }

    /// Clears the cancel flag and the counters for the next call.
    pub fn reset(&self) {
        self.cancel.store(0, Ordering::SeqCst);
        self.progress.store(0, Ordering::Relaxed);
        self.total.store(0, Ordering::Relaxed);
    }

    /// The pointer the library takes. It writes `progress` and `total` only, both
    /// atomics, so writing through a shared reference is sound.
    pub(crate) fn as_ptr(&self) -> *mut sys::meeple_control_t {
        self as *const Control as *mut sys::meeple_control_t
    }
}

impl Default for Control {
    fn default() -> Control {
        Control::new()
    }
}

//! Ctrl-C in long native calls: a call that runs with the GIL released asks
//! an [`Interrupt`] now and then whether to stop; every [`Interrupt::EVERY`]
//! the question re-attaches to Python and runs its signal handlers
//! (`check_signals`). A handler's exception (`KeyboardInterrupt` for
//! Ctrl-C) stops the call, which then raises it.

use pyo3::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// A pending-signal check shared by one call (and the native code it runs).
pub struct Interrupt {
    /// When the signal handlers are next run.
    next: Mutex<Instant>,
    /// A handler raised: stop.
    raised: AtomicBool,
    /// What it raised, for the call to raise.
    error: Mutex<Option<PyErr>>,
}

impl Interrupt {
    /// How often the signal handlers are run: a call notices Ctrl-C within
    /// about this long (plus the time of one unit of its work).
    pub const EVERY: Duration = Duration::from_millis(50);

    /// A check whose first look at the signals comes after [`Self::EVERY`].
    pub fn new() -> Interrupt {
        Interrupt {
            next: Mutex::new(Instant::now() + Self::EVERY),
            raised: AtomicBool::new(false),
            error: Mutex::new(None),
        }
    }

    /// Whether to stop: true once a signal handler raised. Cheap between
    /// looks (a clock read); a look attaches to Python, so call it from the
    /// thread that made the call (Python runs handlers on the main thread
    /// only: on another thread it never stops).
    pub fn poll(&self) -> bool {
        if self.raised.load(Ordering::Relaxed) {
            return true;
        }
        let now = Instant::now();
        {
            let mut next = self.next.lock().unwrap_or_else(|e| e.into_inner());
            if now < *next {
                return false;
            }
            *next = now + Self::EVERY;
        }
        match Python::attach(|py| py.check_signals()) {
            Ok(()) => false,
            Err(e) => {
                self.stop_with(e);
                true
            }
        }
    }

    /// Stops with `error` (a Python player's `KeyboardInterrupt`): the
    /// first one is kept.
    pub fn stop_with(&self, error: PyErr) {
        let mut slot = self.error.lock().unwrap_or_else(|e| e.into_inner());
        slot.get_or_insert(error);
        self.raised.store(true, Ordering::Relaxed);
    }

    /// The exception to raise, if a handler raised one.
    pub fn take_error(&self) -> Option<PyErr> {
        self.error.lock().unwrap_or_else(|e| e.into_inner()).take()
    }

    /// `Ok(value)`, or the exception a handler raised meanwhile.
    pub fn finish<T>(&self, value: T) -> PyResult<T> {
        match self.take_error() {
            Some(e) => Err(e),
            None => Ok(value),
        }
    }
}

//! One call at a time per object: a native value behind a lock that is never
//! waited on. A call that finds it held (another thread while a native call
//! runs without the GIL, or a callback re-entering the call that holds it)
//! gets `BusyError` at once and changes nothing.

use crate::errors::busy;
use pyo3::prelude::*;
use std::sync::{Mutex, MutexGuard, TryLockError};

/// `T`, used by one call at a time.
pub struct InUse<T> {
    value: Mutex<T>,
    /// The call holding it, for the message ("run_random is running").
    user: Mutex<&'static str>,
    /// What it is and what to do instead, for the message.
    what: &'static str,
    own: &'static str,
}

impl<T> InUse<T> {
    /// `value`, named `what` ("this SelfPlay") in messages, which suggest
    /// `own` ("a SelfPlay of its own per thread") instead.
    pub fn new(value: T, what: &'static str, own: &'static str) -> InUse<T> {
        InUse {
            value: Mutex::new(value),
            user: Mutex::new(""),
            what,
            own,
        }
    }

    /// The value, for the call `doing`; `BusyError` if a call holds it. A
    /// lock poisoned by a panic is taken anyway: the value is changed only
    /// by whole steps, so it is as the last finished step left it.
    pub fn lock(&self, doing: &'static str) -> PyResult<MutexGuard<'_, T>> {
        let guard = match self.value.try_lock() {
            Ok(g) => g,
            Err(TryLockError::Poisoned(p)) => p.into_inner(),
            Err(TryLockError::WouldBlock) => {
                let user = *self.user.lock().unwrap_or_else(|e| e.into_inner());
                return Err(busy(
                    self.what,
                    Some(user).filter(|u| !u.is_empty()),
                    self.own,
                ));
            }
        };
        *self.user.lock().unwrap_or_else(|e| e.into_inner()) = doing;
        Ok(guard)
    }
}

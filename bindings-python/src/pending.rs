//! A scripted variant's hook exception, kept until the game call that
//! asked raises it: a hook's exception cannot cross the Rust rules code it
//! is called from (see `scripted`). A leaf, so that every game call can
//! check it without importing the scripting layer.

use pyo3::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, PoisonError};

/// The first exception a hook raised and no board has raised yet.
static PENDING: Mutex<Option<PyErr>> = Mutex::new(None);
/// Whether `PENDING` holds one: read by every push, so that the common case
/// costs a load instead of a lock.
static ANY_PENDING: AtomicBool = AtomicBool::new(false);

/// Keeps `err` to be raised by the board that called the hook (the first
/// one kept wins: later ones are consequences of it).
pub fn stash(err: PyErr) {
    let mut pending = PENDING.lock().unwrap_or_else(PoisonError::into_inner);
    if pending.is_none() {
        *pending = Some(err);
        ANY_PENDING.store(true, Ordering::Release);
    }
}

/// Whether a hook's exception waits to be raised.
#[inline]
pub fn is_pending() -> bool {
    ANY_PENDING.load(Ordering::Acquire)
}

/// Raises the exception a hook raised, if one waits.
#[inline]
pub fn raise_pending() -> PyResult<()> {
    if !is_pending() {
        return Ok(());
    }
    let mut pending = PENDING.lock().unwrap_or_else(PoisonError::into_inner);
    ANY_PENDING.store(false, Ordering::Release);
    match pending.take() {
        Some(err) => Err(err),
        None => Ok(()),
    }
}

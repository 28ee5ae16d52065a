//! One call at a time per object: a native value behind a lock that is never
//! waited on. A call that finds it held (another thread while a native call
//! runs without the GIL, or a callback re-entering the call that holds it)
//! gets `BusyError` at once and changes nothing.
//!
//! [`InUse`] is that lock for the frozen classes (players, `SelfPlay`, the
//! mate solver). The game classes (`Game` and its subclasses, `Record`)
//! keep pyo3's borrow flag, and their methods take [`Read`] (the games:
//! `game::GameRef`/`GameMut`, built on [`read`] and [`write`]) as receiver
//! instead of `&self`/`&mut self`: the same borrow, refused with
//! `BusyError` rather than pyo3's bare `RuntimeError`. A
//! borrow is seen by another thread whenever the call holding it lets the
//! GIL go: Python code it runs (a scripted variant's hook, a finalizer), or
//! pyo3 itself, which normalizes an exception with the GIL released.

use crate::errors::busy;
use pyo3::prelude::*;
use pyo3::pyclass::boolean_struct::False;
use pyo3::PyClass;
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

/// A game object (`Board`, `CardGame`, `TsuitateGame`, `Record`) borrowed
/// to read for one call: the receiver of its methods
/// (`fn sfen(this: Read<'_, Self>)`). A call that finds the object being
/// changed by another call (a thread that got the GIL while that call ran
/// Python code, a scripted variant's hook, a callback) raises `BusyError`
/// naming the object, where pyo3's own `&self` would raise a bare
/// `RuntimeError("Already mutably borrowed")`.
pub struct Read<'py, T: PyClass>(PyRef<'py, T>);

impl<'py, T: PyClass> TryFrom<&Bound<'py, T>> for Read<'py, T> {
    type Error = PyErr;

    fn try_from(obj: &Bound<'py, T>) -> PyResult<Self> {
        read(obj).map(Read)
    }
}

impl<T: PyClass> std::ops::Deref for Read<'_, T> {
    type Target = T;

    fn deref(&self) -> &T {
        &self.0
    }
}

/// `obj` borrowed to read, or `BusyError` if a call is changing it.
pub fn read<'py, T: PyClass>(obj: &Bound<'py, T>) -> PyResult<PyRef<'py, T>> {
    obj.try_borrow().map_err(|_| busy_object(obj.as_any()))
}

/// `obj` borrowed to change, or `BusyError` if a call uses it.
pub fn write<'py, T: PyClass<Frozen = False>>(obj: &Bound<'py, T>) -> PyResult<PyRefMut<'py, T>> {
    obj.try_borrow_mut().map_err(|_| busy_object(obj.as_any()))
}

/// `BusyError` naming `obj`'s class ("this Board is in use by another
/// call"), suggesting a copy of its own.
pub fn busy_object(obj: &Bound<'_, PyAny>) -> PyErr {
    let name = obj
        .get_type()
        .name()
        .map_or_else(|_| "object".to_owned(), |n| n.to_string());
    let own = match name.as_str() {
        "Board" => "board.copy()",
        "Record" => "a copy of the record (copy.copy(record))",
        _ => "game.copy()",
    };
    busy(&format!("this {name}"), None, own)
}

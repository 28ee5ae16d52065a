//! `Board.push` and `Board.pop` as methods CPython calls directly.
//!
//! These two are the calls of every research loop (`push(m); ...; pop()`
//! once per node), and there PyO3's generic wrapper cost as much as the
//! move itself: a fast-call with keywords whose one argument is looked up
//! in a keyword-capable argument table, and a thread-local count of
//! attached calls read and written around each call (through
//! `__tls_get_addr`, since the extension is loaded as a shared library).
//! Callgrind put it at about 180 instructions a push and its pop, an eighth
//! of the whole loop.
//!
//! Here the two are plain C methods, `METH_O` (`push(move, /)`) and
//! `METH_NOARGS` (`pop()`), installed on the `Board` type as method
//! descriptors. CPython checks that `self` is a `Board` before calling a
//! method descriptor's function, and hands over the one argument as is.
//! The bodies are the ordinary safe methods `PyGame::push_object` and
//! `PyGame::pop_object`; this module only adapts the calling convention,
//! and it holds the bindings' only `unsafe` blocks besides one in `convert`.

use crate::game::PyGame;
use pyo3::ffi;
use pyo3::panic::PanicException;
use pyo3::prelude::*;
use pyo3::types::{PyString, PyType};
use std::ffi::{c_char, CStr};
use std::panic::{catch_unwind, AssertUnwindSafe};

const PUSH_DOC: &CStr = c"push($self, move, /)\n--\n\nPlay a legal move. Raises ``IllegalMoveError``/``GameOverError``; the board is then unchanged.";
const POP_DOC: &CStr = c"pop($self, /)\n--\n\nTake back the last move. Raises ``IndexError`` at the start, and\n``GameOverError`` once a player resigned or declared (that end is final).";

/// Installs `push` and `pop` on `Board` (called once, from the module's
/// initialisation, after the class was added).
pub fn install(board: &Bound<'_, PyType>) -> PyResult<()> {
    install_one(board, c"push", push, ffi::METH_O, PUSH_DOC)?;
    install_one(board, c"pop", pop, ffi::METH_NOARGS, POP_DOC)
}

fn install_one(
    board: &Bound<'_, PyType>,
    name: &'static CStr,
    function: ffi::PyCFunction,
    flags: std::ffi::c_int,
    doc: &'static CStr,
) -> PyResult<()> {
    let py = board.py();
    // The descriptor keeps a pointer to its definition for as long as it
    // lives, which is as long as the type: the definition is leaked (one
    // per method per interpreter that imports the module).
    let def: &'static mut ffi::PyMethodDef = Box::leak(Box::new(ffi::PyMethodDef {
        ml_name: name.as_ptr(),
        ml_meth: ffi::PyMethodDefPointer {
            PyCFunction: function,
        },
        ml_flags: flags,
        ml_doc: doc.as_ptr() as *const c_char,
    }));
    // SAFETY: `board` is a live type object (we hold a reference to it) and
    // `def` is a valid method definition that outlives the descriptor. The
    // call returns a new reference, or null with an exception set, which
    // `from_owned_ptr_or_err` takes over.
    let descriptor = unsafe {
        Bound::from_owned_ptr_or_err(py, ffi::PyDescr_NewMethod(board.as_type_ptr(), def))?
    };
    let name = PyString::new(py, &name.to_string_lossy());
    board.setattr(name, descriptor)
}

/// A body's result as CPython wants it: the new reference, or null with
/// the exception set. A panic (a bug: nothing here panics on input) becomes
/// PyO3's `PanicException`, as in every other method, instead of unwinding
/// into CPython.
#[inline(always)]
fn finish(py: Python<'_>, result: std::thread::Result<PyResult<Py<PyAny>>>) -> *mut ffi::PyObject {
    match result {
        Ok(Ok(value)) => value.into_ptr(),
        Ok(Err(error)) => raise(py, error),
        Err(payload) => raise_panic(py, payload),
    }
}

#[cold]
#[inline(never)]
fn raise(py: Python<'_>, error: PyErr) -> *mut ffi::PyObject {
    error.restore(py);
    std::ptr::null_mut()
}

#[cold]
#[inline(never)]
fn raise_panic(py: Python<'_>, payload: Box<dyn std::any::Any + Send>) -> *mut ffi::PyObject {
    let message = payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic in Board".to_string());
    raise(py, PanicException::new_err(message))
}

/// `Board.push(move, /)`.
unsafe extern "C" fn push(slf: *mut ffi::PyObject, arg: *mut ffi::PyObject) -> *mut ffi::PyObject {
    // SAFETY: CPython calls a method's function with the thread attached
    // (holding the GIL), and the token does not outlive this call. `slf`
    // and `arg` are borrowed references, valid for the call and not null
    // (`METH_O` always passes its argument). `slf` is a `Board`: a method
    // descriptor refuses, with a `TypeError`, to call its function on any
    // object not of its type (CPython's `descr_check`, on every path: the
    // bound method, `Board.push(obj, move)` and `__get__`), and `Board`
    // and every subclass's objects (Python's too) begin with `Board`'s
    // layout, which begins with `Game`'s: the cast to `Game` reads the
    // `Game` part of the object, which every `Board` has.
    let py = unsafe { Python::assume_attached() };
    let (slf, arg) = unsafe { (Borrowed::from_ptr(py, slf), Borrowed::from_ptr(py, arg)) };
    let board = unsafe { slf.cast_unchecked::<PyGame>() };
    let result = catch_unwind(AssertUnwindSafe(|| -> PyResult<Py<PyAny>> {
        crate::busy::write(&board)?.push_object(&arg)?;
        Ok(py.None())
    }));
    finish(py, result)
}

/// `Board.pop()`.
unsafe extern "C" fn pop(
    slf: *mut ffi::PyObject,
    _unused: *mut ffi::PyObject,
) -> *mut ffi::PyObject {
    // SAFETY: as for `push`; `METH_NOARGS` passes null as the second
    // argument, which is not read.
    let py = unsafe { Python::assume_attached() };
    let slf = unsafe { Borrowed::from_ptr(py, slf) };
    let board = unsafe { slf.cast_unchecked::<PyGame>() };
    let result = catch_unwind(AssertUnwindSafe(|| -> PyResult<Py<PyAny>> {
        Ok(crate::busy::write(&board)?.pop_object(py)?.into_any())
    }));
    finish(py, result)
}

//! The Python enums the API returns: `Color` (an `enum.IntEnum`) and
//! `EndReason` (a `str` enum). Both are defined in the package's
//! `__init__.py`, so that they pickle by name (`shogi_variants.Color`) and
//! the stubs describe plain Python classes; the Rust side looks their members
//! up once (the package is always imported before `_core`, as Python imports
//! a parent package before its submodule) and hands out references to them.
//!
//! A getter returns [`ColorObj`] where it used to return `usize` and
//! [`ReasonObj`] where it returned the reason's name: converting either costs
//! a reference count, no import and no allocation.

use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyString};
use shogi_core::{Color, EndReason};

/// `Color.BLACK` and `Color.WHITE`, looked up on first use.
static COLORS: PyOnceLock<[Py<PyAny>; 2]> = PyOnceLock::new();

/// `{value: member}` of `EndReason`, looked up on first use.
static REASONS: PyOnceLock<Py<PyDict>> = PyOnceLock::new();

/// The package's class `name` (`Color`, `EndReason`).
fn class<'py>(py: Python<'py>, name: &str) -> PyResult<Bound<'py, PyAny>> {
    py.import("shogi_variants")?.getattr(name)
}

/// The member of `Color` for `color`.
pub fn color_object(py: Python<'_>, color: Color) -> PyResult<Bound<'_, PyAny>> {
    let members = COLORS.get_or_try_init(py, || -> PyResult<_> {
        let cls = class(py, "Color")?;
        Ok([
            cls.getattr("BLACK")?.unbind(),
            cls.getattr("WHITE")?.unbind(),
        ])
    })?;
    Ok(members[color.index()].bind(py).clone())
}

/// A colour as Python gets it: the `Color` member (`Color.BLACK == 0`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ColorObj(pub Color);

impl<'py> IntoPyObject<'py> for ColorObj {
    type Target = PyAny;
    type Output = Bound<'py, PyAny>;
    type Error = PyErr;

    fn into_pyobject(self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        color_object(py, self.0)
    }
}

/// The `EndReason` member whose value is `name`, or the plain `str` `name`
/// when the enum has none (an end defined outside the built-in games).
pub fn reason_object<'py>(py: Python<'py>, name: &str) -> PyResult<Bound<'py, PyAny>> {
    let members = REASONS.get_or_try_init(py, || -> PyResult<_> {
        let map = PyDict::new(py);
        for member in class(py, "EndReason")?.try_iter()? {
            let member = member?;
            map.set_item(member.getattr("value")?, member)?;
        }
        Ok(map.unbind())
    })?;
    match members.bind(py).get_item(name)? {
        Some(member) => Ok(member),
        None => Ok(PyString::new(py, name).into_any()),
    }
}

/// An end reason as Python gets it: the `EndReason` member of its name, or
/// the name as a plain `str` for an end the enum does not list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReasonObj(pub &'static str);

impl From<EndReason> for ReasonObj {
    fn from(r: EndReason) -> Self {
        ReasonObj(r.name())
    }
}

impl<'py> IntoPyObject<'py> for ReasonObj {
    type Target = PyAny;
    type Output = Bound<'py, PyAny>;
    type Error = PyErr;

    fn into_pyobject(self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        reason_object(py, self.0)
    }
}

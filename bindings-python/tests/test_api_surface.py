"""The runtime module matches the public contract in ``__init__.pyi``: every
name the stubs declare exists with the declared kind (class, function,
property, method), and every such name is exercised by some other test file."""

from __future__ import annotations

import ast
import glob
import inspect
import os

import pytest

import shogi_variants as sv

from conftest import ROOT

PYI = os.path.join(ROOT, "python", "shogi_variants", "__init__.pyi")
HERE = os.path.dirname(os.path.abspath(__file__))


def _stub():
    tree = ast.parse(open(PYI, encoding="utf-8").read())
    module_names = {}  # name -> "class" | "function" | "value"
    members = {}  # (class, member) -> "property" | "method" | "staticmethod"
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            module_names[node.name] = "class"
            for item in node.body:
                if isinstance(item, ast.FunctionDef):
                    decorators = {getattr(d, "id", None) for d in item.decorator_list}
                    if "property" in decorators:
                        kind = "property"
                    elif "staticmethod" in decorators:
                        kind = "staticmethod"
                    else:
                        kind = "method"
                    members[(node.name, item.name)] = kind
        elif isinstance(node, ast.FunctionDef):
            module_names[node.name] = "function"
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            module_names[node.target.id] = "value"
        elif isinstance(node, ast.Assign):
            for t in node.targets:
                if isinstance(t, ast.Name):
                    module_names[t.id] = "alias"
    return module_names, members


MODULE_NAMES, MEMBERS = _stub()


@pytest.mark.parametrize("name", sorted(n for n, k in MODULE_NAMES.items() if k != "alias"))
def test_every_stub_name_exists(name):
    kind = MODULE_NAMES[name]
    assert hasattr(sv, name), f"shogi_variants.{name} is in the .pyi but not in the module"
    obj = getattr(sv, name)
    if kind == "class":
        assert isinstance(obj, type)
    elif kind == "function":
        assert callable(obj)


@pytest.mark.parametrize("cls,member", sorted(MEMBERS))
def test_every_stub_member_exists_with_its_kind(cls, member):
    klass = getattr(sv, cls)
    if member in ("__init__",):
        return
    assert hasattr(klass, member), f"{cls}.{member} is in the .pyi but not in the module"
    attr = inspect.getattr_static(klass, member)
    kind = MEMBERS[(cls, member)]
    if kind == "property":
        assert inspect.isdatadescriptor(attr), f"{cls}.{member} should be a property, got {attr!r}"
    else:
        assert callable(getattr(klass, member)), f"{cls}.{member} should be callable"
        assert not inspect.isdatadescriptor(attr) or callable(attr), f"{cls}.{member} is a property"


def test_error_hierarchy():
    for name in [
        "InvalidSfenError",
        "InvalidMoveError",
        "InvalidSquareError",
        "IllegalMoveError",
        "GameOverError",
        "SettingError",
    ]:
        exc = getattr(sv, name)
        assert issubclass(exc, sv.ShogiError), name
        assert issubclass(exc, ValueError), name
    assert issubclass(sv.ShogiError, ValueError)


def test_no_undeclared_public_classes_or_functions():
    """Public classes/functions of the package that the .pyi does not declare
    (the stubs would be incomplete for editors and type checkers)."""
    extra = []
    for name in dir(sv):
        if name.startswith("_") or name in MODULE_NAMES:
            continue
        obj = getattr(sv, name)
        if inspect.ismodule(obj):
            continue
        mod = getattr(obj, "__module__", "") or ""
        if (inspect.isclass(obj) or callable(obj)) and mod.startswith("shogi_variants"):
            extra.append(name)
    assert not extra, f"public names missing from the .pyi: {extra}"


def test_every_stub_name_is_exercised_by_a_test():
    """Guard for this suite itself: each declared name appears in a test file."""
    me = os.path.abspath(__file__)
    text = ""
    for path in glob.glob(os.path.join(HERE, "test_*.py")):
        if os.path.abspath(path) != me:
            text += open(path, encoding="utf-8").read()
    missing = [n for n, k in MODULE_NAMES.items() if k != "alias" and n not in text]
    missing += [
        f"{c}.{m}"
        for (c, m) in MEMBERS
        if not m.startswith("__") and m not in text
    ]
    assert not missing, f"names no test mentions: {missing}"

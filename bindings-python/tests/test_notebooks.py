"""The example notebooks (``examples/notebooks/*.ipynb``): each is committed
with its outputs stripped, and each runs top to bottom in a fresh kernel of
this interpreter, within its time budget. Their ``assert``s make a broken API
fail here.

Running them needs nbclient, ipykernel and matplotlib (and Ray for the
dataset notebook), all in ``bindings-python/requirements-test.txt``; without
them the run skips, except under CI (``CI`` set), where it fails. The
outputs check needs nothing but the standard library.

To change a notebook: edit it in Jupyter, then strip it before committing,
``nbstripout examples/notebooks/*.ipynb`` (``nbstripout --verify`` checks).
"""

from __future__ import annotations

import glob
import importlib.util
import json
import os
import sys
import time

import pytest

from conftest import REPO

NOTEBOOKS_DIR = os.path.join(REPO, "examples", "notebooks")
NOTEBOOKS = sorted(glob.glob(os.path.join(NOTEBOOKS_DIR, "*.ipynb")))
NAMES = [os.path.basename(p) for p in NOTEBOOKS]

# Wall-clock seconds for a whole run, the kernel's start included: about three
# times one run on the project's 2-core machine (in parentheses), as CI machines
# are noisy. Together the five take about 35 s there. A new notebook needs a line.
BUDGETS = {
    "01-tour-of-the-games.ipynb": 30,  # (2 s)
    "02-reinforcement-learning.ipynb": 60,  # (15 s)
    "03-self-play-dataset-on-ray.ipynb": 90,  # (13 s, most of it Ray starting)
    "04-tsume.ipynb": 30,  # (4 s)
    "05-your-own-variant.ipynb": 30,  # (2 s)
}

# What running the notebooks needs beyond numpy and the package; the kernel
# is this interpreter, so the modules must be importable here.
RUNNER = ["nbclient", "nbformat", "ipykernel", "matplotlib"]
NEEDS = {"03-self-play-dataset-on-ray.ipynb": ["ray", "tqdm"]}

# Cell metadata that a run or an editor adds (nbstripout removes them).
RUN_METADATA = {"ExecuteTime", "execution", "collapsed", "scrolled"}


def load(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def need(*modules):
    """Skip without the modules, except under CI, where a missing one fails."""
    missing = [m for m in modules if importlib.util.find_spec(m) is None]
    if not missing:
        return
    message = f"the notebooks need {', '.join(missing)} (pip install -r bindings-python/requirements-test.txt)"
    if os.environ.get("CI"):
        pytest.fail(message)
    pytest.skip(message)


def test_the_notebooks_are_there_each_with_a_budget():
    assert len(NOTEBOOKS) >= 5, NAMES
    for prefix in ["01-tour", "02-reinforcement", "03-self-play", "04-tsume", "05-your-own-variant"]:
        assert any(n.startswith(prefix) for n in NAMES), (prefix, NAMES)
    assert sorted(BUDGETS) == NAMES, "every notebook needs a time budget in BUDGETS, and only those"
    assert sum(BUDGETS.values()) <= 300


@pytest.mark.parametrize("path", NOTEBOOKS, ids=NAMES)
def test_outputs_are_stripped(path):
    nb = load(path)
    assert nb["nbformat"] == 4
    name = os.path.basename(path)
    for key in ("widgets", "signature"):
        assert key not in nb.get("metadata", {}), f"{name}: notebook metadata {key!r} (run nbstripout)"
    assert nb["cells"][0]["cell_type"] == "markdown", f"{name}: a notebook opens with what it shows, and for whom"
    for i, cell in enumerate(nb["cells"]):
        where = f"{name}, cell {i}"
        assert not RUN_METADATA & set(cell.get("metadata", {})), f"{where}: run metadata (run nbstripout)"
        assert "widgets" not in json.dumps(cell.get("metadata", {})), f"{where}: widget state"
        if cell["cell_type"] == "code":
            assert cell["outputs"] == [], f"{where}: outputs (run nbstripout)"
            assert cell["execution_count"] is None, f"{where}: an execution count (run nbstripout)"


@pytest.fixture(scope="module")
def kernel_manager_class(tmp_path_factory):
    """A kernel manager that starts this interpreter's IPython kernel: a
    kernel spec written to a temporary directory, and no other (not a
    ``python3`` spec registered for another Python in the user's or the
    system's Jupyter directories)."""
    need(*RUNNER)
    from jupyter_client.kernelspec import KernelSpecManager
    from jupyter_client.manager import AsyncKernelManager
    from traitlets import default

    kernels = tmp_path_factory.mktemp("kernels")
    spec = kernels / "python3"
    spec.mkdir()
    (spec / "kernel.json").write_text(
        json.dumps(
            {
                "argv": [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"],
                "display_name": "Python 3 (the test's interpreter)",
                "language": "python",
            }
        ),
        encoding="utf-8",
    )

    class ThisInterpreter(AsyncKernelManager):
        @default("kernel_spec_manager")
        def _kernel_spec_manager_default(self):
            return KernelSpecManager(kernel_dirs=[str(kernels)], ensure_native_kernel=False)

    return ThisInterpreter


@pytest.mark.parametrize("path", NOTEBOOKS, ids=NAMES)
def test_runs_top_to_bottom_within_its_budget(path, kernel_manager_class):
    name = os.path.basename(path)
    need(*NEEDS.get(name, []))
    import nbformat
    from nbclient import NotebookClient

    budget = BUDGETS[name]
    nb = nbformat.read(path, as_version=4)
    # One more cell, in memory only: the kernel says which Python it is.
    probe = nbformat.v4.new_code_cell("import sys\nprint(sys.prefix)")
    nb.cells.append(probe)
    client = NotebookClient(
        nb,
        timeout=budget,  # per cell: a cell that hangs fails the run
        kernel_name="python3",
        kernel_manager_class=kernel_manager_class,
        resources={"metadata": {"path": NOTEBOOKS_DIR}},  # the kernel's working directory
    )
    started = time.perf_counter()
    client.execute()  # raises CellExecutionError with the cell and its traceback
    seconds = time.perf_counter() - started
    print(f"{name}: {seconds:.1f} s (budget {budget} s)")
    assert [o.get("text", "").strip() for o in probe.outputs] == [sys.prefix], "the kernel is another Python"
    errors = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs if o.output_type == "error"]
    assert not errors, errors
    assert seconds < budget, f"{name} took {seconds:.1f} s, over its budget of {budget} s"

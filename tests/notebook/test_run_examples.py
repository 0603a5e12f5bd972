"""The example notebooks are committed clean, and the runner that .ci/run calls fails naming the notebook and cell."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

from kgbench.notebook.run_examples import main, notebooks_in

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def test_the_three_examples_are_valid_notebooks_committed_without_outputs():
    books = notebooks_in([EXAMPLES])
    assert [p.name[:2] for p in books] == ["01", "02", "03"]
    for path in books:
        nb = nbformat.read(path, as_version=4)
        nbformat.validate(nb)
        code = [c for c in nb.cells if c.cell_type == "code"]
        assert code and all(c.outputs == [] and c.execution_count is None for c in code), path
        assert nb.metadata.kernelspec.name == "python3"


def test_the_runner_runs_cells_in_order_and_names_the_failing_notebook_and_cell(tmp_path, capsys):
    good = new_notebook(cells=[new_code_cell("import sys\nx = 2"), new_code_cell("assert x == 2"),
                               new_code_cell(f"assert sys.executable == {sys.executable!r}, sys.executable")])
    bad = new_notebook(cells=[new_markdown_cell("# a title"), new_code_cell("y = 1"),
                              new_code_cell("# the failing one\n1 / (y - 1)"), new_code_cell("print('never')")])
    nbformat.write(good, tmp_path / "a-good.ipynb")
    nbformat.write(bad, tmp_path / "b-bad.ipynb")
    assert main([str(tmp_path)]) == 1
    out, err = capsys.readouterr()
    assert f"{tmp_path / 'a-good.ipynb'}: ran in " in out
    assert err.startswith(f"Error: {tmp_path / 'b-bad.ipynb'}: cell 3 ('# the failing one'): ZeroDivisionError: "), err
    assert nbformat.read(tmp_path / "b-bad.ipynb", as_version=4).cells[1].outputs == []  # never written back


def test_the_runner_is_a_module_command_that_exits_non_zero(tmp_path):
    done = subprocess.run([sys.executable, "-m", "kgbench.notebook.run_examples", str(tmp_path / "none.ipynb")],
                          capture_output=True, text=True)
    assert done.returncode == 1 and "none.ipynb: not a notebook or a folder of notebooks" in done.stderr

"""Run notebooks top to bottom in a fresh kernel and fail on the first error: ``python -m kgbench.notebook.run_examples examples/``.

Each notebook (``*.ipynb`` in the folders or files given, in name order) runs in its own kernel (nbclient,
an ipykernel of this very interpreter, whatever kernels are installed), its working folder being the notebook's folder; the notebooks are
read, never written back (their committed outputs stay cleared). A cell that raises ends the run, and so does
one whose standard error holds a line starting ``Error:`` (how ``%%sparql`` reports a failed query): the line
names the notebook, the cell number (1-based, counting every cell) and its first line, and the error; so does a
notebook that outlasts ``--max-seconds``. The exit status is 0 when every notebook ran, else 1. One line per
notebook gives its time.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

from kgbench.kg.result_frames import optional_import

__all__ = ["run_notebook", "notebooks_in", "main", "NotebookFailed"]


_KERNEL = "kgbench-python"


class NotebookFailed(RuntimeError):
    """A notebook that did not run to its end; the message names the notebook and the cell."""


def notebooks_in(paths) -> list[Path]:
    """Return the notebooks the paths name: each ``.ipynb`` file, and those in each folder, sorted by name.

    A path that is neither raises NotebookFailed naming it (checkpoint folders are skipped).

    >>> notebooks_in([])
    []
    """
    out: list[Path] = []
    for p in map(Path, paths):
        if p.is_dir():
            out += sorted(q for q in p.glob("*.ipynb") if ".ipynb_checkpoints" not in q.parts)
        elif p.suffix == ".ipynb" and p.is_file():
            out.append(p)
        else:
            raise NotebookFailed(f"{p}: not a notebook or a folder of notebooks")
    return out


def _first_line(source: str) -> str:
    line = next((s for s in source.splitlines() if s.strip()), "")
    return line if len(line) <= 80 else line[:77] + "..."


def _error_line(cell) -> str | None:
    """Return the first ``Error:`` line a cell wrote to standard error, or None."""
    for out in cell.get("outputs", []):
        if out.get("output_type") == "stream" and out.get("name") == "stderr":
            for line in out.get("text", "").splitlines():
                if line.startswith("Error:"):
                    return line[:500]
    return None


def run_notebook(path: str | Path, *, cell_timeout: float = 600, max_seconds: float | None = None) -> float:
    """Return the seconds a notebook took to run top to bottom; raise NotebookFailed naming the cell that failed.

    ``cell_timeout`` bounds one cell, ``max_seconds`` the whole notebook (checked after each cell).
    """
    nbformat = optional_import("nbformat", "running notebooks")
    nbclient = optional_import("nbclient", "running notebooks")
    path = Path(path)
    try:
        nb = nbformat.read(path, as_version=4)
    except Exception as exc:  # noqa: BLE001 - any unreadable notebook is one line
        raise NotebookFailed(f"{path}: not a readable notebook: {exc}") from None
    with tempfile.TemporaryDirectory(prefix="kgbench-kernel-") as specs:
        client = nbclient.NotebookClient(nb, timeout=cell_timeout, km=_this_python_kernel(Path(specs)),
                                         resources={"metadata": {"path": str(path.parent.resolve())}})
        return _run_cells(client, nb, path, cell_timeout, max_seconds, nbclient)


def _this_python_kernel(specs: Path):
    """Return a kernel manager whose kernel is this interpreter's ipykernel, whatever "python3" kernels exist.

    A system-wide "python3" kernelspec (Debian's python3-ipykernel) would otherwise run the notebooks in a
    Python without kgbench.
    """
    kernelspec = optional_import("ipykernel.kernelspec", "running notebooks")
    manager = optional_import("jupyter_client.manager", "running notebooks")
    specs_module = optional_import("jupyter_client.kernelspec", "running notebooks")
    kernelspec.write_kernel_spec(specs / _KERNEL)  # argv: sys.executable -m ipykernel_launcher
    return manager.AsyncKernelManager(kernel_name=_KERNEL,
                                      kernel_spec_manager=specs_module.KernelSpecManager(kernel_dirs=[str(specs)]))


def _run_cells(client, nb, path: Path, cell_timeout: float, max_seconds: float | None, nbclient) -> float:
    start = time.monotonic()
    with client.setup_kernel(cleanup_kc=True):  # shut the kernel down: the client does not own its manager
        for i, cell in enumerate(nb.cells):
            if cell.cell_type != "code":
                continue
            where = f"{path}: cell {i + 1} ({_first_line(cell.source)!r})"
            try:
                client.execute_cell(cell, i)
            except nbclient.exceptions.CellExecutionError as exc:
                raise NotebookFailed(f"{where}: {exc.ename}: {' '.join(str(exc.evalue).split())[:500]}") from None
            except nbclient.exceptions.CellTimeoutError:
                raise NotebookFailed(f"{where}: ran longer than {cell_timeout:g} s") from None
            shown = _error_line(cell)
            if shown:
                raise NotebookFailed(f"{where}: {shown}")
            took = time.monotonic() - start
            if max_seconds is not None and took > max_seconds:
                raise NotebookFailed(f"{where}: the notebook has run {took:.0f} s, more than --max-seconds "
                                     f"{max_seconds:g}")
    return time.monotonic() - start


def main(argv=None) -> int:
    """Run the notebooks the arguments name; return the exit status (0: all ran, 1: one failed)."""
    p = argparse.ArgumentParser(prog="python -m kgbench.notebook.run_examples", description=__doc__.splitlines()[0])
    p.add_argument("paths", nargs="+", help="notebooks or folders of notebooks")
    p.add_argument("--cell-timeout", type=float, default=600, help="seconds one cell may run (600)")
    p.add_argument("--max-seconds", type=float, default=None, help="seconds one notebook may run (no limit)")
    args = p.parse_args(argv)
    try:
        books = notebooks_in(args.paths)
        if not books:
            raise NotebookFailed(f"no notebooks in {', '.join(args.paths)}")
        for nb in books:
            took = run_notebook(nb, cell_timeout=args.cell_timeout, max_seconds=args.max_seconds)
            print(f"{nb}: ran in {took:.1f} s", flush=True)
    except (NotebookFailed, ImportError) as exc:
        print(f"Error: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

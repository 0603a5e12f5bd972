"""The ``%%sparql`` cell magic that ``%load_ext kgbench`` registers.

::

    %%sparql [--kg snapshot|VAR] [--data FILE ...] [--out VAR] [--limit N] [--timeout S] [--no-map] [--debug]
    SELECT ?name ?w WHERE { ?e kgb:category "capital city" ; kgb:canonicalName ?name ; geo:hasGeometry/geo:asWKT ?w }

The query goes through :meth:`kgbench.kg.store.KG.query`, as ``kgbench sparql`` does: the standard prefixes
(``geo:``, ``geof:``, ``uom:``, ``kgb:`` ...) and every geo function are there. The KG is the bundled snapshot
(``--kg snapshot``, the default), the RDF files of ``--data`` (repeatable), or any KnowledgeGraph held by a
variable of the notebook (``--kg my_kg``, a RemoteKG for instance); the snapshot and each set of data files are
opened once and kept (a data file changed since is loaded again). The cell shows the result as a table of at
most ``--limit`` rows (50) and, when the result has a column of geometry literals, a folium map of it;
``--out VAR`` keeps the :class:`~kgbench.kg.results.QueryResult` in the notebook's variable VAR. An error (a
syntax error, a time-out, a missing file) is shown as one line, ``Error: QuerySyntaxError: ...``; ``--debug``
shows the traceback instead. IPython is imported only when the extension is loaded.
"""

from __future__ import annotations

import argparse
import dataclasses
import shlex
import sys
from pathlib import Path

__all__ = ["load_ipython_extension", "SparqlMagic", "parse_options", "MagicOptions"]


@dataclasses.dataclass(frozen=True)
class MagicOptions:
    """The options of one ``%%sparql`` cell."""

    kg: str = "snapshot"
    data: tuple[str, ...] = ()
    out: str | None = None
    limit: int = 50
    timeout: float | None = None
    map: bool = True
    debug: bool = False


class _Parser(argparse.ArgumentParser):
    def error(self, message):
        raise ValueError(f"%%sparql: {message}")


def _positive(text: str) -> float:
    value = float(text)
    if not value > 0:
        raise argparse.ArgumentTypeError(f"{text}: not a positive number of seconds")
    return value


def _count(text: str) -> int:
    value = int(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"{text}: a row limit cannot be negative")
    return value


def _parser() -> argparse.ArgumentParser:
    p = _Parser(prog="%%sparql", add_help=False)
    p.add_argument("--kg", default="snapshot")
    p.add_argument("--data", "-d", action="append", default=[])
    p.add_argument("--out", "-o")
    p.add_argument("--limit", "-n", type=_count, default=50)
    p.add_argument("--timeout", "-t", type=_positive)
    p.add_argument("--no-map", dest="map", action="store_false")
    p.add_argument("--debug", action="store_true")
    return p


def parse_options(line: str) -> MagicOptions:
    """Return the options of a ``%%sparql`` line; an unknown or malformed option raises ValueError naming it.

    >>> parse_options("--data a.ttl -d b.nt --out r --limit 5 --timeout 2.5")
    MagicOptions(kg='snapshot', data=('a.ttl', 'b.nt'), out='r', limit=5, timeout=2.5, map=True, debug=False)
    >>> parse_options("--limit -1")
    Traceback (most recent call last):
    ValueError: %%sparql: argument --limit/-n: -1: a row limit cannot be negative
    """
    ns = _parser().parse_args(shlex.split(line))
    if ns.out is not None and not ns.out.isidentifier():
        raise ValueError(f"%%sparql: --out {ns.out!r} is not a Python variable name")
    if ns.data and ns.kg != "snapshot":
        raise ValueError("%%sparql: give --kg or --data, not both")
    return MagicOptions(ns.kg, tuple(ns.data), ns.out, ns.limit, ns.timeout, ns.map, ns.debug)


class SparqlMagic:
    """The state of the magic in one IPython shell: the KGs it opened, one per option set."""

    def __init__(self, shell):
        self.shell = shell
        self.kgs: dict[tuple, object] = {}

    def kg_for(self, opts: MagicOptions):
        """Return the KG the options name, opening it on first use and keeping it."""
        if opts.data:
            paths = [Path(p).expanduser() for p in opts.data]
            key = ("data", *((str(p.resolve()), *_stamp(p)) for p in paths))
            if key not in self.kgs:
                from kgbench.kg.store import open_kg

                self.kgs[key] = open_kg(data=paths)
            return self.kgs[key]
        if opts.kg == "snapshot":
            if ("snapshot",) not in self.kgs:
                from kgbench.kg.store import open_kg

                self.kgs[("snapshot",)] = open_kg()
            return self.kgs[("snapshot",)]
        if opts.kg not in self.shell.user_ns:
            raise NameError(f"--kg {opts.kg}: no such variable (give 'snapshot', --data FILE or a variable holding a KG)")
        kg = self.shell.user_ns[opts.kg]
        if not callable(getattr(kg, "query", None)):
            raise TypeError(f"--kg {opts.kg}: a {type(kg).__name__}, not a knowledge graph (no query method)")
        return kg

    def __call__(self, line: str, cell: str):
        """Run the cell's query; show the table (and the map); keep the result in ``--out``. Returns None."""
        debug = "--debug" in line.split()
        try:
            opts = parse_options(line)
            if not cell.strip():
                raise ValueError("%%sparql: the cell holds no query")
            result = self.kg_for(opts).query(cell, timeout=opts.timeout)
        except Exception as exc:  # noqa: BLE001 - the magic's one place that turns errors into a line
            if debug:
                raise
            print(f"Error: {type(exc).__name__}: {' '.join(str(exc).split())}", file=sys.stderr)
            return None
        if opts.out:
            self.shell.user_ns[opts.out] = result
        from IPython.display import HTML, display

        display(HTML(result.to_html(opts.limit)))
        if opts.map and result.kind == "select":
            from kgbench.notebook.maps import result_map

            m = result_map(result)
            if m is not None:
                display(m)
        return None


def _stamp(path: Path) -> tuple[int, int]:
    try:
        st = path.stat()
    except OSError:  # a missing file: open_kg names it
        return (0, 0)
    return (st.st_mtime_ns, st.st_size)


def load_ipython_extension(ipython) -> None:
    """Register the ``%%sparql`` cell magic in an IPython shell (what ``%load_ext kgbench`` calls); returns None."""
    magic = SparqlMagic(ipython)
    ipython.register_magic_function(magic, magic_kind="cell", magic_name="sparql")

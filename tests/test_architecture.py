"""The house's shape: layers import one way, no module imports itself back, modules stay readable in size."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import grimp
import pytest

import kgbench

PACKAGE = Path(kgbench.__file__).parent
MAX_LINES = 500
#: modules still over MAX_LINES, to be split (issue 11); the test fails when one of them shrinks under the
#: limit (take it off this list) or another module grows past it
OVERSIZED: set[str] = set()


def _cycles(adjacency: dict[str, list[str]]) -> list[list[str]]:
    """Return the strongly connected components with more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[list[str]] = []
    counter = 0
    for root in sorted(adjacency):
        if root in index:
            continue
        work = [(root, iter(adjacency[root]))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            v, children = work[-1]
            for w in children:
                if w not in index:
                    index[w] = low[w] = counter
                    counter += 1
                    stack.append(w)
                    on_stack.add(w)
                    work.append((w, iter(adjacency.get(w, []))))
                    break
                if w in on_stack:
                    low[v] = min(low[v], index[w])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[v])
                if low[v] == index[v]:
                    comp = []
                    while True:
                        w = stack.pop()
                        on_stack.discard(w)
                        comp.append(w)
                        if w == v:
                            break
                    if len(comp) > 1:
                        out.append(sorted(comp))
    return out


def test_cycle_finder_finds_a_cycle():
    assert _cycles({"a": ["b"], "b": ["c"], "c": ["a"], "d": ["a"]}) == [["a", "b", "c"]]
    assert _cycles({"a": ["b"], "b": []}) == []


def test_layer_contract_is_kept():
    """`lint-imports` (the contract in pyproject.toml) passes: ontologies -> geofunctions -> kg -> queries -> generator
    -> evaluation -> release -> cli."""
    exe = Path(sys.executable).with_name("lint-imports")
    if not exe.exists():
        pytest.fail(f"lint-imports not installed beside {sys.executable} (the test extra installs import-linter)")
    done = subprocess.run([str(exe), "--config", str(PACKAGE.parent / "pyproject.toml")], capture_output=True,
                          text=True, cwd=PACKAGE.parent)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    assert "0 broken" in done.stdout


def test_no_import_cycles():
    """No two modules import each other, directly or through others, counting function-local imports."""
    graph = grimp.build_graph("kgbench")
    adjacency = {m: sorted(graph.find_modules_directly_imported_by(m)) for m in graph.modules}
    assert _cycles(adjacency) == []


def test_module_sizes():
    sizes = {str(p.relative_to(PACKAGE)): len(p.read_text(encoding="utf-8").splitlines())
             for p in PACKAGE.rglob("*.py")}
    over = {m for m, n in sizes.items() if n > MAX_LINES}
    assert over - OVERSIZED == set(), {m: sizes[m] for m in over - OVERSIZED}
    assert OVERSIZED - over == set(), "now under the limit: take off OVERSIZED"


#: the independent recomputations of answers (and the gold reader and formulas they share): they must not reach
#: the code they check, so that they can catch its mistakes; reading a KG through the runtime is allowed
RECOMPUTATIONS = sorted((PACKAGE.parent / "tests" / "queries").glob("recompute_*.py")) + [
    PACKAGE.parent / "tests" / "queries" / "gold_view.py", PACKAGE.parent / "tests" / "queries" / "reference_geometry.py"]
#: what a recomputation may import from kgbench: the runtime graph and its results, the vocabulary
RECOMPUTATION_MAY_IMPORT = ("kgbench.kg.store", "kgbench.kg.results", "kgbench.kg.graph", "kgbench.ontologies")


def _kgbench_imports(source: str) -> set[str]:
    """Return the kgbench modules (and names imported from kgbench packages) a module's source imports anywhere."""
    out = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names if a.name.split(".")[0] == "kgbench"}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and (node.module or "").split(".")[0] == "kgbench":
            out |= {f"{node.module}.{a.name}" for a in node.names}
    return out


def _not_allowed(modules: set[str]) -> set[str]:
    return {m for m in modules if not any(m == ok or m.startswith(ok + ".") for ok in RECOMPUTATION_MAY_IMPORT)}


def test_import_guard_sees_imports():
    src = "import math\nfrom kgbench.geofunctions.metric import area_m2\ndef f():\n    import kgbench.generator.roles\n"
    assert _not_allowed(_kgbench_imports(src)) == {"kgbench.geofunctions.metric.area_m2", "kgbench.generator.roles"}
    assert _not_allowed(_kgbench_imports("from kgbench.kg.store import KG\nfrom kgbench import ontologies")) == set()


def test_recomputations_share_no_code_with_what_they_check():
    """tests/queries/recompute_*.py recompute answers without kgbench's geo functions, generator, queries or builder."""
    assert len(RECOMPUTATIONS) > 3 and all(p.exists() for p in RECOMPUTATIONS), RECOMPUTATIONS
    bad = {p.name: sorted(_not_allowed(_kgbench_imports(p.read_text(encoding="utf-8")))) for p in RECOMPUTATIONS}
    assert {k: v for k, v in bad.items() if v} == {}

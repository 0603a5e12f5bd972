"""The cache survives kill -9 and damaged stores: real child processes killed mid-build, real files corrupted."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from kgbench.kg.builder.snapshot import Snapshot
from kgbench.kg.paths import clean_cache
from kgbench.kg.store import KG, load_store, verify_store
from pyoxigraph import Store

KGBENCH = [sys.executable, "-c", "from kgbench.cli import main; main()"]


@pytest.fixture(scope="module")
def mini(snapshot, tmp_path_factory) -> Snapshot:
    """Return a three-graph snapshot cut from the real one (loads in about a second)."""
    d = tmp_path_factory.mktemp("mini")
    keep = ("vocabulary", "naturalearth", "hurdat2")
    graphs = {g: snapshot.manifest["graphs"][g] for g in keep}
    for g in graphs.values():
        shutil.copy(snapshot.path / g["file"], d / g["file"])
    manifest = {**snapshot.manifest, "id": "kgbench-test-mini", "graphs": graphs}
    (d / "manifest.json").write_text(json.dumps(manifest))
    return Snapshot.open(d)


def _temps(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.startswith(".")) if folder.exists() else []


def _wait_for(cond, timeout=60.0):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if cond():
            return True
        time.sleep(0.05)
    return False


@pytest.mark.slow
def test_a_load_killed_with_sigkill_leaves_a_temp_folder_that_the_next_build_removes(snapshot, mini, tmp_path):
    cache = tmp_path / "cache"
    stores = cache / "stores"
    code = ("import sys; from kgbench.kg.builder.snapshot import Snapshot; from kgbench.kg.store import load_store; "
            "load_store(Snapshot.open(sys.argv[1]), sys.argv[2])")
    child = subprocess.Popen([sys.executable, "-c", code, str(snapshot.path), str(cache)])
    try:
        # the full snapshot takes tens of seconds to load: kill it once its temporary store has data in it
        assert _wait_for(lambda: any(p.suffix == ".tmp" and any(p.iterdir()) for p in stores.glob(".*.tmp")))
        time.sleep(0.5)
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait()
    left = _temps(stores)
    assert any(n.endswith(".tmp") for n in left), left  # what kill -9 leaves behind
    size = sum(f.stat().st_size for p in stores.glob(".*.tmp") for f in p.iterdir())
    assert size > 0
    assert not (stores / snapshot.id).exists()
    load_store(mini, cache)  # the next build
    assert _temps(stores) == []
    assert sorted(p.name for p in stores.iterdir()) == [mini.id]


def test_a_live_concurrent_build_is_left_alone(tmp_path):
    cache = tmp_path / "cache"
    code = ("import sys, time; from kgbench.fileio import atomic_directory\n"
            "with atomic_directory(sys.argv[1]) as tmp:\n"
            "    (tmp / 'part').write_text('x'); print(tmp, flush=True); time.sleep(60)\n")
    child = subprocess.Popen([sys.executable, "-c", code, str(cache / "stores" / "other")], stdout=subprocess.PIPE,
                             text=True)
    try:
        tmp = Path(child.stdout.readline().strip())
        assert tmp.is_dir()
        assert clean_cache(cache) == []
        assert (tmp / "part").read_text() == "x"  # another process's build in progress: untouched
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait()
    assert tmp.is_dir()
    assert clean_cache(cache) == [tmp]  # its process is gone: now it is a leftover
    assert _temps(cache / "stores") == []


def test_leftovers_of_older_kgbench_and_of_a_killed_swap_are_removed(tmp_path):
    stores = tmp_path / "stores"
    (stores / ".kgbench-default-abc.x7f3k2.tmp").mkdir(parents=True)  # mkdtemp folder, no lock file
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    (stores / f".kgbench-default-abc.old-{dead.pid}").mkdir()
    (stores / f".kgbench-default-abc.old-{os.getpid()}").mkdir()  # a live process (this one): kept
    removed = clean_cache(tmp_path)
    assert sorted(p.name for p in removed) == [f".kgbench-default-abc.old-{dead.pid}", ".kgbench-default-abc.x7f3k2.tmp"]
    assert _temps(stores) == [f".kgbench-default-abc.old-{os.getpid()}"]


def _largest_sst(folder: Path) -> Path:
    return max(folder.glob("*.sst"), key=lambda p: p.stat().st_size)


def _count(folder: Path, graph: str) -> int:
    q = f"SELECT (COUNT(*) AS ?n) WHERE {{ GRAPH <{graph}> {{ ?s ?p ?o }} }}"
    return int(KG(Store.read_only(str(folder))).query(q).rows[0][0].value)


@pytest.mark.parametrize("damage", ["truncate", "delete", "overwrite-in-place", "marker"])
def test_a_damaged_store_is_detected_and_loaded_again(mini, tmp_path, damage):
    cache = tmp_path / "cache"
    folder = load_store(mini, cache)
    assert verify_store(folder, mini, full=True) is None
    sst = _largest_sst(folder)
    if damage == "truncate":
        with sst.open("r+b") as f:
            f.truncate(sst.stat().st_size // 2)
    elif damage == "delete":
        sst.unlink()
    elif damage == "overwrite-in-place":  # same size, so only the full check (kg build) can see it
        with sst.open("r+b") as f:
            f.seek(sst.stat().st_size // 3)
            f.write(os.urandom(4096))
    else:
        (folder / "kgbench-store.json").write_text("{not json")
    problem = verify_store(folder, mini, full=True)
    assert problem is not None
    messages = []
    again = load_store(mini, cache, full_check=True, progress=messages.append)
    assert any("damaged" in m for m in messages), messages
    assert verify_store(again, mini, full=True) is None
    graph = mini.manifest["graphs"]["naturalearth"]
    assert _count(again, graph["iri"]) == graph["triples"]


def test_force_loads_the_store_again(mini, tmp_path):
    cache = tmp_path / "cache"
    folder = load_store(mini, cache)
    before = (folder / "kgbench-store.json").stat().st_mtime_ns
    messages = []
    load_store(mini, cache, force=True, progress=messages.append)
    assert any("loading" in m for m in messages)
    assert (folder / "kgbench-store.json").stat().st_mtime_ns != before


@pytest.mark.slow
def test_kg_build_rebuilds_a_corrupted_store_and_queries_then_work(snapshot, kg, cache, tmp_path):
    """The whole command: copy the session's real store, break one file, run `kgbench kg build`, then query."""
    mine = tmp_path / "cache"
    shutil.copytree(snapshot.path, mine / "snapshots" / snapshot.id)
    shutil.copytree(cache / "stores" / snapshot.id, mine / "stores" / snapshot.id)
    sst = _largest_sst(mine / "stores" / snapshot.id)
    with sst.open("r+b") as f:
        f.seek(sst.stat().st_size // 2)
        f.write(b"\0" * 65536)
    query = "SELECT (COUNT(*) AS ?n) WHERE { GRAPH ?g { ?s ?p ?o } }"
    env = {**os.environ, "KGBENCH_CACHE": str(mine)}
    out = subprocess.run([*KGBENCH, "kg", "build"], env=env, capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr
    r = subprocess.run([*KGBENCH, "sparql", "--format", "csv", query], env=env, capture_output=True, text=True,
                       timeout=120)
    assert r.returncode == 0, r.stderr
    # the manifest's triples and the RDFS closure inferred when the store was loaded (recorded in its marker)
    entailed = json.loads((mine / "stores" / snapshot.id / "kgbench-store.json").read_text())["entailed"]
    total = sum(g["triples"] for g in snapshot.manifest["graphs"].values())
    assert entailed > 0 and r.stdout.split() == ["n", str(total + entailed)]

"""Shared fixtures: one snapshot built from the real bundled sources into a fresh cache per test session."""

from __future__ import annotations

import pytest

REPO = __import__("pathlib").Path(__file__).resolve().parents[1]


#: a cache folder holding the default snapshot and its store, built once per CI run (``kgbench kg build``):
#: each test session copies them from there, verified, instead of building them again (about 100 s of CPU)
SHARED_CACHE_ENV = "KGBENCH_TEST_SHARED_CACHE"


def seed_from_shared_cache(fresh):
    """Copy the default snapshot and its loaded store from ``$KGBENCH_TEST_SHARED_CACHE`` into ``fresh``.

    Returns what was copied, or None when the variable is unset. The shared folder is only read: its snapshot
    must open and its store pass the full check (file digests and triple counts against the manifest), else the
    session fails naming the problem, rather than quietly building its own (CI would then hide a slow suite).
    """
    import os
    import shutil
    from pathlib import Path

    shared = os.environ.get(SHARED_CACHE_ENV)
    if not shared:
        return None
    from kgbench.kg.builder.snapshot import Snapshot, snapshot_path
    from kgbench.kg.store import verify_store

    source = snapshot_path(Path(shared))
    store = Path(shared) / "stores" / source.name
    if not (source.is_dir() and store.is_dir()):
        pytest.fail(f"{SHARED_CACHE_ENV}={shared} holds no built snapshot {source.name} with its store "
                    f"(run `KGBENCH_CACHE={shared} kgbench kg build` first, or unset the variable)")
    problem = verify_store(store, Snapshot.open(source), full=True)
    if problem:
        pytest.fail(f"{SHARED_CACHE_ENV}={shared}: the shared store is unsound: {problem}")
    shutil.copytree(source, Path(fresh) / "snapshots" / source.name)
    shutil.copytree(store, Path(fresh) / "stores" / source.name, ignore=shutil.ignore_patterns("LOCK", "LOG*"))
    return source.name


@pytest.fixture(scope="session")
def cache(tmp_path_factory):
    """Return a fresh cache folder for this session (never the user's own cache).

    With ``$KGBENCH_TEST_SHARED_CACHE`` set it starts with a verified copy of that folder's default snapshot and
    store (tests may damage or rebuild their copy freely); without it the session builds them itself.
    """
    fresh = tmp_path_factory.mktemp("kgbench-cache")
    seed_from_shared_cache(fresh)
    return fresh


@pytest.fixture(scope="session")
def snapshot(cache):
    from kgbench.kg.builder.snapshot import build_snapshot

    return build_snapshot(cache)


@pytest.fixture(scope="session")
def kg(cache, snapshot):
    from kgbench.kg.store import open_kg

    return open_kg(cache=cache)


@pytest.fixture(scope="session")
def a1_items(kg):
    from kgbench.generator.generate import GenerationReport
    from kgbench.release.checked import generate

    report = GenerationReport("A1")
    items = generate("A1", kg, seed=0, per_stratum=6, report=report)
    return items, report


@pytest.fixture(scope="session")
def made(cache, kg):
    """Return ``made(tid) -> (items, report)``: generate(tid, seed=0, per_stratum=2), once per test session.

    The first call makes every template, two at a time in worker processes (each opens the session's store
    read-only), so the modules that read generated items (the template contract, the baselines, the audit, the
    context budget) share one generation; ``made.prefetch(ids)`` does the same for a list of ids.
    """
    from kgbench.release.benchmark import generate_each
    from kgbench.generator.generate import GenerationReport
    from kgbench.release.checked import generate
    from kgbench.queries.template import template_ids

    memo = {}

    def get(tid):
        if not memo:
            prefetch(template_ids())  # the first use makes every template: most modules read several
        if tid not in memo:
            report = GenerationReport(tid)
            memo[tid] = (generate(tid, kg, seed=0, per_stratum=2, report=report), report)
        return memo[tid]

    def prefetch(ids):
        memo.update(generate_each([t for t in ids if t not in memo], cache=cache, jobs=2, seed=0, per_stratum=2))

    get.prefetch = prefetch
    return get


@pytest.fixture(scope="session")
def oxigraph():
    """Return ``start(*args) -> (base URL, process)``: the ``oxigraph`` command of the test extra run with
    ``args`` (``serve --location DIR``, ``serve-read-only ...``) on a free loopback port, once it answers;
    ``start.exe`` is the command itself. Skips when it is not installed; servers still running are stopped
    when the session ends."""
    import os
    import shutil
    import socket
    import subprocess
    import sys
    import time
    import urllib.request

    exe = shutil.which("oxigraph") or shutil.which("oxigraph", path=os.path.dirname(sys.executable))
    if exe is None:
        pytest.skip("the oxigraph server command is not installed (pip install oxigraph)")
    started = []

    def start(*args):
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        proc = subprocess.Popen([exe, *map(str, args), "--bind", f"127.0.0.1:{port}"], stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL)
        started.append(proc)
        url = f"http://127.0.0.1:{port}"
        for _ in range(200):
            try:
                urllib.request.urlopen(url + "/query?query=ASK%7B%7D", timeout=1)
                break
            except OSError:
                time.sleep(0.1)
        return url, proc

    start.exe = exe
    yield start
    for proc in started:
        if proc.poll() is None:
            proc.terminate()
            proc.wait(10)


@pytest.fixture(scope="session")
def snapshot_endpoint(kg, tmp_path_factory, request):
    """Return the query URL of a real Oxigraph server holding the session's snapshot (every graph, as
    ``kgbench kg export`` writes it): the one ``.ci/run`` started (``KGBENCH_TEST_SNAPSHOT_ENDPOINT``), checked
    to hold the same triples, or one started here (export, ``oxigraph load``, ``oxigraph serve-read-only``)."""
    import os
    import subprocess

    from kgbench.kg.endpoint import EndpointKG

    url = os.environ.get("KGBENCH_TEST_SNAPSHOT_ENDPOINT")
    if not url:
        oxigraph = request.getfixturevalue("oxigraph")
        work = tmp_path_factory.mktemp("snapshot-server")
        kg.export(work / "snapshot.nq")
        subprocess.run([oxigraph.exe, "load", "--location", str(work / "db"), "--file", str(work / "snapshot.nq")],
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        (work / "snapshot.nq").unlink()
        url = oxigraph("serve-read-only", "--location", work / "db")[0] + "/query"
    served = EndpointKG(url).info()["triples"]
    here = {g: n for g, n in kg.count_triples().items() if g}
    assert served == here, f"{url} does not hold this test session's snapshot: {served} != {here}"
    return url

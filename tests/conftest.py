"""Shared fixtures: one snapshot built from the real bundled sources, copied into a fresh cache per test session.

The suite runs in parallel worker processes (pytest-xdist, ``-n auto`` in pyproject.toml); what is expensive to
make is made once per run and shared through files (:func:`once_per_run`): the snapshot and its store, the
items of every template (``made``).
"""

from __future__ import annotations

import os
import pickle
import shutil
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]

from hypothesis_budget import register as _register_hypothesis_profiles  # noqa: E402 - after the path is set

_register_hypothesis_profiles()
# ci: each property test's own example count; dev / deep scale them all (tests/hypothesis_budget.py); the
# --hypothesis-profile option, where given, is loaded after this
__import__("hypothesis").settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


#: a cache folder holding the default snapshot and its store, built once per CI run (``kgbench kg build``):
#: each test session copies them from there, verified, instead of building them again (about 100 s of CPU)
SHARED_CACHE_ENV = "KGBENCH_TEST_SHARED_CACHE"


def worker() -> str:
    """Return this process's pytest-xdist worker id (``gw0``...), or ``"master"`` when the run is not split."""
    return os.environ.get("PYTEST_XDIST_WORKER", "master")


def run_folder(tmp_path_factory) -> Path:
    """Return a folder shared by every worker process of this test run (and by no other run)."""
    base = tmp_path_factory.getbasetemp()
    return base if worker() == "master" else base.parent


def once_per_run(folder: Path, name: str, make):
    """Return ``make()``'s value, computed by the first worker of the run that asks and read back by the others.

    The value is pickled to ``folder/name.pickle`` under a file lock, so workers asking at once wait for one
    computation; an exception in ``make`` is raised to every worker that asks (each tries again).
    """
    from filelock import FileLock

    done = folder / f"{name}.pickle"
    with FileLock(str(folder / f"{name}.lock")):
        if done.is_file():
            return pickle.loads(done.read_bytes())
        value = make()
        tmp = done.with_suffix(".tmp")
        tmp.write_bytes(pickle.dumps(value))
        tmp.replace(done)
        return value


def copy_built_cache(shared: Path, fresh: Path, label: str) -> str:
    """Copy the default snapshot and its loaded store from the cache folder ``shared`` into ``fresh``.

    ``shared`` is only read: its snapshot must open and its store pass the full check (file digests and triple
    counts against the manifest), else the session fails naming the problem (``label`` says where ``shared``
    came from), rather than quietly building its own. Returns the snapshot id.
    """
    from kgbench.kg.builder.snapshot import Snapshot, snapshot_path
    from kgbench.kg.store import verify_store

    source = snapshot_path(shared)
    store = shared / "stores" / source.name
    if not (source.is_dir() and store.is_dir()):
        pytest.fail(f"{label} holds no built snapshot {source.name} with its store "
                    f"(run `KGBENCH_CACHE={shared} kgbench kg build` first, or unset {SHARED_CACHE_ENV})")
    problem = verify_store(store, Snapshot.open(source), full=True)
    if problem:
        pytest.fail(f"{label}: the shared store is unsound: {problem}")
    shutil.copytree(source, fresh / "snapshots" / source.name)
    shutil.copytree(store, fresh / "stores" / source.name, ignore=shutil.ignore_patterns("LOCK", "LOG*"))
    return source.name


def _build_once(folder: Path) -> Path:
    from kgbench.kg.builder.snapshot import build_snapshot
    from kgbench.kg.store import load_store

    built = folder / "built-cache"
    load_store(build_snapshot(built), built)
    return built


@pytest.fixture(scope="session")
def cache(tmp_path_factory):
    """Return a fresh cache folder for this session (never the user's own cache), holding the default snapshot.

    With ``$KGBENCH_TEST_SHARED_CACHE`` set (``.ci/run`` sets it) the snapshot and store are a verified copy of
    that folder's; else the first worker of the run builds them once and every worker copies them. Tests may
    damage or rebuild their copy freely.
    """
    fresh = tmp_path_factory.mktemp("kgbench-cache")
    if os.environ.get(SHARED_CACHE_ENV):
        copy_built_cache(Path(os.environ[SHARED_CACHE_ENV]), fresh, f"{SHARED_CACHE_ENV}={os.environ[SHARED_CACHE_ENV]}")
    elif worker() != "master":
        folder = run_folder(tmp_path_factory)
        built = once_per_run(folder, "built-cache", lambda: _build_once(folder))
        copy_built_cache(built, fresh, "this run's first build")
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
def made(cache, kg, tmp_path_factory):
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
    folder = run_folder(tmp_path_factory)
    shared = "made-every-template"

    early = []  # the generation started in the background at the session's start, if it was (see below)

    def every():  # one generation of every template per run, shared by the workers (the first to ask makes it)
        if early:
            made_all = early[0].result()
        else:
            made_all = once_per_run(folder, shared, lambda: generate_each(template_ids(), cache=cache, jobs=2,
                                                                            seed=0, per_stratum=2))
        memo.update({t: v for t, v in made_all.items() if t not in memo})

    def start():
        """Start the run's shared generation in a background thread; ``made`` waits for it when first used."""
        from concurrent.futures import ThreadPoolExecutor

        pool = ThreadPoolExecutor(1, thread_name_prefix="made")
        early.append(pool.submit(once_per_run, folder, shared, lambda: generate_each(
            template_ids(), cache=cache, jobs=2, seed=0, per_stratum=2)))
        pool.shutdown(wait=False)

    def get(tid):
        if tid not in memo and tid in template_ids():
            every()  # the first use makes every template: most modules read several
        if tid not in memo:
            report = GenerationReport(tid)
            memo[tid] = (generate(tid, kg, seed=0, per_stratum=2, report=report), report)
        return memo[tid]

    def prefetch(ids):
        # every template asked for, being made in the background, or made already by another worker: the run's
        # one shared generation
        wanted = any(t not in memo for t in ids)
        if wanted and (early or set(template_ids()) <= set(ids) or (folder / f"{shared}.pickle").is_file()):
            every()
        memo.update(generate_each([t for t in ids if t not in memo], cache=cache, jobs=2, seed=0, per_stratum=2))

    get.prefetch = prefetch
    get.start = start
    return get


def pytest_collection_modifyitems(config, items):
    config.kgbench_needs_made = any("made" in getattr(item, "fixturenames", ()) for item in items)


@pytest.fixture(scope="session", autouse=True)
def _made_starts_early(request):
    """When the run has tests that read every template's items, one worker starts making them at once, in the
    background (two processes), so that no worker sits idle waiting for them later."""
    if worker() in ("master", "gw0") and getattr(request.config, "kgbench_needs_made", False):
        request.getfixturevalue("made").start()


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
        folder = run_folder(tmp_path_factory)

        def load():  # once per run; each worker serves the loaded folder read-only with its own server
            work = folder / "snapshot-server"
            work.mkdir()
            kg.export(work / "snapshot.nq")
            subprocess.run([oxigraph.exe, "load", "--location", str(work / "db"), "--file", str(work / "snapshot.nq")],
                           check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            (work / "snapshot.nq").unlink()
            return work / "db"

        url = oxigraph("serve-read-only", "--location", once_per_run(folder, "snapshot-server", load))[0] + "/query"
    served = EndpointKG(url).info()["triples"]
    here = {g: n for g, n in kg.count_triples().items() if g}
    assert served == here, f"{url} does not hold this test session's snapshot: {served} != {here}"
    return url

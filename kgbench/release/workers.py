"""Where the templates of a benchmark run: worker processes on this machine, or a Dask cluster.

:func:`workers` gives a :class:`concurrent.futures.Executor` either way, and :func:`worker_kg` the
read-only KG a task uses inside it: the store of the snapshot and cache folder the run names, opened once
per worker process. On a cluster every worker must see that folder (a shared file system holding the snapshot and its
loaded store, built once beforehand with ``kgbench kg build``) and run the same kgbench; the output is the
same as with ``--jobs 1``, because each template's items depend only on the template, the seed and the store.

>>> with workers(jobs=1) as pool:
...     pool is None
True
"""

from __future__ import annotations

import concurrent.futures as cf
import contextlib
import os
from collections.abc import Iterator

__all__ = ["workers", "worker_kg", "ClusterError", "cluster_address"]

_KG: dict = {}  # cache folder -> the KG this worker process opened on it


class ClusterError(RuntimeError):
    """The cluster named could not be reached or used; the message names its address."""


def cluster_address(cluster: str) -> str:
    """Return the Dask scheduler address for ``--cluster``: ``dask://HOST:PORT`` and ``tcp://HOST:PORT`` alike.

    >>> cluster_address("dask://10.0.0.5:8786"), cluster_address("tcp://127.0.0.1:8786")
    ('tcp://10.0.0.5:8786', 'tcp://127.0.0.1:8786')
    >>> cluster_address("ray://h:10001")
    Traceback (most recent call last):
    ValueError: ray://h:10001: not a Dask scheduler address (dask://HOST:PORT or tcp://HOST:PORT)
    """
    for scheme in ("dask://", "tcp://", "tls://"):
        if cluster.startswith(scheme) and len(cluster) > len(scheme):
            return ("tcp://" if scheme == "dask://" else scheme) + cluster[len(scheme):]
    raise ValueError(f"{cluster}: not a Dask scheduler address (dask://HOST:PORT or tcp://HOST:PORT)")


def worker_kg(cache=None, snapshot=None, endpoint=None):
    """Return the read-only KG of ``snapshot`` (default: the bundled one) in ``cache`` (default: the user's
    cache) in this process, opened on first use; with ``endpoint``, that SPARQL server's
    (:class:`~kgbench.kg.endpoint.EndpointKG`, ``snapshot`` then naming what the server holds)."""
    key = tuple(os.fspath(x) if x is not None else None for x in (cache, snapshot, endpoint))
    if key not in _KG:
        from kgbench.kg.opening import open_kg

        _KG[key] = open_kg(cache=cache, snapshot=snapshot, endpoint=endpoint)
    return _KG[key]



@contextlib.contextmanager
def workers(jobs: int = 1, cache=None, cluster: str | None = None, *, snapshot=None, endpoint=None,
            connect_timeout: float = 20.0) -> Iterator[cf.Executor | None]:
    """Yield an executor for the run's tasks: None for ``jobs`` 1 and no cluster (run them here, in order).

    ``cluster`` (a Dask scheduler address, :func:`cluster_address`) takes precedence over ``jobs``; an
    unreachable scheduler raises :class:`ClusterError` within ``connect_timeout`` seconds. Local workers open
    the store when they start; a cluster's workers when their first task needs it.
    """
    if cluster:
        try:
            from distributed import Client
        except ImportError:
            raise ClusterError(f"{cluster}: --cluster needs Dask: pip install 'kgbench[cluster]'") from None
        address = cluster_address(cluster)
        try:
            client = Client(address, timeout=connect_timeout, set_as_default=False)
        except (OSError, TimeoutError) as exc:
            raise ClusterError(f"{cluster}: cannot reach the Dask scheduler: {exc}") from None
        try:
            if not client.scheduler_info().get("workers"):
                client.wait_for_workers(1, timeout=connect_timeout)
            pool = client.get_executor()
            yield pool
        except TimeoutError:
            raise ClusterError(f"{cluster}: the scheduler has no workers") from None
        finally:
            client.close()
        return
    if jobs <= 1:
        yield None
        return
    with cf.ProcessPoolExecutor(max_workers=jobs, initializer=worker_kg, initargs=(cache, snapshot, endpoint)) as pool:
        yield pool

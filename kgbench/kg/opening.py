"""Opening the KG a user names: the bundled snapshot, a snapshot folder, RDF files, or a SPARQL server."""

from __future__ import annotations

from kgbench.kg.builder.snapshot import Snapshot
from kgbench.kg.endpoint import EndpointKG
from kgbench.kg import store

__all__ = ["open_kg"]


def open_kg(*, endpoint: str | None = None, **kw):
    """Return the KG of :func:`kgbench.kg.store.open_kg` (the same keywords), or with ``endpoint`` (a SPARQL 1.1
    query URL) an :class:`~kgbench.kg.endpoint.EndpointKG` over that server.

    Over a server nothing is built or loaded here: ``snapshot``, when given, names the snapshot folder the
    server was loaded from (its id labels the items, as over the embedded store; a folder that is no snapshot
    raises SnapshotError), and ``strict``, ``on_warning``, ``entailment``, ``rewrite`` and ``timeout`` apply as
    to the embedded store. ``data`` files and an endpoint together raise ValueError.

    >>> open_kg(endpoint="http://127.0.0.1:9/query").snapshot_id
    'remote:http://127.0.0.1:9/query'
    """
    if not endpoint:
        return store.open_kg(**kw)
    if kw.get("data"):
        raise ValueError("give data files or an endpoint, not both")
    snapshot = kw.get("snapshot")
    return EndpointKG(endpoint, snapshot=Snapshot.open(snapshot) if snapshot is not None else None,
                      strict=kw.get("strict", False), on_warning=kw.get("on_warning"),
                      entailment=kw.get("entailment", True), rewrite=kw.get("rewrite", True),
                      timeout=kw.get("timeout"))

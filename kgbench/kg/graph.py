"""The one interface generation and evaluation need from a knowledge graph, local or remote.

:class:`kgbench.kg.store.KG` (an Oxigraph store in this process, with kgbench's geo functions) and
:class:`kgbench.kg.remote.RemoteKG` (a SPARQL 1.1 endpoint) both satisfy it; role bindings reach either
through :func:`kgbench.kg.query_text.place_bindings`, so a query sees them the same way on both.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol, runtime_checkable

from kgbench.kg.results import QueryResult

__all__ = ["KnowledgeGraph"]


@runtime_checkable
class KnowledgeGraph(Protocol):
    """What a knowledge graph offers: SPARQL queries with bindings, the id of its data, a memo of derived lists.

    >>> from kgbench.kg.store import KG
    >>> isinstance(KG.from_text(""), KnowledgeGraph)
    True
    """

    #: the id of the data the answers come from (a snapshot id, 'custom', or 'remote:<endpoint>')
    snapshot_id: str
    #: a per-graph memo of expensive derived lists (role candidates); the graph's data never changes under it
    memo: dict

    def query(self, sparql: str, *, bindings: Mapping[str, object] | None = None,
              strict: bool | None = None, timeout: float | None = None) -> QueryResult:
        """Return the materialized result of a SPARQL query; ``bindings`` open its WHERE clause as VALUES.

        A query still running after ``timeout`` seconds (None: the graph's default) raises
        :class:`~kgbench.kg.interrupt.QueryTimeout`, a TimeoutError; never a partial result.
        """
        ...

"""Knowledge graphs: the runtime that answers SPARQL queries, and (in :mod:`kgbench.kg.builder`) the snapshot build.

What users need is re-exported here (imported on first use, so ``import kgbench.kg`` stays cheap):

- :func:`open_kg` -> :class:`KG`, the bundled snapshot (or your RDF files) in an embedded Oxigraph store with
  kgbench's geo functions (:mod:`kgbench.kg.store`);
- :class:`RemoteKG`, a SPARQL 1.1 endpoint (:mod:`kgbench.kg.remote`), and :class:`EndpointKG`, a server as
  the store with kgbench's functions run here over what it retrieves (:mod:`kgbench.kg.endpoint`);
- :class:`KnowledgeGraph`, the protocol both satisfy (:mod:`kgbench.kg.graph`), and :class:`QueryResult`, what
  their queries return (:mod:`kgbench.kg.results`);
- :class:`QueryTimeout` (a TimeoutError), what a query stopped by its ``timeout`` raises
  (:mod:`kgbench.kg.interrupt`).

The runtime's other modules: :mod:`~kgbench.kg.query_text` (role bindings placed in a query, one function
for both graphs), :mod:`~kgbench.kg.interrupt` (Ctrl-C or a time-out during a query), :mod:`~kgbench.kg.paths`
(the cache), :mod:`~kgbench.kg.geosparql` (RDFS entailment and materialized relations) and
:mod:`~kgbench.kg.conformance` (the OGC GeoSPARQL compliance benchmark run through the store path).

>>> import kgbench.kg
>>> isinstance(kgbench.kg.KG.from_text(""), kgbench.kg.KnowledgeGraph)
True
"""

from __future__ import annotations

import importlib

__all__ = ["open_kg", "KG", "RemoteKG", "EndpointKG", "KnowledgeGraph", "QueryResult", "QueryTimeout"]

#: public name -> the module that defines it
_HOMES = {"open_kg": "kgbench.kg.opening", "KG": "kgbench.kg.store", "RemoteKG": "kgbench.kg.remote",
          "EndpointKG": "kgbench.kg.endpoint",
          "KnowledgeGraph": "kgbench.kg.graph", "QueryResult": "kgbench.kg.results",
          "QueryTimeout": "kgbench.kg.interrupt"}


def __getattr__(name):
    if name in _HOMES:
        return getattr(importlib.import_module(_HOMES[name]), name)
    raise AttributeError(f"module 'kgbench.kg' has no attribute {name!r}")

"""The snapshot as a read-only SPARQL 1.1 Protocol endpoint with a query page: ``kgbench serve``.

:func:`create_app` is the Starlette application over any KG (:mod:`kgbench.server.app`), :func:`serve` runs
it under uvicorn (:mod:`kgbench.server.run`), :mod:`kgbench.server.protocol` holds the protocol's rules
(request parsing, refusals, content negotiation), :mod:`kgbench.server.page` the query page and
:mod:`kgbench.server.yasgui` the build step that fetches YASGUI from npm.

>>> from kgbench.kg.store import KG
>>> app = create_app(KG.from_text('<http://x/a> <http://x/b> "c" .'))
"""

from kgbench.server.app import create_app
from kgbench.server.examples import Example, examples
from kgbench.server.run import is_loopback, serve

__all__ = ["create_app", "serve", "is_loopback", "examples", "Example"]

"""The endpoint as a Starlette application: ``/sparql`` (the SPARQL 1.1 Protocol), ``/`` (the query page).

Every query goes through the KG's own :meth:`~kgbench.kg.store.KG.query`, so the geo functions, the spatial
planner, the geo-function warnings and the time-out apply as in ``kgbench sparql``. A query runs on a worker
thread (at most ``threads`` at once; further requests wait their turn): pyoxigraph releases the GIL while it
evaluates, and kgbench's geo functions, which hold it, run on whichever thread asks for them. For more than
one core's worth of geo functions, ``kgbench serve --workers N`` runs N such processes on one socket
(:mod:`kgbench.server.run`).
"""

from __future__ import annotations

import json
import sys
import traceback
from collections.abc import Callable
from pathlib import Path
from urllib.parse import parse_qs

import anyio
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, PlainTextResponse, Response
from starlette.routing import Route

from kgbench.geofunctions import GeoFunctionError
from kgbench.kg.graph import KnowledgeGraph
from kgbench.kg.interrupt import QueryTimeout, check_timeout
from kgbench.kg.store import QuerySyntaxError
from kgbench.server.page import page_html, yasgui_dir
from kgbench.server.protocol import ProtocolError, negotiate, one_line, query_of, refusal, render

__all__ = ["create_app", "MAX_QUERY_BYTES"]

#: the largest request body (a query) the endpoint reads
MAX_QUERY_BYTES = 1 << 20
_WARNINGS_SHOWN = 10


def _error(status: int, message: str) -> PlainTextResponse:
    return PlainTextResponse(message + "\n", status_code=status)


def _ascii(text: str) -> str:
    """Return a header-safe (ASCII, one-line) form of a message."""
    return json.dumps(one_line(text, 500))[1:-1]


class _Endpoint:
    """The ``/sparql`` handler: parse the request, refuse what is refused, run the query, negotiate, write."""

    def __init__(self, kg: KnowledgeGraph, timeout: float | None, max_rows: int | None, threads: int,
                 on_timeout: Callable[[], None] | None):
        self.kg = kg
        self.on_timeout = on_timeout
        self.timeout = timeout
        self.max_rows = max_rows
        self.limiter = anyio.CapacityLimiter(threads)

    async def handle(self, request: Request) -> Response:
        try:
            return await self._answer(request)
        except ProtocolError as exc:
            return _error(exc.status, str(exc))

    async def _answer(self, request: Request) -> Response:
        params = {k: request.query_params.getlist(k) for k in request.query_params.keys()}
        body = b""
        if request.method == "POST":
            chunks, size = [], 0
            async for chunk in request.stream():  # read no more than the cap, whatever Content-Length says
                size += len(chunk)
                if size > MAX_QUERY_BYTES:
                    raise ProtocolError(413, f"the request body is larger than {MAX_QUERY_BYTES} bytes")
                chunks.append(chunk)
            body = b"".join(chunks)
            ctype = (request.headers.get("content-type") or "").split(";", 1)[0].strip().lower()
            if ctype == "application/x-www-form-urlencoded":
                try:
                    form = parse_qs(body.decode("utf-8"), keep_blank_values=True)
                except UnicodeDecodeError as exc:
                    raise ProtocolError(400, f"the form body is not UTF-8: {exc}") from None
                for k, v in form.items():
                    params.setdefault(k, []).extend(v)
        text = query_of(request.method, request.headers.get("content-type"), params, body)
        why = refusal(text)
        if why:
            raise ProtocolError(403, why)
        timeout = self._timeout(params)
        fmt_param = next((params[k][0] for k in ("format", "output") if params.get(k)), None)
        accept = request.headers.get("accept")
        return await anyio.to_thread.run_sync(self._run, text, timeout, fmt_param, accept, limiter=self.limiter)

    def _timeout(self, params) -> float | None:
        """Return the query's time-out: the server's, or a smaller one the client asks for (``timeout`` seconds)."""
        asked = (params.get("timeout") or [None])[0]
        if asked in (None, ""):
            return self.timeout
        try:
            value = check_timeout(float(asked))
        except ValueError:
            raise ProtocolError(400, f"timeout={asked!r}: give a positive number of seconds") from None
        return value if self.timeout is None else min(value, self.timeout)

    def _run(self, text: str, timeout, fmt_param, accept) -> Response:
        try:
            result = self.kg.query(text, timeout=timeout)
        except QuerySyntaxError as exc:
            return _error(400, str(exc))
        except QueryTimeout as exc:
            if self.on_timeout is not None:
                self.on_timeout()
            more = "" if timeout == self.timeout else f" (the endpoint allows up to {self.timeout:g} s)"
            return _error(503, f"{exc}{more}")
        except (ValueError, GeoFunctionError) as exc:  # a geo function failing in strict mode...
            return _error(400, f"{type(exc).__name__}: {exc}")
        except Exception as exc:  # noqa: BLE001 - the client gets one line, the server's log the traceback
            traceback.print_exc(file=sys.stderr)
            return _error(500, f"internal error: {type(exc).__name__}: {one_line(str(exc), 500)}")
        fmt = negotiate(result.kind, fmt_param, accept)
        n = len(result)
        if self.max_rows is not None and result.kind != "ask" and n > self.max_rows:
            what = "triples" if result.kind == "construct" else "rows"
            return _error(400, f"the result has {n:,} {what}, more than this endpoint's cap of {self.max_rows:,} "
                               "(kgbench serve --max-rows): add a LIMIT (and OFFSET to page through it)")
        headers = {"X-KGBench-Rows": str(n) if result.kind != "ask" else "1",
                   "X-KGBench-Warnings": str(len(result.warnings))}
        response = Response(render(result, fmt), media_type=fmt.media_type, headers=headers)
        for w in result.warnings[:_WARNINGS_SHOWN]:
            response.raw_headers.append((b"x-kgbench-warning", _ascii(w).encode("ascii")))
        return response


def create_app(kg: KnowledgeGraph, *, timeout: float | None = 30.0, max_rows: int | None = 100_000,
               threads: int = 8, yasgui: Path | None = None,
               on_timeout: Callable[[], None] | None = None) -> Starlette:
    """Return the endpoint's ASGI application over ``kg``: ``/sparql``, the query page ``/`` and its files.

    ``timeout`` (seconds, None: none) bounds every query (a client may ask for less with a ``timeout``
    parameter); a query still running then is stopped and answered 503. A result with more than ``max_rows``
    rows (or triples) is answered 400 with a message saying so, never cut silently. ``threads`` queries run at
    once; the rest wait. ``yasgui`` is the folder of YASGUI's files (default: where
    :func:`kgbench.server.yasgui.install_yasgui` puts them); without them ``/`` is a plain page of kgbench's own.
    ``on_timeout`` is called after each query stopped by its time-out (:mod:`kgbench.server.run` checks then
    that the evaluation really stopped).

    >>> from kgbench.kg.store import KG
    >>> app = create_app(KG.from_text(""), timeout=5)
    >>> sorted(r.path for r in app.routes)
    ['/', '/favicon.ico', '/sparql', '/yasgui/{name}']
    """
    timeout = check_timeout(timeout)
    if max_rows is not None and (isinstance(max_rows, bool) or max_rows < 1):
        raise ValueError(f"max_rows must be a positive number of rows or None, not {max_rows!r}")
    if threads < 1:
        raise ValueError(f"threads must be at least 1, not {threads!r}")
    endpoint = _Endpoint(kg, timeout, max_rows, threads, on_timeout)
    folder = yasgui_dir() if yasgui is None else Path(yasgui)

    async def page(request: Request) -> Response:
        return HTMLResponse(page_html("sparql", folder))

    async def asset(request: Request) -> Response:
        name = request.path_params["name"]
        path = folder / name
        if "/" in name or name.startswith(".") or not path.is_file():
            return _error(404, f"no such file: /yasgui/{name}")
        return FileResponse(path)

    async def no_icon(request: Request) -> Response:
        return Response(status_code=204)

    return Starlette(routes=[
        Route("/sparql", endpoint.handle, methods=["GET", "POST"]),
        Route("/", page, methods=["GET"]),
        Route("/yasgui/{name}", asset, methods=["GET"]),
        Route("/favicon.ico", no_icon, methods=["GET"]),
    ])

"""``kgbench serve``: the snapshot (or --data files) as a read-only SPARQL 1.1 endpoint with the query page."""

from __future__ import annotations

import click

from kgbench.cli._app import _err, _kg_options, _open, main


@main.command()
@_kg_options
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to listen on; anything but loopback makes the endpoint reachable from other machines.")
@click.option("--port", type=click.IntRange(0, 65535), default=7878, show_default=True, help="0: any free port.")
@click.option("--timeout", type=click.FloatRange(min=0, min_open=True), default=30.0, show_default=True,
              metavar="SECONDS", help="Stop a query after this many seconds and answer 503 (a client may ask for "
                                      "less with a timeout parameter).")
@click.option("--max-rows", type=click.IntRange(min=1), default=100_000, show_default=True,
              help="Answer a result with more rows (or triples) than this with an error saying so (400).")
@click.option("--threads", type=click.IntRange(min=1), default=8, show_default=True,
              help="Queries evaluated at once per worker; further requests wait their turn.")
@click.option("--workers", type=click.IntRange(min=1), default=1, show_default=True,
              help="Server processes on the one port, each with its own read-only store handle: kgbench's geo "
                   "functions are Python and hold the GIL, so one process runs one core's worth of them. A "
                   "worker left running a timed-out query that pyoxigraph cannot stop is replaced.")
@click.option("--access-log", is_flag=True, help="Log every request on stderr.")
@click.pass_obj
def serve(obj, data, strict, no_entailment, no_rewrite, host, port, timeout, max_rows, threads, workers,
          access_log):
    """Serve the snapshot as a read-only SPARQL 1.1 endpoint at /sparql, with a query page at /.

    Any SPARQL client (SPARQLWrapper, rdflib, YASGUI, curl) gets kgbench's geo functions, the spatial planner
    and the standard prefixes. Updates, LOAD and SERVICE are refused (403), a malformed query is answered 400
    with the parser's message, a query over --timeout 503. Ctrl-C stops the server.
    """
    import functools

    from kgbench.server.run import is_loopback, serve as run

    # geo-function warnings go to each client (X-KGBench-Warning headers), not to the server's stderr
    open_kg = functools.partial(_open, obj, data, strict, entailment=not no_entailment, rewrite=not no_rewrite,
                                on_warning=None)
    # build and load the snapshot (or read the --data files) here, once: errors are one line before any worker
    # starts, and each worker then opens the store that is there
    snapshot_id = open_kg().snapshot_id
    if not is_loopback(host):
        _err(f"listening on {host}: the endpoint is reachable from other machines, without authentication")

    def ready(url: str) -> None:
        page = url.rsplit("/", 1)[0] + "/"
        click.echo(f"kgbench {snapshot_id} endpoint: {url}  (query page: {page}; {workers} worker(s); "
                   "Ctrl-C stops)", err=True)

    run(open_kg, host=host, port=port, timeout=timeout, max_rows=max_rows, threads=threads, workers=workers,
        access_log=access_log, on_ready=ready)

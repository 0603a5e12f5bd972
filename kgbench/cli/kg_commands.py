"""Commands over the knowledge graph: ``kg build``, ``kg info``, ``sparql`` and ``conformance``."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import click

from kgbench.cli._app import _FORCE, _Steps, _kg_options, _open, _output, main


# ---------------------------------------------------------------------------------------------- kg
@main.group()
def kg():
    """Build and inspect the bundled snapshot."""


@kg.command("build")
@click.option("--force", is_flag=True, help="Rebuild the snapshot and reload the store even if they are cached.")
@click.pass_obj
def kg_build(obj, force):
    """Build the default snapshot and load its store; a cached store is verified and reloaded when damaged."""
    from kgbench.kg.builder.snapshot import build_snapshot
    from kgbench.kg.paths import clean_cache
    from kgbench.kg.store import load_store

    import time

    started = time.perf_counter()
    clean_cache(obj.cache)  # leftovers of builds killed midway
    with _Steps() as steps:
        snap = build_snapshot(obj.cache, force=force, progress=steps)
        folder = load_store(snap, obj.cache, force=force, full_check=True, progress=steps)
    click.echo(f"ready in {time.perf_counter() - started:.1f} s", err=True)
    triples = sum(g["triples"] for g in snap.manifest["graphs"].values())
    click.echo(f"snapshot {snap.id}: {triples:,} triples in {len(snap.manifest['graphs'])} graphs")
    click.echo(f"  files: {snap.path}\n  store: {folder}")


@kg.command("export")
@click.option("--out", "-o", required=True, type=click.Path(dir_okay=False), help="The N-Quads file to write.")
@_FORCE
@click.pass_obj
def kg_export(obj, out, force):
    """Write the snapshot's store as one N-Quads file (every graph, the entailed one included), for a SPARQL server.

    Load it into a server (e.g. `oxigraph load --location DB --file FILE`, then `oxigraph serve-read-only
    --location DB`) and run any command on it with `kgbench --endpoint URL --snapshot DIR`, DIR being the
    snapshot folder printed here.
    """
    if obj.endpoint:
        raise click.UsageError("kg export writes the embedded store; leave out --endpoint")
    path = _output(out, force=force)
    kg_ = _open(obj)
    n = kg_.export(path)
    click.echo(f"{n:,} quads -> {path}", err=True)
    if kg_.snapshot is not None:
        click.echo(f"  snapshot folder (for --snapshot): {kg_.snapshot.path}", err=True)


@kg.command("info")
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of tables.")
@click.option("--top", default=15, show_default=True, help="Rows per breakdown table.")
@click.pass_obj
def kg_info(obj, as_json, top):
    """Triples per graph; entities per category, country, income tier and density tier."""
    info = _open(obj).info()
    if as_json:
        click.echo(json.dumps(info, indent=2))
        return
    from rich.console import Console
    from rich.table import Table

    console = Console()
    console.print(f"snapshot [bold]{info['snapshot']}[/bold]")
    t = Table("graph", "triples", "entities")
    for g, n in info["triples"].items():
        t.add_row(g.rsplit("/", 1)[-1], f"{n:,}", f"{info['entities'].get(g, 0):,}")
    console.print(t)
    for key in ("category", "country", "income_tier", "density_tier"):
        t = Table(key, "entities")
        rows = list(info[key].items())
        for k, n in rows[:top]:
            t.add_row(k, f"{n:,}")
        if len(rows) > top:
            t.add_row(f"... {len(rows) - top} more", "")
        console.print(t)


# ---------------------------------------------------------------------------------------------- sparql
@main.command()
@click.argument("query", required=False)
@click.option("--file", "-f", "query_file", type=click.Path(dir_okay=False), help="Read the query from a file.")
@_kg_options
@click.option("--format", "fmt", type=click.Choice(["table", "csv", "tsv", "json", "xml"]), default="table",
              show_default=True)
@click.option("--timeout", type=click.FloatRange(min=0, min_open=True), metavar="SECONDS",
              help="Stop the query after this many seconds (a float; opening the store is not counted): one error "
                   "line, no result, exit status 124.")
@click.pass_obj
def sparql(obj, query, query_file, data, fmt, strict, no_entailment, no_rewrite, timeout):
    """Run a SPARQL query (string or --file) with the geo functions registered.

    With --timeout S a query still running after S seconds is stopped: it prints one line
    (Error: QueryTimeout: ...) and no result, and exits with status 124, as coreutils' timeout does.
    """
    if bool(query) == bool(query_file):
        raise click.UsageError("give a query string or --file, not both and not neither")
    if query_file:
        p = Path(query_file)
        if not p.is_file():
            raise click.ClickException(f"{p}: query file not found")
        query = p.read_text(encoding="utf-8")
    try:
        result = _open(obj, data, strict).query(query, entailment=not no_entailment, rewrite=not no_rewrite,
                                                timeout=timeout)
    except KeyboardInterrupt:  # exit 130 (128 + SIGINT) at once, not waiting for pyoxigraph to finish
        click.echo("Interrupted: no result.", err=True)
        sys.stdout.flush(), sys.stderr.flush()
        os._exit(130)
    click.echo(result.serialize(fmt), nl=False)



# ---------------------------------------------------------------------------------------------- conformance
@main.command()
@click.argument("folder", required=False, type=click.Path(file_okay=False))
@click.option("--regime", type=click.Choice(["classes", "defaults", "off"]), default="classes", show_default=True,
              help="Entailment and rewrite switches: per conformance class as the benchmark expects (each "
                   "requirement's line shows the `kgbench sparql` flags), kgbench's defaults for every query, "
                   "or both off.")
def conformance(folder, regime):
    """Run the OGC GeoSPARQL Compliance Benchmark as `kgbench sparql --data dataset.rdf` runs it; print the score per requirement."""
    from kgbench.kg.conformance import main as run

    argv = ([folder] if folder else []) + ["--regime", regime]
    code = run(argv)
    if code:
        raise SystemExit(code)

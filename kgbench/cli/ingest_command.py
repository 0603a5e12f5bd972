"""``kgbench kg ingest``: a source graph's dumps -> a snapshot folder that ``kgbench --snapshot DIR`` uses."""

from __future__ import annotations

import click

from kgbench.cli._app import _Steps
from kgbench.cli.kg_commands import kg


def _progress():
    """Return (rich progress, callback(phase, done, total)): a byte bar while reading, a counter afterwards."""
    from rich.console import Console
    from rich.progress import (BarColumn, DownloadColumn, Progress, TaskProgressColumn, TextColumn,
                               TimeElapsedColumn, TimeRemainingColumn)

    p = Progress(TextColumn("{task.description}"), BarColumn(), TaskProgressColumn(), DownloadColumn(),
                 TimeElapsedColumn(), TimeRemainingColumn(), console=Console(stderr=True), transient=True)
    tasks: dict = {}

    def update(phase: str, done: int, total: int | None) -> None:
        if phase not in tasks:
            tasks[phase] = p.add_task(phase, total=total)
        p.update(tasks[phase], completed=done, total=total)

    return p, update


@kg.command("ingest")
@click.argument("dumps", nargs=-1, required=True, type=click.Path(dir_okay=False))
@click.option("--profile", "profile_name", required=True, metavar="worldkg|kwg|osmh3kg|generic",
              help="The source's schema: WorldKG, KnowWhereGraph, OSMH3KG, or any GeoSPARQL graph (with --mapping).")
@click.option("--out", required=True, type=click.Path(file_okay=False), metavar="SNAPSHOT",
              help="The snapshot folder to write (atomically).")
@click.option("--mapping", type=click.Path(dir_okay=False), metavar="FILE",
              help="generic profile: a YAML file naming the label and category predicates (label:, category:, "
                   "optional geometry:, class:, base:).")
@click.option("--force", is_flag=True, help="Replace SNAPSHOT if it exists (never a dump).")
@click.option("--jobs", type=click.IntRange(min=1), default=None,
              help="Processes (default: the cores this process may use, at most 8): with 2 or more, a large plain "
                   "N-Triples/N-Quads dump is read in JOBS pieces side by side and the subjects are mapped in JOBS "
                   "worker processes, a range of them each (the same snapshot as with 1).")
@click.option("--coverage/--no-coverage", default=True, show_default=True,
              help="Load the snapshot's store and list which templates it can satisfy.")
@click.pass_obj
def kg_ingest(obj, dumps, profile_name, out, mapping, force, jobs, coverage):
    """Map source dumps (N-Triples, N-Quads, Turtle; plain, .gz or .bz2) to a kgbench snapshot, streaming.

    Then `kgbench --snapshot SNAPSHOT <command>` uses it (its store is loaded into the cache on first use).
    """
    from kgbench.kg.ingest.pipeline import default_jobs, ingest

    bar, update = _progress()
    jobs = jobs or default_jobs()
    with bar:
        summary = ingest(profile_name, dumps, out, mapping=mapping, force=force, progress=update, jobs=jobs)
    _print_summary(summary)
    if coverage:
        from kgbench.generator.coverage import template_coverage
        from kgbench.kg.store import open_kg

        with _Steps() as steps:
            kg_ = open_kg(snapshot=out, cache=obj.cache, progress=steps)
        cov = template_coverage(kg_)
        ok = [t for t, why in cov.items() if why is None]
        click.echo(f"templates it can satisfy ({len(ok)} of {len(cov)}): {' '.join(ok) or 'none'}")
        for tid, why in cov.items():
            if why:
                click.echo(f"  {tid}: {why}")


def _print_summary(s) -> None:
    from rich.console import Console
    from rich.table import Table

    console = Console()
    console.print(f"snapshot [bold]{s.snapshot}[/bold] ({s.profile}): {s.entities:,} entities from "
                  f"{s.statements:,} statements ({s.statements_read:,} read by the profile) in {s.seconds:.1f} s")
    for title, counter in (("category", s.categories), ("class", s.classes), ("geometry", s.geometry_types),
                           ("name", s.names), ("skipped: why", s.skipped),
                           ("statements skipped: predicate not read", s.skipped_predicates)):
        if not counter:
            continue
        t = Table(title, "count")
        rows = counter.most_common()
        for k, n in rows[:12]:
            t.add_row(str(k), f"{n:,}")
        if len(rows) > 12:
            t.add_row(f"... {len(rows) - 12} more", f"{sum(n for _, n in rows[12:]):,}")
        console.print(t)

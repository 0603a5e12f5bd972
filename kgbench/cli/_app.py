"""The ``kgbench`` group and what its commands share: the context, one-line errors, output checks, progress."""

from __future__ import annotations

import sys

import click

from kgbench.kg.paths import CACHE_ENV


class _Ctx:
    def __init__(self, debug: bool, cache: str | None, snapshot: str | None = None, endpoint: str | None = None):
        self.debug = debug
        self.cache = cache
        self.snapshot = snapshot
        self.endpoint = endpoint


def _err(msg: str) -> None:
    click.echo(click.style("warning: ", fg="yellow") + msg, err=True)


def _warn_all(warnings, shown: int = 20) -> None:
    for w in warnings[:shown]:
        _err(w)
    if len(warnings) > shown:
        _err(f"... and {len(warnings) - shown} more")


def _output(path, inputs=(), **kw):
    """Return the output path once :func:`kgbench.generator.outputs.check_output` allows it; else one Error line."""
    from kgbench.generator.outputs import OutputError, check_output

    try:
        return check_output(path, inputs, **kw)
    except OutputError as exc:
        raise click.ClickException(str(exc)) from None


_FORCE = click.option("--force", is_flag=True, help="Replace the output if it exists (never an input).")


class _TimedOut(click.ClickException):
    """A query stopped by its time-out: one Error line, and exit status 124 (as coreutils' ``timeout``)."""

    exit_code = 124


class KgbenchGroup(click.Group):
    """Runs a command and turns any error into one readable line (the traceback only with --debug).

    A :class:`~kgbench.kg.interrupt.QueryTimeout` exits with status 124, any other error with 1.
    """

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except (click.exceptions.Exit, click.exceptions.Abort, click.ClickException):
            raise
        except Exception as exc:  # noqa: BLE001 - the CLI's one place that turns errors into a line
            if "--debug" in sys.argv[1:2] or (ctx.obj and getattr(ctx.obj, "debug", False)):
                raise
            from kgbench.kg.interrupt import QueryTimeout

            name = type(exc).__name__
            raise (_TimedOut if isinstance(exc, QueryTimeout) else click.ClickException)(f"{name}: {exc}") from None


class _Steps:
    """Show build and load steps on stderr (spinner, step number, description, elapsed time) while in use.

    Nothing is shown when nothing needs building or loading.
    """

    def __init__(self):
        self.p = None

    def __call__(self, msg: str) -> None:
        if self.p is None:
            from rich.console import Console
            from rich.progress import Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

            self.p = Progress(SpinnerColumn(), TextColumn("snapshot step {task.completed:>2}: {task.description}"),
                              TimeElapsedColumn(), console=Console(stderr=True), transient=True)
            self.p.start()
            self.t = self.p.add_task(msg, total=None)
        self.p.update(self.t, description=msg, advance=1)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        if self.p is not None:
            self.p.stop()
            self.p = None


@click.group(cls=KgbenchGroup)
@click.option("--debug", is_flag=True, help="Show full tracebacks on errors.")
@click.option("--cache-dir", type=click.Path(file_okay=False), envvar=CACHE_ENV,
              help=f"Where snapshots and stores are kept (env {CACHE_ENV}; default ~/.cache/kgbench).")
@click.option("--snapshot", type=click.Path(file_okay=False), metavar="DIR",
              help="Use this snapshot folder (written by `kgbench kg ingest`) instead of the bundled snapshot.")
@click.option("--endpoint", metavar="URL",
              help="Read the KG from this SPARQL 1.1 server (its query URL) instead of the embedded store; with "
                   "--snapshot DIR, the snapshot folder the server was loaded from (its id labels the items).")
@click.version_option(package_name="kgbench")
@click.pass_context
def main(ctx, debug, cache_dir, snapshot, endpoint):
    """kgbench: geospatial QA benchmarks whose answers are computed over a knowledge graph."""
    ctx.obj = _Ctx(debug, cache_dir, snapshot, endpoint)


def _open(ctx_obj: _Ctx, data=(), strict=False, **kw):
    """Return the KG the options chose: the snapshot, or the --data files (``kw`` goes to open_kg)."""
    from kgbench.kg.opening import open_kg

    kw.setdefault("on_warning", _err)
    endpoint = getattr(ctx_obj, "endpoint", None)
    if endpoint and data:
        raise click.UsageError("give --data files or --endpoint, not both")
    with _Steps() as steps:
        return open_kg(data=list(data) or None, cache=ctx_obj.cache, strict=strict, progress=steps,
                       snapshot=getattr(ctx_obj, "snapshot", None), endpoint=endpoint, **kw)


#: the options that choose the KG a command queries and how (``sparql``, ``serve``): --data, --strict,
#: --no-entailment, --no-rewrite
_KG_OPTIONS = (
    click.option("--data", "-d", multiple=True, type=click.Path(dir_okay=False),
                 help="Query these RDF files instead of the default snapshot (repeatable)."),
    click.option("--strict", is_flag=True, help="Fail if any geo function call fails."),
    click.option("--no-entailment", is_flag=True,
                 help="Answer over the data as given: no GeoSPARQL RDFS entailment (sub-classes, sub-properties, "
                      "domains and ranges; applied by default to --data files)."),
    click.option("--no-rewrite", is_flag=True,
                 help="Match relation properties (?a geo:sfWithin ?b) against asserted triples only, not also "
                      "the relations inferred from the geometries (by default for --data files)."),
)


def _kg_options(fn):
    """Return the command with :data:`_KG_OPTIONS` added (in their order in ``--help``)."""
    for option in reversed(_KG_OPTIONS):
        fn = option(fn)
    return fn


def _bar(label: str):
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    class _Ctx:
        def __enter__(self):
            self.p = Progress(TextColumn(label), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                              transient=True, console=Console(stderr=True))
            self.p.__enter__()
            return self.p, self.p.add_task("run", total=None)

        def __exit__(self, *exc):
            return self.p.__exit__(*exc)

    return _Ctx()

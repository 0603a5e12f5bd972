"""The ``kgbench`` command: a thin layer over the public Python functions a notebook calls too."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import click

from kgbench.kg.paths import CACHE_ENV


class _Ctx:
    def __init__(self, debug: bool, cache: str | None):
        self.debug = debug
        self.cache = cache


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


class KgbenchGroup(click.Group):
    """Runs a command and turns any error into one readable line (the traceback only with --debug)."""

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except (click.exceptions.Exit, click.exceptions.Abort, click.ClickException):
            raise
        except Exception as exc:  # noqa: BLE001 - the CLI's one place that turns errors into a line
            if "--debug" in sys.argv[1:2] or (ctx.obj and getattr(ctx.obj, "debug", False)):
                raise
            name = type(exc).__name__
            raise click.ClickException(f"{name}: {exc}") from None


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
@click.version_option(package_name="kgbench")
@click.pass_context
def main(ctx, debug, cache_dir):
    """kgbench: geospatial QA benchmarks whose answers are computed over a knowledge graph."""
    ctx.obj = _Ctx(debug, cache_dir)


def _open(ctx_obj: _Ctx, data=(), strict=False):
    from kgbench.kg.store import open_kg

    with _Steps() as steps:
        return open_kg(data=list(data) or None, cache=ctx_obj.cache, strict=strict, progress=steps,
                       on_warning=_err)


# ---------------------------------------------------------------------------------------------- kg
@main.group()
def kg():
    """Build and inspect the bundled snapshot."""


@kg.command("build")
@click.option("--force", is_flag=True, help="Rebuild the snapshot and reload the store even if they are cached.")
@click.pass_obj
def kg_build(obj, force):
    """Build the default snapshot and load its store; a cached store is verified and reloaded when damaged."""
    from kgbench.kg.build import build_snapshot
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
@click.option("--data", "-d", multiple=True, type=click.Path(dir_okay=False),
              help="Query these RDF files instead of the default snapshot (repeatable).")
@click.option("--format", "fmt", type=click.Choice(["table", "csv", "tsv", "json", "xml"]), default="table",
              show_default=True)
@click.option("--strict", is_flag=True, help="Fail if any geo function call fails.")
@click.pass_obj
def sparql(obj, query, query_file, data, fmt, strict):
    """Run a SPARQL query (string or --file) with the geo functions registered."""
    if bool(query) == bool(query_file):
        raise click.UsageError("give a query string or --file, not both and not neither")
    if query_file:
        p = Path(query_file)
        if not p.is_file():
            raise click.ClickException(f"{p}: query file not found")
        query = p.read_text(encoding="utf-8")
    try:
        result = _open(obj, data, strict).query(query)
    except KeyboardInterrupt:  # exit 130 (128 + SIGINT) at once, not waiting for pyoxigraph to finish
        click.echo("Interrupted: no result.", err=True)
        sys.stdout.flush(), sys.stderr.flush()
        os._exit(130)
    click.echo(result.serialize(fmt), nl=False)


# ---------------------------------------------------------------------------------------------- generate
@main.command()
@click.option("--template", "-t", "template_id", help="Template id, e.g. A1.")
@click.option("--all", "all_templates", is_flag=True, help="Every template: write a whole release into --out DIR.")
@click.option("--n", "n", type=click.IntRange(min=1), help="At most this many items, drawn evenly over strata.")
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("--per-stratum", type=click.IntRange(min=1), default=30, show_default=True,
              help="At most this many items per (income tier, density tier) cell.")
@click.option("--jobs", type=click.IntRange(min=1), default=1, show_default=True,
              help="With --all: templates generated in this many processes.")
@click.option("--out", "-o", type=click.Path(), default=None,
              help="Items file (JSON lines; '-' for stdout; default items.jsonl), or with --all the release folder.")
@_FORCE
@click.pass_obj
def generate(obj, template_id, all_templates, n, seed, per_stratum, jobs, out, force):
    """Generate verified items of one template (or of all) over the bundled snapshot."""
    if bool(template_id) == bool(all_templates):
        raise click.UsageError("give --template ID or --all")
    if all_templates:
        _generate_all(obj, seed, per_stratum, jobs, out, force)
        return
    out = out or "items.jsonl"
    _output(out, force=force)
    from kgbench.generator.generate import GenerationReport, generate as run
    from kgbench.generator.items import write_jsonl
    from kgbench.queries.template import load_template

    load_template(template_id)  # fail fast on an unknown id, before any build
    kg_ = _open(obj)
    report = GenerationReport(template_id)
    with _bar(f"generating {template_id}") as (bar, task):
        items = run(template_id, kg_, n=n, seed=seed, per_stratum=per_stratum, report=report,
                    progress=lambda done, total: bar.update(task, completed=done, total=total))
    if out == "-":
        for it in items:
            click.echo(it.to_json())
    else:
        write_jsonl(items, out)
    for w in report.warnings[:5]:
        _err(w)
    cells = ", ".join(f"{k} {v}" for k, v in sorted(report.per_cell.items()))
    scales = ", ".join(f"{k} {v}" for k, v in sorted(report.per_scale.items()) if k != "-")
    click.echo(f"{len(items)} {template_id} items" + (f" -> {out}" if out != "-" else ""), err=True)
    click.echo(f"  strata: {cells}", err=True)
    if scales:
        click.echo(f"  scales: {scales}", err=True)
    if report.false_premise:
        click.echo(f"  false-premise items: {report.false_premise}", err=True)
    if report.discarded:
        click.echo("  discarded: " + ", ".join(f"{k} {v}" for k, v in report.discarded.most_common()), err=True)
    if items:
        a = items[0].answer
        shown = f"{a:.3f} {items[0].unit or ''}" if isinstance(a, float) else a
        click.echo(f"  e.g. {items[0].question} -> {shown}", err=True)


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


def _generate_all(obj, seed, per_stratum, jobs, out, force):
    from kgbench.generator.benchmark import generate_all
    from kgbench.generator.dataset import ReleaseError, write_release
    from kgbench.kg.build import build_snapshot

    if not out or out == "-":
        raise click.UsageError("--all needs --out DIR")
    _output(out, folder=True, force=force)
    _open(obj)  # build and load the snapshot once, before any worker starts
    manifest = build_snapshot(obj.cache).manifest
    with _bar("generating all templates") as (bar, task):
        run = generate_all(cache=obj.cache, seed=seed, per_stratum=per_stratum, jobs=jobs,
                           progress=lambda tid, done, total: bar.update(task, completed=done, total=total))
    try:
        summary = write_release(run.items, out, reports=run.reports, unsatisfiable=run.unsatisfiable,
                                snapshot_manifest=manifest, seed=seed, force=force)
    except ReleaseError as exc:
        raise click.ClickException(str(exc)) from None
    click.echo(f"{summary.counts['large']} items ({summary.counts['small']} in the small split) -> {out}", err=True)
    for tid, why in run.unsatisfiable.items():
        click.echo(f"  unsatisfiable {tid}: {why}", err=True)


# ---------------------------------------------------------------------------------------------- gold
@main.command()
@click.argument("item_id", required=False)
@click.option("--dataset", type=click.Path(dir_okay=False), default="items.jsonl", show_default=True)
@click.option("--format", "fmt", type=click.Choice(["nt", "json", "text"]), default="nt", show_default=True)
@click.option("--all", "export_all", is_flag=True, help="Export every item's gold triples as N-Quads.")
@click.option("--out", "-o", type=click.Path(dir_okay=False), help="With --all: the N-Quads file to write.")
@_FORCE
def gold(item_id, dataset, fmt, export_all, out, force):
    """Show one item's gold triples, or export all of a dataset's as N-Quads (one named graph per item)."""
    from kgbench.generator.gold import export_gold_nquads, gold_as
    from kgbench.generator.items import read_jsonl

    if export_all:
        if not out:
            raise click.UsageError("--all needs --out FILE.nq")
        _output(out, [dataset], force=force)
        items = read_jsonl(dataset)
        n = export_gold_nquads(items, out)
        click.echo(f"{n:,} quads of {len(items)} items -> {out}", err=True)
        return
    if not item_id:
        raise click.UsageError("give an ITEM_ID, or --all --out FILE.nq")
    items = read_jsonl(dataset)
    by_id = {it.id: it for it in items}
    if item_id not in by_id:
        import difflib

        close = difflib.get_close_matches(item_id, list(by_id), n=3)
        raise click.ClickException(f"no item {item_id!r} in {dataset}" + (f"; did you mean {', '.join(close)}?" if close else ""))
    click.echo(gold_as(by_id[item_id], fmt), nl=fmt != "nt")


# ---------------------------------------------------------------------------------------------- templates
@main.group()
def templates():
    """List, show and validate the question templates."""


@templates.command("list")
@click.option("--no-check", is_flag=True, help="Skip checking satisfiability on the snapshot (faster).")
@click.pass_obj
def templates_list(obj, no_check):
    """Template ids: family, answer format, sub-templates, variants, satisfiable on the current snapshot."""
    from rich.console import Console
    from rich.table import Table

    from kgbench.generator.generate import GenerationReport, generate as run
    from kgbench.queries.template import load_template, template_ids

    kg_ = None if no_check else _open(obj)
    table = Table("id", "family", "answer format", "sub-templates", "variants", "satisfiable")
    ids = template_ids()
    with _bar("checking templates") as (bar, task):
        for k, tid in enumerate(ids):
            t = load_template(tid)
            nv = sum(len(s.variants) for s in t.sub_templates)
            sat = "-"
            if t.unsatisfiable:
                sat = f"no: {t.unsatisfiable}"
            elif kg_ is not None:
                report = GenerationReport(tid)
                sat = "yes" if run(tid, kg_, n=1, report=report) else f"no: {dict(report.discarded)}"
            table.add_row(t.id, t.family, " | ".join(t.answer_formats), str(len(t.sub_templates)), str(nv), sat)
            bar.update(task, completed=k + 1, total=len(ids))
    Console().print(table)


@templates.command("compile")
@click.argument("template_id")
@click.option("--sub", "sub_id", help="Sub-template id (default: the first).")
@click.option("--bind", "binds", multiple=True, metavar="ROLE=IRI",
              help="Bind a role to an entity IRI (or a category role to a category), repeatable.")
@click.option("--gold", is_flag=True, help="Print the gold-triples CONSTRUCT instead of the answer query.")
def templates_compile(template_id, sub_id, binds, gold):
    """Print a template's SPARQL with a sub-template's parameters (and any --bind roles) bound."""
    from pyoxigraph import Literal, NamedNode

    from kgbench.queries.template import load_template

    t = load_template(template_id)
    subs = {s.id: s for s in t.sub_templates}
    if sub_id and sub_id not in subs:
        raise click.ClickException(f"template {t.id} has no sub-template {sub_id!r} (has: {', '.join(subs)})")
    sub = subs[sub_id] if sub_id else t.sub_templates[0]
    bindings = {k: v if isinstance(v, (NamedNode, Literal)) else Literal(v) for k, v in sub.parameters.items()}
    for b in binds:
        role, sep, value = b.partition("=")
        if not sep or role not in t.roles:
            raise click.ClickException(f"--bind {b!r}: expected ROLE=VALUE with ROLE one of {', '.join(t.roles)}")
        bindings[role] = Literal(value) if t.roles[role].kind == "category" else NamedNode(value)
    if gold:
        click.echo("\n".join(t.compile_gold(bindings)) if bindings else t.gold_query, nl=False)
    else:
        click.echo(t.compile(bindings) if bindings else t.answer_query, nl=False)


@templates.command("show")
@click.argument("template_id")
def templates_show(template_id):
    """Print a template's data file."""
    from kgbench.queries.template import load_template

    click.echo(load_template(template_id).path.read_text(encoding="utf-8"), nl=False)


@templates.command("validate")
@click.argument("files", nargs=-1, type=click.Path())
def templates_validate(files):
    """Check template files or folders of them (default: all shipped): schema, duplicate keys, finite numbers,
    known units, read-only SPARQL that parses, placeholders, registered functions. Every problem of every
    file is listed."""
    from kgbench.queries.template import template_files, validate_templates

    problems = validate_templates(files or None)
    for p in problems:
        click.echo(p, err=True)
    checked = template_files(files or None)
    if problems:
        bad = sum(any(p.startswith(f"{f}: ") for p in problems) for f in checked)
        raise click.ClickException(f"{len(problems)} problem(s) in {bad} of {len(checked)} template file(s)")
    click.echo(f"{len(checked)} template file(s) valid")


# ---------------------------------------------------------------------------------------------- conformance
@main.command()
@click.argument("folder", required=False, type=click.Path(file_okay=False))
def conformance(folder):
    """Run the OGC GeoSPARQL Compliance Benchmark through kgbench's store and functions; print the score per requirement."""
    from kgbench.kg.conformance import main as run

    argv = [folder] if folder else []
    code = run(argv)
    if code:
        raise SystemExit(code)


# ---------------------------------------------------------------------------------------------- evaluate
@main.command()
@click.option("--dataset", required=True, type=click.Path(dir_okay=False), help="Items (JSONL).")
@click.option("--predictions", type=click.Path(dir_okay=False),
              help='Model answers (JSONL: {"id", "answer", "unit"}).')
@click.option("--baseline", type=click.Choice(["majority", "oracle"]),
              help="Score a baseline instead of predictions (oracle: answers from gold triples alone).")
@click.option("--format", "fmt", type=click.Choice(["table", "json"]), default="table", show_default=True)
@click.option("--save-predictions", type=click.Path(dir_okay=False), help="With --baseline: write its answers.")
@click.option("--context-budget", type=click.IntRange(min=1), default=None,
              help="With --baseline oracle: compute from the gold triples budgeted to this many tokens (chars/4).")
@_FORCE
def evaluate(dataset, predictions, baseline, fmt, save_predictions, context_budget, force):
    """Score predictions (or a baseline) against a dataset by answer format: EM, NE, coverage, refusal rates.

    A bad prediction record never stops the evaluation: it is reported as a warning naming its file and line.
    """
    from kgbench.generator.evaluate import evaluate as run

    if bool(predictions) == bool(baseline):
        raise click.UsageError("give --predictions FILE or --baseline majority|oracle")
    if save_predictions:
        if not baseline:
            raise click.UsageError("--save-predictions goes with --baseline")
        _output(save_predictions, [dataset], force=force)
    if baseline:
        from kgbench.generator.baselines import baseline_predictions
        from kgbench.generator.items import read_jsonl
        from kgbench.kg.paths import atomic_write

        items = read_jsonl(dataset)
        preds = baseline_predictions(items, baseline, context_budget=context_budget)
        if save_predictions:
            with atomic_write(save_predictions) as f:
                for p in preds:
                    f.write(json.dumps(p, ensure_ascii=False) + "\n")
        result = run([it.to_dict() for it in items], preds)
    else:
        result = run(dataset, predictions)
    _warn_all(result.warnings)
    click.echo(result.to_table() if fmt == "table" else result.to_json())


@main.command()
@click.argument("runs", nargs=-1, required=True, type=click.Path(dir_okay=False))
@click.option("--out", "-o", required=True, type=click.Path(file_okay=False), help="Report folder.")
@_FORCE
def report(runs, out, force):
    """Tables and plots (PNG + one HTML page) by family, format, KG, tiers (standardized), language, condition.

    Each RUN is a JSON file: {"dataset": ..., "predictions": ... or "baseline": "oracle", "model", "condition",
    "seed"} (or a list of them).
    """
    from kgbench.generator.report import build_report, report_files, report_table, run_inputs

    _output(out, run_inputs(runs), folder=True, members=report_files(), force=force)
    summary = build_report(list(runs), out)
    _warn_all(summary.warnings)
    click.echo(report_table(summary))
    click.echo(f"report -> {out}", err=True)


# ---------------------------------------------------------------------------------------------- prompts / run
@main.group()
def prompts():
    """Render items as prompts for an evaluation condition."""


@prompts.command("render")
@click.option("--condition", required=True,
              type=click.Choice(["T1", "T2", "T1-oracle-nt", "T1-oracle-json", "T1-oracle-verbalized", "T3-oracle",
                                 "T3a"]))
@click.option("--dataset", required=True, type=click.Path(dir_okay=False))
@click.option("--out", "-o", type=click.Path(dir_okay=False), help="Write prompts as JSON lines (default: stdout).")
@click.option("--context-budget", type=click.IntRange(min=1), default=32_000, show_default=True,
              help="Oracle prompts fit this many tokens (estimated as characters / 4); geometries are simplified.")
@_FORCE
def prompts_render(condition, dataset, out, context_budget, force):
    """Render every item of a dataset as a prompt (messages, answer JSON schema, metadata)."""
    from kgbench.generator.prompts import render_prompts

    if out:
        _output(out, [dataset], force=force)

    rows = render_prompts(dataset, condition, out, context_budget=context_budget)
    if not out:
        for r in rows:
            click.echo(json.dumps(r, ensure_ascii=False))
    else:
        click.echo(f"{len(rows)} {condition} prompts -> {out}", err=True)


@main.command("run")
@click.option("--prompts", "prompts_path", required=True, type=click.Path(dir_okay=False))
@click.option("--out", "-o", required=True, type=click.Path(dir_okay=False), help="Predictions (JSON lines).")
@click.option("--base-url", required=True, help="OpenAI-compatible API root, e.g. http://127.0.0.1:8000/v1")
@click.option("--model", required=True)
@click.option("--api-key", envvar="OPENAI_API_KEY", default=None, help="Default: $OPENAI_API_KEY.")
@click.option("--concurrency", type=click.IntRange(min=1), default=4, show_default=True)
@click.option("--retries", type=click.IntRange(min=0), default=3, show_default=True)
@click.option("--backoff", type=float, default=1.0, show_default=True, help="First retry delay (s), doubling.")
@click.option("--timeout", type=float, default=120.0, show_default=True)
@click.option("--response-cache", type=click.Path(file_okay=False), help="Per-item cache (default: OUT.cache).")
@click.option("--temperature", type=float, default=0.0, show_default=True)
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("--max-tokens", type=int, default=None)
@click.option("--max-steps", type=click.IntRange(min=1), default=10, show_default=True, help="Agent step budget.")
@click.option("--no-strict-schema", is_flag=True, help="Send the answer schema without strict mode.")
@click.option("--max-response-mb", type=click.FloatRange(min=0, min_open=True), default=8.0, show_default=True,
              help="Largest response body read (MiB); a larger reply is that item's error.")
@click.option("--unsafe-no-sandbox", is_flag=True,
              help="Run T3/T3a model code WITHOUT isolation when bubblewrap cannot run (unsafe; recorded).")
@click.pass_obj
def run_cmd(obj, prompts_path, out, base_url, model, api_key, concurrency, retries, backoff, timeout, response_cache,
            temperature, seed, max_tokens, max_steps, no_strict_schema, max_response_mb, unsafe_no_sandbox):
    """Run a model (any OpenAI-compatible chat-completions server) on rendered prompts; resumable.

    Rerunning the same command resumes: finished answers come from the response cache and OUT is rewritten
    with every prediction; items that failed (status "error") are asked again.
    """
    from kgbench.generator.runners import run

    _output(out, [prompts_path], resume=True)

    summary = run(prompts_path, out, base_url=base_url, model=model, api_key=api_key, concurrency=concurrency,
                  retries=retries, backoff=backoff, timeout=timeout, cache_dir=response_cache,
                  temperature=temperature, seed=seed, max_tokens=max_tokens, strict_schema=not no_strict_schema,
                  max_steps=max_steps, kg_cache=obj.cache, unsafe_no_sandbox=unsafe_no_sandbox,
                  max_response_bytes=int(max_response_mb * 1024 * 1024))
    click.echo(json.dumps(summary, indent=2, default=str))


@main.command()
@click.argument("release", type=click.Path(exists=True))
@click.option("--json", "as_json", is_flag=True, help="Print the figures and violations as JSON.")
@click.option("--context-budget", type=click.IntRange(min=1), default=32_000, show_default=True,
              help="Oracle prompt budget in tokens (estimated as characters / 4).")
@click.option("--no-prompts", is_flag=True, help="Skip rendering the oracle prompts (fast; rule 10 not judged).")
@click.option("--jobs", type=click.IntRange(min=1), default=2, show_default=True,
              help="Worker processes that fit the oracle prompts to the budget.")
def audit(release, as_json, context_budget, no_prompts, jobs):
    """Audit a release (folder or items JSONL) against the rules of issue 9; exit 1 when a rule is broken."""
    from kgbench.generator.audit import AuditRules, audit_release

    with _bar("fitting oracle prompts") as (bar, task):
        result = audit_release(release, rules=AuditRules(context_budget=context_budget), prompts=not no_prompts,
                               jobs=jobs, progress=lambda done, total: bar.update(task, completed=done, total=total))
    click.echo(result.to_json() if as_json else result.to_table())
    if not result.ok:
        raise SystemExit(1)


if __name__ == "__main__":
    main()

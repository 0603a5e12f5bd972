"""Commands that make and show items: ``generate``, ``gold`` and ``templates``."""

from __future__ import annotations


import click

from kgbench.cli._app import _err, _output, _FORCE, main, _open, _bar


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
@click.option("--cluster", default=None, metavar="ADDRESS",
              help="With --all: run the templates on a Dask cluster (dask://HOST:PORT or tcp://HOST:PORT) whose "
                   "workers see this cache folder; the release is the same as with --jobs 1.")
@click.option("--out", "-o", type=click.Path(), default=None,
              help="Items file (JSON lines; '-' for stdout; default items.jsonl), or with --all the release folder.")
@click.option("--language", "language", default=None, metavar="CODE",
              help="The items in this language only (ISO 639-3: fra, deu, jpn...), parallel to the English ones.")
@click.option("--languages", "languages", default=None, metavar="LIST",
              help="'all' (the 17 languages, English first) or codes separated by commas (eng is English): "
                   "the items in each, parallel items following their English one.")
@click.option("--resume", is_flag=True,
              help="With --all: keep the templates an interrupted run with the same options finished (kept in "
                   "OUT.partial/) and generate only the rest; the release is the same as an uninterrupted run's.")
@_FORCE
@click.pass_obj
def generate(obj, template_id, all_templates, n, seed, per_stratum, jobs, cluster, out, language, languages, resume,
             force):
    """Generate verified items of one template (or of all) over the bundled snapshot."""
    from kgbench.languages import parse_languages

    if bool(template_id) == bool(all_templates):
        raise click.UsageError("give --template ID or --all")
    if language and languages:
        raise click.UsageError("give --language CODE or --languages LIST, not both")
    try:
        codes = parse_languages(language or languages)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--language" if language else "--languages") from None
    if language and "," in language:
        raise click.BadParameter("one code (use --languages for several)", param_hint="--language")
    if cluster and not all_templates:
        raise click.UsageError("--cluster goes with --all")
    if cluster:
        from kgbench.release.workers import cluster_address

        try:
            cluster_address(cluster)
        except ValueError as exc:
            raise click.BadParameter(str(exc), param_hint="--cluster") from None
    if resume and not all_templates:
        raise click.UsageError("--resume goes with --all")
    if all_templates:
        _generate_all(obj, seed, per_stratum, jobs, out, force, codes, cluster, resume)
        return
    out = out or "items.jsonl"
    _output(out, force=force)
    from kgbench.generator.generate import GenerationReport
    from kgbench.release.checked import generate as run
    from kgbench.generator.items import write_jsonl
    from kgbench.queries.template import load_template

    load_template(template_id)  # fail fast on an unknown id, before any build
    kg_ = _open(obj)
    report = GenerationReport(template_id)
    with _bar(f"generating {template_id}") as (bar, task):
        items = run(template_id, kg_, n=n, seed=seed, per_stratum=per_stratum, report=report, languages=codes,
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
    click.echo(f"{len(items)} {template_id} items" + (f" in {len(codes)} languages" if len(codes) > 1 else
                                                        f" in {codes[0]}" if codes != ("eng",) else "")
               + (f" -> {out}" if out != "-" else ""), err=True)
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


def _generate_all(obj, seed, per_stratum, jobs, out, force, languages=("eng",), cluster=None, resume=False):
    from importlib.metadata import version

    from kgbench.release.benchmark import generate_all
    from kgbench.release.checkpoint import Checkpoint, checkpoint_folder
    from kgbench.release.dataset import ReleaseError, write_release

    if not out or out == "-":
        raise click.UsageError("--all needs --out DIR")
    _output(out, folder=True, force=force)
    # build and load the snapshot (bundled, or --snapshot DIR) once, before any worker starts; over an endpoint,
    # ask the server once here (one small ASK, not a query: that would fetch every triple), so that an
    # unreachable one fails before any work
    kg_ = _open(obj)
    if obj.endpoint:
        kg_.check()
    snapshot = kg_.snapshot
    manifest = snapshot.manifest if snapshot is not None else {"id": kg_.snapshot_id}
    folder = checkpoint_folder(out)
    if folder.exists() and not resume:
        _err(f"{folder}: an earlier run's finished templates; not used without --resume (now replaced)")
        Checkpoint(folder, {}).remove()
    checkpoint = Checkpoint(folder, {"seed": seed, "per_stratum": per_stratum, "languages": tuple(languages),
                                     "snapshot": kg_.snapshot_id, "kgbench": version("kgbench")})
    with _bar("generating all templates") as (bar, task):
        run = generate_all(cache=obj.cache, seed=seed, per_stratum=per_stratum, jobs=jobs, languages=languages,
                           cluster=cluster, snapshot=getattr(obj, "snapshot", None), endpoint=obj.endpoint,
                           checkpoint=checkpoint,
                           progress=lambda tid, done, total: bar.update(task, completed=done, total=total))
    if checkpoint.reused:
        click.echo(f"resumed: {len(checkpoint.reused)} finished tasks read back from {folder}", err=True)
    try:
        summary = write_release(run.items, out, reports=run.reports, unsatisfiable=run.unsatisfiable,
                                snapshot_manifest=manifest, seed=seed, force=force,
                                visual_kg=None if obj.endpoint else kg_)
    except ReleaseError as exc:
        raise click.ClickException(str(exc)) from None
    checkpoint.remove()
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
    from kgbench.generator.items import find_item, read_jsonl

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
    click.echo(gold_as(find_item(dataset, item_id), fmt), nl=fmt != "nt")


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

    from kgbench.generator.generate import GenerationReport
    from kgbench.release.checked import generate as run
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

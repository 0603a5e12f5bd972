"""Commands that use items: ``evaluate``, ``prompts``, ``run``, ``report``, ``audit`` and ``export``."""

from __future__ import annotations

import json

import click

from kgbench.cli._app import _warn_all, _open, _output, _FORCE, main, _bar


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
    from kgbench.evaluation.evaluate import evaluate as run

    if bool(predictions) == bool(baseline):
        raise click.UsageError("give --predictions FILE or --baseline majority|oracle")
    if save_predictions:
        if not baseline:
            raise click.UsageError("--save-predictions goes with --baseline")
        _output(save_predictions, [dataset], force=force)
    if baseline:
        from kgbench.evaluation.baselines import evaluate_baseline

        result = evaluate_baseline(dataset, baseline, context_budget=context_budget, save_predictions=save_predictions)
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
    from kgbench.evaluation.report import build_report, report_files, report_table, run_inputs

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
                                 "T3a", "T1-context", "T1-mcq", "T1-mcq-context", "T1-geojson", "T1-map",
                                 "T1-geojson-map"]))
@click.option("--dataset", required=True, type=click.Path(dir_okay=False))
@click.option("--out", "-o", type=click.Path(dir_okay=False), help="Write prompts as JSON lines (default: stdout).")
@click.option("--context-budget", type=click.IntRange(min=1), default=32_000, show_default=True,
              help="Oracle prompts fit this many tokens (estimated as characters / 4); geometries are simplified.")
@click.option("--options", "n_options", type=click.IntRange(2, 7), default=4, show_default=True,
              help="T1-mcq*: answer options per item (fewer where the format has fewer values), plus the fixed "
                   "refusal option.")
@click.option("--seed", type=int, default=0, show_default=True, help="T1-mcq*: the seed the options are drawn with.")
@click.option("--map-size", type=click.IntRange(min=200, max=4096), default=768, show_default=True,
              help="T1-map, T1-geojson-map: the map's width and height, pixels.")
@_FORCE
@click.pass_obj
def prompts_render(obj, condition, dataset, out, context_budget, n_options, seed, map_size, force):
    """Render every item of a dataset as a prompt (messages, answer JSON schema, metadata).

    T1-context and T1-mcq-context (and T1-mcq for entity-name, set and false-premise items) read the knowledge
    graph the items were generated from: the bundled snapshot, or --snapshot DIR / --endpoint URL. The map
    conditions embed each item's map (drawn over the snapshot's own basemap) in the user message as an image
    part (a base64 PNG data URL).
    """
    from kgbench.evaluation.choices import needs_kg
    from kgbench.evaluation.conditions import get_condition
    from kgbench.evaluation.prompts import render_prompts
    from kgbench.generator.items import read_jsonl

    if out:
        _output(out, [dataset], force=force)
    cond = get_condition(condition)
    kg = None
    if cond.context or cond.mcq:
        items = read_jsonl(dataset)
        if cond.context or any(needs_kg(it) for it in items):
            kg = _items_kg(obj, items, dataset)
    elif cond.image:
        kg = _open(obj)
    with _bar(f"rendering {condition} prompts") as (bar, task):
        rows = render_prompts(dataset, condition, out, context_budget=context_budget, n_options=n_options,
                              seed=seed, kg=kg, map_size=map_size,
                              progress=lambda done, total: bar.update(task, completed=done, total=total))
    if not out:
        for r in rows:
            click.echo(json.dumps(r, ensure_ascii=False))
    else:
        click.echo(f"{len(rows)} {condition} prompts -> {out}", err=True)


def _items_kg(obj, items, dataset):
    """Return the KG the items were generated from; one Error line when it is another snapshot."""
    kg = _open(obj)
    snapshots = sorted({it.snapshot for it in items})
    if snapshots and snapshots != [kg.snapshot_id]:
        raise click.ClickException(f"{dataset}: its items come from snapshot {', '.join(snapshots)}, but the "
                                   f"knowledge graph opened is {kg.snapshot_id}; give --snapshot DIR (or "
                                   f"--endpoint URL with --snapshot) of the items' snapshot")
    return kg


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
    from kgbench.evaluation.runners import RunConfig, run

    _output(out, [prompts_path], resume=True)
    config = RunConfig(base_url, model, api_key, concurrency=concurrency, retries=retries, backoff=backoff,
                       timeout=timeout, cache_dir=response_cache, temperature=temperature, seed=seed,
                       max_tokens=max_tokens, strict_schema=not no_strict_schema, max_steps=max_steps,
                       unsafe_no_sandbox=unsafe_no_sandbox, max_response_bytes=int(max_response_mb * 1024 * 1024))
    summary = run(prompts_path, out, config, kg_cache=obj.cache)
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
    from kgbench.release.audit import AuditRules, audit_release

    with _bar("fitting oracle prompts") as (bar, task):
        result = audit_release(release, rules=AuditRules(context_budget=context_budget), prompts=not no_prompts,
                               jobs=jobs, progress=lambda done, total: bar.update(task, completed=done, total=total))
    click.echo(result.to_json() if as_json else result.to_table())
    if not result.ok:
        raise SystemExit(1)


# ---------------------------------------------------------------------------------------------- export
@main.group()
def export():
    """Export a dataset for the eval harnesses people already use (lm-evaluation-harness)."""


@export.command("lm-eval")
@click.option("--dataset", required=True, type=click.Path(exists=True, dir_okay=False), help="Items (JSONL).")
@click.option("--out", "-o", required=True, type=click.Path(file_okay=False), help="Task folder (lm_eval --include_path).")
@click.option("--condition", "conditions", multiple=True,
              type=click.Choice(["T1", "T2", "T1-oracle-nt", "T1-oracle-json", "T1-oracle-verbalized", "T1-context",
                                 "T1-mcq", "T1-mcq-context"]),
              help="A single-turn condition to export (repeatable; default: the five that need no KG).")
@click.option("--context-budget", type=click.IntRange(min=1), default=32_000, show_default=True,
              help="Oracle prompts fit this many tokens (estimated as characters / 4).")
@click.option("--max-gen-toks", type=click.IntRange(min=1), default=1024, show_default=True,
              help="Largest reply lm-eval asks for.")
@click.option("--options", "n_options", type=click.IntRange(2, 7), default=4, show_default=True,
              help="Answer options of T1-mcq / T1-mcq-context (besides 'none of these').")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the multiple-choice options.")
@_FORCE
@click.pass_obj
def export_lm_eval(obj, dataset, out, conditions, context_budget, max_gen_toks, n_options, seed, force):
    """Write lm-evaluation-harness tasks: one YAML per condition, a group per family, the data and a utils.py.

    T1-context, T1-mcq and T1-mcq-context are rendered now, with the knowledge graph the items were generated
    from (the bundled snapshot, or --snapshot DIR / --endpoint URL).

    Then: lm_eval --include_path OUT --tasks kgbench --apply_chat_template --model local-chat-completions
    --model_args base_url=http://127.0.0.1:8000/v1/chat/completions,model=NAME (utils.py imports kgbench).
    """
    from kgbench.evaluation.harness import HARNESS_CONDITIONS, KG_CONDITIONS
    from kgbench.generator.items import read_jsonl
    from kgbench.release.lm_eval_export import export_lm_eval as write

    _output(out, [dataset], folder=True, force=force)
    kg = None
    if set(conditions) & set(KG_CONDITIONS):
        kg = _items_kg(obj, read_jsonl(dataset), dataset)
    with _bar("rendering and writing the tasks"):
        done = write(dataset, out, conditions=list(conditions) or HARNESS_CONDITIONS, force=force,
                     context_budget=context_budget, max_gen_toks=max_gen_toks, n_options=n_options, seed=seed, kg=kg)
    click.echo(f"{done.n_items} items, {len(done.tasks)} tasks, groups {', '.join(done.groups)} -> {out}", err=True)


# ---------------------------------------------------------------------------------------------- scenes
@main.command("scenes")
@click.option("--dataset", required=True, type=click.Path(dir_okay=False), help="Items (JSON lines).")
@click.option("--out", "-o", required=True, type=click.Path(file_okay=False),
              help="Folder to write: <id>.geojson, <id>.png, <id>.transform.json per item, and index.jsonl.")
@click.option("--size", type=click.IntRange(min=200, max=4096), default=768, show_default=True,
              help="Width and height of each map, pixels.")
@click.option("--no-basemap", is_flag=True, help="Draw the task features alone (do not open the KG).")
@_FORCE
@click.pass_obj
def scenes(obj, dataset, out, size, no_basemap, force):
    """Write each item's scene as RFC 7946 GeoJSON and as a PNG map (Web Mercator) with its pixel transform."""
    from kgbench.evaluation.scenes import write_scenes
    from kgbench.generator.items import read_jsonl

    _output(out, [dataset], folder=True, force=force)
    items = read_jsonl(dataset)
    kg = None if no_basemap else _open(obj)
    with _bar("drawing scenes") as (bar, task):
        index = write_scenes(items, out, kg=kg, size=size,
                             progress=lambda done, total: bar.update(task, completed=done, total=total))
    click.echo(f"{len(index)} scenes -> {out}", err=True)

"""Parallel items: every template's items in every language share everything but the question, which is the
variant's translation with the snapshot's localized names; the command line makes them."""

from __future__ import annotations

import json
import re

import pytest
from click.testing import CliRunner

from kgbench.cli import main
from kgbench.generator.localize import id_stem, localize_item, localize_items, localized_share
from kgbench.languages import LANGUAGE_CODES, get_language
from kgbench.queries.template import template_ids

TRANSLATED = [c for c in LANGUAGE_CODES if c != "eng"]
SHARED = ("template_id", "template_version", "sub_template_id", "variant_id", "answer_format", "answer", "unit",
          "false_premise", "perturbation", "entities", "bindings", "sparql", "gold_triples", "kg", "stratum",
          "snapshot", "scale")


@pytest.fixture(scope="module")
def parallel(made, kg):
    made.prefetch(template_ids())
    english = [it for tid in template_ids() for it in made(tid)[0]]
    return english, localize_items(kg, english, LANGUAGE_CODES)


def test_parallel_items_share_everything_but_the_question(parallel):
    english, items = parallel
    assert len(items) == len(english) * len(LANGUAGE_CODES)
    by_id = {it.id: it for it in english}
    for it in items:
        en = by_id[id_stem(it)]
        assert it.id == en.id if it.language == "eng" else it.id == f"{en.id}-{it.language}"
        for key in SHARED:
            assert getattr(it, key) == getattr(en, key), (it.id, key)
        if it.language != "eng":
            assert it.question != en.question, it.id
            assert not re.search(r"\{[A-Za-z_]+(:[^{}]*)?\}", it.question), it.question
            assert list(it.acceptable[: len(en.acceptable)]) == list(en.acceptable)
            assert it.localization["edits"], it.id


def test_no_item_lists_an_acceptable_name_twice_or_its_answer_among_them(parallel):
    _, items = parallel
    with_names = 0
    for it in items:
        names = [a.casefold() for a in it.acceptable if isinstance(a, str)]
        assert len(names) == len(set(names)), (it.id, it.acceptable)
        if isinstance(it.answer, str):
            assert it.answer.casefold() not in names, (it.id, it.answer)
        with_names += bool(names)
    assert with_names > 100


def test_every_template_has_parallel_items_in_every_language(parallel):
    _, items = parallel
    have = {(it.template_id, it.language) for it in items}
    templates = {it.template_id for it in items}
    assert {(t, c) for t in templates for c in LANGUAGE_CODES} <= have


@pytest.mark.slow  # 15-20 s: run by CI's slow step (the suite keeps under 15 minutes)
def test_country_names_are_the_snapshots_labels(parallel, kg):
    """A country named in a question is written as the snapshot's label in that language (CLDR)."""
    _, items = parallel
    checked = 0
    for it in items:
        if it.language == "eng":
            continue
        tag = get_language(it.language).bcp47
        for role, mention in it.localization["names"].items():
            ent = it.entities.get(role)
            if mention["kind"] != "country" or not ent or "iri" not in ent or ent["name"] != _canonical(kg, ent["iri"]):
                continue
            labels = [r["l"].value for r in kg.query("SELECT ?l WHERE { ?e rdfs:label ?l }",
                                                      bindings={"e": _iri(ent["iri"])}) if r["l"].language == tag]
            if labels:
                assert mention["localized"] and mention["text"] == labels[0], (it.id, mention, labels)
                checked += 1
    assert checked > 100


def test_entity_and_set_answers_accept_their_localized_names(parallel, kg):
    """A country answer (alone or in a set) is also accepted under its label in the item's language."""
    _, items = parallel
    found = 0
    for it in items:
        if it.language == "eng" or it.answer is None:
            continue
        if it.answer_format == "Entity name (single)":
            members, accepted = [it.answer], lambda name, label: label in it.acceptable
        elif it.answer_format == "Set enumeration":
            aliases = {m: a for entry in it.acceptable if isinstance(entry, dict) for m, a in entry.items()}
            members, accepted = list(it.answer), lambda name, label: label in aliases.get(name, [])
        else:
            continue
        tag = get_language(it.language).bcp47
        for name in members:
            rows = list(kg.query("SELECT ?e WHERE { GRAPH kgbg:naturalearth { ?e kgb:canonicalName ?n } }",
                                 bindings={"n": _lit(name)}))
            if not rows:
                continue
            labels = [r["l"].value for r in kg.query("SELECT ?l WHERE { ?e rdfs:label ?l }",
                                                      bindings={"e": rows[0]["e"]}) if r["l"].language == tag]
            if labels and labels[0] != name:
                assert accepted(name, labels[0]), (it.id, name, labels[0], it.acceptable)
                found += 1
    assert found > 0


def test_localized_share_counts_mentions_and_edits(parallel):
    _, items = parallel
    share = localized_share(items)
    assert set(share) == set(TRANSLATED)
    for code, row in share.items():
        assert row["items"] == sum(1 for it in items if it.language == code)
        assert 0 < row["localized_share"] <= 1 and 0 <= row["edited_share"] <= 1


def test_only_english_items_are_localized(parallel, kg):
    _, items = parallel
    fra = next(it for it in items if it.language == "fra")
    with pytest.raises(ValueError, match="made from English items"):
        localize_item(kg, fra, "deu")


@pytest.mark.slow  # 15-20 s: run by CI's slow step (the suite keeps under 15 minutes)
def test_cli_generates_one_language_or_all(cache, snapshot, tmp_path):
    runner = CliRunner()
    out = tmp_path / "fra.jsonl"
    r = runner.invoke(main, ["--cache-dir", str(cache), "generate", "--template", "A1", "--n", "4",
                             "--language", "fra", "--out", str(out)], catch_exceptions=False)
    assert r.exit_code == 0, r.output
    fra = [json.loads(x) for x in out.read_text().splitlines()]
    assert fra and {it["language"] for it in fra} == {"fra"} and all(it["id"].endswith("-fra") for it in fra)
    out = tmp_path / "all.jsonl"
    r = runner.invoke(main, ["--cache-dir", str(cache), "generate", "--template", "A1", "--n", "4",
                             "--languages", "all", "--out", str(out)], catch_exceptions=False)
    assert r.exit_code == 0, r.output
    every = [json.loads(x) for x in out.read_text().splitlines()]
    assert len(every) == 17 * len(fra)
    assert {it["id"] for it in every if it["language"] == "fra"} == {it["id"] for it in fra}
    r = runner.invoke(main, ["--cache-dir", str(cache), "generate", "--template", "A1", "--language", "xyz",
                             "--out", str(tmp_path / "x.jsonl")])
    assert r.exit_code != 0 and "unknown language 'xyz'" in r.output


def _iri(value):
    from pyoxigraph import NamedNode
    return NamedNode(value)


def _lit(value):
    from pyoxigraph import Literal
    return Literal(value)


def _canonical(kg, iri):
    rows = list(kg.query("SELECT ?n WHERE { ?e kgb:canonicalName ?n }", bindings={"e": _iri(iri)}))
    return rows[0]["n"].value if rows else None


def test_a_release_writes_shared_fields_once_and_reads_them_back(parallel, tmp_path):
    import pyarrow.parquet as pq

    from kgbench.generator.items import DatasetError, read_jsonl
    from kgbench.release.dataset import read_parquet, write_release

    english, items = parallel
    chosen = {id_stem(it) for it in english if it.template_id in ("A1", "C3", "K5")}
    items = [it for it in items if id_stem(it) in chosen]
    summary = write_release(items, tmp_path / "rel", baselines=False)
    large = summary.paths["large/jsonl"]
    assert read_jsonl(large) == items
    lines = [json.loads(x) for x in large.read_text(encoding="utf-8").splitlines()]
    short = [d for d in lines if d["language"] != "eng"]
    assert short and all("gold_triples" not in d and d["parallel_of"] == d["id"].rsplit("-", 1)[0] for d in short)
    fra = [it for it in items if it.language == "fra"]
    fra_file = summary.paths["large/fra/parquet"]
    assert pq.read_table(fra_file, columns=["gold_triples"]).column(0).null_count == len(fra)
    assert read_parquet(fra_file) == fra
    assert read_parquet(summary.paths["large/parquet"]) == items
    (tmp_path / "rel" / "large" / "eng" / "items.parquet").unlink()
    with pytest.raises(DatasetError, match=r"eng/items.parquet, which is missing"):
        read_parquet(fra_file)
    alone = tmp_path / "alone.jsonl"
    alone.write_text(large.read_text(encoding="utf-8").splitlines()[1] + "\n", encoding="utf-8")
    with pytest.raises(DatasetError, match="which no earlier line holds"):
        read_jsonl(alone)

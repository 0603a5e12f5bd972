"""Tests of the release writer: files, JSONL/Parquet agreement, the small split, the card, validation, atomicity."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from kgbench.release import dataset
from kgbench.release.dataset import (SMALL_CAP, ReleaseError, read_parquet, select_small, write_release)
from kgbench.evaluation.formats import FORMAT_NAMES
from kgbench.generator.generate import GenerationReport
from kgbench.generator.gold import item_graph
from kgbench.generator.items import Item, read_jsonl

FIN = {"country": "FIN", "income_tier": "HIC", "density_tier": "high"}
STRATA = [
    {"country": "FIN", "income_tier": "HIC", "density_tier": "high"},
    {"country": "SWE", "income_tier": "HIC", "density_tier": "low"},
    {"country": "BRA", "income_tier": "UMC", "density_tier": "medium"},
    {"country": "IND", "income_tier": "LMC", "density_tier": "high"},
    {"country": "TCD", "income_tier": "LIC", "density_tier": "low"},
    {"country": "ATA", "income_tier": "NA", "density_tier": "low"},
]

#: one valid gold answer (and unit) of every answer format, with a template id of a plausible family
SAMPLES = {
    "Boolean / ternary": ("C1", "true", None),
    "Entity name (single)": ("A4", "Helsinki", None),
    "Predefined / cardinal direction": ("J1", "NE", None),
    "Set enumeration": ("C5", ["Espoo", "Vantaa"], None),
    "H3 / S2 cell index": ("H1", "8a1fb46622dffff", "h3"),
    "Geohash": ("H2", "ud9wr", None),
    "Composite (H3 + S2)": ("H3", {"h3": "8a1fb46622dffff", "s2": "47e672074"}, None),
    "Distance": ("A1", 12.5, "km"),
    "Area": ("K1", 3.25, "km2"),
    "Count": ("B1", 4, None),
    "Ratio (dimensionless)": ("K5", 0.4, None),
    "Point coordinates": ("N1", {"lat": 60.17, "lon": 24.94}, None),
    "Polar (angle, distance)": ("M1", {"angle": 45.0, "distance": 3.0}, "km"),
    "Polygon / bounding box": ("N2", "POLYGON ((24 60, 25 60, 25 61, 24 61, 24 60))", None),
    "Date": ("I3", "2020-05-04", None),
}


def make(n: int, template_id: str = "A1", answer_format: str = "Distance", answer=1.5, unit="km", *,
         kg: str = "osm", stratum=FIN, false_premise: bool = False, acceptable=(), item_id: str | None = None) -> Item:
    """Return a synthetic item; its gold triple names the item so that graphs can be told apart."""
    iid = item_id or f"{template_id}-{kg}-{n:04d}"
    return Item(id=iid, template_id=template_id, template_version=1, sub_template_id=f"{template_id}-1",
                variant_id=f"{template_id}-1.v1", language="eng", question=f"Question {n} of {template_id}?",
                answer_format=answer_format, answer=answer, unit=unit, acceptable=list(acceptable),
                false_premise=false_premise, perturbation={"kind": "swap"} if false_premise else None,
                entities={"A": {"iri": f"http://example.org/{n}", "name": f"Place {n}"}},
                bindings={"A": f"http://example.org/{n}", "k": n}, sparql="SELECT ?answer WHERE {}",
                gold_triples=f'<http://example.org/{n}> <http://example.org/name> "{iid}" .\n', kg=kg,
                stratum=dict(stratum), snapshot="snap-1", scale="urban" if answer_format == "Distance" else None)


def varied() -> list[Item]:
    """Return items of every answer format, two KGs, every stratum, with a false premise and aliases."""
    items = []
    for i, (fmt, (tid, answer, unit)) in enumerate(SAMPLES.items()):
        for j, kg in enumerate(("osm", "geonames")):
            items.append(make(2 * i + j, tid, fmt, answer, unit, kg=kg, stratum=STRATA[(i + j) % len(STRATA)]))
    items.append(make(99, "A4", "Entity name (single)", None, None, false_premise=True))
    items.append(make(98, "A4", "Entity name (single)", "Turku", None, acceptable=["Åbo"]))
    return items


MANIFEST = {"id": "snap-1", "sources": [
    {"name": "osm:helsinki", "file": "Helsinki.osm.pbf", "sha256": "0" * 64, "licence": "ODbL-1.0",
     "attribution": "© OpenStreetMap contributors"},
    {"name": "geonames:cities15000", "file": "cities15000.json", "sha256": "1" * 64, "licence": "CC-BY-4.0",
     "attribution": "GeoNames (www.geonames.org), licensed under CC BY 4.0"}]}


@pytest.fixture()
def release(tmp_path):
    items = varied()
    summary = write_release(items, tmp_path / "rel", snapshot_manifest=MANIFEST, seed=3,
                            unsatisfiable={"D1": "no road network in the snapshot"})
    return items, summary


def test_files_exist_and_jsonl_parquet_agree(release):
    items, summary = release
    out = summary.out_dir
    assert sorted(summary.paths) == ["card", "gold", "large/jsonl", "large/parquet", "small/jsonl",
                                     "small/parquet", "stats"]
    for path in summary.paths.values():
        assert path.is_file() and path.stat().st_size > 0, path
        assert out in path.parents
    assert read_jsonl(summary.paths["large/jsonl"]) == [Item.from_dict(json.loads(it.to_json())) for it in items]
    for split in ("large", "small"):
        assert read_parquet(summary.paths[f"{split}/parquet"]) == read_jsonl(summary.paths[f"{split}/jsonl"])
    assert summary.counts["large"] == len(items)
    cells = Counter((it.kg, it.template_id[0]) for it in items)
    # 15% of 32 items is 4, under the one-item-per-cell floor: every cell keeps exactly one item
    assert summary.counts["small"] == len(cells) == dataset.small_cap(cells.values()) * len(cells)
    assert not [p for p in out.parent.iterdir() if p.name.startswith(".rel.")]  # no temp folder left


def test_parquet_columns_are_typed(release):
    pq = pytest.importorskip("pyarrow.parquet", reason="pyarrow is not installed")
    _, summary = release
    table = pq.read_table(summary.paths["large/parquet"])
    rows = {r["id"]: r for r in table.to_pylist()}
    assert str(table.schema.field("stratum").type) == \
        "struct<country: string, income_tier: string, density_tier: string>"
    distance = rows["A1-osm-0014"]
    assert distance["answer_number"] == 12.5 and json.loads(distance["answer"]) == 12.5
    assert distance["family"] == "A" and distance["stratum"]["country"] == "SWE"
    point = next(r for r in rows.values() if r["answer_format"] == "Point coordinates")
    assert point["answer_number"] is None and json.loads(point["answer"]) == {"lat": 60.17, "lon": 24.94}


def test_gold_nquads_one_graph_per_item(release):
    items, summary = release
    lines = summary.paths["gold"].read_text(encoding="utf-8").splitlines()
    assert len(lines) == summary.counts["gold_quads"] == len(items)
    graphs = {line.rsplit(" ", 2)[-2] for line in lines}
    assert graphs == {f"<{item_graph(it.id).value}>" for it in items}
    line = next(line for line in lines if '"C5-osm-0006"' in line)
    assert line.endswith(f"<{item_graph('C5-osm-0006').value}> .")


def test_stats_json(release):
    items, summary = release
    stats = json.loads(summary.paths["stats"].read_text(encoding="utf-8"))
    large = stats["splits"]["large"]
    assert stats["kind"] == "kgbench-release" and stats["seed"] == 3 and stats["snapshot"]["id"] == "snap-1"
    assert large["items"] == len(items) and large["false_premise"] == 1
    assert large["false_premise_share"] == round(1 / len(items), 4)
    assert list(large["families"]) == list("ABCDEFGHIJKLMN")
    assert list(large["answer_formats"]) == list(FORMAT_NAMES)
    assert all(large["answer_formats"][f] >= 2 for f in FORMAT_NAMES)
    assert large["kgs"] == dict(Counter(it.kg for it in items))
    assert large["grid"]["rows"] == ["LIC", "LMC", "UMC", "HIC", "NA"]
    assert large["grid"]["columns"] == ["low", "medium", "high"]
    assert sum(sum(r.values()) for r in large["grid"]["counts"].values()) == len(items)
    assert "TCD" in large["grid"]["countries"]["LIC"] and "ATA" in large["grid"]["countries"]["NA"]
    assert stats["unsatisfiable"] == {"D1": "no road network in the snapshot"}
    assert [s["licence"] for s in stats["snapshot"]["sources"]] == ["ODbL-1.0", "CC-BY-4.0"]


def test_card_front_matter_tables_grid_and_sources(release):
    import yaml

    items, summary = release
    card = summary.paths["card"].read_text(encoding="utf-8")
    assert card.startswith("---\n")
    meta = yaml.safe_load(card.split("---\n")[1])
    assert [(c["config_name"], c["data_files"][0]["path"]) for c in meta["configs"]] == \
        [("large", "large/items.parquet"), ("small", "small/items.parquet")]
    assert meta["language"] == ["en"]
    grid = card[card.index("## Income x density grid"):card.index("**small**")]
    rows = [line for line in grid.splitlines() if line.startswith("| ") and not line.startswith("| income")]
    assert [r.split(" | ")[0][2:] for r in rows] == ["LIC", "LMC", "UMC", "HIC", "NA"]
    hic = next(r for r in rows if r.startswith("| HIC "))
    assert "FIN (" in hic and "SWE (" in hic and "BRA" not in hic
    lic = next(r for r in rows if r.startswith("| LIC "))
    tcd = sum(1 for it in items if it.stratum["country"] == "TCD")
    assert lic.split(" | ")[1:4] == [str(tcd), "0", "0"] and f"TCD ({tcd})" in lic  # all TCD items are low density
    assert "| A | Metric distance |" in card and "| N | Coordinates |" in card
    small_polygons = sum(1 for it in read_jsonl(summary.paths["small/jsonl"])
                         if it.answer_format == "Polygon / bounding box")
    assert f"| Polygon / bounding box | 2 | {small_polygons} |" in card
    assert "| osm | " in card and "| geonames | " in card
    assert "| D1 | no road network in the snapshot |" in card
    assert "ODbL-1.0" in card and "© OpenStreetMap contributors" in card
    assert "snap-1" in card and "## How answers were computed" in card
    assert "| A4 | 1 | A | Entity name (single) |" in card


def test_card_limitations_false_premises_baselines_design_licences(release):
    items, summary = release
    card = summary.paths["card"].read_text(encoding="utf-8")
    stats = json.loads(summary.paths["stats"].read_text(encoding="utf-8"))
    limits = card[card.index("## Limitations"):]
    for phrase in ("central Helsinki and Karhula", "15,000", "not from a population raster", "circular",
                   "simplified (topology-preserving)"):
        assert phrase in limits, phrase
    fp = card[card.index("## False premises"):card.index("## Baselines")]
    assert '"answer": null' in fp and "negative-rejection rate" in fp and "presupposition" in fp
    # the majority: each sub-template's most frequent gold; only A4's "Turku" item differs from its majority
    answerable = [it for it in items if not it.false_premise]
    majority = stats["baselines"]["majority"]["large"]
    assert majority["em"] == pytest.approx((len(answerable) - 1) / len(answerable))
    assert majority["negative_rejection_rate"] == 0.0
    assert f"| {100 * majority['em']:.1f}% |" in card[card.index("## Baselines"):]
    oracle = stats["baselines"]["oracle"]["small"]
    assert 0 < oracle["not_run"] <= oracle["n"]  # synthetic items of unknown sub-templates: scored as missing
    assert "the benchmark specification in spec/ (templates.tsv, scoring.md)" in card
    assert "Beyond them" not in card  # only templates of the specification in this release
    assert "| family E (Administrative hierarchy) | 0.0% | 8.8% |" in card
    osm = sorted({it.template_id for it in items if it.kg == "osm"})
    assert list(stats["osm_derived"]) == sorted(osm, key=lambda t: (t[0], int(t[1:])))
    licence = card[card.index("Licence consequences"):]
    assert "ODbL" in licence and "share-alike" in licence
    assert f"This release has {sum(1 for it in items if it.kg == 'osm')} such items" in licence


def test_datasets_loads_parquet_and_round_trips_answers(release, tmp_path, monkeypatch):
    monkeypatch.setenv("HF_DATASETS_OFFLINE", "1")
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    monkeypatch.setenv("HF_HOME", str(tmp_path / "hf-home"))
    datasets = pytest.importorskip("datasets", reason="the Hugging Face datasets library is not installed")
    items, summary = release
    cache = str(tmp_path / "hf-cache")
    ds = datasets.load_dataset("parquet", data_files=str(summary.paths["large/parquet"]), cache_dir=cache)["train"]
    assert ds.num_rows == len(items)
    by_id = {it.id: it for it in items}
    for row in ds:
        it = by_id[row["id"]]
        assert json.loads(row["answer"]) == json.loads(json.dumps(it.answer))
        assert json.loads(row["acceptable"]) == it.acceptable and json.loads(row["entities"]) == it.entities
        assert row["stratum"] == it.stratum and row["false_premise"] == it.false_premise
    small = datasets.load_dataset(str(summary.out_dir), "small", cache_dir=cache)["test"]
    assert sorted(small["id"]) == sorted(it.id for it in read_jsonl(summary.paths["small/jsonl"]))


def crowded(n_per: int = 60) -> list[Item]:
    """Return more than SMALL_CAP items in the (osm, A) cell over three templates and four strata, plus others."""
    items = []
    for tid, per in (("A1", n_per), ("A2", n_per), ("A9", n_per // 6)):
        for s, stratum in enumerate(STRATA[:4]):
            items += [make(1000 * s + i, tid, stratum=stratum) for i in range(per)]
    items += [make(i, "B1", "Count", i, None) for i in range(30)]
    items += [make(i, "A1", kg="geonames") for i in range(30)]
    return items


def test_small_split_cap_spread_and_deterministic(tmp_path):
    items = crowded()
    cell = [it for it in items if it.kg == "osm" and it.template_id.startswith("A")]
    assert len(cell) > SMALL_CAP
    small = select_small(items, seed=7, share=1.0)  # the per-cell cap alone
    counts = Counter((it.kg, it.template_id[0]) for it in small)
    assert counts == {("osm", "A"): SMALL_CAP, ("osm", "B"): 30, ("geonames", "A"): 30}
    in_cell = [it for it in small if it.kg == "osm" and it.template_id[0] == "A"]
    per_template = Counter(it.template_id for it in in_cell)
    assert per_template["A9"] == 40 and per_template["A1"] == per_template["A2"] == 80  # A9 has only 40
    per_stratum = Counter((it.template_id, it.stratum["country"]) for it in in_cell)
    assert {n for (t, _), n in per_stratum.items() if t in ("A1", "A2")} == {20}
    assert sorted(per_stratum) == sorted({(t, s["country"]) for t in ("A1", "A2", "A9") for s in STRATA[:4]})
    first_ids = {it.id for it in cell[:SMALL_CAP]}
    assert {it.id for it in in_cell} != first_ids  # not just the first 200
    assert [it.id for it in small] == [it.id for it in items if it.id in {s.id for s in small}]  # input order
    assert select_small(items, seed=7, share=1.0) == small
    shuffled = items[:]
    random.Random(1).shuffle(shuffled)
    assert {it.id for it in select_small(shuffled, seed=7, share=1.0)} == {it.id for it in small}
    assert {it.id for it in select_small(items, seed=8, share=1.0)} != {it.id for it in small}

    # the release's small split: the cap lowered until it holds at most 15% of the items
    summary = write_release(items, tmp_path / "rel", seed=7)
    released = select_small(items, seed=7)
    assert summary.counts["small"] == len(released) <= 0.15 * len(items)
    assert [it.id for it in read_jsonl(summary.paths["small/jsonl"])] == [it.id for it in released]
    stats = json.loads(summary.paths["stats"].read_text(encoding="utf-8"))
    cap = stats["small_rule"]["effective_cap"]
    sizes = Counter((it.kg, it.template_id[0]) for it in items)
    assert stats["splits"]["small"]["kg_family"] == {f"{k}/{f}": min(n, cap) for (k, f), n in sizes.items()}
    assert sum(min(n, cap + 1) for n in sizes.values()) > 0.15 * len(items)  # the largest cap that fits
    assert stats["splits"]["large"]["kg_family"]["osm/A"] == len(cell)


def test_release_is_byte_for_byte_reproducible(tmp_path):
    items = crowded(20)
    a = write_release(items, tmp_path / "a", seed=1)
    b = write_release(items, tmp_path / "b", seed=1)
    for key, path in a.paths.items():
        assert path.read_bytes() == b.paths[key].read_bytes(), key


def test_schema_invalid_item_is_rejected_by_id(tmp_path):
    out = tmp_path / "rel"
    bad = make(1, "B1", "Count", "three", None, item_id="B1-bad-count")
    with pytest.raises(ReleaseError, match=r"item B1-bad-count: answer 'three' does not fit the Count schema"):
        write_release([make(0), bad], out)
    assert not out.exists()
    cases = {
        "A1-no-unit": (make(2, unit="furlong", item_id="A1-no-unit"), "unit"),
        "N2-no-area": (make(3, "N2", "Polygon / bounding box", "POLYGON ((0 0, 1 1, 0 0))", None,
                            item_id="N2-no-area"), "polygon"),
        "A4-null": (make(4, "A4", "Entity name (single)", None, None, item_id="A4-null"), "None"),
        "X1-format": (make(5, "X1", "Colour", "red", None, item_id="X1-format"), "unknown answer format"),
        "A1-nan": (make(8, answer=float("nan"), item_id="A1-nan"), "not JSON-serializable"),
        "A1-stratum": (make(9, stratum={**FIN, "region": "x"}, item_id="A1-stratum"), "stratum has keys ['region']"),
        "C5-alias": (make(6, "C5", "Set enumeration", ["a"], None, acceptable=[{"a": "b"}], item_id="C5-alias"),
                     "acceptable.0.a 'b' does not fit the Set enumeration schema"),
    }
    for iid, (item, words) in cases.items():
        with pytest.raises(ReleaseError) as exc:
            write_release([make(0), item], out)
        assert f"item {iid}: " in str(exc.value) and words in str(exc.value), str(exc.value)
    with pytest.raises(ReleaseError, match=r"item A1-osm-0000: id used by 2 items"):
        write_release([make(0), make(0)], out)
    assert not out.exists()
    fp = make(7, "A4", "Entity name (single)", None, None, false_premise=True)
    assert write_release([fp], out).counts["false_premise"] == 1  # a false premise may have no answer


def test_every_problem_is_listed_with_a_total(tmp_path):
    bad = [make(i, "B1", "Count", "many", None) for i in range(25)]
    with pytest.raises(ReleaseError) as exc:
        write_release(bad, tmp_path / "rel")
    message = str(exc.value)
    assert message.startswith("25 item problem(s), nothing written") and "... and 5 more" in message


def test_interrupted_write_leaves_previous_release(tmp_path, monkeypatch):
    out = tmp_path / "rel"
    write_release([make(i) for i in range(5)], out)
    before = {p.relative_to(out): p.read_bytes() for p in out.rglob("*") if p.is_file()}

    def fail(*args, **kwargs):
        raise OSError("disk full")

    monkeypatch.setattr(dataset, "export_gold_nquads", fail)
    with pytest.raises(OSError, match="disk full"):
        write_release([make(i) for i in range(9)], out, force=True)
    after = {p.relative_to(out): p.read_bytes() for p in out.rglob("*") if p.is_file()}
    assert after == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["rel"]  # the temporary folder is gone
    monkeypatch.undo()
    with pytest.raises(ReleaseError, match="pass --force"):
        write_release([make(i) for i in range(9)], out)  # a release is not replaced unasked
    assert write_release([make(i) for i in range(9)], out, force=True).counts["large"] == 9  # but when told
    assert len(read_jsonl(out / "large" / "items.jsonl")) == 9


def test_refuses_to_replace_a_folder_that_is_not_a_release(tmp_path):
    out = tmp_path / "mine"
    out.mkdir()
    (out / "notes.txt").write_text("keep me")
    with pytest.raises(ReleaseError, match="not a kgbench release"):
        write_release([make(0)], out)
    assert (out / "notes.txt").read_text() == "keep me"
    (tmp_path / "file").write_text("x")
    with pytest.raises(ReleaseError, match="not a folder"):
        write_release([make(0)], tmp_path / "file")
    empty = tmp_path / "empty"
    empty.mkdir()
    assert write_release([make(0)], empty).counts["large"] == 1


def test_snapshot_of_items_must_match_the_manifest(tmp_path):
    with pytest.raises(ReleaseError, match=r"snapshot\(s\) \['snap-1'\], not the manifest's 'other'"):
        write_release([make(0)], tmp_path / "rel", snapshot_manifest={"id": "other"})


def test_unsatisfiable_templates_from_reports(tmp_path):
    empty = GenerationReport("C9")
    empty.discarded.update({"no answer": 12, "geo function failure": 3})
    explained = GenerationReport("D1")
    ok = GenerationReport("A1", items=3)
    ok.per_cell["HIC/high"] = 3
    ok.warnings.append("geof:distance failed on a null geometry")
    summary = write_release([make(i) for i in range(3)], tmp_path / "rel", reports=[empty, explained, ok],
                            unsatisfiable={"D1": "no road network"})
    stats = summary.stats
    assert stats["unsatisfiable"] == {
        "C9": "no item passed validation on the snapshot (12 no answer, 3 geo function failure)",
        "D1": "no road network"}
    assert [g["template_id"] for g in stats["generation"]] == ["A1", "C9", "D1"]
    assert stats["generation"][0]["warnings"] == 1 and summary.counts["unsatisfiable"] == 2
    card = summary.paths["card"].read_text(encoding="utf-8")
    assert "| C9 | no item passed validation on the snapshot (12 no answer, 3 geo function failure) |" in card
    assert "| C9 | 0 | no answer: 12, geo function failure: 3 | 0 |" in card


def test_empty_release_still_loads(tmp_path):
    pq = pytest.importorskip("pyarrow.parquet", reason="pyarrow is not installed")
    summary = write_release([], tmp_path / "rel", unsatisfiable={"A1": "no places"})
    assert summary.counts["large"] == summary.counts["small"] == 0
    assert pq.read_table(summary.paths["small/parquet"]).num_rows == 0
    assert "| A1 | no places |" in summary.paths["card"].read_text(encoding="utf-8")


@pytest.mark.slow
def test_release_of_real_a1_items(a1_items, snapshot, tmp_path):
    items, report = a1_items
    summary = write_release(items, tmp_path / "rel", reports=[report], snapshot_manifest=snapshot.manifest)
    assert summary.counts["large"] == len(items) > 0
    assert read_parquet(summary.paths["large/parquet"]) == read_jsonl(summary.paths["large/jsonl"])
    nq = summary.paths["gold"].read_text(encoding="utf-8").splitlines()
    assert len(nq) == sum(len(it.gold_triples.splitlines()) for it in items) == summary.counts["gold_quads"]
    card = summary.paths["card"].read_text(encoding="utf-8")
    assert snapshot.id in card and "| A1 | 1 | A | Distance |" in card
    for source in snapshot.manifest["sources"]:
        assert source["licence"] in card
    stats = summary.stats["splits"]["large"]
    countries = {it.stratum["country"] for it in items}
    assert countries == {c for row in stats["grid"]["countries"].values() for c in row}


def test_card_names_the_templates_beyond_the_specification():
    from kgbench.release.card import _design_section as render_design_section  # one section of render_card

    stats = {"splits": {"large": {"items": 2, "families": {"C": 2}, "answer_formats": {"Boolean / ternary": 2}}},
             "family_names": {"C": "Topological"}, "baselines": {}, "templates": {"C9": {}, "C12": {}}}
    text = render_design_section(stats)
    assert "65 ids" in text and "Beyond them the release holds C12:" in text and "relations.yaml" in text
    assert "Beyond them" not in render_design_section({**stats, "templates": {"C9": {}}})

"""A release's Parquet files: the columns, how each holds an item's value, writing a row group at a time, reading.

A language's own file (``<split>/<code>/items.parquet``) leaves the SPARQL and the gold triples of its parallel
items null: they are the English item's, and :func:`read_parquet` restores them from ``<split>/eng``.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Sequence
from pathlib import Path

from kgbench.generator.items import DatasetError, Item, family_of, id_stem

__all__ = ["PARQUET_COLUMNS", "RELEASE_KIND", "STRATUM_KEYS", "read_parquet", "write_parquet"]

#: what stats.json calls a release folder
RELEASE_KIND = "kgbench-release"
#: the stratum keys an item may carry (a Parquet struct column)
STRATUM_KEYS = ("country", "income_tier", "density_tier")
_STRATUM_KEYS = STRATUM_KEYS

#: Parquet columns and how each holds the item's value (``json`` columns are JSON text; decode with json.loads)
PARQUET_COLUMNS = {
    "id": "string", "template_id": "string", "template_version": "int64", "sub_template_id": "string",
    "variant_id": "string", "language": "string", "question": "string", "answer_format": "string",
    "answer": "json", "answer_number": "float64 (the answer when it is a plain number, else null)",
    "unit": "string", "acceptable": "json", "false_premise": "bool", "perturbation": "json",
    "entities": "json", "bindings": "json",
    "sparql": "string (null in a language's own file <split>/<code>/items.parquet: its English item's)",
    "gold_triples": "string (null in a language's own file, as sparql)", "kg": "string",
    "stratum": "struct<country, income_tier, density_tier> (strings)", "snapshot": "string", "scale": "string",
    "family": "string (SFID letter, derived from template_id)",
    "localization": "json (a parallel item's localized names and grammar edits; null for English)",
}
_JSON_COLUMNS = ("answer", "acceptable", "perturbation", "entities", "bindings", "localization")


#: the columns a language's own Parquet file leaves null (they are its English item's; see read_parquet)
_ENGLISH_ONLY_COLUMNS = ("sparql", "gold_triples")
#: items per Parquet row group: a release's items are written a group at a time, so memory holds one group
_ROW_GROUP = 2000


def _parquet_schema():
    import pyarrow as pa

    stratum_type = pa.struct([(k, pa.string()) for k in _STRATUM_KEYS])
    return pa.schema([
        ("id", pa.string()), ("template_id", pa.string()), ("template_version", pa.int64()),
        ("sub_template_id", pa.string()), ("variant_id", pa.string()), ("language", pa.string()),
        ("question", pa.string()), ("answer_format", pa.string()), ("answer", pa.string()),
        ("answer_number", pa.float64()), ("unit", pa.string()), ("acceptable", pa.string()),
        ("false_premise", pa.bool_()), ("perturbation", pa.string()), ("entities", pa.string()),
        ("bindings", pa.string()), ("sparql", pa.string()), ("gold_triples", pa.string()), ("kg", pa.string()),
        ("stratum", stratum_type), ("snapshot", pa.string()), ("scale", pa.string()), ("family", pa.string()),
        ("localization", pa.string()),
    ], metadata={"kgbench": json.dumps({"kind": RELEASE_KIND, "json_columns": list(_JSON_COLUMNS)})})


def _parquet_table(items: Sequence[Item], english_only: bool = False):
    import pyarrow as pa

    def js(v):
        return json.dumps(v, ensure_ascii=False, separators=(",", ":"))

    schema = _parquet_schema()
    cols: dict[str, list] = {name: [] for name in schema.names}
    for it in items:
        for name in schema.names:
            if name == "answer_number":
                a = it.answer
                cols[name].append(float(a) if isinstance(a, (int, float)) and not isinstance(a, bool) else None)
            elif name == "stratum":
                cols[name].append({k: (None if it.stratum.get(k) is None else str(it.stratum[k]))
                                   for k in _STRATUM_KEYS})
            elif name == "family":
                cols[name].append(family_of(it.template_id))
            elif english_only and name in _ENGLISH_ONLY_COLUMNS and it.language != "eng":
                cols[name].append(None)
            else:
                value = getattr(it, name)
                cols[name].append(js(value) if name in _JSON_COLUMNS else value)
    return pa.Table.from_pydict(cols, schema=schema)


def write_parquet(items: Sequence[Item], path: Path, english_only: bool = False) -> None:
    """Write items as a Parquet file a row group at a time; ``english_only``: a language's own file, whose
    parallel items leave the English item's SPARQL and gold triples null."""
    import pyarrow.parquet as pq

    with pq.ParquetWriter(path, _parquet_schema(), compression="zstd") as writer:
        for start in range(0, len(items), _ROW_GROUP):
            writer.write_table(_parquet_table(items[start:start + _ROW_GROUP], english_only))


def read_parquet(path: str | Path) -> list[Item]:
    """Return the items of a release's Parquet file (JSON columns decoded), as :func:`read_jsonl` would.

    A language's own file (``<split>/<code>/items.parquet``) leaves its items' SPARQL and gold triples to
    their English items: they are read from the split's ``eng/items.parquet``; a missing English file or item
    raises ReleaseError naming it.
    """
    import pyarrow.parquet as pq

    path = Path(path)
    out = []
    for row in pq.read_table(path).to_pylist():
        for name in _JSON_COLUMNS:
            row[name] = json.loads(row[name])
        row["stratum"] = {k: v for k, v in (row["stratum"] or {}).items() if v is not None}
        out.append(Item.from_dict(row))
    missing = [i for i, it in enumerate(out) if it.language != "eng" and it.gold_triples is None]
    if missing:
        english_path = path.parent.parent / "eng" / "items.parquet"
        if not english_path.is_file():
            raise DatasetError(f"{path}: its items' SPARQL and gold triples are their English items', in "
                               f"{english_path}, which is missing")
        english = {it.id: it for it in read_parquet(english_path)}
        for i in missing:
            en = english.get(id_stem(out[i]))
            if en is None:
                raise DatasetError(f"{path}: item {out[i].id}: no English item {id_stem(out[i])} in {english_path}")
            out[i] = dataclasses.replace(out[i], **{c: getattr(en, c) for c in _ENGLISH_ONLY_COLUMNS})
    return out

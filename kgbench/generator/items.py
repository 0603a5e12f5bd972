"""The benchmark item: one question with its computed answer, the executed SPARQL and its gold triples."""

from __future__ import annotations

import difflib

import dataclasses
import functools
import hashlib
import json
from collections.abc import Iterable, Mapping
from pathlib import Path

from kgbench.fileio import json_lines, write_json_lines
from kgbench.queries.template import load_template, template_ids

__all__ = ["Item", "item_id", "write_jsonl", "read_jsonl", "item_records", "find_item", "DatasetError", "family_of",
           "parallel_id", "id_stem", "PARALLEL_FIELDS"]


class DatasetError(ValueError):
    """A dataset file that is missing or malformed; the message names the file and line."""


@dataclasses.dataclass(frozen=True)
class Item:
    """Return one benchmark item; its keys and their meaning are fixed by DESIGN.md (never renamed)."""

    id: str
    template_id: str
    template_version: int
    sub_template_id: str
    variant_id: str
    language: str
    question: str
    answer_format: str
    answer: object
    unit: str | None
    acceptable: list
    false_premise: bool
    perturbation: object
    entities: Mapping[str, Mapping[str, str]]
    bindings: Mapping[str, object]
    sparql: str
    gold_triples: str
    kg: str
    stratum: Mapping[str, str]
    snapshot: str
    scale: str | None = None
    #: a parallel item's localization (None for English): each placeholder's name as written and whether
    #: it was localized (``names``), and the grammar edits its realization made (``edits``: category, role,
    #: the text around the placeholder as naive substitution wrote it and as the rule wrote it)
    localization: Mapping | None = None

    def to_dict(self) -> dict:
        """Return the item as a plain dict (the JSON line's content)."""
        return dataclasses.asdict(self)

    def to_json(self) -> str:
        """Return the item as one JSON line (no trailing newline), keys in a fixed order.

        The fields are serialized as they are: a release writes hundreds of thousands of lines, and the deep copy
        :meth:`to_dict` makes (so that its caller may change the dict) is not needed to write one.
        """
        return json.dumps({f.name: getattr(self, f.name) for f in dataclasses.fields(self)},
                          ensure_ascii=False, separators=(",", ":"))

    def _repr_html_(self) -> str:
        from kgbench.generator.item_card import item_card

        return item_card(self)

    @classmethod
    def from_dict(cls, d: Mapping) -> "Item":
        """Return an item from a dict read back from JSON (extra keys are ignored)."""
        names = {f.name for f in dataclasses.fields(cls)}
        return cls(**{k: v for k, v in d.items() if k in names})


def item_id(*parts: object) -> str:
    """Return a stable item id from the template id and the parts that make the item unique.

    >>> item_id("A1", "snap", "x", "y")
    'A1-fe79347522dd'
    """
    digest = hashlib.sha256("|".join(str(p) for p in parts).encode()).hexdigest()[:12]
    return f"{parts[0]}-{digest}"


def parallel_id(item_id: str, language: str) -> str:
    """Return the id of an English item's parallel item in a language: the English id, a dash, the code.

    >>> parallel_id("A1-4aa31de8c95d", "fra"), parallel_id("A1-4aa31de8c95d", "eng")
    ('A1-4aa31de8c95d-fra', 'A1-4aa31de8c95d')
    """
    return item_id if language == "eng" else f"{item_id}-{language}"


def id_stem(item) -> str:
    """Return the id an item shares with its parallel items (its English item's id).

    >>> from types import SimpleNamespace as NS
    >>> id_stem(NS(id="A1-4aa31de8c95d-fra", language="fra")), id_stem(NS(id="A1-4aa31de8c95d", language="eng"))
    ('A1-4aa31de8c95d', 'A1-4aa31de8c95d')
    """
    suffix = f"-{item.language}"
    return item.id[: -len(suffix)] if item.language != "eng" and item.id.endswith(suffix) else item.id

#: the fields a parallel item has of its own; all the others (answer, SPARQL, gold triples ...) are its English
#: item's, which is why a dataset file writes them once
PARALLEL_FIELDS = ("id", "language", "question", "acceptable", "localization")
_SHARED_FIELDS = tuple(f.name for f in dataclasses.fields(Item) if f.name not in PARALLEL_FIELDS)


def _lines(items: Iterable[Item]) -> Iterable[str]:
    english: dict[str, Item] = {}
    for it in items:
        en = english.get(id_stem(it)) if it.language != "eng" else None
        if en is not None and all(getattr(it, f) is getattr(en, f) or getattr(it, f) == getattr(en, f)
                                  for f in _SHARED_FIELDS):
            own = {f: getattr(it, f) for f in PARALLEL_FIELDS}
            yield json.dumps({"id": it.id, "parallel_of": en.id, **own}, ensure_ascii=False, separators=(",", ":"))
            continue
        if it.language == "eng":
            english[it.id] = it
        yield it.to_json()


def write_jsonl(items: Iterable[Item], path: str | Path) -> int:
    """Write items as JSON lines atomically (temp file, then rename) and return how many were written.

    A parallel item whose English item an earlier line holds is written as a short line: ``parallel_of`` (the
    English id) and its own fields (:data:`PARALLEL_FIELDS`); :func:`read_jsonl` restores the rest. A release
    of 17 languages is so 1.8 times the size of its English items, not 17 times (the gold triples of a
    polygon run to megabytes). Any other item is a whole line.
    """
    return write_json_lines(path, _lines(items), dumps=str)


def item_records(path: str | Path) -> Iterable[tuple[int, object, str | None]]:
    """Yield ``(line number, record, problem)`` for each line of a JSONL dataset, a parallel item's short line
    (``parallel_of``) completed from its English item's line, as :func:`write_jsonl` wrote it.

    A short line whose English item no earlier line holds is a problem naming both ids.
    """
    english: dict[str, dict] = {}
    for no, record, problem in json_lines(path):
        if not problem and isinstance(record, dict):
            source = record.get("parallel_of")
            if source is None:
                if record.get("language") == "eng" and "id" in record:
                    english[record["id"]] = record
            elif source not in english:
                record, problem = None, (f"parallel item {record.get('id')!r} refers to the English item "
                                         f"{source!r}, which no earlier line holds")
            else:
                own = {k: v for k, v in record.items() if k != "parallel_of"}
                record = {**english[source], **own}
        yield no, record, problem


def read_jsonl(path: str | Path) -> list[Item]:
    """Return the items of a JSONL dataset; a missing file or a bad line raises DatasetError naming it.

    >>> import tempfile, pathlib, dataclasses
    >>> en = Item("A1-x", "A1", 1, "A1-1", "v1", "eng", "How far?", "Distance", 2.0, "km", [], False, None, {},
    ...           {}, "", "", "osm", {}, "s")
    >>> fr = dataclasses.replace(en, id="A1-x-fra", language="fra", question="Quelle distance ?")
    >>> p = pathlib.Path(tempfile.mkdtemp()) / "items.jsonl"
    >>> write_jsonl([en, fr], p), len(p.read_text().splitlines()[1]) < len(en.to_json()) + 20
    (2, True)
    >>> read_jsonl(p) == [en, fr]
    True
    """
    path = Path(path)
    if not path.is_file():
        raise DatasetError(f"{path}: dataset file not found")
    items = []
    for no, record, problem in item_records(path):
        try:
            if problem:
                raise ValueError(problem)
            items.append(Item.from_dict(record))
        except (ValueError, TypeError) as exc:
            raise DatasetError(f"{path}: line {no}: not an item: {exc}") from None
    return items


def find_item(path: str | Path, item_id: str) -> Item:
    """Return the item ``item_id`` of a JSONL dataset; raises DatasetError naming the file and close ids.

    A missing or unreadable file raises as :func:`read_jsonl` does.
    """
    by_id = {it.id: it for it in read_jsonl(path)}
    if item_id not in by_id:
        close = difflib.get_close_matches(item_id, list(by_id), n=3)
        raise DatasetError(f"no item {item_id!r} in {path}" + (f"; did you mean {', '.join(close)}?" if close else ""))
    return by_id[item_id]


def family_of(template_id: str) -> str:
    """Return the family (SFID letter) its template file gives a template id; "?" for an id with no template.

    Sub-template ids ("A1-2") count as their template's.

    >>> family_of("A1"), family_of("N2"), family_of("A1-2"), family_of("Z9")
    ('A', 'N', 'A', '?')
    """
    return _families().get((template_id or "").split("-", 1)[0], "?")


@functools.lru_cache(maxsize=1)
def _families() -> dict[str, str]:
    return {tid: load_template(tid).family for tid in template_ids()}

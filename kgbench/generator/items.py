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

__all__ = ["Item", "item_id", "write_jsonl", "read_jsonl", "find_item", "DatasetError", "family_of"]


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
        """Return the item as one JSON line (no trailing newline), keys in a fixed order."""
        return json.dumps(self.to_dict(), ensure_ascii=False, separators=(",", ":"))

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


def write_jsonl(items: Iterable[Item], path: str | Path) -> int:
    """Write items as JSON lines atomically (temp file, then rename) and return how many were written."""
    return write_json_lines(path, items, dumps=Item.to_json)


def read_jsonl(path: str | Path) -> list[Item]:
    """Return the items of a JSONL dataset; a missing file or a bad line raises DatasetError naming it."""
    path = Path(path)
    if not path.is_file():
        raise DatasetError(f"{path}: dataset file not found")
    items = []
    for no, record, problem in json_lines(path):
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

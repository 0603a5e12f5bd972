"""The visual slice of a release: items whose visually salient entity is shown on a map instead of named.

The design kgbench follows releases a multimodal slice (2% of the English items) where a salient entity is
shown as an image. The snapshot holds no photographs, so kgbench shows the entity as a rendered map of its
geometry and surroundings (:mod:`kgbench.evaluation.scenes`), its name withheld from the map, the legend
and the prompt, and the question refers to it as "the area outlined on the map as A" (a polygon) or "the
line drawn on the map as A" (a line).

An item can join the slice (:func:`visual_role`) when it is English, answerable, and has a role whose gold
geometry is a polygon or a line (points have no shape to recognise), whose name occurs exactly once in the
question, is not the answer (nor an acceptable one), occurs nowhere else in the question, and does not stand
after a comma as the qualifier of another name ("Bahārak, Afghanistan": replacing it would read as if
Bahārak were the outlined country). The slice is
:data:`VISUAL_SHARE` of the English items, drawn deterministically from the seed, one template after another
(round robin) so that it spreads over templates. A visual item is its source item with the id suffixed
``-visual``, the question rewritten, and the role's entity marked ``"hidden": true`` (its record keeps the
name for audits; no prompt shows it). Its map is what condition ``T1-map`` sends.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import math
import re
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path

from kgbench.evaluation.scenes.folder import scene_files
from kgbench.evaluation.scenes.maps import scene_map
from kgbench.evaluation.scenes.model import item_scene
from kgbench.generator.items import Item, write_jsonl

__all__ = ["VISUAL_SHARE", "VISUAL_CONDITION", "visual_role", "visual_item", "select_visual", "write_visual"]

#: the share of the English items in the visual slice (the reference design's 2%)
VISUAL_SHARE = 0.02
#: the condition a visual item is meant to be run under
VISUAL_CONDITION = "T1-map"
_SHAPES = {"Polygon": "area", "MultiPolygon": "area", "LineString": "line", "MultiLineString": "line"}
_PHRASE = {"area": "the {noun} outlined on the map as {id}", "line": "the {noun} drawn on the map as {id}"}
_POSSESSIVE = {"area": "the outlined {noun} {id}'s", "line": "the drawn {noun} {id}'s"}
#: categories named by another noun in a visual question
_NOUNS = {"storm track": "storm whose track is", "storm wind field": "storm wind field"}


def _answers(item: Item) -> set[str]:
    values = [item.answer, *(item.acceptable or [])]
    out = set()
    for v in values:
        for x in (v if isinstance(v, list) else [v]):
            if isinstance(x, str):
                out.add(x.casefold())
    return out


def visual_role(item: Item) -> tuple[str, str] | None:
    """Return (role, "area" or "line") of the entity an item would show instead of naming, or None.

    See the module docstring for the rules; the first qualifying role in role order is chosen.
    """
    if item.language != "eng" or item.false_premise:
        return None
    scene = item_scene(item)
    answers = _answers(item)
    for f in scene.features:
        kind = _SHAPES.get(f.geometry.geom_type)
        ent = (item.entities or {}).get(f.role) or {}
        name = ent.get("name")
        if f.member or kind is None or not name or ent.get("hidden"):
            continue
        if item.question.count(name) != 1 or name.casefold() in answers:
            continue
        if re.search(r",\s*(the\s+)?" + re.escape(name), item.question):  # a qualifier: "Bahārak, Afghanistan"
            continue
        others = [e.get("name") for r, e in item.entities.items() if r != f.role and isinstance(e, dict)]
        if any(o and (name in o or o in name) for o in others):
            continue
        return f.role, kind
    return None


def visual_item(item: Item, role: str, kind: str) -> Item:
    """Return the visual item of ``item``: the question naming ``role`` by its place on the map, the entity hidden.

    A possessive ("Montana's boundary") becomes "the outlined area A's boundary"; an article before the name
    ("the Democratic Republic of the Congo") is dropped, the phrase bringing its own; the sentence's first
    letter is capitalized again.

    >>> it = Item("E4-x", "E4", 1, "E4-1", "v1", "eng", "Does Montana's boundary enclose all of Rosebud County?",
    ...           "Boolean / ternary", True, None, [], False, None,
    ...           {"A": {"iri": "http://x/mt", "name": "Montana"}, "B": {"iri": "http://x/rc", "name": "Rosebud County"}},
    ...           {}, "", "", "usadmin", {}, "s")
    >>> v = visual_item(it, "A", "area")
    >>> v.id, v.question, v.entities["A"]["hidden"]
    ('E4-x-visual', "Does the outlined area A's boundary enclose all of Rosebud County?", True)
    """
    ent = item.entities[role]
    name = ent["name"]
    ids = {f.role: f.id for f in item_scene(item).features}
    fid = ids.get(role, role)
    category = (ent.get("category") or "").strip()
    noun = category if category and len(category.split()) <= 2 else kind
    question = item.question
    if category:  # "the country Gambia": the phrase names the category itself
        question = re.sub(r"\b(?:[Tt]he )?" + re.escape(category) + " " + re.escape(name), name, question, count=1)
    possessive = re.search(re.escape(name) + r"(['’]s)\b", question)
    if noun in _NOUNS:
        phrase = "the " + _NOUNS[noun] + " drawn on the map as " + fid
    elif possessive:
        phrase = _POSSESSIVE[kind].format(noun=noun, id=fid)
    else:
        phrase = _PHRASE[kind].format(noun=noun, id=fid)
    question = question.replace(name + possessive.group(1) if possessive else name, phrase, 1)
    question = re.sub(r"\b([Tt])he the\b", r"\1he", question)
    question = re.sub(r"\btrack of the storm whose track is drawn\b", "track of the storm drawn", question)
    question = question[:1].upper() + question[1:]
    entities = {**item.entities, role: {**ent, "hidden": True}}
    return dataclasses.replace(item, id=f"{item.id}-visual", question=question, entities=entities)


def _rank(seed: int, item_id: str) -> str:
    return hashlib.sha256(f"{seed}:{item_id}".encode()).hexdigest()


def select_visual(items: Sequence[Item], *, seed: int = 0, share: float = VISUAL_SHARE) -> list[Item]:
    """Return the visual items of a release: ``share`` of its English items (rounded up), fewer when fewer
    qualify, taken template by template in turn, each template's candidates in the seed's order.

    >>> select_visual([])
    []
    """
    english = [it for it in items if it.language == "eng"]
    want = math.ceil(share * len(english))
    by_template: dict[str, list[tuple[str, Item, str, str]]] = defaultdict(list)
    for it in english:
        chosen = visual_role(it)
        if chosen is not None:
            by_template[it.template_id].append((_rank(seed, it.id), it, *chosen))
    queues = [sorted(c, key=lambda t: t[0]) for _, c in sorted(by_template.items())]
    out: list[Item] = []
    while len(out) < want and any(queues):
        for q in queues:
            if q and len(out) < want:
                _, it, role, kind = q.pop(0)
                out.append(visual_item(it, role, kind))
    return sorted(out, key=lambda it: it.id)


def write_visual(items: Sequence[Item], folder: str | Path, kg, *, size: int = 768) -> dict:
    """Write the visual slice into ``folder`` (``items.jsonl``, ``images/<id>.png`` and ``.transform.json``)
    and return its figures for the release's stats: ``items``, ``templates`` (id -> count), ``image``.

    Each map is the item's scene with the hidden entity's name withheld, over the snapshot's basemap of
    ``kg``; it is checked not to name the entity (its legend and labels carry ids only).
    """
    folder = Path(folder)
    (folder / "images").mkdir(parents=True, exist_ok=True)
    write_jsonl(items, folder / "items.jsonl")
    for it in items:
        hidden = {r for r, e in it.entities.items() if isinstance(e, dict) and e.get("hidden")}
        scene = item_scene(it)
        assert not any(f.name for f in scene.features if f.role in hidden), it.id
        png, transform = scene_map(scene, kg, width=size, height=size)
        files = scene_files(it.id)
        (folder / "images" / files["png"]).write_bytes(png)
        (folder / "images" / files["transform"]).write_text(json.dumps(transform.to_dict(), indent=1) + "\n",
                                                           encoding="utf-8")
    templates: dict[str, int] = defaultdict(int)
    for it in items:
        templates[it.template_id] += 1
    return {"items": len(items), "templates": dict(sorted(templates.items())), "image": f"{size}x{size} PNG",
            "condition": VISUAL_CONDITION}


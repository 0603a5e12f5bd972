"""Multiple-choice options of an item (the MapEval-style conditions ``T1-mcq`` and ``T1-mcq-context``).

An item becomes ``n`` answer options lettered A, B, ... and one more, fixed last option that every item
carries, :data:`REFUSAL` ("None of these: the question cannot be answered as asked"). For an answerable item
the gold is one of the ``n`` answer options and the refusal option is wrong; for a false-premise item the
refusal option is the gold and the ``n`` answer options are plausible values of the format (around a stand-in
value taken from the item's first entity, see :func:`_stand_in`), all wrong. Its presence gives nothing away.

Distractors come from :func:`kgbench.evaluation.formats.distractors.candidates`; a candidate is kept only when
the format's own ``compare`` scores it wrong (E = 0) against the gold answer *and* every acceptable alternative,
and when it is distinct from every option kept before (neither credits the other, compared both ways). Entity
names and sets draw their distractors from other entities of the gold's category near it, so those formats need
the knowledge graph (``index``, a :class:`~kgbench.evaluation.places.PlaceIndex`). When a format's domain is
smaller than ``n`` (Boolean / ternary has three labels, left/right/on three, upstream/downstream two) the item
gets fewer answer options.

Determinism and balance: the options of an item depend only on (item, seed, n, KG); their order puts the gold
at ``position``. :func:`balanced_positions` deals gold positions over a dataset: items with the same number of
answer options, ordered by template and a seeded hash of their ids, get positions 0, 1, ..., k - 1 in turn, so
each position holds the gold equally often (to one item) overall and within each template.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import math
import random
from collections.abc import Iterable, Mapping
from dataclasses import asdict, dataclass
from typing import Any

import h3
import s2sphere
import shapely.geometry

from kgbench.evaluation.formats import GoldAnswer, get_format, name_key, validate_gold
from kgbench.evaluation.formats.distractors import candidates, option_of, round_shown
from kgbench.evaluation.formats.kinds import DirectionFormat, EntityFormat, LabelFormat, SetFormat
from kgbench.evaluation.formats.values import CompositeCell, DateValue, GridCell, LatLon, Polar
from kgbench.geofunctions.kgbf_grid import geohash_encode
from kgbench.geofunctions.metric import geodesic_distance_m
from kgbench.generator.items import Item
from kgbench.languages import ENGLISH_TEXTS
from kgbench.queries.template import UnknownTemplateError, load_template

__all__ = ["Option", "Choices", "make_choices", "balanced_positions", "option_count", "LETTERS", "MIN_OPTIONS",
           "MAX_OPTIONS", "REFUSAL", "needs_kg"]

LETTERS = "ABCDEFGH"
MIN_OPTIONS, MAX_OPTIONS = 2, 7
#: the key of the refusal option's text in the prompt texts
REFUSAL = "prompt.none_option"
#: how many nearby entities are looked at for entity and set distractors
_POOL = 12


@dataclass(frozen=True)
class Option:
    """Return one option: its ``letter``, the ``text`` shown, the ``answer`` and ``unit`` it stands for (what the
    format's reader takes; None for the refusal option) and whether it is the ``refusal`` option."""

    letter: str
    text: str
    answer: Any
    unit: Any = None
    refusal: bool = False


@dataclass(frozen=True)
class Choices:
    """Return an item's options (answer options, then the refusal option) and the gold's letter."""

    options: tuple[Option, ...]
    gold_option: str

    @property
    def letters(self) -> list[str]:
        """Return the option letters in order."""
        return [o.letter for o in self.options]

    @property
    def refusal_option(self) -> str:
        """Return the refusal option's letter (the last)."""
        return self.options[-1].letter

    def to_dict(self) -> dict:
        """Return ``{"options": [...], "gold_option": letter}`` as prompt metadata holds them."""
        return {"options": [asdict(o) for o in self.options], "gold_option": self.gold_option}

    @classmethod
    def from_dict(cls, d: Mapping) -> "Choices":
        """Return the choices written by :meth:`to_dict`; a malformed record raises ValueError."""
        try:
            return cls(tuple(Option(**o) for o in d["options"]), str(d["gold_option"]))
        except (KeyError, TypeError) as exc:
            raise ValueError(f"not multiple-choice options: {exc!r}") from None


def needs_kg(item: Item | Mapping) -> bool:
    """Return True when the item's options need the knowledge graph (entity names, sets, false premises)."""
    get = item.get if isinstance(item, Mapping) else lambda k: getattr(item, k)
    return bool(get("false_premise")) or isinstance(get_format(get("answer_format")), (EntityFormat, SetFormat))


def _rng(item_id: str, seed: int, n: int) -> random.Random:
    digest = hashlib.sha256(f"{item_id}\x1f{seed}\x1f{n}".encode()).digest()
    return random.Random(int.from_bytes(digest[:8], "big"))


def _check_n(n: int) -> None:
    if not (isinstance(n, int) and MIN_OPTIONS <= n <= MAX_OPTIONS):
        raise ValueError(f"the number of options must be {MIN_OPTIONS}..{MAX_OPTIONS}, got {n!r}")


# --------------------------------------------------------------------------------------------- entities from the KG


def _gold_iri(item: Item, name: str, index) -> str | None:
    for role in item.entities.values():
        if name_key(role.get("name", "")) == name_key(name):
            return role.get("iri")
    return index.find(name, prefer=item.gold_triples)


def _pool(item: Item, gold_names: list[str], index) -> list[str]:
    """Return names of entities like the gold's, nearest first: of the category the question asks about (its
    category role), near the gold's members (or, for an empty gold or a false premise, near the entities the
    question names, which are then never offered themselves); a question without a category role (which of two
    named places...) offers its own entities first (X and Y, whatever their category: a capital beside a city),
    then places of the gold's category near them. A category with no other member near
    gives the nearest places of any category.

    The template's anchor (``sampling.anchor``: the entity the question is asked about, the reference a "which
    of X or Y" question compares X and Y to) is never offered, nor any entity of its name: it is no answer to
    the question but the question's point of reference (A4's C, A5's A)."""
    if index is None:
        raise ValueError(f"item {item.id}: its options are other entities from the knowledge graph; give the KG")
    asked = next((r["category"] for r in item.entities.values() if not r.get("iri") and r.get("category")), None)
    anchor = _anchor_role(item.template_id)
    reference = {name_key(r["name"]) for role, r in item.entities.items() if role == anchor and r.get("name")}
    named = [r for role, r in item.entities.items() if role != anchor and r.get("iri") and index.category(r["iri"])]
    iris = [i for i in (_gold_iri(item, n, index) for n in gold_names[:4]) if i]
    centres = iris or [r["iri"] for r in named] or [r["iri"] for role, r in item.entities.items()
                                                    if role == anchor and r.get("iri")]
    if not centres:
        return []
    category = asked or index.category(centres[0])
    exclude = {name_key(n) for n in gold_names} | reference
    names = []
    if asked:
        exclude |= {name_key(r["name"]) for r in named}
    else:
        names = [r["name"] for r in named if name_key(r["name"]) not in exclude]  # X and Y, whatever their category
    for iri in centres[:4]:  # the first few members' neighbours are plenty, and a large set stays fast
        names += [index.name(x) for x in index.nearest(iri, _POOL, category=category, exclude=frozenset(exclude))]
    if not names:  # a category with no other member: the nearest places of any category
        names = [index.name(x) for x in index.nearest(centres[0], _POOL, exclude=frozenset(exclude))]
    return list(dict.fromkeys(names))


def _anchor_role(template_id: str) -> str | None:
    """Return the role the template declares its anchor (``sampling.anchor``), None without one or for an id
    that names no shipped template (a hand-written item)."""
    try:
        return load_template(template_id).sampling.anchor
    except UnknownTemplateError:
        return None


# --------------------------------------------------------------------------------------------- false premises


def _anchor(item: Item, index) -> tuple[float, float]:
    """Return (lon, lat) of the item's first entity's centre (0, 0 without a KG or entity)."""
    for role in item.entities.values():
        geom = index.geometry(role["iri"]) if index is not None and role.get("iri") else None
        if geom is not None and not geom.is_empty:
            c = geom.representative_point() if geom.geom_type != "Point" else geom
            return c.x, c.y
    return 0.0, 0.0


def _stand_in(item: Item, fmt, rng: random.Random, index) -> Any:
    """Return a plausible value of the format for a false-premise item (which has no gold): taken from its first
    entity's location where the format is a place, the distance between its first two named entities for a
    distance, the day its event started for a date (the natural traps), else drawn from the format's usual range."""
    slug = fmt.slug
    lon, lat = _anchor(item, index)
    resolution = next((v for k, v in item.bindings.items()
                       if isinstance(v, int) and ("resolution" in k or k in ("value", "level"))), None)
    if slug in ("distance", "polar") and index is not None:  # the distance between the two first named entities
        shapes = [index.geometry(r["iri"]) for r in item.entities.values() if r.get("iri")][:2]
        if len(shapes) == 2 and all(g is not None for g in shapes):
            km = geodesic_distance_m(*shapes) / 1000.0
            if km >= 0.5:
                return round_shown(km) if slug == "distance" else Polar(round(rng.uniform(0, 360), 1), round_shown(km))
    if slug in ("distance", "area", "ratio"):
        low, high = {"distance": (0.5, 500.0), "area": (1.0, 10_000.0), "ratio": (0.3, 3.0)}[slug]
        return round_shown(math.exp(rng.uniform(math.log(low), math.log(high))))
    if slug == "count":
        return rng.randint(1, 12)
    if slug == "boolean":
        return rng.choice(("true", "false"))
    if slug == "direction":
        q = item.question.lower()
        return "left" if "left" in q else "upstream" if "upstream" in q else rng.choice(("N", "E", "S", "W"))
    if slug in ("entity", "set"):
        pool = _pool(item, [], index)
        if not pool:
            raise ValueError(f"item {item.id}: no entities near its own to offer as options")
        return pool[0] if slug == "entity" else tuple(pool[:2])
    if slug == "point":
        return LatLon(round(lat, 4), round(lon, 4))
    if slug == "polar":
        return Polar(round(rng.uniform(0, 360), 1), round_shown(rng.uniform(0.5, 50)))
    if slug == "polygon":
        return shapely.geometry.box(lon - 0.05, lat - 0.05, lon + 0.05, lat + 0.05)
    if slug == "cell":
        return GridCell("h3", h3.latlng_to_cell(lat, lon, int(resolution) if resolution in range(16) else 7))
    if slug == "h3_s2":
        s2 = s2sphere.CellId.from_lat_lng(s2sphere.LatLng.from_degrees(lat, lon)).parent(13).to_token().lower()
        return CompositeCell(h3.latlng_to_cell(lat, lon, 7), s2)
    if slug == "geohash":
        return geohash_encode(lon, lat, 6)
    if slug == "date":  # the day an event of the question started (the KG's startTime: the natural trap)
        started = [v for r in item.entities.values() if r.get("iri") and index is not None
                   for p, v in index.facts(r["iri"]) if p == "startTime"]
        if started:
            return DateValue(dt.date.fromisoformat(started[0][:10]), "day")
        return DateValue(dt.date(2018, 2, 1) + dt.timedelta(days=rng.randint(0, 6)), "day")
    raise ValueError(f"item {item.id}: no stand-in value for format {fmt.name}")


# --------------------------------------------------------------------------------------------- options


def _wrong(fmt, read, gold: GoldAnswer) -> bool:
    return all(fmt.compare(read.pred, g, gold.aliases).E == 0 for g in gold.candidates)


def _distinct(fmt, read, kept: list) -> bool:
    """Neither option would credit the other, were it the gold."""
    return all(fmt.compare(read.pred, k.gold).E == 0 and fmt.compare(k.pred, read.gold).E == 0 for k in kept)


@dataclass(frozen=True)
class _Read:
    """An option as shown (answer, unit, text) and as the format reads it back: as a prediction and as a gold."""

    answer: Any
    unit: Any
    text: str
    pred: Any
    gold: Any


def _shown(fmt, value, unit) -> _Read:
    answer, shown_unit, text = option_of(fmt, value, unit)
    return _Read(answer, shown_unit, text, fmt.parse(answer, shown_unit), fmt.read_gold(answer, shown_unit))


def option_count(item: Item | Mapping, n: int) -> int:
    """Return how many answer options the item gets for ``n`` asked: ``n``, or fewer when its format's domain is
    smaller (Boolean / ternary: 3 labels; left/right/on: 3; upstream/downstream: 2)."""
    _check_n(n)
    get = item.get if isinstance(item, Mapping) else lambda k: getattr(item, k)
    fmt = get_format(get("answer_format"))
    if isinstance(fmt, LabelFormat):
        return min(n, 3)
    if isinstance(fmt, DirectionFormat):
        q = str(get("question")).lower()
        answer = get("answer")
        if answer in ("upstream", "downstream") or (answer is None and "upstream" in q):
            return min(n, 2)
        if answer in ("left", "right", "on") or (answer is None and "left" in q):
            return min(n, 3)
    return n


def make_choices(item: Item | Mapping, n: int = 4, *, seed: int = 0, position: int | None = None, index=None,
                 texts: Mapping[str, str] = ENGLISH_TEXTS) -> Choices:
    """Return the :class:`Choices` of an item: ``n`` answer options (fewer when the format's domain is smaller,
    see :func:`option_count`) and the refusal option, the gold at ``position`` (0-based among the answer
    options; default from a hash of the item id and seed).

    ``index`` is a :class:`~kgbench.evaluation.places.PlaceIndex` of the item's KG, needed for entity names,
    sets and false premises (ValueError without it). ``texts`` give the refusal option's words (the item's
    language). ValueError when ``n`` is outside 2..7 or not enough distinct wrong options can be found.
    """
    if not isinstance(item, Item):
        item = Item.from_dict(item)
    k = option_count(item, n)
    fmt = get_format(item.answer_format)
    rng = _rng(item.id, seed, n)
    unit = item.unit
    if item.false_premise:
        center = _stand_in(item, fmt, rng, index)
        gold = GoldAnswer(fmt, ())
        first = _shown(fmt, center, unit)
    else:
        gold = validate_gold(fmt, item.answer, unit, item.acceptable)
        center = gold.candidates[0]
        first = _shown(fmt, center, unit)
        if fmt.compare(first.pred, center, gold.aliases).E != 1:
            raise ValueError(f"item {item.id}: its gold answer as shown ({first.text}) no longer scores right")
    kept = [first]  # the gold (or a false premise's stand-in) first
    pool: list[str] = []
    if isinstance(fmt, (EntityFormat, SetFormat)):
        gold_names = [] if item.false_premise else ([center] if isinstance(fmt, EntityFormat) else list(center))
        for alternative in item.acceptable or []:
            gold_names.extend([alternative] if isinstance(alternative, str) else
                              [a for a in alternative if isinstance(a, str)] if isinstance(alternative, list) else [])
        if isinstance(fmt, EntityFormat) and not gold_names:
            gold_names = [center]
        pool = _pool(item, gold_names, index)
    for candidate in candidates(fmt, center, rng, k - 1, unit=unit, pool=pool):
        if len(kept) == k:
            break
        try:
            read = _shown(fmt, candidate, unit)
        except ValueError:
            continue
        if _wrong(fmt, read, gold) and _distinct(fmt, read, kept):
            kept.append(read)
    if len(kept) < min(k, 2):
        raise ValueError(f"item {item.id}: found only {len(kept) - 1} wrong options distinct from its gold")
    k = len(kept)
    rest = kept[1:]
    rng.shuffle(rest)
    if position is None:
        position = _rng(item.id, seed, -1).randrange(k)
    position = position % k
    at = rng.randrange(k) if item.false_premise else position  # a false premise's stand-in takes a seeded place
    order = rest[:at] + [kept[0]] + rest[at:]
    options = [Option(LETTERS[i], r.text, r.answer, r.unit) for i, r in enumerate(order)]
    options.append(Option(LETTERS[k], texts[REFUSAL], None, None, True))
    return Choices(tuple(options), LETTERS[k] if item.false_premise else LETTERS[position])


def balanced_positions(items: Iterable[Item | Mapping], n: int, seed: int = 0) -> dict[str, int]:
    """Return item id -> the gold's position among its answer options, dealt evenly over a dataset.

    Items are grouped by their number of answer options (:func:`option_count`); within a group they are
    ordered by template id and a seeded hash of their ids and dealt positions 0, 1, ..., k - 1 in turn (from a
    seeded start per group). So each position holds the gold for a share of a group's items within one item of
    1 / k, overall and within each template. False-premise items are dealt too (their gold is the refusal
    option, so the position is unused).

    >>> its = [{"id": f"q{i}", "template_id": "A1", "answer_format": "Count", "question": ""} for i in range(8)]
    >>> sorted(balanced_positions(its, 4).values())
    [0, 0, 1, 1, 2, 2, 3, 3]
    """
    groups: dict[int, list[tuple[str, str]]] = {}
    for item in items:
        get = item.get if isinstance(item, Mapping) else lambda key, it=item: getattr(it, key)
        groups.setdefault(option_count(item, n), []).append((get("template_id"), get("id")))
    out = {}
    for k, members in sorted(groups.items()):
        start = _rng(f"group-{k}", seed, n).randrange(k)
        members.sort(key=lambda m: (m[0], hashlib.sha256(f"{seed}\x1f{m[1]}".encode()).hexdigest()))
        for i, (_, item_id) in enumerate(members):
            out[item_id] = (start + i) % k
    return out

"""Whole-benchmark item policy: one template per country pair, a cap per country, family and format shares.

Applied by :func:`kgbench.release.benchmark.generate_all` to the items of every template (in spec order),
each step deterministic (no seed: it keeps the first items of each group, which are spread over the stratum
cells because a template's items are interleaved across cells):

1. :func:`drop_repeated_pairs`: the same unordered pair of countries asked by several templates is kept in
   the first template only (spec order).
2. :func:`thin_for_shares`: if the Administrative-hierarchy (E) or Comparison (F) families or Set enumeration
   items fall short of their floor (two thirds of the reference benchmark's share for E and F, 10% for
   Set), the other items (including those of a kind far above its floor) are thinned evenly per (template,
   sub-template) until the floors hold, never by more than :data:`MAX_THINNING` of them in all, with room left
   for the false premises still to come.
3. :func:`cap_countries`: no country (the anchor entity's, ``stratum.country``) holds more than
   :data:`COUNTRY_CAP` of the benchmark; its excess is dropped evenly across the (template, sub-template)
   groups that ask about it.

Steps 2 and 3 alternate until neither drops an item (the cap removes protected items too, which can take a
floor under again; thinning shrinks the whole, which can put a country over the cap again).
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Callable

__all__ = ["REFERENCE_FAMILY_SHARES", "SHARE_FLOOR", "SET_SHARE_FLOOR", "COUNTRY_CAP", "MAX_THINNING",
           "BOOSTED_FAMILIES", "protected", "protected_kinds", "drop_repeated_pairs", "thin_for_shares", "cap_countries", "shares"]

#: the reference benchmark's shares of the families the share rule names (the dataset card's comparison table)
REFERENCE_FAMILY_SHARES = {"E": 0.088, "F": 0.118}
#: each of those families holds at least this fraction of its reference share
SHARE_FLOOR = 2 / 3
#: Set enumeration items are at least this share of the benchmark (the reference has 16%)
SET_SHARE_FLOOR = 0.10
#: no country holds more than this share of the benchmark
COUNTRY_CAP = 0.05
#: the share policy drops at most this fraction of the items it thins
MAX_THINNING = 0.6
#: families whose templates draw more tuples per stratum cell (generate_all multiplies per_stratum)
BOOSTED_FAMILIES = ("E", "F")


def _group(it) -> tuple:
    return it.template_id, it.sub_template_id


def _thin(items: list, drop_counts: Callable[[dict], dict], eligible: Callable) -> list:
    """Return items minus, per (template, sub-template) group of eligible items, the last ``drop_counts`` of them."""
    groups: dict[tuple, list[int]] = defaultdict(list)
    for i, it in enumerate(items):
        if eligible(it):
            groups[_group(it)].append(i)
    drops = drop_counts({g: len(v) for g, v in groups.items()})
    gone = {i for g, n in drops.items() for i in groups[g][len(groups[g]) - n:] if n > 0}
    return [it for i, it in enumerate(items) if i not in gone]


def _apportion(sizes: dict, total_drop: int) -> dict:
    """Return how many to drop per group: ``total_drop`` spread in proportion to sizes (largest remainder).

    >>> _apportion({"a": 10, "b": 30}, 8)
    {'a': 2, 'b': 6}
    """
    whole = sum(sizes.values())
    if whole == 0 or total_drop <= 0:
        return {g: 0 for g in sizes}
    total_drop = min(total_drop, whole)
    exact = {g: n * total_drop / whole for g, n in sizes.items()}
    out = {g: math.floor(x) for g, x in exact.items()}
    rest = total_drop - sum(out.values())
    for g in sorted(exact, key=lambda g: (-(exact[g] - out[g]), str(g)))[:rest]:
        out[g] += 1
    return out


def drop_repeated_pairs(items: list, is_country: Callable[[dict], bool]) -> tuple[list, int]:
    """Return (items, how many were dropped): an unordered pair of countries is asked by its first template only.

    ``is_country`` says whether an item's entity record (role -> {iri, name, category...}) is a country.
    Items of the same template are left alone (their symmetric twins are removed when they are generated).
    """
    first: dict[frozenset, str] = {}
    out, dropped = [], 0
    for it in items:
        ents = list(it.entities.values())
        if len(ents) == 2 and all(is_country(e) for e in ents):
            key = frozenset(e["iri"] for e in ents)
            owner = first.setdefault(key, it.template_id)
            if owner != it.template_id:
                dropped += 1
                continue
        out.append(it)
    return out, dropped


def shares(items: list) -> dict[str, float]:
    """Return the share of each family (by letter) and of Set enumeration items ("Set") among the items."""
    n = len(items) or 1
    fam = Counter(it.template_id[0] for it in items)
    out = {f: c / n for f, c in sorted(fam.items())}
    out["Set"] = sum(it.answer_format == "Set enumeration" for it in items) / n
    return out


def _kinds(it) -> set[str]:
    """Return the share-rule kinds an item counts towards: its family letter if E or F, and "Set"."""
    out = {it.template_id[0]} & set(REFERENCE_FAMILY_SHARES)
    if it.answer_format == "Set enumeration":
        out.add("Set")
    return out


#: the least share of the benchmark each share-rule kind must hold
_FLOORS = {**{f: SHARE_FLOOR * share for f, share in REFERENCE_FAMILY_SHARES.items()}, "Set": SET_SHARE_FLOOR}


def protected_kinds(items: list, reserve: float = 0.0) -> set[str]:
    """Return the share-rule kinds (E, F, "Set") whose items the thinning keeps, given the run's items.

    A kind is protected when it could fall under its floor if thinned like the others: the largest benchmark
    at which it meets its floor is under target / (1 - :data:`MAX_THINNING`), the target being the smallest
    such size over the kinds the run has, less ``reserve``. A kind far above its floor (F at 17% when Set binds at 8%) is thinned with the rest,
    which leaves it above its floor (thinning takes at most :data:`MAX_THINNING` of what it thins).

    >>> from types import SimpleNamespace as N
    >>> run = [N(template_id="A1", answer_format="Distance")] * 80 + [N(template_id="F1", answer_format="Entity name (single)")] * 15
    >>> sorted(protected_kinds(run + [N(template_id="D1", answer_format="Set enumeration")] * 5))  # F is at 15%
    ['Set']
    """
    counts = {k: 0 for k in _FLOORS}
    for it in items:
        for k in _kinds(it):
            counts[k] += 1
    need = {k: n / _FLOORS[k] for k, n in counts.items() if n}
    if not need:
        return set()
    target = min(need.values()) * (1 - reserve)
    return {k for k, n in need.items() if n < target / (1 - MAX_THINNING)}


def protected(it, kinds: set[str] | frozenset = frozenset(("E", "F", "Set"))) -> bool:
    """Return True for an item of a protected kind (by default families E and F and Set enumeration)."""
    return bool(_kinds(it) & set(kinds))


def thin_for_shares(items: list, *, reserve: float = 0.0, budget: int | None = None) -> tuple[list, int]:
    """Return (items, how many were dropped) so that E, F and Set enumeration reach their floors if they can.

    The items of the kinds that need it (:func:`protected_kinds`) are all kept; the others are thinned evenly
    per (template, sub-template) group until every floor holds, but by at most ``budget`` items (default
    :data:`MAX_THINNING` of the thinnable ones). A floor applies only when the run has items of its kind (a run
    of A templates alone is left whole). ``reserve`` is the share of the final benchmark still to come from
    items added later (the false premises): the floors are met with that much room to spare.

    >>> from types import SimpleNamespace as N
    >>> run = [N(template_id="A1", sub_template_id="A1-1", answer_format="Distance") for _ in range(90)]
    >>> run += [N(template_id="F1", sub_template_id="F1-1", answer_format="Entity name (single)")] * 10
    >>> kept, dropped = thin_for_shares(run)
    >>> dropped, round(shares(kept)["F"], 3)  # F wants 2/3 of 11.8% = 7.9% of the items: 127 at most
    (0, 0.1)
    >>> thin_for_shares(run[:90] + run[-5:])[1]  # 5 F items allow 63 items in all: 32 of the 90 A items go
    32
    """
    if not items:
        return items, 0
    kinds = protected_kinds(items, reserve)
    if not kinds:
        return items, 0
    counts = {k: sum(k in _kinds(it) for it in items) for k in kinds}
    target = math.floor(min(n / _FLOORS[k] for k, n in counts.items()) * (1 - reserve))
    others = sum(not protected(it, kinds) for it in items)
    allowed = math.floor(MAX_THINNING * others) if budget is None else budget
    drop = min(len(items) - target, allowed, others)
    if drop <= 0:
        return items, 0
    kept = _thin(items, lambda sizes: _apportion(sizes, drop), lambda it: not protected(it, kinds))
    return kept, len(items) - len(kept)


def cap_countries(items: list, cap: float = COUNTRY_CAP) -> tuple[list, dict[str, int]]:
    """Return (items, dropped per country) with no anchor country above ``cap`` of all the items.

    The excess of a country is dropped evenly across its (template, sub-template) groups, the last items of
    each group first, so every template that asks about the country keeps a share of its items (dropping the
    items no share floor needs first wiped out ten Finland-only templates). Items without a country are kept and
    counted in the total.
    """
    counts = Counter((it.stratum or {}).get("country") for it in items)
    counts.pop(None, None)
    keep = dict(counts)
    while True:
        total = len(items) - sum(counts[c] - keep[c] for c in keep)
        limit = math.floor(cap * total)
        over = {c for c in keep if keep[c] > limit}
        if not over:
            break
        for c in over:
            keep[c] = limit
    dropped = {c: counts[c] - keep[c] for c in counts if keep[c] < counts[c]}
    for country, n in sorted(dropped.items()):
        items = _thin(items, lambda sizes, n=n: _apportion(sizes, n),
                      lambda it, c=country: (it.stratum or {}).get("country") == c)
    return items, dropped

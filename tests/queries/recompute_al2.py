"""Independent recomputation of A4-A7, B3, L3 and L5 answers from gold triples alone.

Geodesics with pyproj (WGS84), geometry with shapely in a local azimuthal equidistant projection centred on
the reference; no kgbench geo function is used.
"""

from __future__ import annotations

from itertools import combinations

from gold_view import KGB, Gold, close, km


def a4(item):
    g = Gold(item)
    c = g.role(item, "C")
    d = {g.name(item.entities[r]["iri"]): km(g.role(item, r), c) for r in ("A", "B")}
    pick = min if item.bindings["rank_type"] == "closer" else max
    assert item.answer == pick(d, key=d.get), d


RECOMPUTE = {"A4": a4}


def b3(item):
    g = Gold(item)
    a, r = g.role(item, "A"), item.bindings["radius_km"]
    want = sum(int(g.one(x, "population")) for x in g.having("population") if km(g.geom[x], a) <= r + 1e-9)
    assert abs(item.answer - want) <= max(1, 0.05 * want), (item.answer, want)


RECOMPUTE["B3"] = b3


def a6(item):
    g = Gold(item)
    b = item.entities["B"]["iri"]
    is_country = KGB + "Country" in g.props[b].get("http://www.w3.org/1999/02/22-rdf-syntax-ns#type", [])
    cats = {"city", "capital city"} if is_country else {item.bindings["A"]}
    members = [m for m in g.having("category") if m != b and set(g.props[m][KGB + "category"]) & cats
               and (is_country or km(g.geom[m], g.geom[b]) <= 10)]
    d = [km(g.geom[m], g.geom[n]) for m, n in combinations(members, 2)]
    want = {"average": sum(d) / len(d), "minimum": min(d), "maximum": max(d)}[item.bindings["aggregation_type"]]
    close(item.answer, want, tol_km=max(1e-3, 1e-4 * want))


RECOMPUTE["A6"] = a6


def a7(item):
    g = Gold(item)
    b = g.role(item, "B")
    def members(cat):
        return [m for m in g.having("category", cat) if km(g.geom[m], b) <= 10]
    targets = members(item.bindings["C"])
    total = {g.name(a): sum(km(g.geom[a], g.geom[c]) for c in targets if c != a) for a in members(item.bindings["A"])}
    best = min(total.values())
    assert item.answer in {n for n, v in total.items() if v <= best + 1e-6}, (item.answer, total)


RECOMPUTE["A7"] = a7


def l3(item):
    g = Gold(item)
    a = g.role(item, "A")
    db, dc = km(a, g.role(item, "B")), km(a, g.role(item, "C"))
    assert abs(db - dc) >= item.bindings["margin"] * max(db, dc) * 0.999
    assert item.answer == ("true" if db < dc else "false"), (db, dc)


RECOMPUTE["L3"] = l3


def l5(item):
    g = Gold(item)
    a, b, t = g.role(item, "A"), g.role(item, "B"), item.bindings["boundary_km"]
    db = km(a, b.boundary)
    if abs(db - t) < 0.05:  # at the threshold the two geodesic computations may fall either side
        return
    want = "plausibly" if db <= t else ("true" if b.contains(a) else "false")
    assert item.answer == want, (db, item.answer)


RECOMPUTE["L5"] = l5


def a5(item):
    g = Gold(item)
    iso = g.one(item.entities["A"]["iri"], "country")
    (n1,) = [s for s in g.props if g.one(s, "isoA3") == iso]
    (nb,) = g.props[n1][KGB + "neighbour"]
    d = {g.name(item.entities[r]["iri"]): km(g.role(item, r), g.geom[nb]) for r in ("B", "C")}
    pick = min if item.bindings["rank_type"] == "closer" else max
    assert item.answer == pick(d, key=d.get), d


RECOMPUTE["A5"] = a5

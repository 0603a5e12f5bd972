"""Stratification of entities: country by point-in-polygon, World Bank income tier, H3 density tier."""

from __future__ import annotations

import dataclasses
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from types import MappingProxyType

import h3
import numpy as np
import shapely
from shapely.geometry.base import BaseGeometry
from shapely.strtree import STRtree

from kgbench.ontologies.tiers import INCOME_TIERS, UNSTRATIFIED

__all__ = ["representative_point", "CountryLocator", "settle_country", "DensityTiers", "H3_RESOLUTION",
           "DENSITY_RESOLUTION", "SOVEREIGN_OF", "stratum_income_tier"]

#: resolution of the H3 cell every entity carries (about 0.1 km2, street-block scale)
H3_RESOLUTION = 9
#: resolution at which population is aggregated for the density tier (about 12,000 km2 per cell)
DENSITY_RESOLUTION = 3

#: Natural Earth features without a World Bank row of their own -> the sovereign whose group they take for
#: sampling. The sovereign is Natural Earth 1:10m Admin-0's SOVEREIGNT / SOV_A3 attribute (v4.1.0), which the
#: committed world-atlas cut does not carry, so it is stated here. Features whose Natural Earth sovereign is
#: the feature itself or a disputed claim (Antarctica, W. Sahara, N. Cyprus, Somaliland, the Cyprus U.N.
#: buffer zone, Siachen Glacier, Spratly Is., Scarborough Reef, Bajo Nuevo and Serranilla banks), the
#: Vatican (sovereign, but not a World Bank economy) and Venezuela (unclassified by the World Bank since
#: FY2022) have no tier and are left out of stratified sampling: they never anchor a stratum cell.
SOVEREIGN_OF = MappingProxyType({
    "AIA": "GBR", "FLK": "GBR", "IOT": "GBR", "MSR": "GBR", "PCN": "GBR", "SGS": "GBR", "SHN": "GBR",
    "XAK": "GBR", "XDK": "GBR",
    "ATF": "FRA", "BLM": "FRA", "SPM": "FRA", "WLF": "FRA", "XCP": "FRA",
    "HMD": "AUS", "NFK": "AUS", "XAC": "AUS", "XCS": "AUS", "XIO": "AUS",
    "COK": "NZL", "NIU": "NZL",
    "UMI": "USA", "XGB": "USA",
    "ALA": "FIN",
    "XBK": "KAZ",
})


def stratum_income_tier(country: str, tier: str, tiers: Mapping[str, str]) -> str:
    """Return the income tier an entity is stratified by: its own World Bank group, else its sovereign's, else NA.

    ``tier`` is the entity's kgb:incomeTier (its country's own World Bank group, NA where the country has
    none); ``tiers`` maps World Bank economy codes to groups. NA means the entity is left out of
    stratified sampling (:data:`SOVEREIGN_OF` says which features those are and why).

    >>> t = {"GBR": "HIC", "FIN": "HIC"}
    >>> stratum_income_tier("ALA", "NA", t), stratum_income_tier("KEN", "LMC", t), stratum_income_tier("VEN", "NA", t)
    ('HIC', 'LMC', 'NA')
    """
    if tier in INCOME_TIERS:
        return tier
    sovereign = SOVEREIGN_OF.get(country)
    inherited = tiers.get(sovereign) if sovereign else None
    return inherited if inherited in INCOME_TIERS else UNSTRATIFIED


#: resolutions of the proximity index (kgb:inCell3, kgb:inCell5, kgb:nearCell) and the radius each covers
PROXIMITY_RESOLUTIONS = (3, 5)


def safe_radius_km(resolution: int) -> float:
    """Return the largest radius (km) a ring-1 H3 disk at this resolution is guaranteed to cover: 0.8 x average edge.

    Any point within this distance of a point in cell c lies in grid_disk(c, 1) (checked by a property
    test over random points on the whole globe).

    >>> round(safe_radius_km(5), 2), round(safe_radius_km(3), 1)
    (7.88, 55.2)
    """
    return 0.8 * h3.average_hexagon_edge_length(resolution, "km")


def representative_point(geom: BaseGeometry) -> tuple[float, float]:
    """Return (lon, lat) of a point that lies on the geometry: the point itself, a line's midpoint, a point inside a polygon.

    >>> from shapely.geometry import LineString, Polygon
    >>> representative_point(LineString([(0, 0), (2, 0)]))
    (1.0, 0.0)
    >>> representative_point(Polygon([(0, 0), (2, 0), (2, 2), (0, 2)]))
    (1.0, 1.0)
    """
    if geom.geom_type == "Point":
        return geom.x, geom.y
    if geom.geom_type in ("LineString", "MultiLineString"):
        longest = max(getattr(geom, "geoms", [geom]), key=lambda g: g.length)
        p = longest.interpolate(0.5, normalized=True)
    else:
        p = geom.point_on_surface()
    return p.x, p.y


class CountryLocator:
    """Return the ISO alpha-3 code of the country a point lies in, or of the nearest country offshore.

    >>> from shapely.geometry import box
    >>> loc = CountryLocator([("AAA", box(0, 0, 1, 1)), ("BBB", box(2, 0, 3, 1))])
    >>> loc.locate(0.5, 0.5), loc.locate(1.9, 0.5)
    ('AAA', 'BBB')
    """

    def __init__(self, countries: Iterable[tuple[str, BaseGeometry]]):
        pairs = list(countries)
        self._codes = [c for c, _ in pairs]
        self._geoms = [g for _, g in pairs]
        self._tree = STRtree(self._geoms)
        for g in self._geoms:
            shapely.prepare(g)

    def locate(self, lon: float, lat: float) -> str:
        """Return the code of the country containing (lon, lat); offshore, the nearest one."""
        p = shapely.Point(lon, lat)
        hits = self._tree.query(p, predicate="intersects")
        if len(hits):
            return self._codes[int(min(hits))]
        return self._codes[int(self._tree.nearest(p))]


def settle_country(polygon: str, source: str | None, known: Iterable[str] | Mapping[str, object]) -> tuple[str, bool]:
    """Return (country, conflict): the country an entity is given and whether its two witnesses disagree.

    ``polygon`` is the code of the Natural Earth polygon the entity's point falls in, ``source`` the code its
    own source record names (a GeoNames place's country code), ``known`` the snapshot's country codes. The
    source record wins over a 1:10m polygon, which is coarse at borders, when its country is in the
    snapshot; a source country the snapshot lacks (Reunion, which Natural Earth draws as France's) leaves
    the polygon's code. Either way a disagreement is a conflict: such an entity is never asked about
    containment. No ``source``: the polygon, no conflict.

    >>> settle_country("TGO", "GHA", {"TGO", "GHA"}), settle_country("FRA", "REU", {"FRA"})
    (('GHA', True), ('FRA', True))
    >>> settle_country("GHA", "GHA", {"GHA"}), settle_country("FIN", None, {"FIN"})
    (('GHA', False), ('FIN', False))
    """
    if not source or source == polygon:
        return polygon, False
    return (source if source in known else polygon), True


@dataclasses.dataclass(frozen=True)
class DensityTiers:
    """Return density tiers of H3 resolution-3 cells from population summed per cell.

    Cells are cut at the 33rd and 67th percentiles of the populated cells' sums; a cell with no
    gazetteer place is 'low'.

    >>> t = DensityTiers.from_places([(0.0, 0.0, 10), (50.0, 50.0, 1000), (-60.0, -10.0, 100000)])
    >>> t.tier(0.0, 0.0), t.tier(-60.0, -10.0), t.tier(120.0, 10.0)
    ('low', 'high', 'low')
    """

    population: Mapping[str, int]
    p33: float
    p67: float

    @classmethod
    def from_places(cls, places: Iterable[tuple[float, float, int]]) -> "DensityTiers":
        """Return tiers from (lon, lat, population) triples."""
        sums: dict[str, int] = defaultdict(int)
        for lon, lat, pop in places:
            sums[h3.latlng_to_cell(lat, lon, DENSITY_RESOLUTION)] += int(pop)
        values = np.array(sorted(sums.values()), dtype=float)
        p33, p67 = (float(np.percentile(values, 33)), float(np.percentile(values, 67))) if len(values) else (0.0, 0.0)
        return cls(dict(sums), p33, p67)

    def tier_of_cell(self, cell: str) -> str:
        """Return 'low', 'medium' or 'high' for a resolution-3 cell."""
        pop = self.population.get(cell, 0)
        if pop <= self.p33:
            return "low"
        return "medium" if pop <= self.p67 else "high"

    def tier(self, lon: float, lat: float) -> str:
        """Return the tier of the resolution-3 cell containing (lon, lat)."""
        return self.tier_of_cell(h3.latlng_to_cell(lat, lon, DENSITY_RESOLUTION))

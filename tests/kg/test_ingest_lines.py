"""The ingest's template writer writes exactly what the bundled writer (entity_lines) writes, whatever the record."""

import dataclasses
import datetime as dt

import pytest
from shapely.geometry import LineString, Point, Polygon

from kgbench.kg.builder.records import EntityRecord
from kgbench.kg.builder.snapshot import entity_lines
from kgbench.kg.ingest.lines import EntityLines, wkt_texts

_BASE = EntityRecord(key="worldkg/1", graph="worldkg", cls="PointOfInterest", category="cafe", name="Café",
                     geometry=Point(24.9412345678, 60.1699), labels=[("Café", None)], source_ids=["1"],
                     source_iris=["http://www.worldkg.org/resource/1", "https://www.openstreetmap.org/node/1"])

#: records of one shape each, and a second record of the same shape with other values (written from the template)
_CASES = {
    "plain": {},
    "languages and escapes": {"labels": [('Quote " and \\ back', "de"), ("Line\nbreak\ttab", "en"), ("{braces}", None)],
                              "name": "Line\nbreak\ttab", "category": 'odd "category"'},
    "population": {"population": 3677472},
    "blank-node subject": {"source_iris": [], "key": "worldkg/_b0.x"},
    "line": {"geometry": LineString([(1, 2), (3.123456789, 4)]), "cls": "Road"},
    "polygon": {"geometry": Polygon([(0, 0), (1, 0), (1, 1), (0, 0)]), "cls": "PopulatedPlace", "category": "city"},
    "extras (entity_lines each time)": {"extra": [("startTime", dt.datetime(2020, 1, 2, 3, 4)), ("magnitude", 5.5)]},
    "tags (entity_lines each time)": {"tags": ["amenity=cafe"]},
}


@pytest.mark.parametrize("case", list(_CASES))
def test_template_writes_entity_lines_bytes(case):
    rec = dataclasses.replace(_BASE, **_CASES[case])
    twin = dataclasses.replace(
        rec, key=rec.key + "9", category=rec.category + " x", name=rec.name + " 2",
        labels=[(t + " 2", lang) for t, lang in rec.labels], source_ids=[i + "9" for i in rec.source_ids],
        source_iris=[i + "9" for i in rec.source_iris], population=None if rec.population is None else 12)
    write = EntityLines()
    strata = [("FIN", "HIC", "low", "891126d8a3fffff"), ("DEU", "UMC", "high", "891f1d48b7bffff")]
    for r in (rec, twin, rec):
        for args in strata:
            expected = entity_lines(r, r.name, *args)
            del expected[EntityLines.NAME_LINE]
            assert write(r, *args, wkt=wkt_texts([r.geometry])[0]) == "".join(expected)
    templated = "entity_lines each time" not in case
    assert write.templated == (5 if templated else 0)  # all but the shape's first (which checks the template)

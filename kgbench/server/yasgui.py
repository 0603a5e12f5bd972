"""YASGUI for the query page, taken from its npm package at build time (never committed): ``python -m kgbench.server.yasgui``.

:func:`install_yasgui` runs ``npm pack @zazuko/yasgui@VERSION`` in a temporary folder, checks the tarball,
and extracts the package's browser build (``yasgui.min.js``, ``yasgui.min.css``) with its ``package.json``
(name, version, licence) into ``kgbench/server/vendor/yasgui/`` (git-ignored), atomically: a failed install
leaves the previous files as they were. ``.ci/run`` calls it; without it the page at ``/`` is kgbench's own
plain one, which says how to install YASGUI.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

from kgbench.fileio import atomic_directory
from kgbench.server.page import YASGUI_FILES, yasgui_dir

__all__ = ["install_yasgui", "YASGUI_PACKAGE", "YASGUI_VERSION", "YasguiInstallError"]

YASGUI_PACKAGE = "@zazuko/yasgui"
#: the version the page is tested with
YASGUI_VERSION = "4.6.2"


class YasguiInstallError(RuntimeError):
    """npm is missing or failed, or its tarball lacks YASGUI's build files; the message says which."""


def install_yasgui(dest: str | Path | None = None, *, version: str = YASGUI_VERSION, force: bool = False,
                   npm: str = "npm") -> Path:
    """Return the folder holding YASGUI's browser build, fetching it with ``npm pack`` unless already there.

    ``dest`` defaults to :func:`kgbench.server.page.yasgui_dir`. Files already there of the same ``version``
    are kept unless ``force``. Raises :class:`YasguiInstallError` when npm is absent or fails, or the package
    lacks a file the page loads.

    >>> install_yasgui(npm="no-such-npm-here", force=True, dest=tempfile.mkdtemp())
    Traceback (most recent call last):
    ...
    kgbench.server.yasgui.YasguiInstallError: npm not found (no-such-npm-here): install Node.js and npm to fetch @zazuko/yasgui
    """
    dest = Path(dest) if dest is not None else yasgui_dir()
    meta = dest / "package.json"
    if not force and all((dest / f).is_file() for f in YASGUI_FILES) and meta.is_file():
        try:
            if json.loads(meta.read_text(encoding="utf-8")).get("version") == version:
                return dest
        except ValueError:
            pass
    exe = shutil.which(npm)
    if exe is None:
        raise YasguiInstallError(f"npm not found ({npm}): install Node.js and npm to fetch {YASGUI_PACKAGE}")
    with tempfile.TemporaryDirectory(prefix="kgbench-yasgui-") as work:
        spec = f"{YASGUI_PACKAGE}@{version}"
        proc = subprocess.run([exe, "pack", spec, "--silent"], cwd=work, capture_output=True, text=True)
        tarballs = sorted(Path(work).glob("*.tgz"))
        if proc.returncode != 0 or not tarballs:
            raise YasguiInstallError(f"npm pack {spec} failed (exit {proc.returncode}): "
                                     f"{(proc.stderr or proc.stdout).strip()[-500:]}")
        with tarfile.open(tarballs[0]) as tar, atomic_directory(dest) as tmp:
            for name in (*YASGUI_FILES, "package.json"):
                inner = "package/" + (name if name == "package.json" else f"build/{name}")
                try:
                    member = tar.getmember(inner)
                except KeyError:
                    raise YasguiInstallError(f"{tarballs[0].name} has no {inner}") from None
                if not member.isfile():
                    raise YasguiInstallError(f"{tarballs[0].name}: {inner} is not a regular file")
                (tmp / name).write_bytes(tar.extractfile(member).read())
    return dest


def main(argv: list[str] | None = None) -> int:
    """Return the exit status of installing YASGUI for the page (0; 1 with one error line), printing where it went."""
    ap = argparse.ArgumentParser(prog="python -m kgbench.server.yasgui", description=main.__doc__)
    ap.add_argument("--dest", help="folder to put the files in (default: kgbench/server/vendor/yasgui)")
    ap.add_argument("--version", default=YASGUI_VERSION, help=f"{YASGUI_PACKAGE} version (default {YASGUI_VERSION})")
    ap.add_argument("--force", action="store_true", help="fetch again even if the files are there")
    args = ap.parse_args(argv)
    try:
        folder = install_yasgui(args.dest, version=args.version, force=args.force)
    except YasguiInstallError as exc:
        print(f"Error: {exc}", file=sys.stderr)
        return 1
    print(f"YASGUI {args.version} in {folder}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

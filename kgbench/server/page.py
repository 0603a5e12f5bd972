"""The query page at ``/``: kgbench's own HTML around YASGUI, or a plain page when YASGUI is not installed."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path

from kgbench.ontologies import PREFIXES
from kgbench.server.examples import examples, prefix_block

__all__ = ["page_html", "page_config", "yasgui_dir", "YASGUI_FILES"]

#: the files of YASGUI's browser build the page loads (from ``/yasgui/``)
YASGUI_FILES = ("yasgui.min.js", "yasgui.min.css")


def yasgui_dir() -> Path:
    """Return the folder :mod:`kgbench.server.yasgui` installs YASGUI into (``kgbench/server/vendor/yasgui``)."""
    return Path(__file__).resolve().parent / "vendor" / "yasgui"


def page_config(endpoint: str) -> dict:
    """Return what the page presets: the endpoint, the prefixes, and each example with the PREFIX block first.

    >>> c = page_config("sparql")
    >>> c["endpoint"], c["prefixes"]["geo"], c["examples"][0]["family"]
    ('sparql', 'http://www.opengis.net/ont/geosparql#', 'A')
    >>> c["examples"][0]["query"].startswith("PREFIX kgb:")
    True
    """
    head = prefix_block()
    return {"endpoint": endpoint, "prefixes": dict(PREFIXES),
            "examples": [{"family": e.family, "name": e.name, "title": e.title, "query": head + "\n" + e.query}
                         for e in examples()]}


def page_html(endpoint: str, yasgui: Path | None = None) -> str:
    """Return the page's HTML: the YASGUI page when ``yasgui`` holds its files, else the plain page.

    The configuration goes in as JSON (``</`` escaped, so no text in it can close the script element).

    >>> "textarea" in page_html("sparql", Path("/nonexistent"))
    True
    """
    folder = yasgui_dir() if yasgui is None else yasgui
    installed = all((folder / f).is_file() for f in YASGUI_FILES)
    name = "index.html" if installed else "plain.html"
    html = resources.files(__package__).joinpath("static", name).read_text(encoding="utf-8")
    config = json.dumps(page_config(endpoint), ensure_ascii=False).replace("</", "<\\/")
    return html.replace("/*KGBENCH_CONFIG*/null", config)

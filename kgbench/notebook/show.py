"""``kgbench.show(item)``: an item drawn on an interactive map beside its question, answer and gold triples, or as a PNG."""

from __future__ import annotations

from collections.abc import Mapping
from html import escape
from pathlib import Path

from kgbench.fileio import atomic_write
from kgbench.generator.gold import verbalize_gold
from kgbench.generator.item_card import answer_text, gold_count
from kgbench.generator.items import Item
from kgbench.notebook.features import Feature, item_features
from kgbench.notebook.maps import features_map
from kgbench.notebook.static import country_outlines, item_png

__all__ = ["show", "ItemView", "StaticView"]

_SENTENCE_CHARS = 300
_PANEL = ("<style>.kgb-show{display:flex;gap:12px;align-items:flex-start;font-family:sans-serif}"
          ".kgb-show .map{flex:3;min-width:320px}.kgb-show .side{flex:2;min-width:240px;max-height:520px;"
          "overflow:auto;font-size:90%}.kgb-show pre{white-space:pre-wrap;font-size:80%}"
          ".kgb-show .q{font-size:110%;font-weight:600}</style>")


class ItemView:
    """An item drawn for a notebook: ``map`` (a folium Map of its features), ``features``, and the HTML layout
    (:meth:`_repr_html_`: the map beside the question, the answer and the gold triples)."""

    def __init__(self, item: Item, features: list[Feature], folium_map):
        self.item = item
        self.features = features
        self.map = folium_map

    def __repr__(self) -> str:
        return (f"<ItemView {self.item.id}: {len(self.features)} geometr{'y' if len(self.features) == 1 else 'ies'} "
                f"on a folium map; .map, .save(path)>")

    def _side(self) -> str:
        it = self.item
        sentences = [s if len(s) <= _SENTENCE_CHARS else s[:_SENTENCE_CHARS] + "…"
                     for s in verbalize_gold(it).splitlines()] if it.gold_triples else []
        ents = "".join(f"<li><b>{escape(f.role or '·')}</b> {escape(f.label.split(': ', 1)[-1])}"
                       f"{' <i>(from the KG)</i>' if f.source == 'kg' else ''}</li>" for f in self.features)
        n = gold_count(it)
        return "".join([
            f"<div class='meta'>{escape(it.id)} · template {escape(it.template_id)} · {escape(it.language)}</div>",
            f"<p class='q'>{escape(it.question)}</p>",
            f"<p><b>Answer</b> ({escape(it.answer_format)}): <code>{escape(answer_text(it))}</code></p>",
            f"<p><b>On the map</b></p><ul>{ents}</ul>" if ents else "<p><i>no geometry to draw</i></p>",
            f"<p><b>Gold triples</b> ({n})</p><ul>{''.join(f'<li>{escape(s)}</li>' for s in sentences)}</ul>",
            f"<details><summary>N-Triples</summary><pre>{escape(_cut(it.gold_triples or ''))}</pre></details>",
            f"<details><summary>SPARQL</summary><pre>{escape(it.sparql or '')}</pre></details>",
        ])

    def _repr_html_(self) -> str:
        return (f"{_PANEL}<div class='kgb-show'><div class='map'>{self.map._repr_html_()}</div>"
                f"<div class='side'>{self._side()}</div></div>")

    def save(self, path: str | Path, *, force: bool = False) -> Path:
        """Write the view as a standalone HTML page and return its path; an existing file needs ``force``."""
        return _write(path, f"<!doctype html><meta charset='utf-8'><title>{escape(self.item.id)}</title>"
                            f"{self._repr_html_()}".encode(), force)


class StaticView:
    """An item drawn as a PNG (``png``: the bytes), shown by a notebook as an image; ``path`` where it was written."""

    def __init__(self, png: bytes, path: Path | None = None):
        self.png = png
        self.path = path

    def _repr_png_(self) -> bytes:
        return self.png

    def __repr__(self) -> str:
        where = f" written to {self.path}" if self.path else ""
        return f"<StaticView: a PNG of {len(self.png):,} bytes{where}>"


def _cut(text: str, limit: int = 20000) -> str:
    return text if len(text) <= limit else f"{text[:limit]}\n… ({len(text):,} characters in all)"


def _write(path: str | Path, data: bytes, force: bool) -> Path:
    path = Path(path)
    if path.exists() and not force:
        raise FileExistsError(f"{path}: exists; pass force=True to replace it")
    with atomic_write(path, "wb") as f:
        f.write(data)
    return path


def show(item: Item | Mapping, *, kg=None, static: bool = False, png: str | Path | None = None, force: bool = False,
         width: int = 900, height: int = 600, basemap: bool = True):
    """Return an item drawn: an :class:`ItemView` (interactive folium map beside its question, answer and gold
    triples), or with ``static=True`` or ``png=`` a :class:`StaticView` (a PNG for papers).

    The geometries are the item's gold geometries and, for an entity gold gives none, its geometry in ``kg``
    (default: the bundled snapshot, opened only if needed; ``kg=False``: gold only; see
    :func:`~kgbench.notebook.features.item_features`). The PNG is ``width`` x ``height`` pixels with the
    snapshot's country outlines under the geometries (``basemap=False`` or ``kg=False``: none); ``png`` also
    writes it to that file (atomically; an existing file only with ``force=True``). ``item`` may be an
    :class:`~kgbench.generator.items.Item` or its dict.

    >>> g = "<http://www.opengis.net/ont/geosparql#"
    >>> gold = (f'<http://x/a> {g}hasGeometry> <http://x/a/g> .\\n'
    ...         f'<http://x/a/g> {g}asWKT> "POINT (24.93 60.17)"^^{g}wktLiteral> .\\n')
    >>> item = Item("A9-x", "A9", 1, "A9-1", "v1", "eng", "Where is Kamppi?", "Coordinates", [24.93, 60.17], None,
    ...             [], False, None, {"A": {"iri": "http://x/a", "name": "Kamppi"}}, {}, "", gold, "osm", {}, "s")
    >>> view = show(item, kg=False)
    >>> [f.label for f in view.features], "Where is Kamppi?" in view._repr_html_()
    (['A: Kamppi'], True)
    >>> len(show(item, kg=False, static=True, width=300, height=200).png) > 1000
    True
    """
    if isinstance(item, Mapping):
        item = Item.from_dict(item)
    if png and Path(png).exists() and not force:  # before any drawing
        raise FileExistsError(f"{png}: exists; pass force=True to replace it")
    features = item_features(item, kg)
    if not (static or png):
        return ItemView(item, features, features_map(features))
    outlines = ()
    if basemap and kg is not False:
        if kg is None:
            from kgbench.kg.store import open_kg

            kg = open_kg()
        outlines = country_outlines(kg)
    data = item_png(item, features, outlines=outlines, width=width, height=height)
    return StaticView(data, _write(png, data, force) if png else None)

"""Every item's scene written to a folder: ``<id>.geojson``, ``<id>.png``, ``<id>.transform.json`` and an index.

The function behind ``kgbench scenes``. The folder is written whole or not at all
(:func:`kgbench.fileio.atomic_directory`); ``index.jsonl`` has one line per item: its id, template, the
three file names, the feature ids and the map's size.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable
from pathlib import Path

from kgbench.evaluation.scenes.geojson import scene_geojson, validate_geojson
from kgbench.evaluation.scenes.maps import scene_map
from kgbench.evaluation.scenes.model import item_scene
from kgbench.evaluation.scenes.render import DEFAULT_SIZE
from kgbench.fileio import atomic_directory, write_json_lines

__all__ = ["write_scenes", "scene_files", "INDEX"]

#: the index file of a scenes folder
INDEX = "index.jsonl"
_SAFE_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]*$")


def scene_files(item_id: str) -> dict[str, str]:
    """Return the file names of an item's scene; an id that is not a safe file name raises ValueError.

    >>> scene_files("A1-4aa31de8c95d")["png"]
    'A1-4aa31de8c95d.png'
    >>> scene_files("../x")
    Traceback (most recent call last):
    ...
    ValueError: item id '../x' cannot name a file (letters, digits, '.', '_', '-' only)
    """
    if not _SAFE_ID.match(item_id or "") or ".." in item_id:
        raise ValueError(f"item id {item_id!r} cannot name a file (letters, digits, '.', '_', '-' only)")
    return {"geojson": f"{item_id}.geojson", "png": f"{item_id}.png", "transform": f"{item_id}.transform.json"}


def write_scenes(items: Iterable, out: str | Path, *, kg=None, size: int = DEFAULT_SIZE,
                 progress: Callable[[int, int], None] | None = None) -> list[dict]:
    """Write every item's scene into the folder ``out`` (replacing it whole) and return the index records.

    ``items`` are :class:`~kgbench.generator.items.Item` objects; ``kg`` gives the basemap (None: none);
    ``size`` is the maps' width and height in pixels. Each GeoJSON is checked against RFC 7946
    (:func:`~kgbench.evaluation.scenes.geojson.validate_geojson`) before it is written. Two items of one id
    raise ValueError. ``progress(done, total)`` is called after each item.
    """
    items = list(items)
    seen: set[str] = set()
    index = []
    with atomic_directory(out) as tmp:
        for n, item in enumerate(items, 1):
            files = scene_files(item.id)
            if item.id in seen:
                raise ValueError(f"item id {item.id!r} appears twice in the dataset")
            seen.add(item.id)
            scene = item_scene(item)
            doc = scene_geojson(scene)
            validate_geojson(doc)
            png, transform = scene_map(scene, kg, width=size, height=size)
            (tmp / files["geojson"]).write_text(json.dumps(doc, ensure_ascii=False) + "\n", encoding="utf-8")
            (tmp / files["png"]).write_bytes(png)
            (tmp / files["transform"]).write_text(json.dumps(transform.to_dict(), indent=1) + "\n",
                                                  encoding="utf-8")
            index.append({"id": item.id, "template_id": item.template_id, **files,
                          "features": [f.id for f in scene.features], "width": size, "height": size})
            if progress is not None:
                progress(n, len(items))
        write_json_lines(tmp / INDEX, index, dumps=lambda r: json.dumps(r, ensure_ascii=False))
    return index

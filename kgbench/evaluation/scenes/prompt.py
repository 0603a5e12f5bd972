"""The parts of a scene condition's prompt: the text that introduces the scene (its feature ids and names, the
GeoJSON) and the map as an image part of an OpenAI-compatible chat message.

The image is embedded in the prompt record as a ``data:image/png;base64,...`` URL: a prompts JSONL file stays
self-contained (it is sent as it is, by ``kgbench run`` or any client), and the prompt's hash covers the
image, so a changed map is asked again rather than answered from the response cache.

The GeoJSON of a scene whose geometries are too large for the context budget (tokens estimated as
characters / 4) is shown with its geometries simplified, topology-preserving, to the largest vertex cap of
:data:`VERTEX_CAPS` that fits, and the prompt says so; the map always draws the full geometries.
"""

from __future__ import annotations

import base64
import dataclasses
import hashlib
import json
from collections.abc import Mapping

from kgbench.evaluation.scenes.features import display_geometry
from kgbench.evaluation.scenes.geojson import scene_geojson
from kgbench.evaluation.scenes.model import Scene
from kgbench.evaluation.scenes.render import MAX_LABELS

__all__ = ["scene_intro", "geojson_text", "image_part", "text_part", "message_text", "VERTEX_CAPS",
           "SceneLanguageError", "png_metadata"]

#: the vertex caps tried, largest first, when a scene's GeoJSON does not fit the context budget
VERTEX_CAPS = (5000, 2000, 1000, 500, 250, 100, 50, 20)
#: characters kept free in the budget for the rest of the prompt (question, answer format, schema)
_REST = 6000


class SceneLanguageError(ValueError):
    """A scene condition asked for an item in a language its texts are not written in (English only)."""


def text_part(text: str) -> dict:
    """Return an OpenAI-compatible text part.

    >>> text_part("hi")
    {'type': 'text', 'text': 'hi'}
    """
    return {"type": "text", "text": text}


def image_part(png: bytes) -> dict:
    """Return an OpenAI-compatible image part carrying the PNG as a base64 data URL.

    >>> image_part(b"x")["image_url"]["url"]
    'data:image/png;base64,eA=='
    """
    return {"type": "image_url", "image_url": {"url": "data:image/png;base64," + base64.b64encode(png).decode()}}


def message_text(content) -> str:
    """Return the text of a chat message's content: itself when a string, else its text parts joined by blank
    lines (image parts left out).

    >>> message_text([text_part("a"), image_part(b"x"), text_part("b")])
    'a\\n\\nb'
    """
    if isinstance(content, str):
        return content
    return "\n\n".join(p.get("text", "") for p in content or () if isinstance(p, Mapping) and p.get("type") == "text")


def _features_sentence(scene: Scene, texts: Mapping[str, str]) -> str:
    parts = []
    for f in scene.features:
        if f.name is None:
            parts.append(texts["scene.hidden"].format(id=f.id))
        elif f.category and f.member:
            parts.append(texts["scene.feature_category"].format(id=f.id, name=f.name, category=f.category))
        else:
            parts.append(texts["scene.feature"].format(id=f.id, name=f.name))
    return texts["scene.features"].format(features="; ".join(parts))


def geojson_text(scene: Scene, budget_chars: int | None) -> tuple[str, int | None]:
    """Return (the scene's GeoJSON as compact JSON, the vertex cap applied or None when whole).

    ``budget_chars`` None: always whole. Otherwise the largest cap of :data:`VERTEX_CAPS` whose text fits;
    the smallest cap when none does.
    """
    whole = json.dumps(scene_geojson(scene), ensure_ascii=False, separators=(",", ":"))
    if budget_chars is None or len(whole) <= budget_chars:
        return whole, None
    for cap in VERTEX_CAPS:
        shown = dataclasses.replace(scene, features=tuple(
            dataclasses.replace(f, geometry=display_geometry(f.geometry, cap)) for f in scene.features))
        text = json.dumps(scene_geojson(shown), ensure_ascii=False, separators=(",", ":"))
        if len(text) <= budget_chars:
            break
    return text, cap


def scene_intro(scene: Scene, texts: Mapping[str, str], *, geojson: bool, image: bool,
                budget_chars: int | None = None) -> tuple[str, dict]:
    """Return (the text that introduces the scene before the question, metadata about what was shown).

    The text names each feature id (``A is Helsinki Cathedral``), then gives the GeoJSON (``geojson``)
    and says that the attached map shows the scene (``image``).
    """
    lines, meta = [], {"features": [f.id for f in scene.features]}
    if not scene.features:
        lines.append(texts["scene.empty"])
    if image:
        lines.append(texts["scene.map" if len(scene.features) <= MAX_LABELS else "scene.map_many"])
    if scene.features:
        lines.append(_features_sentence(scene, texts))
    if geojson:
        text, cap = geojson_text(scene, None if budget_chars is None else max(budget_chars - _REST, 1000))
        if cap is not None:
            lines.append(texts["scene.simplified"].format(vertices=cap))
        lines.append(texts["scene.geojson"])
        lines.append(f"```json\n{text}\n```")
        meta["geojson_vertex_cap"] = cap
    return "\n".join(lines), meta


def png_metadata(png: bytes, transform) -> dict:
    """Return what a prompt records about its map: size, SHA-256 and the pixel transform."""
    return {"width": transform.width, "height": transform.height, "bytes": len(png),
            "sha256": hashlib.sha256(png).hexdigest(), "transform": transform.to_dict()}


"""Scenes: an item's task features as GeoJSON (RFC 7946) and as a PNG map with its pixel transform.

========================  =====================================================================================
module                    holds
========================  =====================================================================================
:mod:`.model`             :class:`Scene` and :func:`item_scene` (the task features from the gold triples)
:mod:`.geojson`           :func:`scene_geojson`, :func:`validate_geojson` (``rfc7946.schema.json``)
:mod:`.transform`         :class:`MapTransform` (pixel <-> CRS84 through Web Mercator)
:mod:`.basemap`           :class:`Basemap` and :func:`read_basemap` (countries, roads, land use from the KG)
:mod:`.render`            :func:`render_map` (the PNG), :mod:`.maps` :func:`scene_map` (with the KG's basemap)
:mod:`.folder`            :func:`write_scenes` (``kgbench scenes``)
:mod:`.features`          an item's gold geometries (shared with the notebook), :mod:`.style` colours
========================  =====================================================================================
"""

from kgbench.evaluation.scenes.basemap import Basemap, read_basemap
from kgbench.evaluation.scenes.folder import write_scenes
from kgbench.evaluation.scenes.geojson import GeoJSONError, scene_geojson, validate_geojson
from kgbench.evaluation.scenes.maps import scene_map
from kgbench.evaluation.scenes.model import Scene, SceneFeature, item_scene
from kgbench.evaluation.scenes.render import render_map
from kgbench.evaluation.scenes.transform import MapTransform

__all__ = ["Scene", "SceneFeature", "item_scene", "scene_geojson", "validate_geojson", "GeoJSONError",
           "MapTransform", "Basemap", "read_basemap", "render_map", "scene_map", "write_scenes"]

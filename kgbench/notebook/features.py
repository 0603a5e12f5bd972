"""The geometries of an item, as the notebook draws them: :mod:`kgbench.evaluation.scenes.features` (one home,
shared with the scene maps of the evaluation conditions)."""

from kgbench.evaluation.scenes.features import DISPLAY_VERTICES, Feature, display_geometry, item_features

__all__ = ["Feature", "item_features", "display_geometry", "DISPLAY_VERTICES"]

"""kgbench: geospatial question-answering benchmarks computed from geographic knowledge graphs.

>>> import kgbench
>>> callable(kgbench.open_kg) and callable(kgbench.generate)
True
"""

from __future__ import annotations

__version__ = "0.1.0"
__all__ = ["open_kg", "generate", "KG", "load_template", "template_ids", "__version__"]


def __getattr__(name):  # lazy: importing kgbench stays cheap for the CLI's --help
    if name in ("open_kg", "KG"):
        from kgbench.kg import store

        return getattr(store, name)
    if name == "generate":
        from kgbench.generator.generate import generate

        return generate
    if name in ("load_template", "template_ids"):
        from kgbench.queries import template

        return getattr(template, name)
    raise AttributeError(f"module 'kgbench' has no attribute {name!r}")

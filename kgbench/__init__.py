"""kgbench: geospatial question-answering benchmarks computed from geographic knowledge graphs.

The public API (everything else is internal or documented in its module):

- :func:`open_kg` -> :class:`KG`, a :class:`KnowledgeGraph` (as are :class:`RemoteKG`, a SPARQL endpoint, and
  :class:`EndpointKG`, a SPARQL server with kgbench's geo functions computed here);
  :class:`QueryTimeout` (a TimeoutError) is what their queries raise when they outlast ``timeout``;
- :func:`load_template`, :func:`template_ids`: the question templates;
- :func:`generate`: verified items of one template (each passes the evaluation's checks, as in a release);
- :func:`render_prompts`: items as prompts for an evaluation condition;
- :func:`evaluate`: predictions (or a baseline's) scored against items;
- :func:`show`: an item drawn on a map (a notebook view, or a PNG); ``%load_ext kgbench`` gives the
  ``%%sparql`` cell magic (:func:`load_ipython_extension`, :mod:`kgbench.notebook`).

>>> import kgbench
>>> all(callable(getattr(kgbench, name)) for name in kgbench.__all__ if name != "__version__")
True
"""

from __future__ import annotations

__version__ = "0.1.0"
__all__ = ["open_kg", "KG", "RemoteKG", "EndpointKG", "KnowledgeGraph", "QueryTimeout", "load_template",
           "template_ids", "generate", "render_prompts", "evaluate", "show", "load_ipython_extension", "__version__"]

#: public name -> the module that defines it (imported on first use: ``import kgbench`` stays cheap)
_HOMES = {
    "open_kg": "kgbench.kg.opening", "KG": "kgbench.kg.store", "RemoteKG": "kgbench.kg.remote",
    "EndpointKG": "kgbench.kg.endpoint",
    "KnowledgeGraph": "kgbench.kg.graph", "QueryTimeout": "kgbench.kg.interrupt",
    "load_template": "kgbench.queries.template",
    "template_ids": "kgbench.queries.template", "generate": "kgbench.release.checked",
    "render_prompts": "kgbench.evaluation.prompts", "evaluate": "kgbench.evaluation.evaluate",
    "show": "kgbench.notebook.show", "load_ipython_extension": "kgbench.notebook.magic",
}


def __getattr__(name):
    if name in _HOMES:
        import importlib

        return getattr(importlib.import_module(_HOMES[name]), name)
    raise AttributeError(f"module 'kgbench' has no attribute {name!r}")

"""The ``kgbench`` command: a thin layer over the public Python functions a notebook calls too.

One module per command group: :mod:`~kgbench.cli.kg_commands` (the graph), :mod:`~kgbench.cli.generation`
(items), :mod:`~kgbench.cli.evaluation` (models and releases), :mod:`~kgbench.cli.serve` (the endpoint); what they share is in :mod:`~kgbench.cli._app`.
"""

from kgbench.cli import evaluation, generation, ingest_command, kg_commands, serve  # noqa: F401 - each registers its commands on main
from kgbench.cli._app import main

__all__ = ["main"]

"""``python -m kgbench.cli``: the kgbench command."""

from kgbench.cli import main

main()

"""kgbench in a notebook: ``%load_ext kgbench`` (the ``%%sparql`` cell magic) and ``kgbench.show(item)``.

Needs the ``notebook`` extra (``pip install 'kgbench[notebook]'``: pandas, geopandas, folium, IPython); each
library is imported when first used, so importing this package costs nothing and a missing one is named in
the error. Modules: :mod:`~kgbench.notebook.magic` (the magic), :mod:`~kgbench.notebook.show` (items drawn),
:mod:`~kgbench.notebook.maps` (folium maps), :mod:`~kgbench.notebook.static` (PNGs),
:mod:`~kgbench.notebook.features` (an item's geometries), :mod:`~kgbench.notebook.run_examples` (runs
``examples/``).
"""

"""The snapshot build: committed source data and its readers -> entity records -> names and strata -> N-Triples.

- :mod:`~kgbench.kg.builder.snapshot`: the build itself (inputs, snapshot id, the N-Triples files and manifest);
- :mod:`~kgbench.kg.builder.sources`: the committed source files (Natural Earth, GeoNames, World Bank, ISO
  3166, and in :mod:`~kgbench.kg.builder.sources.events` the USGS, HURDAT2 and US-atlas tables) and their readers;
- importers of one source each into :class:`~kgbench.kg.builder.records.EntityRecord` s:
  :mod:`~kgbench.kg.builder.osm` (with :mod:`~kgbench.kg.builder.osm_names`, :mod:`~kgbench.kg.builder.osm_topology`,
  :mod:`~kgbench.kg.builder.osm_coverage`), :mod:`~kgbench.kg.builder.earthquakes`,
  :mod:`~kgbench.kg.builder.storms`, :mod:`~kgbench.kg.builder.us_admin` (shapes cut at the antimeridian by
  :mod:`~kgbench.kg.builder.world_geometry`);
- what the build derives: :mod:`~kgbench.kg.builder.names` (canonical names), :mod:`~kgbench.kg.builder.region_names`,
  :mod:`~kgbench.kg.builder.place_twins` (GeoNames near twins),
  :mod:`~kgbench.kg.builder.strata` (countries, income and density tiers, the H3 proximity index).

Nothing here queries a graph: the runtime (:mod:`kgbench.kg.store`, :mod:`kgbench.kg.remote`) reads what this
package writes, and the import contract in ``pyproject.toml`` keeps this package from importing the runtime.
Every module here is part of the snapshot id (:func:`~kgbench.kg.builder.snapshot.snapshot_id`).
"""

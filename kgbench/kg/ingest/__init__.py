"""Ingesting source graphs (WorldKG, KnowWhereGraph, OSMH3KG, any GeoSPARQL graph) into kgbench snapshots.

- :func:`~kgbench.kg.ingest.pipeline.ingest`: dumps -> a snapshot folder that :func:`kgbench.open_kg` opens;
- :mod:`~kgbench.kg.ingest.profiles`: how each source's schema maps to the common entity shape;
- :mod:`~kgbench.kg.ingest.dumps`: streaming N-Triples, N-Quads and Turtle, plain, gzip or bzip2;
- :mod:`~kgbench.kg.ingest.spill`, :mod:`~kgbench.kg.ingest.entities`: the on-disk spill and the mapping of
  ranges of subjects, in one process or several side by side.

Kept apart from :mod:`kgbench.kg.builder`, whose code is part of the bundled snapshot's id.
"""

"""kgbench.generator: generating verified items (sampling per stratum, execution, gold triples, tolerances, leak
checks); what evaluation needs of an item comes injected (:class:`kgbench.generator.generate.Checks`)."""

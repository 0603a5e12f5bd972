"""kgbench.release: building a released benchmark from generation and evaluation together (the whole-benchmark
policy, the release files and card, the audit)."""

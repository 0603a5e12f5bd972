"""kgbench.generator"""

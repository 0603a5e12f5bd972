"""kgbench.queries"""

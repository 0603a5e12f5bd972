"""kgbench.kg"""

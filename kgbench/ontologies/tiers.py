"""The strata of the sampling design: World Bank income tiers and population-density tiers, in their order.

Every module that samples, reports or checks strata reads the tiers from here.

>>> INCOME_TIERS
('LIC', 'LMC', 'UMC', 'HIC')
>>> UNSTRATIFIED in INCOME_TIERS
False
"""

from __future__ import annotations

__all__ = ["INCOME_TIERS", "DENSITY_TIERS", "UNSTRATIFIED", "INCOME_GROUPS"]

#: the income tiers of the sampling design (World Bank FY2026 groups, poorest first); nothing else is a stratum
INCOME_TIERS = ("LIC", "LMC", "UMC", "HIC")
#: the income group of an economy the World Bank does not classify (Venezuela since FY2022, some territories):
#: an entity with it, even through its sovereign, is left out of stratified sampling
UNSTRATIFIED = "NA"
#: every value the income table may hold: the four tiers and "not classified"
INCOME_GROUPS = (*INCOME_TIERS, UNSTRATIFIED)
#: population-density tiers of a resolution-3 H3 cell (terciles of populated cells; unpopulated is 'low')
DENSITY_TIERS = ("low", "medium", "high")

"""Country and US-state names in the benchmark's languages, as language-tagged labels of the snapshot.

Country names are CLDR's territory names (through Babel), state names the iso-codes project's translations
of ISO 3166-2 (through pycountry's gettext catalogues). A language whose catalogue does not exist gets no
label; a name the catalogue leaves untranslated is the English one, which is also that language's name
(Texas is "Texas" in French). The languages are :data:`kgbench.languages.LANGUAGE_CODES` but English
(English labels come from the sources themselves).
"""

from __future__ import annotations

import functools
import gettext

__all__ = ["country_labels", "state_labels", "localization_sources", "localized_label_counts"]

#: ISO 3166-1 alpha-3 codes Natural Earth uses that ISO does not assign, with CLDR's territory code
_CLDR_TERRITORY = {"XKX": "XK"}


@functools.lru_cache(maxsize=1)
def _tags() -> tuple[str, ...]:
    from kgbench.languages import LANGUAGE_CODES, get_language
    return tuple(get_language(code).bcp47 for code in LANGUAGE_CODES if code != "eng")


@functools.lru_cache(maxsize=None)
def _locale(tag: str):
    from babel import Locale
    return Locale.parse(tag)


def country_labels(iso_a3: str) -> list[tuple[str, str]]:
    """Return the (name, BCP 47 tag) labels of a country in every translated language CLDR names it in.

    Empty for a code CLDR has no territory for (Natural Earth's -99, Akrotiri's XAK).

    >>> dict((tag, name) for name, tag in country_labels("FIN"))["fr"]
    'Finlande'
    >>> country_labels("XAK")
    []
    """
    import pycountry
    country = pycountry.countries.get(alpha_3=iso_a3)
    territory = country.alpha_2 if country else _CLDR_TERRITORY.get(iso_a3)
    if territory is None:
        return []
    out = []
    for tag in _tags():
        name = _locale(tag).territories.get(territory)
        if name:
            out.append((name, tag))
    return out


@functools.lru_cache(maxsize=None)
def _subdivision_catalogue(tag: str):
    import pycountry
    try:
        return gettext.translation("iso3166-2", pycountry.LOCALES_DIR, languages=[tag])
    except FileNotFoundError:
        return None


def state_labels(postal: str) -> list[tuple[str, str]]:
    """Return the (name, BCP 47 tag) labels of a US state (by its USPS code) in every translated language.

    >>> dict((tag, name) for name, tag in state_labels("TX"))["ru"]
    'Техас'
    """
    import pycountry
    sub = pycountry.subdivisions.get(code=f"US-{postal}")
    if sub is None:
        return []
    out = []
    for tag in _tags():
        catalogue = _subdivision_catalogue(tag)
        if catalogue is not None:
            out.append((catalogue.gettext(sub.name), tag))
    return out


def localization_sources() -> dict[str, str]:
    """Return the versions of the sources of the localized names (for the manifest)."""
    import importlib.metadata as md
    return {"babel (CLDR territory names)": md.version("babel"),
            "pycountry (iso-codes ISO 3166-2 translations)": md.version("pycountry")}


def localized_label_counts(records) -> dict[str, int]:
    """Return how many entities carry a label in each translated language (by BCP 47 tag), all graphs."""
    tags = set(_tags())
    counts = {tag: 0 for tag in sorted(tags)}
    for rec in records:
        for tag in {lang for _, lang in rec.labels if lang in tags}:
            counts[tag] += 1
    return counts

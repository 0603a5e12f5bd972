"""Admin-1 qualified names of populated places, for questions that must not name a place by its country."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

__all__ = ["region_names"]


def region_names(places: Sequence[tuple[str, str]], taken: Iterable[str] = (),
                 own: Sequence[str] | None = None) -> list[str | None]:
    """Return per place ``"<name>, <admin-1 region>"``, or None where that label is missing or not unique.

    ``places`` are (bare name, admin-1 region name) pairs; ``taken`` are the names in use (every entity's
    canonical name), ``own`` each place's own canonical name (it may be that very label): a label another
    entity's name equals, or that two places share, is None, and so is a place without an admin-1 name. A question asking whether a city lies in or near a country names the
    city this way: a country qualifier would give the answer away, and a bare name the snapshot holds
    once may still be one of many namesakes in the world (Druzhba).

    >>> region_names([("Druzhba", "Karakalpakstan"), ("Salto", "Salto"), ("Paris", ""),
    ...               ("Aurora", "Illinois"), ("Aurora", "Illinois")])
    ['Druzhba, Karakalpakstan', 'Salto, Salto', None, None, None]
    >>> region_names([("Perth", "Western Australia")], taken=["Perth, Western Australia"])
    [None]
    >>> region_names([("Perth", "Western Australia")], ["Perth, Western Australia"], ["Perth, Western Australia"])
    ['Perth, Western Australia']
    """
    labels = [f"{name}, {region}" if name and region else None for name, region in places]
    counts = Counter(lab for lab in labels if lab)
    used = Counter(taken)
    own = list(own) if own is not None else [None] * len(labels)
    if len(own) != len(labels):
        raise ValueError(f"region_names: {len(own)} own names for {len(labels)} places")
    return [lab if lab and counts[lab] == 1 and used[lab] - (mine == lab) == 0 else None
            for lab, mine in zip(labels, own)]

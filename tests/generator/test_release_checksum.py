"""Behaviour unchanged: the same seed gives byte-identical items, template by template (issue 11).

The items of every template (seed 0, two per stratum: the session's shared generation, tests/conftest.py)
are hashed as the release writes them (one :meth:`Item.to_json` line each) and compared with the checksums
recorded in ``release_checksums.json``. A refactoring must leave them all unchanged. A change that means to
alter items (a template's new version, a new snapshot) records the new checksums in the same commit:

    python tests/generator/test_release_checksum.py     # regenerates and rewrites release_checksums.json
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

RECORD = Path(__file__).with_name("release_checksums.json")


def checksums(made_items) -> dict[str, str]:
    """Return ``{template id: sha256 of its items' JSON lines, in generation order}``."""
    return {tid: hashlib.sha256("".join(it.to_json() + "\n" for it in items).encode()).hexdigest()
            for tid, items in sorted(made_items.items())}


def test_items_are_byte_identical_to_the_recorded_release(made):
    from kgbench.queries.template import template_ids

    now = checksums({tid: made(tid)[0] for tid in template_ids()})
    recorded = json.loads(RECORD.read_text(encoding="utf-8"))
    changed = sorted(t for t in set(now) | set(recorded) if now.get(t) != recorded.get(t))
    assert not changed, (f"items of {changed} differ from the recorded release; if that is meant, record it: "
                         "python tests/generator/test_release_checksum.py")


def _record() -> None:
    import tempfile

    from kgbench.release.benchmark import generate_each
    from kgbench.kg.store import open_kg
    from kgbench.queries.template import template_ids

    with tempfile.TemporaryDirectory() as cache:
        open_kg(cache=cache)  # builds the snapshot and loads the store the workers open read-only
        made = generate_each(template_ids(), cache=cache, jobs=2, seed=0, per_stratum=2)
    sums = checksums({tid: items for tid, (items, _report) in made.items()})
    tmp = RECORD.with_suffix(".tmp")
    tmp.write_text(json.dumps(sums, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    tmp.replace(RECORD)
    print(f"recorded {len(sums)} templates in {RECORD}", file=sys.stderr)


if __name__ == "__main__":
    _record()

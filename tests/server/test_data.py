"""The endpoint over --data files (an in-memory store kgbench infers into): concurrent first queries."""

from __future__ import annotations

import json
import threading
import urllib.parse
import urllib.request

from kgbench.kg.store import KG
from kgbench.server.app import create_app
from tests.server.conftest import app_in_thread

GEO = "http://www.opengis.net/ont/geosparql#"
DATA = f"""<http://x/f> <{GEO}hasDefaultGeometry> <http://x/g> .
<http://x/g> <{GEO}asWKT> "POLYGON((0 0,2 0,2 2,0 2,0 0))"^^<{GEO}wktLiteral> .
""" + "".join(f'<http://x/p{i}> <{GEO}hasDefaultGeometry> <http://x/pg{i}> .\n'
              f'<http://x/pg{i}> <{GEO}asWKT> "POINT({i / 10} 1)"^^<{GEO}wktLiteral> .\n' for i in range(40))


def test_concurrent_first_queries_infer_once_and_agree(tmp_path):
    """Eight clients at once ask for relations kgbench must infer first: every one gets the full answer."""
    data = tmp_path / "data.nt"
    data.write_text(DATA)
    kg = KG.from_files([data])
    query = "SELECT ?p WHERE { ?p geo:sfWithin <http://x/f> . ?p a geo:Feature } ORDER BY ?p"
    answers, errors = [], []
    with app_in_thread(create_app(kg, timeout=60)) as base:
        def client():
            try:
                url = f"{base}/sparql?" + urllib.parse.urlencode({"query": query})
                with urllib.request.urlopen(url, timeout=60) as r:
                    answers.append([b["p"]["value"] for b in json.loads(r.read())["results"]["bindings"]])
            except Exception as exc:  # noqa: BLE001 - asserted below
                errors.append(exc)

        threads = [threading.Thread(target=client) for _ in range(8)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    assert not errors
    # the polygon itself and the points strictly inside it (POINT(0 1) lies on its boundary); the same for all eight
    expected = sorted(["http://x/f", *(f"http://x/p{i}" for i in range(1, 20))])
    assert answers == [expected] * 8
    assert kg.inference.entailed and "sf" in kg.inference.families

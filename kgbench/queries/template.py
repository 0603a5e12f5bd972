"""Templates as data: loading, validating and compiling the one-file-per-id question templates."""

from __future__ import annotations

import dataclasses
import difflib
import functools
import json
import re
import string
from collections.abc import Mapping
from importlib import resources
from pathlib import Path
from types import MappingProxyType

import yaml
from pyoxigraph import Store

from kgbench.kg.query_text import place_bindings, where_brace
from kgbench.ontologies import PREFIXES
from kgbench.queries.sections import FalsePremise, Sampling, ScaleBand, SectionError, Validation, build_section
from kgbench.queries.translations import translation_problems
from kgbench.queries.template_checks import forbidden_clauses, load_yaml, non_finite_fields, unknown_units

__all__ = ["anchor_role", "Template", "Role", "SubTemplate", "Variant", "Sampling", "ScaleBand", "Validation",
           "FalsePremise", "TemplateError", "UnknownTemplateError", "template_ids", "load_template", "load_template_file", "validate_templates", "template_files",
           "roles_query"]


class TemplateError(ValueError):
    """A template file that is not valid; the message names the file and the field."""


class UnknownTemplateError(KeyError):
    """A template id that does not exist; the message lists the closest ids."""

    def __str__(self) -> str:
        return str(self.args[0])


@dataclasses.dataclass(frozen=True)
class Role:
    """A role of a template (``A``, ``B``...): the entity classes, categories, geometry types it admits."""

    name: str
    classes: tuple[str, ...]
    categories: tuple[str, ...] = ()
    geometry: tuple[str, ...] = ()
    graphs: tuple[str, ...] = ()
    description: str = ""
    kind: str = "entity"
    #: the role whose region every wording places this one in ("{B} of {C}"): the name leaves out a trailing
    #: qualifier that names that region ("Palm Springs" of California, not "Palm Springs, California of California")
    named_within: str | None = None


@dataclasses.dataclass(frozen=True)
class Variant:
    """One natural-language wording of a sub-template, with ``{Role}`` and ``{parameter}`` placeholders."""

    id: str
    text: str
    #: the wording in every other language (ISO 639-3 code -> text; placeholders may carry a form spec)
    translations: Mapping[str, str] = dataclasses.field(default_factory=dict)

    def text_in(self, language: str) -> str:
        """Return the wording in a language: ``text`` for English, else its translation (KeyError if none).

        >>> Variant("v1", "How far is {A}?", {"fra": "À quelle distance est {A} ?"}).text_in("fra")
        'À quelle distance est {A} ?'
        """
        if language == "eng":
            return self.text
        try:
            return self.translations[language]
        except KeyError:
            raise KeyError(f"variant {self.id} has no {language} wording") from None

    def placeholders(self) -> set[str]:
        """Return the placeholder names the text uses.

        >>> sorted(Variant("v1", "How far is {A} from {B}?").placeholders())
        ['A', 'B']
        """
        return {f for _, f, _, _ in string.Formatter().parse(self.text) if f}

    def render(self, values: Mapping[str, str]) -> str:
        """Return the question text with every placeholder replaced by its value."""
        return self.text.format_map(dict(values))


@dataclasses.dataclass(frozen=True)
class SubTemplate:
    """A parameter-bound sub-template, its variants, and its answer format and unit (the template's unless it sets its own)."""

    id: str
    parameters: Mapping[str, object]
    variants: tuple[Variant, ...]
    answer_format: str
    unit: str | None


@dataclasses.dataclass(frozen=True)
class Template:
    """A question template loaded from its data file (see ``template.schema.json`` for every field)."""

    id: str
    version: int
    family: str
    sub_function: str
    canonical: str
    answer_format: str
    unit: str | None
    roles: Mapping[str, Role]
    parameters: Mapping[str, Mapping]
    sampling: Sampling
    sub_templates: tuple[SubTemplate, ...]
    answer_query: str
    #: the CONSTRUCT queries of the gold triples (one for most templates; the triples are their union)
    gold_queries: tuple[str, ...]
    validation: Validation
    false_premise: FalsePremise | None
    path: Path
    notes: str = ""
    #: why the bundled snapshot cannot satisfy this template (it is not generated), or None
    unsatisfiable: str | None = None

    @property
    def answer_formats(self) -> tuple[str, ...]:
        """Return the answer formats of the sub-templates, in first-use order (one for most templates).

        >>> load_template("M2").answer_formats
        ('H3 / S2 cell index', 'Geohash', 'Point coordinates')
        """
        return tuple(dict.fromkeys(st.answer_format for st in self.sub_templates))

    def sub_template(self, sub_id: str) -> SubTemplate:
        """Return the sub-template with this id; an unknown id raises KeyError naming the known ones.

        >>> load_template("A1").sub_template("A1-1").answer_format
        'Distance'
        """
        for st in self.sub_templates:
            if st.id == sub_id:
                return st
        raise KeyError(f"template {self.id} has no sub-template {sub_id!r} "
                       f"(it has {', '.join(st.id for st in self.sub_templates)})")

    def compile(self, bindings: Mapping[str, object], query: str = "answer") -> str:
        """Return the answer (gold, or ``sampling.distinct_by``) query as standalone SPARQL with the bindings in VALUES.

        The VALUES block opens the WHERE clause, so the engine starts from the bound entities; values
        are serialized as RDF terms by pyoxigraph, not pasted, so no value can change the query's
        structure. Prefix declarations are included: the text runs as it is on any SPARQL engine that
        knows the functions.

        >>> from pyoxigraph import NamedNode
        >>> t = load_template("A1")
        >>> q = t.compile({"A": NamedNode("http://ex.org/a"), "B": NamedNode("http://ex.org/b")})
        >>> [line.strip() for line in q.splitlines() if "VALUES" in line]
        ['VALUES (?A ?B) { (<http://ex.org/a> <http://ex.org/b>) }']
        """
        if query == "answer":
            text = self.answer_query
        elif query == "distinct_by":
            if self.sampling.distinct_by is None:
                raise ValueError(f"template {self.id} has no sampling.distinct_by query")
            text = self.sampling.distinct_by
        elif len(self.gold_queries) == 1:
            text = self.gold_queries[0]
        else:
            raise ValueError(f"template {self.id} has {len(self.gold_queries)} gold queries: use compile_gold")
        return _compiled(text, bindings)

    def compile_gold(self, bindings: Mapping[str, object]) -> list[str]:
        """Return each gold CONSTRUCT query as standalone SPARQL with the bindings (see :meth:`compile`).

        Most templates have one; a template whose gold joins an entity with an optional list of candidates
        splits it in two, since an OPTIONAL's inner pattern is evaluated before the bindings reach it.

        >>> from pyoxigraph import NamedNode
        >>> len(load_template("A1").compile_gold({"A": NamedNode("http://ex.org/a"), "B": NamedNode("http://ex.org/b")}))
        1
        """
        return [_compiled(text, bindings) for text in self.gold_queries]

    @property
    def gold_query(self) -> str:
        """Return the gold query text (several are shown one after another, each a complete query)."""
        return "\n".join(self.gold_queries)


def _compiled(text: str, bindings: Mapping[str, object]) -> str:
    """Return ``text`` with the prefixes it uses declared and the bindings in a VALUES block opening its WHERE."""
    used = sorted(p for p in PREFIXES if re.search(rf"(?<![\w<]){re.escape(p)}:", text))
    prologue = "".join(f"PREFIX {p}: <{PREFIXES[p]}>\n" for p in used)
    return prologue + place_bindings(text, bindings)[0]


def _templates_root():
    return resources.files(__package__).joinpath("templates")


def template_ids() -> list[str]:
    """Return every template id with a data file, in spec order (A1, A2, ..., A9, B1, ...).

    >>> "A1" in template_ids()
    True
    """
    ids = [p.name[:-5] for p in _templates_root().iterdir() if p.name.endswith(".yaml")]
    return sorted(ids, key=lambda i: (i[0], int(i[1:])))


def load_template(tid: str) -> Template:
    """Return the template with this id; an unknown id raises UnknownTemplateError listing close ids.

    >>> load_template("A1").answer_format
    'Distance'
    >>> load_template("A01")
    Traceback (most recent call last):
    ...
    kgbench.queries.template.UnknownTemplateError: unknown template id 'A01'; did you mean: A1...
    """
    ids = template_ids()
    if tid not in ids:
        close = difflib.get_close_matches(tid.upper(), ids, n=5, cutoff=0.3)
        hint = f"; did you mean: {', '.join(close)}?" if close else f"; known ids: {', '.join(ids)}"
        raise UnknownTemplateError(f"unknown template id {tid!r}{hint}")
    path = Path(str(_templates_root().joinpath(f"{tid}.yaml")))
    stat = path.stat()
    return _load_unchanged(str(path), stat.st_mtime_ns, stat.st_size)


@functools.lru_cache(maxsize=256)
def _load_unchanged(path: str, mtime_ns: int, size: int) -> Template:
    """Return a shipped template, read once per version of its file (the key holds its time and size)."""
    return load_template_file(path)


@functools.cache
def _schema() -> dict:
    return json.loads(resources.files(__package__).joinpath("template.schema.json").read_text(encoding="utf-8"))


def load_template_file(path: str | Path) -> Template:
    """Return the template in a YAML file after checking it against the schema and its own consistency.

    Raises :class:`TemplateError` naming the file and the field for: an unreadable file, YAML syntax or a
    key repeated in one mapping, schema violations, a NaN or infinite number, a unit IRI the geo functions
    do not know, a SERVICE clause or an update / DESCRIBE keyword in a query, a variant using a placeholder
    that is neither a role nor a parameter (or missing a role), a query that does not parse, an answer
    query that does not project ``?answer``, a gold query that is not a CONSTRUCT, and a function IRI that
    no registry function declares. Schema and content problems are all reported, one line each.
    """
    import jsonschema

    path = Path(path)
    try:
        data = load_yaml(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise TemplateError(f"{path}: template file not found") from None
    except UnicodeDecodeError as exc:
        raise TemplateError(f"{path}: not UTF-8 text ({exc.reason} at byte {exc.start})") from None
    except OSError as exc:
        raise TemplateError(f"{path}: cannot be read ({exc.strerror or exc})") from None
    except yaml.MarkedYAMLError as exc:
        at = f"line {exc.problem_mark.line + 1}, column {exc.problem_mark.column + 1}: " if exc.problem_mark else ""
        raise TemplateError(f"{path}: {at}not valid YAML: {exc.problem or exc}") from None
    except yaml.YAMLError as exc:
        raise TemplateError(f"{path}: not valid YAML: {' '.join(str(exc).split())}") from None
    validator = jsonschema.Draft202012Validator(_schema())
    problems = [f"field {'/'.join(str(p) for p in e.absolute_path) or '(top level)'}: {e.message}"
                for e in sorted(validator.iter_errors(data), key=lambda e: [str(p) for p in e.absolute_path])]
    problems += _content_problems(data)
    if problems:
        raise TemplateError("\n".join(f"{path}: {p}" for p in problems))
    if path.stem != data["id"]:
        raise TemplateError(f"{path}: field id: {data['id']!r} does not match the file name {path.stem!r}")
    roles = {name: Role(name, tuple(r["classes"]), tuple(r.get("categories", ())), tuple(r.get("geometry", ())),
                        tuple(r.get("graphs", ())), r.get("description", ""), r.get("kind", "entity"),
                        r.get("named_within"))
             for name, r in data["roles"].items()}
    params = data.get("parameters") or {}
    subs = []
    for i, st in enumerate(data["sub_templates"]):
        variants = tuple(Variant(v["id"], v["text"], MappingProxyType(dict(v.get("translations") or {})))
                         for v in st["variants"])
        for j, v in enumerate(variants):
            used = {u[:-4] if u.endswith("_one") and u[:-4] in roles else u for u in v.placeholders()}
            unknown = used - set(roles) - set(params)
            if unknown:
                raise TemplateError(f"{path}: field sub_templates/{i}/variants/{j}/text: unknown placeholder(s) "
                                    f"{', '.join(sorted(unknown))} (roles: {', '.join(roles)})")
            missing = set(roles) - used
            if missing:
                raise TemplateError(f"{path}: field sub_templates/{i}/variants/{j}/text: role(s) "
                                    f"{', '.join(sorted(missing))} never named in the question")
        problems = [p for j, v in enumerate(variants) for p in translation_problems(
            f"field sub_templates/{i}/variants/{j}/translations", v.text, v.translations)]
        if problems:
            raise TemplateError("\n".join(f"{path}: {p}" for p in problems))
        subs.append(SubTemplate(st["id"], MappingProxyType(dict(st.get("parameters") or {})), variants,
                                st.get("answer_format", data["answer_format"]),
                                st["unit"] if "unit" in st else data.get("unit")))
    q = data["query"]
    try:
        sampling = build_section(Sampling, data["sampling"], "sampling")
        validation = build_section(Validation, data["validation"], "validation")
        fp = build_section(FalsePremise, data["false_premise"], "false_premise") if data.get("false_premise") else None
    except SectionError as exc:
        raise TemplateError(f"{path}: {exc}") from None
    if sampling.kind == "query":
        if sampling.candidates is None:
            raise TemplateError(f"{path}: field sampling/candidates: kind 'query' needs a candidates SELECT")
        _check_query(path, "sampling/candidates", sampling.candidates, must_select=list(roles))
    if sampling.distinct_by is not None:
        if where_brace(sampling.distinct_by) < 0:
            raise TemplateError(f"{path}: field sampling/distinct_by: needs an explicit 'WHERE {{' (the bindings open it)")
        _check_query(path, "sampling/distinct_by", sampling.distinct_by, must_select=[])
    anchor = sampling.anchor
    if anchor is not None and (anchor not in roles or roles[anchor].kind != "entity"):
        raise TemplateError(f"{path}: field sampling/anchor: {anchor!r} is not an entity role")
    if not any(r.kind == "entity" for r in roles.values()):
        raise TemplateError(f"{path}: field roles: at least one role must be an entity role")
    empty = validation.empty_answer
    wants = {"zero": "Count", "empty_set": "Set enumeration"}
    if empty and any(st.answer_format != wants[empty] for st in subs):
        raise TemplateError(f"{path}: field validation/empty_answer: {empty!r} needs every sub-template's answer "
                            f"format to be {wants[empty]!r}")
    if fp is not None:
        _check_query(path, "false_premise/candidates", fp.candidates, must_select=list(roles))
    golds = [q["gold"]] if isinstance(q["gold"], str) else list(q["gold"])
    for key, text in [("answer", q["answer"])] + [("gold", g) for g in golds]:
        if where_brace(text) < 0:
            raise TemplateError(f"{path}: field query/{key}: needs an explicit 'WHERE {{' (the bindings open it)")
    if any(line.strip().lower().startswith("unsatisfiable:") for line in str(data.get("notes", "")).splitlines()):
        raise TemplateError(f"{path}: field notes: a line starts with 'unsatisfiable:'; give the reason in the "
                            "field unsatisfiable instead")
    columns = dict.fromkeys(c for st in subs for c in ANSWER_COLUMNS.get(st.answer_format, ("answer",)))
    _check_query(path, "query/answer", q["answer"], must_select=[*columns, *roles, *params])
    for g in golds:
        _check_query(path, "query/gold", g, must_construct=True)
    return Template(
        id=data["id"], version=data["version"], family=data["family"], sub_function=data["sub_function"],
        canonical=data["canonical"], answer_format=data["answer_format"], unit=data.get("unit"),
        roles=MappingProxyType(roles), parameters=MappingProxyType(params),
        sampling=sampling, sub_templates=tuple(subs), answer_query=q["answer"],
        gold_queries=tuple(golds), validation=validation, false_premise=fp, path=path, notes=data.get("notes", ""),
        unsatisfiable=data.get("unsatisfiable"))


def _query_texts(data) -> list[tuple[str, str]]:
    """Return ``(field, SPARQL text)`` for each query of a template document (whatever its shape)."""
    if not isinstance(data, dict):
        return []
    found = []
    for field, parent, key in (("query/answer", data.get("query"), "answer"), ("query/gold", data.get("query"), "gold"),
                               ("sampling/candidates", data.get("sampling"), "candidates"),
                               ("sampling/distinct_by", data.get("sampling"), "distinct_by"),
                               ("false_premise/candidates", data.get("false_premise"), "candidates")):
        if isinstance(parent, dict) and isinstance(parent.get(key), str):
            found.append((field, parent[key]))
        elif isinstance(parent, dict) and isinstance(parent.get(key), list):
            found += [(field, text) for text in parent[key] if isinstance(text, str)]
    return found


def _content_problems(data) -> list[str]:
    """Return the problems the schema cannot see: non-finite numbers, unknown units, non-read-only SPARQL."""
    problems = non_finite_fields(data)
    roles = data.get("roles") if isinstance(data, dict) and isinstance(data.get("roles"), dict) else {}
    for name, r in roles.items():
        within = r.get("named_within") if isinstance(r, dict) else None
        if within is not None and (within == name or within not in roles):
            problems.append(f"field roles/{name}/named_within: {within!r} is not another role of the template")
    queries = _query_texts(data)
    for field, text in queries:
        problems += unknown_units(field, text) + forbidden_clauses(field, text)
    if isinstance(data, dict):
        for key in ("parameters", "sampling", "sub_templates"):
            stack = [(key, data.get(key))]
            while stack:
                where, v = stack.pop()
                if isinstance(v, str) and where not in dict(queries):
                    problems += unknown_units(where, v, sparql=False)
                elif isinstance(v, dict):
                    stack.extend((f"{where}/{k}", x) for k, x in v.items())
                elif isinstance(v, list):
                    stack.extend((f"{where}/{i}", x) for i, x in enumerate(v))
    return problems


def anchor_role(template: "Template") -> str:
    """Return the entity role whose stratum places a tuple in its cell (sampling.anchor, else the first entity role)."""
    return template.sampling.anchor or next(n for n, r in template.roles.items() if r.kind == "entity")


#: the columns an answer query projects, by answer format (others: ?answer)
ANSWER_COLUMNS = {"Composite (H3 + S2)": ("h3", "s2"), "Point coordinates": ("lat", "lon"),
                  "Polar (angle, distance)": ("angle", "distance")}

_FUNCTION_CALL = re.compile(r"(?:<([^>\s]+)>|\b([A-Za-z][\w-]*):([A-Za-z_][\w-]*))\s*\(")


def _check_query(path: Path, field: str, text: str, must_select: list[str] | None = None,
                 must_construct: bool = False) -> None:
    from kgbench.geofunctions import default_registry

    registry = default_registry()
    binding = registry.bind()
    try:
        result = Store().query(text, prefixes=PREFIXES, custom_functions=binding.functions,
                               custom_aggregate_functions=binding.aggregates)
    except SyntaxError as exc:
        raise TemplateError(f"{path}: field {field}: SPARQL syntax {exc}") from None
    except RuntimeError as exc:  # pyoxigraph: "The custom function <...> is not supported"
        raise TemplateError(f"{path}: field {field}: {exc} (not a registered geo function)") from None
    if must_select is not None:
        names = [v.value for v in getattr(result, "variables", [])]
        missing = [v for v in must_select if v not in names]
        if missing:
            raise TemplateError(f"{path}: field {field}: must be a SELECT projecting the answer column(s) and every "
                                f"role and parameter; missing ?{', ?'.join(missing)}")
    if must_construct and hasattr(result, "variables"):
        raise TemplateError(f"{path}: field {field}: must be a CONSTRUCT query")
    for m in _FUNCTION_CALL.finditer(_strip_strings(text)):
        iri = m.group(1) or (PREFIXES.get(m.group(2), "") + m.group(3) if m.group(2) in PREFIXES else None)
        if iri is None or not (iri.startswith(PREFIXES["geof"]) or iri.startswith(PREFIXES["kgbf"])):
            continue
        if iri not in registry:
            raise TemplateError(f"{path}: field {field}: function <{iri}> is not a registered geo function")


def _strip_strings(text: str) -> str:
    return re.sub(r'"(?:[^"\\]|\\.)*"', '""', text)


def roles_query() -> str:
    """Return the SPARQL that lists candidates of a role (bind ``?cls`` to a kgb: class)."""
    return resources.files(__package__).joinpath("roles.rq").read_text(encoding="utf-8")


def template_files(paths=None) -> list[Path]:
    """Return the template files named: each path, or every ``*.yaml`` in a folder; by default the shipped ones.

    >>> len(template_files()) == len(template_ids())
    True
    """
    if not paths:
        return [Path(str(_templates_root().joinpath(f"{t}.yaml"))) for t in template_ids()]
    files: list[Path] = []
    for p in map(Path, paths):
        files.extend(sorted(p.glob("*.yaml")) if p.is_dir() else [p])
    return files


def validate_templates(paths=None) -> list[str]:
    """Return one line per problem of every template file (``file: field ...: what``); empty when all are valid.

    ``paths`` are files or folders of ``*.yaml`` files (default: the shipped templates). Every file is
    checked, whatever an earlier one held; a file may give several lines.
    """
    problems = []
    for f in template_files(paths):
        try:
            load_template_file(f)
        except TemplateError as exc:
            problems.extend(str(exc).splitlines())
        except Exception as exc:  # noqa: BLE001 - one broken file never hides the others
            problems.append(f"{f}: {type(exc).__name__}: {exc}")
    return problems

"""The T3 / T3a agent: a model that answers by writing Python run in an isolated sandbox, step by step.

Each step the model replies with a ```python code block (or, with ``native_tools``, OpenAI tool calls).
The code runs in a fresh bubblewrap sandbox (:class:`kgbench.evaluation.sandbox.Sandbox`: its own mount, PID,
user and network namespaces, a read-only minimal root, no process creation, memory, CPU and output limits,
an empty environment); what it prints comes back as the next user message. ``final_answer(answer, unit)``
ends the run; the answer object must fit the item's answer schema (a misfit is reported back to the model
and costs a step). A run that reaches ``max_steps`` (default 10) without a final answer has status
``"budget_exhausted"``, which the scorer counts as missing. Where bubblewrap cannot run, the agent refuses
to start (:class:`~kgbench.evaluation.sandbox.SandboxUnavailable`) unless told ``unsafe_no_sandbox=True``;
each prediction records the sandbox that ran its code in ``sandbox``.

Condition T3a adds knowledge-graph tools (:class:`KGTools`): ``find_entity(name)``,
``find_entities_by_type(category, region=None)``, ``get_entity(id)``, ``list_categories()``. They run in
the parent process over a :class:`kgbench.kg.store.KG`, never in the sandbox; the sandboxed code calls them
through a JSON-lines channel on its stdin/stdout and gets their results as JSON values. Condition T3
(oracle) gets no tools; its gold triples are in the prompt and in the sandbox string ``GOLD_TRIPLES``.
"""

from __future__ import annotations

import json
import re
import time
from typing import Any

import jsonschema

from kgbench.evaluation.conditions import KG_TOOLS
from kgbench.evaluation.prompts import Prompt
from kgbench.evaluation.replies import ChatError, Prediction, parse_answer
from kgbench.evaluation.sandbox import Sandbox, SandboxLimits, SandboxResult, answer_tool
from kgbench.ontologies import KGB, RDF, RDFS

__all__ = ["KGTools", "run_agent", "extract_code"]


# --------------------------------------------------------------------------------------------- KG tools

_ENTITY_SUMMARY = """
SELECT ?e (SAMPLE(?n) AS ?name) (SAMPLE(?c) AS ?category) (SAMPLE(?k) AS ?country) WHERE {
  %s
  OPTIONAL { ?e kgb:canonicalName ?n } OPTIONAL { ?e kgb:category ?c } OPTIONAL { ?e kgb:country ?k }
} GROUP BY ?e ORDER BY ?name ?e LIMIT %d
"""


class KGTools:
    """Return the T3a tools over a KG: each method returns JSON values (dicts, lists, strings, numbers).

    ``limit`` caps list results; ``max_vertices`` caps the vertices of a geometry returned by
    :meth:`get_entity` (simplified with shapely, topology kept).
    """

    def __init__(self, kg, *, limit: int = 25, max_vertices: int = 200):
        self.kg = kg
        self.limit = limit
        self.max_vertices = max_vertices

    def __call__(self, name: str, args: list, kwargs: dict):
        """Return the result of tool ``name`` called with ``args`` and ``kwargs`` (the sandbox's dispatcher)."""
        if name not in KG_TOOLS:
            raise ValueError(f"unknown tool {name!r}")
        return getattr(self, name)(*args, **kwargs)

    def _summaries(self, pattern: str, bindings: dict | None = None) -> list[dict]:
        rows = self.kg.query(_ENTITY_SUMMARY % (pattern, self.limit), bindings=bindings or None)
        return [{"id": r["e"].value, "name": r["name"].value if "name" in r else None,
                 "category": r["category"].value if "category" in r else None,
                 "country": r["country"].value if "country" in r else None} for r in rows if "e" in r]

    def find_entity(self, name: str) -> list[dict]:
        """Return entities whose canonical name or a label equals ``name`` (case folded), else contains it."""
        needle = str(name).strip().lower()
        if not needle:
            return []
        exact = self._summaries("?e rdfs:label|kgb:canonicalName ?l . FILTER(LCASE(STR(?l)) = ?needle)",
                                {"needle": needle})
        if exact:
            return exact
        return self._summaries("?e rdfs:label|kgb:canonicalName ?l . FILTER(CONTAINS(LCASE(STR(?l)), ?needle))",
                               {"needle": needle})

    def find_entities_by_type(self, category: str, region: str | None = None) -> list[dict]:
        """Return entities of a category, optionally in a country (ISO alpha-3) or within a region entity.

        ``region`` is an ISO 3166-1 alpha-3 code, an entity id (IRI) or an entity name.
        """
        pattern = "?e kgb:category ?cat ."
        bindings: dict[str, Any] = {"cat": str(category).strip().lower()}
        if region:
            region = str(region).strip()
            if re.fullmatch(r"[A-Za-z]{3}", region) and not self._exists(region):
                pattern += " ?e kgb:country ?country_code ."
                bindings["country_code"] = region.upper()
            else:
                iri = region if self._exists(region) else self._resolve(region)
                if iri is None:
                    raise ValueError(f"no entity named {region!r} to search within")
                from pyoxigraph import NamedNode

                pattern += (" ?region geo:hasGeometry/geo:asWKT ?rw . ?e geo:hasGeometry/geo:asWKT ?ew ."
                            " FILTER(geof:sfWithin(?ew, ?rw))")
                bindings["region"] = NamedNode(iri)
        return self._summaries(pattern, bindings)

    def _exists(self, iri: str) -> bool:
        if not re.match(r"^[a-z][a-z0-9+.-]*:", iri):
            return False
        from pyoxigraph import NamedNode

        try:
            node = NamedNode(iri)
        except ValueError:
            return False
        return len(self.kg.query("SELECT ?p WHERE { ?e ?p ?o } LIMIT 1", bindings={"e": node})) > 0

    def _resolve(self, name: str) -> str | None:
        found = self.find_entity(name)
        return found[0]["id"] if found else None

    def get_entity(self, id: str) -> dict | None:
        """Return an entity's name, names, types, category, country, simplified WKT and raw triples, or None."""
        from pyoxigraph import Literal, NamedNode

        iri = str(id).strip().strip("<>")
        if not self._exists(iri):
            resolved = self._resolve(iri)
            if resolved is None:
                return None
            iri = resolved
        node = NamedNode(iri)
        rows = list(self.kg.query("SELECT ?p ?o WHERE { ?e ?p ?o } ORDER BY ?p ?o", bindings={"e": node}))
        out: dict[str, Any] = {"id": iri, "name": None, "names": [], "types": [], "category": None,
                               "country": None, "geometry": None, "triples": ""}
        lines = []
        kgb, rdfs_label = KGB.base, RDFS.label.value
        for r in rows:
            p, o = r["p"].value, r["o"]
            lines.append(f"{node} {r['p']} {o} .")
            if p == kgb + "canonicalName":
                out["name"] = o.value
            elif p == rdfs_label and isinstance(o, Literal):
                out["names"].append({"name": o.value, "language": o.language} if o.language else {"name": o.value})
            elif p == RDF.type.value:
                out["types"].append(o.value)
            elif p == kgb + "category":
                out["category"] = o.value
            elif p == kgb + "country":
                out["country"] = o.value
        out["triples"] = "\n".join(lines)
        wkts = self.kg.query("SELECT ?w WHERE { ?e geo:hasGeometry/geo:asWKT ?w } LIMIT 1", bindings={"e": node})
        if len(wkts):
            out["geometry"] = self._simplify(wkts.rows[0][0].value)
        return out

    def _simplify(self, wkt: str) -> str:
        import shapely

        text = re.sub(r"^\s*<[^>]*>\s*", "", wkt)
        try:
            geom = shapely.from_wkt(text)
        except Exception:  # noqa: BLE001 - an unreadable literal is passed on as it is
            return wkt
        tolerance = 1e-5
        while shapely.get_num_coordinates(geom) > self.max_vertices and tolerance < 10:
            geom = shapely.simplify(shapely.from_wkt(text), tolerance, preserve_topology=True)
            tolerance *= 4
        return shapely.to_wkt(geom, rounding_precision=6, trim=True)

    def list_categories(self) -> list[dict]:
        """Return every category with its number of entities, most frequent first."""
        rows = self.kg.query("SELECT ?c (COUNT(DISTINCT ?e) AS ?n) WHERE { ?e kgb:category ?c } "
                             "GROUP BY ?c ORDER BY DESC(?n) ?c")
        return [{"category": r["c"].value, "count": int(r["n"].value)} for r in rows]


# --------------------------------------------------------------------------------------------- the loop

_CODE = re.compile(r"```[ \t]*(?:python|py|python3)?[ \t]*\n(.*?)```", re.DOTALL | re.IGNORECASE)
_NUDGE = ("Reply with exactly one ```python code block. To finish, call final_answer(answer, unit) in it "
          "(final_answer(None, None) for no answer).")


def extract_code(text: str | None) -> str | None:
    """Return the last fenced Python code block of a reply (a fence without a language counts), or None.

    >>> extract_code("Let me compute.\\n```python\\nprint(1)\\n```")
    'print(1)\\n'
    >>> extract_code('```json\\n{"answer": 1}\\n```') is None
    True
    """
    blocks = _CODE.findall(text or "")
    return blocks[-1] if blocks else None


def _observation(result: SandboxResult) -> str:
    parts = []
    if result.output:
        parts.append("Output:\n" + result.output.rstrip())
    if result.error:
        parts.append("Error:\n" + result.error.rstrip())
    if not parts:
        parts.append("The code ran and printed nothing.")
    return "\n".join(parts)


def _tool_specs(tool_names) -> list[dict]:
    params = {
        "find_entity": {"name": {"type": "string"}},
        "find_entities_by_type": {"category": {"type": "string"}, "region": {"type": ["string", "null"]}},
        "get_entity": {"id": {"type": "string"}},
        "list_categories": {},
        "final_answer": {"answer": {}, "unit": {}},
    }
    specs = []
    for name in [*tool_names, "final_answer"]:
        required = [k for k in params[name] if k not in ("region",)]
        description = KG_TOOLS.get(name, "final_answer(answer, unit): end the run with this answer")
        specs.append({"type": "function", "function": {"name": name, "description": description, "parameters": {
            "type": "object", "properties": params[name], "required": required}}})
    return specs


def run_agent(prompt: Prompt, client, model: str, *, kg=None, max_steps: int = 10, temperature: float = 0.0,
              seed: int | None = 0, max_tokens: int | None = None, limits: SandboxLimits | None = None,
              native_tools: bool = False, sandbox: Sandbox | None = None, unsafe_no_sandbox: bool = False,
              bwrap: str | None = None):
    """Return the :class:`~kgbench.evaluation.runners.Prediction` of one agent run on a T3 / T3a prompt.

    ``client`` is a :class:`~kgbench.evaluation.runners.ChatClient`. Each of at most ``max_steps`` model
    replies is one step: its code block runs in the sandbox (T3a with the tools over ``kg``). The run ends
    when ``final_answer`` gives an object that fits ``prompt.schema`` (status ``"ok"``); a failed request
    gives status ``"error"``; running out of steps gives ``"budget_exhausted"``. With ``native_tools``, the
    tools (and ``final_answer``) are also offered as OpenAI function tools and tool calls are answered.
    The prediction's ``raw`` is the final answer object as JSON (the model's messages are in ``trace``).

    The code runs in ``sandbox``, or in a new :class:`~kgbench.evaluation.sandbox.Sandbox` with ``limits``
    (``bwrap`` the bubblewrap binary); raises :class:`~kgbench.evaluation.sandbox.SandboxUnavailable` before
    any request when bubblewrap cannot run, unless ``unsafe_no_sandbox``. The prediction's ``sandbox`` says
    which ran the code (e.g. ``"bubblewrap 0.8.0"`` or ``"none (--unsafe-no-sandbox)"``).
    """
    if sandbox is None:
        sandbox = Sandbox(limits, bwrap=bwrap, unsafe_no_sandbox=unsafe_no_sandbox)
    tool_names = list(prompt.metadata.get("tools") or [])
    if tool_names and kg is None:
        raise ValueError(f"{prompt.condition} needs a knowledge graph for its tools")
    tools = KGTools(kg) if tool_names else None
    sandbox_globals = dict(prompt.metadata.get("sandbox_globals") or {})
    validator = jsonschema.Draft202012Validator(prompt.schema)
    messages: list[dict] = [dict(m) for m in prompt.messages]
    trace: list[dict] = []
    attempts = 0
    started = time.monotonic()
    base = dict(id=prompt.id, condition=prompt.condition, model=model, temperature=temperature, seed=seed,
                prompt_hash=prompt.hash)
    usage: dict[str, int] = {}

    def finish(status: str, final: dict | None = None, **kw) -> Prediction:
        final = final or {}
        extra = {"sandbox": sandbox.name}
        return Prediction(**base, status=status, answer=final.get("answer"), unit=final.get("unit"),
                          raw=json.dumps(final, ensure_ascii=False) if status == "ok" else kw.pop("raw", None),
                          parsed=status == "ok", attempts=attempts, steps=len(trace), trace=trace,
                          usage=usage or None, latency_s=round(time.monotonic() - started, 3), extra=extra, **kw)

    def check(final: dict) -> str | None:
        error = jsonschema.exceptions.best_match(validator.iter_errors(final))
        return None if error is None else f"final_answer does not fit the answer schema: {error.message}"

    for step in range(1, max_steps + 1):
        request: dict[str, Any] = {"model": model, "messages": messages, "temperature": temperature}
        if seed is not None:
            request["seed"] = seed
        if max_tokens is not None:
            request["max_tokens"] = max_tokens
        if native_tools:
            request["tools"] = _tool_specs(tool_names)
        try:
            data, used = client.complete(request)
        except ChatError as exc:
            attempts += exc.attempts
            return finish("error", error=str(exc), http_status=exc.status)
        attempts += used
        for k, v in (data.get("usage") or {}).items():
            if isinstance(v, int):
                usage[k] = usage.get(k, 0) + v
        choice = data["choices"][0] if isinstance(data["choices"][0], dict) else {}
        message = choice.get("message") or {}
        content = message.get("content") if isinstance(message.get("content"), str) else ""
        entry: dict[str, Any] = {"step": step, "model": content}
        trace.append(entry)
        calls = message.get("tool_calls") or []
        if calls:
            messages.append({"role": "assistant", "content": content or None, "tool_calls": calls})
            entry["tool_calls"] = calls
            final = None
            for call in calls:
                fn = call.get("function") or {}
                try:
                    args = json.loads(fn.get("arguments") or "{}")
                except ValueError:
                    args = None
                if fn.get("name") == "final_answer" and isinstance(args, dict):
                    final = {"answer": args.get("answer"), "unit": args.get("unit")}
                    problem = check(final)
                    reply = problem or "accepted"
                    if problem:
                        final = None
                elif not isinstance(args, dict):
                    reply = json.dumps({"error": "arguments are not a JSON object"})
                else:
                    reply = json.dumps(answer_tool(tools, tool_names, {"name": fn.get("name"), "kwargs": args}),
                                       ensure_ascii=False, default=str)
                messages.append({"role": "tool", "tool_call_id": call.get("id"), "content": reply})
            if final is not None:
                entry["final"] = final
                return finish("ok", final)
            continue
        messages.append({"role": "assistant", "content": content})
        code = extract_code(content)
        if code is None:
            parsed = parse_answer(content)
            if parsed["parsed"]:
                final = {"answer": parsed["answer"], "unit": parsed["unit"]}
                problem = check(final)
                if problem is None:
                    entry["final"] = final
                    return finish("ok", final)
                messages.append({"role": "user", "content": problem})
            else:
                messages.append({"role": "user", "content": _NUDGE})
            continue
        result = sandbox.run(code, tools=tools, tool_names=tool_names, globals=sandbox_globals)
        entry.update({"output": result.output, "error": result.error, "tool_calls_made": result.tool_calls,
                      "seconds": result.seconds, "timed_out": result.timed_out})
        if result.final is not None:
            problem = check(result.final)
            if problem is None:
                entry["final"] = result.final
                return finish("ok", result.final)
            messages.append({"role": "user", "content": _observation(result) + "\n" + problem})
            continue
        messages.append({"role": "user", "content": _observation(result)})
    return finish("budget_exhausted", raw=trace[-1]["model"] if trace else None,
                  error=f"no final answer within {max_steps} steps")

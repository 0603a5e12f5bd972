"""The T3 / T3a agent: a model that answers by writing Python run in a restricted sandbox, step by step.

Each step the model replies with a ```python code block (or, with ``native_tools``, OpenAI tool calls).
The code runs in a fresh subprocess (:func:`run_code`); what it prints comes back as the next user message.
``final_answer(answer, unit)`` ends the run; the answer object must fit the item's answer schema (a misfit
is reported back to the model and costs a step). A run that reaches ``max_steps`` (default 10) without a
final answer has status ``"budget_exhausted"``, which the scorer counts as missing.

Condition T3a adds knowledge-graph tools (:class:`KGTools`): ``find_entity(name)``,
``find_entities_by_type(category, region=None)``, ``get_entity(id)``, ``list_categories()``. They run in
the parent process over a :class:`kgbench.kg.store.KG`; the sandboxed code calls them through a JSON-lines
channel on its stdin/stdout, and gets their results as JSON values. Condition T3 (oracle) gets no tools;
its gold triples are in the prompt and in the sandbox string ``GOLD_TRIPLES``.

What the sandbox enforces (each run, before any user code):

- ``python -I`` (isolated mode: no PYTHON* environment variables, no user site, no script folder on the
  path), a minimal environment, its own session (process group) and a fresh temporary working directory
  with mode 0555;
- kernel-enforced limits: ``RLIMIT_AS`` (address space, default 1 GiB), ``RLIMIT_CPU`` (CPU seconds, the
  process is killed beyond it), ``RLIMIT_FSIZE = 0`` (no byte can be written to any regular file),
  ``RLIMIT_CORE = 0``; a wall-clock timeout (the parent kills the process group);
- network: best effort, new user and network namespaces (``unshare(CLONE_NEWUSER | CLONE_NEWNET)``, only a
  downed loopback inside; also drops the process's capabilities in the parent namespace, so the limits
  above cannot be raised back even when the parent runs as root). Whether it succeeded is reported in
  :attr:`SandboxResult.network_namespace`. Always: ``socket.socket``, ``socket.create_connection``,
  ``socket.socketpair`` and ``_socket.socket`` are replaced by functions that raise ``PermissionError``;
- file system: besides ``RLIMIT_FSIZE``, ``open``/``io.open``/``os.open`` for writing and the ``os``
  functions that create, remove or rename paths raise ``PermissionError``; ``os.system``, ``os.fork``,
  ``os.exec*``, ``subprocess.Popen`` raise too.

What it does not enforce: the Python-level patches can be undone by determined code (``ctypes``,
``importlib.reload``); when the namespaces are unavailable, a raw syscall can still open a socket; empty
files and directories can be created (``RLIMIT_FSIZE`` stops data, not names) by code that bypasses the
patches in a writable place such as ``/tmp``; there is no seccomp filter, no chroot and no limit on the
number of processes. The sandbox contains mistakes and casual misuse by a model, not a hostile adversary.
"""

from __future__ import annotations

import json
import os
import queue
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import jsonschema

from kgbench.generator.prompts import KG_TOOLS, Prompt

__all__ = ["SandboxLimits", "SandboxResult", "run_code", "KGTools", "run_agent", "extract_code", "BOOTSTRAP"]


@dataclass(frozen=True)
class SandboxLimits:
    """Return the limits of one sandboxed code run (seconds, bytes, characters)."""

    wall_seconds: float = 30.0
    cpu_seconds: int = 20
    memory_bytes: int = 1 << 30
    max_output_chars: int = 8000
    unshare_network: bool = True


@dataclass
class SandboxResult:
    """Return what one sandboxed run did: printed ``output``, the ``error`` (traceback or limit hit),
    the ``final`` answer object if ``final_answer`` was called, tool calls made and what was enforced."""

    output: str = ""
    error: str | None = None
    final: dict | None = None
    timed_out: bool = False
    exit_code: int | None = None
    tool_calls: int = 0
    network_namespace: bool = False
    seconds: float = 0.0


# The program the sandbox runs (``python -I -c BOOTSTRAP limits-json``). The first line on stdin is
# {"code", "globals", "tools"}; tool requests go out on the saved stdout as JSON lines and replies come
# back on stdin; the last line out is {"type": "done", ...}.
BOOTSTRAP = r'''
import ctypes, io, json, os, resource, signal, sys, traceback
signal.signal(signal.SIGXCPU, signal.SIG_DFL)
_limits = json.loads(sys.argv[1])
_netns = False
if _limits.get("unshare_network"):
    try:
        _libc = ctypes.CDLL(None, use_errno=True)
        _netns = _libc.unshare(0x10000000 | 0x40000000) == 0 or _libc.unshare(0x40000000) == 0
    except Exception:
        _netns = False
for _res, _val in ((resource.RLIMIT_AS, _limits["memory_bytes"]), (resource.RLIMIT_CPU, _limits["cpu_seconds"]),
                   (resource.RLIMIT_FSIZE, 0), (resource.RLIMIT_CORE, 0)):
    resource.setrlimit(_res, (_val, _val))
_proto_out = os.fdopen(os.dup(1), "w", encoding="utf-8")
_proto_in = os.fdopen(os.dup(0), "r", encoding="utf-8")
_null = os.open(os.devnull, os.O_RDWR)
for _fd in (0, 1, 2):
    os.dup2(_null, _fd)
_request = json.loads(_proto_in.readline())
_cap = int(_limits["max_output_chars"])

class _Capped(io.TextIOBase):
    def __init__(self):
        self.parts, self.size, self.dropped = [], 0, 0
    def writable(self):
        return True
    def write(self, s):
        s = str(s)
        room = _cap - self.size
        if room > 0:
            self.parts.append(s[:room])
            self.size += min(len(s), room)
        self.dropped += max(0, len(s) - max(room, 0))
        return len(s)
    def text(self):
        out = "".join(self.parts)
        return out + (f"\n[... {self.dropped} more characters cut]" if self.dropped else "")

_out = _Capped()
sys.stdout = sys.stderr = _out
sys.stdin = io.StringIO("")
import shapely, pyproj, h3
import socket, _socket, builtins, subprocess

def _blocked(what):
    def refuse(*args, **kwargs):
        raise PermissionError(f"{what} is not allowed in the sandbox")
    return refuse

socket.socket = _socket.socket = _blocked("network access")
socket.create_connection = socket.socketpair = socket.fromfd = _blocked("network access")
_open = builtins.open
def _read_only_open(file, mode="r", *args, **kwargs):
    if any(c in str(mode) for c in "wax+"):
        raise PermissionError("writing files is not allowed in the sandbox")
    return _open(file, mode, *args, **kwargs)
builtins.open = io.open = _read_only_open
_os_open = os.open
def _read_only_os_open(path, flags, *args, **kwargs):
    if flags & (os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_APPEND | os.O_TRUNC):
        raise PermissionError("writing files is not allowed in the sandbox")
    return _os_open(path, flags, *args, **kwargs)
os.open = _read_only_os_open
for _name in ("remove", "unlink", "rename", "replace", "mkdir", "makedirs", "rmdir", "removedirs", "symlink",
              "link", "truncate", "chmod", "chown", "mkfifo", "mknod", "system", "popen", "fork", "forkpty",
              "execv", "execve", "execl", "execle", "execlp", "execlpe", "execvp", "execvpe", "spawnv",
              "spawnve", "posix_spawn", "posix_spawnp", "kill", "killpg"):
    if hasattr(os, _name):
        setattr(os, _name, _blocked(f"os.{_name}"))
subprocess.Popen = _blocked("starting processes")

class ToolError(Exception):
    pass

def _jsonable(value):
    if value is None or isinstance(value, (bool, str, int, float)):
        return value
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, set, frozenset)):
        return [_jsonable(v) for v in value]
    if hasattr(value, "wkt"):
        return value.wkt
    try:
        return int(value) if float(value).is_integer() and "int" in type(value).__name__ else float(value)
    except (TypeError, ValueError):
        return str(value)

def _tool(name):
    def call(*args, **kwargs):
        _proto_out.write(json.dumps({"type": "tool", "name": name, "args": _jsonable(list(args)),
                                     "kwargs": _jsonable(kwargs)}) + "\n")
        _proto_out.flush()
        reply = json.loads(_proto_in.readline() or "{}")
        if not reply.get("ok"):
            raise ToolError(reply.get("error", "the tool failed"))
        return reply.get("result")
    call.__name__ = name
    return call

_final = []
class _FinalAnswer(BaseException):
    pass

def final_answer(answer=None, unit=None):
    """End the run with this answer (None: no answer) and unit."""
    _final.append({"answer": _jsonable(answer), "unit": _jsonable(unit)})
    raise _FinalAnswer()

_ns = {"__name__": "__main__", "__builtins__": builtins, "shapely": shapely, "pyproj": pyproj, "h3": h3,
       "final_answer": final_answer, "ToolError": ToolError}
_ns.update(_request.get("globals") or {})
for _name in _request.get("tools") or []:
    _ns[_name] = _tool(_name)
_error = None
try:
    exec(compile(_request["code"], "<step>", "exec"), _ns)
except _FinalAnswer:
    pass
except BaseException as _exc:
    _tb = traceback.format_exception(type(_exc), _exc, _exc.__traceback__)
    _error = "".join([_tb[0]] + [line for line in _tb[1:] if "<step>" in line or not line.startswith("  File")])
_proto_out.write(json.dumps({"type": "done", "output": _out.text(), "error": _error,
                             "final": _final[0] if _final else None, "netns": _netns}) + "\n")
_proto_out.flush()
'''


def _reader(stream, sink: queue.Queue) -> None:
    for line in stream:
        sink.put(line)
    sink.put(None)


def _drain(stream, keep: list, cap: int) -> None:
    size = 0
    for chunk in iter(lambda: stream.read(4096), ""):
        if size < cap:
            keep.append(chunk[: cap - size])
            size += len(chunk)


def run_code(code: str, *, tools: Callable[[str, list, dict], Any] | None = None, tool_names=(),
             globals: Mapping[str, Any] | None = None, limits: SandboxLimits | None = None) -> SandboxResult:
    """Return the :class:`SandboxResult` of running Python ``code`` in a fresh restricted subprocess.

    ``tool_names`` become functions in the sandbox; a call runs ``tools(name, args, kwargs)`` here, in the
    parent, and its JSON-able result (or the exception's message, raised as ``ToolError``) is passed back.
    ``globals`` (JSON values) are set before the code runs. See the module docstring for what is enforced.

    >>> run_code("print(sum(range(4)))").output
    '6\\n'
    """
    limits = limits or SandboxLimits()
    started = time.monotonic()
    workdir = tempfile.mkdtemp(prefix="kgbench-sandbox-")
    os.chmod(workdir, 0o555)
    env = {"PATH": os.defpath, "LANG": "C.UTF-8", "HOME": workdir, "TMPDIR": workdir, "OPENBLAS_NUM_THREADS": "1",
           "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1", "PROJ_NETWORK": "OFF"}
    payload = {k: getattr(limits, k) for k in ("cpu_seconds", "memory_bytes", "max_output_chars", "unshare_network")}
    result = SandboxResult()
    try:
        proc = subprocess.Popen([sys.executable, "-I", "-c", BOOTSTRAP, json.dumps(payload)], cwd=workdir, env=env,
                                stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                encoding="utf-8", errors="replace", start_new_session=True)
        lines: queue.Queue = queue.Queue()
        stderr: list[str] = []
        threads = [threading.Thread(target=_reader, args=(proc.stdout, lines), daemon=True),
                   threading.Thread(target=_drain, args=(proc.stderr, stderr, 4000), daemon=True)]
        for t in threads:
            t.start()
        done = None
        try:
            proc.stdin.write(json.dumps({"code": code, "globals": dict(globals or {}),
                                         "tools": list(tool_names)}) + "\n")
            proc.stdin.flush()
            deadline = started + limits.wall_seconds
            while True:
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    result.timed_out = True
                    break
                try:
                    line = lines.get(timeout=remaining)
                except queue.Empty:
                    continue
                if line is None:
                    break
                try:
                    message = json.loads(line)
                except ValueError:
                    continue
                if message.get("type") == "done":
                    done = message
                    break
                if message.get("type") == "tool":
                    result.tool_calls += 1
                    reply = _answer_tool(tools, tool_names, message)
                    proc.stdin.write(json.dumps(reply, default=str) + "\n")
                    proc.stdin.flush()
        except (BrokenPipeError, OSError):
            pass
        if proc.poll() is None and done is None:
            os.killpg(proc.pid, signal.SIGKILL)
        try:
            proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout=5)
        for t in threads:
            t.join(timeout=2)
        result.exit_code = proc.returncode
    finally:
        os.chmod(workdir, 0o755)
        shutil.rmtree(workdir, ignore_errors=True)
    result.seconds = round(time.monotonic() - started, 3)
    if done is not None:
        result.output = done.get("output") or ""
        result.error = done.get("error")
        result.final = done.get("final")
        result.network_namespace = bool(done.get("netns"))
    elif result.timed_out:
        result.error = f"TimeoutError: the code ran longer than {limits.wall_seconds:g} s and was stopped"
    elif result.exit_code in (-signal.SIGXCPU, -signal.SIGKILL):
        result.error = f"TimeoutError: the code used more than {limits.cpu_seconds} s of CPU time and was stopped"
    else:
        tail = "".join(stderr).strip()[-1500:]
        result.error = f"the sandbox exited with code {result.exit_code}" + (f": {tail}" if tail else "")
    return result


def _answer_tool(tools, tool_names, message: dict) -> dict:
    name = message.get("name")
    if tools is None or name not in tool_names:
        return {"ok": False, "error": f"unknown tool {name!r}"}
    try:
        value = tools(name, list(message.get("args") or []), dict(message.get("kwargs") or {}))
        return {"ok": True, "result": json.loads(json.dumps(value, default=str))}
    except Exception as exc:  # noqa: BLE001 - any tool failure goes back to the model as ToolError
        return {"ok": False, "error": f"{type(exc).__name__}: {exc}"}


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
        kgb, rdfs_label = "https://w3id.org/kgbench/ontology#", "http://www.w3.org/2000/01/rdf-schema#label"
        for r in rows:
            p, o = r["p"].value, r["o"]
            lines.append(f"{node} {r['p']} {o} .")
            if p == kgb + "canonicalName":
                out["name"] = o.value
            elif p == rdfs_label and isinstance(o, Literal):
                out["names"].append({"name": o.value, "language": o.language} if o.language else {"name": o.value})
            elif p == "http://www.w3.org/1999/02/22-rdf-syntax-ns#type":
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
              native_tools: bool = False):
    """Return the :class:`~kgbench.generator.runners.Prediction` of one agent run on a T3 / T3a prompt.

    ``client`` is a :class:`~kgbench.generator.runners.ChatClient`. Each of at most ``max_steps`` model
    replies is one step: its code block runs in the sandbox (T3a with the tools over ``kg``). The run ends
    when ``final_answer`` gives an object that fits ``prompt.schema`` (status ``"ok"``); a failed request
    gives status ``"error"``; running out of steps gives ``"budget_exhausted"``. With ``native_tools``, the
    tools (and ``final_answer``) are also offered as OpenAI function tools and tool calls are answered.
    The prediction's ``raw`` is the final answer object as JSON (the model's messages are in ``trace``).
    """
    from kgbench.generator.runners import ChatError, Prediction

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
    netns = None
    usage: dict[str, int] = {}

    def finish(status: str, final: dict | None = None, **kw) -> Prediction:
        final = final or {}
        extra = {"network_namespace": netns} if netns is not None else {}
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
                    reply = json.dumps(_answer_tool(tools, tool_names, {"name": fn.get("name"), "kwargs": args}),
                                       ensure_ascii=False, default=str)
                messages.append({"role": "tool", "tool_call_id": call.get("id"), "content": reply})
            if final is not None:
                entry["final"] = final
                return finish("ok", final)
            continue
        messages.append({"role": "assistant", "content": content})
        code = extract_code(content)
        if code is None:
            from kgbench.generator.runners import parse_answer

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
        result = run_code(code, tools=tools, tool_names=tool_names, globals=sandbox_globals, limits=limits)
        netns = result.network_namespace
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

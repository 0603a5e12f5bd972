"""Running rendered prompts against an OpenAI-compatible chat-completions server, resumably.

:func:`run_model` sends each prompt to ``POST {base_url}/chat/completions`` (vLLM, llama.cpp's server,
hosted APIs: ``base_url`` is the API root, e.g. ``http://127.0.0.1:8000/v1``), with the item's answer schema
as a ``json_schema`` response format, and returns one :class:`Prediction` per prompt. The agent conditions
(``T3-oracle``, ``T3a``) are run by :func:`kgbench.evaluation.agent.run_agent` through the same client.

- Bounded concurrency: at most ``concurrency`` requests in flight (a thread pool).
- Retries: HTTP 429, 5xx, timeouts, dropped connections and unreadable response bodies are retried up to
  ``retries`` times with exponential back-off (``backoff * 2**attempt`` seconds, capped at ``max_backoff``;
  a ``Retry-After`` header is honoured within the same cap). Any other 4xx is not retried: the prediction
  records the error.
- Cache: each finished prediction is written to ``cache_dir`` under a hash of (model, condition, item id,
  prompt hash, temperature, seed, and the agent's step budget); a rerun reads it back instead of asking the
  model again, so an interrupted run resumes and nothing is paid for twice. Errors are not cached.
- Every prediction keeps the model's raw output beside the parsed answer, and the model, temperature and
  seed it was made with.
- One bad reply never stops a run: a body that is not JSON, nested too deeply, larger than
  ``max_response_bytes`` (default 8 MiB; read in chunks that stop at the cap, a larger ``Content-Length`` is
  refused unread), cut short, or not of the chat-completions shape (no ``choices``, a null choice, a
  message without text) is retried like a dropped connection, then recorded for that item as an error
  (``status`` ``"error"``, the reason in ``error``); so is an answer nested deeper than
  :data:`MAX_ANSWER_DEPTH` levels. Errors are not cached, so a rerun asks only those items again.

Prediction records (:meth:`Prediction.to_record`) are what :func:`kgbench.evaluation.evaluate.evaluate`
reads: ``{"id", "answer", "unit", "raw", "status", "model", "temperature", "seed", ...}``, and a multiple-choice
prompt's ``options`` and ``gold_option`` (copied from its metadata, so that the letter can be scored). A request that
failed (``status`` ``"error"``) carries no ``answer`` key and the scorer counts it as unparseable, never as
a refusal; an agent out of steps has ``status`` ``"budget_exhausted"``.
"""

from __future__ import annotations

import email.utils
import hashlib
import http.client
import json
import os
import random
import socket
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterable, Mapping
from concurrent.futures import ThreadPoolExecutor
import dataclasses
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from kgbench.evaluation.agent import run_agent
from kgbench.evaluation.conditions import CONDITION_OBJECTS, Condition
from kgbench.evaluation.prompts import Prompt, read_prompts
from kgbench.evaluation.replies import (
    MAX_ANSWER_DEPTH, MAX_RESPONSE_BYTES, ChatError, Prediction, ReplyError, check_shape, nesting_depth,
    parse_answer, read_capped, reply_fields,
)
from kgbench.evaluation.sandbox import Sandbox
from kgbench.fileio import atomic_write, write_json_lines

__all__ = ["RunConfig", "ChatClient", "ChatError", "ReplyError", "Prediction", "run_model", "run", "parse_answer", "cache_key",
           "write_predictions", "response_format", "nesting_depth", "MAX_RESPONSE_BYTES", "MAX_ANSWER_DEPTH"]

#: prompt metadata copied into each prediction record: a multiple-choice prompt's options and gold letter
_CARRIED = ("options", "gold_option")
#: HTTP statuses that are retried (besides timeouts and connection failures)
RETRY_STATUSES = frozenset({408, 409, 429, 500, 502, 503, 504, 520, 522, 524})


@dataclass
class ChatClient:
    """Return a client of one OpenAI-compatible server: POST ``{base_url}/chat/completions`` with retries.

    Uses only the standard library (urllib). ``timeout`` bounds each request in seconds; a response body
    over ``max_response_bytes`` is not read further (an error, not retried).

    >>> ChatClient("http://127.0.0.1:9/v1/").url
    'http://127.0.0.1:9/v1/chat/completions'
    """

    base_url: str
    api_key: str | None = None
    timeout: float = 120.0
    retries: int = 3
    backoff: float = 1.0
    max_backoff: float = 60.0
    sleep: Callable[[float], None] = time.sleep
    max_response_bytes: int = MAX_RESPONSE_BYTES

    @property
    def url(self) -> str:
        """Return the chat-completions endpoint URL."""
        return self.base_url.rstrip("/") + "/chat/completions"

    def _delay(self, attempt: int, retry_after: str | None) -> float:
        delay = self.backoff * (2 ** attempt) * (1 + 0.1 * random.random())
        if retry_after:
            try:
                delay = max(delay, float(retry_after))
            except ValueError:
                try:
                    delay = max(delay, email.utils.parsedate_to_datetime(retry_after).timestamp() - time.time())
                except (TypeError, ValueError, IndexError):
                    pass  # an unreadable Retry-After leaves the back-off as it is
        return max(0.0, min(delay, self.max_backoff))

    def _once(self, body: bytes) -> dict:
        headers = {"Content-Type": "application/json", "Accept": "application/json"}
        if self.api_key:
            headers["Authorization"] = f"Bearer {self.api_key}"
        request = urllib.request.Request(self.url, data=body, headers=headers, method="POST")
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as response:
                payload = read_capped(response, self.max_response_bytes)
        except urllib.error.HTTPError as exc:
            try:
                detail = exc.read(500).decode("utf-8", "replace")
            except (OSError, http.client.HTTPException):
                detail = "(body unreadable)"
            error = ChatError(f"HTTP {exc.code}: {detail}", status=exc.code, retryable=exc.code in RETRY_STATUSES)
            error.retry_after = exc.headers.get("Retry-After") if exc.headers else None
            raise error from None
        except (TimeoutError, socket.timeout) as exc:
            raise ChatError(f"timed out after {self.timeout} s ({exc})", retryable=True) from None
        except (urllib.error.URLError, ConnectionError, OSError) as exc:
            raise ChatError(f"connection failed: {exc}", retryable=True) from None
        except http.client.HTTPException as exc:
            raise ChatError(f"response cut short or malformed: {exc!r}"[:300], retryable=True) from None
        try:
            data = json.loads(payload)
        except RecursionError:
            raise ChatError("response JSON is nested too deeply to read", status=200, retryable=True) from None
        except ValueError:
            raise ChatError(f"response is not JSON: {payload[:200]!r}", status=200, retryable=True) from None
        return check_shape(data)

    def complete(self, request: Mapping) -> tuple[dict, int]:
        """Return ``(response JSON, attempts used)`` for one chat-completions request body.

        Retries what :data:`RETRY_STATUSES`, timeouts, connection failures and unreadable bodies cause; raises
        :class:`ChatError` (with ``attempts``) when retries run out or the error is not retryable.
        """
        body = json.dumps(request, ensure_ascii=False).encode("utf-8")
        for attempt in range(self.retries + 1):
            try:
                return self._once(body), attempt + 1
            except ChatError as exc:
                exc.attempts = attempt + 1
                if not exc.retryable or attempt == self.retries:
                    raise
                self.sleep(self._delay(attempt, getattr(exc, "retry_after", None)))
        raise AssertionError("unreachable")  # pragma: no cover


def response_format(schema: Mapping, *, strict: bool = True, name: str = "answer") -> dict:
    """Return the ``response_format`` that constrains a completion to a JSON schema (``$schema`` dropped).

    >>> response_format({"$schema": "x", "type": "object"})["json_schema"]
    {'name': 'answer', 'strict': True, 'schema': {'type': 'object'}}
    """
    clean = {k: v for k, v in schema.items() if k != "$schema"}
    return {"type": "json_schema", "json_schema": {"name": name, "strict": strict, "schema": clean}}


def _condition(prompt: Prompt) -> Condition:
    """Return a prompt's condition; a name no condition has runs as one completion, needing nothing."""
    return CONDITION_OBJECTS.get(prompt.condition) or Condition(prompt.condition)


def cache_key(model: str, prompt: Prompt, temperature: float, seed: int | None, max_steps: int | None = None) -> str:
    """Return the cache key of one prediction: a hash of model, condition, item id, prompt hash, temperature, seed.

    The agent's step budget is part of the key for agent conditions.

    >>> p = Prompt("A1-x", "T1", ({"role": "user", "content": "q"},), {})
    >>> cache_key("m", p, 0.0, 0) == cache_key("m", p, 0.0, 1)
    False
    """
    parts = [model, prompt.condition, prompt.id, prompt.hash, float(temperature), seed]
    if _condition(prompt).agent:
        parts.append(max_steps)
    return hashlib.sha256(json.dumps(parts).encode("utf-8")).hexdigest()[:32]


class _Cache:
    """One JSON file per finished prediction in a folder, written atomically; None disables caching."""

    def __init__(self, folder: str | Path | None):
        self.folder = Path(folder) if folder is not None else None
        if self.folder is not None:
            self.folder.mkdir(parents=True, exist_ok=True)

    def get(self, key: str) -> Prediction | None:
        if self.folder is None:
            return None
        path = self.folder / f"{key}.json"
        try:
            record = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError, RecursionError):
            return None
        if not isinstance(record, dict) or record.get("cache_key") != key:
            return None
        record.pop("cache_key")
        prediction = Prediction.from_record(record)
        prediction.cached = True
        return prediction

    def put(self, key: str, prediction: Prediction) -> None:
        if self.folder is None or prediction.status == "error":
            return
        record = {**asdict(prediction), "cache_key": key}
        with atomic_write(self.folder / f"{key}.json") as f:
            f.write(json.dumps(record, ensure_ascii=False, default=str))


def _single_turn(client: ChatClient, prompt: Prompt, model: str, temperature: float, seed: int | None,
                 max_tokens: int | None, strict: bool) -> Prediction:
    request: dict[str, Any] = {"model": model, "messages": list(prompt.messages), "temperature": temperature,
                               "response_format": response_format(prompt.schema, strict=strict)}
    if seed is not None:
        request["seed"] = seed
    if max_tokens is not None:
        request["max_tokens"] = max_tokens
    base = dict(id=prompt.id, condition=prompt.condition, model=model, temperature=temperature, seed=seed,
                prompt_hash=prompt.hash)
    started = time.monotonic()
    try:
        data, attempts = client.complete(request)
    except ChatError as exc:
        return Prediction(**base, status="error", error=str(exc), http_status=exc.status, attempts=exc.attempts,
                          latency_s=round(time.monotonic() - started, 3))
    choice = data["choices"][0]
    fields = reply_fields(choice["message"].get("content"))
    latency = round(time.monotonic() - started, 3)
    if fields["status"] == "error":
        return Prediction(**base, **fields, http_status=200, attempts=attempts,
                          finish_reason=choice.get("finish_reason"), latency_s=latency)
    return Prediction(**base, **fields, attempts=attempts, finish_reason=choice.get("finish_reason"),
                      usage=data.get("usage"), latency_s=latency)


@dataclass(frozen=True)
class RunConfig:
    """Return the settings of one model run, typed and validated; :meth:`record` is what a run stores with it.

    ``base_url`` is the API root (e.g. ``http://127.0.0.1:8000/v1``); ``api_key`` is never recorded or shown.
    ``cache_dir`` makes a run resumable; ``max_steps`` is the agent's step budget; ``max_response_bytes``
    caps each response body. A setting out of range raises ValueError naming it.

    >>> c = RunConfig("http://127.0.0.1:8000/v1", "tiny", api_key="secret", seed=7)
    >>> c.record()["seed"], "api_key" in c.record(), "secret" in repr(c)
    (7, False, False)
    >>> RunConfig("http://x/v1", "m", concurrency=0)
    Traceback (most recent call last):
    ...
    ValueError: concurrency must be at least 1
    """

    base_url: str
    model: str
    api_key: str | None = field(default=None, repr=False)
    concurrency: int = 4
    retries: int = 3
    backoff: float = 1.0
    max_backoff: float = 60.0
    timeout: float = 120.0
    cache_dir: str | Path | None = None
    temperature: float = 0.0
    seed: int | None = 0
    max_tokens: int | None = None
    strict_schema: bool = True
    max_steps: int = 10
    unsafe_no_sandbox: bool = False
    bwrap: str | None = None
    max_response_bytes: int = MAX_RESPONSE_BYTES

    def __post_init__(self):
        for name, low in (("concurrency", 1), ("retries", 0), ("max_steps", 1), ("max_response_bytes", 1)):
            if getattr(self, name) < low:
                raise ValueError(f"{name} must be at least {low}")
        if not self.timeout > 0:
            raise ValueError(f"timeout must be a positive number of seconds, not {self.timeout!r}")

    def record(self) -> dict:
        """Return the settings as a JSON-ready dict, without the API key."""
        out = {k: getattr(self, k) for k in self.__dataclass_fields__ if k != "api_key"}
        out["cache_dir"] = None if self.cache_dir is None else str(self.cache_dir)
        return out


def run_model(prompts: Iterable[Prompt | Mapping], base_url: str | None = None, model: str | None = None,
              api_key: str | None = None, *, config: RunConfig | None = None, kg=None, sandbox=None,
              out_path: str | Path | None = None, on_prediction: Callable[[Prediction], None] | None = None,
              **settings) -> list[Prediction]:
    """Return one :class:`Prediction` per prompt (in prompt order), asking an OpenAI-compatible server.

    The run's settings are ``config`` (a :class:`RunConfig`), or one made from ``base_url``, ``model``,
    ``api_key`` and the keyword ``settings`` (its fields: ``temperature=0.3, seed=7, ...``).

    ``prompts`` are :class:`~kgbench.evaluation.prompts.Prompt` objects or their dicts (a prompts JSONL
    file's lines). Agent prompts (``T3-oracle``, ``T3a``) run the agent loop with ``max_steps`` steps, their
    code in ``sandbox`` (a :class:`kgbench.evaluation.sandbox.Sandbox`, or the
    :class:`~kgbench.evaluation.sandbox.SandboxLimits` of one made here with the bubblewrap binary ``bwrap``)
    and, for ``T3a``, the tools over ``kg`` (a :class:`kgbench.kg.store.KG`; required then). Where
    bubblewrap cannot run, agent prompts raise :class:`~kgbench.evaluation.sandbox.SandboxUnavailable` before
    any request unless ``unsafe_no_sandbox``; each agent prediction records its ``sandbox``. ``cache_dir``
    makes the run resumable (see the module docstring). With ``out_path`` the prediction records are written
    there as JSONL (atomically). ``on_prediction`` is called with each prediction as it finishes (from worker
    threads). ``max_response_bytes`` caps each response body. No reply stops the run: whatever goes wrong with
    one prompt (even an unexpected exception) becomes that prediction's ``error``.
    """
    c = config if config is not None else RunConfig(base_url, model, api_key, **settings)
    prompts = [p if isinstance(p, Prompt) else Prompt.from_dict(p) for p in prompts]
    needing_kg = sorted({p.condition for p in prompts if _condition(p).needs_kg})
    if needing_kg and kg is None:
        raise ValueError(f"{', '.join(needing_kg)} prompts need a knowledge graph (kg=...) for the agent's tools")
    if any(_condition(p).agent for p in prompts) and not isinstance(sandbox, Sandbox):
        sandbox = Sandbox(sandbox, bwrap=c.bwrap, unsafe_no_sandbox=c.unsafe_no_sandbox)
    client = ChatClient(c.base_url, c.api_key, timeout=c.timeout, retries=c.retries, backoff=c.backoff,
                        max_backoff=c.max_backoff, max_response_bytes=c.max_response_bytes)
    cache = _Cache(c.cache_dir)
    lock = threading.Lock()

    def ask(prompt: Prompt) -> Prediction:
        if _condition(prompt).agent:
            return run_agent(prompt, client, c.model, kg=kg, max_steps=c.max_steps, temperature=c.temperature,
                             seed=c.seed, max_tokens=c.max_tokens, sandbox=sandbox)
        return _single_turn(client, prompt, c.model, c.temperature, c.seed, c.max_tokens, c.strict_schema)

    def one(prompt: Prompt) -> Prediction:
        key = cache_key(c.model, prompt, c.temperature, c.seed, c.max_steps)
        hit = cache.get(key)
        if hit is not None:
            prediction = hit
        else:
            try:
                prediction = ask(prompt)
            except Exception as exc:  # noqa: BLE001 - one item's failure is that item's error, never the run's
                prediction = Prediction(id=prompt.id, condition=prompt.condition, model=c.model,
                                        temperature=c.temperature, seed=c.seed, prompt_hash=prompt.hash, status="error",
                                        error=f"{type(exc).__name__}: {exc}"[:500])
            try:
                cache.put(key, prediction)
            except (ValueError, TypeError, RecursionError):
                pass  # a prediction that cannot be serialized is simply asked again next time
        for key in _CARRIED:  # what scoring needs from the prompt (multiple-choice options), cached or not
            if key in prompt.metadata:
                prediction.extra[key] = prompt.metadata[key]
        if on_prediction is not None:
            with lock:
                on_prediction(prediction)
        return prediction

    with ThreadPoolExecutor(max_workers=c.concurrency) as pool:
        predictions = list(pool.map(one, prompts))
    if out_path is not None:
        write_predictions(predictions, out_path)
    return predictions


def write_predictions(predictions: Iterable[Prediction], path: str | Path) -> int:
    """Write prediction records as JSONL atomically and return how many were written."""
    return write_json_lines(path, predictions,
                            dumps=lambda p: json.dumps(p.to_record(), ensure_ascii=False, default=str))


def run(prompts_path: str | Path, out_path: str | Path, config: RunConfig | None = None, *, kg=None,
        kg_cache: str | Path | None = None, on_prediction: Callable[[Prediction], None] | None = None,
        **settings) -> dict:
    """Return a summary of running a prompts JSONL file and writing its predictions JSONL to ``out_path``.

    The function behind ``kgbench run``. The settings are ``config`` or a :class:`RunConfig` made from the
    keyword ``settings`` (``base_url=..., model=..., seed=...``). The API key defaults to the
    ``OPENAI_API_KEY`` environment variable; ``cache_dir`` defaults to ``<out_path>.cache`` beside the output
    (so rerunning the same command resumes). T3a prompts open the bundled snapshot's KG (``kg_cache`` as for
    ``open_kg``) unless ``kg`` is given. Agent prompts need the bubblewrap sandbox (see :func:`run_model`).
    The summary: ``{"n", "by_status", "cached", "out", "cache_dir", "model", "temperature", "seed",
    "sandbox", "config"}`` (``sandbox``: what runs the agents' code, None without agent prompts; ``config``:
    :meth:`RunConfig.record`, every setting but the key).
    """
    c = config if config is not None else RunConfig(**settings)
    prompts = read_prompts(prompts_path)
    if c.api_key is None and os.environ.get("OPENAI_API_KEY"):
        c = dataclasses.replace(c, api_key=os.environ["OPENAI_API_KEY"])
    if c.cache_dir is None:
        c = dataclasses.replace(c, cache_dir=Path(str(out_path) + ".cache"))
    sandbox = None
    if any(_condition(p).agent for p in prompts):
        sandbox = Sandbox(bwrap=c.bwrap, unsafe_no_sandbox=c.unsafe_no_sandbox)
    if kg is None and any(_condition(p).needs_kg for p in prompts):
        from kgbench.kg.store import open_kg

        kg = open_kg(cache=kg_cache)
    predictions = run_model(prompts, config=c, kg=kg, out_path=out_path, on_prediction=on_prediction,
                            sandbox=sandbox)
    by_status: dict[str, int] = {}
    for p in predictions:
        by_status[p.status] = by_status.get(p.status, 0) + 1
    return {"n": len(predictions), "by_status": by_status, "cached": sum(p.cached for p in predictions),
            "out": str(out_path), "cache_dir": str(c.cache_dir), "model": c.model, "temperature": c.temperature,
            "seed": c.seed, "sandbox": None if sandbox is None else sandbox.name, "config": c.record()}

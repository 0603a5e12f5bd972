"""The scripted chat-completions server the evaluation tests run models against (runner, agent, harnesses).

A real HTTP server on loopback in a thread, replaying scripted replies; shared by test_runners, test_agent,
test_sandbox_attacks and the harness tests (import it as ``from scripted_server import ScriptedServer``).
"""

from __future__ import annotations

import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from kgbench.generator.items import Item

GOLD = ('<https://w3id.org/kgbench/entity/a> <https://w3id.org/kgbench/ontology#canonicalName> "Kamppi" .\n'
        '<https://w3id.org/kgbench/entity/b> <https://w3id.org/kgbench/ontology#canonicalName> "Kallio" .\n')


class ScriptedServer:
    """A chat-completions server on 127.0.0.1 (random port) in a thread, replaying scripted replies.

    Each script entry is a dict: ``status`` (200), ``content`` (the assistant text), ``tool_calls``, ``body``
    (raw bytes/text sent instead of a completion), ``delay`` (seconds before replying), ``headers``,
    ``content_length`` (a declared length instead of the true one; None: no header), ``piece`` and ``repeat`` (bytes sent
    after the body that many times).
    ``responder(request_json)`` may replace the script. Every request body is kept in ``requests``.
    """

    def __init__(self, script=None, responder=None):
        self.script = list(script or [])
        self.responder = responder
        self.requests: list[dict] = []
        self.lock = threading.Lock()
        self.inflight = 0
        self.max_inflight = 0
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def do_POST(self):
                length = int(self.headers.get("Content-Length", 0))
                request = json.loads(self.rfile.read(length))
                with outer.lock:
                    outer.requests.append(request)
                    outer.inflight += 1
                    outer.max_inflight = max(outer.max_inflight, outer.inflight)
                    if outer.responder is not None:
                        spec = outer.responder(request)
                    else:
                        spec = outer.script.pop(0) if outer.script else {"status": 500, "body": "script exhausted"}
                try:
                    outer._reply(self, spec)
                finally:
                    with outer.lock:
                        outer.inflight -= 1

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    def _reply(self, handler, spec: dict) -> None:
        if self.path_ok(handler) is False:
            spec = {"status": 404, "body": "no such path"}
        time.sleep(spec.get("delay", 0))
        status = spec.get("status", 200)
        if "body" in spec:
            body = spec["body"]
            body = body if isinstance(body, bytes) else str(body).encode()
        else:
            message = {"role": "assistant", "content": spec.get("content")}
            if spec.get("tool_calls"):
                message["tool_calls"] = spec["tool_calls"]
            body = json.dumps({"id": "x", "object": "chat.completion", "created": 1700000000, "model": "scripted",
                               "choices": [
                {"index": 0, "message": message, "finish_reason": "stop"}],
                "usage": {"prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15}}).encode()
        try:
            handler.send_response(status)
            for k, v in (spec.get("headers") or {}).items():
                handler.send_header(k, v)
            handler.send_header("Content-Type", "application/json")
            length = spec.get("content_length", len(body))
            if length is not None:
                handler.send_header("Content-Length", str(length))
            handler.end_headers()
            handler.wfile.write(body)
            for _ in range(spec.get("repeat", 0)):  # a huge body, streamed in pieces
                handler.wfile.write(spec["piece"])
        except (BrokenPipeError, ConnectionResetError):
            pass

    @staticmethod
    def path_ok(handler) -> bool:
        return handler.path == "/v1/chat/completions"

    @property
    def base_url(self) -> str:
        host, port = self.httpd.server_address[:2]
        return f"http://{host}:{port}/v1"

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.httpd.shutdown()
        self.httpd.server_close()
        self.thread.join(timeout=5)


def make_item(n: int = 0, fmt: str = "Distance", answer=2.1, unit="km", **kw) -> Item:
    base = dict(id=f"A1-{n:03d}", template_id="A1", template_version=1, sub_template_id="A1.1", variant_id="v1",
                language="eng", question=f"How far is Kamppi from Kallio ({n})?", answer_format=fmt, answer=answer,
                unit=unit, acceptable=[], false_premise=False, perturbation=None, entities={}, bindings={},
                sparql="", gold_triples=GOLD, kg="osm", stratum={}, snapshot="snap")
    base.update(kw)
    return Item(**base)

"""The program each sandboxed step runs, as ``python -I -S -c <this file's text> <settings JSON>``.

kgbench never imports it: :class:`kgbench.evaluation.sandbox.Sandbox` passes its text to an interpreter inside
the sandbox. The settings are ``{"path", "memory_bytes", "cpu_seconds", "scratch_bytes", "max_output_chars",
"max_open_files"}``; the resource limits are set before anything else. The first line on stdin is
``{"code", "globals", "tools"}``; each tool call goes out on stdout as a ``{"type": "tool", "name", "args",
"kwargs"}`` line and its reply (``{"ok", "result"}`` or ``{"ok": false, "error"}``) comes back on stdin; the
last line out is ``{"type": "done", "output", "error", "final"}``. What the code prints is captured (cut at
``max_output_chars``); its own stdin, stdout and stderr are ``/dev/null``.
"""

import io
import json
import os
import resource
import signal
import sys
import traceback


class ToolError(Exception):
    """A knowledge-graph tool failed in the runner (the message says why)."""


class _FinalAnswer(BaseException):
    """Raised by ``final_answer`` to end the step."""


class _Lazy:
    """A module imported on first use (``shapely``, ``pyproj``, ``h3`` are ready in the step's namespace)."""

    def __init__(self, name):
        self._name = name

    def __getattr__(self, attr):
        import importlib

        return getattr(importlib.import_module(self._name), attr)

    def __repr__(self):
        return f"<module {self._name!r} (imported on first use)>"


class _Capped(io.TextIOBase):
    """A text sink that keeps the first ``cap`` characters written to it and counts the rest."""

    def __init__(self, cap):
        self.cap, self.parts, self.size, self.dropped = cap, [], 0, 0

    def writable(self):
        return True

    def write(self, s):
        s = str(s)
        room = self.cap - self.size
        if room > 0:
            self.parts.append(s[:room])
            self.size += min(len(s), room)
        self.dropped += max(0, len(s) - max(room, 0))
        return len(s)

    def text(self):
        out = "".join(self.parts)
        return out + (f"\n[... {self.dropped} more characters cut]" if self.dropped else "")


def _jsonable(value):
    """Return ``value`` as JSON values (geometries as WKT, numpy scalars as numbers, anything else as text)."""
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


def _leave_with_the_runner(fd):
    """Start a thread that ends the process as soon as the runner's end of the ``fd`` pipe is closed.

    The runner holds that end for the whole step, so a hang-up means it died. bwrap arms ``--die-with-parent``
    in its init only after setting up the mounts: a runner killed in that window would otherwise leave the
    step running with nobody to stop it.
    """
    import select
    import threading

    def watch():
        poller = select.poll()
        poller.register(fd, 0)  # no events asked: poll reports only a hang-up, an error or a closed fd
        while True:
            if any(ev & (select.POLLHUP | select.POLLERR | select.POLLNVAL) for _, ev in poller.poll()):
                os._exit(137)

    threading.stack_size(256 * 1024)
    threading.Thread(target=watch, daemon=True).start()
    threading.stack_size(0)


def main(settings):
    """Run one step under ``settings`` and write its ``done`` line; exits the process without cleanup."""
    signal.signal(signal.SIGXCPU, signal.SIG_DFL)
    sys.path[:0] = settings["path"]
    for res, val in ((resource.RLIMIT_AS, settings["memory_bytes"]), (resource.RLIMIT_CPU, settings["cpu_seconds"]),
                     (resource.RLIMIT_FSIZE, settings["scratch_bytes"]), (resource.RLIMIT_CORE, 0),
                     (resource.RLIMIT_NOFILE, settings["max_open_files"])):
        resource.setrlimit(res, (val, val))
    proto_out = os.fdopen(os.dup(1), "w", encoding="utf-8")
    proto_in = os.fdopen(os.dup(0), "r", encoding="utf-8")
    _leave_with_the_runner(proto_in.fileno())
    null = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(null, fd)
    request = json.loads(proto_in.readline())
    out = _Capped(int(settings["max_output_chars"]))
    sys.stdout = sys.stderr = out
    sys.stdin = io.StringIO("")
    import builtins

    def tool(name):
        def call(*args, **kwargs):
            proto_out.write(json.dumps({"type": "tool", "name": name, "args": _jsonable(list(args)),
                                        "kwargs": _jsonable(kwargs)}) + "\n")
            proto_out.flush()
            reply = json.loads(proto_in.readline() or "{}")
            if not reply.get("ok"):
                raise ToolError(reply.get("error", "the tool failed"))
            return reply.get("result")
        call.__name__ = name
        return call

    final = []

    def final_answer(answer=None, unit=None):
        """End the run with this answer (None: no answer) and unit."""
        final.append({"answer": _jsonable(answer), "unit": _jsonable(unit)})
        raise _FinalAnswer()

    namespace = {"__name__": "__main__", "__builtins__": builtins, "final_answer": final_answer,
                 "ToolError": ToolError, **{name: _Lazy(name) for name in ("shapely", "pyproj", "h3")}}
    namespace.update(request.get("globals") or {})
    for name in request.get("tools") or []:
        namespace[name] = tool(name)
    error = None
    try:
        exec(compile(request["code"], "<step>", "exec"), namespace)
    except _FinalAnswer:
        pass
    except BaseException as exc:  # noqa: BLE001 - whatever the code raised goes back to the model
        tb = traceback.format_exception(type(exc), exc, exc.__traceback__)
        error = "".join([tb[0]] + [line for line in tb[1:] if "<step>" in line or not line.startswith("  File")])
    proto_out.write(json.dumps({"type": "done", "output": out.text(), "error": error,
                                "final": final[0] if final else None}) + "\n")
    proto_out.flush()
    os._exit(0)


if __name__ == "__main__":
    main(json.loads(sys.argv[1]))

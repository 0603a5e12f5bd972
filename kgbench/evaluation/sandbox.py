"""An isolated sandbox for model-written Python code, built on bubblewrap (``bwrap``).

:class:`Sandbox` runs one step of code in a fresh sandbox and returns a :class:`SandboxResult`. What holds for
each run (``bwrap`` from the Debian package ``bubblewrap``):

- its own mount namespace whose root is an empty tmpfs with only these, read-only: the interpreter binary,
  the standard library (its own ``site-packages`` masked), the ``site-packages`` folders the geo libraries
  (numpy, shapely, pyproj, h3) were imported from, the shared libraries the interpreter has loaded, and
  ``/usr/lib``, ``/lib``, ``/lib64``, ``/usr/lib64``. Nothing else of the host: no ``/etc``, ``/home``,
  ``/root``, ``/tmp``, ``/run``, the project, its caches or datasets. A fresh tmpfs ``/scratch`` (the working
  directory and ``HOME``, at most ``scratch_bytes``) is the only writable place (the root and ``/dev`` are
  remounted read-only); it is gone after the step;
- its own user (``--disable-userns``: no nested ones), PID, IPC, UTS, cgroup and network namespaces: only its
  own loopback, no UNIX socket of the host is reachable (no host path is bound; abstract sockets belong to the
  network namespace), a fresh ``/proc`` that shows only the sandbox's processes, all capabilities dropped;
- processes: none besides the step's interpreter. A seccomp filter makes ``fork``, ``vfork`` and ``clone``
  without ``CLONE_THREAD`` fail with ``EPERM`` (``clone3`` with ``ENOSYS``, so threads fall back to ``clone``),
  which covers ``subprocess``, ``os.system``, ``posix_spawn``, ``os.fork`` and raw calls through ``ctypes``. The
  sandbox's init (PID 1) dies with the runner (``--die-with-parent``) and the kernel kills whatever is left in
  the PID namespace when it exits. bwrap arms that only after its mounts, so the step also exits by itself when
  the runner's end of its stdin closes (a runner killed in that window would otherwise leave it running);
- memory: no cgroup is used (that needs a delegated cgroup tree, which runners rarely have); as no process
  can be created, ``RLIMIT_AS`` (``memory_bytes``) on the single process bounds the whole tree, plus the
  scratch tmpfs (``scratch_bytes``). Measured: a step holding 700 MiB that tries four forks peaks at about
  0.7 GiB resident for the tree under the 1 GiB default. CPU: ``RLIMIT_CPU``; a wall-clock timeout (a watchdog
  kills the sandbox); ``RLIMIT_NOFILE``, ``RLIMIT_FSIZE`` (the scratch size) and ``RLIMIT_CORE = 0``;
- output: what the code prints is cut at ``max_output_chars``; everything read back from the sandbox is
  bounded (``max_reply_bytes``), beyond which the step is stopped;
- the environment is emptied (``--clearenv``; only ``PATH``, ``HOME``, ``LANG`` and thread counts are set), so
  no API key or other secret of the runner reaches it, neither by environment, argv nor ``/proc``.

Code and results cross the boundary on the sandbox's stdin/stdout pipes as JSON lines (the program each step
runs, ``sandbox_step.py``, describes them): the code goes in, tool calls come out and are answered by the runner
(the KG tools run in the runner, never in the sandbox), the printed output and the final answer come back.

When bubblewrap cannot run, :func:`sandbox_available` returns None and :class:`Sandbox` raises
:class:`SandboxUnavailable`, unless ``unsafe_no_sandbox=True``: then the code runs in a plain subprocess with
the same resource limits but NO isolation (recorded as ``"none (--unsafe-no-sandbox)"``).
"""

from __future__ import annotations

import functools
import importlib
import json
import os
import platform
import queue
import re
import shutil
import signal
import struct
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

__all__ = ["SandboxLimits", "SandboxResult", "Sandbox", "SandboxUnavailable", "sandbox_available",
           "UNSAFE_NO_SANDBOX", "DEFAULT_BWRAP", "answer_tool", "runtime", "seccomp_filter"]

#: What a run without isolation records as its sandbox.
UNSAFE_NO_SANDBOX = "none (--unsafe-no-sandbox)"
#: The bubblewrap binary used unless another is given (``$PATH`` is searched when it is missing).
DEFAULT_BWRAP = "/usr/bin/bwrap"
#: Modules the sandboxed code gets; the folders they are imported from are bound into the sandbox.
GEO_MODULES = ("numpy", "shapely", "pyproj", "h3")


class SandboxUnavailable(RuntimeError):
    """Bubblewrap cannot run here (missing binary, user namespaces refused, ...); the message says why."""


@dataclass(frozen=True)
class SandboxLimits:
    """Return the limits of one sandboxed step (seconds, bytes, characters)."""

    wall_seconds: float = 30.0
    cpu_seconds: int = 20
    memory_bytes: int = 1 << 30
    max_output_chars: int = 8000
    scratch_bytes: int = 64 << 20
    max_reply_bytes: int = 4 << 20
    max_open_files: int = 256


@dataclass
class SandboxResult:
    """Return what one sandboxed step did: printed ``output``, the ``error`` (traceback or limit hit), the
    ``final`` answer object if ``final_answer`` was called, the tool calls made and which ``sandbox`` ran it."""

    output: str = ""
    error: str | None = None
    final: dict | None = None
    timed_out: bool = False
    exit_code: int | None = None
    tool_calls: int = 0
    seconds: float = 0.0
    sandbox: str = ""


#: The program each step runs (``python -I -S -c STEP_PROGRAM settings``): the text of ``sandbox_step.py``.
STEP_PROGRAM = (Path(__file__).parent / "sandbox_step.py").read_text(encoding="utf-8")


# ----------------------------------------------------------------------------------------- seccomp filter

# (audit arch, clone, clone3, other syscalls that create a process) per machine
_ARCHES = {"x86_64": (0xC000003E, 56, 435, (57, 58)), "aarch64": (0xC00000B7, 220, 435, ())}
_CLONE_THREAD = 0x00010000
_RET_ALLOW, _RET_KILL = 0x7FFF0000, 0x80000000
_RET_EPERM, _RET_ENOSYS = 0x00050000 | 1, 0x00050000 | 38


def seccomp_filter(machine: str | None = None) -> bytes:
    """Return a classic-BPF seccomp program (``struct sock_filter`` array) that forbids creating processes.

    ``fork``/``vfork`` and ``clone`` without ``CLONE_THREAD`` return ``EPERM``, ``clone3`` ``ENOSYS`` (threads
    fall back to ``clone``); a foreign system-call ABI kills the process. Raises ``SandboxUnavailable`` for a
    machine with no table (``platform.machine()`` by default).

    >>> len(seccomp_filter("x86_64")) % 8
    0
    """
    machine = machine or platform.machine()
    if machine not in _ARCHES:
        raise SandboxUnavailable(f"no process filter for the machine type {machine!r}")
    arch, clone, clone3, forks = _ARCHES[machine]
    # (code, k, jump-if-true label, jump-if-false label); labels are resolved to relative offsets below
    prog: list[tuple[int, int, str | None, str | None]] = [(0x20, 4, None, None), (0x15, arch, None, "kill"),
                                                           (0x20, 0, None, None)]
    if machine == "x86_64":
        prog.append((0x35, 0x40000000, "kill", None))  # the x32 ABI
    prog += [(0x15, nr, "eperm", None) for nr in forks]
    prog += [(0x15, clone3, "enosys", None), (0x15, clone, "clone", None), (0x06, _RET_ALLOW, None, None)]
    labels = {"clone": len(prog)}
    prog += [(0x20, 16, None, None), (0x45, _CLONE_THREAD, "allow", "eperm")]
    for name, ret in (("allow", _RET_ALLOW), ("eperm", _RET_EPERM), ("enosys", _RET_ENOSYS), ("kill", _RET_KILL)):
        labels[name] = len(prog)
        prog.append((0x06, ret, None, None))
    out = bytearray()
    for i, (code, k, jt, jf) in enumerate(prog):
        offset = (lambda label: 0 if label is None else labels[label] - i - 1)
        out += struct.pack("=HBBI", code, offset(jt), offset(jf), k)
    return bytes(out)


# ----------------------------------------------------------------------------------------- what is bound

_SHARED_OBJECT = re.compile(r"\.so(\.\d+)*$")


@functools.lru_cache(maxsize=1)
def runtime() -> tuple[str, tuple[str, ...], tuple[tuple[str, str], ...]]:
    """Return what a step needs of this Python: (interpreter, library folders, mounts) (computed once).

    The interpreter is the real binary (a venv's base interpreter); the library folders are the installed
    package folders (``site-packages``/``dist-packages``, never the script folder, the working directory or
    the project) that hold a loaded module, after importing :data:`GEO_MODULES`; the mounts are
    ``(bwrap option, path)`` pairs: the system library folders, the standard library (its ``site-packages``
    masked), the library folders and the shared objects mapped into this process that lie elsewhere.
    """
    for name in GEO_MODULES:
        importlib.import_module(name)
    interpreter = os.path.realpath(getattr(sys, "_base_executable", None) or sys.executable)
    stdlib = {os.path.dirname(os.path.realpath(os.__file__))}
    stdlib |= {os.path.realpath(e) for e in sys.path if e and os.path.basename(e) == "lib-dynload"
               and not os.path.realpath(e).startswith(tuple(s + os.sep for s in stdlib))}
    # folders of installed packages that hold a loaded module (never the script folder, the cwd or the project)
    entries = {os.path.realpath(e) for e in sys.path
               if e and os.path.basename(e) in ("site-packages", "dist-packages") and os.path.isdir(e)}
    entries |= {os.path.dirname(os.path.dirname(os.path.realpath(importlib.import_module(m).__file__)))
                for m in GEO_MODULES}
    roots: set[str] = set()
    for module in list(sys.modules.values()):
        file = getattr(module, "__file__", None)
        if isinstance(file, str):
            file = os.path.realpath(file)
            roots |= {e for e in entries if file.startswith(e + os.sep)}
    system = [p for p in ("/usr/lib", "/usr/lib64", "/lib", "/lib64") if os.path.lexists(p)]
    mounts: list[tuple[str, str]] = []
    for path in system:
        if os.path.islink(path):
            mounts.append(("--symlink", os.readlink(path) + "\0" + path))
        else:
            mounts.append(("--ro-bind", path))
    covered = [*system, *stdlib, *roots]
    mapped = {interpreter}
    with open("/proc/self/maps", encoding="utf-8", errors="replace") as maps:
        for line in maps:  # address perms offset device inode [path]
            parts = line.split(maxsplit=5)
            path = parts[5].strip() if len(parts) == 6 else ""
            if _SHARED_OBJECT.search(path) and path.startswith("/") and os.path.isfile(path):
                mapped.add(os.path.realpath(path))
    for path in sorted(stdlib) + sorted(roots):
        mounts.append(("--ro-bind", path))
    for path in sorted(mapped):
        if not any(path.startswith(c + os.sep) for c in covered):
            mounts.append(("--ro-bind", path))
    for path in sorted(stdlib):
        masked = os.path.join(path, "site-packages")
        if os.path.isdir(masked) and masked not in roots:
            mounts.append(("--tmpfs", masked))
    return interpreter, tuple(sorted(roots)), tuple(mounts)


def _find_bwrap(bwrap: str | os.PathLike | None) -> str | None:
    if bwrap is not None:
        return str(bwrap) if os.access(bwrap, os.X_OK) and os.path.isfile(bwrap) else None
    if os.access(DEFAULT_BWRAP, os.X_OK):
        return DEFAULT_BWRAP
    return shutil.which("bwrap")


def _bwrap_argv(bwrap: str, limits: SandboxLimits, seccomp_fd: int, command: list[str]) -> list[str]:
    argv = [bwrap, "--unshare-all", "--unshare-user", "--disable-userns", "--die-with-parent", "--new-session",
            "--cap-drop", "ALL", "--clearenv", "--setenv", "PATH", "/usr/bin:/bin", "--setenv", "HOME", "/scratch",
            "--setenv", "LANG", "C.UTF-8", "--setenv", "OPENBLAS_NUM_THREADS", "1",
            "--setenv", "OMP_NUM_THREADS", "1", "--hostname", "sandbox"]
    for kind, path in runtime()[2]:
        if kind == "--symlink":
            target, dest = path.split("\0")
            argv += [kind, target, dest]
        elif kind == "--tmpfs":
            argv += ["--size", "4096", "--tmpfs", path]
        else:
            argv += [kind, path, path]
    argv += ["--proc", "/proc", "--dev", "/dev", "--remount-ro", "/dev", "--size", str(limits.scratch_bytes),
             "--tmpfs", "/scratch", "--remount-ro", "/", "--chdir", "/scratch", "--seccomp", str(seccomp_fd),
             "--", *command]
    return argv


def _version(bwrap: str) -> str:
    try:
        out = subprocess.run([bwrap, "--version"], capture_output=True, text=True, timeout=10).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return "bubblewrap"
    return out or "bubblewrap"


@functools.lru_cache(maxsize=8)
def _probe(bwrap: str | None) -> tuple[str | None, str]:
    """Return (sandbox name or None, reason) after running a trivial step in a sandbox made by ``bwrap``."""
    found = _find_bwrap(bwrap)
    if found is None:
        return None, f"bubblewrap not found ({bwrap or DEFAULT_BWRAP}; install the Debian package 'bubblewrap')"
    try:
        result = Sandbox._unchecked(SandboxLimits(wall_seconds=60), found).run("print(6 * 7)")
    except (OSError, SandboxUnavailable) as exc:
        return None, f"{found} cannot run: {exc}"
    if result.error or result.output.strip() != "42":
        return None, f"{found} cannot make a sandbox here: {(result.error or result.output).strip()[-400:]}"
    return _version(found), ""


def sandbox_available(bwrap: str | os.PathLike | None = None) -> str | None:
    """Return the name and version of the working sandbox tool (e.g. ``"bubblewrap 0.8.0"``), or None.

    None when the binary (``bwrap``, default :data:`DEFAULT_BWRAP` then ``$PATH``) is missing or cannot make
    a sandbox here (user namespaces refused, seccomp missing, ...). The check runs a trivial step once per
    binary and is cached.
    """
    return _probe(None if bwrap is None else str(bwrap))[0]


# ----------------------------------------------------------------------------------------- running a step

def answer_tool(tools: Callable[[str, list, dict], Any] | None, tool_names, message: Mapping) -> dict:
    """Return the reply to one tool request ``{"name", "args", "kwargs"}``: ``{"ok": True, "result"}`` or
    ``{"ok": False, "error"}`` (an unknown tool or any exception the tool raised)."""
    name = message.get("name")
    if tools is None or name not in tool_names:
        return {"ok": False, "error": f"unknown tool {name!r}"}
    try:
        value = tools(name, list(message.get("args") or []), dict(message.get("kwargs") or {}))
        return {"ok": True, "result": json.loads(json.dumps(value, default=str))}
    except Exception as exc:  # noqa: BLE001 - any tool failure goes back to the model as ToolError
        return {"ok": False, "error": f"{type(exc).__name__}: {exc}"}


def _reader(stream, sink: queue.Queue, cap: int) -> None:
    """Put each line of ``stream`` on ``sink``, then None at its end, or b"" once more than ``cap`` bytes came."""
    used = 0
    while True:
        line = stream.readline(cap - used + 1)
        if not line:
            break
        used += len(line)
        if used > cap:
            sink.put(b"")
            return
        sink.put(line)
    sink.put(None)


def _drain(stream, keep: list, cap: int) -> None:
    size = 0
    for chunk in iter(lambda: stream.read(4096), b""):
        if size < cap:
            keep.append(chunk[: cap - size])
            size += len(chunk)


class Sandbox:
    """Return a sandbox that runs steps of model code under ``limits`` (see the module docstring).

    ``bwrap`` is the bubblewrap binary (default :data:`DEFAULT_BWRAP`, then ``$PATH``). Raises
    :class:`SandboxUnavailable` when it cannot run, unless ``unsafe_no_sandbox`` (then steps run in a plain
    subprocess, without isolation). :attr:`name` is what runs record, e.g. ``"bubblewrap 0.8.0"``.
    """

    def __init__(self, limits: SandboxLimits | None = None, *, bwrap: str | os.PathLike | None = None,
                 unsafe_no_sandbox: bool = False):
        self.limits = limits or SandboxLimits()
        name, reason = _probe(None if bwrap is None else str(bwrap))
        if name is not None:
            self.bwrap: str | None = _find_bwrap(bwrap)
            self.name = name
        elif unsafe_no_sandbox:
            self.bwrap, self.name = None, UNSAFE_NO_SANDBOX
        else:
            raise SandboxUnavailable(f"model code needs a sandbox and {reason}; pass --unsafe-no-sandbox "
                                     "(unsafe_no_sandbox=True) to run it without isolation")

    @classmethod
    def _unchecked(cls, limits: SandboxLimits, bwrap: str) -> "Sandbox":
        """Return a sandbox on ``bwrap`` without probing it first (the probe itself uses one)."""
        box = cls.__new__(cls)
        box.limits, box.bwrap, box.name = limits, bwrap, "probe"
        return box

    def _command(self) -> tuple[list[str], int | None]:
        interpreter, roots, _ = runtime()
        settings = {"path": list(roots), **{k: getattr(self.limits, k) for k in (
            "memory_bytes", "cpu_seconds", "scratch_bytes", "max_output_chars", "max_open_files")}}
        command = [interpreter, "-I", "-S", "-c", STEP_PROGRAM, json.dumps(settings)]
        if self.bwrap is None:
            return command, None
        read_end, write_end = os.pipe()
        with os.fdopen(write_end, "wb") as f:
            f.write(seccomp_filter())
        return _bwrap_argv(self.bwrap, self.limits, read_end, command), read_end

    def run(self, code: str, *, tools: Callable[[str, list, dict], Any] | None = None, tool_names=(),
            globals: Mapping[str, Any] | None = None) -> SandboxResult:
        """Return the :class:`SandboxResult` of running Python ``code`` as one step in a fresh sandbox.

        ``tool_names`` become functions in the sandbox; a call runs ``tools(name, args, kwargs)`` here, in
        the runner, and its JSON-able result (or the exception's message, raised as ``ToolError``) is passed
        back. ``globals`` (JSON values) are set before the code runs. Never raises for what the code does:
        limits hit are reported in ``error`` (``TimeoutError: ...``, ``OutputError: ...``, ``MemoryError``).

        >>> Sandbox(unsafe_no_sandbox=True).run("print(sum(range(4)))").output
        '6\\n'
        """
        limits = self.limits
        started = time.monotonic()
        result = SandboxResult(sandbox=self.name)
        argv, seccomp_fd = self._command()
        env = {"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1"}
        workdir = None
        if self.bwrap is None:  # unsafe: a plain subprocess in an empty temporary folder
            workdir = tempfile.mkdtemp(prefix="kgbench-unsafe-step-")
            env["HOME"] = workdir
        info_read = info_write = None
        if seccomp_fd is not None:  # bwrap reports the host PID of the sandbox's init on --info-fd
            info_read, info_write = os.pipe()
            argv = [argv[0], "--info-fd", str(info_write), *argv[1:]]
        try:
            proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                    env=env, cwd=workdir or "/", start_new_session=True,
                                    pass_fds=() if seccomp_fd is None else (seccomp_fd, info_write))
        finally:
            for fd in (seccomp_fd, info_write):
                if fd is not None:
                    os.close(fd)
        timed_out = threading.Event()
        # the wall clock holds even while the runner is blocked writing to a sandbox that does not read
        watchdog = threading.Timer(limits.wall_seconds, lambda: (timed_out.set(), self._kill(proc)))
        watchdog.daemon = True
        watchdog.start()
        stderr: list[bytes] = []
        lines: queue.Queue = queue.Queue()
        threads = [threading.Thread(target=_reader, args=(proc.stdout, lines, limits.max_reply_bytes), daemon=True),
                   threading.Thread(target=_drain, args=(proc.stderr, stderr, 4000), daemon=True)]
        for t in threads:
            t.start()
        try:
            done, too_big = self._converse(proc, lines, timed_out, result, code, tools, tool_names, globals)
        finally:
            watchdog.cancel()
            self._finish(proc, threads, workdir, info_read)
        result.timed_out = timed_out.is_set()
        result.exit_code = proc.returncode
        result.seconds = round(time.monotonic() - started, 3)
        if done is not None and not result.timed_out:
            result.output = str(done.get("output") or "")[: limits.max_output_chars + 100]
            result.error = None if done.get("error") is None else str(done.get("error"))[-4000:]
            result.final = done.get("final") if isinstance(done.get("final"), dict) else None
        elif too_big:
            result.error = f"OutputError: the code sent back more than {limits.max_reply_bytes} bytes and was stopped"
        elif result.timed_out:
            result.error = f"TimeoutError: the code ran longer than {limits.wall_seconds:g} s and was stopped"
        elif result.exit_code in (-signal.SIGXCPU, -signal.SIGKILL, 128 + signal.SIGXCPU, 128 + signal.SIGKILL):
            result.error = f"TimeoutError: the code used more than {limits.cpu_seconds} s of CPU time and was stopped"
        else:
            tail = b"".join(stderr).decode("utf-8", "replace").strip()[-1500:]
            result.error = f"the sandbox exited with code {result.exit_code}" + (f": {tail}" if tail else "")
        return result

    @staticmethod
    def _converse(proc, lines: queue.Queue, timed_out: threading.Event, result: SandboxResult, code, tools,
                  tool_names, globals):
        """Return (the ``done`` message or None, whether the reply cap was hit), answering tool calls."""
        try:
            proc.stdin.write(json.dumps({"code": code, "globals": dict(globals or {}),
                                         "tools": list(tool_names)}).encode("utf-8") + b"\n")
            proc.stdin.flush()
            while True:
                try:
                    line = lines.get(timeout=0.25)
                except queue.Empty:
                    if timed_out.is_set():  # killed; a process that escaped it may still hold the pipe
                        return None, False
                    continue
                if line is None or line == b"":
                    return None, line == b""
                try:
                    message = json.loads(line)
                except (ValueError, RecursionError):
                    continue
                if not isinstance(message, dict):
                    continue
                if message.get("type") == "done":
                    return message, False
                if message.get("type") == "tool":
                    result.tool_calls += 1
                    reply = answer_tool(tools, tool_names, message)
                    proc.stdin.write(json.dumps(reply, default=str).encode("utf-8") + b"\n")
                    proc.stdin.flush()
        except OSError:  # the sandbox is gone (ended, killed at the deadline)
            return None, False

    def _finish(self, proc: subprocess.Popen, threads, workdir: str | None, info_read: int | None = None) -> None:
        """Stop the step's processes, wait for them (the whole PID namespace) and the readers, and clean up."""
        try:
            proc.wait(timeout=2)
        except subprocess.TimeoutExpired:
            self._kill(proc)
            proc.wait(timeout=10)
        if info_read is not None:
            _wait_for_namespace(info_read)
        for t in threads:
            t.join(timeout=2)
        for stream in (proc.stdin, proc.stdout, proc.stderr):
            try:
                stream.close()
            except OSError:
                pass
        if workdir is not None:
            shutil.rmtree(workdir, ignore_errors=True)

    @staticmethod
    def _kill(proc: subprocess.Popen) -> None:
        """Kill the step's process group (bwrap's init then takes the whole PID namespace with it)."""
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass


def _wait_for_namespace(info_read: int, seconds: float = 10.0) -> None:
    """Return once the sandbox's init, and so (the kernel's rule) every process of its PID namespace, has exited:
    a killed bwrap exits before its init has finished dying, and a run must not return while its code runs."""
    import select

    try:
        ready, _, _ = select.select([info_read], [], [], 0.5)
        info = os.read(info_read, 4096).decode("utf-8", "replace") if ready else ""
    finally:
        os.close(info_read)
    m = re.search(r'"child-pid"\s*:\s*(\d+)', info)
    if not m:
        return
    stat = Path("/proc") / m.group(1) / "stat"
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            state = stat.read_text().rsplit(")", 1)[1].split()[0]
        except (OSError, IndexError):
            return  # gone (reaped)
        if state in ("Z", "X"):
            return  # exited: the namespace is empty
        time.sleep(0.02)

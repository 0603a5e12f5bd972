"""Hostile model code against the real bubblewrap sandbox: every attack must fail and leave the host intact.

Each case runs as one step of model code through :class:`kgbench.evaluation.sandbox.Sandbox` (the one the
T3/T3a agents use) and is checked twice: the attack failed (what came back shows the refusal and none of the
protected content) and the host-side artefact is unchanged. After every step no sandbox process is left on
the host. Without bubblewrap these tests skip locally and fail in CI (the ``box`` fixture).
"""

from __future__ import annotations

import dataclasses
import json
import os
import resource
import socket
import stat
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from scripted_server import ScriptedServer, make_item  # the scripted chat server beside this file

from kgbench.evaluation.prompts import render
from kgbench.evaluation.runners import run_model
from kgbench.evaluation.sandbox import UNSAFE_NO_SANDBOX, Sandbox, SandboxUnavailable, runtime


SECRET = "sk-test-SECRET"
PRECIOUS = "precious user data 4242\n"
GOLD = '{"id": "A1-000", "answer": 1234.5678, "unit": "km"}\n'
HOME_KEY = "-----BEGIN KEY----- hunter2-9931 -----END KEY-----\n"


class Listener:
    """A server socket on the host (TCP on 127.0.0.1, a UNIX path or an abstract UNIX name) counting accepts."""

    def __init__(self, family: int, address):
        self.sock = socket.socket(family, socket.SOCK_STREAM)
        self.sock.bind(address)
        self.sock.listen(8)
        self.address = self.sock.getsockname()
        self.accepted = 0
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self):
        while True:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                return
            self.accepted += 1
            conn.close()

    def close(self):
        self.sock.close()


@pytest.fixture(scope="module")
def host(tmp_path_factory):
    """Return the host's artefacts the attacks aim at: user files, a 0600 key in a home, gold data, servers."""
    root = tmp_path_factory.mktemp("host")
    (root / "data").mkdir()
    victim = root / "data" / "victim.txt"
    victim.write_text(PRECIOUS)
    home = root / "home"
    (home / ".ssh").mkdir(parents=True)
    key = home / ".ssh" / "id_key"
    key.write_text(HOME_KEY)
    key.chmod(0o600)
    gold = root / "items.jsonl"
    gold.write_text(GOLD)
    tcp = Listener(socket.AF_INET, ("127.0.0.1", 0))
    unix = Listener(socket.AF_UNIX, str(root / "service.sock"))
    abstract = Listener(socket.AF_UNIX, f"\0kgbench-test-{os.getpid()}")
    yield {"root": root, "victim": victim, "key": key, "gold": gold, "tcp": tcp, "unix": unix,
           "abstract": abstract, "marker": root / "spawned.marker"}
    for server in (tcp, unix, abstract):
        server.close()


def sandbox_processes() -> list[int]:
    """Return the host PIDs of this runtime's sandboxes (bwrap or a step), whoever their parent is now.

    A step's command line carries the step program and the settings with this runtime's library folders
    (other checkouts running their own sandboxes on the same machine have other folders).
    """
    mark = json.dumps({"path": list(runtime()[1])})[1:-1].encode()
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                cmdline = (entry / "cmdline").read_bytes()
                if b"_FinalAnswer" in cmdline and mark in cmdline:
                    found.append(int(entry.name))
            except OSError:
                continue
    return found


def intact(host) -> None:
    victim = host["victim"]
    assert victim.read_text() == PRECIOUS and stat.S_IMODE(victim.stat().st_mode) == 0o644
    assert sorted(p.name for p in victim.parent.iterdir()) == ["victim.txt"]
    assert host["key"].read_text() == HOME_KEY and host["gold"].read_text() == GOLD
    assert not host["marker"].exists()
    assert host["tcp"].accepted == host["unix"].accepted == host["abstract"].accepted == 0


# (name, code with {placeholders}, a phrase the refusal must show)
READS = [
    ("read /etc/shadow", "print(open('/etc/shadow').read())", "FileNotFoundError"),
    ("list /etc", "import os\nprint(os.listdir('/etc'))", "FileNotFoundError"),
    ("read a 0600 key in the home", "print(open({key!r}).read())", "FileNotFoundError"),
    ("read the gold dataset", "print(open({gold!r}).read())", "FileNotFoundError"),
    # the head of every .jsonl file (an item line is short): the packages' own data files (inspect_ai ships some)
    # must not fill the output cap before the walk ends
    ("find the gold dataset by walking /", "import os\nfor d, _, fs in os.walk('/'):\n"
     "    for f in fs:\n        if f.endswith('.jsonl'): print(f, open(os.path.join(d, f)).read(200))\n"
     "print('walked')", "walked"),
    ("read the project's source", "print(open({project!r}).read())", "FileNotFoundError"),
    ("read the host's /proc of the runner", "print(open('/proc/{runner}/cmdline').read())", "FileNotFoundError"),
]
TAMPER = [
    ("os.truncate", "import os\nos.truncate({victim!r}, 0)", "FileNotFoundError"),
    ("posix.truncate", "import posix\nposix.truncate({victim!r}, 0)", "FileNotFoundError"),
    ("open(..., 'w')", "open({victim!r}, 'w').write('')", "FileNotFoundError"),
    ("os.unlink", "import os\nos.unlink({victim!r})", "FileNotFoundError"),
    ("posix.unlink", "import posix\nposix.unlink({victim!r})", "FileNotFoundError"),
    ("os.rename", "import os\nos.rename({victim!r}, {victim!r} + '.gone')", "FileNotFoundError"),
    ("os.chmod", "import os\nos.chmod({victim!r}, 0)", "FileNotFoundError"),
    ("shutil.rmtree", "import shutil, os\nshutil.rmtree(os.path.dirname({victim!r}))", "FileNotFoundError"),
    ("ctypes libc unlink/truncate/chmod",
     "import ctypes\nlibc = ctypes.CDLL(None, use_errno=True)\np = {victim!r}.encode()\n"
     "print([libc.unlink(p), libc.truncate(p, ctypes.c_long(0)), libc.chmod(p, 0)], ctypes.get_errno())",
     "[-1, -1, -1] 2"),
    ("write into the bound site-packages",
     "import numpy, os\nopen(os.path.join(os.path.dirname(numpy.__file__), 'evil.py'), 'w')", "Read-only file system"),
]
SPAWN = [
    ("subprocess", "import subprocess, sys\nsubprocess.run([sys.executable, '-c', 'print(1)'])", "PermissionError"),
    ("importlib.reload(subprocess)", "import importlib, subprocess, sys\nimportlib.reload(subprocess)\n"
     "subprocess.Popen([sys.executable, '-c', 'print(1)']).wait()", "PermissionError"),
    ("posix.system", "import posix\nprint('status', posix.system('touch {marker}'))", "status 32512"),
    ("os.fork + exec", "import os, sys\npid = os.fork()\nif pid == 0:\n    os.execv(sys.executable, [sys.executable])",
     "PermissionError"),
    ("os.posix_spawn", "import os, sys\nos.posix_spawn(sys.executable, [sys.executable], {{}})", "PermissionError"),
    ("ctypes fork/vfork/raw clone", "import ctypes\nlibc = ctypes.CDLL(None, use_errno=True)\n"
     "print([libc.fork(), libc.syscall(56, 17, 0, 0, 0, 0), libc.syscall(58)], ctypes.get_errno())",
     "[-1, -1, -1] 1"),
    ("ctypes system", "import ctypes\nprint('status', ctypes.CDLL(None).system(b'touch {marker}'))", "status 32512"),
    ("daemon (double fork + setsid)", "import os, time\nif os.fork() == 0:\n    os.setsid()\n"
     "    if os.fork() == 0:\n        time.sleep(120)\n    os._exit(0)", "PermissionError"),
    ("fork bomb", "import os\nwhile True:\n    os.fork()", "PermissionError"),
    ("ctypes fork bomb", "import ctypes\nlibc = ctypes.CDLL(None, use_errno=True)\nn = 0\n"
     "while libc.fork() >= 0 and n < 10 ** 6:\n    n += 1\nprint('forks', n, ctypes.get_errno())", "forks 0 1"),
    ("a nested user namespace", "import ctypes\nlibc = ctypes.CDLL(None, use_errno=True)\n"
     "print('unshare', libc.unshare(0x10000000), ctypes.get_errno())", "unshare -1"),
]
NETWORK = [
    ("TCP to a server on the host's 127.0.0.1",
     "import socket\nsocket.create_connection(('127.0.0.1', {tcp_port}), timeout=3)", "ConnectionRefusedError"),
    ("a UNIX socket of the host", "import socket\ns = socket.socket(socket.AF_UNIX)\ns.connect({unix!r})",
     "FileNotFoundError"),
    ("an abstract UNIX socket of the host", "import socket\ns = socket.socket(socket.AF_UNIX)\ns.connect({abstract!r})",
     "ConnectionRefusedError"),
    ("the internet", "import socket\nsocket.create_connection(('1.1.1.1', 53), timeout=3)", "OSError"),
]
RESOURCES = [
    ("memory across forks", "import os\npids = []\nfor _ in range(4):\n    pid = os.fork()\n    if pid == 0:\n"
     "        x = b'x' * (1 << 30)\n        os._exit(0)\n    pids.append(pid)", "PermissionError"),
    ("1 GiB in the step under a 1 GiB cap", "x = b'x' * (1 << 30)", "MemoryError"),
    ("fill the sandbox's root", "open('/big', 'wb').write(b'x' * (1 << 20))", "Read-only file system"),
    ("fill /dev/shm", "open('/dev/shm/big', 'wb').write(b'x' * (1 << 20))", "Read-only file system"),
    ("fill the scratch folder", "with open('big', 'wb') as f:\n    for _ in range(1000):\n"
     "        f.write(b'x' * (1 << 20))", "OSError"),
    ("huge printed output", "print('x' * (50 * 1024 * 1024))", "more characters cut"),
    ("a deeply nested reply", "import os\nfor fd in range(3, 12):\n    try:\n"
     "        os.write(fd, b'[' * 1000000 + b'\\n')\n    except OSError:\n        pass\nprint('sent')", "sent"),
    ("huge raw output on every descriptor", "import os\nfor fd in range(3, 12):\n    try:\n"
     "        [os.write(fd, b'x' * (1 << 20)) for _ in range(64)]\n    except OSError:\n        pass",
     "OutputError"),
]
CASES = [pytest.param(*case, id=case[0]) for case in READS + TAMPER + SPAWN + NETWORK + RESOURCES]


@pytest.mark.parametrize("name, code, refusal", CASES)
def test_attack_is_contained(box, host, name, code, refusal):
    values = {"key": str(host["key"]), "real_home": os.path.expanduser("~"), "gold": str(host["gold"]),
              "project": str(Path(__file__).resolve()), "runner": os.getpid(), "victim": str(host["victim"]),
              "marker": str(host["marker"]), "tcp_port": host["tcp"].address[1], "unix": str(host["unix"].address),
              "abstract": f"\0kgbench-test-{os.getpid()}"}
    if name == "find the gold dataset by walking /":
        # reading every folder of the sandbox's root (the system and Python libraries, over 100,000 files) is
        # disk-bound: on a cold page cache it can outlast the default step; the attack is about what it finds
        box = Sandbox(dataclasses.replace(box.limits, wall_seconds=max(box.limits.wall_seconds, 120)))
    result = box.run(code.format(**values))
    seen = result.output + (result.error or "")
    assert refusal in seen, seen[-2000:]
    assert result.final is None and not result.timed_out
    for secret in (PRECIOUS.strip(), HOME_KEY.strip(), "1234.5678", "root:", str(Path(__file__).read_text()[:60])):
        assert secret not in seen
    assert len(result.output) < 2 * box.limits.max_output_chars
    intact(host)
    assert sandbox_processes() == []


@pytest.mark.parametrize("code, limits", [
    ("import time\ntime.sleep(600)", {"wall_seconds": 1.5}),
    ("while True:\n    pass", {"cpu_seconds": 1}),
    ("import threading, time\nthreading.Thread(target=time.sleep, args=(600,)).start()\nfinal_answer(1, 'km')", {}),
    ("import os, time\nline = b'{\"type\": \"tool\", \"name\": \"x\"}\\n' * 40000\nfor fd in range(3, 12):\n"
     "    try:\n        os.write(fd, line)\n    except OSError:\n        pass\ntime.sleep(600)", {"wall_seconds": 2}),
], ids=["past the wall clock", "past the CPU time", "a thread left running", "tool calls whose replies it never reads"])
def test_a_step_that_will_not_end_is_stopped_and_leaves_no_process(box, code, limits):
    limits = dataclasses.replace(box.limits, **limits)
    result = Sandbox(limits).run(code)
    assert result.seconds < limits.wall_seconds + 6
    if code.startswith("import threading"):
        assert result.final == {"answer": 1, "unit": "km"}
    else:
        assert "TimeoutError" in result.error
    assert sandbox_processes() == []


def test_the_home_shows_only_the_path_to_the_runtime(box):
    home, runtime = os.path.expanduser("~"), os.path.realpath(sys.base_prefix)
    result = box.run(f"import os\nfor d, dirs, files in os.walk({home!r}):\n    print(d, sorted(files))\n"
                     f"    if d.startswith({runtime!r}):\n        dirs.clear()")
    assert result.error is None, result.error
    for line in result.output.splitlines():
        folder, files = line.split(" ", 1)
        # only the folders on the way to the interpreter and what is bound under them
        assert runtime.startswith(folder) or folder.startswith(runtime), line
        if not folder.startswith(runtime):
            assert files == "[]", line


def test_the_tree_never_holds_more_memory_than_the_cap(box):
    """700 MiB in the step, then 4 forks that would each hold as much: the host sees at most the cap."""
    peak, stop = [0], threading.Event()

    def sample():
        while not stop.is_set():
            total = 0
            for pid in sandbox_processes():
                try:
                    status = Path(f"/proc/{pid}/status").read_text()
                except OSError:
                    continue
                total += sum(int(line.split()[1]) * 1024 for line in status.splitlines() if line.startswith("VmRSS"))
            peak[0] = max(peak[0], total)
            stop.wait(0.02)

    sampler = threading.Thread(target=sample)
    sampler.start()
    try:
        result = box.run("import os, time\nx = b'x' * (700 << 20)\nforks = 0\nfor _ in range(4):\n    try:\n"
                         "        if os.fork() == 0:\n            time.sleep(1)\n            os._exit(0)\n"
                         "        forks += 1\n    except OSError as exc:\n        print(exc)\n"
                         "time.sleep(1)\nprint('forks', forks)")
    finally:
        stop.set()
        sampler.join()
    assert result.error is None and "forks 0" in result.output, result.error
    assert 700 << 20 < peak[0] < box.limits.memory_bytes


HUNT = """import os, sys
found = [repr(sys.argv), repr(dict(os.environ)), str(os.getppid())]
pids = [{runner!r}, str(os.getppid())] + [p for p in os.listdir('/proc') if p.isdigit()]
for pid in pids:
    for part in ('cmdline', 'environ', 'status'):
        try:
            found.append(open(f'/proc/{{pid}}/{{part}}', 'rb').read().decode('latin-1'))
        except OSError as exc:
            found.append(f'{{pid}}/{{part}}: {{type(exc).__name__}}')
print('hunted', len(pids), 'processes')
print('\\n'.join(line[:300] for line in found))
"""


def test_a_secret_in_the_runners_argv_and_environment_never_reaches_the_model(box, tmp_path):
    """``kgbench run --api-key sk-test-SECRET`` (and $OPENAI_API_KEY) with model code hunting for the key."""
    prompts = tmp_path / "prompts.jsonl"
    prompts.write_text(json.dumps(render(make_item(0, answer=2.0), "T3-oracle").to_dict()) + "\n")
    runner: dict = {}

    def responder(request):
        if len(request["messages"]) < 3:
            return {"content": "```python\n" + HUNT.format(runner=str(runner["pid"])) + "```"}
        return {"content": "```python\nfinal_answer(2.0, 'km')\n```"}

    out = tmp_path / "predictions.jsonl"
    env = {**os.environ, "OPENAI_API_KEY": SECRET + "-ENV", "CI": os.environ.get("CI", "")}
    with ScriptedServer(responder=responder) as server:
        proc = subprocess.Popen([sys.executable, "-m", "kgbench.cli", "--cache-dir", str(tmp_path / "cache"), "run",
                                 "--prompts", str(prompts), "--out", str(out), "--base-url", server.base_url,
                                 "--model", "m", "--api-key", SECRET], env=env, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True)
        runner["pid"] = proc.pid
        stdout, stderr = proc.communicate(timeout=120)
    assert proc.returncode == 0, stderr
    assert json.loads(stdout)["sandbox"].startswith("bubblewrap ")
    record = json.loads(out.read_text())
    assert record["status"] == "ok" and record["sandbox"].startswith("bubblewrap ")
    hunted = record["trace"][0]["output"]
    assert "hunted" in hunted and f"{runner['pid']}/cmdline: FileNotFoundError" in hunted
    written = [out.read_text()] + [p.read_text() for p in out.with_name(out.name + ".cache").iterdir()]
    for text in written + [json.dumps(server.requests)]:
        assert SECRET not in text
    assert sandbox_processes() == []


def test_without_bubblewrap_agents_refuse_unless_told_and_record_none(tmp_path):
    prompt = render(make_item(0, answer=2.0), "T3-oracle")
    missing = str(tmp_path / "no-such-bwrap")
    with ScriptedServer([{"content": "```python\nfinal_answer(2.0, 'km')\n```"}]) as server:
        with pytest.raises(SandboxUnavailable, match="bubblewrap not found.*--unsafe-no-sandbox"):
            run_model([prompt], server.base_url, "m", bwrap=missing, backoff=0.01)
        assert server.requests == []  # refused before asking the model anything
        pred, = run_model([prompt], server.base_url, "m", bwrap=missing, unsafe_no_sandbox=True, backoff=0.01)
    assert pred.status == "ok" and pred.answer == 2.0
    assert pred.to_record()["sandbox"] == UNSAFE_NO_SANDBOX == "none (--unsafe-no-sandbox)"
    assert pred.trace[0]["error"] is None


def test_a_runner_killed_mid_step_takes_its_sandbox_with_it(box):
    runner = subprocess.Popen([sys.executable, "-c", "from kgbench.evaluation.sandbox import Sandbox\n"
                               "Sandbox().run('import time\\ntime.sleep(600)')"])
    try:
        for _ in range(1200):  # the runner imports the geo libraries to find their folders: slow on a loaded machine
            if sandbox_processes():
                break
            time.sleep(0.05)
        assert sandbox_processes(), "the step never started"
    finally:
        runner.kill()
        runner.wait()
    for _ in range(100):
        if not sandbox_processes():
            break
        time.sleep(0.05)
    assert sandbox_processes() == []


def test_a_step_whose_runner_is_gone_ends_even_if_bwrap_never_armed_die_with_parent(box):
    """The window a killed runner can hit: bwrap's init arms ``--die-with-parent`` only after its mounts.

    The sandbox here is started without that flag at all; losing the runner's end of the pipe must end it.
    """
    argv, seccomp_fd = box._command()
    argv.remove("--die-with-parent")
    proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            start_new_session=True, pass_fds=(seccomp_fd,))
    os.close(seccomp_fd)
    try:
        proc.stdin.write(json.dumps({"code": "import time\ntime.sleep(600)", "tools": []}).encode() + b"\n")
        proc.stdin.flush()
        for _ in range(1200):  # the step itself (not only bwrap) is running
            if len(sandbox_processes()) >= 3:
                break
            time.sleep(0.05)
        time.sleep(0.3)
        assert len(sandbox_processes()) >= 3, "the step never started or ended by itself"
        proc.stdin.close()  # what the kernel does to the pipe when the runner dies
        proc.wait(timeout=10)
        for _ in range(100):
            if not sandbox_processes():
                break
            time.sleep(0.05)
        assert sandbox_processes() == []
    finally:  # bwrap's init is in a session of its own: on failure, kill every process this left
        for pid in sandbox_processes():
            os.kill(pid, 9)
        proc.wait()


def test_the_unsafe_flag_never_downgrades_a_working_sandbox(box, tmp_path):
    from click.testing import CliRunner

    from kgbench.cli import main

    prompts = tmp_path / "prompts.jsonl"
    prompts.write_text(json.dumps(render(make_item(0, answer=2.0), "T3-oracle").to_dict()) + "\n")
    with ScriptedServer([{"content": "```python\nfinal_answer(2.0, 'km')\n```"}]) as server:
        result = CliRunner().invoke(main, ["--cache-dir", str(tmp_path / "cache"), "run", "--prompts", str(prompts),
                                           "--out", str(tmp_path / "p.jsonl"), "--base-url", server.base_url,
                                           "--model", "m", "--unsafe-no-sandbox"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["sandbox"] == box.name
    assert json.loads((tmp_path / "p.jsonl").read_text())["sandbox"] == box.name

"""No command writes over one of its inputs, and none replaces an existing output without --force.

Every command with an output is driven through click's runner on small hand-made files (the refusals happen
before any work, so no snapshot is needed), and one refusal through the installed command in a subprocess.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys

import pytest
from click.testing import CliRunner

from kgbench.cli import main
from kgbench.generator.items import Item, write_jsonl
from kgbench.generator.outputs import OutputError, check_output, same_file

GOLD = ('<https://w3id.org/kgbench/entity/a> <https://w3id.org/kgbench/ontology#canonicalName> "Kamppi" .\n'
        '<https://w3id.org/kgbench/entity/b> <https://w3id.org/kgbench/ontology#canonicalName> "Kallio" .\n')


def make_item(n: int, **kw) -> Item:
    base = dict(id=f"A1-{n:03d}", template_id="A1", template_version=1, sub_template_id="A1-1", variant_id="v1",
                language="eng", question=f"How far is Kamppi from Kallio ({n})?", answer_format="Distance",
                answer=2.0 + n, unit="km", acceptable=[], false_premise=False, perturbation=None, entities={},
                bindings={}, sparql="", gold_triples=GOLD, kg="osm", stratum={"income_tier": "HIC"},
                snapshot="snap")
    base.update(kw)
    return Item(**base)


@pytest.fixture()
def files(tmp_path):
    dataset = tmp_path / "items.jsonl"
    write_jsonl([make_item(i) for i in range(3)], dataset)
    return tmp_path, dataset


def invoke(*args):
    return CliRunner().invoke(main, list(map(str, args)))


def refused(result, path, *, force_helps: bool) -> bool:
    """Return True when the command failed with one Error line naming the path (and --force when it helps)."""
    lines = result.output.strip().splitlines()
    assert result.exit_code == 1, result.output
    assert len(lines) == 1 and lines[0].startswith("Error: ") and str(path) in lines[0], result.output
    assert ("pass --force" in lines[0]) == force_helps and ("even with --force" in lines[0]) != force_helps
    return True


# --------------------------------------------------------------------------------------------- the helper


def test_check_output_rules(tmp_path):
    f = tmp_path / "a.jsonl"
    assert check_output(f) == f  # nothing there yet
    f.write_text("x")
    with pytest.raises(OutputError, match="exists; pass --force"):
        check_output(f)
    assert check_output(f, force=True) == f
    assert check_output(f, resume=True) == f
    with pytest.raises(OutputError, match="even with --force"):
        check_output(f, [f], force=True)
    link = tmp_path / "link.jsonl"
    link.symlink_to(f)
    hard = tmp_path / "hard.jsonl"
    os.link(f, hard)
    for alias in (link, hard, tmp_path / "sub" / ".." / "a.jsonl"):
        (tmp_path / "sub").mkdir(exist_ok=True)
        with pytest.raises(OutputError, match="is also an input"):
            check_output(alias, [f], force=True, resume=True)
        assert same_file(alias, f)
    with pytest.raises(OutputError, match="is a folder"):
        check_output(tmp_path / "sub")


def test_check_output_folders(tmp_path):
    rel = tmp_path / "rel"
    assert check_output(rel, folder=True) == rel
    rel.mkdir()
    assert check_output(rel, folder=True) == rel  # an empty folder is no output yet
    (rel / "stats.json").write_text("{}")
    with pytest.raises(OutputError, match="exists and is not empty; pass --force"):
        check_output(rel, folder=True)
    assert check_output(rel, folder=True, force=True) == rel
    with pytest.raises(OutputError, match="is also an input"):  # a folder replaced whole holds no input
        check_output(rel, [rel / "stats.json"], folder=True, force=True)
    # a folder the command writes only some files into: only those count
    assert check_output(rel, [rel / "stats.json"], folder=True, members=["report.json"]) == rel
    (rel / "report.json").write_text("{}")
    with pytest.raises(OutputError, match="pass --force"):
        check_output(rel, folder=True, members=["report.json"])
    with pytest.raises(OutputError, match="even with --force"):
        check_output(rel, [rel / "report.json"], folder=True, members=["report.json"], force=True)
    f = tmp_path / "file"
    f.write_text("x")
    with pytest.raises(OutputError, match="not a folder"):
        check_output(f, folder=True, force=True)


# --------------------------------------------------------------------------------------------- every command


def test_generate_refuses_an_existing_items_file_before_any_work(files, monkeypatch):
    tmp, dataset = files
    before = dataset.read_bytes()
    assert refused(invoke("generate", "--template", "A1", "--out", dataset), dataset, force_helps=True)
    monkeypatch.chdir(tmp)  # the default items.jsonl of the previous template is not overwritten either
    assert refused(invoke("generate", "--template", "A2"), "items.jsonl", force_helps=True)
    assert dataset.read_bytes() == before


def test_generate_all_refuses_an_existing_release(files):
    tmp, _ = files
    rel = tmp / "release"
    rel.mkdir()
    (rel / "stats.json").write_text(json.dumps({"kind": "kgbench-release"}))
    assert refused(invoke("generate", "--all", "--out", rel), rel, force_helps=True)
    assert (rel / "stats.json").exists()


#: command with one output file -> its arguments up to the output path, given the dataset
FILE_COMMANDS = {
    "gold --all": lambda d: ["gold", "--all", "--dataset", d, "--out"],
    "evaluate --save-predictions": lambda d: ["evaluate", "--dataset", d, "--baseline", "majority",
                                              "--save-predictions"],
    "prompts render": lambda d: ["prompts", "render", "--condition", "T1", "--dataset", d, "--out"],
}


@pytest.mark.parametrize("name", list(FILE_COMMANDS))
def test_a_file_output_needs_force_and_is_never_an_input(files, name):
    tmp, dataset = files
    out = tmp / "out.txt"
    args = FILE_COMMANDS[name](dataset)
    assert invoke(*args, out).exit_code == 0
    first = out.read_bytes()
    assert first
    out.write_text("edited by hand")
    assert refused(invoke(*args, out), out, force_helps=True)
    assert out.read_text() == "edited by hand"
    assert invoke(*args, out, "--force").exit_code == 0 and out.read_bytes() == first
    before = dataset.read_bytes()
    assert refused(invoke(*args, dataset, "--force"), dataset, force_helps=False)
    assert dataset.read_bytes() == before


def test_run_resumes_its_output_but_never_writes_over_its_prompts(files):
    tmp, dataset = files
    prompts = tmp / "prompts.jsonl"
    assert invoke("prompts", "render", "--condition", "T1", "--dataset", dataset, "--out", prompts).exit_code == 0
    before = prompts.read_bytes()
    r = invoke("run", "--prompts", prompts, "--out", prompts, "--base-url", "http://127.0.0.1:9/v1", "--model", "m")
    assert refused(r, prompts, force_helps=False)
    assert prompts.read_bytes() == before
    assert not (tmp / "prompts.jsonl.cache").exists()  # refused before anything was asked or cached


def test_report(files):
    tmp, dataset = files
    run_file = tmp / "run.json"
    run_file.write_text(json.dumps({"dataset": "items.jsonl", "baseline": "majority", "model": "majority",
                                    "condition": "T1", "seed": 0}))
    out = tmp / "report"
    assert invoke("report", run_file, "--out", out).exit_code == 0
    assert refused(invoke("report", run_file, "--out", out), out, force_helps=True)
    assert invoke("report", run_file, "--out", out, "--force").exit_code == 0
    # inputs beside the report are fine, unless one has the name of a file the report writes
    assert invoke("report", run_file, "--out", tmp, "--force").exit_code == 0
    clash = tmp / "report.json"
    shutil.copy(run_file, tmp / "x.json")
    clash.write_text(json.dumps({"dataset": "items.jsonl", "baseline": "majority", "model": "m2",
                                 "condition": "T1", "seed": 0}))
    before = clash.read_bytes()
    assert refused(invoke("report", clash, "--out", tmp, "--force"), tmp, force_helps=False)
    assert clash.read_bytes() == before
    # the dataset a run file names counts as an input too
    nested = tmp / "nested"
    nested.mkdir()
    (nested / "run.json").write_text(json.dumps({"dataset": "report.html", "baseline": "majority",
                                                 "model": "m", "condition": "T1", "seed": 0}))
    shutil.copy(dataset, nested / "report.html")
    assert refused(invoke("report", nested / "run.json", "--out", nested, "--force"), nested, force_helps=False)


def test_the_installed_command_refuses_to_write_over_its_input(files):
    tmp, dataset = files
    exe = shutil.which("kgbench") or os.path.join(os.path.dirname(sys.executable), "kgbench")
    before = dataset.read_bytes()
    proc = subprocess.run([exe, "prompts", "render", "--condition", "T2", "--dataset", str(dataset), "--out",
                           str(dataset), "--force"], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 1
    assert proc.stderr.strip().splitlines() == [
        f"Error: {dataset}: is also an input of this command ({dataset}); refusing to write over it "
        "(even with --force)"]
    assert dataset.read_bytes() == before

"""The query page in headless Chromium (Debian's chromium, driven by playwright): type an example, run it, read the table."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from kgbench.server.examples import examples
from kgbench.server.page import YASGUI_FILES, page_config, yasgui_dir
from tests.server.conftest import app_in_thread, need_or_skip

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
EASTERNMOST = next(e for e in examples() if e.family == "F")  # five rows, in a few milliseconds
BEARING = next(e for e in examples() if e.family == "J")


@pytest.fixture(scope="module")
def browser():
    need_or_skip(os.path.exists(CHROMIUM), f"{CHROMIUM} is absent (Debian packages chromium, chromium-driver)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


def _shot(page, name: str, capsys) -> Path:
    """Return the path of a screenshot of the page, saved in test-artifacts/ (git-ignored) and printed."""
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / name
    page.screenshot(path=str(path), full_page=True)
    with capsys.disabled():
        print(f"\nscreenshot: {path}")
    assert path.stat().st_size > 10_000
    return path


def test_yasgui_page_runs_a_typed_example(server, browser, capsys):
    need_or_skip(all((yasgui_dir() / f).is_file() for f in YASGUI_FILES),
                 "YASGUI is not installed (python -m kgbench.server.yasgui)")
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server}/")
    page.wait_for_selector(".yasqe .CodeMirror", timeout=20_000)
    # the endpoint and the first example are preset; every family has its example in the menu
    assert page.input_value(".yasgui .autocomplete") == f"{server}/sparql"
    assert page.locator("#example option").count() == len(examples())
    editor = "document.querySelector('.yasqe .CodeMirror').CodeMirror.getValue()"
    config = page_config("sparql")
    assert page.evaluate(editor) == config["examples"][0]["query"]
    page.select_option("#example", str(examples().index(BEARING)))  # the menu puts its example in the editor
    assert page.evaluate(editor) == config["examples"][examples().index(BEARING)]["query"]
    page.click(".yasqe .CodeMirror")
    page.keyboard.press("Control+A")
    page.keyboard.press("Delete")
    typed = config["examples"][examples().index(EASTERNMOST)]["query"]  # the standard prefixes, then the query
    page.keyboard.insert_text(typed)
    assert page.evaluate(editor) == typed
    page.click(".yasqe_queryButton")
    page.wait_for_selector(".yasr table tbody tr td", timeout=20_000)
    rows = page.locator(".yasr table tbody tr")
    assert rows.count() == 5
    assert "Joensuu" in page.locator(".yasr table tbody").inner_text()
    _shot(page, "serve-yasgui.png", capsys)
    assert not errors, errors
    page.close()


def test_plain_page_without_yasgui(browser, tmp_path, capsys):
    """Without YASGUI's files, / is kgbench's plain page: it says how to install YASGUI and still runs queries."""
    from kgbench.kg.store import KG
    from kgbench.server.app import create_app

    kg = KG.from_text('<http://ex.org/a> <http://www.w3.org/2000/01/rdf-schema#label> "Helsinki" .\n'
                      '<http://ex.org/b> <http://www.w3.org/2000/01/rdf-schema#label> "Tallinn" .')
    with app_in_thread(create_app(kg, yasgui=tmp_path / "none")) as base:
        page = browser.new_page(viewport={"width": 1000, "height": 700})
        page.goto(f"{base}/")
        assert "python -m kgbench.server.yasgui" in page.inner_text(".note")
        assert page.input_value("#query").startswith("PREFIX kgb:")
        page.fill("#query", "SELECT ?n WHERE { ?e rdfs:label ?n } ORDER BY ?n")
        page.click("#run")
        page.wait_for_selector("#results tbody tr", timeout=10_000)
        assert page.locator("#results tbody tr").all_inner_texts() == ["Helsinki", "Tallinn"]
        _shot(page, "serve-plain.png", capsys)
        page.close()

"""Write translated wordings into the template files: python tools/merge_translations.py fra.yaml [ita.yaml ...]

Each input is a flat YAML mapping from a variant id (``A1-1.v1``: sub-template id, dot, variant id) to its
wording in the language the file is named after (``fra.yaml`` -> fra). Every variant of the template files
gets a ``translations`` mapping (block style, languages in the benchmark's order); a language already there
is replaced. Comments and every other line of a template file are kept. The files are rewritten atomically.
An id no template has is reported (exit 1) and nothing is written; a variant a language lacks is what
``kgbench templates validate`` reports.
"""

from __future__ import annotations

import json
import os
import re
import sys
import tempfile
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
TEMPLATES = ROOT / "kgbench" / "queries" / "templates"
sys.path.insert(0, str(ROOT))
from kgbench.languages import LANGUAGE_CODES  # noqa: E402

_SUB = re.compile(r"^  - id: (\S+)\s*$")
_FLOW = re.compile(r"^(\s*)- \{id: (v\d+), text: (\".*\")\}\s*$")
_BLOCK = re.compile(r"^(\s*)- id: (v\d+)\s*$")


def _quote(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)


def _variant_block(indent: str, vid: str, text: str, translations: dict) -> list[str]:
    lines = [f"{indent}- id: {vid}", f"{indent}  text: {_quote(text)}"]
    if translations:
        lines.append(f"{indent}  translations:")
        lines += [f"{indent}    {code}: {_quote(translations[code])}" for code in LANGUAGE_CODES if code in translations]
    return lines


def merge(path: Path, new: dict[str, dict[str, str]], seen: set) -> str:
    """Return the template file's text with the translations of ``new`` (variant id -> {code: text}) merged."""
    lines = path.read_text(encoding="utf-8").splitlines()
    data = yaml.safe_load("\n".join(lines))
    existing = {f"{st['id']}.{v['id']}": (v["text"], dict(v.get("translations") or {}))
                for st in data["sub_templates"] for v in st["variants"]}
    out, sub, i = [], None, 0
    while i < len(lines):
        line = lines[i]
        m = _SUB.match(line)
        if m:
            sub = m.group(1)
        flow, block = _FLOW.match(line), _BLOCK.match(line)
        if (flow or block) and sub is not None:
            indent, vid = (flow or block).group(1), (flow or block).group(2)
            key = f"{sub}.{vid}"
            text, translations = existing[key]
            translations.update(new.get(key, {}))
            seen.add(key)
            i += 1
            if block:  # skip the old block: every following line indented deeper than the dash
                while i < len(lines) and lines[i].startswith(indent + "  "):
                    i += 1
            out += _variant_block(indent, vid, text, translations)
            continue
        out.append(line)
        i += 1
    return "\n".join(out) + "\n"


def main(files: list[str]) -> int:
    new: dict[str, dict[str, str]] = {}
    for f in files:
        code = Path(f).stem
        if code not in LANGUAGE_CODES or code == "eng":
            print(f"{f}: the file must be named after a language code ({', '.join(LANGUAGE_CODES[1:])})")
            return 1
        for key, text in (yaml.safe_load(Path(f).read_text(encoding="utf-8")) or {}).items():
            new.setdefault(key, {})[code] = text
    seen: set = set()
    merged = {p: merge(p, new, seen) for p in sorted(TEMPLATES.glob("*.yaml"))}
    unknown = sorted(set(new) - seen)
    if unknown:
        print(f"no template has the variant(s) {', '.join(unknown[:10])}")
        return 1
    for p, text in merged.items():
        check = yaml.safe_load(text)  # the rewrite must read back as the same template plus translations
        fd, tmp = tempfile.mkstemp(dir=p.parent, prefix=f".{p.name}.")
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
        os.replace(tmp, p)
        assert check["id"] == p.stem
    print(f"merged {len(files)} language(s) into {len(merged)} template files ({len(seen)} variants)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

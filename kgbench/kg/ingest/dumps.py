"""Reading source-graph dumps as a stream: N-Triples, N-Quads or Turtle, plain, gzip or bzip2."""

from __future__ import annotations

import bz2
import gzip
import hashlib
import io
from collections.abc import Callable, Container, Iterator
from pathlib import Path

from pyoxigraph import BlankNode, Literal, RdfFormat, parse

__all__ = ["DumpError", "dump_format", "read_dump", "split_dump"]

_FORMATS = {".nt": RdfFormat.N_TRIPLES, ".nq": RdfFormat.N_QUADS, ".ttl": RdfFormat.TURTLE}
_COMPRESSION = {".gz": lambda f: gzip.GzipFile(fileobj=f), ".bz2": bz2.BZ2File}


class DumpError(ValueError):
    """A dump that is missing, of an unknown kind or malformed; the message names the file (and the line)."""


def dump_format(path: str | Path) -> tuple[RdfFormat, str | None]:
    """Return (RDF format, compression suffix or None) of a dump from its file name.

    The compression suffix (``.gz``, ``.bz2``) comes last; before it ``.nt``, ``.nq`` or ``.ttl``.
    Any other name raises DumpError naming the file.

    >>> dump_format("worldkg.nt.gz") == (RdfFormat.N_TRIPLES, ".gz")
    True
    >>> dump_format("kwg.ttl")[1] is None
    True
    """
    p = Path(path)
    suffixes = [s.lower() for s in p.suffixes]
    comp = suffixes.pop() if suffixes and suffixes[-1] in _COMPRESSION else None
    if not suffixes or suffixes[-1] not in _FORMATS:
        raise DumpError(f"{path}: unknown dump kind (expected .nt, .nq or .ttl, optionally .gz or .bz2)")
    return _FORMATS[suffixes[-1]], comp


class _Tap(io.RawIOBase):
    """A raw binary reader that counts and hashes the bytes read from the file beneath it."""

    def __init__(self, f, limit: int | None = None):
        self.f = f
        self.done = 0
        self.sha = hashlib.sha256()
        self.left = limit  # bytes left to read, None for the whole file

    def readable(self) -> bool:
        return True

    def readinto(self, b) -> int:
        if self.left is not None:
            b = memoryview(b)[:self.left]
        n = self.f.readinto(b)
        if n and self.left is not None:
            self.left -= n
        if n:
            self.done += n
            self.sha.update(memoryview(b)[:n])
        return n or 0


#: a streamed statement: (subject key, predicate IRI, object value, object kind, language tag)
Statement = tuple[str, str, str, int, str | None]
#: object kinds: an IRI, a blank node, a literal
IRI, BNODE, LITERAL = 0, 1, 2


def read_dump(path: str | Path, tag: str, progress: Callable[[int], None] | None = None,
              digest: dict | None = None, keep: Container[str] | None = None,
              skipped: dict[str, int] | None = None, span: tuple[int, int] | None = None) -> Iterator[Statement]:
    """Yield the statements of one dump as (subject, predicate, object, object kind, language) in file order.

    Subjects and objects are IRIs as plain strings, blank nodes as ``_:<tag>.<id>`` (so that two dumps'
    blank nodes never meet), literals by their lexical value; the kind is :data:`IRI`, :data:`BNODE`
    or :data:`LITERAL`. A named graph (N-Quads) is dropped. ``progress`` gets the number of bytes of the
    file (compressed, as stored) read so far, every few thousand statements; ``digest``, if given,
    receives ``sha256`` and ``bytes`` of the file once it is read through. With ``keep``, only statements
    whose predicate is in it are yielded; the others are counted by predicate in ``skipped``. Memory stays constant: the
    file is parsed as it is read. A missing file or a syntax error raises DumpError naming the file
    and, for a syntax error, the line (of the decompressed text) and column.

    >>> import tempfile, os
    >>> d = tempfile.mkdtemp(); f = os.path.join(d, "a.nt")
    >>> _ = open(f, "w").write('<http://ex.org/a> <http://ex.org/p> "x"@en .\\n')
    >>> list(read_dump(f, "0"))
    [('http://ex.org/a', 'http://ex.org/p', 'x', 2, 'en')]
    """
    fmt, comp = dump_format(path)
    try:
        raw = open(path, "rb", buffering=0)
    except FileNotFoundError:
        raise DumpError(f"{path}: dump file not found") from None
    except IsADirectoryError:
        raise DumpError(f"{path}: is a folder, not a dump file") from None
    say = progress or (lambda n: None)
    with raw:
        if span is not None:
            raw.seek(span[0])
        tap = _Tap(raw, None if span is None else span[1] - span[0])
        buffered = io.BufferedReader(tap, 1 << 20)
        stream = _COMPRESSION[comp](buffered) if comp else buffered
        prefix = f"_:{tag}."
        n = 0
        try:
            for q in parse(stream, fmt, base_iri=None):
                n += 1
                if not n & 0x3FFF:
                    say(tap.done)
                p = q.predicate.value
                if keep is not None and p not in keep:
                    skipped[p] = skipped.get(p, 0) + 1
                    continue
                s, o = q.subject, q.object
                skey = prefix + s.value if type(s) is BlankNode else s.value
                to = type(o)
                if to is Literal:
                    yield skey, p, o.value, LITERAL, o.language
                elif to is BlankNode:
                    yield skey, p, prefix + o.value, BNODE, None
                else:
                    yield skey, p, o.value, IRI, None
        except SyntaxError as exc:
            line = getattr(exc, "lineno", None)
            where = f":{line + (_lines_before(path, span[0]) if span else 0)}" if line else ""
            msg = str(exc.msg if hasattr(exc, "msg") and exc.msg else exc)
            raise DumpError(f"{path}{where}: malformed {fmt.name}: {msg}") from None
        except (OSError, EOFError) as exc:  # a truncated or corrupt gzip/bzip2 stream
            raise DumpError(f"{path}: cannot decompress: {exc}") from None
        say(tap.done)
        if digest is not None:
            digest.update(sha256=tap.sha.hexdigest(), bytes=tap.done)


def split_dump(path: str | Path, parts: int) -> list[tuple[int, int]]:
    """Return (start, end) byte spans cutting a plain (uncompressed) N-Triples or N-Quads file into at most
    ``parts`` pieces of about equal size, each of whole lines (so each piece parses alone).

    >>> import tempfile, os
    >>> f = os.path.join(tempfile.mkdtemp(), "a.nt")
    >>> _ = open(f, "w").write("<a:x> <a:p> <a:o> .\\n" * 3)
    >>> split_dump(f, 2), split_dump(f, 9)[-1]
    ([(0, 40), (40, 60)], (40, 60))
    """
    size = Path(path).stat().st_size
    cuts = [0]
    with open(path, "rb") as f:
        for i in range(1, parts):
            f.seek(max(i * size // parts - 1, cuts[-1]))
            f.readline()  # to the end of the line the cut falls in
            if cuts[-1] < f.tell() < size:
                cuts.append(f.tell())
    cuts.append(size)
    return list(zip(cuts[:-1], cuts[1:]))


def _lines_before(path: str | Path, offset: int) -> int:
    """Return the number of lines that end before byte ``offset`` of a file."""
    n = 0
    with open(path, "rb") as f:
        while offset > 0:
            block = f.read(min(offset, 1 << 24))
            if not block:
                break
            n += block.count(b"\n")
            offset -= len(block)
    return n

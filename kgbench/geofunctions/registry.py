"""Declaring SPARQL extension functions once and handing pyoxigraph fresh, failure-counting copies per query.

pyoxigraph turns an exception raised inside a custom function into an unbound value, silently. Every
function handed to a query here is wrapped so that each exception is counted (per function) and kept
(the first few arguments and messages), and :meth:`Binding.check` turns them into a warning list or,
in strict mode, an exception after the query.

pyoxigraph swallows KeyboardInterrupt and SystemExit the same way. The wrapper re-raises them (never counts
them as failures) and remembers the first: from then on every call of the binding returns at once without
running, and :meth:`Binding.raise_if_stopped` raises it again once pyoxigraph has returned, so the caller
never sees the partial result. :meth:`Binding.cancel` stops a binding the same way from another thread.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping
from types import MappingProxyType

from pyoxigraph import NamedNode

__all__ = ["GeoFunction", "Registry", "Binding", "Failure", "GeoFunctionError"]

#: how many failing calls a binding keeps in full (all are counted)
MAX_KEPT_FAILURES = 20


@dataclasses.dataclass(frozen=True)
class GeoFunction:
    """One SPARQL extension function: its IRI, the Python callable, and whether it is an aggregate.

    For a scalar function ``impl`` takes pyoxigraph terms and returns a term (or ``None`` for unbound).
    For an aggregate ``impl`` is a zero-argument factory of an object with ``accumulate(term)`` and
    ``finish() -> term``.
    """

    iri: str
    impl: Callable
    aggregate: bool = False

    @property
    def name(self) -> str:
        """Return the local name of the IRI (after the last ``/`` or ``#``)."""
        return self.iri.rsplit("#", 1)[-1].rsplit("/", 1)[-1]

    @property
    def doc(self) -> str:
        """Return the first line of the implementation's docstring (what the function returns)."""
        return (self.impl.__doc__ or "").strip().splitlines()[0] if self.impl.__doc__ else ""


@dataclasses.dataclass(frozen=True)
class Failure:
    """One exception raised inside an extension function during a query."""

    iri: str
    args: tuple[str, ...]
    error: str

    def __str__(self) -> str:
        name = self.iri.rsplit("/", 1)[-1].rsplit("#", 1)[-1]
        shown = ", ".join(a if len(a) <= 80 else a[:77] + "..." for a in self.args)
        return f"{name}({shown}): {self.error}"


class GeoFunctionError(RuntimeError):
    """Raised in strict mode when at least one extension function failed during a query."""

    def __init__(self, failures: list[Failure], counts: Mapping[str, int]):
        self.failures = failures
        self.counts = dict(counts)
        total = sum(counts.values())
        first = failures[0] if failures else "?"
        super().__init__(f"{total} geo function call(s) failed; first: {first}")


class Binding:
    """Return fresh per-query dicts for pyoxigraph and collect the failures of their functions.

    >>> from kgbench.geofunctions import default_registry
    >>> b = default_registry().bind()
    >>> isinstance(b.functions, dict) and all(isinstance(k, NamedNode) for k in b.functions)
    True
    >>> b.failure_count
    0
    """

    def __init__(self, registry: "Registry"):
        self.counts: Counter[str] = Counter()
        self.failures: list[Failure] = []
        #: the KeyboardInterrupt/SystemExit seen inside a function, or the one :meth:`cancel` was given
        self.stopped: BaseException | None = None
        self.functions: dict[NamedNode, Callable] = {}
        self.aggregates: dict[NamedNode, Callable] = {}
        for f in registry:
            if f.aggregate:
                self.aggregates[NamedNode(f.iri)] = self._wrap_aggregate(f)
            else:
                self.functions[NamedNode(f.iri)] = self._wrap(f)

    @property
    def failure_count(self) -> int:
        """Return how many calls failed so far in this binding."""
        return sum(self.counts.values())

    def cancel(self, reason: BaseException | None = None) -> None:
        """Stop this binding: every later call of its functions returns at once (unbound) without running."""
        if self.stopped is None:
            self.stopped = reason if reason is not None else KeyboardInterrupt()

    def raise_if_stopped(self) -> None:
        """Raise the KeyboardInterrupt/SystemExit that stopped this binding, if any; else return None."""
        if self.stopped is not None:
            raise self.stopped

    def _record(self, iri: str, args, exc: BaseException) -> None:
        self.counts[iri] += 1
        if len(self.failures) < MAX_KEPT_FAILURES:
            shown = tuple(_show(a) for a in args)
            self.failures.append(Failure(iri, shown, f"{type(exc).__name__}: {exc}"))

    def _wrap(self, f: GeoFunction) -> Callable:
        impl, iri, record, binding = f.impl, f.iri, self._record, self

        def call(*args):
            if binding.stopped is not None:
                return None
            try:
                return impl(*args)
            except Exception as exc:  # noqa: BLE001 - every failure is recorded, none is lost
                record(iri, args, exc)
                return None
            except BaseException as exc:  # KeyboardInterrupt, SystemExit: stop the query, never swallow
                binding.cancel(exc)
                raise

        call.__name__ = f.name
        return call

    def _wrap_aggregate(self, f: GeoFunction) -> Callable:
        factory, iri, record, binding = f.impl, f.iri, self._record, self

        class Accumulator:
            def __init__(self):
                self.inner = None
                self.failed = binding.stopped is not None
                if self.failed:
                    return
                try:
                    self.inner = factory()
                except Exception as exc:  # noqa: BLE001
                    self.failed = True
                    record(iri, (), exc)
                except BaseException as exc:
                    binding.cancel(exc)
                    raise

            def accumulate(self, term):
                if self.failed or binding.stopped is not None:
                    return
                try:
                    self.inner.accumulate(term)
                except Exception as exc:  # noqa: BLE001
                    self.failed = True
                    record(iri, (term,), exc)
                except BaseException as exc:
                    binding.cancel(exc)
                    raise

            def finish(self):
                if self.failed or binding.stopped is not None:
                    return None
                try:
                    return self.inner.finish()
                except Exception as exc:  # noqa: BLE001
                    record(iri, (), exc)
                    return None
                except BaseException as exc:
                    binding.cancel(exc)
                    raise

        return Accumulator

    def warnings(self) -> list[str]:
        """Return one readable line per failing function: how many calls failed and the first error."""
        out = []
        for iri, n in self.counts.most_common():
            first = next((f for f in self.failures if f.iri == iri), None)
            out.append(f"{n} call(s) of <{iri}> failed" + (f"; first: {first}" if first else ""))
        return out

    def check(self, strict: bool = False) -> list[str]:
        """Return the warning lines; in strict mode raise :class:`GeoFunctionError` if any call failed."""
        if strict and self.counts:
            raise GeoFunctionError(self.failures, self.counts)
        return self.warnings()


def _show(term) -> str:
    value = getattr(term, "value", None)
    return repr(term) if value is None else value


class Registry:
    """Return an immutable collection of extension functions keyed by IRI.

    A registry never changes after it is made; :meth:`extended` returns a new one.

    >>> from kgbench.geofunctions import default_registry
    >>> reg = default_registry()
    >>> "http://www.opengis.net/def/function/geosparql/distance" in reg
    True
    >>> reg.extended([]) is not reg
    True
    """

    def __init__(self, functions: Iterable[GeoFunction] = ()):
        by_iri: dict[str, GeoFunction] = {}
        for f in functions:
            if f.iri in by_iri:
                raise ValueError(f"geo function {f.iri} is declared twice")
            by_iri[f.iri] = f
        self._by_iri = MappingProxyType(by_iri)

    def __iter__(self) -> Iterator[GeoFunction]:
        return iter(self._by_iri.values())

    def __len__(self) -> int:
        return len(self._by_iri)

    def __contains__(self, iri) -> bool:
        return str(getattr(iri, "value", iri)) in self._by_iri

    def __getitem__(self, iri) -> GeoFunction:
        return self._by_iri[str(getattr(iri, "value", iri))]

    def extended(self, functions: Iterable[GeoFunction]) -> "Registry":
        """Return a new registry with these functions added (an IRI already present is an error)."""
        return Registry([*self, *functions])

    def bind(self) -> Binding:
        """Return a fresh :class:`Binding` (function dicts and failure counters) for one query."""
        return Binding(self)

"""Shared helpers: build positions from scenario maps, answer prompts by id."""

from __future__ import annotations

import os
import tempfile

import pytest
from hypothesis import settings

from tests.soak import FULL

# Property tests: repeatable in CI (the same examples every run); "dev" explores afresh;
# "mutation" tries few examples, for the thousands of runs of a mutation test (docs/testing.md).
# "quick", the quick loop's default outside CI, tries a quarter of CI's examples (tests/soak.py).
settings.register_profile("ci", max_examples=200, derandomize=True, database=None, print_blob=True)
settings.register_profile("quick", max_examples=50, derandomize=True, database=None, print_blob=True)
settings.register_profile("dev", max_examples=1000, print_blob=True)
settings.register_profile("mutation", max_examples=12, derandomize=True, database=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci" if FULL else "quick"))

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# The tests read the engine's sources (coverage and mutation runs do), and so do the child
# processes they start, even where packaging/compile_engine.py has built the compiled engine;
# FATE_PURE=0 runs them all on the compiled one. tests/packaging/test_compiled_engine.py compares the two.
os.environ.setdefault("FATE_PURE", "1")
# Saves, settings and reports of every test go to a scratch folder, never the player's own.
os.environ["FATE_USER_DIR"] = tempfile.mkdtemp(prefix="fate-tests-")
# A server the tests host asks no router on the machine's network to open a port (fate/ground/router.py):
# this address answers nothing. tests/net/test_router.py sets up a router of its own.
os.environ["FATE_ROUTER_URL"] = "http://127.0.0.1:9/rootDesc.xml"

from fate.engine import (  # noqa: E402
    Game,
    default_content,  # noqa: E402
    rng,
    view,
)
from fate.engine.events import event_problems  # noqa: E402
from fate.engine.invariants import prompt_problems  # noqa: E402
from fate.ground import language  # noqa: E402
from fate.tools.scenario import build  # noqa: E402


@pytest.fixture(scope="session")
def content():
    return default_content()


@pytest.fixture(autouse=True)
def fresh_tables():
    """Each test builds the engine's derived tables afresh (fate/engine/registry.py
    caches them per content, fate/engine/rng.py its lane constants). The tests stay independent of each other's order, and
    a mutation run sees every test use the table builders, not only the first."""
    default_content().derived.clear()
    rng._LANES.clear()  # the same for the generator's cache of lane constants
    yield
    language.pin(None)  # a test that chose a language (a click in Settings, a pinned one) leaves English


class Table:
    """A game under test: build it, answer prompts, read views and events."""

    def __init__(self, content, **scenario) -> None:
        self.g: Game = build(content, scenario)
        self.events = self.g.take_events()
        self._check(self.events)

    def _check(self, evs: list) -> None:
        """Every event of every rule test is well-formed (fate/engine/events.py), and so
        is the decision the game then waits for."""
        for e in evs:
            wrong = event_problems(self.g, e)
            assert not wrong, wrong[0]
        wrong = prompt_problems(self.g)
        assert not wrong, wrong[0]

    @property
    def prompt(self):
        return self.g.pending()

    def ids(self) -> list[str]:
        p = self.g.pending()
        return [] if p is None else [c.id for c in p.choices]

    def choose(self, cid: str) -> list:
        """Apply the choice with this id, or the only one whose id starts with it."""
        ids = self.ids()
        if cid not in ids:
            hits = [i for i in ids if i.startswith(cid)]
            assert len(hits) == 1, f"{cid!r} not offered; offered: {ids} ({self.prompt.kind})"
            cid = hits[0]
        evs = self.g.apply(cid)
        self._check(evs)
        self.events += evs
        return evs

    def until(self, kind: str) -> None:
        """Pass every casting window and decline every other prompt until ``kind`` is asked."""
        for _ in range(200):
            p = self.g.pending()
            assert p is not None, f"game ended before a {kind!r} prompt"
            if p.kind == kind:
                return
            if p.kind == "cast_window":
                self.choose("pass")
            elif p.kind == "temporary_control":
                self.choose("no")
            elif p.kind == "control_action":
                self.choose("skip")
            elif p.kind in ("ready", "ready_free"):
                self.choose("skip")
            else:
                raise AssertionError(f"waiting for {kind!r} but asked {p.kind!r}: {self.ids()}")
        raise AssertionError(f"no {kind!r} prompt")

    def decline(self) -> None:
        """Answer the pending prompt the least eventful way (pass, no, skip, stop, or the first)."""
        for cid in ("pass", "no", "skip", "stop", "keep"):
            if cid in self.ids():
                self.choose(cid)
                return
        self.choose(self.ids()[0])

    def to_seat(self, seat: int, limit: int = 300) -> None:
        """Decline everything until it is ``seat``'s turn (or the game ends)."""
        for _ in range(limit):
            if self.g.over or (self.view()["current"] == seat and self.prompt.kind == "move"):
                return
            self.decline()
        raise AssertionError("the turn never came")

    def view(self, seat=None) -> dict:
        return view(self.g, seat)

    def seat(self, s: int, viewer=None) -> dict:
        return self.view(viewer)["seats"][s]

    def loc(self, name: str) -> dict:
        return next(x for x in self.view()["locations"] if x["id"] == name)

    def kinds(self) -> list[str]:
        return [e.kind for e in self.events]

    def of(self, kind: str) -> list:
        return [e for e in self.events if e.kind == kind]


@pytest.fixture
def table(content):
    def make(**scenario) -> Table:
        return Table(content, **scenario)

    return make


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """``-n auto``: half as many workers again as the cores. About a third of the quick loop's
    time is spent waiting on server processes, sockets and timers: a core a waiting test leaves
    idle runs another test (two cores, three workers: 5 min 20 s, where two workers took 7 min 20 s)."""
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        cores = os.cpu_count() or 1
    return cores + (cores + 1) // 2

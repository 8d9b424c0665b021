"""``python -m fate.bench hint``: how soon a Hint answers while an AI seat thinks.

A real table (the play scene, 1280x720, headless, drawn at 60 frames a
second) is opened at a human's decision in seeded three-cult games some way
in. At the same moment as the human presses H, an AI seat at Hard starts its
search at the Settings' budget in the AI's worker process (the seat of
another game the app has open, so that both searches run at once, as when a
hint is asked while Hard still thinks a decision). The figure is the wall
time from the key press to the frame that first shows the hint (its ring and
its line), against the budget plus half a second. Then the hint's line is
drawn again and the words on screen are compared with the whole line: it
must never be cut. It counts the hints that give the chance to win, those
that say "either will do", the Wild pairs (and Gates) whose destination is
named, and the strips drawn over their own ring.
"""

from __future__ import annotations

import os
import time

from fate.engine.choices import ChoiceKind, kind_of


def _positions(content, count: int, first_seed: int):
    """(the human's game at the human's decision, an all-AI game at an AI's decision),
    ``count`` of them from the seeds on from ``first_seed``."""
    from fate.ui.shots import busy_session

    seed = first_seed
    while count > 0:
        mine = busy_session(content, seed, players=3, decisions=40 + 7 * seed % 60, human=0)
        if not mine.over() and mine.prompt_seat() == 0:  # (a few seeds end the game first)
            count -= 1
            yield seed, mine, busy_session(content, seed + 1000, players=3, decisions=30, human=None)
        seed += 1


def measure(count: int = 12, budget: float | None = None, first_seed: int = 1) -> dict:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from fate.engine import default_content
    from fate.records import settings as settings_file
    from fate.ui import worker
    from fate.ui.app import App
    from fate.ui.table.scene import PlayScene

    content = default_content()
    settings = settings_file.defaults() | {"speed": 3}
    if budget is not None:
        settings["hard_seconds"] = budget
    budget = settings["hard_seconds"]
    app = App(content, size=(1280, 720), seed=1, settings=settings)
    worker.shared().warm()  # the AI's process runs already, as at a table where AI seats have played
    answers: list[float] = []
    overlapped = 0
    longest = 0  # characters of the longest hint line
    cut: list[str] = []  # hint lines not shown whole
    lines_used = 0
    skipped = 0  # positions where the game never came back to the human
    # hints that give the chance to win, say "either will do", are a Wild pair or Gate (and name
    # where it goes), and whose strip covers its own ring
    said = {"chance": 0, "either": 0, "wild": 0, "wild_named": 0, "covers": 0}
    try:
        for _seed, session, rival in _positions(content, count, first_seed):
            session.ai_seconds = rival.ai_seconds = budget
            for cfg in session.seats + rival.seats:
                cfg.level = "hard" if not cfg.human else cfg.level
            scene = PlayScene(app, session)
            app.show(scene)
            if answers or skipped:  # the player looks at the table a moment (the hint process is warm) ...
                _frames(app, 1.0)  # ... but the first H comes as the first table opens: the process starting
            end = time.perf_counter() + 60
            while scene.picker is None and not session.over() and time.perf_counter() < end:
                _frames(app, 0.1)  # (the table passed for the human: the AI seats play to their next decision)
            if scene.picker is None:
                skipped += 1
                continue
            rival.ai_think()  # Hard starts thinking for an AI seat ...
            t0 = time.perf_counter()
            key = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h")
            app.frame([key], 1 / 60)  # ... as the human presses H
            while scene.panels.hint_line()[0] is None and time.perf_counter() - t0 < 30 + 4 * budget:
                _frames(app, 1 / 60)
            cid, line, odds = scene.panels.hint_line()
            if cid is None:
                answers.append(float("inf"))
                session.close()
                rival.close()
                continue
            answers.append(time.perf_counter() - t0)
            if rival.ai_done() is None:
                overlapped += 1
            # the line as drawn: every word of it on screen, in order
            whole = line + odds
            said["chance"] += "your chance to win" in odds and "%" in odds
            said["either"] += "either will do" in odds
            if kind_of(cid) in (ChoiceKind.WILD, ChoiceKind.GATE):
                said["wild"] += 1
                said["wild_named"] += ", to " in line
            _frames(app, 1 / 60)
            ring = [r.rect for r in scene.table.regions if r.key == scene.panels.hint_target]
            ring += [h.rect for h in scene.hotspots() if h.key == scene.panels.hint_target]
            said["covers"] += scene.panels.hint_box is not None and scene.panels.hint_box.collidelist(ring) >= 0
            app.ink.placed = []
            _frames(app, 1 / 60)
            first = next((r for text, r in app.ink.placed if text.startswith("Hint: ")), None)
            shown = [(r.y, text) for text, r in app.ink.placed  # the strip's lines: one left edge
                     if first is not None and r.x == first.x and text in whole
                     and app.screen.get_rect().contains(r)]
            drawn = " ".join(text for _y, text in sorted(shown))
            longest = max(longest, len(whole))
            lines_used = max(lines_used, len(shown))
            if drawn != whole:
                cut.append(whole)
            end = time.perf_counter() + 4 * budget + 10
            while rival.ai_done() is None and time.perf_counter() < end:
                time.sleep(0.01)  # the AI's search ends before the next position
            session.close()
            rival.close()
    finally:
        app.close()
    first_answer = answers[0] if answers else 0.0
    answers.sort()
    n = len(answers)
    return {"budget": budget, "positions": n, "first": first_answer, "p50": answers[n // 2] if n else 0.0,
            "p95": answers[min(n - 1, int(n * 0.95))] if n else 0.0, "max": answers[-1] if n else 0.0,
            "within": sum(a <= budget + 0.5 for a in answers), "overlapped": overlapped, "longest": longest,
            "cut": cut, "lines": lines_used, "skipped": skipped, "said": said}


def _frames(app, seconds: float) -> None:
    """Draw frames at 60 a second for ``seconds`` of the clock."""
    end = time.perf_counter() + seconds
    while True:
        start = time.perf_counter()
        app.frame([], 1 / 60)
        if start >= end - 1 / 120:
            return
        time.sleep(max(0.0, 1 / 60 - (time.perf_counter() - start)))


def report(args) -> int:
    count, budget = args.games or 12, args.seconds
    load = os.getloadavg() if hasattr(os, "getloadavg") else (0.0, 0.0, 0.0)
    r = measure(count, budget)
    after = os.getloadavg() if hasattr(os, "getloadavg") else (0.0, 0.0, 0.0)
    print(f"hint: {r['positions']} seeded positions, a 3-cult table at 1280x720 drawn at 60 frames a second, "
          f"Hard's budget {r['budget']:g} s; an AI seat's Hard search started with each H "
          f"(still thinking when {r['overlapped']} of the hints came)"
          + (f"; {r['skipped']} positions skipped (not the human's decision)" if r["skipped"] else ""))
    print(f"machine: {os.cpu_count()} cores, load average {load[0]:.2f} before, {after[0]:.2f} after")
    print(f"hint answer time p50: {r['p50']:.2f} s  p95: {r['p95']:.2f} s  max: {r['max']:.2f} s  "
          f"(budget + 0.5 s = {r['budget'] + 0.5:g} s; {r['within']} of {r['positions']} within it)")
    print(f"the first hint, asked as the first table opens (its hint process just starting): {r['first']:.2f} s")
    said, n = r["said"], r["positions"]
    print(f"hint words: the chance to win in {said['chance']} of {n}; \"either will do\" in {said['either']}; "
          f"Wild pairs or Gates {said['wild']}, their destination named in {said['wild_named']}; "
          f"the strip over its own ring in {said['covers']}")
    shown = "every line shown whole" if not r["cut"] else f"{len(r['cut'])} cut: {r['cut'][0]!r}"
    print(f"hint line: up to {r['longest']} characters, drawn on up to {r['lines']} lines; {shown}")
    return 0 if not r["cut"] else 1

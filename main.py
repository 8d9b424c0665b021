"""Fate of the Elder Gods: start the game.

    python main.py                         open the game window
    python main.py --self-test             headless check: content, sounds, the Learn to Play lessons,
                                           a whole AI game played through the table, a game process
                                           killed, the game's server hosted; prints SELFTEST OK
    python main.py --autoplay [--seed N]   watch three AI cults play a game, saved as any game is
                                           (prints "decision N" as each is made)
    python main.py --screenshot FILE [--screen NAME] [--seed N] [--scenario FILE] [--size WxH]
                                           save a PNG of a screen (title, setup, load, table, end, replay,
                                           rules, gallery, tutorial, settings, credits, online)
    python main.py --serve [ARGS]          the game server (python -m fate.server ARGS), as the packaged
                                           game runs it when hosting from Play Online

FATE_EXIT_AFTER_FIRST_FRAME=1 ends the game once its first frame is on screen and prints
"first frame shown" and the video driver's name (the benches and the release checks time it);
FATE_FIRST_FRAME_SHOT=FILE.png also saves that frame, as the window shows it.
"""

from __future__ import annotations

import gettext
import os
import random
import sys

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def sound_problem() -> str:
    """"" when every sound file is there and (with an audio device) loads."""
    import pygame

    from fate.ground.paths import assets_dir
    from fate.ui.kit.sound import EFFECTS, MUSIC

    folder = assets_dir() / "sounds"
    for name in (*EFFECTS, MUSIC):
        if not (folder / f"{name}.ogg").is_file():
            return f"assets/sounds/{name}.ogg: sound file is missing"
    try:
        pygame.mixer.init()
    except pygame.error:
        return ""  # no audio device: the game is silent, which is allowed
    try:
        for name in (*EFFECTS, MUSIC):
            pygame.mixer.Sound(str(folder / f"{name}.ogg"))
    except pygame.error as e:
        return f"assets/sounds: a sound does not load ({e})"
    finally:
        pygame.mixer.quit()
    return ""


def self_test(seed: int) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from fate.engine import ContentError, default_content, new_game
    from fate.engine.invariants import violations

    try:
        content = default_content()
    except ContentError as e:
        print(f"SELFTEST FAILED: {e}", file=sys.stderr)
        return 1
    from fate.engine import engine_kind

    print(f"engine: {engine_kind()}")  # compiled by Cython in a packaged app built with a C compiler
    for players in (1, 2, 3, 4):
        g = new_game(content, players, seed)
        r = random.Random(seed)
        while (p := g.pending()) is not None:
            g.apply(r.choice(p.choices))
        bad = violations(g)
        if bad:
            print(f"SELFTEST FAILED: {players} players: {bad[0]}", file=sys.stderr)
            return 1
    from fate.tools import tutorial

    try:
        lessons = tutorial.load()
        for lesson in lessons:
            tutorial.walk(content, lesson)
    except tutorial.TutorialError as e:
        print(f"SELFTEST FAILED: {e}", file=sys.stderr)
        return 1
    print(f"played the {len(lessons)} lessons of Learn to Play on the engine")
    from fate.words import guide

    try:
        print(f"How to Play: {len(guide.sections())} sections, the words of the game last")
    except ContentError as e:
        print(f"SELFTEST FAILED: {e}", file=sys.stderr)
        return 1
    from fate.ground.language import LANGUAGES, Tongue

    try:  # each language's plural rules, numbers and lists come with the program (CLDR through Babel)
        spoken = [Tongue(code, gettext.NullTranslations()) for code in LANGUAGES]
        written = [t.number(12345.5) for t in spoken]
        dated = [t.when(0.0) for t in spoken]  # and days and times (British English's data for English)
    except (OSError, ValueError, LookupError) as e:
        print(f"SELFTEST FAILED: a language's data is missing: {e}", file=sys.stderr)
        return 1
    # CLDR's spaces (U+202F, U+00A0) are escaped: a Windows console's code page has no narrow no-break space
    forms = " / ".join(dict.fromkeys(written)).encode("ascii", "backslashreplace").decode("ascii")
    print(f"languages: {', '.join(LANGUAGES)} (12345.5 written {forms}; {len(set(dated))} ways to write a day)")
    from fate.ground.language import ENGLISH, tongue

    # each language's catalogue comes with the program, and speaks: "Settings" is not English in any
    unspoken = [code for code in LANGUAGES if code != ENGLISH
                and (tongue(code).problem or tongue(code).gettext("Settings") == "Settings")]
    if unspoken:
        print(f"SELFTEST FAILED: no catalogue speaks {', '.join(unspoken)}", file=sys.stderr)
        return 1
    print(f"catalogues: {', '.join(c for c in LANGUAGES if c != ENGLISH)} (Settings: "
          f"{' / '.join(tongue(c).gettext('Settings') for c in LANGUAGES if c != ENGLISH)})".encode(
              "ascii", "backslashreplace").decode("ascii"))
    missing = sound_problem() or legal_problem()
    if missing:
        print(f"SELFTEST FAILED: {missing}", file=sys.stderr)
        return 1
    from fate.ui.app import App
    from fate.ui.screens.end import EndScene
    from fate.ui.session import SeatConfig, Session
    from fate.ui.shots import open_table, play_through

    try:
        app = App(content, seed=seed)
    except (OSError, RuntimeError) as e:  # a missing font or a window that cannot open
        print(f"SELFTEST FAILED: {e}", file=sys.stderr)
        return 1
    try:
        session = Session(content, [SeatConfig(False, "easy", i) for i in range(3)], seed)
        open_table(app, session)
        frames = play_through(app, random.Random(seed))
        if not isinstance(app.scene, EndScene):
            print("SELFTEST FAILED: the table did not reach the end screen", file=sys.stderr)
            return 1
    finally:
        app.close()
    print(f"played a 3-seat AI game through the table in {frames} frames")
    problem = crash_check(content, seed) or host_check()
    if problem:
        print(f"SELFTEST FAILED: {problem}", file=sys.stderr)
        return 1
    print("SELFTEST OK")
    return 0


def crash_check(content, seed: int) -> str:
    """A game process killed without warning leaves a save that loads and plays on,
    at most one decision short. Returns what went wrong, or ""."""
    import tempfile
    from pathlib import Path

    from fate.engine import SaveFormatError
    from fate.records.saves import read_save
    from fate.ui.crash import run_and_kill
    from fate.ui.session import Session

    with tempfile.TemporaryDirectory(prefix="fate-selftest-") as tmp:
        try:
            path, made = run_and_kill(Path(tmp), seed, after=1.5)
            kept = len(read_save(path)["choices"])
            session = Session.resume(content, path)
            prompt = session.game.pending()
            if prompt is None:
                raise RuntimeError("the game resumed asks no one anything")
            session.apply(prompt.choices[0].id)
            session.close()
        except (RuntimeError, SaveFormatError, OSError) as e:
            return f"crash safety: {e}"
    if made - kept > 1:
        return f"crash safety: {made - kept} decisions lost when the game process was killed"
    print(f"killed a game process mid-game: its save loaded with {kept} of {made} decisions")
    return ""


def host_check() -> str:
    """Play Online's hosting on this system: the game's own server started as a detached
    child (in a throw-away user folder), found again as a later window finds it, and
    stopped. Returns what went wrong, or ""."""
    import tempfile

    from fate.ground import oscompat
    from fate.net import hosting

    before = os.environ.get("FATE_USER_DIR")
    with tempfile.TemporaryDirectory(prefix="fate-selftest-host-") as tmp:
        os.environ["FATE_USER_DIR"] = tmp
        try:
            host = hosting.start_host(0)
            try:
                found = hosting.running_host()
                if found is None or found.pid != host.pid or found.port != host.port:
                    return "hosting: the server started is not found again"
            finally:
                host.stop()
            if oscompat.process_birth(host.pid) is not None or hosting.running_host() is not None:
                return "hosting: the server still runs after it was stopped"
        except hosting.HostError as e:
            return f"hosting: {e}"
        finally:
            if before is None:
                del os.environ["FATE_USER_DIR"]
            else:
                os.environ["FATE_USER_DIR"] = before
    print(f"started the game's server on port {host.port}, found it again and stopped it")
    return ""


def main(argv: list[str] | None = None) -> int:
    from fate.ground.cli import BAD, Parser, new_file, old_file, whole

    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["--serve"]:  # the packaged game hosting (fate/net/hosting.py): python -m fate.server
        from fate.server.__main__ import main as serve

        return serve(argv[1:])

    prog = "main.py" if not getattr(sys, "frozen", False) else os.path.basename(sys.executable)
    ap = Parser(prog=prog, description="Fate of the Elder Gods, the digital edition.")
    ap.add_argument("--self-test", action="store_true", help="run headless checks and exit")
    ap.add_argument("--screenshot", metavar="FILE", type=new_file, help="save a PNG of a screen and exit")
    ap.add_argument("--autoplay", action="store_true",
                    help="watch three AI cults play one game (saved as any game is), then exit")
    ap.add_argument("--seed", type=whole(0, 2**63 - 1), default=None,
                    help="seed for new games, the self-test and screenshots")
    ap.add_argument("--scenario", metavar="FILE", type=old_file,
                    help="with --screenshot: the position to show (docs/scenario-format.md)")
    ap.add_argument("--screen", metavar="NAME", default="table",
                    help="with --screenshot: title, setup, draft (the Elder Gods dealt), load, table (default), end, finale "
                         "(the summoning or sealing that ends the seed's game: 2 summons, 1 seals), replay, rules, "
                         "gallery (an Elder God chosen), "
                         "gallery_spell, tutorial, settings, preview, online, online_host, online_hosting, online_join, online_waiting, online_reconnecting, "
                         "online_undo, online_undo_greyed, review (Hard's review of a finished game), statistics, online_new, online_lobby, online_spectate, "
                         "online_chat, online_rematch, online_devices (a code for another computer), online_leaderboard "
                         "or online_card (a player's card)")
    ap.add_argument("--size", metavar="WxH", default=None, help="window size, 1280x720 to 3840x2160")
    from fate.ground.language import LANGUAGES, PSEUDO, pin

    ap.add_argument("--lang", metavar="CODE", choices=[*LANGUAGES, PSEUDO], default=None,
                    help=f"the language the window speaks: {', '.join(LANGUAGES)}, or {PSEUDO} (every text "
                         "accented and longer: a text left untranslated shows plain, a text cut loses its bracket)")
    args = ap.parse_args(argv)
    if args.lang is not None:
        spoken = pin(args.lang)  # this window speaks it, whatever the settings say
        if spoken.problem:
            print(f"{prog}: --lang {args.lang}: {spoken.problem}; speaking English", file=sys.stderr)
    from fate.ground.untrusted import cut, one_line
    from fate.ui.app import parse_size

    size = (1280, 720)
    if args.size:
        try:
            size = parse_size(args.size)
        except ValueError as e:
            ap.error(str(e))
    if args.scenario and not args.screenshot:
        ap.error("--scenario only goes with --screenshot")
    from fate.ui.shots import SCREENS

    if args.screen not in SCREENS or (args.screen != "table" and not args.screenshot):
        ap.error(f"--screen {cut(args.screen)}: goes with --screenshot and is one of {', '.join(SCREENS)}")
    if args.self_test:
        return self_test(1 if args.seed is None else args.seed)
    from fate.engine import ContentError, ScenarioError, default_content

    try:
        content = default_content()
    except ContentError as e:
        print(f"The game's data is damaged: {e}", file=sys.stderr)
        return 1
    if args.screenshot:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        import pygame

        from fate.ui.shots import screenshot

        try:
            path = screenshot(content, str(args.screenshot), 1 if args.seed is None else args.seed, size,
                              args.scenario and str(args.scenario), args.screen)
        except ScenarioError as e:
            print(one_line(f"{prog}: --scenario {e}", 300), file=sys.stderr)
            return BAD
        except OSError as e:
            print(one_line(f"{prog}: --screenshot {args.screenshot}: {e.strerror or e}", 300), file=sys.stderr)
            return 1
        except pygame.error as e:  # an image SDL cannot write there (a name Windows refuses, a special folder)
            print(one_line(f"{prog}: --screenshot {args.screenshot}: {e}", 300), file=sys.stderr)
            return 1
        print(f"saved {path}")
        return 0
    from fate.ui.app import App

    if args.autoplay:
        return autoplay(content, args.seed if args.seed is not None else random.randrange(1 << 30), size)
    try:
        app = App(content, size=size if args.size else None, seed=args.seed)  # no --size: the size last set
        first_frame_exit = os.environ.get("FATE_EXIT_AFTER_FIRST_FRAME") == "1"
        try:
            app.run(first_frame_exit=first_frame_exit)
            if first_frame_exit:  # the benches and the release checks time this line
                import pygame

                print(f"first frame shown (video: {pygame.display.get_driver()})", flush=True)
                shot = os.environ.get("FATE_FIRST_FRAME_SHOT")
                if shot:  # the release workflow keeps each runner's real window's title this way
                    try:
                        window = pygame.display.get_surface()
                        if window is None:
                            raise pygame.error("no window was opened")
                        pygame.image.save(window, shot)
                    except (pygame.error, OSError) as e:
                        print(f"FATE_FIRST_FRAME_SHOT: {shot}: {e}"[:300], file=sys.stderr)
        finally:
            app.close()
        if app.sound.opening():
            # Leaving while the audio device is still being probed for: a thread inside the
            # audio driver can hold the process's exit for seconds (16 under Wine without a
            # sound card). Everything is saved and closed by now, so end at once.
            sys.stdout.flush()
            sys.stderr.flush()
            os._exit(0)
    except Exception:  # a bug: keep the details for the report, tell the player in one line
        where = crash_report()
        print(f"The game stopped on an internal error; the details are in {where}", file=sys.stderr)
        return 1
    return 0


def legal_problem() -> str:
    """What the Credits screen cannot find of the game's licence and the notices, or ""."""
    from fate.ui.screens.credits import DOCUMENTS, document_path

    for _key, label, where, _tip in DOCUMENTS:
        path = document_path(where)
        if not path.is_file() or path.stat().st_size == 0:
            return f"the Credits screen cannot find \"{label}\" at {path}"
    return ""


def autoplay(content, seed: int, size: tuple[int, int]) -> int:
    """Three AI cults play one game at the Fast speed in the real window loop,
    autosaving like any game; each decision is announced on stdout (the crash
    safety test kills this process at random moments and reads the save)."""
    import pygame

    from fate.ui.app import App
    from fate.ui.session import SeatConfig, Session

    app = App(content, size=size, seed=seed)
    try:
        session = Session(content, [SeatConfig(False, "normal", i) for i in range(3)], seed,
                          saves=app.saves, speed=2)
        app.goto("play", session)
        print(f"saving to {session.save_file}", flush=True)
        told = -1
        clock = pygame.time.Clock()
        dt = 0.0
        while app.running and not session.over():
            app.frame(pygame.event.get(), dt)
            pygame.display.flip()
            made = len(session.game.choices_made)
            if made != told:
                print(f"decision {made}", flush=True)
                told = made
            dt = clock.tick(60) / 1000.0
    finally:
        app.close()
    print("game over" if session.over() else "stopped", flush=True)
    return 0


def crash_report() -> str:
    """Write the current exception's traceback to the user's folder; returns its path."""
    import traceback

    from fate.ground.paths import logs_dir
    from fate.records.saves import unique_path

    text = traceback.format_exc()
    try:
        path = unique_path(logs_dir(), "crash", ".txt")
        path.write_text(text, encoding="utf-8")
        return str(path)
    except OSError:
        print(text, file=sys.stderr)
        return "the text above"


if __name__ == "__main__":
    import multiprocessing

    multiprocessing.freeze_support()  # the packaged app starts the AI's worker process from itself
    sys.exit(main())

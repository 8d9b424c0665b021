"""Settings: how the game looks, sounds and plays. Each click takes effect at
once and is kept in the settings file (fate/records/settings.py)."""

from __future__ import annotations

import pygame

from fate.ground.language import (
    LANGUAGES,
    N_,
    _,
    current,
    number,
    percent,
    pgettext,
    system_language,
)
from fate.records.settings import AUTOPASS_MODES, CONTROL_MODES, TEMPORARY_MODES, TEXT_SIZES
from fate.ui.kit.theme import BRONZE, GOLD, INK_DIM, NIGHT, PANEL, PARCHMENT, mix
from fate.ui.kit.widgets import Hotspot, Scene, backdrop, button, scene
from fate.ui.table.anim import SPEEDS
from fate.ui.table.autopass import (
    DEFAULT_MODE,
    DEFAULT_TEMPORARY,
    MODE_TIPS,
    MODE_WORDS,
    SHORT,
    TEMPORARY_WORDS,
    temporary_tips,
)
from fate.ui.table.free_control import CONTROL_TIPS, CONTROL_WORDS, DEFAULT_CONTROL

HARD_SECONDS = (0.5, 1.0, 2.0, 4.0)
Option = tuple[str, tuple, bool, str]  # a button of a row: (label, key, selected, tooltip)
WINDOWS = ((1280, 720), (1600, 900), (1920, 1080))
VOLUME_STEP = 10
ROW_Y, ROW_STEP = 128, 56
ROW_H = 50  # a row's buttons
ROW_RIGHT = 1880  # where a row's buttons end at the most
# what an online game does when it comes to ask you (fate/ui/online/knock.py): (button, setting, what)
KNOCKS = ((N_("Notification"), "knock_notify", N_("a notification on the desktop when the game window is behind "
                                                   "others")),
          (N_("Taskbar flash"), "knock_flash", N_("the game's window flashes in the taskbar when it is behind others")),
          (N_("Knock"), "knock_sound", N_("two soft knocks in the game (at the effects volume)")))
KNOCK_KEYS = tuple(k for _, k, _ in KNOCKS)
# the settings kept seat by seat: (the words allowed, the default)
SEAT_SETTINGS = {"autopass": (AUTOPASS_MODES, DEFAULT_MODE), "temporary_control": (TEMPORARY_MODES, DEFAULT_TEMPORARY),
                 "control_action": (CONTROL_MODES, DEFAULT_CONTROL)}


def first_upper(text: str) -> str:
    """The first letter made a capital, the rest as written (a German noun keeps its capital)."""
    return text[:1].upper() + text[1:]


@scene("settings")
class SettingsScene(Scene):
    def __init__(self, app, back_to: Scene | None = None) -> None:
        super().__init__(app)
        self.back_to = back_to

    def rows(self) -> list[tuple[str, str | list[Option]]]:
        """(title, options or the name of a volume) for each row, top to bottom, in the current language."""
        st = self.app.settings
        on_off = [(_("On"), True), (_("Off"), False)]
        return [
            (_("Language"), "language"),
            (_("Animation speed"), [(pgettext("speed", name), ("speed", i), st["speed"] == i,
                                     _("{speed}: how fast moves, rolls and cards are shown (S at the table)").format(
                                         speed=pgettext("speed", name)))
                                    for i, (name, _seconds) in enumerate(SPEEDS)]),
            (_("Music"), "music"),
            (_("Effects"), "effects"),
            (_("Text size"), [(percent(p), ("text_size", p), st["text_size"] == p,
                               _("Tooltips, How to Play, the Chronicle, the hand, the location plaques and the "
                                 "panels at {percent}").format(percent=percent(p)))
                              for p in TEXT_SIZES]),
            (_("Cult shapes"), [(label, ("cult_shapes", v), st["cult_shapes"] == v,
                                 _("Each cult's shape (circle, triangle, square...) on its Cultists, Summon token "
                                   "and Lodge, so no one has to tell the colours apart") if v else
                                 _("Cults told apart by colour alone")) for label, v in on_off]),
            (_("\"Your turn\" screen"), [(label, ("handoff_solo", v), st["handoff_solo"] == v,
                                          _("With one human at the table, a \"your turn\" screen before each of your "
                                            "turns, so you can look away while the AI cults play") if v else
                                          _("With one human, the table stays in view the whole game (with two or "
                                            "more humans the hand-off screen is always shown)"))
                                         for label, v in on_off]),
            (_("Confirm end of turn"), [(label, ("confirm_end_turn", v), st["confirm_end_turn"] == v,
                                         _("Ask \"End your turn?\" before a decision that ends your turn") if v else
                                         _("A decision that ends your turn is taken at once")) for label, v in on_off]),
            (self.seat_title(N_("Auto-pass"), N_("Auto-pass (seat {n})")), [
                (first_upper(_(SHORT[m])), ("autopass", m), self.autopass() == m,
                 _("{mode}. {what} (A at the table)").format(mode=_(MODE_WORDS[m]), what=_(MODE_TIPS[m])))
                for m in AUTOPASS_MODES]),
            (self.seat_title(N_("Temporary Control"), N_("Temporary Control (seat {n})")), [
                (_(TEMPORARY_WORDS[m]), ("temporary_control", m), self.seat_setting("temporary_control") == m,
                 _("{setting}: {what}").format(setting=_(TEMPORARY_WORDS[m]), what=temporary_tips(self.app.content)[m]))
                for m in TEMPORARY_MODES]),
            (self.seat_title(N_("Control Action"), N_("Control Action (seat {n})")), [
                (_(CONTROL_WORDS[m]), ("control_action", m), self.seat_setting("control_action") == m,
                 _("{setting}: {what}").format(setting=_(CONTROL_WORDS[m]), what=_(CONTROL_TIPS[m])))
                for m in CONTROL_MODES]),
            (_("Hard thinks for"), [(_("{seconds} s").format(seconds=number(t)), ("hard", t), st["hard_seconds"] == t,
                                     _("Hard searches about {seconds} s a decision, and as long for a hint: longer is "
                                       "stronger and slower").format(seconds=number(t))) for t in HARD_SECONDS]),
            (_("Reviews"), [(label, ("review_budget", b), st.get("review_budget", "quick") == b, tip)
                            for label, b, tip in (
                (_("Quick"), "quick", _("Hard judges each of your decisions in about a fifth of a second: a game's "
                                        "review in a minute or so, more marks left unclear")),
                (_("Thorough"), "thorough", _("About a second a decision: a few minutes a game, surer marks")))]),
            (_("Your turn online"), [(_(label), (key,), st.get(key, True),
                                      (_("On: {what} (click to turn it off)") if st.get(key, True) else
                                       _("Off: {what} (click to turn it on)")).format(what=_(tip)))
                                     for label, key, tip in KNOCKS]),
            (_("Window"), [(_("{width} x {height}").format(width=w, height=h), ("window", w, h),
                            not self.app.fullscreen and list(self.app.size) == [w, h],
                            _("A window of {width} by {height}").format(width=w, height=h)) for w, h in WINDOWS]
             + [(_("Full screen"), ("fullscreen",), self.app.fullscreen, _("Fill the screen (F11)"))]),
        ]

    def seat_title(self, plain: str, of_seat: str) -> str:
        """A row's title, naming the seat whose setting it is when opened from a table."""
        if getattr(self.back_to, "looker", None) is None:
            return _(plain)
        return _(of_seat).format(n=self.seat() + 1)

    def seat(self) -> int:
        """Whose Auto-pass this screen sets: the player at the table it was opened from, else seat 1."""
        looker = getattr(self.back_to, "looker", None)
        return looker if isinstance(looker, int) and 0 <= looker < 4 else 0

    def autopass(self) -> str:
        return self.seat_setting("autopass")

    def seat_setting(self, name: str) -> str:
        """This seat's word of a setting kept seat by seat (Auto-pass, Temporary Control)."""
        allowed, default = SEAT_SETTINGS[name]
        words = self.app.settings.get(name) or []
        return words[self.seat()] if self.seat() < len(words) and words[self.seat()] in allowed else default

    def draw(self, screen):
        self.hot = []
        L = backdrop(self, screen)
        ink = self.ink
        ink.draw(screen, _("Settings"), L.p(960, 72), 64, GOLD, "title", anchor="center", shadow=True)
        for r, (title, options) in enumerate(self.rows()):
            y = ROW_Y + r * ROW_STEP
            ink.draw(screen, title, L.p(640, y + ROW_H // 2), 28, PARCHMENT, "bold", anchor="midright")
            if options == "language":
                self.draw_language(screen, L, y)
                continue
            if isinstance(options, str):
                self.draw_volume(screen, L, options, y)
                continue
            # each button 190 wide, wider where a language's words need it and the row has room
            need = max(ink.font("bold", 22).size(label)[0] / L.s + 20 for label, *_rest in options)
            wide = int(min(max(190, need), (ROW_RIGHT - 680) / len(options) - 20))
            for i, (label, key, selected, tip) in enumerate(options):
                button(self, screen, L, (680 + i * (wide + 20), y, wide, ROW_H), label, key, selected=selected, size=22,
                       tip=tip)
        button(self, screen, L, (810, ROW_Y + len(self.rows()) * ROW_STEP + 4, 300, 60), _("Back"), ("back",),
               size=28, tip=_("Back (Esc). Every setting is kept for the next time you play."))
        sound = self.app.sound
        foot = _("Every setting is kept for the next time you play  ·  M mutes the sound anywhere")
        if sound.failed:  # no device: the game plays on in silence, and says so here only
            foot = _("No sound: the audio device could not be opened ({why})").format(why=sound.failed)
        ink.draw(screen, foot, L.p(960, 1058), 18, INK_DIM, "italic", anchor="center")
        self.draw_tip(screen, L)

    def languages(self) -> list[str]:
        """The choices, in order: the system's language, then each language in its own name."""
        return ["", *LANGUAGES]

    def language_name(self, code: str) -> str:
        """A choice as its button says it: a language in its own name, or the system's."""
        if code:
            return LANGUAGES[code]
        return _("As the system: {language}").format(language=LANGUAGES[system_language()])

    def draw_language(self, screen, L, y: int) -> None:
        """The language: the one spoken, with the one before and the one after it a click away
        (each language named in its own words, so a player who cannot read this one finds theirs)."""
        choices = self.languages()
        chosen = self.app.settings.get("language") or ""
        i = choices.index(chosen) if chosen in choices else 0
        before, after = choices[i - 1], choices[(i + 1) % len(choices)]
        button(self, screen, L, (680, y, 60, ROW_H), "‹", ("language", before), size=28,
               tip=_("Speak {language}").format(language=self.language_name(before)))
        button(self, screen, L, (760, y, 420, ROW_H), self.language_name(chosen), ("language", after), selected=True,
               size=22, tip=_("The game speaks {language} (click for {next}: every screen changes at once)").format(
                   language=LANGUAGES[current().code] if current().code in LANGUAGES else self.language_name(chosen),
                   next=self.language_name(after)))
        button(self, screen, L, (1200, y, 60, ROW_H), "›", ("language", after), size=28,
               tip=_("Speak {language}").format(language=self.language_name(after)))

    def draw_volume(self, screen, L, which: str, y: int) -> None:
        """A volume: minus, a bar of ten steps (click one), plus, and the figure."""
        st = self.app.settings
        level = st[f"{which}_volume"]
        music = which == "music"
        button(self, screen, L, (680, y, 60, ROW_H), "−", ("volume", which, max(0, level - VOLUME_STEP)), size=28,
               tip=_("Quieter music") if music else _("Quieter sounds of the table"))
        for i in range(1, 100 // VOLUME_STEP + 1):
            r = L.r(760 + (i - 1) * 48, y + 6, 42, ROW_H - 12)
            filled = i * VOLUME_STEP <= level
            pygame.draw.rect(screen, mix(GOLD, NIGHT, 0.15) if filled else PANEL, r, border_radius=L.n(6))
            pygame.draw.rect(screen, mix(BRONZE, NIGHT, 0.3), r, L.n(2), border_radius=L.n(6))
            step = percent(i * VOLUME_STEP)
            self.hot.append(Hotspot(r, ("volume", which, i * VOLUME_STEP),
                                    (_("Music {percent}") if music else _("Effects {percent}")).format(percent=step),
                                    (_("Set the music to {percent}") if music else
                                     _("Set the sounds of the table to {percent}")).format(percent=step)))
        button(self, screen, L, (1250, y, 60, ROW_H), "+", ("volume", which, min(100, level + VOLUME_STEP)), size=28,
               tip=_("Louder music") if music else _("Louder sounds of the table"))
        shown = _("{percent} (muted: M)").format(percent=percent(level)) if st["muted"] else percent(level)
        self.ink.draw(screen, shown, L.p(1330, y + ROW_H // 2), 24, INK_DIM if st["muted"] else PARCHMENT,
                      anchor="midleft")

    def click(self, key):
        st = self.app.settings
        if key[0] == "speed":
            st["speed"] = key[1]
        elif key[0] == "hard":
            st["hard_seconds"] = key[1]
        elif key[0] == "volume":
            st[f"{key[1]}_volume"] = key[2]
            if key[1] == "effects":
                self.app.sound.play("card_draw")  # to hear the new level
        elif key[0] in ("text_size", "cult_shapes", "handoff_solo", "confirm_end_turn", "review_budget", "language"):
            st[key[0]] = key[1]
        elif key[0] in KNOCK_KEYS:
            st[key[0]] = not st.get(key[0], True)
        elif key[0] in SEAT_SETTINGS:
            allowed, default = SEAT_SETTINGS[key[0]]
            words = [m if m in allowed else default for m in (list(st.get(key[0]) or []) + [default] * 4)[:4]]
            words[self.seat()] = key[1]
            st[key[0]] = words
        elif key[0] == "window":
            if self.app.fullscreen:
                self.app.toggle_fullscreen()
            self.app.resize(key[1], key[2])
            st["window"], st["fullscreen"] = [key[1], key[2]], False
        elif key == ("fullscreen",):
            self.app.toggle_fullscreen()
            st["fullscreen"] = self.app.fullscreen
        elif key == ("back",):
            self.go_back()
            return
        self.app.apply_settings()
        self.app.save_settings()

    def key(self, event):
        if event.key == pygame.K_ESCAPE:
            self.click(("back",))

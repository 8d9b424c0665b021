"""The window in another language (issue 53): a screen drawn in the pseudo-language shows every
line through the catalogues, and the check that says so finds a line left out."""

from __future__ import annotations

import re

import pytest

from fate.bench.i18n import plain_lines, screen_lines
from fate.ground import language


def unnamed(line: str, content) -> str:
    """The line without the Elder Gods' and the solo levels' names (the data's own words, whose
    catalogue comes with the cards')."""
    names = [content.cards[g].name for g in content.gods] + [level.name for level in content.solo_levels]
    for name in sorted(names, key=len, reverse=True):
        line = line.replace(name, "")
    return line


@pytest.fixture
def pseudo():
    language.pin(language.PSEUDO)
    yield
    language.pin(None)


def test_the_title_in_the_pseudo_language_draws_every_line_through_the_catalogues(pseudo):
    lines = screen_lines("title")
    assert len(lines) >= 12  # the name, the line under it, ten buttons, the keys
    assert plain_lines(lines) == []
    assert any(line.startswith("[Ĺéàđ ýöûŕ çûĺţ. Šûmmöñ ýöûŕ ĝöđ.") for line in lines)  # one sentence, whole


def test_the_settings_in_the_pseudo_language_draw_every_line_through_the_catalogues(pseudo):
    lines = screen_lines("settings")
    assert len(lines) >= 40  # fifteen rows of titles and choices, the volumes, Back, the line at the foot
    assert plain_lines(lines) == []
    assert "[Ĥàŕđ ţĥîñķš föŕ····]" in lines


def test_a_new_games_screen_in_the_pseudo_language_draws_every_line_through_the_catalogues(pseudo):
    lines = screen_lines("setup")
    assert plain_lines(lines) == []
    assert "[Ĥöw màñý çûĺţš ĝàţĥéŕ?·······]" in lines


def test_saved_games_are_listed_in_the_pseudo_language_from_what_the_saves_name_by_id(pseudo):
    """Load Game says each save's line from its ids (the gods, the leader, who played, the
    outcome) in the language, and a damaged save's reason by its kind of fault: no line plain
    but the damaged file's name, as it is written."""
    kept: list[str] = []
    lines = screen_lines("load", kept=kept)
    assert "[Šàvéđ Ĝàméš···]" in lines
    assert plain_lines(lines, kept) == [] and kept == ["game-20261101-090000-000.json"], lines
    assert "[Ţĥé fîĺé îš đàmàĝéđ.······]" in lines  # not the JSON reader's English
    assert any("[Ţĥé Îñvéšţîĝàţöŕš wöñ·" in line for line in lines)  # a finished solo game's outcome
    # the day and time written by CLDR's British English, accented as the pseudo-language's own words
    assert any(re.search(r"šàvéđ \[\[\d{1,2} \S{3,4} \d{4}··\], \d{2}:\d{2}·*\]", line) for line in lines), lines


def test_the_end_screen_in_the_pseudo_language_draws_every_line_through_the_catalogues(pseudo, content):
    """The Elder Gods' names too: the cards' words come from the catalogue with the rest
    (fate/content/spoken.py), the winners joined as the language joins a list."""
    lines = screen_lines("end")
    assert plain_lines(lines) == []
    assert "[[Çûĺţ öf [Šĥûb-Ñîĝĝûŕàţĥ····]····] wîñš···]" in lines  # one winner: the singular, its god named too


def test_the_record_in_the_pseudo_language_leaves_plain_only_the_datas_names(pseudo, content):
    lines = screen_lines("statistics")
    assert plain_lines([unnamed(line, content) for line in lines]) == []
    assert "[Ýöûŕ Ŕéçöŕđ···]" in lines


# what a Play Online page shows as the players and servers wrote it: invite and watch codes,
# invite lines, addresses, and the players' own names
DATA = re.compile(r"^([A-Z0-9]{4}(-[A-Z0-9]{4}){3}|fate://\S+|[\w.-]+:\d+|Ann|Bob|Cleo|Dev)$")


@pytest.mark.parametrize("page", ["online", "online_host", "online_join", "online_new", "online_lobby"])
def test_play_onlines_pages_in_the_pseudo_language_leave_plain_only_codes_addresses_and_names(pseudo, page):
    lines = screen_lines(page)
    assert len(lines) >= 10
    # a lobby row names its players, the open seats and AI seats marked between them
    rest = [re.sub(r"\[[^\]]*\]", "", line).strip(" ,") for line in plain_lines(lines)]
    assert [line for line in rest if not all(DATA.match(part.strip()) for part in line.split(","))] == []


def test_a_screen_that_draws_words_as_written_shows_them_plain_and_says_which(pseudo):
    """The check can fail: the credits' legal documents are drawn in English, as their licences
    are written; the screen names them as drawn as written, and only then are they not counted."""
    kept: list[str] = []
    lines = screen_lines("credits", kept=kept)
    assert len(plain_lines(lines)) > 10 and plain_lines(lines, kept) == []
    assert plain_lines(["[Ŝéţţîñĝš··]", "12", "Ann", "New Game"]) == ["Ann", "New Game"]
    assert plain_lines(["[Ŝéţţîñĝš··] KQV4-E7T3-FR45-KFWO", "Rules R-MV-5"]) == ["Rules R-MV-5"]


def test_the_title_in_english_is_unchanged():
    lines = screen_lines("title")
    assert "Lead your cult. Summon your god. Keep the Investigators from your door." in lines
    assert "Quit" in lines and "New Game" in lines


def test_a_game_begun_in_german_shows_the_hand_and_the_prompt_in_polish_once_the_window_speaks_it(content, tmp_path):
    """The language changed in Settings mid-game: the board's cards and places, the hand and the
    question and buttons of the decision come in the new language at once (by id), though the
    game itself was made on the German words."""
    from fate.content.spoken import spoken
    from fate.ui.app import App
    from fate.ui.session import SeatConfig, Session
    from fate.ui.shots import busy_session, open_table

    language.pin("de")
    try:
        app = App(content, size=(1280, 720), seed=3, saves=tmp_path)
        session = busy_session(app.content, 3, players=2, decisions=30)
        assert isinstance(session, Session) and session.seats[0] == SeatConfig(True, "easy", 0)
        scene = open_table(app, session)
        german = app.content
        language.pin("pl")
        app.frame([], 1 / 60)
        scene.telling.show(session.view(0))
        polish = spoken(content, "pl")
        assert app.content is polish and session.game.content is german
        shown = scene.shown
        hand = shown["seats"][0]["hand"]
        names = [(c["name"], polish.card(c["id"]).name, german.card(c["id"]).name) for c in hand]
        assert names and all(n == pl for n, pl, _de in names) and any(pl != de for _n, pl, de in names)
        assert [loc["name"] for loc in shown["locations"]] == [loc.name for loc in polish.locations]
        english = session.view(0)["prompt"]
        assert shown["prompt"]["text"] != english["text"] and shown["prompt"]["text"] == asking_polish(english, polish,
                                                                                                         shown)
    finally:
        language.pin(None)


def asking_polish(prompt, polish, v):
    from fate.words import asking
    return asking.said(prompt, polish, v)


def test_at_a_shared_screen_each_player_reads_the_table_in_the_language_chosen_for_their_seat(content, tmp_path):
    """A hotseat of a German and a Polish player: New Game gives each human seat a language; the
    table speaks the language of the seat at the screen, its prompt and its Chronicle, and the
    window's own again once the game is left. The seats keep their languages in the save."""
    from fate.ui.app import App
    from fate.ui.session import Session
    from fate.ui.shots import open_table

    app = App(content, size=(1280, 720), seed=4, saves=tmp_path, settings={"speed": 3})
    try:
        app.goto("setup")
        setup = app.scene
        setup.click(("players", 2))
        setup.click(("human", 1, True))
        for seat, clicks in ((0, 1 + list(language.LANGUAGES).index("de")), (1, 1 + list(language.LANGUAGES).index("pl"))):
            for _ in range(clicks):
                setup.click(("language", seat))
        assert [s.language for s in setup.seats] == ["de", "pl"]
        session = Session(app.content, setup.seats, 4, saves=tmp_path)
        scene = open_table(app, session)
        told = {}
        for _step in range(400):
            seat = session.prompt_seat()
            if seat not in told and scene.looker == seat and scene.picker is not None:
                told[seat] = (language.current().code, scene.shown["prompt"]["text"],
                              session.view(seat)["prompt"]["text"], [line for line, _at in scene.telling.log])
            if len(told) == 2:
                break
            p = session.game.pending()
            session.apply(p.choices[0].id)
            app.frame([], 1 / 60)
            if scene.handoff is not None:
                scene.take_over()
            app.frame([], 1 / 60)
        assert told[0][0] == "de" and told[1][0] == "pl", told
        assert all(shown != english for _code, shown, english, _log in told.values())  # each in its language
        assert told[1][3] and told[1][3] != told[0][3]  # the Chronicle told again for the Polish player
        app.goto("title")  # the table is left: the window speaks its own language again
        app.frame([], 1 / 60)
        assert language.current().code == "en" and app.reader == ""
        kept = Session.resume(content, session.save_file)
        assert [s.language for s in kept.seats] == ["de", "pl"]
        kept.close()
    finally:
        app.close()

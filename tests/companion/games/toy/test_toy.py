"""A fourth game is one engine, one companion package and one registration: the toy race of this
folder, which nothing outside it names, registered only for each test (the ``toy`` fixture, or
``registered(HOME)`` inside a window's test), plays through the journal (replayed, undone and
redone, saved and loaded, exported as JSON and for BG Stats by the command line), the result part,
the scenario runner, the conformance check, its own catalogues and the app in a real window."""

from __future__ import annotations

import io
import json
import logging
import random
import shutil
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from companion.games.registry import BUILT_IN, HOMES, UnknownGame, home, register, registered, unregister
from companion.i18n import Message, Person, render
from companion.i18n.compile import merged
from engines.core.correction import Correct
from tests.companion.app.touch import chip, sized, start
from tests.companion.games.toy import HOME
from tests.companion.games.toy import random_table as table_module
from tests.companion.games.toy.engine import GOAL, Rest, Roll
from tests.companion.i18n.test_catalogues import compared, english_given, other_values, untranslated, used_in
from tests.support.conformance import SkippedCheck, conform
from tests.support.window import in_window

HERE = Path(__file__).resolve().parent
LOCALE = HERE / "locale"
SETUP = {"players": [{"colour": "red", "name": "Rita"}, {"colour": "blue", "name": ""}]}
# Rita rests, blue 5, Rita 6 (undone and done again), blue set back to 4 by hand, blue 6, Rita 6: Rita wins.
PLAYED = (
    Rest("red"),
    Roll("blue", 5),
    Roll("red", 6),
    Correct("blue.position", 4, "the figure was knocked over"),
    Roll("blue", 6),
    Roll("red", 6),
)


@pytest.fixture
def toy():
    """The toy served for one test, and forgotten after it."""
    with registered(HOME):
        yield HOME
    assert "toy" not in HOMES


@pytest.fixture(autouse=True)
def private_home(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg-data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg-config"))


# ------------------------------------------------------------------------------ the registry


def test_registered_the_toy_is_served_as_the_built_in_games_are_and_gone_after() -> None:
    from companion.app.contract import playable, screens_of

    assert "toy" not in HOMES and screens_of("toy") is None
    with registered(HOME):
        assert list(HOMES)[-1] == "toy" and home("toy") is HOME
        assert ("toy", "Wettlauf") in playable()
        assert screens_of("toy") is not None and screens_of("toy").settings.form is None
        assert render(Message("Rest"), "de") == "Aussetzen"  # its own catalogue, after the app's
        assert render(Message("red"), "de") == "Rot"  # the app's words stay
        with pytest.raises(ValueError, match="served already"):
            register(HOME)
    assert "toy" not in HOMES and ("toy", "Wettlauf") not in playable()
    assert screens_of("toy") is None, "the screens part loaded while it was served is forgotten"
    assert render(Message("Rest"), "de") == "Rest", "its words go with it"
    with pytest.raises(UnknownGame, match="no game 'toy'"):
        home("toy")
    with pytest.raises(ValueError, match="built-in"):
        unregister(sorted(BUILT_IN)[0])


# ------------------------------------------------------------------------------ the journal


def test_a_race_in_a_real_journal_replays_undoes_redoes_saves_loads_and_exports(toy, tmp_path) -> None:
    from companion.journal.saves import list_saves, load, save
    from companion.journal.session import Session
    from companion.journal.store import Journal
    from tests.companion.journal.fixtures.games import cli

    db = tmp_path / "journal.sqlite3"
    with Journal.open(db) as journal:
        session = Session.start(journal, "toy", SETUP)
        game_id = session.game_id
        for command in PLAYED[:3]:
            session.apply(command)
        assert session.state.player("red").position == 6
        undone = session.undo()
        assert session.state.player("red").position == 0 and session.state.current == "red"
        assert [render(m, "en") for m in undone.messages] == [
            "The roll of 6 is taken back with this step; it is not rolled again.",
            "Rita (Red): put your figure on step 0 again.",
            "It is Rita (Red)'s turn again.",
        ]
        assert "Rita (Rot): Stelle deine Figur wieder auf Schritt 0." in [render(m, "de") for m in undone.messages]
        redone = session.redo()
        assert session.state.player("red").position == 6
        assert (
            render(redone.messages[0], "en") == "The roll of 6 is entered again with this step; it is not rolled again."
        )
        halfway = session.state
        saved = save(journal, "halfway")
        for command in PLAYED[3:]:
            session.apply(command)
        assert session.state.phase == "over" and session.state.winner == "red"
        finished = session.state

    with Journal.open(db) as journal:  # the file read again: the same game, the same state
        reopened = Session.open(journal, game_id)
        assert reopened.state == finished
        assert [reopened.state_at(seq) for seq in reopened.chain(reopened.head)][-1] == finished
        assert [row.id for row in list_saves(journal)] == [saved.id]
        loaded = load(journal, saved.id)
        assert loaded.game == "toy" and loaded.session.state == halfway

    code, out, err = cli("export", str(game_id), "--format", "json", "--journal", str(db))
    assert (code, err) == (0, ""), err
    doc = json.loads(out)
    assert doc["game"] == "toy"
    assert doc["public_view"]["winners"] == ["red"] and doc["public_view"]["awaiting"] == []
    assert [p["position"] for p in doc["public_view"]["players"]] == [GOAL, 10]

    code, out, err = cli("export", str(game_id), "--format", "bgstats", "--language", "de", "--journal", str(db))
    assert (code, err) == (0, ""), err
    play = json.loads(out)
    assert [p["name"] for p in play["players"]] == ["Rita", "Blau"]
    scores = play["plays"][0]["playerScores"]
    assert [(s["score"], s["winner"], s["rank"]) for s in scores] == [("12", True, 1), ("10", False, 2)]
    assert play["games"][0]["name"] == "Wettlauf"


def test_the_race_s_scenario_runs_into_a_journal(toy, tmp_path) -> None:
    from companion.journal.store import Journal
    from companion.scenario.run import run_file

    with Journal.open(tmp_path / "journal.sqlite3") as journal:
        out = io.StringIO()
        result = run_file(HERE / "race.scn", journal, out)
        assert result.ok, result.message
        assert journal.running() is not None


# ------------------------------------------------------------------------------ the result


def test_the_result_part_names_the_winner_and_every_player_s_figures(toy, tmp_path) -> None:
    from companion.journal.session import Session
    from companion.journal.store import Journal
    from companion.results.outcome import outcome
    from tests.companion.games.toy import result

    with Journal.open(tmp_path / "journal.sqlite3") as journal:
        session = Session.start(journal, "toy", SETUP)
        for command in PLAYED:
            session.apply(command)
        state = session.state
        shown = outcome(journal, session.game_id)

    assert [render(text, "en") for text in result.verdict(state)] == [
        "Rita (Red) reached step 12 first and wins the race."
    ]
    assert [render(text, "de") for text in result.verdict(state)] == [
        "Rita (Rot) hat Schritt 12 zuerst erreicht und gewinnt den Wettlauf."
    ]
    assert result.values(state) == {"red": (12,), "blue": (10,)}
    assert [render(h, "de") for h in result.columns(state).headings] == ["Schritte", "Platz"]
    assert result.columns(state).rows == (("red", (12, 1)), ("blue", (10, 2)))
    assert result.period(state) == 3  # the fifth turn of two players: in the third round
    assert [p.colour for p in shown.winners] == ["red"]
    assert shown.title == "Wettlauf" and shown.verdict == tuple(result.verdict(state))
    assert shown.line(0, "blue") == (0, 5, 10, 10)  # the setup, then the last state of each round


# ------------------------------------------------------------------------------ the conformance check


def test_the_race_conforms(toy, tmp_path) -> None:
    with pytest.warns(SkippedCheck, match="toy has no secrets part"):  # the race hides nothing: said, not silent
        conform("toy", table_module, data=tmp_path)


# ------------------------------------------------------------------------------ its words


@pytest.mark.parametrize("language", ["de", "en"])
def test_the_race_s_own_catalogue_holds_every_word_of_its_code(language: str) -> None:
    """Every message and refusal template of this folder's code is in the app's catalogue or the
    race's own; the race's own holds nothing else and repeats none of the app's."""
    own = [m for m in merged(language, LOCALE) if m.id]
    app = [m for m in merged(language) if m.id]
    code = used_in(HERE)
    app_ids = {m.id[0] if isinstance(m.id, tuple) else m.id for m in app}
    missing, plurals, unused = compared(own, {k: v for k, v in code.items() if k not in app_ids})
    assert not missing, f"in neither catalogue ({language}): {missing}"
    assert not plurals and not unused, (plurals, unused)
    assert not other_values(own)
    if language == "de":
        assert not untranslated(own)
    else:
        assert not english_given(own)


def test_every_undo_line_of_random_races_has_its_german(toy) -> None:
    from tests.companion.i18n.test_game_words import lines_have_their_german

    for seed in range(8):
        rng = random.Random(seed)
        config = table_module.random_config(rng)
        lines_have_their_german("toy", config, lambda state, rng=rng: table_module.legal_command(state, rng), rng)


def test_a_damaged_catalogue_of_the_race_says_so_and_leaves_its_words_in_english(tmp_path, caplog) -> None:
    damaged = tmp_path / "locale"
    shutil.copytree(LOCALE, damaged, ignore=shutil.ignore_patterns("*.mo", "*.mo.sources"))
    po = damaged / "de" / "LC_MESSAGES" / "toy.po"
    po.write_bytes(po.read_bytes().replace(b'"Aussetzen"', b'"Aussetzen\xff\xfe"'))  # no UTF-8 any more
    with caplog.at_level(logging.ERROR, logger="companion.i18n"), registered(replace(HOME, locale=str(damaged))):
        assert render(Message("Rest"), "de") == "Rest"  # the msgid: English
        assert render(Message("red"), "de") == "Rot"  # the app's own words stand
    assert "the de catalogue cannot be compiled" in caplog.text


def test_a_catalogue_of_the_race_that_cannot_be_kept_is_used_from_memory(tmp_path, monkeypatch, caplog) -> None:
    from companion.i18n import compile as compile_module

    copied = tmp_path / "locale"
    shutil.copytree(LOCALE, copied, ignore=shutil.ignore_patterns("*.mo", "*.mo.sources"))

    def read_only(*_args: Any) -> None:
        raise PermissionError(30, "Read-only file system")

    monkeypatch.setattr(compile_module, "keep", read_only)
    with caplog.at_level(logging.INFO, logger="companion.i18n"), registered(replace(HOME, locale=str(copied))):
        assert render(Message("Rest"), "de") == "Aussetzen"
    assert "not kept (Read-only file system)" in caplog.text
    assert not list(copied.rglob("*.mo"))


# ------------------------------------------------------------------------------ the app


def _texts(driver: Any) -> str:
    return "\n".join(driver.texts())


@pytest.mark.parametrize("size", ["800x480", "1280x720"])
@pytest.mark.parametrize("language", ["de", "en"])
@in_window
def test_the_race_is_set_up_played_and_won_by_touch(tmp_path, language, size):
    """New game → Wettlauf → red and blue seated by their chips → Start; the players rest and roll
    on the screen until one wins; a rest refused is greyed with the rules' reason, a move out of
    turn is refused in words; the result screen names the winner."""
    from companion.games.registry import registered as served
    from companion.i18n import Cap, Word

    sized(size)
    with served(HOME):
        app, driver = start(tmp_path, language)
        assert (app.root.width, app.root.height) == tuple(int(n) for n in size.split("x"))
        driver.tap(app.say("New game"))
        driver.tap("Wettlauf")
        form = app.screen("new").form
        for colour in ("red", "blue"):
            driver.choose(chip(form, colour))
        assert form.seating.seated == ["red", "blue"] and form.ready
        driver.tap(app.say("Start the game"))
        driver.until(lambda: app.root.manager.current == "toy-table", what="the race's table")
        screen = app.screen("toy-table")
        taken = [str(driver.shot(tmp_path / f"toy-{language}-{size}-start.png"))]

        def view() -> dict[str, Any]:
            return app.table.public_view()["view"]

        rest = app.tr(Message("Rest"))
        red = app.tr(Cap(Word("red")))
        assert app.tr(Message("{player}: roll the die, or rest.", player=Cap(Word("red")))) in _texts(driver)
        driver.choose(rest)  # red rests
        driver.until(lambda: view()["current"] == "blue", what="blue's turn")
        assert app.root.word == app.tr(Message("{player} rests.", player=Person("red", None))), app.root.word

        refused = app.table.submit(Roll("red", 3))  # red out of turn
        said = app.tr(refused.shown)
        assert said == {"de": "Blau ist am Zug, nicht Rot", "en": "It is Blue's turn, not Red's"}[language]
        assert app.root.word == said and app.root.word_is_refusal

        driver.choose(app.say("Roll on the screen"))  # blue rolls
        driver.until(lambda: view()["current"] == "red", what="red's turn")
        greyed = [b for b in screen.ids.options.walk(restrict=True) if getattr(b, "text", "").startswith(rest)]
        reason = app.tr(Cap(Message("{player} rested last turn and must roll now", player=Person("red", None))))
        assert greyed and greyed[0].disabled and reason in greyed[0].text, [b.text for b in greyed]
        assert red in reason
        taken.append(str(driver.shot(tmp_path / f"toy-{language}-{size}-greyed.png")))

        for _ in range(40):  # roll on until a figure reaches the goal
            if app.root.manager.current == "result":
                break
            driver.choose(app.say("Roll on the screen"))
            driver.frames(2)
        driver.until(lambda: app.root.manager.current == "result", what="the result screen")
        winner = view()["winner"]
        assert winner in ("red", "blue") and view()["players"][0 if winner == "red" else 1]["position"] == GOAL
        verdict = app.tr(
            Message("{player} reached step {goal} first and wins the race.", player=Person(winner, None), goal=GOAL)
        )
        assert verdict in _texts(driver), _texts(driver)
        taken.append(str(driver.shot(tmp_path / f"toy-{language}-{size}-result.png")))
        driver.stop()
    assert all(Path(path).stat().st_size > 0 for path in taken)


@in_window
def test_the_race_s_screenshots_help_and_settings_in_the_app(tmp_path):
    """``companion screenshots``' part of the race (its showcase) plays in the app, the bar's Help
    opens on the turn, and the settings screen shows no form for a game without settings."""
    from companion.app.contract import screens_of
    from companion.games.registry import registered as served

    with served(HOME):
        app, driver = start(tmp_path, "de")
        names: list[str] = []

        def shot(name: str) -> None:
            names.append(name)
            driver.shot(tmp_path / f"{name}.png")

        contract = screens_of("toy")
        assert contract is not None
        contract.showcase()(driver, shot)
        assert names == ["toy-new-game", "toy-table", "toy-rolled", "toy-rested"]
        view = app.table.public_view()["view"]
        assert view["players"][0]["position"] > 0 and view["players"][1]["rested"], view
        driver.choose(app.say("Help"))
        texts = "\n".join(driver.texts())
        assert "Ein Zug" in texts and "Niemand setzt zweimal hintereinander aus." in texts, texts
        driver.choose(app.say("Back"))
        driver.choose(app.say("Settings"))
        driver.until(lambda: app.root.manager.current == "settings", what="the settings screen")
        assert app.screen("settings").ids.game_title.text == "", "no form: the race has no settings"
        assert app.screen("settings").ids.game.children == []
        driver.stop()

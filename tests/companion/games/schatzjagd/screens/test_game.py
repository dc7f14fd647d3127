"""Schatzjagd at the table, in real windows: a whole game by touches and die faces tapped as with a
real die, into a real journal, until a victory (a fight with a monster to the death, the inn, a
treasure dug up and hidden behind the cover); nothing the players can read pairs a face-down card
with the prince who slotted it (rule 13.4); and a power cut in the middle of a fight."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from tests.companion.app.touch import start
from tests.companion.games.schatzjagd.screens.driving import (
    TABLE_SCREEN,
    Shown,
    Table,
    castle,
    new_game,
    place,
    prompt,
)
from tests.support.window import in_window, killed_when_ready, ready, run


def two_princes_home(app: Any, driver: Any, swap: bool = False) -> Table:
    """Anna (red) and blue, until Anna's henchman is home with a crown, one step before her victory:
    two cards slotted face down on D4 and E5 (with ``swap`` the princes' fields swapped), Anna's
    henchman meets a monster on D4 and dies in the fight, blue washes dishes at the inn, Anna digs
    up a crown behind the cover and brings it home."""
    new_game(app, driver, {"red": "Anna"}, ("red", "blue"), victory=1)
    t = Table(app, driver)
    red_field, blue_field = ("E5", "D4") if swap else ("D4", "E5")
    # day 1
    t.journey(3, field="C7")
    t.slot(red_field)
    t.choose("End the turn")
    t.face(2)
    t.choose("Where the henchman stopped")
    t.field("E2")
    t.dialog(t.tr("City walls"))  # the field lies before them
    t.dialog(t.tr("To {place}", place="E2"))
    t.closed()
    t.slot(blue_field)
    t.choose("End the turn")
    # day 2: the card on D4 is a monster of power 3 with a reward of 1 gold; Anna's henchman dies
    monster_then_inn(app, t)
    # day 3: Anna digs on F6 behind the cover; blue leaves the city
    t.journey(2, field="F6")
    t.choose("Dig with a map here")
    t.cover("red", "crown")
    t.choose("End the turn")
    t.journey(5, field="G5")
    t.choose("End the turn")
    # day 4: home
    t.journey(6, mode="Castle", place=castle(app, "red"))
    return t


def four_princes_home(app: Any, driver: Any) -> Table:
    """Four princes at the 800×480 table, every touch on what the screen shows, until Anna's
    henchman is home with a crown: Anna (red) meets the monster on D4 and her henchman dies in the
    fight, blue washes dishes at the inn, green and yellow travel and slot a card each, Anna digs up
    a crown and brings it home."""
    new_game(app, driver, {"red": "Anna"}, ("red", "blue", "green", "yellow"), victory=1)
    t = Shown(app, driver)
    assert [p["colour"] for p in app.table.public_view()["view"]["players"]] == ["red", "blue", "green", "yellow"]
    # day 1: each prince's henchman goes out and each prince slots a card face down
    t.journey(3, field="C7")
    t.slot("D4")
    t.choose("End the turn")
    t.face(2)
    t.choose("Where the henchman stopped")
    t.field("E2")
    t.dialog(t.tr("City walls"))
    t.dialog(t.tr("To {place}", place="E2"))
    t.closed()
    t.slot("E5")
    t.choose("End the turn")
    t.journey(2, field="H2")
    t.slot("H5")
    t.choose("End the turn")
    t.journey(2, field="K2")
    t.slot("K5")
    t.choose("End the turn")
    # day 2: the monster on D4 (power 3, a reward of 1 Gulden); Anna's henchman dies
    monster_then_inn(app, t)
    t.journey(1, field="H3")
    t.choose("End the turn")
    t.journey(1, field="K3")
    t.choose("End the turn")
    # day 3: Anna digs on F6 behind the cover; the others travel on
    t.journey(2, field="F6")
    t.choose("Dig with a map here")
    t.cover("red", "crown")
    t.choose("End the turn")
    for face, field in ((5, "G5"), (1, "H4"), (1, "K4")):
        t.journey(face, field=field)
        t.choose("End the turn")
    # day 4: home
    t.journey(6, mode="Castle", place=castle(app, "red"))
    return t


def monster_then_inn(app: Any, t: Table) -> None:
    """Day 2 of every whole game: the card on D4 is a monster of power 3 with a reward of 1 gold,
    and Anna's henchman dies fighting it (2 + 1 against 3 + 6, again and again); then blue washes
    dishes at the inn, after the night before the city walls."""
    t.journey(1, field="D4")
    t.choose("Enter the card turned up")
    t.dialog(t.tr("Monster"))
    t.dialog("−")
    t.dialog("−")
    t.dialog(t.tr("Gulden"))
    t.dialog(t.tr("Add"))
    t.dialog(t.tr("Turn it up"))
    fight = app.table.public_view()["view"]["fight"]
    assert fight["henchman"] == "red" and fight["monster_power"] == 3, fight
    said = prompt(app)
    assert "Kampf: Anna (Rot) gegen den Unhold (Kampfkraft 3, Leben 15 von 15)." in said, said
    exchanges = 0
    while app.table.public_view()["view"]["fight"] is not None:
        t.face(1)  # Anna's henchman: 2 + 1
        t.face(6)  # blue rolls for the monster: 3 + 6
        exchanges += 1
    assert exchanges == 3  # 15 life, 6 lost an exchange: dead in the third
    died = app.table.public_view()["view"]["players"][0]
    assert (died["deaths"], died["place"], died["life"]) == (1, "castle-red", 15), died
    t.choose("End the turn")
    t.journey(4, mode="City", place=place(app, "Inn"))
    t.choose("Wash dishes at the inn: +2 gold")
    blue = app.table.public_view()["view"]["players"][1]
    assert blue["gold"] == 7, blue  # 5 and the inn's 2
    t.choose("End the turn")


@pytest.mark.parametrize("princes", [2, 4], ids=["two-princes", "four-princes-by-what-is-shown"])
@in_window
def test_a_whole_game_by_touch_ends_in_a_victory_in_the_journal(tmp_path, princes):
    from companion.i18n import Message
    from companion.journal.session import Session
    from companion.journal.store import Journal

    app, driver = start(tmp_path, "de")
    t = two_princes_home(app, driver) if princes == 2 else four_princes_home(app, driver)
    t.choose("Hide a treasure")
    t.cover("red", "crown")

    driver.until(lambda: app.root.manager.current == "result", what="the result, by itself at the end")
    result_screen = driver.texts()
    assert any("Anna (Rot) gewinnt" in text for text in result_screen)  # the result came first
    driver.choose(app.tr(Message("Back to the game")))
    view = app.table.public_view()
    assert (view["view"]["phase"], view["view"]["winner"]) == ("over", "red")
    end_screen = driver.texts()
    assert any("Anna (Rot) hat gewonnen" in text for text in end_screen)
    path = app.journal_path
    driver.stop()

    journal = Journal.open(path, create=False)
    try:
        game = journal.games()[-1]
        assert game.game == "schatzjagd" and game.finished is not None and game.head == view["entry"]
        session = Session.open(journal, game.id)
        assert session.state.phase == "over" and session.state.winner == "red"
        kinds = [entry.command["type"] for entry in journal.entries(game.id) if entry.kind == "command"]
        for command in ("travel", "place-card", "reveal", "exchange", "inn", "dig", "hide-treasure"):
            assert command in kinds, command
    finally:
        journal.close()


def readable_one_step_before_the_end(data: Path, swap: bool) -> dict[str, Any]:
    """The two princes' game up to Anna home with the crown; everything the players can read then:
    the table screen, the game log screen, the public view and the game log as the table gives them."""
    app, driver = start(data, "de")
    two_princes_home(app, driver, swap=swap)
    table = app.table
    seen = {"screen": driver.texts(), "view": table.public_view()["view"], "log": table.log()}
    driver.tap(app.say("Game log"))
    seen["log_screen"] = driver.texts()
    driver.tap(app.say("Back"))
    driver.stop()
    return seen


def test_nothing_the_table_reads_pairs_a_face_down_card_with_its_prince(tmp_path):
    """The same game twice, the two princes' cards slotted into each other's fields: just before
    the last step the screens, the game log screen, the public view and the log read the same, so
    nothing in them tells who slotted the card still face down (rule 13.4, no notes)."""
    plain = run(readable_one_step_before_the_end, data=tmp_path / "plain", swap=False)
    swapped = run(readable_one_step_before_the_end, data=tmp_path / "swapped", swap=True)
    assert [card for card in plain["view"]["board"] if card["face_down"]] == [{"field": "E5", "face_down": True}]
    assert plain["screen"] == swapped["screen"]
    assert plain["log_screen"] == swapped["log_screen"]
    assert plain["view"] == swapped["view"]
    assert _without_times(plain["log"]) == _without_times(swapped["log"])
    placed = [e for entry in plain["log"] for e in entry["events"] if e["type"] == "card-placed"]
    assert placed == [{"type": "card-placed", "player": "red"}, {"type": "card-placed", "player": "blue"}]


def _without_times(log: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{key: value for key, value in entry.items() if key != "at"} for entry in log]


def into_a_fight_until_killed(data: Path) -> None:
    """Into a fight with a monster: one exchange, then the first die of the next, not yet written;
    ready to be killed."""
    app, driver = start(data, "de")
    new_game(app, driver, {"red": "Anna"}, ("red", "blue"), victory=1)
    t = Table(app, driver)
    t.journey(3, field="C7")
    t.slot("D4")
    t.choose("End the turn")
    t.journey(2, field="E2")
    t.choose("End the turn")
    t.journey(1, field="D4")
    t.choose("Enter the card turned up")
    t.dialog(t.tr("Monster"))
    t.dialog(t.tr("Turn it up"))
    t.face(6)
    t.face(1)  # one exchange: 2 + 6 against 5 + 1, the monster loses 2
    t.face(5)  # the first die of the second exchange, not yet written
    view = app.table.public_view()
    assert view["view"]["fight"]["exchanges"] == 1 and view["view"]["fight"]["monster_life"] == 13
    assert "würfelt für den Unhold" in prompt(app)  # the first die of the next exchange was rolled
    ready(entry=view["entry"], fight=view["view"]["fight"])
    while True:  # the app runs on until the power is cut
        driver.frames(1)
        time.sleep(0.01)


def restarted(data: Path, before: dict[str, Any]) -> None:
    """The app started again after the cut: the same fight at the same exchange, Anna's 5 kept."""
    app, driver = start(data)
    driver.frames(3)
    assert app.root.manager.current == TABLE_SCREEN
    view = app.table.public_view()
    assert view["entry"] == before["entry"]
    assert view["view"]["fight"] == before["fight"]  # the same fight, at the same exchange
    rolls = app.table.awaiting().rolls
    assert rolls and rolls[0].player == "blue"  # the half-rolled exchange goes on: Anna's 5 was kept
    assert "würfelt für den Unhold" in prompt(app)
    assert "der Wurf davor gilt weiter: 5" in app.root.word  # and the bottom line says so
    Table(app, driver).face(1)  # the monster's die: the second exchange, now whole
    view = app.table.public_view()
    assert view["view"]["fight"]["exchanges"] == 2
    written = app.journal.entry(view["game_id"], view["entry"]).command
    assert written == {"type": "exchange", "player": "red", "die": 5, "opponent_die": 1}
    driver.stop()


def test_killed_in_the_middle_of_a_fight_it_opens_at_the_same_exchange_with_its_first_die(tmp_path):
    before = killed_when_ready(into_a_fight_until_killed, data=tmp_path)
    run(restarted, data=tmp_path, before=before)

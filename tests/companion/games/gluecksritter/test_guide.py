"""The board's next step (companion/games/gluecksritter/screens/guide.py) offers what the rules
leave to the players at that moment, and nothing it offers comes from a secret."""

from __future__ import annotations

from companion.games.gluecksritter.screens.guide import step
from companion.i18n import render
from engines.core.correction import Correct
from engines.gluecksritter.coins import Coins
from engines.gluecksritter.commands import PlaceDucats, Ransom, RevealActions, RevealDocuments
from tests.companion.table.panels import keyboard_picks
from tests.companion.table.rig import keyboard_table


def labels(now) -> list[str]:
    return [render(option.label, "en") for option in now.options]


def test_the_ransom_is_offered_when_the_rule_set_allows_it(tmp_path, loop, closing):
    for rules, offered_in in (("schmidt-1998", ("A", "B")), ("osullivan-2002", ("D",))):
        journal, session, table, _ = keyboard_table(tmp_path / f"{rules}.sqlite3", loop, closing, rules=rules)
        table.submit(Correct("red.knight-in-dungeon", 1, "set-up: red lost a duel"))
        seen = {}
        for phase in ("A", "B"):
            now = step(table.public_view()["view"], table.awaiting(), panel=False)
            seen[phase] = any("Red pays the ransom" in label for label in labels(now))
            if phase == "A":
                table.submit(PlaceDucats(3, 2, field5=Coins(3, 0), field6=Coins(2, 0)))
        keyboard_picks(table, loop, {1: (1, 2), 2: (2, 3), 3: (1, 5), 4: (3, 6)})  # the keyboard is the panel
        table.submit(RevealDocuments())
        now = step(table.public_view()["view"], table.awaiting(), panel=False)
        seen["D"] = any("Red pays the ransom" in label for label in labels(now))
        assert {phase for phase, shown in seen.items() if shown} == set(offered_in), rules
        if rules == "osullivan-2002":
            ransom = next(o for o in now.options if "ransom" in render(o.label, "en"))
            assert ransom.dialog == "pay" and ransom.args["command"] == Ransom("red")
        table.submit(RevealActions())
        journal.close()


def test_choosing_offers_the_cover_without_a_panel_and_only_waits_with_one(tmp_path, loop, closing):
    journal, session, table, _ = keyboard_table(tmp_path / "journal.sqlite3", loop, closing)
    table.submit(PlaceDucats(3, 2, field5=Coins(3, 0), field6=Coins(2, 0)))
    view, awaited = table.public_view()["view"], table.awaiting()
    covered = step(view, awaited, panel=False)
    assert [o.dialog for o in covered.options] == ["cover"] * 4
    with_panel = step(view, awaited, panel=True)
    assert with_panel.options == ()
    assert render(with_panel.prompt, "en").endswith("Red, Blue, Green and Yellow")
    journal.close()


def test_a_documents_effect_is_offered_to_its_holder_while_it_is_due(tmp_path, loop, closing):
    """Once a played document lies face up its effect is offered (one option per kind of card), in
    the steps where the rules let it be entered, and no more once it is entered."""
    from engines.gluecksritter.commands import ApplyDocument, ChooseActions, CorrectHand, PlayDocument

    journal, session, table, _ = keyboard_table(tmp_path / "journal.sqlite3", loop, closing)
    state = session.state
    first = next(doc for doc in state.deck if state.rules.document(doc).seal == "yellow" and "gift" not in doc)
    table.submit(CorrectHand("red", (first,), "set-up: red holds a yellow document"))
    table.submit(PlaceDucats(0, 0, field5=Coins(), field6=Coins()))
    table.submit(PlayDocument("red", first))
    choosing = step(table.public_view()["view"], table.awaiting(), panel=False)
    assert not [o for o in choosing.options if o.dialog == "effect"], "not while the cards are chosen"
    for player in ("red", "blue", "green", "yellow"):
        table._session.apply(ChooseActions(player, (5, 6)))
    now = step(table.public_view()["view"], table.awaiting(), panel=False)
    effects = [o for o in now.options if o.dialog == "effect"]
    assert [(o.args, o.player) for o in effects] == [({"player": "red", "document": first}, "red")]
    assert render(effects[0].label, "en").startswith("Red: enter what “")
    table.submit(RevealDocuments())
    now = step(table.public_view()["view"], table.awaiting(), panel=False)
    assert render(now.prompt, "en") == "Enter what the documents move, then turn the action cards over."
    table.submit(ApplyDocument("red", first))
    now = step(table.public_view()["view"], table.awaiting(), panel=False)
    assert not [o for o in now.options if o.dialog == "effect"]
    assert render(now.prompt, "en") == "Turn the action cards over."
    journal.close()


def test_greyed_marks_what_the_rules_refuse_with_their_words():
    from companion.app.option import Option
    from companion.app.pieces.options import greyed  # needs Kivy's factory, not a window
    from companion.table.notices import Refused

    options = (Option("a", Ransom("red")), Option("b", dialog="pay", args={"command": Ransom("blue")}), Option("c"))
    said = Refused("payment.afford", "blue cannot pay", "blue", "Blue cannot pay")
    marked = greyed(options, lambda command: said if command == Ransom("blue") else None)
    assert [o.refusal for o in marked] == [None, "Blue cannot pay", None]


def test_the_heading_names_phase_d_while_the_ransom_is_asked(tmp_path, loop, closing):
    """2002 variant: after the documents the ransom is asked under phase D, not under "documents"
    (the engine stays in C until someone pays); without a knight to ransom, the phase stays C."""
    for jailed, heading in ((True, "D"), (False, "C")):
        journal, session, table, _ = keyboard_table(
            tmp_path / f"{jailed}.sqlite3", loop, closing, rules="osullivan-2002"
        )
        if jailed:
            table.submit(Correct("red.knight-in-dungeon", 1, "set-up: red lost a duel"))
        table.submit(PlaceDucats(3, 2, field5=Coins(3, 0), field6=Coins(2, 0)))
        keyboard_picks(table, loop, {1: (1, 2), 2: (2, 3), 3: (1, 5), 4: (3, 6)})
        table.submit(RevealDocuments())
        view = table.public_view()["view"]
        assert view["phase"] == "C"
        assert (step(view, table.awaiting(), panel=False).phase or view["phase"]) == heading, jailed
        journal.close()


def test_haggling_says_the_offer_to_beat_what_ones_own_is_worth_and_the_promise():
    """The offer screen names the offer to beat with its worth and what one's own offer is worth;
    the hand-over screen names the promise it settles (short words: the dialogs stand at 800×480)."""
    from companion.games.gluecksritter.screens.guide import offer_worth, promised, to_beat

    standing = {"by": "blue", "ducats": 1, "walls": 1, "towers": 0, "loot_promise": 3}
    view = {"players": [{"colour": "blue", "name": "Anna"}], "knight": {"offer": standing}}
    assert render(to_beat(view), "en") == "To beat: 1 Ducat, 1 wall and 3 Ducats from the loot (worth 8)"
    assert render(to_beat(view), "de") == "Zu überbieten: 1 Dukat, 1 Mauer und 3 Dukaten aus der Beute (Wert 8)"
    assert render(to_beat({"knight": {"offer": None}}), "en") == "No offer yet: at least 1 Ducat"
    assert render(offer_worth(2, 1, 1, 0), "en") == "Your offer is worth 11 Ducats"
    assert render(offer_worth(1, 0, 0, 0), "de") == "Dein Angebot ist 1 Dukat wert"
    assert render(promised(view), "en") == "Promised: 3 Ducats from the loot"
    assert render(promised(view), "de") == "Versprochen: 3 Dukaten aus der Beute"


class _Status:
    def __init__(self, panel: str) -> None:
        self.panel = panel


class _Table:
    """A table as the board sees it: its panel's state, and where it chooses when told."""

    def __init__(self, panel: str, locked: bool = False) -> None:
        self.panel, self.locked, self.told = panel, locked, []

    def status(self) -> _Status:
        return _Status(self.panel)

    def picks_on_screen(self, on: bool) -> bool:
        self.told.append(on)
        return on and not self.locked


def test_where_the_cards_are_chosen_follows_the_setting_and_the_table():
    from companion.games.gluecksritter.screens.guide import picks_on_panel

    assert not picks_on_panel(_Table("absent"), True)  # no panel: on the screen
    keyboard = _Table("connected")
    assert not picks_on_panel(keyboard, False)  # "on the screen": the cover
    assert picks_on_panel(keyboard, True) and keyboard.told == [True, False]
    assert picks_on_panel(_Table("connected", locked=True), False)  # a pick locked in keeps the panel

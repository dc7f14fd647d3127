"""The race's table: a row per player (the name in the player's colour's words, the step the
figure stands on, the one whose turn it is marked), beside it what to do now with the die's
controls and "Rest", and what just happened."""

from __future__ import annotations

from typing import Any

from companion.app.people import person
from companion.app.pieces.columns import cell
from companion.app.pieces.table import GameTable
from companion.i18n import Message
from tests.companion.games.toy.screens.guide import Step, step

HEADS = (Message("Player"), Message("Step"))


class RaceScreen(GameTable):
    screen_name = "toy-table"
    kv_file = __file__

    def step_now(self, table: Any, view: dict[str, Any], awaited: Any) -> Step:
        return step(view)

    def heading(self, view: dict[str, Any], now: Any) -> Any:
        if view["phase"] == "over":
            return Message("The race is over")
        return Message("Round {round} · {player}", round=view["round"], player=person(view, view["current"]))

    def draw_table(self, app: Any, view: dict[str, Any], awaited: Any, now: Any) -> None:
        colours = tuple(p["colour"] for p in view["players"])
        self.seat_rows(colours, self.ids.heads, self.ids.players, len(HEADS), lambda _colour: (cell(), cell()))
        for label, head in zip(self._heads, HEADS, strict=True):
            label.text = app.tr(head)
        for player, (name, steps) in zip(view["players"], self._rows, strict=True):
            mark = "» " if player["colour"] == view["current"] else ""
            name.text = mark + app.tr(person(view, player["colour"]))
            steps.text = f"{player['position']} / {view['goal']}"
            name.bold = player["colour"] == view["current"] or player["colour"] == view.get("winner")

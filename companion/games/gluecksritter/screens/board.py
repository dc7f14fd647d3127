"""The board: fields 1 to 6 with the coins on 5 and 6, the sack and the supply, every player's
purse and castle, and beside them the step the round is at with the choices it leaves to the
players (:mod:`.guide`), the roll controls when a die is awaited, and what just happened."""

from __future__ import annotations

import threading
from typing import Any

from kivy.app import App
from kivy.factory import Factory
from kivy.metrics import dp, sp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.utils import escape_markup

from companion.app import theme
from companion.app.screens.kv import load_beside
from companion.app.shell import AppScreen
from companion.app.widgets import Chip
from companion.games.gluecksritter.screens import dialogs
from companion.games.gluecksritter.screens.guide import Option, offer_words, step, who
from companion.i18n import Join, Message

load_beside(__file__)

PHASES = {
    "A": Message("Phase A: the Ducat card"),
    "B": Message("Phase B: choosing action cards"),
    "C": Message("Phase C: documents"),
    "D": Message("Phase D: ransom and reveal"),
    "E": Message("Phase E: the fields"),
    "over": Message("The game is over"),
}


class BoardScreen(AppScreen):
    dialog: Any = None

    def refresh(self) -> None:
        app = App.get_running_app()
        table = app.table
        if table is None:
            return
        public = table.public_view()
        view = public["view"]
        self.view = view
        awaited = table.awaiting()  # made from the game's public view: asked once for both
        self.draw_fields(app, view)
        self.draw_players(app, view, awaited)
        self.draw_step(app, view, table, awaited)
        self.ids.heading.text = app.tr(
            Message("Round {round} · {phase}", round=view["round"], phase=PHASES.get(view["phase"], view["phase"]))
        )
        self.ids.happened.text = "\n".join(app.tr(text) for text in app.happened[:4])

    # ----------------------------------------------------------------------------- board
    # The board's widgets are made once and then only their texts and colours change: a refresh
    # follows every notice, and new widgets (and the garbage they leave) would cost frames.
    def draw_fields(self, app: Any, view: dict[str, Any]) -> None:
        box = self.ids.fields
        if not box.children:
            for _ in range(6):
                box.add_widget(_Field())
        for number, cell in enumerate(reversed(box.children), start=1):
            coins = view.get(f"field{number}")
            text = str(number)
            if coins:  # the coins lying on fields 5 and 6, silver over gold
                small = int(sp(theme.SMALL_SP - 4))
                text += f"\n[size={small}]{coins['silver']} S\n{coins['gold']} G[/size]"
            cell.show(text, active=view["field"] == number)
        sack, supply = view["sack"], view["supply"]
        self.ids.stock.text = app.tr(
            Message(
                "Sack: {silver} silver, {gold} gold · Supply: {walls} walls, {towers} towers",
                silver=sack["silver"],
                gold=sack["gold"],
                walls=supply["walls"],
                towers=supply["towers"],
            )
        )

    def draw_players(self, app: Any, view: dict[str, Any], awaited: Any) -> None:
        grid = self.ids.players
        colours = tuple(player["colour"] for player in view["players"])
        if getattr(self, "_seated", None) != colours:
            grid.clear_widgets()
            self._heads = [_cell("", small=True) for _ in range(6)]
            self._rows = []
            for widget in self._heads:
                grid.add_widget(widget)
            for colour in colours:
                chip = Chip(colour=colour)
                chip.size = (dp(96), dp(38))
                cells = [_cell("") for _ in range(5)]
                for widget in (chip, *cells):
                    grid.add_widget(widget)
                self._rows.append((chip, cells))
            self._seated = colours
        heads = ("", Message("silver"), Message("gold"), Message("walls"), Message("towers"), Message("docs"))
        for widget, head in zip(self._heads, heads, strict=True):
            widget.text = app.tr(head) if head else ""
        small = int(sp(theme.SMALL_SP - 2))
        for player, (chip, cells) in zip(view["players"], self._rows, strict=True):
            colour = player["colour"]
            name = player["name"]
            if name == colour.capitalize():  # no name given: the colour, in the table's language
                name = app.tr(who(colour))
            state = app.tr(_state_words(player, awaited, view))
            name = escape_markup(name[:10])
            chip.text = f"{name}\n[size={small}]{escape_markup(state)}[/size]" if state else name
            for cell, key in zip(cells, ("silver", "gold", "walls", "towers", "documents"), strict=True):
                cell.text = str(player[key])

    def draw_step(self, app: Any, view: dict[str, Any], table: Any, awaited: Any) -> None:
        panel = table.status().panel != "absent"
        now = step(view, awaited, panel=panel)
        prompt = app.tr(now.prompt)
        offer = offer_words((view.get("knight") or {}).get("offer"))
        if offer is not None:
            prompt += "\n" + app.tr(offer)
        self.ids.prompt.text = prompt
        box = self.ids.options
        labels = tuple((app.tr(option.label), option.player) for option in now.options)
        roll = awaited.rolls[0] if now.rolls else None
        shown = (labels, roll.die if roll else None, app.settings_.die, app.language)
        if getattr(self, "_shown", None) == shown:
            for button, option in zip(self._buttons, now.options, strict=True):
                button.option = option  # the same choices: only what they send may differ
            return
        self._shown = shown
        box.clear_widgets()
        if roll is not None:
            self.draw_rolls(app, box, roll)
        self._buttons = []
        for option, (text, _player) in zip(now.options, labels, strict=True):
            button = Factory.Big(text=text)
            if option.player:
                button.background_color = theme.player_colour(option.player)
                button.color = theme.text_on(option.player)
            button.option = option
            button.bind(on_release=lambda button: self.choose(button.option))
            box.add_widget(button)
            self._buttons.append(button)

    def draw_rolls(self, app: Any, box: Any, roll: Any) -> None:
        source = app.settings_.die
        if source == "typed":
            row = BoxLayout(size_hint_y=None, height=dp(theme.BUTTON_DP), spacing=dp(4))
            for face in range(1, 7):
                button = Factory.Big(text=str(face))
                button.bind(on_release=lambda *_, f=face: app.table.type_roll(str(f)))
                row.add_widget(button)
            box.add_widget(Factory.Body(text=app.tr(Message("Roll a real die and tap its face."))))
            box.add_widget(row)
            return
        if source == "serial":
            box.add_widget(Factory.Body(text=app.tr(Message("Throw the electronic die."))))
            if app.emulator is not None:
                throw = Factory.Big(text=app.tr(Message("Throw the emulated die")))
                throw.bind(on_release=lambda *_: _throw(app.emulator, roll.die))
                box.add_widget(throw)
        button = Factory.Big(text=app.tr(Message("Roll on the screen")))
        button.bind(on_release=lambda *_: app.table.roll_on_screen())
        box.add_widget(button)

    # ----------------------------------------------------------------------------- choices
    def choose(self, option: Option) -> None:
        app = App.get_running_app()
        if option.command is not None:
            app.table.submit(option.command)
            return
        self.open_dialog(option.dialog, **option.args)

    def open_dialog(self, name: str | None, **args: Any) -> Any:
        view = self.view
        if name == "help":
            dialog = dialogs.HelpDialog(view["rules"])
        elif name == "pay":
            command = args["command"]
            table = App.get_running_app().table
            ways = table.alternatives(command)  # never empty: [command] when nothing is to choose
            if len(ways) == 1:
                table.submit(ways[0])
                return None
            dialog = dialogs.PayDialog(command.player, ways)
        elif name == "ducats":
            dialog = dialogs.DucatsDialog(view)
        elif name == "cover":
            dialog = dialogs.CoverDialog(args["player"], "choose")
        elif name == "documents":
            dialog = dialogs.CoverDialog(args["player"], "documents")
        elif name == "offer":
            dialog = dialogs.OfferDialog(args["player"])
        elif name == "hand-over":
            dialog = dialogs.HandOverDialog(args["player"], view)
        else:
            return None
        self.dialog = dialog
        dialog.bind(on_dismiss=lambda *_: self.refresh())
        dialog.open(animation=False)
        return dialog

    def documents(self) -> None:
        """Ask whose documents to show, behind the cover."""
        app = App.get_running_app()
        players = [p["colour"] for p in self.view["players"]]
        box = self.ids.options
        box.clear_widgets()
        self._shown = None  # the step's buttons are gone: the next refresh draws them again
        self.ids.prompt.text = app.tr(Message("Whose documents? Tap your colour."))
        for colour in players:
            button = Factory.Big(text=app.tr(who(colour)), background_color=theme.player_colour(colour))
            button.color = theme.text_on(colour)
            button.bind(on_release=lambda *_, p=colour: self.open_dialog("documents", player=p))
            box.add_widget(button)
        back = Factory.Quiet(text=app.tr(Message("Back")))
        back.bind(on_release=lambda *_: self.refresh())
        box.add_widget(back)


def _state_words(player: dict[str, Any], awaited: Any, view: dict[str, Any]) -> Any:
    """What the chip says under the name: the dungeon, "chosen" or the revealed cards; at the end
    only who won (two short words fit the chip at 800×480)."""
    if view["winners"]:
        return Message("wins!") if player["colour"] in view["winners"] else ""
    words = []
    if player["knight_in_dungeon"]:
        words.append(Message("dungeon"))
    if player["pick"]:
        words.append(" + ".join(str(card) for card in player["pick"]))
    elif player["colour"] in awaited.locked or (player["has_chosen"] and view["phase"] in ("B", "C", "D")):
        words.append(Message("chosen"))
    return Join(*words, last=False) if words else ""


def _cell(text: str, small: bool = False) -> Label:
    label = Label(
        text=text,
        shorten=small,
        color=theme.INK,
        font_size=dp(theme.SMALL_SP if small else theme.BODY_SP),
        bold=not small,
        size_hint_y=None,
        height=dp(38 if not small else 20),
    )
    if small:  # a heading may be too long for its column: shortened to fit
        label.bind(width=lambda widget, width: setattr(widget, "text_size", (width, None)))
    label.halign = "center"
    return label


class _Field(Label):
    """One field of the board: its number (and the coins on it), dark while it is settled."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(bold=True, markup=True, font_size=dp(theme.BODY_SP), halign="center", **kwargs)
        from kivy.graphics import Color, Rectangle

        self.active = None
        with self.canvas.before:
            self._colour = Color(*theme.PAPER_DARK)
            self._square = Rectangle()
        self.bind(pos=self._place, size=self._place)

    def _place(self, *_: Any) -> None:
        self._square.pos = (self.x + dp(2), self.y + dp(2))
        self._square.size = (self.width - dp(4), self.height - dp(4))

    def show(self, text: str, *, active: bool) -> None:
        if self.text != text:
            self.text = text
        if self.active != active:
            self.active = active
            self.color = (1, 1, 1, 1) if active else theme.INK
            self._colour.rgba = theme.WOOD if active else theme.PAPER_DARK


def _throw(emulator: Any, die: str) -> None:
    threading.Thread(target=emulator.roll, args=(die,), kwargs={"tumble": 0.3}, name="dice-throw", daemon=True).start()

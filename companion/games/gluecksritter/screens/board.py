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
from companion.i18n import Message

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
        self.draw_fields(app, view)
        self.draw_players(app, view, table.awaiting())
        self.draw_step(app, view, table)
        self.ids.heading.text = app.tr(
            Message("Round {round} · {phase}", round=view["round"], phase=PHASES.get(view["phase"], view["phase"]))
        )
        self.ids.happened.text = "\n".join(app.tr(text) for text in app.happenings_now()[:4])

    # ----------------------------------------------------------------------------- board
    def draw_fields(self, app: Any, view: dict[str, Any]) -> None:
        box = self.ids.fields
        box.clear_widgets()
        for number in range(1, 7):
            coins = view.get(f"field{number}")
            text = str(number)
            if coins:  # the coins lying on fields 5 and 6, silver over gold
                small = int(sp(theme.SMALL_SP - 4))
                text += f"\n[size={small}]{coins['silver']} S\n{coins['gold']} G[/size]"
            active = view["field"] == number
            cell = Label(
                text=text,
                color=(1, 1, 1, 1) if active else theme.INK,
                bold=True,
                markup=True,
                font_size=dp(theme.BODY_SP),
                halign="center",
            )
            paint = _paint(theme.WOOD if active else theme.PAPER_DARK)
            cell.bind(size=paint, pos=paint)
            box.add_widget(cell)
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
        grid.clear_widgets()
        heads = ("", Message("silver"), Message("gold"), Message("walls"), Message("towers"), Message("docs"))
        for head in heads:
            grid.add_widget(_cell(app.tr(head) if head else "", small=True))
        for player in view["players"]:
            colour = player["colour"]
            name = player["name"]
            if name == colour.capitalize():  # no name given: the colour, in the table's language
                name = app.tr(who(colour))
            state = app.tr(_state_words(player, awaited, view))
            name = escape_markup(name[:10])
            small = int(sp(theme.SMALL_SP - 2))
            chip = Chip(colour=colour, text=f"{name}\n[size={small}]{escape_markup(state)}[/size]" if state else name)
            chip.size = (dp(96), dp(38))
            grid.add_widget(chip)
            for key in ("silver", "gold", "walls", "towers", "documents"):
                grid.add_widget(_cell(str(player[key])))

    def draw_step(self, app: Any, view: dict[str, Any], table: Any) -> None:
        awaited = table.awaiting()
        panel = table.status().panel != "absent"
        now = step(view, awaited, panel=panel)
        prompt = app.tr(now.prompt)
        offer = offer_words((view.get("knight") or {}).get("offer"))
        if offer is not None:
            prompt += "\n" + app.tr(offer)
        self.ids.prompt.text = prompt
        box = self.ids.options
        box.clear_widgets()
        if now.rolls:
            self.draw_rolls(app, box, awaited.rolls[0])
        for option in now.options:
            button = Factory.Big(text=app.tr(option.label))
            if option.player:
                button.background_color = theme.player_colour(option.player)
                button.color = theme.text_on(option.player)
            button.bind(on_release=lambda *_, o=option: self.choose(o))
            box.add_widget(button)

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
            ways = App.get_running_app().table.alternatives(command)
            if len(ways) <= 1:
                App.get_running_app().table.submit(ways[0] if ways else command)
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
    words = []
    if player["knight_in_dungeon"]:
        words.append(Message("dungeon"))
    if player["pick"]:
        words.append(" + ".join(str(card) for card in player["pick"]))
    elif player["colour"] in awaited.locked or (player["has_chosen"] and view["phase"] in ("B", "C", "D")):
        words.append(Message("chosen"))
    if player["colour"] in view["winners"]:
        words.append(Message("wins!"))
    if not words:
        return ""
    from companion.i18n import Join

    return Join(*words, last=False)


def _cell(text: str, small: bool = False) -> Label:
    label = Label(
        text=text,
        shorten=True,
        color=theme.INK,
        font_size=dp(theme.SMALL_SP if small else theme.BODY_SP),
        bold=not small,
        size_hint_y=None,
        height=dp(38 if not small else 20),
    )
    label.bind(width=lambda widget, width: setattr(widget, "text_size", (width, None)))
    label.halign = "center"
    return label


def _paint(colour: Any) -> Any:
    from kivy.graphics import Color, Rectangle

    def paint(widget: Any, _size: Any) -> None:
        widget.canvas.before.clear()
        with widget.canvas.before:
            Color(*colour)
            Rectangle(pos=(widget.x + dp(2), widget.y + dp(2)), size=(widget.width - dp(4), widget.height - dp(4)))

    return paint


def _throw(emulator: Any, die: str) -> None:
    threading.Thread(target=emulator.roll, args=(die,), kwargs={"tumble": 0.3}, name="dice-throw", daemon=True).start()

"""The board: fields 1 to 6 with the coins on 5 and 6, the sack and the supply, every player's
purse and castle, and beside them the step the round is at with the choices it leaves to the
players (:mod:`.guide`), the roll controls when a die is awaited, and what just happened.

The board grows with the window: at 800×480 it fits six players; at 1280×720 and larger its
fields, rows and numbers grow into the space. With the keyboard standing in for the panel, each
seat's keys are shown while the players choose, and a press that does not count flashes red.

A choice the rules refuse now (a purchase or a ransom the player cannot pay, a second wall the
castle has no room for) is greyed with the reason. At the end of each round (a setting) and from
the bar at any time, the table checks the cardboard against the app (:mod:`.check`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from itertools import groupby
from typing import Any, Literal

from kivy.clock import Clock
from kivy.metrics import dp, sp
from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label

from companion.app import theme
from companion.app.people import names
from companion.app.pieces.dialog import Dialog
from companion.app.pieces.lines import fits, largest_font, sizes_between
from companion.app.pieces.table import GameTable
from companion.app.room import running_app
from companion.app.widgets import Chip
from companion.games.gluecksritter.screens import cards, dialogs, dice
from companion.games.gluecksritter.screens.check import TableCheck
from companion.games.gluecksritter.screens.guide import offer_words, picks_on_panel, step
from companion.i18n import Cap, Join, Message, Text, Word
from companion.table.notices import Happened, PressIgnored
from engines.gluecksritter.rules import OSULLIVAN, SCHMIDT
from engines.gluecksritter.view_types import GluecksritterView, PlayerView

PHASES = {
    "A": Message("Phase A: the Ducat card"),
    "B": Message("Phase B: choosing action cards"),
    "C": Message("Phase C: documents"),
    "D": Message("Phase D: ransom and reveal"),
    "E": Message("Phase E: the fields"),
    "over": Message("The game is over"),
}
RULES = {SCHMIDT: Message("1998 rules"), OSULLIVAN: Message("2002 rules")}
"""The rule set in the heading, where it fits beside the round and the phase."""
COUNTS: tuple[Literal["silver", "gold", "walls", "towers", "documents"], ...] = (
    "silver",
    "gold",
    "walls",
    "towers",
    "documents",
)
HEADS = (Message("silver"), Message("gold"), Message("walls"), Message("towers"), Message("docs"))
PAIRED_FROM = 4  # choices from which two stand in a row
NAME_SHARE, STATE_SHARE = 0.22, 0.19  # of the players' width: the name's chip, what the player is at


class BoardScreen(GameTable[GluecksritterView]):
    DIE_PICTURES = dice.PICTURES
    screen_name = "gluecksritter-board"
    kv_file = __file__
    DIALOGS = {
        "ducats": lambda screen, player, args, asks: dialogs.DucatsDialog(screen.view, asks=asks),
        "cover": lambda screen, player, args, asks: dialogs.ChooseCover(player, screen.view, asks=asks),
        "documents": lambda screen, player, args, asks: cards.DocumentsCover(player, screen.view),
        "effect": lambda screen, player, args, asks: cards.EffectDialog(
            player, args["document"], screen.view, asks=asks
        ),
        "offer": lambda screen, player, args, asks: dialogs.OfferDialog(player, screen.view, asks=asks),
        "hand-over": lambda screen, player, args, asks: dialogs.HandOverDialog(player, screen.view, asks=asks),
    }

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._check: TableCheck | None = None
        self._headings: tuple[Any, ...] = ()
        self.ids.players_area.bind(size=lambda *_: self._fit_rows())
        self.ids.heading.bind(width=lambda *_: self._fit_heading())

    def step_now(self, table: Any, view: GluecksritterView, awaited: Any) -> Any:
        on_panel = running_app().game_settings("gluecksritter").get("cards_on_panel", True)
        panel = picks_on_panel(table, on_panel)
        return step(view, table.awaiting(), panel=panel)  # the choice may have moved just now

    def heading(self, view: GluecksritterView, now: Any) -> Any:
        """The round and the phase, and the rule set too where the row has room for it."""
        shown = getattr(now, "phase", None) or view["phase"]  # the ransom asked in the 2002 variant: D
        phase = PHASES.get(shown, shown)
        short = Message("Round {round} · {phase}", round=view["round"], phase=phase)
        rules = RULES.get(view.get("rules", ""))
        whole = short if rules is None else Message("{heading} · {rules}", heading=short, rules=rules)
        self._headings = (whole, short)
        return self._fitting_heading()

    def _fitting_heading(self) -> Any:
        label, app = self.ids.heading, running_app()
        style = {"bold": True, "font_name": label.font_name}
        for text in self._headings:
            if fits(app.tr(text), label.font_size, label.width, label.height, 1, **style):
                return text
        return self._headings[-1]

    def _fit_heading(self) -> None:
        if self._headings:
            self.ids.heading.text = running_app().tr(self._fitting_heading())

    def prompt_words(self, view: GluecksritterView, now: Any) -> Sequence[Any]:
        knight = view["knight"]
        offer = offer_words(knight["offer"] if knight is not None else None, view)
        return (now.prompt,) if offer is None else (now.prompt, offer)

    def draw_table(self, app: Any, view: GluecksritterView, awaited: Any, now: Any) -> None:
        self.draw_fields(app, view)
        self.draw_players(app, view, awaited)

    def _heard(self, notice: Any) -> None:
        if isinstance(notice, PressIgnored):
            self.legend.flash(notice.player)
        elif isinstance(notice, Happened) and any(e.get("type") == "round-ended" for e in notice.events):
            app = running_app()
            if app.game_settings("gluecksritter").get("table_check", True) and not app.running_is_over():
                Clock.schedule_once(lambda *_: self.check(), 0)  # once the round's step is drawn

    # ----------------------------------------------------------------------------- board
    # The board's widgets are made once and then only their texts and colours change: a refresh
    # follows every notice, and new widgets (and the garbage they leave) would cost frames.
    def draw_fields(self, app: Any, view: GluecksritterView) -> None:
        box = self.ids.fields
        if not box.children:
            for _ in range(6):
                box.add_widget(_Field())
        small = int(self.ids.fields.height * 0.2)
        for number, cell in enumerate(reversed(box.children), start=1):
            coins = {5: view["field5"], 6: view["field6"]}.get(number)  # only fields 5 and 6 hold coins
            text = str(number)
            if coins:  # the coins lying on fields 5 and 6, silver over gold
                text += f"\n[size={small}]{coins['silver']} S · {coins['gold']} G[/size]"
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

    def draw_players(self, app: Any, view: GluecksritterView, awaited: Any) -> None:
        colours = tuple(player["colour"] for player in view["players"])
        if self.seat_rows(colours, self.ids.heads, self.ids.players, len(COUNTS) + 2, _row, _head):
            self._fit_rows()
        for widget, head in zip(self._heads, ("", "", *HEADS), strict=True):
            widget.text = app.tr(head) if head else ""
        given = names(view)
        for player, (chip, state, *cells) in zip(view["players"], self._rows, strict=True):
            chip.text = _escape(given.get(player["colour"]) or app.tr(Cap(Word(player["colour"]))))
            words = app.tr(_state_words(player, awaited, view))
            if state.text != words:
                state.text = words
                _fit_state(state)
            for cell, key in zip(cells, COUNTS, strict=True):
                cell.text = str(player[key])

    def _fit_rows(self) -> None:
        """Rows as tall as the space gives them (30 to 64 dp), fonts with them; the heading's
        columns as wide as the rows' (name, state, then the counts)."""
        grid, area = self.ids.players, self.ids.players_area
        count = len(self._seated)
        if not count:
            return
        head = self.ids.heads.height
        row = max(dp(30), min(dp(64), (area.height - head - dp(2) * count) / count))
        grid.row_default_height = row
        scale = row / dp(34)
        width = area.width
        gaps = grid.spacing[0] * (len(COUNTS) + 1)
        widths = [(width - gaps) * NAME_SHARE, (width - gaps) * STATE_SHARE]
        widths += [(width - gaps) * (1 - NAME_SHARE - STATE_SHARE) / len(COUNTS)] * len(COUNTS)
        for chip, state, *cells in self._rows:
            chip.size = (widths[0], row)
            chip.font_size = sp(theme.SMALL_SP) * scale
            state.largest = sp(theme.SMALL_SP - 2) * min(scale, 1.4)
            for cell, column in zip((state, *cells), widths[1:], strict=True):
                cell.size_hint_x, cell.width = None, column
            for cell in cells:
                cell.font_size = sp(theme.BODY_SP) * scale
            state.height = row
            _fit_state(state)
        for head_cell, column in zip(self._heads, widths, strict=True):  # "Mauern" fits
            head_cell.size_hint_x, head_cell.width = None, column
            head_cell.font_size = max(sp(10), min(sp(theme.SMALL_SP - 2) * scale, column * 0.23))
        self.ids.fields.height = max(dp(52), min(dp(110), self.height * 0.14))

    # ----------------------------------------------------------------------------- choices
    def arranged(self, app: Any, now: Any, buttons: list[Any]) -> list[Any]:
        """Four choices or more (the Black Knight's, a field several players share, six players to
        choose): two to a row, so that they stand on one page where one to a row would need two. A
        player's own choices share rows (the rest of a row stays free rather than hold another's);
        one choice each: two players to a row."""
        if len(buttons) < PAIRED_FROM:
            return buttons
        groups = [list(group) for _, group in groupby(buttons, key=lambda button: button.option.player)]
        if all(len(group) == 1 for group in groups):
            groups = [buttons]
        rows: list[Any] = []
        for group in groups:
            for start in range(0, len(group), 2):
                two = group[start : start + 2]
                rows.append(_pair(two) if len(two) == 2 else two[0])
        return rows

    def open_dialog(self, name: str | None, **args: Any) -> Dialog | None:
        if name == "pay":
            return self._pay(args["command"])
        return super().open_dialog(name, **args)

    def _pay(self, command: Any) -> Dialog | None:
        """Which coins pay for ``command``: asked only when there is more than one way; a
        document drawn from the table's own deck is entered behind the cover after."""
        table = running_app().table
        assert table is not None  # the board's guide offers payments only while the game runs
        ways = table.alternatives(command)  # never empty: [command] when nothing is to choose
        then = self._entered if _real_card(self.view, command) else None
        if len(ways) == 1:
            if then is not None:
                return then(ways[0])
            table.submit(ways[0])
            return None

        def asks() -> bool:
            return self.offered("pay", {"command": command})

        dialog: Dialog = dialogs.PayDialog(command.player, self.view, ways, asks=asks, then=then)
        dialog.bind(on_dismiss=lambda *_: self.refresh())
        return dialog.open_now()

    def _entered(self, command: Any) -> Dialog:
        """A document drawn from the table's own deck, the coins chosen: which card, behind the cover."""
        pay = {"command": replace(command, payment=None)}
        dialog = cards.EntryCover(command, self.view, asks=lambda: self.offered("pay", pay))
        dialog.bind(on_dismiss=lambda *_: self.refresh())
        return dialog.open_now()

    def check(self) -> None:
        """The table check, from the bar or at a round's end: one at a time. A check still open (a
        round ended while it was shown) shows the table as it stands now instead of a second one
        opening over it. The board keeps its check and opens it again with the new counts: a new
        check each round left its widgets and their drawings behind until a full collection."""
        if running_app().table is None:
            return
        if self._check is None:
            self._check = TableCheck()  # made with its overview
        else:
            self._check.overview()
        if not self._check._is_open:
            self._check.open_now()

    def documents(self) -> None:
        """Ask whose documents to show, behind the cover."""
        self.whose(Message("Whose documents? Tap your name."), "documents")


class ChoiceRow(GridLayout):
    """Two choices side by side, the row as tall as the taller one's words."""

    def __init__(self, buttons: list[Any]) -> None:
        super().__init__(cols=2, spacing=dp(6), size_hint_y=None)
        self.bind(minimum_height=self.setter("height"))
        for button in buttons:
            self.add_widget(button)


def _pair(buttons: list[Any]) -> ChoiceRow:
    return ChoiceRow(buttons)


def _row(colour: str) -> tuple[Any, ...]:
    """A player's cells in the grid: the name's chip, what the player is at, the counts."""
    return (Chip(colour=colour), _cell(small=True), *(_cell() for _ in COUNTS))


def _fit_state(state: Label) -> None:
    """What a player is at in two lines of its cell at most, by a smaller font where needed ("Verlies,
    2 + 4" in a narrow column), no word broken."""
    largest = getattr(state, "largest", state.font_size)
    sizes = sizes_between(largest, min(largest, sp(9)))
    style = {"font_name": state.font_name, "halign": "center"}
    state.font_size = largest_font(state.text, state.width, state.height, 2, sizes, **style) or sizes[-1]


def _head() -> Label:
    return _cell(small=True, one_line=True)


def _state_words(player: PlayerView, awaited: Any, view: GluecksritterView) -> Any:
    """What the row says beside the name: the dungeon, "chosen" or the revealed cards; at the end
    only who won."""
    if view["winners"]:
        return Message("wins!") if player["colour"] in view["winners"] else ""
    words: list[Text] = []
    if player["knight_in_dungeon"]:
        words.append(Message("dungeon"))
    if player["pick"]:
        words.append(" + ".join(str(card) for card in player["pick"]))
    elif player["colour"] in awaited.locked or (player["has_chosen"] and view["phase"] in ("B", "C", "D")):
        words.append(Message("chosen"))
    return Join(*words, last=False) if words else ""


def _real_card(view: GluecksritterView, command: Any) -> bool:
    """A document to be drawn from the table's own deck: the card drawn is entered behind the cover."""
    from engines.gluecksritter.commands import TakeDocument

    return bool(view.get("real_documents")) and isinstance(command, TakeDocument)


def _escape(text: str) -> str:
    from kivy.utils import escape_markup

    return escape_markup(text)


def _cell(small: bool = False, one_line: bool = False) -> Label:
    label = Label(
        color=theme.INK,
        font_size=sp(theme.SMALL_SP if small else theme.BODY_SP),
        bold=not small,
        halign="center",
        valign="middle",
        shorten=one_line,
    )
    label.bind(size=lambda widget, size: setattr(widget, "text_size", size))  # wrapped to its cell, never cut
    return label


class _Field(Label):
    """One field of the board: its number (and the coins on it), dark while it is settled."""

    text: str  # Label's property

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(bold=True, markup=True, halign="center", valign="middle", **kwargs)
        from kivy.graphics import Color, Rectangle

        self.active: bool | None = None
        with self.canvas.before:
            self._colour = Color(*theme.PAPER_DARK)
            self._square = Rectangle()
        self.bind(pos=self._place, size=self._place)

    def _place(self, *_: Any) -> None:
        self._square.pos = (self.x + dp(2), self.y + dp(2))
        self._square.size = (self.width - dp(4), self.height - dp(4))
        self.font_size = self.height * 0.36
        self.text_size = self.size

    def show(self, text: str, *, active: bool) -> None:
        if self.text != text:
            self.text = text
        if self.active != active:
            self.active = active
            self.color = (1, 1, 1, 1) if active else theme.INK
            self._colour.rgba = theme.WOOD if active else theme.PAPER_DARK

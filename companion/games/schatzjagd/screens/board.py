"""The table: a panel per henchman with its life, gold, strength and weapons as big numbers in the
counter rows' colours (green, yellow, red, blue), where it stands and what it carries, the cards
on the board by place and the piles, and beside them the part of the turn with the choices the
rules leave now (:mod:`.guide`), the roll controls when a die is awaited, and what just happened.

A value that the last step pushed past 0 or 15 shows what was lost beside it until the next step.
At 800×480 four henchmen fit; at 1280×720 the rows and numbers grow into the space.
"""

from __future__ import annotations

from typing import Any

from kivy.graphics import Color, Line, Rectangle
from kivy.metrics import dp, sp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.widget import Widget
from kivy.utils import escape_markup

from companion.app import theme
from companion.app.people import names
from companion.app.pieces.columns import cell, widths
from companion.app.pieces.dialog import Dialog
from companion.app.pieces.lines import FittedLabel, fits, largest_font, sizes_between  # noqa: F401 - FittedLabel in board.kv
from companion.app.pieces.table import GameTable
from companion.app.room import running_app
from companion.app.widgets import Chip
from companion.games.schatzjagd.screens import covers, dialogs
from companion.games.schatzjagd.screens.guide import PARTS, short_place, step, walls_name, who
from companion.i18n import Cap, Join, Message, Plural, Word
from companion.table.notices import Happened, Moved
from engines.schatzjagd.view_types import Counter, HenchmanView, SchatzjagdView

VALUES: tuple[Counter, ...] = ("life", "gold", "strength", "weapons")
HEADS = (
    Message("Life"),
    Message("Gulden"),
    Message("Strength"),
    Message("Weapons"),
    Message("Hand"),
    Message("Treasures"),
)
COUNTER_ROWS = {"life": "green", "gold": "yellow", "strength": "red", "weapons": "blue"}  # the castles' rows
SHARES = (0.175, 0.155, 0.115, 0.115, 0.115, 0.115, 0.09, 0.12)  # name, place, the values, hand, treasures


class TableScreen(GameTable[SchatzjagdView]):
    screen_name = "schatzjagd-table"
    kv_file = __file__
    # Each dialog a choice opens: (screen, player, the choice's args, what it answers) -> dialog.
    DIALOGS = {
        "travel": lambda s, p, a, asks: dialogs.PlaceDialog(p, a["die"], s.view, asks=asks),
        "teleport": lambda s, p, a, asks: dialogs.PlaceDialog(p, a["die"], s.view, portal=True, asks=asks),
        "reveal": lambda s, p, a, asks: dialogs.RevealDialog(p, s.view, asks=asks),
        "special": lambda s, p, a, asks: dialogs.SpecialDialog(p, s.view, asks=asks),
        "healer": lambda s, p, a, asks: dialogs.HealerDialog(p, s.view, asks=asks),
        "smith": lambda s, p, a, asks: dialogs.SmithDialog(p, s.view, asks=asks),
        "spell": lambda s, p, a, asks: dialogs.SpellDialog(p, s.view, asks=asks),
        "place-card": lambda s, p, a, asks: dialogs.SlotDialog(p, s.view, asks=asks),
        "remove-card": lambda s, p, a, asks: dialogs.RemoveDialog(p, s.view, asks=asks),
        "pick-up": lambda s, p, a, asks: covers.PickUpCover(p, s.view, asks=asks),
        "dig": lambda s, p, a, asks: covers.DigCover(p, s.view, asks=asks),
        "hide": lambda s, p, a, asks: covers.HideCover(p, s.view, asks=asks),
        "plunder": lambda s, p, a, asks: covers.PlunderCover(p, a["die"], s.view, asks=asks),
        "treasures-of": lambda s, p, a, asks: covers.TreasuresCover(p, s.view),
        "correct": lambda s, p, a, asks: dialogs.CorrectDialog(s.view),
    }

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.lost: dict[tuple[str, str], int] = {}
        self._board_texts: list[str] = []
        self._headings: list[str] = []
        self.ids.henchmen.bind(size=lambda *_: self._fit())
        self.ids.board.bind(size=self._fit_board)
        self.ids.heading.bind(size=self._fit_heading)

    # ----------------------------------------------------------------------------- drawing
    def step_now(self, table: Any, view: SchatzjagdView, awaited: Any) -> Any:
        return step(view, awaited, table.kept())

    def heading(self, view: SchatzjagdView, now: Any) -> Any:
        """The day, whose turn and the part of it; where the three do not fit, the day and whose turn."""
        app = running_app()
        player = who(view["current"], view)
        texts = [
            Message("Day {day} · {player} · {part}", day=view["day"], player=player, part=PARTS[now.part]),
            Message("Day {day} · {player}", day=view["day"], player=player),
        ]
        self._headings = [app.tr(text) for text in texts]
        return texts[self._heading_index()]

    def _heading_index(self) -> int:
        label = self.ids.heading
        style = {"font_name": label.font_name, "bold": label.bold, "halign": label.halign}
        for index, text in enumerate(self._headings):
            if fits(text, label.font_size, label.width, label.height, 1, **style):
                return index
        return len(self._headings) - 1

    def _fit_heading(self, *_: Any) -> None:
        if self._headings:
            self.ids.heading.text = self._headings[self._heading_index()]

    def draw_table(self, app: Any, view: SchatzjagdView, awaited: Any, now: Any) -> None:
        self.draw_henchmen(app, view)
        self.draw_board(app, view)

    def _heard(self, notice: Any) -> None:
        """What the last step pushed past the limits, shown beside the value until the next step."""
        if isinstance(notice, Happened):
            died = {e.get("player") for e in notice.events if e.get("type") == "henchman-died"}
            self.lost = {
                (e["player"], e["counter"]): e["lost"]
                for e in notice.events
                if e.get("type") == "counter-changed" and e.get("lost") and e.get("player") not in died
            }
        elif isinstance(notice, Moved):
            self.lost = {}

    def draw_henchmen(self, app: Any, view: SchatzjagdView) -> None:
        box = self.ids.henchmen
        colours = tuple(p["colour"] for p in view["players"])
        if self.seat_rows(colours, self.ids.heads, box, len(SHARES), _Row):
            box.add_widget(Widget())  # what the rows leave stays below them
            self._fit()
        for label, head in zip(self._heads, ("", "", *HEADS), strict=True):
            label.text = app.tr(head) if head else ""
        self._fit_heads()
        given = names(view)
        fight = view["fight"]
        fighters = (fight["henchman"], fight["opponent"]) if fight is not None else ()
        for player, row in zip(view["players"], self._rows, strict=True):
            colour = player["colour"]
            name = given.get(colour) or app.tr(Cap(Word(colour)))
            row.show(app, player, name, current=colour == view["current"], winner=view.get("winner") == colour,
                     fighting=colour in fighters, lost=self.lost)  # fmt: skip

    def _fit(self) -> None:
        """Rows as tall as the space gives them, numbers with them; the heading's columns as the rows'."""
        count = len(self._rows)
        if not count:
            return
        area = self.ids.henchmen
        height = max(dp(44), min(dp(200), (area.height - dp(3) * (count - 1)) / count))
        for row in self._rows:
            row.fit(area.width, height)
        widths = _widths(area.width)
        for label, width in zip(getattr(self, "_heads", ()), widths, strict=True):
            label.size_hint_x, label.width = None, width
        self._fit_heads()

    def _fit_heads(self) -> None:
        """One font for the columns' heads, the largest at which each fits its column on one line."""
        heads = [label for label in getattr(self, "_heads", ()) if label.text]
        sizes = sizes_between(sp(theme.SMALL_SP), sp(9))
        font = min(
            (largest_font(label.text, label.width - dp(2), label.height, 1, sizes, bold=label.bold) or sp(9))
            for label in heads
        ) if heads else sp(theme.SMALL_SP)  # fmt: skip
        for label in getattr(self, "_heads", ()):
            label.font_size = font

    def draw_board(self, app: Any, view: SchatzjagdView) -> None:
        """The cards on the board, the treasures lying and the piles in their fixed box: the most
        words that fit it (every card by place; else the cards turned up and the face-down ones
        counted; else only counts), the whole list a tap away on the cards' button."""
        board = view["board"]
        self.ids.cards.text = app.tr(Message("Cards\n{n}", n=len(board)))
        self.ids.cards.disabled = not board
        loose: dict[str, list[bool]] = {}
        for treasure in view["loose"]:
            loose.setdefault(treasure["place"], []).append(treasure["guarded"])
        lying = [
            app.tr(
                Plural(
                    "{place}: {n} treasure, guarded",
                    "{place}: {n} treasures, guarded",
                    len(g),
                    place=short_place(place),
                )
                if any(g)
                else Plural("{place}: {n} treasure", "{place}: {n} treasures", len(g), place=short_place(place))
            )
            for place, g in loose.items()
        ]
        piles = view["piles"]
        pile_lines = [
            Message(
                "Draw pile {draw} · discard {discard} · maps used {maps} · treasure stack {stack}",
                draw=piles["draw"], discard=piles["discard"], maps=piles["used_maps"], stack=piles["treasures"],
            ),
            Message(
                "Piles: draw {draw} · discard {discard} · maps {maps} · treasures {stack}",
                draw=piles["draw"], discard=piles["discard"], maps=piles["used_maps"], stack=piles["treasures"],
            ),
        ]  # fmt: skip
        up = [card for card in board if not card["face_down"]]
        down = [card["field"] for card in board if card["face_down"]]
        shown_up = ", ".join(app.tr(dialogs.card_words(card)) for card in up)
        counted = Message("{up} turned up, {down} face down", up=len(up), down=len(down))
        face_down = (
            app.tr(Message("face down: {places}", places=", ".join(down))),
            app.tr(Plural("{n} face down", "{n} face down", len(down))),
        )
        card_lines = (
            [", ".join(part for part in (shown_up, words if down else "") if part) for words in face_down]
            + [app.tr(counted)]
            if board
            else [app.tr(Message("No card on the board."))]
        )
        lying_lines = (
            [
                app.tr(Message("Treasures lying: {places}", places=", ".join(lying))),
                app.tr(Plural("{n} treasure lying", "{n} treasures lying", len(view["loose"]))),
            ]
            if lying
            else [""]
        )
        candidates = [
            "\n".join(line for line in (cards, treasures, app.tr(pile)) if line)
            for cards in card_lines
            for treasures in lying_lines
            for pile in pile_lines
        ]
        self._board_texts = candidates  # the most words first: the cards', then the treasures', then the piles'
        self._fit_board()

    def _fit_board(self, *_: Any) -> None:
        label = self.ids.board
        texts = getattr(self, "_board_texts", None)
        if not texts or label.width <= 1:
            return
        style = {"font_name": label.font_name, "bold": label.bold, "halign": label.halign}
        width, height = label.width - 2 * label.gap, label.height - dp(2)
        label.whole = next(
            (text for text in texts if fits(text, label.smallest, width, height, label.lines, **style)), texts[-1]
        )

    def all_cards(self) -> None:
        """Every card on the board by place, on a page of its own."""
        if self.view.get("board"):
            dialogs.CardsDialog(self.view).open_now()

    # ----------------------------------------------------------------------------- choices
    def open_dialog(self, name: str | None, **args: Any) -> Dialog | None:
        if name == "roll-again":  # the kept die rolled again: no dialog, the step drawn anew
            table = running_app().table
            assert table is not None  # the board's guide offers it only while the game runs
            table.cancel_roll()
            self.refresh()
            return None
        return super().open_dialog(name, **args)

    def correct(self) -> None:
        """A henchman's values or place set by hand."""
        self.open_dialog("correct")

    def treasures(self) -> None:
        """Ask whose treasures to show, behind the cover."""
        self.whose(Message("Whose treasures? Tap your name."), "treasures-of")


def _widths(width: float) -> list[float]:
    return widths(width, SHARES, 3)


class _Value(Label):
    """One counter: the number big on the counter row's colour, what the limits swallowed below."""

    def __init__(self, counter: str, **kwargs: Any) -> None:
        super().__init__(bold=True, markup=True, halign="center", valign="middle", **kwargs)
        self.color = theme.text_on(COUNTER_ROWS[counter])
        with self.canvas.before:
            Color(*theme.player_colour(COUNTER_ROWS[counter]))
            self._square = Rectangle()
        self.bind(pos=self._place, size=self._place)

    def _place(self, *_: Any) -> None:
        self._square.pos, self._square.size = self.pos, self.size
        self.text_size = self.size


class _Row(BoxLayout):
    """One henchman: name, where it is and what it carries, its four values."""

    def __init__(self, colour: str, **kwargs: Any) -> None:
        super().__init__(spacing=dp(3), **kwargs)
        self.colour = colour
        self.chip = Chip(colour=colour)
        self.info = Label(color=theme.INK, halign="left", valign="middle", markup=True)
        self.info.bind(size=lambda widget, size: setattr(widget, "text_size", (size[0] - dp(4), size[1])))
        self.values = {counter: _Value(counter) for counter in VALUES}
        self.hand, self.treasures = cell(), cell()
        for widget in (self.chip, self.info, *self.values.values(), self.hand, self.treasures):
            self.add_widget(widget)
        self.number_size = sp(30)
        self.info_size = sp(14)
        self._plain = ""
        self.info.bind(size=self._fit_info)
        self._current = False
        with self.canvas.before:  # the row of the henchman whose turn it is, on a band of its own
            self._band_colour = Color(0, 0, 0, 0)
            self._band = Rectangle()
            self._edge_colour = Color(0, 0, 0, 0)
            self._edge = Line(width=dp(1.5))
        self.bind(pos=self._draw_band, size=self._draw_band)

    def _fit_info(self, *_: Any) -> None:
        """Every word of the place and the status whole: a long place name in a smaller font."""
        sizes = sizes_between(self.info_size, sp(9))
        width, height = self.info.width - dp(4), self.info.height
        self.info.font_size = largest_font(self._plain, width, height, 4, sizes, bold=True) or sp(9)

    def _draw_band(self, *_: Any) -> None:
        self._band_colour.rgba = theme.PAPER_DARK if self._current else (0, 0, 0, 0)
        self._edge_colour.rgba = theme.WOOD if self._current else (0, 0, 0, 0)
        self._band.pos, self._band.size = self.pos, self.size
        self._edge.rectangle = (self.x + dp(1), self.y + dp(1), self.width - dp(2), self.height - dp(2))

    def fit(self, width: float, height: float) -> None:
        self.size_hint_y, self.height = None, height
        columns = (self.chip, self.info, *self.values.values(), self.hand, self.treasures)
        for widget, column in zip(columns, _widths(width), strict=True):
            widget.size_hint_x, widget.width = None, column
        self.chip.size_hint_y, self.chip.height = None, height
        self.info_size = max(sp(11), min(sp(16), height / 4.5))  # four lines fit
        for label in (self.hand, self.treasures):
            label.font_size = min(height * 0.35, self.hand.width * 0.45, sp(30))
        self.number_size = min(height * 0.55, self.values["life"].width * 0.5, sp(72))

    def show(self, app: Any, player: HenchmanView, name: str, *, current: bool, winner: bool, fighting: bool,
             lost: dict[tuple[str, str], int]) -> None:  # fmt: skip
        self._current = current and not winner
        self._draw_band()
        self.chip.text = escape_markup(name)
        self.chip.font_size = min(self.info_size * 1.3, self.chip.width / max(4, len(self.chip.text)) * 1.7)
        where: Any = short_place(player["place"])
        if player["before"]:
            where = Join(where, walls_name(player["before"]), last=False)
        lines = [f"[b]{escape_markup(app.tr(where))}[/b]"]
        status: list[Any] = []
        if player["poison"]:
            status.append(Message("poison: −{n} life a day", n=player["poison"]))
        if fighting:
            status.append(Message("fighting"))
        if winner:
            status.append(Message("has won!"))
        lines += [escape_markup(app.tr(text)) for text in status]
        self.info.text = "\n".join(lines)
        self._plain = "\n".join(app.tr(text) for text in (where, *status))
        self._fit_info()
        self.hand.text = f"[b]{player['hand']}[/b]"
        hidden = app.tr(Message("{n} hidden", n=player["hidden"]))
        self.treasures.text = (
            f"[b]{player['treasures']}[/b]\n[size={int(max(sp(10), self.hand.font_size * 0.5))}]{hidden}[/size]"
        )
        for counter, label in self.values.items():
            value = str(player[counter])
            gone = lost.get((player["colour"], counter))
            label.font_size = self.number_size
            if gone:  # the number smaller, what the limits swallowed under it in the font that fits
                note = app.tr(Message("{n} lost", n=gone))
                sizes = sizes_between(max(sp(9), self.number_size * 0.4), sp(9))
                small = largest_font(note, label.width - dp(4), label.height * 0.45, 2, sizes, bold=True) or sp(9)
                label.font_size = min(self.number_size, label.height * 0.45)
                value += f"\n[size={int(small)}]{escape_markup(note)}[/size]"
            label.text = value

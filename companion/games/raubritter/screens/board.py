"""The table: the landscape as a grid (:mod:`.landscape`) on the left, pannable and zoomable, with
the cells where the next tile may go highlighted and a march drawn before it is confirmed; on the
right what to do now beside "Whole layout", a line per player (tiles and knights left, the live
score), the choices the rules leave now (:mod:`.guide`) and what just happened.

At 800×480 with four players every choice of a step stands on one page: the nine kinds, "End the
turn" and "Surrender" in a grid of four columns, each button of one fixed size (a finger's height,
its words fitted by a smaller font), so a kind that runs out stays where it was, greyed with its
reason in place of its count; the players' lines are as high as the room the choices leave; the
landscape's column no wider than its square needs.

A tap on the grid lays the tile chosen (or, while correcting, opens what is really there); a tap
on a cell where the rules let nothing lie sends the tile anyway, so the table hears the rules'
own reason. Without a kind chosen, a tap on a tile says what it is and whom it scores for.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any, cast

from kivy.factory import Factory
from kivy.metrics import dp, sp
from kivy.properties import NumericProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label
from kivy.uix.widget import Widget
from kivy.utils import escape_markup

from companion.app import theme
from companion.app.pieces.columns import cell, widths
from companion.app.pieces.dialog import Dialog, MessageDialog
from companion.app.pieces.lines import fitting_font
from companion.app.pieces.table import GameTable
from companion.app.room import running_app
from companion.app.widgets import Chip
from companion.games.raubritter import score
from companion.games.raubritter.happenings import knights_bottom_to_top
from companion.games.raubritter.screens import dialogs
from companion.games.raubritter.screens.guide import (
    STAY,
    Pending,
    at,
    key_of,
    kinds_to_lay,
    step,
    tile_name,
    who,
)
from companion.games.raubritter.screens.landscape import TERRAIN_COLOURS, Landscape  # noqa: F401 - the grid in board.kv
from companion.i18n import Join, Message, Plural
from companion.table.notices import Happened, Moved
from engines.raubritter.commands import LayTile
from engines.raubritter.rules import POINTS, building, terrain
from engines.raubritter.view_types import PlayerView, RaubritterView

HEADS = (Message("Tiles"), Message("Knights"), Message("Points"))
SHARES = (0.46, 0.18, 0.18, 0.18)  # name, tiles, knights, points


class RaubritterScreen(GameTable[RaubritterView]):
    screen_name = "raubritter-table"
    kv_file = __file__
    HAPPENED = 3
    DIALOGS = {
        "surrender": lambda screen, player, args, asks: dialogs.SurrenderDialog(screen.view, asks=asks),
        "hand": lambda screen, player, args, asks: dialogs.HandDialog(screen.view),
    }
    scale = NumericProperty(1.0)
    """Texts and choices grow with a window taller than the Pi's 480 pixels (to 1.4 times)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.pending = Pending()
        self.info: Any = None  # what a tap on a tile said, until the next step
        self._fresh = False
        self._table: Any = None  # the table drawn last: another one is a new game
        ids = self.ids
        ids.grid.bind(on_cell=lambda _grid, x, y: self.tapped(x, y))
        heading = ids.heading.__self__  # the frame's heading: the prompt beside "Whole layout" says it
        heading.size_hint_x, heading.width, heading.opacity = None, 0, 0
        self.bind(height=lambda _screen, height: setattr(self, "scale", min(1.4, max(1.0, height / dp(500)))))
        for widget, names in (
            (ids.players, ("width",)),
            (ids.guide_column, ("height",)),
            (ids.body, ("size",)),
            (ids.happened, ("height",)),
            (ids.prompt, ("height",)),
            (self, ("scale",)),
        ):
            for name in names:
                widget.bind(**{name: lambda *_: self._fit()})

    # ----------------------------------------------------------------------------- drawing
    def take_in(self, table: Any, view: RaubritterView) -> None:
        if table is not self._table:  # a new game: nothing said or chosen in the one before stays
            self._table = table
            self.info, self.pending, self.view = None, Pending(), cast(RaubritterView, {})  # none drawn yet
        self._fresh = not self.view or len(view["cells"]) < len(self.view.get("cells", ()))
        if self.pending.key != key_of(view):  # the game moved on: a correction goes on, a tile is forgotten
            self.pending = Pending(key_of(view), correcting=self.pending.correcting)
        self._take_up(table, view)
        table.hold_step(_held(self.pending))  # a castle on the board before its march: kept over a power cut

    def step_now(self, table: Any, view: RaubritterView, awaited: Any) -> Any:
        return step(view, self.pending)

    def heading(self, view: RaubritterView, now: Any) -> Any:
        return ""  # the prompt beside "Whole layout" says whose turn it is, and what to do

    def prompt_words(self, view: RaubritterView, now: Any) -> Sequence[Any]:
        return ()  # at the top of the column, beside "Whole layout" (draw_table)

    def draw_table(self, app: Any, view: RaubritterView, awaited: Any, now: Any) -> None:
        self.draw_players(app, view)
        self.ids.grid.show(
            view,
            targets=now.targets,
            march=list(now.march) if now.march else None,
            pending=now.ghost,
            selected=self.pending.moving,
        )
        if self._fresh:
            self.ids.grid.zoom_all()
        self.ids.whole.text = app.tr(Message("Whole layout"))
        self.ids.asked.whole = app.tr(now.prompt)

    def said(self, app: Any) -> Sequence[Any]:
        return [self.info] if self.info is not None else app.happened[: self.HAPPENED]

    def _heard(self, notice: Any) -> None:
        if isinstance(notice, Happened | Moved):
            self.info = None

    def _take_up(self, table: Any, view: RaubritterView) -> None:
        """A castle laid on the board whose march was not confirmed when the power went off: laid
        again on the screen, its march asked again."""
        held = table.resumed_step()
        pending = _pending(held, view) if held is not None else None
        if pending is None:
            return
        self.pending = pending
        assert pending.cell is not None
        self.info = Message(
            "Before the power failure {player} laid a castle at {cell}; its march is asked again.",
            player=who(view["current"], view),
            cell=at(*pending.cell),
        )

    def draw_players(self, app: Any, view: RaubritterView) -> None:
        colours = tuple(p["colour"] for p in view["players"])
        if self.seat_rows(colours, self.ids.heads, self.ids.players, len(SHARES), _Row):
            self._fit()
        for label, head in zip(self._heads, ("", *HEADS), strict=True):
            label.text = app.tr(head) if head else ""
        points = score.points(view)
        for player, row in zip(view["players"], self._rows, strict=True):
            colour = player["colour"]
            row.show(
                app,
                player,
                app.tr(who(colour, view)),
                points.get(colour, 0),
                current=colour == view["current"],
                winner=colour in (view.get("winners") or ()),
            )

    def _fit(self) -> None:
        """The landscape's column as wide as its square (at most ``left_share``), and the players'
        lines as high as the room the choices leave: three rows of buttons a finger high."""
        ids = self.ids
        body, grid = ids.body, ids.grid.__self__
        grid.size_hint_x = None
        grid.width = min(body.width * self.left_share, body.height * SQUARE)
        count = len(self._rows)
        if not count:
            return
        area = self.ids.players
        room = (
            ids.guide_column.height
            - self.heading_height
            - ids.heads.height
            - 2 * dp(4)  # the frame's spacing around the heads
            - 3 * self.guide_spacing
            - ids.prompt.height
            - ids.happened.height
            - choices_height(3, self.scale)
            - dp(2)
        )
        height = max(dp(18), min(dp(40) * self.scale, (room - dp(2) * (count - 1)) / count))
        area.height = height * count + dp(2) * (count - 1)
        for row in self._rows:
            row.fit(area.width, height)
        for label, width in zip(getattr(self, "_heads", ()), _widths(area.width), strict=True):
            label.size_hint_x, label.width = None, width

    def drawn_with(self) -> tuple[Any, ...]:
        return (self.scale,)

    def button(self, option: Any, text: str, why: str | None) -> Any:
        """A choice's button of one fixed size, a finger high, whatever it says (never grown by its
        words: its font is made smaller until they fit in two lines), so none pushes another; a
        kind's says its name over the count left, or, greyed, over the reason it cannot be laid."""
        button = (Factory.Big if option.main else Factory.Quiet)(text=text)
        button.height = dp(theme.TOUCH_DP) * self.scale
        kind = option.args.get("kind") if option.dialog == "kind" else None
        if why:
            button.text = f"{running_app().tr(tile_name(kind))}\n{why}" if kind else f"{text}\n{why}"
            button.disabled = True
        elif kind:
            _as_tile(button, kind)
        elif option.player and option.main:
            button.background_color = theme.player_colour(option.player)
            button.color = theme.text_on(option.player)
        button.option = option
        button.bind(on_release=lambda pressed: self.choose(pressed.option))
        largest = sp(theme.SMALL_SP) * self.scale
        fit = lambda b, *_: setattr(b, "font_size", fitting_font(b, largest, sp(10)))  # noqa: E731
        button.bind(size=fit, text_size=fit)
        button.font_size = largest
        return button

    def arranged(self, app: Any, now: Any, buttons: list[Any]) -> list[Any]:
        """A step's choices in one grid, the quiet ones (back, end the turn, surrender) after the
        others in it, so that all of them fit one page at 800×480: the kinds in four columns with
        "End the turn" and "Surrender" each in its place whether offered or not, the knight counts
        in four, the ways and the splits in three; at the end, the ranking."""
        groups = [_group(button.option) for button in buttons]
        group = next((g for g in groups if g not in (None, "quiet")), "quiet")
        if group == "kind" and not any(b.option.dialog is None and not b.option.main for b in buttons):
            room = Widget(size_hint_y=None, height=dp(theme.TOUCH_DP) * self.scale)
            buttons = [*buttons[:-1], room, buttons[-1]]  # "End the turn" keeps its place before "Surrender"
            groups = [*groups[:-1], "quiet", groups[-1]]
        grid = _grid(COLUMNS[group])
        widgets: list[Any] = []
        for button, kind in zip(buttons, groups, strict=True):
            if kind is None:
                widgets.append(button)
                continue
            if grid.parent is None and not grid.children:
                widgets.append(grid)
            grid.add_widget(button)
        if now.part == "over":  # the end: the ranking with its tie-breaks, in words
            widgets += [_standing(app.tr(text), self.scale) for text in score.standing(self.view)]
        return widgets

    # ----------------------------------------------------------------------------- choices
    def open_dialog(self, name: str | None, **args: Any) -> Dialog | None:
        """A choice of the guide: most only move the tile being laid on by a step."""
        view, pending = self.view, self.pending
        self.info = None
        if name == "kind":
            self.pending = Pending(key_of(view), kind=args["kind"])
        elif name == "cell":
            self.pending = Pending(key_of(view), kind=pending.kind, cell=args["cell"])
        elif name == "knights":
            self.pending = replace(pending, knights=args["knights"], direction=None, drops=None)
        elif name == "direction":
            self.pending = replace(pending, direction=args["direction"], drops=None)
        elif name == "drops":
            self.pending = replace(pending, drops=args["drops"])
        elif name == "correcting":
            self.pending = Pending(key_of(view), correcting=bool(args["on"]))
        else:
            return super().open_dialog(name, **args)
        self.refresh()
        return None

    def tapped(self, x: int, y: int) -> None:
        """A finger on the grid's cell (x, y)."""
        app = running_app()
        view, pending = self.view, self.pending
        if app.table is None or not view:
            return
        now = step(view, pending)
        if pending.correcting:
            if pending.moving is not None:
                if dialogs.move_tile(pending.moving, (x, y), pending.reason):
                    self.pending = Pending(key_of(view), correcting=True)
                self.refresh()
                return
            dialog = dialogs.CorrectTileDialog(view, (x, y), self.move_from)
            dialog.bind(on_dismiss=lambda *_: self.refresh())
            dialog.open_now()
            return
        current = view["current"]
        if pending.kind is not None and pending.cell is None and now.part != "over" and current is not None:
            if (x, y) in now.targets and building(pending.kind) == "castle":
                self.pending = replace(pending, cell=(x, y))
                self.refresh()
                return
            app.table.submit(LayTile(current, pending.kind, x, y))  # the rules say why, if not
            return
        self.info = _tile_info(view, x, y)
        self.refresh()

    def move_from(self, cell: tuple[int, int], reason: Any) -> None:
        """Correcting: the tile at ``cell`` lies elsewhere; the next tap on the grid says where."""
        self.pending = Pending(key_of(self.view), correcting=True, moving=cell, reason=reason)
        self.refresh()

    # ----------------------------------------------------------------------------- the bar
    def zoom_all(self) -> None:
        self.ids.grid.zoom_all()

    def correct(self) -> None:
        self.open_dialog("correcting", on=not self.pending.correcting)

    def scores(self) -> None:
        """What every tile scores for whom, player by player."""
        MessageDialog(Message("The score now"), score_lines(self.view)).open_now()


def score_lines(view: RaubritterView) -> list[Any]:
    """The standing in words (tie-breaks spelled out), then per player each tile that scores."""
    by_player: dict[str, list[Any]] = {}
    kinds = {(c["x"], c["y"]): c["kind"] for c in view["cells"]}
    for x, y, points, colour in score.tiles(view):
        if colour is not None:
            by_player.setdefault(colour, []).append(
                Message("{kind} at {at}: {n}", kind=tile_name(kinds[x, y]), at=at(x, y), n=points)
            )
    lines: list[Any] = list(score.standing(view))
    for player in view["players"]:
        colour = player["colour"]
        tiles = by_player.get(colour)
        lines.append(
            Message("{player}: {tiles}", player=who(colour, view), tiles=Join(*tiles, last=False))
            if tiles
            else Message("{player}: no tile scores for them now.", player=who(colour, view))
        )
    return lines


def _tile_info(view: RaubritterView, x: int, y: int) -> Any:
    cell = next((c for c in view["cells"] if (c["x"], c["y"]) == (x, y)), None)
    if cell is None:
        return Message("No tile at {at}.", at=at(x, y))
    kind = building(cell["kind"])
    stack = list(cell["stack"])
    knights = knights_bottom_to_top([who(colour, view) for colour in stack])
    if stack and kind is not None:
        return Plural(
            "{kind} at {at}, from {owner}'s pile: {n} knight, {stack}; it scores {points} for {top}.",
            "{kind} at {at}, from {owner}'s pile: {n} knights, {stack}; it scores {points} for {top}.",
            len(stack),
            kind=tile_name(cell["kind"]),
            at=at(x, y),
            owner=who(cell["owner"], view),
            stack=knights,
            top=who(cell["top"], view),
            points=POINTS[kind],
        )
    if stack:
        return Plural(
            "{kind} at {at}, from {owner}'s pile: {n} knight, {stack}.",
            "{kind} at {at}, from {owner}'s pile: {n} knights, {stack}.",
            len(stack),
            kind=tile_name(cell["kind"]),
            at=at(x, y),
            owner=who(cell["owner"], view),
            stack=knights,
        )
    return Message(
        "{kind} at {at}, from {owner}'s pile, no knights.",
        kind=tile_name(cell["kind"]),
        at=at(x, y),
        owner=who(cell["owner"], view),
    )


COLUMNS = {"kind": 4, "knights": 4, "way": 3, "split": 3, "quiet": 2}
SQUARE = 1.15
"""The landscape's column at most this many times as wide as it is high (a layout is about square)."""
SPACING_DP = 3


def choices_height(rows: int, scale: float) -> float:
    """The height of ``rows`` rows of choices in one grid."""
    return rows * dp(theme.TOUCH_DP) * scale + (rows - 1) * dp(SPACING_DP)


def _grid(columns: int) -> GridLayout:
    grid = GridLayout(cols=columns, spacing=dp(SPACING_DP), size_hint_y=None, height=0)
    grid.bind(minimum_height=grid.setter("height"))
    return grid


def _group(option: Any) -> str | None:
    """Which choices stand side by side: the kinds, the knight counts, the ways to march, and the
    quiet ones (back, end the turn, surrender) at the foot."""
    if not option.main:
        return "quiet"
    if option.dialog == "kind" and option.args.get("kind"):
        return "kind"
    if option.args.get("knights") is not None and option.dialog in ("knights", None):
        return "knights"
    if option.args.get("direction") is not None and option.dialog in ("direction", None):
        return "way"
    if option.dialog == "drops" and option.args.get("drops") is not None:
        return "split"
    return None


def _as_tile(button: Any, kind: str) -> None:
    """A kind's button in the tile's own colours: its terrain, the building's name on it."""
    button.background_color = TERRAIN_COLOURS[terrain(kind)]
    button.color = (1, 1, 1, 1) if terrain(kind) in ("forest", "lake", "mountains") else theme.INK


def _standing(text: str, scale: float) -> Label:
    label = Label(text=text, color=theme.INK, font_size=sp(theme.SMALL_SP) * scale, halign="left", valign="top",
                  size_hint_y=None)  # fmt: skip
    label.bind(width=lambda widget, width: setattr(widget, "text_size", (width - dp(14), None)))  # clear of the bar
    label.bind(texture_size=lambda widget, size: setattr(widget, "height", size[1] + dp(4)))
    return label


def _widths(width: float) -> list[float]:
    return widths(width, SHARES, 2)


class _Row(BoxLayout):
    """One player: colour and name, tiles and knights left, the points now."""

    def __init__(self, colour: str, **kwargs: Any) -> None:
        super().__init__(spacing=dp(2), size_hint_y=None, **kwargs)
        self.chip = Chip(colour=colour)
        self.tiles, self.knights, self.points = cell(), cell(), cell()
        for widget in (self.chip, self.tiles, self.knights, self.points):
            self.add_widget(widget)

    def fit(self, width: float, height: float) -> None:
        self.height = height
        self.chip.size_hint_y, self.chip.height = None, height
        for widget, column in zip((self.chip, self.tiles, self.knights, self.points), _widths(width), strict=True):
            widget.size_hint_x, widget.width = None, column
        for label in (self.tiles, self.knights, self.points):
            label.font_size = min(height * 0.55, sp(26))
        self._size_name()

    def _size_name(self) -> None:
        text = self.chip.text
        self.chip.font_size = max(sp(11), min(self.height * 0.42, self.chip.width / max(6, len(text)) * 1.8))

    def show(self, app: Any, player: PlayerView, name: str, points: int, *, current: bool, winner: bool) -> None:
        text = ("» " if current else "") + name
        if player["surrendered"]:
            text += " · " + app.tr(Message("surrendered"))
        elif winner:
            text += " · " + app.tr(Message("wins"))
        self.chip.text = escape_markup(text)
        self._size_name()
        self.tiles.text = f"[b]{player['tiles_total']}[/b]"
        self.knights.text = f"[b]{player['knights']}[/b]"
        self.points.text = f"[b]{points}[/b]"


def _held(pending: Pending) -> dict[str, Any] | None:
    """What the screen holds of a castle laid on its cell and not sent yet, in public words for the
    table to keep (:meth:`companion.table.table.Table.hold_step`); None for anything else."""
    if pending.correcting or pending.kind is None or pending.cell is None or building(pending.kind) != "castle":
        return None
    return {
        "step": "raubritter-castle",
        "kind": pending.kind,
        "cell": list(pending.cell),
        "knights": pending.knights,
        "direction": pending.direction,
        "drops": None if pending.drops is None else list(pending.drops),
    }


def _pending(held: dict[str, Any], view: RaubritterView) -> Pending | None:
    """The castle a power cut interrupted, from the table's record of it, if it still fits the game
    as it stands (the kind a castle, the cell free); None for anything else."""
    try:
        if held.get("step") != "raubritter-castle" or building(held["kind"]) != "castle":
            return None
        x, y = (int(v) for v in held["cell"])
        knights = None if held["knights"] is None else int(held["knights"])
        drops = None if held["drops"] is None else tuple(int(v) for v in held["drops"])
        direction = held["direction"]
        if direction not in (None, STAY, "north", "east", "south", "west"):
            return None
    except (KeyError, TypeError, ValueError, AttributeError):
        return None
    if view["current"] is None or held["kind"] not in kinds_to_lay(view):
        return None
    if (x, y) not in step(view, Pending(key_of(view), kind=held["kind"])).targets:
        return None
    return Pending(key_of(view), kind=held["kind"], cell=(x, y), knights=knights, direction=direction, drops=drops)

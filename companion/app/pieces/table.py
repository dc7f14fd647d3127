"""The table screen every game is played on: one frame, each game filling in what is its own.

The frame (``table.kv``): a heading row (the game's words: the round or the day, whose turn, the
part of it), the game's own table part under it (players, fields, board), beside them the guide
column (what to do now, the choices as buttons, what just happened) and the bottom bar. A game
with a lead column (a board drawn as a grid) has it on the left; its heading and table part then
stand at the top of the guide column.

A game's screen is a subclass of :class:`GameTable` with a ``.kv`` rule of its own whose children
are its parts, placed by their ``slot``: ``"table"`` (the default: under the heading, in order),
``"heading"`` (beside the heading's words) or ``"lead"`` (the left column); their ids are the
screen's. It gives what only it knows: :meth:`GameTable.step_now` (its guide's step),
:meth:`GameTable.draw_table` (its part), :meth:`GameTable.heading`, its dialogs (``DIALOGS``) and
how many lines of what happened it shows (``HAPPENED``). It gets the rest: the redraw after every
notice, the choices (a choice the rules refuse now greyed with the reason, the keyboard's keys
while the players choose, the roll controls while a die is awaited; the buttons made again only
when the choices change), the choices' dialogs opened and closed with the step, and
:meth:`GameTable.whose` ("Whose ...? Tap your name." before a private page).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar, Generic, TypeVar, cast

from kivy.properties import NumericProperty

from companion.app.people import person
from companion.app.pieces.bar import BottomBar  # noqa: F401 - the bar in table.kv
from companion.app.pieces.choices import ChoiceList  # noqa: F401 - the choices in table.kv
from companion.app.pieces.columns import cell
from companion.app.pieces.dialog import Dialog
from companion.app.pieces.keys import KeysLegend
from companion.app.pieces.lately import Lately  # noqa: F401 - what happened, in table.kv
from companion.app.pieces.options import Guided, greyed, option_button
from companion.app.pieces.rolls import Pictures, roll_controls
from companion.app.pieces.whose import whose as players_to_tap
from companion.app.room import AppScreen, load_beside, running_app

V = TypeVar("V", bound=Mapping[str, Any])
"""The game's public view, as its engine types it (a TypedDict of the engine): what the screen's hooks read."""

MakeDialog = Callable[["GameTable", Any, dict[str, Any], Callable[[], bool]], Dialog]
"""A choice's dialog: ``(screen, player, the choice's args, asks) -> Dialog``; ``player`` is the
choice's own (``args["player"]``) or the player whose turn it is, ``asks()`` whether the step
still offers the choice (else the dialog closes itself)."""


class GameTable(Guided, AppScreen, Generic[V]):
    """A game's table screen: the frame, the redraw and the guide's choices (see the module).
    ``V`` is the game's public view (``class GameScreen(GameTable[GameView])`` in a game's home)."""

    DIALOGS: ClassVar[Mapping[str, MakeDialog]] = {}
    """Each dialog a choice opens, by the choice's dialog name."""
    DIE_PICTURES: ClassVar[Pictures] = {}
    """The words and drawings of the game's die of pictures, for a real one whose face is tapped."""
    HAPPENED: ClassVar[int] = 4
    """How many lines of the last step are given to what just happened, in the order they are read."""

    left_share = NumericProperty(0.58)
    """The left column's share of the width: the table part's, or the lead column's."""
    gap = NumericProperty(0)
    guide_spacing = NumericProperty(0)
    heading_height = NumericProperty(0)
    heading_font = NumericProperty(0)
    prompt_font = NumericProperty(0)
    prompt_gap = NumericProperty(0)
    happened_font = NumericProperty(0)
    happened_height = NumericProperty(0)
    """The fixed height of what just happened: the choices above it never move when lines come;
    as many whole lines as fit are shown (:class:`companion.app.pieces.lately.Lately`)."""

    def __init__(self, **kwargs: Any) -> None:
        load_beside(__file__)  # the frame's rule before the game's, which may set its sizes
        super().__init__(**kwargs)
        self.view: V = cast(V, {})  # empty until the first refresh (a screen may test ``not self.view``)
        self._shown: Any = None
        self._buttons: list[Any] = []
        self._seated: tuple[str, ...] = ()
        self._heads: list[Any] = []
        self._rows: list[Any] = []
        self.legend = KeysLegend()
        running_app().listen(self._heard)

    def on_kv_post(self, base_widget: Any) -> None:
        """The game's parts (the children of its rule) into the frame's places."""
        ids = self.ids
        frame = ids.frame.__self__  # the ids hold weak proxies
        parts = [child for child in reversed(self.children) if child is not frame]
        for part in parts:
            self.remove_widget(part)
        lead = [part for part in parts if getattr(part, "slot", "table") == "lead"]
        for part in parts:
            slot = getattr(part, "slot", "table")
            if slot == "heading":
                ids.heading_row.add_widget(part)
            elif slot == "table":
                ids.table_part.add_widget(part)
        if not lead:
            ids.table_column.size_hint_x = self.left_share
            ids.guide_column.size_hint_x = 1 - self.left_share
            return
        column, part = ids.table_column, ids.table_part
        ids.body.remove_widget(column)
        for box in (column, part):  # as tall as what it holds, above the prompt
            box.size_hint_y = None
            box.bind(minimum_height=box.setter("height"))
        ids.guide_column.add_widget(column, index=len(ids.guide_column.children))
        for widget in lead:
            widget.size_hint_x = self.left_share
            ids.body.add_widget(widget, index=len(ids.body.children))
        ids.guide_column.size_hint_x = 1 - self.left_share

    # ----------------------------------------------------------------------------- what a game gives
    def step_now(self, table: Any, view: V, awaited: Any) -> Any:
        """The guide's step for the table as it stands: its ``prompt`` and ``options`` (and
        ``rolls`` when a die is awaited)."""
        raise NotImplementedError

    def draw_table(self, app: Any, view: V, awaited: Any, now: Any) -> None:
        """The game's own part drawn for ``view`` (its widgets made once, then only changed)."""

    def heading(self, view: V, now: Any) -> Any:
        """The heading's words: the round or the day, whose turn, the part of it."""
        raise NotImplementedError

    def take_in(self, table: Any, view: V) -> None:
        """What the game notes of a new view before it is drawn (``self.view`` is still the one
        before)."""

    def prompt_words(self, view: V, now: Any) -> Sequence[Any]:
        """The lines over the choices: the step's prompt."""
        return (now.prompt,)

    def said(self, app: Any) -> Sequence[Any]:
        """What the happened lines say: the last step's lines, in the order they are read."""
        return app.happened[: self.HAPPENED]

    def drawn_with(self) -> tuple[Any, ...]:
        """What else the choices' buttons depend on (they are made again when it changes)."""
        return ()

    def button(self, option: Any, text: str, why: str | None) -> Any:
        """The button of one choice."""
        return option_button(option, text, self.choose, why)

    def arranged(self, app: Any, now: Any, buttons: list[Any]) -> list[Any]:
        """The choices' buttons as the guide column shows them, top to bottom."""
        return buttons

    def _heard(self, notice: Any) -> None:
        """A notice of the table (heard before the redraw that follows it)."""

    # ----------------------------------------------------------------------------- drawing
    def refresh(self) -> None:
        app = running_app()
        table = app.table
        if table is None:
            return
        view: V = table.public_view()["view"]
        self.take_in(table, view)
        self.view = view
        awaited = table.awaiting()  # made from the game's public view: asked once for all
        now = self.step_now(table, view, awaited)
        self.draw_table(app, view, awaited, now)
        self.draw_step(app, table, view, awaited, now)
        self.ids.heading.text = app.tr(self.heading(view, now))
        self.ids.happened.show([app.tr(text) for text in self.said(app)])
        self.ids.bar.fill(self)

    def draw_step(self, app: Any, table: Any, view: V, awaited: Any, now: Any) -> None:
        """The prompt and the choices; a choice the rules refuse now greyed with the reason."""
        options = greyed(now.options, table.trial)
        self.ids.prompt.text = "\n".join(app.tr(text) for text in self.prompt_words(view, now))
        labels = tuple((app.tr(option.label), option.player, _why(app, option)) for option in options)
        roll = awaited.rolls[0] if getattr(now, "rolls", False) and awaited.rolls else None
        keys = table.keys() if awaited.choosing else None
        shown = (labels, roll.die if roll else None, app.die_source(), app.language, bool(keys), self.drawn_with())
        if self._shown == shown:
            for button, option in zip(self._buttons, options, strict=True):
                button.option = option  # the same choices: only what they send may differ
            self._legend(app, view, keys)
            return
        self._shown = shown
        widgets: list[Any] = []
        if roll is not None:
            widgets += roll_controls(app, roll.die, self.DIE_PICTURES)
        self._buttons = [self.button(option, text, why) for option, (text, _, why) in zip(options, labels, strict=True)]
        widgets += self.arranged(app, now, list(self._buttons))
        if keys:
            if self.legend.parent is not None:
                self.legend.parent.remove_widget(self.legend)
            widgets.append(self.legend)
        self.ids.options.fill(widgets)
        self._legend(app, view, keys)

    def _legend(self, app: Any, view: V, keys: Any) -> None:
        if keys:
            self.legend.show([(p["colour"], app.tr(person(view, p["colour"]))) for p in view["players"]], keys)

    def seat_rows(
        self, colours: tuple[str, ...], heads: Any, rows: Any, columns: int, row: Callable[[str], Any], head: Any = None
    ) -> bool:
        """The players' rows under a head per column, made again only when the seating changes (a
        refresh follows every notice, and new widgets cost frames): ``row(colour)`` makes a
        player's row, a widget or a tuple of cells for a grid; ``head()`` a column's head. True
        when they were made anew (the game then fits them to the space)."""
        if self._seated == colours:
            return False
        rows.clear_widgets()
        heads.clear_widgets()
        self._heads = [(head or _head)() for _ in range(columns)]
        for label in self._heads:
            heads.add_widget(label)
        self._rows = [row(colour) for colour in colours]
        for made in self._rows:
            for widget in made if isinstance(made, tuple) else (made,):
                rows.add_widget(widget)
        self._seated = colours
        return True

    # ----------------------------------------------------------------------------- choices
    def guided_now(self) -> Any:
        table = running_app().table
        return None if table is None else self.step_now(table, table.public_view()["view"], table.awaiting())

    def open_dialog(self, name: str | None, **args: Any) -> Dialog | None:
        """The dialog of a choice, from ``DIALOGS``; the table is drawn again once it closes."""
        make = self.DIALOGS.get(name or "")
        if make is None:
            return None
        dialog = make(self, args.get("player", self.view.get("current")), args, lambda: self.offered(name, args))
        dialog.bind(on_dismiss=lambda *_: self.refresh())
        return dialog.open_now()

    def whose(self, prompt: Any, dialog: str) -> None:
        """Ask whose private page to open: ``prompt`` ("Whose ...? Tap your name.") over a button
        per player and "Back"; the dialog ``dialog`` opens for the player tapped."""
        app = running_app()
        self._shown = None  # the step's buttons are gone: the next refresh draws them again
        self.ids.prompt.text = app.tr(prompt)
        self.ids.options.fill(
            players_to_tap(app, self.view, lambda colour: self.open_dialog(dialog, player=colour), self.refresh)
        )


def _head() -> Any:
    return cell(small=True)


def _why(app: Any, option: Any) -> str | None:
    return app.tr(option.refusal) if option.refusal is not None else None

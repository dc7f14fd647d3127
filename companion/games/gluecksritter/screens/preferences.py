"""Die Glücksritter's own settings, the defaults of every new game's form: the digital sack or the
real one, the special die's six faces (the box: four sacks, two castles; a table whose die is
printed otherwise sets it here), the table's own document cards or the app's deck, and the list
of those cards (the shipped one, or the table's own read from a USB stick, ``documents``): these
are for new games, a game running keeps what it began with (the form names its own choices). And
two switches the board reads live, at once in the game running too: whether the table check comes
at the end of each round, and where the action cards are chosen (``cards_on_panel``: on the panel
where there is one, keyboard or buttons, or behind the privacy cover on the screen; with no panel
at all always on the screen). A change of the latter applies at once, but for a choice open on the
panel with a pick locked in there: that choice stays on the panel until its reveal. Older versions
of the app kept the first two at the top of its settings file: they are adopted from there until
the game stores its own."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from kivy.metrics import dp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout

from companion.app import theme
from companion.app.room import running_app
from companion.app.widgets import toggle
from companion.i18n import Message
from engines.gluecksritter.view_types import GluecksritterView

SACK, CASTLE = "sack", "castle"
DEFAULTS: dict[str, Any] = {
    "digital_sack": True,
    "special_die": [SACK, SACK, SACK, SACK, CASTLE, CASTLE],
    "real_documents": True,
    "table_check": True,
    "cards_on_panel": True,
    "documents": None,  # the shipped card list; else the table's own, as a catalogue's entries
}
SWITCHES = ("digital_sack", "real_documents", "table_check", "cards_on_panel")
LIVE = ("table_check", "cards_on_panel")
"""The board's own switches: they apply at once, in the game running too."""
SYMBOLS = {SACK: Message("sack"), CASTLE: Message("castle")}


def _good(key: str, value: Any) -> bool:
    if key in SWITCHES:
        return isinstance(value, bool)
    if key == "documents":
        return value is None or _card_list(value)
    return isinstance(value, list | tuple) and len(value) == 6 and all(face in (SACK, CASTLE) for face in value)


def _card_list(value: Any) -> bool:
    from companion.catalogue import CatalogueError, check_catalogue

    try:
        check_catalogue(value)
    except CatalogueError:
        return False
    return True


def read(stored: Mapping[str, Any] | None, older: Mapping[str, Any]) -> tuple[dict[str, Any], list[Any]]:
    """The settings to use, and what could not be used (its default stands instead)."""
    adopted = {key: older[key] for key in ("digital_sack", "special_die") if key in older}  # an older app's
    source = stored if stored is not None else adopted
    settings = {key: list(value) if isinstance(value, list) else value for key, value in DEFAULTS.items()}
    problems: list[Any] = []
    for key, value in source.items():
        if key not in DEFAULTS:
            continue
        if _good(key, value):
            settings[key] = list(value) if key == "special_die" else value
        else:
            problems.append(
                Message("Die Glücksritter: the setting {name} could not be used; it is back to its default.", name=key)
            )
    return settings, problems


CHOICES = {  # a switch's title and its two choices, on first
    "digital_sack": (Message("Coins for fields 5 and 6"), Message("digital sack"), Message("real sack")),
    "real_documents": (Message("Documents"), Message("our own cards"), Message("the app's deck")),
    "table_check": (Message("Table check at the end of each round"), Message("on"), Message("off")),
    "cards_on_panel": (
        Message("Where the action cards are chosen"),
        Message("on the panel"),
        Message("on the screen"),
    ),
}


def this_game(view: Mapping[str, Any]) -> Message:
    """The running game's own choices, which it keeps whatever the settings say now."""
    sack = Message("the digital sack") if view.get("digital_sack") else Message("a real sack")
    faces = list(view.get("special_die") or DEFAULTS["special_die"])
    cards = Message("our own document cards") if view.get("real_documents") else Message("the app's documents")
    return Message(
        "This game: {sack}, special die {sacks} × sack and {castles} × castle, {cards}",
        sack=sack,
        sacks=faces.count(SACK),
        castles=faces.count(CASTLE),
        cards=cards,
    )


class Kit(GridLayout):
    """What the table plays with: the sack (digital or real), the special die's faces (each a tap
    to switch), the documents (the table's own cards or the app's deck); with ``board`` (the
    settings screen), also the list of the table's cards (:mod:`.cardlist`) and whether the board
    asks for the table check at the end of each round."""

    def __init__(
        self, settings: dict[str, Any], changed: Callable[[dict[str, Any]], None], *, board: bool = False, **kwargs: Any
    ) -> None:
        super().__init__(cols=1, spacing=dp(8), size_hint_y=None, height=0, **kwargs)
        self.bind(minimum_height=self.setter("height"))
        self.settings = {key: list(value) if isinstance(value, list) else value for key, value in settings.items()}
        self.changed = changed
        from kivy.factory import Factory

        self.switches = {key: (Factory.Body(), _row()) for key in CHOICES if board or key not in LIVE}
        self.die_title = Factory.Body()
        self.faces = BoxLayout(size_hint_y=None, height=dp(theme.TOUCH_DP), spacing=dp(4))
        self.board = board
        if board:  # the settings screen: what is for new games, what the game running keeps
            self.new_games = Factory.Body()
            self.add_widget(self.new_games)
        title, row = self.switches["digital_sack"]
        for widget in (title, row, self.die_title, self.faces):
            self.add_widget(widget)
        for key, (title, row) in self.switches.items():
            if key == "table_check":  # the board's own switches, apart from those for new games
                self.live = Factory.Body(bold=True)
                self.add_widget(self.live)
            if key != "digital_sack":
                self.add_widget(title)
                self.add_widget(row)
            if key == "real_documents" and board:
                self.cards_words = Factory.Body()
                self.cards = _row()
                self.add_widget(self.cards_words)
                self.add_widget(self.cards)
        self.refresh()

    def refresh(self) -> None:
        app = running_app()
        if self.board:
            view = _running_view(app)
            lines = [Message("For new games; a game running keeps what it began with.")]
            lines += [this_game(view)] if view is not None else []
            self.new_games.text = "\n".join(app.tr(line) for line in lines)
            self.live.text = app.tr(Message("At once, in the game running too:"))
        for key, (title, row) in self.switches.items():
            words, on, off = CHOICES[key]
            title.text = app.tr(words)
            row.clear_widgets()
            for value, label in ((True, on), (False, off)):
                down = self.settings.get(key, DEFAULTS[key]) == value
                row.add_widget(toggle(app.tr(label), down, lambda k=key, v=value: self._set(k, v)))
        self.die_title.text = app.tr(Message("Special die: tap a face to switch sack and castle"))
        if hasattr(self, "cards"):
            self._card_list(app)
        self.faces.clear_widgets()
        for face, symbol in enumerate(self.settings["special_die"], start=1):
            text = f"{face}: {app.tr(SYMBOLS[symbol])}"
            self.faces.add_widget(toggle(text, symbol == CASTLE, lambda f=face: self._flip(f)))

    def _card_list(self, app: Any) -> None:
        """Which list of document cards new games take, and the two ways to change it."""
        from kivy.factory import Factory

        from companion.games.gluecksritter.screens.cardlist import described

        own = self.settings.get("documents")
        self.cards_words.text = app.tr(described(own))
        self.cards.clear_widgets()
        read = Factory.Quiet(text=app.tr(Message("Read our card list …")))
        read.bind(on_release=lambda *_: self._read(app))
        shipped = Factory.Quiet(text=app.tr(Message("The shipped card list")), disabled=own is None)
        shipped.bind(on_release=lambda *_: self._set("documents", None))
        self.cards.add_widget(read)
        self.cards.add_widget(shipped)

    def _read(self, app: Any) -> None:
        from companion.games.gluecksritter.screens.cardlist import CardListDialog

        CardListDialog(app.data_dir, lambda cards: self._set("documents", cards)).open_now()

    def _set(self, key: str, value: Any) -> None:
        self.settings[key] = value
        self.changed(dict(self.settings))
        self.refresh()

    def _flip(self, face: int) -> None:
        faces = list(self.settings["special_die"])
        faces[face - 1] = SACK if faces[face - 1] == CASTLE else CASTLE
        self._set("special_die", faces)


def _running_view(app: Any) -> GluecksritterView | None:
    """The public view of the Glücksritter game running, or None (no game, or another game)."""
    table = getattr(app, "table", None)
    if table is None or getattr(app, "game_name", None) != "gluecksritter":
        return None
    return table.public_view()["view"]


def _row() -> BoxLayout:
    return BoxLayout(size_hint_y=None, height=dp(theme.TOUCH_DP), spacing=dp(8))


def form(settings: dict[str, Any], store: Callable[[dict[str, Any]], None]) -> Kit:
    """The settings screen's part for Die Glücksritter: the defaults of every new game (and the
    running game's own choices), then the board's switches, which apply at once."""
    return Kit(settings, store, board=True)

"""Settings: the language (at once), where rolls come from (and the Bluetooth dice, searched for
and paired by touch, or forgotten), a game's own settings (its contract's
``settings.form``: the running game's, or the game chosen here while none runs), the panel's wiring
as the settings file gives it, and a button self-test."""

from __future__ import annotations

from typing import Any

from companion.app.contract import playable, screens_of, title_of
from companion.app.pieces.choices import ChoiceList  # noqa: F401 - the list in settings.kv
from companion.app.room import AppScreen, running_app
from companion.app.widgets import toggle
from companion.i18n import Message

LANGUAGES = (("de", "Deutsch"), ("en", "English"))
DIES = (
    ("serial", Message("electronic die")),
    ("screen", Message("on the screen")),
    ("typed", Message("typed")),
    ("bluetooth", Message("Bluetooth dice")),
)
KINDS = {"godice": "GoDice", "pixels": "Pixels"}


def paired_words(role: str, name: str, kind: str) -> Message:
    """A paired die and the game's die it rolls as."""
    if role == "number":
        return Message("{name} ({kind}) is the number die", name=name, kind=KINDS[kind])
    return Message("{name} ({kind}) is the special die", name=name, kind=KINDS[kind])


class SettingsScreen(AppScreen):
    screen_name = "settings"
    kv_file = __file__

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.chosen_game: str | None = None
        self.found: list[Any] = []
        """The dice the last search heard (FoundDie), in the order heard."""
        self.searching = False
        self._form: tuple[str, Any] | None = None
        content = self.ids.content
        content.parent.remove_widget(content)
        self.ids.list.fill([content])  # a list that says when more lies below

    def refresh(self) -> None:
        app: Any = running_app()
        settings = app.settings_
        self.ids.languages.clear_widgets()
        for code, name in LANGUAGES:
            chosen = settings.language == code
            self.ids.languages.add_widget(toggle(name, chosen, lambda c=code: app.switch_language(c)))
        self.ids.dies.clear_widgets()
        for code, label in DIES:
            self.ids.dies.add_widget(toggle(app.tr(label), settings.die == code, lambda c=code: self.die(c)))
        self.show_bluetooth(app)
        self.show_game_settings(app)
        self.ids.wiring.text = "\n".join(app.tr(text) for text in app.wiring_words())

    def show_bluetooth(self, app: Any) -> None:
        """The paired dice, each with "Forget"; the dice the search heard, each to pair as the
        number die or the special die."""
        from kivy.factory import Factory

        paired = app.paired_dice()
        box = self.ids.paired
        box.clear_widgets()
        if not paired:
            box.add_widget(Factory.Body(text=app.tr(Message("No die paired yet: search, then tap the die to use."))))
        for die in paired:
            words = paired_words(die["die"], die["name"] or die["address"], die["kind"])
            forget = Factory.Quiet(text=app.tr(Message("Forget")), size_hint_x=0.3)
            forget.bind(on_release=lambda *_, a=die["address"]: app.forget_die(a))
            box.add_widget(_row(Factory.Body(text=app.tr(words)), forget))
        self.ids.search.text = app.tr(
            Message("Searching for dice ...") if self.searching else Message("Search for dice")
        )
        self.ids.search.disabled = self.searching
        box = self.ids.found
        box.clear_widgets()
        for found in self.found:
            signal = f"{found.rssi} dBm" if found.rssi is not None else "?"
            words = Message("{name} ({kind}), signal {signal}", name=found.name, kind=KINDS[found.kind], signal=signal)
            box.add_widget(Factory.Body(text=app.tr(words)))
            buttons = []
            for role, label in (("number", Message("Number die")), ("special", Message("Special die"))):
                button = Factory.Quiet(text=app.tr(label))
                button.bind(on_release=lambda *_, f=found, r=role: self.pair(f, r))
                buttons.append(button)
            box.add_widget(_row(*buttons))

    def search_dice(self) -> None:
        app: Any = running_app()
        self.found, self.searching = [], True
        app.tell(Message("Searching for dice: roll each die once to wake it."))
        app.search_dice(self._heard, self._searched)
        self.refresh()

    def _heard(self, found: Any) -> None:
        if all(f.address != found.address for f in self.found):
            self.found.append(found)
            self.refresh()

    def _searched(self, problem: str | None) -> None:
        app: Any = running_app()
        self.searching = False
        if problem is not None and "bleak" in problem:
            app.tell(Message("Bluetooth cannot be used here: the package bleak is not installed."), refusal=True)
        elif problem is not None:
            app.tell(Message("The search for dice failed: {reason}", reason=problem), refusal=True)
        elif not self.found:
            app.tell(Message("No die was found: is it near, and was it rolled to wake it?"), refusal=True)
        else:
            app.tell(Message("Tap the die to use: as the number die or the special die."))
        self.refresh()

    def pair(self, found: Any, role: str) -> None:
        app: Any = running_app()
        app.pair_die(found, role)
        self.found = [f for f in self.found if f.address != found.address]
        app.tell(paired_words(role, found.name or found.address, found.kind))
        self.refresh()

    def show_game_settings(self, app: Any) -> None:
        games = [(name, title) for name, title in playable() if _has_form(name)]
        game = app.game_name if app.table is not None else (self.chosen_game or (games[0][0] if games else None))
        self.ids.games.clear_widgets()
        if app.table is None and len(games) > 1:
            for name, title in games:
                self.ids.games.add_widget(toggle(title, name == game, lambda n=name: self._choose(n)))
        box = self.ids.game
        contract = screens_of(game) if game else None
        if not game or contract is None or contract.settings.form is None:
            box.clear_widgets()
            box.height = 0
            self._form = None
            self.ids.game_title.text = ""
            return
        # the game's own settings are the defaults of its new games (a running game keeps its own)
        self.ids.game_title.text = app.tr(Message("New games: {game}", game=title_of(game)))
        if self._form is None or self._form[0] != game:

            def store(settings: dict[str, Any], g: str = game) -> None:
                app.store_game_settings(g, settings)

            form = contract.settings.form(app.game_settings(game), store)
            box.clear_widgets()
            box.add_widget(form)
            form.bind(height=lambda widget, height: setattr(box, "height", height))
            box.height = form.height
            self._form = (game, form)
        form = self._form[1]
        if hasattr(form, "refresh"):
            form.refresh()

    def _choose(self, game: str) -> None:
        self.chosen_game = game
        self.refresh()

    def die(self, code: str) -> None:
        running_app().set_die_source(code)
        self.refresh()

    def self_test(self) -> None:
        app = running_app()
        if app.table is not None and app.table.awaiting().choosing:
            app.tell(Message("Not now: cards are being chosen in secret."), refusal=True)
            return
        app.tell(Message("Press any button on the panel: the line below names seat and button."))

    def on_leave(self, *args: Any) -> None:
        running_app().tell("")


def _row(*widgets: Any) -> Any:
    """Widgets side by side, as high as a touch needs."""
    from kivy.metrics import dp
    from kivy.uix.boxlayout import BoxLayout

    from companion.app import theme

    row = BoxLayout(size_hint_y=None, height=dp(theme.TOUCH_DP), spacing=dp(8))
    for widget in widgets:
        row.add_widget(widget)
    return row


def _has_form(game: str) -> bool:
    screens = screens_of(game)
    assert screens is not None  # playable() lists only games with screens
    return screens.settings.form is not None

"""A new game: which game, and the game's own new-game form (its contract's ``new_game``): rule
set, seating and colours, names and whatever its setup needs. The shell only hosts the form and
starts the game it sets up, after asking which day today is while the device's clock may be
wrong (once a boot) and what becomes of a game still running.

While a name field of the form has the focus, the on-screen keyboard (:mod:`..pieces.keyboard`)
takes the foot of the screen in place of the buttons, the row of games and the shell's bottom
line give their height to the form, and the form turns to the field's page above the keys; "Done"
on the keyboard (or a tap on the form outside the field) gives the buttons back."""

from __future__ import annotations

from typing import Any

from kivy.properties import ObjectProperty

from companion.app.contract import FormProblem, playable, screens_of
from companion.app.room import AppScreen, running_app
from companion.app.widgets import toggle
from companion.i18n import Message


class NewGameScreen(AppScreen):
    screen_name = "new"
    kv_file = __file__
    name_keyboard = ObjectProperty(None)
    """The keyboard dock at the screen's foot, for the form's name fields (:class:`NameField`)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        games = playable()
        self.game = games[0][0] if games else ""
        self.forms: dict[str, Any] = {}  # each game's form, kept while the app runs

    @property
    def form(self) -> Any:
        if self.game not in self.forms:
            contract = screens_of(self.game)
            assert contract is not None
            form = contract.new_game(running_app().game_settings(self.game))
            form.bind(ready=lambda *_: self._ready())
            self.forms[self.game] = form
        return self.forms[self.game]

    def refresh(self) -> None:
        self.ids.games.clear_widgets()
        for name, title in playable():
            self.ids.games.add_widget(toggle(title, name == self.game, lambda n=name: self._game(n)))
        if not self.game:
            return
        form = self.form
        if form.parent is not self.ids.form:
            self.ids.form.clear_widgets()
            if form.parent is not None:
                form.parent.remove_widget(form)
            self.ids.form.add_widget(form)
        if hasattr(form, "refresh"):
            form.refresh()
        self._ready()

    def on_leave(self, *args: Any) -> None:
        if self.name_keyboard is not None and self.name_keyboard.target is not None:
            self.name_keyboard.finish()

    def fold_word(self, folded: bool) -> None:
        """While the keys show, the shell's bottom line folds away and its 48 px go to the form
        above the keys (at 800×480 a name field and the row above it, not the field alone)."""
        app: Any = running_app()  # the Kivy App: its root is the shell
        shell = app.root
        if hasattr(shell, "word_folded"):
            shell.word_folded = folded

    def _ready(self) -> None:
        self.ids.begin.disabled = not (self.game and self.form.ready)

    def _game(self, name: str) -> None:
        self.game = name
        self.refresh()

    def begin(self) -> None:
        app: Any = running_app()
        try:
            config = self.form.setup()
        except FormProblem as problem:
            app.tell(problem.text, refusal=True)
            return
        except ValueError as error:  # the engine's own check of the setup (pydantic's among them)
            app.tell(Message("This game cannot start: {problem}", problem=_first_problem(error)), refusal=True)
            return
        game, form = self.game, self.form

        def start() -> None:
            app.start_game(game, config)
            if hasattr(form, "reset"):
                form.reset()

        app.with_confirmed_day(lambda: app.before_replacing(start))  # the day first: "Back" there saves nothing


def _first_problem(error: ValueError) -> str:
    errors = getattr(error, "errors", None)
    if callable(errors):
        first = errors()[0]
        return str(first.get("msg", error)).removeprefix("Value error, ")
    return str(error)

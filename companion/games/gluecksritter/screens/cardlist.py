"""The table's own list of its document cards, read by touch from a USB stick (or any folder): the
places (the app's :class:`~companion.app.pieces.files.Places`), then the card lists found there
(``.toml`` files, written as ``companion/data/gluecksritter-documents.toml`` is); a tap checks one
as a game's setup would (every entry valid, the box's 25 cards, each id once) and keeps it in the
game's settings for every new game. A list that cannot be used is said in red inside the dialog,
which stays open, and nothing changes."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from kivy.factory import Factory
from kivy.metrics import dp

from companion.app import theme
from companion.app.pieces.files import Places
from companion.i18n import Join, Local, Message, Plural, Text

SHOWN = 4  # the names a settings line shows of a card list


def described(cards: list[dict[str, Any]] | None) -> Text:
    """The card list new games take, in a line: the shipped one, or the table's with its first names."""
    from companion.catalogue import load_catalogue

    if cards is None:
        names = [Local(dict(spec.kind().names)) for spec in load_catalogue()]
        return Message("Card list: the shipped one ({names})", names=Join(*names))
    names = [Local(entry["name"]) for entry in cards[:SHOWN]]
    more = ["…"] if len(cards) > SHOWN else []
    return Plural(
        "Card list: our own, {n} kind of card ({names})",
        "Card list: our own, {n} kinds of card ({names})",
        len(cards),
        names=Join(*names, *more, last=not more),
    )


class CardListDialog(Places):
    """Where the card list is, then which one; ``taken(cards)`` with the list's entries."""

    def __init__(self, data_dir: Path, taken: Callable[[list[dict[str, Any]]], Any], **kwargs: Any) -> None:
        super().__init__(data_dir, **kwargs)
        self.taken = taken
        self.folder: Path | None = None
        self.show()

    def show(self) -> None:
        self.folder = None
        body = [self.body(Message("Tap where the card list is: a .toml file like the shipped one."))] + self.places()
        buttons = [(Message("Back"), self.close, False), (Message("Look again"), self.show, True)]
        self.page(Message("Read our card list"), body, buttons)

    def chosen(self, folder: Path) -> Text | None:
        """The card lists in ``folder``, a page of their own; a folder that cannot be read is said."""
        try:
            files = sorted(path for path in folder.glob("*.toml") if path.is_file()) if folder.is_dir() else []
        except OSError as error:
            problem = Message("{folder} cannot be read: {problem}", folder=str(folder), problem=error.strerror or "?")
            self.problem = problem
            self.show()
            return problem
        if self.browser is not None:
            self.browser.close()
            self.browser = None
        self.folder = folder
        self.list_files(files)
        return None

    def list_files(self, files: list[Path]) -> None:
        assert self.folder is not None
        where = self.folder.name or str(self.folder)
        body: list[Any] = [self.body(Message("Tap the card list to take it."))] if files else []
        for path in files:
            button = Factory.Quiet(text=path.name)
            button.height = dp(theme.BUTTON_DP)
            button.bind(on_release=lambda *_, chosen=path: self.take(chosen))
            body.append(button)
        if not files:
            body.append(self.body(Message("There is no card list (.toml) in {folder}.", folder=where)))
        buttons = [(Message("Back"), self.show, False), (Message("Look again"), self.again, True)]
        self.page(Message("Card lists in {folder}", folder=where), body, buttons)

    def again(self) -> None:
        if self.folder is not None:
            self.chosen(self.folder)

    def take(self, path: Path) -> None:
        from companion.catalogue import CatalogueError, load_catalogue

        try:
            specs = load_catalogue(path)
        except CatalogueError as error:
            self.say_refusal(Message("This card list cannot be used: {problem}", problem=str(error)))
            return
        cards = [spec.model_dump(mode="json", by_alias=True, exclude_defaults=True) for spec in specs]
        self.close()
        self.taken(cards)
        self.app.tell(
            Plural(
                "Card list {file} read: {n} kind of card; new games take it.",
                "Card list {file} read: {n} kinds of card; new games take it.",
                len(cards),
                file=path.name,
            )
        )

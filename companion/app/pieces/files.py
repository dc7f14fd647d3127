"""Putting the evening's games on a USB stick and reading them back, by touch.

- :class:`ExportDialog`: where a game goes: each removable drive plugged in (its name and free
  space), this device's own folder (``exports`` in the data directory), or another folder chosen
  in :class:`FolderDialog`; a tap writes the game's export and, for a finished game, its BG Stats
  play file there (:func:`companion.results.gamefiles.export_to`).
- :class:`FilePicker`: the same places as sources; a place lists the files found there, and a tap
  takes one. :class:`ImportDialog` is one: the games exported there, a tap imports one
  (:func:`companion.results.gamefiles.import_from`); a game's screens may have others (a list of
  its cards read from a stick).
- :class:`FolderDialog`: a folder browser for fingers, Kivy's ``FileChooserListView`` with big
  rows: a tap opens a folder, "Here" takes the folder shown.

Success is said in the bottom line, and the dialog closes; a problem (a stick pulled out, a full
or read-only medium, a damaged file) is said in red inside the dialog, which stays open. "Look
again" reads the drives anew, for a stick plugged in after the dialog opened. A stick this device
mounted itself has "Remove safely" beside it (:mod:`.removing`, :mod:`.sticks`).
"""

from __future__ import annotations

import datetime
import os
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

from kivy.factory import Factory
from kivy.metrics import dp, sp
from kivy.properties import BooleanProperty, ListProperty, ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.filechooser import FileChooserListView
from kivy.uix.label import Label
from kivy.uix.treeview import TreeViewNode

from companion.app import theme
from companion.app.pieces.dialog import Dialog
from companion.app.pieces.removing import SafeRemoval
from companion.app.pieces.sticks import Sticks
from companion.app.room import running_app
from companion.i18n import Message, Text
from companion.journal.errors import JournalError
from companion.results.drives import Drive, FilesProblem, removable_drives
from companion.results.gamefiles import export_to, import_from, importable, told_imported, told_written

EXPORTS = "exports"
"""This device's own folder for exports, inside the data directory."""


def start_folder() -> Path:
    """Where the folder browser starts: where sticks are mounted, else the home folder."""
    media = Path("/media")
    return media if media.is_dir() else Path.home()


# ------------------------------------------------------------------------ the folder browser


class FolderRow(BoxLayout, TreeViewNode):
    """One folder of the browser, a row a finger hits: a tap opens it."""

    path = StringProperty("")
    locked = BooleanProperty(False)
    entries = ListProperty([])
    controller = ObjectProperty(None)

    def __init__(self, ctx: dict[str, Any], **kwargs: Any) -> None:
        super().__init__(size_hint_y=None, height=dp(theme.BUTTON_DP), padding=(dp(8), 0), **kwargs)
        self.path = ctx["path"]
        self.controller = ctx["controller"]
        self.is_leaf = True  # no tree: a tap opens the folder in the list's place
        self.even_color = theme.PAPER
        self.odd_color = theme.PAPER_DARK
        self.color_selected = theme.SILVER
        up = ctx["name"] == ".." + ctx["sep"]
        text = running_app().tr(Message("Up one folder")) if up else ctx["name"].rstrip(ctx["sep"])
        self.label = Label(
            text=f"[b]{_escape(text)}[/b]" if up else f"{_escape(text)}  ›",
            markup=True,
            color=theme.INK,
            font_size=sp(theme.BODY_SP + 2),
            halign="left",
            valign="middle",
            shorten=True,
            shorten_from="right",
        )
        self.label.bind(size=lambda label, size: setattr(label, "text_size", size))
        self.add_widget(self.label)

    def on_touch_down(self, touch: Any) -> bool:
        if self.collide_point(*touch.pos):
            touch.ud["folder-row"] = self
            return True
        return False

    def on_touch_up(self, touch: Any) -> bool:
        if touch.ud.get("folder-row") is self and self.collide_point(*touch.pos):
            chooser = self.controller()
            if chooser is not None:
                chooser.open_folder(self)
            return True
        return False


def _escape(text: str) -> str:
    from kivy.utils import escape_markup

    return escape_markup(text)


def _no_files(_folder: str, _name: str) -> bool:
    return False  # folders are listed anyway (``filter_dirs`` is off): only folders


class FolderChooser(FileChooserListView):
    """Kivy's list of folders, for fingers: only folders, in rows of a button's height, no header;
    one tap opens a folder (Kivy's ``dirselect`` would select it and open it on a double tap
    only)."""

    path: str  # FileChooser's property: the folder shown

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(dirselect=True, filters=[_no_files], show_hidden=False, **kwargs)
        self.refused: Callable[[Text], None] = lambda text: None
        """Told when a folder cannot be opened, in words."""
        column = self.layout.children[0]
        header = column.children[-1]  # Kivy's "Name" and "Size", in English and too small
        header.clear_widgets()
        header.height = 0
        header.opacity = 0
        scroll = self.layout.ids.scrollview
        scroll.bar_width = dp(8)
        scroll.bar_color = theme.WOOD
        scroll.bar_inactive_color = theme.WOOD[:3] + (0.6,)
        scroll.scroll_type = ["bars", "content"]

    def _create_entry_widget(self, ctx: dict[str, Any]) -> FolderRow:
        return FolderRow(ctx)

    def open_folder(self, entry: Any) -> None:
        target = os.path.abspath(os.path.join(self.path, entry.path))
        try:
            os.listdir(target)
        except OSError as exc:
            entry.locked = True
            name = os.path.basename(target) or target
            self.refused(Message("{folder} cannot be opened: {problem}", folder=name, problem=exc.strerror or str(exc)))
            return
        self.path = target
        self.selection = [target]


class FolderDialog(Dialog):
    """Choose a folder: ``chosen(folder)`` after "Here"; it gives None when done (the browser
    closes) or a text that the browser says in red, staying open."""

    def __init__(self, start: Path, chosen: Callable[[Path], Text | None], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.chosen = chosen
        self.chooser = FolderChooser(path=str(start))
        self.chooser.refused = self.say_refusal
        self.where = Factory.Body(color=self.ink, shorten=True, shorten_from="left")
        self.chooser.bind(path=lambda *_: self.opened())
        title = Factory.Title(text=self.app.tr(Message("Choose a folder")), color=self.ink)
        self.refusal = Factory.Refusal(text="")
        buttons = BoxLayout(size_hint_y=None, height=dp(theme.BUTTON_DP), spacing=dp(12))
        for text, action, main in ((Message("Back"), self.close, False), (Message("Here"), self.take, True)):
            button = (Factory.Big if main else Factory.Quiet)(text=self.app.tr(text))
            button.height = dp(theme.BUTTON_DP)
            button.bind(on_release=lambda *_, act=action: act())
            buttons.add_widget(button)
        for widget in (title, self.where, self.chooser, self.refusal, buttons):
            self.sheet.add_widget(widget)
        self.opened()

    def opened(self) -> None:
        """A folder opened: its path shown, and the problem of the folder before forgotten."""
        self.where.text = self.app.tr(Message("Folder: {path}", path=self.chooser.path))
        self.say_refusal("")

    @property
    def folder(self) -> Path:
        return Path(self.chooser.path)

    def take(self) -> None:
        problem = self.chosen(self.folder)
        if problem is None:
            self.close()
        else:
            self.say_refusal(problem)


# ------------------------------------------------------------------------------- the places


class Places(SafeRemoval, Dialog):
    """A dialog that offers the places a game goes to or comes from: the drives, this device's
    folder, another folder."""

    def __init__(
        self,
        data_dir: Path,
        *,
        drives: Callable[[], list[Drive]] = removable_drives,
        sticks: Sticks | None = None,
        browse_from: Path | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        self.own = Path(data_dir) / EXPORTS
        self.drives = drives
        self.sticks = sticks if sticks is not None else Sticks()
        self.removal = None
        self.removed = None
        self.browse_from = browse_from
        self.browser: FolderDialog | None = None

    def places(self) -> list[Any]:
        widgets: list[Any] = []
        if self.removed is not None:  # said once: "Look again" shows the drives as they are
            note = self.body(self.removed)
            note.bold = True
            widgets.append(note)
            self.removed = None
        try:
            found = self.drives()
        except OSError:
            found = []
        for drive in found:
            if self.sticks.ours(drive):
                widgets.append(self.stick_row(drive))
            else:
                widgets.append(self._button(drive.words(), drive.path, main=True))
        if not found:
            widgets.append(self.body(Message("No USB stick found: plug one in and tap Look again.")))
        widgets.append(self._button(Message("On this device (folder {folder})", folder=EXPORTS), self.own))
        other = Factory.Quiet(text=self.app.tr(Message("Another folder …")))
        other.height = dp(theme.BUTTON_DP)
        other.bind(on_release=lambda *_: self.browse())
        widgets.append(other)
        return widgets

    def _button(self, text: Text, folder: Path, *, main: bool = False) -> Any:
        button = (Factory.Big if main else Factory.Quiet)(text=self.app.tr(text))
        button.height = dp(theme.BUTTON_DP)
        button.folder = folder
        button.bind(on_release=lambda *_: self.chosen(folder))
        return button

    def browse(self) -> None:
        start = self.browse_from if self.browse_from is not None else start_folder()
        self.browser = FolderDialog(start, self.chosen)
        self.browser.open_now()

    def chosen(self, folder: Path) -> Text | None:
        raise NotImplementedError

    def close(self) -> None:
        self.stop_looking()
        if self.browser is not None:
            self.browser.close()
            self.browser = None
        super().close()


class ExportDialog(Places):
    """Write game ``game_id`` of the journal to a stick or a folder."""

    def __init__(self, journal: Any, game_id: int, data_dir: Path, **kwargs: Any) -> None:
        super().__init__(data_dir, **kwargs)
        self.journal = journal
        self.game_id = game_id
        self.title = _title(journal, game_id)
        self.show()

    def show(self) -> None:
        """The places, read anew (a stick plugged in meanwhile)."""
        body = [self.body(Message("Tap where to write the game."))] + self.places()
        buttons = [(Message("Back"), self.close, False), (Message("Look again"), self.show, True)]
        self.page(Message("Export game {number}: {game}", number=self.game_id, game=self.title), body, buttons)

    def chosen(self, folder: Path) -> Text | None:
        """Write the game into ``folder``: closed and said in the bottom line, or the problem said
        in red (and given back, for the folder browser)."""
        try:
            if folder == self.own:
                _make(folder)
            paths = export_to(self.journal, self.game_id, folder)
        except FilesProblem as problem:
            self.problem = problem.text
            self.show()
            return problem.text
        self.close()
        self.app.tell(told_written(folder, paths))
        return None


def _title(journal: Any, game_id: int) -> str:
    from companion.games.registry import HOMES

    try:
        name = journal.game(game_id).game
    except (JournalError, sqlite3.Error):  # the export itself says what is wrong with the game
        return "?"
    home = HOMES.get(name)
    return home.title if home is not None else name


def _make(folder: Path) -> None:
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise FilesProblem(
            Message(
                "{folder} could not be made: {problem}. Nothing was written.",
                folder=str(folder),
                problem=exc.strerror or str(exc),
            )
        ) from None


class FilePicker(Places):
    """The places, then the files found in the place chosen (``files``), a tap taking one
    (``take``); a subclass says which files and in which words (``WORDS``: the places' page title
    and line, the files' page title with ``{folder}``, its line, and its line when there are none)."""

    WORDS: dict[str, Message]

    def __init__(self, data_dir: Path, **kwargs: Any) -> None:
        super().__init__(data_dir, **kwargs)
        self.folder: Path | None = None
        self.show()

    def files(self, folder: Path) -> list[Path]:
        """The files to offer in ``folder``; FilesProblem when it cannot be read."""
        raise NotImplementedError

    def file_text(self, path: Path) -> str:
        return path.name

    def take(self, path: Path) -> None:
        raise NotImplementedError

    def show(self) -> None:
        """The places, read anew."""
        self.folder = None
        body = [self.body(self.WORDS["where"])] + self.places()
        buttons = [(Message("Back"), self.close, False), (Message("Look again"), self.show, True)]
        self.page(self.WORDS["title"], body, buttons)

    def chosen(self, folder: Path) -> Text | None:
        """The files in ``folder``, a page of their own; a folder that cannot be read is said in
        red (and given back, for the folder browser)."""
        try:
            files = self.files(folder) if folder.is_dir() or folder != self.own else []
        except FilesProblem as problem:
            self.problem = problem.text
            self.show()
            return problem.text
        if self.browser is not None:
            self.browser.close()
            self.browser = None
        self.folder = folder
        self.list_files(files)
        return None

    def list_files(self, files: list[Path]) -> None:
        assert self.folder is not None
        where = self.folder.name or str(self.folder)
        body: list[Any] = [self.body(self.WORDS["pick"])] if files else []
        for path in files:
            button = Factory.Quiet(text=self.file_text(path))
            button.height = dp(theme.BUTTON_DP)
            button.path = path
            button.bind(on_release=lambda *_, chosen=path: self.take(chosen))
            body.append(button)
        if not files:
            body.append(self.body(Message(self.WORDS["none"].msgid, folder=where)))
        buttons = [(Message("Back"), self.show, False), (Message("Look again"), self.again, True)]
        self.page(Message(self.WORDS["files"].msgid, folder=where), body, buttons)

    def again(self) -> None:
        if self.folder is not None:
            self.chosen(self.folder)


class ImportDialog(FilePicker):
    """Read a game from a stick or a folder into the journal: ``on_imported(game_id)`` after."""

    WORDS = {
        "title": Message("Import a game"),
        "where": Message("Tap where the game is."),
        "files": Message("Games in {folder}"),
        "pick": Message("Tap a game to import it."),
        "none": Message("There is no exported game in {folder}."),
    }

    def __init__(self, journal: Any, data_dir: Path, on_imported: Callable[[int], None], **kwargs: Any) -> None:
        self.journal = journal
        self.on_imported = on_imported
        super().__init__(data_dir, **kwargs)

    def files(self, folder: Path) -> list[Path]:
        return importable(folder)

    def file_text(self, path: Path) -> str:
        return f"{path.name}  ·  {_when(path)}"

    def take(self, path: Path) -> None:
        try:
            imported = import_from(self.journal, path)
        except FilesProblem as problem:
            self.say_refusal(problem.text)
            return
        self.close()
        self.on_imported(imported.game_id)
        self.app.tell(told_imported(path, imported))


def _when(path: Path) -> str:
    try:
        moment = path.stat().st_mtime
    except OSError:
        return "?"
    return datetime.datetime.fromtimestamp(moment).strftime("%Y-%m-%d %H:%M")

"""Every file the app reads, fed what a stick, a typo or a broken card can put in its place: random
bytes, thousands of nested ``[`` and ``{``, numbers of more than 4300 digits, NUL bytes, bytes that
are not UTF-8, wrong types, a file larger than its reader's limit (a sparse file of 64 GB: a reader
that read it would run out of memory or time), a folder, a device, a pipe, a link to nothing, a
file the app may not read. Each reader answers with a problem that names the file, in German and
in English, and changes nothing: the hardware settings file and a card list stay as they were, a
refused import writes nothing into the journal, and the app's settings file is set aside whole
(``app-settings.json.damaged``), never lost."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.app import settings as app_settings
from companion.app.problems import hardware_problems
from companion.catalogue import LARGEST as CARD_LIST_LARGEST
from companion.catalogue import CatalogueError, load_catalogue
from companion.i18n import Message, render
from companion.journal import exports
from companion.journal.errors import JournalError
from companion.journal.store import Journal
from companion.results.drives import FilesProblem
from companion.results.gamefiles import import_from
from hardware.config import HardwareConfigError, load_hardware_config
from hardware.display import ROTATIONS, TOUCH, read_display
from hardware.settings_file import LARGEST as HARDWARE_LARGEST
from tests.companion.journal.test_failures import in_child
from tests.support.waiting import WAIT

# ----------------------------------------------------------------------------- the readers


@dataclass(frozen=True)
class Reader:
    """One file the app reads: its name, its limit, and ``said(path)``: what the table is told about
    the file at ``path`` (no texts: it was taken)."""

    file: str
    largest: int
    said: Callable[[Path], list[Any]]
    writes: bool = False  # the reader sets the file aside (the app's settings)


UNREADABLE = {
    "not a valid TOML file ({reason})",
    "is nested too deeply to be read",
    "is a folder, not a file",
    "is not a file but a device or a pipe",
    "is a link to {target}, which is not there",
    "has {size} bytes; a settings file has at most {largest}",
}


def said_by_hardware(path: Path) -> list[Any]:
    try:
        load_hardware_config(path, env={})
    except HardwareConfigError as error:
        assert str(error).startswith(str(path)), str(error)  # the command line's line names the file
        display, unreadable = read_display(path, env={})  # before the window: the defaults, never a raise
        assert display.rotation in ROTATIONS and display.touch in TOUCH
        if error.details[0].template in UNREADABLE:  # the file could not be read: said before the window
            assert unreadable is not None
        assert unreadable is None or str(unreadable) == str(error)
        return list(hardware_problems(error))
    return []


def said_by_app_settings(path: Path) -> list[Any]:
    settings, problems = app_settings.load(path.parent)
    app_settings.check(settings)  # usable values only
    app_settings.save(path.parent, settings)  # and the next write works
    return problems


def said_by_card_list(path: Path) -> list[Any]:
    try:
        load_catalogue(path)
    except CatalogueError as error:
        if error.reason is None:
            return [Message("This card list cannot be used: {problem}", problem=str(error))]
        return [Message("The card list {file} cannot be read. {reason}", file=path.name, reason=error.reason)]
    return []


@contextmanager
def journal_kept(path: Path) -> Iterator[Journal]:
    """A journal beside the file, which must hold exactly its games afterwards."""
    target = path.parent / "journal.sqlite3"
    with Journal.open(target) as journal:
        before = [(row.id, row.game, row.updated) for row in journal.games()]
        yield journal
        assert [(row.id, row.game, row.updated) for row in journal.games()] == before, "nothing was imported"


def said_by_import(path: Path) -> list[Any]:
    with journal_kept(path) as journal:
        try:
            import_from(journal, path)
        except FilesProblem as problem:
            said = [problem.text]
        else:
            raise AssertionError(f"{path.name} was imported")
    try:
        exports.read_json(path)  # ``companion import FILE``'s reading: ExportError or the data
    except exports.ExportError as error:
        assert str(path) in str(error), str(error)
    return said


READERS = {
    "hardware settings": Reader("hardware.toml", HARDWARE_LARGEST, said_by_hardware),
    "app settings": Reader(app_settings.FILE, app_settings.LARGEST, said_by_app_settings, writes=True),
    "card list": Reader("cards.toml", CARD_LIST_LARGEST, said_by_card_list),
    "import": Reader("game.json", exports.LARGEST, said_by_import),
}


def checked_words(reader: Reader, path: Path, said: list[Any]) -> list[str]:
    """Each text in both languages (the German from the catalogue), the file named among them: by
    its name, or, for a setting of the hardware file, by its table and place."""
    german, english = [render(text, "de") for text in said], [render(text, "en") for text in said]
    for de, en in zip(german, english, strict=True):
        assert de and en and (de != en or path.name in en), (de, en)
    for texts in (german, english):
        assert not texts or any(path.name in text or text.startswith("Hardware") for text in texts), texts
    return german


# ---------------------------------------------------------------------------- random input

DEEP = st.builds(
    lambda head, opener, depth: head + opener * depth,
    st.sampled_from(
        [b"", b"[display]\n", b"[display]\nrotation = ", b"x = ", b'{"language": ', b'{"format": 1, "a": ']
    ),
    st.sampled_from([b"[", b"{", b'{"a":', b"[[", b"a = {b = "]),
    st.integers(min_value=200, max_value=5000),
)
LONG_NUMBER = st.builds(
    lambda head, digits: head + b"1" * digits,
    st.sampled_from([b"", b"a = ", b"[dice]\nbaudrate = "]),
    st.integers(4000, 9000),
)
TOML_VALUES = [
    "3",
    "-1",
    "1e400",
    "nan",
    "-inf",
    '"x"',
    '"\\u0000"',
    "true",
    "[]",
    '[1, "a", [2]]',
    "{}",
    '{a = 1, "b" = [true]}',
    "1979-05-27T07:32:00Z",
    "07:32:00",
    '"/dev/ttyACM0"',
    '"loop://"',
    '"k"',
]
TOML_TABLES = ["", "panel", "dice", "display", "panel.matrix", "panel.direct", "panel.keyboard", "panel.leds", "x"]
TOML_KEYS = ["wiring", "active_low", "rows", "columns", "1", "port", "baudrate", "rotation", "touch", "document", "id"]
TOML = st.lists(
    st.tuples(st.sampled_from(TOML_TABLES), st.sampled_from(TOML_KEYS), st.sampled_from(TOML_VALUES)), max_size=8
).map(lambda lines: "".join(f"[{t}]\n{k} = {v}\n" if t else f"{k} = {v}\n" for t, k, v in lines).encode())
JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4),
    max_leaves=20,
)
JSON_SHAPED = st.one_of(
    JSON.map(lambda value: json.dumps(value).encode()),
    st.dictionaries(st.sampled_from(["language", "die", "location", "screen", "games", "format", "version"]), JSON).map(
        lambda value: json.dumps(value).encode()
    ),
)
HOSTILE = st.one_of(
    st.binary(max_size=3000),
    DEEP,
    LONG_NUMBER,
    TOML,
    JSON_SHAPED,
    st.text(max_size=300).map(lambda text: text.encode("utf-8", "surrogatepass")),
    st.builds(lambda left, right: left + b"\x00" + right, TOML | JSON_SHAPED, st.binary(max_size=20)),
    st.builds(lambda good, bad: good + bad, TOML | JSON_SHAPED, st.sampled_from([b"\xff", b"\xc3", b"\xed\xa0\x80"])),
)


@pytest.mark.parametrize("name", sorted(READERS))
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=HOSTILE)
def test_whatever_a_file_holds_its_reader_says_what_is_wrong_and_changes_nothing(name: str, data: bytes) -> None:
    reader = READERS[name]
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / reader.file
        path.write_bytes(data)
        said = reader.said(path)  # nothing but the reader's own problem gets out
        checked_words(reader, path, said)
        if reader.writes:
            if said:  # set aside whole, never lost
                assert (Path(folder) / f"{reader.file}.damaged").read_bytes() == data
        else:
            assert path.read_bytes() == data


# --------------------------------------------------------------- what stands in the file's place


def sparse(path: Path, size: int) -> None:
    with path.open("wb") as file:
        file.truncate(size)


PLACES: dict[str, Callable[[Path, Reader], None]] = {
    "a folder": lambda path, reader: path.mkdir(),
    "a link to nothing": lambda path, reader: path.symlink_to(path.with_name("gone")),
    "a device": lambda path, reader: path.symlink_to("/dev/zero"),
    "a pipe": lambda path, reader: os.mkfifo(path),
    "one byte too many": lambda path, reader: sparse(path, reader.largest + 1),
    "64 GB": lambda path, reader: sparse(path, 64 * 1024**3),
}


@pytest.mark.parametrize("place", sorted(PLACES))
@pytest.mark.parametrize("name", sorted(READERS))
def test_a_file_that_is_no_file_or_too_large_is_refused_before_it_is_read(tmp_path, name: str, place: str) -> None:
    reader = READERS[name]
    path = tmp_path / reader.file
    PLACES[place](path, reader)
    said = reader.said(path)
    german = checked_words(reader, path, said)
    assert said, f"{place} was taken as {name}"
    if place in ("one byte too many", "64 GB"):
        assert any(str(reader.largest) in text for text in german), german  # the limit, in the table's words
    if not reader.writes:
        assert os.path.lexists(path) and (place != "64 GB" or path.stat().st_size == 64 * 1024**3)


@pytest.mark.parametrize("name", sorted(READERS))
def test_a_file_the_app_may_not_read_is_said_so(name: str) -> None:
    reader = READERS[name]
    with tempfile.TemporaryDirectory() as where:  # below /tmp: a folder nobody may enter
        folder = Path(where)
        folder.chmod(0o777)  # the reader (nobody, when the tests run as root) may set a file aside here
        unreadable_file(reader, folder / reader.file, name)


def unreadable_file(reader: Reader, path: Path, name: str) -> None:
    folder = path.parent
    path.write_text("[display]\n" if reader.file.endswith(".toml") else "{}")
    path.chmod(0)
    if name == "import":
        with Journal.open(folder / "journal.sqlite3"):
            pass
        (folder / "journal.sqlite3").chmod(0o666)

    def attempt() -> list[str]:
        said = reader.said(path)
        return [render(text, language) for text in said for language in ("de", "en")]

    said = in_child(attempt)
    assert said and all(reader.file in text for text in said), said
    assert any("Berechtigung" in text for text in said) and any("permission" in text for text in said), said


# ---------------------------------------------------------------------- the words, as the table sees them


def test_the_deeply_nested_hardware_file_of_the_issue_is_said_in_both_languages(tmp_path) -> None:
    path = tmp_path / "hardware.toml"
    path.write_text("[display]\nrotation = " + "[" * 3000)
    (text,) = said_by_hardware(path)
    assert render(text, "de") == f"Hardware-Einstellungen {path}: ist zu tief verschachtelt, um sie zu lesen"
    assert render(text, "en") == f"Hardware settings {path}: is nested too deeply to be read"


def test_a_huge_app_settings_file_is_refused_by_its_size_and_kept(tmp_path) -> None:
    path = tmp_path / app_settings.FILE
    sparse(path, 50 * 1024 * 1024)
    settings, (text,) = app_settings.load(tmp_path)
    assert settings == app_settings.AppSettings()
    assert render(text, "de") == (
        "Die Einstellungen der App ließen sich nicht lesen. Die Datei hat 52428800 Bytes, mehr als die 1048576, "
        "die eine solche Datei haben darf. Es gelten die Anfangswerte; die Datei liegt jetzt unter "
        "app-settings.json.damaged."
    )
    assert (tmp_path / f"{app_settings.FILE}.damaged").stat().st_size == 50 * 1024 * 1024


def test_the_data_folder_setting_file_is_read_bounded_too(tmp_path, monkeypatch) -> None:
    from companion.journal import paths

    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    (tmp_path / "companion").mkdir()
    for make in PLACES.values():
        path = tmp_path / "companion" / "settings.toml"
        make(path, Reader("settings.toml", paths.SETTINGS_LARGEST, lambda _: []))
        with pytest.raises(JournalError, match=f"cannot read the settings file {path}: "):
            paths.read_settings()
        os.rmdir(path) if path.is_dir() and not path.is_symlink() else path.unlink()


# ----------------------------------------------------------------------------- the command line


def companion(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "companion", *args], capture_output=True, text=True, timeout=WAIT)


CLI_PLACES = {
    "deeply nested": lambda path, reader: path.write_text(("x = " if path.suffix == ".toml" else "") + "[" * 5000),
    "random bytes": lambda path, reader: path.write_bytes(bytes(range(256)) * 4),
    "a long number": lambda path, reader: path.write_text(("x = " if path.suffix == ".toml" else "") + "1" * 5000),
    **PLACES,
}


@pytest.mark.parametrize("place", sorted(CLI_PLACES))
def test_import_names_the_file_and_exits_2_in_one_line_writing_nothing(tmp_path, place: str) -> None:
    path = tmp_path / "game.json"
    CLI_PLACES[place](path, READERS["import"])
    done = companion("import", str(path), "--data-dir", str(tmp_path / "data"))
    assert done.returncode == 2 and done.stdout == "", done
    assert done.stderr.count("\n") == 1 and done.stderr.startswith("companion: ") and str(path) in done.stderr
    assert not (tmp_path / "data" / "journal.sqlite3").exists(), "a refused import makes no journal"


@pytest.mark.parametrize("place", sorted(CLI_PLACES))
def test_selftest_names_the_hardware_file_and_exits_2_in_one_line(tmp_path, place: str) -> None:
    path = tmp_path / "hardware.toml"
    CLI_PLACES[place](path, READERS["hardware settings"])
    done = companion("selftest", "--config", str(path), "--skip-die")
    assert done.returncode == 2 and "Traceback" not in done.stderr, done
    assert done.stderr.count("\n") == 1 and str(path) in done.stderr, done.stderr


def test_the_app_options_without_the_app_word_are_the_app_command() -> None:
    """``companion --data-dir D ...`` goes through the same command line as ``companion app``."""
    for args in (["--size", "1x1"], ["app", "--size", "1x1"]):
        done = companion(*args)
        assert done.returncode == 2 and "Traceback" not in done.stderr
        assert "'1x1': width 320..7680 and height 240..4320" in done.stderr

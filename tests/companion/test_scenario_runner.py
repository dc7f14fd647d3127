"""The scenario runner and the ``companion`` command line: passing, failing, refusals, parse
errors, exit codes. Scenario text is written into files under tmp_path."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from companion import __version__
from companion.cli import main
from companion.games.gluecksritter.scenario import build_command
from companion.scenario.parse import CommandLine, ScenarioError, parse_scenario, tokenize
from companion.scenario.run import check_file, run_file
from engines.core import History
from engines.gluecksritter.coins import Coins
from tests.companion.games.scenario_files import assert_error_at, write
from tests.support.waiting import WAIT

SCENARIO_DIR = Path(__file__).resolve().parents[1] / "scenarios" / "gluecksritter"

GOOD = """\
game gluecksritter            # line 1
players red blue green
name red "Anna Maria"

place-ducats top=3 bottom=2 field5=1s2g field6=2s
expect field5 = 1s2g          # line 6
choose-actions red cards=5,6
choose-actions blue cards=1,2
choose-actions green cards=2,3
reveal-documents              # line 10
reveal-actions
decline blue                  # no document: the round ends by itself
decline blue
decline green
decline green                 # line 15
expect red.coins = 5s4g
expect round = 2
"""


def with_line(text: str, after: int, line: str) -> str:
    """``text`` with ``line`` inserted after line number ``after``: it becomes line after+1."""
    lines = text.splitlines()
    return "\n".join([*lines[:after], line, *lines[after:]]) + "\n"


# ------------------------------------------------------------------------------- the runner


def test_a_correct_scenario_passes(tmp_path: Path) -> None:
    path = write(tmp_path, GOOD)
    result = run_file(path)
    assert result.ok, result.report()
    assert (result.commands, result.expectations) == (10, 3)
    assert result.report() == f"ok   {path} (10 commands, 3 expectations)"


def test_a_wrong_expectation_fails_naming_file_line_expected_and_actual(tmp_path: Path) -> None:
    path = write(tmp_path, GOOD.replace("expect red.coins = 5s4g", "expect red.coins = 5s3g"))
    result = run_file(path)
    assert result.status == "fail"
    assert result.line == 16
    report = result.report()
    assert report.startswith(f"FAIL {path}:16: red.coins: expected 5s3g, got 5s4g")
    assert "expect red.coins = 5s3g" in report


def test_the_file_stops_at_its_first_failure(tmp_path: Path) -> None:
    text = with_line(GOOD, 6, "expect sack = 0")
    result = run_file(write(tmp_path, text.replace("expect round = 2", "expect round = 9")))
    assert (result.status, result.line) == ("fail", 7)


def test_an_unexpected_refusal_fails_with_the_rule_and_its_message(tmp_path: Path) -> None:
    path = write(tmp_path, GOOD.replace("choose-actions red cards=5,6", "choose-actions red cards=5,5"))
    result = run_file(path)
    assert (result.status, result.line) == ("fail", 7)
    assert f"{path}:7: refused [B.two-different]: pick two different action cards" in result.report()
    assert "choose-actions red cards=5,5" in result.report()


def test_an_expected_refusal_that_is_accepted_fails(tmp_path: Path) -> None:
    text = GOOD.replace("choose-actions red cards=5,6", "expect refused B.in-hand : choose-actions red cards=5,6")
    result = run_file(write(tmp_path, text))
    assert (result.status, result.line) == ("fail", 7)
    assert "expected a refusal [B.in-hand], but the command was accepted" in result.message


def test_a_refusal_with_another_rule_fails(tmp_path: Path) -> None:
    text = with_line(GOOD, 6, "expect refused B.in-hand : choose-actions red cards=5,5")
    result = run_file(write(tmp_path, text))
    assert (result.status, result.line) == ("fail", 7)
    assert result.message.startswith("refused with [B.two-different], expected [B.in-hand]")


def test_expected_refusals_pass_by_exact_rule_or_prefix_and_change_nothing(tmp_path: Path) -> None:
    text = with_line(GOOD, 6, "expect refused B.two-different : choose-actions red cards=5,5")
    text = with_line(text, 7, "expect refused B.* : choose-actions red cards=4,4")
    text = with_line(text, 8, "expect refused history.redo : redo")
    result = run_file(write(tmp_path, text))
    assert result.ok, result.report()
    assert result.expectations == 6


def test_undo_and_redo_move_whole_commands(tmp_path: Path) -> None:
    text = with_line(GOOD, 6, "undo\nexpect field5 = 0\nexpect phase = A\nredo\nexpect field5 = 1s2g")
    assert run_file(write(tmp_path, text)).ok
    nothing = "game gluecksritter\nplayers red blue green\nundo\n"
    result = run_file(write(tmp_path, nothing, "nothing.scn"))
    assert (result.status, result.line) == ("fail", 3)
    assert "[history.undo]" in result.message


def test_a_replay_that_differs_from_the_live_state_fails(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(History, "replay", lambda self: self.initial)
    result = run_file(write(tmp_path, GOOD))
    assert (result.status, result.line) == ("fail", 5)
    assert "replaying the history" in result.message


def test_an_engine_crash_is_reported_as_a_failure(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(self: History, command: object) -> None:
        raise KeyError("oops")

    monkeypatch.setattr(History, "apply", broken)
    result = run_file(write(tmp_path, GOOD))
    assert (result.status, result.line) == ("fail", 5)
    assert result.message.startswith("engine defect, KeyError")


# --------------------------------------------------------------------- files it cannot read

HEAD = "game gluecksritter\nplayers red blue green\n"
BAD = [
    ("", 1, "the file is empty"),
    ("players red blue green\n", 1, "a scenario starts with 'game <name>'"),
    ("game chess\nplayers red blue green\n", 1, "no scenarios for the game 'chess'"),
    ("game gluecksritter\n", 1, "the header needs 'players'"),
    ("game gluecksritter\nplayers red blue\n", 2, "3 to 6 players"),
    ("game gluecksritter\nplayers red blue purple\n", 2, "players"),
    ("game gluecksritter\nrules monopoly\nplayers red blue green\n", 2, "rules"),
    (HEAD + "setting digital_sack maybe\n", 3, "'on' or 'off'"),
    (HEAD + "setting special_die sack castle\n", 3, "six faces"),
    (HEAD + "catalogue missing.toml\n", 3, "cannot read the document catalogue"),
    (HEAD + 'name blue "Bo\n', 3, "double quote is not closed"),
    (HEAD + "reveal-actions\nplayers red blue\n", 4, "belongs to the header"),
    (HEAD + "\nfly-away red\n", 4, "there is no command 'fly-away'"),
    (HEAD + "place-ducats top=1 bottom=1 field5=1x field6=1s\n", 3, "not a coin amount"),
    (HEAD + "place-ducats top=one bottom=1\n", 3, "top is a whole number"),
    (HEAD + "choose-actions red cards=5\n", 3, "cards takes 2 values"),
    (HEAD + "choose-actions red card=5,6\n", 3, "has no key 'card'"),
    (HEAD + "choose-actions cards=5,6\n", 3, "player: Field required"),
    (HEAD + "place-ducats red top=1\n", 3, "names no player"),
    (HEAD + "knight-act red action=rob\n", 3, "action: Input should be"),
    (HEAD + "expect red.slver = 2\n", 3, "no expectation key 'red.slver'"),
    (HEAD + "expect white.silver = 2\n", 3, "nobody plays white"),
    (HEAD + "expect red.silver = lots\n", 3, "whole number"),
    (HEAD + "expect awaiting = rde\n", 3, "'rde' is not a player"),
    (HEAD + "expect phase = F\n", 3, "a phase is"),
    (HEAD + "expect red.silver\n", 3, "expect <key> = <value>"),
    (HEAD + "expect refused B.locked choose-actions red cards=1,2\n", 3, "expect refused <rule> : <command>"),
    (HEAD + "undo 2\n", 3, "takes nothing after it"),
]


@pytest.mark.parametrize(("text", "line", "message"), BAD)
def test_a_file_that_cannot_be_understood_is_an_error_naming_file_and_line(
    tmp_path: Path, text: str, line: int, message: str
) -> None:
    assert_error_at(write(tmp_path, text), line, message)


def test_a_missing_file_is_an_error(tmp_path: Path) -> None:
    result = run_file(tmp_path / "nope.scn")
    assert result.status == "error"
    assert "cannot read the file" in result.report()


def test_check_reads_but_does_not_play(tmp_path: Path) -> None:
    path = write(tmp_path, GOOD.replace("expect round = 2", "expect round = 7"))
    assert check_file(path).ok
    assert run_file(path).status == "fail"


# ------------------------------------------------------------------ parsing and conversions


def test_tokens_quotes_and_comments() -> None:
    assert tokenize('correct counter=red.silver value=0 reason="a # b"  # note') == [
        "correct",
        "counter=red.silver",
        "value=0",
        "reason=a # b",
    ]
    assert tokenize('name red "Anna Maria"') == ["name", "red", "Anna Maria"]
    assert tokenize("   # only a comment") == []


def test_statements_keep_their_line_numbers() -> None:
    scenario = parse_scenario(GOOD, "x.scn")
    assert scenario.game == "gluecksritter"
    assert [h.word for h in scenario.header] == ["players", "name"]
    assert scenario.header[1].args == ("red", "Anna Maria")
    assert [st.line for st in scenario.statements][:3] == [5, 6, 7]
    with pytest.raises(ScenarioError, match=r"^x\.scn:3: "):
        parse_scenario("game gluecksritter\nplayers red blue green\nbuy-pieces red 2\n", "x.scn")


def command(text: str) -> Any:
    statement = parse_scenario(f"game gluecksritter\n{text}\n").statements[0]
    assert isinstance(statement, CommandLine)
    return build_command(statement)


def test_values_become_coins_lists_ints_and_none() -> None:
    placed = command("place-ducats top=8 bottom=0 field5=3s5g field6=0")
    assert (placed.top, placed.field5, placed.field6, placed.draws) == (8, Coins(3, 5), Coins(), None)
    assert command("place-ducats top=2 bottom=1 draws=0,12,7").draws == (0, 12, 7)
    assert command("choose-actions blue cards=6,2").cards == (6, 2)
    buy = command("buy-pieces red count=2 payment=none")
    assert (buy.player, buy.count, buy.payment) == ("red", 2, None)
    offer = command("make-offer blue ducats=3 loot-promise=2")
    assert (offer.ducats, offer.loot_promise) == (3, 2)
    fix = command('correct counter=red.silver value=0 reason="scenario set-up"')
    assert (fix.counter, fix.value, fix.reason) == ("red.silver", 0, "scenario set-up")


# -------------------------------------------------------------------------- command line


def test_cli_exit_codes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good = write(tmp_path, GOOD, "good.scn")
    failing = write(tmp_path, GOOD.replace("expect round = 2", "expect round = 3"), "failing.scn")
    broken = write(tmp_path, "game gluecksritter\n", "broken.scn")
    assert main(["scenario", "run", str(good)]) == 0
    assert main(["scenario", "run", str(good), str(failing)]) == 1
    assert main(["scenario", "run", str(good), str(failing), str(broken)]) == 2
    out = capsys.readouterr().out
    assert f"FAIL {failing}:17: round: expected 3, got 2" in out
    assert f"ERROR {broken}:1:" in out
    assert "3 files: 1 ok, 1 failed, 1 not readable" in out
    assert main(["scenario", "check", str(good), str(failing)]) == 0
    assert main(["scenario", "check", str(broken)]) == 2


def test_cli_help_lists_the_scenario_commands(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--help"]) == 0  # without a command companion starts the app (tests/companion/app)
    out = capsys.readouterr().out
    assert "scenario" in out and "app" in out and "screenshots" in out
    assert main(["scenario", "--help"]) == 0
    assert "run" in capsys.readouterr().out


def test_cli_version_and_usage_errors(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--version"]) == 0
    assert capsys.readouterr().out.strip() == "companion 0.1.0"
    assert main(["scenario"]) == 2
    assert main(["scenario", "run"]) == 2
    assert main(["dance"]) == 2


def test_the_installed_command(tmp_path: Path) -> None:
    exe = Path(sys.executable).with_name("companion")
    if not exe.exists():
        pytest.skip("the companion console script is not installed beside this Python")
    good = write(tmp_path, GOOD)
    done = subprocess.run([str(exe), "scenario", "run", str(good)], capture_output=True, text=True, timeout=WAIT)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.startswith("ok   ")
    done = subprocess.run([str(exe), "--size", "1x1"], capture_output=True, text=True, timeout=WAIT)
    assert done.returncode == 2  # the app's own options, checked before any window opens
    assert "width 320..7680" in done.stderr


def test_python_dash_m_companion() -> None:
    args = [sys.executable, "-m", "companion", "--version"]
    done = subprocess.run(args, capture_output=True, text=True, timeout=WAIT)
    assert (done.returncode, done.stdout.strip()) == (0, f"companion {__version__}")


# ------------------------------------------------------------------- the shipped scenarios


@pytest.mark.parametrize("path", sorted(SCENARIO_DIR.glob("*.scn")), ids=lambda p: p.name)
def test_shipped_scenario(path: Path) -> None:
    result = run_file(path)
    assert result.ok, result.report()

"""The project's one base of errors, and the two ways a game says no: a refused command (the
table's mistake) and a broken invariant (ours).

:class:`CompanionError` is the base of every error the project raises on purpose, in the rules,
the hardware and the app alike; each also derives from the builtin error it resembles (as
gpiozero's errors do), so ``except ValueError`` still catches a refused command. It lives here, in
the rules' core, because the rules import nothing and everything may import the rules' core.
``except CompanionError`` catches what the project says no with, and nothing that is a defect."""

from __future__ import annotations

from collections.abc import Callable


class CompanionError(Exception):
    """An error the project raises on purpose: a refused command, a damaged journal, a device
    that is not there, a setting that is no setting."""


class RuleViolation(CompanionError, ValueError):
    """A command the rules do not allow. The state it was checked against is unchanged.

    ``rule`` is a short stable name of the rule (e.g. ``"field2.max-two"``) that a screen,
    a log line or a scenario can refer to. ``template`` says what was wrong in English words with
    named values in braces, and ``values`` are those values as plain data (colours, numbers,
    names), so that a screen can say the same in another language: the template is the message
    id of the app's catalogues (docs/i18n.md). ``message`` is the template filled in.

        RuleViolation("haggle.ducats", "{player} holds only {ducats} Ducats", player="red", ducats=3)
    """

    def __init__(self, rule: str, template: str, /, **values: object) -> None:
        self.rule = rule
        self.template = template
        self.values = values
        self.message = template.format(**values) if values else template
        super().__init__(f"{self.message} [{rule}]")

    def __reduce__(self) -> tuple[Callable[..., RuleViolation], tuple[str, str, dict[str, object]]]:
        # pickles with its values (keyword arguments do not survive the default)
        return (_rebuild, (self.rule, self.template, self.values))


def _rebuild(rule: str, template: str, values: dict[str, object]) -> RuleViolation:
    return RuleViolation(rule, template, **values)


class InvariantBroken(CompanionError, AssertionError):
    """A state that can never happen in the physical game (coins created, a fifth wall...).

    Raised by a game's ``check``; it means a defect in the engine, never a player's mistake.
    """

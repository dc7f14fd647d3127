"""The two ways a game says no: a refused command (the table's mistake) and a broken invariant (ours)."""

from __future__ import annotations

from collections.abc import Callable


class RuleViolation(ValueError):
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


class InvariantBroken(AssertionError):
    """A state that can never happen in the physical game (coins created, a fifth wall...).

    Raised by a game's ``check``; it means a defect in the engine, never a player's mistake.
    """

"""The two ways a game says no: a refused command (the table's mistake) and a broken invariant (ours)."""


class RuleViolation(ValueError):
    """A command the rules do not allow. The state it was checked against is unchanged.

    ``rule`` is a short stable name of the rule (e.g. ``"field2.max-two"``) that a screen,
    a log line or a scenario can refer to; ``message`` says what was wrong in words.
    """

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(f"{message} [{rule}]")
        self.rule = rule
        self.message = message


class InvariantBroken(AssertionError):
    """A state that can never happen in the physical game (coins created, a fifth wall...).

    Raised by a game's ``check``; it means a defect in the engine, never a player's mistake.
    """

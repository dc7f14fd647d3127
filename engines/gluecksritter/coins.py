"""Coins: silver is worth 1 Ducat, gold 2. Payments, change and even splits."""

from __future__ import annotations

import re
from dataclasses import dataclass

from engines.core.errors import RuleViolation


@dataclass(frozen=True, slots=True)
class Coins:
    silver: int = 0
    gold: int = 0

    @property
    def value(self) -> int:
        return self.silver + 2 * self.gold

    @property
    def count(self) -> int:
        return self.silver + self.gold

    def __add__(self, other: Coins) -> Coins:
        return Coins(self.silver + other.silver, self.gold + other.gold)

    def __sub__(self, other: Coins) -> Coins:
        return Coins(self.silver - other.silver, self.gold - other.gold)

    def covers(self, other: Coins) -> bool:
        return self.silver >= other.silver and self.gold >= other.gold

    def __str__(self) -> str:
        return f"{self.silver}s{self.gold}g"


NONE = Coins()


def exact_payment(held: Coins, amount: int) -> Coins | None:
    """The exact payment of ``amount`` that spends first the kind the player holds more of.

    None when no exact payment exists (too little money, or an odd amount with no silver).
    """
    if amount <= 0:
        return NONE
    if held.value < amount:
        return None
    if held.silver >= held.gold:
        silver = min(held.silver, amount)
        if (amount - silver) % 2:
            silver -= 1
        gold = (amount - silver) // 2
    else:
        gold = min(held.gold, amount // 2)
        silver = amount - 2 * gold
    if silver < 0 or silver > held.silver or gold > held.gold:
        return None
    return Coins(silver, gold)


def propose_payment(held: Coins, amount: int) -> Coins | None:
    """What the app proposes: an exact payment, else the smallest overpayment; None if unaffordable."""
    exact = exact_payment(held, amount)
    if exact is not None:
        return exact
    if held.value < amount:
        return None
    return Coins(0, (amount + 1) // 2)  # only gold and an odd amount: one Ducat too much


def payment_refusal(payer: str, held: Coins, amount: int, paid: Coins) -> RuleViolation | None:
    """Why ``paid`` is not an acceptable payment of ``amount`` from ``held``, or None if it is."""
    coins = {"paid_silver": paid.silver, "paid_gold": paid.gold}
    if paid.silver < 0 or paid.gold < 0:
        return RuleViolation(
            "payment.coins",
            "{player} cannot pay with a negative number of coins ({paid_silver} silver and {paid_gold} gold)",
            player=payer,
            **coins,
        )
    if not held.covers(paid):
        return RuleViolation(
            "payment.coins",
            "{player} pays {paid_silver} silver and {paid_gold} gold but holds only {silver} silver and {gold} gold",
            player=payer,
            silver=held.silver,
            gold=held.gold,
            **coins,
        )
    if paid.value < amount:
        return RuleViolation(
            "payment.coins",
            "{player} pays {paid_silver} silver and {paid_gold} gold, worth {paid} Ducats, but {ducats} are due",
            player=payer,
            paid=paid.value,
            ducats=amount,
            **coins,
        )
    if paid.value > amount:
        if exact_payment(held, amount) is not None:
            return RuleViolation(
                "payment.coins",
                "{player} overpays {ducats} Ducats with {paid_silver} silver and {paid_gold} gold "
                "although an exact payment is possible",
                player=payer,
                ducats=amount,
                **coins,
            )
        if (paid.silver and paid.value - 1 >= amount) or (paid.gold and paid.value - 2 >= amount):
            return RuleViolation(
                "payment.coins",
                "{player} pays more coins than needed for {ducats} Ducats ({paid_silver} silver and {paid_gold} gold)",
                player=payer,
                ducats=amount,
                **coins,
            )
    return None


def payment_problem(held: Coins, amount: int, paid: Coins) -> str | None:
    """Why ``paid`` is not an acceptable payment of ``amount`` from ``held`` in English words, or
    None if it is."""
    refusal = payment_refusal("the payer", held, amount, paid)
    return refusal.message if refusal is not None else None


def split(pile: Coins, takers: int) -> tuple[Coins, Coins]:
    """Each taker's share and what stays: silver and gold are split evenly, each on its own."""
    share = Coins(pile.silver // takers, pile.gold // takers)
    rest = Coins(pile.silver - share.silver * takers, pile.gold - share.gold * takers)
    return share, rest


def parse_coins(text: str) -> Coins:
    """``"3s5g"``, ``"2s"``, ``"1g"`` or ``"0"`` → Coins (the notation of scenarios and logs).

    A count may carry a minus sign (``"-1s3g"``): the notation writes down what the table said,
    and the referee refuses a negative count with its own words."""
    raw = text.strip().lower()
    if raw == "0":
        return NONE
    match = re.fullmatch(r"(?:(-?\d+)s)?(?:(-?\d+)g)?", raw)
    if not raw or match is None:
        raise ValueError(f"not a coin amount: {text!r} (write e.g. 3s5g, 2s, 1g or 0)")
    return Coins(int(match.group(1) or 0), int(match.group(2) or 0))

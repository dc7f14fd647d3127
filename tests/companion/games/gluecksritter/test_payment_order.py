"""The ways to pay that the screen offers, in the order RULINGS asks: the first is the app's own
proposal, which spends first the kind of coin the player holds more of."""

from __future__ import annotations

from companion.games.gluecksritter.table import TABLE
from engines.gluecksritter.coins import propose_payment
from engines.gluecksritter.commands import Ransom
from tests.engines.gluecksritter.helpers import Table, c


def _ways(silver: int, gold: int) -> list[tuple[int, int]]:
    table = Table.new().give("red", silver=silver, gold=gold, jailed=1)
    ways = TABLE.alternatives(table.state, Ransom("red"))
    return [(way.payment.silver, way.payment.gold) for way in ways if way.payment is not None]


def test_more_gold_than_silver_offers_gold_first() -> None:
    assert _ways(4, 6) == [(0, 2), (2, 1), (4, 0)]  # 4 Ducats: two gold first, four silver last


def test_more_silver_than_gold_offers_silver_first() -> None:
    assert _ways(6, 4) == [(4, 0), (2, 1), (0, 2)]


def test_the_first_way_is_the_apps_proposal() -> None:
    for silver, gold in ((4, 6), (6, 4), (3, 3), (5, 1), (2, 7), (7, 2)):
        first = _ways(silver, gold)[0]
        assert c(*first) == propose_payment(c(silver, gold), 4), (silver, gold)

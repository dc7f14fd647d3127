"""The setup a table chooses: the rule set, the players and the document catalogue, which must
describe the box's 25 documents."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from tests.engines.gluecksritter.helpers import CATALOGUE, doc, setup


def test_the_shipped_catalogue_holds_the_boxs_25_documents():
    assert sum(d.count for d in CATALOGUE) == 25
    setup()  # accepted


@pytest.mark.parametrize("edicts", [21, 23])
def test_a_catalogue_that_does_not_add_up_to_25_cards_is_refused(edicts):
    documents = [doc("gift", "yellow", 3, "royal-tax-waiver"), doc("edict", "yellow", edicts)]
    with pytest.raises(ValidationError) as error:
        setup(documents=documents)
    message = str(error.value)
    assert f"counts {3 + edicts} cards" in message and "25" in message


def test_a_catalogue_of_25_in_any_split_is_accepted():
    setup(documents=[doc("gift", "yellow", 1, "royal-tax-waiver"), doc("edict", "red", 24)])


def test_document_ids_must_be_unique():
    with pytest.raises(ValidationError, match="unique"):
        setup(documents=[doc("edict", "yellow", 12), doc("edict", "red", 13)])

"""Scenarios: table situations written as text, played against a game engine and checked.

``companion scenario run FILE...`` runs them; the format is described in docs/scenarios.md.
"""

from companion.scenario.parse import Scenario, ScenarioError, parse_scenario, read_scenario
from companion.scenario.run import ADAPTERS, Result, check_file, prepare, run_file, run_plan

__all__ = [
    "ADAPTERS",
    "Result",
    "Scenario",
    "ScenarioError",
    "check_file",
    "parse_scenario",
    "prepare",
    "read_scenario",
    "run_file",
    "run_plan",
]

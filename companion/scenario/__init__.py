"""Scenarios: table situations written as text, played against a game engine and checked.

``companion scenario run FILE...`` runs them (``run``); files are read by ``parse``; the format is
described in docs/scenarios.md.
"""

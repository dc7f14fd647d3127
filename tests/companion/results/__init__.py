"""Tests of the end of a game without Kivy (:mod:`companion.results`)."""

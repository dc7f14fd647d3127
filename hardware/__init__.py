"""Turns buttons and serial bytes into small input events; knows nothing of games."""

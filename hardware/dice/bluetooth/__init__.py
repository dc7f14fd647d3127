"""The Bluetooth dice a table may already own (GoDice, Pixels), read as another die source beside
the serial die: an adapter per kind turns a die's notifications into input events (``godice``,
``pixels``, no radio), and ``source`` talks to the dice through bleak (an optional dependency,
the ``bluetooth`` extra) on an asyncio loop of its own. See docs/hardware.md, "Smart dice".
Import each from its module."""

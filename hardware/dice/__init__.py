"""The serial electronic die: its line protocol (``protocol``), a reader thread (``reader``),
auto-detection (``detect``), an emulator, the on-screen and typed stand-ins (``standins``), its
settings (``config``) and a self-test. See docs/dice-protocol.md. Import each from its module."""

"""Pure rules engines: one package per game over a shared core. No I/O, clock or randomness."""

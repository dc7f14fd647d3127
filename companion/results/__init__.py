"""The end of a game, without Kivy: who won and why, every player's final figures and the figures
of every round (:mod:`companion.results.outcome`), the journal's finished games and the players'
statistics (:mod:`companion.results.history`), a play as BG Stats' push link
(:mod:`companion.results.push`), and games written to and read from a removable drive
(:mod:`companion.results.drives`). Each game supplies its own figures through its home's
``result`` part (:mod:`companion.results.parts`)."""

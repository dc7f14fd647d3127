"""The pieces every game's screens are made of, so that no game copies another's: the dialog (with
a refusal shown inside it, closing itself when the game no longer asks it), the privacy cover, the
stepper, the roll controls, the bottom bar, a list of choices that shows when more lies below, the
keyboard panel's keys, a guide's choices as buttons, and the question whose private page to open.
Each module with Kivy rules has its ``.kv`` beside it."""

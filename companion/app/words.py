"""The app's words: catalogue texts in the table's language, the bottom line (what the table last
heard or was refused, kept as texts so that a switched language says it again, and read whole on
a tap), and switching the language."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from companion.i18n import Message, Text, render, set_language

if TYPE_CHECKING:
    from companion.app.host import Host, Said
    from companion.app.room import Told


class Words:
    """The app's part that speaks: a mixin of :class:`~companion.app.shell.CompanionApp`."""

    _word: Said | None
    """What the bottom line says, as texts (None: nothing)."""

    def _init_words(self: Host) -> None:
        self._word = None  # the bottom line says nothing yet

    def say(self: Host, msgid: str, *_depends: object) -> str:
        """A catalogue text without values (kv rules pass ``app.language`` so that the rule
        follows a switch; the extractor reads ``app.say("...")`` in .kv files)."""
        return render(Message(msgid))

    def tr(self: Host, text: Text) -> str:
        return render(text)

    def tell(self: Host, text: Told, refusal: bool = False) -> None:
        """The bottom line: ``text`` (or several, in order), a refusal in red. Kept as texts, so
        that a switched language says it again."""
        if isinstance(text, list | tuple):
            texts = list(text)
        else:  # one text (a str is one text, not several)
            texts = [cast("Text", text)] if text else []
        self._word = (texts, refusal) if texts else None
        self.root.word = "  ·  ".join(render(t) for t in texts)
        self.root.word_is_refusal = refusal

    def said(self: Host) -> Said:
        """What the bottom line says now (nothing: no texts, no refusal)."""
        return self._word if self._word is not None else ([], False)

    def read_word(self: Host) -> None:
        """The bottom line whole, in a dialog (it may be longer than the line)."""
        if self._word is None:
            return
        from companion.app.pieces.dialog import MessageDialog

        texts, refusal = self._word
        title = Message("Not done") if refusal else Message("What happened")
        MessageDialog(title, list(texts)).open_now()

    def switch_language(self: Host, language: str) -> None:
        set_language(language)
        self.settings_.language = language
        self.save_settings()
        self.language = language
        if self._word is not None:
            self.tell(*self._word)  # the bottom line in the new language too
        self.refresh()

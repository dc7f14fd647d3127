"""A list of choices shown a page at a time: as many whole widgets as fit in the list's height, and
while more exist, two big page arrows at its side with the page's number ("2/3"). Nothing scrolls,
so nothing moves under a finger and a drag never becomes a tap (a touch that moves further than a
finger's wobble taps nothing in the list).

- Places stay: a page is filled from its top, and a list filled again with as many widgets keeps
  its page, so each widget stands where the one before it stood.
- The pages are measured again whenever the list's height or a widget's height changes (a window
  resized, a button grown by the reason it is greyed).
- A widget taller than the whole list (a long text, a form) is never lost: it is shown over as many
  pages as it needs, each page cut between its parts (between two buttons, between two lines of a
  text), and the part below the cut is not drawn until its own page.

``box`` holds every widget of the list (all pages); ``scroll`` is the part of it shown now (the name
the screens know it by): ``scroll.scroll_to(widget)`` (or ``turn_to``) turns to the widget's page.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from kivy.clock import Clock
from kivy.metrics import dp
from kivy.properties import BooleanProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.label import Label
from kivy.uix.layout import Layout
from kivy.uix.relativelayout import RelativeLayout
from kivy.uix.stencilview import StencilView
from kivy.uix.widget import Widget

from companion.app import theme
from companion.app.room import load_beside

ARROW_DP = 64  # the page arrows' width (their height: half the list's, at least 48 dp)
COUNT_DP = 26  # the page number between them
WOBBLE_DP = 16  # a touch that moves further is a drag: it taps nothing

Span = tuple[float, float]
"""(top, bottom) of a part of the list, as distances from the top of ``box``."""


class PageArrow(ButtonBehavior, Widget):
    """A big arrow to the page above (``up``) or below; drawn in ``choices.kv``."""

    up = BooleanProperty(False)


class Page(StencilView):
    """The part of the list shown now: drawn and touched only inside itself."""

    owner = ObjectProperty(None, allownone=True)

    def on_touch_down(self, touch: Any) -> bool:
        return self.collide_point(*touch.pos) and super().on_touch_down(touch)

    def scroll_to(self, widget: Any, padding: float = 0, animate: bool = False) -> None:
        """The page that holds ``widget`` (the name ScrollView gives it; nothing moves)."""
        if self.owner is not None:
            self.owner.turn_to(widget)


class ChoiceList(RelativeLayout):
    box = ObjectProperty(None)
    scroll = ObjectProperty(None)
    up = ObjectProperty(None)
    down = ObjectProperty(None)
    turner = ObjectProperty(None)
    page = NumericProperty(0)
    """The page shown, from 0."""
    pages = NumericProperty(1)
    tall = BooleanProperty(True)
    """The arrows one above the other (the list is high enough for both and the number), else side by side."""
    numbering = StringProperty("")
    """The page's number for the arrows: "2/3"."""

    def __init__(self, **kwargs: Any) -> None:
        load_beside(__file__)
        self.spans: list[Span] = [(0.0, 0.0)]
        self._filled = -1  # how many widgets the last fill gave
        self._paged = False
        self._turner: Any = None
        self._measure = Clock.create_trigger(self.measure, -1)
        self._settled = Clock.create_trigger(self.measure, 0)
        """Measured once more on the next frame: a form's rows find their places a frame after
        the list's height is known, and a page cut before then showed a strip of the next row."""
        super().__init__(**kwargs)

    def on_kv_post(self, base_widget: Any) -> None:
        """Its parts are there (a list made in a kv rule gets them after its ``__init__``)."""
        if self._turner is not None:
            return
        self.scroll.owner = self
        self._turner = self.ids.turner.__self__  # held here while it is out of the list (one page)
        self.remove_widget(self._turner)
        self.box.bind(height=self._measure)
        self.bind(size=self._measure)
        self.bind(size=lambda *_: self._settled())
        self.measure()

    # ----------------------------------------------------------------------------- filling
    def fill(self, widgets: Iterable[Any]) -> None:
        """The list anew: its first page, or the page it showed when as many widgets come again."""
        widgets = list(widgets)
        if len(widgets) != self._filled:
            self.page = 0
        self._filled = len(widgets)
        self.box.clear_widgets()
        for widget in widgets:
            self.box.add_widget(widget)
        self.measure()
        self._settled()

    def add(self, widget: Any) -> None:
        self.box.add_widget(widget)
        self._measure()
        self._settled()

    def clear(self) -> None:
        self.box.clear_widgets()
        self._filled = -1
        self.page = 0
        self.measure()

    # ----------------------------------------------------------------------------- pages
    def measure(self, *_: Any) -> None:
        """The pages cut anew for the list's height and the widgets' heights now; the arrows shown
        while there is more than one page (the widgets then as wide as the room beside them)."""
        if self._turner is None:
            return  # its parts come with its kv rule
        self.tall = self.height >= dp(2 * theme.TOUCH_DP + COUNT_DP)
        paged = self.box.height > self.height + 0.5 and self.height >= dp(40)
        if paged != self._paged:
            self._paged = paged
            if paged:
                self.add_widget(self._turner)
            else:
                self.remove_widget(self._turner)
        self.box.width = self.width - (self._turner.width if paged else 0)
        _lay_out(self.box)
        self.spans = cut(self.box, self.height) if paged else [(0.0, self.box.height)]
        self.pages = len(self.spans)
        self.turn(self.page)

    def turn(self, page: int) -> None:
        """Show page ``page`` (within the pages there are)."""
        self.page = max(0, min(int(page), len(self.spans) - 1))
        top, bottom = self.spans[self.page]
        shown = self.height if not self._paged else max(0.0, min(self.height, bottom - top))
        page_view = self.scroll
        page_view.size = (self.box.width, shown)
        page_view.pos = (0, self.height - shown)
        self.box.x = 0
        self.box.top = self.height + top
        self.box.do_layout()  # its widgets where the page shows them, now (pages are measured from them)
        self.numbering = f"{self.page + 1}/{self.pages}"
        self.up.disabled = self.page == 0
        self.down.disabled = self.page >= self.pages - 1

    def page_of(self, widget: Any) -> int | None:
        """The page that shows ``widget`` (a widget in the list or inside one), None if it is not in it."""
        if not any(w is widget for w in self.box.walk(restrict=True)):
            return None
        top, bottom = _span(self.box, widget)
        middle = (top + bottom) / 2
        for number, (start, end) in enumerate(self.spans):
            if start - 0.5 <= top and bottom <= end + 0.5:
                return number
        for number, (start, end) in enumerate(self.spans):
            if start <= middle <= end:
                return number
        return self.page

    def turn_to(self, widget: Any) -> None:
        """Turn to ``widget``'s page at once (the screens' own moves; a finger uses the arrows)."""
        self.measure()
        page = self.page_of(widget)
        if page is not None:
            self.turn(page)

    # ----------------------------------------------------------------------------- touches
    def on_touch_down(self, touch: Any) -> bool:
        if self.collide_point(*touch.pos):
            touch.ud[("choices", id(self))] = touch.pos
        return super().on_touch_down(touch)

    def on_touch_move(self, touch: Any) -> bool:
        began = touch.ud.get(("choices", id(self)))
        if began is not None:
            x, y = touch.pos
            if abs(x - began[0]) > dp(WOBBLE_DP) or abs(y - began[1]) > dp(WOBBLE_DP):
                self._let_go(touch)
        return super().on_touch_move(touch)

    def _let_go(self, touch: Any) -> None:
        """A drag: every button of the list that holds the touch lets it go without a tap."""
        inside = set(map(id, self.walk(restrict=True)))
        for ref in list(touch.grab_list):
            widget = ref()
            if widget is not None and id(widget) in inside and widget is not self:
                touch.ungrab(widget)
                if isinstance(widget, ButtonBehavior):
                    widget.state = "normal"


def _lay_out(box: Any) -> None:
    """``box`` and every layout inside it placed now, twice from the top down (a nested grid's
    height follows its rows only once they are laid out): the pages are cut from where the parts
    stand, and a row rebuilt inside a dialog moved its parts without changing the list's height."""
    for _ in range(2):
        for widget in box.walk(restrict=True):
            if isinstance(widget, Layout):
                widget.do_layout()


def cut(box: Any, height: float) -> list[Span]:
    """The pages of ``box``'s widgets (laid out) in a list ``height`` high: each page as many whole
    widgets as fit from its top; a widget taller than what is left is cut where it is best cut."""
    items = [_span(box, widget) + (widget,) for widget in reversed(box.children)]
    if not items:
        return [(0.0, 0.0)]
    spans: list[Span] = []
    start, i = items[0][0], 0
    while i < len(items):
        limit = start + height
        end, j = start, i
        while j < len(items) and items[j][1] <= limit + 0.5:
            end, j = items[j][1], j + 1
        inside = None
        begin = max(start, items[j][0]) if j < len(items) else limit
        if j < len(items) and items[j][2].children and limit - begin >= height / 3:
            inside = _best_cut(box, items[j][2], begin, limit, whole=True)  # a form's rows: its first ones here
        if inside is not None:
            spans.append((start, inside))
            start, i = inside, j
            continue
        if j > i:
            spans.append((start, end))
            i = j
            if i < len(items):
                start = items[i][0]
            continue
        end = _best_cut(box, items[i][2], start, limit) or limit
        spans.append((start, end))
        start = end
    return _without_empty_end(box, spans)


def _without_empty_end(box: Any, spans: list[Span]) -> list[Span]:
    """The pages without those at the end that would show nothing: the foot of a tall widget below
    its last part (its padding, a row left empty) is no page of its own."""
    shown = [
        _span(box, part)
        for part in box.walk(restrict=True)
        if part is not box
        and part.height > 0
        and part.opacity > 0
        and (isinstance(part, ButtonBehavior) or (isinstance(part, Label) and part.text))
    ]
    while len(spans) > 1 and not any(top < spans[-1][1] - 0.5 and bottom > spans[-1][0] + 0.5 for top, bottom in shown):
        spans.pop()
    return spans


def _best_cut(box: Any, widget: Any, start: float, limit: float, whole: bool = False) -> float | None:
    """Where to end a page that reaches into ``widget`` from ``start`` and may reach ``limit``: the
    lowest place (at least a third of the way down) that cuts through none of its parts that would
    fit on a page (a row, a button, a short text), else through none of its buttons and lines of
    text; else ``limit`` (``whole``: else None, and ``widget`` goes whole to the next page)."""
    height = limit - start
    rows, leaves, bounds = [], [], []
    for part in widget.walk(restrict=True):
        if part.height <= 0:
            continue
        top, bottom = _span(box, part)
        bounds.append(bottom)  # a page ends at a part's foot: at the next one's top it showed that one's edge
        lines = _line_ends(part) if isinstance(part, Label) and part.height > height else []
        if lines:  # a text longer than a page is cut between its lines
            bounds += [top + end for end in lines]
            continue
        if part is widget:
            continue
        if part.height <= height:
            rows.append((top, bottom))
        if isinstance(part, (ButtonBehavior, Label)) or not part.children:
            leaves.append((top, bottom))
    lowest = start + height / 3
    places = [place for place in sorted(set(bounds), reverse=True) if lowest <= place <= limit + 0.5]
    for kept in (rows, leaves):
        for place in places:
            if not any(top < place - 0.5 and bottom > place + 0.5 for top, bottom in kept):
                return place
    return None if whole else limit


def _line_ends(label: Any) -> list[float]:
    """Where the lines of ``label``'s text end, as distances from its top (none if unknown)."""
    lines = getattr(getattr(label, "_label", None), "_cached_lines", None) or []
    texture = label.texture_size[1]
    if len(lines) < 2 or texture <= 0:
        return []
    place = (label.height - texture) / 2 + label.padding[1]  # the text is drawn in the middle of the label
    ends = []
    for line in lines[:-1]:  # (their own places are known only once they are drawn)
        place += line.h
        ends.append(place)
    return ends


def _span(box: Any, widget: Any) -> Span:
    """``widget``'s top and bottom as distances from the top of ``box`` (both in the window)."""
    box_top = box.to_window(box.x, box.top)[1]
    _, bottom = widget.to_window(widget.x, widget.y)
    return box_top - (bottom + widget.height), box_top - bottom

"""Whether everything the window shows now fits: no text cut, shortened or broken mid-word, and no
touch target smaller than a finger.

It walks the live widget tree of the window (the app's content and every open dialog) and lays each
label's text out again with Kivy's core label, with the label's own font, size, markup, padding and
alignment, to compare what the text needs with what the label shows and with its box:

- a label whose text was shortened (Kivy's ``shorten``: the "..." in its middle or at its end);
- wrapped text that needs more lines than the label keeps (``text_size`` height, ``max_lines``):
  Kivy drops the lines beyond;
- a word wider than the label's ``text_size``: Kivy breaks it in the middle;
- text drawn beyond the label's box (a texture taller or wider than the label: a wrapped text in a
  label of a fixed height, a long text without ``text_size``);
- text cut by the edge of the window or of a clipping area (a ``StencilView``). A list that really
  scrolls (its content taller or wider than its view) may hold text partly out of view: that is
  what scrolling is for.

Touch targets (buttons, toggles, check boxes, text fields, chips bound to a touch, and the app's own
widgets that take a tap themselves) must be ``MIN_TOUCH_PX`` on their short side, in window pixels.
Targets behind an open dialog cannot be touched and are not counted; a pan-and-zoom surface
(a ``StencilView`` that takes touches itself) is no button.

The app never calls this; the screenshot command's callers (tests) run it at every state."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import asdict, dataclass
from typing import Any

from kivy.core.window import Window
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.label import Label
from kivy.uix.modalview import ModalView
from kivy.uix.scrollview import ScrollView
from kivy.uix.stencilview import StencilView
from kivy.uix.textinput import TextInput
from kivy.uix.widget import Widget

MIN_TOUCH_PX = 48
TOLERANCE_PX = 1.0  # Kivy places a texture at whole pixels: a rounding is no cut
_FAR = 1e9

Rect = tuple[float, float, float, float]  # left, bottom, right, top in window pixels


@dataclass(frozen=True)
class Finding:
    state: str
    widget: str  # the widget's class
    id: str  # its id in the kv rule that made it, or ""
    text: str  # its text (the first 60 characters, markup taken out)
    box: tuple[int, int, int, int]  # x, y, width, height in window pixels
    why: str

    def __str__(self) -> str:
        x, y, w, h = self.box
        name = f"{self.widget}#{self.id}" if self.id else self.widget
        return f"{self.state}: {name} {self.text!r} at ({x}, {y}) {w}×{h}: {self.why}"

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def check(state: str = "") -> list[Finding]:
    """Every finding in the window as it is drawn now, named after ``state``."""
    return list(check_roots(state, window_roots()))


def window_roots() -> list[Widget]:
    """The window's content, topmost first (an open dialog before what lies behind it)."""
    return [child for child in Window.children if not isinstance(child, ModalView) or child._is_open]


def check_roots(state: str, roots: Iterable[Widget]) -> Iterator[Finding]:
    roots = list(roots)
    covering: list[Rect] = []  # the panels of the dialogs above the root at hand
    reachable = True  # a touch reaches this root: no open dialog above it
    for root in roots:
        for widget in root.walk(restrict=True):
            if isinstance(widget, Label) and not _covered(widget, covering):
                yield from _label(state, widget)
            if reachable and _is_target(widget):
                yield from _target(state, widget)
        if isinstance(root, ModalView):
            reachable = False
            covering.extend(_rect(child) for child in root.children)


# ----------------------------------------------------------------------------- labels
def _label(state: str, label: Label) -> Iterator[Finding]:
    plain = plain_text(label.text) if label.markup else label.text
    if not plain.strip() or not _shown(label):
        return
    box = _rect(label)
    drawn = _drawn_rect(label)
    clips = list(_clips(label))
    if drawn is not None and any(_area(_intersect(drawn, clip)) <= 0 for clip, _ in clips):
        return  # wholly out of view (scrolled away, or parked outside the window)
    why: list[str] = []
    if label.is_shortened:
        why.append("shortened with '...': the text is wider than the label")
    words = plain.split()
    if not label.is_shortened:
        shown, whole = "".join(_tokens(label._label._cached_lines)), "".join(words)
        if len(shown) < len(whole):
            limit = "max_lines" if label._label.options.get("max_lines") else "text_size's height"
            kept = len(label._label._cached_lines)
            why.append(
                f"lines beyond the {limit} are dropped: shows {kept} line(s), {len(shown)} of {len(whole)} letters"
            )
    width = label.text_size[0]
    if width is not None and not label.shorten:
        broken = _broken_words(label, words)
        if broken:
            why.append(f"broken mid-word ({', '.join(map(repr, broken))}): wider than the {width:.0f} px of text_size")
    if drawn is not None:
        if _beyond(drawn, box) or any(_beyond(drawn, clip) for clip in _cutting(clips)):
            drawn = _ink_rect(label) or drawn  # the letters themselves, not the room around them
        w, h = drawn[2] - drawn[0], drawn[3] - drawn[1]
        if _beyond(drawn, box):
            where = "cut at the edges of its text_size" if label.text_size[1] is not None else "drawn beyond its box"
            why.append(f"the text needs {w:.0f}×{h:.0f} px, {where} ({box[2] - box[0]:.0f}×{box[3] - box[1]:.0f})")
        for clip, clipper in zip(_cutting(clips), (clipper for _, clipper in clips), strict=True):
            if _beyond(drawn, clip):
                edge = "the window's edge" if clipper is None else f"the edge of {type(clipper).__name__}"
                why.append(f"the text is cut by {edge}")
    if why:
        yield _finding(state, label, plain, "; ".join(why))


def plain_text(markup: str) -> str:
    """The text a markup label shows: its tags taken out, as Kivy's ``MarkupLabel`` reads them."""
    parts = []
    for item in re.split(r"(\[.*?\])", markup):
        if item and not _is_tag(item):
            parts.append(item.replace("&bl;", "[").replace("&br;", "]").replace("&amp;", "&"))
    return "".join(parts)


_CLOSING = {"[/b]", "[/i]", "[/u]", "[/s]", "[/size]", "[/color]", "[/font]", "[/font_family]", "[/font_context]"}
_CLOSING |= {"[/font_features]", "[/text_language]", "[/sub]", "[/sup]", "[/ref]", "[b]", "[i]", "[u]", "[s]"}
_OPENING: tuple[str, ...] = (
    "[size=",
    "[color=",
    "[font=",
    "[font_family=",
    "[font_context=",
    "[font_features=",
    "[text_language=",
)
_OPENING += ("[sub]", "[sup]", "[ref=", "[anchor=")


def _is_tag(item: str) -> bool:
    """A markup tag as ``MarkupLabel._pre_render`` tells them from text (anything else in brackets is text)."""
    return item in _CLOSING or item.startswith(_OPENING)


def _tokens(lines: Iterable[Any]) -> list[str]:
    """The words the laid-out lines hold, as they stand on the lines."""
    return [token for line in lines for token in "".join(word.text for word in line.words).split()]


def _broken_words(label: Label, words: list[str]) -> list[str]:
    """The words Kivy breaks in the middle at the label's width: laid out again with no limit of
    height, lines or shortening, a word not found whole on one line."""
    core = _core_like(label, text_size=(label.text_size[0], None))
    core.render()
    laid = set(_tokens(core._cached_lines))
    return [word for word in words if word not in laid]


def _core_like(label: Label, text_size: tuple[float | None, float | None], *, as_shown: bool = False) -> Any:
    """A core label with the label's own font, size, markup, padding and alignment; unless
    ``as_shown``, without shortening or a limit of lines."""
    own = label._label
    core = type(own)(text=own.text)
    core.options = dict(own.options, padding=list(own.options["padding"]))
    if not as_shown:
        core.options.update(shorten=False, max_lines=0)
    core.usersize = text_size
    core.resolve_font_name()
    return core


def _placement(label: Label) -> tuple[int, int, int, int, int] | None:
    """Where the label's texture lies in the label (Kivy's ``<Label>`` rule puts it on the label's
    centre) and how far below the texture's top its lines begin (``LabelBase._render_real``: valign
    and padding): x, y, width, height, top."""
    core = label._label
    tw, th = label.texture_size
    if not any(line.words for line in core._cached_lines) or tw <= 1 or th <= 1:
        return None
    top_pad = _padding(core.options)[1]
    inner = core._internal_size[1]
    valign = core.options["valign"]
    if valign == "bottom":
        top = int(th - inner + top_pad)
    elif valign == "top":
        top = int(top_pad)
    else:
        top = int((th - inner + 2 * top_pad) / 2)
    return int(label.center_x - tw / 2.0), int(label.center_y - th / 2.0), int(tw), int(th), top


def _drawn_rect(label: Label) -> Rect | None:
    """The box of the label's lines as drawn, in window pixels: inside the texture each line is
    placed as ``LabelBase.render_lines`` places it (halign, padding)."""
    placed = _placement(label)
    if placed is None:
        return None
    tx, ty, tw, th, top = placed
    core = label._label
    left_pad, _, right_pad, _ = _padding(core.options)
    halign = core.options["halign"]
    lefts, rights = [], []
    for line in core._cached_lines:
        if not line.words:
            continue
        lw = line.w
        x: float
        if halign == "center":
            x = min(int(tw - lw), max(int(left_pad), int((tw - lw + left_pad - right_pad) / 2.0)))
        elif halign == "right":
            x = max(0, int(tw - lw - right_pad))
        else:
            x = left_pad
        lefts.append(x)
        rights.append(x + lw)
    upper = ty + th - top
    lower = upper - sum(line.h for line in core._cached_lines)
    return _to_window(label, tx + min(lefts), lower, tx + max(rights), upper)


class _Capture:
    """Takes the pixels a core label renders instead of a texture (no GL needed)."""

    data: Any = None

    def blit_data(self, data: Any) -> None:
        self.data = data


def _ink_rect(label: Label) -> Rect | None:
    """The box of the glyphs' ink as drawn, in window pixels: a line's box holds room above and
    below its letters, and a box cut by a pixel or two in that room cuts nothing. The lines are
    rendered again in full (no height to cut them) and placed where the label places its own;
    None when the label shows other lines than those (lines dropped: said on its own)."""
    placed = _placement(label)
    if placed is None:
        return None
    tx, ty, tw, th, top = placed
    core = _core_like(label, (label.text_size[0], None), as_shown=True)
    size = core.render()
    if len(core._cached_lines) != len(label._label._cached_lines) or size[0] <= 1 or size[1] <= 1:
        return None
    core._size = size
    capture = _Capture()
    core.texture = capture
    core.render(real=True)
    image = capture.data
    if image is None or image.fmt != "rgba":
        return None
    width, height, pixels = image.width, image.height, image.data
    alpha = memoryview(pixels)[3::4]
    rows = [y for y in range(height) if any(alpha[y * width : (y + 1) * width])]
    if not rows:
        return None
    columns = [x for x in range(width) if any(alpha[x::width])]
    shift = top - _padding(core.options)[1]  # the reference's lines begin at its top padding
    upper = ty + th - (rows[0] + shift)
    lower = ty + th - (rows[-1] + 1 + shift)
    return _to_window(label, tx + columns[0], lower, tx + columns[-1] + 1, upper)


def _padding(options: dict[str, Any]) -> tuple[float, float, float, float]:
    padding = options.get("padding", (0, 0, 0, 0))
    return tuple(padding) if len(padding) == 4 else (0.0, 0.0, 0.0, 0.0)


# ----------------------------------------------------------------------------- touch targets
def _is_target(widget: Widget) -> bool:
    if isinstance(widget, ButtonBehavior | TextInput):
        return True
    if type(widget).__name__ == "Chip" and widget.get_property_observers("on_touch_down"):
        return True  # a chip the screen bound to a touch (seating order)
    return _takes_taps_itself(widget)


def _takes_taps_itself(widget: Widget) -> bool:
    """One of the app's own widgets that reads its touches itself (a folder's row) and holds no
    target of its own: it is tapped as a whole. A dialog taking a tap anywhere and a clipping area
    that pans and zooms are no buttons."""
    cls = type(widget)
    if not cls.__module__.startswith("companion.") or isinstance(widget, ModalView | StencilView):
        return False
    own = next((klass for klass in cls.__mro__ if "on_touch_down" in vars(klass)), None)
    if own is None or not own.__module__.startswith("companion."):
        return False
    return not any(_is_target(inner) for inner in widget.walk(restrict=True) if inner is not widget)


def _target(state: str, widget: Widget) -> Iterator[Finding]:
    if widget.disabled or not _shown(widget):
        return
    box = _rect(widget)
    if any(_area(_intersect(box, clip)) <= 0 for clip, _ in _clips(widget)):
        return
    short = min(box[2] - box[0], box[3] - box[1])
    if short < MIN_TOUCH_PX - TOLERANCE_PX:
        text = getattr(widget, "text", "")
        text = plain_text(text) if isinstance(text, str) and getattr(widget, "markup", False) else text
        yield _finding(
            state,
            widget,
            text if isinstance(text, str) else "",
            f"a touch target of {short:.0f} px on its short side (at least {MIN_TOUCH_PX})",
        )


# ----------------------------------------------------------------------------- geometry
def _shown(widget: Widget) -> bool:
    """In the window and not made invisible (its own or an enclosing widget's opacity 0)."""
    if widget.get_root_window() is None:
        return False
    node: Any = widget
    while node is not None and node is not Window:
        if node.opacity <= 0:
            return False
        parent = node.parent
        if parent is node:
            break
        node = parent
    return True


def _to_window(widget: Widget, left: float, bottom: float, right: float, top: float) -> Rect:
    x0, y0 = widget.to_window(left, bottom)
    x1, y1 = widget.to_window(right, top)
    return min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)


def _rect(widget: Widget) -> Rect:
    return _to_window(widget, widget.x, widget.y, widget.right, widget.top)


def _clips(widget: Widget) -> Iterator[tuple[Rect, Widget | None]]:
    """The window and every clipping area around the widget, with the area (None: the window)."""
    yield (0.0, 0.0, float(Window.width), float(Window.height)), None
    node = widget.parent
    while isinstance(node, Widget):
        if isinstance(node, StencilView):
            yield _rect(node), node
        node = node.parent


def _cutting(clips: list[tuple[Rect, Widget | None]]) -> list[Rect]:
    """Each clipping area's edges that cut: a list that scrolls shows what lies beyond its edges
    in the direction it scrolls (that is what scrolling is for)."""
    cutting = []
    for clip, clipper in clips:
        if clipper is not None:
            across, down = _scrolls(clipper)
            clip = (
                -_FAR if across else clip[0],
                -_FAR if down else clip[1],
                _FAR if across else clip[2],
                _FAR if down else clip[3],
            )
        cutting.append(clip)
    return cutting


def _scrolls(view: Widget) -> tuple[bool, bool]:
    """Whether a scroll view can show what it cuts: across (its content wider than the view) and
    down (its content taller)."""
    if not isinstance(view, ScrollView) or not view.children:
        return False, False
    content = view.children[0]
    return (
        bool(view.do_scroll_x and content.width > view.width + TOLERANCE_PX),
        bool(view.do_scroll_y and content.height > view.height + TOLERANCE_PX),
    )


def _covered(widget: Widget, panels: list[Rect]) -> bool:
    """Hidden under an open dialog's panel."""
    if not panels:
        return False
    box = _rect(widget)
    return any(_inside(box, panel) for panel in panels)


def _intersect(a: Rect, b: Rect) -> Rect:
    return max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3])


def _area(r: Rect) -> float:
    return max(r[2] - r[0], 0.0) * max(r[3] - r[1], 0.0)


def _inside(inner: Rect, outer: Rect) -> bool:
    return not _beyond(inner, outer)


def _beyond(inner: Rect, outer: Rect) -> bool:
    t = TOLERANCE_PX
    return inner[0] < outer[0] - t or inner[1] < outer[1] - t or inner[2] > outer[2] + t or inner[3] > outer[3] + t


# ----------------------------------------------------------------------------- findings
def _finding(state: str, widget: Widget, text: str, why: str) -> Finding:
    left, bottom, right, top = _rect(widget)
    return Finding(
        state=state,
        widget=type(widget).__name__,
        id=_id_of(widget),
        text=" ".join(text.split())[:60],
        box=(round(left), round(bottom), round(right - left), round(top - bottom)),
        why=why,
    )


def _id_of(widget: Widget) -> str:
    node = widget.parent
    while isinstance(node, Widget):
        for name, known in node.ids.items():
            if getattr(known, "__self__", known) is widget:
                return name
        node = node.parent
    return ""

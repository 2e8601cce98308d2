"""Round 28 (notes28): an offer written as a filled-in HTML form — `<input name="rent" value="$1,200">`,
`<select name="term"><option>12</option><option selected>24 months</option></select>`, radio buttons of
one name with one `checked` — is the form's key/value pairs: each control becomes "name: value" on a
line of its own (a `<label>` around one control goes with it), a radio button or an option not chosen
goes, and the form's other tags with them. A select or a set of radio buttons with nothing chosen is
left as written (no value is chosen)."""

from __future__ import annotations

import html
import re

_ATTR = re.compile(r"""([\w-]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?""")
_SELECT = re.compile(r"<select\b([^<>]*)>(.*?)</select\s*>", re.IGNORECASE | re.DOTALL)
_OPTION = re.compile(r"<option\b([^<>]*)>([^<]*)(?:</option\s*>)?", re.IGNORECASE)
_INPUT = re.compile(r"<input\b([^<>]*?)/?>", re.IGNORECASE)
_LABELLED = re.compile(r"<label\b[^<>]*>([^<\x01]*)(\x01[^\x01]*\x01|\x02)([^<\x01]*)</label\s*>", re.IGNORECASE)
_FORM_TAGS = re.compile(r"</?(?:form|label|fieldset|legend|textarea)\b[^<>]*>", re.IGNORECASE)


def _attributes(text: str) -> dict[str, str]:
    found: dict[str, str] = {}
    for match in _ATTR.finditer(text):
        value = match.group(2) if match.group(2) is not None else match.group(3) if match.group(3) is not None else match.group(4)
        found[match.group(1).lower()] = html.unescape(value) if value is not None else ""
    return found


def _pair(name: str, value: str, chosen: bool = False) -> str:
    """A control's pair between marks; \x03 marks a chosen radio button or box, whose label repeats its value."""
    return ("\x01\x03" if chosen else "\x01") + f"{name}: {value.strip()}\x01"


def form_pairs(text: str) -> str:
    """The text with its HTML form controls rewritten as "name: value" lines."""
    lower = text.lower()
    if "<input" not in lower and "<select" not in lower:
        return text

    def select(match: re.Match[str]) -> str:
        name = _attributes(match.group(1)).get("name", "")
        chosen = [(attrs, label) for attrs, label in ((_attributes(a), l) for a, l in _OPTION.findall(match.group(2)))
                  if "selected" in attrs]
        if not name or len(chosen) != 1:
            return match.group(0)
        attrs, label = chosen[0]
        return _pair(name, label.strip() or attrs.get("value", ""))

    text = _SELECT.sub(select, text)
    inputs = [(_attributes(m.group(1)), m) for m in _INPUT.finditer(text)]
    checked_names = {a.get("name") for a, _ in inputs if a.get("type", "").lower() in ("radio", "checkbox") and "checked" in a}

    def control(match: re.Match[str]) -> str:
        attrs = _attributes(match.group(1))
        name, kind = attrs.get("name", ""), attrs.get("type", "text").lower()
        if not name or kind in ("submit", "button", "hidden", "reset"):
            return match.group(0)
        if kind in ("radio", "checkbox"):
            if name not in checked_names:
                return match.group(0)
            return _pair(name, attrs.get("value", ""), chosen=True) if "checked" in attrs else "\x02"
        if "value" not in attrs:
            return match.group(0)
        return _pair(name, attrs["value"])

    text = _INPUT.sub(control, text)
    if "\x01" not in text:
        return text.replace("\x02", "")
    # A label around one control: its words name the control (the pair has its name) or repeat its
    # value ("Hybrid"); a unit after a value ("USD") stays with it.
    text = _LABELLED.sub(lambda m: m.group(2) + ("" if m.group(2)[:2] in ("\x02", "\x01\x03") else m.group(3)), text)
    text = re.sub(r"[ \t]*\x02[^\n\x01]*", "", text)
    text = _FORM_TAGS.sub("\n", text).replace("\x03", "")
    text = re.sub(r"\x01([^\x01]*)\x01", lambda m: "\n" + m.group(1) + "\n", text)
    return re.sub(r"\n[ \t]*(?=\n)", "", re.sub(r"(?<=\n)[ \t]+", "", text))

"""The twenty-first held-out gold part (tests/data/extraction_gold_test21.jsonl, `t21-*`) is issue 12's
second held-out set once more, in drift the issue and the earlier parts do not list: agent and tool formats
(gpt-oss harmony channels, AutoGPT thoughts/command objects, LangChain "Final Answer" actions, Llama 3.1
`<|python_tag|>` calls, MCP JSON-RPC `tools/call`, Gemini `functionCall`, Gemma `tool_code`), chat-template
tokens leaked around a turn, code as an offer (SQL, an if/else, a JSON Patch, protobuf text, a URL query
string), private notes leaked into messages and drafts inside notes, rates a reader must convert (per day,
per quarter, per hour, per watt, a total for a count), and notations of other scripts and locales (Thai
digits, mathematical bold digits, a wave-dash range, 左右, the Turkish prefix percent), with more than a
quarter of its items turns of multilingual tournaments, and a new user-authored game, `food-truck-pitch`.
What every part promises (size, families, languages, sides, games, hard cases, new texts) is checked by
tests/test_gold_parts_shape.py; this module checks what this part stresses. Shape only: the readers never
run here (the part is scored by bench/extraction_gold.py, after the labels were committed)."""

from __future__ import annotations

from tests.gold_shape import DATA, check_agreements_bare_and_restating, check_other_scripts, texts_with
from tests.gold_shape import items as read_items

GOLD_TEST21 = DATA / "extraction_gold_test21.jsonl"
# Languages written in a script other than the Latin one.
OTHER_SCRIPTS = {"zh", "ja", "ko", "ru", "uk", "el", "ar", "he", "hi", "th", "fa"}


def test_over_a_quarter_is_not_in_english_in_several_scripts() -> None:
    check_other_scripts(GOLD_TEST21, OTHER_SCRIPTS)


def test_the_drift_beyond_earlier_parts_is_there() -> None:
    # Agent and tool-call formats.
    assert texts_with(GOLD_TEST21, "<|channel|>", '"thoughts"', '"action_input"', "<|python_tag|>",
                      '"jsonrpc"', '"functionCall"', "tool_code") >= 7
    assert texts_with(GOLD_TEST21, "<|eot_id|>", "<|im_start|>", "[/INST]", "<｜end▁of▁sentence｜>") >= 4  # leaked tokens
    assert texts_with(GOLD_TEST21, "INSERT INTO", "UPDATE ", '"op": "replace"', "offer {", "&work_arrangement=") >= 5  # code
    assert texts_with(GOLD_TEST21, "PRIVATE NOTE:", "Note to self", "Draft message") >= 3  # leaks and drafts
    assert texts_with(GOLD_TEST21, "a day", "/day", "per quarter", "/hr", "a watt", "× ") >= 6  # rates to convert
    assert texts_with(GOLD_TEST21, "๑", "𝟭", "〜", "左右", "%2,5") >= 5  # notations of other scripts and locales


def test_the_new_game_takes_its_labels_in_other_words() -> None:
    pitch = [i for i in read_items(GOLD_TEST21) if i["game"] == "food-truck-pitch"]
    assert len(pitch) >= 30
    locations = {i["offers"]["location"] for i in pitch if "location" in i["offers"]}
    assert locations == {"car park edge", "food court", "main stage area"}
    powers = {i["offers"]["power"] for i in pitch if "power" in i["offers"]}
    assert powers == {"own generator", "mains hookup"}
    # Most offered text labels are not written as the label is.
    assert sum(any(label not in i["text"] for label in i["offers"].values()) for i in pitch) >= 20
    assert any("pitch fee" in i["invalid"] for i in pitch) and any(i["ambiguous"] for i in pitch)
    assert any(i["unknown_issues"] for i in pitch)


def test_agreements_both_bare_and_restating_the_package() -> None:
    check_agreements_bare_and_restating(GOLD_TEST21, "agree on all issues", restated_issues=4)

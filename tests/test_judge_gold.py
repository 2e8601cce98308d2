"""The deterministic readers on the hand-labelled gold set: exact counts pinned for the dev part
(a change in the readers that moves any of them must be looked at) and for the test parts (scored
for the first time at the end of each round of issue 12; README quotes those first scorings, and
these pins are the figures after it), targets P ≥ 0.99 and R ≥ 0.95, test2 P ≥ 0.98 and R ≥ 0.90.
The dev2 practice part (third round) was scored once before tuning; its first scoring is in the
commit that added it, and it has been tuned on since."""

from __future__ import annotations

from bench.extraction_gold import GOLD, GOLD_DEV2, GOLD_TEST, GOLD_TEST2, gold_game, gold_items, score


def test_gold_set_is_large_split_and_includes_the_real_transcript() -> None:
    dev, test, test2 = gold_items(GOLD), gold_items(GOLD_TEST), gold_items(GOLD_TEST2)
    assert (len(dev), len(test), len(test2)) == (584, 130, 141)
    sources = {item["source"].split(":")[0] for item in dev}
    assert sources == {"lamen", "handwritten"}
    assert sum(item["id"].startswith("lamen-note-") for item in dev) == 23
    assert sum(item["id"].startswith("lamen-msg-") for item in dev) == 23
    # Issue 12: at least 250 new items, the held-out ones in a file of their own.
    new = [item for item in dev if item["id"].startswith("dev-")] + test
    assert len(new) == 289 and all(item["id"].startswith("test-") for item in test)
    # Second round: dev2 items in the styles of test2, which was written before the readers changed.
    assert sum(item["id"].startswith("dev2-") for item in dev) == 117
    assert all(item["id"].startswith("t2-") for item in test2)
    # Third round: a practice part of its own, written before the reader was run on it.
    dev2 = gold_items(GOLD_DEV2)
    assert len(dev2) == 150 and all(item["id"].startswith("dv2-") for item in dev2)
    assert sum(item["kind"] == "message" for item in dev2) == 80
    texts = [{item["text"] for item in part} for part in (dev, test, test2, dev2)]
    assert all(not texts[i] & texts[j] for i in range(4) for j in range(i + 1, 4))


def test_every_gold_label_is_a_label_of_its_game() -> None:
    for item in gold_items(GOLD) + gold_items(GOLD_TEST) + gold_items(GOLD_TEST2) + gold_items(GOLD_DEV2):
        issues = {issue.name: issue for issue in gold_game(item["game"]).issues}
        assert all(label in issues[name].labels for name, label in item["offers"].items()), item["id"]
        assert set(item["invalid"]) | set(item["ambiguous"]) <= set(issues), item["id"]
        assert not set(item["offers"]) & set(item["ambiguous"]), item["id"]
        assert item.get("side", 0) in (0, 1) and list(item)[:4] == ["id", "source", "kind", "game"], item["id"]


def test_reader_counts_on_the_dev_part() -> None:
    result = score(GOLD)["result"]
    # Round four (one structured-data pass): "lease 1 yr" is now read (the key synonym "lease"),
    # and the split written as two keys ("board_seats_a": 6, "board_seats_b": 4) is read as one
    # value: 1328 -> 1329 offers, 47 -> 48 invalid values, 12 -> 10 items wrong.
    # Round five: "$10 off your $60 fee" after a value is a reduction, not a value, so the fee
    # the message does offer is no longer ambiguous (dev2-msg-031); "$1,000/mo" is the money
    # issue counted monthly, rent, not the deposit (dev2-msg-016): 1329 -> 1331, 10 -> 8 wrong.
    # Round ten: "throw in assembly", "free assembly" name the label saying it is included
    # (dev2-msg-064, now right and sure): 1331 -> 1332 offers, 8 -> 7 wrong, 123 -> 122 unsure.
    # Round sixteen: of several values of one issue in different sentences, the last sentence's
    # stands ("Where we stand: rent - you $1,400, us $900; ... We propose $1,000", hw-msg-069):
    # 1332 -> 1333 offers, 7 -> 6 wrong (the reading unsure, as before).
    assert result["offers"] == {"true_positive": 1333, "false_positive": 1, "false_negative": 1,
                                "precision": 0.9993, "recall": 0.9993}
    assert result["by_kind"] == {
        "note": {"true_positive": 813, "false_positive": 0, "false_negative": 0, "precision": 1.0, "recall": 1.0},
        "message": {"true_positive": 520, "false_positive": 1, "false_negative": 1, "precision": 0.9981, "recall": 0.9981},
    }
    assert (result["invalid_values_recalled"], result["ambiguous_issues_recalled"]) == ("48/49", "33/34")
    # Two more readings unsure (right, but of a note whose offer blocks disagree, the last taken
    # without a heading saying it is the final one): 118 -> 120.
    # Round five: the second look also doubts two values for one issue in a note with no range or
    # alternative written, a value per year or week that is no label, quoted "heard you on $900",
    # and a choice left to the other side: five right readings more go to the fallback, 120 -> 125;
    # dev2-msg-016, now right, is no longer unsure: 124.
    # Round twelve: the lexicon knows more French words ("magasin", "retrait"), so dev2-msg-022
    # ("On préfère le retrait en magasin (pickup) à 800 $.") is seen to be French: still read
    # right, now unsure like other text not in English, 122 -> 123.
    # Round fourteen: a listed line that gives no value ("duration: 4-5 years", a range) and a date
    # in a game without date labels ("your letter of 3 May") make three right readings unsure: 123 -> 126.
    # Round sixteen: one right reading is sure now (no number of it is left unplaced): 126 -> 125.
    # Round twenty-two: "and" parts two items of a list, so in "A deposit of $1,250 and rent of
    # $1,100" (dev-msg-018) "rent" no longer stands as near $1,250 as "deposit": sure now, 125 -> 124.
    assert (result["items_read_wrongly"], result["errors_flagged_unsure"], result["items_flagged_unsure"]) == (6, 1.0, 124)


def test_reader_counts_on_the_practice_part() -> None:
    # First scorings (before any tuning on them): 95 items P 0.979 / R 0.9556, 0.667 of errors
    # unsure; 30 more items P 1.0 / R 0.9231, 0.667 unsure; 25 more P 1.0 / R 0.939, 0.833 unsure.
    result = score(GOLD_DEV2)["result"]
    assert result["offers"] == {"true_positive": 479, "false_positive": 0, "false_negative": 0,
                                "precision": 1.0, "recall": 1.0}
    assert (result["invalid_values_recalled"], result["ambiguous_issues_recalled"]) == ("15/17", "23/23")
    # Round four: one right reading no longer unsure (a "k" amount is money), 40 -> 39.
    # Round five: one right reading more unsure (the wider second look), 39 -> 40.
    # Round twenty-two: "and" parts two items of a list, so in "keep 70% of its employees and A 30%"
    # (dv2-msg-010) the 30% after it is given to employees as the issue last spoken of, still right
    # but unsure: 40 -> 41.
    assert (result["items_read_wrongly"], result["errors_flagged_unsure"], result["items_flagged_unsure"]) == (4, 1.0, 41)


def test_reader_counts_on_the_test_part() -> None:
    # Round ten: "retain 60% of our staff while you retain 40%" names the employees by a word
    # negotiators use for them, and "free assembly" the label saying it is included
    # (test-msg-054, no longer unsure): 362 -> 364 offers, 2 -> 0 wrong, 25 -> 24 unsure.
    result = score(GOLD_TEST)["result"]
    assert result["offers"] == {"true_positive": 364, "false_positive": 0, "false_negative": 0,
                                "precision": 1.0, "recall": 1.0}
    assert result["by_kind"]["note"]["recall"] == 1.0 and result["by_kind"]["message"]["recall"] == 1.0
    assert (result["invalid_values_recalled"], result["ambiguous_issues_recalled"]) == ("15/15", "11/11")
    assert (result["items_read_wrongly"], result["errors_flagged_unsure"], result["items_flagged_unsure"]) == (0, None, 24)


def test_reader_counts_on_the_second_test_part() -> None:
    # First scoring (before any tuning on it): P 0.9817, R 0.947, 24 items wrong, 0.75 of them unsure.
    # Round four: "tra 1.100 e 1.200 dollari" is now the range it is (an amount range with the
    # currency after both numbers), not $1,200; "lend 9K over 6 years" reads the 9K as an amount
    # (k is thousands of money): 1 -> 0 false positives, 389 -> 390 offers, 14 -> 15 ambiguous,
    # 12 -> 10 wrong; one more reading unsure (right, its offer blocks disagree), 61 -> 60 since
    # t2-msg-053 is no longer unsure. Round ten: one right reading no longer unsure (a word
    # negotiators use for an issue names it), 60 -> 59; and one more ("rent no higher than $1,300"
    # beside the offer block is a bound told in prose, not a second block), 59 -> 58; and
    # "$1,200, 12 months, $1,000 and 2 days" reads its two amounts in the game's order
    # (t2-msg-018): 390 -> 391 offers, 10 -> 9 wrong.
    # Round sixteen: "rent $100 less than their $1,300 ask, i.e. $1,200; 12 months; ..." — the
    # value of the later sentence ("i.e. $1,200") stands over the one it was worked out from
    # (t2-note-028): 391 -> 392 offers, 9 -> 8 wrong.
    # Round twenty-two: "and" parts two items of a list, so in "il 60% della proprietà e 6 seggi su
    # 10" the seats are no longer drawn to ownership (t2-msg-010): 392 -> 393 offers, 8 -> 7 wrong.
    result = score(GOLD_TEST2)["result"]
    assert result["offers"] == {"true_positive": 393, "false_positive": 0, "false_negative": 3,
                                "precision": 1.0, "recall": 0.9924}
    assert result["by_kind"]["note"]["recall"] == 0.9959 and result["by_kind"]["message"]["recall"] == 0.9868
    assert (result["invalid_values_recalled"], result["ambiguous_issues_recalled"]) == ("8/10", "15/15")
    # Round fourteen: a listed line that gives no value ("Amount: $1,00,000", no label) makes one
    # right reading unsure: 58 -> 59.
    assert (result["items_read_wrongly"], result["errors_flagged_unsure"], result["items_flagged_unsure"]) == (7, 1.0, 59)


def test_every_real_gpt4_item_is_read_exactly() -> None:
    errors = score(GOLD)["errors"]
    assert [e["id"] for e in errors if e["id"].startswith("lamen-")] == []

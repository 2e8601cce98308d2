"""The structured-data pass on the forms models write an offer in beyond plain JSON and lists
(issue 12, fourth round): one test per form, each with the exact reading. The texts are written
for these tests, not copied from the gold set."""

from __future__ import annotations

from pathlib import Path

import pytest

from lamen.judge.extract import extract_message, extract_note
from lamen.judge.labels import GameLabels, label_cache
from lamen.judge.lexicon import cjk_to_latin
from lamen.judge.markup import plain_markup
from lamen.judge.values import local_forms, words_to_digits
from lamen.spec.load import load_game

GAMES = Path(__file__).parent / "data" / "games"
RENTAL = label_cache(load_game("rental-agreement"))
LOAN = label_cache(load_game("loan-agreement"))
MERGER = label_cache(load_game("merger"))
FURNITURE = label_cache(load_game(GAMES / "furniture-order.yaml"))
LICENSE = label_cache(load_game(GAMES / "software-license.yaml"))
JOB = label_cache(load_game(GAMES / "job-offer.yaml"))

RENTAL_OFFER = {"rent": "$1100", "duration": "24 months", "deposit": "$750", "subletting": "3 days"}


def _sure(text: str, labels: GameLabels) -> dict[str, str]:
    reading = extract_note(text, labels)
    assert reading.confidence == "sure", reading.reason
    assert not reading.invalid and not reading.ambiguous
    return dict(reading.offers)


@pytest.mark.parametrize("note", [
    # A tool call: the offer is JSON escaped inside the "arguments" string.
    '{"name": "submit_offer", "arguments": "{\\"rent\\": \\"$1,100\\", \\"duration\\": \\"24 months\\", '
    '\\"deposit\\": \\"$750\\", \\"subletting\\": \\"3 days\\"}"}',
    # OpenAI-style tool_calls, the arguments escaped inside the call.
    '{"tool_calls": [{"id": "call_1", "type": "function", "function": {"name": "offer", "arguments": '
    '"{\\"rent\\": 1100, \\"duration\\": \\"24 months\\", \\"deposit\\": 750, \\"subletting\\": \\"3 days\\"}"}}]}',
    # JSON Lines of issue/value records.
    '{"issue": "rent", "value": "$1,100"}\n{"issue": "duration", "value": "24 months"}\n'
    '{"issue": "deposit", "value": "$750"}\n{"issue": "subletting", "value": "3 days"}',
    # YAML records.
    "- issue: rent\n  value: $1,100\n- issue: duration\n  value: 24 months\n- issue: deposit\n  value: $750\n"
    "- issue: subletting\n  value: 3 days",
    # A list of [key, value] pairs.
    '```json\n[["rent", 1100], ["duration", "24 months"], ["deposit", 750], ["subletting", "3 days"]]\n```',
    # CSV with a header row, unquoted thousands included.
    "issue,value\nrent,$1,100\nduration,24 months\ndeposit,$750\nsubletting,3 days",
    # CSV with one column per issue.
    "rent,duration,deposit,subletting\n1100,24 months,750,3 days",
    # An HTML table.
    "<table><tr><th>Issue</th><th>Value</th></tr><tr><td>Rent</td><td>$1,100</td></tr>"
    "<tr><td>Duration</td><td>24 months</td></tr><tr><td>Deposit</td><td>$750</td></tr>"
    "<tr><td>Subletting</td><td>3 days</td></tr></table>",
    # LaTeX, boxed.
    r"So the answer is $$\boxed{\text{rent}=\$1{,}100,\ \text{duration}=24\text{ months},\ "
    r"\text{deposit}=\$750,\ \text{subletting}=3\text{ days}}$$",
    # A markdown definition list, blank lines between the terms.
    "Rent\n: $1,100\n\nDuration\n: 24 months\n\nDeposit\n: $750\n\nSubletting\n: 3 days",
    # A TOML table: the own section beside the other side's.
    '```toml\n[mine]\nrent = "$1,100"\nduration = "24 months"\ndeposit = 750\nsubletting = "3 days"\n\n'
    '[theirs]\nrent = "$1,400"\nduration = "6 months"\n```',
    # Prose in a JSON field named like an offer.
    '{"acceptable_offer": "rent $1,100 on a 24-month lease, deposit $750, subletting 3 days", "confidence": 0.7}',
    # A reasoning model's thinking, then its answer.
    "<think>They asked $1,400 for 6 months; maybe I should go to $1,200.</think>\n"
    "Acceptable offer: rent $1,100, duration 24 months, deposit $750, subletting 3 days",
    # Sentence before the first pair, middle dots between pairs, keys that are synonyms.
    "Keeping it short this time. **Rent:** $1,100 · **Term:** two years · **Security deposit:** $750 · "
    "**Sublet days:** 3",
])
def test_structured_forms_read_the_offer(note: str) -> None:
    assert _sure(note, RENTAL) == RENTAL_OFFER
    assert extract_note(note, RENTAL).unknown_issues == ()  # a tool call's plumbing invents no issue


def test_own_entry_beside_the_other_sides_under_each_issue() -> None:
    note = '{"rent": {"theirs": 1400, "mine": 1100}, "duration": {"theirs": 6, "mine": "24 months"}}'
    assert _sure(note, RENTAL) == {"rent": "$1100", "duration": "24 months"}


def test_limit_wrapper_and_limit_line_are_not_the_offer() -> None:
    note = ('{"acceptable_offer": {"rent": "$1,100", "duration": "24 months"}, '
            '"walk_away": {"rent": "$1,300", "duration": "12 months"}}')
    assert _sure(note, RENTAL) == {"rent": "$1100", "duration": "24 months"}
    assert extract_note("**Walk-away:** $1,000\n**Acceptable offer:** $1,200",
                        label_cache(load_game("rental-1-distributive"))).offers == {"rent": "$1200"}


def test_one_entry_with_its_unit_in_the_key() -> None:
    note = ('{"deal": {"seats": {"count": 25}, "pricing": {"per_seat_usd": 30}, "support": {"tier": "Email only"}, '
            '"term": {"years": 3}}, "why": "they care about price"}')
    assert _sure(note, LICENSE) == {"seats": "25 seats", "price per seat": "$30", "support": "email only",
                                    "term": "3 years"}


def test_yaml_tree_with_per_party_splits() -> None:
    note = ("```yaml\noffer:\n  board_seats:\n    company_a: 6\n    company_b: 4\n  ownership:\n"
            "    company_a: 55%\n    company_b: 45%\n  employees:\n    company_a: 50%\n    company_b: 50%\n"
            "  benefits: 60%\n```")
    assert _sure(note, MERGER) == {"control": "6-4", "ownership": "55%", "employees": "50%-50%", "benefits": "60%"}


def test_nested_markdown_list_with_an_issue_heading() -> None:
    note = ("**Acceptable offer**\n\n1. **Board control**\n   - Company A: 4 seats\n   - Company B: 6 seats\n"
            "2. **Ownership** — A holds 45%\n3. **Employees retained** — A 40%, B 60%\n4. **Health benefits** — 70%")
    assert _sure(note, MERGER) == {"control": "4-6", "ownership": "45%", "employees": "40%-60%", "benefits": "70%"}


def test_transposed_table_reads_the_writers_row() -> None:
    note = ("| | Rent | Duration | Deposit | Subletting |\n|---|---|---|---|---|\n"
            "| Their last offer | $1,400 | 6 months | $2,000 | 0 days |\n"
            "| My acceptable offer | $1,100 | 24 months | $750 | 3 days |")
    assert _sure(note, RENTAL) == RENTAL_OFFER


def test_final_block_after_a_draft_and_a_revision_after_the_prose_offer() -> None:
    note = ('Draft:\n```json\n{"rent": "$1,300", "duration": "12 months"}\n```\n'
            'Final (after reading their message):\n```json\n{"rent": "$1,100", "duration": "24 months"}\n```')
    assert _sure(note, RENTAL) == {"rent": "$1100", "duration": "24 months"}
    note = ("Acceptable offer: rent $1,300, 24 months, deposit $750, subletting 3 days.\n\n"
            "Actually — let me revise: rent $1,100, rest unchanged.")
    assert _sure(note, RENTAL) == RENTAL_OFFER


@pytest.mark.parametrize(("value", "expected"), [
    ("two and a quarter years", "2.25 years"), ("a year and three quarters", "1.75 year"),
    ("4½%", "4.5%"), ("rate 250 bps", "rate 2.5%"), ("benefits three-fifths", "benefits 60%"),
    ("half the board and three quarters of our staff", "half the board and 75% of our staff"),
])
def test_value_grammar_fractions_and_basis_points(value: str, expected: str) -> None:
    assert words_to_digits(local_forms(value)) == expected


@pytest.mark.parametrize(("labels", "issue", "value", "label"), [
    (LICENSE, "support", "business hrs", "business hours"),
    (FURNITURE, "assembly", "yes", "assembly included"),
    (FURNITURE, "assembly", "not included", "self-assembly"),
    (MERGER, "control", "6 of 10 seats to A", "6-4"),
    (MERGER, "control", "4 of the 10 seats to B", "6-4"),
    (MERGER, "control", "Company B gets 6 of 10 seats", "4-6"),
    (LOAN, "annual interest rate", "350 basis points", "3.5%"),
])
def test_labels_read_in_more_words(labels: GameLabels, issue: str, value: str, label: str) -> None:
    match = labels.match(issue, value)
    assert (match.kind, match.label) == ("label", label)


@pytest.mark.parametrize(("key", "issue"), [
    (RENTAL, "Term"), (RENTAL, "lease length"), (RENTAL, "bond"), (MERGER, "equity"), (MERGER, "staff"),
    (JOB, "PTO"), (JOB, "Work location"),
])
def test_key_synonyms_name_one_issue(key: GameLabels, issue: str) -> None:
    expected = {"Term": "duration", "lease length": "duration", "bond": "deposit", "equity": "ownership",
                "staff": "employees", "PTO": "vacation", "Work location": "work arrangement"}[issue]
    assert key.issue_for_key(issue) == expected


def test_a_wrapper_named_like_an_issue_stays_a_wrapper() -> None:
    note = '{"loan": {"amount": 5000, "term_years": 3, "apr": "2.0%", "fees": 20}}'
    assert _sure(note, LOAN) == {"amount": "$5000", "duration": "3 years", "annual interest rate": "2%",
                                 "service fees": "$20"}


@pytest.mark.parametrize(("text", "expected"), [
    ("月租一千一", "rent 1100"), ("租期一年半", "duration 1.5 years"), ("福利：六割", "benefits : 60%"),
    ("董事会四六开", "board 40%-60% split"), ("5対5", "5-5"), ("贷款6千美元", "loan 6000 dollars"),
])
def test_cjk_amounts_and_splits(text: str, expected: str) -> None:
    assert cjk_to_latin(text).strip() == expected


def test_messages_turned_down_questions_and_alternatives() -> None:
    turned_down = extract_message("$1,400 and a $2,500 deposit? That's simply not workable for us.", RENTAL)
    assert turned_down.offers == {}
    alternatives = extract_message("We can offer $1,100 on a 24-month lease, or $1,200 if you prefer 12 months.", RENTAL)
    assert alternatives.offers == {} and set(alternatives.ambiguous) == {"rent", "duration"}
    arrows = extract_message("Your proposal → our counter:\n- Rent: $1,400 → $1,100\n- Lease: 6 months → 24 months",
                             RENTAL)
    assert arrows.offers == {"rent": "$1100", "duration": "24 months"}


def test_markup_rewrites_are_no_ops_on_plain_text() -> None:
    plain = "Acceptable offer: rent $1,100, 24 months (a: b) <- see above"
    assert plain_markup(plain) == plain


def test_issue_keys_named_like_record_keys_are_no_record() -> None:
    # "term" and "amount" are also the words of an {"term": ..., "amount": ...} record; here they
    # are two of the loan's issues, the record's name being a value ("36 months").
    assert _sure("amount=5000;term=36 months;rate=3.5%;fees=$20", LOAN) == {
        "amount": "$5000", "duration": "3 years", "annual interest rate": "3.5%", "service fees": "$20"}


def test_words_of_a_text_label_are_no_unit_of_its_issue() -> None:
    # "no bonus" makes no unit of the signing bonus: an amount in the salary's range is the salary's.
    assert extract_message("Accepting: $110,000, hybrid, 25 days PTO, $5,000 sign-on.", JOB).offers == {
        "salary": "$110000", "work arrangement": "hybrid", "vacation": "25 days", "signing bonus": "$5000"}
    reading = extract_message("We can offer $105,000 and 18 days of vacation, on-site.", JOB)
    assert (reading.offers, reading.invalid) == ({"work arrangement": "on-site"},
                                                 {"salary": "$105,000", "vacation": "18 days"})


@pytest.mark.parametrize(("labels", "kind", "text", "offers"), [
    (JOB, "note", "Akzeptables Angebot:\n- Grundgehalt: 110.000 $\n- Arbeitsmodell: vollständig remote\n"
                  "- Urlaub: 30 Tage\n- Antrittsprämie: keine",
     {"salary": "$110000", "work arrangement": "fully remote", "vacation": "30 days", "signing bonus": "no bonus"}),
    (JOB, "message", "我们可以提供年薪十二万美元，完全远程办公，年假二十五天，签约奖金一万美元。",
     {"salary": "$120000", "work arrangement": "fully remote", "vacation": "25 days", "signing bonus": "$10000"}),
    (LICENSE, "message", "Wir bieten 25 Lizenzen zu 35 $ pro Platz, Support rund um die Uhr, Laufzeit ein Jahr.",
     {"seats": "25 seats", "price per seat": "$35", "support": "24/7", "term": "1 year"}),
    (RENTAL, "note", "Offre acceptable :\n| Point | Valeur |\n|---|---|\n| Loyer | 1 100,00 $ |\n| Durée | 2 ans |\n"
                     "| Dépôt | 750 $ |\n| Sous-location | 3 jours |", RENTAL_OFFER),
])
def test_user_games_and_number_formats_in_other_languages(labels: GameLabels, kind: str, text: str,
                                                           offers: dict[str, str]) -> None:
    read = extract_note if kind == "note" else extract_message
    reading = read(text, labels)
    assert dict(reading.offers) == offers and not reading.invalid and not reading.ambiguous


def test_a_label_turned_down_is_not_offered_however_long_its_span() -> None:
    reading = extract_message("No warranty is a dealbreaker. We need at least 2 years, and we'd rather assemble it "
                              "ourselves to save money — so $900?", FURNITURE)
    assert dict(reading.offers) == {"warranty": "2 years", "price": "$900", "assembly": "self-assembly"}


@pytest.mark.parametrize(("labels", "issue", "value", "kind", "label"), [
    (MERGER, "employees", "55% of retained staff from A", "label", "55%-45%"),
    (MERGER, "employees", "Company B: 45%", "label", "55%-45%"),
    (MERGER, "employees", "45%", "invalid", None),                 # whose 45% it is, the value does not say
    (MERGER, "employees", "a 55% share", "invalid", None),         # "a" is the article, not Company A
    (MERGER, "employees", "A: 55%", "label", "55%-45%"),
    (MERGER, "control", "we take 6 of 10 seats", "invalid", None),  # nor here, without the speaker's side
    (MERGER, "control", "6 of 10 seats", "invalid", None),          # nor without a party
    (JOB, "work arrangement", "Hybrid — 2 days/week in office", "label", "hybrid"),
])
def test_shares_of_a_named_party_and_decorated_text_labels(labels: GameLabels, issue: str, value: str, kind: str,
                                                           label: str | None) -> None:
    match = labels.match(issue, value)
    assert (match.kind, match.label) == (kind, label)


def test_a_range_in_words_is_ambiguous() -> None:
    assert words_to_digits("between five and seven thousand dollars") == "between 5000 to 7000 dollars"
    reading = extract_message("We're looking to borrow between five and seven thousand dollars over 4 years.", LOAN)
    assert (reading.offers, reading.ambiguous) == ({"duration": "4 years"}, ("amount",))


def test_a_label_turned_down_with_the_issue_name_between() -> None:
    reading = extract_message("Email-only support won't work for us. Business hours support, 50 seats, $25/seat, "
                              "2 years.", LICENSE)
    assert dict(reading.offers) == {"support": "business hours", "seats": "50 seats", "price per seat": "$25",
                                    "term": "2 years"}


@pytest.mark.parametrize("note", [
    '{"offer": {"rent": 1200, "duration": "12 months"}, "round": 3, "accept_if": {"rent": 1250}}',
    '{"accept_if": {"rent": 1250}, "offer": {"rent": 1200, "duration": "12 months"}}',
])
def test_a_wrapper_named_as_the_offer_beats_another_wrapper_on_the_issues_it_names(note: str) -> None:
    assert _sure(note, RENTAL) == {"rent": "$1200", "duration": "12 months"}


def test_another_wrapper_fills_in_what_the_offer_leaves_out() -> None:
    assert _sure('{"offer": {"rent": 1200}, "additional_terms": {"deposit": 750}}', RENTAL) == {
        "rent": "$1200", "deposit": "$750"}


def test_an_update_line_after_the_block_revises_it() -> None:
    note = ('```json\n{"rent": "$1,300", "duration": "24 months", "deposit": "$750", "subletting": "3 days"}\n```\n'
            "Update: rent $1,100 instead.")
    assert _sure(note, RENTAL) == RENTAL_OFFER


@pytest.mark.parametrize(("text", "side"), [
    ("Nous proposons : 4 sièges au conseil pour A, 45 % du capital pour A.", None),
    ("Aceptamos vuestra propuesta, pero la junta debe quedar con 4 puestos para A y 6 para B y 45 % del capital "
     "para A.", 1),
])
def test_whom_a_share_is_for_in_other_languages(text: str, side: int | None) -> None:
    assert dict(extract_message(text, MERGER, side=side).offers) == {"control": "4-6", "ownership": "45%"}


def test_disagreeing_blocks_take_the_last_and_say_so_unless_it_is_marked_final() -> None:
    blocks = ('```json\n{"rent": "$1,300", "duration": "12 months"}\n```\n{heading}\n'
              '```json\n{"rent": "$1,100", "duration": "24 months"}\n```')
    unmarked = extract_note(blocks.replace("{heading}", "Thinking again:"), RENTAL)
    assert unmarked.offers == {"rent": "$1100", "duration": "24 months"} and unmarked.confidence == "unsure"
    assert unmarked.reason == "several offer blocks disagree; the last was taken"
    assert _sure(blocks.replace("{heading}", "Final:"), RENTAL) == {"rent": "$1100", "duration": "24 months"}


@pytest.mark.parametrize(("text", "offers"), [
    ("I appreciate the $1,000 deposit you offered, but we need $1,500.", {"deposit": "$1500"}),
    ("Quick recap — you: $1,400/6 mo; us: $1,200/12 mo. We'd hold at ours.", {"rent": "$1200", "duration": "12 months"}),
])
def test_values_labelled_or_followed_as_the_other_sides(text: str, offers: dict[str, str]) -> None:
    assert dict(extract_message(text, RENTAL).offers) == offers


def test_numbered_versions_and_a_note_adopting_the_quoted_offer() -> None:
    versions = "Offer v1 (sent last round): $1,300 / 12 mo\nOffer v2 (now): $1,100 / 24 mo / $750 deposit / 3 days subletting"
    assert _sure(versions, RENTAL) == RENTAL_OFFER
    adopted = ("Their last offer: $1,100 rent, 24 months, $750 deposit, 3 days subletting. It's within my range, so my "
               "acceptable offer is the same — I'll accept it as is.")
    assert _sure(adopted, RENTAL) == RENTAL_OFFER


@pytest.mark.parametrize(("labels", "text", "offers"), [
    (LICENSE, "Final: 100 seats, $20/seat, email-only, 3y.",
     {"seats": "100 seats", "price per seat": "$20", "support": "email only", "term": "3 years"}),
    (RENTAL, "Counter: 1.1k / 24 mo / 750 dep / 3 sublet days.", RENTAL_OFFER),
    (RENTAL, "You said $1,100 and 24 months — yes to both. Add a $750 deposit and 3 days of subletting.", RENTAL_OFFER),
    (LICENSE, "受け入れ可能な条件：ライセンス100席、1席あたり月20ドル、サポートは24時間365日、契約期間3年",
     {"seats": "100 seats", "price per seat": "$20", "support": "24/7", "term": "3 years"}),
])
def test_abbreviated_units_k_amounts_yes_to_both_and_monthly_in_japanese(labels: GameLabels, text: str,
                                                                         offers: dict[str, str]) -> None:
    assert dict(extract_message(text, labels).offers) == offers


@pytest.mark.parametrize("note", [
    '{"rent": 1200, "rent_floor": 1100, "duration": "12 months"}',
    '{"my_rent": 1200, "their_rent": 1400, "my_duration": "12 months", "their_duration": "6 months"}',
    "Rent (target): $1,200\nRent (walk-away): $1,100\nDuration: 12 months",
])
def test_a_limit_or_the_other_sides_key_beside_the_own_key_of_an_issue(note: str) -> None:
    assert _sure(note, RENTAL) == {"rent": "$1200", "duration": "12 months"}


def test_two_limit_keys_and_no_own_one_stay_ambiguous() -> None:
    reading = extract_note('{"rent_min": 1100, "rent_max": 1300}', RENTAL)
    assert (reading.offers, reading.ambiguous) == ({}, ("rent",))


@pytest.mark.parametrize(("text", "expected"), [
    ("canone milleduecento dollari", "canone 1200 dollars"), ("Miete eintausendzweihundert Dollar", "rent 1200 Dollar"),
    ("affitto milletrecento dollari", "rent 1300 dollars"),
])
def test_closed_compound_number_words(text: str, expected: str) -> None:
    assert words_to_digits(local_forms(text)) == expected


@pytest.mark.parametrize(("labels", "text", "offers"), [
    (RENTAL, "Avete proposto 1.300 dollari e 12 mesi. La nostra controproposta: 1.100 dollari e 24 mesi, con un "
             "deposito di 750 dollari.", {"rent": "$1100", "duration": "24 months", "deposit": "$750"}),
    (JOB, "Your offer of $100,000 with on-site work doesn't quite work for me. I'd be glad to accept $120,000 if I "
          "can work fully remote.", {"salary": "$120000", "work arrangement": "fully remote"}),
])
def test_the_other_sides_offer_quoted_then_turned_down(labels: GameLabels, text: str, offers: dict[str, str]) -> None:
    assert dict(extract_message(text, labels).offers) == offers


@pytest.mark.parametrize(("value", "expected"), [
    ("a grand", "1000 dollars"), ("1.2 grand", "1200 dollars"), ("half a grand", "500 dollars"),
    ("one and a half grand", "1500 dollars"), ("12 hundred", "1200"), ("a couple of days", "2 days"),
])
def test_slang_amounts(value: str, expected: str) -> None:
    assert words_to_digits(local_forms(value)) == expected


def test_slang_amounts_in_a_message() -> None:
    reading = extract_message("We can do 11 hundred a month for two years, a grand as deposit, and a couple of days of "
                              "subletting.", RENTAL)
    assert dict(reading.offers) == {"rent": "$1100", "duration": "24 months", "deposit": "$1000",
                                    "subletting": "2 days"}

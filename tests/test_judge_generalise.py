"""Classes of text the fifth round of issue 12 reads by general mechanisms, each class tested on
fresh examples written for these tests (not the gold set's items), with the exact reading."""

from __future__ import annotations

from pathlib import Path

import pytest

from lamen.judge.digits import ascii_digits
from lamen.judge.extract import extract_message, extract_note
from lamen.judge.labels import label_cache
from lamen.spec.load import load_game

GAMES = Path(__file__).parent / "data" / "games"
RENTAL = label_cache(load_game("rental-agreement"))
LOAN = label_cache(load_game("loan-agreement"))
MERGER = label_cache(load_game("merger"))
CATERING = label_cache(load_game(GAMES / "catering-contract.yaml"))
JOB = label_cache(load_game(GAMES / "job-offer.yaml"))


# --- digits of every script -------------------------------------------------------------------

@pytest.mark.parametrize("text, folded", [
    ("＄１，１００ a month", "$1,100 a month"),          # full-width digits, comma and dollar
    ("٣٫٥٪ سنويًا", "3.5% سنويًا"),                     # Arabic-Indic digits, decimal mark, percent
    ("۲۵۰ دلار", "250 دلار"),                          # Persian digits
    ("९ साल", "9 साल"),                                # Devanagari
    ("期間，１８ヶ月", "期間，18ヶ月"),                    # a full-width comma between words stays
    ("no digits here: ok", "no digits here: ok"),
])
def test_digits_of_every_script_are_folded_to_ascii(text: str, folded: str) -> None:
    assert ascii_digits(text) == folded


def test_a_note_in_full_width_digits_reads_its_amounts() -> None:
    reading = extract_note("Acceptable offer: rent ＄１，１００ / ２４ months / deposit ＄７５０ / subletting ３ days", RENTAL)
    assert dict(reading.offers) == {"rent": "$1100", "duration": "24 months", "deposit": "$750",
                                    "subletting": "3 days"}


def test_a_message_in_arabic_indic_digits_reads_its_rate() -> None:
    reading = extract_message("We propose $٦٠٠٠ over ٦ years at ٤٫٥٪ interest, fees $٤٠.", LOAN)
    assert dict(reading.offers) == {"amount": "$6000", "duration": "6 years", "annual interest rate": "4.5%",
                                    "service fees": "$40"}


# --- value records: one value and what describes it -------------------------------------------

@pytest.mark.parametrize("note", [
    # a payoff beside each value
    '{"rent": {"value": "$1,100", "points": 6}, "duration": {"value": "24 months", "points": 3}, '
    '"deposit": {"value": "$750", "points": 5}, "subletting": {"value": "3 days", "points": 2}}',
    # an amount with its unit or currency in entries of its own
    '{"rent": {"amount": 1100, "currency": "USD"}, "duration": {"amount": 24, "unit": "months"}, '
    '"deposit": {"amount": 750, "currency": "USD", "note": "negotiable"}, "subletting": {"amount": 3, "unit": "days"}}',
    # records naming their issue, each proposing a record
    '{"terms": [{"issue": "Rent", "proposed": {"amount": 1100, "unit": "USD per month"}}, '
    '{"issue": "Duration", "proposed": {"amount": 24, "unit": "months"}}, '
    '{"issue": "Deposit", "proposed": {"amount": 750, "unit": "USD"}}, '
    '{"issue": "Subletting", "proposed": {"amount": 3, "unit": "days"}}]}',
    # TOML sub-tables with numbers grouped by underscores
    "[offer.rent]\namount = 1_100\ncurrency = \"USD\"\n\n[offer.duration]\nmonths = 24\n\n"
    "[offer.deposit]\namount = 750\n\n[offer.subletting]\ndays = 3",
])
def test_a_value_record_is_read_as_its_one_value(note: str) -> None:
    reading = extract_note(note, RENTAL)
    assert dict(reading.offers) == {"rent": "$1100", "duration": "24 months", "deposit": "$750", "subletting": "3 days"}
    assert not reading.invalid and not reading.ambiguous


def test_a_record_with_two_values_is_not_one_value() -> None:
    # {"mine": …, "theirs": …} stays the own-entry rule's; two unmarked numbers are no one value.
    reading = extract_note('{"rent": {"low": 1000, "high": 1200, "unit": "USD"}, "duration": "24 months"}', RENTAL)
    assert "rent" not in reading.offers
    assert reading.offers["duration"] == "24 months"


# --- languages whose words attach particles, and more Dutch and Russian ------------------------

CAR = label_cache(load_game(GAMES / "car-purchase.yaml"))


@pytest.mark.parametrize("text, labels, offers", [
    ("월세 1,300달러, 기간 18개월, 보증금 500달러, 전대 연 2일", RENTAL,
     {"rent": "$1300", "duration": "18 months", "deposit": "$500", "subletting": "2 days"}),
    ("대출 금액 8천 달러, 기간 4년, 연이율 3%, 수수료 월 40달러", LOAN,
     {"amount": "$8000", "duration": "4 years", "annual interest rate": "3%", "service fees": "$40"}),
    ("연봉 12만 달러, 연차 25일", JOB, {"salary": "$120000", "vacation": "25 days"}),
    ("किराया $900 प्रति माह, अवधि 30 महीने, जमा राशि $250", RENTAL,
     {"rent": "$900", "duration": "30 months", "deposit": "$250"}),
    ("نقترح قرض بقيمة ٣٠٠٠ دولار لمدة ٢ سنوات بفائدة ١٫٥٪ ورسوم ١٠ دولار", LOAN,
     {"amount": "$3000", "duration": "2 years", "annual interest rate": "1.5%", "service fees": "$10"}),
    ("اجاره ماهانه ۸۰۰ دلار و مدت قرارداد ۹ ماه", RENTAL, {"rent": "$800", "duration": "9 months"}),
    ("Wij stellen voor: huur $1.000, looptijd 27 maanden, borg $2.000.", RENTAL,
     {"rent": "$1000", "duration": "27 months", "deposit": "$2000"}),
    ("Предлагаем оклад 90 тыс. долларов и отпуск 30 дней.", JOB, {"salary": "$90000", "vacation": "30 days"}),
    ("Совет директоров 8 к 2, сохранение сотрудников 70 на 30.", MERGER, {"control": "8-2", "employees": "70%-30%"}),
    ("Аренда 1 400 долларов в месяц, срок полтора года.", RENTAL, {"rent": "$1400", "duration": "18 months"}),
    ("支払いは現金、納車は来月。", CAR, {"financing": "cash", "handover": "next month"}),
])
def test_words_of_more_languages_name_issues_units_and_scales(text: str, labels, offers: dict[str, str]) -> None:
    reading = extract_message(text, labels, side=0)
    assert dict(reading.offers) == offers
    assert reading.confidence == "unsure"  # text not in English: the fallback may still look


# --- options numbered one to a line, chosen by number, hash, letter or ordinal ------------------

@pytest.mark.parametrize("text", [
    "Packages on the table:\n1. $1,400 / 6 months / $2,000 / 0 days\n2. $1,100 / 24 months / $750 / 3 days\n\nGoing with #2.",
    "Option 1: $1,400, 6 months, $2,000 deposit, no subletting. Option 2: $1,100, 24 months, $750 deposit, "
    "3 days subletting. I'd pick the second.",
    "A) $1,400, 6 months, $2,000 deposit, 0 days\nB) $1,100, 24 months, $750 deposit, 3 days\nWe'll lead with B.",
    "You listed:\n1. $1,400 for 6 months\n2. $1,100 for 24 months\nWe'll take option 2, with a $750 deposit and 3 days.",
])
def test_a_chosen_option_is_the_offer(text: str) -> None:
    for reading in (extract_note(text, RENTAL), extract_message(text, RENTAL)):
        assert dict(reading.offers) == {"rent": "$1100", "duration": "24 months", "deposit": "$750",
                                        "subletting": "3 days"}
        assert not reading.ambiguous


def test_whole_packages_one_to_a_line_with_none_chosen_are_options() -> None:
    reading = extract_note("Two packages I could live with:\n1. $1,400, 6 months, $750 deposit\n"
                           "2. $1,100, 24 months, $750 deposit\nI'll raise both.", RENTAL)
    assert dict(reading.offers) == {"deposit": "$750"}
    assert set(reading.ambiguous) == {"rent", "duration"}


def test_a_numbered_list_of_issues_is_not_options() -> None:
    reading = extract_note("Acceptable offer:\n1. Rent: $1,100\n2. Duration: 24 months\n3. Deposit: $750\n"
                           "4. Subletting: 3 days", RENTAL)
    assert dict(reading.offers) == {"rent": "$1100", "duration": "24 months", "deposit": "$750", "subletting": "3 days"}
    assert reading.confidence == "sure"


def test_taking_a_number_of_days_is_no_choice() -> None:
    # "take 2 days" names a value, not option 2.
    reading = extract_message("1. $1,300 for 12 months\n2. $1,200 for 18 months\nEither way we'd take 2 days of subletting.",
                              RENTAL)
    assert set(reading.ambiguous) == {"rent", "duration"}
    assert reading.offers.get("subletting") == "2 days"


# --- markup that withdraws or chooses values; attributes in any order -------------------------

LOAN_OFFER = {"amount": "$4000", "duration": "5 years", "annual interest rate": "3%", "service fees": "$20"}


@pytest.mark.parametrize("note", [
    # inserted and struck HTML, one line per issue
    "<ul><li>Amount: <s>$6,000</s> <ins>$4,000</ins></li><li>Duration: 5 years</li>"
    "<li>Interest rate: <del>4%</del> <ins>3%</ins></li><li>Fees: $20</li></ul>",
    # a definition list on one line
    "<dl><dt>Amount</dt><dd>$4,000</dd><dt>Duration</dt><dd>5 years</dd><dt>Rate</dt><dd>3%</dd>"
    "<dt>Fees</dt><dd>$20</dd></dl>",
    # attributes in any order, a unit attribute after the value
    '<offer>\n<item value="4000" key="amount" unit="USD"/>\n<item key="duration" value="5" unit="years"/>\n'
    '<item unit="percent" key="interest rate" value="3"/>\n<item key="fees" value="20" currency="USD"/>\n</offer>',
    # a fenced diff: "-" withdrawn, "+" and context lines stand
    "Edits to my offer:\n```diff\n-amount: $6,000\n+amount: $4,000\n duration: 5 years\n-rate: 4%\n+rate: 3%\n fees: $20\n```",
    # boxes on one line choose between alternatives
    "Offer:\n- Amount: [ ] $6,000 [x] $4,000\n- Duration: [x] 5 years [ ] 6 years\n- Rate: [x] 3% [ ] 4%\n- Fees: ☐ $30 ☑ $20",
])
def test_markup_that_withdraws_or_chooses_values(note: str) -> None:
    reading = extract_note(note, LOAN)
    assert dict(reading.offers) == LOAN_OFFER
    assert not reading.ambiguous and not reading.invalid


def test_bullets_with_a_plus_line_for_another_key_are_no_diff() -> None:
    reading = extract_note("Acceptable offer:\n- amount: $4,000\n- duration: 5 years\n- rate: 3%\n+ fees: $20", LOAN)
    assert dict(reading.offers) == LOAN_OFFER


def test_a_task_list_box_says_nothing_of_its_value() -> None:
    reading = extract_note("Acceptable offer:\n- [x] Amount: $4,000\n- [x] Duration: 5 years\n- [ ] Rate: 3% (to confirm)\n"
                           "- [x] Fees: $20", LOAN)
    assert dict(reading.offers) == LOAN_OFFER


# --- tables and CSV: the writer's own row or column; semicolon CSV -----------------------------

@pytest.mark.parametrize("note", [
    # one row per party, named with underscores
    "party,amount,duration,rate,fees\nlender_previous,6000,6,4%,30\nus,4000,5,3%,20",
    # the other side's column named by what it asked, the writer's in the first person
    "| Issue | Borrower requested | Our reply |\n|---|---|---|\n| Amount | $8,000 | $4,000 |\n"
    "| Duration | 8 years | 5 years |\n| Rate | 1.5% | 3% |\n| Fees | $0 | $20 |",
    # semicolon CSV with decimal commas and dotted thousands
    "Posten;Wert\nBetrag;4.000,00\nLaufzeit;5 Jahre\nZins;3,0 %\nGebühren;20,00",
])
def test_the_writers_row_or_column_of_a_table(note: str) -> None:
    reading = extract_note(note, LOAN)
    assert dict(reading.offers) == LOAN_OFFER


# --- messages: pairs written as sentences, even splits, code literals -------------------------

def test_pairs_written_as_sentences_bind_each_value_to_its_key() -> None:
    reading = extract_message("Amount: $4,000. Term: 5 years. Rate: 3%. Fees: $20.", LOAN)
    assert dict(reading.offers) == LOAN_OFFER
    assert not reading.ambiguous


def test_a_message_that_is_its_list_of_pairs_reads_no_other_issue_into_a_bound_value() -> None:
    reading = extract_message("Board: 5 each. Staff: 50% apiece.", MERGER)
    assert dict(reading.offers) == {"control": "5-5", "employees": "50%-50%"}
    assert not reading.ambiguous and not reading.invalid


def test_split_tuples_in_a_code_literal() -> None:
    reading = extract_note("Offer(control=(6, 4), employees=(0.65, 0.35), ownership=0.55, benefits=0.3)", MERGER)
    assert dict(reading.offers) == {"control": "6-4", "employees": "65%-35%", "ownership": "55%", "benefits": "30%"}


# --- code literals, numeric zero for a worded nothing, offer headings --------------------------

def test_a_constructor_around_a_literal_is_its_number() -> None:
    reading = extract_note("{'amount': Decimal('4000.00'), 'duration': 5, 'rate': float('3'), 'fees': Money(20)}", LOAN)
    assert dict(reading.offers) == LOAN_OFFER


def test_a_bare_zero_names_a_worded_zero_label() -> None:
    reading = extract_note('{"salary": 110000, "work_arrangement": "on-site", "vacation": 20, "signing_bonus": 0}', JOB)
    assert dict(reading.offers) == {"salary": "$110000", "work arrangement": "on-site", "vacation": "20 days",
                                    "signing bonus": "no bonus"}


@pytest.mark.parametrize("heading", ["Final answer:", "AO:"])
def test_more_offer_headings(heading: str) -> None:
    reading = extract_note(f"Their $6,000 ask is too much for me.\n{heading} $4,000 over 5 years at 3%, $20 fees.", LOAN)
    assert dict(reading.offers) == LOAN_OFFER


# --- questions about values, verdicts a few words after a value -------------------------------

@pytest.mark.parametrize("text", [
    "Is 4% really the best rate you can give?",
    "Does the $20 fee cover the account statements?",
    "Could you confirm whether the 5-year term starts at signing?",
    "Why would a $6,000 loan need a $40 fee?",
])
def test_a_question_about_a_value_offers_nothing(text: str) -> None:
    reading = extract_message(text, LOAN)
    assert dict(reading.offers) == {}
    assert not reading.invalid and not reading.ambiguous


@pytest.mark.parametrize("text, offers", [
    ("Is 3% okay for you?", {"annual interest rate": "3%"}),
    ("Could you do $4,000 over 5 years?", {"amount": "$4000", "duration": "5 years"}),
    ("Would a $20 fee work?", {"service fees": "$20"}),
])
def test_a_question_that_proposes_is_a_proposal(text: str, offers: dict[str, str]) -> None:
    assert dict(extract_message(text, LOAN).offers) == offers


def test_a_verdict_five_words_after_a_text_label_turns_it_down() -> None:
    reading = extract_message("A plated dinner at $75 a head is beyond our budget. Could we do a buffet at $55?", CATERING)
    assert dict(reading.offers) == {"menu": "buffet", "price per guest": "$55"}


# --- hundreds said the short way, decorated lengths, half a percent, reductions -----------------

@pytest.mark.parametrize("text, offers", [
    ("A deposit of twelve-fifty on a two-year lease works.", {"deposit": "$1250", "duration": "24 months"}),
    ("Rent at eleven-fifty is not a rent we list.", {}),
    ("Rent at thirteen hundred, deposit at twelve fifty.", {"rent": "$1300", "deposit": "$1250"}),
    ("Let us sublet for a whole week.", {"subletting": "7 days"}),
])
def test_spoken_amounts_and_decorated_lengths(text: str, offers: dict[str, str]) -> None:
    assert dict(extract_message(text, RENTAL).offers) == offers


def test_half_a_percent_and_a_reduction_off_a_rate() -> None:
    assert dict(extract_message("We'd lend $2,000 for 2 years at half a percent.", LOAN).offers) == \
        {"amount": "$2000", "duration": "2 years", "annual interest rate": "0.5%"}
    reading = extract_message("Could you knock half a percent off the rate? We'd sign at 3.5%.", LOAN)
    assert dict(reading.offers) == {"annual interest rate": "3.5%"}


def test_days_off_are_leave_not_a_reduction() -> None:
    assert dict(extract_message("We can offer twenty-five days off and $110,000.", JOB).offers) == \
        {"vacation": "25 days", "salary": "$110000"}


# --- a heading that quotes the other side; Swiss and decimal-comma amounts ----------------------

def test_a_heading_quoting_the_other_side_is_no_offer_of_the_writer() -> None:
    reading = extract_note("The lender's latest offer: $8,000 at 4.5%. I'll ask about fees before I answer.", LOAN)
    assert dict(reading.offers) == {} and reading.confidence == "unsure"


def test_the_writers_heading_after_a_quoted_one_is_read() -> None:
    reading = extract_note("Their offer: $8,000 at 4.5%.\nMy acceptable offer: $4,000, 5 years, 3%, $20 fees.", LOAN)
    assert dict(reading.offers) == LOAN_OFFER


@pytest.mark.parametrize("text, offers", [
    ("Mietvorschlag: Miete CHF 1'300.– pro Monat, Kaution 500.–", {"rent": "$1300", "deposit": "$500"}),
    ("Wir zahlen 1,3k Miete.", {"rent": "$1300"}),
])
def test_swiss_and_decimal_comma_amounts(text: str, offers: dict[str, str]) -> None:
    assert dict(extract_message(text, RENTAL).offers) == offers


# --- the second look: what the readers are known to get wrong is marked unsure -----------------

@pytest.mark.parametrize("text, kind, reason", [
    ("Payoffs (amount): $2,000→3, $3,000→5, $4,000→8. Still thinking.", "note", "two values for amount in the offer"),
    ("Acceptable offer: fees of $250 per year, $4,000, 5 years, 3%.", "note", "a value given per period"),
    ("We heard you on 4%.", "message", "quoted text"),
    ("We'd go $10 under your fee, and 5 years.", "message", "a value written relative to another"),
    ("$4,000 over 5 years at 3% — the fees are your call.", "message", "the choice is left to the other side"),
])
def test_the_second_look_doubts_known_weak_spots(text: str, kind: str, reason: str) -> None:
    reading = extract_note(text, LOAN) if kind == "note" else extract_message(text, LOAN)
    assert reading.confidence == "unsure"
    assert reason in reading.reason


def test_a_range_in_a_note_stays_sure() -> None:
    reading = extract_note('{"amount": "$4,000", "duration": "5 years", "rate": "3% or 3.5%", "fees": "$20"}', LOAN)
    assert reading.ambiguous == ("annual interest rate",)
    assert reading.confidence == "sure"


# --- a text label's synonym written with a number ---------------------------------------------

@pytest.mark.parametrize("text", ["Buffet at $55, beer and wine, and a 50% deposit.",
                                  "Buffet at $55, beer and wine, payment 50% upfront."])
def test_a_synonym_with_a_number_names_its_text_label(text: str) -> None:
    reading = extract_message(text, CATERING)
    assert dict(reading.offers) == {"menu": "buffet", "price per guest": "$55", "bar": "beer and wine",
                                    "payment": "half upfront"}
    assert reading.confidence == "sure"  # the number belongs to the label's wording


# --- the period an amount is counted in, from the issue's own description -----------------------

def test_an_amount_per_month_goes_to_the_money_issue_counted_monthly() -> None:
    assert RENTAL.money_periods == {"rent": frozenset({"month"}), "deposit": frozenset()}
    assert dict(extract_message("We can do $1,000 a month.", RENTAL).offers) == {"rent": "$1000"}
    reading = extract_message("We can do $1,000.", RENTAL)  # no period: a label of rent and of deposit
    assert set(reading.ambiguous) == {"rent", "deposit"}


def test_an_amount_per_year_converts_exactly_to_a_monthly_issue() -> None:
    assert dict(extract_message("Rent of $10,800 per year.", RENTAL).offers) == {"rent": "$900"}
    reading = extract_message("Rent of $10,000 per year.", RENTAL)  # $833.33 a month: no label, no snapping
    assert dict(reading.invalid) == {"rent": "$10,000"} and reading.confidence == "unsure"
    assert dict(extract_message("A salary of $10,000 a month.", JOB).offers) == {"salary": "$120000"}


# --- splits: a side's direction, a party named in a key ------------------------------------------

@pytest.mark.parametrize("text, side, offers", [
    ("Ownership could go 60-40 our way.", 1, {"ownership": "40%"}),
    ("Board seats 7-3, tilted toward Company B.", None, {"control": "3-7"}),
    ("Board seats 6-4 in favour of Company B.", None, {"control": "4-6"}),
    ("Employees kept 55-45 your way.", 0, {"employees": "45%-55%"}),
])
def test_a_split_said_as_a_direction(text: str, side, offers: dict[str, str]) -> None:
    assert dict(extract_message(text, MERGER, side=side).offers) == offers


def test_a_party_named_in_a_key_fixes_a_split() -> None:
    reading = extract_note('{"benefits_pct": 40, "seats_company_b": 3, "employees_kept_b_pct": 35, "ownership_a_pct": 55}',
                           MERGER)
    assert dict(reading.offers) == {"benefits": "40%", "control": "7-3", "employees": "65%-35%", "ownership": "55%"}


def test_a_speaker_named_by_its_letter_and_texting_words() -> None:
    reading = extract_message("A here. 7 seats for us, 3 for u. ownership 60 for us", MERGER)
    assert dict(reading.offers)["control"] == "7-3"


def test_korean_company_names_and_particles() -> None:
    from lamen.judge.values import local_forms
    assert local_forms("A사 지분은 55%로 제안합니다.").split() == ["company", "A", "ownership", "55%", "propose", "."]


# --- a note that is one line of values --------------------------------------------------------

def test_a_note_that_is_one_line_of_values_is_its_offer_unsure() -> None:
    reading = extract_note("amt 4k, 5 yrs, 3%, fees $20", LOAN)
    assert dict(reading.offers) == LOAN_OFFER
    assert reading.confidence == "unsure" and "without an offer heading" in reading.reason


def test_reasoning_with_quoted_numbers_is_no_line_of_values() -> None:
    reading = extract_note("They haven't moved ($6,000, 6 years). I'll wait a round.", LOAN)
    assert dict(reading.offers) == {}


# --- a values line with a legend of issue names; 'Offer =' --------------------------------------

@pytest.mark.parametrize("note", [
    "## Final Answer\n\n**$4,000 / 5 years / 3% / $20**\n\n*(Amount / Duration / Rate / Fees)*",
    "Amount | Duration | Rate | Fees\n$4,000 | 5 years | 3% | $20",
    "\\[\\text{Offer} = (\\$4{,}000,\\ 5\\text{ yr},\\ 3\\%,\\ \\$20/\\text{mo})\\]",
])
def test_values_with_a_legend_or_after_offer_equals(note: str) -> None:
    assert dict(extract_note(note, LOAN).offers) == LOAN_OFFER


# --- bounds a few words after a negation; quoted 'heard you on'; an invalid amount per month ----

@pytest.mark.parametrize("text, offers, invalid", [
    ("We won't sign for less than three years.", {"duration": "36 months"}, {}),
    ("We heard you on $1,500. We'd do 21 months.", {"duration": "21 months"}, {}),
    ("How about thirteen-fifty a month?", {}, {"rent": "1350"}),
])
def test_bounds_quotes_and_amounts_per_month(text: str, offers: dict[str, str], invalid: dict[str, str]) -> None:
    reading = extract_message(text, RENTAL)
    assert dict(reading.offers) == offers
    assert dict(reading.invalid) == invalid


@pytest.mark.parametrize("text, labels, offers", [
    ("Kira 1.200 dolar, süre 24 ay, depozito 1.000 dolar.", RENTAL,
     {"rent": "$1200", "duration": "24 months", "deposit": "$1000"}),
    ("Proponujemy czynsz 1200 dolarów, okres najmu 18 miesięcy, kaucja 500 dolarów.", RENTAL,
     {"rent": "$1200", "duration": "18 months", "deposit": "$500"}),
    ("Vi föreslår hyra 1 300 dollar, hyrestid 12 månader.", RENTAL, {"rent": "$1300", "duration": "12 months"}),
    ("Kami usulkan sewa $1.100 per bulan, jangka waktu 24 bulan.", RENTAL, {"rent": "$1100", "duration": "24 months"}),
    ("Đề xuất: khoản vay 5000 đô la, thời hạn 3 năm, lãi suất 2,5%.", LOAN,
     {"amount": "$5000", "duration": "3 years", "annual interest rate": "2.5%"}),
    ("Пропонуємо: оренда 1 200 доларів, термін 24 місяців.", RENTAL, {"rent": "$1200", "duration": "24 months"}),
])
def test_six_more_languages_by_the_same_lexicon(text: str, labels, offers: dict[str, str]) -> None:
    reading = extract_message(text, labels)
    assert dict(reading.offers) == offers
    assert reading.confidence == "unsure"


def test_a_single_day() -> None:
    assert dict(extract_message("We could allow a single day of subletting per year.", RENTAL).offers) == \
        {"subletting": "1 day"}


def test_reference_prices_and_a_text_label_after_an_amount() -> None:
    car = label_cache(load_game(GAMES / "car-purchase.yaml"))
    reading = extract_message("It's listed at $28,000, but we can let it go for $25,000 cash this week.", car)
    assert dict(reading.offers) == {"price": "$25000", "financing": "cash", "handover": "this week"}
    reading = extract_message("Similar flats are renting for $1,450; we'd take $1,300.", RENTAL)
    assert dict(reading.offers) == {"rent": "$1300"}


def test_a_call_that_is_no_number_type_is_no_value() -> None:
    reading = extract_note('Acceptable offer: {"amount": "alert(4000)", "duration": "5 years"}', LOAN)
    assert dict(reading.offers) == {"duration": "5 years"}
    assert dict(reading.invalid) == {"amount": "alert(4000)"}


# --- amounts in thousands; listings; turned-down questions ---------------------------------------

def test_a_bare_number_far_below_a_money_issue_is_read_in_thousands() -> None:
    car = label_cache(load_game(GAMES / "car-purchase.yaml"))
    assert dict(extract_message("We could go to 25, with the powertrain warranty only.", car).offers) == \
        {"price": "$25000", "warranty": "powertrain only"}
    reading = extract_message("I could stretch to 25.5.", car)
    assert dict(reading.invalid) == {"price": "25.5"} and reading.confidence == "unsure"
    assert dict(extract_message("Make it one-twenty and hybrid.", JOB).offers) == \
        {"salary": "$120000", "work arrangement": "hybrid"}


def test_values_of_a_listing_and_of_a_turned_down_question_are_not_offers() -> None:
    reading = extract_message("The flat was listed at $1,450 for 12 months. We need a day to think.", RENTAL)
    assert dict(reading.offers) == {} and not reading.invalid
    reading = extract_message("A 70% stake for Company A? That's not something our board will sign.", MERGER)
    assert dict(reading.offers) == {} and not reading.ambiguous

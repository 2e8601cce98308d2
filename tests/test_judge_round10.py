"""Classes of text the tenth round of issue 12 reads by general rules (tuned on test8's and
test9's errors), each tested on fresh examples written for these tests, not the gold set's items."""

from __future__ import annotations

from pathlib import Path

import pytest

from lamen.judge.extract import extract_message, extract_note
from lamen.judge.labels import label_cache
from lamen.spec.load import load_game

GAMES = Path(__file__).parent / "data" / "games"
RENTAL = label_cache(load_game("rental-agreement"))
LOAN = label_cache(load_game("loan-agreement"))
WEDDING = label_cache(load_game(GAMES / "wedding-photography.yaml"))


# A label that stands inside its issue's zero label ("second shooter" in "no second shooter").
@pytest.mark.parametrize("text", [
    "Let's leave out the extras: we can skip the second shooter and keep the fee at $2,500.",
    "If we drop the second shooter, would $3,000 work for you?",
])
def test_giving_up_a_label_names_the_zero_label_not_the_label_itself(text: str) -> None:
    reading = extract_message(text, WEDDING)
    assert reading.offers.get("second shooter") == "no second shooter"
    assert "second shooter" not in reading.ambiguous


def test_a_label_that_is_also_the_issue_name_is_the_key_before_another_label() -> None:
    reading = extract_note("Acceptable offer: fee $2,000; second shooter no second shooter; delivery 6 weeks.", WEDDING)
    assert dict(reading.offers) == {"fee": "$2000", "second shooter": "no second shooter", "delivery": "6 weeks"}


@pytest.mark.parametrize("value, label", [("yes", "second shooter"), ("no", "no second shooter")])
def test_yes_or_no_picks_between_a_label_and_its_negation(value: str, label: str) -> None:
    note = f"## Acceptable offer\n- Package price: $3,000\n- Second photographer: {value}\n- Hours: 6"
    assert dict(extract_note(note, WEDDING).offers) == {"fee": "$3000", "second shooter": label, "coverage": "6 hours"}


def test_a_zero_key_belongs_to_the_issue_its_words_name_most() -> None:
    # "photographer" shares a stem with the album's "photo book"; "second photographer" names one issue.
    reading = extract_note("Offer:\n- Rate: $2,500\n- Second photographer: none", WEDDING)
    assert "album" not in reading.offers
    assert reading.offers.get("second shooter") == "no second shooter"


@pytest.mark.parametrize("note, offers", [
    ("Acceptable offer: rent $1,300; duration 12 months; deposit $1,000; subletting 2 days.\nUpdate: rent $1,200.",
     {"rent": "$1200", "duration": "12 months", "deposit": "$1000", "subletting": "2 days"}),
    ("Acceptable offer: amount $8,000; duration 4 years; rate 4%; fees $50\nRevised: rate 3%",
     {"amount": "$8000", "duration": "4 years", "annual interest rate": "3%", "service fees": "$50"}),
])
def test_a_two_word_revision_line_after_an_offer_line_revises_it(note: str, offers: dict[str, str]) -> None:
    reading = extract_note(note, RENTAL if "rent" in note else LOAN)
    assert dict(reading.offers) == offers
    assert not reading.unknown_issues


RENT_ONLY = label_cache(load_game("rental-1-distributive"))


@pytest.mark.parametrize("labels, text, offers", [
    # $1,300 is a rent label; the deposit's labels step by $250, so it would be no deposit label.
    (RENTAL, "fine, 1300 and we're done.", {"rent": "$1300"}),
    (RENTAL, "so 700?? i really cant stretch further", {"rent": "$700"}),
    # The only money issue of the game.
    (RENT_ONLY, "could we settle at 900 then", {"rent": "$900"}),
])
def test_a_bare_amount_goes_to_the_one_money_issue_it_can_be(labels, text: str, offers: dict[str, str]) -> None:
    reading = extract_message(text, labels)
    assert dict(reading.offers) == offers
    assert reading.confidence == "unsure"  # a reading by elimination, not by name


@pytest.mark.parametrize("text", [
    "1000 works.",  # a label of both the rent and the deposit
    "ok, 1500 then?",  # the same
])
def test_a_bare_amount_two_money_issues_could_hold_stays_unplaced(text: str) -> None:
    assert dict(extract_message(text, RENTAL).offers) == {}


@pytest.mark.parametrize("text, days", [
    ("Subletting — a whole week — is fine by me if the rent is $1,200.", "7 days"),
    ("We can't allow more than a day of subletting.", "1 day"),
    ("I'll give you subletting (a full week) at a rent of $1,300.", "7 days"),
])
def test_a_length_set_off_by_a_dash_or_bounded_by_more_than_is_one_unit(text: str, days: str) -> None:
    assert extract_message(text, RENTAL).offers.get("subletting") == days


def test_waiting_more_than_a_day_offers_no_length() -> None:
    assert dict(extract_message("Please don't wait more than a day to reply.", RENTAL).offers) == {}


@pytest.mark.parametrize("labels, text, issue, zero", [
    (LOAN, "The service fee is a sore point, I know. We can waive it if the rate stays at 4%.", "service fees", "$0"),
    (RENTAL, "As for the deposit, I'm willing to drop it entirely for a 36-month lease.", "deposit", "$0"),
])
def test_giving_up_it_names_the_zero_label_of_the_issue_spoken_of(labels, text: str, issue: str, zero: str) -> None:
    assert extract_message(text, labels).offers.get(issue) == zero


def test_dropping_it_to_a_value_is_no_zero() -> None:
    reading = extract_message("The service fee is high. We could drop it to $25.", LOAN)
    assert reading.offers.get("service fees") != "$0"


CAR = label_cache(load_game(GAMES / "car-purchase.yaml"))
SOFTWARE = label_cache(load_game(GAMES / "software-license.yaml"))
JOB = label_cache(load_game(GAMES / "job-offer.yaml"))


@pytest.mark.parametrize("labels, text, issue, label", [
    # an article between a label's words ("end of month")
    (CAR, "We could hand the keys over at the end of the month for $26,000.", "handover", "end of month"),
    # "by" before a worded label sets a time; it is no difference ("lower by $100")
    (CAR, "If you can have it ready by the end of the month, I'll pay $25,000 cash.", "handover", "end of month"),
    # the restricting "only" of a label left unsaid
    (CAR, "At $27,000 the powertrain warranty is included.", "warranty", "powertrain only"),
    (SOFTWARE, "For $20 a seat we can provide email support and a 3-year term.", "support", "email only"),
])
def test_worded_labels_read_with_articles_times_and_an_unsaid_only(labels, text: str, issue: str, label: str) -> None:
    assert extract_message(text, labels).offers.get(issue) == label


def test_only_a_label_not_a_synonym_loses_its_only() -> None:
    # "remote-only" is a synonym of "fully remote": "remote" alone (remote work matters) names no label.
    reading = extract_message("We understand remote work matters to you; we can offer a hybrid arrangement.", JOB)
    assert reading.offers.get("work arrangement") == "hybrid"


@pytest.mark.parametrize("text, deposit", [
    ("Rent is settled. For the deposit, could we say five fifty? No, make it seven fifty.", "$750"),
    ("deposit two fifty and we're good", "$250"),
])
def test_hundreds_said_the_short_way_with_a_space(text: str, deposit: str) -> None:
    assert extract_message(text, RENTAL).offers.get("deposit") == deposit


def test_short_hundreds_before_a_rate_are_an_amount() -> None:
    reading = extract_message("I could do nine fifty a month on a 12-month lease.", RENTAL)
    assert dict(reading.invalid) == {"rent": "950"}  # no rent label ($100 steps): invalid, not snapped
    assert dict(reading.offers) == {"duration": "12 months"}


def test_short_hundreds_are_no_count() -> None:
    assert dict(extract_message("We need two twenty-day notice periods.", RENTAL).offers) == {}


def test_a_small_bare_number_is_no_amount_of_a_range_that_starts_at_zero() -> None:
    # The deposit's labels run $0-$2,500: "7" lies in that range but below every label but $0.
    assert "deposit" not in extract_message("ok 7 it is, deposit aside", RENTAL).offers


@pytest.mark.parametrize("labels, text, issue, label", [
    (LOAN, "Five years at 1% would be a dream, haha. Realistically, 3% over five years.", "annual interest rate", "3%"),
    (RENTAL, "I'd love $900, honestly. Jokes aside, $1,100 is what we can pay.", "rent", "$1100"),
])
def test_a_sentence_that_revises_replaces_the_wish_before_it(labels, text: str, issue: str, label: str) -> None:
    reading = extract_message(text, labels)
    assert reading.offers.get(issue) == label and issue not in reading.ambiguous


@pytest.mark.parametrize("text", [
    "Great question! Email-only support means replies within two business days, while business hours "
    "adds phone support. Which fits your team better?",
    "That's a reasonable question. The 24/7 tier needs an on-call engineer, which is why it costs more than "
    "business hours.",
])
def test_an_answer_to_a_question_explains_the_labels_it_names(text: str) -> None:
    assert dict(extract_message(text, SOFTWARE).offers) == {}


def test_an_answer_that_then_proposes_offers_what_it_proposes() -> None:
    reading = extract_message("Good question. Business hours covers weekdays only. We can offer business hours "
                              "at $30 per seat.", SOFTWARE)
    assert dict(reading.offers) == {"support": "business hours", "price per seat": "$30"}


@pytest.mark.parametrize("text, offers", [
    ("Money is tight: $1,000 works for us if the deposit is $750.", {"rent": "$1000", "deposit": "$750"}),
    ("We'd sign at $1,500 with a $1,000 deposit.", {"rent": "$1500", "deposit": "$1000"}),
])
def test_an_amount_two_money_issues_could_hold_goes_to_the_one_the_sentence_leaves_open(
        text: str, offers: dict[str, str]) -> None:
    assert dict(extract_message(text, RENTAL).offers) == offers


@pytest.mark.parametrize("text", [
    "Anything from $1,000 to $1,100 for rent, with a 12-month lease.",
    "Either $1,000 on a year's lease or $1,300 for two years.",
])
def test_a_range_or_alternative_of_one_issue_is_not_read_as_leaving_the_other_open(text: str) -> None:
    assert "deposit" not in extract_message(text, RENTAL).offers


MERGER = label_cache(load_game("merger"))


@pytest.mark.parametrize("text, side, ownership", [
    # spoken by Company B: the 40% is Company A's because the sentence says so, not "we"
    ("We can live with a 40% stake going to Company A if the board is 5-5.", 1, "40%"),
    ("We would take 60% of the merged firm's shares for Company B.", 0, "40%"),
])
def test_a_party_named_by_its_name_beats_a_pronoun(text: str, side: int, ownership: str) -> None:
    assert extract_message(text, MERGER, side=side).offers.get("ownership") == ownership


@pytest.mark.parametrize("text, employees", [
    ("Our proposal: 5-5 on the board and 45% of retained staff from A.", "45%-55%"),
    ("We suggest 60% of the retained headcount from Company B.", "40%-60%"),
])
def test_a_share_of_staff_from_a_named_party_fixes_the_split(text: str, employees: str) -> None:
    assert extract_message(text, MERGER).offers.get("employees") == employees


def test_a_sentence_article_is_no_party() -> None:
    # "A 60-40 split" opens with the article: the 55% kept is the speaker's (Company B's).
    reading = extract_message("A 60-40 board split in your favour is fine if we keep 55% of the employees.", MERGER,
                              side=1)
    assert reading.offers.get("employees") == "45%-55%"


@pytest.mark.parametrize("labels, text, issue, label", [
    (RENTAL, "Halfway between your $1,500 and my $900 comes to $1,200 — let's take it.", "rent", "$1200"),
    (LOAN, "Fair is fair: my 2% and your 4% average out to 3%.", "annual interest rate", "3%"),
])
def test_a_worked_out_compromise_offers_its_result_not_its_ends(labels, text: str, issue: str, label: str) -> None:
    reading = extract_message(text, labels)
    assert reading.offers.get(issue) == label and issue not in reading.ambiguous


def test_amounts_with_thousands_separators_before_a_verdict_are_turned_down() -> None:
    reading = extract_message("A $1,500 deposit plus $1,400 in rent is more than we can manage. We offer $1,200 "
                              "with a $750 deposit.", RENTAL)
    assert dict(reading.offers) == {"rent": "$1200", "deposit": "$750"}


def test_a_move_told_in_prose_before_the_offer_line_is_no_pair() -> None:
    note = ("The landlord went from $1,500 to $1,400 on rent and kept 12 months.\n"
            "Acceptable offer: rent $1,200; duration 24 months; deposit $1,000; subletting 2 days.")
    assert dict(extract_note(note, RENTAL).offers) == {"rent": "$1200", "duration": "24 months", "deposit": "$1000",
                                                      "subletting": "2 days"}


def test_numbered_packages_with_commas_are_options_not_a_table() -> None:
    note = ("**Acceptable offers** (I'm fine with either):\n\n"
            "1. Rent $1,100, 24 months, deposit $750, 3 days subletting\n"
            "2. Rent $1,000, 36 months, deposit $750, 3 days subletting")
    reading = extract_note(note, RENTAL)
    assert dict(reading.offers) == {"deposit": "$750", "subletting": "3 days"}
    assert set(reading.ambiguous) == {"rent", "duration"} and reading.confidence == "unsure"


def test_a_numbered_option_is_chosen_by_the_name_written_inside_it() -> None:
    note = ("Packages:\n\n1. **Package A** — $9,000 over 5 years at 4%, fees $40\n"
            "2. **Package B** — $8,000 over 4 years at 3%, fees $40\n\nI'll open with Package B.")
    assert dict(extract_note(note, LOAN).offers) == {"amount": "$8000", "duration": "4 years",
                                                     "annual interest rate": "3%", "service fees": "$40"}


CATERING = label_cache(load_game(GAMES / "catering-contract.yaml"))
RENOVATION = label_cache(load_game(GAMES / "home-renovation.yaml"))


@pytest.mark.parametrize("labels, text, issue, label", [
    # two words a label writes as one ("upfront", "cleanup")
    (CATERING, "Buffet at $45 a head, and we'd pay half of the total up front.", "payment", "half upfront"),
    # "every day" where a label says "daily"
    (RENOVATION, "We'd need the site cleaned up every day while we live there.", "cleanup", "daily cleanup"),
])
def test_label_words_written_apart_or_in_other_words(labels, text: str, issue: str, label: str) -> None:
    assert extract_message(text, labels).offers.get(issue) == label


def test_every_day_under_a_key_is_the_daily_label() -> None:
    note = "Acceptable offer:\n- Price: $20,000\n- Site cleanup: every day"
    assert extract_note(note, RENOVATION).offers.get("cleanup") == "daily cleanup"


@pytest.mark.parametrize("labels, text, issue, label", [
    (CAR, "Financing via my own bank, and $25,000 is my number.", "financing", "bank loan"),
    (JOB, "As for the work location, home suits me best at $120,000.", "work arrangement", "fully remote"),
])
def test_one_telling_word_beside_the_issue_name_names_the_label(labels, text: str, issue: str, label: str) -> None:
    reading = extract_message(text, labels)
    assert reading.offers.get(issue) == label
    assert reading.confidence == "unsure"  # one word is thin evidence: the fallback may check it


@pytest.mark.parametrize("labels, text, issue", [
    (CATERING, "Full disclosure: the payment schedule matters a lot to us.", "payment"),
    (RENOVATION, "After the holidays we can talk about the cleanup.", "cleanup"),
])
def test_common_words_of_labels_tell_nothing(labels, text: str, issue: str) -> None:
    assert issue not in extract_message(text, labels).offers


@pytest.mark.parametrize("text, offers", [
    ("Rent 1100 chalega, deposit 750 bas, lease 24 months.", {"rent": "$1100", "deposit": "$750", "duration": "24 months"}),
    ("rent 1300 pls, deposit 1500 and we sign", {"rent": "$1300", "deposit": "$1500"}),
])
def test_a_number_right_after_an_issue_name_is_its_value_whatever_word_follows(text: str,
                                                                             offers: dict[str, str]) -> None:
    assert dict(extract_message(text, RENTAL).offers) == offers


def test_a_count_of_something_else_stays_no_value() -> None:
    assert "subletting" not in extract_message("We have 3 kids and a dog.", RENTAL).offers


@pytest.mark.parametrize("text, offers", [
    ("Your numbers are too high for us. We're at $1,100 and $750.", {"rent": "$1100", "deposit": "$750"}),
    ("Counter: $1,300 and $1,500, 12 months.", {"rent": "$1300", "deposit": "$1500", "duration": "12 months"}),
])
def test_amounts_without_issue_names_are_read_in_the_games_order(text: str, offers: dict[str, str]) -> None:
    reading = extract_message(text, RENTAL)
    assert dict(reading.offers) == offers and reading.confidence == "unsure"


def test_two_sides_positions_are_not_a_package() -> None:
    reading = extract_message("So far: you at $1,500, me at $1,000. I can move to $1,100 on a 12-month lease.", RENTAL)
    assert "deposit" not in reading.offers


SOFTWARE_TERM = SOFTWARE  # the software licence reads "around the clock" as 24/7 by its synonyms


@pytest.mark.parametrize("labels, text, issue, label", [
    (RENTAL, "Affitto 1.200 dollari, contratto di 24 mesi. Il subaffitto è escluso.", "subletting", "0 days"),
    (RENTAL, "Kira 1.100 dolar, depozito 750 dolar. Alt kiralama yok.", "subletting", "0 days"),
    (RENTAL, "Ik betaal 1.200 dollar huur voor een contract van drie jaar.", "duration", "36 months"),
    (RENTAL, "Miete 1.300 $, Laufzeit anderthalb Jahre.", "duration", "18 months"),
    (RENOVATION, "Karşı teklif: 20.000 $, premium malzeme, gelecek hafta başlangıç.", "start", "next week"),
    (RENOVATION, "Prix 21 000 $, matériaux haut de gamme, nettoyage quotidien.", "cleanup", "daily cleanup"),
    (CATERING, "Buffet, 45 $ par personne, et nous payons la moitié d'avance.", "payment", "half upfront"),
    (SOFTWARE_TERM, "Wir brauchen Support rund um die Uhr für 100 Lizenzen.", "support", "24/7"),
    (SOFTWARE, "Nous voulons 100 licences avec une assistance 24h/24, pour 30 $ par siège.", "support", "24/7"),
])
def test_words_of_other_languages_for_nothing_numbers_times_and_payments(labels, text: str, issue: str,
                                                                          label: str) -> None:
    reading = extract_message(text, labels)
    assert reading.offers.get(issue) == label
    assert reading.confidence == "unsure"  # a text not in English stays unsure


def test_a_bound_in_a_clause_is_no_refusal_of_the_label_it_prices() -> None:
    reading = extract_message("We can't go lower than $45 for the buffet, with beer and wine.", CATERING)
    assert dict(reading.offers) == {"price per guest": "$45", "menu": "buffet", "bar": "beer and wine"}


@pytest.mark.parametrize("labels, text, offers", [
    (RENTAL, "A similar flat down the street rents for $1,100. We'd pay $1,200.", {"rent": "$1200"}),
    (LOAN, "Remember, 4% on $8,000 over 4 years means roughly $700 in interest. I'd like 3%.",
     {"annual interest rate": "3%"}),
])
def test_reference_prices_and_worked_out_figures_are_no_offers(labels, text: str, offers: dict[str, str]) -> None:
    assert dict(extract_message(text, labels).offers) == offers


def test_wfh_is_working_from_home() -> None:
    assert extract_note("Acceptable offer: $110k base, WFH, 25 days PTO, $5k signing", JOB).offers.get(
        "work arrangement") == "fully remote"


def test_a_bare_number_is_no_value_of_an_issue_whose_labels_hold_no_number() -> None:
    reading = extract_message("120 works if it's hybrid", JOB)
    assert "work arrangement" not in reading.invalid
    assert reading.offers.get("work arrangement") == "hybrid"


@pytest.mark.parametrize("text, offers", [
    ("**Counter (Round 3):** $1,200 rent and a 24-month lease.", {"rent": "$1200", "duration": "24 months"}),
    ("Round 4 of 10 — my offer: $1,100, 12 months.", {"rent": "$1100", "duration": "12 months"}),
])
def test_round_counts_are_no_values(text: str, offers: dict[str, str]) -> None:
    reading = extract_message(text, RENTAL)
    assert dict(reading.offers) == offers and not reading.invalid and not reading.ambiguous


def test_a_round_thousand_is_still_an_amount() -> None:
    assert extract_message("The deposit should be a round thousand.", RENTAL).offers.get("deposit") == "$1000"


@pytest.mark.parametrize("text, side, offers", [
    ("Unser Vorschlag: Zusatzleistungen 70 %, Anteil von Unternehmen A 55 %.", 0, {"benefits": "70%", "ownership": "55%"}),
    ("Wir wollen eine Sitzverteilung von sieben zu drei zu unseren Gunsten.", 1, {"control": "3-7"}),
    ("我们建议：福利60%，A公司持股45%。", 1, {"benefits": "60%", "ownership": "45%"}),
])
def test_merger_words_and_scores_of_other_languages(text: str, side: int, offers: dict[str, str]) -> None:
    assert dict(extract_message(text, MERGER, side=side).offers) == offers


def test_a_label_described_with_another_labels_words_is_one_value() -> None:
    reading = extract_message("We can do $120,000 and a hybrid setup with two days in the office each week.", JOB)
    assert reading.offers.get("work arrangement") == "hybrid" and "work arrangement" not in reading.ambiguous


def test_a_thanked_proposal_of_a_package_is_theirs_item_by_item() -> None:
    reading = extract_message("Thanks for your offer of a $130,000 salary, fully remote work and 15 days of vacation. "
                              "We'd propose $110,000, hybrid work and 20 days.", JOB, side=0)
    assert dict(reading.offers) == {"salary": "$110000", "work arrangement": "hybrid", "vacation": "20 days"}


FURNITURE = label_cache(load_game(GAMES / "furniture-order.yaml"))


def test_a_word_of_an_unread_issues_label_makes_the_reading_unsure() -> None:
    # "door" stands only in the home delivery label's wording: the reader cannot place it, and says so.
    reading = extract_message("We'll carry it right to your door for $1,100, with a 2-year warranty.", FURNITURE)
    assert "delivery" not in reading.offers and reading.confidence == "unsure"
    assert "delivery" in reading.reason


def test_a_reading_that_holds_the_issue_stays_as_it_is() -> None:
    reading = extract_message("Home delivery, $1,100 and a 2-year warranty.", FURNITURE)
    assert reading.offers.get("delivery") == "home delivery"
    assert "labels but no value read" not in reading.reason


@pytest.mark.parametrize("text, offers", [
    ("Counter:\n- Rate: 3.5% instead of 4.5%\n- Fees: $30 (down from $60)\n- Amount: $9,000",
     {"annual interest rate": "3.5%", "service fees": "$30", "amount": "$9000"}),
])
def test_a_listed_value_followed_by_the_one_it_replaces_is_one_value(text: str, offers: dict[str, str]) -> None:
    reading = extract_message(text, LOAN)
    assert dict(reading.offers) == offers and not reading.ambiguous


def test_sentences_after_a_key_are_no_value() -> None:
    note = ("host wants it cheap, 120 guests. leaning buffet.\nmenu: buffet\nprice per guest: $45\n"
            "bar: no bar\npayment: half upfront")
    reading = extract_note(note, CATERING)
    assert dict(reading.offers) == {"menu": "buffet", "price per guest": "$45", "bar": "no bar", "payment": "half upfront"}
    assert not reading.invalid


@pytest.mark.parametrize("labels, note", [
    (RENTAL, "Their last ask was $1,400 for the rent. I need to see what they value first. No acceptable offer yet."),
    (LOAN, "My payoff table (rate): 2%→8, 3%→6, 4%→4. Not ready to make an offer this round."),
])
def test_a_note_that_says_it_makes_no_offer_yet_is_sure_of_it(labels, note: str) -> None:
    reading = extract_note(note, labels)
    assert dict(reading.offers) == {} and not reading.invalid and reading.confidence == "sure"


@pytest.mark.parametrize("text", [
    "maybe somewhere between 1100 and 1200 for the rent?",
    "rent could be anywhere from 1200 to 1300, the rest as before",
])
def test_a_range_of_bare_numbers_is_ambiguous_and_gives_no_other_issue_a_value(text: str) -> None:
    reading = extract_message(text, RENTAL)
    assert "rent" in reading.ambiguous and "rent" not in reading.offers
    assert "deposit" not in reading.offers


def test_a_move_to_a_bare_amount_still_leaves_the_other_money_issue_open() -> None:
    reading = extract_message("ok I drop to 1300 if you waive the deposit", RENTAL)
    assert dict(reading.offers) == {"rent": "$1300", "deposit": "$0"}


@pytest.mark.parametrize("text, offers", [
    ("We'd happily sign for 2 years or more at $1,100.", {"duration": "24 months", "rent": "$1100"}),
    ("We won't need a deposit, and 12 months suits us.", {"deposit": "$0", "duration": "12 months"}),
    ("We don't need to sublet at all; $1,200 is fine.", {"subletting": "0 days", "rent": "$1200"}),
])
def test_or_more_is_a_bound_and_not_needing_a_thing_is_its_zero(text: str, offers: dict[str, str]) -> None:
    assert dict(extract_message(text, RENTAL).offers) == offers


def test_the_ends_said_before_splitting_the_difference_are_not_offered() -> None:
    reading = extract_message("You want 5% and I want 2% — meeting in the middle gives 3.5%.", LOAN)
    assert reading.offers.get("annual interest rate") == "3.5%" and not reading.ambiguous


@pytest.mark.parametrize("text", [
    "I'd pay $1,100 if you throw in assembly.",
    "$1,100 with free assembly and pickup from the store.",
    "Deal at $1,100 + assembly, 2-year warranty.",
])
def test_including_the_thing_is_the_label_that_says_it_is_included(text: str) -> None:
    assert extract_message(text, FURNITURE).offers.get("assembly") == "assembly included"


def test_an_assembly_fee_is_no_inclusion() -> None:
    assert "assembly" not in extract_message("That comes with an assembly fee of $50 on top.", FURNITURE).offers


@pytest.mark.parametrize("labels, text, offers", [
    (RENTAL, "Acceptable offer: their package ($1,300, 12 months, $1,500 deposit, 1 day) except the deposit at $1,000.",
     {"rent": "$1300", "duration": "12 months", "deposit": "$1000", "subletting": "1 day"}),
    (LOAN, "Acceptable offer: same terms as before ($6,000 over 5 years at 4%, fees $40), apart from fees of $20.",
     {"amount": "$6000", "duration": "5 years", "annual interest rate": "4%", "service fees": "$20"}),
])
def test_what_follows_except_replaces_the_packages_value(labels, text: str, offers: dict[str, str]) -> None:
    assert dict(extract_note(text, labels).offers) == offers


def test_amounts_in_the_games_order_beside_other_issues_named() -> None:
    reading = extract_message("Our counter: $1,300, 24 months, $750 and 3 days of subletting.", RENTAL)
    assert dict(reading.offers) == {"rent": "$1300", "duration": "24 months", "deposit": "$750", "subletting": "3 days"}


def test_amounts_beside_a_named_money_issue_are_not_put_in_order() -> None:
    # The deposit is named: the reader does not assume the order (the sentence says which is which).
    reading = extract_message("We can do $1,300 and a deposit of $1,500.", RENTAL)
    assert dict(reading.offers) == {"rent": "$1300", "deposit": "$1500"}
    assert "game's order" not in reading.reason

"""Classes of text the thirteenth round of issue 12 reads by general mechanisms (tuned on the odd
halves of test12 and test13, checked on their even halves), each tested on fresh examples written
for these tests, not the gold set's items."""

from __future__ import annotations

import pytest

from lamen.judge.extract import extract_message, extract_note
from tests.gold_shape import labels_of



game = labels_of  # a built-in or user-authored game's label tables


# A note that is a short lead label and one line of value segments — any separator (commas,
# pipes, the ideographic comma), any script — is its offer, read as text and unsure; so is a
# last sentence after its own lead label. Reasoning that quotes the other side is not.
@pytest.mark.parametrize("note, game_name, offers", [
    ("landlord memo — rent 1200, 18 months, deposit 1000, sublet 3 days", "rental-agreement",
     {"rent": "$1200", "duration": "18 months", "deposit": "$1000", "subletting": "3 days"}),
    ("Borrower | amount $6,000 | 4 years | 3% | fees $40", "loan-agreement",
     {"amount": "$6000", "duration": "4 years", "annual interest rate": "3%", "service fees": "$40"}),
    ("借款人备注：金额 ７０００ 美元，期限 ５ 年，利率 ３％", "loan-agreement",
     {"amount": "$7000", "duration": "5 years", "annual interest rate": "3%"}),
])
def test_a_note_that_is_one_line_of_values_is_its_offer(note, game_name, offers) -> None:
    found = extract_note(note, game(game_name))
    assert found.offers == offers
    assert found.confidence == "unsure"


# "acceptable:" alone heads the offer, after a sentence that weighs the other side's figure.
@pytest.mark.parametrize("note, game_name, offers", [
    ("they'll push for 1400, fine. acceptable: 1300 rent, 24 months, 1000 deposit", "rental-agreement",
     {"rent": "$1300", "duration": "24 months", "deposit": "$1000"}),
    ("bank wants 5%. Acceptable = 4% over 6 years, $30 fees", "loan-agreement",
     {"annual interest rate": "4%", "duration": "6 years", "service fees": "$30"}),
])
def test_acceptable_alone_heads_the_offer(note, game_name, offers) -> None:
    assert extract_note(note, game(game_name)).offers == offers


@pytest.mark.parametrize("note, game_name", [
    ("Bank's last message: $6,000, 4 years, 3%, $40 fees", "loan-agreement"),
    ("The tenant keeps quoting $1,400, 6 months. I will ask about pets first; no offer yet.", "rental-agreement"),
])
def test_a_line_of_someone_elses_values_or_reasoning_is_no_offer(note, game_name) -> None:
    assert extract_note(note, game(game_name)).offers == {}


# Planning positions: beside an acceptable position, a hoped-for one (Target, Ideal, Stretch) and a
# limit (Walk-away) are no offer — as lines, as a table's rows and as its columns.
@pytest.mark.parametrize("note, game_name, offers", [
    ("Ideal: $1,100 rent, 36 months\nWalk-away: $1,400\nAcceptable offer: $1,200 rent, 24 months, $750 deposit",
     "rental-agreement", {"rent": "$1200", "duration": "24 months", "deposit": "$750"}),
    ("Stretch goal: 2%, 10 years\nFloor: 4%\nMy acceptable offer: $8,000 at 3% over 7 years, $20 fees",
     "loan-agreement", {"amount": "$8000", "annual interest rate": "3%", "duration": "7 years", "service fees": "$20"}),
    ("| | Rent | Duration | Deposit |\n|---|---|---|---|\n| Ideal | $1,000 | 36 months | $500 |\n"
     "| Walk-away | $1,300 | 12 months | $1,500 |\n| Acceptable | $1,100 | 24 months | $1,000 |",
     "rental-agreement", {"rent": "$1100", "duration": "24 months", "deposit": "$1000"}),
    ("| Issue | Target | Acceptable |\n|---|---|---|\n| Amount | $10,000 | $9,000 |\n| Rate | 2% | 3.5% |",
     "loan-agreement", {"amount": "$9000", "annual interest rate": "3.5%"}),
])
def test_the_acceptable_position_outranks_target_and_walk_away(note, game_name, offers) -> None:
    assert extract_note(note, game(game_name)).offers == offers


# Two labels, one the other with "no" ("no free trial" / "free trial lesson", "no battery" /
# "battery backup"): a boolean (JSON or Python), yes / not included, or "no" and the thing's
# words, chooses between them.
@pytest.mark.parametrize("note, game_name, offers", [
    ("{'hourly_rate': 50, 'trial': True}", "language-tutoring", {"hourly rate": "$50", "trial lesson": "free trial lesson"}),
    ('{"price": 17000, "battery": false}', "solar-installation", {"price": "$17000", "battery": "no battery"}),
    ("- Price: $21,000\n- Battery: not included\n- Panels: standard", "solar-installation",
     {"price": "$21000", "battery": "no battery", "panels": "standard panels"}),
    ("Acceptable offer:\n- Rate: $40\n- Trial: no trial", "language-tutoring",
     {"hourly rate": "$40", "trial lesson": "no free trial"}),
])
def test_a_boolean_or_a_denial_chooses_between_a_label_and_its_negation(note, game_name, offers) -> None:
    assert extract_note(note, game(game_name)).offers == offers


# A count per week in any language and notation is written "once / twice / N times a week", the
# form the games' labels and synonyms use.
@pytest.mark.parametrize("text, game_name, offers", [
    ("We'd like $60/hr with 2x/wk sessions, online.", "language-tutoring",
     {"hourly rate": "$60", "sessions": "two per week", "format": "online"}),
    ("Proponuję 50 $ za godzinę i trzy lekcje tygodniowo.", "language-tutoring",
     {"hourly rate": "$50", "sessions": "three per week"}),
    ("Podemos limpiar dos veces a la semana por 2.500 $.", "office-cleaning",
     {"frequency": "twice a week", "monthly price": "$2500"}),
    ("清洁每週1次，每月2000美元。", "office-cleaning", {"frequency": "weekly", "monthly price": "$2000"}),
    ("Wir kommen zweimal in der Woche.", "office-cleaning", {"frequency": "twice a week"}),
])
def test_a_count_per_week_in_any_language_is_its_label(text, game_name, offers) -> None:
    assert extract_message(text, game(game_name), side=0).offers == offers


# A message written as a chat transcript: the other speaker's lines are quotations; the writer
# (who speaks last) revises with a later line what it names, and the rest of its earlier line stands.
@pytest.mark.parametrize("text, game_name, side, offers", [
    ("Lender: $9,000 over 9 years at 5%.\nBorrower: Far too steep.\nLender: Fine, 4% then, with $20 fees.",
     "loan-agreement", 0,
     {"amount": "$9000", "duration": "9 years", "annual interest rate": "4%", "service fees": "$20"}),
    ("**Company B:** We want 4-6 on the board.\n**Company A:** Out of the question.\n"
     "**Company B:** Then 5-5, and ownership at 45%.", "merger", 1, {"control": "5-5", "ownership": "45%"}),
    ("Landlord: $1,400 and 12 months.\nTenant: I can do $1,200 for 24 months.", "rental-agreement", 1,
     {"rent": "$1200", "duration": "24 months"}),
])
def test_a_transcript_is_read_as_the_last_speakers_lines(text, game_name, side, offers) -> None:
    assert extract_message(text, game(game_name), side=side).offers == offers


def test_a_list_of_issue_lines_is_no_transcript() -> None:
    found = extract_message("Rent: $1,100\nDuration: 18 months\nDeposit: $500", game("rental-agreement"), side=1)
    assert found.offers == {"rent": "$1100", "duration": "18 months", "deposit": "$500"}


# The shipped games' issue words, units, "none" / "without" and per cent in languages the lexicon
# lacked (Czech, Greek, Danish, Norwegian, Finnish, Romanian, Ukrainian, Hebrew), each read by the
# same English grammar; Greek capitals Alpha and Beta alone are the parties.
@pytest.mark.parametrize("text, game_name, side, offers", [
    ("Navrhujeme nájemné 1 100 $, doba nájmu 24 měsíců, kauce 500 $ a žádný podnájem.", "rental-agreement", 0,
     {"rent": "$1100", "duration": "24 months", "deposit": "$500", "subletting": "0 days"}),
    ("Tarjoamme lainasumma 7 000 dollaria, 6 vuotta, korko 3 prosenttia, ilman palvelumaksuja.", "loan-agreement", 0,
     {"amount": "$7000", "duration": "6 years", "annual interest rate": "3%", "service fees": "$0"}),  # "ilman": without
    ("Η εταιρεία Α προτείνει: διοικητικό συμβούλιο 6-4, ιδιοκτησία της Α 55%, παροχές 40%.", "merger", 0,
     {"control": "6-4", "ownership": "55%", "benefits": "40%"}),
    ("Vi foreslår husleie 1 300 dollar og depositum 1 000 dollar.", "rental-agreement", 0,
     {"rent": "$1300", "deposit": "$1000"}),
    ("אנחנו מציעים שכר דירה 1,200 דולר, חוזה ל-18 חודשים, ללא השכרת משנה.", "rental-agreement", 1,
     {"rent": "$1200", "duration": "18 months", "subletting": "0 days"}),
])
def test_issue_words_of_more_languages(text, game_name, side, offers) -> None:
    found = extract_message(text, game(game_name), side=side)
    assert found.offers == offers
    assert found.confidence == "unsure"


def test_an_english_let_after_a_number_is_no_czech_year() -> None:
    found = extract_message("In 2022 let us sublet 4 days; we offer $1,100.", game("rental-agreement"), side=1)
    assert found.offers == {"subletting": "4 days", "rent": "$1100"}


# Options named "Option X" one to a line (their commas are no table), and a choice that names the
# option before more words ("Leading with Option B this round", "propose Option 2 first").
@pytest.mark.parametrize("note, game_name, offers", [
    ("Option A — $1,100, 24 months, $500 deposit\nOption B — $1,200, 12 months, $500 deposit\n"
     "Opening with Option A this time.", "rental-agreement",
     {"rent": "$1100", "duration": "24 months", "deposit": "$500"}),
    ("Option 1: $6,000 at 3%, 5 years\nOption 2: $7,000 at 4%, 6 years\nI'll propose Option 2 first, Option 1 in reserve.",
     "loan-agreement", {"amount": "$7000", "annual interest rate": "4%", "duration": "6 years"}),
])
def test_a_chosen_option_named_before_more_words(note, game_name, offers) -> None:
    assert extract_note(note, game(game_name)).offers == offers


def test_a_count_after_take_is_still_no_option() -> None:
    found = extract_message("Option A: $1,100 and 12 months. Option B: $1,300 and 24 months. Take 2 days of subletting "
                            "with either.", game("rental-agreement"), side=1)
    assert found.ambiguous == ("rent", "duration") and found.offers == {"subletting": "2 days"}


# A Python tuple in a dict literal is one value, its comma inside it: a seat split or a share split.
@pytest.mark.parametrize("note, offers", [
    ("{'control': (7, 3), 'benefits': '20%'}", {"control": "7-3", "benefits": "20%"}),
    ("{'employees': (0.45, 0.55), 'ownership': '50%'}", {"employees": "45%-55%", "ownership": "50%"}),
])
def test_a_python_tuple_is_one_value(note, offers) -> None:
    assert extract_note(note, game("merger")).offers == offers


# A vulgar fraction in a key-bound value is part of its number, never dropped for an exact match.
@pytest.mark.parametrize("text, offers", [
    ("- **Rate:** 2½%\n- **Fees:** $20", {"annual interest rate": "2.5%", "service fees": "$20"}),
    ("| Rate | 5 ½ % |\n| Amount | $4,000 |", {"annual interest rate": "5.5%", "amount": "$4000"}),
])
def test_a_vulgar_fraction_in_a_listed_value(text, offers) -> None:
    assert extract_message(text, game("loan-agreement"), side=0).offers == offers


def test_a_fraction_that_makes_no_label_is_invalid() -> None:
    found = extract_note('{"rate": "3¼%"}', game("loan-agreement"))
    assert found.offers == {} and list(found.invalid) == ["annual interest rate"]


# The reader says it does not know: a message of six words or more with no English function word
# and words the game does not know is doubted (a language the lexicon lacks); a listed value no
# label's wording matches makes a message's reading unsure as it does a note's.
def test_a_message_in_a_language_the_lexicon_lacks_is_unsure() -> None:
    found = extract_message("Tunatoa kodi ya $1,200 kwa miezi 24 pamoja na amana.", game("rental-agreement"), side=0)
    assert found.confidence == "unsure" and "few English words" in found.reason


def test_a_terse_english_message_is_not_doubted_for_its_language() -> None:
    found = extract_message("Final offer: USD 1,200 rent, 24 months, USD 500 deposit, 3 days sublet.",
                            game("rental-agreement"), side=0)
    assert found.offers == {"rent": "$1200", "duration": "24 months", "deposit": "$500", "subletting": "3 days"}
    assert "English" not in found.reason


def test_an_unmatched_listed_word_value_makes_a_message_unsure() -> None:
    found = extract_message("Frequency: weekly\nSupplies: the usual arrangement\nPrice: $2,500", game("office-cleaning"),
                            side=1)
    assert found.offers == {"frequency": "weekly", "monthly price": "$2500"}
    assert found.confidence == "unsure" and "supplies" in found.reason


# Everyday words of deal terms (fuel, extra, included, a crew, supplies, daily, free, trial,
# lesson, first, home, studio, standard, battery, panels, next, quarter) in more languages, one
# concept a row: the English grammar then finds the label by its words.
@pytest.mark.parametrize("text, game_name, side, offers", [
    ("Proponujemy 17 000 $, panele standardowe, bez baterii, montaż w przyszłym kwartale.", "solar-installation", 0,
     {"price": "$17000", "panels": "standard panels", "installation": "next quarter", "battery": "no battery"}),  # "bez": without
    ("Tilbyr 8 000 $ for uken, drivstoff ekstra og 50 % forskudd.", "boat-charter", 0,
     {"charter fee": "$8000", "fuel": "fuel extra", "advance payment": "50%"}),
    ("Пропоную 60 $ за годину, онлайн, перший урок безкоштовно.", "language-tutoring", 0,
     {"hourly rate": "$60", "format": "online", "trial lesson": "free trial lesson"}),
    ("Siivous päivittäin, 3 500 $ kuukaudessa.", "office-cleaning", 0, {"frequency": "daily", "monthly price": "$3500"}),
])
def test_everyday_deal_words_in_more_languages(text, game_name, side, offers) -> None:
    assert extract_message(text, game(game_name), side=side).offers == offers


# "<issue word> free" is the issue's zero ("interest free"), unless a label of the issue is itself
# the free thing: then it is that label ("first lesson free", the issue's alias "first lesson", is
# the "free trial lesson", not "no free trial").
@pytest.mark.parametrize("text, game_name, offers", [
    ("$60 an hour, online, first lesson free.", "language-tutoring",
     {"hourly rate": "$60", "format": "online", "trial lesson": "free trial lesson"}),
    ("$50 an hour and the trial lesson free of charge.", "language-tutoring",
     {"hourly rate": "$50", "trial lesson": "free trial lesson"}),
    ("An interest free loan of $5,000 over 5 years.", "loan-agreement",
     {"annual interest rate": "0%", "amount": "$5000", "duration": "5 years"}),
])
def test_free_after_a_word_of_a_free_label(text, game_name, offers) -> None:
    assert extract_message(text, game(game_name), side=0).offers == offers


def test_an_english_do_is_no_polish_within() -> None:
    found = extract_message("I can do two rounds and 4 weeks.", game("design-contract"), side=0)
    assert found.offers == {"revisions": "two rounds", "deadline": "4 weeks"}


# Per cent words after a decimal comma ("1,5 prosent"), weeks and hours after a number, and the
# words of a licence and net terms in the languages added this round.
@pytest.mark.parametrize("text, game_name, offers", [
    ("Jeg foreslår 6 000 dollar, 4 år og 3,5 prosent rente.", "loan-agreement",
     {"amount": "$6000", "duration": "4 years", "annual interest rate": "3.5%"}),
    ("Navrhujeme 5 000 $, 6 týdnů, exkluzivní licence a netto 30.", "design-contract",
     {"fee": "$5000", "deadline": "6 weeks", "rights": "exclusive licence", "payment terms": "net 30"}),
    ("Tarjoamme 40 tuntia kuukaudessa, 10 000 $.", "consulting-retainer", {"hours": "40 hours", "retainer": "$10000"}),
])
def test_units_and_terms_of_more_languages(text, game_name, offers) -> None:
    assert extract_message(text, game(game_name), side=0).offers == offers


# An email's subject line, greeting and signature hold no offer: a number there (a unit, a phone
# number) neither offers nor makes the reader doubt the body.
def test_an_emails_frame_holds_no_offer() -> None:
    text = ("Subject: Lease for unit 12, from 1 March\n\nHi Dana,\n\nThanks for the quick reply. We can offer $1,300 a "
            "month on a 24-month lease with a $1,000 deposit.\n\nBest,\nSam\n555-0100")
    found = extract_message(text, game("rental-agreement"), side=0)
    assert found.offers == {"rent": "$1300", "duration": "24 months", "deposit": "$1000"}
    assert found.confidence == "sure"


def test_a_german_emails_frame_holds_no_offer() -> None:
    text = "Betreff: Angebot 3\n\nHallo Herr Berg,\n\nwir bieten 7.000 $ für 6 Jahre zu 4 %.\n\nMit freundlichen Grüßen\nAnna Maier"
    found = extract_message(text, game("loan-agreement"), side=0)
    assert found.offers == {"amount": "$7000", "duration": "6 years", "annual interest rate": "4%"}
    assert "'3'" not in found.reason


# Labels that name a party ("client provides" / "cleaner provides", the cleaner being the
# "Cleaning company"): "on us", "ours", "we bring" name the speaker's label, "you provide", "on
# them" the other side's.
@pytest.mark.parametrize("text, side, supplies", [
    ("Weekly visits at $2,000, and the supplies are on us.", 0, "cleaner provides"),
    ("Weekly visits at $2,000; for supplies, we bring our own.", 1, "client provides"),
    ("Twice a week for $2,500 if you provide the supplies.", 1, "cleaner provides"),
])
def test_a_party_named_label_said_from_a_side(text, side, supplies) -> None:
    assert extract_message(text, game("office-cleaning"), side=side).offers["supplies"] == supplies


def test_a_party_named_label_needs_the_side() -> None:
    assert "supplies" not in extract_message("Supplies on us.", game("office-cleaning")).offers


# A value right after a refusal ("not able to accept", "can't agree to", "won't take") is turned
# down; a bound ("can't accept anything less than") is still an offer.
@pytest.mark.parametrize("text, game_name, side, offers", [
    ("I'm not able to accept an on-site arrangement; a salary of $120,000 would work.", "job-offer", 1,
     {"salary": "$120000"}),
    ("We can't agree to a $1,500 deposit, but $1,000 is fine.", "rental-agreement", 1, {"deposit": "$1000"}),
    ("We can't accept anything less than $1,300.", "rental-agreement", 0, {"rent": "$1300"}),
])
def test_a_refused_value_is_turned_down(text, game_name, side, offers) -> None:
    assert extract_message(text, game(game_name), side=side).offers == offers


# A message that recaps before it offers: after "here's where I am:", "my counter:", "our revised
# offer is:" the values are the offer; what came before stands only where the offer leaves off.
@pytest.mark.parametrize("text, side, offers", [
    ("You came down to $1,400 and I went up to $1,100 last time. Here's where I am now: $1,200 a month and "
     "24 months.", 1, {"rent": "$1200", "duration": "24 months"}),
    ("You asked for $1,000 and 12 months, which we can't do. Our revised offer is: $1,300 with a $750 deposit.", 0,
     {"rent": "$1300", "deposit": "$750"}),
])
def test_the_offer_after_a_recap(text, side, offers) -> None:
    assert extract_message(text, game("rental-agreement"), side=side).offers == offers


# Values in parentheses after the other side's offer are theirs, unless the text takes them up.
@pytest.mark.parametrize("text, offers", [
    ("Your latest offer ($1,400 rent, 6 months) doesn't work for us. We'll come back next round.", {}),
    ("Your last proposal ($1,200, 24 months) works for me, I accept.", {"rent": "$1200", "duration": "24 months"}),
])
def test_values_in_parentheses_after_their_offer(text, offers) -> None:
    assert extract_message(text, game("rental-agreement"), side=1).offers == offers


def test_a_note_that_keeps_their_values_in_parentheses() -> None:
    note = "Acceptable offer: everything as in their last proposal ($1,100, 24 months, $500 deposit) except rent at $1,200."
    assert extract_note(note, game("rental-agreement")).offers == {"rent": "$1200", "duration": "24 months",
                                                                   "deposit": "$500"}


# A tag that wraps an offer (<offer>, <acceptable_offer>, <final_answer>) heads its pairs, and its
# closing tag is no part of the last value.
@pytest.mark.parametrize("note, game_name, offers", [
    ("<think>They want pickup.</think>\n<offer>price: $800; delivery: pickup; assembly: included</offer>",
     "furniture-order", {"price": "$800", "delivery": "pickup", "assembly": "assembly included"}),
    ("<final_answer>rent = 1100\nduration = 18</final_answer>", "rental-agreement",
     {"rent": "$1100", "duration": "18 months"}),
])
def test_a_wrapper_tag_heads_its_pairs(note, game_name, offers) -> None:
    assert extract_note(note, game(game_name)).offers == offers


# A key-bound word that is part of several labels' wordings names the one label whose own words
# hold it, before another label's synonym ("Crew: skipper" is "skipper only", not the "skipper and
# cook" of full crew).
@pytest.mark.parametrize("note, offers", [
    ("Crew: skipper\nFuel: extra\nFee: $7,000", {"crew": "skipper only", "fuel": "fuel extra", "charter fee": "$7000"}),
    ('{"crew": "skipper", "advance": "50%"}', {"crew": "skipper only", "advance payment": "50%"}),
])
def test_a_labels_own_words_outrank_a_synonym(note, offers) -> None:
    assert extract_note(note, game("boat-charter")).offers == offers

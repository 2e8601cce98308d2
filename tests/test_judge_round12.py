"""Classes of text the twelfth round of issue 12 reads by general mechanisms (tuned on the odd half
of test11 and the even half of test10, checked on test11's even half), each tested on fresh
examples written for these tests, not the gold set's items."""

from __future__ import annotations

from pathlib import Path

import pytest

from lamen.judge.extract import extract_message, extract_note
from lamen.judge.labels import label_cache
from lamen.spec.load import load_game

GAMES = Path(__file__).parent / "data" / "games"


def game(name: str):
    return label_cache(load_game(GAMES / f"{name}.yaml"))


# Everyday words of deal terms (full, half, only, items, refund, next, same, business day,
# notice, ...) in other languages, one concept a row: a game whose text labels are made of them
# is read in each language without phrases of its own, word order aside.
@pytest.mark.parametrize("text, game_name, side, offers", [
    ("Unser Vorschlag: 3.000 $, volle Verpackung und Umzug am Wochenende.", "moving-service", 0,
     {"price": "$3000", "packing": "full packing", "move day": "weekend"}),
    ("Proponemos 1.500 $, embalaje solo de objetos frágiles, cobertura básica y mudanza entre semana.",
     "moving-service", 0, {"price": "$1500", "packing": "fragile items only", "insurance": "basic coverage",
                           "move day": "weekday"}),
    ("Nous proposons 6 000 $, remboursement de la moitié et 8 heures.", "event-venue", 1,
     {"rental fee": "$6000", "cancellation": "50% refund", "hours": "8 hours"}),
    ("Vorschlag: 10.000 $ pro Monat, 40 Stunden, Antwort am nächsten Werktag, Kündigungsfrist von zwei Monaten.",
     "consulting-retainer", 0, {"retainer": "$10000", "hours": "40 hours", "response time": "next business day",
                                "notice period": "two months"}),
    ("Oferecemos 6.000 $ por mês, 20 horas, resposta no mesmo dia e aviso prévio de um mês.", "consulting-retainer", 0,
     {"retainer": "$6000", "hours": "20 hours", "response time": "same day", "notice period": "one month"}),
    ("Ik neem het afhalen in de winkel, 800 $, montage inbegrepen.", "furniture-order", 1,
     {"delivery": "pickup", "assembly": "assembly included", "price": "$800"}),
])
def test_everyday_words_of_text_labels_in_other_languages(text, game_name, side, offers) -> None:
    found = extract_message(text, game(game_name), side=side)
    assert found.offers == offers
    assert found.confidence == "unsure"  # not English: the fallback may still check it


@pytest.mark.parametrize("note, game_name, offers", [
    ("Proposta accettabile: tariffa 5.000 $, rimborso completo, 10 ore, proiettore e schermo.", "event-venue",
     {"rental fee": "$5000", "cancellation": "full refund", "hours": "10 hours", "av equipment": "basic AV"}),
    ("許容できる提案：月額12,000ドル、月40時間、当日対応、解約予告は3か月。", "consulting-retainer",
     {"retainer": "$12000", "hours": "40 hours", "response time": "same day", "notice period": "three months"}),
])
def test_offer_headings_and_label_words_in_other_languages_in_notes(note, game_name, offers) -> None:
    assert extract_note(note, game(game_name)).offers == offers


# A label's words in another order (adjectives after the noun, as Romance languages place them):
# in free text within a few words, and as a key-bound value whose words are exactly the label's.
@pytest.mark.parametrize("text, game_name, kind, offers", [
    ("We would like the packing full and the protection at full value, on a weekday.", "moving-service", "message",
     {"packing": "full packing", "insurance": "full value protection", "move day": "weekday"}),
    ("Oferta aceptable: salario $110000, trabajo remoto completo.", "job-offer", "note",
     {"salary": "$110000", "work arrangement": "fully remote"}),
    ('Acceptable offer:\n```json\n{"salary": "$100000", "work arrangement": "remote, full"}\n```', "job-offer", "note",
     {"salary": "$100000", "work arrangement": "fully remote"}),
])
def test_a_labels_words_in_another_order_read_the_label(text, game_name, kind, offers) -> None:
    labels = game(game_name)
    found = extract_note(text, labels) if kind == "note" else extract_message(text, labels, side=1)
    assert found.offers == offers


def test_words_of_two_labels_in_another_order_name_neither() -> None:
    # "value full" alone shares "full" with "full packing": only the insurance label has both words.
    found = extract_note('Acceptable offer: {"packing": "full value"}', game("moving-service"))
    assert "packing" not in found.offers


RENTAL = label_cache(load_game("rental-agreement"))
LOAN = label_cache(load_game("loan-agreement"))


# A value turned down by what is said of it: the subject of a denied verb ("won't pay for",
# "isn't something I can"), of a verdict with an article ("is a long day"), of a verdict after
# "it's"; wished for in the past ("I was hoping for"); declined ("I'd rather not"); judged too
# much in another language ("sind zu viel"); or the thing a price is judged for ("steep for X").
@pytest.mark.parametrize("text, labels, side, offers", [
    ("Honestly, $1,500 won't pay for the upkeep. We can do $1,300.", RENTAL, 0, {"rent": "$1300"}),
    ("A 5.5% rate isn't something I can sign.", LOAN, 1, {}),
    ("10 hours is a long day for the team; we can offer 6 hours.", game("event-venue"), 0, {"hours": "6 hours"}),
    ("At $75 a guest it's over our budget; we could manage $65.", game("catering-contract"), 1,
     {"price per guest": "$65"}),
    ("I'd rather not borrow $10,000. $6,000 would be enough, over 5 years.", LOAN, 1,
     {"amount": "$6000", "duration": "5 years"}),
    ("7.000 $ sind zu viel. Wir bieten 5.000 $.", game("event-venue"), 1, {"rental fee": "$5000"}),
    ("I was hoping for $1,000; I'd settle for $1,100 if the lease is 24 months.", RENTAL, 1,
     {"rent": "$1100", "duration": "24 months"}),
    ("$27,000 seems steep for bumper-to-bumper. How about $25,000?", game("car-purchase"), 1, {"price": "$25000"}),
])
def test_a_value_turned_down_by_what_is_said_of_it_is_not_offered(text, labels, side, offers) -> None:
    found = extract_message(text, labels, side=side)
    assert found.offers == offers
    assert found.invalid == {}


@pytest.mark.parametrize("text, offers", [
    ("$1,200 isn't a problem for us, and 12 months works.", {"rent": "$1200", "duration": "12 months"}),
    ("A $1,000 deposit wouldn't hurt either.", {"deposit": "$1000"}),
])
def test_a_denial_that_grants_keeps_the_value(text, offers) -> None:
    assert extract_message(text, RENTAL, side=1).offers == offers


def test_an_amount_that_is_another_money_issues_label_is_not_pinned_on_the_issue_named_near_it() -> None:
    # $110,000 is far outside the signing bonus's $5,000-$15,000 and a salary label: the salary's.
    found = extract_message("We'd take $110,000 provided the signing bonus is $10,000.", game("job-offer"), side=1)
    assert found.offers == {"salary": "$110000", "signing bonus": "$10000"}
    # Within the named issue's range it stays that issue's (a $1,250 rent is invalid, not the deposit's $1,250).
    rental = extract_message("We could do a rent of $1,250.", RENTAL, side=1)
    assert rental.offers == {} and rental.invalid == {"rent": "$1,250"}


# A table's own column is the one its header writes in the first person, "I" included ("I
# offer", "What I propose"), or in another language ("Notre offre", "Unser Angebot").
@pytest.mark.parametrize("note, offers", [
    ("| Term | Bank's ask | I offer |\n|---|---|---|\n| Amount | $9,000 | $7,000 |\n| Duration | 8 years | 5 years |\n"
     "| Rate | 5% | 3% |", {"amount": "$7000", "duration": "5 years", "annual interest rate": "3%"}),
    ("| Punto | Su oferta | Nuestra oferta |\n|---|---|---|\n| Importe | 9.000 $ | 6.000 $ |\n| Plazo | 7 años | 4 años |",
     {"amount": "$6000", "duration": "4 years"}),
])
def test_a_tables_own_column_named_in_the_first_person_or_another_language(note, offers) -> None:
    assert extract_note(note, LOAN).offers == offers


# Terse packages: "hrs" and "h" are hours wherever a game counts hours; a keyless piece of a list
# that is wholly one label's wording completes the list; a note that is one line of values once
# its reasoning block is set aside is its offer; "exclusive" is no part of "non-exclusive licence".
@pytest.mark.parametrize("text, game_name, side, offers", [
    ("Last word from us: 5k, half back, 8 hrs, full AV.", "event-venue", 0,
     {"rental fee": "$5000", "cancellation": "50% refund", "hours": "8 hours", "av equipment": "full AV"}),
    ("Deal at $6,000 for 10h and no AV.", "event-venue", 1,
     {"rental fee": "$6000", "hours": "10 hours", "av equipment": "no AV"}),
    ("Our counter: $6k, 4 wks, 3 rounds, exclusive, net 15.", "design-contract", 1,
     {"fee": "$6000", "deadline": "4 weeks", "revisions": "three rounds", "rights": "exclusive licence",
      "payment terms": "net 15"}),
    ("Our counter: $6k, 4 wks, 3 rounds, non-exclusive, net 15.", "design-contract", 1,
     {"fee": "$6000", "deadline": "4 weeks", "revisions": "three rounds", "rights": "non-exclusive licence",
      "payment terms": "net 15"}),
])
def test_terse_packages_with_abbreviated_hours_and_bare_label_pieces(text, game_name, side, offers) -> None:
    assert extract_message(text, game(game_name), side=side).offers == offers


@pytest.mark.parametrize("note, game_name, offers", [
    ("Acceptable offer: price $3,000; packing full packing; weekend", "moving-service",
     {"price": "$3000", "packing": "full packing", "move day": "weekend"}),
    ("<think>They balk at $75. Buffet is cheaper for us anyway.</think>\nbuffet, $65, open bar, full prepayment",
     "catering-contract", {"menu": "buffet", "price per guest": "$65", "bar": "open bar", "payment": "full prepayment"}),
])
def test_terse_notes_with_keyless_label_pieces(note, game_name, offers) -> None:
    assert extract_note(note, game(game_name)).offers == offers


def test_a_keyless_piece_does_not_turn_a_list_with_an_unkeyed_amount_into_pairs() -> None:
    # "$26,000" has no key: the line stays prose, so the amount is still read.
    found = extract_note("Acceptable offer: $26,000; financing cash; end of month", game("car-purchase"))
    assert found.offers == {"price": "$26000", "financing": "cash", "handover": "end of month"}


WEDDING = game("wedding-photography")


# Two packages joined by a dash and "or" are options; a fallback package after "If that's too
# much" is one too, even when the first is offered "for your wedding" (the listener's own things
# and acts — date, wedding, patience — are no position of theirs to quote).
@pytest.mark.parametrize("text", [
    "I could do 6 hours and the standard album for $2,500 -- or 8 hours and a premium album for $3,500.",
    "I could do 6 hours and the standard album for $2,500; or 8 hours and a premium album for $3,500.",
    "For your wedding I'd suggest 8 hours at $3,000 with a premium album. If that's too much, I could do 6 hours "
    "for $2,500 with a standard album.",
])
def test_two_packages_leave_their_differing_issues_ambiguous(text: str) -> None:
    found = extract_message(text, WEDDING, side=0)
    assert found.offers == {}
    assert set(found.ambiguous) == {"coverage", "fee", "album"}
    assert found.confidence == "unsure"


def test_the_listeners_own_things_are_no_quotation() -> None:
    found = extract_message("Thanks for your patience: I can do $3,000 for 8 hours.", WEDDING, side=0)
    assert found.offers == {"fee": "$3000", "coverage": "8 hours"}


# Everyday synonyms of a label's word, only where the game's labels have the word and none is
# worded with the writer's phrase: a photographer is the shooter, a full bar the open bar.
@pytest.mark.parametrize("text, labels, offers", [
    ("We'd like 6 hours, a standard album and a second photographer, for $2,500.", WEDDING,
     {"coverage": "6 hours", "album": "standard album", "second shooter": "second shooter", "fee": "$2500"}),
    ("Buffet at $55 a head with a full bar.", game("catering-contract"),
     {"menu": "buffet", "price per guest": "$55", "bar": "open bar"}),
])
def test_everyday_synonyms_of_label_words(text, labels, offers) -> None:
    assert extract_message(text, labels, side=1).offers == offers


# A list of pairs whose items are a label alone or an amount before its issue's name; a sentence
# ending in a colon heads the list, it is no pair of it.
@pytest.mark.parametrize("note, labels, offers", [
    ("My notes. Here is what I can accept:\n- buffet\n- $65 per guest\n- bar: beer and wine\n- payment: half upfront",
     game("catering-contract"),
     {"menu": "buffet", "price per guest": "$65", "bar": "beer and wine", "payment": "half upfront"}),
    ("Acceptable offer: a rent of $1,100; a lease of 24 months; a deposit of $500; 2 days of subletting", RENTAL,
     {"rent": "$1100", "duration": "24 months", "deposit": "$500", "subletting": "2 days"}),
])
def test_list_items_that_are_a_label_or_an_amount_before_its_issue(note, labels, offers) -> None:
    assert extract_note(note, labels).offers == offers


# German and Dutch closed compounds are split into the lexicon's words ("Vollerstattung" = full
# refund, "Basisdeckung" = basic coverage, "Umzugstag" = move day), and the everyday words of
# times ("Tag", "Woche", "einer") are known: a German text reads like its English words.
@pytest.mark.parametrize("text, game_name, offers", [
    ("Unser Angebot: 5.000 $, Vollerstattung, 8 Stunden, keine Technik.", "event-venue",
     {"rental fee": "$5000", "cancellation": "full refund", "hours": "8 hours", "av equipment": "no AV"}),
    ("Wir bieten 2.500 $, Basisdeckung und Umzug am Wochenende.", "moving-service",
     {"price": "$2500", "insurance": "basic coverage", "move day": "weekend"}),
    ("Vorschlag: 8.000 $ im Monat, 30 Stunden, Antwort innerhalb einer Woche, Kündigungsfrist 1 Monat.",
     "consulting-retainer",
     {"retainer": "$8000", "hours": "30 hours", "response time": "within a week", "notice period": "one month"}),
])
def test_german_compounds_and_time_words(text, game_name, offers) -> None:
    assert extract_message(text, game(game_name), side=0).offers == offers


def test_an_english_word_is_never_split_as_a_compound() -> None:
    from lamen.judge.values import local_forms
    assert local_forms("The weekend move costs $2,500 and basically everything is packed.") == \
        "The weekend move costs $2,500 and basically everything is packed."


# Probed on texts written for this round in test11's listed habits (not its items): a "Final
# offer:" after a history of offers replaces it; a slip corrected in the same sentence ("sorry,
# I meant", "make that") offers the correction; a reason given about a value ("costs more") does
# not offer it; "in giornata" is the same day, Korean 전체 is full.
@pytest.mark.parametrize("text, game_name, side, offers", [
    ("Offer history: we started at $12k, then $10k. Final offer: $8,000/mo, 30 hrs, next business day, "
     "two months' notice.", "consulting-retainer", 0,
     {"retainer": "$8000", "hours": "30 hours", "response time": "next business day", "notice period": "two months"}),
    ("We can do 2.500 € with full packing — sorry, I meant 3.000 € with full packing.", "moving-service", 0,
     {"price": "$3000", "packing": "full packing"}),
    ("Rent $1,300, make that $1,200, for 12 months.", "rental-agreement", 0,
     {"rent": "$1200", "duration": "12 months"}),
    ("A weekend move costs more. Weekday, $2,500, full packing and basic coverage is our offer.", "moving-service", 0,
     {"move day": "weekday", "price": "$2500", "packing": "full packing", "insurance": "basic coverage"}),
    ("Proposta: 12.000 $ al mese, 40 ore, risposta in giornata, preavviso di tre mesi.", "consulting-retainer", 0,
     {"retainer": "$12000", "hours": "40 hours", "response time": "same day", "notice period": "three months"}),
    ("가격 2,500달러, 전체 포장, 기본 보장, 평일 이사로 제안합니다.", "moving-service", 0,
     {"price": "$2500", "packing": "full packing", "insurance": "basic coverage", "move day": "weekday"}),
])
def test_final_offers_corrections_and_reasons(text, game_name, side, offers) -> None:
    labels = RENTAL if game_name == "rental-agreement" else game(game_name)
    assert extract_message(text, labels, side=side).offers == offers


# An even split goes to the split issue named nearest it, when several are named in the sentence.
@pytest.mark.parametrize("text, offers", [
    ("We (Company B) propose benefits at 60%, seven seats for A, staff retention split evenly, and A owns 40%.",
     {"benefits": "60%", "control": "7-3", "employees": "50%-50%", "ownership": "40%"}),
    ("Board seats split evenly; employees 60-40 for A; benefits at 50%.",
     {"control": "5-5", "employees": "60%-40%", "benefits": "50%"}),
])
def test_an_even_split_goes_to_the_split_issue_named_nearest(text, offers) -> None:
    assert extract_message(text, label_cache(load_game("merger")), side=1).offers == offers


@pytest.mark.parametrize("text, game_name, offers", [
    ("Wir schlagen 5.000 $ vor, mit halber Rückerstattung, 8 Stunden und einfacher AV-Technik.", "event-venue",
     {"rental fee": "$5000", "cancellation": "50% refund", "hours": "8 hours", "av equipment": "basic AV"}),
    ("대관료 5,000달러, 50% 환불, 8시간, 기본 AV로 제안합니다.", "event-venue",
     {"rental fee": "$5000", "cancellation": "50% refund", "hours": "8 hours", "av equipment": "basic AV"}),
])
def test_inflected_german_and_korean_hours(text, game_name, offers) -> None:
    assert extract_message(text, game(game_name), side=1).offers == offers


# Notes: a sentence that takes itself back ("wait no.") is revised by the next; "Update:" opens
# a revision; an aside line after the offer line (a parenthesis, "If they push ...", a fallback)
# is no part of it; a line of values split by " / " is a list, not a split; a list line keyed by
# "Their position" is no pair of an issue, even with label pieces in it.
@pytest.mark.parametrize("note, game_name, offers", [
    ("Acceptable offer: fee $5,000 wait no. fee $6,000; 50% refund; 8 hours; basic AV", "event-venue",
     {"rental fee": "$6000", "cancellation": "50% refund", "hours": "8 hours", "av equipment": "basic AV"}),
    ("Acceptable offer: fee $5k, half refund, 10 hrs, projector and screen. Update: make the fee $6k.", "event-venue",
     {"rental fee": "$6000", "cancellation": "50% refund", "hours": "10 hours", "av equipment": "basic AV"}),
    ("Acceptable offer: $8k/mo; 20 hrs; same-day response; 3 months notice.\n(If they push on hours I could go to 30.)",
     "consulting-retainer",
     {"retainer": "$8000", "hours": "20 hours", "response time": "same day", "notice period": "three months"}),
    ("<think>Organiser cares about AV most.</think>\nfee 5000 / 50% refund / 8h / full AV", "event-venue",
     {"rental fee": "$5000", "cancellation": "50% refund", "hours": "8 hours", "av equipment": "full AV"}),
    ("Round 3 notes.\nTheir position: $1,500, full packing, full value protection, weekend.\n"
     "My acceptable offer: $2,500, fragile items only, basic coverage, weekday.", "moving-service",
     {"price": "$2500", "packing": "fragile items only", "insurance": "basic coverage", "move day": "weekday"}),
])
def test_note_revisions_asides_and_value_lines(note, game_name, offers) -> None:
    assert extract_note(note, game(game_name)).offers == offers


# Probed in the older games: "more than we budgeted" turns a value down; Dutch, German and
# Romance words of licences and terms; Chinese and Japanese words of assembly, materials, start
# and cleanup.
@pytest.mark.parametrize("text, game_name, side, offers", [
    ("$65 plated is more than we budgeted. Could you do the buffet at $55 with beer and wine?", "catering-contract", 1,
     {"menu": "buffet", "price per guest": "$55", "bar": "beer and wine"}),
    ("Wij bieden 4.000 $, 6 weken, twee revisierondes, niet-exclusieve licentie, betaling netto 30.", "design-contract", 1,
     {"fee": "$4000", "deadline": "6 weeks", "revisions": "two rounds", "rights": "non-exclusive licence",
      "payment terms": "net 30"}),
    ("送货上门，1000美元，保修2年，包含组装。", "furniture-order", 1,
     {"delivery": "home delivery", "price": "$1000", "warranty": "2 years", "assembly": "assembly included"}),
    ("価格は22,000ドル、中級の資材、1か月以内に着工、毎日清掃で提案します。", "home-renovation", 0,
     {"price": "$22000", "materials": "mid-range", "start": "within a month", "cleanup": "daily cleanup"}),
])
def test_budget_verdicts_and_more_label_words_in_other_languages(text, game_name, side, offers) -> None:
    assert extract_message(text, game(game_name), side=side).offers == offers


# The capital initials of a label of three or more words stand for it, where they stand for one
# label of the game only ("NBD" = next business day); lower case is no acronym.
def test_the_acronym_of_a_long_label_reads_it() -> None:
    labels = game("consulting-retainer")
    found = extract_message("We could live with 30 hrs and NBD, but the retainer has to come down to $8k. Notice 1 mo.",
                            labels, side=1)
    assert found.offers == {"hours": "30 hours", "response time": "next business day", "retainer": "$8000",
                            "notice period": "one month"}
    assert "response time" not in extract_message("nbd, we can do $8k.", labels, side=1).offers


# Declining a thing for lack of money is its zero label; a step down ("come down $500") is no
# value; a value taken up "as you proposed" is the speaker's; a package "doesn't work" however many
# words it has; a walk-away after the offer line is a reservation, not the offer.
@pytest.mark.parametrize("text, side, offers", [
    ("Unfortunately we can't afford a second shooter. 6 hours and a standard album at $2,500?", 1,
     {"second shooter": "no second shooter", "coverage": "6 hours", "fee": "$2500", "album": "standard album"}),
    ("We don't have room in the budget for an album; 6 hours for $2,000 is what we can do.", 1,
     {"album": "no album", "coverage": "6 hours", "fee": "$2000"}),
])
def test_declining_for_lack_of_money_is_the_zero_label(text, side, offers) -> None:
    assert extract_message(text, WEDDING, side=side).offers == offers


def test_a_step_down_is_no_value_and_a_value_taken_up_is_the_speakers() -> None:
    step = extract_message("I can come down $500 from my last offer.", game("design-contract"), side=0)
    assert step.offers == {} and step.invalid == {}
    assert extract_message("I can come down to $5,000.", game("design-contract"), side=0).offers == {"fee": "$5000"}
    taken = extract_message("Would 4% work, with the $20 fee as you suggested?", LOAN, side=1)
    assert taken.offers == {"annual interest rate": "4%", "service fees": "$20"}


def test_a_long_package_that_does_not_work_is_turned_down() -> None:
    found = extract_message("Your $1,500 rent with a $2,500 deposit doesn't work for me. I could do $1,200 with a $1,000 "
                            "deposit.", RENTAL, side=1)
    assert found.offers == {"rent": "$1200", "deposit": "$1000"}


def test_a_walk_away_after_the_offer_line_is_no_offer() -> None:
    found = extract_note("Acceptable offer: 50 seats at $30, business hours, 2-year term. Walk-away: 25 seats at $35.",
                         game("software-license"))
    assert found.offers == {"seats": "50 seats", "price per seat": "$30", "support": "business hours", "term": "2 years"}
    alone = extract_note("Walk-away: 25 seats at $35, email only, 1 year.", game("software-license"))
    assert alone.offers == {"seats": "25 seats", "price per seat": "$35", "support": "email only", "term": "1 year"}


# A block headed as a prediction of the other side's position, before or after the own block, is
# no offer: "Expected counter", "Anticipated response", "Organiser's probable position", and the
# same in Chinese, Japanese and Korean.
@pytest.mark.parametrize("heading", ["Expected counter:", "Anticipated response:", "Organiser's probable position:",
                                     "对方可能接受的方案：", "相手の予想される提案：", "예상 상대 제안:"])
@pytest.mark.parametrize("own_first", [True, False])
def test_a_predicted_block_is_no_offer(heading: str, own_first: bool) -> None:
    own = 'My acceptable offer:\n{"rental fee": "$6000", "cancellation": "50% refund", "hours": "8 hours"}'
    other = f'{heading}\n{{"rental fee": "$4000", "cancellation": "full refund", "hours": "10 hours"}}'
    note = f"{own}\n\n{other}" if own_first else f"{other}\n\n{own}"
    found = extract_note(note, game("event-venue"))
    assert found.offers == {"rental fee": "$6000", "cancellation": "50% refund", "hours": "8 hours"}


# "No X" where X is one of several other labels of the issue turns X down; it does not give the
# issue up ("no open bar: beer and wine" is beer and wine, not "no bar"). Where one label besides
# the zero is all the issue has, turning it down is the zero.
@pytest.mark.parametrize("text, game_name, offers", [
    ("Buffet at $55, but no open bar: just beer and wine.", "catering-contract",
     {"menu": "buffet", "price per guest": "$55", "bar": "beer and wine"}),
    ("Podemos aceptar el bufé a 65 dólares, pero sin barra libre: solo cerveza y vino.", "catering-contract",
     {"menu": "buffet", "price per guest": "$65", "bar": "beer and wine"}),
    ("No full AV, basic AV will do.", "event-venue", {"av equipment": "basic AV"}),
    ("No bar needed, buffet at $45.", "catering-contract", {"bar": "no bar", "menu": "buffet", "price per guest": "$45"}),
    ("6 hours, no second shooter, $2,500.", "wedding-photography",
     {"coverage": "6 hours", "second shooter": "no second shooter", "fee": "$2500"}),
])
def test_no_before_one_of_several_labels_turns_that_label_down(text, game_name, offers) -> None:
    assert extract_message(text, game(game_name), side=1).offers == offers


# Probed: a standard retainer or quote is a reference figure; "you quoted" quotes; "costs / adds
# too much" turns a label down.
@pytest.mark.parametrize("text, game_name, side, offers", [
    ("Our standard retainer is $12,000; for you, $10,000 with 30 hours and same-day response.", "consulting-retainer", 0,
     {"retainer": "$10000", "hours": "30 hours", "response time": "same day"}),
    ("You quoted $3,000. We were thinking more like $2,000.", "moving-service", 1, {"price": "$2000"}),
    ("10 hours is possible, at $7,000. Full AV adds too much cost, so basic AV.", "event-venue", 0,
     {"hours": "10 hours", "rental fee": "$7000", "av equipment": "basic AV"}),
])
def test_reference_figures_quotes_and_costly_labels(text, game_name, side, offers) -> None:
    assert extract_message(text, game(game_name), side=side).offers == offers


# A text label followed by "or" and a word of another label of its issue is two alternatives,
# the second in other words: the issue is ambiguous, and the reader says so.
def test_a_label_or_another_in_other_words_is_ambiguous() -> None:
    found = extract_message("Best I can do is $26,000, cash or financing through us, ready end of month.",
                            game("car-purchase"), side=0)
    assert found.offers == {"price": "$26000", "handover": "end of month"}
    assert found.ambiguous == ("financing",) and found.confidence == "unsure"
    # "or" before a word of no other label of the issue is no alternative.
    plain = extract_message("$26,000 cash or we walk.", game("car-purchase"), side=0)
    assert plain.offers == {"price": "$26000", "financing": "cash"}

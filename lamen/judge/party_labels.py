"""Labels that name a party ("client provides" / "cleaner provides", "shop-maintained" /
"self-maintained", "band brings PA" / "house PA"): said from a side ("supplies on us", "we bring
our own", "you service them", "your house PA", "financed through us"), the label is the one
naming the side meant — the speaker's for "we" / "our", the listener's for "you" / "your".

Which label names which side comes from the game alone: a label or synonym holding a word of a
party's name ("shop", "hotel", "venue", "dealer", "cleaner" of "Cleaning company"); of a two-label
issue where one label names a side, the other is the other side's; a label of "self" / "own" is
the side of the party named as the one served ("Customer", "Client", "Buyer", ...)."""

from __future__ import annotations

import re
from functools import lru_cache

from lamen.judge.extraction import Extraction
from lamen.judge.included_labels import with_denied_things
from lamen.judge.label_verdicts import with_turned_down_labels
from lamen.judge.labels import GameLabels
from lamen.judge.stance import asks_about
from lamen.judge.values import local_forms
from lamen.spec.game import Game
from lamen.spec.issue import Issue

_WORD = re.compile(r"[a-z]+")
# The speaker's side: "on us", "ours", "our own", "we provide / supply / bring / cover"
_OURS = re.compile(r"\b(?:on\s+us|ours|our\s+own|(?:we|we'll|we\s+will|we\s+can|i|i'll)\s+(?:\w+\s+)?"
                   r"(?:provide|supply|bring|cover|buy|handle))\b", re.IGNORECASE)
# The listener's (or, in a message, the other party's): "on you", "yours", "you provide", "on them"
_THEIRS = re.compile(r"\b(?:on\s+(?:you|them)|yours|theirs|your\s+own|their\s+own|(?:you|you'll|you\s+will|they|they'll)\s+"
                     r"(?:\w+\s+)?(?:provide|supply|bring|cover|buy|handle))\b", re.IGNORECASE)

# Round sixteen: who does or has the thing, said of a side in more ways. A verb of providing or
# doing after its subject ("you service them", "we'll fix them", "your staff handle the upkeep"),
# a possessive before a word of the issue or its labels ("our operator", "your house PA", "my
# bank"), "through / via / by" a side ("financed through us"), and the thing "on" a side ("assembly
# would be on you"). Each is read as the side its pronoun names.
_IRREGULAR = {"bring": ("brought",), "buy": ("bought",), "run": ("ran", "running"), "take": ("took", "taken"),
              "pay": ("paid",), "do": ("does", "did", "done", "doing")}


def _verb_forms(verb: str) -> set[str]:
    """A verb's forms: "supply" -> supplies, supplied, supplying; "handle" -> handles, handled, handling."""
    if verb == "do":
        return {verb, *_IRREGULAR[verb]}
    stem = verb[:-1] if verb.endswith("e") else verb
    # (round twenty: a short verb ending in one vowel and a consonant doubles it, "running", not
    # "runing"; a consonant and "y" ends "-ies" / "-ied", not "supplys")
    if len(verb) >= 3 and len(re.findall(r"[aeiou]+", verb)) == 1 and verb[-2] in "aeiou" \
            and verb[-3] not in "aeiou" and verb[-1] not in "aeiouwxy":
        stem = verb + verb[-1]
    forms = {verb, stem + "ing", *_IRREGULAR.get(verb, ())}
    if verb.endswith("y") and verb[-2] not in "aeiou":
        forms |= {verb[:-1] + "ies", verb[:-1] + "ied"}
    else:
        forms.add(verb + ("es" if verb.endswith(("x", "s", "h")) else "s"))
        if verb not in _IRREGULAR:
            forms.add(stem + "ed")
    return forms


def _verbs(*phrases: str) -> str:
    """A pattern of every form of each verb phrase (its first word inflected: "pays for", "taking care of")."""
    forms = set()
    for phrase in phrases:
        head, *rest = phrase.split()
        forms |= {r"\s+".join((form, *rest)) for form in _verb_forms(head)}
    return "(?:" + "|".join(sorted(forms, key=len, reverse=True)) + ")"


_PROVIDING = ("provide", "supply", "bring", "cover", "buy", "handle", "service", "fix", "maintain", "repair", "operate",
              "run", "carry", "arrange", "insure", "assemble", "look after", "take care of", "pay for", "sort out")
# After a pronoun: each verb phrase with a regular ending, and the -ing form of each one-word verb.
_DOER = ("(?:(?:" + "|".join(verb.replace(" ", r"\s+") for verb in _PROVIDING) + ")(?:s|es|d|ed)?|(?:"
         + "|".join("runn" if verb == "run" else verb.removesuffix("e") for verb in _PROVIDING if " " not in verb)
         + ")ing)")
# (every form, irregular ones too, only after a party named by name, round eighteen's
# `with_named_providers`: after a pronoun, the past forms of the phrasal verbs read worse than they gain)
_DOER_FORMS = _verbs(*_PROVIDING, "do")
_SUBJECT = re.compile(rf"\b(?P<who>we|i|you|(?:your|our|my)\s+(?:[a-z]+\s+)?[a-z]+)(?:'ll|'d|\s+(?:will|would|can|could|should|"
                      rf"must|to|shall|do|can\s+also))?\s+(?:\w+\s+)?{_DOER}\b", re.IGNORECASE)
_THROUGH = re.compile(r"\b(?:through|via|by|from)\s+(?P<who>us|me|you)\b(?!\s+(?:and|or)\b)", re.IGNORECASE)
# Round twenty: a passive's agent named by a possessive ("assembled by your team", "delivered by
# our own driver"): the participle before "by" keeps "by your deadline" out.
_BY_AGENT = re.compile(r"\b[a-z]+(?:ed|en|t)\s+by\s+(?P<who>your|our|my)\s+(?:own\s+)?[a-z]+", re.IGNORECASE)
_ON_SIDE = re.compile(r"(?:\b(?:is|are|be|stays?|remains?|falls?|goes|go)|['’]s)\s+(?:on|down\s+to|up\s+to)\s+"
                      r"(?P<who>us|me|you|(?:our|your|my)\s+(?:side|end|account))\b", re.IGNORECASE)
_POSSESSIVE = re.compile(r"\b(?P<who>our|my|your)\s+(?:own\s+)?(?P<thing>[a-z]+)(?:\s+(?P<then>[a-z]+))?", re.IGNORECASE)
_CLAUSE = re.compile(r",\s+|\s+-\s+|\s+—\s+|\s+and\s+|\s*[|·]\s*")
_SENTENCE_END = re.compile(r"(?<=[.!?;\n])\s*")
_PLACE = re.compile(r"\b(?:in|at|to|into|from|inside)\s+(?:the\s+)?[a-z]+")
# Where the game's one party-named issue is spoken of by no word of its own ("we bring our own
# stuff", "you service them"), the verb's object is a pronoun or a possessive, not a value
# ("I can bring that down to $1,000").
_BARE_DOER = re.compile(rf"\b(?:we|i|you|(?:our|your|my)\s+[a-z]+)(?:'ll|'d|\s+(?:will|would|can|could))?\s+{_DOER}\s+(?:our|your|their|them|it|its)\b"
                        rf"(?![^.;,]*\d)", re.IGNORECASE)
# Round eighteen: a reflexive pronoun says who does it ("we'll handle the cleanup ourselves", "on
# s'occupe du montage nous-mêmes", read by the lexicon as "ourselves").
_REFLEXIVE = re.compile(r"\b(?P<who>ourselves|myself|yourselves|yourself)\b", re.IGNORECASE)
_SPEAKER = {"we", "i", "us", "me", "our", "my", "ourselves", "myself"}
_LISTENER = {"you", "your"}
# Parties served by the other: a label of doing it oneself ("self-assembly", "self-operated") is theirs.
_SERVED = {"customer", "client", "buyer", "purchaser", "hirer", "tenant", "renter", "guest", "student", "member",
           "patient", "lessee", "shopper", "hotel"}
_SELF = {"self", "own", "yourself", "myself", "diy"}
_STOP = {"the", "a", "an", "of", "and", "with", "by", "to", "for", "in", "on", "only", "no", "not", "its", "our", "own",
         "self", "full", "included", "extra", "provides", "brings", "maintained", "based"}


def _stem(word: str) -> str:
    return word[:5]


def _stems(text: str) -> set[str]:
    """The stems of a text's words, as an issue's words are kept (`_issue_words`)."""
    return {_stem(word) for word in _WORD.findall(text.lower())}


def _side_of(who: str, side: int) -> int:
    """The side a pronoun names, said from `side`: the speaker's for "we" / "ourselves", else the listener's."""
    return side if who.lower() in _SPEAKER else 1 - side


def _names_party(word: str, party: frozenset[str]) -> bool:
    """A word of a label names a party: the same word ("shop" of "Bike Shop"), or one of five
    letters or more sharing its first five ("cleaner" of "Cleaning company")."""
    return any(word == p or len(word) >= 5 and len(p) >= 5 and word[:5] == p[:5] for p in party if len(p) >= 3)


def _issue(game: Game, name: str) -> Issue:
    return next(issue for issue in game.issues if issue.name == name)


@lru_cache(maxsize=512)
def _side_table(game: Game, name: str) -> tuple[tuple[int, str], ...]:
    """(side, label) pairs for an issue whose text labels name a party, each side at most once
    (of the game alone: worked out once per game and issue)."""
    issue = _issue(game, name)
    options = issue.labels
    if len(options) < 2 or any(re.search(r"\d", label) for label in options):
        return ()
    # (a party word after a word of place names a place, not who does it: "collect in store")
    wordings = {label: [set(_WORD.findall(_PLACE.sub(" ", w.lower()))) for w in (label, *issue.label_synonyms(label))]
                for label in options}
    parties = _party_names(game)
    # (a word every label of the issue holds names the issue's thing, not a party: the "hire" of
    # "dry hire" / "wet hire" beside "Plant-hire firm")
    common = set.intersection(*(set().union(*forms) for forms in wordings.values()))
    named: dict[int, set[str]] = {0: set(), 1: set()}
    for label, forms in wordings.items():
        for side, party in enumerate(parties):
            if any(_names_party(word, party) for words in forms for word in words - common):
                named[side].add(label)
    sides = {side: next(iter(found)) for side, found in named.items() if len(found) == 1}
    if len(sides) == 2 and sides[0] == sides[1]:
        return ()
    if len(options) == 2 and len(sides) == 1:
        # one label names a side: the other label is the other side's
        side, label = next(iter(sides.items()))
        sides[1 - side] = next(other for other in options if other != label)
    if not sides and len(options) == 2:
        # "self-assembly" / "assembly included": doing it oneself is the served party's side
        served = _served_sides(game)
        own = [label for label, forms in wordings.items() if any(words & _SELF for words in forms)]
        if len(served) == 1 and len(own) == 1:
            sides = {served[0]: own[0], 1 - served[0]: next(other for other in options if other != own[0])}
    return tuple(sorted(sides.items()))


@lru_cache(maxsize=256)
def _party_names(game: Game) -> tuple[frozenset[str], ...]:
    """The words of each party's name, side by side ("bike", "shop" of "Bike Shop")."""
    return tuple(frozenset(_WORD.findall(party.lower())) for party in game.parties)


@lru_cache(maxsize=256)
def _served_sides(game: Game) -> tuple[int, ...]:
    """The side served, one or none known, by one rule for every use (round twenty: two rules
    disagreed, "Homeowner" served for one and not the other, "Hotel" served in the hotel's own
    game): the other of the one party named like the game's trade ("Hotel" of hotel-block, "Plant-hire
    firm" of plant-hire), else the one party named by a role of the one served ("Customer",
    "Household", "Owner"), else the other of the one party named by a role of the one serving
    ("Cleaning company")."""
    parties = _party_names(game)
    # (round twenty-three: the game's own text first. "Owner" is the one served in dog boarding and
    # the one serving in a ski chalet or a film location; the party an issue's description names as
    # paying, "What the group pays per night", is the one served whatever its name)
    payer = _payer_side(game, parties)
    if payer is not None:
        return (payer,)
    by_trade = _served_by_name(game, parties)
    if by_trade:
        return tuple(by_trade)
    served = [side for side, party in enumerate(parties) if party & _SERVED_ROLES]
    if len(served) == 1:
        return tuple(served)
    # ("Company" and "Vendor" are as often the ones served, "Company" of corporate-gym, "Vendor" of a
    # festival's pitch: only the roles that always serve count here)
    providers = [side for side, party in enumerate(parties) if party & _SERVING_ROLES]
    return (1 - providers[0],) if len(providers) == 1 and not served else ()


# "What the group pays", "the fee the venue pays the band", "when the grower pays": a party's word as
# the subject of "pays" (the article's noun, or the word before "pays"), in an issue's description.
_PAYS = re.compile(r"\b(?:the\s+)?(?P<who>[a-z]+)\s+(?:pays?|will\s+pay|must\s+pay)\b|\bpaid\s+by\s+(?:the\s+)?(?P<by>[a-z]+)")


def _payer_side(game: Game, parties: tuple[frozenset[str], ...]) -> int | None:
    """The one side the game's issue descriptions name as paying, or None (none named, or both)."""
    payers: set[int] = set()
    for issue in game.issues:
        for description in set(issue.descriptions):
            for match in _PAYS.finditer(description.lower()):
                who = match.group("who") or match.group("by")
                named = [side for side, party in enumerate(parties)
                         if _names_party(who, party) or who.endswith("s") and _names_party(who[:-1], party)]
                if len(named) == 1:
                    payers.add(named[0])
    return payers.pop() if len(payers) == 1 else None


def _served_by_name(game: Game, parties: tuple[frozenset[str], ...]) -> list[int]:
    """The party served, where one party is named like the game's trade ("Plant-hire firm" of
    plant-hire, "Tutor" of language-tutoring, "Cleaning company" of office-cleaning): the other."""
    trade = {word[:5] for word in _WORD.findall(game.name.lower()) if len(word) >= 4}
    providers = [side for side, party in enumerate(parties) if any(len(word) >= 4 and word[:5] in trade for word in party)]
    if len(providers) == 2:
        # both named like the trade ("Cleaning company", "Office manager" of office-cleaning): the
        # one whose name also holds a role of serving
        providers = [side for side in providers if parties[side] & _PROVIDER_ROLES]
    return [1 - providers[0]] if len(providers) == 1 else []


# Roles that name the one served, beside `_SERVED`, and the one serving, for the "no X" rule below.
_SERVED_ROLES = _SERVED | {"homeowner", "household", "owner"}
_PROVIDER_ROLES = {"provider", "supplier", "contractor", "vendor", "seller", "dealer", "company", "firm"}
_SERVING_ROLES = {"provider", "supplier", "contractor", "seller", "dealer", "installer"}
_NONE_LABEL = re.compile(r"^(?:no|without)\s+\w")


@lru_cache(maxsize=256)
def _done_by_served_issues(game: Game) -> tuple[tuple[str, tuple[int, str]], ...]:
    """Issues whose text labels are what the provider does of a thing and one label is none of
    it ("no cleanup" / "daily cleanup" / "final cleanup"), in a game that says which party is
    served (a role of the one served, or of the one serving, in a party's name): (issue, (served
    side, the "no" label)). The party served doing the thing itself is the "no" label."""
    served = list(_served_sides(game))
    if len(served) != 1:
        return ()
    found = []
    for issue in game.issues:
        options = issue.labels
        nones = [label for label in options if _NONE_LABEL.search(label.lower())]
        if len(options) >= 2 and len(nones) == 1 and not any(re.search(r"\d", label) for label in options) \
                and not _side_table(game, issue.name):
            found.append((issue.name, (served[0], nones[0])))
    return tuple(found)


@lru_cache(maxsize=512)
def _issue_words(game: Game, name: str) -> frozenset[str]:
    """Stems of the words of an issue's name, aliases, labels and synonyms that name no party."""
    issue = _issue(game, name)
    words = set(_WORD.findall(" ".join((name, *issue.aliases)).lower()))
    for label in issue.labels:
        for wording in (label, *issue.label_synonyms(label)):
            words |= set(_WORD.findall(wording.lower()))
    parties = _party_names(game)
    return frozenset(_stem(word) for word in words if len(word) >= 2 and word not in _STOP
                     and not any(_names_party(word, party) for party in parties))


# Round eighteen: a verb coordinated after "and" shares its subject ("could you deliver it to our
# home and assemble it?": you assemble it).
_A_SUBJECT = re.compile(r"\b(?P<who>we|i|you|he|she|they)(?:'ll|'d|\s+(?:will|would|can|could|should|shall|must))?"
                        r"\s+[a-z]+", re.IGNORECASE)
_OPENS_WITH_DOER = re.compile(rf"^\s*{_DOER}\b", re.IGNORECASE)
# A clause holding a thing and a participle after it ("need it delivered", "have the sofa brought"):
# a passive, so a verb joined to it ("... and assembled") is one too.
_PASSIVE_BEFORE = re.compile(r"\b(?:it|them|this|that|everything|the\s+[a-z]+|items?)\s+(?:[a-z]+ed|brought|done|"
                             r"taken|built|put\s+together)\b", re.IGNORECASE)


def _clauses(sentence: str) -> list[str]:
    """A sentence's clauses (`_CLAUSE`), a clause opening with a verb of providing given the
    subject of the clause before it."""
    pieces = _CLAUSE.split(sentence)
    for at in range(1, len(pieces)):
        opening = _OPENS_WITH_DOER.search(pieces[at])
        # (round twenty: a participle joined to a passive, "I need it delivered to my door and
        # assembled", is done to the thing, not by the subject before it)
        if opening and _PASSIVE_BEFORE.search(pieces[at - 1]):
            opening = None
        subjects = _A_SUBJECT.findall(pieces[at - 1]) if opening else []
        if subjects:
            pieces[at] = f"{subjects[-1]} {pieces[at].lstrip()}"
    return pieces


_ISSUE_VERB = re.compile(r"(?<!\bif\s)(?<!\bunless\s)\b(?P<who>we|i|you)(?:'ll|'d|\s+(?:will|would|can|could|should|shall|must|do|also))?"
                         r"\s+(?P<verb>[a-z]{4,})\b(?!\s+(?:with|through|via|from|by)\b)", re.IGNORECASE)
_OR = re.compile(r"\bor\b", re.IGNORECASE)
_PAST = re.compile(r"(?:ed|paid|made|did|got|took|brought|bought)$")


def _cued_side(clause: str, side: int, words: frozenset[str], issue_verbs: bool = True) -> int | None:
    """The side a clause gives the thing to, when its cues agree: the speaker's for "we" / "our",
    the listener's for "you" / "your"."""
    found: set[int] = set()
    if _OURS.search(clause):
        found.add(side)
    if _THEIRS.search(clause):
        found.add(1 - side)
    for pattern in (_SUBJECT, _THROUGH, _BY_AGENT, _ON_SIDE, _REFLEXIVE):
        for match in pattern.finditer(clause):
            found.add(_side_of(match.group("who").split()[0], side))
    for match in _ISSUE_VERB.finditer(clause) if issue_verbs else ():
        # round twenty: the issue's own word as the verb of a pronoun ("we deliver", "we can
        # deliver"), not where a helper names another side ("finance with us") nor in a condition
        # ("$22 if we deliver, or $20 if you collect": one option of several)
        if _stem(match.group("verb").lower()) in words and not _PAST.search(match.group("verb").lower()):
            found.add(_side_of(match.group("who"), side))
    for match in _POSSESSIVE.finditer(clause):
        # the thing owned, or the word it describes ("our operator", "your house PA")
        if any(_stem(word.lower()) in words for word in (match.group("thing"), match.group("then") or "")):
            found.add(_side_of(match.group("who"), side))
    return found.pop() if len(found) == 1 else None


def _open_party_issues(found: Extraction, labels: GameLabels) -> list[str]:
    """The party-named issues (`_side_table`) a reading neither offers nor found ambiguous."""
    return [issue for issue in labels.party_issues if issue not in found.offers and issue not in found.ambiguous]


def with_party_labels(found: Extraction, text: str, labels: GameLabels, side: int | None) -> Extraction:
    """The reading, with each party-named issue that it left unread (or read as no label) taken
    from who the text says provides it, near the issue's name. (Also, side or no side, a thing
    denied by name, "no operator", is the label without it: `included_labels.py`; and a clause
    naming the party that provides it, "the shop handling servicing": `with_named_providers`.)"""
    found = with_named_providers(with_denied_things(with_turned_down_labels(found, text, labels), text, labels),
                                 text, labels, side)
    found = _served_does_it(_self_of_the_provider(found, text, labels, side), text, labels, side)
    if side is None:
        return found
    offers, invalid = dict(found.offers), dict(found.invalid)
    reasons: list[str] = []
    open_issues = _open_party_issues(found, labels)
    if not open_issues and not any(issue not in offers for issue, _ in labels.done_by_served):
        return found
    # (read in the lexicon's English: "à notre charge" is "on us", "vi selv" "we ourselves")
    # (a question about the thing gives it to no one: "what does your maintenance service cover?")
    sentences = [sentence for sentence in _SENTENCE_END.split(local_forms(text)) if not asks_about(sentence)]
    for issue in open_issues:
        sides = labels.party_sides[issue]
        names = [issue, *labels.issues[issue].issue.aliases]
        # (clause by clause: "our operator in the cab, and any damage on your own insurance" gives
        # the operator to us and the insurance, not the operator, to you)
        named = _names_pattern(tuple(names))
        for sentence in (piece for sentence in sentences for piece in _CLAUSE.split(sentence)):
            if not named.search(sentence):
                continue
            ours, theirs = _OURS.search(sentence), _THEIRS.search(sentence)
            wanted = side if ours else 1 - side
            if bool(ours) != bool(theirs) and wanted in sides:
                offers[issue] = sides[wanted]
                invalid.pop(issue, None)
                break
    for issue in [issue for issue in open_issues if issue not in offers]:
        # A clause that speaks of the issue (a word of its name or labels) or, where it is the one
        # party-named issue the game leaves open, of nothing else, and gives it to one side.
        sides, words = labels.party_sides[issue], labels.party_issue_words[issue]
        alone = len(open_issues) == 1
        givens = []
        # (an issue's verb, "if we deliver", is a condition of one option where the text offers
        # others: "$22 if we deliver, or $20 if you come and collect")
        issue_verbs = not (found.ambiguous and _OR.search(text))
        for clause in (piece for sentence in sentences for piece in _clauses(sentence)):
            said = _stems(clause)
            if not (said & words or alone and _BARE_DOER.search(clause)):
                continue
            given = _cued_side(clause, side, words, issue_verbs)
            if given is not None and given in sides:
                givens.append(given)
        # (round twenty: clauses that give it to both sides, "$22 if we deliver, or $20 if you
        # collect", are alternatives: none is read)
        if givens and len(set(givens)) == 1:
            offers[issue] = sides[givens[0]]
            invalid.pop(issue, None)
            reasons.append(f"{issue}: '{sides[givens[0]]}' read from whose side the text gives it to")
    for issue, (served, none) in labels.done_by_served:
        # "we'll handle the cleanup ourselves", said by the one served: the provider does none of it
        if issue in offers or issue in found.ambiguous:
            continue
        words = labels.party_issue_words[issue]
        for clause in (piece for sentence in sentences for piece in _CLAUSE.split(sentence)):
            doers = {_side_of(match.group("who"), side) for match in _REFLEXIVE.finditer(clause)}
            # ("except the fragile items": part of it is left to the provider; round twenty)
            if doers == {served} and _stems(clause) & words and not _EXCEPT.search(clause):
                offers[issue] = none
                invalid.pop(issue, None)
                reasons.append(f"{issue}: '{none}' read from the side served doing it itself")
                break
    if offers == found.offers:
        return found
    update: dict[str, object] = {"offers": offers, "invalid": invalid, "method": "text"}
    if reasons:
        update |= {"confidence": "unsure", "reason": "; ".join(filter(None, (found.reason, *reasons)))}
    return found.model_copy(update=update)


# A label of doing it oneself ("self-assembly", "no packing" with the synonym "self pack") is the
# served party's: read from a reflexive pronoun ("we'll do the packing ourselves", "I'll assemble
# it myself"), it holds only where the one the pronoun names is the party served. Said by the
# provider ("ourselves" from the mover, "yourself" to the store), the provider does the thing: the
# issue's label of the provider doing it where the party-named labels give one ("assembly
# included"), else no label (unsure). With no side known the reading is left as it is: flagging it
# made one right reading of the practice part unsure and no wrong one.
@lru_cache(maxsize=256)
def _self_labels(game: Game) -> dict[str, tuple[int, str, str | None]]:
    """issue -> (the side served, its label of doing it oneself, the provider's label or None)."""
    selves: dict[str, tuple[int, str, str | None]] = {}
    for issue, (served, none) in _done_by_served_issues(game):
        selves[issue] = (served, none, None)
    for issue in game.issues:
        sides = dict(_side_table(game, issue.name))
        if len(sides) == 2:
            wordings = {label: set(_WORD.findall(" ".join((label, *issue.label_synonyms(label))).lower()))
                        for label in sides.values()}
            own = [s for s, label in sides.items() if wordings[label] & _SELF]
            if len(own) == 1:
                selves[issue.name] = (own[0], sides[own[0]], sides[1 - own[0]])
    return selves


def _self_of_the_provider(found: Extraction, text: str, labels: GameLabels, side: int | None) -> Extraction:
    selves = labels.self_labels
    if not any(found.offers.get(issue) == own_label for issue, (_, own_label, _) in selves.items()):
        return found
    glossed = local_forms(text)  # ("nosotros mismos", "nous-mêmes": "ourselves")
    if not _REFLEXIVE.search(glossed):
        return found
    offers, reasons = dict(found.offers), []
    sentences = re.split(r"(?<=[.!?;\n])\s*", glossed)
    for issue, (served, own_label, provided) in selves.items():
        if offers.get(issue) != own_label:
            continue
        words = labels.party_issue_words[issue]
        doers = {match.group("who").lower() for sentence in sentences for clause in _CLAUSE.split(sentence)
                 if {_stem(word) for word in _WORD.findall(clause.lower())} & words
                 for match in _REFLEXIVE.finditer(clause)}
        if not doers or side is None:
            continue  # (with no side, the served party is the likelier writer of "myself": left as read)
        sides = {side if who in _SPEAKER else 1 - side for who in doers}
        if sides == {1 - served}:
            if provided is None:
                del offers[issue]
            else:
                offers[issue] = provided
            reasons.append(f"{issue}: the provider does it itself")
    return found.made_unsure(reasons, offers=offers)


# Round twenty, the other way round: a label of the provider doing it read from a clause whose
# reflexive pronoun names the party served ("we pack everything ourselves" from the customer, a
# game's synonym of "full packing" said by the mover) is the served party doing it: its own label
# ("no packing"), unsure; "except" / "apart from" in the clause leaves part to the provider, so the
# issue is left unread (unsure) rather than guessed.
_EXCEPT = re.compile(r"\b(?:except|apart\s+from|other\s+than|besides|but\s+not|save\s+for)\b", re.IGNORECASE)


def _served_does_it(found: Extraction, text: str, labels: GameLabels, side: int | None) -> Extraction:
    if side is None or not found.offers:
        return found
    selves = labels.self_labels
    if not any(issue in found.offers and found.offers[issue] != own_label for issue, (_, own_label, _) in selves.items()):
        return found
    glossed = local_forms(text)
    if not _REFLEXIVE.search(glossed):
        return found
    offers, reasons = dict(found.offers), []
    clauses = [clause for sentence in re.split(r"(?<=[.!?;\n])\s*", glossed) for clause in _CLAUSE.split(sentence)]
    for issue, (served, own_label, _) in selves.items():
        if issue not in offers or offers[issue] == own_label:
            continue
        words = labels.party_issue_words[issue]
        # (the last clause that speaks of the issue: "we'd pack the fragile stuff ourselves...
        # actually no, you pack the fragile items only" revises it)
        spoken = [clause for clause in clauses if {_stem(word) for word in _WORD.findall(clause.lower())} & words]
        if not spoken or {_side_of(match.group("who"), side) for match in _REFLEXIVE.finditer(spoken[-1])} != {served}:
            continue
        if _EXCEPT.search(spoken[-1]):
            del offers[issue]
            reasons.append(f"{issue}: the side served does part of it itself")
        else:
            offers[issue] = own_label
            reasons.append(f"{issue}: '{own_label}' read from the side served doing it itself")
    return found.made_unsure(reasons, offers=offers)


@lru_cache(maxsize=512)
def _names_pattern(names: tuple[str, ...]) -> re.Pattern[str]:
    return re.compile("|".join(rf"\b{re.escape(name.lower())}" for name in names), re.IGNORECASE)


@lru_cache(maxsize=256)
def _writer_patterns(parties: tuple[str, ...]) -> tuple[re.Pattern[str], ...]:
    return tuple(re.compile(rf"^\W*{re.escape(party.lower())}\b(?:'s)?\s*(?:note|notes|here|side|ok|[:(—–-]|[,.]\s)"
                            rf"|\(\s*{re.escape(party.lower())}\s*\)") for party in parties)


def note_writer(note: str, parties: tuple[str, ...]) -> int | None:
    """The side a note says it is written for, at its head: "Venue note.", "Office manager OK
    with: ...", "Tutor: acceptable — ...", "Note (office manager): ...", "Customer, late in the
    game." — one party named as the subject of its first line, else None."""
    head = note.strip().split("\n", 1)[0][:120].lower()
    named = [side for side, pattern in enumerate(_writer_patterns(tuple(parties))) if pattern.search(head)]
    return named[0] if len(named) == 1 else None


def note_side(note: str, parties: tuple[str, ...]) -> int | None:
    """The side a note is written for: the writer its head names (`note_writer`); else, where the
    note quotes exactly one party in the third person as the one across the table ("the kennel
    asks $60", "manager's offer they might take"), the other party; else None."""
    writer = note_writer(note, parties)
    if writer is not None or len(parties) != 2:
        return writer
    lower = note.lower()
    if not any(name in lower for name in _quoted_names(tuple(parties))):
        return None  # (most notes name no party at all: no pattern need run)
    quoted = [side for side, pattern in enumerate(_quoted_patterns(tuple(parties))) if pattern.search(note)]
    return 1 - quoted[0] if len(quoted) == 1 else None


# A party the note speaks of in the third person, as the one across the table: its offer, ask or
# position ("the kennel's ask", "manager's offer they might take"; not "Store's acceptable offer",
# a heading the writer may give its own), or the subject of a verb of asking or offering ("the
# kennel asks / wants / is asking / offered"). A party is named in full or by the last word of its
# name where that word is long and the other party's name lacks it ("manager" of "Office manager").
_ASKING = r"(?:wants?|asks?|asked|is\s+asking|demands?|demanded|offered|offers|proposed|proposes|quoted|insists?)"


@lru_cache(maxsize=256)
def _quoted_names(parties: tuple[str, ...]) -> tuple[str, ...]:
    """Each party's name and its long last word, lower case (what `_quoted_patterns` looks for)."""
    return tuple({party.lower() for party in parties} | {party.lower().split()[-1] for party in parties
                                                         if len(party.split()[-1]) >= 5})


@lru_cache(maxsize=256)
def _quoted_patterns(parties: tuple[str, ...]) -> tuple[re.Pattern[str], ...]:
    patterns = []
    for side, party in enumerate(parties):
        names = [re.escape(party.lower())]
        last = party.lower().split()[-1]
        if len(last) >= 5 and last != party.lower() and not any(last in other.lower() for other in parties if other != party):
            names.append(re.escape(last))
        name = "|".join(names)
        patterns.append(re.compile(rf"\b(?:{name})(?:'s|s'|’s)\s+(?:(?!acceptable|own|final)[a-z]+\s+)?"
                                   rf"(?:offer|ask|position|proposal|counter|price|terms)\b|\b(?:{name})\s+{_ASKING}\b",
                                   re.IGNORECASE))
    return tuple(patterns)



# Round eighteen: a clause naming the party that provides the thing, not by a pronoun but by its
# name or role ("with the shop handling servicing", "hotel does upkeep", "Customer assembles",
# "electricity from the festival", "maintenance by the store", "damage at the charge of the hirer",
# "the venue's PA"). The party is the subject of a verb of providing or doing, the object of a
# preposition of agency or belonging ("by / from / of / on", and their Romance, Germanic and Nordic
# forms, which the lexicon leaves as they are), or the owner in "'s". The clause must also speak of
# the issue by a word of its own (name, aliases, labels) and deny nothing; it needs no side, so it
# reads notes that do not name their writer too. The reading stays unsure.
_OF_BY = (r"by|from|of|via|through|on|par|por|pela|pelo|pelos|pelas|da|do|dal|dalla|dallo|de|du|des|del|della|dello|"
          r"dei|van|von|vom|der|door|durch|av|af|fra|från")
_AGENT_AFTER = re.compile(rf"\b(?:{_OF_BY})\s+(?:(?:the|a|an|la|le|les|el|lo|il|o|het|die|den|dem)\s+|l')?(?P<who>[a-z]+)",
                          re.IGNORECASE)
_OWNER = re.compile(r"\b(?P<who>[a-z]+)(?:'s|’s|s')(?![a-z])", re.IGNORECASE)
_AGENT_BEFORE = re.compile(rf"\b(?P<who>[a-z]+)\s+(?:(?:will|would|can|could|should|shall|must|to|then|also|always|"
                           rf"itself|themselves)\s+)?{_DOER_FORMS}\b", re.IGNORECASE)
_DENIED = re.compile(r"\b(?:not|no|never|without|cannot|nor)\b|n't\b", re.IGNORECASE)
# Two names of one kind of party ("loja" and "magasin" are the lexicon's "store"; a game's party is a "Bike Shop")
_SAME_PARTY = {"shop": "store", "store": "shop"}


@lru_cache(maxsize=512)
def _party_words(game: Game, name: str) -> tuple[frozenset[str], frozenset[str]]:
    """Words naming each side of a party-named issue: the words of its party's name (and their
    kin, "store" of "shop"), and the roles of the served party ("customer", "hirer", "client") for
    the side served; never a word of the issue's own (the "hire" of "Plant-hire firm")."""
    words = [{word for word in party if len(word) >= 3} for party in _party_names(game)]
    for found in words:
        found |= {_SAME_PARTY[word] for word in found if word in _SAME_PARTY}
    served = _served_sides(game)
    if len(served) == 1:
        words[served[0]] |= _SERVED
    issue = _issue(game, name)
    wordings = [set(_WORD.findall(" ".join((label, *issue.label_synonyms(label))).lower())) for label in issue.labels]
    own = set(_WORD.findall(name.lower())) | set.intersection(*wordings)
    both = words[0] & words[1]
    return frozenset(words[0] - both - own), frozenset(words[1] - both - own)


def _side_named(word: str, words: tuple[frozenset[str], frozenset[str]]) -> int | None:
    word = word.lower()
    found = {side for side, party in enumerate(words)
             if _names_party(word, party) or word.endswith("s") and _names_party(word[:-1], party)}
    return found.pop() if len(found) == 1 else None


# A party's name right before a word of the thing, a compound noun ("band PA", "shop servicing",
# "会場のPA" read as "venue の PA"), names the one that provides it.
_COMPOUND = re.compile(r"\b(?P<who>[a-z]+)(?:'s|’s|s')?\s*(?:[の的]\s*)?(?P<thing>[a-z]+)", re.IGNORECASE)


def _named_provider(clause: str, words: tuple[frozenset[str], frozenset[str]], things: frozenset[str]) -> int | None:
    """The side a clause names as providing the thing, when its named parties agree."""
    found: set[int] = set()
    for match in _COMPOUND.finditer(clause):
        if _stem(match.group("thing").lower()) in things and (side := _side_named(match.group("who"), words)) is not None:
            found.add(side)
    for pattern in (_AGENT_BEFORE, _AGENT_AFTER, _OWNER):
        for match in pattern.finditer(clause):
            side = _side_named(match.group("who"), words)
            if side is not None:
                found.add(side)
    return found.pop() if len(found) == 1 else None


def with_named_providers(found: Extraction, text: str, labels: GameLabels, side: int | None) -> Extraction:
    """The reading, with each party-named issue it left unread taken from a clause that names the
    party providing it (see above), flagged unsure."""
    open_issues = _open_party_issues(found, labels)
    if not open_issues:
        return found
    offers, invalid, reasons = dict(found.offers), dict(found.invalid), []
    # (clauses that speak of an open issue, with their stems; a question is asked of those only)
    every_word = frozenset().union(*(labels.party_issue_words[issue] for issue in open_issues))
    clauses: list[tuple[str, set[str]]] = []
    for sentence in _SENTENCE_END.split(local_forms(text)):
        spoken = [(clause, said) for clause in _CLAUSE.split(sentence)
                  if (said := _stems(clause)) & every_word
                  and not _DENIED.search(clause)]
        if spoken and not asks_about(sentence):
            clauses += spoken
    for issue in open_issues:
        sides, words = labels.party_sides[issue], labels.party_issue_words[issue]
        parties = labels.party_side_words[issue]
        # (every clause of the issue must agree, a pronoun's too: "client supplies" in an estimate
        # of the other side beside "we supply" in the writer's own offer settles nothing)
        given: set[int | None] = set()
        named_any = False
        for clause, said in clauses:
            if not said & words:
                continue
            named = _named_provider(clause, parties, words)
            if named is not None:
                given.add(named)
                named_any = True
            cued = _cued_side(clause, 0 if side is None else side, words)
            if cued is not None:
                given.add(None if side is None else cued)
        if named_any and len(given) == 1 and (named := given.pop()) is not None and named in sides:
            offers[issue] = sides[named]
            invalid.pop(issue, None)
            reasons.append(f"{issue}: '{sides[named]}' read from the party the text names as providing it")
    return found.made_unsure(reasons, offers=offers, invalid=invalid, method="text")

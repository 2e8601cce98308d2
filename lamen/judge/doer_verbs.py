"""Who does a thing, said by a verb of doing it rather than by the thing's name: "I'll bring him in
myself" (the owner brings the dog: "owner drop-off"), "we come pick him up" (the kennel collects),
"we'll organise the farrier" (the yard arranges), "you pick it up from us" (the school collects).

An issue whose text labels name the party doing it ("kennel collects" / "owner brings the dog",
"yard arranges" / "owner arranges", `party_labels._side_table`) holds its verbs in those labels: the
word after a party's name ("collects", "arranges", "delivers"). A clause whose subject pronoun (or
reflexive pronoun) names a side, and whose verb is one of the issue's verbs or of their kin (a
concept across wordings: to arrange is to organise, book or sort; to move a thing is to collect,
deliver, bring, fetch, pick up or drop off), gives the issue to that side: the label naming that
side. Round twenty-two left these unread: the clause names neither the issue nor a label.

Messages only (notes key their values), with the writer's side known, for issues the reading left
open; not in a question, a condition ("if we deliver"), a denial or where the text weighs
alternatives; every such clause must agree. Always unsure."""

from __future__ import annotations

import re
from functools import lru_cache

from lamen.judge.extraction import Extraction
from lamen.judge.labels import GameLabels
from lamen.judge.party_labels import (_CLAUSE, _DENIED, _REFLEXIVE, _SELF, _SENTENCE_END, _WORD, _names_party, _party_names,
                                      _served_sides, _side_of, _side_table, _verb_forms)
from lamen.judge.stance import asks_about
from lamen.judge.values import local_forms
from lamen.spec.game import Game

# Verbs of one deed, whichever direction the thing goes: who moves it is who does the transport.
# (not "take", "move", "drop" or "cover" alone: "we'll take the suite", "move on price", "drop the
# request", "cover the cost" are no deed of the issue; "pick" and "drop" only with their particle)
_KIN: tuple[frozenset[str], ...] = (
    frozenset({"arrange", "organise", "organize", "book", "sort", "schedule"}),
    frozenset({"collect", "deliver", "bring", "fetch", "grab", "pick", "drop", "drive", "ship", "transport"}),
    frozenset({"assemble", "build", "put", "set"}),
)
_PARTICLE = {"pick": "up", "drop": "off", "put": "together", "set": "up"}


def _kin_of_noun(word: str) -> frozenset[str]:
    """The kin of verbs a label's word is a noun or form of ("collection", "delivery", "pickup",
    "drop-off", "assembly" of their verbs), or none."""
    for group in _KIN:
        for verb in group:
            stem = verb[:-1] if verb.endswith("e") else verb
            if len(stem) >= 4 and word.startswith(stem):
                return group
    return frozenset()


@lru_cache(maxsize=256)
def _issue_verbs(game: Game) -> tuple[tuple[str, re.Pattern[str], dict[int, str]], ...]:
    """(issue, a pattern of its verbs' forms, the label of each side doing it) for each issue whose
    labels say who does it: two party-named labels (`_side_table`) holding a verb after a party's
    name or a noun of a deed ("collection", "drop-off"); or one label of the served party doing it
    itself ("self-collection", "collect in store"), named by such a noun, the one side read.
    A verb two issues share links to neither."""
    parties = _party_names(game)
    served = _served_sides(game)
    found: dict[str, tuple[set[str], dict[int, str]]] = {}
    for issue in game.issues:
        sides = dict(_side_table(game, issue.name))
        selves = [label for label in issue.labels
                  if any(set(_WORD.findall(wording.lower())) & _SELF for wording in (label, *issue.label_synonyms(label)))]
        if len(sides) != 2:
            if len(selves) != 1 or len(served) != 1 or any(re.search(r"\d", label) for label in issue.labels):
                continue
            sides, labels = {served[0]: selves[0]}, (selves[0],)
        else:
            labels = issue.labels
        verbs: set[str] = set()
        for label in labels:
            for wording in (label, *issue.label_synonyms(label)):
                words = _WORD.findall(wording.lower())
                for word in words:
                    verbs |= _kin_of_noun(word)
                for before, word in zip(words, words[1:]):
                    if not any(_names_party(before, party) for party in parties):
                        continue
                    # ("kennel collects"; a plural party's verb has no "s": "guests fetch")
                    if len(word) >= 5 and word.endswith("ies"):
                        verbs.add(word[:-3] + "y")  # ("client supplies")
                    elif len(word) >= 5 and word.endswith("s"):
                        verbs.add(word[:-1])
                    elif any(word in group for group in _KIN):
                        verbs.add(word)
        kin = set(verbs)
        for group in _KIN:
            if verbs & group:
                kin |= group
        if kin:
            found[issue.name] = (kin, sides)
    patterns = []
    for issue, (verbs, sides) in found.items():
        own = {verb for verb in verbs if not any(verb in others for name, (others, _) in found.items() if name != issue)}
        forms = []
        for verb in sorted(own):
            particle = _PARTICLE.get(verb)
            inflected = "|".join(sorted(_verb_forms(verb), key=len, reverse=True))
            forms.append(rf"(?:{inflected})\s+(?:[a-z]+\s+){{0,2}}{particle}" if particle else rf"(?:{inflected})")
        if forms:
            # (a value moved is no deed: "I can bring that down to $1,000", "bring the fee closer")
            patterns.append((issue, re.compile(r"\b(?:" + "|".join(forms) + r")\b(?!(?:\s+[a-z]+){0,3}\s+(?:down|closer|lower|"
                                               r"higher|forward|back|together\s+on)\b)"), sides))
    return tuple(patterns)


# The subject of the verb: a pronoun, with a helper and one more word between ("we'll come pick him
# up", "you can just bring"); not after "if" / "unless" (a condition of one option).
_SUBJECT = r"(?<!\bif\s)(?<!\bunless\s)\b(?P<who>we|i|you|u)(?:\s+guys)?(?:'ll|'d|\s+(?:will|would|can|could|should|shall|must|do|also))?\s+(?:[a-z]+\s+)?$"
_SUBJECT_BEFORE = re.compile(_SUBJECT)
_OR = re.compile(r"\bor\b")


def with_doer_verbs(found: Extraction, text: str, labels: GameLabels, side: int | None) -> Extraction:
    """The reading, with each open party-named issue taken as the label of the side a clause's
    subject names as doing the issue's deed (see above), unsure."""
    if side is None or not found.offers:
        return found
    verbs = [(issue, pattern, sides) for issue, pattern, sides in labels.doer_verbs
             if issue not in found.offers and issue not in found.ambiguous and issue not in found.invalid]
    if not verbs or found.ambiguous and _OR.search(text):
        return found
    english = local_forms(text).lower()
    # (a question weighing options, "would you rather bring her in, or have us fetch her?", offers neither)
    sentences = [sentence for sentence in _SENTENCE_END.split(english)
                 if not asks_about(sentence) and not (sentence.rstrip().endswith("?") and _OR.search(sentence))]
    offers, reasons = dict(found.offers), []
    for issue, pattern, sides in verbs:
        givens: set[int] = set()
        for clause in (piece for sentence in sentences for piece in _CLAUSE.split(sentence)):
            for match in pattern.finditer(clause):
                if _DENIED.search(clause):
                    givens.add(-1)  # (a denied deed says who does not: read nothing)
                    continue
                subject = _SUBJECT_BEFORE.search(clause, 0, match.start())
                doers = {who.group("who") for who in _REFLEXIVE.finditer(clause)}
                if subject:
                    doers.add(subject.group("who"))
                for who in doers:
                    givens.add(_side_of(who, side))
        if len(givens) == 1 and (given := next(iter(givens))) in sides:
            offers[issue] = sides[given]
            reasons.append(f"{issue}: '{sides[given]}' read from the side the text says does it")
    return found.made_unsure(reasons, offers=offers)

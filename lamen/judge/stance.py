"""Whose value a number in a message is, and whether it is proposed: values quoted from the
opponent, rejected, or superseded are not the speaker's; a bound the speaker sets ("no more than
3 days", "we can't go below $1,000") is its offer; accepting a named value makes it its own."""

from __future__ import annotations

import re

from lamen.judge.agreement import accepts_named
from lamen.judge.caseless import caseless, folded

# A value that opens with a month and a day ("March 16", "Apr. 6"): a date.
_MONTH_START = re.compile(r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d", re.IGNORECASE)
# Just before a value: it is compared with, or moved away from, not offered.
_IMMEDIATE_NOT_OWN = caseless(
    # "from my last $1,400", "your previous 4%", "our opening 7-3": a position left behind
    r"(?:\b(?:(?:my|our|your|their)\s+(?:last|previous|earlier|original|initial|opening|prior)|from|than|not|no|instead of|rather than|beyond|exceed(?:s|ing)?|except|by|(?:heard|hear)\s+you\s+on|"
    r"(?:that's|that\s+is|which\s+is|it's)\s+(?:well\s+)?(?:over|almost|nearly)|for\s+(?:well\s+)?(?:over|more\s+than|almost|nearly)|"
    # a reference price, not an offer: "listed at $28,000", "units renting for $1,400", "MSRP of"
    r"listed\s+(?:at|for)|(?:renting|rents|rented|selling|sells|sold|going|goes|went|priced)\s+(?:at|for)|"
    # a figure worked out, not offered: "... over 10 years means about $2,700 in interest"
    r"(?:means|would\s+mean)\s+(?:about|roughly|around|nearly|almost|some)|sticker(?:\s+price)?(?:'s|\s+(?:of|is|was))?|"
    r"(?:steep|pricey|expensive|high|cheap|a\s+lot|too\s+much)\s+for|"
    # "I can come down $1,000 from my last offer": a step, not a value ("come down to $1,000" is one)
    r"(?:come|coming|go|going|move|moving|drop|dropping|bring\s+it|knock\s+it)\s+(?:down|up)(?:\s+another|\s+a\s+further)?|msrp(?:'s|\s+(?:of|is))?|market\s+(?:rate|price|value)(?:'s|\s+(?:of|is))?|going\s+rate(?:'s|\s+(?:of|is))?)\s+"
    r"(?:the\s+|a\s+|an\s+|your\s+)?|"
    # "you: $1,400 / 6 mo; us: $1,200": the other side's position, labelled
    # ("for you: $27,000" gives the listener a price: the speaker's offer, not the listener's position)
    r"(?<!\bfor\s)\b(?:you|yours|they|theirs|your\s+side|their\s+side|your\s+ask)\s*[:=]\s*|"
    # the value replaced, one word describing it allowed: "instead of a fixed 4%", "rather than
    # the current $1,400"; the value not taken up: "I'm not comfortable with the 4% escalator"
    r"\b(?:instead\s+of|rather\s+than|in\s+place\s+of)\s+(?:(?:the|a|an|your|their|that|this)\s+)?[a-z-]+\s+|"
    r"(?:\bnot|n't)\s+(?:really\s+|entirely\s+|too\s+|very\s+)?(?:comfortable|happy|keen|thrilled|ok(?:ay)?|fine)\s+"
    r"(?:with|about)\s+(?:the\s+|a\s+|an\s+|your\s+|that\s+)?)"
    r"(?:[$€£]|usd\s?)?$")
# Just before a value, searched only where a cue word is (`_STEP_OR_SIDE_CUE`): "bring the fees
# down another ten dollars, to $40" (a step); "north of 4%", "a hair under 3%" (a side of the value,
# not the value); "from my $1,400", "from my last number of $28,000" (a position the speaker moves
# away from; its words name the figure, no other thing: "from our warehouse and no warranty" is none).
_STEP_OR_SIDE_CUE = ("from", "From", "another", "further", "extra", "north", "south", "hair", "touch", "tad", "shade",
                     "shy", "short")  # (substring tests: cheaper than a pattern on every value)
_STEP_OR_SIDE_BEFORE = re.compile(
    r"(?:\b(?:down|up|off)\s+(?:another|a\s+further|an\s+extra)\s+|\b(?:north|south)\s+of\s+|"
    r"\ba\s+(?:hair|touch|tad|shade)\s+(?:under|over|below|above)\s+|\bjust\s+(?:shy|short)\s+of\s+|"
    r"\bfrom\s+(?:my|our|your|their)\s+(?:(?!(?:and|or|but|no|not|with|without|plus)\b)[a-z-]+\s+){0,3}?(?:of\s+)?)"
    r"(?:[$€£]|usd\s?)?$", re.IGNORECASE)
# Anywhere earlier in the value's clause: the value is the opponent's, or a past position.
_CLAUSE_NOT_OWN = caseless(
    # "your home", "your place": a place the value is not about ("deliver to your home for $1,100").
    # "For your date I'd suggest ...", "thanks for your patience": the listener's own things
    # and acts, no position of theirs.
    r"\b(?:your(?!\s+(?:home|house|place|door|doorstep|address|apartment|flat|date|day|event|wedding|party|guests|move|"
    r"team|company|business|needs|situation|time|patience|flexibility|question|message|reply|response|email|"
    r"concerns?|feedback|point)\b)|yours|"
    # "if you want 36 months, ...": a condition of the speaker's own package, not a quotation.
    r"you(?:'d| would)\s+(?:like|prefer)|"
    # "thanks for the offer of $1,300", "I'm grateful for your proposal of ...": theirs, named to answer it
    r"(?:thanks?|thank\s+you|grateful|appreciate\w*)\s+(?:\w+\s+)?for\s+(?:the|your)\s+(?:\w+\s+)?"
    r"(?:offer|proposal|counter-?offer|terms)|"
    # "Company A proposed 70% ownership": another party's position, told
    r"(?:company\s+[ab]|they|the\s+(?:landlord|tenant|bank|lender|borrower|other\s+side|client|seller|buyer|employer))"
    r"\s+(?:has\s+|had\s+)?(?:proposed|offered|suggested|asked\s+for|wants?|wanted|demanded|insisted\s+on)|"
    # "We note Company B's request to keep 60% of its staff": another party's position, named by its noun
    r"\b(?!(?:today|tonight|tomorrow|yesterday|week|month|year)'s)[a-z]+'s\s+(?:(?:latest|last|previous|earlier|initial|"
    r"original|current)\s+)?(?:request|proposal|offer|demand|ask|counter-?offer|counter-?proposal)\s+(?:to|of|for)\b|"
    r"(?<!if )you(?:'ve| have)?\s+(?:offered|proposed|suggested|asked|want(?:ed)?|requested|mentioned|said|quoted|"
    r"put forward|demand(?:ed)?|insist(?:ed)?)|you(?:'re| are)\s+(?:asking|offering|proposing|demanding)|"
    r"(?:we|i)\s+(?:were|was)\s+at|"
    # "I understand that $1,100 fits your budget", "we note that ...": what is acknowledged is theirs
    r"\b(?:i|we)\s+(?:(?:fully|do|completely)\s+)?(?:understand|recogni[sz]e|realise|realize|note|see|hear)\s+(?:that|why|how)\b|"
    r"(?:was|were)\s+(?:hoping|looking|aiming|angling)\s+for|had\s+(?:hoped|aimed)\s+for|"
    r"(?:'d|would)\s+rather\s+not|(?:my|our)\s+(?:last|previous|earlier|original|initial)\s+"
    r"(?:offer|proposal|position|ask)|(?:we|i)(?:'d|\s+had|'ve|\s+have)?\s+(?:offered|proposed|suggested|asked for|said|wanted|asked)|"
    r"previously|earlier|(?:was|is|were|are)\s+listed|listed\s+(?:at|for)|renting\s+for|"
    r"last (?:round|time|month|week|year)|initially|originally|at first|already|spent|(?:i|we)\s+paid|ago|"
    # the two ends a compromise is worked out from: "splitting the difference between my $1,200 and your $1,000"
    r"(?:split(?:ting)?\s+the\s+difference|halfway|midway|middle)\s+between"
    r"(?![^.;!?]*\b(?:gives?|makes?|is|comes\s+to|equals|lands?|so|puts?\s+us)\b)|"
    # deferring: "let me check with my partner and get back to you on the $1,200"
    r"get back to you|(?:let me|let us|i'll|we'll|i will|we will|i need to|we need to)\s+(?:check|think|discuss|talk|sleep)|"
    # a reference figure, not an offer: "our standard rate for this amount is 5.5%"
    r"(?:standard|usual|regular|normal|typical|list)\s+(?:rate|price|fee|retainer|charge|cost|quote)s?\b(?:\s+\w+){0,6}\s+(?:is|are|of)|"
    r"can(?:no|')t|won't|will not|unable to|refuse|reject(?:ed)?|no way|positions? so far|current positions?|"
    r"(?:landlord|tenant|officer|customer|company [ab])\s*[-:])\b")
# Just before a value: a bound the speaker sets is its offer ("no more than 3 days", "we can't
# go below $1,000", "up to").
_BOUND_BEFORE = caseless(
    r"(?:(?:\b(?:no|not|never)|n't)\s+(?:\w+\s+){0,3}?(?:more|less|higher|lower|fewer|greater|longer|shorter|above|below|"
    r"over|under|beyond)(?:\s+than)?|\b(?:can(?:no|')t|cannot|won't|will not|unable to)\s+(?:go|pay|do|offer|lend|"
    r"come down|move|accept|accept anything)\s+(?:any\s+)?(?:higher|lower|above|below|beyond|under|over|more|less)"
    r"(?:\s+than)?|\b(?:can(?:no|')t|cannot|won't|will not|must not|mustn't|should not|shouldn't|may not|not to|"
    r"never|doesn't|does not|don't|do not)\s+(?:go\s+)?(?:exceed|surpass|top)|\b(?:up to|at most|at least|a maximum of|a minimum of|max(?:imum)?|min(?:imum)?))\s*"
    r"(?:a\s+|an\s+|the\s+)?(?:[$€£]|usd\s?)?$")
_BOUND_PHRASE = re.compile(r"\b(?:can(?:no|')t|cannot|won't|will\s+not)\s+(?:go|pay|do|offer|accept|come\s+down)\s+"
                           r"(?:any\s+)?(?:higher|lower|above|below|beyond|under|over|more|less)(?:\s+than)?\b",
                           re.IGNORECASE)
# Just after a value: it is being turned down.
_REJECTED_AFTER = caseless(
    # (an amount with thousands separators is one word: "a $2,500 deposit and $1,500 in rent are beyond ...")
    # ("$1,200 but 5 days of subletting is too much": the verdict after "but" is another value's)
    r"^\s*(?:(?:[$€£]?\d{1,3}(?:,\d{3})+(?:\.\d+)?|(?!(?:but|while|whereas|although|though)\b)[^\s,.;!?]+)\s+){0,7}?"
    r"(?:is|are|was|would be|seems|sounds)\s+(?:(?:way|far|much|well|simply|just|still|"
    r"clearly|really|completely|totally|a bit|a little|(?:quite\s+)?a\s+(?:bit|lot)|quite|rather|somewhat|slightly|"
    r"significantly|considerably|substantially|a\s+good\s+deal)\s+)?"
    r"(?:too\b|not\b|unacceptable|out of|beyond|a non-?starter|a\s+(?:hard\s+|firm\s+|clear\s+)?no(?:-?go)?\b(?!\s*[-,]?\s*brainer)|off the table|more than (?:i|we) can|"
    r"(?:higher|lower|more|less|below|above|under|over|shorter|longer|smaller|bigger|larger) (?:than )?(?:what )?(?:i|we) (?:can|hoped|expected|wanted|was expecting|were expecting|had in mind|budgeted|planned|can afford|can spend)|"
    # measured against the speaker's ease or will, not its means: "higher than I'm comfortable
    # with", "longer than we're willing to commit to", "more than we'd like"
    r"(?:higher|lower|more|less|shorter|longer|smaller|bigger|larger|steeper) than (?:what )?(?:i|we)(?:'m|'re|\s+am|\s+are|'d|\s+would)\s+"
    r"(?:(?:really|quite|fully)\s+)?(?:comfortable|happy|willing|prepared|like|want|accept)|"
    r"tight\b|unnecessary|(?:isn't|is not|not) (?:necessary|needed)|(?:below|above|under|over) what\b|"
    # "$1,000 is below my cost", "over our ceiling": measured against the speaker's limit
    r"(?:below|above|under|over|beneath)\s+(?:my|our)\s+(?:costs?|budget|limit|floor|minimum|ceiling|break-?even|bottom\s+line)\b)|"
    # a verdict with no copula, as many languages give it and their glosses keep it ("biaya 80 dollars
    # too expensive", "troppo alto"): "too" and a word of excess right after the value
    r"^\s*(?:[^\s,.;!?]+\s+){0,2}?too\s+(?:high|much|expensive|steep|costly|pricey|long|low|short|many)\b|"
    # "$700 is 40% above our budget", "is $200 over my limit": measured past the speaker's limit
    r"^\s*(?:[^\s,.;!?]+\s+){0,4}?(?:is|are|was|sits?)\s+(?:still\s+)?[$€£]?\d[\d,.]*\s*(?:%|percent|dollars?)?\s+"
    r"(?:above|over|beyond|more\s+than|higher\s+than)\s+(?:my|our|the)\s+(?:\w+\s+)?"
    r"(?:budget|limit|ceiling|cap|maximum|means|range)\b|"
    # the inputs of an average, not its result: "your 5% and my 2% average to 3.5%"
    r"^[^.;!?]{0,40}?\baverages?\s+(?:out\s+)?to\b|"
    r"^\s*(?:[^\s,.;!?]+\s+){0,3}?(?:isn't|aren't|is not|are not)\s+(?:really\s+)?(?:necessary|needed)|"
    # "Email-only support won't work for us": the name may stand between value and verdict.
    # "$1,300 is still above our budget", "$30 is steep", "your $1,400 feels steep"
    r"^\s*(?:[^\s,.;!?]+\s+){0,4}?(?:is|are|was|feels?|seems?|sounds?|looks?)\s+(?:(?:still|way|far|much|well|a\s+bit|"
    r"a\s+little|rather|quite|pretty|really)\s+)?(?:(?:above|over|outside|beyond)\s+(?:our|my|the)\s+(?:budget|limit|range|means)|"
    r"over\s+budget|steep|pricey|expensive|a\s+stretch|(?:short|low|high|long)\b(?!\s+enough))\b|"
    # "$6,000 exceeds our budget", "$2,100 a week is more than our budget allows": the value
    # measured against the speaker's limit, in any verb that says it goes past it
    r"^\s*(?:[^\s,.;!?]+\s+){0,4}?(?:(?:still|clearly|well|far|way|simply)\s+)?(?:exceeds?|exceeding|surpass(?:es)?|"
    r"goes\s+(?:beyond|past|over)|(?:is|are)\s+(?:(?:still|well|far|way|much)\s+)?(?:more|higher|greater)\s+than)\s+"
    r"(?:what\s+)?(?:our|my|the)\s+(?:\w+\s+)?(?:budget|limit|range|means|ceiling|cap|maximum)\b|"
    # "$35/seat 👎", "3 years ❌": a cross or thumbs-down mark after the value
    r"^\s*(?:[^\s,.;!?❌✘✗❎👎🔴⛔]+\s+){0,2}?[❌✘✗❎👎🔴⛔]|"
    # "$800 simply isn't workable", "isn't feasible for us"
    r"^\s*(?:[^\s,.;!?]+\s+){0,4}?(?:isn't|aren't|wasn't|is\s+not|are\s+not)\s+(?:\w+\s+)?"
    r"(?:workable|feasible|doable|viable|possible|acceptable|affordable|realistic|going\s+to\s+work)\b|"
    # a calculation from the value, not an offer of it: "a 5% rate on $10,000 over 10 years means ..."
    r"^[^.;!?]{0,40}?\b(?:means|would\s+mean|works\s+out\s+to|comes\s+to|amounts\s+to|adds\s+up\s+to)\b|"
    # "at $90 a month in fees the loan becomes unaffordable"
    r"^[^.;!?]{0,40}?\b(?:becomes?|makes?\s+(?:it|this|the\s+\w+))\s+(?:\w+\s+)?(?:unaffordable|too\b|impossible)|"
    r"^\s*(?:[^\s,.;!?—–-][^\s,.;!?—–]*\s+){0,6}?(?:is |are )?(?:off the table|won't work|doesn't work|does not work|is a deal-?breaker|"
    r"which (?:we|i) can(?:no|')t)|"
    # the value as the subject of a denied verb: "$1,200 won't cover my costs", "$1,800 isn't
    # something we can do", "12 months doesn't get us there" (not "isn't a problem", "isn't bad",
    # "isn't out of the question", "wouldn't hurt": a denial that grants)
    r"^\s*(?:[^\s,.;!?]+\s+){0,3}?(?:isn't|aren't|wasn't|won't|wouldn't|doesn't|don't|can't|cannot|is\s+not|are\s+not|"
    r"will\s+not|would\s+not|does\s+not|do\s+not)\s+(?!(?:\w+\s+)?(?:a\s+problem|an\s+issue|bad|unreasonable|far|hurt|"
    r"out\s+of\s+the\s+question|off\s+the\s+table|a\s+deal-?breaker|change|matter|need|apply)\b)(?:\w+\s+){0,2}?"
    r"(?:cover|work|fly|do|get|fit|be\s+(?:enough|possible|workable|feasible|acceptable|sufficient)|enough|something|"
    r"possible|realistic|sustainable|sufficient|make\s+sense|pay|meet|match)\b|"
    # "A weekend move costs more", "home delivery is pricier": a reason given about the value
    r"^\s*(?:[^\s,.;!?]+\s+){0,3}?(?:(?:costs?|runs?)\s+(?:(?:a\s+lot|much|far|way|a\s+bit)\s+)?(?:more|extra)\b(?!\s+than)|"
    r"(?:costs?|adds?)\s+(?:way\s+|far\s+)?(?:too\s+much|a\s+lot)\b|"
    # "Weekend moves carry extra staffing costs", "a premium album involves additional fees"
    r"(?:carry|carries|involves?|incurs?|means?|brings?|adds?)\s+(?:\w+\s+)?(?:extra|additional|higher|more)\s+"
    r"(?:\w+\s+)?(?:costs?|fees?|charges?|expenses?)\b|"
    r"(?:is|are)\s+(?:(?:much|far|way|a\s+bit)\s+)?(?:more\s+expensive|pricier|costlier)\b)|"
    # "ten hours is a long day", "$30 a head is a lot", "a big ask": a verdict with an article
    r"^\s*(?:[^\s,.;!?]+\s+){0,4}?(?:is|are|was|feels?|seems?|sounds?|looks?)\s+(?:still\s+|really\s+|quite\s+)?"
    r"a\s+(?:(?:bit|little|very|really)\s+)?(?:(?:too\s+)?(?:long|short|high|low|steep)\s+\w+|lot\b(?!\s+of\b)|big\s+ask|tall\s+order)",
    # (round 28) every verdict above but the marks of ASCII-less texts opens a word with one of these
    # (its verb, or "too", "off", "which"), after a space or at a word's start
    gate=r"[^a-z0-9_](?:is|are|was|would|seem|sound|too|sit|average|feel|look|exceed|surpass|goes|mean|work|come|"
         r"amount|add|become|make|off|won|which|do|can|will|cost|run|carr|involv|incur|bring)")
# ("that's a lot of stability for you" praises what the value gives: no verdict on it)
# Just after a value: it was a position left behind ("7-3 was our opening", "$1,500 was my first ask").
_PAST_AFTER = re.compile(r"^\s*(?:[^\s,.;!?]+\s+){0,2}?(?:was|were|had\s+been)\s+(?:(?:my|our|your|their|the)\s+)?"
                         r"(?:opening|first|last|previous|earlier|original|initial|old|prior|starting)\b", re.IGNORECASE)
# Just after a value: it is a difference from another value ("$100 less than you asked"), not one.
_DIFFERENCE_AFTER = caseless(r"^\s*(?:a\.?m\b|p\.?m\b|o'clock\b|:\d\d\b)|"  # a time of day ("Tuesday at 3pm")
                             r"^\s*(?:[a-z]+\s+)?(?:(?:less|more|lower|higher|cheaper|fewer|off)\s+(?:than|from|on|of)\b|"
                             # "half a percent off your rate": a reduction, not a value ("20 days off" is leave)
                             r"off\s+(?:your|their|the|my|our|that|this|it|of|from)\b(?!\s+table))")
PROPOSES = caseless(r"\b(?:propose|proposing|offer|offering|counter|suggest|how about|what about|settle|"
                       r"(?:lowest|highest|most|least|best|max|furthest)\s+(?:i|we)\s+can|tops? out|(?:our|my)\s+budget\s+(?:is|of)|"
                       r"could you|can you|would you|stands?\b|please|"
                       r"would be|can do|could do|let's|let us|accept|agree|final|willing|go with|meet|"
                       r"request|insist|hold(?:ing)? at|stay(?:ing)? at|stand(?:ing)? at|move to|now|"
                       r"(?:our|my) (?:position|proposal)|"
                       # (round 27) a proposal headed as one: "Proposal: $1,100", "Proposal to close: 3.5%"
                       r"proposal(?:\s+(?:to\s+close|for\s+closing))?\s*:)")
# A comma before three digits separates thousands ("$1,200"), not clauses.
_CLAUSE_BREAK = re.compile(r",(?!\d{3}(?!\d))|[;:(]|\s[-–—]\s")


# Before a value the other side named: the speaker takes it up ("comfortable with the", "we'll keep the").
_CONTENT_WITH_BEFORE = re.compile(r"(?<!not )(?<!n't )(?<!never )\b(?:(?:comfortable|happy|fine|ok(?:ay)?|good|content)\s+with|(?:can|could|will|'ll)\s+"
                                  r"(?:accept|take|keep|go\s+with|live\s+with|agree\s+to|approve|grant|honou?r))\s+(?:[^.;!?]*\s)?"
                                  # ("we can approve the full $10,000 you asked for")
                                  r"(?:the|your|that)\s+(?:(?:full|whole|entire|same)\s+)?(?:[$€£]|usd\s?)?$", re.IGNORECASE)
# Just after a value: it is the other side's ("the $1,000 deposit you offered").
_QUOTED_AFTER = re.compile(r"^\s*(?:[a-z-]+\s+){0,2}?(?:that\s+|which\s+)?(?:you|they)(?:'ve|\s+have|\s+had)?\s+"
                           r"(?:offered|proposed|suggested|mentioned|asked\s+for|wanted|requested|put\s+forward)\b",
                           re.IGNORECASE)


# Just before a value the other side named: it is joined to the values around it ("..., with the",
# "and the", "plus your").
_JOINED_BEFORE = re.compile(r"(?:\bwith|\band|\bplus|,)\s+(?:(?:the|your|that)\s+)(?:[$€£]|usd\s?)?$", re.IGNORECASE)
# A sentence in which the speaker offers a package of its own, with an amount of its own before the
# value taken up ("I can do $1,300 rent", "Let's say $1,200", "I'd propose we settle at $1,200").
_OWN_PACKAGE = re.compile(r"\b(?:i|we|let's|let\s+us)\b[^.;!?]*\b(?:propose|offer|do|say|settle|land|go\s+(?:to|with)|agree|"
                          r"accept|sign|meet)\b[^.;!?]*\d", re.IGNORECASE)
# ... unless the speaker sets its own value against theirs ("$1,200 instead of the 24 months you
# suggested", "rather than", "not the", "can't", "won't").
_SET_AGAINST = re.compile(r"\b(?:instead\s+of|rather\s+than|not|no|can't|cannot|won't|unable|except|but\s+not)\b[^.;!?]*$",
                          re.IGNORECASE)
# Just after a value: the speaker takes up the other side's value ("the $50 fee as you proposed").
_ADOPTED_AFTER = re.compile(r"^\s*(?:[a-z-]+\s+){0,2}?as\s+(?:you|they)(?:'ve|\s+have|\s+had)?\s+"
                            r"(?:proposed|suggested|offered|asked|requested|wanted)\b", re.IGNORECASE)


# A question that asks about a value rather than proposing it ("Is $1,300 really the lowest you
# can go?", "Does the $1,200 include tax?", "Could you clarify whether the $1,500 deposit ...?"):
# it opens like an inquiry and has no word of proposing ("Is $1,150 okay?" proposes).
_INQUIRY = re.compile(r"^\W*(?:and\s+|but\s+|so\s+|also\s+)?(?:is|are|does|do|did|was|were|has|have|had|isn't|aren't|doesn't|"
                      r"why|when|where|who|whose|which|(?:could|can|would|will)\s+you\s+(?:please\s+)?(?:clarify|confirm|"
                      r"explain|tell|check|let\s+(?:us|me)\s+know|send|share|show|describe))\b", re.IGNORECASE)
_PROPOSING_WORDS = re.compile(r"\b(?:ok|okay|acceptable|fine|doable|work(?:s|able)?|possible|agreeable|feasible|deal|"
                              r"agree|accept|do|meet|settle|go\s+(?:with|for|to)|how\s+about|what\s+about|what\s+if|"
                              r"consider|manage|stretch)\b", re.IGNORECASE)


# "Is $1,300 really the best you can do?": a question about the other side's limit, whatever
# proposing word it has.
_ASKS_THEIR_LIMIT = re.compile(r"\b(?:best|lowest|highest|most|least|furthest|max(?:imum)?|min(?:imum)?)\s+"
                               r"(?:you|they)\s+(?:can|could|will|would)\b", re.IGNORECASE)


def asks_about(sentence: str) -> bool:
    """The sentence is a question about values, not a proposal of them. The inquiry may follow a
    lead-in ("Before we go further: is the $110,000 before or after the bonus?")."""
    stripped = sentence.strip()
    if not stripped.endswith("?"):
        return False
    if _ASKS_THEIR_LIMIT.search(stripped):
        return True
    if _INQUIRY.match(stripped) and not _PROPOSING_WORDS.search(stripped):
        return True
    # "Thanks — just to confirm, are the $1,200 and 24 months inclusive of utilities?"
    segments = re.split(r":\s+|\s[-–—]\s|,\s+", stripped)
    # (a short last segment holding no number after the values is a tag asking for agreement:
    # "Buffet, $45 a guest, no bar — are you agreed?", "… — sind Sie einverstanden?")
    tag = len(segments) > 2 and not re.search(r"\d", segments[-1]) and len(segments[-1].split()) <= 4
    return any(_INQUIRY.match(segment) and not _PROPOSING_WORDS.search(" ".join(segments[index:]))
               for index, segment in enumerate(segments[1:len(segments) - tag], start=1))


_THEIRS_LABELLED = re.compile(r"\s*(?:you|yours|they|theirs|your\s+side|their\s+side|"
                              r"(?:your|their)\s+(?:current\s+|latest\s+|last\s+|new\s+)?"
                              r"(?:terms|offer|proposal|position|ask|package|counter-?offer))\s*[:=]", re.IGNORECASE)


# A word that makes a clause a statement of its own (a subject or a verb): a clause without one is
# an item of the list the clause before it began ("You've asked for $1,000 rent, a 36-month lease,
# no deposit and 10 days": every item is still what they asked for).
_STATEMENT_WORD = caseless(
    r"\b(?:i|we|you|they|he|she|it|that|this|there|is|are|was|were|be|been|am|can|could|will|would|shall|"
    r"should|may|might|must|do|does|did|have|has|had|works|need|want|accept|offer|propose|take|give|pay|"
    r"agree|go|make|let|keep|get|seems?|sounds?|looks?|fine|ok|okay|deal|but|or|how|what|if|so|then|except|"
    r"stays?|goes|comes?|remains?|becomes?)\b|'(?:s|re|ll|d|ve|m)\b|n't\b")


def _value_clause(sentence: str, start: int, end: int) -> str:
    """The part of the sentence a value's clause spans, both sides of the value."""
    before = _CLAUSE_BREAK.split(sentence[:start])[-1]
    after = _CLAUSE_BREAK.split(sentence[end:])[0]
    return before + sentence[start:end] + after


_LIST_BREAK = re.compile(f"({_CLAUSE_BREAK.pattern})")  # _CLAUSE_BREAK, keeping the breaks


_AMOUNT = re.compile(r"[$€£]?\d[\d,.]*")
_AMOUNT_START = re.compile(r"[$€£]?\d")


def _list_scope(before: str, clause_of_value: str) -> str:
    """The text whose stance a value inherits: its own clause and, when that clause (and each one
    back to the list's first) is a bare item of a list joined by commas, the clause that began the
    list ("You've asked for $1,000 rent, a 36-month lease, no deposit"). The items between are
    not taken: what they say ("45% of yours") is about themselves."""
    pieces = _LIST_BREAK.split(before)
    own = pieces[-1]
    if len(pieces) == 1 or _STATEMENT_WORD.search(_AMOUNT.sub(" ", clause_of_value)):
        return own
    index = len(pieces) - 2  # the separator before the value's clause
    while index > 0 and pieces[index] == ",":
        clause = pieces[index - 1]
        if _STATEMENT_WORD.search(clause):
            # Only a clause that quotes or recounts a package before its first value begins such
            # a list ("you've asked for $1,000 rent"); "your deposit of $1,000 as is" is an item.
            first_value = _AMOUNT_START.search(clause)
            lead = clause[:first_value.start()] if first_value else ""
            return clause + ", " + own if first_value and _LIST_LEAD.search(lead) else own
        index -= 2
    return own


_THANKED = re.compile(r"\b(?:appreciate|thanks?\s+(?:you\s+)?for)\b", re.IGNORECASE)
_LIST_LEAD = re.compile(r"\b(?:offered|proposed|suggested|asked(?:\s+for)?|wanted|requested|mentioned|said|"
                        r"demanded|offering|proposing|asking(?:\s+for)?|demanding|want|quoted|"
                        # "Thank you for your proposal of a $100,000 salary, on-site work, ..."
                        r"(?:proposal|offer|counter-?offer|terms)\s+of)\b", re.IGNORECASE)


# Worked-out compromises: "splitting the difference between my $1,200 and your $1,000 gives
# $1,100", "your 5% and my 2% average to 3.5%". The result is the speaker's; the two ends are not.
_RESULT_VERB = r"(?:averages?\s+(?:out\s+)?to|gives?|comes?\s+to|equals|works?\s+out\s+to|lands?\s+(?:us\s+)?(?:at|on)|puts?\s+us\s+at)"
_RESULT_BEFORE = caseless(rf"\b{_RESULT_VERB}\s*(?:about\s+|roughly\s+|exactly\s+)?(?:[$€£]|usd\s?)?$")
# (after the two ends, "which is" and "that's" state the result too: "the middle of $1,000 and
# $1,200, which is $1,100")
_ENDS_RESULT = rf"(?:{_RESULT_VERB}|which\s+(?:is|would\s+be|makes)|that(?:'s|\s+is|\s+would\s+be))"
_ENDS_BETWEEN = caseless(rf"\b(?:(?:split(?:ting)?\s+the\s+difference|halfway|midway|middle|meet(?:ing)?\s+halfway)\s+between|"
                         rf"(?:middle|midpoint|mid-point)\s+of)\b(?:(?!\b{_ENDS_RESULT}\b)[^.;!?])*$")
_RESULT_AFTER = re.compile(rf"^[^.;!?]*\b{_ENDS_RESULT}\b", re.IGNORECASE)
_ENDS_THEN_RESULT_BEFORE = re.compile(rf"\b(?:(?:split(?:ting)?\s+the\s+difference|halfway|midway|middle|meet(?:ing)?\s+halfway)"
                                      rf"\s+between|(?:middle|midpoint|mid-point)\s+of)\b[^.;!?]*\b{_ENDS_RESULT}\s*"
                                      rf"(?:about\s+|roughly\s+|exactly\s+)?(?:[$€£]|usd\s?)?$", re.IGNORECASE)
# "You're at $1,400 and I'm at $1,000 — splitting the difference gives us $1,200": the ends come first.
_COMPROMISE_AFTER = re.compile(rf"^[^.;!?]*\b(?:split(?:ting)?\s+the\s+difference|meet(?:ing)?\s+(?:in\s+the\s+middle|halfway)|"
                               rf"halfway|midway)\b[^.;!?]*\b{_RESULT_VERB}\b", re.IGNORECASE)


# Just before a value: the speaker refuses it ("we can't accept a 36-month term", "I'm not able to
# agree to on-site work", "we won't go with the $2,000 deposit").
_REFUSED_BEFORE = caseless(r"(?:\b(?:can(?:no|')t|cannot|won't|will\s+not|(?:am|are|is|'m|'re)\s+(?:not|un)\s*able\s+to|"
                           r"unable\s+to|not\s+in\s+a\s+position\s+to|refuse\s+to|decline\s+to)\s+"
                           r"(?:accept|agree\s+to|take|go\s+with|commit\s+to|work\s+with|sign\s+(?:on\s+to|up\s+for)|do)\s+|"
                           # "no can do on 5 days": the refusal said as an idiom
                           r"\bno\s+can\s+do\s+(?:on|with|at)\s+)"
                           r"(?:an?\s+|the\s+|any\s+|your\s+)?(?:[$€£]|usd\s?)?$")


# Just before a parenthesis: the other side's offer, whose values the parenthesis lists.
_THEIR_OFFER_BEFORE = re.compile(r"\b(?:your|their|(?!(?:my|our)\b)[a-z]+'s)\s+(?:\w+\s+)?(?:offer|proposal|terms|"
                                 r"counter(?:-?offer)?|package|position|ask)\s*$", re.IGNORECASE)


# "everything as in their last proposal (...)", "same as your offer (...)": their values, taken up.
_ADOPTS_BEFORE = re.compile(r"\b(?:as\s+in|same\s+as|as\s+per|everything|keep|accept\w*|take|taking)\b", re.IGNORECASE)


# "their package (...) except the deposit at $1,000": the package is taken up, one value changed.
_EXCEPT = re.compile(r"\b(?:except|apart\s+from|other\s+than|save\s+for)\b", re.IGNORECASE)


# Just before a value: the end of a move the speaker made ("come down to", "gone from 5% down to").
_MOVED_TO_BEFORE = re.compile(r"\b(?:gone|come|came|went|moved|dropped|lowered|raised|cut|brought)\s+"
                              r"(?:(?:the|my|our)\s+\w+\s+|it\s+|this\s+|that\s+)?(?:(?:all\s+the\s+way|right)\s+)?(?:from\s+\S+\s+)?(?:(?:all\s+the\s+way\s+)?(?:down|up)\s+)?to\s+"
                              r"(?:[$€£]|usd\s?)?$", re.IGNORECASE)
_ALREADY = re.compile(r"\balready\b", re.IGNORECASE)
_IT_IS = re.compile(r"\b(it|that|this|which)['’]s\b", re.IGNORECASE)


# A line opened by a cross or thumbs-down mark, the value right after it or after its issue's
# name ("❌ $100,000", "👎 Rent: $1,400"): the mark before the value turns it down, as one after it does.
_CROSSED_BEFORE = re.compile(r"(?:^|\n)[^\S\n]*(?:[-*•][^\S\n]*)?[❌✘✗❎👎⛔][^\S\n]*(?:[^\W\d][^\n:—–]{0,30}:[^\S\n]*)?(?:[$€£]|usd\s?)?$",
                             re.IGNORECASE)
_CROSS_MARK = re.compile("[❌✘✗❎👎⛔]")
_LABEL_BREAK = re.compile(r"[;.!?]\s|—|\s-\s")  # the end of a "you: …" label's reach


# "…, so $1,000", "— so $25,200": a result drawn from the figures before it in its sentence.
# (a result given to another thing, "so $1,000 for the deposit", is no result of the figures before)
_SO_RESULT_AFTER = re.compile(r"^[^.;!?]{0,80}?(?:,|\s[—–-])\s*so\s+(?:about\s+|roughly\s+|that's\s+|it's\s+)?"
                              r"(?P<value>[$€£]\s?\d[\d,.]*\d|[$€£]\s?\d|\d[\d,.]*\s?%)"
                              r"(?!\s*(?:for|in|on|as|towards?)\s+(?:the\s+|a\s+|an\s+)?[a-z])", re.IGNORECASE)
_FIGURE = re.compile(r"\d[\d,]*(?:\.\d+)?")


# "the $40 fee remains a concern", "$1,400 remains a sticking point": a worry about it (apart from
# `_REJECTED_AFTER`, searched after every value, and tried only where "remain" or "stay" is).
_REMAINS_A_CONCERN = re.compile(r"^\s*(?:[^\s,.;!?]+\s+){0,3}?(?:remains?|stays?)\s+(?:still\s+)?(?:a|the|my|our)\s+"
                                r"(?:real\s+|big\s+|major\s+|main\s+)?(?:concern|sticking\s+point|problem|hurdle)\b", re.IGNORECASE)


def _worked_from(value: str, after: str) -> bool:
    """The value is one the sentence works a result of the same kind out from ("from my $7, so
    $6"): money before money, a percentage before a percentage, of a like size (a move or a
    middle is near its ends; "$6,000 at 4%, so $30 in fees" is another issue's figure)."""
    result = _SO_RESULT_AFTER.search(after)
    if result is None:
        return False
    worked = result.group("value")
    if bool(re.search(r"[$€£]", value)) != bool(re.search(r"[$€£]", worked)) or ("%" in value) != ("%" in worked):
        return False
    first, second = _FIGURE.search(value), _FIGURE.search(worked)
    if first is None or second is None:
        return False
    a, b = float(first.group(0).replace(",", "")), float(second.group(0).replace(",", ""))
    return a > 0 and b > 0 and 0.5 <= a / b <= 2


# A value the listener offered, named inside one's own package, then the package goes on.
_QUOTED_THEN_JOINED = re.compile(r"\d[^.;!?\d]{0,30}?\b(?:you|they)(?:'ve|\s+have|\s+had)?\s+(?:offered|proposed|suggested|"
                                 r"mentioned|asked\s+for|wanted|requested)\s*,?\s+(?:and|plus)\s+", re.IGNORECASE)


# Round twenty-four: a value the speaker's own verb of taking up governs, in its clause ("I accept
# your rent of $1,200", "if I accept your 24-month term", "and pay your $50 fee", "I'll meet your
# 5 days", "yes to $6,000 over 5 years"): the speaker takes it, whether the sentence goes on to ask
# something ("..., but could we lower the deposit?") or names the value as the listener's. Only the
# first person's verb (not "would you accept $1,400?"), not negated, with nothing between verb and
# value that sets the value against another ("rather than", "not", "from", "but"), makes it a step
# ("take the fees down a further ten dollars") or a condition of theirs ("if"); "I take it" is no
# taking up. "meet", "pay" and "keep" take up only what is the listener's ("meet your 5 days";
# "we meet in the middle of $1,000 and $1,200" and "we'd keep 55% of B's staff" take nothing up).
# (substring tests first, cheap, on the tail as the IGNORECASE pattern compares it: "WE ACCEPT YOUR", "yes  to")
_TAKES_CUE = ("ccept", "take", "meet", "pay", "keep", "yes")
_TAKEN_UP_BEFORE = caseless(
    r"(?:\b(?:i|we)(?:'ll|'d|\s+will|\s+would|\s+can|\s+could|\s+do|\s+also|\s+hereby)?\s+"
    r"(?:(?:gladly|happily|readily|fully)\s+)?(?:accept|take(?!\s+it\b)|(?:meet|pay|keep)\s+(?:your|their))|(?:^|\W)yes\s+to)\b"
    r"(?:(?!\s(?:not|than|instead|rather|never|no|but|except|from|without|if|or|above|below|over|under|"
    r"down|up|off|another|further)\b)[^.;:!?\n]){0,45}$")


def _taken_up(before: str) -> bool:
    """The value whose sentence opens with `before` is governed by the speaker's verb of taking up."""
    tail = before[-80:]
    folded_tail = folded(tail)
    if not any(cue in folded_tail for cue in _TAKES_CUE):
        return False
    clause = _CLAUSE_BREAK.split(tail)[-1]
    return bool(_TAKEN_UP_BEFORE.search(clause))


def is_own(sentence: str, start: int, end: int) -> bool:
    """The value at start..end of a sentence is the speaker's own."""
    before = sentence[:start]
    if _taken_up(before) and not _REJECTED_AFTER.search(sentence[end:end + 70]):
        return True
    if "?" in sentence and asks_about(sentence):
        # "How about the middle of $1,000 and $1,200, which is $1,100?": a question that works out
        # a compromise proposes its result (and not its ends); any other question asks.
        return bool(_RESULT_BEFORE.search(before[-40:]) or ("middle" in before or "between" in before or "mid" in before)
                    and _ENDS_THEN_RESULT_BEFORE.search(before))
    clause = _list_scope(before, _value_clause(sentence, start, end))
    after = sentence[end:end + 70]
    if "'s" in after or "’s" in after:
        after = _IT_IS.sub(r"\1 is", after)  # "At $75 a head it's over budget": the verdict's verb
    if _REJECTED_AFTER.search(after) or _DIFFERENCE_AFTER.search(after) or _PAST_AFTER.search(after):
        return False
    if ("remain" in after or "stay" in after) and _REMAINS_A_CONCERN.match(after):
        return False
    if " so " in after and _worked_from(sentence[start:end], after):
        return False  # "You're at $1,100 and I'm at $900, so $1,000": a figure the result is worked out from
    if _CROSS_MARK.search(before) and _CROSSED_BEFORE.search(before):
        return False  # "❌ $100,000 — I was hoping for more": a line crossed out names what is turned down
    if (_ENDS_BETWEEN.search(before) and _RESULT_AFTER.search(sentence[end:])) or _COMPROMISE_AFTER.search(sentence[end:]):
        return False  # an end of the compromise the sentence works out
    if _RESULT_BEFORE.search(before[-40:]) or ("middle" in before or "between" in before or "mid" in before) \
            and _ENDS_THEN_RESULT_BEFORE.search(before):
        return True  # the compromise worked out, whoever's ends it is worked out from
    if _THEIRS_LABELLED.match(_LABEL_BREAK.split(before)[-1]):
        return False  # every value after "you:" up to the next ";" is theirs
    if _ADOPTED_AFTER.search(after):
        return True  # "with the $50 fee as you proposed": their value, taken up
    if _QUOTED_AFTER.search(after):
        # "We'll take the 24 months you proposed": accepting it makes it one's own; so does being
        # content with it ("I'd be comfortable with the 12-month lease you suggested").
        # So does joining it to a package the speaker offers ("I can do $1,300 rent with the 24
        # months you suggested", "Let's say $1,200, 24 months, and the $750 deposit you offered").
        return accepts_named(sentence) or bool(_CONTENT_WITH_BEFORE.search(before[-60:])) or \
            bool(_JOINED_BEFORE.search(before[-40:]) and _OWN_PACKAGE.search(before) and not _SET_AGAINST.search(before[-30:]))
    if _THANKED.search(clause) and re.search(r"\bbut\b", sentence[end:], re.IGNORECASE):
        return False  # "I appreciate the 1-year warranty, but I'd like 2 years": theirs, set aside
    if _BOUND_BEFORE.search(before[-40:]):
        return True
    if _REFUSED_BEFORE.search(before[-50:]):
        return False  # "I'm not able to accept an on-site arrangement": turned down
    # "Your latest offer ($1,300 rent, 12 months) doesn't work": theirs, named in parentheses;
    # "Your last package — 7-3 board, 65% ownership — would leave us ...": a dash sets off their
    # values as a parenthesis does
    opened = before.rfind("(")
    if opened >= 0 and ")" not in before[opened:] and _sets_off_their_offer(before, opened, sentence):
        return accepts_named(sentence)
    dash = max(before.rfind(" — "), before.rfind(" – ")) if "—" in before or "–" in before else -1
    if dash >= 0 and _sets_off_their_offer(before, dash, sentence):
        return accepts_named(sentence)
    immediate = _IMMEDIATE_NOT_OWN.search(before[-30:])
    if immediate is None:
        tail = before[-40:]
        if any(cue in tail for cue in _STEP_OR_SIDE_CUE):
            immediate = _STEP_OR_SIDE_BEFORE.search(tail)
    # "ready by the end of the month": before a worded label, "by" sets a time, not a difference.
    # "from March 16", "by April 6": before a date, "from" sets its start and "by" its deadline.
    if immediate and not (sentence[start:start + 1].isalpha() and re.match(r"\s*by\b", immediate.group(0), re.IGNORECASE)) \
            and not (_MONTH_START.match(sentence[start:end]) and re.match(r"\s*(?:from|by)\b", immediate.group(0), re.IGNORECASE)
                     and not re.match(r"\s*(?:to|until|till)\b", sentence[end:], re.IGNORECASE)):
        return False
    if "already" in clause.lower() and _MOVED_TO_BEFORE.search(before[-60:]):
        # "I've already gone from 5% down to 4%": where a move ends is where the speaker stands
        # now; "already" dates only the move (its start, after "from", was turned off above).
        clause = _ALREADY.sub(" ", clause)
    if ("you" in clause or "they" in clause) and (" and " in clause or " plus " in clause):
        # "…, with the $750 deposit you offered and 2 days of subletting": the quoted value's
        # relative clause ends at the conjunction; what follows is the next item of one's package.
        joined = None
        for joined in _QUOTED_THEN_JOINED.finditer(clause):
            pass
        if joined is not None and _OWN_PACKAGE.search(before):
            clause = clause[joined.end():]
    # "We can't go below $65 for a plated dinner": a bound the speaker sets says what it offers;
    # its "can't" is no refusal of the rest of the clause.
    if _CLAUSE_NOT_OWN.search(_BOUND_PHRASE.sub(" ", clause) if _BOUND_PHRASE.search(clause) else clause):
        # "your 24-month proposal works": accepting a named value makes it one's own.
        # Whether the sentence accepts is agreement.py's rule, the one the judge and the bots use.
        return bool(re.search(r"\byour?\b", clause, re.IGNORECASE)) and accepts_named(sentence) or \
            bool(_ACCEPTS_THEIRS.search(clause))
    return True


def _sets_off_their_offer(before: str, at: int, sentence: str) -> bool:
    """The parenthesis or dash at `at` sets off the other side's offer, not taken up ("everything
    as in their last proposal (...)") nor changed in part ("their package (...) except ...")."""
    return bool(_THEIR_OFFER_BEFORE.search(before[max(0, at - 50):at])) \
        and not _ADOPTS_BEFORE.search(before[max(0, at - 60):at]) and not _EXCEPT.search(sentence)


# "We accept Company B's proposal of 40% benefits, ...", "I'll take their offer of $1,200": the
# other side's values, taken up by the speaker's own acceptance in the clause (not "we can't accept").
_ACCEPTS_THEIRS = re.compile(r"^\W*(?:(?:so|then|ok(?:ay)?|fine|good|great)\W+)?(?:i|we)(?:'ll|\s+will|\s+can|\s+do|\s+hereby)?\s+"
                             r"(?:(?:gladly|happily|fully|readily)\s+)?(?:accept|agree\s+to|take\s+up|take)\s+"
                             r"(?:your|their|(?:company\s+)?[a-z]+'s|the\s+[a-z]+'s)\s+(?:\w+\s+)?(?:offer|proposal|terms|counter-?offer)\s+"
                             r"(?:of|for)\b", re.IGNORECASE)

"""A message written as an email: its subject line, greeting and signature hold no offer (a date
in the subject, a name or phone number under "Best,"), so only the body is read."""

from __future__ import annotations

import re

# "Subject: ...", "Re: ...", "Betreff:", "Objet :", "Asunto:", "Oggetto:", "Assunto:", "Temat:",
# "Předmět:", "Emne:", "Ämne:", "Aihe:", "Subiect:", "Тема:", "Perihal:", "Konu:", "Θέμα:"
_SUBJECT = re.compile(r"^[ \t*_]*(?:subject|re|fwd?|betreff|objet|asunto|oggetto|assunto|onderwerp|temat|předmět|"
                      r"emne|ämne|aihe|subiect|тема|perihal|konu|θέμα|件名|主题|제목)[*_]*\s*[:：]", re.IGNORECASE)
# "Hi Rachel,", "Dear Inès,", "Hello team!", "Hallo Frau Weber,", "Bonjour Marc,", "Hola Ana:"
_GREETING = re.compile(r"^[ \t]*(?:hi|hello|hey|dear|good\s+(?:morning|afternoon|evening)|greetings|hallo|liebe[rs]?|"
                       r"sehr\s+geehrte[rs]?|bonjour|cher|chère|hola|estimad[oa]s?|ciao|gentile|caro|cara|olá|prezad[oa]|"
                       r"beste|geachte|dzień\s+dobry|witam|drog[ai]|dobrý\s+den|hej|kære|kjære|hei|moi|bună|"
                       r"добрий\s+день|здравствуйте|привіт|halo|merhaba|αγαπητ\w+|γεια)\b[^\n]{0,40}[,!:]?[ \t]*$",
                       re.IGNORECASE)
# "Best,", "Kind regards,", "Thanks,", "Cheers", "Mit freundlichen Grüßen", "Cordialement", ...
_CLOSING = re.compile(r"^[ \t]*(?:best(?:\s+(?:regards|wishes))?|(?:kind|warm|many)\s+regards|regards|thanks(?:\s+again)?|"
                      r"thank\s+you|cheers|sincerely|yours(?:\s+(?:sincerely|truly))?|love|all\s+the\s+best|"
                      r"mit\s+freundlichen\s+grüßen|viele\s+grüße|beste\s+grüße|grüße|cordialement|bien\s+à\s+vous|"
                      r"saludos(?:\s+cordiales)?|un\s+saludo|cordiali\s+saluti|saluti|atenciosamente|abraços|"
                      r"met\s+vriendelijke\s+groet|groeten|pozdrawiam|z\s+poważaniem|s\s+pozdravem|"
                      r"med\s+venlig\s+hilsen|med\s+vennlig\s+hilsen|hilsen|vänliga\s+hälsningar|ystävällisin\s+terveisin|"
                      r"terveisin|cu\s+stimă|с\s+повагою|с\s+уважением|salam|hormat\s+kami|saygılarımla|"
                      r"με\s+εκτίμηση)[ \t]*[,.!]?[ \t]*$", re.IGNORECASE)


def email_body(message: str) -> str:
    """The message without its subject line, greeting and signature, when it is framed as an
    email (it has a subject line or a closing line, and a greeting); else the message."""
    lines = message.strip().splitlines()
    if len(lines) < 3:
        return message
    start = 0
    subject = bool(_SUBJECT.match(lines[0]))
    if subject:
        start = 1
    while start < len(lines) and not lines[start].strip():
        start += 1
    greeting = start < len(lines) and bool(_GREETING.match(lines[start]))
    if greeting:
        start += 1
    closing = next((index for index in range(len(lines) - 1, start, -1) if _CLOSING.match(lines[index])), None)
    # The closing ends the body only near the end (a name, a title, a phone number after it).
    if closing is not None and len(lines) - closing > 4:
        closing = None
    if not (subject or closing is not None) or not (greeting or subject):
        return message
    body = "\n".join(lines[start:closing]).strip()
    return body if body else message

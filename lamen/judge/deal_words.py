"""Everyday words of deal terms in other languages, one concept a row: the words text labels of
user-authored games are made of (full, half, basic, same, next, only, items, refund, packing,
weekday, response, notice, equipment, ...), not the phrases of any one game's labels. The lexicon
translates a text word by word into English, and the English grammar then finds a label by its
words' stems in any order ("Verpackung nur für zerbrechliche Gegenstände" -> "packing only for
fragile items" = "fragile items only"), so a new game whose labels are made of these words is read
in every language listed here without a phrase of its own.

Rows list German, French, Spanish, Italian, Portuguese and Dutch forms (inflections included).
Words that are also English words with another sense ("base", "total", "seguro" = sure,
"assurance", "articles") are left out: the lexicon also runs over English text that holds one
foreign word."""

from __future__ import annotations

EUROPEAN: dict[str, tuple[str, ...]] = {
    # grades and amounts of a service
    "full": ("voll", "volle", "voller", "volles", "vollen", "vollem", "complet", "complète", "complets", "complètes",
             "plein", "pleine", "intégral", "intégrale", "completo", "completa", "completos", "completas", "pleno",
             "plena", "pieno", "piena", "intero", "intera", "volledig", "volledige"),
    "half": ("halb", "halbe", "halben", "halber", "halbes", "hälfte", "moitié", "mitad", "metà", "metade", "helft"),
    "basic": ("grundlegend", "grundlegende", "einfache", "einfacher", "einfachen", "einfaches", "de base", "básico", "básica",
              "básicos", "básicas", "basico", "basica", "di base", "basilare", "eenvoudig", "eenvoudige"),
    "only": ("nur", "seulement", "uniquement", "solo", "solamente", "sólo", "soltanto", "solamente", "somente", "alleen",
             "enkel"),
    "same": ("gleichen", "gleiche", "gleicher", "selben", "selbe", "même", "mismo", "misma", "stesso", "stessa",
             "mesmo", "mesma", "dezelfde", "zelfde"),
    "next": ("nächsten", "nächster", "nächste", "folgenden", "folgender", "folgende", "suivant", "suivante",
             "prochain", "prochaine", "siguiente", "próximo", "próxima", "successivo", "successiva", "seguente",
             "prossimo", "prossima", "seguinte", "volgende"),
    "within": ("innerhalb", "binnen", "entro", "dentro de"),
    "week": ("woche", "semaine", "settimana"),
    "day": ("tag", "journée", "giornata"),
    "a": ("einer",),
    "self": ("selbst",),
    "ourselves": ("nous-mêmes", "nosotros mismos", "noi stessi", "nós mesmos"),
    "total": ("gesamt", "gesamte", "gesamten", "totale", "totaal"),
    "items": ("gegenstände", "gegenständen", "sachen", "objets", "objetos", "artículos", "oggetti", "articoli", "itens",
              "artigos", "spullen", "voorwerpen", "artikelen"),
    "fragile": ("zerbrechlich", "zerbrechliche", "zerbrechlichen", "zerbrechlicher", "fragiles", "frágil", "frágiles",
                "fragili", "frágeis", "breekbaar", "breekbare"),
    "value": ("wert", "werts", "valeur", "valor", "valore", "waarde"),
    "protection": ("schutz", "protección", "protezione", "proteção", "bescherming"),
    "coverage": ("deckung", "absicherung", "dekking"),
    "insurance": ("versicherung", "assicurazione", "verzekering"),
    "packing": ("verpackung", "packen", "einpacken", "emballage", "embalaje", "empaque", "empaquetado",
                "imballaggio", "imballo", "embalagem", "inpakken", "verpakking"),
    "move": ("umzug", "déménagement", "mudanza", "trasloco", "mudança", "verhuizing", "verhuis"),
    "weekday": ("wochentag", "wochentags", "en semaine", "entre semana", "feriale", "giorno feriale", "dia de semana",
                "doordeweeks", "doordeweekse dag"),
    "same day": ("in giornata", "en el día", "no mesmo dia", "le jour même", "am selben tag", "am gleichen tag"),
    "weekend": ("wochenende", "week-end", "fin de semana", "fine settimana", "fim de semana"),
    "business day": ("werktag", "arbeitstag", "jour ouvrable", "jour ouvré", "día hábil", "día laborable",
                     "giorno lavorativo", "dia útil", "werkdag"),
    "business": ("ouvrable", "ouvré", "hábil", "laborable", "lavorativo", "lavorativa"),
    "refund": ("rückerstattung", "erstattung", "rückzahlung", "remboursement", "reembolso", "rimborso", "terugbetaling",
               "restitutie"),
    "refunded": ("erstattet", "zurückerstattet", "remboursé", "remboursée", "reembolsado", "rimborsato", "rimborsata",
                 "reembolsada", "terugbetaald"),
    "non-exclusive": ("niet-exclusief", "niet-exclusieve", "nicht-exklusiv", "nicht-exklusive", "non exclusif",
                      "non exclusive", "no exclusiva", "no exclusivo", "non esclusiva", "não exclusiva"),
    "exclusive": ("exclusief", "exclusieve", "exklusiv", "exklusive", "exclusif", "exclusiva", "exclusivo", "esclusiva",
                  "esclusivo"),
    "licence": ("licentie", "lizenz", "licencia", "licenza", "licença"),
    "weeks": ("weken",),
    "net": ("netto",),
    "non-refundable": ("nicht erstattungsfähig", "nicht erstattbar", "non remboursable", "no reembolsable",
                       "non rimborsabile", "não reembolsável", "niet restitueerbaar"),
    "back": ("zurück", "retour", "de vuelta", "indietro", "de volta", "terug"),
    "cancellation": ("stornierung", "storno", "annulation", "cancelación", "cancellazione", "cancelamento", "annulering"),
    "tech": ("technik",),
    "equipment": ("ausstattung", "ausrüstung", "équipement", "équipements", "matériel", "equipo", "equipos",
                  "equipamiento", "attrezzatura", "apparecchiature", "equipamento", "equipamentos", "apparatuur",
                  "uitrusting"),
    "audio-visual": ("audiovisuel", "audiovisuelle", "audiovisivo", "audiovisiva", "audiovisueel", "audiovisuele"),
    "projector": ("beamer", "projektor", "projecteur", "proyector", "proiettore", "projetor"),
    "screen": ("leinwand", "écran", "pantalla", "schermo", "tela", "scherm"),
    "venue fee": ("saalmiete", "raummiete", "hallenmiete", "location de salle", "location de la salle",
                  "alquiler de la sala", "alquiler del salón", "affitto della sala", "aluguel do salão",
                  "aluguel do espaço", "zaalhuur"),
    "fee": ("honorar", "honorare", "honoraires", "honorario", "honorarios", "compenso", "onorario", "honorários",
            "vergoeding"),
    "response": ("antwort", "reaktion", "réponse", "respuesta", "risposta", "resposta", "reactie", "antwoord"),
    "response time": ("reaktionszeit", "antwortzeit", "délai de réponse", "tiempo de respuesta", "tempo di risposta",
                      "tempi di risposta", "tempo de resposta", "reactietijd"),
    "notice": ("préavis", "preaviso", "preavviso", "aviso prévio", "opzegging"),
    "notice period": ("kündigungsfrist", "délai de préavis", "plazo de preaviso", "periodo di preavviso",
                      "período de aviso prévio", "opzegtermijn"),
    "business hours": ("bürozeiten", "geschäftszeit", "heures d'ouverture", "horas de oficina", "horas laborables",
                       "orari d'ufficio", "horário de expediente", "kantooruren", "kantoortijden", "werkuren"),
    # payment and handover
    "cash": ("barzahlung", "in bar", "comptant", "au comptant", "en espèces", "espèces", "en efectivo", "efectivo",
             "al contado", "in contanti", "contanti", "à vista", "em dinheiro"),
    "pay cash": ("zahle bar", "zahlen bar", "bar zahlen", "bar bezahlen", "bar bezahlt"),
    "payment": ("saldo",),
    "cleanup": ("reinigung", "nettoyage", "limpieza", "pulizia", "limpeza", "schoonmaak"),
    "daily": ("tägliche", "täglichen", "quotidiana", "quotidiano", "diário", "diária", "dagelijkse"),
    "included": ("inbegrepen", "inclusief", "inklusiv", "enthalten", "compreso", "compresa", "incluse", "incluses"),
    "pickup": ("afhalen", "ritiro", "recogida", "retirada", "retrait"),
    "pick up": ("abholen", "retirer", "recoger", "ritirare", "retirar", "ophalen"),
    "store": ("magasin", "tienda", "negozio", "loja", "winkel"),
    "home": ("domicile", "domicilio", "domicílio", "zuhause", "thuis"),
    "assemble": ("monter", "monte", "monto", "monta", "montare", "montar", "montieren", "montiere", "monteren", "monteer", "aufbauen",
                 "zusammenbauen"),
    "myself": ("moi-même", "yo mismo", "yo misma", "io stesso", "io stessa", "eu mesmo", "eu mesma", "ich selbst",
               "selber", "zelf"),
    # headings and answers, and links between clauses
    "acceptable offer": ("proposta accettabile", "propuesta aceptable", "proposition acceptable",
                         "akzeptabler vorschlag", "annehmbares angebot", "proposta aceitável"),
    "yes": ("ja", "oui", "sí", "sì", "sim"),
    "but": ("aber", "mais", "pero", "ma", "maar"),
    "employees": ("beschäftigte", "beschäftigten", "belegschaft", "salariés", "trabajadores", "lavoratori",
                  "trabalhadores", "werknemers"),
    # a value replaced, and a value turned down as costly (glossed so the English grammar of stance reads them)
    "instead of": ("anstatt", "statt", "anstelle von", "au lieu de", "au lieu du", "au lieu des", "plutôt que",
                   "en lugar de", "en lugar del", "en vez de", "en vez del", "invece di", "invece del", "anziché",
                   "al posto di", "em vez de", "em lugar de", "ao invés de", "in plaats van"),
    "too expensive": ("zu teuer", "demasiado caro", "demasiado cara", "troppo caro", "troppo cara", "muito caro",
                      "muito cara", "caro demais", "te duur"),
    "too much": ("zu viel", "trop", "demasiado", "troppo", "demais", "te veel"),
    "too high": ("zu hoch", "trop élevé", "trop élevée", "trop cher", "demasiado alto", "demasiado alta", "troppo alto",
                 "troppo alta", "muito alto", "muito alta", "te hoog"),
    "too low": ("zu niedrig", "zu wenig", "trop bas", "trop basse", "demasiado bajo", "demasiado baja", "troppo basso",
                "troppo bassa", "muito baixo", "muito baixa", "te laag"),
    "are": ("sind", "sont", "sono", "são", "zijn"),
    # whose a position is (a table's own column: "Notre offre | Offre de A")
    "our": ("notre", "nos", "unser", "unsere", "unserer", "unseres", "nuestra", "nuestro", "nuestros", "nuestras",
            "nostra", "nostro", "nostri", "nostre", "nossa", "nosso", "nossos", "nossas"),
    "my": ("mein", "meine", "meiner", "mio", "mia", "miei", "meu", "minha", "mijn"),
    "your": ("votre", "vos", "vuestra", "vuestro", "vostra", "vostro", "jullie"),
    "offer": ("offre", "oferta", "offerta", "angebot"),
    "works for us": ("ci va bene", "nos parece bien", "ça nous va", "passt uns", "nos serve", "past ons"),
}

# Chinese and Japanese (no spaces between words: read by the stems they contain, longest first).
CJK: dict[str, str] = {
    "可接受的方案": " acceptable offer ", "可接受方案": " acceptable offer ", "可以接受的方案": " acceptable offer ",
    "可接受的提议": " acceptable offer ", "許容できる提案": " acceptable offer ", "許容可能な提案": " acceptable offer ",
    "受け入れ可能な提案": " acceptable offer ",
    "一半": " half ", "全额": " full ", "退款": " refund ", "退还": " refund ", "退费": " refund ", "不退": " no refund ",
    "退一半": " refund half ", "返金不可": " non-refundable ", "返金なし": " no refund ", "全額返金": " full refund ",
    "半額返金": " half refund ", "返金": " refund ", "半額": " half ", "全額": " full ",
    "基础": " basic ", "基本": " basic ", "设备": " equipment ", "設備": " equipment ", "機材": " equipment ",
    "音视频": " AV ", "视听": " AV ", "音響映像": " AV ", "投影仪": " projector ", "プロジェクター": " projector ",
    "スクリーン": " screen ", "场地费": " venue fee ", "会場費": " venue fee ", "取消政策": " cancellation policy ",
    "取消": " cancellation ", "キャンセル": " cancellation ",
    "包装": " packing ", "打包": " packing ", "梱包": " packing ", "易碎物品": " fragile items ", "易碎": " fragile ",
    "割れ物": " fragile items ", "仅限": " only ", "のみ": " only ", "保价": " value protection ", "保险": " insurance ",
    "補償": " coverage ", "保険": " insurance ", "工作日": " weekday ", "平日": " weekday ", "周末": " weekend ",
    "週末": " weekend ", "搬家": " move ", "引越し": " move ", "引っ越し": " move ",
    "下一个工作日": " next business day ", "次一工作日": " next business day ", "翌営業日": " next business day ",
    "営業日": " business day ", "当天": " same day ", "当日": " same day ", "即日": " same day ",
    "响应时间": " response time ", "响应": " response ", "回复": " response ", "対応": " response ", "応答": " response ",
    "通知期": " notice period ", "提前通知": " notice ", "解約予告": " notice period ", "予告": " notice ",
    "顧客": " client ", "客户": " client ",
    "包含组装": " assembly included ", "含组装": " assembly included ", "组装": " assembly ", "安装": " assembly ",
    "包含": " included ", "包括": " included ", "組立込み": " assembly included ", "組立": " assembly ",
    "中級": " mid-range ", "中档": " mid-range ", "資材": " materials ", "着工": " start ", "毎日清掃": " daily cleanup ",
    "清掃": " cleanup ", "毎日": " daily ", "以内": " within ",
}

# Korean (particles attach to words: read by the stems they contain, longest first).
KOREAN: dict[str, str] = {
    "포장": " packing ", "파손": " fragile ", "평일": " weekday ", "주말": " weekend ", "전액 환불": " full refund ",
    "환불 불가": " non-refundable ", "환불": " refund ", "절반": " half ", "기본": " basic ", "장비": " equipment ",
    "당일": " same day ", "다음 영업일": " next business day ", "영업일": " business day ", "응답": " response ",
    "통지": " notice ", "전체": " full ", "대관료": " venue fee ", "좌석당": " per seat ", "좌석": " seats ", "업무 시간": " business hours ", "지원": " support ",
    "합의합니다": " we agree ", "합의": " agree ", "좋습니다": " fine ",
}


# Italian "due" (two) is also an English word, so the number lexicon leaves it out; before a unit
# it can only be the number ("preavviso di due mesi").
_ITALIAN_UNITS = {"mesi": "months", "anni": "years", "giorni": "days", "settimane": "weeks", "ore": "hours",
                  "posti": "seats", "seggi": "seats", "giri": "rounds"}


# Parts of German and Dutch closed compounds that are no words of their own in the lexicon
# ("Basisschutz", "Grunddeckung", "Umzugstag", "Technikpaket"); values.py splits compounds into
# these and the lexicon's single words.
COMPOUND_PARTS: dict[str, str] = {
    "basis": "basic", "grund": "basic", "paket": "package", "zeit": "time", "teil": "partial", "tijd": "time",
    "pakket": "package", "voll": "full", "wert": "value", "gesamt": "total", "umzug": "move", "wochen": "week",
}


# Round thirteen: the same kind of words for the terms of more everyday deals (a crew, fuel,
# supplies, lessons, panels, a battery), and the rows above in the languages test12 and test13
# lean on beyond the six (Polish, Czech, Danish, Norwegian, Swedish, Finnish, Romanian, Ukrainian,
# Russian, Indonesian, Turkish, Greek). Forms that are words of another language or of English
# with another sense ("prima", "les", "ei", "time", "do", "daring", "ay") are left out, and so is
# the cook: "with a skipper (no cook)" would read as "skipper and cook", a label's words in any order.
MORE_LANGUAGES: dict[str, tuple[str, ...]] = {
    "skipper": ("patrón", "patrão", "capitano", "schipper", "skeppare", "kippari", "kapitan", "kapitán", "шкіпер",
                "шкипер", "nakhoda", "kaptan", "καπετάνιος", "σκίπερ"),
    "crew": ("besatzung", "équipage", "tripulación", "equipaggio", "tripulação", "bemanning", "załoga", "posádka",
             "besætning", "mannskap", "besättning", "miehistö", "echipaj", "екіпаж", "экипаж", "awak kapal",
             "mürettebat", "πλήρωμα"),
    "instead of": ("zamiast", "i stedet for", "i stället för", "istället för", "în loc de", "вместо", "замість",
                   "alih-alih", "ketimbang", "αντί για"),
    "too expensive": ("za drogo", "za drogi", "příliš drahé", "příliš drahý", "for dyrt", "för dyrt", "liian kallis",
                      "prea scump", "prea scumpă", "слишком дорого", "занадто дорого", "terlalu mahal", "çok pahalı",
                      "πολύ ακριβό"),
    "fuel": ("kraftstoff", "treibstoff", "carburant", "carburante", "combustível", "brandstof", "paliwo", "palivo",
             "brændstof", "drivstoff", "bränsle", "polttoaine", "combustibil", "пальне", "топливо", "bahan bakar",
             "yakıt", "καύσιμα"),
    "extra": ("zusätzlich", "en sus", "aparte", "a parte", "à parte", "dodatkowo", "zvlášť", "ekstra", "separat",
              "erikseen", "окремо", "отдельно", "terpisah", "ayrıca", "επιπλέον"),
    "included": ("wliczone", "wliczony", "w cenie", "v ceně", "zahrnuto", "inkluderet", "inkludert", "inkluderat",
                 "sisältyy", "включено", "включене", "включені", "termasuk", "dahil", "περιλαμβάνεται"),
    "supplies": ("reinigungsmittel", "putzmittel", "produits d'entretien", "productos de limpieza",
                 "prodotti per la pulizia", "prodotti", "produtos de limpeza", "schoonmaakmiddelen", "środki czystości",
                 "čisticí prostředky", "rengøringsmidler", "rengjøringsmidler", "rengöringsmedel", "puhdistusaineet",
                 "produse de curățenie", "засоби", "средства", "bahan pembersih", "temizlik malzemeleri", "καθαριστικά",
                 "υλικά"),
    "daily": ("codziennie", "denně", "každý den", "dagligt", "daglig", "dagligen", "päivittäin", "zilnic", "щодня",
              "ежедневно", "setiap hari", "her gün", "καθημερινά"),
    "online": ("en ligne", "en línea", "in linea", "онлайн", "secara daring", "çevrimiçi", "διαδικτυακά"),
    "free": ("kostenlos", "kostenlose", "kostenfreie", "gratuite", "gratuito", "gratuita", "darmowa", "darmowy",
             "bezpłatna", "bezpłatny", "zdarma", "bezplatná", "ilmainen", "gratuită", "безкоштовно", "безкоштовний",
             "безкоштовна", "бесплатно", "бесплатный", "бесплатное", "ücretsiz", "δωρεάν"),
    "trial": ("probestunde", "essai", "prueba", "proef", "próbna", "próbne", "zkušební", "prøvetime", "provlektion",
              "kokeilu", "kokeilutunti", "probă", "пробний", "пробна", "пробне", "пробный", "пробное", "percobaan",
              "uji coba", "deneme", "δοκιμαστικό", "δοκιμαστικό μάθημα"),
    "lesson": ("leçon", "lezione", "lekcja", "lekce", "lektion", "oppitunti", "lecție", "урок", "pelajaran", "ders",
               "μάθημα"),
    "first": ("erste", "ersten", "première", "primera", "primer", "primeira", "primeiro", "eerste", "pierwsza",
              "pierwsze", "první", "første", "första", "ensimmäinen", "перший", "перша", "первый", "первое",
              "pertama", "ilk", "πρώτο", "πρώτη"),
    "home": ("w domu", "do domu", "doma", "hjemme", "hemma", "kotona", "acasă", "вдома", "на дому", "di rumah",
             "evde", "στο σπίτι"),
    "studio": ("estudio", "estúdio", "pracownia", "ateliér", "studie", "studiossa", "студія", "студии", "stüdyo",
               "στούντιο"),
    "standard": ("standardowe", "standardowy", "standardowa", "standardní", "vakio", "standarde", "стандартні",
                 "стандартные", "standar", "τυπικά"),
    "battery": ("batterie", "batería", "batteria", "bateria", "batterij", "akumulator", "magazyn energii", "baterie",
                "batteri", "akku", "батарея", "акумулятор", "аккумулятор", "baterai", "batarya", "μπαταρία"),
    "panels": ("paneele", "panneaux", "paneles", "pannelli", "painéis", "panelen", "panele", "panely", "paneler",
               "paneelit", "panouri", "панелі", "панели", "πάνελ"),
    "next": ("następny", "następnym", "przyszły", "przyszłym", "przyszłej", "příští", "næste", "neste", "nästa", "seuraava", "următorul", "наступний",
             "наступного", "следующий", "berikutnya", "gelecek", "επόμενο", "επόμενη"),
    "week": ("tydzień", "tygodniu", "týden", "uge", "uke", "vecka", "viikko", "săptămână", "тиждень", "неделя", "minggu",
             "hafta", "εβδομάδα"),
    "month": ("miesiąca", "měsíce", "måned", "månad", "kuukauden", "lună", "місяця", "месяца", "bulan", "μήνα"),
    "within": ("w ciągu", "inden for", "innen", "inom", "sisällä", "în", "протягом", "в течение", "dalam",
               "içinde", "εντός"),
    "quarter": ("kwartał", "kwartale", "čtvrtletí", "kvartal", "kvartalet", "neljännes", "trimestru", "квартал",
                "кварталі", "kuartal", "çeyrek", "τρίμηνο"),
}


def european_words() -> dict[str, str]:
    """Each listed form -> its English word."""
    words = {form: english for english, forms in EUROPEAN.items() for form in forms}
    words |= {form: english for english, forms in MORE_LANGUAGES.items() for form in forms if form not in words}
    return words | {f"due {unit}": f"two {english}" for unit, english in _ITALIAN_UNITS.items()}

"""Russian: case declension of names, the prepositions в/во/на and с/со, and agreement around names.

Russian wordings ask for the case a slot needs with a form spec: ``{B:gen}`` (genitive: от, из, до, для,
около, у), ``{B:dat}`` (dative: к, по), ``{B:ins}`` (instrumental: с, между, над), ``{B:acc}`` (accusative:
через, пересекает), ``{B:prep}`` (prepositional after о/при) and ``{B:loc}`` (prepositional after the
locative "в" written in front of the slot). A slot without a spec is nominative.

The rules:

* Cyrillic names (CLDR country names, US states, the event names of ``texts``) are declined (DEC_CHG):
  single nouns by their ending (-ия, -а/-я, hard and soft consonants, -й, -ь, neuter -ие), hyphenated
  names on their last part (Коста-Рика -> Коста-Рики), adjective + noun names on both (Новая Зеландия ->
  Новой Зеландии, Соединенные Штаты -> Соединенных Штатах), coordinated names on every conjunct (Босния и
  Герцеговина -> Боснии и Герцеговине), event names on their head noun only (ураган Катрина (2005) ->
  урагана Катрина (2005)). Indeclinable names (ending in -о, -е, -и, -у, -ю, -э: Перу, Огайо, Того;
  acronyms: ОАЭ, КНДР) stay as they are. Text in parentheses, after a comma or after a dash is never
  touched.
* Latin-script names (GeoNames places, OpenStreetMap features, English county names) are not declined:
  written Russian leaves a name in Latin letters as it is, so they are substituted unchanged (no edit).
* The locative preposition written before a ``loc`` slot becomes "на" for islands and island states
  (на Кубе, на Филиппинах, на Аляске) and "во" before в/ф + consonant (во Франции, во Вьетнаме); "с"
  before an ``ins`` slot becomes "со" before с/з/ш/ж/щ + consonant (со Швецией) (ADP_CHG).
* Agreement (AGR_CHG): an adjective or pronoun written in the masculine right before a singular category
  noun takes the noun's gender (какой -> какая аптека, какое кафе); a verb in the singular next to a
  plural name (Нидерланды, Соединенные Штаты, ОАЭ) takes the plural (граничит -> граничат).
* Category plurals in the genitive (``{A:gen}`` after сколько) come from the lexicon (аптек, кафе).
"""

from __future__ import annotations

import re
from dataclasses import replace

from kgbench.languages.base import Fill, Language, Slot, same_case, BEST_TRACK
from kgbench.languages.rus_lexicon import (_EVENT_HEADS, _VERBS, _AGREE, _AGREE_OBLIQUE, _AGREE_ACC, _EVENT_VERBS, _EVENT_GENDER, CATEGORY_FORMS, FEMININE_SOFT, INDECLINABLE, IRREGULAR, ON_KEYS,
                                           PLURAL_ACRONYMS, PLURAL_NOUNS, RENAME, TEXTS, US_GEORGIA, US_QUALIFIERS)

_CASES = ("gen", "dat", "ins", "prep", "acc")
_CYR = re.compile(r"[А-Яа-яЁё]")
_VOWELS = "аеёиоуыэюяАЕЁИОУЫЭЮЯ"
_SIBILANT_VELAR = "гкхжшчщ"
_HUSHING = "жшчщц"



def repair(text: str, kind: str) -> str:
    """Return a name's text with label defects repaired: English or abbreviated labels (Maryland, о-ва),
    "(U.S. state)", the US state Georgia written as the country, an English storm track (-> "трек best track
    урагана Ike (2008)", as the wordings name a track).

    >>> repair("о-ва Питкэрн", "country"), repair("Macon County, Грузия", "county")
    ('острова Питкэрн', 'Macon County, Джорджия')
    """
    text = RENAME.get(text, text)
    text = re.sub(r"(^|\s)о-ва(?=\s|$)", r"\1острова", re.sub(r"(^|\s)о-в(?=\s)", r"\1остров", text))
    text = re.sub(r"\(U\.S\. (state|territory)\)", lambda m: US_QUALIFIERS[m.group(0)], text)
    text = re.sub(US_GEORGIA[0] + "$", US_GEORGIA[1], text) if kind == "county" else text
    if (m := BEST_TRACK.match(text) if kind == "event" else None):
        storm = TEXTS["event." + m.group(1)].format(name=m.group(2), year=m.group(3))
        text = "трек best track " + decline(storm, "gen", "event")
    return text


_FILLER = {"по", "численности", "населения", "площади", "близости", "удалённости", "величине", "к"}


def _noun(word: str, case: str, plural_next: bool = False) -> str:
    """Return a single noun (nominative singular, or a plural of the lexicon) in a case."""
    if case == "nom":
        return word
    i = _CASES.index(case)
    if word in IRREGULAR:
        return IRREGULAR[word][i]
    if word in PLURAL_NOUNS:
        return word if case == "acc" else PLURAL_NOUNS[word][i]
    if word in INDECLINABLE or not _CYR.search(word[-1:]) or (word.isupper() and len(word) > 1):
        return word
    if "-на-" in word:  # Ростов-на-Дону -> Ростова-на-Дону: the town declines, not the river
        town, _, river = word.partition("-на-")
        return f"{_noun(town, case)}-на-{river}"
    if "-" in word and not word.startswith("о-"):
        head, _, last = word.rpartition("-")
        return f"{head}-{_noun(last, case)}"
    low = word[-1]
    if word.endswith("ия"):
        return word[:-1] + {"gen": "и", "dat": "и", "ins": "ей", "prep": "и", "acc": "ю"}[case]
    if word.endswith("ие"):
        return word[:-1] + {"gen": "я", "dat": "ю", "ins": "ем", "prep": "и", "acc": "е"}[case]
    if low == "а" and word[-2:-1] in _VOWELS:
        return word  # Самоа, Никарагуа, Папуа
    if low == "а":
        stem = word[:-1]
        gen = "и" if stem[-1:] in _SIBILANT_VELAR else "ы"
        ins = "ей" if stem[-1:] in _HUSHING else "ой"
        return stem + {"gen": gen, "dat": "е", "ins": ins, "prep": "е", "acc": "у"}[case]
    if low == "я":
        return word[:-1] + {"gen": "и", "dat": "е", "ins": "ей", "prep": "е", "acc": "ю"}[case]
    if low in "оеиуюэыё":
        return word
    if low == "ь":
        if word in FEMININE_SOFT:
            return word[:-1] + {"gen": "и", "dat": "и", "ins": "ью", "prep": "и", "acc": "ь"}[case]
        return word[:-1] + {"gen": "я", "dat": "ю", "ins": "ем", "prep": "е", "acc": "ь"}[case]
    if low == "й":
        if word.endswith("ий"):
            return word[:-1] + {"gen": "я", "dat": "ю", "ins": "ем", "prep": "и", "acc": "й"}[case]
        return word[:-1] + {"gen": "я", "dat": "ю", "ins": "ем", "prep": "е", "acc": "й"}[case]
    if case == "acc":
        return word
    ins = "ем" if low in _HUSHING else "ом"
    return word + {"gen": "а", "dat": "у", "ins": ins, "prep": "е"}[case]


_ADJ = re.compile(r"(ая|яя|ый|ий|ой|ое|ее|ые|ие|овы|евы|ины)$")


def _adjective(word: str, case: str) -> str:
    """Return an adjective (its nominative form tells its gender and number) in a case."""
    if case == "nom":
        return word
    if "-" in word:
        head, _, last = word.rpartition("-")
        return f"{head}-{_adjective(last, case)}"
    i = ("gen", "dat", "ins", "prep", "acc").index(case)
    stem2, end = word[:-2], word[-2:]
    soft_k = stem2[-1:] in _SIBILANT_VELAR
    if end == "ая":
        return stem2 + ("ой", "ой", "ой", "ой", "ую")[i]
    if end == "яя":
        return stem2 + ("ей", "ей", "ей", "ей", "юю")[i]
    if end in ("ый", "ой") or (end == "ий" and soft_k):
        y = "и" if soft_k else "ы"
        return stem2 + ("ого", "ому", y + "м", "ом", end)[i]
    if end == "ий":
        return stem2 + ("его", "ему", "им", "ем", "ий")[i]
    if end == "ое":
        y = "и" if soft_k else "ы"
        return stem2 + ("ого", "ому", y + "м", "ом", "ое")[i]
    if end == "ее":
        return stem2 + ("его", "ему", "им", "ем", "ее")[i]
    if end in ("ые", "ие"):
        y = end[0]
        return stem2 + (y + "х", y + "м", y + "ми", y + "х", end)[i]
    if word.endswith(("овы", "евы", "ины")):
        return word[:-1] + ("ых", "ым", "ыми", "ых", "ы")[i]
    return word


def _phrase(text: str, case: str) -> str:
    """Return a noun phrase (adjectives, then its head noun, then anything the head governs) in a case."""
    words = text.split(" ")
    out, done = [], False
    for n, w in enumerate(words):
        if done:
            out.append(w)
            continue
        nxt = words[n + 1] if n + 1 < len(words) else None
        if nxt is not None and _ADJ.search(w) and (w[:1].isupper() or w[:1].islower()) and _CYR.search(w):
            if w.endswith(("овы", "евы", "ины")) and nxt not in PLURAL_NOUNS:
                out.append(_noun(w, case))
                done = True
                continue
            out.append(_adjective(w, case))
            continue
        out.append(_noun(w, case))
        done = True
    return " ".join(out)


def _plural_noun(word: str, case: str) -> str:
    """Return a plural noun (nominative plural) in the dative, instrumental or prepositional."""
    if word in PLURAL_NOUNS:
        return PLURAL_NOUNS[word][_CASES.index(case)]
    if case == "acc" or not _CYR.search(word[-1:]):
        return word
    stem, end = word[:-1], word[-1]
    if end in "ыа" or (end == "и" and stem[-1:] in _SIBILANT_VELAR + "ц"):
        hard = True
    elif end in "ия":
        hard = False
    else:
        return word
    return stem + {"dat": "ам", "ins": "ами", "prep": "ах"}[case] if hard else \
        stem + {"dat": "ям", "ins": "ями", "prep": "ях"}[case]


def plural_phrase(text: str, case: str) -> str:
    """Return a plural noun phrase (категория: "магазины одежды", "детские площадки") in the dative,
    instrumental or prepositional: its adjectives and its first noun change, the rest stays."""
    if case in ("", "nom", "acc"):
        return text
    if case == "loc":
        case = "prep"
    words = text.split(" ")
    out, done = [], False
    for w in words:
        if done:
            out.append(w)
        elif w.endswith(("ые", "ие")) and (len(words) > 1 or w.endswith(("ские", "ные"))):
            out.append(_adjective(w, case))
        else:
            out.append(_plural_noun(w, case) if "-" not in w else
                       w.rpartition("-")[0] + "-" + _plural_noun(w.rpartition("-")[2], case))
            done = True
    return " ".join(out)


def decline(text: str, case: str, kind: str = "country") -> str:
    """Return a Russian name in a case; what it cannot decline safely is returned unchanged.

    >>> decline("Франция", "loc"), decline("Новая Зеландия", "gen"), decline("Перу", "dat")
    ('Франции', 'Новой Зеландии', 'Перу')
    """
    if case in ("", "nom"):
        return text
    if case == "loc":
        case = "prep"
    if not _CYR.search(text[:1]) and not text.startswith(("о-", "«")):
        return text
    if text in IRREGULAR:
        return IRREGULAR[text][_CASES.index(case)]
    # protect what follows a parenthesis, a comma or a dash
    m = re.search(r" \(|, | - ", text)
    head, tail = (text[:m.start()], text[m.start():]) if m else (text, "")
    if kind == "event":
        first, _, rest = head.partition(" ")
        if head.startswith(("тропический ", "тропическая ", "ветровое ")):
            adj, _, head2 = head.partition(" ")
            noun, _, rest = head2.partition(" ")
            if noun in _EVENT_HEADS:
                words = [_adjective(adj, case), _EVENT_HEADS[noun][_CASES.index(case)]] + ([rest] if rest else [])
                return " ".join(words) + tail
            return text
        if first in _EVENT_HEADS:
            return " ".join([_EVENT_HEADS[first][_CASES.index(case)]] + ([rest] if rest else [])) + tail
        return text
    if kind == "place" and re.fullmatch(r"[А-ЯЁ][а-яё]+[^л]ь", head):
        # Russian towns in -ь other than -ль are feminine (Казань, Пермь, Тверь); -ль ones masculine
        return head[:-1] + {"gen": "и", "dat": "и", "ins": "ью", "prep": "и", "acc": "ь"}[case] + tail
    if " — " in head:
        a, _, b = head.rpartition(" — ")
        return f"{a} — {_phrase(b, case)}{tail}"
    parts = head.split(" и ")
    return " и ".join(_phrase(p, case) for p in parts) + tail


def is_plural(text: str) -> bool:
    """Return True when a Russian name is grammatically plural (Нидерланды, Соединенные Штаты, ОАЭ)."""
    head = re.split(r" \(|, | - ", text)[0]
    if " и " in head:
        return False
    words = head.split(" ")
    if head in PLURAL_ACRONYMS:
        return True
    for w in words:
        if w in PLURAL_NOUNS:
            return True
        if not _ADJ.search(w) or len(words) == 1:
            return False
    return False


def _gender(text: str) -> str:
    """Return the gender (m, f, n) of a singular Russian noun phrase's head, or "pl"."""
    if is_plural(text):
        return "pl"
    words = text.split(" ")
    for w in words:
        if _ADJ.search(w) and len(words) > 1:
            return {"ая": "f", "яя": "f", "ое": "n", "ее": "n"}.get(w[-2:], "m")
    w = words[0]
    if w.endswith(("а", "я")) or w in FEMININE_SOFT:
        return "f"
    if w.endswith(("о", "е")):
        return "n"
    return "m"


class Russian(Language):
    code, bcp47, locale = "rus", "ru", "ru"
    english_name, family, script, tier = "Russian", "Indo-European (Slavic)", "Cyrillic", "high"
    decimal_comma = True
    forms = {
        "gen": "genitive (after от, из, до, для, около, у, вокруг, сколько)",
        "dat": "dative (after к, по)",
        "ins": "instrumental (after с, между, над, под)",
        "acc": "accusative (direct object of a transitive verb, after через, на + direction)",
        "prep": "prepositional after о/об/при (the preposition is left as written)",
        "loc": "prepositional after the locative preposition в written before the slot (в/во/на chosen by rule)",
    }
    answer_words = {"true": ("да", "верно", "истина", "true"), "false": ("нет", "неверно", "ложь", "false"),
                    "plausibly": ("возможно", "вероятно", "правдоподобно", "plausibly")}
    direction_words = {
        "N": ("север", "с"), "NNE": ("северо-северо-восток", "ссв"), "NE": ("северо-восток", "св"),
        "ENE": ("восточно-северо-восток", "всв"), "E": ("восток", "в"), "ESE": ("восточно-юго-восток", "вюв"),
        "SE": ("юго-восток", "юв"), "SSE": ("юго-юго-восток", "ююв"), "S": ("юг", "ю"),
        "SSW": ("юго-юго-запад", "ююз"), "SW": ("юго-запад", "юз"), "WSW": ("западо-юго-запад", "зюз"),
        "W": ("запад", "з"), "WNW": ("западо-северо-запад", "зсз"), "NW": ("северо-запад", "сз"),
        "NNW": ("северо-северо-запад", "ссз"), "left": ("слева", "левее", "налево"),
        "right": ("справа", "правее", "направо"), "on": ("на маршруте", "на линии", "на пути"),
        "upstream": ("выше по треку", "раньше", "вверх по течению"),
        "downstream": ("ниже по треку", "позже", "вниз по течению")}
    compass = {"north": "север", "east": "восток", "south": "юг", "west": "запад"}
    categories = {k: (v[0], v[1]) for k, v in CATEGORY_FORMS.items()}
    months = ("января", "февраля", "марта", "апреля", "мая", "июня", "июля", "августа", "сентября", "октября",
              "ноября", "декабря")
    #: nominative month names (a month without a day: "в феврале 2018 г.", "с июля по октябрь 2005 г.")
    months_nom = ("январь", "февраль", "март", "апрель", "май", "июнь", "июль", "август", "сентябрь", "октябрь",
                  "ноябрь", "декабрь")
    months_prep = ("январе", "феврале", "марте", "апреле", "мае", "июне", "июле", "августе", "сентябре",
                   "октябре", "ноябре", "декабре")

    texts = TEXTS

    # ------------------------------------------------------------------ values
    def period(self, start: str, end: str) -> str:
        """Return a period phrase: "в феврале 2018 г.", "с июля по октябрь 2005 г.", "с 1 по 7 февраля
        2018 г.", "с 31 января 2018 г. по 7 февраля 2018 г."."""
        sy, sm, *sd = (int(x) for x in start.split("-"))
        ey, em, *ed = (int(x) for x in end.split("-"))
        if not sd and not ed:
            if (sy, sm) == (ey, em):
                return f"в {self.months_prep[sm - 1]} {sy} г."
            if sy == ey:
                return f"с {self.months[sm - 1]} по {self.months_nom[em - 1]} {sy} г."
            return f"с {self.months[sm - 1]} {sy} г. по {self.months_nom[em - 1]} {ey} г."
        if sd and ed and (sy, sm) == (ey, em):
            return f"с {sd[0]} по {ed[0]} {self.months[sm - 1]} {sy} г."
        return f"с {self.date(start)} по {self.date(end)}"

    def date(self, iso: str) -> str:
        """Return a day ("31 января 2018 г.") or a month ("январь 2018 г.")."""
        parts = [int(x) for x in iso.split("-")]
        if len(parts) == 2:
            return f"{self.months_nom[parts[1] - 1]} {parts[0]} г."
        return f"{parts[2]} {self.months[parts[1] - 1]} {parts[0]} г."

    # ------------------------------------------------------------------ grammar
    def fill(self, slot: Slot) -> Fill:
        name, spec = slot.name, slot.spec
        edits: list[str] = []
        before, after = slot.before, slot.after
        if name.kind not in ("category", "category_one") and repair(name.text, name.kind) != name.text:
            name = replace(name, text=repair(name.text, name.kind))
            edits.append("OTHER")
        text = name.text
        if name.kind in ("category", "category_one"):
            row = CATEGORY_FORMS.get(name.key or "")
            if spec == "gen" and name.kind == "category" and row:
                if row[2] != text:
                    text = row[2]
                    edits.append("DEC_CHG")
            elif spec and name.kind == "category":
                declined = plural_phrase(text, spec)
                if declined != text:
                    text = declined
                    edits.append("DEC_CHG")
            elif name.kind == "category_one" and spec and row:
                case = "prep" if spec == "loc" else spec
                declined = _adjective(text, case) if re.fullmatch(r"[а-яё]+(ская|ная|ное)", text) \
                    else _phrase(text, case)
                if row[3] == "f" and text.split(" ")[-1].endswith("ь") and " " not in text:
                    declined = text[:-1] + {"gen": "и", "dat": "и", "ins": "ью", "prep": "и", "loc": "и",
                                            "acc": "ь"}[spec]
                if declined != text:
                    text = declined
                    edits.append("DEC_CHG")
            if name.kind == "category_one" and row and row[3] in ("f", "n"):
                new_before = self._agree(before, row[3], spec == "acc")
                if new_before != before:
                    before = new_before
                    edits.append("AGR_CHG")
            return Fill(text, before if before != slot.before else None, None, tuple(edits))
        if name.kind in ("country", "region", "event") or (name.kind in ("county", "place", "feature")
                                                           and _CYR.search(text[:1] or "")):
            kind = {"event": "event", "place": "place"}.get(name.kind, "country")
            if name.kind == "event" and name.key == "wind field":
                text = self._wind_field(text)
                if text != name.text:
                    edits.append("DEC_CHG")
            if spec:
                declined = decline(text, spec, kind)
                if declined != text and "DEC_CHG" not in edits:
                    edits.append("DEC_CHG")
                text = declined
            elif name.kind == "event":
                gender = _EVENT_GENDER.get(name.text.split(" ")[0], "m")
                before2, after2 = self._event_verb(before, gender), self._event_verb(after, gender, first=True)
                if before2 != before or after2 != after:
                    edits.append("AGR_CHG")
                    before, after = before2, after2
            else:
                if is_plural(name.text):
                    before2, after2 = self._plural_verb(before), self._plural_verb(after, first=True)
                    if before2 != before or after2 != after:
                        edits.append("AGR_CHG")
                        before, after = before2, after2
        if spec == "loc":
            new_before = self._locative(before, name)
            if new_before != before:
                before = new_before
                edits.append("ADP_CHG")
        if spec == "ins":
            m = re.search(r"(^|\s)([сС])\s$", before)
            if m and re.match(r"[сзшжщСЗШЖЩ][^аеёиоуыэюяАЕЁИОУЫЭЮЯ]", text):
                before = before[:m.start(2)] + m.group(2) + "о "
                edits.append("ADP_CHG")
        return Fill(text, before if before != slot.before else None, after if after != slot.after else None,
                    tuple(edits))

    @staticmethod
    def _wind_field(text: str) -> str:
        """Put the storm of "ветровое поле <storm>" in the genitive (ветровое поле урагана X (2018))."""
        prefix = "ветровое поле "
        if text.startswith(prefix):
            return prefix + decline(text[len(prefix):], "gen", "event")
        return text

    @staticmethod
    def _locative(before: str, name) -> str:
        m = re.search(r"(^|[\s(«])([вВ])\s$", before)
        if not m:
            return before
        v = m.group(2)
        text = name.text
        on = (name.key in ON_KEYS) or text.startswith(("о-в", "о-ва", "острова", "остров"))
        if on:
            word = "на" if v == "в" else "На"
        elif re.match(r"[вфВФ][^аеёиоуыэюяАЕЁИОУЫЭЮЯ]", text):
            word = v + "о"
        else:
            return before
        return before[:m.start(2)] + word + " "

    @staticmethod
    def _agree(before: str, gender: str, accusative: bool = False) -> str:
        """Put the masculine adjectives and pronouns right before a category singular in its gender, skipping
        the words of a "по ..." phrase (второй по численности населения город -> вторая ... деревня)."""
        words = re.split(r"(\s+)", before)
        i = len(words) - 1
        if i >= 0 and words[i] == "":
            i -= 1
        changed = False
        while i >= 0:
            w = words[i]
            if w.isspace() or w == "":
                i -= 1
                continue
            low = w.lower()
            table = (_AGREE_ACC.get(low) if accusative else None) or _AGREE.get(low) or _AGREE_OBLIQUE.get(low)
            if table:
                new = table[0 if gender == "f" else 1]
                words[i] = same_case(new, w)
                changed = True
            elif low not in _FILLER:
                break
            i -= 1
        return "".join(words) if changed else before

    @staticmethod
    def _event_verb(text: str, gender: str, first: bool = False) -> str:
        """Make a past verb right after (or right before, with "ли") an event name agree with its gender."""
        col = {"m": 0, "f": 1, "n": 2}[gender]
        forms = {f: triple for triple in _EVENT_VERBS for f in triple}
        if first:
            m = re.match(r"(\s+)([А-Яа-яЁё]+)", text)
        else:
            m = re.search(r"([А-Яа-яЁё]+)(\s+(?:ли\s+)?)$", text)
        if not m:
            return text
        g = 2 if first else 1
        w = m.group(g)
        triple = forms.get(w.lower())
        if not triple:
            return text
        new = triple[col]
        if w[:1].isupper():
            new = new[:1].upper() + new[1:]
        return text[:m.start(g)] + new + text[m.end(g):]

    @staticmethod
    def _plural_verb(text: str, first: bool = False) -> str:
        if first:
            m = re.match(r"(\s+)([А-Яа-яЁё]+)", text)
            if m and m.group(2) in _VERBS:
                return text[:m.start(2)] + _VERBS[m.group(2)] + text[m.end(2):]
            return text
        m = re.search(r"([А-Яа-яЁё]+)(\s+ли\s+)$", text)
        if m and m.group(1).lower() in _VERBS:
            w = m.group(1)
            new = _VERBS[w.lower()]
            if w[:1].isupper():
                new = new[:1].upper() + new[1:]
            return text[:m.start(1)] + new + m.group(2)
        return text


LANGUAGE = Russian()

"""Bulgarian: the definite article of names, the prepositions в/във, с/със and в/на, and agreement.

Bulgarian has no noun cases; what substitution breaks is the article, a few prepositions and agreement:

* Definite article (ART_ADD): country names that are plural or built on a common noun are used with the
  article (Бахамски острови -> на Бахамските острови, Съединени щати -> Съединените щати, Доминиканска
  република -> Доминиканската република, Филипини -> Филипините). A masculine singular name with the
  article (Ватикан) takes the full article ``-ът`` as a subject and the short ``-а`` after a preposition or
  as an object (``{A:obj}``). Event names take the article on their head noun where a wording writes
  ``{E:def}`` ("the earthquake"): земетресение us1000ce18 -> земетресението us1000ce18, ураган Катрина ->
  ураганът / урагана Катрина, тропическа буря -> тропическата буря; so does a category plural ("Избройте
  {A:def}"): аптеки -> аптеките, детски площадки -> детските площадки, кафенета -> кафенетата.
* Prepositions (ADP_CHG): "в" becomes "във" and "с" becomes "със" before a name beginning with в/ф and
  с/з (във Франция, във Виетнам, със Сърбия); "в" becomes "на" before island groups (на Малдивите, на
  Бахамските острови).
* Agreement (AGR_CHG): a pronoun or adjective written in the masculine before a category singular takes
  its gender (кой -> коя аптека / кое кафене, най-близкият -> най-близката); a singular verb next to a plural
  name becomes plural (граничи -> граничат, е -> са).

* Count form (AGR_CHG): a masculine category plural right after "колко" takes the count form (колко театъра,
  колко бара, кафенета и ресторанта, колко магазина за дрехи).
* Label repairs (OTHER): a name the snapshot leaves in English or misspells (Baikonur, Араканзас, "(U.S.
  state)", the US state Georgia written as the country Грузия, "the best track of Hurricane Ike (2008)" ->
  траекторията (best track) на урагана Ike (2008)) is written in Bulgarian.

Latin-script names (places, OpenStreetMap features, English county names) are never changed; text in
parentheses or after a comma is never touched.
"""

from __future__ import annotations

import re

from kgbench.languages.base import Fill, Language, Slot, BEST_TRACK, same_case
from kgbench.languages.bul_lexicon import (BEST_TRACK_TEXT, CATEGORY_FORMS, DEFINITE, DEFINITE_MASC, PLURAL_NAMES, RENAME,
                                           TEXTS, US_GEORGIA, US_QUALIFIERS)

_PREPOSITIONS = {"в", "във", "на", "от", "до", "с", "със", "към", "за", "между", "през", "при", "около", "без",
                 "по", "из", "край", "спрямо", "у", "пред", "зад", "над", "под", "и"}

# masculine forms before a category singular -> (feminine, neuter)
_AGREE = {
    "кой": ("коя", "кое"), "който": ("която", "което"), "всеки": ("всяка", "всяко"),
    "най-близкият": ("най-близката", "най-близкото"), "най-близкия": ("най-близката", "най-близкото"),
    "вторият": ("втората", "второто"), "втория": ("втората", "второто"),
    "третият": ("третата", "третото"), "третия": ("третата", "третото"),
    "именуван": ("именувана", "именувано"), "един": ("една", "едно"),
    "най-северният": ("най-северната", "най-северното"), "най-южният": ("най-южната", "най-южното"),
    "най-източният": ("най-източната", "най-източното"), "най-западният": ("най-западната", "най-западното"),
    "най-населеният": ("най-населената", "най-населеното"), "най-големият": ("най-голямата", "най-голямото"),
    "най-малкият": ("най-малката", "най-малкото"), "най-издълженият": ("най-издължената", "най-издълженото"),
    "вторият по": ("втората по", "второто по"),
}
_FILLER = {"по", "близост", "население", "големина", "брой", "жители", "до"}

# singular verbs a plural subject makes plural
_VERBS = {"граничи": "граничат", "пресича": "пресичат", "намира": "намират", "лежи": "лежат",
          "обгражда": "обграждат", "е": "са", "има": "имат", "заема": "заемат", "достига": "достигат",
          "докосва": "докосват", "съдържа": "съдържат", "припокрива": "припокриват", "принадлежи": "принадлежат",
          "опира": "опират", "допира": "допират", "обхваща": "обхващат", "отделен": "отделени"}

_CYR = re.compile(r"[А-Яа-яЁё]")

# event head nouns: indefinite -> (short definite, full definite)
_EVENT_HEADS = {"земетресение": ("земетресението", "земетресението"), "взрив": ("взрива", "взривът"),
                "експлозия": ("експлозията", "експлозията"), "ураган": ("урагана", "ураганът"),
                "тропическа": ("тропическата", "тропическата"), "ветрово": ("ветровото", "ветровото")}


_EVENT_GENDER = {"земетресение": "n", "взрив": "m", "експлозия": "f", "ураган": "m", "тропическа": "f",
                 "ветрово": "n"}
_PARTICIPLES = [("станал", "станала", "станало"), ("случил", "случила", "случило")]
_COUNT_PREPS = {"за", "на", "в", "с", "под", "от", "до", "през", "към", "по", "и"}


def count_form(row: tuple) -> str | None:
    """Return the count form (бройна форма) of a masculine category plural, used after "колко" (театър ->
    театъра, нощен клуб -> нощни клуба, магазин за дрехи -> магазина за дрехи, музей -> музея), or None.

    >>> count_form(("фризьорски салон", "фризьорски салони", "m")), count_form(("аптека", "аптеки", "f"))
    ('фризьорски салона', None)
    """
    sg, pl, gender = row[0].split(" "), row[1].split(" "), row[2]
    if gender != "m" or len(sg) != len(pl):
        return None
    head = None
    for i, (a, b) in enumerate(zip(sg, pl)):
        if a in _COUNT_PREPS or a.startswith("„"):
            break
        if a != b:
            head = i
    if head is None or not _CYR.search(sg[head]):
        return None
    w = sg[head]
    pl[head] = w[:-1] + "я" if w.endswith("й") else w + "а"
    return " ".join(pl)


def definite(text: str, subject: bool) -> str:
    """Return the form a country name takes in a sentence (with its article when it needs one).

    >>> definite("Бахамски острови", False), definite("Франция", True), definite("Ватикан", True)
    ('Бахамските острови', 'Франция', 'Ватиканът')
    """
    if text in DEFINITE:
        return DEFINITE[text]
    if text in DEFINITE_MASC:
        return DEFINITE_MASC[text][1 if subject else 0]
    return text


def plural_definite(text: str) -> str:
    """Return a category plural with the definite article on its first word that can take it (аптеки ->
    аптеките, детски площадки -> детските площадки, кафенета -> кафенетата, фитнес центрове -> фитнес
    центровете); a phrase without such a word is returned unchanged."""
    words = text.split(" ")
    for i, w in enumerate(words):
        if not _CYR.search(w) or w.isupper() or w.startswith("„"):
            continue
        if w.endswith(("а", "я")):
            words[i] = w + "та"
        elif w.endswith(("и", "е")):
            words[i] = w + "те"
        else:
            continue
        return " ".join(words)
    return text


def event_definite(text: str, subject: bool) -> str:
    """Return an event name with the article on its head noun (ураган Катрина (2005) -> ураганът ...)."""
    first, sep, rest = text.partition(" ")
    if first in _EVENT_HEADS:
        return _EVENT_HEADS[first][1 if subject else 0] + sep + rest
    return text


class Bulgarian(Language):
    code, bcp47, locale = "bul", "bg", "bg"
    english_name, family, script, tier = "Bulgarian", "Indo-European (Slavic)", "Cyrillic", "medium"
    decimal_comma = True
    forms = {
        "obj": "the slot is a direct object: a masculine name takes the short article (-а), not the full (-ът)",
        "def": ("the slot is definite (English \"the {E}\", \"list the {A}\"): an event name takes the article on "
                "its head noun, a category plural on its first word (other kinds: no change)"),
    }
    answer_words = {"true": ("да", "вярно", "истина", "true"), "false": ("не", "невярно", "грешно", "false"),
                    "plausibly": ("възможно", "вероятно", "правдоподобно", "plausibly")}
    direction_words = {
        "N": ("север", "с"), "NNE": ("север-североизток", "ссиз"), "NE": ("североизток", "сиз"),
        "ENE": ("изток-североизток", "исиз"), "E": ("изток", "и"), "ESE": ("изток-югоизток", "июиз"),
        "SE": ("югоизток", "юиз"), "SSE": ("юг-югоизток", "ююиз"), "S": ("юг", "ю"),
        "SSW": ("юг-югозапад", "ююз"), "SW": ("югозапад", "юз"), "WSW": ("запад-югозапад", "зюз"),
        "W": ("запад", "з"), "WNW": ("запад-северозапад", "зсз"), "NW": ("северозапад", "сз"),
        "NNW": ("север-северозапад", "ссз"), "left": ("ляво", "вляво", "наляво", "отляво"),
        "right": ("дясно", "вдясно", "надясно", "отдясно"), "on": ("на маршрута", "на линията", "върху маршрута"),
        "upstream": ("по-рано по траекторията", "нагоре по течението", "преди"),
        "downstream": ("по-късно по траекторията", "надолу по течението", "след")}
    compass = {"north": "север", "east": "изток", "south": "юг", "west": "запад"}
    categories = {k: (v[0], v[1]) for k, v in CATEGORY_FORMS.items()}
    months = ("януари", "февруари", "март", "април", "май", "юни", "юли", "август", "септември", "октомври",
              "ноември", "декември")

    texts = TEXTS

    def date(self, iso: str) -> str:
        """Return a day ("31 януари 2018 г.") or a month ("януари 2018 г.")."""
        parts = [int(x) for x in iso.split("-")]
        if len(parts) == 2:
            return f"{self.month(parts[1])} {parts[0]} г."
        return f"{parts[2]} {self.month(parts[1])} {parts[0]} г."

    @staticmethod
    def _after_preposition(before: str) -> bool:
        m = re.search(r"([А-Яа-яЁё-]+)\s*$", before)
        return bool(m and m.group(1).lower() in _PREPOSITIONS)

    @staticmethod
    def _repair(name) -> tuple[str, str | None]:
        """Return a name's text with label defects repaired (an English or misspelt label, an English
        qualifier "(U.S. state)", the US state Georgia written as the country, an English storm track) and
        the edit category of the repair (None when nothing changed)."""
        text = RENAME.get(name.text, name.text)
        for en, bg in US_QUALIFIERS.items():
            text = text.replace(en, bg)
        if name.kind == "county" and text.endswith(US_GEORGIA[0]):
            text = text[:-len(US_GEORGIA[0])] + US_GEORGIA[1]
        m = BEST_TRACK.match(text) if name.kind == "event" else None
        if m:
            storm = TEXTS["event." + m.group(1)].format(name=m.group(2), year=m.group(3))
            text = BEST_TRACK_TEXT.format(storm=event_definite(storm, False))
        return text, ("OTHER" if text != name.text else None)

    def fill(self, slot: Slot) -> Fill:
        name, spec = slot.name, slot.spec
        before, after = slot.before, slot.after
        edits: list[str] = []
        text, repair = self._repair(name) if name.kind not in ("category", "category_one") else (name.text, None)
        if repair:
            edits.append(repair)
        subject = spec != "obj" and not self._after_preposition(before)
        if name.kind in ("category", "category_one"):
            row = CATEGORY_FORMS.get(name.key or "")
            m = re.search(r"[Кк]олко((?:\s+[^?.;:()]*?(?:,|\s+и))?)\s+$", before)
            if name.kind == "category" and not spec and row and m and len(m.group(1)) < 80:
                new = count_form(row)
                if new and new != text:
                    text = new
                    edits.append("AGR_CHG")
            if name.kind == "category" and spec == "def":
                new = plural_definite(text)
                if new != text:
                    text = new
                    edits.append("ART_ADD")
            if name.kind == "category_one" and row and row[2] in ("f", "n"):
                new = self._agree(before, row[2])
                if new != before:
                    before = new
                    edits.append("AGR_CHG")
            return Fill(text, before if before != slot.before else None, None, tuple(edits))
        if name.kind == "country" and not repair:
            new = definite(text, subject)
            if new != text:
                text = new
                edits.append("ART_ADD")
        elif name.kind == "event" and not repair:
            if spec == "def":
                new = event_definite(text, subject)
                if new != text:
                    text = new
                    edits.append("ART_ADD")
            col = {"m": 0, "f": 1, "n": 2}[_EVENT_GENDER.get(name.text.split(" ")[0], "n")]
            m = re.match(r"(,\s+)([а-я]+)", after)
            for triple in _PARTICIPLES:
                if m and m.group(2) in triple and m.group(2) != triple[col]:
                    after = after[:m.start(2)] + triple[col] + after[m.end(2):]
                    edits.append("AGR_CHG")
        if name.kind in ("country", "region") and (name.text in PLURAL_NAMES or text in PLURAL_NAMES) and \
                not self._after_preposition(before):
            b2, a2 = self._plural_verb(before), self._plural_verb(after, first=True)
            if (b2, a2) != (before, after):
                before, after = b2, a2
                edits.append("AGR_CHG")
        # prepositions
        m = re.search(r"(^|[\s(])([вВсС])\s$", before)
        if m and _CYR.search(text[:1] or ""):
            p = m.group(2)
            new_p = None
            if p in "вВ" and (("острови" in text) or text in ("Малдивите", "Филипините", "Сейшелите")):
                new_p = "на" if p == "в" else "На"
            elif p in "вВ" and text[:1] in "вВфФ":
                new_p = p + "ъв"
            elif p in "сС" and text[:1] in "сСзЗ":
                new_p = p + "ъс"
            if new_p:
                before = before[:m.start(2)] + new_p + " "
                edits.append("ADP_CHG")
        return Fill(text, before if before != slot.before else None, after if after != slot.after else None,
                    tuple(edits))

    @staticmethod
    def _agree(before: str, gender: str) -> str:
        words = re.split(r"(\s+)", before)
        i = len(words) - 1
        changed = False
        while i >= 0:
            w = words[i]
            if w.isspace() or w == "":
                i -= 1
                continue
            low = w.lower()
            table = _AGREE.get(low)
            if table:
                new = table[0 if gender == "f" else 1]
                words[i] = same_case(new, w)
                changed = True
            elif low not in _FILLER:
                break
            i -= 1
        return "".join(words) if changed else before

    @staticmethod
    def _plural_verb(text: str, first: bool = False) -> str:
        if first:
            m = re.match(r"(\s+(?:се\s+)?)([А-Яа-я]+)", text)
            if m and m.group(2) in _VERBS:
                return text[:m.start(2)] + _VERBS[m.group(2)] + text[m.end(2):]
            return text
        m = re.search(r"(\s+ли\s+)(е)(\s+)$", text)
        if m:
            return text[:m.start(2)] + "са" + text[m.end(2):]
        m = re.search(r"([А-Яа-я]+)(\s+ли\s+(?:се\s+)?)$", text)
        if m and m.group(1).lower() in _VERBS:
            w = m.group(1)
            new = _VERBS[w.lower()]
            new = same_case(new, w)
            return text[:m.start(1)] + new + m.group(2)
        return text


LANGUAGE = Bulgarian()

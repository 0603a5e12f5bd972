"""Italian: articles, articulated prepositions, elision and locative prepositions around names.

The wordings write a name slot bare, after the preposition the sentence needs: ``di {B}`` (of),
``da {B}`` (from), ``a {B}`` (to), ``in {B}`` (in, locative), ``su {B}``, or any other word.
:meth:`Italian.fill` repairs what naive substitution breaks, from :mod:`kgbench.languages.ita_lexicon`:

* the article a country, US state or event takes, chosen by gender, number and first sound (ART_ADD):
  ``la Francia``, ``il Giappone``, ``l'Italia``, ``lo Yemen``, ``lo Utah``, ``gli Stati Uniti``,
  ``i Paesi Bassi``, ``le Filippine``, ``l'uragano Katrina (2005)``; none for Cuba, Israele, Malta...
* preposition + article contracted (CONTR_CHG): ``del Giappone``, ``dell'Italia``, ``degli Stati Uniti``,
  ``dallo Yemen``, ``alla Francia``; also for a city name with its own article: ``di L'Aquila`` ->
  ``dell'Aquila``, ``a Il Cairo`` -> ``al Cairo``
* locative ``in``: ``in Francia``, ``in Giappone`` (no article for a singular country), ``negli Stati Uniti``,
  ``nelle Filippine``, ``nel Regno Unito``, ``nella Repubblica Dominicana`` (CONTR_CHG), ``a Cuba``,
  ``alle Maldive``, ``a Roma`` for a city (ADP_CHG), ``nello Stato di New York`` (OTHER)
* euphonic ``ad`` before a name in a- (``ad Ankara``, ADP_CHG)
* a plural name as subject takes a plural verb (``gli Stati Uniti confinano``, AGR_CHG)
* category nouns: the article and the agreeing words around them follow the noun's gender and first sound
  (ART_CHG, ELISION, CONTR_CHG, AGR_CHG): ``la farmacia più vicina``, ``l'hotel``, ``gli studi``,
  ``le città``, ``quante farmacie``, ``la seconda città``, ``dello studio``.

Names are never changed inside; a name the lexicon does not know (a country without an Italian name, a
county, an OpenStreetMap feature) gets no article. A name starting a sentence gets a capital article.
"""

from __future__ import annotations

import re
from dataclasses import replace

from kgbench.languages.base import Fill, Language, Slot, BEST_TRACK, relabel
from kgbench.languages.ita_lexicon import ARTICLE_OVERRIDES, CATEGORIES, COUNTRIES, LABEL_FIXES, TEXTS, US_STATES

_VOWELS = "aeiouàèéìòùAEIOUÀÈÉÌÒÙhH"
_BASE = {"di": "de", "a": "a", "da": "da", "in": "ne", "su": "su"}
_SUFFIX = {"il": "l", "lo": "llo", "l'": "ll'", "la": "lla", "i": "i", "gli": "gli", "le": "lle"}
_BEFORE = re.compile(r"(?:(?<=\W)|^)(di|Di|a|A|ad|Ad|da|Da|in|In|su|Su)( )$")
_OWN_ARTICLE = re.compile(r"^(Il|Lo|L')(\s?)(.+)$")
#: event kinds -> gender of their Italian noun
_EVENT_GENDER = {"earthquake": "m", "quarry blast": "m", "explosion": "f", "Hurricane": "m",
                 "Tropical Storm": "f", "Tropical Depression": "f", "wind field": "m", "best track": "f"}
#: verbs the wordings put right after a subject name, and their plural
_PLURAL_VERBS = {"incontra o attraversa": "incontrano o attraversano", "è più grande": "sono più grandi",
                 "è più piccolo": "sono più piccoli", "è": "sono", "ha": "hanno", "si trova": "si trovano",
                 "confina": "confinano",
                 "interseca": "intersecano", "tocca": "toccano", "circonda": "circondano",
                 "contiene": "contengono", "copre": "coprono", "racchiude": "racchiudono", "fa": "fanno",
                 "appartiene": "appartengono", "raggiunge": "raggiungono", "incontra": "incontrano",
                 "attraversa": "attraversano", "si sovrappone": "si sovrappongono", "include": "includono",
                 "è confinante": "sono confinanti", "è adiacente": "sono adiacenti", "ricade": "ricadono",
                 "si estende": "si estendono", "occupa": "occupano", "comprende": "comprendono"}
_VERB = re.compile(r"^ (" + "|".join(sorted(map(re.escape, _PLURAL_VERBS), key=len, reverse=True)) + r")(?![\w])")
#: words after a feminine category noun that agree with it
_AGREE_ONE = {"vicino": "vicina", "lontano": "lontana", "popoloso": "popolosa", "situato": "situata",
              "esteso": "estesa", "allungato": "allungata", "esso": "essa",
              "compatto": "compatta", "piccolo": "piccola"}
_AGREE_MANY = {"vicini": "vicine", "lontani": "lontane", "situati": "situate", "quelli": "quelle",
               "Quelli": "Quelle", "denominati": "denominate", "popolosi": "popolose", "compresi": "comprese",
               "attraversati": "attraversate", "distanti": "distanti", "intersecati": "intersecate",
               "tutti quelli": "tutte quelle", "essi": "esse"}
_PHRASES_ONE = {"il più vicino": "la più vicina", "il più lontano": "la più lontana",
                "il più popoloso": "la più popolosa", "del più vicino": "della più vicina"}
_PHRASES_MANY = {"i più vicini": "le più vicine", "i più lontani": "le più lontane",
                 "del più vicino": "della più vicina", "dal più vicino": "dalla più vicina",
                 "il più vicino": "la più vicina", "dai quali": "dalle quali", "ai quali": "alle quali",
                 "dei quali": "delle quali", "nei quali": "nelle quali", "i quali": "le quali"}
_AGREE_WORD = re.compile(r"(?<![\w{'])(?:tutti quelli|[A-Za-zàèéìòù]+)(?![\w}'])")


def _starts_vowel(text: str) -> bool:
    return text[:1] in _VOWELS


def _lo_class(text: str) -> bool:
    """s + consonant, z, x, y, gn, ps, pn: the words that take lo/gli."""
    t = text.lower()
    if not t:
        return False
    if t[0] == "s" and len(t) > 1 and t[1] not in "aeiouàèéìòù":
        return True
    return t[0] in "zxy" or t[:2] in ("gn", "ps", "pn")


def article_for(text: str, gender: str, plural: bool) -> str:
    """Return the definite article of an Italian noun or name: il, lo, l', la, i, gli, le."""
    if text in ARTICLE_OVERRIDES:
        return ARTICLE_OVERRIDES[text]
    if gender == "f":
        return "le" if plural else ("l'" if _starts_vowel(text) else "la")
    if plural:
        return "gli" if _starts_vowel(text) or _lo_class(text) else "i"
    if _starts_vowel(text):
        return "l'"
    return "lo" if _lo_class(text) else "il"


def _join(art: str, text: str) -> str:
    return art + ("" if art.endswith("'") else " ") + text


def contract(prep: str, art: str) -> str:
    """Return a preposition + article as Italian writes it: di + il -> del, in + gli -> negli, a + l' -> all'."""
    return _BASE[prep] + _SUFFIX[art]


def _fixed(slot: Slot) -> Slot:
    """Return a slot whose name is repaired: an English best track translated ("la best track dell'uragano
    Ike (2008)", as the wordings call it), a wrong label or English qualifier put in Italian (LABEL_FIXES)."""
    name = slot.name
    if name.kind == "event" and name.key is None:
        m = BEST_TRACK.match(name.text)
        if m:
            storm = TEXTS[f"event.{m.group(1)}"].format(name=m.group(2), year=m.group(3))
            of = contract("di", article_for(storm, _EVENT_GENDER[m.group(1)], False))
            text = f"best track {of}{'' if of.endswith(chr(39)) else ' '}{storm}"
            return replace(slot, name=replace(name, text=text, key="best track"))
    text = relabel(name.text, LABEL_FIXES)
    return replace(slot, name=replace(name, text=text)) if text != name.text else slot


def _sentence_start(before: str) -> bool:
    stripped = before.rstrip()
    return not stripped or stripped[-1] in ".?!"


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


class Italian(Language):
    code, bcp47, locale = "ita", "it", "it"
    english_name, family, script, tier = "Italian", "Indo-European (Romance)", "Latin", "high"
    decimal_comma = True
    forms = {}
    answer_words = {"true": ("vero", "sì", "si", "v", "true"), "false": ("falso", "no", "f", "false"),
                    "plausibly": ("plausibilmente", "plausibile", "forse", "possibilmente")}
    direction_words = {
        "N": ("nord", "n"), "NNE": ("nord-nord-est", "nne"), "NE": ("nord-est", "nordest", "ne"),
        "ENE": ("est-nord-est", "ene"), "E": ("est", "e"), "ESE": ("est-sud-est", "ese"),
        "SE": ("sud-est", "sudest", "se"), "SSE": ("sud-sud-est", "sse"), "S": ("sud", "s"),
        "SSW": ("sud-sud-ovest", "sso"), "SW": ("sud-ovest", "sudovest", "so"),
        "WSW": ("ovest-sud-ovest", "oso"), "W": ("ovest", "o"), "WNW": ("ovest-nord-ovest", "ono"),
        "NW": ("nord-ovest", "nordovest", "no"), "NNW": ("nord-nord-ovest", "nno"),
        "left": ("sinistra", "a sinistra"), "right": ("destra", "a destra"),
        "on": ("sul percorso", "sulla linea", "sopra"), "upstream": ("a monte", "monte"),
        "downstream": ("a valle", "valle")}
    compass = {"north": "nord", "east": "est", "south": "sud", "west": "ovest"}
    categories = {k: (v[0], v[1]) for k, v in CATEGORIES.items()}
    months = ("gennaio", "febbraio", "marzo", "aprile", "maggio", "giugno", "luglio", "agosto", "settembre",
              "ottobre", "novembre", "dicembre")
    texts = TEXTS

    # ------------------------------------------------------------------------------------ values

    def number(self, value) -> str:
        """Return a number with a decimal comma: 0.2 -> "0,2", 5.0 -> "5"."""
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        return str(value).replace(".", ",")

    @staticmethod
    def _day(day: int) -> str:
        return "1º" if day == 1 else str(day)

    @staticmethod
    def _the_day(day: int) -> str:
        """il 1º, il 7, l'8, l'11 (the article elides before otto, undici, ottanta...)."""
        return ("l'" if str(day).startswith("8") or day == 11 else "il ") + Italian._day(day)

    def date(self, iso: str) -> str:
        """Return a day as "1º febbraio 2018" / "7 febbraio 2018", a month as "febbraio 2018"."""
        parts = [int(x) for x in iso.split("-")]
        if len(parts) == 2:
            return f"{self.month(parts[1])} {parts[0]}"
        return f"{self._day(parts[2])} {self.month(parts[1])} {parts[0]}"

    def period(self, start: str, end: str) -> str:
        """Return a period with its preposition: "a febbraio 2018", "tra luglio e ottobre 2005",
        "tra il 1º e il 7 febbraio 2018", "tra il 31 gennaio 2018 e il 7 febbraio 2018", "tra l'8 e l'11
        agosto 2018", "tra novembre 2005 e febbraio 2006"."""
        sy, sm, *sd = (int(x) for x in start.split("-"))
        ey, em, *ed = (int(x) for x in end.split("-"))
        if not sd and not ed:
            if (sy, sm) == (ey, em):
                month = self.month(sm)
                return f"{'ad' if _starts_vowel(month) else 'a'} {month} {sy}"
            if sy == ey:
                return f"tra {self.month(sm)} e {self.month(em)} {sy}"
            return f"tra {self.date(start)} e {self.date(end)}"
        if sd and ed and (sy, sm) == (ey, em):
            if sd[0] == ed[0]:
                return f"{self._the_day(sd[0])} {self.month(sm)} {sy}"
            return f"tra {self._the_day(sd[0])} e {self._the_day(ed[0])} {self.month(sm)} {sy}"

        def one(iso, days):
            if not days:
                return self.date(iso)
            art = self._the_day(days[0])
            return art[:art.index(" ") + 1] + self.date(iso) if " " in art else "l'" + self.date(iso)
        return f"tra {one(start, sd)} e {one(end, ed)}"

    # ------------------------------------------------------------------------------------ grammar

    def article(self, name) -> tuple[str | None, str, str]:
        """Return (article, bare text, locative) of a name. The locative is how "in" is written before it:
        "in" (bare), "in+art" (nel/nella...), "a" (a Cuba, a Roma), "a+art" (alle Maldive), "keep"."""
        text, kind, key = name.text, name.kind, name.key
        if kind in ("country", "region"):
            code = (COUNTRIES if kind == "country" else US_STATES).get(key or "")
            if code is None:
                return None, text, "keep"
            gender, _, loc = code.partition(":")
            if gender == "e":
                return "lo", "Stato di " + text, "in+art"
            if gender == "0":
                return None, text, "a"
            if gender == "a":
                return None, text, "in"
            plural = gender.endswith("p")
            art = article_for(text, gender[0], plural)
            if loc == "alle":
                return art, text, "a+art"
            if loc == "a":
                return art, text, "a"
            if loc == "art" or plural:
                return art, text, "in+art"
            return art, text, "in"
        if kind == "event":
            gender = _EVENT_GENDER.get(name.key or "")
            if gender is None:
                return None, text, "keep"
            return article_for(text, gender, False), text, "keep"
        if kind == "place":
            m = _OWN_ARTICLE.match(text)
            if m and (m.group(2) or m.group(1) == "L'"):
                return m.group(1).lower(), m.group(3), "a+art"
            return None, text, "a"
        return None, text, "keep"

    def fill(self, slot: Slot) -> Fill:
        slot = _fixed(slot)
        kind = slot.name.kind
        if kind in ("category", "category_one"):
            return self._fill_category(slot)
        if kind == "word":
            return self._fill_word(slot)
        if kind not in ("country", "region", "county", "place", "feature", "event"):
            return Fill(slot.name.text)
        art, bare, loc = self.article(slot.name)
        own = kind == "place" and art is not None
        edits: list[str] = []
        if kind == "event" and slot.name.key == "wind field":
            bare, inner = self._wind_field(bare)
            edits.extend(inner)
        m = _BEFORE.search(slot.before)
        prep = m.group(1) if m else ""
        head = slot.before[:m.start(1)] if m else slot.before
        low = prep.lower()
        upper = prep[:1].isupper()

        def keep(p: str) -> str:
            return _cap(p) if upper else p

        def joined(p: str, text: str) -> str:
            return p if p.endswith("'") else p + " "

        if low in ("di", "da", "su", "a", "ad"):
            base = "a" if low == "ad" else low
            if art is not None:
                c = contract(base, art)
                return Fill(bare, before=head + keep(joined(c, bare)), edits=tuple(edits + ["CONTR_CHG"]))
            if base == "a" and bare[:1] in "aAàÀ" and low == "a":
                return Fill(bare, before=head + keep("ad "), edits=tuple(edits + ["ADP_CHG"]))
            return Fill(bare, edits=tuple(edits))
        if low == "in":
            if loc == "keep" or (loc == "in" and art is None):
                return Fill(bare if not own else slot.name.text, edits=tuple(edits))
            if loc == "in":
                return Fill(bare, edits=tuple(edits))
            if loc == "in+art":
                c = contract("in", art)
                cats = ["CONTR_CHG"] + (["OTHER"] if bare != slot.name.text else [])
                return Fill(bare, before=head + keep(joined(c, bare)), edits=tuple(edits + cats))
            if loc == "a+art":
                c = contract("a", art)
                return Fill(bare, before=head + keep(joined(c, bare)), edits=tuple(edits + ["ADP_CHG", "CONTR_CHG"]))
            # "a"
            a = "ad " if bare[:1] in "aAàÀ" else "a "
            return Fill(bare, before=head + keep(a), edits=tuple(edits + ["ADP_CHG"]))
        # any other word before (tra, e, con, the sentence start...)
        if art is None or own:
            text = slot.name.text if own else bare
            return Fill(text, edits=tuple(edits))
        text = _join(art, bare)
        edits.append("ART_ADD")
        if _sentence_start(slot.before):
            text = _cap(text)
        after = None
        if art in ("i", "gli", "le"):
            v = _VERB.match(slot.after)
            if v:
                after = " " + _PLURAL_VERBS[v.group(1)] + slot.after[v.end():]
                edits.append("AGR_CHG")
        return Fill(text, after=after, edits=tuple(edits))

    @staticmethod
    def _fill_word(slot: Slot) -> Fill:
        """A word phrase with its own article after di/a/da/in/su: in + i contorni -> nei contorni."""
        text = slot.name.text
        w = re.match(r"^(il|lo|la|i|gli|le) (.+)$|^(l')(.+)$", text)
        m = _BEFORE.search(slot.before)
        if not (w and m):
            return Fill(text)
        art, rest = (w.group(1), w.group(2)) if w.group(1) else (w.group(3), w.group(4))
        prep = m.group(1)
        base = "a" if prep.lower() == "ad" else prep.lower()
        c = contract(base, art)
        if prep[:1].isupper():
            c = _cap(c)
        return Fill(rest, before=slot.before[:m.start(1)] + c + ("" if c.endswith("'") else " "),
                    edits=("CONTR_CHG",))

    @staticmethod
    def _wind_field(text: str) -> tuple[str, tuple[str, ...]]:
        """Repair "campo di vento di uragano X" (the storm put into event.wind field) -> "dell'uragano X"."""
        m = re.match(r"^campo di vento di (uragano|tempesta|depressione)\b", text)
        if not m:
            return text, ()
        word = m.group(1)
        new = "dell'" if word == "uragano" else "della "
        return text.replace(f"di {word}", new + word, 1), ("CONTR_CHG",)

    # ------------------------------------------------------------------------------------ categories

    _CAT_BEFORE = re.compile(
        r"(?:(?<=\W)|^)(il|Il|del|Del|al|Al|dal|Dal|nel|Nel|sul|Sul|un|Un|nessun|Nessun|"
        r"i|I|dei|Dei|ai|Ai|dai|Dai|nei|Nei|sui|Sui|tutti i|Tutti i|quanti|Quanti)"
        r"((?: (?:secondo|terzo|due|tre|altri|altro))?)( )$")
    _MID_FEM = {"secondo": "seconda", "terzo": "terza", "altri": "altre", "altro": "altra"}

    def _fill_category(self, slot: Slot) -> Fill:
        key = slot.name.key or ""
        info = CATEGORIES.get(key)
        text = slot.name.text
        if info is None:
            return Fill(text)
        gender = info[2]
        fem = gender == "f"
        one = slot.name.kind == "category_one"
        before, after, edits = None, None, []
        m = self._CAT_BEFORE.search(slot.before)
        if m:
            word, mid = m.group(1), m.group(2)
            low = word.lower()
            head = slot.before[:m.start(1)]
            upper = word[:1].isupper()
            mid_word = mid.strip()
            mid_new = self._MID_FEM.get(mid_word, mid_word) if fem else mid_word
            next_word = mid_new or text
            new = None
            cats = []
            if one and low in ("il", "del", "al", "dal", "nel", "sul"):
                art = article_for(next_word, gender, False)
                new = art if low == "il" else contract({"del": "di", "al": "a", "dal": "da", "nel": "in",
                                                        "sul": "su"}[low], art)
                if art != "il":
                    cats.append("ELISION" if art == "l'" else ("ART_CHG" if low == "il" else "CONTR_CHG"))
            elif one and low in ("un", "nessun"):
                stem = "" if low == "un" else "nessun"
                if fem:
                    new = (stem + ("un'" if _starts_vowel(next_word) else "una")) if low == "un" else (
                        "nessun'" if _starts_vowel(next_word) else "nessuna")
                else:
                    new = ("uno" if low == "un" else "nessuno") if _lo_class(next_word) else word.lower()
                if new != low:
                    cats.append("ART_CHG")
            elif not one and low in ("i", "dei", "ai", "dai", "nei", "sui", "tutti i"):
                art = article_for(next_word, gender, True)
                if low == "i":
                    new = art
                elif low == "tutti i":
                    new = ("tutte " if fem else "tutti ") + art
                else:
                    new = contract({"dei": "di", "ai": "a", "dai": "da", "nei": "in", "sui": "su"}[low], art)
                if art != "i":
                    cats.append("ART_CHG" if low in ("i", "tutti i") else "CONTR_CHG")
                if low == "tutti i" and fem:
                    cats.append("AGR_CHG")
            elif not one and low == "quanti" and fem:
                new = "quante"
                cats.append("AGR_CHG")
            if mid_new != mid_word:
                cats.append("AGR_CHG")
            if new is not None and (new != low or mid_new != mid_word):
                if upper:
                    new = _cap(new)
                sep = "" if new.endswith("'") and not mid_new else " "
                before = head + new + sep + (mid_new + " " if mid_new else "")
                edits.extend(dict.fromkeys(cats))
        if fem:
            table = _AGREE_ONE if one else _AGREE_MANY
            new_after = slot.after
            for old, new in (_PHRASES_ONE if one else _PHRASES_MANY).items():
                new_after = re.sub(r"(?<![\w{'])" + re.escape(old) + r"(?![\w}])", new, new_after)
            new_after = _AGREE_WORD.sub(lambda w: table.get(w.group(0), w.group(0)), new_after)
            if new_after != slot.after:
                after = new_after
                edits.append("AGR_CHG")
        return Fill(text, before=before, after=after, edits=tuple(dict.fromkeys(edits)))


LANGUAGE = Italian()

"""French: articles, contractions, elision and locative prepositions around names.

The wordings write a name slot bare, after the preposition the sentence needs: ``de {B}`` (of/from),
``à {B}`` (to), ``en {B}`` (in, locative), ``que {B}`` or any other word. :meth:`French.fill` then repairs
what naive substitution breaks, from the lexicon of :mod:`kgbench.languages.fra_lexicon`:

* article added to a country, US state or event (ART_ADD): ``entre la France et le Japon``;
  ``l'Italie``; ``l'ouragan Katrina (2005)``; no article for Cuba, Israël, Singapour, Hawaii...
* de/à + le/les contracted (CONTR_CHG): ``du Japon``, ``des États-Unis``, ``au Japon``, ``aux Bahamas``;
  also for city names with their own article: ``de Le Havre`` -> ``du Havre``, ``à Le Mans`` -> ``au Mans``
* elision (ELISION): ``de l'Angola``, ``d'Oulu``, ``d'Israël``, ``qu'Oulu``
* locative ``en`` (ADP_CHG / CONTR_CHG): ``en France``, ``en Iran``, ``au Japon``, ``aux États-Unis``,
  ``à Cuba``, ``à la Barbade``, ``à Paris`` (a city), ``dans Travis County, Texas`` (a county),
  ``dans l'État de New York`` (OTHER: "l'État de" added for New York and Washington)
* category nouns: gender agreement of the determiner before them, of ``le plus``/``le moins`` right after
  them and of the pronouns and participles of their sentence (AGR_CHG / ART_CHG / ELISION):
  ``quelles villes``, ``la pharmacie la plus proche``, ``l'hôtel le plus proche``, ``combien d'hôtels``,
  ``toutes les villes``, ``laquelle``, ``celles``, ``situées``
* a plural name as subject takes a plural verb (``les États-Unis sont limitrophes``, AGR_CHG); a pronoun
  after a feminine event is ``elle`` (``la tempête tropicale Fred (2021) a-t-elle``, AGR_CHG)
* ``au {direction}`` before est/ouest becomes ``à l'est``; ``à la {resolution_type}`` before "niveau" ``au``
  (CONTR_CHG)

Names are never changed inside: an article is only put before them. A name the lexicon does not know (a
country without a French name, a county, an OpenStreetMap feature) gets no article; only the phonetic
elision of de/que before a vowel is applied to it. A name at the start of a sentence gets a capital
article (``L'Italie``, ``Le Japon``).
"""

from __future__ import annotations

import re
from dataclasses import replace

from kgbench.languages.base import Fill, Language, Slot, BEST_TRACK, relabel
from kgbench.languages.fra_lexicon import CATEGORIES, COUNTRIES, LABEL_FIXES, TEXTS, US_STATES

_VOWELS = "aeiouàâäéèêëîïôöûüœæåAEIOUÀÂÄÉÈÊËÎÏÔÖÛÜŒÆÅ"
#: the preposition/word right before a slot that a rule depends on
_BEFORE = re.compile(r"(?:(?<=\W)|^)(de|De|d'|à|À|en|En|que|Que|qu')( ?)$")
#: event kinds -> (article, noun starts with a vowel)
_EVENT_ART = {"earthquake": "le", "quarry blast": "le", "explosion": "l'", "Hurricane": "l'",
              "Tropical Storm": "la", "Tropical Depression": "la", "wind field": "le",
              "best track": "la"}
#: names with a mute h: de/que elide before them (d'Haïti)
_H_MUET = ("Haïti", "Hawaï", "Hawaii")
#: words of a category's clause (up to the end of its sentence) that agree with a feminine category noun
_AGREE_ONE = {"lequel": "laquelle", "Lequel": "Laquelle", "celui": "celle", "situé": "située", "-t-il": "-t-elle",
              "auquel": "à laquelle", "duquel": "de laquelle", "nommé": "nommée",
              "peuplé": "peuplée", "éloigné": "éloignée", "allongé": "allongée", "étiré": "étirée"}
_AGREE_MANY = {"lesquels": "lesquelles", "Lesquels": "Lesquelles", "lequel": "laquelle", "Lequel": "Laquelle",
               "situés": "situées", "ceux": "celles", "nommés": "nommées", "eux": "elles", "seuls": "seules",
               "-t-ils": "-t-elles", "éloignés": "éloignées",
               "l'un": "l'une", "uns": "unes", "auxquels": "auxquelles", "desquels": "desquelles",
               "peuplés": "peuplées", "allongés": "allongées"}
_AGREE_WORD = re.compile(r"-t-ils?(?!\w)|(?<![\w{'])(?:l'un(?!\w)|[A-Za-zéèàù]+)(?![\w}'])")
#: phrases of a feminine plural category's clause that agree with it (applied before the words)
_AGREE_MANY_PHRASES = {"tous ceux": "toutes celles", "que le plus proche": "que la plus proche",
                       "du plus proche": "de la plus proche"}


def _agree(clause: str, one: bool) -> str:
    """Return a clause with the words that agree with a feminine category noun put in the feminine."""
    if not one:
        for old, new in _AGREE_MANY_PHRASES.items():
            clause = re.sub(r"(?<![\w{])" + re.escape(old) + r"(?![\w}])", new, clause)
    table = _AGREE_ONE if one else _AGREE_MANY
    return _AGREE_WORD.sub(lambda w: table.get(w.group(0), w.group(0)), clause)


#: verbs the wordings put right after a subject name, and their plural (les États-Unis sont...)
_PLURAL_VERBS = {"rencontre ou traverse": "rencontrent ou traversent", "est limitrophe": "sont limitrophes",
                 "est plus vaste": "sont plus vastes", "est": "sont", "a": "ont", "se trouve": "se trouvent",
                 "fait": "font", "relève": "relèvent",
                 "intersecte": "intersectent", "rencontre": "rencontrent", "entoure": "entourent",
                 "encercle": "encerclent", "chevauche": "chevauchent", "touche": "touchent",
                 "atteint": "atteignent", "couvre": "couvrent", "se situe": "se situent", "rejoint": "rejoignent",
                 "traverse": "traversent", "contient": "contiennent", "était": "étaient"}
_VERB = re.compile(r"^ (" + "|".join(sorted(map(re.escape, _PLURAL_VERBS), key=len, reverse=True)) + r")(?![\w-])")
#: feminine events (a pronoun after them is "elle")
_EVENT_FEM = {"explosion", "Tropical Storm", "Tropical Depression", "best track"}
#: gender of the {resolution_type} words
_WORD_FEM = {"précision": True, "résolution": True, "niveau": False}
_OWN_ARTICLE = re.compile(r"^(Les|Le|La|L')(\s?)(.*)$")


def _starts_vowel(text: str) -> bool:
    return text[:1] in _VOWELS


def _elides(text: str) -> bool:
    """Whether de/que elide before a name: a vowel or a mute h (d'Oulu, d'Haïti)."""
    return _starts_vowel(text) or text.startswith(_H_MUET)


def _fixed(slot: Slot) -> Slot:
    """Return a slot whose name is repaired: an English best track translated ("la meilleure trajectoire de
    l'ouragan Ike (2008)"), a wrong label or English qualifier put in French (LABEL_FIXES)."""
    name = slot.name
    if name.kind == "event" and name.key is None:
        m = BEST_TRACK.match(name.text)
        if m:
            storm = TEXTS[f"event.{m.group(1)}"].format(name=m.group(2), year=m.group(3))
            art = _EVENT_ART[m.group(1)]
            of = "de l'" if art == "l'" else f"de {art} "
            return replace(slot, name=replace(name, text=f"meilleure trajectoire {of}{storm}", key="best track"))
    text = relabel(name.text, LABEL_FIXES)
    return replace(slot, name=replace(name, text=text)) if text != name.text else slot


def _sentence_start(before: str) -> bool:
    stripped = before.rstrip()
    return not stripped or stripped[-1] in ".?!"


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


class French(Language):
    code, bcp47, locale = "fra", "fr", "fr"
    english_name, family, script, tier = "French", "Indo-European (Romance)", "Latin", "high"
    decimal_comma = True
    forms = {}
    answer_words = {"true": ("vrai", "oui", "v", "o"), "false": ("faux", "non", "f", "n"),
                    "plausibly": ("plausiblement", "plausible", "peut-être", "possiblement")}
    direction_words = {
        "N": ("nord", "n"), "NNE": ("nord-nord-est", "nne"), "NE": ("nord-est", "ne"),
        "ENE": ("est-nord-est", "ene"), "E": ("est", "e"), "ESE": ("est-sud-est", "ese"),
        "SE": ("sud-est", "se"), "SSE": ("sud-sud-est", "sse"), "S": ("sud", "s"),
        "SSW": ("sud-sud-ouest", "sso"), "SW": ("sud-ouest", "so"), "WSW": ("ouest-sud-ouest", "oso"),
        "W": ("ouest", "o"), "WNW": ("ouest-nord-ouest", "ono"), "NW": ("nord-ouest", "no"),
        "NNW": ("nord-nord-ouest", "nno"), "left": ("gauche", "à gauche"), "right": ("droite", "à droite"),
        "on": ("sur", "sur le trajet", "sur la route"), "upstream": ("en amont", "amont"),
        "downstream": ("en aval", "aval")}
    compass = {"north": "nord", "east": "est", "south": "sud", "west": "ouest"}
    categories = {k: (v[0], v[1]) for k, v in CATEGORIES.items()}
    months = ("janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre",
              "novembre", "décembre")
    texts = TEXTS

    # ------------------------------------------------------------------------------------ values

    def number(self, value) -> str:
        """Return a number with a decimal comma: 0.2 -> "0,2", 5.0 -> "5"."""
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        return str(value).replace(".", ",")

    @staticmethod
    def _day(day: int) -> str:
        return "1er" if day == 1 else str(day)

    def date(self, iso: str) -> str:
        """Return a day as "1er février 2018" / "7 février 2018", a month as "février 2018"."""
        parts = [int(x) for x in iso.split("-")]
        if len(parts) == 2:
            return f"{self.month(parts[1])} {parts[0]}"
        return f"{self._day(parts[2])} {self.month(parts[1])} {parts[0]}"

    def period(self, start: str, end: str) -> str:
        """Return a period with its preposition: "en février 2018", "entre juillet et octobre 2005",
        "entre le 1er et le 7 février 2018", "entre le 31 janvier 2018 et le 7 février 2018",
        "entre novembre 2005 et février 2006"."""
        sy, sm, *sd = (int(x) for x in start.split("-"))
        ey, em, *ed = (int(x) for x in end.split("-"))
        if not sd and not ed:
            if (sy, sm) == (ey, em):
                return f"en {self.month(sm)} {sy}"
            if sy == ey:
                return f"entre {self.month(sm)} et {self.month(em)} {sy}"
            return f"entre {self.date(start)} et {self.date(end)}"
        if sd and ed and (sy, sm) == (ey, em):
            if sd[0] == ed[0]:
                return f"le {self._day(sd[0])} {self.month(sm)} {sy}"
            return f"entre le {self._day(sd[0])} et le {ed[0]} {self.month(sm)} {sy}"
        first = ("le " if sd else "") + self.date(start)
        last = ("le " if ed else "") + self.date(end)
        return f"entre {first} et {last}"

    # ------------------------------------------------------------------------------------ grammar

    def article(self, name) -> tuple[str | None, str, str | None]:
        """Return (article, bare text, locative preposition) of a name: article one of "le", "la", "l'",
        "les" or None; the locative is what "en" becomes before the bare text (None: "en" stays, or "à" for
        a city, or "dans" for a county/feature)."""
        text, kind, key = name.text, name.kind, name.key
        if kind in ("country", "region"):
            code = (COUNTRIES if kind == "country" else US_STATES).get(key or "")
            if code is None or (kind == "country" and not name.localized and key not in COUNTRIES):
                return None, text, None
            gender, _, loc = code.partition(":")
            if gender == "e":
                return "l'", "État de " + text, "dans l'"
            if gender == "0":
                return None, text, loc or "à"
            if gender == "a":
                return None, text, loc or "en"
            if gender == "p":
                return "les", text, loc or "aux"
            if gender == "m":
                if _starts_vowel(text):
                    return "l'", text, loc or "en"
                return "le", text, loc or "au"
            if gender == "v":
                return "l'", text, loc or "en"
            # feminine
            return ("l'" if _starts_vowel(text) else "la"), text, loc or "en"
        if kind == "event":
            art = _EVENT_ART.get(key or "")
            return art, text, None
        if kind == "place":
            m = _OWN_ARTICLE.match(text)
            if m and m.group(3) and (m.group(2) or m.group(1) == "L'"):
                art = m.group(1).lower()
                return art, m.group(3), None
            return None, text, "à"
        if kind in ("county", "feature"):
            return None, text, "dans" if kind == "county" else "à"
        return None, text, None

    def fill(self, slot: Slot) -> Fill:
        slot = _fixed(slot)
        kind = slot.name.kind
        if kind in ("category", "category_one"):
            return self._fill_category(slot)
        if kind == "direction":
            return self._fill_direction(slot)
        if kind == "word":
            return self._fill_word(slot)
        if kind == "event" and slot.name.key in _EVENT_FEM:
            fill = self._fill_name(slot)
            rest = slot.after if fill.after is None else fill.after
            end = re.search(r"[.?!](?:\s|$)", rest)
            cut = end.start() if end else len(rest)
            clause = re.sub(r"-t-il(?!\w)", "-t-elle", rest[:cut])
            if clause != rest[:cut]:
                return Fill(fill.text, fill.before, clause + rest[cut:], fill.edits + ("AGR_CHG",))
            return fill
        return self._fill_name(slot)

    def _fill_name(self, slot: Slot) -> Fill:
        kind = slot.name.kind
        if kind not in ("country", "region", "county", "place", "feature", "event"):
            return Fill(slot.name.text)
        art, bare, loc = self.article(slot.name)
        own = kind == "place" and art is not None  # "Le Havre": the article is part of the name
        if kind == "event" and (slot.name.key == "wind field"):
            bare, inner = self._wind_field(bare)
        else:
            inner = ()
        m = _BEFORE.search(slot.before)
        prep = m.group(1) if m else ""
        head = slot.before[:m.start(1)] if m else slot.before
        low = prep.lower()
        upper = prep[:1].isupper()
        edits: list[str] = list(inner)

        def with_art(article: str | None, text: str) -> str:
            if article is None:
                return text
            if own:
                return (article.capitalize() + ("" if article == "l'" else " ") + text)
            return article + ("" if article == "l'" else " ") + text

        def keep(p: str) -> str:
            return _cap(p) if upper else p

        if low in ("de", "d'"):
            if art == "le":
                return Fill(bare, before=head + keep("du "), edits=tuple(edits + ["CONTR_CHG"]))
            if art == "les":
                return Fill(bare, before=head + keep("des "), edits=tuple(edits + ["CONTR_CHG"]))
            if art in ("la", "l'"):
                if own:
                    text = with_art(art, bare)
                    if art == "l'":
                        return Fill(text, before=head + keep("de "), edits=tuple(edits))
                    return Fill(text, edits=tuple(edits))
                return Fill(with_art(art, bare), before=head + keep("de "), edits=tuple(edits + ["ART_ADD"]))
            if _elides(bare):
                return Fill(bare, before=head + keep("d'"), edits=tuple(edits + ["ELISION"]))
            return Fill(bare, edits=tuple(edits))
        if low == "à":
            if art == "le":
                return Fill(bare, before=head + keep("au "), edits=tuple(edits + ["CONTR_CHG"]))
            if art == "les":
                return Fill(bare, before=head + keep("aux "), edits=tuple(edits + ["CONTR_CHG"]))
            if art in ("la", "l'") and not own:
                return Fill(with_art(art, bare), edits=tuple(edits + ["ART_ADD"]))
            return Fill(with_art(art, bare) if own else bare, edits=tuple(edits))
        if low == "en":
            if kind in ("country", "region") and loc:
                if loc == "en":
                    return Fill(bare, edits=tuple(edits))
                if loc in ("au", "aux"):
                    return Fill(bare, before=head + keep(loc + " "), edits=tuple(edits + ["CONTR_CHG"]))
                if loc == "à":
                    return Fill(bare, before=head + keep("à "), edits=tuple(edits + ["ADP_CHG"]))
                # "à la", "dans le", "dans l'", "sur l'", "dans les"
                cats = ["ADP_CHG", "OTHER" if bare != slot.name.text else "ART_ADD"]
                sep = "" if loc.endswith("'") else " "
                return Fill(bare, before=head + keep(loc + sep), edits=tuple(edits + cats))
            if kind == "place":
                if own:
                    if art in ("le", "les"):
                        return Fill(bare, before=head + keep("au " if art == "le" else "aux "),
                                    edits=tuple(edits + ["CONTR_CHG"]))
                    return Fill(with_art(art, bare), before=head + keep("à "), edits=tuple(edits + ["ADP_CHG"]))
                return Fill(bare, before=head + keep("à "), edits=tuple(edits + ["ADP_CHG"]))
            if kind in ("county", "feature"):
                return Fill(bare, before=head + keep(loc + " "), edits=tuple(edits + ["ADP_CHG"]))
            return Fill(bare, edits=tuple(edits))
        # any other word before (entre, et, que, the sentence start...)
        text = with_art(art, bare)
        if art is not None and not own:
            edits.append("ART_ADD")
            if _sentence_start(head if not prep else slot.before):
                text = _cap(text)
        after = None
        if art == "les" and not own:
            v = _VERB.match(slot.after)
            if v:
                after = " " + _PLURAL_VERBS[v.group(1)] + slot.after[v.end():]
                edits.append("AGR_CHG")
        if low in ("que", "qu'") and _elides(text):
            return Fill(text, before=head + keep("qu'"), after=after, edits=tuple(edits + ["ELISION"]))
        return Fill(text, after=after, edits=tuple(edits))

    @staticmethod
    def _fill_word(slot: Slot) -> Fill:
        """"à la" + a masculine word ({resolution_type} "niveau") -> "au"."""
        text = slot.name.text
        fem = _WORD_FEM.get(text)
        if fem is False and re.search(r"(?:(?<=\W)|^)à la $", slot.before):
            return Fill(text, before=slot.before[:-5] + "au ", edits=("CONTR_CHG",))
        return Fill(text)

    @staticmethod
    def _fill_direction(slot: Slot) -> Fill:
        """au + est/ouest -> à l'est / à l'ouest; du + est -> de l'est (the wordings write "au {direction}")."""
        text = slot.name.text
        m = re.search(r"(?:(?<=\W)|^)(au|du)( )$", slot.before)
        if m and _starts_vowel(text):
            new = "à l'" if m.group(1) == "au" else "de l'"
            return Fill(text, before=slot.before[:m.start(1)] + new, edits=("CONTR_CHG",))
        return Fill(text)

    @staticmethod
    def _wind_field(text: str) -> tuple[str, tuple[str, ...]]:
        """Repair "champ de vent de ouragan X" (the storm put into event.wind field) -> "de l'ouragan X"."""
        m = re.match(r"^(champ de vent) de (ouragan|tempête|dépression)\b", text)
        if not m:
            return text, ()
        if m.group(2) == "ouragan":
            return text.replace("de ouragan", "de l'ouragan", 1), ("ART_ADD",)
        return text.replace(f"de {m.group(2)}", f"de la {m.group(2)}", 1), ("ART_ADD",)

    # ------------------------------------------------------------------------------------ categories

    _CAT_BEFORE = re.compile(
        r"(?:(?<=\W)|^)(le|Le|un|Un|du|Du|au|Au|quel|Quel|quels|Quels|aucun|Aucun|tous les|Tous les|"
        r"de|De|d')((?: (?:deuxième|troisième|seul|autres))?)( ?)$")
    _CAT_AFTER = re.compile(r"^ (le) (plus|moins)\b")

    def _fill_category(self, slot: Slot) -> Fill:
        key = slot.name.key or ""
        info = CATEGORIES.get(key)
        text = slot.name.text
        if info is None:
            return Fill(text)
        _, _, gender, elides = info
        fem = gender == "f"
        one = slot.name.kind == "category_one"
        m = self._CAT_BEFORE.search(slot.before)
        before, after, edits = None, None, []
        if m:
            word, mid, space = m.group(1), m.group(2), m.group(3)
            low = word.lower()
            head = slot.before[:m.start(1)]
            upper = word[:1].isupper()
            new = None
            if one and low in ("le", "du", "au", "un", "quel", "aucun"):
                if low == "le":
                    if mid:
                        new, cat = ("la" if fem else "le"), "ART_CHG"
                    elif elides:
                        new, cat = "l'", "ELISION"
                    elif fem:
                        new, cat = "la", "ART_CHG"
                elif low in ("du", "au"):
                    if mid:
                        if fem:
                            new, cat = ("de la" if low == "du" else "à la"), "CONTR_CHG"
                    elif elides:
                        new, cat = ("de l'" if low == "du" else "à l'"), "CONTR_CHG"
                    elif fem:
                        new, cat = ("de la" if low == "du" else "à la"), "CONTR_CHG"
                elif fem:
                    new, cat = {"un": "une", "quel": "quelle", "aucun": "aucune"}[low], (
                        "ART_CHG" if low == "un" else "AGR_CHG")
            elif not one and low in ("quels", "tous les", "aucun") and fem:
                new, cat = {"quels": "quelles", "tous les": "toutes les", "aucun": "aucune"}[low], "AGR_CHG"
            elif not one and low in ("de", "d'") and not mid and elides:
                new, cat = "d'", "ELISION"
            if new is not None:
                if upper:
                    new = _cap(new)
                sep = "" if new.endswith("'") and not mid else space
                mid_text = mid
                if mid and fem:
                    mid_text = mid  # deuxième/troisième/seul are the same in both genders
                before = head + new + mid_text + (space if mid else sep)
                edits.append(cat)
        if fem:
            rest = slot.after
            a = self._CAT_AFTER.match(rest) if one else None
            if a:
                rest = " la " + a.group(2) + rest[a.end():]
            cut = len(rest)
            clause = _agree(rest[:cut], one)
            if a or clause != rest[:cut]:
                after = clause + rest[cut:]
                edits.append("AGR_CHG")
        return Fill(text, before=before, after=after, edits=tuple(edits))


LANGUAGE = French()

"""Romanian (ron): the grammar rules around names.

Romanian marks definiteness with an enclitic article and has a genitive-dative case, so a bare name cannot
always be dropped into a wording. The wordings (the templates' ``translations: ron``) mark each slot with a form spec:

* no spec: the name as it follows a preposition such as *în, din, de, la, dintre, până la* ("în Irak",
  "din Statele Unite ale Americii", "în Filipine"): the CLDR form, never changed;
* ``{X:def}``: the articulated nominative-accusative, for a subject, a direct object or after *cu*:
  masculine and neuter country names take *-ul* ("Irak" -> "Irakul", "Cipru" -> "Ciprul"), plural names
  without an article get one ("Filipine" -> "Filipinele"), feminine names in *-a* already have it
  ("Franța"); a category plural takes the plural article on its first word ("cafenele" -> "cafenelele",
  "stații de autobuz" -> "stațiile de autobuz", masculine "dentiști" -> "dentiștii");
* ``{X:gen}``: the articulated genitive-dative ("Franța" -> "Franței", "Irak" -> "Irakului",
  "Statele Unite ale Americii" -> "Statelor Unite ale Americii", "Guineea Ecuatorială" -> "Guineei
  Ecuatoriale", "uraganul Katrina (2005)" -> "uraganului Katrina (2005)").

Names that cannot be inflected safely (invariant country names such as "Peru" or "Mali", English
canonical names, cities, US states, counties and OpenStreetMap features) are never touched: in the
genitive they get a classifier noun that carries the case instead ("țării Peru", "statului Texas",
"localității Helsinki", "comitatului Travis County, Texas", "obiectivului Kiasma"), recorded as ART_ADD.
Nothing inside parentheses is ever changed. ``câte`` ("how many", feminine/neuter) before a masculine
category plural becomes ``câți`` (AGR_CHG).
"""

from __future__ import annotations

import re
from dataclasses import replace

from kgbench.languages.base import Fill, Language, Slot, BEST_TRACK
from kgbench.languages.ron_lexicon import CATEGORIES, COUNTRY_FORMS, MASCULINE_PLURALS, RENAME

__all__ = ["Romanian", "LANGUAGE", "country_forms"]

_PLAIN_CONSONANT = re.compile(r"[bcdfghjklmnpqrstvwxzșțBCDFGHJKLMNPQRSTVWXZ]$")
# the nouns an event name begins with (texts["event.*"]): nominative articulated -> genitive articulated
_EVENT_HEADS = {"cutremurul": "cutremurului", "explozia": "exploziei", "uraganul": "uraganului",
                "furtuna tropicală": "furtunii tropicale", "depresiunea tropicală": "depresiunii tropicale",
                "câmpul": "câmpului"}
#: a region name carrying an English disambiguator ("Georgia (U.S. state)", "Puerto Rico (U.S. territory)")
_US_QUALIFIED = re.compile(r"^(.*?) ?\(U\.S\. (state|territory)\)$")


def country_forms(text: str) -> tuple[str, str] | None:
    """Return (articulated nominative, articulated genitive) of a Romanian country name, or None when the
    name is invariant or not known well enough to inflect safely.

    >>> country_forms("Franța"), country_forms("Irak"), country_forms("Peru")
    (('Franța', 'Franței'), ('Irakul', 'Irakului'), None)
    """
    if text in COUNTRY_FORMS:
        return COUNTRY_FORMS[text]
    if "(" in text or "," in text or " " in text or "-" in text:
        return None
    if text.endswith("ia"):
        return text, text[:-1] + "ei"
    if text.endswith("ea"):
        return text, text[:-1] + "i"
    if text.endswith(("ca", "ga")):
        return text, text[:-1] + "ăi"
    if text.endswith("a"):
        return text, text[:-1] + "ei"
    if _PLAIN_CONSONANT.search(text):
        return text + "ul", text + "ului"
    return None


# singular verbs of the wordings that differ in the plural, for a plural subject that follows them
_PLURAL_VERBS = {"este": "sunt", "Este": "Sunt", "face": "fac", "Face": "Fac", "aparține": "aparțin",
                 "Aparține": "Aparțin", "are": "au", "Are": "Au", "conține": "conțin", "Conține": "Conțin",
                 "atinge": "ating", "Atinge": "Ating", "ajunge": "ajung"}


def _plural_verb(before: str) -> str | None:
    """Return the text before a plural subject with its singular verb made plural, or None if none."""
    m = re.search(r"(\w+)( parte)? $", before)
    if not m or m.group(1) not in _PLURAL_VERBS:
        return None
    return before[:m.start()] + _PLURAL_VERBS[m.group(1)] + (m.group(2) or "") + " "


def _classifier(kind: str, key: str | None) -> str:
    if kind == "country":
        return "țării"
    if kind == "region":
        return "statului" if (key or "").startswith("US-") else "regiunii"
    if kind == "county":
        return "comitatului"
    if kind == "place":
        return "localității"
    return "obiectivului"


class Romanian(Language):
    code, bcp47, locale = "ron", "ro", "ro"
    english_name, family, script, tier = "Romanian", "Indo-European (Romance)", "Latin", "medium"
    decimal_comma = True
    forms = {
        "def": "articulated nominative-accusative (subject, direct object, after «cu»): Irakul, Filipinele, cafenelele",
        "gen": "articulated genitive-dative (after a noun with an article, «al/a/ai/ale», «în interiorul», «la nord»): Franței, Irakului, statului Texas",
    }
    answer_words = {"true": ("adevărat", "da", "true", "a"), "false": ("fals", "nu", "false", "f"),
                    "plausibly": ("plauzibil", "probabil", "posibil", "plausibly")}
    direction_words = {
        "N": ("nord", "n"), "NNE": ("nord-nord-est", "nne"), "NE": ("nord-est", "ne"),
        "ENE": ("est-nord-est", "ene"), "E": ("est", "e"), "ESE": ("est-sud-est", "ese"),
        "SE": ("sud-est", "se"), "SSE": ("sud-sud-est", "sse"), "S": ("sud", "s"),
        "SSW": ("sud-sud-vest", "ssv", "ssw"), "SW": ("sud-vest", "sv", "sw"),
        "WSW": ("vest-sud-vest", "vsv", "wsw"), "W": ("vest", "v", "w"), "WNW": ("vest-nord-vest", "vnv", "wnw"),
        "NW": ("nord-vest", "nv", "nw"), "NNW": ("nord-nord-vest", "nnv", "nnw"),
        "left": ("stânga", "la stânga", "în stânga"), "right": ("dreapta", "la dreapta", "în dreapta"),
        "on": ("pe traseu", "pe linie", "pe ruta"),
        "upstream": ("în amonte", "amonte"), "downstream": ("în aval", "aval")}
    compass = {"north": "nord", "east": "est", "south": "sud", "west": "vest"}
    categories = CATEGORIES
    texts = {
        "system.parametric": ("Răspunzi la întrebări geospațiale despre locuri, regiuni, rute și evenimente. "
                              "Fii precis; răspunde din ceea ce știi."),
        "system.oracle": ("Răspunzi la întrebări geospațiale despre locuri, regiuni, rute și evenimente. Faptele "
                          "care ți se dau provin dintr-un graf de cunoștințe și sunt suficiente pentru a calcula "
                          "răspunsul. Geometriile sunt WKT în ordinea longitudine latitudine (CRS84, grade WGS84)."),
        "prompt.question": "Întrebare: {question}",
        "prompt.format": "Formatul răspunsului ({format}): {description}",
        "prompt.labels": "Etichete permise: {labels}.",
        "prompt.reasoning": 'Mai întâi gândește pas cu pas în "reasoning", apoi dă răspunsul.',
        "prompt.reply": ("Răspunde cu un singur obiect JSON {shape} și nimic altceva. Trebuie să respecte "
                         "această schemă JSON:"),
        "prompt.null": ('Dacă nu se poate răspunde la întrebare (de exemplu, pentru că premisa ei este falsă), '
                        'setează "answer" la null.'),
        "prompt.facts": "Fapte",
        "prompt.facts_nt": "Fapte (N-Triples)",
        "prompt.facts_json": "Fapte (JSON: subiect -> predicat -> valori)",
        "system.mcq": "Răspunzi la întrebări geospațiale cu variante multiple despre locuri, regiuni, trasee și evenimente. O singură variantă este corectă.",
        "prompt.options": "Variante:",
        "prompt.none_option": "Niciuna dintre acestea: întrebarea nu poate primi răspuns așa cum este pusă",
        "prompt.mcq_policy": "Dacă întrebarea nu poate primi răspuns așa cum este pusă (de exemplu, pentru că premisa ei este falsă), varianta corectă este {letter}.",
        "prompt.mcq_reply": "Răspunde cu un singur obiect JSON {{\"answer\": literă, \"unit\": null}} și nimic altceva; litera este una dintre {letters}.",
        "prompt.context": "Contextul locurilor dintr-un graf de cunoștințe (o lume închisă: un loc, un fapt sau o relație pe care nu le dă se consideră false)",
        "context.nearby": "cele mai apropiate locuri: {places}",
        "context.inside": "în interiorul său",
        "context.contains": "îl conține",
        "context.border": "la granița sa",
        "context.overlaps": "se suprapune cu el",
        "agent.role": "Ești un analist geospațial care răspunde la o întrebare scriind cod Python.",
        "agent.steps": ("Fiecare răspuns al tău este un pas. Într-un pas, scrie exact un bloc de cod ```python; "
                        "acesta rulează într-un sandbox (Python 3 cu shapely, pyproj, h3 și biblioteca standard; "
                        "fără rețea, fără scriere de fișiere, cu timp și memorie limitate), iar ce afișează îți "
                        "este trimis înapoi. Variabilele nu se păstrează de la un pas la altul."),
        "agent.final": ("Când știi răspunsul, apelează final_answer(answer, unit) într-un bloc de cod; asta "
                        "încheie execuția. final_answer(None, None) înseamnă că nu dai niciun răspuns."),
        "agent.tools": ("Sandboxul are și aceste funcții pentru un graf de cunoștințe geografice (id-urile sunt "
                        "IRI-uri):"),
        "agent.gold": ("Faptele dintr-un graf de cunoștințe din care rezultă răspunsul se află în mesajul "
                       "utilizatorului; în sandbox ele se află și în șirul GOLD_TRIPLES (N-Triples). Nu ai "
                       "unelte de căutare."),
        "agent.budget": ("Ai un număr limitat de pași; folosește cât mai puțini. Răspunsul final trebuie să "
                         "respecte formatul de răspuns ({format}): {description}"),
        "agent.schema": "Argumentele lui final_answer trebuie să facă valid acest obiect JSON: {schema}",
        "agent.null": ("Dacă nu se poate răspunde la întrebare (de exemplu, pentru că premisa ei este falsă), "
                       "apelează final_answer(None, None)."),
        "format.boolean": 'Unul dintre "true", "false" sau "plausibly".',
        "format.entity": "Numele unei singure entități.",
        "format.direction": ("O singură etichetă: o direcție a busolei (N, NE, E, SE, S, SW, W, NW), "
                             "left/right/on (față de rută) sau upstream/downstream."),
        "format.set": "O listă de nume de entități; [] dacă nu există niciuna.",
        "format.cell": ('O singură celulă de grilă: un index de celulă H3 (15 cifre hexazecimale) sau un token de '
                        'celulă S2; unit numește grila, "h3" sau "s2".'),
        "format.geohash": "Un șir geohash.",
        "format.h3_s2": 'Un obiect {{"h3": index de celulă H3, "s2": token de celulă S2}}.',
        "format.distance": "O distanță ca număr, în unitatea indicată în unit.",
        "format.area": "O suprafață ca număr, în unitatea indicată în unit.",
        "format.count": "Un număr întreg.",
        "format.ratio": "Un număr adimensional.",
        "format.point": ('Un punct în grade zecimale WGS84: {{"lat": latitudine, "lon": longitudine}} sau '
                         '[latitudine, longitudine] (întâi latitudinea).'),
        "format.polar": ('Un obiect {{"angle": azimut în grade în sensul acelor de ceasornic de la nord, '
                         '"distance": număr}}; distanța este în unitatea indicată în unit.'),
        "format.polygon": ("Un poligon sau un dreptunghi de încadrare ca WKT în ordinea longitudine/latitudine "
                           "(CRS84), de exemplu POLYGON((west south, east south, east north, west north, "
                           "west south))."),
        "format.date": "O dată în forma YYYY-MM-DD (YYYY-MM sau YYYY când se cunoaște doar luna sau anul).",
        "unit.null": '"unit" trebuie să fie null.',
        "unit.count": 'Dă un număr întreg; "unit" trebuie să fie null.',
        "unit.ratio": 'Dă un număr simplu, fără semnul procentului (0.25 pentru 25 %); "unit" trebuie să fie null.',
        "unit.cell": 'Setează "unit" la sistemul de grilă: "h3" sau "s2".',
        "unit.quantity": ('Dă {quantity} în {unit_words} și setează "unit" la "{unit}" (se acceptă și: '
                          '{others}).'),
        "quantity.number": "numărul",
        "quantity.distance": "distanța",
        "unit.km": "kilometri", "unit.m": "metri", "unit.mi": "mile", "unit.km2": "kilometri pătrați",
        "unit.m2": "metri pătrați", "unit.mi2": "mile pătrate", "unit.ha": "hectare",
        "locality.all": "Toate locurile numite se află în {place}.",
        "locality.one": "{name} se află în {place}.",
        "locality.central Helsinki, Finland": "centrul orașului Helsinki, Finlanda",
        "locality.Karhula, a district of Kotka, Finland": "Karhula, un cartier al orașului Kotka, Finlanda",
        "event.earthquake": "cutremurul {id}",
        "event.quarry blast": "explozia de carieră {id}",
        "event.explosion": "explozia {id}",
        "event.Hurricane": "uraganul {name} ({year})",
        "event.Tropical Storm": "furtuna tropicală {name} ({year})",
        "event.Tropical Depression": "depresiunea tropicală {name} ({year})",
        "event.wind field": "câmpul de vânt asociat cu {storm}",
        "word.precision": "precizia",
        "word.level": "nivelul",
        "word.resolution": "rezoluția",
        "word.H3": "H3",
        "word.S2": "S2",
        "word.geohash": "geohash",
        "word.Natural Earth's 1:10m country outlines": "contururile țărilor Natural Earth la scara 1:10m",
        "word.us-atlas 3.0.1's 1:10 million simplification of the US Census Bureau's 2017 cartographic boundaries": (
            "simplificarea la scara 1:10 milioane din us-atlas 3.0.1 a limitelor cartografice din 2017 ale "
            "US Census Bureau"),
        "word.OpenStreetMap": "OpenStreetMap",
        "period.month": "în {month} {year}",
        "period.months": "între {month1} și {month2} {year}",
        "period.days": "între {day1} și {day2} {month} {year}",
        "period.dates": "între {date1} și {date2}",
    }

    def fill(self, slot: Slot) -> Fill:
        name, spec = slot.name, slot.spec
        text = name.text
        if name.kind in ("category", "category_one"):
            return self._fill_category(slot)
        head, sep, last = text.rpartition(", ")
        renamed = RENAME.get(text) or (head + sep + RENAME[last] if sep and last in RENAME else None)
        if renamed is not None:
            fill = self.fill(Slot(slot.role, slot.spec, replace(name, text=renamed), slot.before, slot.after))
            return replace(fill, edits=tuple(dict.fromkeys(("OTHER",) + tuple(fill.edits))))
        track = BEST_TRACK.match(text) if name.kind == "event" else None
        if track:
            storm = self.texts[f"event.{track.group(1)}"].format(name=track.group(2), year=track.group(3))
            head = "traiectoriei" if spec == "gen" else "traiectoria"
            storm_gen = self.fill(Slot(slot.role, "gen", replace(name, text=storm), "", "")).text
            return Fill(f"{head} best-track a {storm_gen}", edits=("OTHER",))
        qualified = _US_QUALIFIED.match(text) if name.kind == "region" else None
        if qualified:
            base, what = qualified.groups()
            if spec == "gen":
                return Fill(("statului " if what == "state" else "teritoriului ") + base, edits=("OTHER", "ART_ADD"))
            return Fill(base + " (SUA)" if what == "state" else base, edits=("OTHER",))
        if spec not in ("def", "gen") or name.kind in ("direction", "period", "number", "word"):
            return Fill(text)
        if name.kind == "event":
            if spec == "def":
                return Fill(text)
            for head, gen in _EVENT_HEADS.items():
                if text.lower().startswith(head):
                    new = gen + text[len(head):]
                    if text[:1].isupper():
                        new = new[:1].upper() + new[1:]
                    return Fill(new, edits=("DEC_CHG",))
            return Fill(text)
        if name.kind == "country" and name.localized:
            forms = country_forms(text)
            if forms is not None:
                new = forms[0] if spec == "def" else forms[1]
                category = "ART_ADD" if spec == "def" else "DEC_CHG"
                if spec == "def" and forms[1].split(" ")[0].endswith("lor"):
                    before = _plural_verb(slot.before)
                    if before is not None:
                        edits = ("AGR_CHG",) if new == text else (category, "AGR_CHG")
                        return Fill(new, before=before, edits=edits)
                if new == text:
                    return Fill(text)
                return Fill(new, edits=(category,))
        if name.kind == "region" and text.startswith("Districtul "):
            return Fill("Districtului " + text[len("Districtul "):], edits=("DEC_CHG",)) if spec == "gen" else Fill(text)
        if spec == "def":
            return Fill(text)
        return Fill(f"{_classifier(name.kind, name.key)} {text}", edits=("ART_ADD",))

    def _fill_category(self, slot: Slot) -> Fill:
        name, text = slot.name, slot.name.text
        before, after, edits = slot.before, slot.after, []
        if name.kind == "category":
            masculine = name.key in MASCULINE_PLURALS
            if masculine:
                for fem, masc in _PLURAL_AGREEMENT_BEFORE:
                    m = re.search(r"(?<![\w-])" + fem + r" $", before, flags=re.IGNORECASE)
                    if m:
                        word = masc if m.group(0)[0].islower() else masc[0].upper() + masc[1:]
                        before = before[:m.start()] + word + " "
                        edits.append("AGR_CHG")
                        break
                for fem, masc in _PLURAL_AGREEMENT_AFTER:
                    if after.startswith(fem):
                        after = masc + after[len(fem):]
                        edits.append("AGR_CHG")
                        break
            if slot.spec == "def":
                first, _, rest = text.partition(" ")
                first += "i" if masculine else "le"
                text = first + (" " + rest if rest else "")
                edits.append("ART_ADD")
        elif feminine_singular(text):
            m = re.search(r"(?:\b(al doilea|al treilea) )?\bcel mai (\w+) $", before)
            if m:
                ordinal = {"al doilea": "a doua ", "al treilea": "a treia "}.get(m.group(1) or "", "")
                start = ordinal[:1].upper() + ordinal[1:] if ordinal and m.group(0)[0] == "A" else ordinal
                before = before[:m.start()] + start + "cea mai " + _feminine(m.group(2)) + " "
                edits.append("AGR_CHG")
            for masc, fem in ((" aflat ", " aflată "), (" a cărui ", " a cărei "), (" al ", " a ")):
                if after.startswith(masc):
                    after = fem + after[len(masc):]
                    edits.append("AGR_CHG")
                    break
        if before == slot.before and after == slot.after:
            return Fill(text, edits=tuple(edits))
        return Fill(text, before=before, after=after, edits=tuple(dict.fromkeys(edits)))


# feminine/neuter plural word before a category -> masculine form (câte cafenele / câți copaci)
_PLURAL_AGREEMENT_BEFORE = (("câte", "câți"), ("toate", "toți"), ("două", "doi"))
_PLURAL_AGREEMENT_AFTER = ((" aflate ", " aflați "), (" traversate ", " traversați "), (" situate ", " situați "))


def _feminine(adjective: str) -> str:
    """Return the feminine singular of a regular adjective (apropiat -> apropiată, mare -> mare)."""
    return adjective if adjective.endswith("e") else adjective + "ă"


def feminine_singular(noun_phrase: str) -> bool:
    """Return True when a category singular is feminine (its first word ends in -ă, -e, -ea, -ie).

    >>> feminine_singular("cafenea"), feminine_singular("farmacie"), feminine_singular("magazin de cadouri")
    (True, True, False)
    """
    first = noun_phrase.split(" ")[0]
    return first.endswith(("ă", "e", "a")) and first not in _NOT_FEMININE


_NOT_FEMININE = frozenset({"service"})


LANGUAGE = Romanian()

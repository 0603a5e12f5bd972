"""Spanish (spa): the words, prompt texts and grammar rules around names of the Spanish questions.

Standard (Spain and Latin America neutral) Spanish. What the grammar rules do when a name is substituted:

* Articles (ART_ADD): country names that take an article in Spanish get it from a small lexicon written
  here (el Reino Unido, los Países Bajos, las Bahamas, la República Dominicana...); events get the article of
  their head noun (el huracán Katrina (2005), la tormenta tropical Fred (2021), el terremoto us1000ce18).
  Names that carry their own capitalised article (El Salvador, Los Ángeles) are left as they are, and
  cities, US states, counties and OpenStreetMap features take no article.
* Contractions (CONTR_CHG): de + el -> del, a + el -> al, when the article is ours (added, or the first word
  of a parameter phrase such as "el contorno..."), never with a name's own "El" (de El Salvador).
  The storm named inside an event "campo de viento de ..." gets its article too (campo de viento del
  huracán Florence (2018), campo de viento de la tormenta tropical Fred (2021)).
* Conjunctions (OTHER): y -> e before a name beginning with the sound /i/ (Francia e Italia, Texas e Idaho;
  not before hie-/io-: y Iowa) and o -> u before a name beginning with /o/ (Helsinki u Oulu, Omán u ...).
* Agreement (AGR_CHG): a category noun ({A}, {A_one}) makes the determiners and adjectives written next to it
  feminine when the noun is feminine (¿Cuántos {A} ...? -> ¿Cuántas farmacias ...?; el {A_one} más cercano ->
  la farmacia más cercana). A slot marked ``{A:subj}`` is the subject of the verb written next to it: a
  plural name makes that verb plural (¿Limita {A:subj} con ...? -> ¿Limitan los Países Bajos con ...?).
* Capitals: the first letter of the question (after ¿) and an article that starts a later sentence are
  made upper case.

Names are never changed inside: nothing is declined, a qualifier after a comma or in parentheses is left
alone. Numbers use a decimal comma (0,2). Periods read "en febrero de 2018", "entre julio y octubre de 2005",
"entre el 1 y el 7 de febrero de 2018".
"""

from __future__ import annotations

import re
from dataclasses import replace

from kgbench.languages.base import Fill, Language, Slot, same_case
from kgbench.languages.spa_lexicon import CATEGORIES, CATEGORY_GENDER  # noqa: F401 - tables live in the lexicon

__all__ = ["Spanish", "LANGUAGE", "COUNTRY_ARTICLES", "EVENT_GENDER", "CATEGORY_GENDER"]

#: the countries whose Spanish name takes an article (ISO alpha-3 -> article); all others take none
COUNTRY_ARTICLES = {
    "GBR": "el", "NLD": "los", "ARE": "los", "BHS": "las", "PHL": "las", "MDV": "las", "COM": "las",
    "SYC": "las", "BMU": "las", "CYM": "las", "COK": "las", "FRO": "las", "SLB": "las", "MHL": "las",
    "MNP": "las", "VGB": "las", "VIR": "las", "PCN": "las", "TCA": "las", "FLK": "las", "ALA": "las",
    "UMI": "las", "HMD": "las", "SGS": "las", "PSE": "los", "ATF": "los", "IOT": "el", "ESH": "el",
    "DOM": "la", "CAF": "la", "COD": "la", "COG": "el", "ATA": "la", "VAT": "la", "IMN": "la", "NFK": "la",
    "PYF": "la", "HKG": "la", "MAC": "la",
}
#: country and territory names the snapshot gives only in English (or in the French form) -> Spanish name
#: and its article
COUNTRY_NAMES = {"Clipperton Island": ("isla Clipperton", "la"),
                 "Coral Sea Islands": ("Islas del Mar del Coral", "las"),
                 "USNB Guantanamo Bay": ("base naval de Guantánamo", "la"),
                 "Somaliland": ("Somalilandia", None), "Côte d’Ivoire": ("Costa de Marfil", None),
                 "Côte d'Ivoire": ("Costa de Marfil", None)}
#: the English qualifier of a US region name -> Spanish ("Georgia (U.S. state)")
_US_QUALIFIERS = {"U.S. state": "estado de EE. UU.", "U.S. territory": "territorio de EE. UU."}
_BEST_TRACK = re.compile(r"^the best track of (Hurricane|Tropical Storm|Tropical Depression) (.+)$")
_STORM_NOUNS = {"Hurricane": "del huracán", "Tropical Storm": "de la tormenta tropical",
                "Tropical Depression": "de la depresión tropical"}
#: the grammatical gender of each event head noun (Name.key of an event -> "m"/"f")
EVENT_GENDER = {"earthquake": "m", "quarry blast": "f", "explosion": "f", "Hurricane": "m",
                "Tropical Storm": "f", "Tropical Depression": "f", "wind field": "m"}
_ARTICLE_NUMBER = {"el": "sg", "la": "sg", "los": "pl", "las": "pl"}

#: singular verb -> plural, for a ``subj`` slot whose name is plural
VERB_PLURAL = {
    "es": "son", "está": "están", "tiene": "tienen", "limita": "limitan", "comparte": "comparten",
    "cubre": "cubren", "ocupa": "ocupan", "rodea": "rodean", "contiene": "contienen", "abarca": "abarcan",
    "toca": "tocan", "encuentra": "encuentran", "interseca": "intersecan", "cruza": "cruzan",
    "llega": "llegan", "queda": "quedan", "pertenece": "pertenecen", "alcanza": "alcanzan",
    "encierra": "encierran", "presenta": "presentan", "solapa": "solapan", "forma": "forman",
    "posee": "poseen", "supera": "superan", "halla": "hallan", "sitúa": "sitúan", "extiende": "extienden",
    "linda": "lindan", "rebasa": "rebasan", "sobresale": "sobresalen", "mide": "miden", "carece": "carecen",
    "rasteriza": "rasterizan",
}
#: masculine determiners and adjectives written before a category noun -> feminine ("" : same in both)
_FEMININE_BEFORE = {
    "el": "la", "los": "las", "un": "una", "del": "de la", "al": "a la", "cuántos": "cuántas",
    "ningún": "ninguna", "algún": "alguna", "todos": "todas", "otro": "otra", "otros": "otras",
    "primer": "primera", "segundo": "segunda", "tercer": "tercera", "mismo": "misma", "estos": "estas",
    "esos": "esas", "aquellos": "aquellas", "dos": "dos", "cada": "cada", "mayor": "mayor", "menor": "menor"}
#: masculine adjectives written right after a category noun -> feminine (after an optional "más")
_FEMININE_AFTER = {
    "cercano": "cercana", "cercanos": "cercanas", "próximo": "próxima", "próximos": "próximas",
    "poblado": "poblada", "poblados": "pobladas", "situado": "situada", "situados": "situadas",
    "ubicado": "ubicada", "ubicados": "ubicadas", "nombrado": "nombrada", "nombrados": "nombradas",
    "alejado": "alejada", "alejados": "alejadas", "extenso": "extensa", "pequeño": "pequeña",
    "alargado": "alargada", "cruzados": "cruzadas", "grande": "grande"}
_APPOSITION = {"país", "países", "estado", "estados", "ciudad", "ciudades", "territorio"}
MONTHS = ("enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre",
          "noviembre", "diciembre")

_WORD_BEFORE = re.compile(r"(?:(?<=^)|(?<=[\s¿¡(\"«]))([^\s¿¡(\"«]+)(\s+)$")
_WORD_AFTER = re.compile(r"^(\s+)([^\s,.;:?!)»\"]+)")
_SENTENCE_START = re.compile(r"(?:^|[.?!]\s+)[¿¡\"«(]*$")


class Spanish(Language):
    """Spanish: articles and contractions of country and event names, y/e and o/u, agreement."""

    code, bcp47, locale = "spa", "es", "es"
    english_name, family, script, tier = "Spanish", "Indo-European (Romance)", "Latin", "high"
    decimal_comma = True
    months = MONTHS
    forms = {"subj": "the name is the subject of the verb written next to it (before or after the slot): a "
                     "plural name (los Países Bajos) makes that verb plural"}
    answer_words = {"true": ("verdadero", "sí", "si", "cierto", "v", "true"),
                    "false": ("falso", "no", "f", "false"),
                    "plausibly": ("plausiblemente", "plausible", "posiblemente", "quizás", "plausibly")}
    direction_words = {
        "N": ("norte", "n"), "NNE": ("nornoreste", "nor-noreste", "nornordeste", "nne"),
        "NE": ("noreste", "nordeste", "ne"), "ENE": ("estenoreste", "este-noreste", "estenordeste", "ene"),
        "E": ("este", "e"), "ESE": ("estesureste", "este-sureste", "estesudeste", "ese"),
        "SE": ("sureste", "sudeste", "se"), "SSE": ("sursureste", "sur-sureste", "sudsudeste", "sse"),
        "S": ("sur", "s"), "SSW": ("sursuroeste", "sur-suroeste", "sudsudoeste", "sso"),
        "SW": ("suroeste", "sudoeste", "so"), "WSW": ("oestesuroeste", "oeste-suroeste", "oesudoeste", "oso"),
        "W": ("oeste", "o"), "WNW": ("oestenoroeste", "oeste-noroeste", "ono"),
        "NW": ("noroeste", "no"), "NNW": ("nornoroeste", "nor-noroeste", "nno"),
        "left": ("izquierda", "a la izquierda"), "right": ("derecha", "a la derecha"),
        "on": ("sobre la ruta", "en la ruta", "sobre la línea", "en la línea"),
        "upstream": ("aguas arriba", "antes"), "downstream": ("aguas abajo", "después")}
    compass = {"north": "norte", "east": "este", "south": "sur", "west": "oeste"}
    categories = CATEGORIES
    texts = {}  # set below

    # ------------------------------------------------------------------ lexicon

    def article(self, name) -> str | None:
        """Return the article a name takes in Spanish (None: no article)."""
        if name.kind == "country":
            if name.canonical in COUNTRY_NAMES or name.text in COUNTRY_NAMES:
                return COUNTRY_NAMES.get(name.canonical, COUNTRY_NAMES.get(name.text))[1]
            return COUNTRY_ARTICLES.get(name.key or "")
        if name.kind == "event":
            return "la" if EVENT_GENDER.get(name.key or "") == "f" or name.key == "best track" else "el"
        return None

    def _localized(self, name):
        """Return ``name`` with an English-only territory name, a best-track name or an English qualifier
        "(U.S. state)" in Spanish (la mejor trayectoria del huracán Ike (2008); Georgia (estado de EE. UU.))."""
        text, key, canonical = name.text, name.key, name.canonical
        if name.kind == "country" and text in COUNTRY_NAMES:
            text, canonical = COUNTRY_NAMES[text][0], text
        elif name.kind == "region":
            text = re.sub(r" \((U\.S\. (?:state|territory))\)$", lambda m: f" ({_US_QUALIFIERS[m.group(1)]})", text)
        elif name.kind == "event" and _BEST_TRACK.match(text):
            m = _BEST_TRACK.match(text)
            text, key = f"mejor trayectoria {_STORM_NOUNS[m.group(1)]} {m.group(2)}", "best track"
        if (text, key, canonical) == (name.text, name.key, name.canonical):
            return name
        return replace(name, text=text, key=key, canonical=canonical)

    def plural(self, name) -> bool:
        """Return True when a name is grammatically plural (los Países Bajos, las Bahamas)."""
        return _ARTICLE_NUMBER.get(self.article(name) or "") == "pl"

    # ------------------------------------------------------------------ filling

    def fill(self, slot: Slot) -> Fill:
        name = slot.name
        if name.kind in ("category", "category_one"):
            return self._agree(slot)
        name = self._localized(name)
        text, before, after, edits = name.text, slot.before, slot.after, []
        if name.kind == "event" and name.key == "wind field":  # "campo de viento de [la] tormenta ..."
            m = re.match(r"(.*?\bde )(huracán|tormenta|depresión)\b", text)
            if m:
                text = m.group(1)[:-3] + ("del " if m.group(2) == "huracán" else "de la ") + text[m.end(1):]
                edits.append("ART_ADD")
        art = self.article(name)
        m = _WORD_BEFORE.search(before)
        if art and m and m.group(1).lower() in _APPOSITION:  # "el país {A}": the noun is the article's
            art = None
        if art:
            text = f"{art} {text}"
            edits.append("ART_ADD")
        # de + el -> del, a + el -> al (our article only, never a name's own "El")
        m = _WORD_BEFORE.search(before)
        if m and m.group(1).lower() in ("de", "a") and text.startswith("el "):
            prep = m.group(1)
            text = same_case("del" if prep.lower() == "de" else "al", prep) + text[2:]
            before = before[:m.start(1)]
            edits.append("CONTR_CHG")
        elif m and m.group(1) in ("y", "Y") and re.match(r"(?i)h?[ií](?![aeiouáéíóú])", text):
            before = before[:m.start(1)] + same_case("e", m.group(1)) + m.group(2)
            edits.append("OTHER")
        elif m and m.group(1) in ("o", "O") and re.match(r"(?i)h?[oó]", text):
            before = before[:m.start(1)] + same_case("u", m.group(1)) + m.group(2)
            edits.append("OTHER")
        # verb agreement with a plural subject
        if slot.spec == "subj" and self.plural(name):
            before, after, changed = self._pluralize_verb(before, after)
            if changed:
                edits.append("AGR_CHG")
        if art and _SENTENCE_START.search(before):
            text = text[:1].upper() + text[1:]
        changed_before = before if before != slot.before else None
        changed_after = after if after != slot.after else None
        return Fill(text, changed_before, changed_after, tuple(edits))

    def _pluralize_verb(self, before: str, after: str) -> tuple[str, str, bool]:
        """Make the verb next to a plural subject plural (the word before the slot, else the word after)."""
        m = _WORD_BEFORE.search(before)
        if m and m.group(1).lower() in VERB_PLURAL:
            word = m.group(1)
            return before[:m.start(1)] + same_case(VERB_PLURAL[word.lower()], word) + m.group(2), after, True
        m = _WORD_AFTER.match(after)
        if m and m.group(2).lower() in ("se", "no"):  # "{A} se encuentra", "{A} no limita"
            m2 = _WORD_AFTER.match(after[m.end():])
            if m2 and m2.group(2).lower() in VERB_PLURAL:
                cut = m.end() + m2.start(2)
                word = m2.group(2)
                return before, after[:cut] + VERB_PLURAL[word.lower()] + after[cut + len(word):], True
        elif m and m.group(2).lower() in VERB_PLURAL:
            word = m.group(2)
            return before, after[:m.start(2)] + VERB_PLURAL[word.lower()] + after[m.end(2):], True
        return before, after, False

    def _agree(self, slot: Slot) -> Fill:
        """Make the determiners and adjectives next to a feminine category noun feminine."""
        text = slot.name.text
        if CATEGORY_GENDER.get(slot.name.key or "") != "f":
            return Fill(text)
        before, after, changed = slot.before, slot.after, False
        # backwards: "¿Cuántos ", "el segundo ", "todos los "
        end = len(before)
        while True:
            m = _WORD_BEFORE.search(before[:end])
            if not m or m.group(1).lower() not in _FEMININE_BEFORE:
                break
            word = m.group(1)
            fem = same_case(_FEMININE_BEFORE[word.lower()], word)
            if fem != word:
                before = before[:m.start(1)] + fem + before[m.end(1):]
                changed = True
            end = m.start(1)
        # forwards: " más cercano", " situados" (one adjective)
        pos = 0
        while True:
            m = _WORD_AFTER.match(after[pos:])
            if not m:
                break
            word = m.group(2)
            start = pos + m.start(2)
            if word == "más":
                pos = start + len(word)
                continue
            if word.lower() in _FEMININE_AFTER:
                fem = _FEMININE_AFTER[word.lower()]
                if fem != word:
                    after = after[:start] + fem + after[start + len(word):]
                    changed = True
            break
        if not changed:
            return Fill(text)
        return Fill(text, before if before != slot.before else None, after if after != slot.after else None,
                    ("AGR_CHG",))

    def capitalize(self, text: str) -> str:
        """Upper-case the first letter of the question, after an opening ¿ or ¡."""
        m = re.match(r"[¿¡\"«(]*", text)
        i = m.end()
        return text[:i] + text[i:i + 1].upper() + text[i + 1:]

    # ------------------------------------------------------------------ values

    def period(self, start: str, end: str) -> str:
        """Return a period with its preposition: "en febrero de 2018", "entre el 1 y el 7 de febrero de 2018"."""
        sy, sm, *sd = (int(x) for x in start.split("-"))
        ey, em, *ed = (int(x) for x in end.split("-"))
        t = self.texts
        if not sd and not ed:
            if (sy, sm) == (ey, em):
                return t["period.month"].format(month=self.month(sm), year=sy)
            if sy == ey:
                return t["period.months"].format(month1=self.month(sm), month2=self.month(em), year=sy)
            return t["period.dates"].format(date1=self.date(start), date2=self.date(end))
        if sd and ed and (sy, sm) == (ey, em):
            return t["period.days"].format(day1=sd[0], day2=ed[0], month=self.month(sm), year=sy)
        first = ("el " if sd else "") + self.date(start)
        last = ("el " if ed else "") + self.date(end)
        return t["period.dates"].format(date1=first, date2=last)

    def date(self, iso: str) -> str:
        """Return a day or month written out: "31 de enero de 2018", "enero de 2018"."""
        parts = [int(x) for x in iso.split("-")]
        if len(parts) == 2:
            return f"{self.month(parts[1])} de {parts[0]}"
        return f"{parts[2]} de {self.month(parts[1])} de {parts[0]}"

Spanish.texts = {
    "system.parametric": ("Respondes preguntas geoespaciales sobre lugares, regiones, rutas y eventos. "
                          "Sé preciso; responde con lo que sabes."),
    "system.oracle": ("Respondes preguntas geoespaciales sobre lugares, regiones, rutas y eventos. Los hechos que "
                      "se te dan proceden de un grafo de conocimiento y bastan para calcular la respuesta. Las "
                      "geometrías están en WKT en el orden longitud latitud (CRS84, grados WGS84)."),
    "prompt.question": "Pregunta: {question}",
    "prompt.format": "Formato de la respuesta ({format}): {description}",
    "prompt.labels": "Etiquetas permitidas: {labels}.",
    "prompt.reasoning": 'Primero razona paso a paso en "reasoning" y después da la respuesta.',
    "prompt.reply": ("Responde con un único objeto JSON {shape} y nada más. Debe seguir este esquema JSON:"),
    "prompt.null": ('Si la pregunta no se puede responder (por ejemplo, porque su premisa es falsa), '
                    'pon "answer" a null.'),
    "prompt.facts": "Hechos",
    "prompt.facts_nt": "Hechos (N-Triples)",
    "prompt.facts_json": "Hechos (JSON: sujeto -> predicado -> valores)",
    "system.mcq": "Respondes preguntas geoespaciales de opción múltiple sobre lugares, regiones, rutas y eventos. Exactamente una opción es correcta.",
    "prompt.options": "Opciones:",
    "prompt.none_option": "Ninguna de estas: la pregunta no puede responderse tal como está planteada",
    "prompt.mcq_policy": "Si la pregunta no puede responderse tal como está planteada (por ejemplo, porque su premisa es falsa), la opción correcta es {letter}.",
    "prompt.mcq_reply": "Responde con un solo objeto JSON {{\"answer\": letra, \"unit\": null}} y nada más; la letra es una de {letters}.",
    "prompt.context": "Contexto de los lugares tomado de un grafo de conocimiento (un mundo cerrado: un lugar, hecho o relación que no indica se considera falso)",
    "context.nearby": "lugares más cercanos: {places}",
    "context.inside": "dentro de él",
    "context.contains": "lo contiene",
    "context.border": "en su límite",
    "context.overlaps": "se superpone con él",
    "agent.role": "Eres un analista geoespacial que responde a una pregunta escribiendo código Python.",
    "agent.steps": ("Cada respuesta es un paso. En un paso, escribe exactamente un bloque de código ```python; se "
                    "ejecuta en un entorno aislado (Python 3 con shapely, pyproj, h3 y la biblioteca estándar; sin "
                    "red, sin escritura de archivos, con tiempo y memoria limitados) y lo que imprime te vuelve "
                    "como respuesta. Las variables no se conservan entre pasos."),
    "agent.final": ("Cuando sepas la respuesta, llama a final_answer(answer, unit) en un bloque de código; esto "
                    "termina la ejecución. final_answer(None, None) significa que no das ninguna respuesta."),
    "agent.tools": ("El entorno aislado también tiene estas funciones sobre un grafo de conocimiento geográfico "
                    "(los identificadores son IRI):"),
    "agent.gold": ("Los hechos de un grafo de conocimiento de los que se deduce la respuesta están en el mensaje "
                   "del usuario; en el entorno aislado también están en la cadena GOLD_TRIPLES (N-Triples). No "
                   "tienes herramientas de recuperación."),
    "agent.budget": ("Tienes un presupuesto de pasos; usa pocos. La respuesta final debe ajustarse al formato de "
                     "respuesta ({format}): {description}"),
    "agent.schema": "Los argumentos de final_answer deben hacer válido este objeto JSON: {schema}",
    "agent.null": ("Si la pregunta no se puede responder (por ejemplo, porque su premisa es falsa), llama a "
                   "final_answer(None, None)."),
    "format.boolean": 'Uno de "true", "false" o "plausibly".',
    "format.entity": "El nombre de una entidad.",
    "format.direction": ("Una etiqueta: una dirección de la brújula (N, NE, E, SE, S, SW, W, NW), left/right/on "
                         "(la ruta) o upstream/downstream."),
    "format.set": "Una lista de nombres de entidades; [] si no hay ninguna.",
    "format.cell": ('Una celda de una cuadrícula: un índice de celda H3 (15 dígitos hexadecimales) o un token de '
                    'celda S2; unit nombra la cuadrícula, "h3" o "s2".'),
    "format.geohash": "Una cadena geohash.",
    "format.h3_s2": 'Un objeto {{"h3": índice de celda H3, "s2": token de celda S2}}.',
    "format.distance": "Una distancia como número, en la unidad indicada en unit.",
    "format.area": "Una superficie como número, en la unidad indicada en unit.",
    "format.count": "Un número entero.",
    "format.ratio": "Un número adimensional.",
    "format.point": ('Un punto en grados decimales WGS84: {{"lat": latitud, "lon": longitud}} o '
                     '[latitud, longitud] (primero la latitud).'),
    "format.polar": ('Un objeto {{"angle": acimut en grados en el sentido de las agujas del reloj desde el norte, '
                     '"distance": número}}; la distancia está en la unidad indicada en unit.'),
    "format.polygon": ("Un polígono o un rectángulo envolvente en WKT en el orden longitud/latitud (CRS84), p. ej. "
                       "POLYGON((west south, east south, east north, west north, west south))."),
    "format.date": "Una fecha en formato YYYY-MM-DD (YYYY-MM o YYYY cuando solo se conoce el mes o el año).",
    "unit.null": '"unit" debe ser null.',
    "unit.count": 'Da un número entero; "unit" debe ser null.',
    "unit.ratio": 'Da un número simple sin signo de porcentaje (0.25 para 25 %); "unit" debe ser null.',
    "unit.cell": 'Pon en "unit" el sistema de cuadrícula: "h3" o "s2".',
    "unit.quantity": 'Da {quantity} en {unit_words} y pon "unit" a "{unit}" (también se acepta: {others}).',
    "quantity.number": "el número",
    "quantity.distance": "la distancia",
    "unit.km": "kilómetros", "unit.m": "metros", "unit.mi": "millas", "unit.km2": "kilómetros cuadrados",
    "unit.m2": "metros cuadrados", "unit.mi2": "millas cuadradas", "unit.ha": "hectáreas",
    "locality.all": "Todos los lugares mencionados están en {place}.",
    "locality.one": "{name} está en {place}.",
    "locality.central Helsinki, Finland": "el centro de Helsinki (Finlandia)",
    "locality.Karhula, a district of Kotka, Finland": "Karhula, un distrito de Kotka (Finlandia)",
    "event.earthquake": "terremoto {id}",
    "event.quarry blast": "voladura de cantera {id}",
    "event.explosion": "explosión {id}",
    "event.Hurricane": "huracán {name} ({year})",
    "event.Tropical Storm": "tormenta tropical {name} ({year})",
    "event.Tropical Depression": "depresión tropical {name} ({year})",
    "event.wind field": "campo de viento de {storm}",
    "word.precision": "precisión",
    "word.level": "nivel",
    "word.resolution": "resolución",
    "word.H3": "H3",
    "word.S2": "S2",
    "word.geohash": "geohash",
    "word.Natural Earth's 1:10m country outlines": "los contornos de países a escala 1:10m de Natural Earth",
    "word.us-atlas 3.0.1's 1:10 million simplification of the US Census Bureau's 2017 cartographic boundaries": (
        "la simplificación a 1:10 millones de us-atlas 3.0.1 de los límites cartográficos de 2017 de la Oficina "
        "del Censo de los Estados Unidos"),
    "word.OpenStreetMap": "OpenStreetMap",
    "period.month": "en {month} de {year}",
    "period.months": "entre {month1} y {month2} de {year}",
    "period.days": "entre el {day1} y el {day2} de {month} de {year}",
    "period.dates": "entre {date1} y {date2}",
}

LANGUAGE = Spanish()

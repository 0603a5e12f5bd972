"""Portuguese (por): the words, prompt texts and grammar rules around names of the Portuguese questions.

Where European and Brazilian Portuguese differ, this module and the wordings follow **Brazilian
Portuguese** (pt-BR): spelling (ônibus, eletrônico, Irã), vocabulary (trem, celular, tela), "leste" for east,
"1º de fevereiro" for the first day of a month, and the Brazilian use of articles before country and state
names (o Texas, a Flórida, em Nova York). What the grammar rules do when a name is substituted:

* Articles (ART_ADD): most country names take the definite article in Portuguese; a lexicon written here
  says which ones and with which gender and number (o Brasil, a França, os Estados Unidos, as Bahamas, os
  Países Baixos) and which take none (Portugal, Angola, Israel, Cuba, Moçambique...). US states take theirs
  (o Texas, a Califórnia; English compound names such as "New York" or "North Carolina" none), a few
  cities do (o Rio de Janeiro, o Porto, o Cairo), events take the article of their head noun (o furacão
  Katrina (2005), a tempestade tropical Fred (2021), o terremoto us1000ce18). OpenStreetMap features,
  counties and other cities take none. After "o país", "o estado" (apposition) no article is added.
* Contractions (CONTR_CHG): a preposition written before the slot merges with the article: de + o -> do,
  em + a -> na, a + a -> à, a + os -> aos, por + o -> pelo (no Brasil, na França, dos Estados Unidos, à
  Itália, pelos Países Baixos); also with the article a parameter phrase begins with ("nos contornos...").
  A name's own capitalised article is never contracted (de El Salvador).
* Agreement (AGR_CHG): a category noun makes the determiners and adjectives written next to it feminine
  when it is feminine (Quantos {A}... -> Quantas farmácias...; o {A_one} mais próximo -> a farmácia mais
  próxima; os dois -> as duas). A slot marked ``{A:subj}`` is the subject of the verb written next to it: a
  plural name makes that verb plural ({A:subj} faz fronteira -> Os Estados Unidos fazem fronteira).
* Capitals: the first letter of the question and an article that starts a later sentence are made upper
  case.

Names are never changed inside: nothing is declined, a qualifier after a comma or in parentheses is left
alone. Numbers use a decimal comma (0,2). Periods read "em fevereiro de 2018", "entre julho e outubro de
2005", "entre 1º e 7 de fevereiro de 2018".
"""

from __future__ import annotations

import re
from dataclasses import replace

from kgbench.languages.base import Fill, Language, Slot, same_case
from kgbench.languages.por_lexicon import CATEGORIES, CATEGORY_GENDER, STATE_NAMES  # noqa: F401 - tables live in the lexicon

__all__ = ["Portuguese", "LANGUAGE", "country_article", "EVENT_GENDER", "CATEGORY_GENDER"]

#: countries whose Portuguese name takes no article (ISO alpha-3)
NO_ARTICLE = frozenset(
    "AND AGO AIA ATG ABW BRB BLZ CPV CYP CUB CUW SLV GIB GRD GUM GGY HND HKG ISR JEY KIR MAC MDG MLT MCO MSR "
    "MOZ NRU NIU OMN PLW PRI PRT WSM SMR SHN LCA MAF STP VCT KNA BLM SPM SGP SXM TWN TLS TON TTO TUV VUT WLF "
    "GHA RWA UGA BWA CMR MUS FJI DMA".split())
#: countries with a plural article (ISO alpha-3 -> "os"/"as")
PLURAL_ARTICLE = {
    "USA": "os", "NLD": "os", "ARE": "os", "PSE": "os", "ATF": "os",
    "PHL": "as", "MDV": "as", "BHS": "as", "BMU": "as", "COM": "as", "SYC": "as", "CYM": "as", "COK": "as",
    "FRO": "as", "SLB": "as", "MHL": "as", "MNP": "as", "VGB": "as", "VIR": "as", "PCN": "as", "TCA": "as",
    "FLK": "as", "ALA": "as", "UMI": "as", "HMD": "as", "SGS": "as"}
#: singular countries whose gender the ending of the name does not give (-a feminine, otherwise masculine)
FEMININE = frozenset("GIN GNQ GNB PNG CIV ZAF PRK KOR MKD VAT IMN NFK DOM CAF COG".split())
MASCULINE = frozenset("KHM KEN LKA COD".split())
#: country and territory names the snapshot gives only in English -> their Portuguese name
COUNTRY_NAMES = {"Clipperton Island": "Ilha de Clipperton", "Coral Sea Islands": "Ilhas do Mar de Coral",
                 "USNB Guantanamo Bay": "Base Naval de Guantánamo", "Somaliland": "Somalilândia",
                 "Dhekelia": "Dekelia", "Akrotiri": "Acrotíri"}
#: the English qualifier of a US region name -> Portuguese ("Georgia (U.S. state)")
_US_QUALIFIERS = {"U.S. state": "estado dos EUA", "U.S. territory": "território dos EUA"}
#: a determiner before "país"/"estado"... that makes the noun an apposition head ("o país {A}")
_DETERMINERS = {"o", "a", "os", "as", "do", "da", "dos", "das", "no", "na", "nos", "nas", "ao", "à", "aos",
                "às", "pelo", "pela", "pelos", "pelas", "um", "uma", "esse", "essa", "este", "esta", "desse",
                "dessa", "deste", "desta", "nesse", "nessa", "neste", "nesta", "seu", "sua"}
_BEST_TRACK = re.compile(r"^the best track of (.+)$")
#: US states (ISO 3166-2) -> article; English compound names ("New York", "North Carolina") take none
STATE_ARTICLES = {
    **{c: "o" for c in "AK AL AR AZ CO CT DE HI IA ID IL IN KS KY MA MD ME MI MN MO MS MT NE NM OH OK OR RI "
                       "TN TX UT VT WI WY".split()},
    **{c: "a" for c in "CA FL GA VA LA PA NC SC ND SD WV".split()}}
#: cities whose Portuguese name takes an article (the name before any qualifier)
PLACE_ARTICLES = {"Rio de Janeiro": "o", "Porto": "o", "Cairo": "o", "Recife": "o", "Rio Branco": "o"}
#: the grammatical gender of each event head noun (Name.key of an event -> "m"/"f")
EVENT_GENDER = {"earthquake": "m", "quarry blast": "f", "explosion": "f", "Hurricane": "m",
                "Tropical Storm": "f", "Tropical Depression": "f", "wind field": "m"}


def country_article(iso: str, name: str) -> str | None:
    """Return the article of a country's Portuguese name (None: no article).

    >>> country_article("BRA", "Brasil"), country_article("FRA", "França"), country_article("PRT", "Portugal")
    ('o', 'a', None)
    """
    if iso in NO_ARTICLE:
        return None
    if iso in PLURAL_ARTICLE:
        return PLURAL_ARTICLE[iso]
    if name.startswith(("Ilhas ",)):
        return "as"
    if iso in MASCULINE or name.startswith("Congo"):
        return "o"
    if iso in FEMININE or name.startswith(("República", "Ilha ", "Cidade", "Base ")):
        return "a"
    return "a" if name.rstrip().endswith("a") else "o"


#: preposition + article -> contraction
CONTRACTIONS = {
    ("de", "o"): "do", ("de", "a"): "da", ("de", "os"): "dos", ("de", "as"): "das",
    ("em", "o"): "no", ("em", "a"): "na", ("em", "os"): "nos", ("em", "as"): "nas",
    ("a", "o"): "ao", ("a", "a"): "à", ("a", "os"): "aos", ("a", "as"): "às",
    ("por", "o"): "pelo", ("por", "a"): "pela", ("por", "os"): "pelos", ("por", "as"): "pelas"}

#: singular verb -> plural, for a ``subj`` slot whose name is plural
VERB_PLURAL = {
    "é": "são", "está": "estão", "fica": "ficam", "tem": "têm", "faz": "fazem", "cobre": "cobrem",
    "ocupa": "ocupam", "cerca": "cercam", "envolve": "envolvem", "contém": "contêm", "abrange": "abrangem",
    "toca": "tocam", "interseca": "intersecam", "cruza": "cruzam", "pertence": "pertencem",
    "alcança": "alcançam", "chega": "chegam", "possui": "possuem", "apresenta": "apresentam",
    "encontra": "encontram", "compartilha": "compartilham", "supera": "superam", "limita": "limitam",
    "engloba": "englobam", "circunda": "circundam", "sobrepõe": "sobrepõem", "situa": "situam",
    "localiza": "localizam", "estende": "estendem", "faz-se": "fazem-se",
    "confina": "confinam", "ultrapassa": "ultrapassam",
    "mede": "medem", "excede": "excedem"}
#: masculine determiners and adjectives written before a category noun -> feminine
_FEMININE_BEFORE = {
    "o": "a", "os": "as", "um": "uma", "do": "da", "dos": "das", "no": "na", "nos": "nas", "ao": "à",
    "aos": "às", "pelo": "pela", "pelos": "pelas", "quantos": "quantas", "nenhum": "nenhuma",
    "algum": "alguma", "todos": "todas", "outro": "outra", "outros": "outras", "dois": "duas",
    "primeiro": "primeira", "segundo": "segunda", "terceiro": "terceira", "esses": "essas",
    "aqueles": "aquelas", "cada": "cada", "maior": "maior", "menor": "menor"}
#: masculine adjectives written right after a category noun -> feminine (after an optional "mais")
_FEMININE_AFTER = {
    "próximo": "próxima", "próximos": "próximas", "populoso": "populosa", "populosos": "populosas",
    "situado": "situada", "situados": "situadas", "localizado": "localizada", "localizados": "localizadas",
    "nomeado": "nomeada", "nomeados": "nomeadas", "afastado": "afastada", "afastados": "afastadas",
    "extenso": "extensa", "pequeno": "pequena", "alongado": "alongada", "cruzados": "cruzadas",
    "atravessados": "atravessadas", "distantes": "distantes"}
_APPOSITION = {"país", "países", "estado", "estados", "cidade", "cidades", "território"}
MONTHS = ("janeiro", "fevereiro", "março", "abril", "maio", "junho", "julho", "agosto", "setembro", "outubro",
          "novembro", "dezembro")

_WORD_BEFORE = re.compile(r"(?:(?<=^)|(?<=[\s(\"«]))([^\s(\"«]+)(\s+)$")
_WORD_AFTER = re.compile(r"^(\s+)([^\s,.;:?!)»\"]+)")
_SENTENCE_START = re.compile(r"(?:^|[.?!]\s+)[\"«(]*$")
_LEADING_ARTICLE = re.compile(r"^(o|a|os|as)\s")


class Portuguese(Language):
    """Brazilian Portuguese: articles of country, state and event names, preposition contractions, agreement."""

    code, bcp47, locale = "por", "pt", "pt"
    english_name, family, script, tier = "Portuguese", "Indo-European (Romance)", "Latin", "high"
    decimal_comma = True
    months = MONTHS
    forms = {"subj": "the name is the subject of the verb written next to it (after or before the slot): a "
                     "plural name (os Estados Unidos) makes that verb plural"}
    answer_words = {"true": ("verdadeiro", "sim", "v", "true"),
                    "false": ("falso", "não", "nao", "f", "false"),
                    "plausibly": ("plausivelmente", "plausível", "possivelmente", "talvez", "plausibly")}
    direction_words = {
        "N": ("norte", "n"), "NNE": ("nor-nordeste", "nornordeste", "nne"), "NE": ("nordeste", "ne"),
        "ENE": ("lés-nordeste", "leste-nordeste", "ene"), "E": ("leste", "este", "l", "e"),
        "ESE": ("lés-sudeste", "leste-sudeste", "ese"), "SE": ("sudeste", "se"),
        "SSE": ("su-sudeste", "sul-sudeste", "sse"), "S": ("sul", "s"),
        "SSW": ("su-sudoeste", "sul-sudoeste", "sso"), "SW": ("sudoeste", "so"),
        "WSW": ("oés-sudoeste", "oeste-sudoeste", "oso"), "W": ("oeste", "o"),
        "WNW": ("oés-noroeste", "oeste-noroeste", "ono"), "NW": ("noroeste", "no"),
        "NNW": ("nor-noroeste", "nnw", "nno"),
        "left": ("esquerda", "à esquerda"), "right": ("direita", "à direita"),
        "on": ("sobre a rota", "na rota", "sobre a linha", "na linha"),
        "upstream": ("a montante", "montante", "antes"), "downstream": ("a jusante", "jusante", "depois")}
    compass = {"north": "norte", "east": "leste", "south": "sul", "west": "oeste"}
    categories = CATEGORIES
    texts = {}  # set below

    # ------------------------------------------------------------------ lexicon

    def article(self, name) -> str | None:
        """Return the article a name takes in Portuguese (None: no article)."""
        if name.kind == "country":
            return country_article(name.key or "", name.text)
        if name.kind == "region":
            code = (name.key or "").removeprefix("US-")
            if name.text.startswith(("New ", "North ", "South ", "West ", "District", "Rhode", "Nova ")):
                return None
            return STATE_ARTICLES.get(code)
        if name.kind == "place":
            return PLACE_ARTICLES.get(re.split(r"\s*[,(]", name.text)[0])
        if name.kind == "event":
            return "a" if EVENT_GENDER.get(name.key or "") == "f" or name.key == "best track" else "o"
        return None

    def _localized(self, name):
        """Return ``name`` with a US state or an English-only territory name in Portuguese (Nova York,
        Ilha de Clipperton), also as the last qualifier of a county or place name ("Tyler County, Virgínia
        Ocidental"); an English qualifier "(U.S. state)" is translated."""
        text = name.text
        if name.kind == "region":
            m = re.match(r"^(.*?) \((U\.S\. (?:state|territory))\)$", text)
            base = m.group(1) if m else text
            text = STATE_NAMES.get(base, base) + (f" ({_US_QUALIFIERS[m.group(2)]})" if m else "")
        elif name.kind == "country":
            text = COUNTRY_NAMES.get(text, text)
        elif name.kind in ("county", "place") and ", " in text:
            head, _, last = text.rpartition(", ")
            text = f"{head}, {STATE_NAMES.get(last, last)}"
        return name if text == name.text else replace(name, text=text)

    def plural(self, name) -> bool:
        """Return True when a name is grammatically plural (os Estados Unidos, as Bahamas)."""
        return (self.article(name) or "") in ("os", "as")

    # ------------------------------------------------------------------ filling

    def fill(self, slot: Slot) -> Fill:
        name = slot.name
        if name.kind in ("category", "category_one"):
            return self._agree(slot)
        name = self._localized(name)
        text, before, after, edits = name.text, slot.before, slot.after, []
        m = _BEST_TRACK.match(text) if name.kind == "event" else None
        if m:  # "the best track of Hurricane Ike (2008)" -> "a melhor trajetória do furacão Ike (2008)"
            storm = m.group(1)
            for head, noun in (("Hurricane", "furacão"), ("Tropical Storm", "tempestade tropical"),
                               ("Tropical Depression", "depressão tropical")):
                if storm.startswith(head + " "):
                    storm = ("do " if noun == "furacão" else "da ") + noun + storm[len(head):]
                    break
            else:
                storm = "de " + storm
            text, name = f"melhor trajetória {storm}", replace(name, key="best track")
        if name.kind == "event" and name.key == "wind field":  # "campo de ventos d[o/a] furacão ..."
            m = re.match(r"(.*?\bde )(furacão|tempestade|depressão)\b", text)
            if m:
                text = m.group(1)[:-3] + ("do " if m.group(2) == "furacão" else "da ") + text[m.end(1):]
                edits.append("ART_ADD")
        art = self.article(name)
        m = _WORD_BEFORE.search(before)
        if art and m and m.group(1).lower() in _APPOSITION:  # "o país {A}": the noun has the article
            d = _WORD_BEFORE.search(before[:m.start(1)])
            if d and d.group(1).lower() in _DETERMINERS:  # not "Quais países {A} atravessa?"
                art = None
        if art:
            text = f"{art} {text}"
            edits.append("ART_ADD")
        # preposition + article -> contraction (our article, or the one a parameter phrase starts with)
        lead = _LEADING_ARTICLE.match(text)
        if m and lead and (m.group(1).lower(), lead.group(1)) in CONTRACTIONS:
            prep = m.group(1)
            text = same_case(CONTRACTIONS[(prep.lower(), lead.group(1))], prep) + text[lead.end(1):]
            before = before[:m.start(1)]
            edits.append("CONTR_CHG")
        if slot.spec == "subj" and self.plural(name):
            before, after, changed = self._pluralize_verb(before, after)
            if changed:
                edits.append("AGR_CHG")
        if _SENTENCE_START.search(before) and text[:1].islower() and (art or lead):
            text = text[:1].upper() + text[1:]
        return Fill(text, before if before != slot.before else None, after if after != slot.after else None,
                    tuple(edits))

    def _pluralize_verb(self, before: str, after: str) -> tuple[str, str, bool]:
        """Make the verb next to a plural subject plural (the word after the slot, else the word before)."""
        m = _WORD_AFTER.match(after)
        if m and m.group(2).lower() in ("se", "não"):  # "{A} se sobrepõe", "{A} não faz"
            m2 = _WORD_AFTER.match(after[m.end():])
            if m2 and m2.group(2).lower() in VERB_PLURAL:
                cut = m.end() + m2.start(2)
                word = m2.group(2)
                return before, after[:cut] + VERB_PLURAL[word.lower()] + after[cut + len(word):], True
        elif m and m.group(2).lower() in VERB_PLURAL:
            word = m.group(2)
            return before, after[:m.start(2)] + VERB_PLURAL[word.lower()] + after[m.end(2):], True
        m = _WORD_BEFORE.search(before)
        if m and m.group(1).lower() in VERB_PLURAL:
            word = m.group(1)
            return before[:m.start(1)] + same_case(VERB_PLURAL[word.lower()], word) + m.group(2), after, True
        return before, after, False

    def _agree(self, slot: Slot) -> Fill:
        """Make the determiners and adjectives next to a feminine category noun feminine."""
        text = slot.name.text
        if CATEGORY_GENDER.get(slot.name.key or "") != "f":
            return Fill(text)
        before, after, changed = slot.before, slot.after, False
        end = len(before)
        while True:  # backwards: "Quantos ", "o segundo ", "todos os "
            m = _WORD_BEFORE.search(before[:end])
            if not m or m.group(1).lower() not in _FEMININE_BEFORE:
                break
            word = m.group(1)
            fem = same_case(_FEMININE_BEFORE[word.lower()], word)
            if fem != word:
                before = before[:m.start(1)] + fem + before[m.end(1):]
                changed = True
            end = m.start(1)
        pos = 0
        while True:  # forwards: " mais próximo", " localizados" (one adjective)
            m = _WORD_AFTER.match(after[pos:])
            if not m:
                break
            word = m.group(2)
            start = pos + m.start(2)
            if word == "mais":
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

    # ------------------------------------------------------------------ values

    def day(self, number: int) -> str:
        """Return a day of the month as Brazilian Portuguese writes it (1º, 2, 3...)."""
        return "1º" if number == 1 else str(number)

    def period(self, start: str, end: str) -> str:
        """Return a period with its preposition: "em fevereiro de 2018", "entre 1º e 7 de fevereiro de 2018"."""
        sy, sm, *sd = (int(x) for x in start.split("-"))
        ey, em, *ed = (int(x) for x in end.split("-"))
        t = self.texts
        if not sd and not ed:
            if (sy, sm) == (ey, em):
                return t["period.month"].format(month=self.month(sm), year=sy)
            if sy == ey:
                return t["period.months"].format(month1=self.month(sm), month2=self.month(em), year=sy)
        elif sd and ed and (sy, sm) == (ey, em):
            return t["period.days"].format(day1=self.day(sd[0]), day2=self.day(ed[0]), month=self.month(sm),
                                           year=sy)
        return t["period.dates"].format(date1=self.date(start), date2=self.date(end))

    def date(self, iso: str) -> str:
        """Return a day or month written out: "1º de fevereiro de 2018", "janeiro de 2018"."""
        parts = [int(x) for x in iso.split("-")]
        if len(parts) == 2:
            return f"{self.month(parts[1])} de {parts[0]}"
        return f"{self.day(parts[2])} de {self.month(parts[1])} de {parts[0]}"

Portuguese.texts = {
    "system.parametric": ("Você responde a perguntas geoespaciais sobre lugares, regiões, rotas e eventos. "
                          "Seja preciso; responda com base no que você sabe."),
    "system.oracle": ("Você responde a perguntas geoespaciais sobre lugares, regiões, rotas e eventos. Os fatos "
                      "fornecidos vêm de um grafo de conhecimento e bastam para calcular a resposta. As geometrias "
                      "estão em WKT na ordem longitude latitude (CRS84, graus WGS84)."),
    "prompt.question": "Pergunta: {question}",
    "prompt.format": "Formato da resposta ({format}): {description}",
    "prompt.labels": "Rótulos permitidos: {labels}.",
    "prompt.reasoning": 'Primeiro pense passo a passo em "reasoning" e depois dê a resposta.',
    "prompt.reply": "Responda com um único objeto JSON {shape} e nada mais. Ele deve seguir este esquema JSON:",
    "prompt.null": ('Se a pergunta não puder ser respondida (por exemplo, porque sua premissa é falsa), '
                    'defina "answer" como null.'),
    "prompt.facts": "Fatos",
    "prompt.facts_nt": "Fatos (N-Triples)",
    "prompt.facts_json": "Fatos (JSON: sujeito -> predicado -> valores)",
    "system.mcq": "Você responde a perguntas geoespaciais de múltipla escolha sobre lugares, regiões, rotas e eventos. Exatamente uma opção é correta.",
    "prompt.options": "Opções:",
    "prompt.none_option": "Nenhuma destas: a pergunta não pode ser respondida como foi feita",
    "prompt.mcq_policy": "Se a pergunta não puder ser respondida como foi feita (por exemplo, porque sua premissa é falsa), a opção correta é {letter}.",
    "prompt.mcq_reply": "Responda com um único objeto JSON {{\"answer\": letra, \"unit\": null}} e nada mais; a letra é uma de {letters}.",
    "prompt.context": "Contexto dos lugares a partir de um grafo de conhecimento (um mundo fechado: um lugar, fato ou relação que ele não dá é tido como falso)",
    "context.nearby": "lugares mais próximos: {places}",
    "context.inside": "dentro dele",
    "context.contains": "contém-no",
    "context.border": "na sua fronteira",
    "context.overlaps": "sobrepõe-se a ele",
    "agent.role": "Você é um analista geoespacial que responde a uma pergunta escrevendo código Python.",
    "agent.steps": ("Cada resposta é um passo. Em um passo, escreva exatamente um bloco de código ```python; ele é "
                    "executado em um ambiente isolado (Python 3 com shapely, pyproj, h3 e a biblioteca padrão; sem "
                    "rede, sem gravação de arquivos, com tempo e memória limitados) e o que ele imprime volta para "
                    "você. As variáveis não persistem entre os passos."),
    "agent.final": ("Quando souber a resposta, chame final_answer(answer, unit) em um bloco de código; isso encerra "
                    "a execução. final_answer(None, None) significa que você não dá nenhuma resposta."),
    "agent.tools": ("O ambiente isolado também tem estas funções sobre um grafo de conhecimento geográfico "
                    "(os identificadores são IRIs):"),
    "agent.gold": ("Os fatos de um grafo de conhecimento dos quais a resposta decorre estão na mensagem do "
                   "usuário; no ambiente isolado, eles também estão na string GOLD_TRIPLES (N-Triples). Você não "
                   "tem ferramentas de recuperação."),
    "agent.budget": ("Você tem um orçamento de passos; use poucos. A resposta final deve seguir o formato de "
                     "resposta ({format}): {description}"),
    "agent.schema": "Os argumentos de final_answer devem tornar válido este objeto JSON: {schema}",
    "agent.null": ("Se a pergunta não puder ser respondida (por exemplo, porque sua premissa é falsa), chame "
                   "final_answer(None, None)."),
    "format.boolean": 'Um de "true", "false" ou "plausibly".',
    "format.entity": "O nome de uma entidade.",
    "format.direction": ("Um rótulo: uma direção da bússola (N, NE, E, SE, S, SW, W, NW), left/right/on (a rota) "
                         "ou upstream/downstream."),
    "format.set": "Uma lista de nomes de entidades; [] quando não houver nenhuma.",
    "format.cell": ('Uma célula de grade: um índice de célula H3 (15 dígitos hexadecimais) ou um token de célula '
                    'S2; unit indica a grade, "h3" ou "s2".'),
    "format.geohash": "Uma string geohash.",
    "format.h3_s2": 'Um objeto {{"h3": índice de célula H3, "s2": token de célula S2}}.',
    "format.distance": "Uma distância como número, na unidade indicada em unit.",
    "format.area": "Uma área como número, na unidade indicada em unit.",
    "format.count": "Um número inteiro.",
    "format.ratio": "Um número adimensional.",
    "format.point": ('Um ponto em graus decimais WGS84: {{"lat": latitude, "lon": longitude}} ou '
                     '[latitude, longitude] (latitude primeiro).'),
    "format.polar": ('Um objeto {{"angle": azimute em graus no sentido horário a partir do norte, "distance": '
                     'número}}; a distância está na unidade indicada em unit.'),
    "format.polygon": ("Um polígono ou retângulo envolvente em WKT na ordem longitude/latitude (CRS84), por "
                       "exemplo POLYGON((west south, east south, east north, west north, west south))."),
    "format.date": "Uma data no formato YYYY-MM-DD (YYYY-MM ou YYYY quando só o mês ou o ano é conhecido).",
    "unit.null": '"unit" deve ser null.',
    "unit.count": 'Dê um número inteiro; "unit" deve ser null.',
    "unit.ratio": 'Dê um número simples sem sinal de porcentagem (0.25 para 25 %); "unit" deve ser null.',
    "unit.cell": 'Defina "unit" como o sistema de grade: "h3" ou "s2".',
    "unit.quantity": 'Dê {quantity} em {unit_words} e defina "unit" como "{unit}" (também aceito: {others}).',
    "quantity.number": "o número",
    "quantity.distance": "a distância",
    "unit.km": "quilômetros", "unit.m": "metros", "unit.mi": "milhas", "unit.km2": "quilômetros quadrados",
    "unit.m2": "metros quadrados", "unit.mi2": "milhas quadradas", "unit.ha": "hectares",
    "locality.all": "Todos os lugares mencionados ficam {place}.",
    "locality.one": "{name} fica {place}.",
    "locality.central Helsinki, Finland": "no centro de Helsinque, Finlândia",
    "locality.Karhula, a district of Kotka, Finland": "em Karhula, um distrito de Kotka, Finlândia",
    "event.earthquake": "terremoto {id}",
    "event.quarry blast": "detonação em pedreira {id}",
    "event.explosion": "explosão {id}",
    "event.Hurricane": "furacão {name} ({year})",
    "event.Tropical Storm": "tempestade tropical {name} ({year})",
    "event.Tropical Depression": "depressão tropical {name} ({year})",
    "event.wind field": "campo de ventos de {storm}",
    "word.precision": "precisão",
    "word.level": "nível",
    "word.resolution": "resolução",
    "word.H3": "H3",
    "word.S2": "S2",
    "word.geohash": "geohash",
    "word.Natural Earth's 1:10m country outlines": "os contornos de países na escala 1:10m do Natural Earth",
    "word.us-atlas 3.0.1's 1:10 million simplification of the US Census Bureau's 2017 cartographic boundaries": (
        "a simplificação na escala 1:10 milhões, do us-atlas 3.0.1, dos limites cartográficos de 2017 do "
        "Escritório do Censo dos EUA"),
    "word.OpenStreetMap": "OpenStreetMap",
    "period.month": "em {month} de {year}",
    "period.months": "entre {month1} e {month2} de {year}",
    "period.days": "entre {day1} e {day2} de {month} de {year}",
    "period.dates": "entre {date1} e {date2}",
}

LANGUAGE = Portuguese()

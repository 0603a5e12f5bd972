"""Modern Greek (ell): the benchmark's Greek words, prompt texts and the grammar rules around names.

Greek puts the definite article before every name, in the gender, number and case of the name, and declines
the name itself; :meth:`Greek.fill` does both (every rule records its edit categories):

* Case. A wording marks the case of each slot: ``{A}`` nominative (the subject), ``{A:acc}`` accusative (an
  object, or after a preposition: σε, από, με, προς, για, έως), ``{A:gen}`` genitive (of: τα σύνορα της
  Γαλλίας); ``{A:bare}`` is a name in apposition, written as it is without an article (η πόλη Austin).
* Articles (ART_ADD): ο/η/το, τον/την/το, του/της/του, οι/τις/τα, των, by the gender of the name: for
  countries from :mod:`kgbench.languages.ell_lexicon` or the ending of the CLDR name (η Γαλλία, ο Καναδάς,
  το Ιράκ, οι Ηνωμένες Πολιτείες, τα Ηνωμένα Αραβικά Εμιράτα, η Κύπρος); the same ending rule for US
  states and Greek-written places (η Αλάσκα, το Τέξας). Latin-script names are indeclinable: feminine when
  they end in -a (η Ankara), neuter otherwise (το Helsinki, το Austin, Texas); OpenStreetMap features and US
  counties are neuter and never changed (το Hesburger (Kasarmikatu)). Final -ν of την/στην is kept only
  before a vowel or κ, π, τ, ξ, ψ, μπ, ντ, γκ, τσ, τζ (τη Γαλλία, την Ιταλία, την Κίνα).
* Declension (DEC_CHG): accusative of masculine and -ος names (τον Καναδά, την Κύπρο, τις Νήσους Κέιμαν),
  genitive by rule (της Γαλλίας, της Νέας Υόρκης, του Καναδά) or from the lexicon (της Αιγύπτου, του
  Βελγίου, των Ηνωμένων Πολιτειών); indeclinable names keep their form (του Ιράκ, του Τέξας, της Σρι Λάνκα).
  Nothing inside parentheses is changed.
* Contraction (CONTR_CHG): σε + article -> στον, στη(ν), στο, στους, στις, στα (στη Γαλλία, στις ΗΠΑ).
* Verb agreement (AGR_CHG): a plural subject name makes the verb beside it plural (βρίσκονται οι Κάτω Χώρες).
* Events: the head noun is declined and takes its article (ο σεισμός ..., του τυφώνα Katrina (2005), της
  τροπικής καταιγίδας ...); in a wind field the storm is put in the genitive (το πεδίο ανέμων του τυφώνα ...).
* Category nouns: the wordings write the article, interrogative and adjectives before a category noun in the
  neuter (το πλησιέστερο, ποιο, πόσα, τα, στο, όλα); for a masculine or feminine noun they are changed to agree
  (ο πλησιέστερος σταθμός, η πλησιέστερη τράπεζα, πόσες τράπεζες, τους δρόμους: ART_CHG, AGR_CHG), and a
  masculine noun takes its accusative (τον δρόμο: DEC_CHG). ``{A:part}`` marks a plural after "ποιο από (όλα)
  τα" (which of the ...), whose pronoun and article agree (ποια από τις πόλεις, ποιος από τους δρόμους).
* ``period`` writes "τον Φεβρουάριο του 2018", "από τον Ιούλιο έως τον Οκτώβριο του 2005", "μεταξύ 1 και 7
  Φεβρουαρίου 2018", "μεταξύ 31 Ιανουαρίου 2018 και 7 Φεβρουαρίου 2018"; numbers use a decimal comma.
"""

from __future__ import annotations

import re
import unicodedata

from dataclasses import replace

from kgbench.languages.base import Fill, Language, Slot, BEST_TRACK
from kgbench.languages.ell_lexicon import (US_STATES, TEXTS, CATEGORY_ROWS, COUNTRY_GENDER, EVENT_FORMS, GENITIVE,
                                           DIRECTION_WORDS, WORD_GENDER)

#: the definite article by (gender, case); gender m, f, n, m-pl, f-pl, n-pl
ARTICLE = {
    ("m", "nom"): "ο", ("f", "nom"): "η", ("n", "nom"): "το",
    ("m", "acc"): "τον", ("f", "acc"): "την", ("n", "acc"): "το",
    ("m", "gen"): "του", ("f", "gen"): "της", ("n", "gen"): "του",
    ("m-pl", "nom"): "οι", ("f-pl", "nom"): "οι", ("n-pl", "nom"): "τα",
    ("m-pl", "acc"): "τους", ("f-pl", "acc"): "τις", ("n-pl", "acc"): "τα",
    ("m-pl", "gen"): "των", ("f-pl", "gen"): "των", ("n-pl", "gen"): "των",
}
_CASES = ("nom", "acc", "gen")
#: third person singular -> plural of the verbs the wordings put beside a subject name
PLURAL_VERBS = {"βρίσκεται": "βρίσκονται", "έχει": "έχουν", "συνορεύει": "συνορεύουν", "τέμνει": "τέμνουν",
                "αγγίζει": "αγγίζουν", "περιβάλλει": "περιβάλλουν", "περικλείει": "περικλείουν",
                "περικλείεται": "περικλείονται", "φτάνει": "φτάνουν", "καλύπτει": "καλύπτουν",
                "ανήκει": "ανήκουν", "απέχει": "απέχουν", "επικαλύπτει": "επικαλύπτουν", "περιέχει": "περιέχουν",
                "διασχίζει": "διασχίζουν", "συναντά": "συναντούν", "γειτνιάζει": "γειτνιάζουν",
                "αποτελεί": "αποτελούν", "αποτελείται": "αποτελούνται", "υπερτερεί": "υπερτερούν",
                "περικυκλώνει": "περικυκλώνουν", "απείχε": "απείχαν"}
#: neuter determiners a wording writes before a category noun -> (masculine, feminine), by number and case
DETERMINERS = {
    ("sg", "nom"): {"το": ("ο", "η"), "ποιο": ("ποιος", "ποια"), "ένα": ("ένας", "μία")},
    ("sg", "acc"): {"το": ("τον", "την"), "στο": ("στον", "στην"), "ποιο": ("ποιον", "ποια"),
                    "ένα": ("έναν", "μία")},
    ("pl", "nom"): {"τα": ("οι", "οι"), "ποια": ("ποιοι", "ποιες"), "πόσα": ("πόσοι", "πόσες"),
                    "όλα": ("όλοι", "όλες")},
    ("pl", "acc"): {"τα": ("τους", "τις"), "στα": ("στους", "στις"), "ποια": ("ποιους", "ποιες"),
                    "πόσα": ("πόσους", "πόσες"), "όλα": ("όλους", "όλες")},
}
#: words that may stand between a determiner and its noun without agreeing (πιο, δύο, κάθε ...)
_TRANSPARENT = {"πιο", "δύο", "κάθε", "λιγότερο"}
_KEEP_NU = re.compile(r"^(?:[αεηιουωάέήίόύώϊϋΐΰaeiouyAEIOUY]|κ|π|τ|ξ|ψ|μπ|ντ|γκ|τσ|τζ|[kptxbdgKPTXBDG])",
                      re.IGNORECASE)


def is_greek(text: str) -> bool:
    """Return whether the letters of a text are mostly Greek."""
    letters = [c for c in text if c.isalpha()]
    return bool(letters) and sum("GREEK" in unicodedata.name(c, "") for c in letters) * 2 > len(letters)


def _plain(text: str) -> str:
    """Return a text without its parenthesised parts."""
    return re.sub(r"\s*\([^()]*\)", "", text).strip()


def guess_gender(text: str) -> str:
    """Return the gender a name's ending gives (m, f, n, f-pl, m-pl).

    >>> guess_gender("Γαλλία"), guess_gender("Καναδάς"), guess_gender("Ιράκ"), guess_gender("Φιλιππίνες"), guess_gender("Τέξας")
    ('f', 'm', 'n', 'f-pl', 'n')
    """
    plain = _plain(text)
    if not is_greek(plain):
        return "f" if plain.lower().endswith("a") else "n"
    words = plain.replace(" - ", " ").split()
    if "Νήσοι" in words or "Νησιά" in words:
        return "f-pl" if "Νήσοι" in words else "n-pl"
    if words and words[0] == "Νήσος":
        return "f"
    last = words[-1] if words else plain
    if re.search(r"(α|ά|η|ή)$", last):
        return "f"
    if re.search(r"ες$", last):
        return "f-pl"
    if re.search(r"(ος|ός|άς|ής)$", last):
        return "m"
    return "n"


def _nu(article: str, following: str) -> str:
    """Drop the final -ν of την/στην where Greek drops it."""
    first = unicodedata.normalize("NFD", following[:1])[:1] + following[1:2]  # Āsela, Ḩājjīābād: a vowel
    if article in ("την", "στην") and not _KEEP_NU.match(first):
        return article[:-1]
    return article


def _outside_parens(text: str, change) -> str:
    """Apply ``change`` to each word of a text that is not inside parentheses."""
    out, depth = [], 0
    for token in re.split(r"(\s+)", text):
        if "(" in token:
            depth += token.count("(")
        if depth == 0 and token.strip() and token not in ("και", "-", "του", "της", "των"):
            token = change(token)
        depth -= token.count(")")
        depth = max(depth, 0)
        out.append(token)
    return "".join(out)


def accusative(text: str, gender: str) -> str:
    """Return a name in the accusative (only masculine and -ος names and Νήσοι change).

    >>> accusative("Καναδάς", "m"), accusative("Κύπρος", "f"), accusative("Νήσοι Κέιμαν", "f-pl")
    ('Καναδά', 'Κύπρο', 'Νήσους Κέιμαν')
    """
    if not is_greek(text):
        return text
    if gender == "m":
        return _outside_parens(text, lambda w: re.sub(r"(ος|ός|ας|άς|ης|ής)$", lambda m: m.group(1)[:-1], w))
    if gender == "f":
        return _outside_parens(text, lambda w: re.sub(r"(ος|ός)$", lambda m: m.group(1)[:-1], w))
    if gender == "f-pl":
        return re.sub(r"\bΝήσοι\b", "Νήσους", text)
    return text


def genitive(text: str, gender: str) -> str:
    """Return a name in the genitive by the regular endings; an indeclinable name is returned unchanged.

    >>> genitive("Γαλλία", "f"), genitive("Νέα Υόρκη", "f"), genitive("Σρι Λάνκα", "f"), genitive("Ιράκ", "n")
    ('Γαλλίας', 'Νέας Υόρκης', 'Σρι Λάνκα', 'Ιράκ')
    """
    if not is_greek(text):
        return text
    plain = _plain(text)
    if gender == "f":
        words = plain.split()
        if all(re.search(r"(α|ά|η|ή)$", w) for w in words):
            return _outside_parens(text, lambda w: w + "ς" if re.search(r"(α|ά|η|ή)$", w) else w)
        if len(words) == 1 and re.search(r"ος$", words[0]):
            return text[:-2] + "ου"
        return text
    if gender == "m":
        endings = {"ος": "ου", "ός": "ού", "ας": "α", "άς": "ά", "ης": "η", "ής": "ή"}
        return _outside_parens(text, lambda w: re.sub(r"(ος|ός|ας|άς|ης|ής)$", lambda m: endings[m.group(1)], w))
    if gender == "f-pl":
        return re.sub(r"\bΝήσοι\b", "Νήσων", text)
    return text


class Greek(Language):
    code, bcp47, locale = "ell", "el", "el"
    english_name, family, script, tier = "Greek", "Indo-European (Hellenic)", "Greek", "medium"
    decimal_comma = True
    #: accusative month names (τον Φεβρουάριο); the genitive ones (Φεβρουαρίου) come from CLDR's format context
    months = ("Ιανουάριο", "Φεβρουάριο", "Μάρτιο", "Απρίλιο", "Μάιο", "Ιούνιο", "Ιούλιο", "Αύγουστο",
              "Σεπτέμβριο", "Οκτώβριο", "Νοέμβριο", "Δεκέμβριο")
    forms = {"nom": "nominative (the default): the subject",
             "acc": "accusative: an object, or after σε (contracted with the article: στη, στο), από, με, προς, έως",
             "gen": "genitive: of (τα σύνορα της Γαλλίας), after μεταξύ, or an adverb of place (βόρεια της ...)",
             "bare": "a name in apposition (η πόλη Austin): no article, the name as it is",
             "part": "a category plural after 'ποιο/ποια από (όλα) τα': pronoun and article agree with its gender"}
    answer_words = {"true": ("true", "αληθές", "αληθής", "σωστό", "ναι"),
                    "false": ("false", "ψευδές", "ψευδής", "λάθος", "όχι"),
                    "plausibly": ("plausibly", "πιθανώς", "πιθανόν", "ίσως", "εύλογα")}
    direction_words = DIRECTION_WORDS
    compass = {"north": "βορρά", "east": "ανατολή", "south": "νότο", "west": "δύση"}
    categories = {row[0]: (row[1], row[2]) for row in CATEGORY_ROWS}
    #: KG category -> gender of the noun (m, f, n)
    category_gender = {row[0]: row[3] for row in CATEGORY_ROWS}
    #: KG category -> (accusative singular, accusative plural) of masculine and -ος nouns
    category_accusative = {row[0]: (row[4], row[5]) for row in CATEGORY_ROWS if len(row) > 5}
    texts = TEXTS

    # ------------------------------------------------------------------------------------ grammar

    def fill(self, slot: Slot) -> Fill:
        """Return the name with its article, in the case its slot asks for, contracted with σε."""
        name, spec = slot.name, slot.spec
        state = self._us_state(name)
        if state is not None and name.kind == "region":
            fill = self.fill(replace(slot, name=replace(name, text=state, localized=True)))
            return replace(fill, edits=tuple(fill.edits) + ("OTHER",))
        if state is not None:  # a qualifier: the head keeps the article it takes
            fill = self._fill(slot)
            return replace(fill, text=fill.text.replace(name.text, state), edits=fill.edits + ("OTHER",))
        return self._fill(slot)

    def _fill(self, slot: Slot) -> Fill:
        name, spec = slot.name, slot.spec
        if spec == "bare":
            return Fill(name.text)
        if name.kind == "category_one":
            return self._category(slot, "sg")
        if name.kind == "category":
            return self._category(slot, "pl")
        case = spec if spec in _CASES else "nom"
        if name.kind in ("number", "period", "direction"):
            return Fill(name.text)
        if name.kind == "word":
            gender = WORD_GENDER.get(name.key or "")
            if gender is None or case == "nom":
                return Fill(name.text)
            return self._with_article(slot, name.text, gender, case, [])
        track = BEST_TRACK.match(name.text) if name.kind == "event" else None
        if track:  # C3 names a storm track in English: το best track του τυφώνα Ike (2008)
            storm = self.texts[f"event.{track.group(1)}"].format(name=track.group(2), year=track.group(3))
            inner, g, _ = self._event(replace(name, text=storm, key=track.group(1)), "gen")
            text, gender, edits = f"best track {ARTICLE[(g, 'gen')]} {inner}", "n", ["OTHER"]
        elif name.kind == "event":
            text, gender, edits = self._event(name, case)
        else:
            gender = self.gender(name)
            text, edits = self.decline(name, gender, case)
        return self._with_article(slot, text, gender, case, edits)

    @staticmethod
    def _us_state(name) -> str | None:
        """A US state left in English or taken for the country Georgia, in Greek (Καλιφόρνια, Τζόρτζια), or None."""
        if name.kind == "region":
            base = re.sub(r" ?\(U\.S\. (?:state|territory)\)$", "", name.text)  # Γεωργία (U.S. state)
            if base == "Γεωργία" and name.canonical.startswith("Georgia"):
                base = "Τζόρτζια"
            base = US_STATES.get(base, base)
            return base if base != name.text else None
        head, sep, last = name.text.rpartition(", ")
        if sep and name.kind in ("place", "county"):
            if last == "Γεωργία" and name.canonical.endswith(", Georgia"):  # the US state, not the country
                return f"{head}, Τζόρτζια"
            if last in US_STATES:
                return f"{head}, {US_STATES[last]}"
            town, _, state = head.rpartition(", ")  # Aurora, Colorado, Ηνωμένες Πολιτείες
            if town and last == "Ηνωμένες Πολιτείες" and state in US_STATES:
                return f"{town}, {US_STATES[state]}, {last}"
        return None

    def gender(self, name) -> str:
        """Return the gender (m, f, n, m-pl, f-pl, n-pl) of a place, region, country or feature name."""
        if name.kind in ("feature", "county"):
            return "n"
        if name.kind == "country" and name.localized and name.key in COUNTRY_GENDER:
            return COUNTRY_GENDER[name.key]
        return guess_gender(name.text.split(", ")[0] if name.kind == "place" else name.text)  # Rosario, Φιλιππίνες

    def decline(self, name, gender: str, case: str) -> tuple[str, list[str]]:
        """Return a name in a case, and ["DEC_CHG"] when its form changed."""
        if case == "nom" or name.kind in ("feature", "county"):
            return name.text, []
        if case == "gen" and name.localized and name.key in GENITIVE and name.kind in ("country", "region"):
            text = GENITIVE[name.key]
        elif case == "gen":
            text = genitive(name.text, gender)
        else:
            text = accusative(name.text, gender)
        return text, (["DEC_CHG"] if text != name.text else [])

    def _event(self, name, case: str) -> tuple[str, str, list[str]]:
        """Return an event name in a case (its head declined), its gender and the edits."""
        forms = EVENT_FORMS.get(name.key or "")
        if forms is None:
            return name.text, "n", []
        gender, nom, acc, gen = forms
        text, edits = name.text, []
        if text.startswith(nom):
            head = {"nom": nom, "acc": acc, "gen": gen}[case]
            rest = text[len(nom):]
            if name.key == "wind field":
                inner = rest.strip()
                for g, n_, _, gn in EVENT_FORMS.values():
                    if inner.startswith(n_ + " ") and n_ != nom:
                        rest = " " + ARTICLE[(g, "gen")] + " " + gn + inner[len(n_):]
                        edits.append("ART_ADD")
                        break
            text = head + rest
            if text != name.text:
                edits.append("DEC_CHG")
        return text, gender, edits

    def _with_article(self, slot: Slot, text: str, gender: str, case: str, edits: list[str]) -> Fill:
        """Put the article before a declined name, contracting σε + article and making the verb agree."""
        article = ARTICLE[(gender, case)]
        before, after = slot.before, None
        edits = list(dict.fromkeys(["ART_ADD"] + edits))
        if gender.endswith("-pl") and case == "nom":
            before, after = self._plural_verb(before, slot.after, edits)
        m = re.search(r"(?:^|(?<=\s))([Σσ]ε) $", before)
        if case == "acc" and m:
            contracted = _nu("σ" + article, text)
            if m.group(1)[0] == "Σ":
                contracted = "Σ" + contracted[1:]
            return Fill(text, before=before[:m.start(1)] + contracted + " ", after=after,
                        edits=tuple(edits + ["CONTR_CHG"]))
        return Fill(text, before=before + _nu(article, text) + " ", after=after, edits=tuple(edits))

    @staticmethod
    def _plural_verb(before: str, after: str, edits: list) -> tuple[str, str | None]:
        """Make the verb beside a plural subject name plural."""
        if re.match(r"\s*(και|ή)\b", after) or re.search(r"(και|ή|όσο) $", before):
            return before, None
        m = re.search(r"(?:^|(?<=\s))(\w+) $", before)
        if m and m.group(1).lower() in PLURAL_VERBS:
            verb = PLURAL_VERBS[m.group(1).lower()]
            if m.group(1)[0].isupper():
                verb = verb[0].upper() + verb[1:]
            edits.append("AGR_CHG")
            return before[:m.start(1)] + verb + " ", None
        m = re.match(r" (\w+)", after)
        if m and m.group(1) in PLURAL_VERBS:
            edits.append("AGR_CHG")
            return before, " " + PLURAL_VERBS[m.group(1)] + after[m.end():]
        return before, None

    def _category(self, slot: Slot, number: str) -> Fill:
        """A category noun: its own case form, and the neuter words before it made to agree with its gender."""
        key = slot.name.key or ""
        gender = self.category_gender.get(key, "n")
        case = "acc" if slot.spec in ("acc", "part") else "nom"
        text, edits = slot.name.text, []
        if case == "acc" and key in self.category_accusative:
            acc = self.category_accusative[key][0 if number == "sg" else 1]
            if text == self.categories[key][0 if number == "sg" else 1] and acc != text:
                text = acc
                edits.append("DEC_CHG")
        if gender == "n":
            return Fill(text, edits=tuple(edits))
        before, changed = self._agree(slot.before, gender, number, case, text)
        if slot.spec == "part":
            before, more = self._agree_pronoun(before, gender)
            changed += more
        return Fill(text, before=before, edits=tuple(edits + [c for c in dict.fromkeys(changed)]))

    @staticmethod
    def _agree(before: str, gender: str, number: str, case: str, noun: str) -> tuple[str, list[str]]:
        """Return the text before a noun with its neuter determiner and adjectives made masculine or feminine."""
        tokens = re.findall(r"\S+\s+|\S+$", before)
        table = DETERMINERS[(number, case)]
        changed = []
        i = len(tokens) - 1
        following = noun
        while i >= 0:
            word = tokens[i].strip()
            space = tokens[i][len(word):]
            low = word.lower()
            if low in _TRANSPARENT:
                following = word
                i -= 1
                continue
            if low in table:
                masc, fem = table[low]
                new = masc if gender == "m" else fem
                if new in ("την", "στην"):
                    new = _nu(new, following)
                if word[0].isupper():
                    new = new[0].upper() + new[1:]
                if new != word:
                    changed.append("ART_CHG" if low in ("το", "τα", "στο", "στα") else "AGR_CHG")
                    tokens[i] = new + space
                # "όλα τα", and an interrogative before "είναι (συνολικά) το/τα" (ποιο είναι το ..., πόσα είναι τα ...)
                j = i - 1
                if j >= 0 and tokens[j].strip().lower() == "όλα":
                    Greek._retag(tokens, j, table, gender, changed)
                    j -= 1
                while j >= 0 and tokens[j].strip().lower() in ("είναι", "συνολικά"):
                    j -= 1
                if j < i - 1 and j >= 0 and tokens[j].strip().lower() in ("ποιο", "ποια", "πόσα"):
                    Greek._retag(tokens, j, DETERMINERS[(number, "nom")], gender, changed)
                break
            adj = Greek._adjective(word, gender, number, case)
            if adj is None:
                break
            if adj != word:
                tokens[i] = adj + space
                changed.append("AGR_CHG")
            following = adj
            i -= 1
        return "".join(tokens), changed

    @staticmethod
    def _retag(tokens: list, j: int, table: dict, gender: str, changed: list) -> None:
        """Change the neuter determiner at token j to the gender of the noun (AGR_CHG)."""
        word = tokens[j].strip()
        if word.lower() not in table:
            return
        masc, fem = table[word.lower()]
        new = masc if gender == "m" else fem
        if word[0].isupper():
            new = new[0].upper() + new[1:]
        if new != word:
            tokens[j] = new + tokens[j][len(word):]
            changed.append("AGR_CHG")

    @staticmethod
    def _adjective(word: str, gender: str, number: str, case: str) -> str | None:
        """Return a neuter adjective (-ο, -α) in another gender, or None when the word is not one."""
        if not re.fullmatch(r"[α-ωάέήίόύώϊϋΐΰ]+", word):
            return None
        if number == "sg":
            m = re.fullmatch(r"(.+?)(ο|ό)", word)
            if not m:
                return None
            stressed = m.group(2) == "ό"
            if gender == "f":
                return m.group(1) + ("ή" if stressed else "η")
            return m.group(1) + (("ός" if stressed else "ος") if case == "nom" else m.group(2))
        m = re.fullmatch(r"(.+?)(α|ά)", word)
        if not m:
            return None
        stressed = m.group(2) == "ά"
        if gender == "f":
            return m.group(1) + ("ές" if stressed else "ες")
        if case == "nom":
            return m.group(1) + ("οί" if stressed else "οι")
        return m.group(1) + ("ούς" if stressed else "ους")

    @staticmethod
    def _agree_pronoun(before: str, gender: str) -> tuple[str, list[str]]:
        """Make 'ποιο/ποια από (όλ..) τ..' agree with the gender of the plural noun that follows."""
        m = re.search(r"\b([Ππ]οι[οα]) από (?:\S+ )?\S+ $", before)
        if not m:
            return before, []
        word = m.group(1)
        singular = word.endswith("ο")
        if gender == "m":
            new = word[:-1] + ("ος" if singular else "οι")
        else:
            new = word[:-1] + ("α" if singular else "ες")
        if new == word:
            return before, []
        return before[:m.start(1)] + new + before[m.end(1):], ["AGR_CHG"]

    # ------------------------------------------------------------------------------------ values

    def month_genitive(self, number: int) -> str:
        """Return a month's genitive name (Φεβρουαρίου), as dates write it."""
        from babel.dates import get_month_names
        return get_month_names("wide", context="format", locale=self.locale)[number]

    def period(self, start: str, end: str) -> str:
        """Return a period phrase with its preposition.

        >>> LANGUAGE.period("2018-02", "2018-02"), LANGUAGE.period("2018-02-01", "2018-02-07")
        ('τον Φεβρουάριο του 2018', 'μεταξύ 1 και 7 Φεβρουαρίου 2018')
        """
        s = [int(x) for x in start.split("-")]
        e = [int(x) for x in end.split("-")]
        t = self.texts
        if len(s) == 2 and len(e) == 2:
            if s == e:
                return t["period.month"].format(month=self.month(s[1]), year=s[0])
            if s[0] == e[0]:
                return t["period.months"].format(month1=self.month(s[1]), month2=self.month(e[1]), year=s[0])
        if len(s) == 3 and len(e) == 3 and s[:2] == e[:2]:
            return t["period.days"].format(day1=s[2], day2=e[2], month=self.month_genitive(s[1]), year=s[0])
        return t["period.dates"].format(date1=self.date(start), date2=self.date(end))

    def date(self, iso: str) -> str:
        """Return a day (31 Ιανουαρίου 2018) or a month (Ιανουαρίου 2018) in the genitive form dates use."""
        parts = [int(x) for x in iso.split("-")]
        if len(parts) == 2:
            return f"{self.month_genitive(parts[1])} {parts[0]}"
        return f"{parts[2]} {self.month_genitive(parts[1])} {parts[0]}"


LANGUAGE = Greek()

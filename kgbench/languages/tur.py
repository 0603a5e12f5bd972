"""Turkish: case suffixes on names, with vowel harmony, buffer consonants and consonant assimilation.

Turkish marks what English says with prepositions by case suffixes on the noun. A wording asks for a case
with a form spec (``{B:loc}``, ``{A:gen}``...; see ``forms``), and :meth:`Turkish.fill` writes the suffix:

* proper names (countries, US states, counties, places, features, storms) take the suffix after an
  apostrophe (Fransa'da, Irak'ta, Türkiye'nin, ABD'de, New York'a, Austin, Texas'ta); the suffix follows
  two- and four-way vowel harmony on the last vowel of the name (a final consonant-y reads as i, a
  Latin-script foreign vowel as the nearest Turkish one, a few names are read by their pronunciation:
  Liechtenstein'da), takes a buffer y/n after a vowel (Kenya'ya, Peru'nun) and d -> t after a voiceless
  consonant (Irak'ta, Paris'ten); an abbreviation is read by its letter names (ABD'nin, ABD'ye);
* a name whose last word already ends in the third-person possessive of a compound (Amerika Birleşik
  Devletleri, Cayman Adaları, Dominik Cumhuriyeti, Katrina Kasırgası) takes the pronominal n
  (Amerika Birleşik Devletleri'nde, Cayman Adaları'na);
* common nouns (category words, event phrases such as "us1000ce18 depremi") take the suffix without
  apostrophe, with the same harmony, the pronominal n after a compound's possessive (otobüs durağında) and
  the softening of a final k/ç/p of a polysyllable before a vowel (konsolosluğa);
* after "kaç" (how many) and numbers Turkish uses the singular: ``{A:sg}`` writes the category's singular
  (kaç kafe, not kaç kafeler: AGR_CHG);
* the question particle after a name (mı/mi/mu/mü, mıdır, mıydı) follows the name's harmony (Helsinki mi,
  Oulu mu: AGR_CHG when the wording's particle changes);
* a name ending in a parenthesis (Hesburger (Kasarmikatu), Myanmar (Burma)) is never inflected: the suffix
  goes on a head noun after it (Hesburger (Kasarmikatu) adlı yerde; OTHER);
* the locative with the relative -ki (``loc.ki``: Fransa'daki) makes "in X" modify a noun;
* a period phrase writes the suffix on its year by how the number is read (Temmuz 1988'de, Ekim 2005'te);
* ``finish`` upper-cases the first letter the Turkish way (i -> İ) and leaves an identifier alone.
Each suffix written is a DEC_CHG edit (it differs from naive substitution). Question labels ("true",
"false", "plausibly") stay in the wordings as the JSON values a reply must give.
"""

from __future__ import annotations

import re
import unicodedata

from kgbench.languages.base import Fill, Language, Slot, BEST_TRACK
from kgbench.languages.tur_lexicon import CATEGORIES, RENAME, TEXTS, TRACK, TRACK_KINDS

BACK = set("aıouâûAIOUÂÛáàåãóòôõúùÁÀÅÓÒÔÚÙ")
FRONT = set("eiöüîEİÖÜÎéèêëíìïøœæäÉÈÊËÍÌÏØŒÆÄ")
ROUNDED = set("ouöüûOUÖÜÛóòôõúùøœÓÒÔÚÙØŒ")
VOICELESS = set("fstkçşhpxFSTKÇŞHPX")
VOWELS = BACK | FRONT | set("yY")

#: how the letters of an abbreviation are read (its last letter decides the suffix)
LETTER_NAMES = {"A": "a", "B": "be", "C": "ce", "Ç": "çe", "D": "de", "E": "e", "F": "fe", "G": "ge",
                "Ğ": "yumuşak ge", "H": "he", "I": "ı", "İ": "i", "J": "je", "K": "ke", "L": "le", "M": "me",
                "N": "ne", "O": "o", "Ö": "ö", "P": "pe", "Q": "kü", "R": "re", "S": "se", "Ş": "şe", "T": "te",
                "U": "u", "Ü": "ü", "V": "ve", "W": "ve", "X": "iks", "Y": "ye", "Z": "ze"}

#: names written in a foreign spelling, keyed by their text: how their end is pronounced
PRONUNCIATION = {"Côte d’Ivoire": "divuar", "Côte d'Ivoire": "divuar", "Liechtenstein": "lihtenştayn",
                 "Illinois": "ilinoy", "Arkansas": "arkansa", "Delaware": "delaver", "Maine": "meyn",
                 "Bordeaux": "bordo", "Seychelles": "seyşel", "Akrotiri": "akrotiri",
                 "Connecticut": "konektikat", "New Hampshire": "hempşır", "Vermont": "vörmont",
                 "Lesotho": "lesoto", "Esvatini": "esvatini", "Saint Helena": "helena",
                 "Hawaii": "havay", "Iowa": "ayova", "Lahore": "lahor", "Baltimore": "baltimor",
                 "Melbourne": "melburn", "Singapore": "singapur", "Bordeaux, France": "bordo",
                 "Nice": "nis", "Marseille": "marsilya", "Lyon": "liyon", "Cambridge": "keymbriç",
                 "Seattle": "siyatıl", "Baton Rouge": "baton ruj", "Des Moines": "dımoyn",
                 "Senegal": "senegel", "Nepal": "nepel"}

#: last words of names that end in a compound's possessive (take the pronominal n)
POSSESSIVE_HEADS = {"Samoası", "Adaları", "Adası", "Polinezyası", "Cumhuriyeti", "Devletleri", "Emirlikleri",
                    "Bölgeleri", "Toprakları", "Ginesi", "Sahili", "Kasırgası", "Fırtınası", "Depresyonu", "depremi",
                    "patlaması", "alanı", "anaokulu", "anaokulları", "Bölgesi", "Eyaleti", "Krallığı"}

#: one-syllable-looking words that end in k/ç/p and keep it before a vowel
NO_SOFTENING = {"park", "otopark", "bar", "kulüp", "top", "saç", "hap", "ok", "çok", "kek"}

#: the question particle (and its copula forms) right after a placeholder
_PARTICLE = re.compile(r"^ m[ıiuü](d[ıiuü]r|yd[ıiuü])?(?![\w])")

#: nouns that lose their last vowel before a vowel suffix (şehir -> şehre)
VOWEL_DROP = {"şehir": "şehr", "ağız": "ağz", "burun": "burn", "oğul": "oğl"}

CASES = ("gen", "acc", "dat", "loc", "abl", "ins")

#: the head noun a name that cannot be inflected is put in front of (X adlı ülkede)
HEAD_NOUN = {"country": ("ülke", ""), "region": ("bölge", ""), "county": ("ilçe", ""), "place": ("yer", ""),
             "feature": ("yer", ""), "event": ("olay", "")}


def _plain(text: str) -> str:
    """Return a text with letters outside Turkish harmony's sets reduced to their base letter (ā -> a, ī -> i,
    ị -> i), so that transliterated names (Pipariā, Qarqīn, Teferī) harmonize by their vowels."""
    known = BACK | FRONT | VOWELS | set("ıİçşğÇŞĞ")
    return "".join(ch if ch in known else unicodedata.normalize("NFD", ch)[:1] for ch in text)


def _last_vowel(text: str) -> str | None:
    """Return the last vowel of a word as Turkish harmony reads it (a final consonant-y reads as i)."""
    t = _plain(text).rstrip("'’.!?)")
    for i in range(len(t) - 1, -1, -1):
        ch = t[i]
        if ch in "yY":
            if i == len(t) - 1 and i > 0 and t[i - 1] not in VOWELS:
                return "e"
            continue
        if ch in BACK:
            return "u" if ch in ROUNDED else "a"
        if ch in FRONT:
            return "ü" if ch in ROUNDED else "e"
    return None


def _number_reading(digits: str) -> str:
    """Return how the end of a whole number is read (1988 -> 'sekiz', 2000 -> 'bin', 10 -> 'on')."""
    n = int(digits)
    if n == 0:
        return "sıfır"
    ones = ["", "bir", "iki", "üç", "dört", "beş", "altı", "yedi", "sekiz", "dokuz"]
    tens = ["", "on", "yirmi", "otuz", "kırk", "elli", "altmış", "yetmiş", "seksen", "doksan"]
    if n % 10:
        return ones[n % 10]
    if n % 100:
        return tens[(n % 100) // 10]
    if n % 1000:
        return "yüz"
    if n % 1_000_000:
        return "bin"
    if n % 1_000_000_000:
        return "milyon"
    return "milyar"


def reading(text: str) -> str:
    """Return the last word of a name as it is pronounced, for harmony (abbreviations by letter names,
    numbers by their reading, a few foreign names by their pronunciation)."""
    if text in PRONUNCIATION:
        return PRONUNCIATION[text]
    last = re.split(r"[\s\-–,]+", text.strip())[-1] if text.strip() else text
    m = re.search(r"(\d+)$", last)
    if m:
        return _number_reading(m.group(1))
    letters = re.sub(r"[^\w]", "", last)
    if letters and len(letters) <= 5 and letters.isupper() and letters.isalpha():
        return LETTER_NAMES.get(letters[-1], letters[-1].lower())
    return last


def suffix(word: str, case: str, pronominal: bool = False) -> str:
    """Return the case suffix (without apostrophe) a word takes, by harmony and its last sound.

    >>> suffix("Fransa", "loc"), suffix("Irak", "loc"), suffix("Türkiye", "gen"), suffix("Peru", "gen")
    ('da', 'ta', 'nin', 'nun')
    """
    word = _plain(word)
    v = _last_vowel(word) or "e"
    a2 = "a" if v in "au" else "e"
    i4 = {"a": "ı", "e": "i", "u": "u", "ü": "ü"}[v]
    last = word.rstrip("'’.!?)")[-1:] or "e"
    vowel_final = last in VOWELS and not (last in "yY" and len(word) > 1 and word[-2] in VOWELS)
    voiceless = last in VOICELESS
    if case == "gen":
        return ("n" + i4 + "n") if vowel_final else (i4 + "n")
    if case == "acc":
        return ("n" + i4) if pronominal else (("y" + i4) if vowel_final else i4)
    if case == "dat":
        return ("n" + a2) if pronominal else (("y" + a2) if vowel_final else a2)
    if case in ("loc", "abl"):
        d = "n" + "d" if pronominal else ("t" if voiceless else "d")
        return d + a2 + ("n" if case == "abl" else "")
    if case == "ins":
        return ("yl" if vowel_final else "l") + a2
    raise ValueError(f"unknown case {case!r}")


def _soften(word: str) -> str:
    """Return a common noun with its final k/ç/p/t softened before a vowel suffix (konsolosluk -> -ğ)."""
    last = word.split(" ")[-1].lower()
    if last in NO_SOFTENING or sum(ch in VOWELS for ch in last) < 2:
        return word
    if word.endswith("nk"):
        return word[:-1] + "g"
    return word[:-1] + {"k": "ğ", "ç": "c", "p": "b"}.get(word[-1], word[-1])


def inflect_proper(text: str, case: str) -> str:
    """Return a proper name with its case suffix after an apostrophe (Fransa'da, ABD'nin, Devletleri'nde)."""
    last = re.split(r"\s+", text.strip())[-1]
    pron = len(text.split()) > 1 and last in POSSESSIVE_HEADS
    return text + "'" + suffix(reading(text), case, pron)


def inflect_common(text: str, case: str) -> str:
    """Return a common noun (phrase) with its case suffix (kafelerde, otobüs durağında, ATM'de)."""
    last = text.split(" ")[-1]
    if "'" in last:
        return text + suffix(reading(last.split("'")[-1]), case)
    if last.isupper():
        return inflect_proper(text, case)
    compound = re.search(r"(s[ıiuü]|[lr][ae]r[ıi]|[^aeıioöuü][ıiuü])$", last) is not None
    pron = last in POSSESSIVE_HEADS or (len(text.split()) > 1 and compound and not last.endswith(("ler", "lar")))
    suf = suffix(reading(text), case, pron)
    if suf[0] in "aeıiuü" and not pron:
        if last in VOWEL_DROP:
            text = text[:len(text) - len(last)] + VOWEL_DROP[last]
        else:
            text = _soften(text)
    return text + suf


class Turkish(Language):
    code, bcp47, locale = "tur", "tr", "tr"
    english_name, family, script, tier = "Turkish", "Turkic", "Latin", "medium"
    decimal_comma = True
    forms = {
        "gen": "genitive (Fransa'nın)", "acc": "accusative (Fransa'yı)", "dat": "dative (Fransa'ya)",
        "loc": "locative (Fransa'da)", "abl": "ablative (Fransa'dan)", "ins": "instrumental -la/-le (Fransa'yla)",
        "loc.ki": "locative + relative -ki (Fransa'daki)",
        "sg": "a category's singular (after kaç and numbers)",
        **{f"sg.{c}": f"a category's singular in the {c} case" for c in CASES},
        "sg.loc.ki": "a category's singular, locative + -ki",
    }
    answer_words = {"true": ("doğru", "evet", "true"), "false": ("yanlış", "hayır", "false"),
                    "plausibly": ("makul", "olası", "muhtemelen", "plausibly")}
    direction_words = {
        "N": ("kuzey", "k"), "NNE": ("kuzey-kuzeydoğu", "kkd"), "NE": ("kuzeydoğu", "kd"),
        "ENE": ("doğu-kuzeydoğu", "dkd"), "E": ("doğu", "d"), "ESE": ("doğu-güneydoğu", "dgd"),
        "SE": ("güneydoğu", "gd"), "SSE": ("güney-güneydoğu", "ggd"), "S": ("güney", "g"),
        "SSW": ("güney-güneybatı", "ggb"), "SW": ("güneybatı", "gb"), "WSW": ("batı-güneybatı", "bgb"),
        "W": ("batı", "b"), "WNW": ("batı-kuzeybatı", "bkb"), "NW": ("kuzeybatı", "kb"),
        "NNW": ("kuzey-kuzeybatı", "kkb"), "left": ("sol", "solda", "solunda"),
        "right": ("sağ", "sağda", "sağında"), "on": ("üzerinde", "rota üzerinde", "hat üzerinde"),
        "upstream": ("yukarı akış", "akış yukarısında", "öncesinde"),
        "downstream": ("aşağı akış", "akış aşağısında", "sonrasında")}
    compass = {"north": "kuzey", "east": "doğu", "south": "güney", "west": "batı"}
    categories = CATEGORIES
    texts = TEXTS

    # ------------------------------------------------------------------ grammar
    def fill(self, slot: Slot) -> Fill:
        name, spec = slot.name, slot.spec
        text, track = self._repair(name)
        parts = spec.split(".") if spec else []
        singular = "sg" in parts
        parts = [p for p in parts if p != "sg"]
        case = parts[0] if parts else ""
        ki = "ki" in parts[1:]
        edits: list[str] = []
        repaired = ("OTHER",) if text != name.text else ()
        if track:                        # a storm track: a common-noun phrase ("... en iyi izine")
            if not case:
                return self._particle(slot, text, repaired)
            return self._particle(slot, inflect_common(text, case) + ("ki" if ki else ""), repaired + ("DEC_CHG",))
        if name.kind in ("category", "category_one"):
            if singular and name.key in self.categories:
                one = self.categories[name.key][0]
                if one != text:
                    text = one
                    edits.append("AGR_CHG")
            if not case:
                return Fill(text, edits=tuple(edits))
            out = inflect_common(text, case) + ("ki" if ki else "")
            return Fill(out, edits=tuple(edits) + ("DEC_CHG",))
        if not case:
            return self._particle(slot, text, repaired)
        if name.kind == "direction":
            return self._particle(slot, inflect_common(text, case) + ("ki" if ki else ""), ("DEC_CHG",))
        if name.kind in ("number", "word", "period"):
            return Fill(text + "'" + suffix(reading(text), case) + ("ki" if ki else ""), edits=("DEC_CHG",))
        if text.rstrip().endswith(")"):
            head = HEAD_NOUN.get(name.kind, ("yer", ""))[0]
            return self._particle(slot, text + " adlı " + inflect_common(head, case) + ("ki" if ki else ""),
                                  ("OTHER",))
        if name.kind == "event" and not text.split()[-1][:1].isupper():
            return self._particle(slot, inflect_common(text, case) + ("ki" if ki else ""), ("DEC_CHG",))
        return self._particle(slot, inflect_proper(text, case) + ("ki" if ki else ""), ("DEC_CHG",))

    @staticmethod
    def _repair(name) -> tuple[str, bool]:
        """Return a name's text with label defects repaired (a lexicon rename, the US state Georgia written as
        the country in a county's qualifier, an English storm-track label) and whether it is a storm track."""
        text = RENAME.get(name.text, name.text)
        if name.kind == "county" and text.endswith(", Gürcistan"):
            text = text[:-len("Gürcistan")] + "Georgia"
        m = BEST_TRACK.match(text)
        if not m:
            return text, False
        kind = TRACK_KINDS[m.group(1)]
        return TRACK.format(year=m.group(3), name=m.group(2), kind=kind, gen=suffix(kind, "gen", True)), True

    def _particle(self, slot: Slot, text: str, edits: tuple[str, ...]) -> Fill:
        """Return the fill, with the question particle after it (mı/mi/mu/mü, mıdır...) in harmony with the
        filled text (AGR_CHG when the wording's particle had to change)."""
        m = _PARTICLE.match(slot.after)
        if not m:
            return Fill(text, edits=edits)
        v = _last_vowel(reading(text)) or "e"
        i4 = {"a": "ı", "e": "i", "u": "u", "ü": "ü"}[v]
        word = m.group(0)
        fixed = re.sub("[ıiuü]", i4, word)
        if fixed == word:
            return Fill(text, edits=edits)
        return Fill(text, after=fixed + slot.after[len(word):], edits=edits + ("AGR_CHG",))

    def capitalize(self, text: str) -> str:
        """Upper-case the first letter (i -> İ), unless the first word holds a digit."""
        first = text.split(" ", 1)[0]
        if not text[:1].islower() or any(ch.isdigit() for ch in first):
            return text
        up = "İ" if text[0] == "i" else text[0].upper()
        return up + text[1:]

    # ------------------------------------------------------------------ values
    def period(self, start: str, end: str) -> str:
        """Return a period phrase; a single month takes the locative on its year (Temmuz 1988'de)."""
        sy, sm, *sd = (int(x) for x in start.split("-"))
        ey, em, *ed = (int(x) for x in end.split("-"))
        if not sd and not ed and (sy, sm) == (ey, em):
            year = str(sy)
            return f"{self.month(sm)} {year}'{suffix(reading(year), 'loc')}"
        return super().period(start, end)


LANGUAGE = Turkish()

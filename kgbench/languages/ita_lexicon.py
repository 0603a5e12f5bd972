"""Italian lexicon data for :mod:`kgbench.languages.ita`: gender/number and locative of each country and US
state, the Italian category nouns with their gender, and the Italian prompt texts.

Codes: ``m`` masculine singular, ``f`` feminine singular, ``mp``/``fp`` plural (the article itself - il, lo,
l', la, i, gli, le - is chosen from the sound the name begins with); ``0`` no article (islands, city-states:
Cuba, di Cuba, a Cuba); ``a`` no article but locative "in" (Israele, in Israele); ``e`` a state written
"lo Stato di ..." (New York, Washington).

A locative after the colon: ``art`` = "in" with the article (nel Regno Unito, nella Repubblica Dominicana);
``alle`` = "a" with the article (alle Maldive, alle Hawaii); ``a`` = "a" without article (a Capo Verde).
Without it: singular "in" + bare name (in Francia, in Giappone), plural "in" + article (negli Stati Uniti).
"""

from kgbench.languages.base import table_rows

COUNTRIES = {
    "AFG": "m", "ALB": "f", "DZA": "f", "ASM": "fp", "AND": "f", "AGO": "f", "AIA": "0", "ATA": "f", "ARG": "f",
    "ARM": "f", "ABW": "0", "AUS": "f", "AUT": "f", "AZE": "m", "BHS": "fp:alle", "BHR": "m", "BGD": "m",
    "BRB": "0", "BLR": "f", "BEL": "m", "BLZ": "m", "BEN": "m", "BMU": "fp:alle", "BTN": "m", "BOL": "f",
    "BWA": "m", "BRA": "m", "BRN": "m", "BGR": "f", "BFA": "m", "BDI": "m", "CPV": "m:a", "KHM": "f", "CMR": "m",
    "CAN": "m", "CYM": "fp", "TCD": "m", "CHL": "m", "CHN": "f", "COL": "f", "COM": "fp:alle", "COG": "m:art",
    "COK": "fp", "CRI": "f", "HRV": "f", "CUB": "0", "CUW": "0", "CYP": "0", "CZE": "f", "CIV": "f", "DNK": "f",
    "DJI": "0", "DMA": "0", "ECU": "m", "EGY": "m", "SLV": "a", "ERI": "f", "EST": "f", "SWZ": "m", "ETH": "f",
    "FRO": "fp", "FJI": "fp:alle", "FIN": "f", "FRA": "f", "GAB": "m", "GMB": "m", "GEO": "f", "DEU": "f",
    "GHA": "m", "GIB": "0", "GRC": "f", "GRL": "f", "GRD": "0", "GUM": "0", "GTM": "m", "GGY": "0", "GIN": "f",
    "GNB": "f", "GUY": "f", "HTI": "0", "HND": "m", "HKG": "f:art", "HUN": "f", "ISL": "f", "IND": "f", "IDN": "f",
    "IRN": "m", "IRQ": "m", "IRL": "f", "IMN": "f:art", "ISR": "a", "ITA": "f", "JAM": "f", "JPN": "m", "JEY": "0",
    "JOR": "f", "KAZ": "m", "KEN": "m", "KIR": "0", "XKX": "m", "KWT": "m", "KGZ": "m", "LAO": "m", "LVA": "f",
    "LBN": "m", "LSO": "m", "LBR": "f", "LBY": "f", "LIE": "m", "LTU": "f", "LUX": "m", "MAC": "f:art",
    "MDG": "m", "MWI": "m", "MYS": "f", "MDV": "fp:alle", "MLI": "m", "MLT": "0", "MRT": "f", "MUS": "0",
    "MEX": "m", "FSM": "f", "MDA": "f", "MCO": "0", "MNG": "f", "MNE": "m", "MSR": "0", "MAR": "m", "MOZ": "m",
    "MMR": "m", "NAM": "f", "NRU": "0", "NPL": "m", "NLD": "mp", "NCL": "f", "NZL": "f", "NIC": "m", "NER": "m",
    "NGA": "f", "NIU": "0", "NFK": "f:art", "PRK": "f", "MKD": "f", "NOR": "f", "OMN": "m", "PAK": "m", "PLW": "0",
    "PSE": "mp", "PAN": "m", "PRY": "m", "PER": "m", "PHL": "fp", "POL": "f", "PRT": "m", "PRI": "0", "QAT": "m",
    "ROU": "f", "RUS": "f", "RWA": "m", "SHN": "0", "LCA": "0", "MAF": "0", "WSM": "fp:alle", "SMR": "0",
    "SAU": "f", "SEN": "m", "SRB": "f", "SYC": "fp:alle", "SLE": "f", "SGP": "0", "SXM": "0", "SVK": "f",
    "SVN": "f", "SLB": "fp", "SOM": "f", "ZAF": "m", "KOR": "f", "SSD": "m", "ESP": "f", "LKA": "m", "SDN": "m",
    "SUR": "m", "SWE": "f", "CHE": "f", "SYR": "f", "TWN": "0", "TJK": "m", "TZA": "f", "THA": "f", "TLS": "m",
    "TGO": "m", "TON": "fp:alle", "TUN": "f", "TUR": "f", "TKM": "m", "TUV": "0", "UGA": "m", "UKR": "f",
    "GBR": "m:art", "URY": "m", "UZB": "m", "VUT": "m", "VAT": "f:art", "VEN": "m", "VNM": "m", "ESH": "m:art",
    "YEM": "m", "ZMB": "m", "ZWE": "m", "ALA": "fp", "UMI": "fp", "PNG": "f", "GNQ": "f", "ATG": "0", "STP": "0",
    "DOM": "f:art", "VCT": "0", "COD": "m:art", "HMD": "fp", "PYF": "f", "WLF": "0", "BIH": "f", "SPM": "0",
    "MNP": "fp", "KNA": "0", "VGB": "fp", "VIR": "fp", "PCN": "fp", "TTO": "0", "ATF": "fp", "MHL": "fp",
    "CAF": "f:art", "USA": "mp", "BLM": "0", "TCA": "fp", "FLK": "fp", "ARE": "mp", "IOT": "m:art", "SGS": "f:art",
}

US_STATES = {
    "US-AK": "m", "US-AL": "m", "US-AR": "m", "US-AZ": "m", "US-CA": "f", "US-CO": "m", "US-CT": "m",
    "US-DC": "m:art", "US-DE": "m", "US-FL": "f", "US-GA": "f", "US-HI": "fp:alle", "US-IA": "m", "US-ID": "m",
    "US-IL": "m", "US-IN": "m", "US-KS": "m", "US-KY": "m", "US-LA": "f", "US-MA": "m", "US-MD": "m", "US-ME": "m",
    "US-MI": "m", "US-MN": "m", "US-MO": "m", "US-MS": "m", "US-MT": "m", "US-NC": "f", "US-ND": "m", "US-NE": "m",
    "US-NH": "m", "US-NJ": "m", "US-NM": "m", "US-NV": "m", "US-NY": "e", "US-OH": "m", "US-OK": "m", "US-OR": "m",
    "US-PA": "f", "US-RI": "m", "US-SC": "f", "US-SD": "m", "US-TN": "m", "US-TX": "m", "US-UT": "m", "US-VA": "f",
    "US-VT": "m", "US-WA": "e", "US-WI": "m", "US-WV": "f", "US-WY": "m",
}

#: names whose article is not the one their first letter implies (Utah is said /ju/: lo Utah)
ARTICLE_OVERRIDES = {"Utah": "lo", "Hawaii": "le", "Honduras": "l'"}

# category | singular | plural | gender
_CATEGORIES = """
administrative office|ufficio amministrativo|uffici amministrativi|m
alcohol shop|negozio di alcolici|negozi di alcolici|m
animal boarding|pensione per animali|pensioni per animali|f
anime shop|negozio di anime|negozi di anime|m
antiques shop|negozio di antiquariato|negozi di antiquariato|m
apartments building|condominio|condomini|m
art shop|negozio d'arte|negozi d'arte|m
arts centre|centro culturale|centri culturali|m
artwork|opera d'arte|opere d'arte|f
association office|sede di associazione|sedi di associazioni|f
atm|bancomat|bancomat|m
attraction|attrazione turistica|attrazioni turistiche|f
baby goods shop|negozio di articoli per l'infanzia|negozi di articoli per l'infanzia|m
bag shop|negozio di borse|negozi di borse|m
bakery shop|panetteria|panetterie|f
bandstand|palco per la musica|palchi per la musica|m
bank|banca|banche|f
bar|bar|bar|m
bay|baia|baie|f
beauty salon shop|salone di bellezza|saloni di bellezza|m
beauty shop|centro estetico|centri estetici|m
bed shop|negozio di letti|negozi di letti|m
bicycle rental|noleggio biciclette|noleggi biciclette|m
bicycle shop|negozio di biciclette|negozi di biciclette|m
block building|edificio di isolato|edifici di isolato|m
blood donation|centro trasfusionale|centri trasfusionali|m
books shop|libreria|librerie|f
boutique shop|boutique|boutique|f
bridge|ponte|ponti|m
building|edificio|edifici|m
building passage|passaggio coperto|passaggi coperti|m
bureau de change|ufficio di cambio|uffici di cambio|m
bus station|autostazione|autostazioni|f
bus stop|fermata dell'autobus|fermate dell'autobus|f
business park office|ufficio di parco commerciale|uffici di parco commerciale|m
butcher shop|macelleria|macellerie|f
cafe|caffè|caffè|m
candles shop|negozio di candele|negozi di candele|m
capital city|capitale|capitali|f
car rental|autonoleggio|autonoleggi|m
car repair shop|autofficina|autofficine|f
carpet shop|negozio di tappeti|negozi di tappeti|m
cartographer craft|laboratorio di cartografia|laboratori di cartografia|m
casino|casinò|casinò|m
central bank office|sede di banca centrale|sedi di banca centrale|f
childcare|asilo nido|asili nido|m
cinema|cinema|cinema|m
city|città|città|f
city block|isolato|isolati|m
civil area|area civile|aree civili|f
clinic|clinica|cliniche|f
clockmaker craft|laboratorio di orologeria|laboratori di orologeria|m
clothes shop|negozio di abbigliamento|negozi di abbigliamento|m
college|istituto di istruzione superiore|istituti di istruzione superiore|m
commercial area|area commerciale|aree commerciali|f
community centre|centro sociale|centri sociali|m
company office|ufficio aziendale|uffici aziendali|m
computer shop|negozio di informatica|negozi di informatica|m
confectionery shop|pasticceria|pasticcerie|f
conference centre|centro congressi|centri congressi|m
consulate|consolato|consolati|m
convenience shop|minimarket|minimarket|m
cookware shop|negozio di articoli da cucina|negozi di articoli da cucina|m
cosmetics shop|negozio di cosmetici|negozi di cosmetici|m
country|paese|paesi|m
county|contea|contee|f
courthouse|tribunale|tribunali|m
coworking space|spazio di coworking|spazi di coworking|m
craft shop|negozio di artigianato|negozi di artigianato|m
dance|scuola di danza|scuole di danza|f
deli shop|gastronomia|gastronomie|f
deli,  kitchen shop|gastronomia e negozio di cucine|gastronomie e negozi di cucine|f
dentist|studio dentistico|studi dentistici|m
department store shop|grande magazzino|grandi magazzini|m
digital growth consultancy office|ufficio di consulenza per la crescita digitale|uffici di consulenza per la crescita digitale|m
doctors|studio medico|studi medici|m
doityourself shop|negozio di fai da te|negozi di fai da te|m
driving school|scuola guida|scuole guida|f
earthquake|terremoto|terremoti|m
electronics repair craft|laboratorio di riparazioni elettroniche|laboratori di riparazioni elettroniche|m
electronics shop|negozio di elettronica|negozi di elettronica|m
embassy|ambasciata|ambasciate|f
estate agent office|agenzia immobiliare|agenzie immobiliari|f
events venue|sala per eventi|sale per eventi|f
explosion|esplosione|esplosioni|f
fabric shop|negozio di tessuti|negozi di tessuti|m
fast food|fast food|fast food|m
federal district|distretto federale|distretti federali|m
ferry terminal|terminal dei traghetti|terminal dei traghetti|m
financial office|ufficio finanziario|uffici finanziari|m
fire station|caserma dei vigili del fuoco|caserme dei vigili del fuoco|f
fitness centre|palestra|palestre|f
florist shop|fioraio|fiorai|m
food court|area ristorazione|aree ristorazione|f
foundation office|sede di fondazione|sedi di fondazioni|f
frame shop|corniceria|cornicerie|f
fuel|distributore di carburante|distributori di carburante|m
funeral directors shop|agenzia di pompe funebri|agenzie di pompe funebri|f
furniture shop|negozio di mobili|negozi di mobili|m
gallery|galleria d'arte|gallerie d'arte|f
games shop|negozio di giochi|negozi di giochi|m
garden centre shop|garden center|garden center|m
gift shop|negozio di articoli da regalo|negozi di articoli da regalo|m
gold shop|compro oro|compro oro|m
government office|ufficio governativo|uffici governativi|m
grocery shop|alimentari|alimentari|m
hairdresser shop|parrucchiere|parrucchieri|m
hamlet|frazione|frazioni|f
handbags shop|negozio di borsette|negozi di borsette|m
handicraft shop|bottega artigiana|botteghe artigiane|f
handicrafts shop|negozio di prodotti artigianali|negozi di prodotti artigianali|m
hardware shop|ferramenta|ferramenta|f
hat shop|cappelleria|cappellerie|f
hats shop|negozio di cappelli|negozi di cappelli|m
health food shop|negozio di alimenti biologici|negozi di alimenti biologici|m
hearing aids shop|centro acustico|centri acustici|m
hifi shop|negozio di hi-fi|negozi di hi-fi|m
hostel|ostello|ostelli|m
hotel|hotel|hotel|m
houseware shop|negozio di casalinghi|negozi di casalinghi|m
information|punto informazioni|punti informazioni|m
insurance office|agenzia assicurativa|agenzie assicurative|f
interior decoration shop|negozio di arredamento|negozi di arredamento|m
it office|ufficio informatico|uffici informatici|m
jewelry shop|gioielleria|gioiellerie|f
junk shop|rigatteria|rigatterie|f
kindergarten|scuola dell'infanzia|scuole dell'infanzia|f
kiosk shop|chiosco|chioschi|m
kitchen shop|negozio di cucine|negozi di cucine|m
laundry shop|lavanderia|lavanderie|f
lawyer office|studio legale|studi legali|m
leather shop|pelletteria|pelletterie|f
library|biblioteca|biblioteche|f
locks shop|negozio di serrature|negozi di serrature|m
locksmith shop|fabbro|fabbri|m
mall shop|centro commerciale|centri commerciali|m
marketplace|mercato|mercati|m
massage shop|centro massaggi|centri massaggi|m
medical supply shop|negozio di articoli sanitari|negozi di articoli sanitari|m
memorial|memoriale|memoriali|m
miniature golf|minigolf|minigolf|m
mobile phone shop|negozio di telefonia|negozi di telefonia|m
monitoring station|stazione di monitoraggio|stazioni di monitoraggio|f
monument|monumento|monumenti|m
museum|museo|musei|m
music shop|negozio di musica|negozi di musica|m
musical instrument shop|negozio di strumenti musicali|negozi di strumenti musicali|m
nails shop|centro unghie|centri unghie|m
nailstudio shop|studio di manicure|studi di manicure|m
neighbourhood|quartiere|quartieri|m
ngo office|sede di ONG|sedi di ONG|f
nightclub|discoteca|discoteche|f
nightclub, restaurant|discoteca-ristorante|discoteche-ristoranti|f
office|ufficio|uffici|m
office building|palazzo di uffici|palazzi di uffici|m
optician shop|ottico|ottici|m
outdoor seating|dehors|dehors|m
outdoor shop|negozio di articoli outdoor|negozi di articoli outdoor|m
park|parco|parchi|m
park path|vialetto del parco|vialetti del parco|m
parking|parcheggio|parcheggi|m
party shop|negozio di articoli per feste|negozi di articoli per feste|m
pawnbroker shop|banco dei pegni|banchi dei pegni|m
pet shop|negozio di animali|negozi di animali|m
pharmacy|farmacia|farmacie|f
photo shop|negozio di fotografia|negozi di fotografia|m
pitch|campo sportivo|campi sportivi|m
place of worship|luogo di culto|luoghi di culto|m
platform|banchina|banchine|f
playground|parco giochi|parchi giochi|m
political party office|sede di partito politico|sedi di partiti politici|f
post office|ufficio postale|uffici postali|m
pub|pub|pub|m
public building|edificio pubblico|edifici pubblici|m
quango office|ufficio di ente parastatale|uffici di enti parastatali|m
quarry blast|brillamento in cava|brillamenti in cava|m
records shop|negozio di dischi|negozi di dischi|m
recycling|punto di raccolta differenziata|punti di raccolta differenziata|m
residential building|edificio residenziale|edifici residenziali|m
restaurant|ristorante|ristoranti|m
retail building|edificio commerciale|edifici commerciali|m
road|strada|strade|f
school|scuola|scuole|f
school building|edificio scolastico|edifici scolastici|m
second hand shop|negozio dell'usato|negozi dell'usato|m
ship building|edificio-nave|edifici-nave|m
shoemaker craft|calzolaio|calzolai|m
shoes shop|negozio di scarpe|negozi di scarpe|m
shop|negozio|negozi|m
social facility|struttura sociale|strutture sociali|f
sports centre|centro sportivo|centri sportivi|m
sports shop|negozio di articoli sportivi|negozi di articoli sportivi|m
square|piazza|piazze|f
state|stato|stati|m
station|stazione|stazioni|f
stop position|punto di fermata|punti di fermata|m
store shop|bottega|botteghe|f
storm track|traiettoria di tempesta|traiettorie di tempesta|f
storm wind field|campo di vento di tempesta|campi di vento di tempesta|m
studio|studio|studi|m
suburb|quartiere periferico|quartieri periferici|m
subway entrance|ingresso della metropolitana|ingressi della metropolitana|m
supermarket shop|supermercato|supermercati|m
tailor shop|sartoria|sartorie|f
tattoo shop|studio di tatuaggi|studi di tatuaggi|m
taxi|posteggio taxi|posteggi taxi|m
tea shop|negozio di tè|negozi di tè|m
territory|territorio|territori|m
theatre|teatro|teatri|m
ticket shop|biglietteria|biglietterie|f
tomb|tomba|tombe|f
tower|torre|torri|f
toys shop|negozio di giocattoli|negozi di giocattoli|m
training|centro di formazione|centri di formazione|m
tram stop|fermata del tram|fermate del tram|f
travel agency shop|agenzia di viaggi|agenzie di viaggi|f
travel agent office|ufficio di agente di viaggio|uffici di agenti di viaggio|m
tree|albero|alberi|m
underground passage|sottopassaggio|sottopassaggi|m
university|università|università|f
university building|edificio universitario|edifici universitari|m
variety store shop|bazar|bazar|m
vending machine|distributore automatico|distributori automatici|m
watches shop|negozio di orologi|negozi di orologi|m
water|specchio d'acqua|specchi d'acqua|m
web design office|studio di web design|studi di web design|m
"""

#: category -> (singular, plural, gender "m"/"f")
CATEGORIES = table_rows(_CATEGORIES, 4)

#: the Italian prompt texts, by the keys of ENGLISH_TEXTS (same {fields}; JSON words kept as they are)
TEXTS = {
    "system.parametric": ("Rispondi a domande geospaziali su luoghi, regioni, percorsi ed eventi. "
                          "Sii preciso; rispondi in base a ciò che sai."),
    "system.oracle": ("Rispondi a domande geospaziali su luoghi, regioni, percorsi ed eventi. I fatti che ti "
                      "vengono forniti provengono da un grafo della conoscenza e sono sufficienti per calcolare "
                      "la risposta. Le geometrie sono in WKT nell'ordine longitudine latitudine (CRS84, gradi "
                      "WGS84)."),
    "prompt.question": "Domanda: {question}",
    "prompt.format": "Formato della risposta ({format}): {description}",
    "prompt.labels": "Etichette ammesse: {labels}.",
    "prompt.reasoning": 'Prima ragiona passo dopo passo in "reasoning", poi dai la risposta.',
    "prompt.reply": ("Rispondi con un solo oggetto JSON {shape} e nient'altro. Deve rispettare questo schema "
                     "JSON:"),
    "prompt.null": ('Se non è possibile rispondere alla domanda (per esempio perché la sua premessa è falsa), '
                    'imposta "answer" a null.'),
    "prompt.facts": "Fatti",
    "prompt.facts_nt": "Fatti (N-Triples)",
    "prompt.facts_json": "Fatti (JSON: soggetto -> predicato -> valori)",
    "system.mcq": "Rispondi a domande geospaziali a scelta multipla su luoghi, regioni, percorsi ed eventi. Una sola opzione è corretta.",
    "prompt.options": "Opzioni:",
    "prompt.none_option": "Nessuna di queste: alla domanda non si può rispondere così come è posta",
    "prompt.mcq_policy": "Se alla domanda non si può rispondere così come è posta (per esempio perché la sua premessa è falsa), l'opzione corretta è {letter}.",
    "prompt.mcq_reply": "Rispondi con un solo oggetto JSON {{\"answer\": lettera, \"unit\": null}} e nient'altro; la lettera è una di {letters}.",
    "prompt.context": "Contesto dei luoghi da un grafo di conoscenza (un mondo chiuso: un luogo, un fatto o una relazione che non riporta si considera non vero)",
    "context.nearby": "luoghi più vicini: {places}",
    "context.inside": "al suo interno",
    "context.contains": "lo contiene",
    "context.border": "sul suo confine",
    "context.overlaps": "si sovrappone ad esso",
    "agent.role": "Sei un analista geospaziale che risponde a una domanda scrivendo codice Python.",
    "agent.steps": ("Ogni risposta è un passo. In un passo scrivi esattamente un blocco di codice ```python; "
                    "viene eseguito in una sandbox (Python 3 con shapely, pyproj, h3 e la libreria standard; "
                    "niente rete, niente scrittura di file, tempo e memoria limitati) e ciò che stampa ti viene "
                    "restituito. Le variabili non si conservano tra un passo e l'altro."),
    "agent.final": ("Quando conosci la risposta, chiama final_answer(answer, unit) in un blocco di codice; "
                    "questo termina l'esecuzione. final_answer(None, None) significa che non dai alcuna "
                    "risposta."),
    "agent.tools": ("La sandbox dispone anche di queste funzioni su un grafo della conoscenza geografico "
                    "(gli identificativi sono IRI):"),
    "agent.gold": ("I fatti di un grafo della conoscenza da cui segue la risposta sono nel messaggio "
                   "dell'utente; nella sandbox si trovano anche nella stringa GOLD_TRIPLES (N-Triples). "
                   "Non hai strumenti di ricerca."),
    "agent.budget": ("Hai un numero limitato di passi; usane pochi. La risposta finale deve rispettare il "
                     "formato della risposta ({format}): {description}"),
    "agent.schema": "Gli argomenti di final_answer devono rendere valido questo oggetto JSON: {schema}",
    "agent.null": ("Se non è possibile rispondere alla domanda (per esempio perché la sua premessa è falsa), "
                   "chiama final_answer(None, None)."),
    "format.boolean": 'Uno tra "true", "false" o "plausibly".',
    "format.entity": "Il nome di un'entità.",
    "format.direction": ("Un'etichetta: una direzione della bussola (N, NE, E, SE, S, SW, W, NW), "
                         "left/right/on (rispetto al percorso) oppure upstream/downstream."),
    "format.set": "Un elenco di nomi di entità; [] se non ce ne sono.",
    "format.cell": ('Una cella di griglia: un indice di cella H3 (15 cifre esadecimali) o un token di cella '
                    'S2; unit indica la griglia, "h3" o "s2".'),
    "format.geohash": "Una stringa geohash.",
    "format.h3_s2": 'Un oggetto {{"h3": indice di cella H3, "s2": token di cella S2}}.',
    "format.distance": "Una distanza come numero, nell'unità indicata in unit.",
    "format.area": "Una superficie come numero, nell'unità indicata in unit.",
    "format.count": "Un numero intero.",
    "format.ratio": "Un numero adimensionale.",
    "format.point": ('Un punto in gradi decimali WGS84: {{"lat": latitudine, "lon": longitudine}} oppure '
                     '[latitudine, longitudine] (prima la latitudine).'),
    "format.polar": ('Un oggetto {{"angle": azimut in gradi in senso orario dal nord, "distance": numero}}; '
                     'la distanza è nell\'unità indicata in unit.'),
    "format.polygon": ("Un poligono o un rettangolo di ingombro in WKT nell'ordine longitudine/latitudine "
                       "(CRS84), per esempio POLYGON((west south, east south, east north, west north, "
                       "west south))."),
    "format.date": "Una data nel formato YYYY-MM-DD (YYYY-MM o YYYY quando si conosce solo il mese o l'anno).",
    "unit.null": '"unit" deve essere null.',
    "unit.count": 'Dai un numero intero; "unit" deve essere null.',
    "unit.ratio": 'Dai un numero semplice senza segno di percentuale (0.25 per 25 %); "unit" deve essere null.',
    "unit.cell": 'Imposta "unit" sul sistema di griglia: "h3" o "s2".',
    "unit.quantity": ('Dai {quantity} in {unit_words} e imposta "unit" a "{unit}" (accettati anche: '
                      '{others}).'),
    "quantity.number": "il numero",
    "quantity.distance": "la distanza",
    "unit.km": "chilometri", "unit.m": "metri", "unit.mi": "miglia", "unit.km2": "chilometri quadrati",
    "unit.m2": "metri quadrati", "unit.mi2": "miglia quadrate", "unit.ha": "ettari",
    "locality.all": "Tutti i luoghi nominati si trovano {place}.",
    "locality.one": "{name} si trova {place}.",
    "locality.central Helsinki, Finland": "nel centro di Helsinki, in Finlandia",
    "locality.Karhula, a district of Kotka, Finland": "a Karhula, un quartiere di Kotka, in Finlandia",
    "event.earthquake": "terremoto {id}",
    "event.quarry blast": "brillamento in cava {id}",
    "event.explosion": "esplosione {id}",
    "event.Hurricane": "uragano {name} ({year})",
    "event.Tropical Storm": "tempesta tropicale {name} ({year})",
    "event.Tropical Depression": "depressione tropicale {name} ({year})",
    "event.wind field": "campo di vento di {storm}",
    "word.precision": "precisione",
    "word.level": "livello",
    "word.resolution": "risoluzione",
    "word.H3": "H3",
    "word.S2": "S2",
    "word.geohash": "geohash",
    "word.Natural Earth's 1:10m country outlines": "i contorni dei paesi in scala 1:10m di Natural Earth",
    "word.us-atlas 3.0.1's 1:10 million simplification of the US Census Bureau's 2017 cartographic boundaries": (
        "la semplificazione in scala 1:10 milioni di us-atlas 3.0.1 dei confini cartografici 2017 dello US "
        "Census Bureau"),
    "word.OpenStreetMap": "OpenStreetMap",
    "period.month": "a {month} {year}",
    "period.months": "tra {month1} e {month2} {year}",
    "period.days": "tra il {day1} e il {day2} {month} {year}",
    "period.dates": "tra il {date1} e il {date2}",
}

#: labels of the snapshot that are wrong in Italian, and English qualifiers left inside a name (whole text, or
#: a part of it between ", " or in parentheses) -> their Italian form
LABEL_FIXES = {"Congo - Kinshasa": "Congo-Kinshasa", "(U.S. state)": "(stato degli Stati Uniti)",
               "(U.S. territory)": "(territorio degli Stati Uniti)"}

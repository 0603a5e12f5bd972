"""French lexicon data for :mod:`kgbench.languages.fra`: how each country and US state takes its article and
its locative preposition, the French category nouns with their gender, and the French prompt texts.

Country/state codes (one letter each):

* ``m`` masculine singular, consonant-initial: le Japon, du Japon, au Japon
* ``f`` feminine singular: la France, de la France, en France (l' before a vowel)
* ``v`` masculine singular, vowel-initial: l'Iran, de l'Iran, en Iran
* ``p`` plural: les États-Unis, des États-Unis, aux États-Unis
* ``0`` no article (islands, city-states): Cuba, de Cuba, à Cuba
* ``a`` no article, locative "en": Israël, d'Israël, en Israël

A locative override (after a colon) gives the locative phrase written before the bare name when it is not
the one the code implies: ``f:à la`` (à la Barbade), ``p:dans les``.
"""

from kgbench.languages.base import table_rows

COUNTRIES = {
    "AFG": "v", "ALB": "f", "DZA": "f", "ASM": "p", "AND": "f", "AGO": "v", "AIA": "0", "ATA": "f", "ARG": "f",
    "ARM": "f", "ABW": "0", "AUS": "f", "AUT": "f", "AZE": "v", "BHS": "p", "BHR": "0", "BGD": "m", "BRB": "f:à la",
    "BLR": "f", "BEL": "f", "BLZ": "m", "BEN": "m", "BMU": "p", "BTN": "m", "BOL": "f", "BWA": "m", "BRA": "m",
    "BRN": "m", "BGR": "f", "BFA": "m", "BDI": "m", "CPV": "m", "KHM": "m", "CMR": "m", "CAN": "m", "CYM": "p",
    "TCD": "m", "CHL": "m", "CHN": "f", "COL": "f", "COM": "p", "COG": "m", "COK": "p", "CRI": "m", "HRV": "f",
    "CUB": "0", "CUW": "0", "CYP": "0", "CZE": "f", "CIV": "f", "DNK": "m", "DJI": "0", "DMA": "f:à la",
    "ECU": "v", "EGY": "f", "SLV": "m", "ERI": "f", "EST": "f", "SWZ": "v", "ETH": "f", "FRO": "p", "FJI": "p",
    "FIN": "f", "FRA": "f", "GAB": "m", "GMB": "f", "GEO": "f", "DEU": "f", "GHA": "m", "GIB": "0", "GRC": "f",
    "GRL": "m", "GRD": "f:à la", "GUM": "0", "GTM": "m", "GGY": "0", "GIN": "f", "GNB": "f", "GUY": "m",
    "HTI": "a", "HND": "m", "HKG": "f:dans la", "HUN": "f", "ISL": "f", "IND": "f", "IDN": "f", "IRN": "v",
    "IRQ": "v", "IRL": "f", "IMN": "f:sur l'", "ISR": "a", "ITA": "f", "JAM": "f", "JPN": "m", "JEY": "0",
    "JOR": "f", "KAZ": "m", "KEN": "m", "KIR": "0", "XKX": "m", "KWT": "m", "KGZ": "m", "LAO": "m", "LVA": "f",
    "LBN": "m", "LSO": "m", "LBR": "m", "LBY": "f", "LIE": "m", "LTU": "f", "LUX": "m", "MAC": "f:dans la",
    "MDG": "0", "MWI": "m", "MYS": "f", "MDV": "p", "MLI": "m", "MLT": "0", "MRT": "f", "MUS": "0", "MEX": "m",
    "FSM": "f", "MDA": "f", "MCO": "0", "MNG": "f", "MNE": "m", "MSR": "0", "MAR": "m", "MOZ": "m", "MMR": "m",
    "NAM": "f", "NRU": "0", "NPL": "m", "NLD": "p", "NCL": "f", "NZL": "f", "NIC": "m", "NER": "m", "NGA": "m",
    "NIU": "0", "NFK": "f:sur l'", "PRK": "f", "MKD": "f", "NOR": "f", "OMN": "0", "PAK": "m", "PLW": "p",
    "PSE": "p:dans les", "PAN": "m", "PRY": "m", "PER": "m", "PHL": "p", "POL": "f", "PRT": "m", "PRI": "0",
    "QAT": "m", "ROU": "f", "RUS": "f", "RWA": "m", "SHN": "0", "LCA": "0", "MAF": "0", "WSM": "p", "SMR": "0",
    "SAU": "f", "SEN": "m", "SRB": "f", "SYC": "p", "SLE": "f", "SGP": "0", "SXM": "0", "SVK": "f", "SVN": "f",
    "SLB": "p", "SOM": "f", "ZAF": "f", "KOR": "f", "SSD": "m", "ESP": "f", "LKA": "m", "SDN": "m", "SUR": "m",
    "SWE": "f", "CHE": "f", "SYR": "f", "TWN": "0", "TJK": "m", "TZA": "f", "THA": "f", "TLS": "m", "TGO": "m",
    "TON": "p", "TUN": "f", "TUR": "f", "TKM": "m", "TUV": "0", "UGA": "v", "UKR": "f", "GBR": "m", "URY": "m",
    "UZB": "v", "VUT": "m", "VAT": "v:dans l'", "VEN": "m", "VNM": "m", "ESH": "m", "YEM": "m", "ZMB": "f",
    "ZWE": "m", "ALA": "p", "UMI": "p", "PNG": "f", "GNQ": "f", "ATG": "0", "STP": "0", "DOM": "f", "VCT": "0",
    "COD": "m", "HMD": "p", "PYF": "f", "WLF": "0", "BIH": "f", "SPM": "0", "MNP": "p", "KNA": "0", "VGB": "p",
    "VIR": "p", "PCN": "p", "TTO": "0", "ATF": "p", "MHL": "p", "CAF": "f", "USA": "p", "BLM": "0", "TCA": "p",
    "FLK": "p", "ARE": "p", "IOT": "m:dans le", "SGS": "f",
}

#: US states (the two whose French name is "l'État de ..." are written that way: code ``e``)
US_STATES = {
    "US-AK": "v", "US-AL": "v", "US-AR": "v", "US-AZ": "v", "US-CA": "f", "US-CO": "m", "US-CT": "m",
    "US-DC": "m:dans le", "US-DE": "m", "US-FL": "f", "US-GA": "f", "US-HI": "0", "US-IA": "v", "US-ID": "v",
    "US-IL": "v", "US-IN": "v", "US-KS": "m", "US-KY": "m", "US-LA": "f", "US-MA": "m", "US-MD": "m", "US-ME": "m",
    "US-MI": "m", "US-MN": "m", "US-MO": "m", "US-MS": "m", "US-MT": "m", "US-NC": "f", "US-ND": "m", "US-NE": "m",
    "US-NH": "m", "US-NJ": "m", "US-NM": "m", "US-NV": "m", "US-NY": "e", "US-OH": "v", "US-OK": "v", "US-OR": "v",
    "US-PA": "f", "US-RI": "m", "US-SC": "f", "US-SD": "m", "US-TN": "m", "US-TX": "m", "US-UT": "v", "US-VA": "f",
    "US-VT": "m", "US-WA": "e", "US-WI": "m", "US-WV": "f", "US-WY": "m",
}

# category: singular | plural | gender (m, f; "mh"/"fh": begins with a mute h, so it elides)
_CATEGORIES = """
administrative office|bureau administratif|bureaux administratifs|m
alcohol shop|magasin d'alcools|magasins d'alcools|m
animal boarding|pension pour animaux|pensions pour animaux|f
anime shop|boutique d'anime|boutiques d'anime|f
antiques shop|magasin d'antiquités|magasins d'antiquités|m
apartments building|immeuble d'appartements|immeubles d'appartements|m
art shop|boutique d'art|boutiques d'art|f
arts centre|centre culturel|centres culturels|m
artwork|œuvre d'art|œuvres d'art|f
association office|local associatif|locaux associatifs|m
atm|distributeur de billets|distributeurs de billets|m
attraction|attraction touristique|attractions touristiques|f
baby goods shop|magasin d'articles pour bébés|magasins d'articles pour bébés|m
bag shop|maroquinerie|maroquineries|f
bakery shop|boulangerie|boulangeries|f
bandstand|kiosque à musique|kiosques à musique|m
bank|banque|banques|f
bar|bar|bars|m
bay|baie|baies|f
beauty salon shop|salon de beauté|salons de beauté|m
beauty shop|institut de beauté|instituts de beauté|m
bed shop|magasin de literie|magasins de literie|m
bicycle rental|station de location de vélos|stations de location de vélos|f
bicycle shop|magasin de vélos|magasins de vélos|m
block building|immeuble d'îlot|immeubles d'îlot|m
blood donation|centre de don du sang|centres de don du sang|m
books shop|librairie|librairies|f
boutique shop|boutique|boutiques|f
bridge|pont|ponts|m
building|bâtiment|bâtiments|m
building passage|passage couvert|passages couverts|m
bureau de change|bureau de change|bureaux de change|m
bus station|gare routière|gares routières|f
bus stop|arrêt de bus|arrêts de bus|m
business park office|bureau de parc d'affaires|bureaux de parc d'affaires|m
butcher shop|boucherie|boucheries|f
cafe|café|cafés|m
candles shop|boutique de bougies|boutiques de bougies|f
capital city|capitale|capitales|f
car rental|agence de location de voitures|agences de location de voitures|f
car repair shop|garage automobile|garages automobiles|m
carpet shop|magasin de tapis|magasins de tapis|m
cartographer craft|atelier de cartographe|ateliers de cartographe|m
casino|casino|casinos|m
central bank office|bureau de banque centrale|bureaux de banque centrale|m
childcare|crèche|crèches|f
cinema|cinéma|cinémas|m
city|ville|villes|f
city block|îlot urbain|îlots urbains|m
civil area|zone civile|zones civiles|f
clinic|clinique|cliniques|f
clockmaker craft|atelier d'horloger|ateliers d'horloger|m
clothes shop|magasin de vêtements|magasins de vêtements|m
college|établissement d'enseignement supérieur|établissements d'enseignement supérieur|m
commercial area|zone commerciale|zones commerciales|f
community centre|centre communautaire|centres communautaires|m
company office|bureau d'entreprise|bureaux d'entreprise|m
computer shop|magasin d'informatique|magasins d'informatique|m
confectionery shop|confiserie|confiseries|f
conference centre|centre de conférences|centres de conférences|m
consulate|consulat|consulats|m
convenience shop|supérette|supérettes|f
cookware shop|magasin d'ustensiles de cuisine|magasins d'ustensiles de cuisine|m
cosmetics shop|magasin de cosmétiques|magasins de cosmétiques|m
country|pays|pays|m
county|comté|comtés|m
courthouse|palais de justice|palais de justice|m
coworking space|espace de coworking|espaces de coworking|m
craft shop|boutique d'artisanat|boutiques d'artisanat|f
dance|école de danse|écoles de danse|f
deli shop|épicerie fine|épiceries fines|f
deli,  kitchen shop|épicerie fine et magasin de cuisine|épiceries fines et magasins de cuisine|f
dentist|cabinet dentaire|cabinets dentaires|m
department store shop|grand magasin|grands magasins|m
digital growth consultancy office|cabinet de conseil en croissance numérique|cabinets de conseil en croissance numérique|m
doctors|cabinet médical|cabinets médicaux|m
doityourself shop|magasin de bricolage|magasins de bricolage|m
driving school|auto-école|auto-écoles|f
earthquake|séisme|séismes|m
electronics repair craft|atelier de réparation électronique|ateliers de réparation électronique|m
electronics shop|magasin d'électronique|magasins d'électronique|m
embassy|ambassade|ambassades|f
estate agent office|agence immobilière|agences immobilières|f
events venue|salle de réception|salles de réception|f
explosion|explosion|explosions|f
fabric shop|magasin de tissus|magasins de tissus|m
fast food|restaurant rapide|restaurants rapides|m
federal district|district fédéral|districts fédéraux|m
ferry terminal|terminal de ferry|terminaux de ferry|m
financial office|bureau financier|bureaux financiers|m
fire station|caserne de pompiers|casernes de pompiers|f
fitness centre|salle de sport|salles de sport|f
florist shop|fleuriste|fleuristes|m
food court|aire de restauration|aires de restauration|f
foundation office|bureau de fondation|bureaux de fondation|m
frame shop|magasin d'encadrement|magasins d'encadrement|m
fuel|station-service|stations-service|f
funeral directors shop|entreprise de pompes funèbres|entreprises de pompes funèbres|f
furniture shop|magasin de meubles|magasins de meubles|m
gallery|galerie d'art|galeries d'art|f
games shop|magasin de jeux|magasins de jeux|m
garden centre shop|jardinerie|jardineries|f
gift shop|boutique de cadeaux|boutiques de cadeaux|f
gold shop|comptoir d'or|comptoirs d'or|m
government office|bureau gouvernemental|bureaux gouvernementaux|m
grocery shop|épicerie|épiceries|f
hairdresser shop|salon de coiffure|salons de coiffure|m
hamlet|hameau|hameaux|m
handbags shop|boutique de sacs à main|boutiques de sacs à main|f
handicraft shop|boutique d'artisanat d'art|boutiques d'artisanat d'art|f
handicrafts shop|magasin d'objets artisanaux|magasins d'objets artisanaux|m
hardware shop|quincaillerie|quincailleries|f
hat shop|chapellerie|chapelleries|f
hats shop|boutique de chapeaux|boutiques de chapeaux|f
health food shop|magasin d'alimentation biologique|magasins d'alimentation biologique|m
hearing aids shop|centre auditif|centres auditifs|m
hifi shop|magasin de hi-fi|magasins de hi-fi|m
hostel|auberge de jeunesse|auberges de jeunesse|f
hotel|hôtel|hôtels|mh
houseware shop|magasin d'articles ménagers|magasins d'articles ménagers|m
information|point d'information|points d'information|m
insurance office|agence d'assurances|agences d'assurances|f
interior decoration shop|magasin de décoration intérieure|magasins de décoration intérieure|m
it office|bureau informatique|bureaux informatiques|m
jewelry shop|bijouterie|bijouteries|f
junk shop|brocante|brocantes|f
kindergarten|école maternelle|écoles maternelles|f
kiosk shop|kiosque|kiosques|m
kitchen shop|magasin de cuisines|magasins de cuisines|m
laundry shop|laverie|laveries|f
lawyer office|cabinet d'avocats|cabinets d'avocats|m
leather shop|magasin d'articles en cuir|magasins d'articles en cuir|m
library|bibliothèque|bibliothèques|f
locks shop|magasin de serrures|magasins de serrures|m
locksmith shop|serrurerie|serrureries|f
mall shop|centre commercial|centres commerciaux|m
marketplace|place de marché|places de marché|f
massage shop|salon de massage|salons de massage|m
medical supply shop|magasin de matériel médical|magasins de matériel médical|m
memorial|mémorial|mémoriaux|m
miniature golf|minigolf|minigolfs|m
mobile phone shop|boutique de téléphonie mobile|boutiques de téléphonie mobile|f
monitoring station|station de surveillance|stations de surveillance|f
monument|monument|monuments|m
museum|musée|musées|m
music shop|magasin de musique|magasins de musique|m
musical instrument shop|magasin d'instruments de musique|magasins d'instruments de musique|m
nails shop|onglerie|ongleries|f
nailstudio shop|studio de manucure|studios de manucure|m
neighbourhood|quartier|quartiers|m
ngo office|bureau d'ONG|bureaux d'ONG|m
nightclub|boîte de nuit|boîtes de nuit|f
nightclub, restaurant|boîte de nuit-restaurant|boîtes de nuit-restaurants|f
office|bureau|bureaux|m
office building|immeuble de bureaux|immeubles de bureaux|m
optician shop|opticien|opticiens|m
outdoor seating|terrasse|terrasses|f
outdoor shop|magasin de plein air|magasins de plein air|m
park|parc|parcs|m
park path|allée de parc|allées de parc|f
parking|parking|parkings|m
party shop|magasin d'articles de fête|magasins d'articles de fête|m
pawnbroker shop|prêteur sur gages|prêteurs sur gages|m
pet shop|animalerie|animaleries|f
pharmacy|pharmacie|pharmacies|f
photo shop|magasin de photo|magasins de photo|m
pitch|terrain de sport|terrains de sport|m
place of worship|lieu de culte|lieux de culte|m
platform|quai|quais|m
playground|aire de jeux|aires de jeux|f
political party office|bureau de parti politique|bureaux de partis politiques|m
post office|bureau de poste|bureaux de poste|m
pub|pub|pubs|m
public building|bâtiment public|bâtiments publics|m
quango office|bureau d'organisme parapublic|bureaux d'organismes parapublics|m
quarry blast|tir de carrière|tirs de carrière|m
records shop|disquaire|disquaires|m
recycling|point de recyclage|points de recyclage|m
residential building|immeuble résidentiel|immeubles résidentiels|m
restaurant|restaurant|restaurants|m
retail building|bâtiment commercial|bâtiments commerciaux|m
road|route|routes|f
school|école|écoles|f
school building|bâtiment scolaire|bâtiments scolaires|m
second hand shop|magasin d'occasion|magasins d'occasion|m
ship building|bâtiment-navire|bâtiments-navires|m
shoemaker craft|atelier de cordonnier|ateliers de cordonnier|m
shoes shop|magasin de chaussures|magasins de chaussures|m
shop|magasin|magasins|m
social facility|établissement social|établissements sociaux|m
sports centre|centre sportif|centres sportifs|m
sports shop|magasin de sport|magasins de sport|m
square|place|places|f
state|État|États|m
station|gare|gares|f
stop position|point d'arrêt|points d'arrêt|m
store shop|boutique|boutiques|f
storm track|trajectoire de tempête|trajectoires de tempête|f
storm wind field|champ de vent de tempête|champs de vent de tempête|m
studio|studio|studios|m
suburb|quartier périphérique|quartiers périphériques|m
subway entrance|entrée de métro|entrées de métro|f
supermarket shop|supermarché|supermarchés|m
tailor shop|tailleur|tailleurs|m
tattoo shop|salon de tatouage|salons de tatouage|m
taxi|station de taxis|stations de taxis|f
tea shop|boutique de thé|boutiques de thé|f
territory|territoire|territoires|m
theatre|théâtre|théâtres|m
ticket shop|billetterie|billetteries|f
tomb|tombe|tombes|f
tower|tour|tours|f
toys shop|magasin de jouets|magasins de jouets|m
training|centre de formation|centres de formation|m
tram stop|arrêt de tram|arrêts de tram|m
travel agency shop|agence de voyages|agences de voyages|f
travel agent office|bureau d'agent de voyages|bureaux d'agents de voyages|m
tree|arbre|arbres|m
underground passage|passage souterrain|passages souterrains|m
university|université|universités|f
university building|bâtiment universitaire|bâtiments universitaires|m
variety store shop|bazar|bazars|m
vending machine|distributeur automatique|distributeurs automatiques|m
watches shop|magasin de montres|magasins de montres|m
water|plan d'eau|plans d'eau|m
web design office|agence de conception web|agences de conception web|f
"""

#: category -> (singular, plural, gender "m"/"f", elides: True when the noun takes l'/d')
CATEGORIES = {key: (one, many, g[0], g.endswith("h") or one[:1].lower() in "aeiouyàâéèêëîïôœ")
              for key, (one, many, g) in table_rows(_CATEGORIES, 4).items()}

#: the French prompt texts, by the keys of ENGLISH_TEXTS (same {fields}; JSON words kept as they are)
TEXTS = {
    "system.parametric": ("Vous répondez à des questions géospatiales sur des lieux, des régions, des itinéraires "
                          "et des événements. Soyez précis ; répondez d'après vos connaissances."),
    "system.oracle": ("Vous répondez à des questions géospatiales sur des lieux, des régions, des itinéraires et "
                      "des événements. Les faits fournis proviennent d'un graphe de connaissances et suffisent "
                      "pour calculer la réponse. Les géométries sont en WKT dans l'ordre longitude latitude "
                      "(CRS84, degrés WGS84)."),
    "prompt.question": "Question : {question}",
    "prompt.format": "Format de réponse ({format}) : {description}",
    "prompt.labels": "Étiquettes autorisées : {labels}.",
    "prompt.reasoning": 'Réfléchissez d\'abord étape par étape dans "reasoning", puis donnez la réponse.',
    "prompt.reply": ("Répondez par un seul objet JSON {shape} et rien d'autre. Il doit respecter ce schéma "
                     "JSON :"),
    "prompt.null": ('Si la question n\'a pas de réponse (par exemple parce que sa prémisse est fausse), '
                    'mettez "answer" à null.'),
    "prompt.facts": "Faits",
    "prompt.facts_nt": "Faits (N-Triples)",
    "prompt.facts_json": "Faits (JSON : sujet -> prédicat -> valeurs)",
    "system.mcq": "Vous répondez à des questions géospatiales à choix multiple sur des lieux, des régions, des itinéraires et des événements. Une seule option est correcte.",
    "prompt.options": "Options :",
    "prompt.none_option": "Aucune de ces réponses : la question ne peut pas recevoir de réponse telle qu'elle est posée",
    "prompt.mcq_policy": "Si la question ne peut pas recevoir de réponse telle qu'elle est posée (par exemple parce que sa prémisse est fausse), l'option correcte est {letter}.",
    "prompt.mcq_reply": "Répondez par un seul objet JSON {{\"answer\": lettre, \"unit\": null}} et rien d'autre ; la lettre est l'une de {letters}.",
    "prompt.context": "Contexte des lieux tiré d'un graphe de connaissances (un monde clos : un lieu, un fait ou une relation qu'il ne donne pas est réputé faux)",
    "context.nearby": "lieux les plus proches : {places}",
    "context.inside": "à l'intérieur",
    "context.contains": "le contient",
    "context.border": "sur sa frontière",
    "context.overlaps": "le chevauche",
    "agent.role": "Vous êtes un analyste géospatial qui répond à une question en écrivant du Python.",
    "agent.steps": ("Chaque réponse est une étape. Dans une étape, écrivez exactement un bloc de code ```python ; "
                    "il s'exécute dans un bac à sable (Python 3 avec shapely, pyproj, h3 et la bibliothèque "
                    "standard ; pas de réseau, pas d'écriture de fichiers, temps et mémoire limités) et ce qu'il "
                    "affiche vous est renvoyé. Les variables ne sont pas conservées d'une étape à l'autre."),
    "agent.final": ("Quand vous connaissez la réponse, appelez final_answer(answer, unit) dans un bloc de code ; "
                    "cela termine l'exécution. final_answer(None, None) signifie que vous ne donnez pas de "
                    "réponse."),
    "agent.tools": ("Le bac à sable dispose aussi de ces fonctions sur un graphe de connaissances géographique "
                    "(les identifiants sont des IRI) :"),
    "agent.gold": ("Les faits d'un graphe de connaissances dont découle la réponse se trouvent dans le message de "
                   "l'utilisateur ; dans le bac à sable, ils sont aussi dans la chaîne GOLD_TRIPLES "
                   "(N-Triples). Vous n'avez aucun outil de recherche."),
    "agent.budget": ("Vous disposez d'un nombre limité d'étapes ; utilisez-en peu. La réponse finale doit "
                     "respecter le format de réponse ({format}) : {description}"),
    "agent.schema": "Les arguments de final_answer doivent rendre valide cet objet JSON : {schema}",
    "agent.null": ("Si la question n'a pas de réponse (par exemple parce que sa prémisse est fausse), appelez "
                   "final_answer(None, None)."),
    "format.boolean": 'L\'une des valeurs "true", "false" ou "plausibly".',
    "format.entity": "Le nom d'une entité.",
    "format.direction": ("Une étiquette : une direction de la boussole (N, NE, E, SE, S, SW, W, NW), "
                         "left/right/on (par rapport à l'itinéraire) ou upstream/downstream."),
    "format.set": "Une liste de noms d'entités ; [] s'il n'y en a aucune.",
    "format.cell": ('Une cellule de grille : un index de cellule H3 (15 chiffres hexadécimaux) ou un jeton de '
                    'cellule S2 ; unit nomme la grille, "h3" ou "s2".'),
    "format.geohash": "Une chaîne geohash.",
    "format.h3_s2": 'Un objet {{"h3": index de cellule H3, "s2": jeton de cellule S2}}.',
    "format.distance": "Une distance sous forme de nombre, dans l'unité indiquée dans unit.",
    "format.area": "Une superficie sous forme de nombre, dans l'unité indiquée dans unit.",
    "format.count": "Un nombre entier.",
    "format.ratio": "Un nombre sans dimension.",
    "format.point": ('Un point en degrés décimaux WGS84 : {{"lat": latitude, "lon": longitude}} ou '
                     '[latitude, longitude] (la latitude d\'abord).'),
    "format.polar": ('Un objet {{"angle": azimut en degrés dans le sens horaire depuis le nord, "distance": '
                     'nombre}} ; la distance est dans l\'unité indiquée dans unit.'),
    "format.polygon": ("Un polygone ou un rectangle englobant en WKT dans l'ordre longitude/latitude (CRS84), "
                       "par exemple POLYGON((west south, east south, east north, west north, west south))."),
    "format.date": ("Une date au format YYYY-MM-DD (YYYY-MM ou YYYY lorsque seul le mois ou l'année est "
                    "connu)."),
    "unit.null": '"unit" doit être null.',
    "unit.count": 'Donnez un nombre entier ; "unit" doit être null.',
    "unit.ratio": ('Donnez un nombre simple sans signe pourcentage (0.25 pour 25 %) ; "unit" doit être '
                   'null.'),
    "unit.cell": 'Mettez dans "unit" le système de grille : "h3" ou "s2".',
    "unit.quantity": ('Donnez {quantity} en {unit_words} et mettez "unit" à "{unit}" (également acceptés : '
                      '{others}).'),
    "quantity.number": "le nombre",
    "quantity.distance": "la distance",
    "unit.km": "kilomètres", "unit.m": "mètres", "unit.mi": "milles", "unit.km2": "kilomètres carrés",
    "unit.m2": "mètres carrés", "unit.mi2": "milles carrés", "unit.ha": "hectares",
    "locality.all": "Tous les lieux cités se trouvent {place}.",
    "locality.one": "{name} se trouve {place}.",
    "locality.central Helsinki, Finland": "dans le centre d'Helsinki, en Finlande",
    "locality.Karhula, a district of Kotka, Finland": "à Karhula, un quartier de Kotka, en Finlande",
    "event.earthquake": "séisme {id}",
    "event.quarry blast": "tir de carrière {id}",
    "event.explosion": "explosion {id}",
    "event.Hurricane": "ouragan {name} ({year})",
    "event.Tropical Storm": "tempête tropicale {name} ({year})",
    "event.Tropical Depression": "dépression tropicale {name} ({year})",
    "event.wind field": "champ de vent de {storm}",
    "word.precision": "précision",
    "word.level": "niveau",
    "word.resolution": "résolution",
    "word.H3": "H3",
    "word.S2": "S2",
    "word.geohash": "geohash",
    "word.Natural Earth's 1:10m country outlines": "les contours des pays au 1:10m de Natural Earth",
    "word.us-atlas 3.0.1's 1:10 million simplification of the US Census Bureau's 2017 cartographic boundaries": (
        "la simplification au 1:10 million de us-atlas 3.0.1 des limites cartographiques 2017 du US Census "
        "Bureau"),
    "word.OpenStreetMap": "OpenStreetMap",
    "period.month": "en {month} {year}",
    "period.months": "entre {month1} et {month2} {year}",
    "period.days": "entre le {day1} et le {day2} {month} {year}",
    "period.dates": "entre le {date1} et le {date2}",
}

#: labels of the snapshot that are wrong in French, and English qualifiers left inside a name (whole text, or
#: a part of it between ", " or in parentheses) -> their French form
LABEL_FIXES = {"Virginia occidentale": "Virginie-Occidentale", "(U.S. state)": "(État des États-Unis)",
               "(U.S. territory)": "(territoire des États-Unis)"}

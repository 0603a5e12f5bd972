"""Bulgarian lexicon data for :mod:`kgbench.languages.bul`: the category nouns (singular, plural, gender of
the singular) and the country names that take the definite article."""

from kgbench.languages.base import table_rows

# key | singular | plural | gender of the singular (m, f, n)
_CATEGORY_ROWS = """
administrative office|административна служба|административни служби|f
alcohol shop|магазин за алкохол|магазини за алкохол|m
animal boarding|хотел за животни|хотели за животни|m
anime shop|магазин за аниме|магазини за аниме|m
antiques shop|антикварен магазин|антикварни магазини|m
apartments building|жилищен блок|жилищни блокове|m
art shop|магазин за художествени материали|магазини за художествени материали|m
arts centre|център за изкуства|центрове за изкуства|m
artwork|произведение на изкуството|произведения на изкуството|n
association office|офис на сдружение|офиси на сдружения|m
atm|банкомат|банкомати|m
attraction|забележителност|забележителности|f
baby goods shop|магазин за бебешки стоки|магазини за бебешки стоки|m
bag shop|магазин за чанти|магазини за чанти|m
bakery shop|пекарна|пекарни|f
bandstand|естрада|естради|f
bank|банка|банки|f
bar|бар|барове|m
bay|залив|заливи|m
beauty salon shop|салон за красота|салони за красота|m
beauty shop|магазин за козметика|магазини за козметика|m
bed shop|магазин за легла|магазини за легла|m
bicycle rental|пункт за велосипеди под наем|пунктове за велосипеди под наем|m
bicycle shop|магазин за велосипеди|магазини за велосипеди|m
block building|жилищна сграда|жилищни сгради|f
blood donation|пункт за кръводаряване|пунктове за кръводаряване|m
books shop|книжарница|книжарници|f
boutique shop|бутик|бутици|m
bridge|мост|мостове|m
building|сграда|сгради|f
building passage|проход през сграда|проходи през сгради|m
bureau de change|обменно бюро|обменни бюра|n
bus station|автогара|автогари|f
bus stop|автобусна спирка|автобусни спирки|f
business park office|офис в бизнес парк|офиси в бизнес паркове|m
butcher shop|месарница|месарници|f
cafe|кафене|кафенета|n
candles shop|магазин за свещи|магазини за свещи|m
capital city|столица|столици|f
car rental|пункт за коли под наем|пунктове за коли под наем|m
car repair shop|автосервиз|автосервизи|m
carpet shop|магазин за килими|магазини за килими|m
cartographer craft|картографско ателие|картографски ателиета|n
casino|казино|казина|n
central bank office|клон на централната банка|клонове на централната банка|m
childcare|детски център|детски центрове|m
cinema|кино|кина|n
city|град|градове|m
city block|градски квартал|градски квартали|m
civil area|гражданска зона|граждански зони|f
clinic|клиника|клиники|f
clockmaker craft|часовникарска работилница|часовникарски работилници|f
clothes shop|магазин за дрехи|магазини за дрехи|m
college|колеж|колежи|m
commercial area|търговска зона|търговски зони|f
community centre|читалище|читалища|n
company office|офис на фирма|офиси на фирми|m
computer shop|компютърен магазин|компютърни магазини|m
confectionery shop|сладкарница|сладкарници|f
conference centre|конферентен център|конферентни центрове|m
consulate|консулство|консулства|n
convenience shop|денонощен магазин|денонощни магазини|m
cookware shop|магазин за съдове|магазини за съдове|m
cosmetics shop|магазин за козметика|магазини за козметика|m
country|държава|държави|f
county|окръг|окръзи|m
courthouse|съдебна палата|съдебни палати|f
coworking space|коуъркинг пространство|коуъркинг пространства|n
craft shop|магазин за ръкоделие|магазини за ръкоделие|m
dance|танцово студио|танцови студиа|n
deli shop|деликатесен магазин|деликатесни магазини|m
deli,  kitchen shop|магазин за деликатеси и кухненски принадлежности|магазини за деликатеси и кухненски принадлежности|m
dentist|зъболекарски кабинет|зъболекарски кабинети|m
department store shop|универсален магазин|универсални магазини|m
digital growth consultancy office|офис за консултации по дигитален растеж|офиси за консултации по дигитален растеж|m
doctors|лекарски кабинет|лекарски кабинети|m
doityourself shop|магазин „Направи си сам“|магазини „Направи си сам“|m
driving school|автошкола|автошколи|f
earthquake|земетресение|земетресения|n
electronics repair craft|сервиз за електроника|сервизи за електроника|m
electronics shop|магазин за електроника|магазини за електроника|m
embassy|посолство|посолства|n
estate agent office|агенция за недвижими имоти|агенции за недвижими имоти|f
events venue|зала за събития|зали за събития|f
explosion|взрив|взривове|m
fabric shop|магазин за платове|магазини за платове|m
fast food|заведение за бързо хранене|заведения за бързо хранене|n
federal district|федерален окръг|федерални окръзи|m
ferry terminal|фериботен терминал|фериботни терминали|m
financial office|финансова служба|финансови служби|f
fire station|пожарна|пожарни|f
fitness centre|фитнес център|фитнес центрове|m
florist shop|цветарски магазин|цветарски магазини|m
food court|зона за хранене|зони за хранене|f
foundation office|офис на фондация|офиси на фондации|m
frame shop|магазин за рамки|магазини за рамки|m
fuel|бензиностанция|бензиностанции|f
funeral directors shop|погребално бюро|погребални бюра|n
furniture shop|мебелен магазин|мебелни магазини|m
gallery|галерия|галерии|f
games shop|магазин за игри|магазини за игри|m
garden centre shop|градински център|градински центрове|m
gift shop|магазин за подаръци|магазини за подаръци|m
gold shop|магазин за злато|магазини за злато|m
government office|държавна институция|държавни институции|f
grocery shop|магазин за хранителни стоки|магазини за хранителни стоки|m
hairdresser shop|фризьорски салон|фризьорски салони|m
hamlet|махала|махали|f
handbags shop|магазин за дамски чанти|магазини за дамски чанти|m
handicraft shop|магазин за занаятчийски изделия|магазини за занаятчийски изделия|m
handicrafts shop|магазин за ръчни изделия|магазини за ръчни изделия|m
hardware shop|железария|железарии|f
hat shop|магазин за шапки|магазини за шапки|m
hats shop|шапкарски магазин|шапкарски магазини|m
health food shop|магазин за здравословни храни|магазини за здравословни храни|m
hearing aids shop|магазин за слухови апарати|магазини за слухови апарати|m
hifi shop|магазин за аудиотехника|магазини за аудиотехника|m
hostel|хостел|хостели|m
hotel|хотел|хотели|m
houseware shop|магазин за домашни потреби|магазини за домашни потреби|m
information|информационен пункт|информационни пунктове|m
insurance office|застрахователна агенция|застрахователни агенции|f
interior decoration shop|магазин за интериорна декорация|магазини за интериорна декорация|m
it office|ИТ фирма|ИТ фирми|f
jewelry shop|бижутериен магазин|бижутерийни магазини|m
junk shop|вехтошарски магазин|вехтошарски магазини|m
kindergarten|детска градина|детски градини|f
kiosk shop|павилион|павилиони|m
kitchen shop|магазин за кухни|магазини за кухни|m
laundry shop|пералня|перални|f
lawyer office|адвокатска кантора|адвокатски кантори|f
leather shop|магазин за кожени изделия|магазини за кожени изделия|m
library|библиотека|библиотеки|f
locks shop|магазин за брави|магазини за брави|m
locksmith shop|ключарско ателие|ключарски ателиета|n
mall shop|търговски център|търговски центрове|m
marketplace|пазар|пазари|m
massage shop|масажно студио|масажни студиа|n
medical supply shop|магазин за медицински консумативи|магазини за медицински консумативи|m
memorial|мемориал|мемориали|m
miniature golf|минеголф|игрища за минеголф|m
mobile phone shop|магазин за мобилни телефони|магазини за мобилни телефони|m
monitoring station|станция за мониторинг|станции за мониторинг|f
monument|паметник|паметници|m
museum|музей|музеи|m
music shop|музикален магазин|музикални магазини|m
musical instrument shop|магазин за музикални инструменти|магазини за музикални инструменти|m
nails shop|маникюрен салон|маникюрни салони|m
nailstudio shop|студио за нокти|студиа за нокти|n
neighbourhood|квартал|квартали|m
ngo office|офис на НПО|офиси на НПО|m
nightclub|нощен клуб|нощни клубове|m
nightclub, restaurant|нощен клуб с ресторант|нощни клубове с ресторант|m
office|офис|офиси|m
office building|офис сграда|офис сгради|f
optician shop|оптика|оптики|f
outdoor seating|лятна градина|летни градини|f
outdoor shop|магазин за туристическа екипировка|магазини за туристическа екипировка|m
park|парк|паркове|m
park path|паркова алея|паркови алеи|f
parking|паркинг|паркинги|m
party shop|магазин за парти артикули|магазини за парти артикули|m
pawnbroker shop|заложна къща|заложни къщи|f
pet shop|зоомагазин|зоомагазини|m
pharmacy|аптека|аптеки|f
photo shop|фотостудио|фотостудиа|n
pitch|спортно игрище|спортни игрища|n
place of worship|храм|храмове|m
platform|перон|перони|m
playground|детска площадка|детски площадки|f
political party office|офис на политическа партия|офиси на политически партии|m
post office|пощенска станция|пощенски станции|f
pub|пъб|пъбове|m
public building|обществена сграда|обществени сгради|f
quango office|офис на полудържавна организация|офиси на полудържавни организации|m
quarry blast|взрив в кариера|взривове в кариери|m
records shop|магазин за грамофонни плочи|магазини за грамофонни плочи|m
recycling|пункт за рециклиране|пунктове за рециклиране|m
residential building|жилищна сграда|жилищни сгради|f
restaurant|ресторант|ресторанти|m
retail building|търговска сграда|търговски сгради|f
road|улица|улици|f
school|училище|училища|n
school building|училищна сграда|училищни сгради|f
second hand shop|магазин за употребявани стоки|магазини за употребявани стоки|m
ship building|сграда кораб|сгради кораби|f
shoemaker craft|обущарска работилница|обущарски работилници|f
shoes shop|магазин за обувки|магазини за обувки|m
shop|магазин|магазини|m
social facility|социално заведение|социални заведения|n
sports centre|спортен център|спортни центрове|m
sports shop|спортен магазин|спортни магазини|m
square|площад|площади|m
state|щат|щати|m
station|гара|гари|f
stop position|място за спиране|места за спиране|n
store shop|магазин|магазини|m
storm track|траектория на буря|траектории на бури|f
storm wind field|ветрово поле на буря|ветрови полета на бури|n
studio|студио|студиа|n
suburb|квартал|квартали|m
subway entrance|вход на метро|входове на метро|m
supermarket shop|супермаркет|супермаркети|m
tailor shop|шивашко ателие|шивашки ателиета|n
tattoo shop|татуировъчно студио|татуировъчни студиа|n
taxi|стоянка за таксита|стоянки за таксита|f
tea shop|магазин за чай|магазини за чай|m
territory|територия|територии|f
theatre|театър|театри|m
ticket shop|билетна каса|билетни каси|f
tomb|гробница|гробници|f
tower|кула|кули|f
toys shop|магазин за играчки|магазини за играчки|m
training|учебен център|учебни центрове|m
tram stop|трамвайна спирка|трамвайни спирки|f
travel agency shop|туристическа агенция|туристически агенции|f
travel agent office|туроператор|туроператори|m
tree|дърво|дървета|n
underground passage|подлез|подлези|m
university|университет|университети|m
university building|университетска сграда|университетски сгради|f
variety store shop|магазин за всичко|магазини за всичко|m
vending machine|вендинг автомат|вендинг автомати|m
watches shop|магазин за часовници|магазини за часовници|m
water|водоем|водоеми|m
web design office|уеб студио|уеб студиа|n
"""

#: category key -> (singular, plural, gender)
CATEGORY_FORMS = table_rows(_CATEGORY_ROWS, 4)

#: country names (as countries.tsv writes them in Bulgarian) that are used with the definite article, and
#: their definite forms; a masculine name has (short form, full form)
DEFINITE = {
    "Бахамски острови": "Бахамските острови", "Бермудски острови": "Бермудските острови",
    "Кайманови острови": "Каймановите острови", "Коморски острови": "Коморските острови",
    "острови Кук": "островите Кук", "Фарьорски острови": "Фарьорските острови",
    "Малдиви": "Малдивите", "Филипини": "Филипините", "Сейшели": "Сейшелите",
    "Палестински територии": "Палестинските територии", "Соломонови острови": "Соломоновите острови",
    "Оландски острови": "Оландските острови", "Отдалечени острови на САЩ": "Отдалечените острови на САЩ",
    "Доминиканска република": "Доминиканската република",
    "Централноафриканска република": "Централноафриканската република",
    "острови Хърд и Макдоналд": "островите Хърд и Макдоналд",
    "Северни Мариански острови": "Северните Мариански острови",
    "Британски Вирджински острови": "Британските Вирджински острови",
    "Американски Вирджински острови": "Американските Вирджински острови",
    "Острови Питкерн": "островите Питкерн", "Френски южни територии": "Френските южни територии",
    "Маршалови острови": "Маршаловите острови", "Съединени щати": "Съединените щати",
    "острови Търкс и Кайкос": "островите Търкс и Кайкос", "Фолкландски острови": "Фолкландските острови",
    "Обединени арабски емирства": "Обединените арабски емирства",
    "Британска територия в Индийския океан": "Британската територия в Индийския океан",
}
#: names the snapshot leaves in English or misspells -> their Bulgarian form (whole text, any kind)
RENAME = {"Baikonur": "Байконур", "Somaliland": "Сомалиленд", "Clipperton Island": "Клипертон",
          "Араканзас": "Арканзас", "Грузия (U.S. state)": "Джорджия (щат на САЩ)", "Мианмар (Бирма)": "Мианмар",
          "Тимор Лесте": "Източен Тимор"}
#: English qualifiers of US region names -> Bulgarian ("Puerto Rico (U.S. territory)")
US_QUALIFIERS = {"(U.S. state)": "(щат на САЩ)", "(U.S. territory)": "(територия на САЩ)"}
#: the US state Georgia, which the state table writes as the country (Fulton County, Грузия)
US_GEORGIA = (", Грузия", ", Джорджия")
#: a storm track as C3 names it in English ("the best track of Hurricane Ike (2008)")
BEST_TRACK_TEXT = "траекторията (best track) на {storm}"

#: masculine singular names with the article: (short form, full form)
DEFINITE_MASC = {"Ватикан": ("Ватикана", "Ватиканът")}

#: plural names (a verb next to them is plural), as written with or without the article
PLURAL_NAMES = {n for n in list(DEFINITE) + list(DEFINITE.values())
                if n.split(" ")[0].endswith(("и", "ите")) or n in ("Съединени щати", "Съединените щати")} | {"САЩ"}

#: the prompt texts (keys and {fields} of ENGLISH_TEXTS)
TEXTS = {
    "system.parametric": ("Отговаряте на геопространствени въпроси за места, региони, маршрути и събития. "
                          "Бъдете точни; отговаряйте въз основа на знанията си."),
    "system.oracle": ("Отговаряте на геопространствени въпроси за места, региони, маршрути и събития. Дадените "
                      "факти идват от граф на знанието и са достатъчни за изчисляване на отговора. Геометриите са "
                      "в WKT в ред дължина ширина (CRS84, градуси WGS84)."),
    "prompt.question": "Въпрос: {question}",
    "prompt.format": "Формат на отговора ({format}): {description}",
    "prompt.labels": "Допустими етикети: {labels}.",
    "prompt.reasoning": 'Първо разсъждавайте стъпка по стъпка в "reasoning", след това дайте отговора.',
    "prompt.reply": "Отговорете с един JSON обект {shape} и нищо друго. Той трябва да следва тази JSON схема:",
    "prompt.null": ('Ако на въпроса не може да се отговори (например защото предпоставката му е невярна), '
                    'задайте "answer" на null.'),
    "prompt.facts": "Факти",
    "prompt.facts_nt": "Факти (N-Triples)",
    "prompt.facts_json": "Факти (JSON: субект -> предикат -> стойности)",
    "agent.role": "Вие сте геопространствен анализатор, който отговаря на въпрос, като пише код на Python.",
    "agent.steps": ("Всеки отговор е една стъпка. Във всяка стъпка напишете точно един блок код ```python; той се "
                    "изпълнява в изолирана среда (Python 3 с shapely, pyproj, h3 и стандартната библиотека; без "
                    "мрежа, без запис на файлове, с ограничено време и памет) и това, което отпечата, се връща при "
                    "вас. Променливите не се запазват между стъпките."),
    "agent.final": ("Когато знаете отговора, извикайте final_answer(answer, unit) в блок код; това приключва "
                    "изпълнението. final_answer(None, None) означава, че не давате отговор."),
    "agent.tools": "Изолираната среда има и тези функции върху географски граф на знанието (идентификаторите са IRI):",
    "agent.gold": ("Фактите от граф на знанието, от които следва отговорът, са в съобщението на потребителя; в "
                   "изолираната среда те са и в низа GOLD_TRIPLES (N-Triples). Нямате инструменти за търсене."),
    "agent.budget": ("Разполагате с ограничен брой стъпки; използвайте малко. Крайният отговор трябва да отговаря "
                     "на формата на отговора ({format}): {description}"),
    "agent.schema": "Аргументите на final_answer трябва да правят този JSON обект валиден: {schema}",
    "agent.null": ("Ако на въпроса не може да се отговори (например защото предпоставката му е невярна), "
                   "извикайте final_answer(None, None)."),
    "format.boolean": 'Едно от "true", "false" или "plausibly".',
    "format.entity": "Името на един обект.",
    "format.direction": ("Един етикет: посока на компаса (N, NE, E, SE, S, SW, W, NW), left/right/on (спрямо "
                         "маршрута) или upstream/downstream."),
    "format.set": "Списък с имена на обекти; [], когато няма такива.",
    "format.cell": ('Една клетка от мрежа: индекс на клетка H3 (15 шестнадесетични цифри) или токен на клетка S2; '
                    'unit посочва мрежата, "h3" или "s2".'),
    "format.geohash": "Низ geohash.",
    "format.h3_s2": 'Обект {{"h3": индекс на клетка H3, "s2": токен на клетка S2}}.',
    "format.distance": "Разстояние като число, в единицата, посочена в unit.",
    "format.area": "Площ като число, в единицата, посочена в unit.",
    "format.count": "Цяло число.",
    "format.ratio": "Безразмерно число.",
    "format.point": ('Точка в десетични градуси WGS84: {{"lat": ширина, "lon": дължина}} или '
                     '[ширина, дължина] (първо ширината).'),
    "format.polar": ('Обект {{"angle": азимут в градуси по часовниковата стрелка от север, "distance": число}}; '
                     'разстоянието е в единицата, посочена в unit.'),
    "format.polygon": ("Многоъгълник или ограничаващ правоъгълник като WKT в ред дължина/ширина (CRS84), напр. "
                       "POLYGON((west south, east south, east north, west north, west south))."),
    "format.date": "Дата във вида YYYY-MM-DD (YYYY-MM или YYYY, когато са известни само месецът или годината).",
    "unit.null": '"unit" трябва да е null.',
    "unit.count": 'Дайте цяло число; "unit" трябва да е null.',
    "unit.ratio": 'Дайте просто число без знак за процент (0.25 за 25 %); "unit" трябва да е null.',
    "unit.cell": 'Задайте "unit" на системата на мрежата: "h3" или "s2".',
    "unit.quantity": 'Дайте {quantity} в {unit_words} и задайте "unit" на "{unit}" (приема се също: {others}).',
    "quantity.number": "числото",
    "quantity.distance": "разстоянието",
    "unit.km": "километри", "unit.m": "метри", "unit.mi": "мили", "unit.km2": "квадратни километри",
    "unit.m2": "квадратни метри", "unit.mi2": "квадратни мили", "unit.ha": "хектари",
    "locality.all": "Всички посочени места са в {place}.",
    "locality.one": "{name} се намира в {place}.",
    "locality.central Helsinki, Finland": "центъра на Хелзинки, Финландия",
    "locality.Karhula, a district of Kotka, Finland": "Кархула, квартал на Котка, Финландия",
    "event.earthquake": "земетресение {id}",
    "event.quarry blast": "взрив в кариера {id}",
    "event.explosion": "експлозия {id}",
    "event.Hurricane": "ураган {name} ({year})",
    "event.Tropical Storm": "тропическа буря {name} ({year})",
    "event.Tropical Depression": "тропическа депресия {name} ({year})",
    "event.wind field": "ветрово поле на {storm}",
    "word.precision": "точност",
    "word.level": "ниво",
    "word.resolution": "резолюция",
    "word.H3": "H3",
    "word.S2": "S2",
    "word.geohash": "geohash",
    "word.Natural Earth's 1:10m country outlines": "контурите на държавите на Natural Earth в мащаб 1:10m",
    "word.us-atlas 3.0.1's 1:10 million simplification of the US Census Bureau's 2017 cartographic boundaries": (
        "опростяването на us-atlas 3.0.1 в мащаб 1:10 милиона на картографските граници на Бюрото за "
        "преброяване на САЩ от 2017 г."),
    "word.OpenStreetMap": "OpenStreetMap",
    "period.month": "през {month} {year} г.",
    "period.months": "между {month1} и {month2} {year} г.",
    "period.days": "между {day1} и {day2} {month} {year} г.",
    "period.dates": "между {date1} и {date2}",
}

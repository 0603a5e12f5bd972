"""Urdu data: the category nouns (singular, plural, gender of the head noun, oblique plural when the rule of
:func:`kgbench.languages.urd.oblique_plural` does not give it) and the prompt texts."""

from kgbench.languages.base import table_rows

_CATS = """\
administrative office|انتظامی دفتر|انتظامی دفاتر|m
alcohol shop|شراب کی دکان|شراب کی دکانیں|f
animal boarding|جانوروں کا بورڈنگ مرکز|جانوروں کے بورڈنگ مراکز|m
anime shop|اینیمے کی دکان|اینیمے کی دکانیں|f
antiques shop|نوادرات کی دکان|نوادرات کی دکانیں|f
apartments building|اپارٹمنٹ عمارت|اپارٹمنٹ عمارتیں|f
art shop|آرٹ کے سامان کی دکان|آرٹ کے سامان کی دکانیں|f
arts centre|فنون کا مرکز|فنون کے مراکز|m
artwork|فن پارہ|فن پارے|m
association office|انجمن کا دفتر|انجمنوں کے دفاتر|m
atm|اے ٹی ایم مشین|اے ٹی ایم مشینیں|f
attraction|سیاحتی مقام|سیاحتی مقامات|m
baby goods shop|بچوں کے سامان کی دکان|بچوں کے سامان کی دکانیں|f
bag shop|بیگ کی دکان|بیگ کی دکانیں|f
bakery shop|بیکری|بیکریاں|f
bandstand|بینڈ اسٹینڈ|بینڈ اسٹینڈ|m
bank|بینک|بینک|m
bar|بار|بار|m
bay|خلیج|خلیجیں|f
beauty salon shop|بیوٹی سیلون|بیوٹی سیلون|m
beauty shop|بیوٹی پارلر|بیوٹی پارلر|m
bed shop|بستروں کی دکان|بستروں کی دکانیں|f
bicycle rental|سائیکل رینٹل اسٹیشن|سائیکل رینٹل اسٹیشن|m
bicycle shop|سائیکل کی دکان|سائیکل کی دکانیں|f
block building|بلاک عمارت|بلاک عمارتیں|f
blood donation|خون کے عطیے کا مرکز|خون کے عطیے کے مراکز|m
books shop|کتابوں کی دکان|کتابوں کی دکانیں|f
boutique shop|بوتیک|بوتیک|m
bridge|پل|پل|m
building|عمارت|عمارتیں|f
building passage|عمارت کی گزرگاہ|عمارتوں کی گزرگاہیں|f
bureau de change|منی چینجر|منی چینجر|m
bus station|بس اڈہ|بس اڈے|m
bus stop|بس اسٹاپ|بس اسٹاپ|m
business park office|بزنس پارک کا دفتر|بزنس پارک کے دفاتر|m
butcher shop|قصائی کی دکان|قصائی کی دکانیں|f
cafe|کیفے|کیفے|m|کیفوں
candles shop|موم بتیوں کی دکان|موم بتیوں کی دکانیں|f
capital city|دارالحکومت|دارالحکومت|m
car rental|کار رینٹل دفتر|کار رینٹل دفاتر|m
car repair shop|کار مرمت کی ورکشاپ|کار مرمت کی ورکشاپیں|f
carpet shop|قالین کی دکان|قالین کی دکانیں|f
cartographer craft|نقشہ ساز کی ورکشاپ|نقشہ سازوں کی ورکشاپیں|f
casino|جوا خانہ|جوا خانے|m
central bank office|مرکزی بینک کا دفتر|مرکزی بینک کے دفاتر|m
childcare|بچوں کی نگہداشت کا مرکز|بچوں کی نگہداشت کے مراکز|m
cinema|سینما|سینما|m|سینماؤں
city|شہر|شہر|m
city block|شہری بلاک|شہری بلاک|m
civil area|شہری علاقہ|شہری علاقے|m
clinic|کلینک|کلینک|m
clockmaker craft|گھڑی ساز کی ورکشاپ|گھڑی سازوں کی ورکشاپیں|f
clothes shop|کپڑوں کی دکان|کپڑوں کی دکانیں|f
college|کالج|کالج|m
commercial area|تجارتی علاقہ|تجارتی علاقے|m
community centre|کمیونٹی سینٹر|کمیونٹی سینٹر|m
company office|کمپنی کا دفتر|کمپنیوں کے دفاتر|m
computer shop|کمپیوٹر کی دکان|کمپیوٹر کی دکانیں|f
confectionery shop|مٹھائی کی دکان|مٹھائی کی دکانیں|f
conference centre|کانفرنس سینٹر|کانفرنس سینٹر|m
consulate|قونصل خانہ|قونصل خانے|m
convenience shop|جنرل اسٹور|جنرل اسٹور|m
cookware shop|برتنوں کی دکان|برتنوں کی دکانیں|f
cosmetics shop|کاسمیٹکس کی دکان|کاسمیٹکس کی دکانیں|f
country|ملک|ممالک|m
county|کاؤنٹی|کاؤنٹیاں|f
courthouse|عدالتی عمارت|عدالتی عمارتیں|f
coworking space|مشترکہ دفتری جگہ|مشترکہ دفتری جگہیں|f
craft shop|دستکاری کے سامان کی دکان|دستکاری کے سامان کی دکانیں|f
dance|رقص گاہ|رقص گاہیں|f
deli shop|ڈیلی کی دکان|ڈیلی کی دکانیں|f
deli,  kitchen shop|ڈیلی اور باورچی خانے کے سامان کی دکان|ڈیلی اور باورچی خانے کے سامان کی دکانیں|f
dentist|دندان ساز|دندان ساز|m
department store shop|ڈیپارٹمنٹل اسٹور|ڈیپارٹمنٹل اسٹور|m
digital growth consultancy office|ڈیجیٹل ترقی کا مشاورتی دفتر|ڈیجیٹل ترقی کے مشاورتی دفاتر|m
doctors|ڈاکٹر کا کلینک|ڈاکٹروں کے کلینک|m
doityourself shop|گھریلو مرمت کے سامان کی دکان|گھریلو مرمت کے سامان کی دکانیں|f
driving school|ڈرائیونگ اسکول|ڈرائیونگ اسکول|m
earthquake|زلزلہ|زلزلے|m
electronics repair craft|الیکٹرانکس مرمت کی ورکشاپ|الیکٹرانکس مرمت کی ورکشاپیں|f
electronics shop|الیکٹرانکس کی دکان|الیکٹرانکس کی دکانیں|f
embassy|سفارت خانہ|سفارت خانے|m
estate agent office|اسٹیٹ ایجنٹ کا دفتر|اسٹیٹ ایجنٹوں کے دفاتر|m
events venue|تقریبات کا مقام|تقریبات کے مقامات|m
explosion|دھماکہ|دھماکے|m
fabric shop|کپڑے کی دکان|کپڑے کی دکانیں|f
fast food|فاسٹ فوڈ ریستوران|فاسٹ فوڈ ریستوران|m
federal district|وفاقی ضلع|وفاقی اضلاع|m
ferry terminal|فیری ٹرمینل|فیری ٹرمینل|m
financial office|مالیاتی دفتر|مالیاتی دفاتر|m
fire station|فائر اسٹیشن|فائر اسٹیشن|m
fitness centre|فٹنس سینٹر|فٹنس سینٹر|m
florist shop|پھولوں کی دکان|پھولوں کی دکانیں|f
food court|فوڈ کورٹ|فوڈ کورٹ|m
foundation office|فاؤنڈیشن کا دفتر|فاؤنڈیشنوں کے دفاتر|m
frame shop|فریم کی دکان|فریم کی دکانیں|f
fuel|پیٹرول پمپ|پیٹرول پمپ|m
funeral directors shop|تجہیز و تکفین کی دکان|تجہیز و تکفین کی دکانیں|f
furniture shop|فرنیچر کی دکان|فرنیچر کی دکانیں|f
gallery|گیلری|گیلریاں|f
games shop|گیمز کی دکان|گیمز کی دکانیں|f
garden centre shop|باغبانی مرکز|باغبانی مراکز|m
gift shop|تحائف کی دکان|تحائف کی دکانیں|f
gold shop|سونے کی دکان|سونے کی دکانیں|f
government office|سرکاری دفتر|سرکاری دفاتر|m
grocery shop|کریانے کی دکان|کریانے کی دکانیں|f
hairdresser shop|حجام کی دکان|حجام کی دکانیں|f
hamlet|بستی|بستیاں|f
handbags shop|ہینڈ بیگ کی دکان|ہینڈ بیگ کی دکانیں|f
handicraft shop|دستکاری کی دکان|دستکاری کی دکانیں|f
handicrafts shop|دستکاریوں کی دکان|دستکاریوں کی دکانیں|f
hardware shop|ہارڈ ویئر کی دکان|ہارڈ ویئر کی دکانیں|f
hat shop|ٹوپیوں کی دکان|ٹوپیوں کی دکانیں|f
hats shop|ہیٹ کی دکان|ہیٹ کی دکانیں|f
health food shop|صحت بخش غذا کی دکان|صحت بخش غذا کی دکانیں|f
hearing aids shop|سماعتی آلات کی دکان|سماعتی آلات کی دکانیں|f
hifi shop|ہائی فائی کی دکان|ہائی فائی کی دکانیں|f
hostel|ہاسٹل|ہاسٹل|m
hotel|ہوٹل|ہوٹل|m
houseware shop|گھریلو سامان کی دکان|گھریلو سامان کی دکانیں|f
information|معلوماتی مرکز|معلوماتی مراکز|m
insurance office|انشورنس دفتر|انشورنس دفاتر|m
interior decoration shop|اندرونی آرائش کی دکان|اندرونی آرائش کی دکانیں|f
it office|آئی ٹی دفتر|آئی ٹی دفاتر|m
jewelry shop|زیورات کی دکان|زیورات کی دکانیں|f
junk shop|کباڑ کی دکان|کباڑ کی دکانیں|f
kindergarten|کنڈرگارٹن|کنڈرگارٹن|m
kiosk shop|کھوکھا|کھوکھے|m
kitchen shop|باورچی خانے کے سامان کی دکان|باورچی خانے کے سامان کی دکانیں|f
laundry shop|لانڈری|لانڈریاں|f
lawyer office|وکیل کا دفتر|وکلا کے دفاتر|m
leather shop|چمڑے کی دکان|چمڑے کی دکانیں|f
library|کتب خانہ|کتب خانے|m
locks shop|تالوں کی دکان|تالوں کی دکانیں|f
locksmith shop|چابی ساز کی دکان|چابی ساز کی دکانیں|f
mall shop|شاپنگ مال|شاپنگ مال|m
marketplace|بازار|بازار|m
massage shop|مساج سینٹر|مساج سینٹر|m
medical supply shop|طبی سامان کی دکان|طبی سامان کی دکانیں|f
memorial|یادگار|یادگاریں|f
miniature golf|منی گالف کورس|منی گالف کورس|m
mobile phone shop|موبائل فون کی دکان|موبائل فون کی دکانیں|f
monitoring station|نگرانی اسٹیشن|نگرانی اسٹیشن|m
monument|یادگاری عمارت|یادگاری عمارتیں|f
museum|عجائب گھر|عجائب گھر|m
music shop|موسیقی کی دکان|موسیقی کی دکانیں|f
musical instrument shop|آلاتِ موسیقی کی دکان|آلاتِ موسیقی کی دکانیں|f
nails shop|نیل سیلون|نیل سیلون|m
nailstudio shop|نیل اسٹوڈیو|نیل اسٹوڈیو|m|نیل اسٹوڈیوز
neighbourhood|محلہ|محلے|m
ngo office|این جی او کا دفتر|این جی اوز کے دفاتر|m
nightclub|نائٹ کلب|نائٹ کلب|m
nightclub, restaurant|نائٹ کلب اور ریستوران|نائٹ کلب اور ریستوران|m
office|دفتر|دفاتر|m
office building|دفتری عمارت|دفتری عمارتیں|f
optician shop|عینک کی دکان|عینک کی دکانیں|f
outdoor seating|بیرونی نشست گاہ|بیرونی نشست گاہیں|f
outdoor shop|آؤٹ ڈور سامان کی دکان|آؤٹ ڈور سامان کی دکانیں|f
park|پارک|پارک|m
park path|پارک کا راستہ|پارکوں کے راستے|m
parking|پارکنگ کی جگہ|پارکنگ کی جگہیں|f
party shop|پارٹی کے سامان کی دکان|پارٹی کے سامان کی دکانیں|f
pawnbroker shop|گروی کی دکان|گروی کی دکانیں|f
pet shop|پالتو جانوروں کی دکان|پالتو جانوروں کی دکانیں|f
pharmacy|فارمیسی|فارمیسیاں|f
photo shop|فوٹو کی دکان|فوٹو کی دکانیں|f
pitch|کھیل کا میدان|کھیل کے میدان|m
place of worship|عبادت گاہ|عبادت گاہیں|f
platform|پلیٹ فارم|پلیٹ فارم|m
playground|بچوں کے کھیلنے کی جگہ|بچوں کے کھیلنے کی جگہیں|f
political party office|سیاسی جماعت کا دفتر|سیاسی جماعتوں کے دفاتر|m
post office|ڈاک خانہ|ڈاک خانے|m
pub|پب|پب|m
public building|سرکاری عمارت|سرکاری عمارتیں|f
quango office|نیم سرکاری ادارے کا دفتر|نیم سرکاری اداروں کے دفاتر|m
quarry blast|کان کنی کا دھماکہ|کان کنی کے دھماکے|m
records shop|ریکارڈز کی دکان|ریکارڈز کی دکانیں|f
recycling|ری سائیکلنگ پوائنٹ|ری سائیکلنگ پوائنٹ|m
residential building|رہائشی عمارت|رہائشی عمارتیں|f
restaurant|ریستوران|ریستوران|m
retail building|تجارتی عمارت|تجارتی عمارتیں|f
road|سڑک|سڑکیں|f
school|اسکول|اسکول|m
school building|اسکول کی عمارت|اسکولوں کی عمارتیں|f
second hand shop|پرانے سامان کی دکان|پرانے سامان کی دکانیں|f
ship building|جہاز نما عمارت|جہاز نما عمارتیں|f
shoemaker craft|موچی کی ورکشاپ|موچیوں کی ورکشاپیں|f
shoes shop|جوتوں کی دکان|جوتوں کی دکانیں|f
shop|دکان|دکانیں|f
social facility|سماجی سہولت|سماجی سہولیات|f
sports centre|اسپورٹس سینٹر|اسپورٹس سینٹر|m
sports shop|کھیلوں کے سامان کی دکان|کھیلوں کے سامان کی دکانیں|f
square|چوک|چوک|m
state|ریاست|ریاستیں|f
station|اسٹیشن|اسٹیشن|m
stop position|رکنے کا مقام|رکنے کے مقامات|m
store shop|اسٹور|اسٹور|m
storm track|طوفان کا راستہ|طوفانوں کے راستے|m
storm wind field|طوفانی ہواؤں کا دائرہ|طوفانی ہواؤں کے دائرے|m
studio|اسٹوڈیو|اسٹوڈیو|m|اسٹوڈیوز
suburb|مضافاتی علاقہ|مضافاتی علاقے|m
subway entrance|زیر زمین ریلوے کا داخلی راستہ|زیر زمین ریلوے کے داخلی راستے|m
supermarket shop|سپر مارکیٹ|سپر مارکیٹیں|f
tailor shop|درزی کی دکان|درزی کی دکانیں|f
tattoo shop|ٹیٹو اسٹوڈیو|ٹیٹو اسٹوڈیو|m|ٹیٹو اسٹوڈیوز
taxi|ٹیکسی اسٹینڈ|ٹیکسی اسٹینڈ|m
tea shop|چائے خانہ|چائے خانے|m
territory|زیر انتظام علاقہ|زیر انتظام علاقے|m
theatre|تھیٹر|تھیٹر|m
ticket shop|ٹکٹ گھر|ٹکٹ گھر|m
tomb|مقبرہ|مقبرے|m
tower|مینار|مینار|m
toys shop|کھلونوں کی دکان|کھلونوں کی دکانیں|f
training|تربیتی مرکز|تربیتی مراکز|m
tram stop|ٹرام اسٹاپ|ٹرام اسٹاپ|m
travel agency shop|ٹریول ایجنسی|ٹریول ایجنسیاں|f
travel agent office|ٹریول ایجنٹ کا دفتر|ٹریول ایجنٹوں کے دفاتر|m
tree|درخت|درخت|m
underground passage|زیر زمین گزرگاہ|زیر زمین گزرگاہیں|f
university|یونیورسٹی|یونیورسٹیاں|f
university building|یونیورسٹی کی عمارت|یونیورسٹی کی عمارتیں|f
variety store shop|ورائٹی اسٹور|ورائٹی اسٹور|m
vending machine|وینڈنگ مشین|وینڈنگ مشینیں|f
watches shop|گھڑیوں کی دکان|گھڑیوں کی دکانیں|f
water|آبی علاقہ|آبی علاقے|m
web design office|ویب ڈیزائن دفتر|ویب ڈیزائن دفاتر|m
"""

_ROWS = table_rows(_CATS, 4, optional=1)
#: KG category string -> (singular, plural)
CATEGORIES: dict[str, tuple[str, str]] = {k: (one, many) for k, (one, many, _, _) in _ROWS.items()}
#: KG category string -> gender of the head noun ("m" or "f")
GENDER: dict[str, str] = {k: g for k, (_, _, g, _) in _ROWS.items()}
#: plural -> oblique plural, where the rule does not give it
OBLIQUE_PLURAL: dict[str, str] = {many: oblique for _, many, _, oblique in _ROWS.values() if oblique}

#: the prompt texts (same keys and {fields} as ENGLISH_TEXTS)
TEXTS: dict[str, str] = {
    "system.parametric": ("آپ مقامات، علاقوں، راستوں اور واقعات کے بارے میں جغرافیائی سوالات کے جواب دیتے ہیں۔ "
                          "درست رہیں؛ جو آپ جانتے ہیں اسی کی بنیاد پر جواب دیں۔"),
    "system.oracle": ("آپ مقامات، علاقوں، راستوں اور واقعات کے بارے میں جغرافیائی سوالات کے جواب دیتے ہیں۔ آپ کو "
                      "دیے گئے حقائق ایک نالج گراف سے لیے گئے ہیں اور جواب نکالنے کے لیے کافی ہیں۔ جیومیٹریاں WKT "
                      "میں طول بلد، عرض بلد کی ترتیب سے ہیں (CRS84، WGS84 ڈگریاں)۔"),
    "prompt.question": "سوال: {question}",
    "prompt.format": "جواب کی شکل ({format}): {description}",
    "prompt.labels": "اجازت یافتہ لیبل: {labels}۔",
    "prompt.reasoning": 'پہلے "reasoning" میں قدم بہ قدم سوچیں، پھر جواب دیں۔',
    "prompt.reply": ("صرف ایک JSON آبجیکٹ {shape} کے ساتھ جواب دیں، اور کچھ نہیں۔ اسے اس JSON اسکیما کے مطابق ہونا "
                     "چاہیے:"),
    "prompt.null": ('اگر سوال کا جواب نہیں دیا جا سکتا (مثال کے طور پر اس لیے کہ اس کا مفروضہ غلط ہے)، تو "answer" کو '
                    'null رکھیں۔'),
    "prompt.facts": "حقائق",
    "prompt.facts_nt": "حقائق (N-Triples)",
    "prompt.facts_json": "حقائق (JSON: فاعل -> خبر -> قدریں)",
    "system.mcq": "آپ مقامات، علاقوں، راستوں اور واقعات کے بارے میں کثیر انتخابی جغرافیائی سوالات کے جواب دیتے ہیں۔ صرف ایک انتخاب درست ہے۔",
    "prompt.options": "انتخابات:",
    "prompt.none_option": "ان میں سے کوئی نہیں: سوال کا جواب اس طرح نہیں دیا جا سکتا جیسے وہ پوچھا گیا ہے",
    "prompt.mcq_policy": "اگر سوال کا جواب اس طرح نہیں دیا جا سکتا جیسے وہ پوچھا گیا ہے (مثلاً اس لیے کہ اس کا مفروضہ غلط ہے)، تو درست انتخاب {letter} ہے۔",
    "prompt.mcq_reply": "صرف ایک JSON آبجیکٹ {{\"answer\": حرف, \"unit\": null}} کے ساتھ جواب دیں اور کچھ نہیں؛ حرف {letters} میں سے ایک ہے۔",
    "prompt.context": "علمی گراف سے مقامات کا سیاق (ایک بند دنیا: جو مقام، حقیقت یا تعلق اس میں نہیں دیا گیا اسے درست نہیں مانا جاتا)",
    "context.nearby": "قریب ترین مقامات: {places}",
    "context.inside": "اس کے اندر",
    "context.contains": "اسے گھیرے ہوئے",
    "context.border": "اس کی سرحد پر",
    "context.overlaps": "اس سے متداخل",
    "agent.role": "آپ ایک جغرافیائی تجزیہ کار ہیں جو Python لکھ کر سوال کا جواب دیتا ہے۔",
    "agent.steps": ("ہر جواب ایک قدم ہے۔ ایک قدم میں بالکل ایک ```python کوڈ بلاک لکھیں؛ یہ ایک سینڈ باکس میں چلتا ہے "
                    "(shapely، pyproj، h3 اور معیاری لائبریری کے ساتھ Python 3؛ نہ نیٹ ورک، نہ فائل لکھنا، محدود وقت "
                    "اور میموری) اور جو کچھ یہ پرنٹ کرے وہ آپ کو واپس ملتا ہے۔ متغیرات ایک قدم سے دوسرے قدم تک "
                    "برقرار نہیں رہتے۔"),
    "agent.final": ("جب آپ کو جواب معلوم ہو جائے تو کوڈ بلاک میں final_answer(answer, unit) کال کریں؛ اس سے عمل ختم ہو "
                    "جاتا ہے۔ final_answer(None, None) کا مطلب ہے کہ آپ کوئی جواب نہیں دیتے۔"),
    "agent.tools": "سینڈ باکس میں ایک جغرافیائی نالج گراف پر کام کرنے والے یہ فنکشن بھی موجود ہیں (شناخت IRI ہیں):",
    "agent.gold": ("نالج گراف کے وہ حقائق جن سے جواب نکلتا ہے صارف کے پیغام میں ہیں؛ سینڈ باکس میں وہ GOLD_TRIPLES "
                   "نامی سٹرنگ میں بھی ہیں (N-Triples)۔ آپ کے پاس بازیافت کا کوئی آلہ نہیں ہے۔"),
    "agent.budget": ("آپ کے پاس قدموں کی ایک حد ہے؛ کم قدم استعمال کریں۔ حتمی جواب کو جواب کی شکل کے مطابق ہونا چاہیے "
                     "({format}): {description}"),
    "agent.schema": "final_answer کے دلائل سے یہ JSON آبجیکٹ درست بننا چاہیے: {schema}",
    "agent.null": ("اگر سوال کا جواب نہیں دیا جا سکتا (مثال کے طور پر اس لیے کہ اس کا مفروضہ غلط ہے)، تو "
                   "final_answer(None, None) کال کریں۔"),
    "format.boolean": '"true"، "false" یا "plausibly" میں سے ایک۔',
    "format.entity": "کسی ایک ہستی کا نام۔",
    "format.direction": ("ایک لیبل: قطب نما کی ایک سمت (N, NE, E, SE, S, SW, W, NW)، left/right/on (راستے کے لحاظ سے) "
                         "یا upstream/downstream۔"),
    "format.set": "ہستیوں کے ناموں کی فہرست؛ اگر کوئی نہ ہو تو []۔",
    "format.cell": ('گرڈ کا ایک خانہ: H3 خانے کا اشاریہ (15 ہیکس ہندسے) یا S2 خانے کا ٹوکن؛ unit گرڈ کا نام بتاتا ہے، '
                    '"h3" یا "s2"۔'),
    "format.geohash": "ایک geohash سٹرنگ۔",
    "format.h3_s2": 'ایک آبجیکٹ {{"h3": H3 خانے کا اشاریہ، "s2": S2 خانے کا ٹوکن}}۔',
    "format.distance": "فاصلہ ایک عدد کے طور پر، unit میں دی گئی اکائی میں۔",
    "format.area": "رقبہ ایک عدد کے طور پر، unit میں دی گئی اکائی میں۔",
    "format.count": "ایک پورا عدد۔",
    "format.ratio": "ایک بے بُعد عدد۔",
    "format.point": ('WGS84 اعشاری ڈگریوں میں ایک نقطہ: {{"lat": عرض بلد، "lon": طول بلد}} یا [عرض بلد، طول بلد] '
                     '(پہلے عرض بلد)۔'),
    "format.polar": ('ایک آبجیکٹ {{"angle": شمال سے گھڑی کی سمت میں ڈگریوں میں سمتی زاویہ، "distance": عدد}}؛ فاصلہ '
                     'unit میں دی گئی اکائی میں ہے۔'),
    "format.polygon": ("طول بلد/عرض بلد کی ترتیب (CRS84) میں WKT کی صورت میں ایک کثیرالاضلاع یا احاطی خانہ، مثلاً "
                       "POLYGON((west south, east south, east north, west north, west south))۔"),
    "format.date": "YYYY-MM-DD کی صورت میں تاریخ (اگر صرف مہینہ یا سال معلوم ہو تو YYYY-MM یا YYYY)۔",
    "unit.null": '"unit" کو null ہونا چاہیے۔',
    "unit.count": 'ایک پورا عدد دیں؛ "unit" کو null ہونا چاہیے۔',
    "unit.ratio": 'فیصد کے نشان کے بغیر سادہ عدد دیں (25 % کے لیے 0.25)؛ "unit" کو null ہونا چاہیے۔',
    "unit.cell": '"unit" کو گرڈ سسٹم پر رکھیں: "h3" یا "s2"۔',
    "unit.quantity": ('{quantity} {unit_words} میں دیں اور "unit" کو "{unit}" رکھیں (یہ بھی قابلِ قبول ہیں: '
                      '{others})۔'),
    "quantity.number": "عدد",
    "quantity.distance": "فاصلہ",
    "unit.km": "کلومیٹر", "unit.m": "میٹر", "unit.mi": "میل", "unit.km2": "مربع کلومیٹر",
    "unit.m2": "مربع میٹر", "unit.mi2": "مربع میل", "unit.ha": "ہیکٹر",
    "locality.all": "ذکر کیے گئے تمام مقامات {place} میں ہیں۔",
    "locality.one": "{name} {place} میں ہے۔",
    "locality.central Helsinki, Finland": "وسطی ہیلسنکی، فن لینڈ",
    "locality.Karhula, a district of Kotka, Finland": "کارہولا، کوٹکا کا ایک ضلع، فن لینڈ",
    "event.earthquake": "{id} نامی زلزلہ",
    "event.quarry blast": "{id} نامی کان کنی کا دھماکہ",
    "event.explosion": "{id} نامی دھماکہ",
    "event.Hurricane": "سمندری طوفان {name} ({year})",
    "event.Tropical Storm": "استوائی طوفان {name} ({year})",
    "event.Tropical Depression": "استوائی دباؤ {name} ({year})",
    "event.wind field": "{storm} کی ہواؤں کا دائرہ",
    "word.precision": "درستگی",
    "word.level": "سطح",
    "word.resolution": "ریزولیوشن",
    "word.H3": "H3",
    "word.S2": "S2",
    "word.geohash": "geohash",
    "word.Natural Earth's 1:10m country outlines": "Natural Earth کے 1:10m ملکی خاکوں کا ڈیٹا",
    "word.us-atlas 3.0.1's 1:10 million simplification of the US Census Bureau's 2017 cartographic boundaries": (
        "امریکی مردم شماری بیورو کی 2017 کی نقشہ سازی حدود کی us-atlas 3.0.1 کی 1:10 ملین سادہ کاری"),
    "word.OpenStreetMap": "OpenStreetMap",
    "period.month": "{month} {year} میں",
    "period.months": "{month1} سے {month2} {year} کے درمیان",
    "period.days": "{day1} سے {day2} {month} {year} کے درمیان",
    "period.dates": "{date1} اور {date2} کے درمیان",
}

#: US states (and the two qualified labels the snapshot uses) in Urdu script: the snapshot has no Urdu label
#: for them, so the module writes a state, and a state after a comma ("Austin, Texas"), the Urdu way
US_STATES = dict(pair.split("|") for pair in (
    "Alabama|الاباما;Alaska|الاسکا;Arizona|ایریزونا;Arkansas|آرکنساس;California|کیلیفورنیا;"
    "Colorado|کولوراڈو;Connecticut|کنیکٹیکٹ;Delaware|ڈیلاویئر;Florida|فلوریڈا;Georgia|جارجیا;"
    "Hawaii|ہوائی;Idaho|ایڈاہو;Illinois|الینوائے;Indiana|انڈیانا;Iowa|آئیووا;Kansas|کنساس;"
    "Kentucky|کینٹکی;Louisiana|لوزیانا;Maine|مین;Maryland|میری لینڈ;Massachusetts|میساچوسٹس;"
    "Michigan|مشی گن;Minnesota|مینیسوٹا;Mississippi|مسیسپی;Missouri|میزوری;Montana|مونٹانا;"
    "Nebraska|نیبراسکا;Nevada|نیواڈا;New Hampshire|نیو ہیمپشائر;New Jersey|نیو جرسی;"
    "New Mexico|نیو میکسیکو;New York|نیو یارک;North Carolina|شمالی کیرولائنا;North Dakota|شمالی ڈکوٹا;"
    "Ohio|اوہائیو;Oklahoma|اوکلاہوما;Oregon|اوریگن;Pennsylvania|پنسلوانیا;Rhode Island|رہوڈ آئی لینڈ;"
    "South Carolina|جنوبی کیرولائنا;South Dakota|جنوبی ڈکوٹا;Tennessee|ٹینیسی;Texas|ٹیکساس;Utah|یوٹاہ;"
    "Vermont|ورمونٹ;Virginia|ورجینیا;Washington|واشنگٹن;West Virginia|مغربی ورجینیا;Wisconsin|وسکونسن;"
    "Wyoming|وائیومنگ;District of Columbia|ڈسٹرکٹ آف کولمبیا;Puerto Rico|پورٹو ریکو;"
    "Georgia (U.S. state)|جارجیا (امریکی ریاست);Puerto Rico (U.S. territory)|پورٹو ریکو (امریکی علاقہ)"
).split(";"))

"""Write kgbench/kg/builder/sources/worldbank_income_fy2026.tsv: World Bank income groups for FY2026.

    python tools/make_worldbank_income.py

FY2026 = the classification in force 1 July 2025 - 30 June 2026, based on 2024 GNI per capita
(Atlas method, current US$). The official file (CLASS.xlsx, "List of economies") could not be
downloaded on the machine that built this table (no internet). The table is therefore derived, and
every row says how well it is supported (column `evidence`):

  fy26-change      the row's FY2026 group is reported as a 1 July 2025 change (World Bank data blog
                   "Understanding country income: World Bank Group income classifications for FY26"
                   as quoted by several news pages): Costa Rica UMC->HIC, Cabo Verde LMC->UMC,
                   Samoa LMC->UMC, Namibia UMC->LMC (the only downward move).
  fy27-change      the 1 July 2026 (FY2027) change reports name the row's move out of its group,
                   which fixes its FY2026 group (Togo LIC->LMC; Jordan, Micronesia, Philippines,
                   Sri Lanka, Vietnam LMC->UMC; "no country moved down").
  fy25-change      the row moved on 1 July 2024 (FY2025) as reported (Bulgaria, Palau, Russia
                   UMC->HIC; Algeria, Iran, Mongolia, Ukraine LMC->UMC; West Bank and Gaza
                   UMC->LMC) and no FY2026 change was reported for it.
  fy24-list        the row's group appears in a copy of the FY2024 list (economies A-C only) and no
                   FY2025 or FY2026 change was reported for it.
  unclassified     Venezuela: unclassified since FY2022 (July 2021) for lack of data; tier NA.
  recalled         the row's FY2025 group as known to the author of this table, with no FY2026
                   change reported; NOT checked against the published list here.
Cross-checks that hold: the FY2026 totals 26 LIC, 50 LMC, 54 UMC, 87 HIC (+ Venezuela) give the
blog's "12% low-income, 40% high-income" for 2024 (26/218, 87/218); the FY2025 totals the list below
starts from (26, 51, 54, 86) are the published FY2025 totals.

Thresholds (FY2026, 2024 GNI per capita, Atlas method), verified on two independent pages:
LIC <= 1,135; LMC 1,136-4,495; UMC 4,496-13,935; HIC > 13,935 (US$).
"""

from __future__ import annotations

import argparse
from pathlib import Path

from sources_common import SOURCES_DIR, read_tsv, tsv_text, write_text

# The FY2025 list (1 July 2024), World Bank economy names and codes, by group.
FY2025 = {
    "LIC": [
        ("AFG", "Afghanistan"), ("BFA", "Burkina Faso"), ("BDI", "Burundi"),
        ("CAF", "Central African Republic"), ("TCD", "Chad"), ("COD", "Congo, Dem. Rep."),
        ("ERI", "Eritrea"), ("ETH", "Ethiopia"), ("GMB", "Gambia, The"), ("GNB", "Guinea-Bissau"),
        ("PRK", "Korea, Dem. People's Rep."), ("LBR", "Liberia"), ("MDG", "Madagascar"),
        ("MWI", "Malawi"), ("MLI", "Mali"), ("MOZ", "Mozambique"), ("NER", "Niger"),
        ("RWA", "Rwanda"), ("SLE", "Sierra Leone"), ("SOM", "Somalia"), ("SSD", "South Sudan"),
        ("SDN", "Sudan"), ("SYR", "Syrian Arab Republic"), ("TGO", "Togo"), ("UGA", "Uganda"),
        ("YEM", "Yemen, Rep."),
    ],
    "LMC": [
        ("AGO", "Angola"), ("BGD", "Bangladesh"), ("BEN", "Benin"), ("BTN", "Bhutan"),
        ("BOL", "Bolivia"), ("CPV", "Cabo Verde"), ("KHM", "Cambodia"), ("CMR", "Cameroon"),
        ("COM", "Comoros"), ("COG", "Congo, Rep."), ("CIV", "Cote d'Ivoire"), ("DJI", "Djibouti"),
        ("EGY", "Egypt, Arab Rep."), ("SWZ", "Eswatini"), ("GHA", "Ghana"), ("GIN", "Guinea"),
        ("HTI", "Haiti"), ("HND", "Honduras"), ("IND", "India"), ("JOR", "Jordan"),
        ("KEN", "Kenya"), ("KIR", "Kiribati"), ("KGZ", "Kyrgyz Republic"), ("LAO", "Lao PDR"),
        ("LBN", "Lebanon"), ("LSO", "Lesotho"), ("MRT", "Mauritania"),
        ("FSM", "Micronesia, Fed. Sts."), ("MAR", "Morocco"), ("MMR", "Myanmar"), ("NPL", "Nepal"),
        ("NIC", "Nicaragua"), ("NGA", "Nigeria"), ("PAK", "Pakistan"), ("PNG", "Papua New Guinea"),
        ("PHL", "Philippines"), ("WSM", "Samoa"), ("STP", "Sao Tome and Principe"),
        ("SEN", "Senegal"), ("SLB", "Solomon Islands"), ("LKA", "Sri Lanka"), ("TJK", "Tajikistan"),
        ("TZA", "Tanzania"), ("TLS", "Timor-Leste"), ("TUN", "Tunisia"), ("UZB", "Uzbekistan"),
        ("VUT", "Vanuatu"), ("VNM", "Viet Nam"), ("PSE", "West Bank and Gaza"), ("ZMB", "Zambia"),
        ("ZWE", "Zimbabwe"),
    ],
    "UMC": [
        ("ALB", "Albania"), ("DZA", "Algeria"), ("ARG", "Argentina"), ("ARM", "Armenia"),
        ("AZE", "Azerbaijan"), ("BLR", "Belarus"), ("BLZ", "Belize"),
        ("BIH", "Bosnia and Herzegovina"), ("BWA", "Botswana"), ("BRA", "Brazil"), ("CHN", "China"),
        ("COL", "Colombia"), ("CRI", "Costa Rica"), ("CUB", "Cuba"), ("DMA", "Dominica"),
        ("DOM", "Dominican Republic"), ("ECU", "Ecuador"), ("SLV", "El Salvador"),
        ("GNQ", "Equatorial Guinea"), ("FJI", "Fiji"), ("GAB", "Gabon"), ("GEO", "Georgia"),
        ("GRD", "Grenada"), ("GTM", "Guatemala"), ("IDN", "Indonesia"), ("IRN", "Iran, Islamic Rep."),
        ("IRQ", "Iraq"), ("JAM", "Jamaica"), ("KAZ", "Kazakhstan"), ("XKX", "Kosovo"),
        ("LBY", "Libya"), ("MYS", "Malaysia"), ("MDV", "Maldives"), ("MHL", "Marshall Islands"),
        ("MUS", "Mauritius"), ("MEX", "Mexico"), ("MDA", "Moldova"), ("MNG", "Mongolia"),
        ("MNE", "Montenegro"), ("NAM", "Namibia"), ("MKD", "North Macedonia"), ("PRY", "Paraguay"),
        ("PER", "Peru"), ("SRB", "Serbia"), ("ZAF", "South Africa"), ("LCA", "St. Lucia"),
        ("VCT", "St. Vincent and the Grenadines"), ("SUR", "Suriname"), ("THA", "Thailand"),
        ("TON", "Tonga"), ("TUR", "Turkiye"), ("TKM", "Turkmenistan"), ("TUV", "Tuvalu"),
        ("UKR", "Ukraine"),
    ],
    "HIC": [
        ("ASM", "American Samoa"), ("AND", "Andorra"), ("ATG", "Antigua and Barbuda"),
        ("ABW", "Aruba"), ("AUS", "Australia"), ("AUT", "Austria"), ("BHS", "Bahamas, The"),
        ("BHR", "Bahrain"), ("BRB", "Barbados"), ("BEL", "Belgium"), ("BMU", "Bermuda"),
        ("VGB", "British Virgin Islands"), ("BRN", "Brunei Darussalam"), ("BGR", "Bulgaria"),
        ("CAN", "Canada"), ("CYM", "Cayman Islands"), ("CHI", "Channel Islands"), ("CHL", "Chile"),
        ("HRV", "Croatia"), ("CUW", "Curacao"), ("CYP", "Cyprus"), ("CZE", "Czechia"),
        ("DNK", "Denmark"), ("EST", "Estonia"), ("FRO", "Faroe Islands"), ("FIN", "Finland"),
        ("FRA", "France"), ("PYF", "French Polynesia"), ("DEU", "Germany"), ("GIB", "Gibraltar"),
        ("GRC", "Greece"), ("GRL", "Greenland"), ("GUM", "Guam"), ("GUY", "Guyana"),
        ("HKG", "Hong Kong SAR, China"), ("HUN", "Hungary"), ("ISL", "Iceland"), ("IRL", "Ireland"),
        ("IMN", "Isle of Man"), ("ISR", "Israel"), ("ITA", "Italy"), ("JPN", "Japan"),
        ("KOR", "Korea, Rep."), ("KWT", "Kuwait"), ("LVA", "Latvia"), ("LIE", "Liechtenstein"),
        ("LTU", "Lithuania"), ("LUX", "Luxembourg"), ("MAC", "Macao SAR, China"), ("MLT", "Malta"),
        ("MCO", "Monaco"), ("NRU", "Nauru"), ("NLD", "Netherlands"), ("NCL", "New Caledonia"),
        ("NZL", "New Zealand"), ("MNP", "Northern Mariana Islands"), ("NOR", "Norway"),
        ("OMN", "Oman"), ("PLW", "Palau"), ("PAN", "Panama"), ("POL", "Poland"), ("PRT", "Portugal"),
        ("PRI", "Puerto Rico"), ("QAT", "Qatar"), ("ROU", "Romania"), ("RUS", "Russian Federation"),
        ("SMR", "San Marino"), ("SAU", "Saudi Arabia"), ("SYC", "Seychelles"), ("SGP", "Singapore"),
        ("SXM", "Sint Maarten (Dutch part)"), ("SVK", "Slovak Republic"), ("SVN", "Slovenia"),
        ("ESP", "Spain"), ("KNA", "St. Kitts and Nevis"), ("MAF", "St. Martin (French part)"),
        ("SWE", "Sweden"), ("CHE", "Switzerland"), ("TWN", "Taiwan, China"),
        ("TTO", "Trinidad and Tobago"), ("TCA", "Turks and Caicos Islands"),
        ("ARE", "United Arab Emirates"), ("GBR", "United Kingdom"), ("USA", "United States"),
        ("URY", "Uruguay"), ("VIR", "Virgin Islands (U.S.)"),
    ],
    "NA": [("VEN", "Venezuela, RB")],
}
FY2025_TOTALS = {"LIC": 26, "LMC": 51, "UMC": 54, "HIC": 86, "NA": 1}

# Changes on 1 July 2025 (FY2026): code -> (old, new).
FY2026_CHANGES = {"CRI": ("UMC", "HIC"), "CPV": ("LMC", "UMC"), "WSM": ("LMC", "UMC"), "NAM": ("UMC", "LMC")}
FY2026_TOTALS = {"LIC": 26, "LMC": 50, "UMC": 54, "HIC": 87, "NA": 1}

FY2027_MOVERS = {"TGO", "JOR", "FSM", "PHL", "LKA", "VNM"}  # left their FY2026 group on 1 July 2026
FY2025_MOVERS = {"BGR", "PLW", "RUS", "DZA", "IRN", "MNG", "UKR", "PSE"}
# Economies A-C (and their groups) in a copy of the FY2024 list; none changed in FY2025/FY2026
# except BGR (FY2025), which is handled by FY2025_MOVERS.
FY2024_LIST_SEEN = {
    "ABW", "AFG", "AGO", "ALB", "AND", "ARE", "ARG", "ARM", "ASM", "ATG", "AUS", "AUT", "AZE",
    "BDI", "BEL", "BEN", "BFA", "BGD", "BHR", "BHS", "BIH", "BLR", "BLZ", "BMU", "BOL", "BRA",
    "BRB", "BRN", "BTN", "BWA", "CAF", "CAN", "CHE", "CHI", "CHL", "CHN",
}


def evidence(code: str) -> str:
    if code in FY2026_CHANGES:
        return "fy26-change"
    if code == "VEN":
        return "unclassified"
    if code in FY2027_MOVERS:
        return "fy27-change"
    if code in FY2025_MOVERS:
        return "fy25-change"
    if code in FY2024_LIST_SEEN:
        return "fy24-list"
    return "recalled"


def build_rows() -> list[tuple[str, str, str, str]]:
    for tier, members in FY2025.items():
        if len(members) != FY2025_TOTALS[tier]:
            raise SystemExit(f"FY2025 {tier}: {len(members)} economies, expected {FY2025_TOTALS[tier]}")
    fy26: dict[str, tuple[str, str]] = {}
    for tier, members in FY2025.items():
        for code, name in members:
            if code in fy26:
                raise SystemExit(f"{code} listed twice")
            fy26[code] = (name, tier)
    for code, (old, new) in FY2026_CHANGES.items():
        name, tier = fy26[code]
        if tier != old:
            raise SystemExit(f"{code}: FY2025 group {tier}, the FY2026 change says {old}")
        fy26[code] = (name, new)
    totals = {t: sum(1 for _, g in fy26.values() if g == t) for t in FY2026_TOTALS}
    if totals != FY2026_TOTALS:
        raise SystemExit(f"FY2026 totals {totals} != {FY2026_TOTALS}")
    return [(code, name, tier, evidence(code)) for code, (name, tier) in sorted(fy26.items())]


def main() -> None:
    ap = argparse.ArgumentParser(description="World Bank FY2026 income groups -> TSV")
    ap.add_argument("--out", type=Path, default=SOURCES_DIR / "worldbank_income_fy2026.tsv")
    args = ap.parse_args()
    rows = build_rows()
    header, iso_rows = read_tsv(SOURCES_DIR / "iso3166_1.tsv")
    known = {r[header.index("alpha3")] for r in iso_rows} | {"CHI"}
    unknown = [r[0] for r in rows if r[0] not in known]
    if unknown:
        raise SystemExit(f"codes neither ISO alpha-3 nor documented World Bank codes: {unknown}")
    comments = [
        "World Bank country classifications by income level, FY2026 (in force 1 July 2025 - 30 June 2026),",
        "based on 2024 GNI per capita in current US$, World Bank Atlas method.",
        "Thresholds: LIC <= 1,135; LMC 1,136-4,495; UMC 4,496-13,935; HIC > 13,935.",
        "Source: World Bank, World Bank Country and Lending Groups (CLASS), data licence CC BY 4.0.",
        "This table is DERIVED (no internet when it was built): the FY2025 list plus the four reported",
        "1 July 2025 changes (CRI UMC->HIC, CPV LMC->UMC, WSM LMC->UMC, NAM UMC->LMC).",
        "Column evidence says how each row is supported; rows marked 'recalled' were not checked",
        "against the published list. Replace with the official CLASS.xlsx when it can be downloaded.",
        "Codes are World Bank economy codes = ISO 3166-1 alpha-3, except XKX (Kosovo) and",
        "CHI (Channel Islands: Guernsey + Jersey). tier NA = not classified (Venezuela since FY2022).",
        "Written by tools/make_worldbank_income.py.",
    ]
    text = tsv_text(["iso_a3", "economy", "income_tier", "evidence"], rows, comments)
    digest = write_text(args.out, text)
    counts: dict[str, int] = {}
    for r in rows:
        counts[r[3]] = counts.get(r[3], 0) + 1
    print(f"{args.out}: {len(rows)} economies, sha256 {digest}")
    print(f"evidence: {counts}")


if __name__ == "__main__":
    main()

//! The parameters each category asks for in the ad form (spec §3 secondary params: text,
//! numeric with a unit, boolean — plus fixed choices), as one data table, and the check of an
//! ad's parameters against it. The client draws step 2 of the form from the same table.

use crate::ad::ParamValue;
use crate::catalog::{CarCatalogue, CategoryId, Vertical};
use crate::{ErrorCode, SoukError};
use std::collections::BTreeMap;

/// A label in both languages.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Label {
    pub fr: &'static str,
    pub ar: &'static str,
}

const fn l(fr: &'static str, ar: &'static str) -> Label {
    Label { fr, ar }
}

/// One value of a choice parameter.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Choice {
    pub key: &'static str,
    pub label: Label,
}

const fn c(key: &'static str, fr: &'static str, ar: &'static str) -> Choice {
    Choice { key, label: l(fr, ar) }
}

/// What a parameter holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ParamKind {
    /// Free text up to `max_len` characters (the ad text rule applies).
    Text {
        max_len: usize,
    },
    /// A whole number within `min..=max`, in `unit` when it has one.
    Number {
        unit: Option<&'static str>,
        min: i64,
        max: i64,
    },
    Bool,
    /// One of fixed keys.
    Choice(&'static [Choice]),
    /// A brand slug of the car catalogue.
    CarBrand,
    /// A model slug of the chosen brand.
    CarModel,
    /// A fuel key of the car catalogue.
    CarFuel,
    /// A gearbox key of the car catalogue.
    CarGearbox,
}

impl ParamKind {
    /// The kind's name in the API: text, number, boolean, choice.
    pub fn name(self) -> &'static str {
        match self {
            ParamKind::Text { .. } => "text",
            ParamKind::Number { .. } => "number",
            ParamKind::Bool => "boolean",
            _ => "choice",
        }
    }
}

/// One parameter of a category's form.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ParamSpec {
    pub key: &'static str,
    pub label: Label,
    pub kind: ParamKind,
    /// Required for offers (sell, rent, vacation rent, job offer); always optional for
    /// "wanted" ads, whose authors describe what they look for in words.
    pub required: bool,
}

const fn p(key: &'static str, label: Label, kind: ParamKind, required: bool) -> ParamSpec {
    ParamSpec { key, label, kind, required }
}

const fn num(unit: Option<&'static str>, min: i64, max: i64) -> ParamKind {
    ParamKind::Number { unit, min, max }
}

const TEXT: ParamKind = ParamKind::Text { max_len: 60 };

const CONDITIONS: &[Choice] = &[
    c("neuf", "Neuf", "جديد"),
    c("tres_bon_etat", "Très bon état", "حالة جيدة جدا"),
    c("bon_etat", "Bon état", "حالة جيدة"),
];
const ORIGINS: &[Choice] = &[
    c("ww_au_maroc", "Immatriculée au Maroc", "مسجلة في المغرب"),
    c("dedouanee", "Dédouanée", "مجمركة"),
    c("importee_neuve", "Importée neuve", "مستوردة جديدة"),
];
const CONTRACTS: &[Choice] = &[
    c("cdi", "CDI", "عقد غير محدد المدة"),
    c("cdd", "CDD", "عقد محدد المدة"),
    c("freelance", "Freelance", "عمل حر"),
    c("stage", "Stage", "تدريب"),
    c("interim", "Intérim", "عمل مؤقت"),
];
const EXPERIENCE: &[Choice] = &[
    c("debutant", "Débutant", "مبتدئ"),
    c("1_3_ans", "1 à 3 ans", "من سنة إلى 3 سنوات"),
    c("3_5_ans", "3 à 5 ans", "من 3 إلى 5 سنوات"),
    c("plus_5_ans", "Plus de 5 ans", "أكثر من 5 سنوات"),
];
const EDUCATION: &[Choice] = &[
    c("sans_diplome", "Sans diplôme", "بدون شهادة"),
    c("bac", "Baccalauréat", "الباكالوريا"),
    c("bac_2", "Bac +2", "باكالوريا + 2"),
    c("bac_3", "Licence", "الإجازة"),
    c("bac_5", "Master ou ingénieur", "الماستر أو مهندس"),
];
const SECTORS: &[Choice] = &[
    c("commerce", "Commerce et vente", "التجارة والمبيعات"),
    c("finance", "Comptabilité et finance", "المحاسبة والمالية"),
    c("informatique", "Informatique", "المعلوميات"),
    c("centre_appel", "Centres d'appel", "مراكز النداء"),
    c("transport", "Transport", "النقل"),
    c("logistique", "Logistique", "اللوجستيك"),
    c("hotellerie", "Hôtellerie et restauration", "الفندقة والمطاعم"),
    c("administration", "Administration", "الإدارة"),
    c("industrie", "Industrie", "الصناعة"),
    c("sante", "Santé", "الصحة"),
    c("enseignement", "Enseignement", "التعليم"),
    c("securite", "Sécurité", "الأمن"),
    c("btp", "BTP", "البناء والأشغال العمومية"),
    c("marketing", "Marketing et communication", "التسويق والتواصل"),
    c("autre", "Autre secteur", "قطاع آخر"),
];
const AGES: &[Choice] = &[
    c("neuf", "Neuf", "جديد"),
    c("1_5_ans", "1 à 5 ans", "من سنة إلى 5 سنوات"),
    c("5_10_ans", "5 à 10 ans", "من 5 إلى 10 سنوات"),
    c("10_20_ans", "10 à 20 ans", "من 10 إلى 20 سنة"),
    c("plus_20_ans", "Plus de 20 ans", "أكثر من 20 سنة"),
];

const YEAR: ParamKind = num(None, 1950, 2030);
const MILEAGE: ParamKind = num(Some("km"), 0, 2_000_000);
const SURFACE: ParamKind = num(Some("m²"), 1, 1_000_000);

const CAR: &[ParamSpec] = &[
    p("brand", l("Marque", "العلامة"), ParamKind::CarBrand, true),
    p("model", l("Modèle", "الطراز"), ParamKind::CarModel, true),
    p("year", l("Année-Modèle", "سنة الصنع"), YEAR, true),
    p("mileage", l("Kilométrage", "عدد الكيلومترات"), MILEAGE, false),
    p("fuel", l("Carburant", "نوع الوقود"), ParamKind::CarFuel, true),
    p("gearbox", l("Boîte de vitesses", "علبة السرعات"), ParamKind::CarGearbox, true),
    p("fiscal_power", l("Puissance fiscale", "القوة الجبائية"), num(Some("CV"), 1, 99), false),
    p("origin", l("Origine", "الأصل"), ParamKind::Choice(ORIGINS), false),
    p("doors", l("Nombre de portes", "عدد الأبواب"), num(None, 2, 5), false),
    p("first_owner", l("Première main", "اليد الأولى"), ParamKind::Bool, false),
];

const OTHER_VEHICLE: &[ParamSpec] = &[
    p("brand", l("Marque", "العلامة"), TEXT, false),
    p("model", l("Modèle", "الطراز"), TEXT, false),
    p("year", l("Année", "السنة"), YEAR, false),
    p("mileage", l("Kilométrage", "عدد الكيلومترات"), MILEAGE, false),
    p("fuel", l("Carburant", "نوع الوقود"), ParamKind::CarFuel, false),
    p("gearbox", l("Boîte de vitesses", "علبة السرعات"), ParamKind::CarGearbox, false),
    p("capacity", l("Places", "عدد المقاعد"), num(None, 1, 100), false),
    p("condition", l("État", "الحالة"), ParamKind::Choice(CONDITIONS), false),
];

const PARTS: &[ParamSpec] = &[
    p("brand", l("Marque", "العلامة"), TEXT, false),
    p("condition", l("État", "الحالة"), ParamKind::Choice(CONDITIONS), false),
];

const HOME: &[ParamSpec] = &[
    p("rooms", l("Pièces", "عدد الغرف"), num(None, 1, 50), false),
    p("bathrooms", l("Salles de bain", "الحمامات"), num(None, 0, 20), false),
    p("surface", l("Surface habitable", "المساحة"), SURFACE, false),
    p("floor", l("Étage", "الطابق"), num(None, 0, 100), false),
    p("furnished", l("Meublé", "مفروش"), ParamKind::Bool, false),
    p("elevator", l("Ascenseur", "مصعد"), ParamKind::Bool, false),
    p("parking", l("Parking", "موقف سيارات"), ParamKind::Bool, false),
    p("terrace", l("Terrasse", "شرفة"), ParamKind::Bool, false),
    p("pool", l("Piscine", "مسبح"), ParamKind::Bool, false),
    p("sea_view", l("Vue sur mer", "إطلالة على البحر"), ParamKind::Bool, false),
    p("age", l("Âge du bien", "عمر العقار"), ParamKind::Choice(AGES), false),
    p("roommates", l("Colocataires", "عدد الشركاء في السكن"), num(None, 1, 20), false),
    p("capacity", l("Capacité", "السعة"), num(Some("personnes"), 1, 100), false),
];

const BUSINESS_PREMISES: &[ParamSpec] = &[
    p("surface", l("Surface", "المساحة"), SURFACE, false),
    p("rooms", l("Pièces", "عدد الغرف"), num(None, 1, 200), false),
    p("floor", l("Étage", "الطابق"), num(None, 0, 100), false),
    p("elevator", l("Ascenseur", "مصعد"), ParamKind::Bool, false),
    p("parking", l("Parking", "موقف سيارات"), ParamKind::Bool, false),
    p("age", l("Âge du bien", "عمر العقار"), ParamKind::Choice(AGES), false),
];

const JOB: &[ParamSpec] = &[
    p("contract", l("Type de contrat", "نوع العقد"), ParamKind::Choice(CONTRACTS), false),
    p("sector", l("Secteur d'activité", "قطاع النشاط"), ParamKind::Choice(SECTORS), false),
    p("experience", l("Expérience", "الخبرة"), ParamKind::Choice(EXPERIENCE), false),
    p("education", l("Niveau d'études", "المستوى الدراسي"), ParamKind::Choice(EDUCATION), false),
];

const GOODS: &[ParamSpec] = &[
    p("condition", l("État", "الحالة"), ParamKind::Choice(CONDITIONS), false),
    p("brand", l("Marque", "العلامة"), TEXT, false),
    p("model", l("Modèle", "الطراز"), TEXT, false),
];

const COMPUTERS: &[ParamSpec] = &[
    p("condition", l("État", "الحالة"), ParamKind::Choice(CONDITIONS), false),
    p("brand", l("Marque", "العلامة"), TEXT, false),
    p("model", l("Modèle", "الطراز"), TEXT, false),
    p("ram", l("Mémoire vive", "الذاكرة العشوائية"), num(Some("Go"), 1, 1024), false),
    p("storage", l("Stockage", "سعة التخزين"), num(Some("Go"), 1, 100_000), false),
];

/// The parameters of a leaf category, looked up by its id and, failing that, its vertical.
pub fn params_of(category: CategoryId, vertical: Option<Vertical>) -> &'static [ParamSpec] {
    match category {
        2010 | 2072 | 2073 => CAR,
        2060 => PARTS,
        1010 | 1020 | 1050 | 1300 | 1400 | 1500 => HOME,
        1060 | 1080 | 1090 | 1200 => BUSINESS_PREMISES,
        3010 | 3020 | 3030 => JOB,
        5010 | 5020 | 5030 | 5040 => COMPUTERS,
        _ => match vertical {
            Some(Vertical::Vehicles) => OTHER_VEHICLE,
            Some(Vertical::Market) => GOODS,
            _ => &[],
        },
    }
}

/// Whether an ad type offers something (its parameters are then required).
pub fn is_offer(ad_type: &str) -> bool {
    matches!(ad_type, "sell" | "rent" | "vacation_rent" | "job_offer" | "service_offer")
}

fn invalid(key: &str, why: &str) -> SoukError {
    SoukError::with_detail(ErrorCode::InvalidParam, format!("params.{key}: {why}"))
}

/// Checks an ad's parameters against its category's table: unknown keys, wrong kinds,
/// values out of range and unknown choices are refused, required ones must be there for an
/// offer. Text is trimmed; the ad text rule is the caller's (it applies to all ad text).
pub fn check_params(
    specs: &[ParamSpec],
    ad_type: &str,
    params: &BTreeMap<String, ParamValue>,
    cars: &CarCatalogue,
) -> Result<BTreeMap<String, ParamValue>, SoukError> {
    let mut out = BTreeMap::new();
    for (key, value) in params {
        let spec = specs.iter().find(|s| s.key == key).ok_or_else(|| invalid(key, "unknown parameter"))?;
        let brand = || match params.get("brand") {
            Some(ParamValue::Text(b)) => cars.brand(b),
            _ => None,
        };
        let checked = match (spec.kind, value) {
            (ParamKind::Text { max_len }, ParamValue::Text(t)) => {
                let t = t.trim();
                if t.is_empty() {
                    continue;
                }
                if t.chars().count() > max_len {
                    return Err(invalid(key, "too long"));
                }
                ParamValue::Text(t.to_string())
            }
            (ParamKind::Number { min, max, .. }, ParamValue::Number(n)) => {
                if *n < min || *n > max {
                    return Err(invalid(key, &format!("outside {min}..={max}")));
                }
                ParamValue::Number(*n)
            }
            (ParamKind::Bool, ParamValue::Bool(b)) => ParamValue::Bool(*b),
            (ParamKind::Choice(choices), ParamValue::Text(t)) if choices.iter().any(|c| c.key == t) => value.clone(),
            (ParamKind::CarBrand, ParamValue::Text(t)) if brand().is_some_and(|b| &b.slug == t) => value.clone(),
            (ParamKind::CarModel, ParamValue::Text(t))
                if brand().is_some_and(|b| b.models.iter().any(|m| &m.slug == t)) =>
            {
                value.clone()
            }
            (ParamKind::CarFuel, ParamValue::Text(t)) if cars.fuels.iter().any(|f| &f.key == t) => value.clone(),
            (ParamKind::CarGearbox, ParamValue::Text(t)) if cars.gearboxes.iter().any(|g| &g.key == t) => value.clone(),
            (kind, _) => return Err(invalid(key, &format!("expected a {} value", kind.name()))),
        };
        out.insert(key.clone(), checked);
    }
    if is_offer(ad_type)
        && let Some(missing) = specs.iter().find(|s| s.required && !out.contains_key(s.key))
    {
        return Err(SoukError::with_detail(ErrorCode::Required, format!("params.{}", missing.key)));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Localized;
    use crate::catalog::{CarBrand, CarModel, CarOption};

    fn cars() -> CarCatalogue {
        CarCatalogue {
            fuels: vec![CarOption { key: "diesel".into(), label: Localized::new("Diesel", "ديزل") }],
            gearboxes: vec![CarOption { key: "manuelle".into(), label: Localized::new("Manuelle", "يدوية") }],
            brands: vec![CarBrand {
                id: 1,
                name: "Dacia".into(),
                slug: "dacia".into(),
                models: vec![CarModel {
                    id: 1,
                    name: "Logan".into(),
                    slug: "logan".into(),
                    year_from: 2004,
                    year_to: None,
                    fuels: vec!["diesel".into()],
                    gearboxes: vec!["manuelle".into()],
                }],
            }],
        }
    }

    fn car(extra: &[(&str, ParamValue)]) -> BTreeMap<String, ParamValue> {
        let mut m: BTreeMap<String, ParamValue> = [
            ("brand", ParamValue::Text("dacia".into())),
            ("model", ParamValue::Text("logan".into())),
            ("year", ParamValue::Number(2018)),
            ("fuel", ParamValue::Text("diesel".into())),
            ("gearbox", ParamValue::Text("manuelle".into())),
        ]
        .into_iter()
        .map(|(k, v)| (k.to_string(), v))
        .collect();
        for (k, v) in extra {
            m.insert(k.to_string(), v.clone());
        }
        m
    }

    #[test]
    fn a_complete_car_passes_and_keeps_its_values() {
        let out = check_params(CAR, "sell", &car(&[("mileage", ParamValue::Number(98_000))]), &cars()).unwrap();
        assert_eq!(out.get("mileage"), Some(&ParamValue::Number(98_000)));
        assert_eq!(out.len(), 6);
    }

    #[test]
    fn car_params_are_checked_against_the_catalogue() {
        let bad_model = car(&[("model", ParamValue::Text("sandero-x".into()))]);
        assert_eq!(check_params(CAR, "sell", &bad_model, &cars()).unwrap_err().code, ErrorCode::InvalidParam);
        let bad_fuel = car(&[("fuel", ParamValue::Text("kerosene".into()))]);
        assert_eq!(check_params(CAR, "sell", &bad_fuel, &cars()).unwrap_err().code, ErrorCode::InvalidParam);
    }

    #[test]
    fn ranges_kinds_and_unknown_keys_are_refused() {
        for extra in [
            ("year", ParamValue::Number(1800)),
            ("mileage", ParamValue::Number(-1)),
            ("mileage", ParamValue::Text("beaucoup".into())),
            ("first_owner", ParamValue::Number(1)),
            ("origin", ParamValue::Text("lune".into())),
            ("colour", ParamValue::Text("rouge".into())),
        ] {
            let e = check_params(CAR, "sell", &car(std::slice::from_ref(&extra)), &cars()).unwrap_err();
            assert_eq!(e.code, ErrorCode::InvalidParam, "{extra:?}");
        }
    }

    #[test]
    fn required_params_only_for_offers() {
        let mut partial = car(&[]);
        partial.remove("year");
        let e = check_params(CAR, "sell", &partial, &cars()).unwrap_err();
        assert_eq!((e.code, e.detail.as_deref()), (ErrorCode::Required, Some("params.year")));
        assert!(check_params(CAR, "buy", &partial, &cars()).is_ok());
    }

    #[test]
    fn every_leaf_family_has_its_table() {
        assert_eq!(params_of(2010, Some(Vertical::Vehicles)), CAR);
        assert_eq!(params_of(1010, Some(Vertical::RealEstate)), HOME);
        assert_eq!(params_of(3010, Some(Vertical::JobsAndServices)), JOB);
        assert_eq!(params_of(6020, Some(Vertical::Market)), GOODS);
        assert!(params_of(3120, Some(Vertical::JobsAndServices)).is_empty());
    }
}

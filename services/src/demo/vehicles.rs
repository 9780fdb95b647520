//! Demo ads of the vehicles vertical: cars from the reference car catalogue (brand, model,
//! year, mileage, fuel, gearbox, fiscal power, origin), motorbikes, bicycles, utility
//! vehicles, boats, parts, and a keyword-chosen or generic template for other leaves.

use super::content::{AdContent, Bi, Condition, Ctx, Intent, bi, describe, generic, km, price_between, round_to};
use super::rng::Rng;
use super::text_rules::clean;
use souk_domain::catalog::{CarBrand, CarModel, CarOption};
use souk_domain::money::Money;
use souk_domain::text::fold;

pub fn write(ctx: &Ctx<'_>, rng: &mut Rng) -> AdContent {
    match ctx.leaf.id {
        2010 => car(ctx, rng),
        2020 => from_models(ctx, rng, &MOTOS),
        2030 => from_models(ctx, rng, &BIKES),
        2040 => utility(ctx, rng),
        2050 => from_models(ctx, rng, &BOATS),
        2060 => part(ctx, rng),
        _ if ctx.leaf_has(&["camion", "poids"]) => from_models(ctx, rng, &TRUCKS),
        _ if ctx.leaf_has(&["caravane", "camping"]) => from_models(ctx, rng, &CARAVANS),
        _ if ctx.leaf_has(&["engin", "btp", "tracteur", "agricole"]) => from_models(ctx, rng, &MACHINES),
        _ if ctx.leaf_has(&["moto", "scooter", "quad"]) => from_models(ctx, rng, &MOTOS),
        _ if ctx.leaf_has(&["velo"]) => from_models(ctx, rng, &BIKES),
        _ if ctx.leaf_has(&["bateau", "nautique", "jet"]) => from_models(ctx, rng, &BOATS),
        _ if ctx.leaf_has(&["piece", "accessoire", "pneu", "jante"]) => part(ctx, rng),
        _ if ctx.leaf_has(&["voiture", "auto", "location"]) => car(ctx, rng),
        _ => from_models(ctx, rng, &OTHER_VEHICLES),
    }
}

/// Brands as common on Moroccan roads, by how often they appear in the listings.
const BRAND_WEIGHTS: [(&str, u64); 20] = [
    ("dacia", 16),
    ("renault", 12),
    ("peugeot", 10),
    ("volkswagen", 8),
    ("hyundai", 7),
    ("toyota", 6),
    ("fiat", 5),
    ("citroen", 5),
    ("kia", 5),
    ("ford", 4),
    ("mercedes", 5),
    ("skoda", 3),
    ("seat", 3),
    ("opel", 3),
    ("nissan", 3),
    ("bmw", 3),
    ("audi", 3),
    ("suzuki", 2),
    ("land rover", 1),
    ("range rover", 1),
];

const PREMIUM: [&str; 11] = [
    "mercedes",
    "bmw",
    "audi",
    "land rover",
    "range rover",
    "porsche",
    "volvo",
    "lexus",
    "jaguar",
    "tesla",
    "maserati",
];
const BUDGET: [&str; 6] = ["dacia", "fiat", "suzuki", "chery", "geely", "lada"];

fn brand_weight(brand: &CarBrand) -> u64 {
    let name = fold(&brand.name);
    BRAND_WEIGHTS.iter().find(|(b, _)| name.starts_with(b)).map(|(_, w)| *w).unwrap_or(1)
}

/// The new price of a car of this brand, in dirhams.
fn new_price(rng: &mut Rng, brand: &str) -> i64 {
    let name = fold(brand);
    if PREMIUM.iter().any(|p| name.starts_with(p)) {
        rng.range(430_000, 720_000)
    } else if BUDGET.iter().any(|p| name.starts_with(p)) {
        rng.range(115_000, 175_000)
    } else {
        rng.range(175_000, 300_000)
    }
}

/// The engine name sellers put in titles, when the brand has a well-known one for the fuel.
fn engine(brand: &str, fuel: &str) -> Option<&'static str> {
    let b = fold(brand);
    let is = |names: &[&str]| names.iter().any(|n| b.starts_with(n));
    match fuel {
        "diesel" if is(&["dacia", "renault", "nissan"]) => Some("1.5 dCi"),
        "diesel" if is(&["peugeot", "citroen", "opel"]) => Some("1.5 BlueHDi"),
        "diesel" if is(&["volkswagen", "skoda", "seat", "audi"]) => Some("2.0 TDI"),
        "diesel" if is(&["hyundai", "kia"]) => Some("1.6 CRDi"),
        "diesel" if is(&["toyota"]) => Some("D-4D"),
        "diesel" if is(&["fiat"]) => Some("1.3 Multijet"),
        "diesel" if is(&["ford"]) => Some("1.5 TDCi"),
        "essence" if is(&["dacia", "renault"]) => Some("1.0 TCe"),
        "essence" if is(&["peugeot", "citroen"]) => Some("1.2 PureTech"),
        "essence" if is(&["volkswagen", "skoda", "seat"]) => Some("1.0 TSI"),
        _ => None,
    }
}

fn option_label<'a>(options: &'a [CarOption], key: &'a str, ctx: &Ctx<'_>) -> String {
    options.iter().find(|o| o.key == key).map(|o| clean(o.label.get(ctx.lang))).unwrap_or_else(|| clean(key))
}

/// A brand and one of its models, weighted by the brand's popularity.
fn pick_model<'a>(ctx: &Ctx<'a>, rng: &mut Rng) -> Option<(&'a CarBrand, &'a CarModel)> {
    let brands: Vec<&CarBrand> = ctx.reference.cars.brands.iter().filter(|b| !b.models.is_empty()).collect();
    let weights: Vec<u64> = brands.iter().map(|b| brand_weight(b)).collect();
    let brand = *brands.get(rng.weighted(&weights)?)?;
    let model = rng.pick(&brand.models)?;
    Some((brand, model))
}

/// Picks `preferred` when offered (with the given chance), else any offered key.
fn pick_key(rng: &mut Rng, offered: &[String], preferred: &str, chance: f64) -> Option<String> {
    if offered.iter().any(|k| k == preferred) && rng.chance(chance) {
        return Some(preferred.to_string());
    }
    rng.pick(offered).cloned()
}

const ORIGINS: [(&str, Bi); 3] = [
    ("ww_au_maroc", bi("immatriculée au Maroc", "مسجلة في المغرب")),
    ("dedouanee", bi("dédouanée", "مجمركة")),
    ("importee_neuve", bi("importée neuve", "مستوردة جديدة")),
];

fn car(ctx: &Ctx<'_>, rng: &mut Rng) -> AdContent {
    let Some((brand, model)) = pick_model(ctx, rng) else {
        return generic(ctx, rng, 40_000, 300_000);
    };
    let lang = ctx.lang;
    let last_year = model.year_to.map_or(ctx.now_year, |y| i64::from(y).min(ctx.now_year));
    let first_year = i64::from(model.year_from).max(ctx.now_year - 18).min(last_year);
    let brand_new = ctx.leaf.id == 2072 || ctx.leaf_has(&["neuve", "neuf", "neufs", "neuves"]);
    let year = match ctx.intent {
        _ if brand_new => last_year,
        // Rental fleets are recent.
        Intent::Rent | Intent::Vacation => rng.range(first_year.max(last_year - 3), last_year),
        _ => rng.range(first_year, last_year),
    };
    let age = (ctx.now_year - year).max(0);
    let fuel = pick_key(rng, &model.fuels, "diesel", 0.6).unwrap_or_else(|| "diesel".to_string());
    let gearbox = pick_key(rng, &model.gearboxes, "manuelle", 0.7).unwrap_or_else(|| "manuelle".to_string());
    let origin = ORIGINS[rng.weighted(&[70, 20, 10]).unwrap_or(0)];
    let mileage = if age == 0 {
        round_to(rng.range(0, 15_000), 1000)
    } else {
        round_to(age * rng.range(11_000, 22_000) + rng.range(0, 8_000), 1000)
    };
    let premium = PREMIUM.iter().any(|p| fold(&brand.name).starts_with(p));
    let fiscal_power = match fuel.as_str() {
        "electrique" | "electric" => rng.range(4, 6),
        "diesel" => rng.range(6, 8) + i64::from(premium) * rng.range(1, 3),
        _ => rng.range(6, 9) + i64::from(premium) * rng.range(1, 3),
    };
    let first_owner = rng.chance(0.45);
    let doors = *rng.choose(&[5, 5, 5, 5, 4, 3]);
    let fuel_label = option_label(&ctx.reference.cars.fuels, &fuel, ctx);
    let gearbox_label = option_label(&ctx.reference.cars.gearboxes, &gearbox, ctx);
    let name = format!("{} {}", clean(&brand.name), clean(&model.name));
    let city = ctx.place.city(lang);

    let mut c = AdContent::default();
    c.text("brand", brand.slug.clone());
    c.text("model", model.slug.clone());
    c.num("year", year);
    c.text("fuel", fuel.clone());
    c.text("gearbox", gearbox.clone());
    match ctx.intent {
        Intent::Rent | Intent::Vacation => {
            c.title = ctx.t(
                format!("Location {name} boîte {} à {city}", gearbox_label.to_lowercase()),
                format!("كراء {name} علبة {gearbox_label} في {city}"),
            );
            c.description = describe(
                rng,
                vec![ctx.t(
                    format!("Agence de location à {city} propose {name} de {year} récente et bien entretenue."),
                    format!("وكالة كراء السيارات في {city} تقترح {name} موديل {year} حديثة ومعتنى بها."),
                )],
                vec![
                    ctx.t(
                        "Kilométrage illimité et assurance tous risques incluse.",
                        "كيلومترات غير محدودة مع تأمين شامل.",
                    ),
                    ctx.t("Livraison du véhicule à l'aéroport ou à domicile.", "تسليم السيارة في المطار أو في المنزل."),
                    ctx.t(
                        "Tarif dégressif pour les locations de plus d'une semaine.",
                        "ثمن مخفض للكراء لأكثر من أسبوع.",
                    ),
                    ctx.t("Caution raisonnable et contrat simple.", "ضمانة معقولة وعقد بسيط."),
                ],
                Some(ctx.t("Prix par jour.", "الثمن لليوم الواحد.")),
            );
            let day = rng.range(200, 700) + if premium { 500 } else { 0 };
            c.price = Some(Money::from_dirhams(round_to(day, 50)));
            return c;
        }
        Intent::RentWanted => {
            c.title =
                ctx.t(format!("Cherche {name} en location longue durée"), format!("أبحث عن كراء {name} لمدة طويلة"));
            c.description = describe(
                rng,
                vec![ctx.t(
                    format!("Je cherche une {name} en location pour un ou deux mois à {city}."),
                    format!("أبحث عن كراء {name} لمدة شهر أو شهرين في {city}."),
                )],
                vec![
                    ctx.t(
                        "Conducteur expérimenté avec permis de plus de dix ans.",
                        "سائق ذو خبرة برخصة تفوق عشر سنوات.",
                    ),
                    ctx.t("Merci de proposer votre meilleur tarif mensuel.", "المرجو اقتراح أفضل ثمن شهري."),
                    ctx.t("Boîte automatique de préférence.", "يفضل علبة السرعات الأوتوماتيكية."),
                ],
                None,
            );
            return c;
        }
        i if i.is_wanted() => {
            c.title = ctx.t(
                format!("Achète {name} {fuel_label} à partir de {year}"),
                format!("أشتري {name} {fuel_label} ابتداء من {year}"),
            );
            c.description = describe(
                rng,
                vec![ctx.t(
                    format!("Je cherche une {name} en bon état à {city} ou ses environs."),
                    format!("أبحث عن {name} في حالة جيدة في {city} أو النواحي."),
                )],
                vec![
                    ctx.t("De préférence première main avec carnet d'entretien.", "يفضل اليد الأولى مع دفتر الصيانة."),
                    ctx.t("Paiement comptant après passage au contrôle technique.", "الدفع نقدا بعد الفحص التقني."),
                    ctx.t("Intermédiaires s'abstenir.", "الوسطاء يمتنعون."),
                ],
                None,
            );
            return c;
        }
        _ => {}
    }

    let motor = engine(&brand.name, &fuel).map(str::to_string).unwrap_or_else(|| fuel_label.clone());
    if brand_new {
        c.title = ctx.t(format!("{name} {motor} neuve {year}"), format!("{name} {fuel_label} جديدة {year}"));
        c.num("mileage", 0);
        c.num("fiscal_power", fiscal_power);
        c.flag("first_owner", true);
        c.num("doors", doors);
        c.description = describe(
            rng,
            vec![ctx.t(
                format!("{name} neuve disponible immédiatement chez notre concessionnaire à {city}."),
                format!("{name} جديدة متوفرة حالا عند وكيلنا في {city}."),
            )],
            vec![
                ctx.t("Garantie constructeur de cinq ans ou 100 000 km.", "ضمان الصانع لمدة خمس سنوات أو 100 000 كلم."),
                ctx.t(
                    format!("Boîte {} et moteur {}.", gearbox_label.to_lowercase(), fuel_label.to_lowercase()),
                    format!("علبة سرعات {gearbox_label} ومحرك {fuel_label}."),
                ),
                ctx.t("Reprise de votre ancien véhicule possible.", "إمكانية استرجاع سيارتكم القديمة."),
                ctx.t("Financement sur mesure avec ou sans apport.", "تمويل حسب الطلب مع أو بدون تسبيق."),
                ctx.t("Plusieurs couleurs disponibles.", "عدة ألوان متوفرة."),
            ],
            None,
        );
        let value = new_price(rng, &brand.name).clamp(90_000, 600_000);
        c.price = Some(Money::from_dirhams(round_to(value, 1000)));
        return c;
    }
    c.title = ctx.t(
        format!("{name} {motor} {year} — {}", km(lang, mileage)),
        format!("{name} {fuel_label} {year} — {}", km(lang, mileage)),
    );
    c.num("mileage", mileage);
    c.num("fiscal_power", fiscal_power);
    c.text("origin", origin.0);
    c.flag("first_owner", first_owner);
    c.num("doors", doors);
    let condition = *rng.choose(&[
        bi("très bon état", "حالة جيدة جدا"),
        bi("excellent état", "حالة ممتازة"),
        bi("bon état général", "حالة عامة جيدة"),
    ]);
    let close = ctx.t(
        *rng.choose(&["Prix légèrement négociable.", "Prix à débattre après essai.", "Prix ferme."]),
        *rng.choose(&["الثمن قابل للنقاش.", "الثمن نهائي."]),
    );
    c.description = describe(
        rng,
        vec![ctx.t(
            format!("Je vends ma {name} de {year} en {}.", condition.fr),
            format!("للبيع {name} موديل {year} في {}.", condition.ar),
        )],
        vec![
            ctx.t(format!("Voiture {}.", origin.1.fr), format!("السيارة {}.", origin.1.ar)),
            if first_owner {
                ctx.t("Première main.", "اليد الأولى.")
            } else {
                ctx.t("Deuxième main.", "اليد الثانية.")
            },
            ctx.t(
                format!(
                    "Boîte {} et moteur {} de {fiscal_power} CV fiscaux.",
                    gearbox_label.to_lowercase(),
                    fuel_label.to_lowercase()
                ),
                format!("علبة سرعات {gearbox_label} ومحرك {fuel_label} بقوة {fiscal_power} أحصنة جبائية."),
            ),
            ctx.t(
                "Entretien suivi chez le concessionnaire avec toutes les factures.",
                "صيانة منتظمة عند الوكيل مع جميع الفواتير.",
            ),
            ctx.t(
                "Jamais accidentée avec pneus récents et vidange faite.",
                "لم تتعرض لأي حادثة مع إطارات جديدة وتغيير الزيت.",
            ),
            ctx.t("Assurance et vignette à jour.", "التأمين والضريبة السنوية محينة."),
            ctx.t(format!("Visible à {city}."), format!("السيارة موجودة في {city}.")),
        ],
        Some(close),
    );
    let value =
        new_price(rng, &brand.name) as f64 * 0.88f64.powi(age as i32) * (1.0 - (mileage as f64 / 1_500_000.0).min(0.3));
    let value = (value as i64).clamp(40_000, 600_000);
    c.price = Some(Money::from_dirhams(round_to(value, if value < 100_000 { 500 } else { 1000 })));
    c
}

fn utility(ctx: &Ctx<'_>, rng: &mut Rng) -> AdContent {
    let (name, new) = *rng.choose(&[
        ("Renault Kangoo", 190_000),
        ("Peugeot Partner", 200_000),
        ("Citroën Berlingo", 200_000),
        ("Fiat Doblo", 180_000),
        ("Renault Master", 320_000),
        ("Mercedes Sprinter", 420_000),
        ("Hyundai H1", 300_000),
        ("Toyota Hilux", 360_000),
        ("Isuzu D-Max", 280_000),
        ("Ford Transit", 330_000),
    ]);
    let year = rng.range(ctx.now_year - 15, ctx.now_year);
    let age = ctx.now_year - year;
    let mileage = round_to(age.max(1) * rng.range(18_000, 35_000), 1000);
    let mut c = AdContent::default();
    c.text("model", name);
    c.num("year", year);
    c.num("mileage", mileage);
    c.text("fuel", "diesel");
    c.text("gearbox", "manuelle");
    let city = ctx.place.city(ctx.lang);
    c.title = match ctx.intent {
        Intent::RentWanted => ctx.t(format!("Cherche {name} en location"), format!("أبحث عن كراء {name}")),
        i if i.is_wanted() => ctx.t(format!("Cherche {name} diesel"), format!("أبحث عن {name} ديزل")),
        Intent::Rent => {
            ctx.t(format!("Location {name} avec ou sans chauffeur"), format!("كراء {name} مع أو بدون سائق"))
        }
        _ => ctx.t(
            format!("{name} diesel {year} — {}", km(ctx.lang, mileage)),
            format!("{name} ديزل {year} — {}", km(ctx.lang, mileage)),
        ),
    };
    c.description = describe(
        rng,
        vec![if ctx.intent.is_wanted() {
            ctx.t(
                format!("Je cherche un utilitaire {name} récent à {city}."),
                format!("أبحث عن سيارة نفعية {name} حديثة في {city}."),
            )
        } else {
            ctx.t(
                format!("Utilitaire {name} de {year} disponible à {city}."),
                format!("سيارة نفعية {name} موديل {year} متوفرة في {city}."),
            )
        }],
        if ctx.intent.is_wanted() {
            vec![
                ctx.t("Pour le transport de marchandises de mon commerce.", "من أجل نقل بضائع المحل."),
                ctx.t("Paiement comptant après essai.", "الدفع نقدا بعد التجربة."),
                ctx.t("Intermédiaires s'abstenir.", "الوسطاء يمتنعون."),
            ]
        } else {
            vec![
                ctx.t("Idéal pour le transport de marchandises et les livraisons.", "مثالية لنقل البضائع والتوصيل."),
                ctx.t("Moteur diesel robuste et consommation raisonnable.", "محرك ديزل قوي واستهلاك معقول."),
                ctx.t("Papiers en règle et visite technique à jour.", "الأوراق سليمة والفحص التقني محين."),
                ctx.t("Carrosserie propre et entretien régulier.", "الهيكل نظيف وصيانة منتظمة."),
            ]
        },
        Some(ctx.t("Prix négociable.", "الثمن قابل للنقاش.")),
    );
    c.price = match ctx.intent {
        i if i.is_wanted() => None,
        Intent::Rent => Some(Money::from_dirhams(round_to(rng.range(350, 900), 50))),
        _ => {
            let value = (new as f64 * 0.9f64.powi(age as i32)) as i64;
            Some(Money::from_dirhams(round_to(value.clamp(50_000, 450_000), 1000)))
        }
    };
    c
}

/// A vehicle other than a car: name in both languages, a price range of a used one (DH),
/// and whether it has a mileage worth stating.
type Model = (Bi, i64, i64, bool);

const MOTOS: [Model; 12] = [
    (bi("Yamaha TMAX 560", "ياماها TMAX 560"), 70_000, 140_000, true),
    (bi("Honda PCX 125", "هوندا PCX 125"), 18_000, 32_000, true),
    (bi("Kymco Agility 125", "كيمكو Agility 125"), 9_000, 16_000, true),
    (bi("SYM Jet 14 125", "سيم Jet 14 125"), 10_000, 18_000, true),
    (bi("Peugeot Kisbee 50", "بيجو Kisbee 50"), 6_000, 11_000, true),
    (bi("Yamaha MT-07", "ياماها MT-07"), 55_000, 85_000, true),
    (bi("Kawasaki Z900", "كاواساكي Z900"), 75_000, 110_000, true),
    (bi("BMW R 1250 GS", "بي إم دبليو R 1250 GS"), 150_000, 150_000, true),
    (bi("Vespa Primavera 125", "فيسبا Primavera 125"), 22_000, 38_000, true),
    (bi("Piaggio Liberty 125", "بياجيو Liberty 125"), 14_000, 24_000, true),
    (bi("Honda CB 500", "هوندا CB 500"), 40_000, 62_000, true),
    (bi("Quad Yamaha Raptor 700", "كواد ياماها Raptor 700"), 45_000, 80_000, false),
];

const BIKES: [Model; 8] = [
    (bi("VTT Rockrider ST 520", "دراجة جبلية Rockrider ST 520"), 1_800, 3_200, false),
    (bi("Vélo de route Triban RC 520", "دراجة طريق Triban RC 520"), 4_500, 8_000, false),
    (bi("Vélo électrique pliable", "دراجة كهربائية قابلة للطي"), 5_000, 11_000, false),
    (bi("BMX freestyle", "دراجة BMX"), 900, 2_200, false),
    (bi("Vélo enfant 16 pouces", "دراجة أطفال 16 بوصة"), 500, 1_200, false),
    (bi("VTT Specialized Rockhopper", "دراجة جبلية Specialized Rockhopper"), 6_000, 12_000, false),
    (bi("Vélo de ville Elops", "دراجة المدينة Elops"), 1_500, 3_000, false),
    (bi("Trottinette électrique Xiaomi", "تروتينيت كهربائية شاومي"), 2_500, 4_500, false),
];

const BOATS: [Model; 6] = [
    (
        bi("Bateau de pêche 6 m avec moteur Yamaha 40 CV", "قارب صيد 6 أمتار مع محرك ياماها 40 حصان"),
        60_000,
        140_000,
        false,
    ),
    (bi("Jet ski Sea-Doo Spark", "جيت سكي Sea-Doo Spark"), 60_000, 95_000, false),
    (bi("Semi-rigide 5 m Zodiac", "قارب نصف صلب 5 أمتار Zodiac"), 45_000, 120_000, false),
    (bi("Barque en bois 4 m", "فلوكة خشبية 4 أمتار"), 12_000, 25_000, false),
    (bi("Voilier 8 m habitable", "مركب شراعي 8 أمتار"), 180_000, 420_000, false),
    (bi("Moteur hors-bord Suzuki 15 CV", "محرك خارجي سوزوكي 15 حصان"), 14_000, 28_000, false),
];

const CARAVANS: [Model; 5] = [
    (bi("Camping-car Fiat Ducato 6 places", "عربة تخييم فيات دوكاتو 6 أماكن"), 280_000, 520_000, true),
    (bi("Caravane 4 places avec auvent", "مقطورة تخييم 4 أماكن مع مظلة"), 45_000, 110_000, false),
    (bi("Fourgon aménagé Renault Master", "شاحنة مجهزة للسفر رونو ماستر"), 180_000, 330_000, true),
    (bi("Remorque bagagère 750 kg", "مقطورة أمتعة 750 كلغ"), 6_000, 14_000, false),
    (bi("Camping-car Hymer intégral", "عربة تخييم هايمر"), 450_000, 600_000, true),
];

const OTHER_VEHICLES: [Model; 5] = [
    (bi("Voiturette sans permis Aixam", "سيارة صغيرة بدون رخصة Aixam"), 45_000, 90_000, true),
    (bi("Triporteur Docker 150", "دراجة ثلاثية العجلات Docker 150"), 12_000, 22_000, true),
    (bi("Karting de loisir 200 cm³", "كارتينغ 200 سم³"), 9_000, 20_000, false),
    (bi("Buggy Polaris RZR", "باغي بولاريس RZR"), 90_000, 180_000, false),
    (bi("Remorque porte-voiture", "مقطورة لنقل السيارات"), 18_000, 35_000, false),
];

const TRUCKS: [Model; 5] = [
    (bi("Camion Isuzu NPR 3.5 tonnes", "شاحنة إيسوزو NPR 3.5 طن"), 150_000, 280_000, true),
    (bi("Camion Mitsubishi Canter", "شاحنة ميتسوبيشي Canter"), 120_000, 230_000, true),
    (bi("Tracteur routier Mercedes Actros", "جرار طرقي مرسيدس Actros"), 380_000, 600_000, true),
    (bi("Camion benne Renault Kerax", "شاحنة قلابة رونو Kerax"), 300_000, 520_000, true),
    (bi("Camion frigorifique Hyundai HD 65", "شاحنة تبريد هيونداي HD 65"), 160_000, 300_000, true),
];

const MACHINES: [Model; 5] = [
    (bi("Tractopelle JCB 3CX", "جرافة JCB 3CX"), 350_000, 600_000, false),
    (bi("Mini-pelle Kubota", "حفارة صغيرة كوبوتا"), 180_000, 320_000, false),
    (bi("Tracteur Massey Ferguson 290", "جرار ماسي فيرغسون 290"), 90_000, 180_000, false),
    (bi("Tracteur New Holland TD5", "جرار نيو هولاند TD5"), 220_000, 380_000, false),
    (bi("Chariot élévateur Toyota 3 tonnes", "رافعة شوكية تويوتا 3 طن"), 70_000, 150_000, false),
];

fn from_models(ctx: &Ctx<'_>, rng: &mut Rng, models: &[Model]) -> AdContent {
    let Some(&(names, lo, hi, has_mileage)) = rng.pick(models) else {
        return generic(ctx, rng, 5_000, 100_000);
    };
    let lang = ctx.lang;
    let name = names.get(lang);
    let year = rng.range(ctx.now_year - 12, ctx.now_year);
    let age = ctx.now_year - year;
    let mileage = round_to(age.max(1) * rng.range(2_000, 7_000), 500);
    let city = ctx.place.city(lang);
    let mut c = AdContent::default();
    c.text("model", clean(names.fr));
    c.num("year", year);
    if has_mileage {
        c.num("mileage", mileage);
    }
    // A used vehicle is never "new in its box": only the two used conditions.
    let condition = if rng.chance(0.55) { Condition::VeryGood } else { Condition::Good };
    c.text("condition", condition.key());
    let words = match condition {
        Condition::Good => ctx.t("bon état général", "حالة عامة جيدة"),
        _ => ctx.t(*rng.choose(&["très bon état", "excellent état"]), "حالة ممتازة"),
    };
    c.title = match ctx.intent {
        Intent::RentWanted => ctx.t(format!("Cherche {name} en location"), format!("أبحث عن كراء {name}")),
        i if i.is_wanted() => ctx.t(format!("Cherche {name} d'occasion"), format!("أبحث عن {name} مستعمل")),
        Intent::Rent | Intent::Vacation => ctx.t(format!("Location {name} à {city}"), format!("كراء {name} في {city}")),
        _ if has_mileage => ctx.t(
            format!("{name} modèle {year} — {}", km(lang, mileage)),
            format!("{name} موديل {year} — {}", km(lang, mileage)),
        ),
        _ => format!("{name} — {words}"),
    };
    c.description = match ctx.intent {
        i if i.is_wanted() => describe(
            rng,
            vec![if i == Intent::RentWanted {
                ctx.t(
                    format!("Je cherche {name} à louer à {city} pour quelques jours."),
                    format!("أبحث عن {name} للكراء في {city} لبضعة أيام."),
                )
            } else {
                ctx.t(
                    format!("Je cherche {name} en bon état à {city} ou dans la région."),
                    format!("أبحث عن {name} في حالة جيدة في {city} أو النواحي."),
                )
            }],
            vec![
                ctx.t("Paiement comptant.", "الدفع نقدا."),
                ctx.t("Merci d'indiquer l'année et l'état.", "المرجو ذكر السنة والحالة."),
                ctx.t("Intermédiaires s'abstenir.", "الوسطاء يمتنعون."),
            ],
            None,
        ),
        Intent::Rent | Intent::Vacation => describe(
            rng,
            vec![
                ctx.t(format!("{name} disponible à la location à {city}."), format!("{name} متوفر للكراء في {city}.")),
            ],
            vec![
                ctx.t("Location à la journée ou à la semaine.", "الكراء باليوم أو بالأسبوع."),
                ctx.t("Entretien régulier et assurance incluse.", "صيانة منتظمة والتأمين مشمول."),
                ctx.t("Caution demandée.", "الضمانة مطلوبة."),
            ],
            Some(ctx.t("Prix par jour.", "الثمن لليوم الواحد.")),
        ),
        _ => describe(
            rng,
            vec![
                ctx.t(format!("{name} de {year} à vendre à {city}."), format!("{name} موديل {year} للبيع في {city}.")),
            ],
            vec![
                match condition {
                    Condition::Good => ctx.t("Quelques rayures sans gravité.", "بعض الخدوش البسيطة."),
                    _ => ctx.t("Très bien entretenu et jamais accidenté.", "معتنى به جيدا ولم يتعرض لأي حادثة."),
                },
                ctx.t("Papiers en règle.", "الأوراق سليمة."),
                ctx.t("Révision complète faite récemment.", "تمت مراجعة شاملة مؤخرا."),
                ctx.t("Essai possible sur place.", "التجربة ممكنة في عين المكان."),
                ctx.t("Vendu avec ses accessoires.", "يباع مع ملحقاته."),
            ],
            Some(ctx.t("Prix négociable dans la limite du raisonnable.", "الثمن قابل للنقاش في حدود المعقول.")),
        ),
    };
    c.price = match ctx.intent {
        i if i.is_wanted() => None,
        Intent::Rent | Intent::Vacation => Some(Money::from_dirhams(round_to((hi / 150).max(200), 50))),
        _ => {
            let step = if hi > 50_000 { 1000 } else { 100 };
            Some(price_between(rng, lo, hi, condition.price_factor().max(0.7), step))
        }
    };
    c
}

const PARTS: [(Bi, i64, i64); 10] = [
    (bi("Jantes alu 16 pouces pour Golf 7", "جنوط ألمنيوم 16 بوصة لغولف 7"), 2_000, 4_500),
    (bi("Phares LED pour Clio 4", "أضواء LED لكليو 4"), 1_200, 2_800),
    (bi("4 pneus Michelin 205/55 R16", "4 إطارات ميشلان 205/55 R16"), 1_600, 3_600),
    (bi("Moteur 1.5 dCi complet", "محرك 1.5 dCi كامل"), 12_000, 25_000),
    (bi("Boîte de vitesses Dacia Logan", "علبة سرعات داسيا لوغان"), 3_500, 7_000),
    (bi("Pare-choc avant Peugeot 208", "واقي الصدمات الأمامي بيجو 208"), 900, 2_200),
    (bi("Batterie Varta 70 Ah", "بطارية فارتا 70 أمبير"), 700, 1_300),
    (bi("Autoradio Android 9 pouces", "شاشة أندرويد 9 بوصة للسيارة"), 900, 2_000),
    (bi("Rétroviseur droit Hyundai Tucson", "مرآة يمنى هيونداي توسان"), 500, 1_400),
    (bi("Kit embrayage Renault Kangoo", "طقم القابض رونو كانغو"), 1_100, 2_300),
];

fn part(ctx: &Ctx<'_>, rng: &mut Rng) -> AdContent {
    let (name, lo, hi) = *rng.choose(&PARTS);
    let lang = ctx.lang;
    let condition = Condition::pick(rng);
    let words = condition.title_words(rng).get(lang);
    let name = name.get(lang);
    let mut c = AdContent::default();
    c.text("condition", condition.key());
    c.title = if ctx.intent.is_wanted() {
        ctx.t(format!("Cherche {name}"), format!("أبحث عن {name}"))
    } else {
        format!("{name} — {words}")
    };
    let city = ctx.place.city(lang);
    c.description = describe(
        rng,
        vec![ctx.t(format!("{name} disponible à {city}."), format!("{name} متوفر في {city}."))],
        vec![
            ctx.t("Pièce d'origine vérifiée et testée.", "قطعة أصلية تم فحصها وتجربتها."),
            ctx.t("Montage possible chez notre mécanicien.", "التركيب ممكن عند الميكانيكي."),
            ctx.t("Envoi possible dans tout le Maroc.", "الإرسال ممكن لجميع المدن المغربية."),
            ctx.t("Garantie de bon fonctionnement.", "ضمان الاشتغال الجيد."),
        ],
        None,
    );
    if !ctx.intent.is_wanted() {
        c.price = Some(price_between(rng, lo, hi, condition.price_factor(), 50));
    }
    c
}

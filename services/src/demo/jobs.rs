//! Demo ads of the jobs-and-services vertical: job offers (contract, sector, experience,
//! education, no price), people looking for work, and services offered or wanted (courses,
//! repairs, removals...), chosen by the category's words with a generic fallback.

use super::content::{AdContent, Bi, Ctx, bi, describe, price_between};
use super::rng::Rng;

/// A position: its title in both languages and its sector key.
type Position = (Bi, &'static str);

const POSITIONS: [Position; 15] = [
    (bi("commercial terrain H/F", "مندوب مبيعات ميداني"), "commerce"),
    (bi("comptable confirmé H/F", "محاسب ذو خبرة"), "finance"),
    (bi("développeur web full stack H/F", "مطور ويب"), "informatique"),
    (bi("téléconseiller francophone H/F", "مستشار هاتفي بالفرنسية"), "centre_appel"),
    (bi("chauffeur livreur permis C", "سائق توصيل برخصة C"), "transport"),
    (bi("serveur pour restaurant", "نادل لمطعم"), "hotellerie"),
    (bi("assistant de direction H/F", "مساعد إداري"), "administration"),
    (bi("technicien de maintenance industrielle", "تقني صيانة صناعية"), "industrie"),
    (bi("infirmier polyvalent H/F", "ممرض متعدد الاختصاصات"), "sante"),
    (bi("professeur de français", "أستاذ اللغة الفرنسية"), "enseignement"),
    (bi("agent de sécurité", "حارس أمن"), "securite"),
    (bi("chef de chantier BTP", "رئيس ورش بناء"), "btp"),
    (bi("réceptionniste d'hôtel", "موظف استقبال بفندق"), "hotellerie"),
    (bi("magasinier cariste", "أمين مخزن وسائق رافعة"), "logistique"),
    (bi("community manager", "مسير صفحات التواصل الاجتماعي"), "marketing"),
];

const CONTRACTS: [(&str, Bi); 4] = [
    ("cdi", bi("CDI", "عقد غير محدد المدة")),
    ("cdd", bi("CDD", "عقد محدد المدة")),
    ("freelance", bi("freelance", "عمل حر")),
    ("stage", bi("stage", "تدريب")),
];

const EXPERIENCE: [(&str, Bi); 4] = [
    ("debutant", bi("Débutants acceptés.", "المبتدئون مقبولون.")),
    ("1_3_ans", bi("Une à trois années d'expérience demandées.", "خبرة من سنة إلى ثلاث سنوات.")),
    ("3_5_ans", bi("Trois à cinq années d'expérience demandées.", "خبرة من ثلاث إلى خمس سنوات.")),
    ("plus_5_ans", bi("Plus de cinq années d'expérience exigées.", "خبرة تفوق خمس سنوات.")),
];

/// An education level: its key, what an employer asks, what a candidate says.
const EDUCATION: [(&str, Bi, Bi); 5] = [
    (
        "sans_diplome",
        bi("Aucun diplôme exigé.", "لا تشترط أي شهادة."),
        bi("Expérience acquise sur le terrain.", "خبرة مكتسبة في الميدان."),
    ),
    (
        "bac",
        bi("Niveau baccalauréat demandé.", "مستوى الباكالوريا مطلوب."),
        bi("Titulaire du baccalauréat.", "حاصل على الباكالوريا."),
    ),
    (
        "bac_2",
        bi("Diplôme Bac plus deux souhaité.", "دبلوم باكالوريا زائد سنتين مرغوب."),
        bi("Titulaire d'un diplôme Bac plus deux.", "حاصل على دبلوم باكالوريا زائد سنتين."),
    ),
    ("bac_3", bi("Licence souhaitée.", "الإجازة مرغوبة."), bi("Titulaire d'une licence.", "حاصل على الإجازة.")),
    (
        "bac_5",
        bi("Master ou diplôme d'ingénieur exigé.", "الماستر أو دبلوم مهندس مطلوب."),
        bi("Titulaire d'un master.", "حاصل على الماستر."),
    ),
];

/// The job parameters, and the sentences about them: contract name, experience asked,
/// education asked, education of a candidate.
fn job_params(c: &mut AdContent, rng: &mut Rng, sector: &str) -> (Bi, Bi, Bi, Bi) {
    // Internships have their own category and wording, so regular ads do not offer one.
    let contract = CONTRACTS[rng.weighted(&[6, 3, 1, 0]).unwrap_or(0)];
    let experience = *rng.choose(&EXPERIENCE);
    let education = *rng.choose(&EDUCATION);
    c.text("contract", contract.0);
    c.text("sector", sector);
    c.text("experience", experience.0);
    c.text("education", education.0);
    (contract.1, experience.1, education.1, education.2)
}

/// Whether the category is about internships: the contract is then always one.
fn internships(ctx: &Ctx<'_>) -> bool {
    ctx.leaf.id == 3030 || ctx.leaf_has(&["stage"])
}

pub fn offer(ctx: &Ctx<'_>, rng: &mut Rng) -> AdContent {
    let lang = ctx.lang;
    let (position, sector) = *rng.choose(&POSITIONS);
    let city = ctx.place.city(lang);
    let mut c = AdContent::default();
    let (contract, experience, education, _) = job_params(&mut c, rng, sector);
    let p = position.get(lang);
    if internships(ctx) {
        c.text("contract", CONTRACTS[3].0);
        c.text("experience", "debutant");
        let trainee = p.trim_end_matches(" H/F");
        c.title = ctx.t(format!("Stage de six mois — {trainee} H/F"), format!("تدريب لمدة ستة أشهر — {p}"));
        c.description = describe(
            rng,
            vec![ctx.t(
                format!("Entreprise basée à {city} propose un stage de six mois pour un profil {trainee}."),
                format!("شركة في {city} تقترح تدريبا لمدة ستة أشهر في منصب {p}."),
            )],
            vec![
                education.get(lang).to_string(),
                ctx.t(
                    "Stage conventionné et rémunéré avec possibilité d'embauche.",
                    "تدريب مؤدى عنه مع إمكانية التوظيف.",
                ),
                ctx.t("Encadrement par une équipe expérimentée.", "تأطير من طرف فريق ذي خبرة."),
            ],
            Some(ctx.t("Envoyez votre CV via le formulaire de l'annonce.", "أرسلوا سيرتكم الذاتية عبر استمارة الإعلان.")),
        );
        return c;
    }
    c.title = match rng.index(3) {
        0 => ctx.t(format!("Recrute {p}"), format!("مطلوب {p}")),
        1 => ctx.t(format!("Recrutement {p} à {city}"), format!("توظيف {p} في {city}")),
        _ => ctx.t(format!("Offre d'emploi — {p}"), format!("عرض عمل — {p}")),
    };
    c.description = describe(
        rng,
        vec![ctx.t(
            format!("Société basée à {city} recrute un {p} pour renforcer son équipe."),
            format!("شركة في {city} تبحث عن {p} لتعزيز فريقها."),
        )],
        vec![
            experience.get(lang).to_string(),
            education.get(lang).to_string(),
            ctx.t(
                format!("Contrat {} avec salaire motivant et couverture médicale.", contract.fr),
                format!("{} مع أجر محفز وتغطية صحية.", contract.ar),
            ),
            ctx.t("Sérieux et sens du travail en équipe exigés.", "الجدية وروح العمل الجماعي ضروريان."),
            ctx.t("Prise de poste immédiate.", "الالتحاق فوري."),
        ],
        Some(ctx.t("Envoyez votre CV via le formulaire de l'annonce.", "أرسلوا سيرتكم الذاتية عبر استمارة الإعلان.")),
    );
    c
}

pub fn request(ctx: &Ctx<'_>, rng: &mut Rng) -> AdContent {
    let lang = ctx.lang;
    let (position, sector) = *rng.choose(&POSITIONS);
    let years = rng.range(3, 10);
    let city = ctx.place.city(lang);
    let mut c = AdContent::default();
    let (contract, _, _, education) = job_params(&mut c, rng, sector);
    let p = position.get(lang);
    let clean_fr = p.trim_end_matches(" H/F");
    if internships(ctx) {
        c.text("contract", CONTRACTS[3].0);
        c.text("experience", "debutant");
        c.title = ctx.t(format!("Étudiant cherche stage — {clean_fr}"), format!("طالب يبحث عن تدريب — {p}"));
        c.description = describe(
            rng,
            vec![ctx.t(
                format!("Étudiant en dernière année cherche un stage de fin d'études à {city}."),
                format!("طالب في السنة الأخيرة يبحث عن تدريب نهاية الدراسة في {city}."),
            )],
            vec![
                ctx.t(format!("Intéressé par un poste de {clean_fr}."), format!("مهتم بمنصب {p}.")),
                ctx.t("Motivé et rapide à apprendre.", "متحمس وسريع التعلم."),
                ctx.t("Disponible dès le mois prochain.", "متوفر ابتداء من الشهر المقبل."),
            ],
            Some(ctx.t("CV disponible sur demande via la messagerie.", "السيرة الذاتية متوفرة عند الطلب عبر الرسائل.")),
        );
        return c;
    }
    c.title = ctx.t(
        format!("{} avec {years} ans d'expérience cherche emploi", capitalize(clean_fr)),
        format!("{p} بخبرة {years} سنوات يبحث عن عمل"),
    );
    c.description = describe(
        rng,
        vec![ctx.t(
            format!("Je suis {clean_fr} avec {years} ans d'expérience et je cherche un poste à {city}."),
            format!("أنا {p} بخبرة {years} سنوات وأبحث عن عمل في {city}."),
        )],
        vec![
            education.get(lang).to_string(),
            ctx.t(
                format!("Ouvert à un contrat {} ou à toute autre proposition.", contract.fr),
                format!("مستعد لـ{} أو لأي عرض آخر.", contract.ar),
            ),
            ctx.t("Sérieux et ponctuel avec de bonnes références.", "جدي ومنضبط مع توصيات جيدة."),
            ctx.t("Disponible immédiatement.", "متوفر فورا."),
            ctx.t("Permis de conduire B.", "رخصة السياقة صنف ب."),
        ],
        Some(ctx.t("CV disponible sur demande via la messagerie.", "السيرة الذاتية متوفرة عند الطلب عبر الرسائل.")),
    );
    c
}

/// A service: what it is, the unit of its price, and a price range in dirhams.
type Service = (Bi, Bi, i64, i64);

const COURSES: [Service; 5] = [
    (
        bi("Cours particuliers de maths et physique à domicile", "دروس خصوصية في الرياضيات والفيزياء بالمنزل"),
        bi("la séance", "الحصة"),
        100,
        250,
    ),
    (bi("Cours d'anglais tous niveaux", "دروس اللغة الإنجليزية لجميع المستويات"), bi("l'heure", "الساعة"), 100, 200),
    (bi("Soutien scolaire primaire et collège", "دعم مدرسي للابتدائي والإعدادي"), bi("le mois", "الشهر"), 400, 1_200),
    (bi("Cours de piano pour enfants et adultes", "دروس البيانو للأطفال والكبار"), bi("la séance", "الحصة"), 150, 300),
    (bi("Préparation au bac de français", "تحضير امتحان الباكالوريا في الفرنسية"), bi("la séance", "الحصة"), 120, 250),
];

const HOME: [Service; 6] = [
    (bi("Plombier disponible 7j/7", "سباك متوفر طيلة الأسبوع"), bi("le déplacement", "التنقل"), 150, 300),
    (bi("Électricien bâtiment pour tous travaux", "كهربائي لجميع الأشغال"), bi("le déplacement", "التنقل"), 150, 300),
    (bi("Peinture et décoration intérieure", "صباغة وديكور داخلي"), bi("le m²", "المتر المربع"), 30, 60),
    (bi("Réparation de climatiseurs", "إصلاح المكيفات"), bi("l'intervention", "التدخل"), 200, 500),
    (bi("Femme de ménage expérimentée", "عاملة نظافة ذات خبرة"), bi("la journée", "اليوم"), 150, 250),
    (bi("Jardinier pour entretien de villas", "بستاني لصيانة الفيلات"), bi("la journée", "اليوم"), 200, 350),
];

const EVENTS: [Service; 5] = [
    (bi("Traiteur pour mariages et fêtes", "ممون الحفلات والأعراس"), bi("la personne", "الشخص"), 150, 400),
    (
        bi("Photographe et vidéaste pour mariages", "مصور فوتوغرافي وفيديو للأعراس"),
        bi("la prestation", "الخدمة"),
        2_500,
        8_000,
    ),
    (bi("DJ et animation de soirées", "دي جي وتنشيط الحفلات"), bi("la soirée", "الحفلة"), 2_000, 6_000),
    (bi("Neggafa pour mariage traditionnel", "نكافة للعرس التقليدي"), bi("la prestation", "الخدمة"), 3_000, 12_000),
    (bi("Location de tente caïdale", "كراء خيمة قيدالية"), bi("la journée", "اليوم"), 1_500, 5_000),
];

const MOVING: [Service; 4] = [
    (bi("Déménagement avec camion et équipe", "نقل الأثاث بشاحنة وفريق"), bi("le déménagement", "العملية"), 800, 3_000),
    (bi("Transport de marchandises toutes villes", "نقل البضائع لجميع المدن"), bi("le trajet", "الرحلة"), 500, 2_500),
    (bi("Chauffeur privé et transfert aéroport", "سائق خاص ونقل من وإلى المطار"), bi("le trajet", "الرحلة"), 200, 600),
    (bi("Transport de meubles avec monte-meubles", "نقل الأثاث مع رافعة"), bi("l'intervention", "التدخل"), 600, 1_800),
];

const IT: [Service; 5] = [
    (bi("Réparation de téléphones et ordinateurs", "إصلاح الهواتف والحواسيب"), bi("l'intervention", "التدخل"), 100, 400),
    (
        bi("Création de sites web pour entreprises", "تصميم مواقع الإنترنت للشركات"),
        bi("le projet", "المشروع"),
        3_000,
        15_000,
    ),
    (
        bi("Installation de caméras de surveillance", "تركيب كاميرات المراقبة"),
        bi("l'installation", "التركيب"),
        1_500,
        6_000,
    ),
    (bi("Dépannage informatique à domicile", "إصلاح الحواسيب في المنزل"), bi("le déplacement", "التنقل"), 150, 300),
    (bi("Maintenance réseau pour bureaux", "صيانة الشبكات للمكاتب"), bi("le mois", "الشهر"), 1_000, 3_000),
];

const OTHER_SERVICES: [Service; 5] = [
    (bi("Couture et retouches sur mesure", "خياطة وتعديل الملابس"), bi("la pièce", "القطعة"), 50, 300),
    (bi("Coiffure et maquillage à domicile", "حلاقة وتجميل بالمنزل"), bi("la prestation", "الخدمة"), 200, 800),
    (bi("Traduction français arabe anglais", "ترجمة فرنسية عربية إنجليزية"), bi("la page", "الصفحة"), 80, 200),
    (bi("Comptabilité pour auto-entrepreneurs", "محاسبة للمقاولين الذاتيين"), bi("le mois", "الشهر"), 500, 1_500),
    (bi("Cours de conduite auto-école", "دروس السياقة"), bi("le forfait", "الباقة"), 2_500, 4_000),
];

pub fn service(ctx: &Ctx<'_>, rng: &mut Rng) -> AdContent {
    let lang = ctx.lang;
    let list: &[Service] = match ctx.leaf.id {
        3110 => &COURSES,
        3120 => &HOME,
        3130 => &EVENTS,
        3140 => &MOVING,
        3150 => &IT,
        _ if ctx.leaf_has(&["cours", "formation", "soutien"]) => &COURSES,
        _ if ctx.leaf_has(&["domicile", "menage", "travaux", "bricolage", "plomb", "renovation"]) => &HOME,
        _ if ctx.leaf_has(&["evenement", "traiteur", "fete", "mariage"]) => &EVENTS,
        _ if ctx.leaf_has(&["transport", "demenagement"]) => &MOVING,
        _ if ctx.leaf_has(&["informatique", "web", "reparation"]) => &IT,
        _ => &OTHER_SERVICES,
    };
    let Some(&(what, unit, lo, hi)) = rng.pick(list) else {
        return AdContent::default();
    };
    let city = ctx.place.city(lang);
    let w = what.get(lang);
    let mut c = AdContent::default();
    if ctx.intent.is_wanted() {
        let lower = lower_first(w);
        c.title = ctx.t(format!("Cherche {lower} à {city}"), format!("أبحث عن {w} في {city}"));
        c.description = describe(
            rng,
            vec![ctx.t(
                format!("Je cherche un professionnel sérieux pour {lower} à {city}."),
                format!("أبحث عن مهني جاد من أجل {w} في {city}."),
            )],
            vec![
                ctx.t("Merci de proposer vos disponibilités et votre tarif.", "المرجو اقتراح المواعيد والثمن."),
                ctx.t("Travail soigné exigé.", "العمل المتقن مطلوب."),
                ctx.t("Références appréciées.", "التوصيات مرحب بها."),
            ],
            None,
        );
        return c;
    }
    c.title = ctx.t(format!("{w} à {city}"), format!("{w} في {city}"));
    c.description = describe(
        rng,
        vec![ctx.t(format!("{w} à {city} et dans les environs."), format!("{w} في {city} والنواحي."))],
        vec![
            ctx.t(
                "Plus de dix ans d'expérience et de nombreux clients satisfaits.",
                "أكثر من عشر سنوات من الخبرة وزبناء راضون.",
            ),
            ctx.t("Travail propre et soigné dans les délais.", "عمل نظيف ومتقن في الوقت المحدد."),
            ctx.t("Devis gratuit sur demande.", "تقدير الثمن مجانا عند الطلب."),
            ctx.t("Disponible aussi le week-end.", "متوفر أيضا في عطلة نهاية الأسبوع."),
        ],
        Some(ctx.t(format!("Tarif indiqué pour {}.", unit.fr), format!("الثمن المعروض عن {}.", unit.ar))),
    );
    let step = if hi >= 1_000 { 100 } else { 10 };
    c.price = Some(price_between(rng, lo, hi, 1.0, step));
    c
}

fn capitalize(s: &str) -> String {
    let mut chars = s.chars();
    chars.next().map(|f| f.to_uppercase().chain(chars).collect()).unwrap_or_default()
}

fn lower_first(s: &str) -> String {
    let mut chars = s.chars();
    chars.next().map(|f| f.to_lowercase().chain(chars).collect()).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_change_case() {
        assert_eq!(capitalize("comptable"), "Comptable");
        assert_eq!(lower_first("Plombier"), "plombier");
    }
}

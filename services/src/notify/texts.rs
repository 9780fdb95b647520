//! The wording of every message in French and Arabic: the short text sent by messaging app, and
//! the e-mail (subject, plain text, HTML). Each e-mail is written once as a list of blocks and
//! rendered twice, so the text and HTML alternatives always say the same thing.

use super::Message;
use souk_domain::Lang;

/// An e-mail ready to be sent: subject, plain-text alternative and HTML alternative.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RenderedEmail {
    pub subject: String,
    pub text: String,
    pub html: String,
}

/// The short text of a message sent by messaging app.
pub fn render_sms(msg: &Message, lang: Lang) -> String {
    match (msg, lang) {
        (Message::PhoneVerificationCode { code, minutes }, Lang::Fr) => format!(
            "Souk : votre code de vérification est {code}. Il expire dans {}. Ne le communiquez à personne.",
            duration_minutes(*minutes, lang)
        ),
        (Message::PhoneVerificationCode { code, minutes }, Lang::Ar) => format!(
            "Souk: رمز التحقق الخاص بك هو {code}. تنتهي صلاحيته خلال {}. لا تشاركه مع أي أحد.",
            duration_minutes(*minutes, lang)
        ),
        (Message::RecoveryCode { code, minutes }, Lang::Fr) => format!(
            "Souk : votre code de réinitialisation du mot de passe est {code}. Il expire dans {}. \
             Si vous n'avez rien demandé, ignorez ce message.",
            duration_minutes(*minutes, lang)
        ),
        (Message::RecoveryCode { code, minutes }, Lang::Ar) => format!(
            "Souk: رمز إعادة تعيين كلمة المرور هو {code}. تنتهي صلاحيته خلال {}. إذا لم تطلب ذلك، تجاهل هذه الرسالة.",
            duration_minutes(*minutes, lang)
        ),
        (Message::RecoveryLink { link, hours }, Lang::Fr) => format!(
            "Souk : pour choisir un nouveau mot de passe, ouvrez ce lien (valable {}) : {link}",
            duration_hours(*hours, lang)
        ),
        (Message::RecoveryLink { link, hours }, Lang::Ar) => format!(
            "Souk: لاختيار كلمة مرور جديدة، افتح هذا الرابط (صالح لمدة {}): {link}",
            duration_hours(*hours, lang)
        ),
        (Message::EmailVerification { link, code, hours }, Lang::Fr) => format!(
            "Souk : votre code de confirmation d'adresse e-mail est {code}. \
             Vous pouvez aussi ouvrir ce lien (valable {}) : {link}",
            duration_hours(*hours, lang)
        ),
        (Message::EmailVerification { link, code, hours }, Lang::Ar) => format!(
            "Souk: رمز تأكيد بريدك الإلكتروني هو {code}. يمكنك أيضًا فتح هذا الرابط (صالح لمدة {}): {link}",
            duration_hours(*hours, lang)
        ),
        (Message::AdRefused { title, reason }, Lang::Fr) => format!(
            "Souk : votre annonce « {} » n'a pas été acceptée. Motif : {}. \
             Modifiez-la depuis Mes annonces pour la soumettre à nouveau.",
            one_line(title),
            sentence(reason)
        ),
        (Message::AdRefused { title, reason }, Lang::Ar) => format!(
            "Souk: لم يتم قبول إعلانك «{}». السبب: {}. عدّله من «إعلاناتي» لإرساله من جديد.",
            one_line(title),
            sentence(reason)
        ),
        (Message::SellerMessage { title, from_email, link, .. }, Lang::Fr) => {
            format!("Souk : nouveau message de {} au sujet de « {} » : {link}", one_line(from_email), one_line(title))
        }
        (Message::SellerMessage { title, from_email, link, .. }, Lang::Ar) => {
            format!("Souk: رسالة جديدة من {} بخصوص «{}»: {link}", one_line(from_email), one_line(title))
        }
        (Message::SellerMessageConfirmation { title, link, hours }, Lang::Fr) => format!(
            "Souk : pour transmettre votre message au sujet de « {} », ouvrez ce lien (valable {}) : {link}",
            one_line(title),
            duration_hours(*hours, lang)
        ),
        (Message::SellerMessageConfirmation { title, link, hours }, Lang::Ar) => format!(
            "Souk: لإيصال رسالتك بخصوص «{}»، افتح هذا الرابط (صالح لمدة {}): {link}",
            one_line(title),
            duration_hours(*hours, lang)
        ),
        (Message::SellerMessageDigest { messages, link }, Lang::Fr) => {
            format!("Souk : {} nouveaux messages de visiteurs : {link}", messages.len())
        }
        (Message::SellerMessageDigest { messages, link }, Lang::Ar) => {
            format!("Souk: {} رسائل جديدة من الزوار: {link}", messages.len())
        }
        (Message::NewOrder { product, units, total, link, .. }, Lang::Fr) => {
            format!("Souk : nouvelle commande de {units} × « {} » ({total}), à préparer : {link}", one_line(product))
        }
        (Message::NewOrder { product, units, total, link, .. }, Lang::Ar) => {
            format!("Souk: طلب جديد: {units} × «{}» ({total})، يرجى تجهيزه: {link}", one_line(product))
        }
        (Message::OrderReminder { product, hours, link, .. }, Lang::Fr) => format!(
            "Souk : la commande « {} » attend d'être préparée depuis {} : {link}",
            one_line(product),
            duration_hours(*hours, lang)
        ),
        (Message::OrderReminder { product, hours, link, .. }, Lang::Ar) => {
            format!("Souk: الطلب «{}» ينتظر التجهيز منذ {}: {link}", one_line(product), duration_hours(*hours, lang))
        }
        (Message::CreditRequestReceived { title, amount, months, .. }, Lang::Fr) => format!(
            "Souk : votre demande de crédit de {amount} sur {months} mois pour « {} » a bien été reçue.",
            one_line(title)
        ),
        (Message::CreditRequestReceived { title, amount, months, .. }, Lang::Ar) => {
            format!("Souk: توصلنا بطلب القرض الخاص بك بمبلغ {amount} على {months} شهرًا من أجل «{}».", one_line(title))
        }
        (Message::ValuationEstimate { car, low, high, .. }, Lang::Fr) => {
            format!("Souk : l'estimation de votre {} est entre {low} et {high}.", one_line(car))
        }
        (Message::ValuationEstimate { car, low, high, .. }, Lang::Ar) => {
            format!("Souk: تقييم سيارتك {} بين {low} و{high}.", one_line(car))
        }
        (Message::SavedSearchDigest { searches }, Lang::Fr) => format!(
            "Souk : {} nouvelles annonces pour vos recherches sauvegardées.",
            searches.iter().map(|s| s.ads.len() + s.more).sum::<usize>()
        ),
        (Message::SavedSearchDigest { searches }, Lang::Ar) => format!(
            "Souk: {} إعلانات جديدة لعمليات البحث المحفوظة.",
            searches.iter().map(|s| s.ads.len() + s.more).sum::<usize>()
        ),
    }
}

/// The e-mail of a message: subject, text alternative, and HTML marked with the language and
/// its direction (`dir="rtl"` for Arabic), every interpolated value escaped.
pub fn render_email(msg: &Message, lang: Lang) -> RenderedEmail {
    let content = email_content(msg, lang);
    RenderedEmail { text: content.text(lang), html: content.html(lang), subject: content.subject }
}

/// One piece of an e-mail's body.
enum Block {
    Para(String),
    /// A one-time code, shown large.
    Code(String),
    /// A link shown as a button in HTML, and alone on its line in text.
    Button {
        label: &'static str,
        url: String,
    },
    /// A closing remark, shown smaller.
    Fine(String),
}

struct EmailContent {
    subject: String,
    blocks: Vec<Block>,
}

fn email_content(msg: &Message, lang: Lang) -> EmailContent {
    use Block::{Button, Code, Fine, Para};
    let fr = lang == Lang::Fr;
    let greeting = Para(if fr { "Bonjour," } else { "مرحبًا،" }.to_string());
    match msg {
        Message::PhoneVerificationCode { code, minutes } => {
            let expiry = duration_minutes(*minutes, lang);
            if fr {
                EmailContent {
                    subject: "Votre code de vérification Souk".into(),
                    blocks: vec![
                        greeting,
                        Para("Voici votre code de vérification :".into()),
                        Code(code.clone()),
                        Para(format!("Il expire dans {expiry}.")),
                        Fine("Ne le communiquez à personne : l'équipe Souk ne vous le demandera jamais.".into()),
                    ],
                }
            } else {
                EmailContent {
                    subject: "رمز التحقق الخاص بك على Souk".into(),
                    blocks: vec![
                        greeting,
                        Para("إليك رمز التحقق الخاص بك:".into()),
                        Code(code.clone()),
                        Para(format!("تنتهي صلاحيته خلال {expiry}.")),
                        Fine("لا تشاركه مع أي أحد، ففريق Souk لن يطلبه منك أبدًا.".into()),
                    ],
                }
            }
        }
        Message::RecoveryCode { code, minutes } => {
            let expiry = duration_minutes(*minutes, lang);
            if fr {
                EmailContent {
                    subject: "Réinitialisation de votre mot de passe Souk".into(),
                    blocks: vec![
                        greeting,
                        Para(
                            "Vous avez demandé à réinitialiser le mot de passe de votre compte Souk. \
                             Saisissez ce code pour en choisir un nouveau :"
                                .into(),
                        ),
                        Code(code.clone()),
                        Para(format!("Il expire dans {expiry}.")),
                        Fine(
                            "Si vous n'êtes pas à l'origine de cette demande, ignorez ce message : \
                             votre mot de passe reste inchangé."
                                .into(),
                        ),
                    ],
                }
            } else {
                EmailContent {
                    subject: "إعادة تعيين كلمة المرور على Souk".into(),
                    blocks: vec![
                        greeting,
                        Para(
                            "طلبت إعادة تعيين كلمة المرور لحسابك على Souk. أدخل هذا الرمز لاختيار كلمة مرور جديدة:"
                                .into(),
                        ),
                        Code(code.clone()),
                        Para(format!("تنتهي صلاحيته خلال {expiry}.")),
                        Fine("إذا لم تطلب ذلك، تجاهل هذه الرسالة، فكلمة المرور الخاصة بك لن تتغير.".into()),
                    ],
                }
            }
        }
        Message::RecoveryLink { link, hours } => {
            let validity = duration_hours(*hours, lang);
            if fr {
                EmailContent {
                    subject: "Réinitialisez votre mot de passe Souk".into(),
                    blocks: vec![
                        greeting,
                        Para(
                            "Nous avons reçu une demande de réinitialisation du mot de passe de votre compte Souk. \
                             Pour choisir un nouveau mot de passe, ouvrez ce lien :"
                                .into(),
                        ),
                        Button { label: "Choisir un nouveau mot de passe", url: link.clone() },
                        Para(format!("Ce lien est valable {validity}.")),
                        Fine(
                            "Si vous n'êtes pas à l'origine de cette demande, ignorez cet e-mail : \
                             votre mot de passe reste inchangé."
                                .into(),
                        ),
                    ],
                }
            } else {
                EmailContent {
                    subject: "أعد تعيين كلمة المرور لحسابك على Souk".into(),
                    blocks: vec![
                        greeting,
                        Para(
                            "تلقّينا طلبًا لإعادة تعيين كلمة المرور لحسابك على Souk. \
                             لاختيار كلمة مرور جديدة، افتح هذا الرابط:"
                                .into(),
                        ),
                        Button { label: "اختيار كلمة مرور جديدة", url: link.clone() },
                        Para(format!("هذا الرابط صالح لمدة {validity}.")),
                        Fine("إذا لم تطلب ذلك، تجاهل هذه الرسالة، فكلمة المرور الخاصة بك لن تتغير.".into()),
                    ],
                }
            }
        }
        Message::EmailVerification { link, code, hours } => {
            let validity = duration_hours(*hours, lang);
            if fr {
                EmailContent {
                    subject: "Confirmez votre adresse e-mail".into(),
                    blocks: vec![
                        greeting,
                        Para("Pour confirmer votre adresse e-mail sur Souk, ouvrez ce lien :".into()),
                        Button { label: "Confirmer mon adresse e-mail", url: link.clone() },
                        Para("Vous pouvez aussi saisir ce code :".into()),
                        Code(code.clone()),
                        Para(format!("Le lien et le code sont valables {validity}.")),
                        Fine("Si vous n'avez pas demandé cette confirmation, ignorez cet e-mail.".into()),
                    ],
                }
            } else {
                EmailContent {
                    subject: "أكّد عنوان بريدك الإلكتروني".into(),
                    blocks: vec![
                        greeting,
                        Para("لتأكيد عنوان بريدك الإلكتروني على Souk، افتح هذا الرابط:".into()),
                        Button { label: "تأكيد بريدي الإلكتروني", url: link.clone() },
                        Para("يمكنك أيضًا إدخال هذا الرمز:".into()),
                        Code(code.clone()),
                        Para(format!("الرابط والرمز صالحان لمدة {validity}.")),
                        Fine("إذا لم تطلب هذا التأكيد، تجاهل هذه الرسالة.".into()),
                    ],
                }
            }
        }
        Message::AdRefused { title, reason } => {
            let title = one_line(title);
            if fr {
                EmailContent {
                    subject: format!("Votre annonce « {title} » n'a pas été acceptée"),
                    blocks: vec![
                        greeting,
                        Para(format!(
                            "Après vérification par notre équipe de modération, votre annonce « {title} » \
                             n'a pas été publiée."
                        )),
                        Para(format!("Motif : {}", reason.trim())),
                        Para(
                            "Vous pouvez la modifier depuis Mes annonces pour la soumettre à nouveau, \
                             ou faire appel de cette décision."
                                .into(),
                        ),
                    ],
                }
            } else {
                EmailContent {
                    subject: format!("لم يتم قبول إعلانك «{title}»"),
                    blocks: vec![
                        greeting,
                        Para(format!("بعد مراجعته من طرف فريق الإشراف، لم يتم نشر إعلانك «{title}».")),
                        Para(format!("السبب: {}", reason.trim())),
                        Para("يمكنك تعديله من «إعلاناتي» لإرساله من جديد، أو تقديم طعن في هذا القرار.".into()),
                    ],
                }
            }
        }
        Message::SellerMessage { title, from_email, text, cv_attached, link } => {
            let (title, from) = (one_line(title), one_line(from_email));
            if fr {
                let mut blocks = vec![
                    greeting,
                    Para(format!("{from} vous a écrit au sujet de votre annonce « {title} » :")),
                    Para(text.trim().to_owned()),
                ];
                if *cv_attached {
                    blocks.push(Para("Un CV est joint : retrouvez-le dans vos messages.".into()));
                }
                blocks.push(Button { label: "Voir mes messages", url: link.clone() });
                blocks.push(Fine(format!("Pour lui répondre, écrivez à {from}.")));
                EmailContent { subject: format!("Nouveau message au sujet de « {title} »"), blocks }
            } else {
                let mut blocks =
                    vec![greeting, Para(format!("راسلك {from} بخصوص إعلانك «{title}»:")), Para(text.trim().to_owned())];
                if *cv_attached {
                    blocks.push(Para("أُرفقت سيرة ذاتية: تجدها في رسائلك.".into()));
                }
                blocks.push(Button { label: "عرض رسائلي", url: link.clone() });
                blocks.push(Fine(format!("للرد عليه، اكتب إلى {from}.")));
                EmailContent { subject: format!("رسالة جديدة بخصوص «{title}»"), blocks }
            }
        }
        Message::SellerMessageConfirmation { title, link, hours } => {
            let (title, validity) = (one_line(title), duration_hours(*hours, lang));
            if fr {
                EmailContent {
                    subject: format!("Confirmez votre message au sujet de « {title} »"),
                    blocks: vec![
                        greeting,
                        Para(format!(
                            "Vous avez écrit au vendeur de l'annonce « {title} » sur Souk. \
                             Pour lui transmettre votre message, confirmez votre adresse e-mail :"
                        )),
                        Button { label: "Confirmer et envoyer mon message", url: link.clone() },
                        Para(format!(
                            "Ce lien est valable {validity}. Une fois votre adresse confirmée, \
                             vos prochains messages partiront directement."
                        )),
                        Fine(
                            "Si vous n'avez écrit à personne sur Souk, ignorez cet e-mail : rien ne sera envoyé."
                                .into(),
                        ),
                    ],
                }
            } else {
                EmailContent {
                    subject: format!("أكّد رسالتك بخصوص «{title}»"),
                    blocks: vec![
                        greeting,
                        Para(format!(
                            "راسلت بائع الإعلان «{title}» على Souk. لإيصال رسالتك إليه، أكّد عنوان بريدك الإلكتروني:"
                        )),
                        Button { label: "تأكيد رسالتي وإرسالها", url: link.clone() },
                        Para(format!(
                            "هذا الرابط صالح لمدة {validity}. بعد تأكيد عنوانك، ستُرسل رسائلك التالية مباشرة."
                        )),
                        Fine("إذا لم تراسل أحدًا على Souk، تجاهل هذه الرسالة: لن يُرسل أي شيء.".into()),
                    ],
                }
            }
        }
        Message::SellerMessageDigest { messages, link } => {
            let n = messages.len();
            let mut blocks = vec![greeting];
            blocks.push(Para(if fr {
                format!("Vous avez reçu {n} nouveaux messages de visiteurs au sujet de vos annonces :")
            } else {
                format!("وصلتك {n} رسائل جديدة من الزوار بخصوص إعلاناتك:")
            }));
            for m in messages {
                let (title, from) = (one_line(&m.title), one_line(&m.from_email));
                blocks.push(Para(if fr {
                    format!("« {title} », de {from} :")
                } else {
                    format!("«{title}»، من {from}:")
                }));
                blocks.push(Para(m.text.trim().to_owned()));
                if m.cv_attached {
                    blocks.push(Fine(if fr {
                        "Un CV est joint : retrouvez-le dans vos messages.".into()
                    } else {
                        "أُرفقت سيرة ذاتية: تجدها في رسائلك.".into()
                    }));
                }
            }
            blocks.push(Button {
                label: if fr { "Voir mes messages" } else { "عرض رسائلي" }, url: link.clone()
            });
            blocks.push(Fine(if fr {
                "Pour répondre à un visiteur, écrivez à son adresse e-mail.".into()
            } else {
                "للرد على زائر، اكتب إلى عنوان بريده الإلكتروني.".into()
            }));
            EmailContent {
                subject: if fr {
                    format!("{n} nouveaux messages au sujet de vos annonces")
                } else {
                    format!("{n} رسائل جديدة بخصوص إعلاناتك")
                },
                blocks,
            }
        }
        Message::NewOrder { order_id, product, units, total, buyer, link } => {
            let (product, buyer) = (one_line(product), one_line(buyer));
            if fr {
                EmailContent {
                    subject: format!("Nouvelle commande : {product}"),
                    blocks: vec![
                        greeting,
                        Para(format!(
                            "{buyer} vient de commander {units} × « {product} » pour {total}, payable à la livraison."
                        )),
                        Para(format!("Commande n° {order_id}. Préparez-la depuis votre espace vendeur :")),
                        Button { label: "Voir mes commandes", url: link.clone() },
                        Fine("Le client attend un appel de confirmation : préparez la commande au plus vite.".into()),
                    ],
                }
            } else {
                EmailContent {
                    subject: format!("طلب جديد: {product}"),
                    blocks: vec![
                        greeting,
                        Para(format!("طلب {buyer} للتو {units} × «{product}» بمبلغ {total}، يُدفع عند التسليم.")),
                        Para(format!("رقم الطلب {order_id}. جهّزه من فضاء البائع:")),
                        Button { label: "عرض طلباتي", url: link.clone() },
                        Fine("ينتظر الزبون مكالمة تأكيد: جهّز الطلب في أقرب وقت.".into()),
                    ],
                }
            }
        }
        Message::ValuationEstimate { car, low, high, ad_value, transaction_value, confidence, expires, link } => {
            let car = one_line(car);
            if fr {
                EmailContent {
                    subject: format!("L'estimation de votre {car}"),
                    blocks: vec![
                        greeting,
                        Para(format!("Votre {car} est estimée entre {low} et {high}.")),
                        Para(format!(
                            "Prix à afficher dans une annonce : {ad_value}. Prix de transaction probable : \
                             {transaction_value}. Indice de confiance : {confidence} sur 5."
                        )),
                        Button { label: "Voir mon estimation", url: link.clone() },
                        Fine(format!(
                            "Estimation calculée à partir des annonces comparables en ligne sur Souk, valable \
                             jusqu'au {expires}."
                        )),
                    ],
                }
            } else {
                EmailContent {
                    subject: format!("تقييم سيارتك {car}"),
                    blocks: vec![
                        greeting,
                        Para(format!("القيمة التقديرية لسيارتك {car} بين {low} و{high}.")),
                        Para(format!(
                            "الثمن المقترح في الإعلان: {ad_value}. ثمن البيع المرجح: {transaction_value}. \
                             مؤشر الثقة: {confidence} من 5."
                        )),
                        Button { label: "عرض تقييمي", url: link.clone() },
                        Fine(format!(
                            "تقييم محسوب انطلاقًا من الإعلانات المماثلة المنشورة على Souk، صالح إلى غاية {expires}."
                        )),
                    ],
                }
            }
        }
        Message::CreditRequestReceived { title, amount, months, monthly_payment, link } => {
            let title = one_line(title);
            if fr {
                EmailContent {
                    subject: format!("Votre demande de crédit pour « {title} »"),
                    blocks: vec![
                        greeting,
                        Para(format!(
                            "Nous avons bien reçu votre demande de crédit pré-approuvé de {amount} sur {months} mois \
                             pour « {title} »."
                        )),
                        Para(format!("Mensualité simulée : {monthly_payment}.")),
                        Para("Un conseiller vous contactera pour l'étudier avec vous.".into()),
                        Button { label: "Revoir l'annonce", url: link.clone() },
                        Fine("Simulation indicative : l'offre définitive dépend de l'étude de votre dossier.".into()),
                    ],
                }
            } else {
                EmailContent {
                    subject: format!("طلب القرض الخاص بك من أجل «{title}»"),
                    blocks: vec![
                        greeting,
                        Para(format!(
                            "توصلنا بطلب القرض المسبق الموافقة الخاص بك بمبلغ {amount} على {months} شهرًا من أجل «{title}»."
                        )),
                        Para(format!("القسط الشهري التقديري: {monthly_payment}.")),
                        Para("سيتصل بك مستشار لدراسة طلبك معك.".into()),
                        Button { label: "عرض الإعلان", url: link.clone() },
                        Fine("محاكاة إرشادية: العرض النهائي رهين بدراسة ملفك.".into()),
                    ],
                }
            }
        }
        Message::OrderReminder { order_id, product, hours, link } => {
            let (product, waited) = (one_line(product), duration_hours(*hours, lang));
            if fr {
                EmailContent {
                    subject: format!("Commande en attente : {product}"),
                    blocks: vec![
                        greeting,
                        Para(format!(
                            "La commande n° {order_id} de « {product} » attend d'être préparée depuis {waited}."
                        )),
                        Button { label: "Préparer la commande", url: link.clone() },
                    ],
                }
            } else {
                EmailContent {
                    subject: format!("طلب في الانتظار: {product}"),
                    blocks: vec![
                        greeting,
                        Para(format!("الطلب رقم {order_id} لـ«{product}» ينتظر التجهيز منذ {waited}.")),
                        Button { label: "تجهيز الطلب", url: link.clone() },
                    ],
                }
            }
        }
        Message::SavedSearchDigest { searches } => {
            let total: usize = searches.iter().map(|s| s.ads.len() + s.more).sum();
            let mut blocks = vec![greeting];
            blocks.push(Para(if fr {
                format!("{total} nouvelles annonces correspondent à vos recherches sauvegardées.")
            } else {
                format!("{total} إعلانات جديدة تطابق عمليات البحث المحفوظة لديك.")
            }));
            for s in searches {
                blocks.push(Para(format!("« {} »", one_line(&s.name))));
                for (title, url) in &s.ads {
                    blocks.push(Para(format!("{} : {url}", one_line(title))));
                }
                if s.more > 0 {
                    blocks.push(Fine(if fr {
                        format!("Et {} autres annonces.", s.more)
                    } else {
                        format!("و{} إعلانات أخرى.", s.more)
                    }));
                }
            }
            blocks.push(Fine(if fr {
                "Gérez vos alertes depuis Mon compte, Recherches sauvegardées.".into()
            } else {
                "يمكنك إدارة التنبيهات من حسابي، عمليات البحث المحفوظة.".into()
            }));
            EmailContent {
                subject: if fr {
                    format!("{total} nouvelles annonces pour vos recherches")
                } else {
                    format!("{total} إعلانات جديدة لعمليات البحث الخاصة بك")
                },
                blocks,
            }
        }
    }
}

impl EmailContent {
    fn text(&self, lang: Lang) -> String {
        let mut parts: Vec<&str> = Vec::with_capacity(self.blocks.len() + 1);
        for block in &self.blocks {
            parts.push(match block {
                Block::Para(text) | Block::Fine(text) | Block::Code(text) => text,
                Block::Button { url, .. } => url,
            });
        }
        parts.push(signature(lang));
        parts.join("\n\n")
    }

    fn html(&self, lang: Lang) -> String {
        let (dir, align) = if lang.is_rtl() { ("rtl", "right") } else { ("ltr", "left") };
        let mut body = String::new();
        for block in &self.blocks {
            match block {
                Block::Para(text) => {
                    body.push_str(&format!("<p style=\"margin:0 0 16px\">{}</p>\n", escape_html(text)));
                }
                Block::Code(code) => body.push_str(&format!(
                    "<p dir=\"ltr\" style=\"margin:0 0 16px;font-size:28px;font-weight:bold;letter-spacing:6px;\
                     font-family:Menlo,Consolas,monospace;text-align:{align}\">{}</p>\n",
                    escape_html(code)
                )),
                Block::Button { label, url } => {
                    let url = escape_html(url);
                    body.push_str(&format!(
                        "<p style=\"margin:0 0 16px\"><a href=\"{url}\" style=\"display:inline-block;padding:12px 20px;\
                         background:#e4572e;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:bold\">\
                         {}</a></p>\n",
                        escape_html(label)
                    ));
                    body.push_str(&format!(
                        "<p style=\"margin:0 0 16px;font-size:13px;color:#666666\">{}<br>\
                         <a dir=\"ltr\" href=\"{url}\" style=\"color:#666666;word-break:break-all\">{url}</a></p>\n",
                        escape_html(button_fallback(lang))
                    ));
                }
                Block::Fine(text) => body.push_str(&format!(
                    "<p style=\"margin:0 0 16px;font-size:13px;color:#666666\">{}</p>\n",
                    escape_html(text)
                )),
            }
        }
        format!(
            "<!DOCTYPE html>\n<html lang=\"{lang}\" dir=\"{dir}\">\n<head>\n<meta charset=\"utf-8\">\n\
             <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>{title}</title>\n</head>\n\
             <body dir=\"{dir}\" style=\"margin:0;padding:24px;background:#f4f4f4;color:#222222;\
             font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5\">\n\
             <div dir=\"{dir}\" style=\"max-width:560px;margin:0 auto;padding:24px;background:#ffffff;\
             border-radius:8px;text-align:{align}\">\n\
             <p style=\"margin:0 0 24px;font-size:22px;font-weight:bold;color:#e4572e\">Souk</p>\n\
             {body}<p style=\"margin:24px 0 0\">{signature}</p>\n</div>\n</body>\n</html>\n",
            lang = lang.code(),
            title = escape_html(&self.subject),
            signature = escape_html(signature(lang)),
        )
    }
}

fn signature(lang: Lang) -> &'static str {
    match lang {
        Lang::Fr => "L'équipe Souk",
        Lang::Ar => "فريق Souk",
    }
}

fn button_fallback(lang: Lang) -> &'static str {
    match lang {
        Lang::Fr => "Si le bouton ne fonctionne pas, copiez ce lien dans votre navigateur :",
        Lang::Ar => "إذا لم يعمل الزر، انسخ هذا الرابط في متصفحك:",
    }
}

/// "10 minutes" / "10 دقائق", with Arabic's dual and plural forms.
fn duration_minutes(n: u32, lang: Lang) -> String {
    match lang {
        Lang::Fr if n <= 1 => format!("{n} minute"),
        Lang::Fr => format!("{n} minutes"),
        Lang::Ar => arabic_count(n, "دقيقة واحدة", "دقيقتين", "دقائق", "دقيقة"),
    }
}

/// "24 heures" / "24 ساعة", with Arabic's dual and plural forms.
fn duration_hours(n: u32, lang: Lang) -> String {
    match lang {
        Lang::Fr if n <= 1 => format!("{n} heure"),
        Lang::Fr => format!("{n} heures"),
        Lang::Ar => arabic_count(n, "ساعة واحدة", "ساعتين", "ساعات", "ساعة"),
    }
}

/// Arabic counted nouns: one and two have their own words, 3 to 10 take the plural, the rest
/// (11 to 99, and hundreds) the singular.
fn arabic_count(n: u32, one: &str, two: &str, few: &str, other: &str) -> String {
    match n {
        1 => one.to_string(),
        2 => two.to_string(),
        _ if (3..=10).contains(&(n % 100)) => format!("{n} {few}"),
        _ => format!("{n} {other}"),
    }
}

/// A value put inside a sentence or a subject: control characters (line breaks included) become
/// spaces, so a title cannot break a header or the layout of a short message.
fn one_line(value: &str) -> String {
    value.trim().chars().map(|c| if c.is_control() { ' ' } else { c }).collect()
}

/// A value that ends a sentence the template closes itself: no doubled final full stop.
fn sentence(value: &str) -> String {
    one_line(value).trim_end_matches(['.', ' ']).to_string()
}

/// Escapes text for HTML element content and quoted attribute values.
fn escape_html(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for c in value.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all_messages() -> Vec<Message> {
        vec![
            Message::PhoneVerificationCode { code: "482913".into(), minutes: 10 },
            Message::RecoveryCode { code: "771204".into(), minutes: 15 },
            Message::RecoveryLink { link: "https://souk.ma/fr/reset?token=abc".into(), hours: 24 },
            Message::EmailVerification {
                link: "https://souk.ma/fr/verify?token=xyz".into(),
                code: "309551".into(),
                hours: 48,
            },
            Message::AdRefused { title: "Vélo tout terrain".into(), reason: "Photos floues.".into() },
            Message::SellerMessage {
                title: "Vélo tout terrain".into(),
                from_email: "visiteur@example.ma".into(),
                text: "Est-il toujours disponible ?".into(),
                cv_attached: true,
                link: "https://souk.ma/fr/messages".into(),
            },
            Message::SellerMessageConfirmation {
                title: "Vélo tout terrain".into(),
                link: "https://souk.ma/confirmer-message/tok?lang=fr".into(),
                hours: 24,
            },
            Message::SellerMessageDigest {
                messages: vec![
                    crate::notify::DigestMessage {
                        title: "Vélo".into(),
                        from_email: "a@example.ma".into(),
                        text: "Premier".into(),
                        cv_attached: false,
                    },
                    crate::notify::DigestMessage {
                        title: "Vélo".into(),
                        from_email: "b@example.ma".into(),
                        text: "Second".into(),
                        cv_attached: true,
                    },
                ],
                link: "https://souk.ma/fr/messages".into(),
            },
            Message::SavedSearchDigest {
                searches: vec![crate::notify::DigestSearch {
                    name: "Vélo à Fès".into(),
                    ads: vec![("Vélo de route".into(), "https://souk.ma/fes-meknes/velos/velo_1.htm".into())],
                    more: 2,
                }],
            },
        ]
    }

    #[test]
    fn sms_says_the_code_and_expiry_in_each_language() {
        let msg = Message::PhoneVerificationCode { code: "123456".into(), minutes: 10 };
        assert_eq!(
            render_sms(&msg, Lang::Fr),
            "Souk : votre code de vérification est 123456. Il expire dans 10 minutes. Ne le communiquez à personne."
        );
        let ar = render_sms(&msg, Lang::Ar);
        assert!(ar.contains("123456"), "{ar}");
        assert!(ar.contains("رمز التحقق"), "{ar}");
        assert!(ar.contains("10 دقائق"), "{ar}");
    }

    #[test]
    fn every_message_mentions_its_code_and_link_in_both_channels_and_languages() {
        for msg in all_messages() {
            for lang in Lang::ALL {
                let sms = render_sms(&msg, lang);
                let email = render_email(&msg, lang);
                assert!(!email.subject.is_empty());
                for value in msg.code().into_iter().chain(msg.link()) {
                    assert!(sms.contains(value), "{lang:?} sms lacks {value}: {sms}");
                    assert!(email.text.contains(value), "{lang:?} text lacks {value}: {}", email.text);
                    assert!(email.html.contains(&escape_html(value)), "{lang:?} html lacks {value}");
                }
                let arabic = email.text.chars().any(|c| ('\u{0600}'..='\u{06FF}').contains(&c));
                assert_eq!(arabic, lang == Lang::Ar, "{lang:?}: {}", email.text);
            }
        }
    }

    #[test]
    fn arabic_html_is_right_to_left_and_french_left_to_right() {
        let msg = Message::RecoveryLink { link: "https://souk.ma/ar/reset?token=t".into(), hours: 2 };
        let ar = render_email(&msg, Lang::Ar);
        assert!(ar.html.contains("<html lang=\"ar\" dir=\"rtl\">"), "{}", ar.html);
        assert!(ar.text.contains("صالح لمدة ساعتين"), "{}", ar.text);
        let fr = render_email(&msg, Lang::Fr);
        assert!(fr.html.contains("<html lang=\"fr\" dir=\"ltr\">"), "{}", fr.html);
        assert!(!fr.html.contains("rtl"));
        assert!(fr.text.contains("valable 2 heures"), "{}", fr.text);
    }

    #[test]
    fn interpolated_values_are_escaped_in_html_only() {
        let msg = Message::AdRefused {
            title: "<script>alert('x')</script> & \"co\"".into(),
            reason: "Lien <a href=x>interdit</a>".into(),
        };
        for lang in Lang::ALL {
            let email = render_email(&msg, lang);
            assert!(!email.html.contains("<script>"), "{}", email.html);
            assert!(!email.html.contains("<a href=x>"), "{}", email.html);
            assert!(email.html.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;co&quot;"));
            assert!(email.html.contains("Lien &lt;a href=x&gt;interdit&lt;/a&gt;"));
            assert!(email.text.contains("<script>alert('x')</script> & \"co\""), "{}", email.text);
        }
        let link = Message::RecoveryLink { link: "https://souk.ma/reset?a=1&b=\"><img>".into(), hours: 1 };
        let html = render_email(&link, Lang::Fr).html;
        assert!(html.contains("href=\"https://souk.ma/reset?a=1&amp;b=&quot;&gt;&lt;img&gt;\""), "{html}");
        assert!(!html.contains("<img>"));
    }

    #[test]
    fn a_title_cannot_break_the_subject_line() {
        let msg = Message::AdRefused { title: "Villa\r\nBcc: x@y.z".into(), reason: "Doublon".into() };
        let email = render_email(&msg, Lang::Fr);
        assert_eq!(email.subject, "Votre annonce « Villa  Bcc: x@y.z » n'a pas été acceptée");
        assert!(render_sms(&msg, Lang::Fr).contains("Motif : Doublon. "));
    }

    #[test]
    fn durations_agree_in_number() {
        assert_eq!(duration_minutes(1, Lang::Fr), "1 minute");
        assert_eq!(duration_minutes(5, Lang::Fr), "5 minutes");
        assert_eq!(duration_hours(1, Lang::Fr), "1 heure");
        assert_eq!(duration_hours(1, Lang::Ar), "ساعة واحدة");
        assert_eq!(duration_hours(2, Lang::Ar), "ساعتين");
        assert_eq!(duration_hours(3, Lang::Ar), "3 ساعات");
        assert_eq!(duration_hours(24, Lang::Ar), "24 ساعة");
        assert_eq!(duration_minutes(10, Lang::Ar), "10 دقائق");
        assert_eq!(duration_minutes(15, Lang::Ar), "15 دقيقة");
        assert_eq!(duration_minutes(103, Lang::Ar), "103 دقائق");
    }
}

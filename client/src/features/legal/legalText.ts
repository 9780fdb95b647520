// The text of the legal pages (terms of use, privacy), in French and Arabic: sections of a
// title and paragraphs. Kept here rather than in the message catalogues: it is a document,
// read as a whole, not interface wording. The date is the text's last change (ISO 8601).

import type { Language } from '../../app/language';

export interface LegalSection {
  id: string;
  title: string;
  paragraphs: string[];
}

export interface LegalDocument {
  updated: string;
  sections: LegalSection[];
}

export type LegalKind = 'terms' | 'privacy';

const TERMS: Record<Language, LegalSection[]> = {
  fr: [
    {
      id: 'objet',
      title: 'Objet du service',
      paragraphs: [
        'Souk est une plateforme de petites annonces qui met en relation, partout au Maroc, des personnes qui vendent, louent ou proposent un service et des personnes qui cherchent. Souk n’est partie à aucune vente : le contrat se forme entre l’acheteur et le vendeur.',
        'En utilisant le site, vous acceptez les présentes conditions. Si vous ne les acceptez pas, n’utilisez pas le service.',
      ],
    },
    {
      id: 'compte',
      title: 'Votre compte',
      paragraphs: [
        'Un compte particulier s’ouvre avec un numéro de téléphone, un compte boutique avec une adresse e-mail. Vous êtes responsable de l’exactitude des informations données et de la confidentialité de votre mot de passe.',
        'Un compte peut être suspendu en cas de fraude, d’usurpation d’identité ou de manquements répétés aux règles de publication.',
      ],
    },
    {
      id: 'annonces',
      title: 'Publication des annonces',
      paragraphs: [
        'Chaque annonce est vérifiée avant sa publication. Elle décrit un bien ou un service réel, disponible au Maroc, dans la bonne catégorie, avec un prix en dirhams (DH) et des photos de l’objet proposé.',
        'Le titre et la description ne contiennent ni numéro de téléphone, ni adresse e-mail, ni lien : le vendeur est joint par les boutons de l’annonce. Les produits interdits par la loi, les contrefaçons et les contenus offensants sont refusés.',
        'Une annonce refusée peut être corrigée puis soumise à nouveau ; le motif du refus vous est indiqué.',
      ],
    },
    {
      id: 'services-payants',
      title: 'Services payants',
      paragraphs: [
        'Certaines options (mise en avant, remontée, packs de photos) sont payantes. Leur prix est affiché en dirhams avant la commande, et la facture est disponible dans votre compte. Une option démarre après la confirmation du paiement.',
      ],
    },
    {
      id: 'messagerie',
      title: 'Messagerie et contact',
      paragraphs: [
        'La messagerie sert à échanger au sujet d’une annonce. Le démarchage, les messages en masse et les tentatives d’hameçonnage sont interdits. Vous pouvez bloquer un interlocuteur et signaler une annonce.',
        'Méfiez-vous de toute demande de paiement à l’avance ou de tout lien de paiement reçu par message : Souk ne vous demandera jamais vos coordonnées bancaires par ce moyen.',
      ],
    },
    {
      id: 'responsabilite',
      title: 'Responsabilité',
      paragraphs: [
        'Chaque annonceur répond du contenu de ses annonces. Souk retire sans délai une annonce manifestement illicite qui lui est signalée.',
      ],
    },
    {
      id: 'contact',
      title: 'Nous contacter',
      paragraphs: ['Le service client répond de 9h à 20h, 7 jours sur 7, en français et en arabe.'],
    },
  ],
  ar: [
    {
      id: 'objet',
      title: 'موضوع الخدمة',
      paragraphs: [
        'سوق منصة للإعلانات المبوبة تربط، في كل أنحاء المغرب، بين من يبيع أو يكري أو يقترح خدمة ومن يبحث عنها. سوق ليس طرفًا في أي عملية بيع: يُبرم العقد بين المشتري والبائع.',
        'باستعمالك للموقع، فإنك تقبل هذه الشروط. إذا لم تقبلها، فلا تستعمل الخدمة.',
      ],
    },
    {
      id: 'compte',
      title: 'حسابك',
      paragraphs: [
        'يُفتح حساب الأفراد برقم هاتف، وحساب المتجر بعنوان بريد إلكتروني. أنت مسؤول عن صحة المعلومات المقدَّمة وعن سرية كلمة المرور.',
        'يمكن تعليق الحساب في حالة الاحتيال أو انتحال الهوية أو تكرار مخالفة قواعد النشر.',
      ],
    },
    {
      id: 'annonces',
      title: 'نشر الإعلانات',
      paragraphs: [
        'يُراجَع كل إعلان قبل نشره. يصف الإعلان منتجًا أو خدمة حقيقية ومتوفرة في المغرب، في الفئة المناسبة، بثمن بالدرهم وبصور للمنتج المعروض.',
        'لا يتضمن العنوان والوصف رقم هاتف ولا بريدًا إلكترونيًا ولا رابطًا: يُتواصل مع البائع عبر أزرار الإعلان. تُرفض المنتجات التي يمنعها القانون والمنتجات المقلدة والمحتويات المسيئة.',
        'يمكن تصحيح الإعلان المرفوض ثم إرساله من جديد؛ ويُبيَّن لك سبب الرفض.',
      ],
    },
    {
      id: 'services-payants',
      title: 'الخدمات المؤدى عنها',
      paragraphs: [
        'بعض الخيارات (الإبراز، إعادة الإعلان إلى الأعلى، باقات الصور) مؤدى عنها. يُعرض ثمنها بالدرهم قبل الطلب، والفاتورة متوفرة في حسابك. يبدأ الخيار بعد تأكيد الأداء.',
      ],
    },
    {
      id: 'messagerie',
      title: 'الرسائل والتواصل',
      paragraphs: [
        'تُستعمل الرسائل للتواصل بخصوص إعلان. يُمنع الترويج والرسائل الجماعية ومحاولات التصيد. يمكنك حظر أي محاور والإبلاغ عن أي إعلان.',
        'احذر من أي طلب أداء مسبق أو رابط أداء يصلك في رسالة: لن يطلب منك سوق أبدًا معلوماتك البنكية بهذه الطريقة.',
      ],
    },
    {
      id: 'responsabilite',
      title: 'المسؤولية',
      paragraphs: ['كل معلن مسؤول عن محتوى إعلاناته. يسحب سوق دون تأخير كل إعلان مخالف للقانون بشكل واضح يُبلَّغ عنه.'],
    },
    {
      id: 'contact',
      title: 'اتصل بنا',
      paragraphs: ['تجيب خدمة العملاء من التاسعة صباحًا إلى الثامنة مساءً، 7 أيام في الأسبوع، بالعربية والفرنسية.'],
    },
  ],
};

const PRIVACY: Record<Language, LegalSection[]> = {
  fr: [
    {
      id: 'donnees',
      title: 'Les données que nous traitons',
      paragraphs: [
        'Votre nom, votre numéro de téléphone ou votre adresse e-mail, votre ville ; vos annonces et leurs photos ; vos messages ; vos commandes et paiements d’options ; et, pour la sécurité du service, les journaux techniques de connexion.',
      ],
    },
    {
      id: 'finalites',
      title: 'Pourquoi',
      paragraphs: [
        'Pour faire fonctionner votre compte, publier et vérifier vos annonces, acheminer vos messages, facturer les options payantes, prévenir la fraude et mesurer l’audience de vos annonces (vues, numéros affichés, conversations). Nous ne vendons pas vos données.',
      ],
    },
    {
      id: 'numero',
      title: 'Votre numéro de téléphone',
      paragraphs: [
        'Votre numéro n’apparaît jamais dans le texte d’une annonce : il n’est montré qu’à la personne qui le demande, et vous pouvez le masquer sur chaque annonce pour n’être contacté que par message.',
      ],
    },
    {
      id: 'conservation',
      title: 'Durée de conservation',
      paragraphs: [
        'Vos données sont gardées tant que votre compte est ouvert, puis effacées ou anonymisées, sauf celles que la loi impose de conserver (factures notamment).',
      ],
    },
    {
      id: 'droits',
      title: 'Vos droits',
      paragraphs: [
        'Conformément à la loi n° 09-08 relative à la protection des personnes physiques à l’égard du traitement des données à caractère personnel, vous disposez d’un droit d’accès, de rectification et d’opposition. Vous pouvez corriger la plupart de vos informations depuis les paramètres de votre compte, ou écrire au service client.',
      ],
    },
    {
      id: 'cookies',
      title: 'Cookies',
      paragraphs: [
        'Souk n’utilise que les cookies nécessaires au service : votre session de connexion et votre langue. Aucun cookie publicitaire n’est déposé.',
      ],
    },
  ],
  ar: [
    {
      id: 'donnees',
      title: 'المعطيات التي نعالجها',
      paragraphs: [
        'اسمك ورقم هاتفك أو بريدك الإلكتروني ومدينتك؛ إعلاناتك وصورها؛ رسائلك؛ طلباتك وأداءات الخيارات؛ وسجلات الاتصال التقنية لضمان أمن الخدمة.',
      ],
    },
    {
      id: 'finalites',
      title: 'لماذا',
      paragraphs: [
        'لتشغيل حسابك ونشر إعلاناتك ومراجعتها وإيصال رسائلك وفوترة الخيارات المؤدى عنها ومنع الاحتيال وقياس مشاهدات إعلاناتك (المشاهدات، الأرقام المعروضة، المحادثات). نحن لا نبيع معطياتك.',
      ],
    },
    {
      id: 'numero',
      title: 'رقم هاتفك',
      paragraphs: [
        'لا يظهر رقمك أبدًا في نص الإعلان: لا يُعرض إلا لمن يطلبه، ويمكنك إخفاؤه في كل إعلان حتى لا يُتواصل معك إلا عبر الرسائل.',
      ],
    },
    {
      id: 'conservation',
      title: 'مدة الحفظ',
      paragraphs: ['تُحفظ معطياتك ما دام حسابك مفتوحًا، ثم تُحذف أو تُجعل مجهولة الهوية، باستثناء ما يفرض القانون حفظه (الفواتير خاصة).'],
    },
    {
      id: 'droits',
      title: 'حقوقك',
      paragraphs: [
        'طبقًا للقانون رقم 09-08 المتعلق بحماية الأشخاص الذاتيين تجاه معالجة المعطيات ذات الطابع الشخصي، لك الحق في الولوج إلى معطياتك وتصحيحها والتعرض على معالجتها. يمكنك تصحيح أغلب معلوماتك من إعدادات حسابك، أو مراسلة خدمة العملاء.',
      ],
    },
    {
      id: 'cookies',
      title: 'ملفات تعريف الارتباط',
      paragraphs: ['لا يستعمل سوق إلا ملفات تعريف الارتباط الضرورية للخدمة: جلسة الدخول واللغة. لا تُستعمل أي ملفات إشهارية.'],
    },
  ],
};

export function legalDocument(kind: LegalKind, language: Language): LegalDocument {
  return { updated: '2026-11-27', sections: (kind === 'terms' ? TERMS : PRIVACY)[language] };
}

// The legal pages linked from the footer: terms of use (/conditions-utilisation) and privacy
// (/confidentialite), with or without a language prefix, in the page's language: the title, the
// date of the text's last change, a table of contents (beside the text on a desktop, above it
// on a phone) and the sections (features/legal/legalText.ts).

import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useLanguage } from '../../app/i18n';
import { localized, PATHS } from '../../app/paths';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { legalDocument, type LegalKind } from './legalText';

export default function LegalPage({ kind }: { kind: LegalKind }) {
  const intl = useIntl();
  const language = useLanguage();
  const document = legalDocument(kind, language);
  useDocumentTitle(intl.formatMessage({ id: kind === 'terms' ? 'legal.terms.documentTitle' : 'legal.privacy.documentTitle' }));
  const other: LegalKind = kind === 'terms' ? 'privacy' : 'terms';
  return (
    <div className="page legal">
      <header className="legal__head">
        <h1>{intl.formatMessage({ id: kind === 'terms' ? 'footer.legal.terms' : 'footer.legal.privacy' })}</h1>
        <p className="legal__updated">
          {intl.formatMessage({ id: 'legal.updated' }, { date: intl.formatDate(new Date(`${document.updated}T12:00:00Z`), { dateStyle: 'long' }) })}
        </p>
      </header>
      <nav className="legal__contents" aria-labelledby="legal-contents">
        <h2 id="legal-contents" className="legal__contents-title">
          {intl.formatMessage({ id: 'legal.contents' })}
        </h2>
        <ol>
          {document.sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`}>{section.title}</a>
            </li>
          ))}
        </ol>
        <p className="legal__other">
          <Link to={localized(language, other === 'terms' ? PATHS.terms : PATHS.privacy)}>
            {intl.formatMessage({ id: other === 'terms' ? 'footer.legal.terms' : 'footer.legal.privacy' })}
          </Link>
        </p>
      </nav>
      <div className="legal__text">
        {document.sections.map((section) => (
          <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`}>
            <h2 id={`${section.id}-title`}>{section.title}</h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph.slice(0, 24)}>{paragraph}</p>
            ))}
          </section>
        ))}
      </div>
    </div>
  );
}

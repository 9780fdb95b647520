// The homepage figures (spec §9): 73% of goods sell in under 3 days, 92% of users satisfied.

import { useIntl } from 'react-intl';

export const HOME_FIGURES = { soldShare: 0.73, days: 3, satisfiedShare: 0.92 } as const;

export function HomeFigures() {
  const intl = useIntl();
  return (
    <ul className="home-figures" aria-label={intl.formatMessage({ id: 'home.figures.label' })}>
      <li className="home-figures__item">
        <strong className="home-figures__value">{intl.formatNumber(HOME_FIGURES.soldShare, { style: 'percent' })}</strong>{' '}
        {intl.formatMessage({ id: 'home.figures.sold' }, { days: HOME_FIGURES.days })}
      </li>
      <li className="home-figures__item">
        <strong className="home-figures__value">
          {intl.formatNumber(HOME_FIGURES.satisfiedShare, { style: 'percent' })}
        </strong>{' '}
        {intl.formatMessage({ id: 'home.figures.satisfied' })}
      </li>
    </ul>
  );
}

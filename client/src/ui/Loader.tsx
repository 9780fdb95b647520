// The busy indicator: a live `status` region named for what is loading.

import { useIntl } from 'react-intl';

export interface LoaderProps {
  /** What is loading, already translated; defaults to "Chargement…". */
  label?: string;
}

export function Loader({ label }: LoaderProps) {
  const intl = useIntl();
  const name = label ?? intl.formatMessage({ id: 'common.loading' });
  return (
    <div className="loader" role="status" aria-label={name}>
      <span className="loader__spinner" aria-hidden="true" />
      <span className="visually-hidden">{name}</span>
    </div>
  );
}

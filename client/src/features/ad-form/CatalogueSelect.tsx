// A parameter of step 2 whose choices come from the car catalogue (its descriptor's `source`):
// a searchable select (ui/SearchableSelect: one types "ren" to find Renault among dozens) of
// the brands, of the chosen brand's models (nothing to choose before the brand), of the fuels
// or of the gearboxes, labelled in the page's language where the catalogue has both. A failed read shows the §8 message with a retry under the select; a required one left
// empty says so beside it.

import { useIntl } from 'react-intl';
import { useGetCarBrandsQuery, useGetCarFuelsQuery, useGetCarGearboxesQuery, useGetCarModelsQuery } from '../../api/cars';
import { useLanguage } from '../../app/i18n';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { SearchableSelect } from '../../ui/SearchableSelect';

/** The catalogue sources the form knows how to list. */
export const CATALOGUE_SOURCES = ['carBrands', 'carModels', 'carFuels', 'carGearboxes'] as const;
export type CatalogueSource = (typeof CATALOGUE_SOURCES)[number];

export function isCatalogueSource(source: string | null): source is CatalogueSource {
  return (CATALOGUE_SOURCES as readonly (string | null)[]).includes(source);
}

interface Props {
  source: CatalogueSource;
  label: string;
  value: string;
  /** The brand chosen so far (the models' list follows it). */
  brand: string;
  onChange: (value: string) => void;
  /** Already translated. */
  problem?: string;
  onBlur?: () => void;
}

export function CatalogueSelect({ source, label, value, brand, onChange, problem, onBlur }: Props) {
  const intl = useIntl();
  const lang = useLanguage();
  const waitsForBrand = source === 'carModels' && brand === '';
  const queries = {
    carBrands: useGetCarBrandsQuery(undefined, { skip: source !== 'carBrands' }),
    carModels: useGetCarModelsQuery({ brand }, { skip: source !== 'carModels' || waitsForBrand }),
    carFuels: useGetCarFuelsQuery({ lang }, { skip: source !== 'carFuels' }),
    carGearboxes: useGetCarGearboxesQuery({ lang }, { skip: source !== 'carGearboxes' }),
  };
  const { currentData, isError, error, refetch } = queries[source];
  return (
    <>
      <div className="ad-form__choice" onBlur={onBlur}>
        <SearchableSelect
          label={label}
          value={value}
          disabled={waitsForBrand || !currentData}
          placeholder={intl.formatMessage({ id: waitsForBrand ? 'adForm.model.brandFirst' : 'adForm.choose' })}
          noMatch={intl.formatMessage({ id: 'common.noMatch' })}
          options={(currentData ?? []).map((choice) => ({ value: choice.key, label: choice.label }))}
          onValueChange={onChange}
          problem={problem}
        />
      </div>
      {isError && !waitsForBrand ? <ErrorMessage error={error} onRetry={() => void refetch()} /> : null}
    </>
  );
}

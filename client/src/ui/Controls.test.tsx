// The design system's controls: labelled, their problems linked for assistive technology, the
// searchable select filtering as typed (accents and Arabic letter variants ignored for matching
// only), the confirmation dialog's two answers.

import { fireEvent, render, screen, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { useState } from 'react';
import { frMessages as fr } from '../app/messagesForTests';
import { ConfirmDialog } from './Modal';
import { TextArea } from './Field';
import { filterOptions, matchKey, SearchableSelect } from './SearchableSelect';
import { RadioCards } from './RadioCards';

const CITIES = [
  { value: '1', label: 'Fès' },
  { value: '2', label: 'Casablanca' },
  { value: '3', label: 'الدار البيضاء' },
];

function City() {
  const [value, setValue] = useState('');
  return <SearchableSelect label="Ville" options={CITIES} value={value} onValueChange={setValue} noMatch="Aucun résultat" />;
}

describe('design system controls', () => {
  it('matches without accents or Arabic letter variants, keeping the typed text', () => {
    expect(matchKey('Fès')).toBe('fes');
    expect(matchKey('سيارة')).toBe('سياره');
    expect(filterOptions(CITIES, 'fes').map((o) => o.value)).toEqual(['1']);
    expect(filterOptions(CITIES, 'أل').map((o) => o.value)).toEqual(['3']);
  });

  it('lets one type into the searchable select and choose with the keyboard', () => {
    render(<City />);
    const box = screen.getByRole('combobox', { name: 'Ville' });
    fireEvent.focus(box);
    fireEvent.change(box, { target: { value: 'fes' } });
    expect(box).toHaveValue('fes');
    expect(within(screen.getByRole('listbox')).getAllByRole('option')).toHaveLength(1);
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(box).toHaveValue('Fès');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    fireEvent.focus(box);
    fireEvent.change(box, { target: { value: 'zzz' } });
    expect(screen.getByText('Aucun résultat')).toBeInTheDocument();
  });

  it('links a text area to its problem and shows its counter', () => {
    render(<TextArea label="Description" value="abc" onValueChange={() => undefined} problem="Au moins 10 caractères" counter={{ count: 3, max: 4000 }} />);
    const area = screen.getByRole('textbox', { name: 'Description' });
    expect(area).toHaveAttribute('aria-invalid', 'true');
    expect(area).toHaveAccessibleDescription('Au moins 10 caractères');
    expect(screen.getByText('3 / 4000')).toBeInTheDocument();
  });

  it('makes radio cards a real radio group', () => {
    const chosen: string[] = [];
    render(<RadioCards legend="Type d'annonce" value="sell" options={[{ value: 'sell', label: 'Offres' }, { value: 'wanted', label: 'Demandes' }]} onValueChange={(v) => chosen.push(v)} />);
    const group = screen.getByRole('group', { name: "Type d'annonce" });
    expect(within(group).getByRole('radio', { name: 'Offres' })).toBeChecked();
    fireEvent.click(within(group).getByRole('radio', { name: 'Demandes' }));
    expect(chosen).toEqual(['wanted']);
  });

  it('asks before acting and answers both ways', () => {
    const answers: string[] = [];
    render(
      <IntlProvider locale="fr" messages={fr}>
        <ConfirmDialog title="Annuler cette commande ?" message="Définitif." confirmLabel="Annuler la commande" cancelLabel="Garder" onConfirm={() => answers.push('yes')} onCancel={() => answers.push('no')} />
      </IntlProvider>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Annuler cette commande ?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Garder' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Annuler la commande' }));
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(answers).toEqual(['no', 'yes', 'no']);
  });
});

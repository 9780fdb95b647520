import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { IntlProvider } from 'react-intl';
import { arMessages as ar, frMessages as fr } from '../../app/messagesForTests';
import { AvailabilityCalendar } from './AvailabilityCalendar';
import { dayOf, labelOf } from './days';

function day(label: string): number {
  const d = dayOf(label);
  if (d === undefined) throw new Error(label);
  return d;
}

function Editable({ initial, seen }: { initial: number[]; seen: (booked: string[]) => void }) {
  const [booked, setBooked] = useState(new Set(initial));
  return (
    <AvailabilityCalendar
      booked={booked}
      onChange={(next) => {
        setBooked(next);
        seen([...next].sort((a, b) => a - b).map(labelOf));
      }}
    />
  );
}

function inFrench(ui: React.ReactNode) {
  return render(
    <IntlProvider locale="fr-MA" messages={fr}>
      {ui}
    </IntlProvider>,
  );
}

describe('the availability calendar', () => {
  beforeEach(() => {
    // Only the clock is fixed: 24 November 2026, 10:00.
    jest.useFakeTimers({ now: new Date(2026, 10, 24, 10), doNotFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'setImmediate', 'clearImmediate', 'queueMicrotask', 'nextTick'] });
  });

  afterEach(() => {
    jest.useRealTimers();
  });

  it('books a period with a first and a last night, and frees it the same way', () => {
    const seen = jest.fn();
    inFrench(<Editable initial={[]} seen={seen} />);
    expect(screen.getByRole('heading', { name: 'novembre 2026' })).toBeInTheDocument();
    expect(screen.getByText('Aucune nuit réservée : le logement est libre toute l’année.')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: '26 novembre 2026, libre' }));
    expect(screen.getByRole('status')).toHaveTextContent('Première nuit : 26 novembre 2026. Touchez la dernière nuit à réserver.');
    fireEvent.click(screen.getByRole('button', { name: '28 novembre 2026, libre' }));
    expect(seen).toHaveBeenLastCalledWith(['2026-11-26', '2026-11-27', '2026-11-28']);
    expect(screen.getByRole('button', { name: '27 novembre 2026, réservé' })).toHaveAttribute('aria-pressed', 'true');
    const periods = screen.getByRole('list', { name: 'Périodes réservées' });
    expect(within(periods).getByRole('listitem')).toHaveTextContent('Du 26 novembre au 28 novembre 2026');

    // Starting from a booked night frees the period chosen.
    fireEvent.click(screen.getByRole('button', { name: '27 novembre 2026, réservé' }));
    expect(screen.getByRole('status')).toHaveTextContent('Touchez la dernière nuit à libérer.');
    fireEvent.click(screen.getByRole('button', { name: '28 novembre 2026, réservé' }));
    expect(seen).toHaveBeenLastCalledWith(['2026-11-26']);
  });

  it('frees a whole period from the list, and keeps past and far nights out of reach', () => {
    const seen = jest.fn();
    inFrench(<Editable initial={[day('2026-12-24'), day('2026-12-25'), day('2026-11-30')]} seen={seen} />);
    expect(screen.getByRole('button', { name: '23 novembre 2026, libre' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Mois précédent' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Libérer : Du 24 décembre au 25 décembre 2026' }));
    expect(seen).toHaveBeenLastCalledWith(['2026-11-30']);

    for (let i = 0; i < 12; i += 1) fireEvent.click(screen.getByRole('button', { name: 'Mois suivant' }));
    expect(screen.getByRole('heading', { name: 'novembre 2027' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mois suivant' })).toBeDisabled();
    expect(screen.getByRole('button', { name: '24 novembre 2027, libre' })).toBeEnabled();
    expect(screen.getByRole('button', { name: '26 novembre 2027, libre' })).toBeDisabled();
  });

  it('shows buyers the booked nights without letting them change anything, in Arabic too', () => {
    render(
      <IntlProvider locale="ar-MA" messages={ar}>
        <AvailabilityCalendar booked={new Set([day('2026-11-25')])} />
      </IntlProvider>,
    );
    expect(screen.queryByRole('button', { name: /2026/ })).not.toBeInTheDocument();
    const booked = screen.getAllByRole('img').filter((cell) => cell.getAttribute('aria-label')?.endsWith('محجوز'));
    expect(booked).toHaveLength(1);
    expect(booked[0]).toHaveTextContent('25');
    expect(screen.getByText('محجوز', { selector: 'p', exact: false })).toBeInTheDocument();
  });
});

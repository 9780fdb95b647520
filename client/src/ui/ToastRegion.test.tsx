// The toast region: text resolution, closing, replacement and expiry.

import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { I18nProvider } from '../app/i18n';
import { createAppStore } from '../app/store';
import { TOAST_DURATION_MS, ToastRegion } from './ToastRegion';
import { toastShown } from './toastSlice';

function renderRegion() {
  const store = createAppStore();
  render(
    <Provider store={store}>
      <MemoryRouter>
        <I18nProvider>
          <ToastRegion />
        </I18nProvider>
      </MemoryRouter>
    </Provider>,
  );
  return store;
}

describe('toast region', () => {
  it('shows the translated message of a failure and closes it', () => {
    const store = renderRegion();

    act(() => {
      store.dispatch(toastShown({ kind: 'error', messageKey: 'common.error.generic' }));
    });

    const region = screen.getByRole('region', { name: 'Notifications' });
    const toast = within(region).getByRole('alert');
    expect(toast).toHaveTextContent('Erreur Veuillez réessayer plus tard');

    fireEvent.click(within(toast).getByRole('button', { name: 'Fermer' }));
    expect(within(region).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('falls back to the server wording, replaces a toast with the same key and expires', () => {
    jest.useFakeTimers();
    try {
      const store = renderRegion();

      act(() => {
        store.dispatch(toastShown({ kind: 'error', key: 'save', message: 'Premier' }));
        store.dispatch(toastShown({ kind: 'error', key: 'save', message: 'Annonce introuvable' }));
      });

      const region = screen.getByRole('region', { name: 'Notifications' });
      expect(within(region).getAllByRole('alert')).toHaveLength(1);
      expect(within(region).getByRole('alert')).toHaveTextContent('Annonce introuvable');

      act(() => {
        jest.advanceTimersByTime(TOAST_DURATION_MS);
      });
      expect(within(region).queryByRole('alert')).not.toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });
});

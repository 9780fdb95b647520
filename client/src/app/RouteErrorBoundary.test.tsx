// The fallback shown when a page fails to render or load.

import { render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { I18nProvider } from './i18n';
import { RouteErrorBoundary } from './RouteErrorBoundary';
import { createAppStore } from './store';

function Broken(): never {
  throw new Error('Loading chunk home failed');
}

it('shows a translated error with a reload button when a page fails', () => {
  // React reports the caught error on the console; that report is expected here.
  jest.spyOn(console, 'error').mockImplementation(() => undefined);

  render(
    <Provider store={createAppStore()}>
      <MemoryRouter initialEntries={['/ar']}>
        <I18nProvider>
          <RouteErrorBoundary>
            <Broken />
          </RouteErrorBoundary>
        </I18nProvider>
      </MemoryRouter>
    </Provider>,
  );

  expect(screen.getByRole('heading', { level: 1, name: 'حدث خطأ' })).toBeInTheDocument();
  expect(screen.getByRole('alert')).toHaveTextContent('خطأ، يرجى المحاولة لاحقًا');
  expect(screen.getByRole('button', { name: 'أعد تحميل الصفحة' })).toBeInTheDocument();
});

// The current interface language as seen from outside React: the I18nProvider mirrors the
// language chosen by the URL here so that the gateway can send it as Accept-Language.
// Components read the language with `useLanguage()` (i18n.tsx), never from this slice.

import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { DEFAULT_LANGUAGE, type Language } from './language';

export interface LanguageState {
  current: Language;
}

const initialState: LanguageState = { current: DEFAULT_LANGUAGE };

export const languageSlice = createSlice({
  name: 'language',
  initialState,
  reducers: {
    languageChanged(state, action: PayloadAction<Language>) {
      state.current = action.payload;
    },
  },
  selectors: {
    selectLanguage: (state) => state.current,
  },
});

export const { languageChanged } = languageSlice.actions;
export const { selectLanguage } = languageSlice.selectors;

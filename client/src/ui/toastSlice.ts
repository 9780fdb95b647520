// Transient notifications (spec §8: failure and success toasts, bottom-left). Features
// dispatch `toastShown`; the ToastRegion renders and expires them.

import { createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';

export type ToastKind = 'error' | 'success' | 'info';

export interface Toast {
  id: string;
  kind: ToastKind;
  /** Locale key, preferred when the locale has it. */
  messageKey?: string;
  /** Server wording or other ready-made text, used when the key is absent or unknown. */
  message?: string;
  /** The values the message quotes (`{id}`, `{name}`). */
  values?: Record<string, string | number>;
  /** A toast with the same key replaces the previous one instead of stacking. */
  key?: string;
}

export interface ToastsState {
  items: Toast[];
}

const initialState: ToastsState = { items: [] };
const MAX_VISIBLE = 3;

export const toastsSlice = createSlice({
  name: 'toasts',
  initialState,
  reducers: {
    toastShown: {
      reducer(state, action: PayloadAction<Toast>) {
        const { key } = action.payload;
        const kept = key ? state.items.filter((toast) => toast.key !== key) : state.items;
        state.items = [...kept, action.payload].slice(-MAX_VISIBLE);
      },
      prepare(toast: Omit<Toast, 'id'>) {
        return { payload: { ...toast, id: nanoid() } };
      },
    },
    toastDismissed(state, action: PayloadAction<string>) {
      state.items = state.items.filter((toast) => toast.id !== action.payload);
    },
  },
  selectors: {
    selectToasts: (state) => state.items,
  },
});

export const { toastShown, toastDismissed } = toastsSlice.actions;
export const { selectToasts } = toastsSlice.selectors;

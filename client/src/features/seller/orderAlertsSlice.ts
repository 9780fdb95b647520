// The live order alerts of a shop owner (issue 23): how many orders arrived over the socket
// (`order:new`) since the seller last opened the orders tab — the header's badge — and which
// ones, so that the orders table can mark them as new. Kept in the store because the header and
// the seller centre's pages both read it; it is a few bytes, so it sits in the main chunk.

import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export interface OrderAlertsState {
  /** Orders that arrived live while the orders tab was not open. */
  unseen: number;
  /** Ids of the orders that arrived live during this visit (newest first, at most 50). */
  fresh: string[];
}

const initialState: OrderAlertsState = { unseen: 0, fresh: [] };

export const orderAlertsSlice = createSlice({
  name: 'orderAlerts',
  initialState,
  reducers: {
    orderArrived(state, action: PayloadAction<{ id: string; seen: boolean }>) {
      const { id, seen } = action.payload;
      if (state.fresh.includes(id)) return;
      state.fresh = [id, ...state.fresh].slice(0, 50);
      if (!seen) state.unseen += 1;
    },
    /** The seller opened the orders tab: the badge goes. */
    ordersSeen(state) {
      state.unseen = 0;
    },
  },
  selectors: {
    selectUnseenOrders: (state) => state.unseen,
    selectFreshOrders: (state) => state.fresh,
  },
});

export const { orderArrived, ordersSeen } = orderAlertsSlice.actions;
export const { selectUnseenOrders, selectFreshOrders } = orderAlertsSlice.selectors;

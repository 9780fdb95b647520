// Sets the tab title for the page being shown. `undefined` leaves it to another component (a
// page that shows the 500 page instead of itself).

import { useEffect } from 'react';

export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    if (title !== undefined) document.title = title;
  }, [title]);
}

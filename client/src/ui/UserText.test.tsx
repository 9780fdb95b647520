import { render } from '@testing-library/react';
import { keepDigitGroups, UserText } from './UserText';

describe('user text', () => {
  it('joins the digit groups of numbers with a no-break space, and nothing else', () => {
    expect(keepDigitGroups('سيارة 128 000 كلم')).toBe('سيارة 128\u00a0000 كلم');
    expect(keepDigitGroups('1 250 000 DH')).toBe('1\u00a0250\u00a0000 DH');
    expect(keepDigitGroups('Clio 4 2019')).toBe('Clio 4 2019');
    expect(keepDigitGroups('2 pièces 12 m2')).toBe('2 pièces 12 m2');
  });

  it('isolates the text with its own direction', () => {
    const { container } = render(<UserText text="Dacia Logan 144 000 km" />);
    const bdi = container.querySelector('bdi');
    expect(bdi).toHaveAttribute('dir', 'auto');
    expect(bdi?.textContent).toBe('Dacia Logan 144\u00a0000 km');
  });
});

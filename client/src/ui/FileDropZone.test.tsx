// The file drop zone: files dropped from outside the page are handed over (one only when the
// zone takes one), the zone lights up while they are over it and not while its own children
// are crossed, and a drag that carries no files (the page's own previews being reordered) is
// left alone.

import { fireEvent, render, screen } from '@testing-library/react';
import { FileDropZone } from './FileDropZone';

function files(...names: string[]) {
  const list = names.map((name) => new File(['x'], name, { type: 'image/jpeg' }));
  return { types: ['Files'], files: list, dropEffect: '' };
}

describe('FileDropZone', () => {
  it('hands over the dropped files and lights up while they are over it', () => {
    const onFiles = jest.fn();
    render(<FileDropZone label="Ajouter des photos" detail="JPEG ou PNG" accept="image/jpeg" multiple onFiles={onFiles} />);
    const input = screen.getByLabelText('Ajouter des photos');
    const zone = input.closest('label');
    if (!zone) throw new Error('the zone');
    const title = screen.getByText('Ajouter des photos');
    fireEvent.dragEnter(zone, { dataTransfer: files() });
    // Crossing a child enters it before leaving the zone: the zone stays lit.
    fireEvent.dragEnter(title, { dataTransfer: files() });
    fireEvent.dragLeave(zone, { dataTransfer: files() });
    expect(zone).toHaveClass('drop-zone--over');
    fireEvent.dragLeave(title, { dataTransfer: files() });
    expect(zone).not.toHaveClass('drop-zone--over');
    fireEvent.drop(zone, { dataTransfer: files('a.jpg', 'b.jpg') });
    expect(onFiles).toHaveBeenCalledWith([expect.objectContaining({ name: 'a.jpg' }), expect.objectContaining({ name: 'b.jpg' })]);
    expect(input).toHaveAccessibleDescription('JPEG ou PNG');
  });

  it('takes one file when it is not multiple, none when disabled, and ignores drags without files', () => {
    const onFiles = jest.fn();
    const { rerender } = render(<FileDropZone label="Ajouter une vidéo" accept="video/mp4" onFiles={onFiles} />);
    const zone = screen.getByLabelText('Ajouter une vidéo').closest('label');
    if (!zone) throw new Error('the zone');
    fireEvent.drop(zone, { dataTransfer: files('a.mp4', 'b.mp4') });
    expect(onFiles).toHaveBeenLastCalledWith([expect.objectContaining({ name: 'a.mp4' })]);
    fireEvent.dragEnter(zone, { dataTransfer: { types: ['text/plain'], files: [] } });
    expect(zone).not.toHaveClass('drop-zone--over');
    fireEvent.drop(zone, { dataTransfer: { types: ['text/plain'], files: [] } });
    expect(onFiles).toHaveBeenCalledTimes(1);
    rerender(<FileDropZone label="Ajouter une vidéo" accept="video/mp4" disabled onFiles={onFiles} />);
    fireEvent.drop(zone, { dataTransfer: files('c.mp4') });
    expect(onFiles).toHaveBeenCalledTimes(1);
  });
});

// A zone to drop files on or to click (or tap, or focus and press Enter/Space) to choose them:
// a real file input, visually hidden, inside a label, so keyboards and screen readers reach it.
// It lights up only while files from outside the page are dragged over it (not while the
// page's own previews are dragged to reorder them), and its children's enter/leave events do
// not make it flicker. The caller shows the previews (ui.css `.previews`).

import { useId, useRef, useState, type DragEvent, type ReactNode } from 'react';
import { Icon, type IconName } from './Icon';

export interface FileDropZoneProps {
  /** The zone's title ("Ajouter des photos"), already translated: the input's accessible name. */
  label: string;
  /** The rules (types, sizes), already translated. */
  detail?: ReactNode;
  accept: string;
  multiple?: boolean;
  disabled?: boolean;
  icon?: IconName;
  onFiles: (files: File[]) => void;
}

/** Whether a drag carries files (from the desktop or a file manager). */
function carriesFiles(event: DragEvent): boolean {
  return [...event.dataTransfer.types].includes('Files');
}

export function FileDropZone({ label, detail, accept, multiple, disabled, icon = 'camera', onFiles }: FileDropZoneProps) {
  const [over, setOver] = useState(false);
  // Enter and leave fire for every child crossed: the zone is left when they balance.
  const depth = useRef(0);
  const detailId = useId();
  const className = ['drop-zone', over ? 'drop-zone--over' : undefined, disabled ? 'drop-zone--disabled' : undefined].filter(Boolean).join(' ');
  return (
    <label
      className={className}
      onDragEnter={(event) => {
        if (disabled || !carriesFiles(event)) return;
        depth.current += 1;
        setOver(true);
      }}
      onDragOver={(event) => {
        if (disabled || !carriesFiles(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
      }}
      onDragLeave={(event) => {
        if (!carriesFiles(event)) return;
        depth.current = Math.max(0, depth.current - 1);
        if (depth.current === 0) setOver(false);
      }}
      onDrop={(event) => {
        depth.current = 0;
        setOver(false);
        if (disabled || !carriesFiles(event)) return;
        event.preventDefault();
        const files = [...event.dataTransfer.files];
        onFiles(multiple ? files : files.slice(0, 1));
      }}
    >
      <span className="drop-zone__icon">
        <Icon name={icon} size={32} />
      </span>
      <span className="drop-zone__title">{label}</span>
      {detail ? (
        <span id={detailId} className="drop-zone__detail">
          {detail}
        </span>
      ) : null}
      <input
        className="drop-zone__input"
        aria-label={label}
        aria-describedby={detail ? detailId : undefined}
        type="file"
        accept={accept}
        multiple={multiple}
        disabled={disabled}
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = '';
          onFiles(files);
        }}
      />
    </label>
  );
}

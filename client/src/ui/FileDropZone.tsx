// A zone to drop files on or to click (or tap, or focus and press Enter/Space) to choose them:
// a real file input, visually hidden, inside a label, so keyboards and screen readers reach it.
// The caller shows the previews (ui.css `.previews`).

import { useId, useState, type ReactNode } from 'react';
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

export function FileDropZone({ label, detail, accept, multiple, disabled, icon = 'camera', onFiles }: FileDropZoneProps) {
  const [over, setOver] = useState(false);
  const detailId = useId();
  const className = ['drop-zone', over ? 'drop-zone--over' : undefined, disabled ? 'drop-zone--disabled' : undefined].filter(Boolean).join(' ');
  return (
    <label
      className={className}
      onDragOver={(event) => {
        if (disabled) return;
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => {
        setOver(false);
      }}
      onDrop={(event) => {
        event.preventDefault();
        setOver(false);
        if (disabled) return;
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

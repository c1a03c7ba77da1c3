// Choosing the selfie: the file picker (jpeg/png), a camera button on phones ("take a selfie", shown by CSS on
// coarse pointers), and drag-and-drop on desktop. Each input is cleared as soon as it hands its file over, so the
// same photo can be chosen again after an error.
import { Trans } from '@lingui/react/macro';
import { type ChangeEvent, type DragEvent, type ReactNode, useId, useState } from 'react';
import { ACCEPT_ATTRIBUTE } from './file-checks';

/**
 * The file picker and the camera button, each labelled: the selfie's (with `primary`) or a second selfie's. Each
 * input is cleared as soon as it hands its file over.
 */
export function SelfieInputs({
  disabled,
  onFile,
  pickLabel,
  cameraLabel,
  primary = false,
}: {
  disabled: boolean;
  onFile: (file: File) => void;
  pickLabel: ReactNode;
  cameraLabel: ReactNode;
  primary?: boolean;
}) {
  const pickId = useId();
  const cameraId = useId();
  const take = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    event.currentTarget.value = '';
    if (file) onFile(file);
  };
  const off = disabled ? ' is-disabled' : '';
  return (
    <div className="selfie-buttons">
      <input
        id={pickId}
        className="visually-hidden selfie-input"
        type="file"
        accept={ACCEPT_ATTRIBUTE}
        disabled={disabled}
        onChange={take}
      />
      <label htmlFor={pickId} className={`button${primary ? ' primary' : ''} selfie-button${off}`}>
        {pickLabel}
      </label>
      <input
        id={cameraId}
        className="visually-hidden selfie-input selfie-camera-input"
        type="file"
        accept={ACCEPT_ATTRIBUTE}
        capture="user"
        disabled={disabled}
        onChange={take}
      />
      <label htmlFor={cameraId} className={`button selfie-button selfie-camera${off}`}>
        {cameraLabel}
      </label>
    </div>
  );
}

export function SelfiePicker({ disabled, onFile }: { disabled: boolean; onFile: (file: File) => void }) {
  const [dragging, setDragging] = useState(false);

  const over = (event: DragEvent) => {
    if (disabled || !event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file && !disabled) onFile(file);
  };

  return (
    <fieldset
      className={`selfie-drop${dragging ? ' is-dragging' : ''}${disabled ? ' is-disabled' : ''}`}
      onDragEnter={over}
      onDragOver={over}
      onDragLeave={() => setDragging(false)}
      onDrop={drop}
    >
      <legend className="selfie-drop-lead">
        <Trans>อัปโหลดรูปเซลฟี่ที่เห็นใบหน้าชัดเจน เพื่อค้นหารูปของคุณในงานนี้</Trans>
      </legend>
      <SelfieInputs
        disabled={disabled}
        onFile={onFile}
        primary
        pickLabel={<Trans>เลือกรูปเซลฟี่</Trans>}
        cameraLabel={<Trans>ถ่ายเซลฟี่</Trans>}
      />
      <p className="selfie-drop-hint">
        <Trans>หรือลากรูปมาวางที่นี่ (ไฟล์ jpg หรือ png)</Trans>
      </p>
    </fieldset>
  );
}

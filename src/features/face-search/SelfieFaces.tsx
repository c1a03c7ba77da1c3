// A selfie with several faces: the runner's own selfie, small, with its faces outlined, the one searched marked; a tap
// (or Enter) on another face searches with that face. The boxes are fractions of the upright selfie (the store's), and
// the selfie shown is the one it measured them on.
import { Trans, useLingui } from '@lingui/react/macro';
import { type JSX, useEffect, useState } from 'react';
import type { SelfieFacePicker } from './use-selfie-search';
import './selfie-faces.css';

/** The faces' numbers, left to right (then top to bottom), by their index in the store's list. */
export function faceNumbers(boxes: readonly { x: number; y: number }[]): number[] {
  const order = boxes
    .map((_, i) => i)
    .sort((a, b) => {
      const p = boxes[a] as { x: number; y: number };
      const q = boxes[b] as { x: number; y: number };
      return p.x - q.x || p.y - q.y;
    });
  return boxes.map((_, i) => order.indexOf(i) + 1);
}

/** An address for the selfie while it is shown (freed after). */
function useObjectUrl(blob: Blob): string | undefined {
  const [url, setUrl] = useState<string | undefined>(undefined);
  useEffect(() => {
    const address = URL.createObjectURL(blob);
    setUrl(address);
    return () => URL.revokeObjectURL(address);
  }, [blob]);
  return url;
}

export interface SelfieFacesProps {
  picker: SelfieFacePicker;
  /** A search is under way (or a question is open): the faces wait. */
  disabled: boolean;
  onPick(index: number): void;
}

export function SelfieFaces({ picker, disabled, onPick }: SelfieFacesProps): JSX.Element {
  const { t } = useLingui();
  const url = useObjectUrl(picker.selfie);
  const numbers = faceNumbers(picker.boxes);
  const count = picker.boxes.length;
  const chosen = numbers[picker.chosen] ?? 1;
  const inOrder = picker.boxes
    .map((box, index) => ({ box, index }))
    .sort((a, b) => {
      return (numbers[a.index] as number) - (numbers[b.index] as number);
    });
  return (
    <div className="alert info selfie-face-picker" data-testid="selfie-faces">
      <div className="selfie-faces-text">
        <p>
          <Trans>
            รูปนี้มี {count} ใบหน้า ระบบค้นหาด้วยใบหน้าที่ {chosen}
          </Trans>
        </p>
        <p className="selfie-faces-hint">
          <Trans>แตะใบหน้าของคุณเพื่อค้นหาด้วยใบหน้านั้น</Trans>
        </p>
      </div>
      <fieldset className="selfie-faces-photo">
        <legend className="visually-hidden">{t`ใบหน้าในรูปของคุณ`}</legend>
        {url && <img src={url} alt={t`รูปเซลฟี่ของคุณ`} />}
        <div className="face-boxes">
          {inOrder.map(({ box, index }) => {
            const number = numbers[index] as number;
            const isChosen = index === picker.chosen;
            return (
              <button
                key={index}
                type="button"
                className={`face-box selfie-face${isChosen ? ' is-chosen' : ''}`}
                style={{
                  left: `${box.x * 100}%`,
                  top: `${box.y * 100}%`,
                  width: `${box.width * 100}%`,
                  height: `${box.height * 100}%`,
                }}
                aria-label={t`ใบหน้าที่ ${number}`}
                aria-pressed={isChosen}
                disabled={disabled}
                onClick={() => {
                  if (!isChosen) onPick(index);
                }}
              >
                <span className="selfie-face-number" aria-hidden="true">
                  {number}
                </span>
              </button>
            );
          })}
        </div>
      </fieldset>
    </div>
  );
}
